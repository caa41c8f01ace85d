// expect: 6: an rvalue reference cannot be bound to an lvalue
// expect: 7: an rvalue reference cannot be bound to an lvalue
struct S { int v; };
__device__ int f(S&& s) { return s.v; }
__global__ void k(int* o) { S a{1}; int i = 2;
    int&& r = i;
    o[0] = f(a) + r; }
