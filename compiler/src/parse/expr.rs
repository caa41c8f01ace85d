//! Expressions: C's operators with C's precedence and associativity (precedence climbing
//! for binary operators), C casts, `sizeof`, postfix operators and literals. C++'s own
//! forms (`new`/`delete`, named and functional casts, constructions) are in `expr_cxx.rs`.
//!
//! `>>` arrives as two `>` tokens with `joined_next` on the first (so templates can close
//! with one `>` later); here the pair is read as a shift. A parenthesized type is decided by
//! a tentative parse: `(T)x` is a cast only when `T` parses as a complete type name followed
//! by `)`, so C++'s `(int(x) + 1)` still parses as an expression.

use super::expr_cxx::functional_cast_type;
use super::literal::{
    is_float_literal, parse_char_literal, parse_float_literal, parse_int_literal,
    parse_string_literal,
};
use super::specs::{KW_ALIGNOF, KW_ASM, KW_ASM_GNU};
use super::{Failed, PResult, Parser};
use crate::ast::{BinaryOp, CastKind, Expr, ExprKind, IntSuffix, TypeExpr, UnaryOp};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

const KW_DYNAMIC_CAST: Symbol = kw::sym("dynamic_cast");
const KW_THIS: Symbol = kw::sym("this");
const KW_BUILTIN_EXPECT: Symbol = kw::sym("__builtin_expect");
const KW_NEW: Symbol = kw::sym("new");
const KW_DELETE: Symbol = kw::sym("delete");
const KW_TYPEID: Symbol = kw::sym("typeid");

impl<'a, 'c> Parser<'a, 'c> {
    pub(super) fn mk(&self, kind: ExprKind<'a>, span: Span) -> &'a Expr<'a> {
        self.alloc(Expr { kind, span })
    }

    /// A full expression, including the comma operator.
    pub(super) fn expr(&mut self) -> PResult<&'a Expr<'a>> {
        let saved = self.chain_depth;
        // Inside parentheses or brackets `>` is an operator again.
        let saved_targs = std::mem::replace(&mut self.in_template_args, false);
        let r = self.comma_expr();
        self.in_template_args = saved_targs;
        self.chain_depth = saved;
        r
    }

    fn comma_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let mut lhs = self.assign_expr()?;
        while self.eat(Punct::Comma) {
            self.chain_link()?;
            if self.at(Punct::Ellipsis) {
                // `(pattern , ...)` / `(pattern , ... , init)`: a comma fold.
                self.bump();
                let rhs = if self.eat(Punct::Comma) {
                    Some(self.assign_expr()?)
                } else {
                    None
                };
                if !self.at(Punct::RParen) {
                    return Err(self.error_here("expected `)` after a fold expression"));
                }
                let span = lhs.span.to(self.prev_span());
                let kind = ExprKind::Fold {
                    op: BinaryOp::Comma,
                    lhs: Some(lhs),
                    rhs,
                };
                return Ok(self.mk(kind, span));
            }
            let rhs = self.assign_expr()?;
            lhs = self.mk(
                ExprKind::Binary {
                    op: BinaryOp::Comma,
                    lhs,
                    rhs,
                },
                lhs.span.to(rhs.span),
            );
        }
        Ok(lhs)
    }

    /// An assignment expression (right-associative), or a conditional one.
    pub(super) fn assign_expr(&mut self) -> PResult<&'a Expr<'a>> {
        self.nested(|p| {
            let lhs = p.cond_expr()?;
            let Some((op, ntoks)) = p.peek_assign_op() else {
                return Ok(lhs);
            };
            for _ in 0..ntoks {
                p.bump();
            }
            let rhs = p.assign_expr()?;
            Ok(p.mk(ExprKind::Assign { op, lhs, rhs }, lhs.span.to(rhs.span)))
        })
    }

    /// `c ? a : b` (the else branch is an assignment expression, as in C++).
    pub(super) fn cond_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let cond = self.binary_expr(1)?;
        if !self.eat(Punct::Question) {
            return Ok(cond);
        }
        let then = self.expr()?;
        self.expect(Punct::Colon, "in conditional expression")?;
        let els = self.assign_expr()?;
        Ok(self.mk(ExprKind::Cond { cond, then, els }, cond.span.to(els.span)))
    }

    /// Binary operators of precedence `min_prec` and tighter, left-associative.
    pub(super) fn binary_expr(&mut self, min_prec: u8) -> PResult<&'a Expr<'a>> {
        let saved = self.chain_depth;
        let r = self.binary_chain(min_prec);
        self.chain_depth = saved;
        r
    }

    fn binary_chain(&mut self, min_prec: u8) -> PResult<&'a Expr<'a>> {
        let mut lhs = self.pm_expr()?;
        while let Some((op, prec, ntoks)) = self.peek_binop() {
            if prec < min_prec {
                break;
            }
            for _ in 0..ntoks {
                self.bump();
            }
            self.chain_link()?;
            if self.at(Punct::Ellipsis) {
                return self.fold_rest(lhs, op, prec);
            }
            let rhs = self.binary_expr(prec + 1)?;
            lhs = self.mk(ExprKind::Binary { op, lhs, rhs }, lhs.span.to(rhs.span));
        }
        Ok(lhs)
    }

    /// `a .* b` / `a ->* b` (C++ pm-expressions: tighter than `*`, left-associative).
    fn pm_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let mut lhs = self.cast_expr()?;
        while self.at(Punct::DotStar) || self.at(Punct::ArrowStar) {
            let arrow = self.bump().is_punct(Punct::ArrowStar);
            self.chain_link()?;
            let member = self.cast_expr()?;
            let kind = ExprKind::MemberPtr {
                base: lhs,
                member,
                arrow,
            };
            lhs = self.mk(kind, lhs.span.to(member.span));
        }
        Ok(lhs)
    }

    /// The binary operator at the cursor: (operator, precedence, tokens it spans).
    pub(super) fn peek_binop(&self) -> Option<(BinaryOp, u8, usize)> {
        use BinaryOp::*;
        let TokenKind::Punct(p) = self.kind() else {
            return None;
        };
        Some(match p {
            Punct::Star => (Mul, 10, 1),
            Punct::Slash => (Div, 10, 1),
            Punct::Percent => (Rem, 10, 1),
            Punct::Plus => (Add, 9, 1),
            Punct::Minus => (Sub, 9, 1),
            Punct::Shl => (Shl, 8, 1),
            // In a template argument list `>` closes the list.
            Punct::Gt if self.in_template_args => return None,
            Punct::Gt if self.peek().joined_next && self.peek_at(1).is_punct(Punct::Gt) => {
                let second = self.peek_at(1);
                if second.joined_next && self.peek_at(2).is_punct(Punct::Assign) {
                    return None;
                }
                (Shr, 8, 2)
            }
            Punct::Lt => (Lt, 7, 1),
            Punct::Gt => (Gt, 7, 1),
            Punct::Le => (Le, 7, 1),
            Punct::Ge => (Ge, 7, 1),
            Punct::EqEq => (Eq, 6, 1),
            Punct::NotEq => (Ne, 6, 1),
            Punct::Amp => (BitAnd, 5, 1),
            Punct::Caret => (BitXor, 4, 1),
            Punct::Pipe => (BitOr, 3, 1),
            Punct::AmpAmp => (LogAnd, 2, 1),
            Punct::PipePipe => (LogOr, 1, 1),
            _ => return None,
        })
    }

    /// The assignment operator at the cursor: (compound operator, tokens it spans).
    fn peek_assign_op(&self) -> Option<(Option<BinaryOp>, usize)> {
        use BinaryOp::*;
        let TokenKind::Punct(p) = self.kind() else {
            return None;
        };
        let op = match p {
            Punct::Assign => None,
            Punct::PlusAssign => Some(Add),
            Punct::MinusAssign => Some(Sub),
            Punct::StarAssign => Some(Mul),
            Punct::SlashAssign => Some(Div),
            Punct::PercentAssign => Some(Rem),
            Punct::AmpAssign => Some(BitAnd),
            Punct::PipeAssign => Some(BitOr),
            Punct::CaretAssign => Some(BitXor),
            Punct::ShlAssign => Some(Shl),
            Punct::ShrAssign => Some(Shr),
            // `>>=` split as `>` `>=` or `>` `>` `=` by a template-aware lexer.
            Punct::Gt if self.peek().joined_next => {
                let second = self.peek_at(1);
                if second.is_punct(Punct::Ge) {
                    return Some((Some(Shr), 2));
                }
                if second.is_punct(Punct::Gt)
                    && second.joined_next
                    && self.peek_at(2).is_punct(Punct::Assign)
                {
                    return Some((Some(Shr), 3));
                }
                return None;
            }
            _ => return None,
        };
        Some((op, 1))
    }

    /// A cast expression `(T)e`, or a unary expression.
    pub(super) fn cast_expr(&mut self) -> PResult<&'a Expr<'a>> {
        // `(uint)x` with `uint` unknown: nothing else it could mean.
        if let (TokenKind::Punct(Punct::LParen), TokenKind::Ident(name)) =
            (self.kind(), self.peek_at(1).kind)
        {
            if !name.is_keyword()
                && self.scopes.lookup(name).is_none()
                && self.peek_at(2).is_punct(Punct::RParen)
                && matches!(
                    self.peek_at(3).kind,
                    TokenKind::Ident(_) | TokenKind::Number(_)
                )
            {
                let start = self.bump().span;
                let span = self.bump().span;
                let text = self.interner.resolve(name).to_string();
                self.error(span, format!("unknown type name `{text}`"));
                self.bump();
                let ty = self.alloc(TypeExpr::Named { name, span });
                let expr = self.nested(|p| p.cast_expr())?;
                let kind = CastKind::C;
                return Ok(self.mk(ExprKind::Cast { ty, expr, kind }, start.to(expr.span)));
            }
        }
        if self.at(Punct::LParen) && self.is_decl_start_at(1) {
            let start = self.span();
            let ty = self.speculate(|p| {
                p.bump();
                let t = p.type_name()?;
                if !p.at(Punct::RParen) {
                    return Err(Failed);
                }
                p.bump();
                Ok(t)
            });
            if let Some(ty) = ty {
                if self.at(Punct::LBrace) {
                    let span = self.span();
                    return Err(self.unsupported(span, "a compound literal"));
                }
                let expr = self.nested(|p| p.cast_expr())?;
                let kind = CastKind::C;
                return Ok(self.mk(ExprKind::Cast { ty, expr, kind }, start.to(expr.span)));
            }
        }
        self.unary_expr()
    }

    /// Prefix operators and `sizeof`/`alignof`, then postfix expressions.
    fn unary_expr(&mut self) -> PResult<&'a Expr<'a>> {
        self.nested(|p| p.unary_inner())
    }

    fn unary_inner(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.span();
        let op = match self.kind() {
            TokenKind::Punct(Punct::PlusPlus) => Some(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => Some(UnaryOp::PreDec),
            TokenKind::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            TokenKind::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            TokenKind::Punct(Punct::Bang) => Some(UnaryOp::LogNot),
            TokenKind::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Star) => Some(UnaryOp::Deref),
            TokenKind::Punct(Punct::Amp) => Some(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::AmpAmp) => {
                return Err(self.unsupported(start, "the address of a label (`&&label`)"));
            }
            TokenKind::Ident(kw::SIZEOF) => return self.sizeof_expr(),
            TokenKind::Ident(s) if s == KW_ALIGNOF => {
                self.bump();
                self.expect(Punct::LParen, "after `alignof`")?;
                let ty = self.type_name()?;
                self.expect(Punct::RParen, "to close `alignof`")?;
                return Ok(self.mk(ExprKind::AlignofType(ty), start.to(self.prev_span())));
            }
            _ => None,
        };
        let Some(op) = op else {
            return self.postfix_expr();
        };
        self.bump();
        let expr = if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
            self.unary_expr()?
        } else {
            self.cast_expr()?
        };
        Ok(self.mk(ExprKind::Unary { op, expr }, start.to(expr.span)))
    }

    fn sizeof_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        if self.eat(Punct::Ellipsis) {
            self.expect(Punct::LParen, "after `sizeof...`")?;
            let Some((name, _)) = self.eat_plain_ident() else {
                return Err(self.error_here("expected a parameter pack name"));
            };
            self.expect(Punct::RParen, "to close `sizeof...`")?;
            return Ok(self.mk(ExprKind::SizeofPack(name), start.to(self.prev_span())));
        }
        if self.at(Punct::LParen) && self.is_decl_start_at(1) {
            let ty = self.speculate(|p| {
                p.bump();
                let t = p.type_name()?;
                if !p.at(Punct::RParen) {
                    return Err(Failed);
                }
                p.bump();
                Ok(t)
            });
            if let Some(ty) = ty {
                return Ok(self.mk(ExprKind::SizeofType(ty), start.to(self.prev_span())));
            }
        }
        let e = self.unary_expr()?;
        Ok(self.mk(ExprKind::SizeofExpr(e), start.to(e.span)))
    }

    /// A primary expression followed by `[]`, `()`, `.`, `->`, `++`, `--`.
    fn postfix_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let saved = self.chain_depth;
        let r = self.postfix_chain();
        self.chain_depth = saved;
        r
    }

    fn postfix_chain(&mut self) -> PResult<&'a Expr<'a>> {
        let mut e = self.primary_expr()?;
        loop {
            let kind = match self.kind() {
                TokenKind::Punct(Punct::LBracket) => {
                    self.bump();
                    self.chain_link()?;
                    let index = self.expr()?;
                    self.expect(Punct::RBracket, "to close the subscript")?;
                    ExprKind::Index { base: e, index }
                }
                TokenKind::Punct(Punct::LParen) => {
                    self.bump();
                    self.chain_link()?;
                    let args = self.call_args()?;
                    ExprKind::Call { callee: e, args }
                }
                TokenKind::Punct(p @ (Punct::Dot | Punct::Arrow)) => {
                    self.bump();
                    self.chain_link()?;
                    let qualified = match self.member_template_id(e)? {
                        Some(q) => Some(q),
                        // `obj.Base::f()`, `p->::N::S::x`: a qualified member name.
                        None if self.at(Punct::ColonColon)
                            || (matches!(self.kind(), TokenKind::Ident(s) if !s.is_keyword())
                                && self.peek_at(1).is_punct(Punct::ColonColon)) =>
                        {
                            Some(self.qual_name()?)
                        }
                        None => None,
                    };
                    if let Some(q) = qualified {
                        let kind = ExprKind::QualMember {
                            base: e,
                            name: q,
                            arrow: p == Punct::Arrow,
                        };
                        e = self.mk(kind, e.span.to(self.prev_span()));
                        continue;
                    }
                    if self.at_kw(super::qualname::KW_OPERATOR) {
                        // `this->operator[](i)`: the member named by its declared spelling.
                        let seg = self.operator_name()?;
                        // `x.operator float2()`: the conversion functions share one symbol,
                        // so the target type travels as a one-segment qualified name.
                        if let crate::ast::NameSeg::Conversion { span: seg_span, .. } = seg {
                            let q = self.alloc(crate::ast::QualName {
                                global: false,
                                segments: self.alloc_slice(vec![seg]),
                                span: seg_span,
                            });
                            let kind = ExprKind::QualMember {
                                base: e,
                                name: q,
                                arrow: p == Punct::Arrow,
                            };
                            e = self.mk(kind, e.span.to(self.prev_span()));
                            continue;
                        }
                        let name = self.declared_symbol(&seg);
                        let kind = ExprKind::Member {
                            base: e,
                            name,
                            name_span: seg.span(),
                            arrow: p == Punct::Arrow,
                        };
                        e = self.mk(kind, e.span.to(self.prev_span()));
                        continue;
                    }
                    let Some((name, name_span)) = self.eat_plain_ident() else {
                        let span = self.span();
                        if self.at(Punct::Tilde) || self.at_kw(kw::TEMPLATE) {
                            return Err(self.unsupported(span, "a member function call"));
                        }
                        let op = if p == Punct::Dot { "." } else { "->" };
                        return Err(
                            self.error(span, format!("expected a member name after `{op}`"))
                        );
                    };
                    ExprKind::Member {
                        base: e,
                        name,
                        name_span,
                        arrow: p == Punct::Arrow,
                    }
                }
                TokenKind::Punct(p @ (Punct::PlusPlus | Punct::MinusMinus)) => {
                    self.bump();
                    self.chain_link()?;
                    let op = if p == Punct::PlusPlus {
                        UnaryOp::PostInc
                    } else {
                        UnaryOp::PostDec
                    };
                    ExprKind::Unary { op, expr: e }
                }
                TokenKind::LaunchOpen => {
                    let span = self.span();
                    return Err(self.error(
                        span,
                        "a kernel launch `<<<…>>>` is only allowed in host code",
                    ));
                }
                _ => return Ok(e),
            };
            e = self.mk(kind, e.span.to(self.prev_span()));
        }
    }

    /// After `.`/`->`: `template f<U>`, or `f<U>` where `f` is a member template of some
    /// class, as a one-segment template-id name; `None` for anything else.
    fn member_template_id(
        &mut self,
        base: &Expr<'_>,
    ) -> PResult<Option<&'a crate::ast::QualName<'a>>> {
        let keyword = self.at_kw(kw::TEMPLATE);
        let at = keyword as usize;
        let TokenKind::Ident(name) = self.peek_at(at).kind else {
            return Ok(None);
        };
        // What `name` is in the object's class decides, where the parser knows the class;
        // otherwise any class's member template of that name (`object_class.rs`).
        let is_template = keyword
            || self
                .object_member_is_template(base, name)
                .unwrap_or_else(|| self.member_templates.contains(&name));
        if name.is_keyword() || !self.peek_at(at + 1).is_punct(Punct::Lt) || !is_template {
            return Ok(None);
        }
        let start = self.span();
        if keyword {
            self.bump();
        }
        let name_span = self.bump().span;
        let args = self.template_args()?;
        let seg = crate::ast::NameSeg::TemplateId {
            name,
            args,
            span: name_span.to(self.prev_span()),
        };
        Ok(Some(self.alloc(crate::ast::QualName {
            global: false,
            segments: self.alloc_slice(vec![seg]),
            span: start.to(self.prev_span()),
        })))
    }

    /// Arguments after `(`, through `)`; a braced list is an `InitList` argument.
    /// `{a, b, …}` (at `{`): the arguments of a braced initializer; `closing` is the
    /// context of the error for a missing `}`.
    pub(super) fn braced_args(&mut self, closing: &str) -> PResult<&'a [&'a Expr<'a>]> {
        self.bump();
        let mut args = Vec::new();
        while !self.at(Punct::RBrace) {
            // Nested braces and pack expansions as in parentheses (libstdc++'s
            // `_M_func{{std::forward<_Args>(__args)...}}`).
            let a = self.assign_or_braced()?;
            args.push(self.maybe_pack_expansion(a));
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::RBrace, closing)?;
        Ok(self.alloc_slice(args))
    }

    /// `e...` when an ellipsis follows `e` (a pack expansion as an argument or a list
    /// element), else `e`.
    pub(super) fn maybe_pack_expansion(&mut self, e: &'a Expr<'a>) -> &'a Expr<'a> {
        if !self.at(Punct::Ellipsis) {
            return e;
        }
        let end = self.bump().span;
        self.mk(ExprKind::PackExpansion(e), e.span.to(end))
    }

    pub(super) fn call_args(&mut self) -> PResult<&'a [&'a Expr<'a>]> {
        let mut args = Vec::new();
        if !self.at(Punct::RParen) {
            loop {
                let a = self.assign_or_braced()?;
                args.push(self.maybe_pack_expansion(a));
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
        }
        self.expect(Punct::RParen, "to close the argument list")?;
        Ok(self.alloc_slice(args))
    }

    fn primary_expr(&mut self) -> PResult<&'a Expr<'a>> {
        let t = *self.peek();
        let span = t.span;
        match t.kind {
            TokenKind::Number(s) => {
                self.bump();
                Ok(self.number_literal(s, span))
            }
            TokenKind::Char(s) => {
                self.bump();
                let text = self.interner.resolve(s).to_string();
                let value = match parse_char_literal(&text) {
                    Ok((v, warnings)) => {
                        for w in warnings {
                            self.warning(span, w);
                        }
                        v
                    }
                    Err(m) => {
                        self.error(span, m);
                        0
                    }
                };
                Ok(self.mk(ExprKind::CharLit(value), span))
            }
            TokenKind::Str(_) => Ok(self.string_literal()),
            TokenKind::Punct(Punct::LParen) if self.peek_at(1).is_punct(Punct::Ellipsis) => {
                self.left_unary_fold()
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let e = self.expr()?;
                self.expect(Punct::RParen, "to close the parenthesized expression")?;
                Ok(e)
            }
            TokenKind::Ident(kw::TRUE) => {
                self.bump();
                Ok(self.mk(ExprKind::BoolLit(true), span))
            }
            TokenKind::Ident(kw::FALSE) => {
                self.bump();
                Ok(self.mk(ExprKind::BoolLit(false), span))
            }
            TokenKind::Ident(kw::NULLPTR) => {
                self.bump();
                Ok(self.mk(ExprKind::Nullptr, span))
            }
            // `::new (p) T(…)`, `::delete p` (libstdc++'s `allocator_traits::construct`): the
            // global operators, which are the only ones oxicc has (no class declares its own).
            TokenKind::Punct(Punct::ColonColon) if matches!(self.peek_at(1).kind, TokenKind::Ident(s) if s == KW_NEW || s == KW_DELETE) =>
            {
                self.bump();
                if self.at_kw(KW_NEW) {
                    self.new_expr()
                } else {
                    self.delete_expr()
                }
            }
            _ if self.at_qualified_name(0) || self.at_kw(super::qualname::KW_OPERATOR) => {
                self.qualified_primary()
            }
            TokenKind::Ident(kw::STATIC_CAST | kw::REINTERPRET_CAST | kw::CONST_CAST) => {
                self.named_cast()
            }
            TokenKind::Ident(s)
                if functional_cast_type(s).is_some()
                    || (self.scopes.is_type(s) && !self.peek_at(1).is_punct(Punct::ColonColon))
                    || (self.is_injected_class_name_at(0)
                        && !self.peek_at(1).is_punct(Punct::ColonColon)) =>
            {
                self.functional_cast()
            }
            TokenKind::Ident(s) if s == KW_BUILTIN_EXPECT => {
                self.bump();
                Ok(self.mk(ExprKind::Ident(s), span))
            }
            TokenKind::Ident(s) if s == KW_THIS => {
                self.bump();
                Ok(self.mk(ExprKind::This, span))
            }
            TokenKind::Ident(s) if s == KW_NEW => self.new_expr(),
            TokenKind::Ident(s) if s == KW_DELETE => self.delete_expr(),
            TokenKind::Ident(s) if s == KW_DYNAMIC_CAST || s == KW_TYPEID => {
                self.not_in_device(s == KW_DYNAMIC_CAST)
            }
            TokenKind::Ident(kw::TYPENAME)
                if self.at_qualified_name(1) || self.at_template_id_qualifier(1) =>
            {
                self.typename_functional_cast()
            }
            TokenKind::Ident(s) if [kw::TEMPLATE, kw::TYPENAME].contains(&s) => {
                let text = self.interner.resolve(s).to_string();
                Err(self.unsupported(span, &format!("`{text}`")))
            }
            TokenKind::Ident(s) if s == KW_ASM || s == KW_ASM_GNU => {
                // `asm` statements are parsed in `asm.rs`; as an expression it is GNU's
                // statement-expression territory, which oxicc does not take.
                Err(self.unsupported(span, "`asm` outside a statement"))
            }
            TokenKind::Ident(s)
                if s == super::specs::KW_NOEXCEPT && self.peek_at(1).is_punct(Punct::LParen) =>
            {
                self.noexcept_operator()
            }
            TokenKind::Ident(s) if s.is_keyword() => {
                let text = self.interner.resolve(s).to_string();
                Err(self.error(span, format!("expected expression, found keyword `{text}`")))
            }
            TokenKind::Ident(_) if self.at_value_trait() => self.value_trait_expr(),
            TokenKind::Ident(s)
                if self.peek_at(1).is_punct(Punct::Lt)
                    && matches!(
                        self.scopes.lookup(s),
                        Some(super::scope::NameKind::Template { .. })
                    ) =>
            {
                let class = matches!(
                    self.scopes.lookup(s),
                    Some(super::scope::NameKind::Template { class: true })
                );
                let q = self.qual_name()?;
                if class && q.segments.len() == 1 {
                    // `S<int>(…)` / `S<int>{…}`: a temporary of a class template instance.
                    let ty: &'a TypeExpr<'a> = self.alloc(TypeExpr::Qual(q));
                    return self.construct_args(ty, q.span);
                }
                Ok(self.mk(ExprKind::Name(q), q.span))
            }
            TokenKind::Ident(s) => {
                self.bump();
                Ok(self.mk(ExprKind::Ident(s), span))
            }
            TokenKind::Punct(Punct::LBracket) => self.lambda_expr(),
            _ => {
                let text = self.token_text(&t);
                if t.kind == TokenKind::Eof {
                    Err(self.error(span, "expected expression, found end of file"))
                } else {
                    Err(self.error(span, format!("expected expression, found `{text}`")))
                }
            }
        }
    }

    /// A qualified name in an expression: a value (`N::x`, `S::f`, `::g`, `operator+`) or,
    /// when it names a type, a functional cast or temporary (`N::S(1, 2)`).
    fn qualified_primary(&mut self) -> PResult<&'a Expr<'a>> {
        let is_type = self.qualified_type_len_at(0).is_some();
        let q = self.qual_name()?;
        // `S<T>::value`: a member of a class template instance is a value unless a
        // construction follows.
        let template_member = q.segments.len() > 1
            && matches!(
                q.qualifier().last(),
                Some(crate::ast::NameSeg::TemplateId { .. })
            )
            && !self.at(Punct::LParen)
            && !self.at(Punct::LBrace);
        if !is_type || template_member {
            return Ok(self.mk(ExprKind::Name(q), q.span));
        }
        let ty: &'a TypeExpr<'a> = self.alloc(TypeExpr::Qual(q));
        self.construct_args(ty, q.span)
    }

    /// An integer or floating literal; an invalid one is reported and read as `0`.
    fn number_literal(&mut self, s: Symbol, span: Span) -> &'a Expr<'a> {
        let text = self.interner.resolve(s).to_string();
        let kind = if is_float_literal(&text) {
            match parse_float_literal(&text) {
                Ok(f) => {
                    if f.overflow {
                        let ty = if f.is_float { "float" } else { "double" };
                        self.warning(
                            span,
                            format!("floating literal is too large for type `{ty}`"),
                        );
                    }
                    ExprKind::FloatLit {
                        value: f.value,
                        is_float: f.is_float,
                        text: self.interner.intern(&f.cleaned),
                    }
                }
                Err(m) => {
                    self.error(span, m);
                    zero_int()
                }
            }
        } else {
            match parse_int_literal(&text) {
                Ok(i) => ExprKind::IntLit {
                    value: i.value,
                    suffix: i.suffix,
                    decimal: i.decimal,
                },
                Err(m) => {
                    self.error(span, m);
                    zero_int()
                }
            }
        };
        self.mk(kind, span)
    }

    /// Adjacent string literals, concatenated.
    pub(super) fn string_literal(&mut self) -> &'a Expr<'a> {
        let start = self.span();
        let mut bytes = Vec::new();
        while let TokenKind::Str(s) = self.kind() {
            let span = self.bump().span;
            let text = self.interner.resolve(s).to_string();
            match parse_string_literal(&text, &mut bytes) {
                Ok(warnings) => {
                    for w in warnings {
                        self.warning(span, w);
                    }
                }
                Err(m) => {
                    self.error(span, m);
                }
            }
        }
        let bytes = self.arena.alloc_slice_copy(&bytes);
        self.mk(ExprKind::StrLit(bytes), start.to(self.prev_span()))
    }
}

fn zero_int<'a>() -> ExprKind<'a> {
    ExprKind::IntLit {
        value: 0,
        suffix: IntSuffix::default(),
        decimal: true,
    }
}
