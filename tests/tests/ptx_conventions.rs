//! Instruction forms that must match nvcc's, kernel by kernel: which global loads go
//! through the read-only cache (`ld.global.nc`), which float `add`/`sub`/`mul` carry an
//! explicit `.rn` (only those that must not be contracted: `__fmul_rn` and friends, and all
//! of them under `-fmad=false`), and which products are fused into `fma`. The expected
//! counts are read from nvcc's PTX for the same file, so the test checks conventions, not
//! register allocation or scheduling. Which of two products is fused shows only in the last
//! bits, so those kernels are run in the PTX interpreter on random inputs, and oxicc's
//! results must equal those of nvcc's PTX bit for bit.

use std::collections::BTreeMap;

use oxicc_emu::{Launch, Module, RunOptions};
use oxicc_tests::nvidia::ScratchFile;

/// Per kernel, how many lines contain each of `forms`.
fn form_counts(ptx: &str, forms: &[&str]) -> BTreeMap<String, Vec<usize>> {
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in ptx.lines() {
        if let Some((_, rest)) = line.split_once(".entry ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.insert(name.clone(), vec![0; forms.len()]);
            current = Some(name);
            continue;
        }
        if let Some(k) = &current {
            let t = line.trim_start();
            for (n, f) in forms.iter().enumerate() {
                if t.starts_with(f) {
                    out.get_mut(k).expect("entry seen")[n] += 1;
                }
            }
        }
    }
    out
}

/// Checks that oxicc's counts of `forms` per kernel equal nvcc's; returns oxicc's.
fn same_forms_as_nvcc(src: &str, flags: &[&str], forms: &[&str]) -> BTreeMap<String, Vec<usize>> {
    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 90, 3, flags)
        .unwrap_or_else(|e| panic!("{e}"));
    let options = oxicc::Options {
        sm: 90,
        opt_level: 3,
        fmad: !flags.contains(&"-fmad=false"),
        ..oxicc::Options::default()
    };
    let out = oxicc::compile(&cu.path().to_string_lossy(), src, &options);
    let ours = out
        .text
        .unwrap_or_else(|| panic!("oxicc failed: {:?}", out.diagnostics));
    oxicc_tests::ptxas_check(&ours, 90).unwrap_or_else(|e| panic!("{e}"));
    let (want, got) = (form_counts(&nvcc, forms), form_counts(&ours, forms));
    assert!(!want.is_empty(), "nvcc emitted no kernel");
    assert_eq!(
        got, want,
        "counts of {forms:?} per kernel: oxicc (left), nvcc (right)"
    );
    got
}

#[test]
fn read_only_cache_loads() {
    same_forms_as_nvcc(
        r#"
__global__ void both_restrict(float* __restrict__ o, float* __restrict__ x) {
    int i = threadIdx.x; o[i] = x[i] * 2.0f; }
__global__ void plain(float* o, const float* x) { int i = threadIdx.x; o[i] = x[i] * 2.0f; }
__global__ void const_restrict(float* __restrict__ o, const float* __restrict__ x) {
    int i = threadIdx.x; o[i] = x[i] * 2.0f + x[i + 7]; }
__global__ void written(float* __restrict__ o, float* __restrict__ x) {
    int i = threadIdx.x; o[i] = x[i] * 2.0f; x[i + 1] = 1.0f; }
__device__ float third(const float* p) { return p[3]; }
__global__ void through_inlined_call(float* __restrict__ o, const float* __restrict__ x) {
    int i = threadIdx.x; o[i] = third(x + i); }
__global__ void selected(float* __restrict__ o, const float* __restrict__ x,
                         const float* __restrict__ y, int c) {
    int i = threadIdx.x; const float* p = c ? x : y; o[i] = p[i]; }
__global__ void selected_plain(float* __restrict__ o, const float* __restrict__ x, float* y) {
    int i = threadIdx.x; const float* p = (i & 1) ? x : y; o[i] = p[i]; }
__global__ void read_and_written(float* __restrict__ o, const int* __restrict__ x) {
    int i = threadIdx.x; o[i] = o[i + 1] + x[i]; }
__global__ void loop(float* __restrict__ o, const float* __restrict__ x, int n) {
    float s = 0.0f;
    for (int k = threadIdx.x; k < n; k += blockDim.x) s += x[k];
    o[threadIdx.x] = s; }
__global__ void shared_staging(float* __restrict__ o, const float* __restrict__ x) {
    __shared__ float t[128];
    t[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    o[threadIdx.x] = t[127 - threadIdx.x]; }
"#,
        &[],
        &["ld.global.nc.", "ld.global."],
    );
}

/// `const` module variables (`GlobalVar::read_only`, pass `const-globals`): nvcc folds
/// their loads at constant indices and reads the others through `ld.global.nc`; writable
/// `__device__` and `__constant__` variables are loaded as they are.
#[test]
fn read_only_globals() {
    same_forms_as_nvcc(
        r#"
__device__ const int tab[4] = {1, 2, 3, 4};
__device__ constexpr float ftab[3] = {1.5f, 2.5f, -3.0f};
__device__ const double dtab[2][2] = {{1.0, 2.0}, {3.0, 4.0}};
__device__ int mut[4] = {1, 2, 3, 4};
__constant__ int ctab[4] = {1, 2, 3, 4};
__global__ void constant_index(int* o) { o[0] = tab[2] + tab[3]; }
__global__ void variable_index(int* o, int i) { o[0] = tab[i & 3]; }
__global__ void floats(float* o, int i) { o[0] = ftab[1] * ftab[i % 3]; }
__global__ void two_dims(double* o, int i) { o[0] = dtab[1][0] + dtab[i & 1][1]; }
__global__ void writable(int* o, int i) { o[0] = mut[1] + mut[i & 3]; mut[0] = 5; }
__global__ void constant_space(int* o, int i) { o[0] = ctab[1] + ctab[i & 3]; }
__global__ void unrolled(int* o) {
    int s = 0;
    for (int k = 0; k < 4; k++) s += tab[k] * (k + 1);
    o[0] = s; }
"#,
        &[],
        &["ld.global.nc.", "ld.global.", "ld.const."],
    );
}

#[test]
fn rounding_modifiers_and_fused_products() {
    let src = r#"
__global__ void plain_ops(float* o, const float* x) {
    int i = threadIdx.x; float a = x[i], b = x[i + 1];
    o[i] = a * b; o[i + 1] = a + b; o[i + 2] = a - b; o[i + 3] = a * b + x[i + 5];
    o[i + 4] = a / b; }
__global__ void explicit_rounding(float* o, const float* x, double* d) {
    int i = threadIdx.x; float a = x[i], b = x[i + 1];
    o[i] = __fadd_rn(a, b); o[i + 1] = __fsub_rn(a, b); o[i + 2] = __fmul_rn(a, b) + b;
    o[i + 3] = __fmaf_rn(a, b, a);
    d[i] = __dmul_rn(d[i], d[i + 1]) + d[i + 2]; }
__global__ void pairs(float* o, const float* x) {
    int i = threadIdx.x;
    float v0 = x[i], v1 = x[i + 1], v2 = x[i + 2], v3 = x[i + 3];
    o[i] = v0 * v3 + v1 * v2; o[i + 1] = v2 * v3 + v0 * v1; }
__global__ void scaled_difference(double* d) {
    int i = threadIdx.x; d[i] = d[i] * d[i + 1] - d[i + 2] * 3.0; }
"#;
    let forms = [
        "add.f", "sub.f", "mul.f", "add.rn.f", "sub.rn.f", "mul.rn.f", "fma.rn.f",
    ];
    same_forms_as_nvcc(src, &[], &forms);
    same_forms_as_nvcc(src, &["-fmad=false"], &forms);
}

/// Runs every kernel `(double* d)` of `src`, compiled by nvcc and by oxicc, on the same
/// random buffer (the kernels read `d[0..64)` and write above); the buffers must be
/// identical bit for bit.
fn same_results_as_nvcc(src: &str, kernels: &[&str]) {
    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 90, 3, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let options = oxicc::Options {
        sm: 90,
        opt_level: 3,
        ..oxicc::Options::default()
    };
    let out = oxicc::compile(&cu.path().to_string_lossy(), src, &options);
    let ours = out
        .text
        .unwrap_or_else(|| panic!("oxicc failed: {:?}", out.diagnostics));
    oxicc_tests::ptxas_check(&ours, 90).unwrap_or_else(|e| panic!("{e}"));
    let (nvcc, ours) = (Module::parse(&nvcc).unwrap(), Module::parse(&ours).unwrap());
    for k in kernels {
        let launch = Launch::from_json(&format!(
            r#"{{"kernel": "{k}", "grid": [1], "block": [32], "args": [
                {{"buffer": "d", "type": "f64", "len": 128,
                  "fill": {{"random": {{"seed": 11, "min": -2, "max": 2}}}}}}]}}"#
        ))
        .expect("launch");
        let run = |m: &Module| oxicc_emu::run(m, &launch, &RunOptions::default()).unwrap();
        assert_eq!(
            run(&ours).buffers,
            run(&nvcc).buffers,
            "{k}: results differ from nvcc's"
        );
    }
}

#[test]
fn which_product_is_fused_follows_nvcc() {
    // `t` is loaded before `u`'s factors, so ranks and instcombine's rewrites of negative
    // constants decide which product becomes the `fma`.
    same_results_as_nvcc(
        r#"
#define PRE int i = threadIdx.x; double t = d[i + 2]; double u = d[i] * d[i + 1];
__global__ void sub_pos(double* d) { PRE d[i + 64] = u - t * 3.0; }
__global__ void add_neg(double* d) { PRE d[i + 64] = u + t * (-3.0); }
__global__ void neg_add(double* d) { PRE d[i + 64] = t * (-3.0) + u; }
__global__ void add_pos(double* d) { PRE d[i + 64] = u + t * 3.0; }
__global__ void pos_add(double* d) { PRE d[i + 64] = t * 3.0 + u; }
__global__ void sub_neg(double* d) { PRE d[i + 64] = u - t * (-3.0); }
__global__ void two_products(double* d) { PRE double v = d[i + 3]; d[i + 64] = u + t * v; }
__global__ void four_loads(double* d) {
    int i = threadIdx.x;
    double v0 = d[i], v1 = d[i + 1], v2 = d[i + 2], v3 = d[i + 3];
    d[i + 64] = v0 * v3 + v1 * v2; }
__global__ void more_uses(double* d) {
    int i = threadIdx.x;
    double a = d[i], b = d[i + 1], c = d[i + 2], e = d[i + 3], f = d[i + 4];
    d[i + 64] = a * b + c * e; d[i + 96] = a * b + f; }
__global__ void negated_factor(double* d) { PRE d[i + 64] = -d[i + 5] * t + 1.0; }
__global__ void same_product_twice(double* d) {
    int i = threadIdx.x; double re = d[i], im = d[i + 1]; d[i + 64] = re * im + im * re; }
"#,
        &[
            "_Z7sub_posPd",
            "_Z7add_negPd",
            "_Z7neg_addPd",
            "_Z7add_posPd",
            "_Z7pos_addPd",
            "_Z7sub_negPd",
            "_Z12two_productsPd",
            "_Z10four_loadsPd",
            "_Z9more_usesPd",
            "_Z14negated_factorPd",
            "_Z18same_product_twicePd",
        ],
    );
}

/// `__byte_perm` is one `prmt.b32`, each `__funnelshift_*` one `shf` of its direction and
/// mode, `__ffs` a `brev` + `bfind.shiftamt` (+ an `add` of 1), and
/// none of them expands into shifts and masks (no `shl`/`shr` in these kernels, which
/// index with `threadIdx.x` only, so the address arithmetic is `mul.wide`). The expected
/// counts per kernel are written here from the CUDA Math API's definitions and PTX ISA's
/// instructions, and must also equal nvcc's; forms are matched by their opcode prefix,
/// never by register numbers. (`__ffsll` is left out: nvcc computes it as
/// `64 - clz(x & -x)`, oxicc as `brev.b64` + `bfind.shiftamt.u64` + 1.) The operands are
/// loaded, so nothing is folded; `extern "C"` keeps the entry names unmangled (`k_`: `ffs`
/// is also a C library function).
#[test]
fn bit_intrinsics_are_single_instructions() {
    let src = r#"
extern "C" __global__ void k_byte_perm(unsigned* o, const unsigned* x) {
    int i = threadIdx.x; o[i] = __byte_perm(x[i], x[i + 32], x[i + 64]); }
extern "C" __global__ void k_funnel_l(unsigned* o, const unsigned* x) {
    int i = threadIdx.x; o[i] = __funnelshift_l(x[i], x[i + 32], x[i + 64]); }
extern "C" __global__ void k_funnel_r(unsigned* o, const unsigned* x) {
    int i = threadIdx.x; o[i] = __funnelshift_r(x[i], x[i + 32], x[i + 64]); }
extern "C" __global__ void k_funnel_lc(unsigned* o, const unsigned* x) {
    int i = threadIdx.x; o[i] = __funnelshift_lc(x[i], x[i + 32], x[i + 64]); }
extern "C" __global__ void k_funnel_rc(unsigned* o, const unsigned* x) {
    int i = threadIdx.x; o[i] = __funnelshift_rc(x[i], x[i + 32], x[i + 64]); }
extern "C" __global__ void k_ffs(int* o, const int* x) { int i = threadIdx.x; o[i] = __ffs(x[i]); }
"#;
    let forms = [
        "prmt.b32",
        "shf.l.wrap.b32",
        "shf.r.wrap.b32",
        "shf.l.clamp.b32",
        "shf.r.clamp.b32",
        "brev.b32",
        "bfind.shiftamt.u32",
        "shl.",
        "shr.",
    ];
    let expected: BTreeMap<String, Vec<usize>> = [
        ("k_byte_perm", [1, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("k_funnel_l", [0, 1, 0, 0, 0, 0, 0, 0, 0]),
        ("k_funnel_r", [0, 0, 1, 0, 0, 0, 0, 0, 0]),
        ("k_funnel_lc", [0, 0, 0, 1, 0, 0, 0, 0, 0]),
        ("k_funnel_rc", [0, 0, 0, 0, 1, 0, 0, 0, 0]),
        ("k_ffs", [0, 0, 0, 0, 0, 1, 1, 0, 0]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_vec()))
    .collect();
    let ours = same_forms_as_nvcc(src, &[], &forms);
    assert_eq!(ours, expected, "counts of {forms:?} per kernel");
}
