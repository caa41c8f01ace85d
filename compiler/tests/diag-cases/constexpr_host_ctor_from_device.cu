// expect: 6: calling a constexpr __host__ function("V::V(int)") from a __global__ function("k") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).
struct V {
    int x;
    constexpr V(int a) : x(a * 3) {}
};
__global__ void k(int* o, int i) { V v(i); o[0] = v.x; }
