//! The lexer: source text to `Token`s, with `logos` doing the matching.
//!
//! `lex_file` never fails and never reports: anything that starts no token becomes an
//! `Unknown` token the parser reports (a stray character, an unterminated literal, or an
//! unterminated block comment, whose `Unknown` token spells `/*`). Line splices
//! (backslash-newline) are removed before matching, and token spans are mapped back to the
//! original text, so diagnostics point at the real bytes. Whitespace and comments are not
//! tokens; they set `leading_space`, and newlines set `line_start` on the next token.
//!
//! Two CUDA/C++ rules live here rather than in `logos` patterns: `>>` is two `>` tokens
//! (the first with `joined_next`), and `>>>` closes a kernel launch only when a `<<<` of
//! the same file is still open — otherwise it is three `>` (e.g. `A<B<C<int>>>`).

use logos::Logos;

use super::token::{Punct, Token, TokenKind};
use crate::intern::Interner;
use crate::source::{FileId, Span};

/// Raw matches of the `logos` automaton; `lex_file` turns them into `Token`s.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum Lexeme {
    #[regex(r"[ \t\x0B\x0C\r]+")]
    #[token("\u{FEFF}")]
    Space,
    #[token("\n")]
    Newline,
    #[regex(r"//[^\n]*")]
    LineComment,
    /// `true` when the comment is terminated.
    #[token("/*", block_comment)]
    BlockComment(bool),
    #[regex(r"[A-Za-z_$][A-Za-z0-9_$]*")]
    Ident,
    /// A pp-number: permissive, validated by the parser.
    #[regex(r"\.?[0-9]([0-9A-Za-z_.]|[eEpP][+-]|'[0-9A-Za-z_])*")]
    Number,
    #[regex(r#"(u8|u|U|L)?'([^'\\\n]|\\[^\n])*'"#)]
    Char,
    #[regex(r#"(u8|u|U|L)?'([^'\\\n]|\\[^\n])*"#)]
    UnterminatedChar,
    #[regex(r#"(u8|u|U|L)?"([^"\\\n]|\\[^\n])*""#)]
    Str,
    #[regex(r#"(u8|u|U|L)?"([^"\\\n]|\\[^\n])*"#)]
    UnterminatedStr,
    /// A raw string literal; `false` when it is malformed or unterminated.
    #[regex(r#"(u8|u|U|L)?R""#, raw_string)]
    RawString(bool),
    #[token("<<<")]
    LaunchOpen,
    #[token(">>>")]
    GtGtGt,
    #[token("(", |_| Punct::LParen)]
    #[token(")", |_| Punct::RParen)]
    #[token("[", |_| Punct::LBracket)]
    #[token("]", |_| Punct::RBracket)]
    #[token("{", |_| Punct::LBrace)]
    #[token("}", |_| Punct::RBrace)]
    #[token(";", |_| Punct::Semi)]
    #[token(",", |_| Punct::Comma)]
    #[token(":", |_| Punct::Colon)]
    #[token("::", |_| Punct::ColonColon)]
    #[token("?", |_| Punct::Question)]
    #[token(".", |_| Punct::Dot)]
    #[token("...", |_| Punct::Ellipsis)]
    #[token("->", |_| Punct::Arrow)]
    #[token(".*", |_| Punct::DotStar)]
    #[token("->*", |_| Punct::ArrowStar)]
    #[token("+", |_| Punct::Plus)]
    #[token("-", |_| Punct::Minus)]
    #[token("*", |_| Punct::Star)]
    #[token("/", |_| Punct::Slash)]
    #[token("%", |_| Punct::Percent)]
    #[token("&", |_| Punct::Amp)]
    #[token("|", |_| Punct::Pipe)]
    #[token("^", |_| Punct::Caret)]
    #[token("~", |_| Punct::Tilde)]
    #[token("!", |_| Punct::Bang)]
    #[token("=", |_| Punct::Assign)]
    #[token("<", |_| Punct::Lt)]
    #[token(">", |_| Punct::Gt)]
    #[token("++", |_| Punct::PlusPlus)]
    #[token("--", |_| Punct::MinusMinus)]
    #[token("<<", |_| Punct::Shl)]
    #[token("&&", |_| Punct::AmpAmp)]
    #[token("||", |_| Punct::PipePipe)]
    #[token("==", |_| Punct::EqEq)]
    #[token("!=", |_| Punct::NotEq)]
    #[token("<=", |_| Punct::Le)]
    #[token(">=", |_| Punct::Ge)]
    #[token("+=", |_| Punct::PlusAssign)]
    #[token("-=", |_| Punct::MinusAssign)]
    #[token("*=", |_| Punct::StarAssign)]
    #[token("/=", |_| Punct::SlashAssign)]
    #[token("%=", |_| Punct::PercentAssign)]
    #[token("&=", |_| Punct::AmpAssign)]
    #[token("|=", |_| Punct::PipeAssign)]
    #[token("^=", |_| Punct::CaretAssign)]
    #[token("<<=", |_| Punct::ShlAssign)]
    #[token(">>=", |_| Punct::ShrAssign)]
    #[token("#", |_| Punct::Hash)]
    #[token("##", |_| Punct::HashHash)]
    Punct(Punct),
}

/// Skips to the end of a block comment; `false` (and the rest of the input consumed) when
/// it is unterminated.
fn block_comment(lex: &mut logos::Lexer<Lexeme>) -> Option<bool> {
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            Some(true)
        }
        None => {
            lex.bump(rest.len());
            Some(false)
        }
    }
}

/// Matches the rest of a raw string `R"delim( … )delim"`; `false` when malformed.
fn raw_string(lex: &mut logos::Lexer<Lexeme>) -> Option<bool> {
    let rest = lex.remainder();
    let Some(open) = rest.find('(') else {
        return Some(false);
    };
    let delim = &rest[..open];
    if delim.len() > 16
        || delim
            .bytes()
            .any(|b| matches!(b, b' ' | b')' | b'\\' | b'\t' | b'\n' | b'\x0B' | b'\x0C'))
    {
        return Some(false);
    }
    let body = &rest[open + 1..];
    let mut search = 0;
    while let Some(i) = body[search..].find(')') {
        let at = search + i + 1;
        let tail = &body[at..];
        if tail.starts_with(delim) && tail[delim.len()..].starts_with('"') {
            lex.bump(open + 1 + at + delim.len() + 1);
            return Some(true);
        }
        search = at;
    }
    Some(false)
}

/// Where backslash-newline splices were removed: for a position in the spliced text, how
/// many bytes of the original text were removed before it.
struct SpliceMap {
    /// `(position in spliced text, bytes removed up to there)`, increasing.
    marks: Vec<(u32, u32)>,
}

impl SpliceMap {
    /// The original offset of spliced offset `p`.
    fn orig(&self, p: u32) -> u32 {
        let i = self.marks.partition_point(|&(at, _)| at <= p);
        if i == 0 {
            p
        } else {
            p + self.marks[i - 1].1
        }
    }
}

/// Removes line splices (a backslash, optional spaces or tabs, then a newline). Returns
/// `None` when there are none (the common case: no copy is made).
fn remove_splices(text: &str) -> Option<(String, SpliceMap)> {
    let bytes = text.as_bytes();
    let mut first = None;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\\' && splice_len(bytes, i).is_some() {
            first = Some(i);
            break;
        }
    }
    let first = first?;
    let mut out = String::with_capacity(text.len());
    let mut marks = Vec::new();
    let mut removed = 0u32;
    let mut copied_to = 0;
    let mut i = first;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if let Some(len) = splice_len(bytes, i) {
                out.push_str(&text[copied_to..i]);
                removed += len as u32;
                marks.push((out.len() as u32, removed));
                i += len;
                copied_to = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[copied_to..]);
    Some((out, SpliceMap { marks }))
}

/// The length of the splice starting at the backslash at `i`, if there is one.
fn splice_len(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r') {
        j += 1;
    }
    (j < bytes.len() && bytes[j] == b'\n').then_some(j + 1 - i)
}

/// Lexes one file. The result always ends with an `Eof` token (at the end of the text,
/// with `line_start` set).
pub fn lex_file(file: FileId, text: &str, interner: &mut Interner) -> Vec<Token> {
    match remove_splices(text) {
        None => lex_spliced(file, text, None, interner),
        Some((spliced, map)) => lex_spliced(file, &spliced, Some(&map), interner),
    }
}

/// Lexes a string that is not a file (a pasted token, a `_Pragma` operand); spans point
/// into `file` at offset 0 and mean nothing.
pub fn lex_str(text: &str, interner: &mut Interner) -> Vec<Token> {
    lex_file(FileId::default(), text, interner)
}

fn lex_spliced(
    file: FileId,
    text: &str,
    splices: Option<&SpliceMap>,
    interner: &mut Interner,
) -> Vec<Token> {
    let span_of = |r: std::ops::Range<usize>| -> Span {
        match splices {
            None => Span::new(file, r.start as u32, r.end as u32),
            Some(m) => {
                let start = m.orig(r.start as u32);
                let end = if r.end > r.start {
                    m.orig(r.end as u32 - 1) + 1
                } else {
                    start
                };
                Span::new(file, start, end)
            }
        }
    };
    let mut out: Vec<Token> = Vec::with_capacity(text.len() / 4 + 1);
    let mut leading_space = false;
    let mut line_start = true;
    // `<<<` seen and not yet closed by `>>>`.
    let mut open_launches = 0u32;
    let mut lex = Lexeme::lexer(text);
    while let Some(raw) = lex.next() {
        let range = lex.span();
        let kind = match raw {
            Ok(Lexeme::Space | Lexeme::LineComment | Lexeme::BlockComment(true)) => {
                leading_space = true;
                continue;
            }
            Ok(Lexeme::Newline) => {
                line_start = true;
                leading_space = false;
                continue;
            }
            Ok(Lexeme::BlockComment(false)) => {
                // Point at the `/*` only: the rest of the file is the comment.
                let span = span_of(range.start..range.start + 2);
                push(
                    &mut out,
                    TokenKind::Unknown(interner.intern("/*")),
                    span,
                    leading_space,
                    line_start,
                );
                break;
            }
            Ok(Lexeme::Ident) => TokenKind::Ident(interner.intern(lex.slice())),
            Ok(Lexeme::Number) => TokenKind::Number(interner.intern(lex.slice())),
            Ok(Lexeme::Char) => TokenKind::Char(interner.intern(lex.slice())),
            Ok(Lexeme::Str | Lexeme::RawString(true)) => {
                TokenKind::Str(interner.intern(lex.slice()))
            }
            Ok(Lexeme::UnterminatedChar | Lexeme::UnterminatedStr | Lexeme::RawString(false)) => {
                TokenKind::Unknown(interner.intern(lex.slice()))
            }
            Ok(Lexeme::LaunchOpen) => {
                open_launches += 1;
                TokenKind::LaunchOpen
            }
            Ok(Lexeme::GtGtGt) => {
                if open_launches > 0 {
                    open_launches -= 1;
                    TokenKind::LaunchClose
                } else {
                    // Three `>` closing nested template argument lists.
                    for k in 0..3 {
                        let span = span_of(range.start + k..range.start + k + 1);
                        let first = k == 0;
                        push(
                            &mut out,
                            TokenKind::Punct(Punct::Gt),
                            span,
                            first && leading_space,
                            first && line_start,
                        );
                        out.last_mut().unwrap().joined_next = k < 2;
                    }
                    leading_space = false;
                    line_start = false;
                    continue;
                }
            }
            Ok(Lexeme::Punct(p)) => TokenKind::Punct(p),
            Err(()) => {
                // One character (not byte) that starts no token.
                let mut end = range.end.max(range.start + 1);
                while end < text.len() && !text.is_char_boundary(end) {
                    end += 1;
                }
                let end = end.min(text.len());
                let s = text.get(range.start..end).unwrap_or("?");
                let span = span_of(range.start..end);
                push(
                    &mut out,
                    TokenKind::Unknown(interner.intern(s)),
                    span,
                    leading_space,
                    line_start,
                );
                leading_space = false;
                line_start = false;
                if end > range.end {
                    lex.bump(end - range.end);
                }
                continue;
            }
        };
        let span = span_of(range);
        // `>` directly followed by `>` may be a shift: record that it is joined.
        if let Some(prev) = out.last_mut() {
            if prev.kind == TokenKind::Punct(Punct::Gt)
                && kind == TokenKind::Punct(Punct::Gt)
                && !leading_space
                && !line_start
            {
                prev.joined_next = true;
            }
        }
        push(&mut out, kind, span, leading_space, line_start);
        leading_space = false;
        line_start = false;
    }
    let end = span_of(text.len()..text.len());
    let end = Span::new(file, end.start, end.start);
    push(&mut out, TokenKind::Eof, end, leading_space, true);
    out
}

fn push(out: &mut Vec<Token>, kind: TokenKind, span: Span, leading_space: bool, line_start: bool) {
    let mut t = Token::new(kind, span);
    t.leading_space = leading_space;
    t.line_start = line_start;
    out.push(t);
}
