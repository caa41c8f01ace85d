// expect: 21: member "A::x" (declared at line 6) is inaccessible
// Friend declarations without a body grant access: `friend class B;` to B's members (and
// classes nested in B), `friend int peek(const A&);` to that function, `friend int
// C::get(const A&) const;` to that member of C. D is no friend.
class A {
    int x = 3;
    friend class B;
    friend __device__ int peek(const A &a);
    friend struct C;
public:
    __device__ A() {}
};
struct B {
    __device__ int get(const A &a) const { return a.x; }
    struct Inner {
        __device__ int get(const A &a) const { return a.x + 1; }
    };
};
__device__ int peek(const A &a) { return a.x * 2; }
struct C { __device__ int get(const A &a) const { return a.x; } };
struct D { __device__ int get(const A &a) const { return a.x; } };
__global__ void k(int *o) {
    A a;
    o[0] = B().get(a) + B::Inner().get(a) + peek(a) + C().get(a) + D().get(a);
}
