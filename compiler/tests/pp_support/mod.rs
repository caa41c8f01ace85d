//! Shared helpers of the preprocessor tests: run `preprocess` on in-memory files and
//! compare token streams independently of layout.

#![allow(dead_code)]

use oxicc::api::Options;
use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::lex::{lex_file, tokens_to_spaced, Token};
use oxicc::pp::{preprocess, MemLoader, PpContext, PpOutput};
use oxicc::source::{FileId, SourceMap};

/// The result of one preprocessing run.
pub struct Run {
    pub out: PpOutput,
    pub interner: Interner,
    pub sources: SourceMap,
    pub diags: Diagnostics,
}

impl Run {
    /// The output tokens separated by single spaces.
    pub fn text(&self) -> String {
        tokens_to_spaced(&self.out.tokens, &self.interner)
    }

    /// Rendered diagnostics, one per line: `file:line:col: severity: message`.
    pub fn diag_lines(&self) -> Vec<String> {
        self.diags
            .render(&self.sources)
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

    pub fn tokens(&self) -> &[Token] {
        &self.out.tokens
    }
}

/// Preprocesses `main` (named `main.cu`) with the given extra files and options.
pub fn run_with(main: &str, files: &[(&str, &str)], options: &Options) -> Run {
    let mut loader = MemLoader::new();
    for (path, text) in files {
        loader = loader.with(*path, *text);
    }
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let id = sources.add("main.cu", main);
    let out = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, options, &loader);
        preprocess(id, &mut ctx)
    };
    Run {
        out,
        interner,
        sources,
        diags,
    }
}

pub fn run(main: &str) -> Run {
    run_with(main, &[], &Options::default())
}

/// A hand-written expected output, normalized the same way (lexed, single spaces).
pub fn norm(expected: &str) -> String {
    let mut i = Interner::new();
    let toks = lex_file(FileId(0), expected, &mut i);
    tokens_to_spaced(&toks, &i)
}

/// Preprocesses `src` and asserts the output equals `expected` and there are no
/// diagnostics.
#[track_caller]
pub fn check(src: &str, expected: &str) {
    let r = run(src);
    assert_eq!(r.text(), norm(expected), "\nsource:\n{src}");
    assert!(
        r.diag_lines().is_empty(),
        "unexpected diagnostics: {:?}",
        r.diag_lines()
    );
}
