// expect: 5: expression must have a constant value
// expect-note: 5: cannot call non-constexpr function "plain" (declared at line 3)
__device__ int plain(int n) { return n; }
constexpr int twice(int n) { return 2 * n; }
static_assert(plain(2) == twice(1), "x");
__global__ void k() {}
