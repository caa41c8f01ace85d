// expect: 4: static assertion failed with "int must be 8 bytes"
template <typename T>
__device__ T twice(T x) { return x + x; }
static_assert(sizeof(int) == 8, "int must be 8 bytes");
__global__ void k(int* p) { p[0] = twice(p[1]); }
