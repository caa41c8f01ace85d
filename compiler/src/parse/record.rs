//! `struct`/`union`/`class` and `enum` specifiers: references (`struct S`), forward
//! declarations and definitions with their members or enumerators.
//!
//! A named definition is hoisted: `struct S { … } s;` yields `Decl::Record(S)` followed by
//! a variable of type `TypeExpr::Tag(S)`, so sema sees each definition exactly once. An
//! anonymous definition stays inline as `TypeExpr::Record`/`TypeExpr::Enum`. Named
//! definitions nested in a struct body are hoisted in front of the enclosing struct (C's
//! scoping), and so is an anonymous `enum { … };` member (its enumerators). Tag names are
//! entered in the scope table so C++'s `S x;` parses as a declaration.

use super::declarator::DeclaratorMode;
use super::scope::NameKind;
use super::specs::{SpecContext, Specs, KW_ALIGNAS};
use super::{PResult, Parser};
use crate::ast::{Access, Decl, EnumDecl, Enumerator, FieldDecl, RecordDecl, TagKind, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};

const KW_PUBLIC: Symbol = kw::sym("public");
const KW_PRIVATE: Symbol = kw::sym("private");
const KW_PROTECTED: Symbol = kw::sym("protected");

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
        if kind == TagKind::Enum && (self.at_kw(kw::CLASS) || self.at_kw(kw::STRUCT)) {
            let span = self.span();
            return Err(self.unsupported(span, "a scoped enumeration (`enum class`)"));
        }
        let mut align = None;
        loop {
            if self.at_kw(kw::ALIGN) || self.at_kw(KW_ALIGNAS) {
                self.bump();
                align = Some(self.paren_expr_arg("alignment")?);
            } else if self.at_kw(kw::ATTRIBUTE) || self.at_kw(super::specs::KW_DECLSPEC) {
                self.attributes(&mut align)?;
            } else {
                break;
            }
        }
        let name = match self.kind() {
            TokenKind::Ident(n) if !n.is_keyword() => Some((n, self.bump().span)),
            _ => None,
        };
        if self.at(Punct::ColonColon) || self.at(Punct::Lt) {
            let span = self.span();
            return Err(self.unsupported(span, "a qualified or template class name"));
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
            self.scopes.declare_tag(n, kind);
        }
        let ty_span = kw_tok.span;
        let inline = if kind == TagKind::Enum {
            let e = self.enum_body(name.map(|n| n.0), ty_span)?;
            if name.is_some() {
                s.hoisted.push(Decl::Enum(e));
                None
            } else {
                Some(self.alloc(TypeExpr::Enum(e)))
            }
        } else {
            if self.at(Punct::Colon) {
                let span = self.span();
                return Err(self.unsupported(span, "a base class"));
            }
            let fields = self.record_body(name.map(|n| n.0), &mut s.hoisted)?;
            self.attributes(&mut align)?;
            let rd = self.alloc(RecordDecl {
                kind,
                name: name.map(|n| n.0),
                fields: Some(fields),
                align,
                span: ty_span.to(self.prev_span()),
                bases: &[],
                members: &[],
            });
            if name.is_some() {
                s.hoisted.push(Decl::Record(rd));
                None
            } else {
                Some(self.alloc(TypeExpr::Record(rd)))
            }
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

    /// `{ members }` of a struct or union; nested tag definitions go to `hoisted`.
    fn record_body(
        &mut self,
        name: Option<Symbol>,
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<&'a [FieldDecl<'a>]> {
        self.expect(Punct::LBrace, "to begin the struct body")?;
        let depth = self.scopes.open_class(name);
        let r = self.nested(|p| p.record_members(hoisted));
        self.scopes.close_context(depth, false);
        let fields = r?;
        self.expect(Punct::RBrace, "to end the struct body")?;
        Ok(self.alloc_slice(fields))
    }

    fn record_members(&mut self, hoisted: &mut Vec<Decl<'a>>) -> PResult<Vec<FieldDecl<'a>>> {
        let mut fields = Vec::new();
        while !self.at(Punct::RBrace) && !self.at_eof() {
            if self.eat(Punct::Semi) {
                continue;
            }
            // Access specifiers change nothing for data members.
            if matches!(self.kind(), TokenKind::Ident(s) if s == KW_PUBLIC || s == KW_PRIVATE || s == KW_PROTECTED)
                && self.peek_at(1).is_punct(Punct::Colon)
            {
                self.bump();
                self.bump();
                continue;
            }
            if self.member_declaration(&mut fields, hoisted).is_err() {
                if self.fatal.is_some() {
                    return Err(super::Failed);
                }
                self.recover_statement();
            }
        }
        Ok(fields)
    }

    /// One member declaration: `int a, *b;`, `unsigned f : 3;`, `union { … };`.
    fn member_declaration(
        &mut self,
        fields: &mut Vec<FieldDecl<'a>>,
        hoisted: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let start = self.span();
        if !self.at_decl_start() && !self.is_unknown_type_at(0) {
            let span = self.span();
            let text = self.token_text(&self.peek().clone());
            if matches!(self.kind(), TokenKind::Ident(s) if s.is_keyword()) || self.at(Punct::Tilde)
            {
                return Err(self.unsupported(span, &format!("`{text}` in a class")));
            }
            // `S(…)` inside `struct S` is a constructor.
            if self.peek_at(1).is_punct(Punct::LParen) {
                return Err(self.unsupported(span, "a constructor"));
            }
            return Err(self.error(
                span,
                format!("expected a member declaration, found `{text}`"),
            ));
        }
        let mut specs = self.decl_specifiers(SpecContext::Member)?;
        let base = self.specs_type(&specs)?;
        // Nested named definitions are hoisted in front of the enclosing record (C's rule:
        // their tags belong to the enclosing scope, not to the record).
        hoisted.append(&mut specs.hoisted);
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
                fields.push(FieldDecl {
                    name: None,
                    ty: base,
                    bits: None,
                    align: specs.align,
                    span: start.to(self.prev_span()),
                    access: Access::Public,
                    init: None,
                });
            }
            // `enum { A, B };` — its enumerators belong to the enclosing scope.
            if let TypeExpr::Enum(ed) = base {
                hoisted.push(Decl::Enum(ed));
            }
            return Ok(());
        }
        loop {
            let fstart = self.span();
            let (name, ty) = if self.at(Punct::Colon) {
                (None, base)
            } else {
                let d = self.declarator(base, DeclaratorMode::Named)?;
                (d.name.map(|n| n.0), d.ty)
            };
            if matches!(ty, TypeExpr::Function { .. }) {
                return Err(self.unsupported(fstart, "a member function"));
            }
            let bits = if self.eat(Punct::Colon) {
                Some(self.cond_expr()?)
            } else {
                None
            };
            let mut align = specs.align;
            self.attributes(&mut align)?;
            if self.at(Punct::Assign) || self.at(Punct::LBrace) {
                let span = self.span();
                return Err(self.unsupported(span, "a default member initializer"));
            }
            if let Some(n) = name {
                self.scopes.declare(n, NameKind::Value);
            }
            fields.push(FieldDecl {
                name,
                ty,
                bits,
                align,
                span: fstart.to(self.prev_span()),
                access: Access::Public,
                init: None,
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::Semi, "after a member declaration")?;
        Ok(())
    }

    /// `[: type] { A, B = 2, … }` of an enum (after its name).
    fn enum_body(
        &mut self,
        name: Option<Symbol>,
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
                self.scopes.declare(n, NameKind::Value);
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
            underlying,
            enumerators: self.alloc_slice(enumerators),
            span: start.to(self.prev_span()),
        }))
    }
}
