//! GCC's type-trait intrinsics, which libstdc++ writes with types as operands:
//! `__is_trivially_copyable(_Tp)`, `__is_same(_Tp, _Up)`, `__is_constructible(_Tp, _Args...)`
//! (values) and `__underlying_type(_Tp)` (a type).
//!
//! The parser reads each as the template-id of the same name (`__is_same<_Tp, _Up>`), a
//! form every later stage already has: in a template that is never instantiated (most of
//! libstdc++, for device code) nothing more happens; an instantiation or device code that
//! evaluates one looks the name up like any other template, so an intrinsic oxicc does not
//! provide is reported where it is used ("identifier … is undefined"), never skipped.
//! `__has_builtin` says 0 for them (they are not in `pp/feature_tests.rs`'s list), so headers that test for one
//! take their portable path.
//!
//! The `noexcept(expr)` operator (libstdc++'s containers ask it of their element moves) is
//! read the same way, as a call of `__oxicc_noexcept`, which no stage defines: host code
//! that holds one parses, and device code that evaluates one is told the name is undefined.
//! `typename T::U{}` and `typename T::U(x)` (a functional cast of a dependent type) are the
//! cast or construction they spell.

use super::{PResult, Parser};
use crate::ast::{Expr, ExprKind, NameSeg, QualName, TemplateArgExpr, TypeExpr};
use crate::intern::Symbol;
use crate::lex::token::{Punct, TokenKind};

/// GCC 12's type-trait intrinsics that yield a value (sorted).
const VALUE_TRAITS: &[&str] = &[
    "__has_nothrow_assign",
    "__has_nothrow_constructor",
    "__has_nothrow_copy",
    "__has_trivial_assign",
    "__has_trivial_constructor",
    "__has_trivial_copy",
    "__has_trivial_destructor",
    "__has_unique_object_representations",
    "__has_virtual_destructor",
    "__is_abstract",
    "__is_aggregate",
    "__is_assignable",
    "__is_base_of",
    "__is_class",
    "__is_constructible",
    "__is_empty",
    "__is_enum",
    "__is_final",
    "__is_layout_compatible",
    "__is_literal_type",
    "__is_nothrow_assignable",
    "__is_nothrow_constructible",
    "__is_pod",
    "__is_pointer_interconvertible_base_of",
    "__is_polymorphic",
    "__is_same",
    "__is_same_as",
    "__is_standard_layout",
    "__is_trivial",
    "__is_trivially_assignable",
    "__is_trivially_constructible",
    "__is_trivially_copyable",
    "__is_union",
];

/// Whether `name` is one of GCC's value type-trait intrinsics.
fn is_value_trait(name: &str) -> bool {
    VALUE_TRAITS.binary_search(&name).is_ok()
}

impl<'a, 'c> Parser<'a, 'c> {
    /// At `__is_xxx(` (a value trait).
    pub(super) fn at_value_trait(&self) -> bool {
        match self.kind() {
            TokenKind::Ident(s) if !s.is_keyword() && self.peek_at(1).is_punct(Punct::LParen) => {
                let text = self.interner.resolve(s);
                text.starts_with("__") && is_value_trait(text)
            }
            _ => false,
        }
    }

    /// At `__underlying_type(` (a type).
    pub(super) fn at_type_trait(&self) -> bool {
        match self.kind() {
            TokenKind::Ident(s) if !s.is_keyword() && self.peek_at(1).is_punct(Punct::LParen) => {
                self.interner.resolve(s) == "__underlying_type"
            }
            _ => false,
        }
    }

    /// `__is_xxx(T, U...)` as the expression `__is_xxx<T, U...>`.
    pub(super) fn value_trait_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let q = self.trait_name()?;
        Ok(self.alloc(Expr {
            kind: ExprKind::Name(q),
            span: q.span,
        }))
    }

    /// `__underlying_type(T)` as the type `__underlying_type<T>`.
    pub(super) fn type_trait_type(&mut self) -> PResult<&'a TypeExpr<'a>> {
        let q = self.trait_name()?;
        Ok(self.alloc(TypeExpr::Qual(q)))
    }

    /// The intrinsic's name and its parenthesized type operands (`T...` a pack expansion),
    /// as a template-id.
    fn trait_name(&mut self) -> PResult<&'a QualName<'a>> {
        let start = self.span();
        let TokenKind::Ident(name) = self.bump().kind else {
            return Err(self.error(start, "expected a type-trait name"));
        };
        self.expect(Punct::LParen, "after a type-trait intrinsic")?;
        let mut args = Vec::new();
        if !self.at(Punct::RParen) {
            loop {
                let ty = self.nested(|p| p.type_name())?;
                let arg = TemplateArgExpr::Type(ty);
                args.push(if self.eat(Punct::Ellipsis) {
                    TemplateArgExpr::Pack(self.alloc(arg))
                } else {
                    arg
                });
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
        }
        self.expect(Punct::RParen, "to close a type-trait intrinsic")?;
        let span = start.to(self.prev_span());
        let segments = self.alloc_slice(vec![NameSeg::TemplateId {
            name: name as Symbol,
            args: self.alloc_slice(args),
            span,
        }]);
        Ok(self.alloc(QualName {
            global: false,
            segments,
            span,
        }))
    }

    /// `noexcept(expr)` as an expression (at `noexcept`; `(` follows): see the module doc.
    pub(super) fn noexcept_operator(&mut self) -> PResult<&'a Expr<'a>> {
        let span = self.bump().span;
        let name = self.interner.intern("__oxicc_noexcept");
        let callee = self.mk(ExprKind::Ident(name), span);
        self.bump();
        let args = self.call_args()?;
        Ok(self.mk(ExprKind::Call { callee, args }, span.to(self.prev_span())))
    }

    /// `typename N::T(args)` / `typename N::T{items}` as an expression (at `typename`).
    pub(super) fn typename_functional_cast(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        let q = self.qual_name()?;
        let ty: &'a TypeExpr<'a> = self.alloc(TypeExpr::Qual(q));
        if self.at(Punct::LBrace) {
            let crate::ast::Init::List { items, span } = self.initializer()? else {
                unreachable!("`{{` starts a list")
            };
            let kind = ExprKind::InitList {
                ty: Some(ty),
                items,
            };
            return Ok(self.mk(kind, start.to(span)));
        }
        self.expect(Punct::LParen, "after a type in an expression")?;
        let args = self.call_args()?;
        let span = start.to(self.prev_span());
        let kind = match args {
            [one] => ExprKind::Cast {
                ty,
                expr: one,
                kind: crate::ast::CastKind::Functional,
            },
            _ => ExprKind::Construct {
                ty,
                args,
                braced: false,
            },
        };
        Ok(self.mk(kind, span))
    }
}
