// expect: 4: calling a constexpr __host__ function("sq") from a __global__ function("k") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).
// A run-time call of a constexpr host function from device code needs the flag.
constexpr int sq(int x) { return x * x; }
__global__ void k(int* o, int i) { o[0] = sq(i); }
