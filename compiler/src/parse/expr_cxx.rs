//! C++'s expression forms beside C's: `new` and `delete`, the named casts
//! (`static_cast<T>(e)`, `reinterpret_cast`, `const_cast`; `dynamic_cast` and `typeid`
//! are only skipped, nvcc rejects them in device code), functional casts and
//! constructions (`T(args)`, `T{args}`, `int(x)`) and their argument lists.

use super::{PResult, Parser};
use crate::ast::{BuiltinType, CastKind, Expr, ExprKind, Init, IntSuffix, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

impl<'a, 'c> Parser<'a, 'c> {
    /// `dynamic_cast<T>(e)` / `typeid(…)`: nvcc rejects them in device code, so they are
    /// only skipped here (through their parenthesized operand) and reported if lowered.
    pub(super) fn not_in_device(&mut self, dynamic_cast: bool) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        let mut k = 0;
        if dynamic_cast {
            while !matches!(
                self.peek_at(k).kind,
                TokenKind::Punct(Punct::LParen) | TokenKind::Eof
            ) {
                k += 1;
            }
        }
        let open = self.pos + k;
        if !self.peek_at(k).is_punct(Punct::LParen) {
            return Err(self.error_here("expected `(`"));
        }
        let Some(end) = self.matching_close(open) else {
            return Err(self.error_here("unbalanced `(`"));
        };
        self.pos = end;
        let op = if dynamic_cast {
            "dynamic_cast"
        } else {
            "typeid"
        };
        Ok(self.mk(ExprKind::NotInDevice(op), start.to(self.prev_span())))
    }

    /// `new T`, `new T(args)`, `new T{args}`, `new T[n]` (the type: specifiers and `*`s).
    pub(super) fn new_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        // `new (place) T` — unless the parentheses hold a type (`new (int)`).
        let placement = if self.at(Punct::LParen) {
            if self.is_decl_start_at(1) {
                let span = self.span();
                return Err(self.unsupported(span, "a parenthesized type after `new`"));
            }
            self.bump();
            Some(self.call_args()?)
        } else {
            None
        };
        let specs = self.decl_specifiers(super::specs::SpecContext::TypeName)?;
        if !specs.has_type() {
            return Err(self.error(start, "expected a type after `new`"));
        }
        let mut ty = self.specs_type(&specs)?;
        while self.eat(Punct::Star) {
            let quals = self.pointer_quals()?;
            ty = self.alloc(TypeExpr::Pointer { pointee: ty, quals });
        }
        let count = if self.eat(Punct::LBracket) {
            let n = self.expr()?;
            self.expect(Punct::RBracket, "to close the array size of `new`")?;
            Some(n)
        } else {
            None
        };
        let braced = self.at(Punct::LBrace);
        let args = if braced {
            Some(self.braced_args("to close the braced initializer")?)
        } else if self.eat(Punct::LParen) {
            Some(self.call_args()?)
        } else {
            None
        };
        let kind = ExprKind::New {
            placement,
            ty,
            count,
            args,
            braced,
        };
        Ok(self.mk(kind, start.to(self.prev_span())))
    }

    /// `delete p` / `delete[] p`.
    pub(super) fn delete_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        let array = self.at(Punct::LBracket) && self.peek_at(1).is_punct(Punct::RBracket);
        if array {
            self.bump();
            self.bump();
        }
        let expr = self.cast_expr()?;
        Ok(self.mk(ExprKind::Delete { expr, array }, start.to(expr.span)))
    }

    /// `(args)` or `{args}` after a type in an expression: a one-argument functional cast
    /// is a `Cast`, anything else a `Construct`.
    pub(super) fn construct_args(
        &mut self,
        ty: &'a TypeExpr<'a>,
        start: Span,
    ) -> PResult<&'a Expr<'a>> {
        let braced = self.at(Punct::LBrace);
        if braced {
            let args = self.braced_args("to close the braced initializer")?;
            let span = start.to(self.prev_span());
            return Ok(self.mk(ExprKind::Construct { ty, args, braced }, span));
        }
        if !self.eat(Punct::LParen) {
            return Err(self.error_here("expected `(` after a type name in an expression"));
        }
        let args = self.call_args()?;
        let span = start.to(self.prev_span());
        if args.len() == 1 {
            let kind = CastKind::Functional;
            return Ok(self.mk(
                ExprKind::Cast {
                    ty,
                    expr: args[0],
                    kind,
                },
                span,
            ));
        }
        Ok(self.mk(ExprKind::Construct { ty, args, braced }, span))
    }

    /// `static_cast<T>(e)`, `reinterpret_cast<T>(e)`, `const_cast<T>(e)`.
    pub(super) fn named_cast(&mut self) -> PResult<&'a Expr<'a>> {
        let kw_tok = self.bump();
        let name = self.token_text(&kw_tok);
        self.expect(Punct::Lt, &format!("after `{name}`"))?;
        let ty = self.type_name()?;
        self.expect(Punct::Gt, "to close the type of the cast")?;
        self.expect(Punct::LParen, &format!("after `{name}<…>`"))?;
        let expr = self.expr()?;
        self.expect(Punct::RParen, "to close the cast")?;
        let kind = match kw_tok.kind {
            TokenKind::Ident(kw::STATIC_CAST) => CastKind::Static,
            TokenKind::Ident(kw::REINTERPRET_CAST) => CastKind::Reinterpret,
            _ => CastKind::Const,
        };
        Ok(self.mk(
            ExprKind::Cast { ty, expr, kind },
            kw_tok.span.to(self.prev_span()),
        ))
    }

    /// An assignment expression, or a braced list (`f({1, 2})`, `return {a, b};`).
    pub(super) fn assign_or_braced(&mut self) -> PResult<&'a Expr<'a>> {
        if !self.at(Punct::LBrace) {
            return self.assign_expr();
        }
        let Init::List { items, span } = self.initializer()? else {
            unreachable!("`{{` starts a list")
        };
        Ok(self.mk(ExprKind::InitList { ty: None, items }, span))
    }

    /// `T(e)` with a one-word type: a functional cast. `T()` is a zero of a builtin type.
    pub(super) fn functional_cast(&mut self) -> PResult<&'a Expr<'a>> {
        let t = self.bump();
        let TokenKind::Ident(s) = t.kind else {
            return Err(self.error(t.span, "expected a type"));
        };
        let ty: &'a TypeExpr<'a> = match functional_cast_type(s) {
            Some(b) => self.alloc(TypeExpr::Builtin(b)),
            None => match self.scopes.lookup(s) {
                Some(super::scope::NameKind::Tag(kind)) => self.alloc(TypeExpr::Tag {
                    kind,
                    name: s,
                    span: t.span,
                }),
                _ => self.alloc(TypeExpr::Named {
                    name: s,
                    span: t.span,
                }),
            },
        };
        if self.at(Punct::LBrace) {
            let Init::List { items, span } = self.initializer()? else {
                unreachable!("`{{` starts a list")
            };
            let span = t.span.to(span);
            return Ok(self.mk(
                ExprKind::InitList {
                    ty: Some(ty),
                    items,
                },
                span,
            ));
        }
        if !self.eat(Punct::LParen) {
            let text = self.token_text(&t);
            return Err(
                self.error_here(format!("expected `(` after type `{text}` in an expression"))
            );
        }
        let args = self.call_args()?;
        let span = t.span.to(self.prev_span());
        match (args.len(), ty) {
            (1, _) => {
                let kind = CastKind::Functional;
                Ok(self.mk(
                    ExprKind::Cast {
                        ty,
                        expr: args[0],
                        kind,
                    },
                    span,
                ))
            }
            (0, TypeExpr::Builtin(b)) if *b != BuiltinType::Void => {
                let zero = self.mk(
                    ExprKind::IntLit {
                        value: 0,
                        suffix: IntSuffix::default(),
                        decimal: true,
                    },
                    span,
                );
                let kind = CastKind::Functional;
                Ok(self.mk(
                    ExprKind::Cast {
                        ty,
                        expr: zero,
                        kind,
                    },
                    span,
                ))
            }
            _ => Ok(self.mk(
                ExprKind::Construct {
                    ty,
                    args,
                    braced: false,
                },
                span,
            )),
        }
    }
}

/// The builtin type a single type keyword names in a functional cast `int(x)`.
pub(super) fn functional_cast_type(s: Symbol) -> Option<BuiltinType> {
    Some(match s {
        kw::VOID => BuiltinType::Void,
        kw::BOOL | kw::BOOL_C => BuiltinType::Bool,
        kw::CHAR => BuiltinType::Char,
        kw::SHORT => BuiltinType::Short,
        kw::INT | kw::SIGNED => BuiltinType::Int,
        kw::LONG => BuiltinType::Long,
        kw::UNSIGNED => BuiltinType::UInt,
        kw::FLOAT => BuiltinType::Float,
        kw::DOUBLE => BuiltinType::Double,
        kw::INT128 => BuiltinType::Int128,
        super::specs::KW_WCHAR => BuiltinType::WChar,
        super::specs::KW_CHAR16 => BuiltinType::Char16,
        super::specs::KW_CHAR32 => BuiltinType::Char32,
        _ => return None,
    })
}
