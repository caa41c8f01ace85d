// expect: 4: no instance of function template "id" matches the argument list
template <typename T>
__device__ T id(T x) { return x; }
__global__ void k(int* p) { p[0] = id<int, 3>(p[1]); }
