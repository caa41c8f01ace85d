// expect: 4: no instance of function template "add" matches the argument list
template <typename T>
__device__ T add(T a, T b) { return a + b; }
__global__ void k(float* p, int n) { p[0] = add(p[1], n); }
