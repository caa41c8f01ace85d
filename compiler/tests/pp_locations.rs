//! Where diagnostics point after preprocessing: `#line` renames and renumbers (for
//! `__LINE__`/`__FILE__` and for every later diagnostic, as gcc and nvcc report), and
//! errors inside macro expansions — in the preprocessor, the parser or sema — carry the
//! "in expansion of macro 'M'" notes of every macro involved, arguments included.
//!
//! Expected positions come from the input text (and from what nvcc prints for the same
//! input, quoted where it matters), never from oxicc's output.

use crate::pp_support;
use pp_support::{norm, run, run_with};

/// Every diagnostic of a whole compile as `file:line:col: severity: message`.
fn compile_diags(src: &str) -> Vec<String> {
    let options = oxicc::Options {
        sm: 75,
        ..Default::default()
    };
    let out = oxicc::compile("main.cu", src, &options);
    assert!(out.text.is_none(), "expected a failed compile");
    out.diagnostics
        .iter()
        .map(|d| {
            let sev = match d.severity {
                oxicc::Severity::Error => "error",
                oxicc::Severity::Warning => "warning",
                oxicc::Severity::Note => "note",
            };
            format!("{}:{}:{}: {}: {}", d.file, d.line, d.column, sev, d.message)
        })
        .collect()
}

#[test]
fn line_directive_moves_line_and_file_macros() {
    let r = run("#line 100\n__LINE__ __FILE__\n#line 7 \"b.cu\"\n__LINE__\n__FILE__\n");
    assert_eq!(r.text(), norm("100 \"main.cu\" 7 \"b.cu\""));
    // The GNU marker `# N "file" flags` names the next line the same way.
    let r = run("# 40 \"orig.h\" 1\n__LINE__ __FILE__\n");
    assert_eq!(r.text(), norm("40 \"orig.h\""));
}

#[test]
fn line_directive_moves_preprocessor_diagnostics() {
    // Line 4 of main.cu is line 21 of "gen.cu" (the line after `#line 20` is 20).
    let r = run("#line 20 \"gen.cu\"\nint a;\n#error stop\n#if 1 +\n#endif\n");
    assert_eq!(
        r.diag_lines(),
        vec![
            "gen.cu:21:2: error: #error stop",
            "gen.cu:22:7: error: operator '+' has no right operand",
        ]
    );
    // `#line N` alone keeps the name set before; an included file has its own numbering.
    let r = run_with(
        "#line 10 \"x.cu\"\n#line 50\n#include \"h.h\"\n#error main\n",
        &[("h.h", "#error in_header\n#line 5\n#error later\n")],
        &Default::default(),
    );
    assert_eq!(
        r.diag_lines(),
        vec![
            "h.h:1:2: error: #error in_header",
            "x.cu:50:10: note: in file included from here",
            "h.h:5:2: error: #error later",
            "x.cu:50:10: note: in file included from here",
            "x.cu:51:2: error: #error main",
        ]
    );
}

#[test]
fn line_directive_moves_parser_and_sema_diagnostics() {
    // nvcc 13.5 on this file prints `foo.cu(100): error: identifier "undeclared_x" is
    // undefined` (it renames and renumbers the same way).
    let d =
        compile_diags("#line 100 \"foo.cu\"\n__global__ void k(int* p) { p[0] = undeclared_x; }\n");
    assert_eq!(
        d,
        vec!["foo.cu:100:36: error: identifier \"undeclared_x\" is undefined"]
    );
    // A parse error after `#line` too.
    let d = compile_diags("#line 7\n__global__ void k(int* p) { p[0] = 1 }\n");
    assert!(d[0].starts_with("main.cu:7:"), "{d:?}");
}

#[test]
fn argument_tokens_get_expansion_notes() {
    // The bad name is written in the argument of USE, itself an argument of ID: the error
    // points at it, and names both macros, innermost first (gcc's order).
    let d = compile_diags(
        "#define ID(x) x\n#define USE(v) p[0] = v\n\
         __global__ void k(int* p) { ID(USE(undeclared_z)); }\n",
    );
    assert_eq!(
        d,
        vec![
            "main.cu:3:36: error: identifier \"undeclared_z\" is undefined",
            "main.cu:2:9: note: in expansion of macro 'USE'",
            "main.cu:1:9: note: in expansion of macro 'ID'",
        ]
    );
    // Through two levels: an argument of OUTER passed on to BAD.
    let d = compile_diags(
        "#define BAD(x) x + 1\n#define OUTER(x) BAD(x)\n\
         __global__ void k(int* p) { p[0] = OUTER(zz); }\n",
    );
    assert_eq!(
        d,
        vec![
            "main.cu:3:42: error: identifier \"zz\" is undefined",
            "main.cu:1:9: note: in expansion of macro 'BAD'",
            "main.cu:2:9: note: in expansion of macro 'OUTER'",
        ]
    );
}

#[test]
fn body_tokens_get_nested_expansion_notes() {
    // nvcc points at the line of the outermost use (`a3.cu(3)`); the notes name the macros,
    // innermost first, each at its `#define`.
    let d = compile_diags(
        "#define BAD(x) x + undeclared_y\n#define OUTER(x) BAD(x)\n\
         __global__ void k(int* p) { p[0] = OUTER(1); }\n",
    );
    assert_eq!(
        d,
        vec![
            "main.cu:3:36: error: identifier \"undeclared_y\" is undefined",
            "main.cu:1:9: note: in expansion of macro 'BAD'",
            "main.cu:2:9: note: in expansion of macro 'OUTER'",
        ]
    );
    // The bad name comes from B, used after other tokens of A: the notes follow the token
    // the message names, not the first token of the use.
    let d = compile_diags(
        "#define B undefined_b\n#define A 1 + B\n\
         __global__ void k(int* p) { p[0] = A; }\n",
    );
    assert_eq!(
        d,
        vec![
            "main.cu:3:36: error: identifier \"undefined_b\" is undefined",
            "main.cu:1:9: note: in expansion of macro 'B'",
            "main.cu:2:9: note: in expansion of macro 'A'",
        ]
    );
    // A parse error inside an expansion.
    let d = compile_diags(
        "#define STORE(p, v) p[0] = v }\n__global__ void k(int* p) { STORE(p, 1); }\n",
    );
    assert!(
        d.iter()
            .any(|l| l == "main.cu:1:9: note: in expansion of macro 'STORE'"),
        "{d:?}"
    );
}
