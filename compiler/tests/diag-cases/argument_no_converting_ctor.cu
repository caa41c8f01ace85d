// expect: 9: no suitable user-defined conversion from "A" to "B" exists
// expect: 10: no suitable constructor exists to convert from "int" to "B"
// A by-value class parameter that no constructor of B can initialize from the argument.
struct A { int x; };
struct B { __device__ B(float, float) {} };
__device__ void f(B b) {}
__global__ void k(int *p) {
    A a{1};
    f(a);
    f(1);
    p[0] = a.x;
}
