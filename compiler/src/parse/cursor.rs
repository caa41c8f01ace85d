//! Token access, error reporting, recovery and the nesting guard of the parser.
//!
//! The cursor never moves past the final `Eof`, so reading ahead is always safe. Errors are
//! reported once at the offending token and turned into `Failed`; statement and declaration
//! loops then recover by skipping to a synchronizing token. `nested` bounds recursion, and
//! `speculate` runs a sub-parse whose failure is undone without a trace (used where C++
//! needs a tentative parse, e.g. `(T)x` versus `(x)`).

use super::{Failed, PResult, Parser, MAX_NESTING, MAX_TREE_DEPTH};
use crate::diag::{Diag, Diagnostics};
use crate::intern::Symbol;
use crate::lex::token::{Punct, Token, TokenKind};
use crate::source::Span;

/// The source spelling of a punctuator (the lexer's table).
pub(crate) use crate::lex::spelling::punct_str as punct_text;

impl<'a, 'c> Parser<'a, 'c> {
    pub(super) fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub(super) fn peek_at(&self, n: usize) -> &Token {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }

    pub(super) fn kind(&self) -> TokenKind {
        self.peek().kind
    }

    pub(super) fn span(&self) -> Span {
        self.peek().span
    }

    /// The span of the last consumed token (the current one at the start).
    pub(super) fn prev_span(&self) -> Span {
        if self.pos == 0 {
            self.span()
        } else {
            self.toks[(self.pos - 1).min(self.toks.len() - 1)].span
        }
    }

    pub(super) fn at_eof(&self) -> bool {
        self.kind() == TokenKind::Eof
    }

    pub(super) fn eof_index(&self) -> usize {
        self.toks.len() - 1
    }

    /// Consumes the current token (never moves past `Eof`) and returns it.
    pub(super) fn bump(&mut self) -> Token {
        let t = *self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    pub(super) fn at(&self, p: Punct) -> bool {
        self.kind() == TokenKind::Punct(p)
    }

    pub(super) fn at_kw(&self, s: Symbol) -> bool {
        self.kind() == TokenKind::Ident(s)
    }

    pub(super) fn eat(&mut self, p: Punct) -> bool {
        if self.at(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(super) fn eat_kw(&mut self, s: Symbol) -> bool {
        if self.at_kw(s) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `p` or reports "expected `p` <context>" at the current token.
    pub(super) fn expect(&mut self, p: Punct, context: &str) -> PResult<Span> {
        if self.at(p) {
            Ok(self.bump().span)
        } else {
            let msg = if context.is_empty() {
                format!("expected `{}`", punct_text(p))
            } else {
                format!("expected `{}` {}", punct_text(p), context)
            };
            Err(self.error_here(msg))
        }
    }

    /// An identifier that is not a keyword, consumed.
    pub(super) fn eat_plain_ident(&mut self) -> Option<(Symbol, Span)> {
        match self.kind() {
            TokenKind::Ident(s) if !s.is_keyword() => Some((s, self.bump().span)),
            _ => None,
        }
    }

    /// Text of a token for messages.
    pub(super) fn token_text(&self, t: &Token) -> String {
        match t.kind {
            TokenKind::Ident(s)
            | TokenKind::Number(s)
            | TokenKind::Char(s)
            | TokenKind::Str(s)
            | TokenKind::Unknown(s) => self.interner.resolve(s).to_string(),
            TokenKind::Punct(p) => punct_text(p).to_string(),
            TokenKind::LaunchOpen => "<<<".to_string(),
            TokenKind::LaunchClose => ">>>".to_string(),
            TokenKind::Eof => "end of file".to_string(),
        }
    }

    /// Reports an error (unless the parse already stopped) and returns `Failed`.
    pub(super) fn error(&mut self, span: Span, msg: impl Into<String>) -> Failed {
        // A token right after a removed bad token already has its error.
        let after_bad = self.after_bad_token.contains(&(span.file, span.start));
        if self.fatal.is_none() && !after_bad {
            self.diags.error(span, msg);
        }
        Failed
    }

    pub(super) fn error_here(&mut self, msg: impl Into<String>) -> Failed {
        let span = self.span();
        self.error(span, msg)
    }

    /// Reports "expected `}` …" at the end of the input once: the enclosing blocks that
    /// are unclosed too would only repeat it.
    pub(super) fn error_unclosed_at_eof(&mut self, msg: &str, open: Span) -> Failed {
        if self.fatal.is_none() && !self.eof_reported {
            self.eof_reported = true;
            let d = Diag::error(self.span(), msg).with_note(open, "to match this `{`");
            self.diags.push(d);
        }
        Failed
    }

    pub(super) fn warning(&mut self, span: Span, msg: impl Into<String>) {
        if self.fatal.is_none() {
            self.diags.warning(span, msg);
        }
    }

    /// Reports a C++ construct that this parser does not handle yet. Host code that hits one
    /// becomes `Decl::Unsupported` at file scope (see `toplevel.rs`).
    pub(super) fn unsupported(&mut self, span: Span, what: &str) -> Failed {
        self.saw_cxx = true;
        self.error(span, format!("{what} is not supported yet"))
    }

    /// Runs `f` one nesting level deeper; beyond `MAX_NESTING` levels (or a tree deeper than
    /// `MAX_TREE_DEPTH`) the whole parse stops with "nesting too deep".
    pub(super) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn enter(&mut self) -> PResult<()> {
        if self.fatal.is_some() {
            return Err(Failed);
        }
        if self.depth >= MAX_NESTING {
            self.stop_too_deep(format!(
                "nesting too deep: more than {MAX_NESTING} nested levels"
            ));
            return Err(Failed);
        }
        self.depth += 1;
        Ok(())
    }

    /// Counts one more link of a left-nested chain (`a + b + …`, `a[i][j]…`) being built.
    pub(super) fn chain_link(&mut self) -> PResult<()> {
        if self.fatal.is_some() {
            return Err(Failed);
        }
        self.chain_depth += 1;
        if self.depth + self.chain_depth > MAX_TREE_DEPTH {
            self.stop_too_deep(format!(
                "expression nesting too deep: more than {MAX_TREE_DEPTH} levels"
            ));
            return Err(Failed);
        }
        Ok(())
    }

    fn stop_too_deep(&mut self, msg: String) {
        let span = self.span();
        self.fatal = Some(Diag::error(span, msg));
        self.pos = self.eof_index();
    }

    /// Runs `f` tentatively: on failure (or any error reported inside), the cursor, the
    /// diagnostics and the C++ flag are restored and `None` is returned.
    pub(super) fn speculate<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> Option<T> {
        let start = self.pos;
        let saw_cxx = self.saw_cxx;
        let saved = std::mem::replace(self.diags, Diagnostics::new());
        let r = f(self);
        let inner = std::mem::replace(self.diags, saved);
        self.saw_cxx = saw_cxx;
        match r {
            Ok(v) if !inner.has_errors() && self.fatal.is_none() => {
                for d in inner.list {
                    self.diags.push(d);
                }
                Some(v)
            }
            _ => {
                if self.fatal.is_none() {
                    self.pos = start;
                }
                None
            }
        }
    }

    /// After a skipped `{…}`: does the statement go on (the braces were an initializer or a
    /// compound literal inside an expression, or an `if` block with an `else`)?
    fn block_continues(&self) -> bool {
        use Punct::*;
        match self.kind() {
            TokenKind::Ident(s) => s == crate::intern::kw::ELSE,
            TokenKind::Punct(p) => matches!(
                p,
                Semi | LBracket
                    | RBracket
                    | RParen
                    | Dot
                    | Arrow
                    | Comma
                    | Question
                    | Colon
                    | Assign
                    | PlusAssign
                    | MinusAssign
                    | StarAssign
                    | SlashAssign
                    | PercentAssign
                    | AmpAssign
                    | PipeAssign
                    | CaretAssign
                    | ShlAssign
                    | ShrAssign
                    | Slash
                    | Percent
                    | Lt
                    | Gt
                    | Le
                    | Ge
                    | EqEq
                    | NotEq
                    | Pipe
                    | Caret
                    | PipePipe
                    | AmpAmp
                    | Shl
            ),
            _ => false,
        }
    }

    /// The index just past the bracket that closes the one at `open` (`(`, `[` or `{`),
    /// counting all three kinds; `None` if the input ends first.
    pub(super) fn matching_close(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = open;
        while i < self.toks.len() {
            match self.toks[i].kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                TokenKind::Eof => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// Statement recovery: skips to just after a `;` or a balanced `{…}` at this level, or
    /// to (not past) a `}` that closes the enclosing block. Always makes progress unless at
    /// `}` or `Eof`.
    pub(super) fn recover_statement(&mut self) {
        self.recover_statement_at_depth(0);
    }

    /// Statement recovery for a statement that began at token `start`: brackets it opened
    /// before the error (`g([](int x) { … });`) count, so recovery does not stop inside them.
    pub(super) fn recover_statement_from(&mut self, start: usize) {
        let mut depth = 0usize;
        let mut braces = 0usize;
        for t in &self.toks[start.min(self.pos)..self.pos] {
            match t.kind {
                TokenKind::Punct(Punct::LBrace) => braces += 1,
                TokenKind::Punct(Punct::RBrace) => braces = braces.saturating_sub(1),
                TokenKind::Punct(Punct::LParen | Punct::LBracket) if braces == 0 => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) if braces == 0 => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
        }
        self.recover_statement_at_depth(depth);
    }

    fn recover_statement_at_depth(&mut self, initial: usize) {
        let mut depth = initial;
        loop {
            match self.kind() {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                // Braces dominate: an unbalanced `(` in the bad statement must not make
                // recovery run past the end of its block.
                TokenKind::Punct(Punct::RBrace) => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    depth = depth.saturating_sub(1);
                }
                TokenKind::Punct(Punct::LBrace) => {
                    match self.matching_close(self.pos) {
                        Some(end) => self.pos = end,
                        None => self.pos = self.eof_index(),
                    }
                    if depth == 0 && !self.block_continues() {
                        return;
                    }
                    continue;
                }
                _ => {}
            }
            self.bump();
        }
    }
}
