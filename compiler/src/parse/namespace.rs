//! Namespace definitions and using-directives/declarations at namespace scope:
//! `namespace N { … }`, `namespace a::b { … }`, `inline namespace`, `namespace { … }`,
//! `using namespace N;`, `using N::x;`, `namespace A = N;`; attributes around a
//! namespace's name (libstdc++'s `abi_tag`).

use super::scope::NameKind;
use super::{PResult, Parser};
use crate::ast::{Decl, NamespaceDecl};
use crate::intern::kw;
use crate::lex::token::{Punct, TokenKind};

impl<'a, 'c> Parser<'a, 'c> {
    /// At `namespace`, `inline namespace` or `using` (not an alias `using X = …`).
    pub(super) fn at_namespace_item(&self) -> bool {
        if self.at_kw(kw::NAMESPACE) {
            return true;
        }
        if self.at_kw(kw::INLINE) || self.at_kw(kw::INLINE_GNU) {
            return self.peek_at(1).kind == TokenKind::Ident(kw::NAMESPACE);
        }
        if self.at_kw(kw::USING) {
            let alias = matches!(self.peek_at(1).kind, TokenKind::Ident(s) if !s.is_keyword())
                && self.peek_at(2).is_punct(Punct::Assign);
            return !alias;
        }
        false
    }

    /// One namespace definition or using item (`at_namespace_item` was true).
    pub(super) fn namespace_item(&mut self, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        if self.at_kw(kw::USING) {
            return self.using_item(out);
        }
        let start = self.span();
        let mut is_inline = !self.at_kw(kw::NAMESPACE);
        if is_inline {
            self.bump();
        }
        self.bump();
        // `namespace [[deprecated]] N`, and libstdc++'s
        // `inline namespace __cxx11 __attribute__((__abi_tag__("cxx11")))`: attributes
        // before and after the name. An ABI tag changes host symbol names only.
        self.attributes(&mut None)?;
        // `namespace a::b::c {` is `namespace a { namespace b { namespace c {`.
        let mut names = Vec::new();
        while let Some((n, span)) = self.eat_plain_ident() {
            names.push((n, span));
            if !self.eat(Punct::ColonColon) {
                break;
            }
        }
        self.attributes(&mut None)?;
        if names.len() == 1 && !is_inline && self.eat(Punct::Assign) {
            return self.namespace_alias(names[0].0, start, out);
        }
        if !self.at(Punct::LBrace) {
            return Err(self.error_here("expected `{` after the namespace name"));
        }
        let open = self.span();
        let mut depths = Vec::new();
        if names.is_empty() {
            depths.push(self.scopes.open_namespace(None));
        }
        for (i, &(n, _)) in names.iter().enumerate() {
            let last = i + 1 == names.len();
            // Reopening an inline namespace without `inline` keeps it inline ([namespace.def]).
            if last && self.scopes.is_inline_namespace(n) {
                is_inline = true;
            }
            depths.push(self.scopes.open_namespace(Some(n)));
            if last && is_inline {
                self.scopes.mark_inline_namespace();
            }
        }
        self.bump();
        let mut inner = Vec::new();
        let r = self.nested(|p| {
            p.external_declarations(&mut inner, true);
            Ok(())
        });
        // Anonymous and inline namespaces' names are visible outside them.
        let export_last = names.is_empty() || is_inline;
        for (i, d) in depths.iter().enumerate().rev() {
            let last = i + 1 == depths.len();
            self.scopes.close_context(*d, last && export_last);
        }
        r?;
        if !self.eat(Punct::RBrace) {
            return Err(self.error_unclosed_at_eof("expected `}` at end of namespace", open));
        }
        let span = start.to(self.prev_span());
        let mut decls = self.alloc_slice(inner);
        let mut first = true;
        if names.is_empty() {
            names.push((crate::intern::Symbol(u32::MAX), start));
        }
        for &(n, name_span) in names.iter().rev() {
            let nd = self.alloc(NamespaceDecl {
                name: (n.0 != u32::MAX).then_some(n),
                name_span,
                is_inline: is_inline && first,
                decls,
                span,
            });
            first = false;
            decls = self.alloc_slice(vec![Decl::Namespace(nd)]);
        }
        out.extend(decls.iter().map(|d| match d {
            Decl::Namespace(nd) => Decl::Namespace(nd),
            _ => unreachable!("built above"),
        }));
        Ok(())
    }

    /// `namespace alias = N::M;` after the `=`: the alias names what `N::M` names.
    fn namespace_alias(
        &mut self,
        alias: crate::intern::Symbol,
        start: crate::source::Span,
        out: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let target = self.qual_name()?;
        self.expect(Punct::Semi, "after a namespace alias")?;
        if let Some(kind @ NameKind::Namespace(_)) = self.qual_name_kind(target) {
            self.scopes.declare(alias, kind);
        }
        out.push(Decl::NamespaceAlias {
            alias,
            target,
            span: start.to(self.prev_span()),
        });
        Ok(())
    }

    /// `using namespace N;` or `using N::x;`.
    fn using_item(&mut self, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        let start = self.bump().span;
        if self.eat_kw(kw::NAMESPACE) {
            let name = self.qual_name()?;
            self.expect(Punct::Semi, "after a using-directive")?;
            // A namespace the parser does not know (`std` of host headers it skipped) is
            // left to sema.
            if let Some(NameKind::Namespace(c)) = self.qual_name_kind(name) {
                self.scopes.using_directive(c);
            }
            out.push(Decl::UsingDirective {
                name,
                span: start.to(self.prev_span()),
            });
            return Ok(());
        }
        self.eat_kw(kw::TYPENAME);
        let name = self.qual_name()?;
        self.expect(Punct::Semi, "after a using-declaration")?;
        if let (Some(kind), Some(last)) = (self.qual_name_kind(name), name.last().ident()) {
            self.scopes.declare(last, kind);
        }
        out.push(Decl::UsingDecl {
            name,
            span: start.to(self.prev_span()),
        });
        Ok(())
    }
}
