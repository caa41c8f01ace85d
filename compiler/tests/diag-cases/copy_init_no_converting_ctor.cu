// expect: 8: no suitable user-defined conversion from "A" to "B" exists
// Copy-initialization from another class when no constructor of B takes one argument
// (nvcc's words; the only constructor's arity is not what is wrong).
struct A { int x; };
struct B { __device__ B(float, float) {} };
__global__ void k(int *p) {
    A a{1};
    B b = a;
    p[0] = a.x;
}
