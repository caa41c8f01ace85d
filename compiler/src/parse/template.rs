//! Templates: `template <params> declaration`, explicit specializations (`template <>`),
//! explicit instantiations (`template __global__ void k<float, 128>(…);`), template
//! argument lists (`f<int, 4>`, `S<T>`), and `static_assert`.
//!
//! The parser only needs to know that a name is a template (`NameKind::Template`) to read
//! `name<` as the start of a template-id instead of a less-than. Inside a template, type
//! parameters are type names and non-type parameters values, in a scope that ends with the
//! template. Whether a template argument is a type or an expression is decided by its first
//! token (a type specifier or a type name starts a type). Inside a template argument list a
//! `>` ends the list (`>>` is two `Gt` tokens, so `S<T<int>>` closes twice), except inside
//! parentheses (`f<(a > b)>`), as C++ says.

use super::scope::NameKind;
use super::specs::SpecContext;
use super::{DeclContext, PResult, Parser};
use crate::ast::{
    Decl, Expr, TemplateArgExpr, TemplateDecl, TemplateParam, TemplateParamKind, TypeExpr,
};
use crate::intern::kw;
use crate::lex::token::{Punct, TokenKind};

impl<'a, 'c> Parser<'a, 'c> {
    /// At `template`: a template declaration, an explicit specialization or an explicit
    /// instantiation.
    pub(super) fn template_declaration(
        &mut self,
        ctx: DeclContext,
        out: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let start = self.bump().span;
        if ctx != DeclContext::File {
            return Err(self.error(start, "a template declaration is not allowed here"));
        }
        if !self.at(Punct::Lt) {
            return self.explicit_instantiation(start, out);
        }
        self.bump();
        let depth = self.scopes.depth();
        self.scopes.push();
        let saved = std::mem::replace(&mut self.in_template, true);
        let r = self.template_params().and_then(|params| {
            if self.at_kw(kw::TEMPLATE) && self.peek_at(1).is_punct(Punct::Lt) {
                // `template <class T> template <class U> R C<T>::f(U)`: a member template
                // of a class template defined outside its class.
                let inner_start = self.bump().span;
                self.bump();
                self.scopes.push();
                let inner_params = self.template_params()?;
                let mut inner = Vec::new();
                self.declaration(ctx, &mut inner)?;
                let Some(decl) = inner.pop() else {
                    return Err(self.error(inner_start, "expected a declaration"));
                };
                if !matches!(decl, Decl::Function(f) if f.qual.is_some_and(|q| q.segments.len() > 1))
                {
                    return Err(self.unsupported(inner_start, "a nested template declaration"));
                }
                let td = TemplateDecl {
                    params: self.alloc_slice(inner_params),
                    decl,
                    span: inner_start.to(self.prev_span()),
                };
                inner.push(Decl::Template(self.alloc(td)));
                return Ok((params, inner));
            }
            // A class template's name is a template inside its own body already.
            if matches!(
                self.kind(),
                TokenKind::Ident(kw::STRUCT | kw::CLASS | kw::UNION)
            ) {
                // `struct __align__(sizeof(T) * 2) complex {`: the name follows attributes.
                let mut i = 1;
                while matches!(self.peek_at(i).kind, TokenKind::Ident(a)
                        if matches!(a, kw::ALIGN | kw::ATTRIBUTE)
                            || a == super::specs::KW_ALIGNAS
                            || a == super::specs::KW_DECLSPEC)
                    && self.peek_at(i + 1).is_punct(Punct::LParen)
                {
                    match self.matching_close(self.pos + i + 1) {
                        Some(after) => i = after - self.pos,
                        None => break,
                    }
                }
                if let TokenKind::Ident(n) = self.peek_at(i).kind {
                    if !n.is_keyword() {
                        self.scopes
                            .declare_at(depth, n, NameKind::Template { class: true });
                    }
                }
            }
            let mut inner = Vec::new();
            let alias = self.at_kw(kw::USING)
                && matches!(self.peek_at(1).kind, TokenKind::Ident(n) if !n.is_keyword())
                && self.peek_at(2).is_punct(Punct::Assign);
            if alias {
                self.alias_declaration(&mut inner)?;
            } else {
                self.declaration(ctx, &mut inner)?;
            }
            Ok((params, inner))
        });
        self.in_template = saved;
        self.scopes.truncate(depth);
        let (params, inner) = r?;
        let span = start.to(self.prev_span());
        // Hoisted record definitions come first: the template's own entity is the last one.
        let Some(decl) = inner.into_iter().last() else {
            return Err(self.error(span, "expected a declaration after the template parameters"));
        };
        let (name, class) = match &decl {
            // `template <class U> R C::f(U)` / `C<T>::f`: a member of a class, not a new
            // name in this scope.
            Decl::Function(f) if f.qual.is_some_and(|q| q.segments.len() > 1) => {
                out.push(Decl::Template(self.alloc(TemplateDecl {
                    params: self.alloc_slice(params),
                    decl,
                    span,
                })));
                return Ok(());
            }
            Decl::Template(_) => {
                out.push(Decl::Template(self.alloc(TemplateDecl {
                    params: self.alloc_slice(params),
                    decl,
                    span,
                })));
                return Ok(());
            }
            Decl::Function(f) => (f.name, false),
            Decl::Record(crate::ast::RecordDecl { name: Some(n), .. }) => (*n, true),
            // Alias templates name types (`make_unsigned_t<T>`), variable templates values.
            Decl::Typedef(t) => (t.name, true),
            Decl::Var(v) => (v.name, false),
            _ => {
                return Err(self.unsupported(span, "this kind of template declaration"));
            }
        };
        self.scopes.declare(name, NameKind::Template { class });
        out.push(Decl::Template(self.alloc(TemplateDecl {
            params: self.alloc_slice(params),
            decl,
            span,
        })));
        Ok(())
    }

    /// `struct R;` after a member template's parameters (libstdc++'s `template <typename>
    /// struct __result;` in `thread::_Invoker`): a member class template declared only. A
    /// member declaration would take it as a forward reference that declares nothing.
    fn member_class_template_declared_only(&mut self) -> Option<&'a crate::ast::RecordDecl<'a>> {
        let kind = match self.peek().kind {
            TokenKind::Ident(kw::STRUCT) => crate::ast::TagKind::Struct,
            TokenKind::Ident(kw::CLASS) => crate::ast::TagKind::Class,
            TokenKind::Ident(kw::UNION) => crate::ast::TagKind::Union,
            _ => return None,
        };
        let TokenKind::Ident(name) = self.peek_at(1).kind else {
            return None;
        };
        if name.is_keyword() || !self.peek_at(2).is_punct(Punct::Semi) {
            return None;
        }
        let start = self.bump().span;
        self.bump();
        let end = self.bump().span;
        Some(self.alloc(crate::ast::RecordDecl {
            kind,
            name: Some(name),
            fields: None,
            align: None,
            span: start.to(end),
            bases: &[],
            members: &[],
            template_args: None,
            is_final: false,
        }))
    }

    /// `template <params> member-declaration` inside a class body: a member function
    /// template (constructors included). Its name becomes a template in the class (and
    /// for `obj.f<…>`, see `Parser::member_templates`).
    pub(super) fn member_template(
        &mut self,
        access: crate::ast::Access,
        body: &mut super::class::ClassBody<'a>,
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let start = self.bump().span;
        self.bump();
        let depth = self.scopes.depth();
        self.scopes.push();
        let saved = std::mem::replace(&mut self.in_template, true);
        let mut inner = super::class::ClassBody::default();
        let r = self.template_params().and_then(|params| {
            if let Some(rd) = self.member_class_template_declared_only() {
                inner.members.push(crate::ast::MemberDecl {
                    access,
                    decl: Decl::Record(rd),
                });
            } else {
                self.member_declaration(access, &mut inner, hoisted)?;
            }
            Ok(params)
        });
        self.in_template = saved;
        self.scopes.truncate(depth);
        let params = r?;
        let span = start.to(self.prev_span());
        let Some(m) = inner.members.pop() else {
            return Err(self.unsupported(span, "a member template that is not a function"));
        };
        // A member class template: `template <bool C> struct Column {…};`, declared only
        // (`template <class> struct R;`), or a partial or explicit specialization of one
        // (`template <class T> struct D<T, int> {…};`, libstdc++'s `__ptr_traits_impl`).
        if let Decl::Record(rd @ crate::ast::RecordDecl { name: Some(n), .. }) = m.decl {
            {
                if rd.template_args.is_none() {
                    self.scopes.declare(*n, NameKind::Template { class: true });
                }
                body.members.push(crate::ast::MemberDecl {
                    access,
                    decl: Decl::Template(self.alloc(TemplateDecl {
                        params: self.alloc_slice(params),
                        decl: m.decl,
                        span,
                    })),
                });
                return Ok(());
            }
        }
        // A member alias template (`template <class U> using rebind = …;`) or variable
        // template.
        let alias = match m.decl {
            Decl::Typedef(t) => Some((t.name, true)),
            Decl::Var(v) => Some((v.name, false)),
            _ => None,
        };
        if let Some((name, class)) = alias {
            self.scopes.declare(name, NameKind::Template { class });
            body.members.push(crate::ast::MemberDecl {
                access,
                decl: Decl::Template(self.alloc(TemplateDecl {
                    params: self.alloc_slice(params),
                    decl: m.decl,
                    span,
                })),
            });
            return Ok(());
        }
        // `template <class E> friend R std::f(E);`: grants access only, as the same
        // friend declaration without a template header (libstdc++'s `exception_ptr`).
        if let Decl::Friend { .. } = m.decl {
            body.members.push(m);
            return Ok(());
        }
        let Decl::Function(f) = m.decl else {
            return Err(self.unsupported(span, "a member template that is not a function"));
        };
        if self.ctor_name != Some(f.name) {
            self.scopes
                .declare(f.name, NameKind::Template { class: false });
            self.member_templates.insert(f.name);
        }
        body.members.push(crate::ast::MemberDecl {
            access,
            decl: Decl::Template(self.alloc(TemplateDecl {
                params: self.alloc_slice(params),
                decl: m.decl,
                span,
            })),
        });
        Ok(())
    }

    /// `template declaration;` without a parameter list.
    fn explicit_instantiation(
        &mut self,
        start: crate::source::Span,
        out: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let mut inner = Vec::new();
        self.declaration(DeclContext::File, &mut inner)?;
        for d in inner {
            match d {
                Decl::Function(f) if f.body.is_none() => {
                    out.push(Decl::ExplicitInstantiation(f));
                }
                // `template struct S<int>;`: class members are instantiated where used.
                Decl::Record(_) => {}
                _ => {
                    let span = start.to(self.prev_span());
                    return Err(self.error(span, "invalid explicit instantiation"));
                }
            }
        }
        Ok(())
    }

    /// Template parameters after `<`, through the closing `>`.
    fn template_params(&mut self) -> PResult<Vec<TemplateParam<'a>>> {
        let mut params = Vec::new();
        if self.eat(Punct::Gt) {
            return Ok(params);
        }
        loop {
            params.push(self.template_param()?);
            if self.eat(Punct::Comma) {
                continue;
            }
            self.expect(Punct::Gt, "to close the template parameter list")?;
            return Ok(params);
        }
    }

    fn template_param(&mut self) -> PResult<TemplateParam<'a>> {
        let start = self.span();
        if self.at_kw(kw::TEMPLATE) {
            // `template <class> class C`.
            self.bump();
            self.expect(Punct::Lt, "to open the template parameter list")?;
            let params = self.template_params()?;
            if !(self.eat_kw(kw::CLASS) || self.eat_kw(kw::TYPENAME)) {
                return Err(self.error_here("expected `class` in a template template parameter"));
            }
            let pack = self.eat(Punct::Ellipsis);
            let name = self.eat_plain_ident();
            if self.at(Punct::Assign) {
                let span = self.span();
                return Err(self.unsupported(span, "a default template template argument"));
            }
            if let Some((n, _)) = name {
                self.scopes.declare(n, NameKind::Template { class: true });
            }
            return Ok(TemplateParam {
                name: name.map(|(n, _)| n),
                kind: TemplateParamKind::Template {
                    params: self.alloc_slice(params),
                },
                pack,
                span: start.to(self.prev_span()),
            });
        }
        let is_type_param = (self.at_kw(kw::TYPENAME) || self.at_kw(kw::CLASS))
            && matches!(
                self.peek_at(1).kind,
                TokenKind::Ident(_)
                    | TokenKind::Punct(Punct::Ellipsis | Punct::Comma | Punct::Gt | Punct::Assign)
            )
            && !self.is_typename_qualified_at(1);
        if is_type_param {
            self.bump();
            let pack = self.eat(Punct::Ellipsis);
            let name = self.eat_plain_ident();
            let default = if self.eat(Punct::Assign) {
                Some(self.with_template_arg_mode(|p| p.type_name())?)
            } else {
                None
            };
            if let Some((n, _)) = name {
                self.scopes.declare(n, NameKind::Typedef);
            }
            return Ok(TemplateParam {
                name: name.map(|(n, _)| n),
                kind: TemplateParamKind::Type { default },
                pack,
                span: start.to(self.prev_span()),
            });
        }
        let specs = self.decl_specifiers(SpecContext::TypeName)?;
        let base = self.specs_type(&specs)?;
        let pack = self.eat(Punct::Ellipsis);
        let d = self.declarator(base, super::declarator::DeclaratorMode::Either)?;
        let default = if self.eat(Punct::Assign) {
            Some(self.with_template_arg_mode(|p| p.cond_expr())?)
        } else {
            None
        };
        if let Some((n, _)) = d.name {
            self.scopes.declare(n, NameKind::Value);
        }
        Ok(TemplateParam {
            name: d.name.map(|(n, _)| n),
            kind: TemplateParamKind::NonType { ty: d.ty, default },
            pack,
            span: start.to(self.prev_span()),
        })
    }

    /// `typename X::…`: a dependent type, not a type parameter.
    fn is_typename_qualified_at(&self, n: usize) -> bool {
        self.peek_at(n + 1).is_punct(Punct::ColonColon)
    }

    /// Runs `f` with `>` ending expressions (inside a template argument list).
    pub(super) fn with_template_arg_mode<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let saved = std::mem::replace(&mut self.in_template_args, true);
        let r = f(self);
        self.in_template_args = saved;
        r
    }

    /// A template argument list at `<`, through its `>`.
    pub(super) fn template_args(&mut self) -> PResult<&'a [TemplateArgExpr<'a>]> {
        self.expect(Punct::Lt, "to open the template argument list")?;
        let mut args = Vec::new();
        if !self.eat(Punct::Gt) {
            loop {
                let arg = self.nested(|p| p.with_template_arg_mode(|p| p.template_arg()))?;
                let arg = if self.eat(Punct::Ellipsis) {
                    TemplateArgExpr::Pack(self.alloc(arg))
                } else {
                    arg
                };
                args.push(arg);
                if self.eat(Punct::Comma) {
                    continue;
                }
                self.expect(Punct::Gt, "to close the template argument list")?;
                break;
            }
        }
        Ok(self.alloc_slice(args))
    }

    fn template_arg(&mut self) -> PResult<TemplateArgExpr<'a>> {
        // `S<int>::type` / `N::T` / `S<T>::value`: the parser cannot tell a member type from
        // a member value. A qualified name followed by the end of the argument is kept as a
        // type (sema reads it as a constant for a non-type parameter); one followed by an
        // operator is an expression.
        if self.at_qualified_name(0) || self.is_class_template_id_at(0) {
            let ends_arg = |p: &Self| {
                matches!(
                    p.kind(),
                    TokenKind::Punct(Punct::Comma | Punct::Gt | Punct::Ellipsis)
                )
            };
            let t = self.speculate(|p| {
                let t = p.type_name()?;
                if ends_arg(p) {
                    Ok(t)
                } else {
                    Err(super::Failed)
                }
            });
            if let Some(t) = t {
                return Ok(TemplateArgExpr::Type(t));
            }
            let t = self.speculate(|p| {
                let q = p.qual_name()?;
                let t: &'a crate::ast::TypeExpr<'a> = p.alloc(crate::ast::TypeExpr::Qual(q));
                if ends_arg(p) {
                    Ok(t)
                } else {
                    Err(super::Failed)
                }
            });
            if let Some(t) = t {
                return Ok(TemplateArgExpr::Type(t));
            }
        } else if self.at_decl_start() {
            return Ok(TemplateArgExpr::Type(self.type_name()?));
        }
        let e: &'a Expr<'a> = self.cond_expr()?;
        Ok(TemplateArgExpr::Expr(e))
    }

    /// At a class template name followed by `<`: the template-id (possibly followed by
    /// `::member`) as a type.
    pub(super) fn template_id_type(&mut self) -> PResult<&'a TypeExpr<'a>> {
        let q = self.qual_name()?;
        Ok(self.alloc(TypeExpr::Qual(q)))
    }

    /// True when the name at `n` is a class template followed by `<`.
    pub(super) fn is_class_template_id_at(&self, n: usize) -> bool {
        match self.peek_at(n).kind {
            TokenKind::Ident(s) => {
                matches!(
                    self.scopes.lookup(s),
                    Some(NameKind::Template { class: true })
                ) && self.peek_at(n + 1).is_punct(Punct::Lt)
            }
            _ => false,
        }
    }

    /// At the injected class name of a class template whose body is being parsed (the
    /// bare name, not followed by `<`): a type naming the current instance.
    pub(super) fn is_injected_class_name_at(&self, n: usize) -> bool {
        match self.peek_at(n).kind {
            TokenKind::Ident(s) => {
                self.injected.contains(&s)
                    && !self.peek_at(n + 1).is_punct(Punct::Lt)
                    && matches!(
                        self.scopes.lookup(s),
                        Some(NameKind::Template { class: true })
                    )
            }
            _ => false,
        }
    }

    /// The class template a qualified name's last qualifier names (`S` of `S<T>::f`).
    pub(super) fn class_template_qualifier(
        &self,
        q: &crate::ast::QualName<'_>,
    ) -> Option<crate::intern::Symbol> {
        match q.qualifier().last() {
            Some(crate::ast::NameSeg::TemplateId { name, .. })
                if matches!(
                    self.scopes.lookup(*name),
                    Some(NameKind::Template { class: true })
                ) =>
            {
                Some(*name)
            }
            _ => None,
        }
    }

    /// `static_assert(cond, "message");` / `static_assert(cond);` at `static_assert`.
    pub(super) fn static_assert_declaration(&mut self, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        let start = self.bump().span;
        self.expect(Punct::LParen, "after `static_assert`")?;
        let cond = self.assign_expr()?;
        let mut message = None;
        if self.eat(Punct::Comma) {
            let e = self.assign_expr()?;
            match e.kind {
                crate::ast::ExprKind::StrLit(bytes) => message = Some(bytes),
                _ => return Err(self.error(e.span, "expected a string literal")),
            }
        }
        self.expect(Punct::RParen, "to close `static_assert`")?;
        self.expect(Punct::Semi, "after `static_assert`")?;
        out.push(Decl::StaticAssert {
            cond,
            message,
            span: start.to(self.prev_span()),
        });
        Ok(())
    }
}
