//! Bad input gives diagnostics, never a panic, a hang or PTX.
//!
//! Each case in `diag-cases/` (a `.cu` file, or a folder with `main.cu` and the headers it
//! includes) starts with `// expect: LINE: TEXT` lines, optionally `// expect-note:`,
//! `// expect-warning:` and `// flags:` lines (see `diag_support`): the compile must report
//! each expected diagnostic (notes right after their error) and produce no PTX when an
//! error is expected. The expectation is written by hand from what the file does wrong, in
//! nvcc's wording where nvcc has one (checked by running `nvcc -ptx` on the file), never
//! copied from oxicc's output. The rendered diagnostics are also snapshotted (form only). Generated inputs check the resource limits:
//! deep nesting must end in a diagnostic, not a stack overflow.

use crate::diag_support;
use crate::ptxas_support;

use diag_support::{load_cases, render, unmet};
use ptxas_support::assert_ptxas_accepts;
use std::path::Path;

fn compile(name: &str, source: &str) -> oxicc::CompileOutput {
    let options = oxicc::Options {
        sm: 75,
        opt_level: 3,
        ..Default::default()
    };
    oxicc::compile(name, source, &options)
}

fn errors(out: &oxicc::CompileOutput) -> Vec<&oxicc::Diagnostic> {
    out.diagnostics
        .iter()
        .filter(|d| d.severity == oxicc::Severity::Error)
        .collect()
}

#[test]
fn every_diag_case_reports_its_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diag-cases");
    let cases = load_cases(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(cases.len() >= 20, "expected the diag-cases corpus");
    let mut failures = Vec::new();
    for case in &cases {
        let file_name = case.main.to_string_lossy().into_owned();
        let out = oxicc::compile(&file_name, &case.source, &case.options);
        let wants_error = case
            .expected
            .iter()
            .any(|e| e.severity == oxicc::Severity::Error);
        let mut problems = unmet(case, &out.diagnostics);
        match (&out.text, wants_error) {
            (Some(_), true) => problems.push("PTX was produced despite the error".to_string()),
            (None, false) => problems.push("no PTX for a case without errors".to_string()),
            (Some(ptx), false) => assert_ptxas_accepts(ptx, case.options.sm, &case.name),
            (None, true) => {}
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{}: {}; got:\n{}",
                case.name,
                problems.join("; "),
                out.diagnostics
                    .iter()
                    .map(|d| format!(
                        "  {}:{}:{}: {:?}: {}",
                        d.file, d.line, d.column, d.severity, d.message
                    ))
                    .collect::<Vec<_>>()
                    .join("\n")
            ));
            continue;
        }
        insta::assert_snapshot!(
            format!("diag_{}", case.name),
            render(&out.diagnostics, &dir)
        );
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Runs `f` on a thread with the default 2 MiB stack, as a library user's thread might be.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn ten_thousand_nested_parentheses_is_a_diagnostic() {
    let expr = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    let src = format!("__global__ void k(int* p) {{ p[0] = {expr}; }}\n");
    let out = on_small_stack(move || compile("deep.cu", &src));
    assert!(out.text.is_none());
    assert!(!errors(&out).is_empty());
}

#[test]
fn ten_thousand_nested_blocks_is_a_diagnostic() {
    let src = format!(
        "__global__ void k(int* p) {{ {} p[0] = 1; {} }}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    let out = on_small_stack(move || compile("deep.cu", &src));
    assert!(out.text.is_none());
    assert!(!errors(&out).is_empty());
}

#[test]
fn recursive_macros_and_include_cycles_terminate() {
    // `a` expands to `a + b`, whose `b` expands to `a`, which the hide-set leaves alone:
    // `p[0] = a + a;`. The function-like `f` expands once: `f(2 + 1)`.
    let src = "__device__ int f(int v) { return v; }\n\
               #define f(x) f(x + 1)\n\
               __global__ void k(int* p) { int a = 1; int b = 2;\n\
               #define a a + b\n\
               #define b a\n\
               p[0] = a; p[1] = f(2); }\n";
    let out = on_small_stack(move || compile("macro.cu", src));
    assert!(out.text.is_some(), "{:?}", out.diagnostics.first());
    assert_ptxas_accepts(out.text.as_deref().unwrap(), 75, "macro.cu");

    let dir = std::env::temp_dir().join(format!("oxicc-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("self.cu");
    std::fs::write(
        &file,
        "#include \"self.cu\"\n__global__ void k(int* p) { p[0] = 1; }\n",
    )
    .unwrap();
    let name = file.to_string_lossy().into_owned();
    let src = std::fs::read_to_string(&file).unwrap();
    let out = on_small_stack(move || compile(&name, &src));
    assert!(out.text.is_none());
    assert!(
        errors(&out).iter().any(|d| d.message.contains("include")),
        "{:?}",
        out.diagnostics.first().map(|d| &d.message)
    );
}

#[test]
fn long_flat_expressions_compile_and_huge_ones_are_diagnosed() {
    // A 1,000-term sum (generated code does this) compiles.
    let sum = vec!["p[1]"; 1_000].join(" + ");
    let src = format!("__global__ void k(int* p) {{ p[0] = {sum}; }}\n");
    let out = on_small_stack(move || compile("flat.cu", &src));
    assert!(
        out.text.is_some(),
        "{:?}",
        out.diagnostics.first().map(|d| &d.message)
    );
    // A 100,000-term one hits the expression-depth limit: a diagnostic, not a crash.
    let sum = vec!["p[1]"; 100_000].join(" + ");
    let src = format!("__global__ void k(int* p) {{ p[0] = {sum}; }}\n");
    let out = on_small_stack(move || compile("flat.cu", &src));
    assert!(out.text.is_none());
    assert!(!errors(&out).is_empty());
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A fixed pseudo-random corpus (xorshift), in the spirit of the fuzz target.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let alphabet = b"{}()[];,<>=+-*/%&|^!~?:.#\"' \n\tabcxyz019_intfloat__global__";
    for _ in 0..200 {
        let len = (state % 300) as usize;
        let mut s = Vec::with_capacity(len);
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            s.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        let src = String::from_utf8_lossy(&s).into_owned();
        let out = compile("rand.cu", &src);
        assert!(out.text.is_some() || !out.diagnostics.is_empty());
        if let Some(ptx) = &out.text {
            assert_ptxas_accepts(ptx, 75, "a random input that compiled");
        }
    }
}
