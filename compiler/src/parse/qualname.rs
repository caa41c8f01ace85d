//! Qualified names (`a::b::c`, `::x`, `S::operator+`, `S::~S`, `operator bool`) and the
//! look-ahead that decides whether one names a type.
//!
//! Template-ids (`name<args>` segments) are the template parser's: `qual_name` calls
//! `template_id_segment`, which reads `name<args>` when `name` is a template where the
//! qualifier so far points (`std::is_integral<T>`).

use super::scope::{CtxId, NameKind};
use super::specs::SpecContext;
use super::{PResult, Parser};
use crate::ast::{NameSeg, OverloadedOp, QualName, Quals, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};

pub(crate) const KW_OPERATOR: Symbol = kw::sym("operator");
const KW_NEW: Symbol = kw::sym("new");
const KW_DELETE: Symbol = kw::sym("delete");

impl<'a, 'c> Parser<'a, 'c> {
    /// True at `::` or at an identifier followed by `::` (a qualified name starts).
    pub(super) fn at_qualified_name(&self, n: usize) -> bool {
        match self.peek_at(n).kind {
            TokenKind::Punct(Punct::ColonColon) => true,
            TokenKind::Ident(s) if !s.is_keyword() => {
                self.peek_at(n + 1).is_punct(Punct::ColonColon)
            }
            _ => false,
        }
    }

    /// At `C<args>::` (`typename is_array<_Tp>::type()` in an expression).
    pub(super) fn at_template_id_qualifier(&self, n: usize) -> bool {
        matches!(self.peek_at(n).kind, TokenKind::Ident(s) if !s.is_keyword())
            && self.peek_at(n + 1).is_punct(Punct::Lt)
            && self
                .closing_angle_at(n + 1)
                .is_some_and(|c| self.peek_at(c + 1).is_punct(Punct::ColonColon))
    }

    /// At `C<args>::f(` with `C` a class template and `f` not its name: in a block, a call
    /// of a static member function (`FDWT53<W, H>::run(in, out);`), not a declaration (a
    /// member type would need `typename` there).
    pub(super) fn at_class_template_member_call(&self) -> bool {
        let TokenKind::Ident(c) = self.peek_at(0).kind else {
            return false;
        };
        if !self.is_class_template_id_at(0) {
            return false;
        }
        let Some(close) = self.closing_angle_at(1) else {
            return false;
        };
        self.peek_at(close + 1).is_punct(Punct::ColonColon)
            && matches!(self.peek_at(close + 2).kind, TokenKind::Ident(f) if f != c && !f.is_keyword())
            && self.peek_at(close + 3).is_punct(Punct::LParen)
    }

    /// At `C<args>::` with `C` a class template (the qualifier of an out-of-class member
    /// definition `R C<T>::f()`): the `<…>` is skipped by bracket counting.
    pub(super) fn at_class_template_qualifier(&self) -> bool {
        if !self.is_class_template_id_at(0) {
            return false;
        }
        let mut depth = 0usize;
        let mut i = 1;
        loop {
            match self.peek_at(i).kind {
                TokenKind::Punct(Punct::Lt) => depth += 1,
                TokenKind::Punct(Punct::Gt) => {
                    depth -= 1;
                    if depth == 0 {
                        return self.peek_at(i + 1).is_punct(Punct::ColonColon);
                    }
                }
                TokenKind::Punct(Punct::Semi | Punct::LBrace | Punct::RBrace) | TokenKind::Eof => {
                    return false
                }
                _ => {}
            }
            i += 1;
            if i > 256 {
                return false;
            }
        }
    }

    /// When the tokens at `n` are a qualified name naming a type (`N::T`, `::S`,
    /// `Outer::Inner`), their count. `S::S` (a constructor) is not a type.
    pub(super) fn qualified_type_len_at(&self, n: usize) -> Option<usize> {
        let mut i = n;
        let global = self.peek_at(i).is_punct(Punct::ColonColon);
        if global {
            i += 1;
        }
        let mut ctx: Option<CtxId> = None;
        let mut prev: Option<Symbol> = None;
        loop {
            let TokenKind::Ident(s) = self.peek_at(i).kind else {
                return None;
            };
            if s.is_keyword() {
                return None;
            }
            let first = ctx.is_none();
            if self.peek_at(i + 1).is_punct(Punct::ColonColon) {
                ctx = Some(self.scopes.qualifier_context(ctx, global && first, s)?);
                prev = Some(s);
                i += 2;
                continue;
            }
            if prev == Some(s) {
                return None;
            }
            let kind = self.scopes.lookup_qualified(ctx, global && first, s)?;
            // `N::S<int>`: a class template-id is a type too.
            let template_id = matches!(kind, NameKind::Template { class: true })
                && self.peek_at(i + 1).is_punct(Punct::Lt);
            if template_id {
                // `N::S<int>::member`: the template-id is a qualifier; what follows decides.
                if let Some(close) = self.closing_angle_at(i + 1) {
                    if self.peek_at(close + 1).is_punct(Punct::ColonColon) {
                        ctx = Some(self.scopes.qualifier_context(ctx, global && first, s)?);
                        prev = Some(s);
                        i = close + 2;
                        continue;
                    }
                }
            }
            return (matches!(kind, NameKind::Typedef | NameKind::Tag(_)) || template_id)
                .then_some(i + 1 - n);
        }
    }

    /// At `C<args>::C(` or `C<args>::~C(`: the declarator of a class template's
    /// constructor or destructor defined outside the class, which has no type specifier
    /// (`C<args>` must not be read as one).
    pub(super) fn at_class_template_ctor(&self) -> bool {
        self.is_class_template_id_at(0) && self.out_of_class_ctor_at(0)
    }

    /// At `[::] N::C::C(`, `C::~C(` or `C<args>::C(`: an out-of-class constructor or
    /// destructor declarator (its last qualifier names the class it names).
    pub(super) fn out_of_class_ctor_at(&self, n: usize) -> bool {
        let mut i = n + self.peek_at(n).is_punct(Punct::ColonColon) as usize;
        let mut prev = None;
        loop {
            let tilde = prev.is_some() && self.peek_at(i).is_punct(Punct::Tilde);
            i += tilde as usize;
            let TokenKind::Ident(s) = self.peek_at(i).kind else {
                return false;
            };
            if s.is_keyword() {
                return false;
            }
            if prev == Some(s) && self.peek_at(i + 1).is_punct(Punct::LParen) {
                return true;
            }
            if tilde {
                return false;
            }
            i += 1;
            if self.peek_at(i).is_punct(Punct::Lt) {
                let Some(close) = self.closing_angle_at(i) else {
                    return false;
                };
                i = close + 1;
            }
            if !self.peek_at(i).is_punct(Punct::ColonColon) {
                return false;
            }
            i += 1;
            prev = Some(s);
        }
    }

    /// The index of the `>` closing the `<` at `open` (bracket counting), if any.
    pub(super) fn closing_angle_at(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = open;
        loop {
            match self.peek_at(i).kind {
                TokenKind::Punct(Punct::Lt) => depth += 1,
                TokenKind::Punct(Punct::Gt) => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                TokenKind::Punct(Punct::Semi | Punct::LBrace | Punct::RBrace) | TokenKind::Eof => {
                    return None
                }
                _ => {}
            }
            i += 1;
            if i > open + 256 {
                return None;
            }
        }
    }

    /// The context a qualified name's qualifier denotes (`N::S::` of `N::S::f`), when the
    /// parser knows it.
    pub(super) fn qualifier_ctx_of(&self, q: &QualName<'_>) -> Option<CtxId> {
        let mut ctx = None;
        for (i, seg) in q.qualifier().iter().enumerate() {
            let name = seg.ident()?;
            ctx = Some(
                self.scopes
                    .qualifier_context(ctx, q.global && i == 0, name)?,
            );
        }
        ctx
    }

    /// What the last segment of `q` denotes, when the parser knows it.
    pub(super) fn qual_name_kind(&self, q: &QualName<'_>) -> Option<NameKind> {
        let ctx = self.qualifier_ctx_of(q);
        if ctx.is_none() && !q.qualifier().is_empty() {
            return None;
        }
        let name = q.last().ident()?;
        self.scopes
            .lookup_qualified(ctx, q.global && q.segments.len() == 1, name)
    }

    /// Parses a (possibly) qualified name: `::`? (segment `::`)* segment, where a segment
    /// is an identifier, a template-id, `operator@`, `operator T` or `~Name`.
    pub(super) fn qual_name(&mut self) -> PResult<&'a QualName<'a>> {
        let start = self.span();
        let global = self.eat(Punct::ColonColon);
        let mut segs = Vec::new();
        // The context the segments so far denote (`N::` of `N::S<int>`), so that a template
        // named by a qualified name takes its arguments.
        let mut ctx = None;
        loop {
            // `C<T>::template f<U>`: the keyword says that a template-id follows.
            let template_kw = !segs.is_empty()
                && self.at_kw(crate::intern::kw::TEMPLATE)
                && matches!(self.peek_at(1).kind, TokenKind::Ident(s) if !s.is_keyword())
                && self.peek_at(2).is_punct(Punct::Lt);
            if template_kw {
                self.bump();
            }
            let seg = match self.kind() {
                TokenKind::Ident(s)
                    if !s.is_keyword()
                        && !segs.is_empty()
                        && self.peek_at(1).is_punct(Punct::Lt)
                        && (template_kw
                            || self.member_templates.contains(&s)
                            || matches!(
                                ctx.and_then(|c| self.scopes.lookup_qualified(Some(c), false, s)),
                                Some(NameKind::Template { .. })
                            )) =>
                {
                    let span = self.bump().span;
                    let args = self.template_args()?;
                    NameSeg::TemplateId {
                        name: s,
                        args,
                        span: span.to(self.prev_span()),
                    }
                }
                _ => self.name_segment()?,
            };
            if let NameSeg::Ident { name, .. } = seg {
                ctx = self
                    .scopes
                    .qualifier_context(ctx, global && segs.is_empty(), name);
            }
            let more = matches!(seg, NameSeg::Ident { .. } | NameSeg::TemplateId { .. })
                && self.at(Punct::ColonColon)
                && matches!(
                    self.peek_at(1).kind,
                    TokenKind::Ident(_) | TokenKind::Punct(Punct::Tilde)
                );
            segs.push(seg);
            if !more {
                break;
            }
            self.bump();
        }
        Ok(self.alloc(QualName {
            global,
            segments: self.alloc_slice(segs),
            span: start.to(self.prev_span()),
        }))
    }

    fn name_segment(&mut self) -> PResult<NameSeg<'a>> {
        let t = *self.peek();
        match t.kind {
            TokenKind::Ident(s) if s == KW_OPERATOR => self.operator_name(),
            TokenKind::Punct(Punct::Tilde) => {
                self.bump();
                let Some((name, span)) = self.eat_plain_ident() else {
                    return Err(self.error_here("expected a class name after `~`"));
                };
                Ok(NameSeg::Destructor {
                    name,
                    span: t.span.to(span),
                })
            }
            TokenKind::Ident(s) if !s.is_keyword() => {
                self.bump();
                self.template_id_segment(s, t.span)
            }
            _ => {
                let text = self.token_text(&t);
                Err(self.error_here(format!("expected a name, found `{text}`")))
            }
        }
    }

    /// An identifier segment, or a template-id when `<` follows a template name (the
    /// template parser fills this in).
    pub(super) fn template_id_segment(
        &mut self,
        name: Symbol,
        span: crate::source::Span,
    ) -> PResult<NameSeg<'a>> {
        let kind = self.scopes.lookup(name);
        if self.at(Punct::Lt) && matches!(kind, Some(NameKind::Template { .. })) {
            let args = self.template_args()?;
            return Ok(NameSeg::TemplateId {
                name,
                args,
                span: span.to(self.prev_span()),
            });
        }
        Ok(NameSeg::Ident { name, span })
    }

    /// `operator@` / `operator()` / `operator[]` / `operator T`, at `operator`.
    pub(super) fn operator_name(&mut self) -> PResult<NameSeg<'a>> {
        let start = self.bump().span;
        let t = *self.peek();
        use OverloadedOp as O;
        let op = match t.kind {
            TokenKind::Punct(p) => {
                let op = match p {
                    Punct::Plus => O::Plus,
                    Punct::Minus => O::Minus,
                    Punct::Star => O::Star,
                    Punct::Slash => O::Slash,
                    Punct::Percent => O::Percent,
                    Punct::Caret => O::Caret,
                    Punct::Amp => O::Amp,
                    Punct::Pipe => O::Pipe,
                    Punct::Tilde => O::Tilde,
                    Punct::Bang => O::Not,
                    Punct::Assign => O::Assign,
                    Punct::Lt => O::Lt,
                    Punct::Gt if t.joined_next && self.peek_at(1).is_punct(Punct::Gt) => {
                        self.bump();
                        O::Shr
                    }
                    Punct::Gt => O::Gt,
                    Punct::PlusAssign => O::PlusAssign,
                    Punct::MinusAssign => O::MinusAssign,
                    Punct::StarAssign => O::StarAssign,
                    Punct::SlashAssign => O::SlashAssign,
                    Punct::PercentAssign => O::PercentAssign,
                    Punct::CaretAssign => O::CaretAssign,
                    Punct::AmpAssign => O::AmpAssign,
                    Punct::PipeAssign => O::PipeAssign,
                    Punct::Shl => O::Shl,
                    Punct::ShlAssign => O::ShlAssign,
                    Punct::ShrAssign => O::ShrAssign,
                    Punct::EqEq => O::EqEq,
                    Punct::NotEq => O::NotEq,
                    Punct::Le => O::Le,
                    Punct::Ge => O::Ge,
                    Punct::AmpAmp => O::AndAnd,
                    Punct::PipePipe => O::OrOr,
                    Punct::PlusPlus => O::PlusPlus,
                    Punct::MinusMinus => O::MinusMinus,
                    Punct::Comma => O::Comma,
                    Punct::ArrowStar => O::ArrowStar,
                    Punct::Arrow => O::Arrow,
                    Punct::LParen if self.peek_at(1).is_punct(Punct::RParen) => {
                        self.bump();
                        O::Call
                    }
                    Punct::LBracket if self.peek_at(1).is_punct(Punct::RBracket) => {
                        self.bump();
                        O::Index
                    }
                    _ => {
                        let text = self.token_text(&t);
                        return Err(self.error_here(format!(
                            "expected an operator after `operator`, found `{text}`"
                        )));
                    }
                };
                self.bump();
                op
            }
            TokenKind::Ident(s) if s == KW_NEW || s == KW_DELETE => {
                self.bump();
                let array = self.at(Punct::LBracket) && self.peek_at(1).is_punct(Punct::RBracket);
                if array {
                    self.bump();
                    self.bump();
                }
                match (s == KW_NEW, array) {
                    (true, false) => O::New,
                    (true, true) => O::NewArray,
                    (false, false) => O::Delete,
                    (false, true) => O::DeleteArray,
                }
            }
            _ => {
                // A conversion function: `operator T` with pointer/reference declarators.
                let specs = self.decl_specifiers(SpecContext::TypeName)?;
                if !specs.has_type() {
                    return Err(self.error_here("expected a type after `operator`"));
                }
                let mut ty = self.specs_type(&specs)?;
                loop {
                    if self.eat(Punct::Star) {
                        let mut quals = Quals::default();
                        while self.eat_kw(kw::CONST) {
                            quals.is_const = true;
                        }
                        ty = self.alloc(TypeExpr::Pointer { pointee: ty, quals });
                    } else if self.at(Punct::Amp) || self.at(Punct::AmpAmp) {
                        let rvalue = self.bump().is_punct(Punct::AmpAmp);
                        ty = self.alloc(TypeExpr::Reference {
                            referee: ty,
                            rvalue,
                        });
                    } else {
                        break;
                    }
                }
                return Ok(NameSeg::Conversion {
                    ty,
                    span: start.to(self.prev_span()),
                });
            }
        };
        Ok(NameSeg::Operator {
            op,
            span: start.to(self.prev_span()),
        })
    }

    /// The symbol a declarator named by `q` is declared under: the identifier, or
    /// `operator+` / `operator bool`-style spellings for operator and conversion functions
    /// and `~S` for destructors.
    pub(super) fn declared_symbol(&mut self, seg: &NameSeg<'_>) -> Symbol {
        match seg {
            NameSeg::Ident { name, .. } | NameSeg::TemplateId { name, .. } => *name,
            NameSeg::Operator { op, .. } => {
                self.interner.intern(&format!("operator{}", op.spelling()))
            }
            NameSeg::Conversion { .. } => self.interner.intern("operator <conversion>"),
            NameSeg::Destructor { name, .. } => {
                let n = self.interner.resolve(*name).to_string();
                self.interner.intern(&format!("~{n}"))
            }
        }
    }
}
