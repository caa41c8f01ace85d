// expect: 5: calling a constexpr __host__ function("sq") from a __device__ function("f") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).
// Even a call that is evaluated at compile time (nvcc reports it the same way).
constexpr int sq(int x) { return x * x; }
__device__ int f() {
    constexpr int c = sq(5);
    return c;
}
