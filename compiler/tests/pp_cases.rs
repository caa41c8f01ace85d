//! Preprocessor output against gcc's, nvcc's preprocessor for device code.
//!
//! Each `pp-cases/NAME.cu` has `pp-cases/NAME.expected`: the output of the command on its
//! first line (`g++ -E -P` 12.2.0 with the `-D`s nvcc 13.5 gives its device pass),
//! generated once and committed, never produced by oxicc. Outputs are compared as token
//! sequences (layout differs: `-P` joins and splits lines its own way). The cases: the C11
//! §6.10.3.5 and C++20 `__VA_OPT__` examples, GNU extensions, rescanning corner cases,
//! `#if` arithmetic, predefined and dynamic macros with `#line`.

use crate::pp_support;

use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::lex::tokens_to_spaced;
use oxicc::pp::{preprocess, MemLoader, PpContext};
use oxicc::source::SourceMap;
use oxicc::Severity;
use pp_support::norm;
use std::path::Path;

/// Preprocesses `text` as the main file `name` (for `__FILE__`), for sm_75.
fn preprocess_case(name: &str, text: &str) -> (String, Vec<String>) {
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add(name, text);
    let loader = MemLoader::new();
    let options = oxicc::Options {
        sm: 75,
        ..Default::default()
    };
    let out = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, &options, &loader);
        preprocess(main, &mut ctx)
    };
    let errors = diags
        .render(&sources)
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    (tokens_to_spaced(&out.tokens, &interner), errors)
}

#[test]
fn outputs_match_gcc() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pp-cases");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 5, "expected the pp-cases corpus");
    let mut failures = Vec::new();
    for path in cases {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let (got, errors) = preprocess_case(&name, &text);
        if !errors.is_empty() {
            failures.push(format!("{name}: unexpected errors {errors:?}"));
        }
        let want = norm(&expected);
        if got != want {
            // Point at the first differing token.
            let (g, w): (Vec<_>, Vec<_>) = (got.split(' ').collect(), want.split(' ').collect());
            let at = g.iter().zip(&w).take_while(|(a, b)| a == b).count();
            failures.push(format!(
                "{name}: differs at token {at}:\n  oxicc: {}\n  gcc:   {}",
                g[at.saturating_sub(5)..(at + 10).min(g.len())].join(" "),
                w[at.saturating_sub(5)..(at + 10).min(w.len())].join(" "),
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
