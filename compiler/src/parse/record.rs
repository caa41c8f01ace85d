//! `struct`/`union`/`class` and `enum` specifiers: references (`struct S`), forward
//! declarations and definitions with their members or enumerators.
//!
//! A named definition is hoisted: `struct S { … } s;` yields `Decl::Record(S)` followed by
//! a variable of type `TypeExpr::Tag(S)`, so sema sees each definition exactly once. An
//! anonymous definition stays inline as `TypeExpr::Record`/`TypeExpr::Enum`. Named
//! definitions nested in a struct body are hoisted in front of the enclosing struct (C's
//! scoping), and so is an anonymous `enum { … };` member (its enumerators). Tag names are
//! entered in the scope table so C++'s `S x;` parses as a declaration.

use super::scope::NameKind;
use super::specs::{Specs, KW_ALIGNAS};
use super::{PResult, Parser};
use crate::ast::{Decl, EnumDecl, Enumerator, RecordDecl, TagKind, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};

impl<'a, 'c> Parser<'a, 'c> {
    /// Parses `struct …`/`union …`/`class …`/`enum …` at the keyword; returns the type
    /// to use and records hoisted definitions and forward references in `s`.
    pub(super) fn tag_specifier(&mut self, s: &mut Specs<'a>) -> PResult<&'a TypeExpr<'a>> {
        let kw_tok = self.bump();
        let kind = match kw_tok.kind {
            TokenKind::Ident(kw::STRUCT) => TagKind::Struct,
            TokenKind::Ident(kw::UNION) => TagKind::Union,
            TokenKind::Ident(kw::CLASS) => TagKind::Class,
            _ => TagKind::Enum,
        };
        let scoped = kind == TagKind::Enum && (self.eat_kw(kw::CLASS) || self.eat_kw(kw::STRUCT));
        let mut align = None;
        loop {
            if self.at_kw(kw::ALIGN) || self.at_kw(KW_ALIGNAS) {
                self.bump();
                align = Some(self.paren_expr_arg("alignment")?);
            } else if self.at_kw(kw::ATTRIBUTE)
                || self.at_kw(super::specs::KW_DECLSPEC)
                || (self.at(Punct::LBracket) && self.peek_at(1).is_punct(Punct::LBracket))
            {
                // `struct [[__deprecated__]] iterator` (libstdc++'s `_GLIBCXX17_DEPRECATED`).
                self.attributes(&mut align)?;
            } else {
                break;
            }
        }
        let name = match self.kind() {
            TokenKind::Ident(n) if !n.is_keyword() => Some((n, self.bump().span)),
            _ => None,
        };
        // `struct S<T*, 1> { … }`: a class template specialization.
        let mut template_args = None;
        if let Some((n, _)) = name {
            if self.at(Punct::Lt)
                && matches!(
                    self.scopes.lookup(n),
                    Some(super::scope::NameKind::Template { class: true })
                )
            {
                template_args = Some(self.template_args()?);
            }
        }
        // `const class std::type_info *` (libstdc++'s `exception_ptr`): an elaborated
        // reference by a qualified name names the class that name names.
        if name.is_some() && template_args.is_none() && self.at(Punct::ColonColon) {
            let back = self.pos;
            self.pos -= 1;
            let q = self.qual_name()?;
            if !self.at(Punct::LBrace) && !self.at(Punct::Colon) {
                return Ok(self.alloc(TypeExpr::Qual(q)));
            }
            self.pos = back;
        }
        if self.at(Punct::ColonColon) || self.at(Punct::Lt) {
            let span = self.span();
            return Err(self.unsupported(span, "a qualified or template class name"));
        }
        // `struct S final : B {` / `struct S final {`: a class that cannot be derived from.
        // `final` is an identifier with a special meaning here only.
        let mut is_final = false;
        if kind != TagKind::Enum
            && name.is_some()
            && matches!(self.kind(), TokenKind::Ident(f) if self.interner.resolve(f) == "final")
            && (self.peek_at(1).is_punct(Punct::LBrace) || self.peek_at(1).is_punct(Punct::Colon))
        {
            self.bump();
            is_final = true;
        }
        let is_def = self.at(Punct::LBrace)
            || (kind == TagKind::Enum && self.at(Punct::Colon))
            || (kind != TagKind::Enum && self.at(Punct::Colon));
        if !is_def {
            let Some((n, span)) = name else {
                let what = if kind == TagKind::Enum {
                    "enum"
                } else {
                    "struct"
                };
                return Err(self.error_here(format!("expected a name or `{{` after `{what}`")));
            };
            // C++: `struct S *p;` introduces `S` if it is not visible yet.
            if !self.scopes.is_type(n) {
                self.scopes.declare_elaborated_tag(n, kind);
            }
            s.tag_ref = Some((kind, n, span));
            return Ok(self.alloc(TypeExpr::Tag {
                kind,
                name: n,
                span,
            }));
        }
        if let Some((n, _)) = name {
            // A class template's name stays a template inside its own definition.
            if !matches!(
                self.scopes.lookup(n),
                Some(super::scope::NameKind::Template { class: true })
            ) {
                self.scopes.declare_tag(n, kind);
            }
        }
        let ty_span = kw_tok.span;
        let inline = if kind == TagKind::Enum {
            let e = self.enum_body(name.map(|n| n.0), scoped, ty_span)?;
            if name.is_some() {
                s.hoisted.push(Decl::Enum(e));
                None
            } else {
                Some(self.alloc(TypeExpr::Enum(e)))
            }
        } else {
            let bases = if self.at(Punct::Colon) {
                self.base_clause(kind)?
            } else {
                &[]
            };
            let mut body = self.record_body(kind, name.map(|n| n.0), bases, &mut s.hoisted)?;
            let friends = std::mem::take(&mut body.friends);
            self.attributes(&mut align)?;
            let rd = self.alloc(RecordDecl {
                kind,
                name: name.map(|n| n.0),
                fields: Some(self.alloc_slice(body.fields)),
                align,
                span: ty_span.to(self.prev_span()),
                bases,
                members: self.alloc_slice(body.members),
                template_args,
                is_final,
            });
            let inline = if name.is_some() {
                s.hoisted.push(Decl::Record(rd));
                None
            } else {
                Some(self.alloc(TypeExpr::Record(rd)))
            };
            // In-class friend definitions follow the class, whose members they use.
            s.hoisted.extend(friends);
            inline
        };
        Ok(match (inline, name) {
            (Some(t), _) => t,
            (None, Some((n, span))) => self.alloc(TypeExpr::Tag {
                kind,
                name: n,
                span,
            }),
            (None, None) => unreachable!("anonymous definitions are inline"),
        })
    }

    /// `{ members }` of a struct, union or class; nested tag definitions go to `hoisted`.
    fn record_body(
        &mut self,
        kind: TagKind,
        name: Option<Symbol>,
        bases: &[crate::ast::BaseSpec<'a>],
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<super::class::ClassBody<'a>> {
        self.expect(Punct::LBrace, "to begin the struct body")?;
        // Inside a class template (or a specialization), its bare name is the injected
        // class name: a type meaning the current instance.
        let injected = name.filter(|&n| {
            matches!(
                self.scopes.lookup(n),
                Some(NameKind::Template { class: true })
            )
        });
        let depth = self.scopes.open_class(name);
        // Base members (their type names above all) are visible in the body.
        for b in bases {
            if let Some(ctx) = self.class_ctx_of_type(b.ty) {
                self.scopes.using_directive(ctx);
            }
        }
        self.injected.extend(injected);
        let r = self.nested(|p| p.class_members(kind, name, hoisted));
        if injected.is_some() {
            self.injected.pop();
        }
        self.scopes.close_context(depth, false);
        let body = r?;
        self.expect(Punct::RBrace, "to end the struct body")?;
        Ok(body)
    }

    /// `[: type] { A, B = 2, … }` of an enum (after its name).
    fn enum_body(
        &mut self,
        name: Option<Symbol>,
        scoped: bool,
        start: crate::source::Span,
    ) -> PResult<&'a EnumDecl<'a>> {
        let underlying = if self.eat(Punct::Colon) {
            Some(self.type_name()?)
        } else {
            None
        };
        let mut enumerators = Vec::new();
        if self.eat(Punct::LBrace) {
            while !self.at(Punct::RBrace) {
                let Some((n, span)) = self.eat_plain_ident() else {
                    let text = self.token_text(&self.peek().clone());
                    return Err(
                        self.error_here(format!("expected an enumerator name, found `{text}`"))
                    );
                };
                let value = if self.eat(Punct::Assign) {
                    Some(self.cond_expr()?)
                } else {
                    None
                };
                if !scoped {
                    self.scopes.declare(n, NameKind::Value);
                }
                enumerators.push(Enumerator {
                    name: n,
                    value,
                    span: span.to(self.prev_span()),
                });
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            self.expect(Punct::RBrace, "to end the enumerator list")?;
        }
        Ok(self.alloc(EnumDecl {
            name,
            scoped,
            underlying,
            enumerators: self.alloc_slice(enumerators),
            span: start.to(self.prev_span()),
        }))
    }
}
