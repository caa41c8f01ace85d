//! The text of a token: what stringizing (`#`), token pasting (`##`), `#include <…>` built
//! from macro tokens and test snapshots print.
//!
//! Identifiers, numbers, literals and unknown tokens carry their text as an interned symbol;
//! punctuators have a fixed spelling, listed here once.

use super::token::{Punct, Token, TokenKind};
use crate::intern::Interner;

/// The source spelling of a punctuator.
pub fn punct_str(p: Punct) -> &'static str {
    use Punct::*;
    match p {
        LParen => "(",
        RParen => ")",
        LBracket => "[",
        RBracket => "]",
        LBrace => "{",
        RBrace => "}",
        Semi => ";",
        Comma => ",",
        Colon => ":",
        ColonColon => "::",
        Question => "?",
        Dot => ".",
        Ellipsis => "...",
        Arrow => "->",
        DotStar => ".*",
        ArrowStar => "->*",
        Plus => "+",
        Minus => "-",
        Star => "*",
        Slash => "/",
        Percent => "%",
        Amp => "&",
        Pipe => "|",
        Caret => "^",
        Tilde => "~",
        Bang => "!",
        Assign => "=",
        Lt => "<",
        Gt => ">",
        PlusPlus => "++",
        MinusMinus => "--",
        Shl => "<<",
        AmpAmp => "&&",
        PipePipe => "||",
        EqEq => "==",
        NotEq => "!=",
        Le => "<=",
        Ge => ">=",
        PlusAssign => "+=",
        MinusAssign => "-=",
        StarAssign => "*=",
        SlashAssign => "/=",
        PercentAssign => "%=",
        AmpAssign => "&=",
        PipeAssign => "|=",
        CaretAssign => "^=",
        ShlAssign => "<<=",
        ShrAssign => ">>=",
        Hash => "#",
        HashHash => "##",
    }
}

/// The source spelling of a token kind (`""` for `Eof`).
pub fn kind_spelling(kind: TokenKind, interner: &Interner) -> &str {
    match kind {
        TokenKind::Ident(s)
        | TokenKind::Number(s)
        | TokenKind::Char(s)
        | TokenKind::Str(s)
        | TokenKind::Unknown(s) => interner.resolve(s),
        TokenKind::Punct(p) => punct_str(p),
        TokenKind::LaunchOpen => "<<<",
        TokenKind::LaunchClose => ">>>",
        TokenKind::Eof => "",
    }
}

/// The source spelling of a token (`""` for `Eof`).
pub fn spelling<'a>(tok: &Token, interner: &'a Interner) -> &'a str {
    kind_spelling(tok.kind, interner)
}

/// Prints tokens as text: a space where the source had whitespace, a newline before each
/// token that started a line. Meant for tests, `-E`-style dumps and debugging.
pub fn tokens_to_text(tokens: &[Token], interner: &Interner) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind == TokenKind::Eof {
            break;
        }
        if i > 0 {
            if t.line_start {
                out.push('\n');
            } else if t.leading_space {
                out.push(' ');
            }
        }
        out.push_str(spelling(t, interner));
    }
    out
}

/// Prints tokens separated by single spaces (layout-independent; for comparing token
/// streams in tests).
pub fn tokens_to_spaced(tokens: &[Token], interner: &Interner) -> String {
    let mut out = String::new();
    for t in tokens {
        if t.kind == TokenKind::Eof {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(spelling(t, interner));
    }
    out
}
