//! C++ class bodies: access specifiers, member functions (with bodies, `= default`,
//! `= delete`), constructors and their member initializer lists, destructors, conversion
//! functions, static data members, nested typedefs, default member initializers, and base
//! clauses. Data members stay `FieldDecl`s (as in C); everything else is a `MemberDecl`.

use super::declarator::DeclaratorMode;
use super::scope::NameKind;
use super::specs::SpecContext;
use super::{DeclContext, PResult, Parser};
use crate::ast::{
    Access, BaseSpec, Decl, FieldDecl, MemInit, MemberDecl, TagKind, TypeExpr, TypedefDecl, VarDecl,
};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};

const KW_PUBLIC: Symbol = kw::sym("public");
const KW_PRIVATE: Symbol = kw::sym("private");
const KW_PROTECTED: Symbol = kw::sym("protected");
const KW_VIRTUAL: Symbol = kw::sym("virtual");
const KW_FRIEND: Symbol = kw::sym("friend");

/// What a class body holds.
#[derive(Default)]
pub(super) struct ClassBody<'a> {
    pub fields: Vec<FieldDecl<'a>>,
    pub members: Vec<MemberDecl<'a>>,
    /// Friend functions defined in the body: namespace-scope functions, declared after
    /// the class (whose members their bodies use).
    pub friends: Vec<Decl<'a>>,
}

fn access_keyword(s: Symbol) -> Option<Access> {
    match s {
        KW_PUBLIC => Some(Access::Public),
        KW_PRIVATE => Some(Access::Private),
        KW_PROTECTED => Some(Access::Protected),
        _ => None,
    }
}

impl<'a, 'c> Parser<'a, 'c> {
    /// The parser context of a class named by a type, when known.
    pub(super) fn class_ctx_of_type(&self, te: &TypeExpr<'_>) -> Option<super::scope::CtxId> {
        match te {
            TypeExpr::Tag { name, .. } | TypeExpr::Named { name, .. } => {
                self.scopes.qualifier_context(None, false, *name)
            }
            TypeExpr::Qual(q) => {
                let ctx = self.qualifier_ctx_of(q);
                if ctx.is_none() && !q.qualifier().is_empty() {
                    return None;
                }
                let global = q.global && q.segments.len() == 1;
                self.scopes
                    .qualifier_context(ctx, global, q.last().ident()?)
            }
            TypeExpr::Qualified { inner, .. } => self.class_ctx_of_type(inner),
            _ => None,
        }
    }

    /// `: public A, private B<int>, virtual C` (at `:`).
    pub(super) fn base_clause(&mut self, kind: TagKind) -> PResult<&'a [BaseSpec<'a>]> {
        let default_access = if kind == TagKind::Class {
            Access::Private
        } else {
            Access::Public
        };
        self.bump();
        let mut bases = Vec::new();
        loop {
            let start = self.span();
            let mut access = None;
            let mut is_virtual = false;
            loop {
                match self.kind() {
                    TokenKind::Ident(s) if access_keyword(s).is_some() => {
                        access = access_keyword(s);
                        self.bump();
                    }
                    TokenKind::Ident(KW_VIRTUAL) => {
                        is_virtual = true;
                        self.bump();
                    }
                    _ => break,
                }
            }
            let ty = self.type_name()?;
            bases.push(BaseSpec {
                ty,
                access: access.unwrap_or(default_access),
                is_virtual,
                span: start.to(self.prev_span()),
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        Ok(self.alloc_slice(bases))
    }

    /// The members of a struct/union/class body, between the braces.
    pub(super) fn class_members(
        &mut self,
        kind: TagKind,
        name: Option<Symbol>,
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<ClassBody<'a>> {
        let mut body = ClassBody::default();
        let mut access = if kind == TagKind::Class {
            Access::Private
        } else {
            Access::Public
        };
        let saved_ctor = std::mem::replace(&mut self.ctor_name, name);
        let r = (|| {
            while !self.at(Punct::RBrace) && !self.at_eof() {
                if self.eat(Punct::Semi) {
                    continue;
                }
                if let TokenKind::Ident(s) = self.kind() {
                    if let (Some(a), true) =
                        (access_keyword(s), self.peek_at(1).is_punct(Punct::Colon))
                    {
                        access = a;
                        self.bump();
                        self.bump();
                        continue;
                    }
                }
                if self.member_declaration(access, &mut body, hoisted).is_err() {
                    if self.fatal.is_some() {
                        return Err(super::Failed);
                    }
                    self.recover_statement();
                }
            }
            Ok(())
        })();
        self.ctor_name = saved_ctor;
        r.map(|_| body)
    }

    /// True at the declarator of a constructor, destructor or conversion function (which
    /// have no declaration specifiers' type).
    fn at_special_member_declarator(&self) -> bool {
        match self.kind() {
            TokenKind::Ident(s) if Some(s) == self.ctor_name => {
                self.peek_at(1).is_punct(Punct::LParen)
            }
            TokenKind::Ident(s) => s == super::qualname::KW_OPERATOR,
            TokenKind::Punct(Punct::Tilde) => true,
            _ => false,
        }
    }

    /// `using Base::name;` / `using typename Base::type;` in a class: the name is declared
    /// in the class as what it names in the base (a type stays a type for the parser). The
    /// lowering does not bring base members in by it: it is libstdc++'s way of naming
    /// base members in host member functions, whose bodies oxicc skips.
    fn member_using_declaration(
        &mut self,
        access: Access,
        body: &mut ClassBody<'a>,
    ) -> PResult<()> {
        let start = self.bump().span;
        let typename = self.eat_kw(kw::TYPENAME);
        let name = self.qual_name()?;
        self.expect(Punct::Semi, "after a using-declaration")?;
        if let Some(last) = name.last().ident() {
            match self.qual_name_kind(name) {
                Some(kind) => self.scopes.declare(last, kind),
                // A dependent base's member: a type when `typename` says so.
                None if typename => self.scopes.declare(last, NameKind::Typedef),
                None => {}
            }
        }
        body.members.push(MemberDecl {
            access,
            decl: Decl::UsingDecl {
                name,
                span: start.to(self.prev_span()),
            },
        });
        Ok(())
    }

    /// One member declaration.
    pub(super) fn member_declaration(
        &mut self,
        access: Access,
        body: &mut ClassBody<'a>,
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let start = self.span();
        let start_pos = self.pos;
        if self.at_kw(KW_FRIEND)
            && matches!(self.peek_at(1).kind, TokenKind::Ident(s)
                    if s == kw::sym("class") || s == kw::sym("struct"))
        {
            // `friend class X;` grants access only.
            self.recover_statement_from(start_pos);
            let class = self.toks[start_pos..self.pos]
                .iter()
                .rev()
                .find_map(|t| match t.kind {
                    TokenKind::Ident(s) if !s.is_keyword() => Some(s),
                    _ => None,
                });
            body.members.push(MemberDecl {
                access,
                decl: Decl::Friend {
                    class,
                    name: None,
                    span: start,
                },
            });
            return Ok(());
        }
        if self.at_kw(kw::USING)
            && matches!(self.peek_at(1).kind, TokenKind::Ident(n) if !n.is_keyword())
            && self.peek_at(2).is_punct(Punct::Assign)
        {
            // `using value_type = T;`: a member typedef.
            let mut decls = Vec::new();
            self.alias_declaration(&mut decls)?;
            for decl in decls {
                body.members.push(MemberDecl { access, decl });
            }
            return Ok(());
        }
        if self.at_kw(kw::TEMPLATE) && self.peek_at(1).is_punct(Punct::Lt) {
            return self.member_template(access, body, hoisted);
        }
        if self.at_kw(kw::STATIC_ASSERT) {
            // Kept in the class (libstdc++'s containers check their allocators with one);
            // the lowering checks it once the class's members are declared.
            let mut decls = Vec::new();
            self.static_assert_declaration(&mut decls)?;
            for decl in decls {
                body.members.push(MemberDecl { access, decl });
            }
            return Ok(());
        }
        if self.at_kw(kw::USING) && !self.peek_at(1).is_ident(kw::NAMESPACE) {
            return self.member_using_declaration(access, body);
        }
        if self.at_kw(kw::USING) || self.at_kw(kw::TEMPLATE) {
            let span = self.span();
            let text = self.token_text(&self.peek().clone());
            return Err(self.unsupported(span, &format!("`{text}` in a class")));
        }
        if !self.at_decl_start()
            && !self.is_unknown_type_at(0)
            && !self.at_special_member_declarator()
        {
            let span = self.span();
            let text = self.token_text(&self.peek().clone());
            return Err(self.error(
                span,
                format!("expected a member declaration, found `{text}`"),
            ));
        }
        let mut specs = self.decl_specifiers(SpecContext::Member)?;
        // A class defined inside a class is a member (`Outer::Inner`, mangled inside it;
        // in a class template instantiated with the enclosing instance's arguments). CUDA
        // source is C++, so C's hoisting does not apply; enums are still hoisted, except in
        // a template, whose enumerators may depend on its parameters (`enum { N = W + 1 }`):
        // there they stay members, defined with each instance (`irgen::nested_class`).
        for d in specs.hoisted.drain(..) {
            match d {
                Decl::Record(rd) if rd.fields.is_some() => {
                    body.members.push(MemberDecl {
                        access,
                        decl: Decl::Record(rd),
                    });
                }
                Decl::Enum(ed) if self.in_template => body.members.push(MemberDecl {
                    access,
                    decl: Decl::Enum(ed),
                }),
                d => hoisted.push(d),
            }
        }
        if specs.is_friend {
            return self.friend_function(&mut specs, start, start_pos, access, body);
        }
        let base: &'a TypeExpr<'a> = if !specs.has_type() && self.at_special_member_declarator() {
            self.alloc(TypeExpr::Builtin(crate::ast::BuiltinType::Void))
        } else {
            self.specs_type(&specs)?
        };
        if self.eat(Punct::Semi) {
            // `union { … };` — an anonymous member.
            if matches!(base, TypeExpr::Record(_))
                || matches!(
                    base,
                    TypeExpr::Qualified {
                        inner: TypeExpr::Record(_),
                        ..
                    }
                )
            {
                body.fields.push(FieldDecl {
                    name: None,
                    ty: base,
                    bits: None,
                    align: specs.align,
                    span: start.to(self.prev_span()),
                    access,
                    init: None,
                });
            }
            // `enum { A, B };` — its enumerators belong to the enclosing scope (to the class,
            // in a template: see above).
            if let TypeExpr::Enum(ed) = base {
                if self.in_template {
                    body.members.push(MemberDecl {
                        access,
                        decl: Decl::Enum(ed),
                    });
                } else {
                    hoisted.push(Decl::Enum(ed));
                }
            }
            return Ok(());
        }
        let mut first = true;
        loop {
            let fstart = self.span();
            if self.at(Punct::Colon) {
                // An unnamed bit-field.
                self.bump();
                let bits = Some(self.cond_expr()?);
                body.fields.push(FieldDecl {
                    name: None,
                    ty: base,
                    bits,
                    align: specs.align,
                    span: fstart.to(self.prev_span()),
                    access,
                    init: None,
                });
            } else {
                let d = self.declarator(base, DeclaratorMode::Named)?;
                let mut align = specs.align;
                self.attributes(&mut align)?;
                let Some((name, name_span)) = d.name else {
                    return Err(self.error(d.span, "expected a member name"));
                };
                if matches!(d.ty, TypeExpr::Function { .. }) {
                    let (f, defined) = self.function_declarator(
                        &mut specs,
                        &d,
                        start,
                        DeclContext::Member,
                        first,
                    )?;
                    body.members.push(MemberDecl {
                        access,
                        decl: Decl::Function(f),
                    });
                    if defined {
                        self.eat(Punct::Semi);
                        return Ok(());
                    }
                } else if specs.is_typedef {
                    self.scopes.declare(name, NameKind::Typedef);
                    let td = self.alloc(TypedefDecl {
                        name,
                        ty: d.ty,
                        span: start.to(self.prev_span()),
                    });
                    body.members.push(MemberDecl {
                        access,
                        decl: Decl::Typedef(td),
                    });
                } else if specs.decl.is_static {
                    self.scopes.declare(name, NameKind::Value);
                    let direct_braced = self.at(Punct::LBrace);
                    let init = self.member_initializer()?;
                    let vd = self.alloc(VarDecl {
                        name,
                        name_span,
                        specs: specs.decl,
                        ty: d.ty,
                        align,
                        init,
                        direct_braced,
                        span: start.to(self.prev_span()),
                    });
                    body.members.push(MemberDecl {
                        access,
                        decl: Decl::Var(vd),
                    });
                } else {
                    let bits = if self.eat(Punct::Colon) {
                        Some(self.cond_expr()?)
                    } else {
                        None
                    };
                    let init = self.member_initializer()?;
                    self.scopes.declare(name, NameKind::Value);
                    body.fields.push(FieldDecl {
                        name: Some(name),
                        ty: d.ty,
                        bits,
                        align,
                        span: fstart.to(self.prev_span()),
                        access,
                        init,
                    });
                }
            }
            first = false;
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::Semi, "after a member declaration")?;
        Ok(())
    }

    /// The rest of `friend [__device__] T f(params) { … }` after its specifiers: a friend
    /// defined in the class is a namespace-scope function (nvcc mangles it so), kept in
    /// `body.friends`; inside a class template it is a member declaration (with
    /// `method.is_friend`) made for each instance (`irgen/hidden_friend.rs`). A friend
    /// that is only declared grants access and is skipped.
    fn friend_function(
        &mut self,
        specs: &mut super::specs::Specs<'a>,
        start: crate::source::Span,
        start_pos: usize,
        access: Access,
        body: &mut ClassBody<'a>,
    ) -> PResult<()> {
        let base = self.specs_type(specs)?;
        let d = self.declarator(base, DeclaratorMode::Named)?;
        let defines = matches!(d.ty, TypeExpr::Function { .. })
            && d.name.is_some()
            && d.qual.is_none_or(|q| !q.global && q.segments.len() == 1)
            && self.at(Punct::LBrace);
        if !defines {
            // A friend declaration: it grants access to the function named.
            self.recover_statement_from(start_pos);
            if matches!(d.ty, TypeExpr::Function { .. }) {
                let class = d.qual.and_then(|q| {
                    let n = q.segments.len();
                    (n >= 2).then(|| q.segments[n - 2].ident()).flatten()
                });
                body.members.push(MemberDecl {
                    access,
                    decl: Decl::Friend {
                        class,
                        name: d.name.map(|(n, _)| n),
                        span: start,
                    },
                });
            }
            return Ok(());
        }
        let (f, _) = self.function_declarator(specs, &d, start, DeclContext::File, true)?;
        if self.in_template {
            body.members.push(MemberDecl {
                access,
                decl: Decl::Function(f),
            });
        } else {
            body.friends.push(Decl::Function(f));
        }
        self.eat(Punct::Semi);
        Ok(())
    }

    /// `= init` or `{ … }` after a member declarator.
    fn member_initializer(&mut self) -> PResult<Option<crate::ast::Init<'a>>> {
        if self.eat(Punct::Assign) || self.at(Punct::LBrace) {
            return Ok(Some(self.initializer()?));
        }
        Ok(None)
    }

    /// `: a(x), b{y}, Base(z)` of a constructor (at `:`).
    pub(super) fn ctor_initializers(&mut self) -> PResult<&'a [MemInit<'a>]> {
        self.bump();
        let mut inits = Vec::new();
        loop {
            let start = self.span();
            let name = self.qual_name()?;
            let braced = self.at(Punct::LBrace);
            let args = if braced {
                self.braced_args("to close the member initializer")?
            } else {
                self.expect(Punct::LParen, "after a member name in an initializer list")?;
                self.call_args()?
            };
            inits.push(MemInit {
                name,
                args,
                braced,
                span: start.to(self.prev_span()),
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        Ok(self.alloc_slice(inits))
    }
}
