//! The constexpr interpreter on objects: each case computes a value in a constexpr
//! function and checks it with `static_assert` against the same computation done in plain
//! Rust (spliced into the source), so a wrong evaluation is a compile error; plus the
//! diagnostics of evaluations that are not constant.

use crate::ptxas_support;
use ptxas_support::assert_ptxas_accepts;

/// oxicc's PTX for `src` (assembled by ptxas), or its diagnostics.
fn compile(src: &str) -> Result<String, String> {
    let options = oxicc::Options::default();
    let out = oxicc::compile("constexpr_objects.cu", src, &options);
    if let Some(ptx) = &out.text {
        assert_ptxas_accepts(ptx, options.sm, "constexpr_objects");
    }
    out.text.ok_or_else(|| {
        out.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn assert_compiles(src: &str) {
    if let Err(e) = compile(src) {
        panic!("{e}\n--- source ---\n{src}");
    }
}

#[test]
fn arrays_of_structs_built_in_loops() {
    // Prefix sums of squares, in a struct array.
    let mut acc = 0u32;
    let mut want = Vec::new();
    for i in 0..10u32 {
        acc += i * i;
        want.push(acc);
    }
    let src = format!(
        r#"
struct Cell {{ unsigned sum; unsigned short idx; bool odd; }};
struct Grid {{ Cell c[10]; int n; }};
constexpr Grid build() {{
    Grid g{{}};
    unsigned acc = 0;
    for (unsigned i = 0; i < 10; ++i) {{
        acc += i * i;
        g.c[i].sum = acc;
        g.c[i].idx = i;
        g.c[i].odd = i % 2;
        g.n++;
    }}
    return g;
}}
constexpr Grid G = build();
static_assert(G.c[9].sum == {}u, "sum");
static_assert(G.c[4].sum == {}u, "sum4");
static_assert(G.c[7].odd && !G.c[8].odd && G.n == 10, "flags");
static_assert(build().c[3].idx == 3, "idx");
__global__ void k(unsigned* o) {{ o[0] = 1; }}
"#,
        want[9], want[4]
    );
    assert_compiles(&src);
}

#[test]
fn literal_classes_members_references_and_switch() {
    // A small accumulator: x = 3; then for k in 0..6: x = x * 5 + k (wrapping u32), and a
    // switch-selected multiplier.
    let mut x = 3u32;
    for k in 0..6u32 {
        x = x.wrapping_mul(5).wrapping_add(k);
    }
    let sel = |k: i32| -> i32 {
        match k {
            0 | 1 => 10,
            2 => 20,
            _ => 30,
        }
    };
    let src = format!(
        r#"
struct Acc {{
    unsigned x;
    constexpr Acc(unsigned s) : x(s) {{}}
    constexpr void step(unsigned k) {{ x = x * 5 + k; }}
    constexpr unsigned get() const {{ return x; }}
}};
constexpr void bump(unsigned& r, unsigned by) {{ r += by; }}
constexpr unsigned run() {{
    Acc a(3);
    for (unsigned k = 0; k < 6; ++k) a.step(k);
    unsigned r = a.get();
    bump(r, 0);
    return r;
}}
constexpr int select(int k) {{
    switch (k) {{
    case 0:
    case 1: return 10;
    case 2: {{ int v = 20; return v; }}
    default: break;
    }}
    return 30;
}}
static_assert(run() == {}u, "acc");
static_assert(select(0) == {} && select(1) == {} && select(2) == {} && select(7) == {}, "switch");
__global__ void k(unsigned* o) {{ o[0] = 1; }}
"#,
        x,
        sel(0),
        sel(1),
        sel(2),
        sel(7)
    );
    assert_compiles(&src);
}

#[test]
fn inheritance_operators_and_aggregate_returns() {
    let src = r#"
struct Base { int b; constexpr int twice() const { return 2 * b; } };
struct Derived : Base { int d; };
constexpr Derived mk(int x) { Derived r{}; r.b = x; r.d = x + 1; return r; }
static_assert(mk(4).twice() == 8 && mk(4).d == 5, "base member");
struct V {
    int x, y;
    constexpr V operator-() const { return {-x, -y}; }
    constexpr V& operator+=(const V& o) { x += o.x; y += o.y; return *this; }
};
constexpr V walk() { V v{1, 2}; V w{10, 20}; v += w; v += -V{1, 1}; return v; }
static_assert(walk().x == 10 && walk().y == 21, "operators");
__global__ void k(unsigned* o) { o[0] = 1; }
"#;
    assert_compiles(src);
}

#[test]
fn out_of_bounds_and_modifying_a_constant_are_not_constant() {
    let oob = r#"
struct T { int v[4]; };
constexpr int bad() { T t{}; return t.v[4]; }
static_assert(bad() == 0, "oob");
"#;
    let e = compile(oob).unwrap_err();
    assert!(e.contains("expression must have a constant value"), "{e}");
    let cst = r#"
struct T { int v[4]; };
constexpr T t = {{1, 2, 3, 4}};
constexpr int bad() { T u = t; u.v[0] = 9; return u.v[0] + t.v[0]; }
static_assert(bad() == 10, "copy is modifiable");
"#;
    assert_compiles(cst);
}

#[test]
fn function_templates_in_constant_expressions() {
    // ramp<N>: element i is max(3 i, 5).
    let ramp: Vec<i32> = (0..6).map(|i| (3 * i).max(5)).collect();
    let src = format!(
        r#"
template <class T> constexpr T cmax(T a, T b) {{ return a < b ? b : a; }}
template <class T, int N> struct Arr {{ T v[N]; }};
template <int N> constexpr Arr<int, N> ramp() {{
    Arr<int, N> a{{}};
    for (int i = 0; i < N; ++i) a.v[i] = cmax(i * 3, 5);
    return a;
}}
static_assert(cmax(3, 9) == 9 && cmax(2.5f, 1.0f) == 2.5f, "cmax");
static_assert(ramp<6>().v[1] == {} && ramp<6>().v[5] == {}, "ramp");
__constant__ Arr<int, 4> tab = ramp<4>();
__global__ void k(int* o) {{ o[threadIdx.x] = tab.v[threadIdx.x]; }}
"#,
        ramp[1], ramp[5]
    );
    assert_compiles(&src);
}

#[test]
fn functions_defined_out_of_their_class_or_namespace() {
    let src = r#"
struct S { int a; constexpr int twice() const; };
constexpr int S::twice() const { return 2 * a; }
namespace n { constexpr int h(int); }
constexpr int n::h(int x) { return x * 7; }
static_assert(S{5}.twice() == 10 && n::h(3) == 21, "out of class");
__global__ void k(int* o) { o[0] = 1; }
"#;
    assert_compiles(src);
}
