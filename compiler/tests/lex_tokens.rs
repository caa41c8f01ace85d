//! Lexer tests: token streams as snapshots (form), plus exact checks of the rules that
//! matter downstream (`>>` splitting, `>>>` launches, splices mapping spans back, flags).

use oxicc::intern::Interner;
use oxicc::lex::{lex_file, spelling, Punct, Token, TokenKind};
use oxicc::source::FileId;

/// One line per token: kind, text, byte range and layout flags.
fn dump(src: &str) -> String {
    let mut i = Interner::new();
    let toks = lex_file(FileId(0), src, &mut i);
    let mut out = String::new();
    for t in &toks {
        let kind = match t.kind {
            TokenKind::Ident(_) => "ident",
            TokenKind::Number(_) => "number",
            TokenKind::Char(_) => "char",
            TokenKind::Str(_) => "str",
            TokenKind::Punct(_) => "punct",
            TokenKind::LaunchOpen => "launch-open",
            TokenKind::LaunchClose => "launch-close",
            TokenKind::Unknown(_) => "unknown",
            TokenKind::Eof => "eof",
        };
        let mut flags = String::new();
        if t.line_start {
            flags.push_str(" bol");
        }
        if t.leading_space {
            flags.push_str(" space");
        }
        if t.joined_next {
            flags.push_str(" joined");
        }
        out.push_str(&format!(
            "{kind:12} {:?} {}..{}{flags}\n",
            spelling(t, &i),
            t.span.start,
            t.span.end
        ));
    }
    out
}

fn lex(src: &str) -> (Vec<Token>, Interner) {
    let mut i = Interner::new();
    let toks = lex_file(FileId(0), src, &mut i);
    (toks, i)
}

fn texts(src: &str) -> Vec<String> {
    let (toks, i) = lex(src);
    toks.iter()
        .filter(|t| t.kind != TokenKind::Eof)
        .map(|t| spelling(t, &i).to_string())
        .collect()
}

#[test]
fn kernel_snapshot() {
    insta::assert_snapshot!(dump(
        "__global__ void k(float *a, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) a[i] = a[i] >> 2; // shift\n}\n"
    ));
}

#[test]
fn numbers_snapshot() {
    insta::assert_snapshot!(dump(
        "1.5e+3f 0x1p-3 1'000'000 .5 07 0b101u 1e10 12ULL 0x1fu 1..2 3.f"
    ));
}

#[test]
fn literals_snapshot() {
    insta::assert_snapshot!(dump(
        "'a' L'b' u8'c' u'd' U'e' '\\'' \"s\\\"t\" u8\"x\" L\"w\" R\"xy(a)\"b)xy\" uR\"(q)\""
    ));
}

#[test]
fn directives_snapshot() {
    insta::assert_snapshot!(dump(
        "#define F(x) \\\n  ((x) + 1)\n  # include <a.h>\n/* c\n */ #x\n"
    ));
}

#[test]
fn shifts_are_two_joined_gt() {
    let (toks, _) = lex("x >> 2; a > > b; y >>= 1;");
    let gts: Vec<(u32, bool)> = toks
        .iter()
        .filter(|t| t.is_punct(Punct::Gt))
        .map(|t| (t.span.start, t.joined_next))
        .collect();
    assert_eq!(gts, vec![(2, true), (3, false), (10, false), (12, false)]);
    assert!(toks.iter().any(|t| t.is_punct(Punct::ShrAssign)));
}

#[test]
fn launch_brackets_only_pair_up() {
    let (toks, _) = lex("k<<<g, b>>>(x); A<B<C<int>>> v;");
    let kinds: Vec<TokenKind> = toks.iter().map(|t| t.kind).collect();
    assert_eq!(
        kinds
            .iter()
            .filter(|k| **k == TokenKind::LaunchOpen)
            .count(),
        1
    );
    assert_eq!(
        kinds
            .iter()
            .filter(|k| **k == TokenKind::LaunchClose)
            .count(),
        1
    );
    // The template closer is three `>`, the first two joined.
    let gts: Vec<bool> = toks
        .iter()
        .filter(|t| t.is_punct(Punct::Gt))
        .map(|t| t.joined_next)
        .collect();
    assert_eq!(gts, vec![true, true, false]);
}

#[test]
fn splices_map_spans_to_original_text() {
    let src = "ab\\\ncd e\\  \nf";
    let (toks, i) = lex(src);
    assert_eq!(spelling(&toks[0], &i), "abcd");
    assert_eq!((toks[0].span.start, toks[0].span.end), (0, 6));
    assert_eq!(spelling(&toks[1], &i), "ef");
    assert_eq!((toks[1].span.start, toks[1].span.end), (7, 13));
    assert!(!toks[1].line_start);
}

#[test]
fn comments_and_flags() {
    let (toks, _) = lex("a/*x*/b // c\n  d");
    assert!(!toks[1].line_start && toks[1].leading_space);
    assert!(toks[2].line_start && toks[2].leading_space);
    assert_eq!(toks[3].kind, TokenKind::Eof);
}

#[test]
fn unterminated_things_are_unknown() {
    assert_eq!(texts("a /* never closed\n b"), vec!["a", "/*"]);
    assert_eq!(texts("x = \"abc\ny"), vec!["x", "=", "\"abc", "y"]);
    assert_eq!(texts("don't\n#endif"), vec!["don", "'t", "#", "endif"]);
    let (toks, _) = lex("@ ` \\");
    assert!(toks[..3]
        .iter()
        .all(|t| matches!(t.kind, TokenKind::Unknown(_))));
}

#[test]
fn non_ascii_and_odd_bytes_never_panic() {
    let (toks, i) = lex("é\u{0}\u{FEFF}x \"ü\" '\u{1F600}'");
    assert_eq!(spelling(&toks[0], &i), "é");
    assert_eq!(texts("\u{FEFF}int"), vec!["int"]);
    let all: String = (0u8..=127).map(|b| b as char).collect::<String>() + "\\";
    let _ = lex(&all);
    let _ = lex("R\"abc");
    let _ = lex("R\"((((");
    let _ = lex("u8R\"x(y)x");
}

#[test]
fn keywords_are_identifiers_with_keyword_symbols() {
    let (toks, _) = lex("if __global__ inline");
    assert!(toks[0].is_ident(oxicc::intern::kw::IF));
    assert!(toks[1].is_ident(oxicc::intern::kw::GLOBAL));
    assert!(toks[2].is_ident(oxicc::intern::kw::INLINE));
}
