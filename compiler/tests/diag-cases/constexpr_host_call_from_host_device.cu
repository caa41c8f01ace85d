// expect-warning: 4: calling a constexpr __host__ function("sq") from a __host__ __device__ function("f") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).
// From a __host__ __device__ function only a warning.
constexpr int sq(int x) { return x * x; }
__host__ __device__ int f() { constexpr int c = sq(3); return c; }
__global__ void k(int* o) { o[0] = f(); }
