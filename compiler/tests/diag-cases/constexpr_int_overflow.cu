// expect: 4: expression must have a constant value
// expect-note: 3: value exceeds range of "int"
constexpr int grow(int x) { for (int i = 0; i < 4; ++i) x = x * 1000; return x; }
static_assert(grow(3) != 0, "overflow");
