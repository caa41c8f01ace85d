// expect: 4: expression must have a constant value
// expect-note: 4: expression not folded to a constant due to excessive constexpr function call complexity
constexpr int forever(int n) { while (true) { n++; } return n; }
static_assert(forever(1) == 2, "x");
__global__ void k() {}
