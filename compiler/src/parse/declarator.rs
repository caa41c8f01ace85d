//! Declarators (`*const p`, `a[4][8]`, `(*fp)(int)`, abstract ones in casts), parameter
//! lists and type names.
//!
//! A declarator is read left to right but its type is built inside out: pointers apply to
//! the specifiers' type first, then suffixes (`[N]`, `(params)`) from the right, and a
//! parenthesized inner declarator receives the type built from the suffixes that follow
//! its `)`. To do that in one pass, the parser skips the parenthesized part, parses the
//! suffixes after it, then comes back and parses the inner declarator with that type.

use super::scope::NameKind;
use super::specs::{SpecContext, KW_NOEXCEPT, KW_THROW};
use super::{PResult, Parser};
use crate::ast::{Expr, ParamDecl, Quals, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

/// Whether a declarator must, may or must not have a name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum DeclaratorMode {
    /// Declarations: a name is required.
    Named,
    /// Type names in casts and `sizeof`: no name.
    Abstract,
    /// Parameters: a name is optional.
    Either,
}

/// A parsed declarator: the declared name (if any) and the complete type.
pub(crate) struct Declarator<'a> {
    pub name: Option<(Symbol, Span)>,
    /// The full name when it is more than an identifier (`S::f`, `operator+`, `~S`).
    pub qual: Option<&'a crate::ast::QualName<'a>>,
    pub ty: &'a TypeExpr<'a>,
    pub span: Span,
    /// Template arguments after the name (`k<float, 128>` in an explicit instantiation).
    pub template_args: Option<&'a [crate::ast::TemplateArgExpr<'a>]>,
}

enum Suffix<'a> {
    Array(Option<&'a Expr<'a>>),
    /// Parameters, `...`, and a trailing return type (`-> decltype(a + b)`).
    Function(&'a [ParamDecl<'a>], bool, Option<&'a TypeExpr<'a>>),
}

use super::qualname::KW_OPERATOR;

impl<'a, 'c> Parser<'a, 'c> {
    /// Parses a declarator applied to `base`.
    pub(super) fn declarator(
        &mut self,
        base: &'a TypeExpr<'a>,
        mode: DeclaratorMode,
    ) -> PResult<Declarator<'a>> {
        self.nested(|p| {
            let saved_chain = p.chain_depth;
            let r = p.declarator_inner(base, mode);
            p.chain_depth = saved_chain;
            r
        })
    }

    fn declarator_inner(
        &mut self,
        base: &'a TypeExpr<'a>,
        mode: DeclaratorMode,
    ) -> PResult<Declarator<'a>> {
        let start = self.span();
        let mut ty = base;
        loop {
            if self.eat(Punct::Star) {
                self.chain_link()?;
                let quals = self.pointer_quals()?;
                ty = self.alloc(TypeExpr::Pointer { pointee: ty, quals });
            } else if let Some(n) = self.member_pointer_ahead(0) {
                // `C::*` / `N::C::*`: a pointer to a member of class `C`.
                let class = self.member_pointer_class(n);
                self.chain_link()?;
                let quals = self.pointer_quals()?;
                let fn_const =
                    matches!(ty, TypeExpr::Function { .. }) && self.method_quals.is_const;
                ty = self.alloc(TypeExpr::MemberPointer {
                    class,
                    pointee: ty,
                    quals,
                    fn_const,
                });
            } else if self.at(Punct::Amp) || self.at(Punct::AmpAmp) {
                let rvalue = self.bump().is_punct(Punct::AmpAmp);
                self.chain_link()?;
                ty = self.alloc(TypeExpr::Reference {
                    referee: ty,
                    rvalue,
                });
            } else if self.at_kw(kw::ATTRIBUTE) {
                self.attributes(&mut None)?;
            } else if self.pack_after_ptr_ops && self.at(Punct::Ellipsis) {
                self.pack_after_ptr_ops = false;
                self.bump();
            } else {
                break;
            }
        }
        if self.at(Punct::LParen) && self.paren_starts_inner_declarator(mode) {
            let open = self.pos;
            let Some(after) = self.matching_close(open) else {
                return Err(self.error_here("unbalanced `(` in declarator"));
            };
            self.pos = after;
            let outer = self.declarator_suffixes(ty, mode)?;
            let end = self.pos;
            self.pos = open + 1;
            let inner = self.declarator(outer, mode)?;
            if self.pos + 1 != after || !self.at(Punct::RParen) {
                return Err(self.error_here("expected `)` in declarator"));
            }
            self.pos = end;
            return Ok(Declarator {
                span: start.to(self.prev_span()),
                ..inner
            });
        }
        let mut name = None;
        let mut qual = None;
        let qualified = self.at_qualified_name(0)
            || self.at_class_template_qualifier()
            || self.at_kw(KW_OPERATOR)
            || (self.at(Punct::Tilde) && matches!(self.peek_at(1).kind, TokenKind::Ident(_)));
        match self.kind() {
            _ if qualified && mode != DeclaratorMode::Abstract => {
                let q = self.qual_name()?;
                let sym = self.declared_symbol(q.last());
                name = Some((sym, q.last().span()));
                let plain = q.segments.len() == 1
                    && !q.global
                    && matches!(q.last(), crate::ast::NameSeg::Ident { .. });
                if !plain {
                    qual = Some(q);
                }
            }
            TokenKind::Ident(s) if !s.is_keyword() && mode != DeclaratorMode::Abstract => {
                name = Some((s, self.bump().span));
            }
            _ if mode == DeclaratorMode::Named => {
                let text = self.token_text(&self.peek().clone());
                return Err(
                    self.error_here(format!("expected a name in declaration, found `{text}`"))
                );
            }
            _ => {}
        }
        let mut template_args = None;
        if let Some((n, _)) = name {
            if self.at(Punct::Lt)
                && matches!(self.scopes.lookup(n), Some(NameKind::Template { .. }))
            {
                template_args = Some(self.template_args()?);
            }
        }
        if let (true, true, Some((n, nspan))) = (self.at(Punct::Lt), self.in_template, name) {
            // `template <> float nf<float>(float)` naming no template (nvcc's wording).
            let text = self.interner.resolve(n).to_string();
            return Err(self.error(nspan, format!("{text} is not a template")));
        }
        if self.at(Punct::Lt) && name.is_some() {
            let span = self.span();
            return Err(self.unsupported(span, "a template name"));
        }
        // The parameters of `S<T>::f(…)` see the injected class name `S`.
        let injected = qual.and_then(|q| self.class_template_qualifier(q));
        self.injected.extend(injected);
        let ty = self.declarator_suffixes(ty, mode);
        if injected.is_some() {
            self.injected.pop();
        }
        let ty = ty?;
        Ok(Declarator {
            name,
            qual,
            ty,
            span: start.to(self.prev_span()),
            template_args,
        })
    }

    /// The number of tokens of `C::*` / `::N::C::*` starting `at` tokens ahead (through
    /// the `*`), if a pointer-to-member declarator starts there.
    pub(super) fn member_pointer_ahead(&self, at: usize) -> Option<usize> {
        let mut i = at + self.peek_at(at).is_punct(Punct::ColonColon) as usize;
        let mut names = 0;
        loop {
            match self.peek_at(i).kind {
                TokenKind::Ident(s) if !s.is_keyword() => {}
                _ => return None,
            }
            if !self.peek_at(i + 1).is_punct(Punct::ColonColon) {
                return None;
            }
            names += 1;
            i += 2;
            if self.peek_at(i).is_punct(Punct::Star) {
                return (names > 0).then_some(i + 1 - at);
            }
        }
    }

    /// Consumes the `n` tokens of `C::*` and returns the class's qualified name.
    fn member_pointer_class(&mut self, n: usize) -> &'a crate::ast::QualName<'a> {
        let start = self.span();
        let global = self.eat(Punct::ColonColon);
        let mut segments = Vec::new();
        let end = self.pos + n - global as usize;
        while self.pos + 2 < end {
            let tok = self.bump();
            if let TokenKind::Ident(name) = tok.kind {
                segments.push(crate::ast::NameSeg::Ident {
                    name,
                    span: tok.span,
                });
            }
            self.bump(); // `::`
        }
        let span = start.to(self.prev_span());
        self.bump(); // `*`
        self.alloc(crate::ast::QualName {
            global,
            segments: self.alloc_slice(segments),
            span,
        })
    }

    /// `const`, `volatile`, `__restrict__` (and attributes) after a `*`.
    pub(super) fn pointer_quals(&mut self) -> PResult<Quals> {
        let mut q = Quals::default();
        loop {
            match self.kind() {
                TokenKind::Ident(kw::CONST) => q.is_const = true,
                TokenKind::Ident(kw::VOLATILE) => q.is_volatile = true,
                TokenKind::Ident(s) if s == super::specs::KW_VOLATILE_GNU => q.is_volatile = true,
                TokenKind::Ident(kw::RESTRICT | kw::RESTRICT_CUDA | kw::RESTRICT_GNU) => {
                    q.is_restrict = true
                }
                TokenKind::Ident(kw::ATTRIBUTE) => {
                    self.attributes(&mut None)?;
                    continue;
                }
                _ => return Ok(q),
            }
            self.bump();
        }
    }

    /// At `(` in declarator position: does it open an inner declarator (`(*p)`) rather
    /// than a parameter list (`(int)`)?
    fn paren_starts_inner_declarator(&self, mode: DeclaratorMode) -> bool {
        if self.member_pointer_ahead(1).is_some() {
            return true;
        }
        match self.peek_at(1).kind {
            TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp | Punct::LParen) => true,
            TokenKind::Punct(Punct::Caret | Punct::ColonColon | Punct::Tilde) => true,
            TokenKind::Ident(kw::ATTRIBUTE) => true,
            TokenKind::Ident(s) if s.is_keyword() => {
                s == KW_OPERATOR && mode != DeclaratorMode::Abstract
            }
            TokenKind::Ident(s) => mode != DeclaratorMode::Abstract && !self.scopes.is_type(s),
            _ => false,
        }
    }

    /// At `(` after a declarator name: a parameter list, or (in a declaration) a C++
    /// direct initializer `int x(5)`?
    fn paren_is_param_list(&self, mode: DeclaratorMode) -> bool {
        if mode != DeclaratorMode::Named {
            return true;
        }
        if self.functional_cast_at(1) {
            return false;
        }
        matches!(
            self.peek_at(1).kind,
            TokenKind::Punct(Punct::RParen | Punct::Ellipsis)
        ) || self.is_decl_start_at(1)
            || self.is_unknown_type_at(1)
    }

    /// A one-token type name followed by `(` and a literal or a prefix operator, or by
    /// `{`: `T(0.25) * x`, `float(-1)`, `S{1}` start an expression, never a parameter
    /// declaration, so `complex<T> r(T(0.25) * x, 0);` is a variable with a direct
    /// initializer (C++'s disambiguation: a declaration only where one can parse).
    fn functional_cast_at(&self, n: usize) -> bool {
        if !self.is_decl_start_at(n) || self.at_qualified_name(n) {
            return false;
        }
        // `complex<double>(x.re, 2.0)`: the type may be a class template-id.
        let mut after = n + 1;
        if self.is_class_template_id_at(n) {
            match self.closing_angle_at(n + 1) {
                Some(close) => after = close + 1,
                None => return false,
            }
        }
        if self.peek_at(after).is_punct(Punct::LBrace) {
            return true;
        }
        if !self.peek_at(after).is_punct(Punct::LParen) {
            return false;
        }
        match self.peek_at(after + 1).kind {
            TokenKind::Number(_)
            | TokenKind::Char(_)
            | TokenKind::Str(_)
            | TokenKind::Punct(
                Punct::Minus | Punct::Plus | Punct::Bang | Punct::PlusPlus | Punct::MinusMinus,
            ) => true,
            // `T(a.b …)`, `T(p->b …)`: a member access is no declarator.
            TokenKind::Ident(s) if !s.is_keyword() && !self.scopes.is_type(s) => matches!(
                self.peek_at(after + 2).kind,
                TokenKind::Punct(Punct::Dot | Punct::Arrow)
            ),
            _ => false,
        }
    }

    /// An unknown plain identifier followed by a plain identifier: a declaration with a
    /// misspelled or undeclared type name (`uint x`).
    pub(super) fn is_unknown_type_at(&self, n: usize) -> bool {
        let (TokenKind::Ident(a), TokenKind::Ident(b)) =
            (self.peek_at(n).kind, self.peek_at(n + 1).kind)
        else {
            return false;
        };
        !a.is_keyword()
            && self.scopes.lookup(a).is_none()
            && (!b.is_keyword() || super::specs::is_cuda_specifier(b))
    }

    /// Array and function suffixes, applied to `ty` from the right.
    fn declarator_suffixes(
        &mut self,
        ty: &'a TypeExpr<'a>,
        mode: DeclaratorMode,
    ) -> PResult<&'a TypeExpr<'a>> {
        let mut suffixes = Vec::new();
        loop {
            if self.at(Punct::LBracket) && self.peek_at(1).is_punct(Punct::LBracket) {
                // `const type_info &ti [[gnu::unused]]` (libstdc++'s `_M_get_deleter`): an
                // attribute after the declarator's name; `[[` always starts one in C++.
                let mut align = None;
                self.attributes(&mut align)?;
                continue;
            }
            if self.eat(Punct::LBracket) {
                self.chain_link()?;
                let size = if self.at(Punct::RBracket) {
                    None
                } else {
                    Some(self.assign_expr()?)
                };
                self.expect(Punct::RBracket, "to close the array size")?;
                suffixes.push(Suffix::Array(size));
            } else if self.at(Punct::LParen) && self.paren_is_param_list(mode) {
                self.chain_link()?;
                let (params, variadic) = self.param_list()?;
                let trailing = self.after_param_list()?;
                suffixes.push(Suffix::Function(params, variadic, trailing));
            } else {
                break;
            }
        }
        let mut ty = ty;
        for s in suffixes.into_iter().rev() {
            ty = match s {
                Suffix::Array(size) => self.alloc(TypeExpr::Array { elem: ty, size }),
                // `auto f(A a) -> T`: the trailing type is the return type.
                Suffix::Function(params, variadic, trailing) => self.alloc(TypeExpr::Function {
                    ret: trailing.unwrap_or(ty),
                    params,
                    variadic,
                }),
            };
        }
        Ok(ty)
    }

    /// Skips `noexcept`, `throw()`, `override`, `final` and attributes after a parameter
    /// list and records member-function qualifiers (`const`, `volatile`, `&`, `&&`) in
    /// `method_quals`; returns the trailing return type (`-> T`), if any.
    fn after_param_list(&mut self) -> PResult<Option<&'a TypeExpr<'a>>> {
        let mut trailing = None;
        self.method_quals = Quals::default();
        self.method_ref = None;
        self.method_override = false;
        self.method_final = false;
        loop {
            if self.eat_kw(kw::CONST) {
                self.method_quals.is_const = true;
                continue;
            }
            if self.eat_kw(kw::VOLATILE) {
                self.method_quals.is_volatile = true;
                continue;
            }
            // `override` and `final` are identifiers with a special meaning here only.
            if let TokenKind::Ident(s) = self.kind() {
                if matches!(self.interner.resolve(s), "override" | "final") {
                    // Both are checked when the class's vtable is built (sema).
                    self.method_override |= self.interner.resolve(s) == "override";
                    self.method_final |= self.interner.resolve(s) == "final";
                    self.bump();
                    continue;
                }
            }
            if (self.at(Punct::Amp) || self.at(Punct::AmpAmp))
                && matches!(
                    self.peek_at(1).kind,
                    TokenKind::Punct(Punct::LBrace | Punct::Semi | Punct::Assign)
                        | TokenKind::Ident(_)
                )
            {
                self.method_ref = Some(self.at(Punct::AmpAmp));
                self.bump();
                continue;
            }
            if self.eat_kw(KW_NOEXCEPT) {
                if self.at(Punct::LParen) {
                    self.skip_balanced_parens()?;
                }
            } else if self.eat_kw(KW_THROW) {
                self.skip_balanced_parens()?;
            } else if self.at_kw(kw::ATTRIBUTE) {
                self.attributes(&mut None)?;
            } else if self.at(Punct::Arrow) && trailing.is_none() {
                self.bump();
                // The type may have parameter lists of its own: keep this one's qualifiers.
                let (quals, r) = (self.method_quals, self.method_ref);
                let (o, f) = (self.method_override, self.method_final);
                trailing = Some(self.type_name()?);
                (self.method_quals, self.method_ref) = (quals, r);
                (self.method_override, self.method_final) = (o, f);
            } else {
                return Ok(trailing);
            }
        }
    }

    /// `( params )`: returns the parameters and whether the list ends in `...`.
    pub(super) fn param_list(&mut self) -> PResult<(&'a [ParamDecl<'a>], bool)> {
        self.expect(Punct::LParen, "before parameters")?;
        let depth = self.scopes.depth();
        self.scopes.push_prototype();
        let r = self.param_list_inner();
        self.scopes.truncate(depth);
        r
    }

    fn param_list_inner(&mut self) -> PResult<(&'a [ParamDecl<'a>], bool)> {
        let mut params = Vec::new();
        let mut variadic = false;
        if self.eat(Punct::RParen) {
            return Ok((&[], false));
        }
        if self.at_kw(kw::VOID) && self.peek_at(1).is_punct(Punct::RParen) {
            self.bump();
            self.bump();
            return Ok((&[], false));
        }
        loop {
            if self.eat(Punct::Ellipsis) {
                variadic = true;
                break;
            }
            let start = self.span();
            if !self.at_decl_start() && !self.is_unknown_type_at(0) {
                let text = self.token_text(&self.peek().clone());
                return Err(
                    self.error_here(format!("expected a parameter declaration, found `{text}`"))
                );
            }
            let specs = self.decl_specifiers(SpecContext::Param)?;
            let base = self.specs_type(&specs)?;
            // `Ts... xs`: a function parameter pack (only in a template); `Ts&&... xs`,
            // `const Ts&... xs`: the `...` after the pointer and reference operators, which
            // the declarator then steps over (`pack_after_ptr_ops`).
            let mut pack = self.in_template && self.eat(Punct::Ellipsis);
            if self.in_template && !pack && self.ellipsis_after_ptr_ops() {
                pack = true;
                self.pack_after_ptr_ops = true;
            }
            let d = self.declarator(base, DeclaratorMode::Either)?;
            self.attributes(&mut None)?;
            let default = if self.eat(Punct::Assign) {
                Some(self.assign_or_braced()?)
            } else {
                None
            };
            if let Some((n, _)) = d.name {
                self.scopes.declare(n, NameKind::Value);
                self.note_var_class(n, d.ty);
            }
            params.push(ParamDecl {
                name: d.name.map(|(n, _)| n),
                ty: d.ty,
                default,
                span: start.to(self.prev_span()),
                pack,
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::RParen, "to close the parameter list")?;
        Ok((self.alloc_slice(params), variadic))
    }

    /// At pointer and reference operators (with cv-qualifiers) followed by `...`: a
    /// parameter pack declared as `Ts&&... xs`.
    fn ellipsis_after_ptr_ops(&self) -> bool {
        let mut i = 0;
        loop {
            let t = self.peek_at(i);
            if t.is_punct(Punct::Ellipsis) {
                return i > 0;
            }
            let op = t.is_punct(Punct::Star) || t.is_punct(Punct::Amp) || t.is_punct(Punct::AmpAmp);
            if !op && !t.is_ident(kw::CONST) && !t.is_ident(kw::VOLATILE) {
                return false;
            }
            i += 1;
        }
    }

    /// A type name: specifiers and an abstract declarator (casts, `sizeof`, `alignof`).
    pub(super) fn type_name(&mut self) -> PResult<&'a TypeExpr<'a>> {
        let start = self.span();
        let specs = self.decl_specifiers(SpecContext::TypeName)?;
        if !specs.has_type() {
            return Err(self.error(start, "expected a type"));
        }
        if !specs.hoisted.is_empty() {
            return Err(self.error(start, "a type cannot be defined in a type name here"));
        }
        let base = self.specs_type(&specs)?;
        Ok(self.declarator(base, DeclaratorMode::Abstract)?.ty)
    }
}
