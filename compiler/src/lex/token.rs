//! Tokens as the preprocessor produces them and the parser consumes them.
//!
//! Keywords are not separate kinds: they are `Ident` tokens whose symbol is one of the
//! pre-interned keywords (`intern::kw`), because the preprocessor must treat them as plain
//! identifiers (a macro may be named `inline`). Numbers are lexed as permissive pp-numbers
//! and validated when the parser converts them. `>>` is lexed as two `>` tokens, the first
//! with `joined_next` set, so a template argument list can close on the first one.

use crate::intern::Symbol;
use crate::source::Span;

/// Punctuators of C++.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Semi,
    Comma,
    Colon,
    ColonColon,
    Question,
    Dot,
    Ellipsis,
    Arrow,
    DotStar,
    ArrowStar,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Bang,
    Assign,
    Lt,
    Gt,
    PlusPlus,
    MinusMinus,
    Shl,
    // Note: `>>` is never produced; it is two `Gt` with `joined_next` on the first.
    AmpAmp,
    PipePipe,
    EqEq,
    NotEq,
    Le,
    Ge,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    AmpAssign,
    PipeAssign,
    CaretAssign,
    ShlAssign,
    ShrAssign,
    /// `#` (directive introducer or stringizing operator).
    Hash,
    /// `##` (token pasting).
    HashHash,
}

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Identifier or keyword; the symbol is its text.
    Ident(Symbol),
    /// A pp-number; the symbol is its text (e.g. `0x1fu`, `1.5e-3f`).
    Number(Symbol),
    /// A character literal; the symbol is its full text with quotes and prefix (`'a'`, `L'x'`).
    Char(Symbol),
    /// A string literal; the symbol is its full text with quotes and prefix.
    Str(Symbol),
    Punct(Punct),
    /// `<<<` of a kernel launch (only meaningful in host code, which is skipped).
    LaunchOpen,
    /// `>>>` of a kernel launch.
    LaunchClose,
    /// A character that starts no token (e.g. `@`, a stray `` ` ``, non-ASCII outside
    /// literals), or an unterminated literal/comment; the parser reports it.
    Unknown(Symbol),
    /// End of input (after all includes are done).
    Eof,
}

/// A token with its location and layout flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    /// Where the token is, or for a token from a macro expansion, the macro use.
    pub span: Span,
    /// Whitespace precedes the token (used by stringizing and `#define f (` vs `f(`).
    pub leading_space: bool,
    /// First token on its line (used to recognize directives).
    pub line_start: bool,
    /// This `>` is immediately followed by another `>` (so the pair may mean `>>`).
    pub joined_next: bool,
    /// Index into the preprocessor's expansion table when the token came from a macro
    /// expansion (for "in expansion of macro" notes); `u32::MAX` otherwise.
    pub expansion: u32,
}

impl Token {
    pub const NO_EXPANSION: u32 = u32::MAX;

    pub fn new(kind: TokenKind, span: Span) -> Token {
        Token {
            kind,
            span,
            leading_space: false,
            line_start: false,
            joined_next: false,
            expansion: Token::NO_EXPANSION,
        }
    }

    pub fn is_punct(&self, p: Punct) -> bool {
        self.kind == TokenKind::Punct(p)
    }

    pub fn is_ident(&self, s: Symbol) -> bool {
        self.kind == TokenKind::Ident(s)
    }

    pub fn ident(&self) -> Option<Symbol> {
        match self.kind {
            TokenKind::Ident(s) => Some(s),
            _ => None,
        }
    }
}

/// How `#pragma unroll` reaches the parser: the preprocessor replaces `#pragma unroll [N]` by the identifier token
/// `__pragma_unroll` followed by `(`, an optional constant expression tokens, `)` and `;`
/// — i.e. it looks like a statement `__pragma_unroll(N);` / `__pragma_unroll();` which the
/// parser recognizes and attaches to the following loop statement. Other pragmas are dropped
/// (with `#pragma once` handled by the preprocessor itself).
pub const PRAGMA_UNROLL_IDENT: &str = "__pragma_unroll";
