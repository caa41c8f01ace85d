// expect: 4: expression must have a constant value
// expect-note: 3: division by zero
constexpr int div0(int n) { return 10 / n; }
static_assert(div0(0) == 1, "y");
__global__ void k() {}
