//! Preparing an `#if` line for evaluation: macro expansion with the operators that must
//! see unexpanded names (`defined X`, `defined(X)`, `__has_include(…)`,
//! `__has_include_next(…)`, `__has_attribute(…)`, `__has_cpp_attribute(…)`,
//! `__has_builtin(…)`, `__has_feature(…)`), each replaced by `0` or `1`. Tokens are pulled
//! one at a time from the expander, so `defined` produced by a macro works as in gcc.

use super::expr::evaluate;
use super::{PpTok, Preprocessor};
use crate::lex::{spelling, Punct, Token, TokenKind};

impl Preprocessor<'_, '_> {
    /// Evaluates the expression of `#if`/`#elif` (`at` is the directive name).
    pub(super) fn eval_if(&mut self, line: &[Token], at: &Token) -> bool {
        if line.is_empty() {
            self.error_at(at, "#if with no expression");
            return false;
        }
        let file = self.current_file().unwrap_or(self.main);
        let saved = std::mem::take(&mut self.stack);
        let saved_in_if = std::mem::replace(&mut self.in_if, true);
        let mut buf = self.take_buf();
        buf.extend(line.iter().map(|t| PpTok::new(*t)));
        self.push_src(buf, None);
        let mut toks: Vec<Token> = Vec::with_capacity(line.len());
        let mut failed = false;
        while let Some(t) = self.next_expanded() {
            let TokenKind::Ident(s) = t.tok.kind else {
                toks.push(t.tok);
                continue;
            };
            let value = if s == self.names.defined {
                self.if_defined(&t).map(i64::from)
            } else if s == self.names.has_include || s == self.names.has_include_next {
                self.if_has_include(&t, file, s == self.names.has_include_next)
                    .map(i64::from)
            } else if let Some(which) = self.names.feature_test(s) {
                self.feature_test_value(&t, which)
            } else if self.names.is_if_operator(s) {
                // `__has_feature(x)`, `__has_extension(x)`: clang's, which gcc 12 (nvcc's
                // preprocessor) does not define; we say 0 rather than failing.
                self.if_skip_parens(&t).map(|_| 0)
            } else {
                toks.push(t.tok);
                continue;
            };
            match value {
                Some(v) => {
                    let mut n = t.tok;
                    n.kind = TokenKind::Number(match v {
                        0 => self.names.zero,
                        1 => self.names.one,
                        v => self.ctx.interner.intern(&v.to_string()),
                    });
                    toks.push(n);
                }
                None => {
                    failed = true;
                    break;
                }
            }
        }
        self.restore_stack(saved);
        self.in_if = saved_in_if;
        if failed {
            return false;
        }
        let mut warnings = Vec::new();
        let value = evaluate(&toks, *at, &self.names, self.ctx.interner, &mut warnings);
        for (tok, msg) in warnings {
            self.warning_at(&tok, msg);
        }
        match value {
            Ok(v) => v,
            Err((tok, msg)) => {
                self.error_at(&tok, msg);
                false
            }
        }
    }

    /// `defined X` / `defined ( X )` after the `defined` token.
    fn if_defined(&mut self, at: &PpTok) -> Option<bool> {
        let mut t = self.next_raw();
        let paren = t.is_some_and(|t| t.tok.is_punct(Punct::LParen));
        if paren {
            t = self.next_raw();
        }
        let Some(name) = t.and_then(|t| t.tok.ident()) else {
            self.error_at(&at.tok, "operator \"defined\" requires an identifier");
            return None;
        };
        if paren
            && !self
                .next_raw()
                .is_some_and(|t| t.tok.is_punct(Punct::RParen))
        {
            self.error_at(&at.tok, "missing ')' after \"defined\"");
            return None;
        }
        Some(self.is_defined(name))
    }

    /// `__has_include ( "x" )`, `( <x> )` or `( macros )`.
    fn if_has_include(
        &mut self,
        at: &PpTok,
        file: crate::source::FileId,
        next: bool,
    ) -> Option<bool> {
        let op = spelling(&at.tok, self.ctx.interner).to_string();
        if !self
            .next_raw()
            .is_some_and(|t| t.tok.is_punct(Punct::LParen))
        {
            self.error_at(&at.tok, format!("missing '(' after \"{op}\""));
            return None;
        }
        let mut inner = Vec::new();
        let mut depth = 0u32;
        loop {
            let Some(t) = self.next_raw() else {
                self.error_at(&at.tok, format!("missing ')' after \"{op}\" operand"));
                return None;
            };
            if t.tok.is_punct(Punct::LParen) {
                depth += 1;
            } else if t.tok.is_punct(Punct::RParen) {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            inner.push(t);
        }
        let direct = inner
            .first()
            .is_some_and(|t| matches!(t.tok.kind, TokenKind::Str(_)) || t.tok.is_punct(Punct::Lt));
        let toks = if direct {
            inner
        } else {
            self.expand_list(&inner)
        };
        let (name, angled, _) = self.header_name_from_tokens(&toks, &at.tok)?;
        let after = if next {
            self.include_next_start(file)
        } else {
            None
        };
        Some(self.resolve_include(&name, angled, file, after).is_some())
    }

    /// Skips a parenthesized operand after `at`.
    fn if_skip_parens(&mut self, at: &PpTok) -> Option<()> {
        if !self
            .next_raw()
            .is_some_and(|t| t.tok.is_punct(Punct::LParen))
        {
            let op = spelling(&at.tok, self.ctx.interner).to_string();
            self.error_at(&at.tok, format!("missing '(' after \"{op}\""));
            return None;
        }
        let mut depth = 0u32;
        loop {
            let t = self.next_raw()?;
            if t.tok.is_punct(Punct::LParen) {
                depth += 1;
            } else if t.tok.is_punct(Punct::RParen) {
                if depth == 0 {
                    return Some(());
                }
                depth -= 1;
            }
        }
    }
}
