// expect: 7: identifier "nothere" is undefined
// A class template's member body names an undeclared identifier. The instance is first
// made while the typed analysis resolves the local's type (a query whose own reports
// are rolled back): its error must still be reported, and no PTX produced.
template <class T> struct Box {
    T v;
    __device__ T get() const { return v + nothere; }
};
template <class T> struct Pair {
    T a, b;
    __device__ T sum() const;
    __device__ T diff() const { return a - b; }
};
template <class T> __device__ T Pair<T>::sum() const { return a + b; }
__global__ void k(int *o) {
    Box<int> b;
    b.v = 3;
    Pair<int> p;
    p.a = 1;
    p.b = 2;
    o[0] = b.get();
    o[1] = p.sum();
}
