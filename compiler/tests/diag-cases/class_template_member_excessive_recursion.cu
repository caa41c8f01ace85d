// expect: 5: excessive recursion at instantiation of
// Each member body instantiates the next class, whose member is used: the instantiation
// depth grows along the chain even though member bodies are instantiated where used,
// until the limit is reached (nvcc: "excessive recursion at instantiation of function").
template <int N> struct F { __device__ int f() { return F<N + 1>().f(); } };
__global__ void k(int *out) { out[0] = F<0>().f(); }
