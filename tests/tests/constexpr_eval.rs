//! Constant evaluation end to end: kernels whose data comes from constexpr functions
//! (tables in `__constant__` memory, literal classes, `static constexpr` members) and
//! `--expt-relaxed-constexpr` calls of constexpr host functions at run time, compiled by
//! oxicc and by nvcc, run in the PTX interpreter, and compared with the same arithmetic
//! done step by step in plain Rust (f32 operations rounded at every step, C's
//! conversions written out).

use oxicc_emu::{Launch, Module, Outcome, RunOptions};
use oxicc_tests::nvidia::ScratchFile;
use oxicc_tests::ptxas_check;

/// Compiles `src` with oxicc (`relaxed`: `--expt-relaxed-constexpr`).
fn oxicc_ptx(src: &str, relaxed: bool) -> Result<String, String> {
    let options = oxicc::Options {
        relaxed_constexpr: relaxed,
        ..oxicc::Options::default()
    };
    let out = oxicc::compile("constexpr_eval.cu", src, &options);
    out.text.ok_or_else(|| {
        out.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Compiles `src` with `nvcc -ptx -arch=sm_75` (plus `--expt-relaxed-constexpr`).
fn nvcc_ptx(src: &str, relaxed: bool) -> String {
    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    let flags: &[&str] = if relaxed {
        &["--expt-relaxed-constexpr"]
    } else {
        &[]
    };
    oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 75, 3, flags)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn run(ptx: &str, launch: &str) -> Outcome {
    ptxas_check(ptx, 75).unwrap_or_else(|e| panic!("{e}"));
    let module = Module::parse(ptx).unwrap_or_else(|e| panic!("parse: {e}"));
    let launch = Launch::from_json(launch).expect("launch");
    oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn f32s(o: &Outcome, name: &str) -> Vec<u32> {
    let b = o.buffer(name).expect(name);
    b.to_f32().iter().map(|x| x.to_bits()).collect()
}

fn f64s(o: &Outcome, name: &str) -> Vec<u64> {
    let b = o.buffer(name).expect(name);
    b.to_f64().iter().map(|x| x.to_bits()).collect()
}

fn ints(o: &Outcome, name: &str) -> Vec<i64> {
    o.buffer(name).expect(name).to_i64()
}

const TABLES: &str = r#"
struct Poly { float c[8]; double d[4]; int i[8]; unsigned u[4]; };
constexpr Poly make() {
    Poly p{};
    float x = 0.1f;
    for (int k = 0; k < 8; ++k) { p.c[k] = x; x = x * 1.37f + 0.3f / (k + 1); }
    double y = 0.1;
    for (int k = 0; k < 4; ++k) { p.d[k] = y; y = y * y + 1.0 / 3.0; }
    p.i[0] = (int)2.9f; p.i[1] = (int)-2.9f; p.i[2] = 16777217; p.i[3] = (int)(float)16777217;
    p.i[4] = (unsigned char)300; p.i[5] = (signed char)200; p.i[6] = -7 / 2; p.i[7] = -7 % 2;
    p.u[0] = (unsigned)-1; p.u[1] = 3000000000u + 2000000000u;
    p.u[2] = (unsigned)(1.0e9f * 3.0f); p.u[3] = (unsigned short)-5;
    return p;
}
__constant__ Poly poly = make();
static_assert(make().i[3] == 16777216, "float rounding");
__global__ void tables(float* f, double* d, int* i, unsigned* u) {
    int t = threadIdx.x;
    if (t < 8) { f[t] = poly.c[t]; i[t] = poly.i[t]; }
    if (t < 4) { d[t] = poly.d[t]; u[t] = poly.u[t]; }
}
"#;

const TABLES_LAUNCH: &str = r#"{
  "grid": [1], "block": [8],
  "args": [
    {"buffer": "f", "type": "f32", "len": 8, "fill": {"value": 0}},
    {"buffer": "d", "type": "f64", "len": 4, "fill": {"value": 0}},
    {"buffer": "i", "type": "i32", "len": 8, "fill": {"value": 0}},
    {"buffer": "u", "type": "u32", "len": 4, "fill": {"value": 0}}
  ]
}"#;

fn check_tables(o: &Outcome) {
    let mut c = Vec::new();
    let mut x = 0.1f32;
    for k in 0..8 {
        c.push(x.to_bits());
        x = x * 1.37f32 + 0.3f32 / (k + 1) as f32;
    }
    assert_eq!(f32s(o, "f"), c, "float steps");
    let mut d = Vec::new();
    let mut y = 0.1f64;
    for _ in 0..4 {
        d.push(y.to_bits());
        y = y * y + 1.0 / 3.0;
    }
    assert_eq!(f64s(o, "d"), d, "double steps");
    let i = vec![
        2.9f32 as i64,
        -2.9f32 as i32 as i64,
        16777217,
        16777217f32 as i32 as i64,
        300u32 as u8 as i64,
        200u32 as i8 as i64,
        -7 / 2,
        -7 % 2,
    ];
    assert_eq!(ints(o, "i"), i, "integer conversions");
    let u = vec![
        u32::MAX as i64,
        3_000_000_000u32.wrapping_add(2_000_000_000) as i64,
        (1.0e9f32 * 3.0f32) as u32 as i64,
        (-5i32) as u16 as i64,
    ];
    assert_eq!(ints(o, "u"), u, "unsigned conversions");
}

#[test]
fn constexpr_tables_round_like_the_device() {
    check_tables(&run(&oxicc_ptx(TABLES, false).unwrap(), TABLES_LAUNCH));
    check_tables(&run(&nvcc_ptx(TABLES, false), TABLES_LAUNCH));
}

const CLASSES: &str = r#"
struct Vec2 {
    float x, y;
    constexpr Vec2(float a, float b) : x(a), y(b) {}
    constexpr Vec2 operator+(const Vec2& o) const { return Vec2(x + o.x, y + o.y); }
    constexpr Vec2 scaled(float s) const { return Vec2(x * s, y * s); }
    constexpr float dot(const Vec2& o) const { return x * o.x + y * o.y; }
};
struct Lut { static constexpr int sq[5] = {0, 1, 4, 9, 16}; };
constexpr Vec2 base(0.5f, -1.25f);
__device__ Vec2 moved = base + Vec2(2.0f, 0.75f).scaled(3.0f);
constexpr int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static_assert(Vec2(1.0f, 2.0f).dot(Vec2(3.0f, 4.0f)) == 11.0f, "dot");
__global__ void classes(float* f, int* i, int n) {
    Vec2 v(f[0], f[1]);
    Vec2 w = v + Vec2(base.x, base.y);
    f[2] = w.dot(moved);
    f[3] = moved.x;
    f[4] = moved.y;
    i[0] = fib(n);
    constexpr int c = fib(10);
    i[1] = c;
    i[2] = Lut::sq[3];
}
"#;

const CLASSES_LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [
    {"buffer": "f", "type": "f32", "data": [1.5, 2.0, 0, 0, 0]},
    {"buffer": "i", "type": "i32", "len": 3, "fill": {"value": 0}},
    {"scalar": "i32", "value": 12}
  ]
}"#;

fn check_classes(o: &Outcome) {
    fn fib(n: i64) -> i64 {
        if n < 2 {
            n
        } else {
            fib(n - 1) + fib(n - 2)
        }
    }
    let moved = (0.5f32 + 2.0f32 * 3.0, -1.25f32 + 0.75f32 * 3.0);
    let w = (1.5f32 + 0.5, 2.0f32 - 1.25);
    // The products are exact, so contraction into fma does not change the sum.
    let dot = w.0 * moved.0 + w.1 * moved.1;
    let f: Vec<u32> = [1.5f32, 2.0, dot, moved.0, moved.1]
        .iter()
        .map(|x| x.to_bits())
        .collect();
    assert_eq!(f32s(o, "f"), f, "literal class values");
    assert_eq!(
        ints(o, "i"),
        vec![fib(12), fib(10), 9],
        "fib and the member table"
    );
}

#[test]
fn relaxed_constexpr_calls_host_constexpr_functions_at_run_time() {
    check_classes(&run(&oxicc_ptx(CLASSES, true).unwrap(), CLASSES_LAUNCH));
    check_classes(&run(&nvcc_ptx(CLASSES, true), CLASSES_LAUNCH));
}

#[test]
fn without_the_flag_host_constexpr_calls_from_device_code_are_errors() {
    let err = oxicc_ptx(CLASSES, false).unwrap_err();
    assert!(
        err.contains("calling a constexpr __host__ function(\"Vec2::Vec2(float, float)\") from a __global__ function(\"classes\") is not allowed"),
        "{err}"
    );
    assert!(
        err.contains("calling a constexpr __host__ function(\"fib\") from a __global__ function(\"classes\")"),
        "{err}"
    );
}
