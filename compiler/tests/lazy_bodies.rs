//! Built-in header helpers lowered on first use (`irgen/lazy_bodies.rs`): the lowering
//! keeps the bodies of the helpers a file references, directly, through another helper,
//! through a function pointer in device code or in a device global's initializer, and
//! leaves every other helper an empty function; the PTX is the same as with every helper
//! lowered (`fast_headers: false`, the plain path) at -O3 and -O0, and ptxas accepts it.
//!
//! Their bodies are parsed on demand too (`parse/lazy_body.rs`): only those of the helpers
//! lowered are parsed, and a user file's bodies are parsed in place, with their diagnostics.
//!
//! The expected facts come from the sources: which helpers each kernel names, and that
//! `__dp4a(char4, char4, int)` calls `__dp4a(int, int, int)` (`sm_61_intrinsics.h`).

use crate::ptxas_support::assert_ptxas_accepts;
use oxicc::driver::{lower_input, Input};
use oxicc::Options;
use oxicc_ir::{InstData, Module};

/// `src` lowered as the command lowers it (the built-in headers' helpers parked until
/// used), before the passes.
fn lower_lazy(src: &str) -> Module {
    let options = Options::default();
    let input = Input {
        file_name: "t.cu",
        source: src,
        options: &options,
        name_expressions: &[],
        names_in_other_files: false,
    };
    match lower_input(&input) {
        Ok(lowered) => lowered.module,
        Err(out) => panic!("{:?}", out.diagnostics),
    }
}

/// Whether the module has a lowered body for the function whose symbol ends with `suffix`
/// (the mangled name and parameter types, after the file's internal-name prefix). A parked
/// helper nothing uses is left an unnamed function holding only `unreachable`.
fn lowered(m: &Module, suffix: &str) -> bool {
    let Some(f) = m.functions.values().find(|f| f.name.ends_with(suffix)) else {
        return false;
    };
    let insts: Vec<&InstData> = (f.layout.iter())
        .flat_map(|&b| f.blocks[b].insts.iter().map(|&i| &f.insts[i].data))
        .collect();
    assert!(
        !matches!(insts.as_slice(), [] | [InstData::Unreachable]),
        "{suffix}: no body"
    );
    true
}

/// The parked helpers left unused.
fn unused_helpers(m: &Module) -> usize {
    (m.functions.values())
        .filter(|f| f.name.is_empty())
        .inspect(|f| assert_eq!(f.layout.len(), 1))
        .count()
}

const USES: &str = r#"
__global__ void k(int *p, char4 a, char4 b) {
    p[0] = __dp4a(a, b, p[3]);
    int2 v = make_int2(p[1], 2);
    p[2] = v.x + v.y;
}
"#;

#[test]
fn only_the_referenced_helpers_are_lowered() {
    let m = lower_lazy(USES);
    // Named by the kernel.
    assert!(lowered(&m, "9make_int2Eii"));
    assert!(lowered(&m, "6__dp4aE5char4S0_i"));
    // Called by `__dp4a(char4, char4, int)` only.
    assert!(lowered(&m, "6__dp4aEiii"));
    // Named by nothing.
    assert!(!lowered(&m, "6__dp4aEjjj"));
    assert!(!lowered(&m, "9make_int3Eiii"));
    assert!(!lowered(&m, "11make_float4Effff"));
    // Every other helper of `cuda_runtime.h` (hundreds: `make_*`, `__ldg`, …) is parked.
    assert!(unused_helpers(&m) > 300, "{}", unused_helpers(&m));
}

#[test]
fn helpers_by_address_are_lowered() {
    let m = lower_lazy(
        r#"
__device__ int2 (*table)(int, int) = make_int2;
__global__ void k(int *p) {
    float4 (*f)(float, float, float, float) = make_float4;
    p[0] = (int)f(1.0f, 2.0f, 3.0f, 4.0f).w + table(p[1], 5).y;
}
"#,
    );
    assert!(lowered(&m, "9make_int2Eii"));
    assert!(lowered(&m, "11make_float4Effff"));
    assert!(!lowered(&m, "9make_int3Eiii"));
}

/// Header bodies (deferred, parsed later) while lowering `src` in this thread.
fn parse_counts(src: &str) -> (usize, usize) {
    let (d0, p0) = oxicc::parse::lazy_body_counts();
    lower_lazy(src);
    let (d1, p1) = oxicc::parse::lazy_body_counts();
    (d1 - d0, p1 - p0)
}

#[test]
fn only_the_lowered_helpers_bodies_are_parsed() {
    // The three helpers `USES` lowers (see `only_the_referenced_helpers_are_lowered`).
    let (deferred, parsed) = parse_counts(USES);
    assert_eq!(parsed, 3, "deferred {deferred}");
    // Hundreds of `cuda_runtime.h` helpers (`make_*`, `__ldg`, …) keep their tokens.
    assert!(deferred > 300, "{deferred}");
    // A kernel that uses none parses none.
    let (deferred_none, parsed_none) = parse_counts("__global__ void k(int *p) { *p = 1; }");
    assert_eq!((deferred_none, parsed_none), (deferred, 0));
}

#[test]
fn user_bodies_are_parsed_in_place() {
    // An unused device function of the user's file: its syntax error is reported (the
    // second line, at the `;` where an operand is missing), as without deferral.
    let src = "__device__ static int unused(int x) {\n    return x + ;\n}\n__global__ void k(int *p) { *p = 1; }\n";
    let diags = |fast_headers: bool| {
        let options = Options {
            fast_headers,
            ..Default::default()
        };
        let out = oxicc::compile("u.cu", src, &options);
        assert!(out.text.is_none(), "{:?}", out.text);
        out.diagnostics
    };
    let (fast, plain) = (diags(true), diags(false));
    assert!(
        fast.iter().any(|d| d.severity == oxicc::Severity::Error
            && d.file == "u.cu"
            && d.line == 2
            && d.column == 16),
        "{fast:?}"
    );
    assert_eq!(format!("{fast:?}"), format!("{plain:?}"));
    // A helper of the user's file is not deferred either: nothing is parsed later.
    let (_, parsed) = parse_counts(
        "__device__ static int twice(int x) { return 2 * x; }\n__global__ void k(int *p) { *p = twice(*p); }\n",
    );
    assert_eq!(parsed, 0);
}

fn ptx(src: &str, options: &Options) -> String {
    let out = oxicc::compile("k.cu", src, options);
    let text = out
        .text
        .unwrap_or_else(|| panic!("compile failed: {:?}", out.diagnostics));
    assert_ptxas_accepts(&text, options.sm, "lazy_bodies");
    text
}

#[test]
fn same_ptx_as_lowering_every_helper() {
    let by_address = r#"
__device__ int2 (*table)(int, int) = make_int2;
__global__ void k(int *p) { p[0] = table(p[1], 5).y + __dp4a(p[2], p[3], 1); }
"#;
    for src in [USES, by_address] {
        for opt_level in [0, 3] {
            let lazy = Options {
                sm: 75,
                opt_level,
                ..Default::default()
            };
            let plain = Options {
                fast_headers: false,
                ..lazy.clone()
            };
            let (a, b) = (ptx(src, &lazy), ptx(src, &plain));
            assert_eq!(a, b, "-O{opt_level}: {src}");
            // With `-rdc=true` nothing is parked: every deferred body the walk reaches is
            // parsed at its definition.
            let rdc = |o: &Options| Options {
                rdc: true,
                line_info: true,
                ..o.clone()
            };
            assert_eq!(
                ptx(src, &rdc(&lazy)),
                ptx(src, &rdc(&plain)),
                "-rdc -O{opt_level}"
            );
            // The dot product is there (inlined at -O3, in its helper's body at -O0).
            assert!(a.contains("dp4a.s32.s32"), "-O{opt_level}:\n{a}");
        }
    }
}
