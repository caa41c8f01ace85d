// expect: 3: excessive recursion at instantiation of function "f<N>() [with N=200]"
template <int N>
__device__ int f() { return f<N + 1>() + 1; }
__global__ void k(int* p) { p[0] = f<0>(); }
