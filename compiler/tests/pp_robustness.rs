//! Robustness: pseudo-random soups of preprocessor fragments and random bytes must never
//! panic or hang the lexer or the preprocessor (a deterministic generator, so failures
//! reproduce).

use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::lex::{lex_file, TokenKind};
use oxicc::pp::{preprocess, MemLoader, PpContext};
use oxicc::source::{FileId, SourceMap};
use oxicc::Options;

/// xorshift64: small, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "\n#define ",
    "\n#undef ",
    "\n#if ",
    "\n#ifdef ",
    "\n#ifndef ",
    "\n#elif ",
    "\n#else\n",
    "\n#endif\n",
    "\n#include \"x.h\"\n",
    "\n#include <",
    "\n#include_next <y.h>\n",
    "\n#line ",
    "\n#pragma unroll ",
    "\n#pragma once\n",
    "\n#error ",
    "\n#warning ",
    "\n#pragma push_macro(\"F\")\n",
    "\n#pragma pop_macro(\"F\")\n",
    "\n#",
    "##",
    "#",
    "__VA_ARGS__",
    "__VA_OPT__(",
    "(",
    ")",
    ",",
    "F",
    "G",
    "F(",
    "G(x)",
    "A",
    "B",
    "...",
    "\n",
    " ",
    "1",
    "0",
    "/",
    "defined",
    "defined(",
    "_Pragma(\"unroll 2\")",
    "_Pragma(",
    "\"",
    "'",
    "\\\n",
    "/*",
    "*/",
    "//",
    "__LINE__",
    "__FILE__",
    "__COUNTER__",
    "__has_include(",
    "__has_include(<cstdio>)",
    "__has_attribute(",
    "__has_cpp_attribute(gnu::",
    "__has_builtin(__builtin_expect)",
    "::",
    "__GNUC__",
    "__INT64_C(",
    "linux",
    "\n#line 7 \"z.cu\"\n",
    "\n# 3 \"q.h\" 1\n",
    ">",
    ">>",
    "<<<",
    ">>>",
    "x",
    "y.h",
    "+",
    "-",
    "*",
    "?",
    ":",
    "||",
    "&&",
    "0x",
    "1'0",
    "'a'",
    "u8\"s\"",
    "R\"(r)\"",
    "é",
    "\u{0}",
];

fn run(src: &str, loader: &MemLoader, options: &Options) {
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add("main.cu", src);
    let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, options, loader);
    ctx.work_limit = 200_000;
    let out = preprocess(main, &mut ctx);
    assert_eq!(out.tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(
        out.tokens
            .iter()
            .filter(|t| t.kind == TokenKind::Eof)
            .count(),
        1
    );
    for t in &out.tokens {
        assert!(
            t.expansion == oxicc::lex::Token::NO_EXPANSION
                || (t.expansion as usize) < out.expansions.len()
        );
    }
    let _ = diags.render(&sources);
}

#[test]
fn fragment_soups_never_panic() {
    let loader = MemLoader::new()
        .with(
            "x.h",
            "#if __INCLUDE_LEVEL__ < 5\n#include \"x.h\"\n#endif\nF(1)\n",
        )
        .with("inc/y.h", "#include_next <y.h>\n")
        .with("inc2/y.h", "y\n");
    let options = Options {
        include_dirs: vec!["inc".into(), "inc2".into()],
        ..Default::default()
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let n = 5 + rng.below(60);
        let mut src = String::new();
        for _ in 0..n {
            src.push_str(FRAGMENTS[rng.below(FRAGMENTS.len())]);
            if rng.below(3) == 0 {
                src.push(' ');
            }
        }
        run(&src, &loader, &options);
    }
}

#[test]
fn random_bytes_never_panic() {
    let loader = MemLoader::new();
    let options = Options::default();
    let mut rng = Rng(12345);
    for _ in 0..2000 {
        let n = rng.below(200);
        let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let mut i = Interner::new();
        let toks = lex_file(FileId(0), &text, &mut i);
        assert_eq!(toks.last().map(|t| t.kind), Some(TokenKind::Eof));
        for t in &toks {
            assert!(t.span.start <= t.span.end && t.span.end as usize <= text.len());
            assert!(text.is_char_boundary(t.span.start as usize));
            assert!(text.is_char_boundary(t.span.end as usize));
        }
        run(&text, &loader, &options);
    }
}
