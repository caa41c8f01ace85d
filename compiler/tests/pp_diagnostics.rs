//! Preprocessor diagnostics: each kind with its location and message, and the
//! "in expansion of macro" notes.

use crate::pp_support;
use pp_support::{run, run_with};

/// Preprocesses with a small work limit (the default one is tested by the fuzzer's
/// budget; here memory stays small).
fn run_limited(src: &str, limit: u64) -> pp_support::Run {
    use oxicc::diag::Diagnostics;
    use oxicc::intern::Interner;
    use oxicc::pp::{preprocess, MemLoader, PpContext};
    use oxicc::source::SourceMap;
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add("main.cu", src);
    let loader = MemLoader::new();
    let options = oxicc::Options::default();
    let out = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, &options, &loader);
        ctx.work_limit = limit;
        preprocess(main, &mut ctx)
    };
    pp_support::Run {
        out,
        interner,
        sources,
        diags,
    }
}

fn diags(src: &str) -> Vec<String> {
    run(src).diag_lines()
}

#[test]
fn missing_include() {
    assert_eq!(
        diags("int x;\n#include \"nope.h\"\n"),
        vec!["main.cu:2:10: error: nope.h: No such file or directory"]
    );
}

#[test]
fn error_and_warning_directives() {
    assert_eq!(
        diags("#error stop  here\n#warning careful\n"),
        vec![
            "main.cu:1:2: error: #error stop  here",
            "main.cu:2:2: warning: #warning careful"
        ]
    );
}

#[test]
fn large_integer_constants_warn_like_gcc() {
    // `g++ -E` (12.2) on the same text warns at 1:5, 4:5 and 7:10 and prints `a b`.
    let r = run(concat!(
        "#if 18446744073709551615 == -1\na\n#endif\n",
        "#if 18446744073709551616 == 0\nb\n#endif\n",
        "#if 0 && 99999999999999999999\n#endif\n",
    ));
    assert_eq!(r.text(), "a b");
    assert_eq!(
        r.diag_lines(),
        vec![
            "main.cu:1:5: warning: integer constant is so large that it is unsigned",
            "main.cu:4:5: warning: integer constant is too large for its type",
            "main.cu:7:10: warning: integer constant is too large for its type",
        ]
    );
}

#[test]
fn pragma_message_is_a_note() {
    // nvcc 13.5 prints `remark #20200-D: #pragma message: "v=3"` for line 3 (and the same
    // for the others), with the string literals joined and macros expanded.
    let r = run(concat!(
        "#define S_(x) #x\n#define S(x) S_(x)\n",
        "#pragma message(\"v=\" S(__LINE__))\n",
        "#pragma message \"plain\"\n",
        "_Pragma(\"message(\\\"from op\\\")\")\n",
    ));
    assert_eq!(
        r.diag_lines(),
        vec![
            "main.cu:3:9: note: #pragma message: \"v=3\"",
            "main.cu:4:9: note: #pragma message: \"plain\"",
            "main.cu:5:1: note: #pragma message: \"from op\"",
        ]
    );
    assert!(!r.diags.has_errors());
}

#[test]
fn unbalanced_conditionals() {
    assert_eq!(
        diags("#if 1\nx\n"),
        vec!["main.cu:1:2: error: unterminated conditional directive (missing #endif)"]
    );
    assert_eq!(
        diags("#endif\n"),
        vec!["main.cu:1:2: error: #endif without #if"]
    );
    assert_eq!(
        diags("#else\n"),
        vec!["main.cu:1:2: error: #else without #if"]
    );
    assert_eq!(
        diags("#if 1\n#else\n#else\n#endif\n"),
        vec![
            "main.cu:3:2: error: #else after #else",
            "main.cu:1:2: note: the conditional began here"
        ]
    );
    // A conditional may not span files.
    let r = run_with(
        "#include \"a.h\"\n#endif\n",
        &[("a.h", "#if 1\n")],
        &Default::default(),
    );
    assert_eq!(
        r.diag_lines(),
        vec![
            "a.h:1:2: error: unterminated conditional directive (missing #endif)",
            "main.cu:1:10: note: in file included from here",
            "main.cu:2:2: error: #endif without #if"
        ]
    );
}

#[test]
fn bad_directives_and_expressions() {
    assert_eq!(
        diags("#frobnicate\n"),
        vec!["main.cu:1:1: error: invalid preprocessing directive #frobnicate"]
    );
    assert_eq!(
        diags("#if 1 / 0\n#endif\n"),
        vec!["main.cu:1:7: error: division by zero in #if"]
    );
    assert_eq!(
        diags("#if\n#endif\n"),
        vec!["main.cu:1:2: error: #if with no expression"]
    );
    assert_eq!(
        diags("#if 1 +\n#endif\n"),
        vec!["main.cu:1:7: error: operator '+' has no right operand"]
    );
    assert_eq!(
        diags("#if (1\n#endif\n"),
        vec!["main.cu:1:6: error: missing ')' in expression"]
    );
    assert_eq!(
        diags("#if 1.0\n#endif\n"),
        vec!["main.cu:1:5: error: floating constant in preprocessor expression"]
    );
    assert_eq!(
        diags("#if 1 2\n#endif\n"),
        vec!["main.cu:1:7: error: missing binary operator before token \"2\""]
    );
    assert_eq!(
        diags("#define 3 x\n"),
        vec!["main.cu:1:9: error: macro names must be identifiers"]
    );
    assert_eq!(
        diags("#define F(x) #y\n"),
        vec!["main.cu:1:14: error: '#' is not followed by a macro parameter"]
    );
    assert_eq!(
        diags("#define F(x) ## x\n"),
        vec!["main.cu:1:14: error: '##' cannot appear at either end of a macro expansion"]
    );
}

#[test]
fn unterminated_comment_in_directive_or_skipped_group() {
    assert_eq!(
        diags("#define X 1 /* never closed\nint x;\n"),
        vec!["main.cu:1:13: error: unterminated comment"]
    );
    assert_eq!(
        diags("#if 0\n/* never closed\n#endif\n"),
        vec![
            "main.cu:2:1: error: unterminated comment",
            "main.cu:1:2: error: unterminated conditional directive (missing #endif)"
        ]
    );
    // In active code the token reaches the parser, which reports it.
    let r = run("int /* x\n");
    assert!(r.diag_lines().is_empty());
    assert_eq!(r.text(), "int /*");
}

#[test]
fn macro_call_errors() {
    assert_eq!(
        diags("#define F(a, b) a\nF(1)\n"),
        vec![
            "main.cu:2:1: error: macro \"F\" requires 2 arguments, but only 1 given",
            "main.cu:1:9: note: macro \"F\" defined here"
        ]
    );
    assert_eq!(
        diags("#define F(a) a\nF(1, 2\n"),
        vec!["main.cu:2:1: error: unterminated argument list invoking macro \"F\""]
    );
    assert_eq!(
        diags("#define C(a, b) a ## b\nC(+, -)\n"),
        vec![
            "main.cu:2:3: error: pasting \"+\" and \"-\" does not give a valid preprocessing token",
            "main.cu:1:9: note: in expansion of macro 'C'"
        ]
    );
}

#[test]
fn errors_in_expansions_get_notes() {
    // The `/` of the division comes from macro D, used through macro E.
    let r = run("#define D 1 / 0\n#define E D\n#if E\n#endif\n");
    assert_eq!(
        r.diag_lines(),
        vec![
            "main.cu:3:5: error: division by zero in #if",
            "main.cu:1:9: note: in expansion of macro 'D'",
            "main.cu:2:9: note: in expansion of macro 'E'",
        ]
    );
    // The driver turns a token's expansion index into the same notes.
    let r = run("#define ADD(a, b) a + b\nADD(x, y)\n");
    let plus = r.tokens()[1];
    let notes = r.out.expansion_notes(plus.expansion, &r.interner);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].1, "in expansion of macro 'ADD'");
    assert_eq!(
        r.sources.file(notes[0].0.file).line_col(notes[0].0.start),
        (1, 9)
    );
    // Argument tokens keep their own location.
    let y = r.tokens()[2];
    assert_eq!(r.sources.file(y.span.file).line_col(y.span.start), (2, 8));
}

#[test]
fn include_depth_limit() {
    let r = run_with(
        "#include \"self.h\"\n",
        &[("self.h", "#include \"self.h\"\n")],
        &Default::default(),
    );
    let d = r.diag_lines();
    // The error, then the include chain (a file records where it was first included).
    assert_eq!(d.len(), 2, "{d:?}");
    assert!(d[0].contains("#include nested too deeply"), "{d:?}");
    assert_eq!(d[1], "main.cu:1:10: note: in file included from here");
}

#[test]
fn pathological_inputs_end_with_diagnostics() {
    // Exponential expansion is stopped by the work limit, not by running out of memory.
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let r = run_limited(&src, 1_000_000);
    assert!(
        r.diag_lines()[0].contains("too many tokens"),
        "{:?}",
        r.diag_lines()
    );
    // Doubling pastes and stringizing: few tokens, exponentially long ones.
    let n = 40;
    let src = format!(
        "#define P(a) a##a\n#define E(a) P(a)\n#define S_(x) #x\n#define S(x) S_(x)\n{}x{}\nS({}y{})\n",
        "E(".repeat(n),
        ")".repeat(n),
        "E(".repeat(n),
        ")".repeat(n)
    );
    let r = run_limited(&src, 1_000_000);
    assert!(
        r.diag_lines()[0].contains("too many tokens"),
        "{:?}",
        r.diag_lines()
    );
    // Deeply nested macro arguments.
    let depth = 2000;
    let src = format!(
        "#define F(x) x\n{}1{}\n",
        "F(".repeat(depth),
        ")".repeat(depth)
    );
    let r = run(&src);
    assert!(
        r.diag_lines()[0].contains("nested too deeply"),
        "{:?}",
        r.diag_lines()
    );
    // Deeply nested conditional groups (taken and skipped) are fine: no recursion.
    let depth = 50_000;
    let src = format!(
        "{}x\n{}",
        "#if 1\n#if 0\n".repeat(depth),
        "#endif\n#endif\n".repeat(depth)
    );
    let r = run(&src);
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    // …and left unterminated, one error per open group, at its `#if`.
    let r = run(&"#if 1\n".repeat(1000));
    assert_eq!(r.diags.error_count(), 1000);
    // Deeply nested #if parentheses.
    let src = format!("#if {}1{}\n#endif\n", "(".repeat(10000), ")".repeat(10000));
    let r = run(&src);
    assert!(
        r.diag_lines()[0].contains("nested too deeply"),
        "{:?}",
        r.diag_lines()
    );
}
