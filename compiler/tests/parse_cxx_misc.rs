//! Parsing of the C++ forms that are neither classes nor templates: `enum class`, `auto`,
//! `decltype`, `using` aliases, named casts, braced lists as expressions, default
//! arguments, `if`/`switch` initializers, declarations in conditions, range-based `for`,
//! structured bindings, statement attributes.

use crate::parse_common;
use parse_common::parse_ok;

#[test]
fn declarations() {
    insta::assert_snapshot!(parse_ok(
        "enum class Op : unsigned char { Add = 0, Sub, Mul };
         enum struct Color { Red, Green };
         using u8 = unsigned char;
         struct Bits { unsigned a : 3; int b : 5; };
         __device__ int q(int v, int step = 16, float f = 0.5f);
         __device__ auto h(float x) { using F = float; F y = x; return y; }
         __device__ int k(Op o) { auto a = 1; const auto *p = &a; decltype(a) b = *p; return b; }"
    ));
}

#[test]
fn expressions() {
    insta::assert_snapshot!(parse_ok(
        "enum class Op { Add, Sub };
         struct P { int a, b; };
         __device__ int use(P p);
         __device__ int f(const float *fp, int i) {
             Op o = static_cast<Op>(i);
             int *ip = const_cast<int *>(reinterpret_cast<const int *>(fp));
             P p = P{1, 2};
             int z = int{};
             return use({i, 2}) + static_cast<int>(o == Op::Sub) + *ip + z + p.a;
         }
         __device__ P g(int a) { return {a, a + 1}; }"
    ));
}

#[test]
fn statements() {
    insta::assert_snapshot!(parse_ok(
        "struct P { int x, y; };
         __device__ P mk(int);
         __global__ void k(int *o, int n) {
             int arr[3] = {1, 2, 3};
             for (int v : arr) o[0] += v;
             for (const auto &w : arr) o[1] += w;
             for (int m : {7, 11, 13}) o[2] ^= m;
             auto [a, b] = mk(n);
             auto &[x, y, z] = arr;
             if (int s = a + b; s > 10) o[3] = s; else o[3] = -s;
             if (int t = n) o[4] = t;
             while (int r = n--) o[6] += r;
             switch (auto m = n & 3; m) {
             case 0: o[5] = 1; [[fallthrough]];
             default: o[5] += 2;
             }
             [[maybe_unused]] int u = x + y + z;
         }"
    ));
}

#[test]
fn lambdas() {
    insta::assert_snapshot!(parse_ok(
        "__global__ void k(int *o, int a) {
             auto f = [=](int x) { return x + a; };
             auto g = [&, a](int x) mutable -> int { a += x; return a; };
             auto h = [o, &a] __device__ () { o[0] = a; };
             auto s = [](auto v) { return v * v; };
             o[1] = f(1) + g(2) + s(3);
             h();
         }"
    ));
}
