//! Lambda expressions: `[captures] specs (params) mutable -> ret { body }`.
//!
//! Captures are `=`, `&` (defaults), `x`, `&x`, `this`, `*this`, and init-captures
//! `y = e` / `&y = e`; `y(e)`, `y{e}` and packs are "not supported yet". nvcc's extended-lambda annotations (`__device__`,
//! `__host__`) may follow the captures. The parameters are visible in the body; every
//! lambda is also recorded in `TranslationUnit::lambdas` under its index.

use super::{PResult, Parser};
use crate::ast::{Capture, CaptureDefault, CaptureKind, DeclSpecs, Expr, ExprKind, LambdaExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};

const KW_THIS: Symbol = kw::sym("this");
const KW_MUTABLE: Symbol = kw::sym("mutable");

impl<'a, 'c> Parser<'a, 'c> {
    /// A lambda expression, at its `[`.
    pub(super) fn lambda_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        let (default_capture, captures, inits) = self.lambda_captures()?;
        let mut specs = DeclSpecs::default();
        loop {
            if self.eat_kw(kw::DEVICE) {
                specs.device = true;
            } else if self.eat_kw(kw::HOST) {
                specs.host = true;
            } else if self.at_kw(kw::ATTRIBUTE) {
                self.attributes(&mut None)?;
            } else {
                break;
            }
        }
        let (params, variadic) = if self.at(Punct::LParen) {
            self.param_list()?
        } else {
            (&[][..], false)
        };
        let mut is_mutable = false;
        let mut ret = None;
        loop {
            if self.eat_kw(KW_MUTABLE) {
                is_mutable = true;
            } else if self.eat_kw(kw::CONSTEXPR) {
            } else if self.eat_kw(super::specs::KW_NOEXCEPT) {
                if self.at(Punct::LParen) {
                    self.skip_balanced_parens()?;
                }
            } else if self.at_kw(kw::ATTRIBUTE) {
                self.attributes(&mut None)?;
            } else if self.eat(Punct::Arrow) {
                ret = Some(self.type_name()?);
            } else {
                break;
            }
        }
        if !self.at(Punct::LBrace) {
            return Err(self.error_here("expected `{` to begin the lambda body"));
        }
        let depth = self.scopes.depth();
        self.scopes.push();
        for c in captures {
            if let CaptureKind::Init { name, .. } = c.kind {
                self.scopes.declare(name, super::scope::NameKind::Value);
            }
        }
        for p in params {
            if let Some(n) = p.name {
                self.scopes.declare(n, super::scope::NameKind::Value);
            }
        }
        // A lambda body is a new function: a pending `#pragma unroll` does not enter it.
        let unroll = self.pending_unroll.take();
        let body = self.compound_statement();
        self.pending_unroll = unroll;
        self.scopes.truncate(depth);
        let body = self.alloc(body?);
        let span = start.to(self.prev_span());
        let index = self.lambdas.len() as u32;
        let lambda = self.alloc(LambdaExpr {
            index,
            default_capture,
            captures,
            inits,
            params,
            variadic,
            ret,
            is_mutable,
            specs,
            body,
            span,
        });
        self.lambdas.push(lambda);
        Ok(self.alloc(Expr {
            kind: ExprKind::Lambda(lambda),
            span,
        }))
    }

    /// `[ … ]`: the default capture and the explicit captures (the `[` is consumed).
    #[allow(clippy::type_complexity)]
    fn lambda_captures(
        &mut self,
    ) -> PResult<(Option<CaptureDefault>, &'a [Capture], &'a [&'a Expr<'a>])> {
        let mut default = None;
        let mut caps = Vec::new();
        let mut inits: Vec<&'a Expr<'a>> = Vec::new();
        let mut first = true;
        while !self.at(Punct::RBracket) {
            if !first {
                self.expect(Punct::Comma, "between lambda captures")?;
            }
            let span = self.span();
            let ends = |p: &Self, n: usize| {
                p.peek_at(n).is_punct(Punct::Comma) || p.peek_at(n).is_punct(Punct::RBracket)
            };
            if first && self.at(Punct::Assign) && ends(self, 1) {
                self.bump();
                default = Some(CaptureDefault::Copy);
            } else if first && self.at(Punct::Amp) && ends(self, 1) {
                self.bump();
                default = Some(CaptureDefault::Ref);
            } else if self.eat(Punct::Amp) {
                let Some((n, _)) = self.eat_plain_ident() else {
                    return Err(self.error_here("expected a name to capture by reference"));
                };
                caps.push(Capture {
                    kind: CaptureKind::Ref(n),
                    span: span.to(self.prev_span()),
                });
            } else if self.eat_kw(KW_THIS) {
                caps.push(Capture {
                    kind: CaptureKind::This,
                    span,
                });
            } else if self.at(Punct::Star) && self.peek_at(1).is_ident(KW_THIS) {
                self.bump();
                self.bump();
                caps.push(Capture {
                    kind: CaptureKind::StarThis,
                    span: span.to(self.prev_span()),
                });
            } else if let Some((n, _)) = self.eat_plain_ident() {
                caps.push(Capture {
                    kind: CaptureKind::Copy(n),
                    span,
                });
            } else {
                let text = self.token_text(&self.peek().clone());
                return Err(self.error_here(format!("expected a lambda capture, found `{text}`")));
            }
            if self.at(Punct::Assign) {
                // An init-capture: the name just parsed is a new variable.
                let last = caps.pop().expect("a capture was just parsed");
                let (name, by_ref) = match last.kind {
                    CaptureKind::Copy(n) => (n, false),
                    CaptureKind::Ref(n) => (n, true),
                    _ => return Err(self.error_here("expected a name before `=` in a capture")),
                };
                self.bump();
                let e = self.assign_expr()?;
                caps.push(Capture {
                    kind: CaptureKind::Init {
                        name,
                        by_ref,
                        init: inits.len() as u32,
                    },
                    span: last.span.to(self.prev_span()),
                });
                inits.push(e);
            }
            if self.at(Punct::LParen) || self.at(Punct::LBrace) {
                let span = self.span();
                return Err(self.unsupported(span, "an init-capture"));
            }
            if self.at(Punct::Ellipsis) {
                let span = self.span();
                return Err(self.unsupported(span, "a pack capture"));
            }
            first = false;
            if matches!(self.kind(), TokenKind::Eof) {
                break;
            }
        }
        self.expect(Punct::RBracket, "to close the lambda captures")?;
        Ok((default, self.alloc_slice(caps), self.alloc_slice(inits)))
    }
}
