//! Shared helpers of the parser tests: lex a source string, parse it, and return the
//! compact AST print and the rendered diagnostics (`line:col: severity: message`).

#![allow(dead_code)]

use bumpalo::Bump;
use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::lex::lex_file;
use oxicc::parse::{dump_translation_unit, parse_translation_unit};
use oxicc::source::SourceMap;

/// The result of parsing one source string.
pub struct Parsed {
    pub dump: String,
    pub diags: Vec<String>,
}

/// Lexes and parses `src` (no preprocessing).
pub fn parse(src: &str) -> Parsed {
    let mut sources = SourceMap::new();
    let file = sources.add("t.cu", src);
    let mut interner = Interner::new();
    let toks = lex_file(file, src, &mut interner);
    let arena = Bump::new();
    let mut diags = Diagnostics::new();
    let tu = parse_translation_unit(&toks, &arena, &mut interner, &sources, &mut diags);
    let dump = dump_translation_unit(&tu, &interner);
    let diags = diags
        .render(&sources)
        .iter()
        .map(|d| format!("{}:{}: {:?}: {}", d.line, d.column, d.severity, d.message))
        .collect();
    Parsed { dump, diags }
}

/// Parses `src`, asserting that there are no diagnostics; returns the AST print.
pub fn parse_ok(src: &str) -> String {
    let p = parse(src);
    assert!(
        p.diags.is_empty(),
        "unexpected diagnostics: {:#?}\nfor:\n{src}",
        p.diags
    );
    p.dump
}

/// The AST print of one expression: parsed as the initializer of `int x = <e>;`
/// inside a device function, after `decls` (e.g. typedefs).
pub fn expr_form(decls: &str, e: &str) -> String {
    let src = format!("{decls}\n__device__ void f() {{ __x = {e}; }}");
    let dump = parse_ok(&src);
    let line = dump
        .lines()
        .find(|l| l.contains("(expr (= __x "))
        .unwrap_or_else(|| panic!("no expression statement in:\n{dump}"));
    let start = line.find("(expr (= __x ").unwrap() + "(expr (= __x ".len();
    let rest = &line[start..];
    // The expression ends where its parentheses balance (or at the first `)` for an atom).
    let mut depth = 0i32;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in rest.char_indices() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '(' if !in_str => depth += 1,
            ')' if !in_str => {
                if depth == 0 {
                    return rest[..i].to_string();
                }
                depth -= 1;
                if depth == 0 {
                    return rest[..=i].to_string();
                }
            }
            _ => {}
        }
        prev = c;
    }
    rest.to_string()
}
