// expect: 8: no operator "+" matches these operands
// A member of a class template instance is instantiated where it is used: `Box<S>`
// alone is fine (its `sum` is never instantiated for `S`, as `Box<S>::first` shows), but
// calling `sum` instantiates it, and `S` has no `operator+`.
struct S { int x; };
template <class T> struct Box {
    T a, b;
    __device__ T sum() const { return a + b; }
    __device__ T first() const { return a; }
};
__global__ void k(int *out) {
    Box<S> b{{1}, {2}};
    out[0] = b.first().x;
    out[1] = b.sum().x;
}
