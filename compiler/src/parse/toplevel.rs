//! File scope: external declarations, `extern "C"` blocks, and the handling of host code.
//!
//! A `.cu` file mixes device code with host C++ that this parser does not (yet) handle:
//! templates, namespaces, classes with methods, `std::` types, references. Each file-scope
//! declaration is parsed with its diagnostics held back. If it fails, the declaration's
//! extent is found by bracket matching and classified: when it holds no device keyword
//! (`__global__ __device__ __shared__ __constant__ __managed__`) and is clearly host C++
//! (a C++-only construct was met, or it declares a function), it becomes
//! `Decl::Unsupported` with no error — nvcc would hand it to the host compiler, and sema
//! reports it only if device code uses it. Otherwise the held diagnostics are reported.

use super::scope::NameKind;
use super::{DeclContext, PResult, Parser};
use crate::ast::{Decl, TagKind};
use crate::diag::{Diag, Diagnostics};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

/// C++ keywords whose presence marks a failed declaration as host C++ (checked when
/// compiling: `kw::sym` fails the build for a name that is not a keyword).
const CXX_MARKERS: &[(Symbol, &str)] = &[
    (kw::sym("template"), "template declaration"),
    (kw::sym("namespace"), "namespace"),
    (kw::sym("using"), "using declaration"),
    (kw::sym("static_assert"), "static_assert"),
    (kw::sym("operator"), "operator overload"),
    (kw::sym("class"), "class with C++ members"),
    (kw::sym("public"), "class with C++ members"),
    (kw::sym("private"), "class with C++ members"),
    (kw::sym("protected"), "class with C++ members"),
    (kw::sym("virtual"), "class with C++ members"),
    (kw::sym("friend"), "class with C++ members"),
    (kw::sym("explicit"), "class with C++ members"),
    (kw::sym("mutable"), "class with C++ members"),
    (kw::sym("typename"), "template declaration"),
    (kw::sym("decltype"), "C++ declaration"),
    (kw::sym("auto"), "C++ declaration"),
    (kw::sym("new"), "C++ declaration"),
    (kw::sym("delete"), "C++ declaration"),
    (kw::sym("this"), "C++ declaration"),
    (kw::sym("throw"), "C++ declaration"),
    (kw::sym("try"), "C++ declaration"),
    (kw::sym("catch"), "C++ declaration"),
];

fn is_device_marker(s: Symbol) -> bool {
    matches!(
        s,
        kw::GLOBAL | kw::DEVICE | kw::SHARED | kw::CONSTANT | kw::MANAGED
    )
}

/// How a `{` met while skipping a declaration ends it.
#[derive(PartialEq, Eq)]
enum BraceKind {
    /// A function, namespace or linkage body: the declaration ends at its `}`.
    Body,
    /// A class body or an initializer: the declaration goes on to its `;`.
    TypeOrInit,
}

impl<'a, 'c> Parser<'a, 'c> {
    pub(super) fn translation_unit(&mut self) -> Vec<Decl<'a>> {
        let mut out = Vec::new();
        self.external_declarations(&mut out, false);
        out
    }

    /// File-scope declarations until `Eof` (or the `}` of a linkage block).
    pub(super) fn external_declarations(&mut self, out: &mut Vec<Decl<'a>>, in_block: bool) {
        loop {
            // Past the error limit nothing more would be shown: stop.
            if self.fatal.is_some() || self.at_eof() || self.diags.too_many() {
                return;
            }
            if self.at(Punct::RBrace) {
                if in_block {
                    return;
                }
                self.error_here("unexpected `}`");
                self.bump();
                continue;
            }
            if self.eat(Punct::Semi) {
                continue;
            }
            if self.at_kw(self.pragma_unroll) {
                let span = self.span();
                self.warning(span, "`#pragma unroll` outside a function is ignored");
                self.recover_statement();
                continue;
            }
            if self.at_kw(kw::EXTERN)
                && matches!(self.peek_at(1).kind, TokenKind::Str(_))
                && self.peek_at(2).is_punct(Punct::LBrace)
            {
                let _ = self.linkage_block(out);
                continue;
            }
            if self.at_namespace_item() {
                let start = self.pos;
                if self.namespace_item(out).is_err() {
                    self.recover_statement_from(start);
                }
                continue;
            }
            self.external_declaration(out);
        }
    }

    /// `extern "C" { … }` / `extern "C++" { … }`.
    fn linkage_block(&mut self, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        self.bump();
        let lit = self.bump();
        let text = self.token_text(&lit);
        let open = self.bump().span;
        let saved = self.extern_c;
        match text.as_str() {
            "\"C\"" => self.extern_c = true,
            "\"C++\"" => self.extern_c = false,
            _ => {
                self.error(lit.span, format!("unknown language linkage {text}"));
            }
        }
        let r = self.nested(|p| {
            p.external_declarations(out, true);
            Ok(())
        });
        self.extern_c = saved;
        r?;
        if !self.eat(Punct::RBrace) {
            return Err(self.error_unclosed_at_eof("expected `}` at end of linkage block", open));
        }
        Ok(())
    }

    /// One external declaration, with host C++ that fails to parse turned into
    /// `Decl::Unsupported` (see the module doc).
    fn external_declaration(&mut self, out: &mut Vec<Decl<'a>>) {
        let start = self.pos;
        let start_span = self.span();
        let mark = out.len();
        let scope_depth = self.scopes.depth();
        let outer_diags = std::mem::replace(self.diags, Diagnostics::new());
        let outer_cxx = std::mem::replace(&mut self.saw_cxx, false);

        let alias = self.at_kw(kw::USING)
            && matches!(self.peek_at(1).kind, TokenKind::Ident(n) if !n.is_keyword())
            && self.peek_at(2).is_punct(Punct::Assign);
        let r = if self.at_kw(kw::TEMPLATE) {
            self.template_declaration(DeclContext::File, out)
        } else if self.at_kw(kw::STATIC_ASSERT) {
            self.static_assert_declaration(out)
        } else if alias {
            self.alias_declaration(out)
        } else if self.at_decl_start() || self.is_unknown_type_at(0) {
            self.declaration(DeclContext::File, out)
        } else {
            Err(self.not_a_declaration())
        };
        self.scopes.truncate(scope_depth);
        if r.is_err() {
            self.skip_declaration(start);
        }
        if self.pos == start {
            self.bump();
        }
        let held = std::mem::replace(self.diags, outer_diags);
        let saw_cxx = std::mem::replace(&mut self.saw_cxx, outer_cxx);
        let end = self.pos;
        if (r.is_ok() && !held.has_errors()) || self.fatal.is_some() {
            self.replay(held);
            return;
        }

        self.pos = start;
        let closed = self.skip_declaration(start);
        if self.pos == start {
            self.bump();
        }
        let skip_end = self.pos;
        let range = &self.toks[start..end.max(skip_end)];
        let device = range
            .iter()
            .any(|t| matches!(t.kind, TokenKind::Ident(s) if is_device_marker(s)));
        let what = self.cxx_marker(start, end.max(skip_end)).or(if saw_cxx {
            if self.declared_class_name(start, skip_end).is_some() {
                Some("class with C++ members")
            } else {
                Some("C++ declaration")
            }
        } else if self.looks_like_function(start) {
            Some("host function declaration")
        } else {
            None
        });
        match what {
            Some(what) if !device && closed => {
                out.truncate(mark);
                let last = self.toks[skip_end - 1].span;
                let span = start_span.to(last);
                out.push(Decl::Unsupported { what, span });
                self.record_dropped(what, span, &held);
                // Its class name stays a type, so later uses parse; a use in device code is
                // then reported (see `specs.rs`), a use in host code is host code too.
                if let Some((name, kind)) = self.declared_class_name(start, skip_end) {
                    self.scopes.declare_tag(name, kind);
                    self.unsupported_types.insert(name, (what, span));
                } else if let Some(name) = self.declared_alias_name(start, skip_end) {
                    self.scopes.declare(name, NameKind::Typedef);
                    self.unsupported_types.insert(name, (what, span));
                }
                self.pos = skip_end;
            }
            _ => {
                self.replay(held);
                self.pos = end;
            }
        }
    }

    /// Keeps why a declaration was skipped as host C++: a note at the parser's first error
    /// in it (the construct oxicc does not parse; its include chain comes with it when
    /// rendered), pointing back to the declaration's start. Reported only on request
    /// (`--report-dropped`, `-v`): nvcc hands such code to the host compiler, which
    /// accepts it, so by default the compile stays quiet, even in system headers.
    fn record_dropped(&mut self, what: &str, span: Span, held: &Diagnostics) {
        let first = held
            .list
            .iter()
            .find(|d| d.severity == crate::api::Severity::Error);
        let (at, why) = match first {
            Some(d) => (d.span, d.message.as_str()),
            None => (span, "no error recorded"),
        };
        let mut note = Diag {
            severity: crate::api::Severity::Note,
            span: at,
            message: format!("oxicc skipped this {what} as host code it does not parse: {why}"),
            notes: Vec::new(),
        };
        if at.file != span.file || at.start != span.start {
            note = note.with_note(span, "the skipped declaration starts here");
        }
        self.dropped.push(note);
    }

    fn replay(&mut self, held: Diagnostics) {
        for d in held.list {
            self.diags.push(d);
        }
    }

    /// Reports a token that cannot start a file-scope declaration.
    fn not_a_declaration(&mut self) -> super::Failed {
        let t = *self.peek();
        if let TokenKind::Ident(s) = t.kind {
            if let Some((_, what)) = CXX_MARKERS.iter().find(|(k, _)| *k == s) {
                return self.unsupported(t.span, &format!("a {what}"));
            }
            if !s.is_keyword() && self.peek_at(1).is_punct(Punct::LParen) {
                let name = self.interner.resolve(s).to_string();
                return self.error(
                    t.span,
                    format!("expected a declaration: `{name}` needs a return type"),
                );
            }
        }
        if t.kind == TokenKind::Punct(Punct::ColonColon) {
            return self.unsupported(t.span, "a qualified name");
        }
        let text = self.token_text(&t);
        self.error(t.span, format!("expected a declaration, found `{text}`"))
    }

    /// The first C++ marker in `toks[from..to]`, described.
    fn cxx_marker(&self, from: usize, to: usize) -> Option<&'static str> {
        let toks = &self.toks[from..to];
        let scoped_enum = toks.windows(2).any(|w| {
            w[0].is_ident(kw::ENUM) && (w[1].is_ident(kw::CLASS) || w[1].is_ident(kw::STRUCT))
        });
        if scoped_enum {
            return Some("scoped enumeration");
        }
        toks.iter().find_map(|t| match t.kind {
            TokenKind::Ident(s) => CXX_MARKERS
                .iter()
                .find(|(k, _)| *k == s)
                .map(|(_, what)| *what),
            TokenKind::Punct(Punct::ColonColon) => Some("declaration with a qualified name"),
            TokenKind::LaunchOpen | TokenKind::LaunchClose => {
                Some("declaration with a kernel launch")
            }
            _ => None,
        })
    }

    /// The class/struct/union/enum a skipped declaration defines (`class Timer { … };`,
    /// `template <…> struct Vec { … };`, `enum class E { … };`), if it defines one.
    fn declared_class_name(&self, from: usize, to: usize) -> Option<(Symbol, TagKind)> {
        let toks = &self.toks[from..to];
        let mut i = 0;
        // Skip a template parameter list.
        if matches!(toks.first()?.kind, TokenKind::Ident(kw::TEMPLATE)) {
            i = 1;
            let mut angle = 0usize;
            while i < toks.len() {
                match toks[i].kind {
                    TokenKind::Punct(Punct::Lt) => angle += 1,
                    TokenKind::Punct(Punct::Gt) => {
                        angle = angle.saturating_sub(1);
                        if angle == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        while i < toks.len() {
            let kind = match toks[i].kind {
                TokenKind::Ident(kw::STRUCT) => TagKind::Struct,
                TokenKind::Ident(kw::CLASS) => TagKind::Class,
                TokenKind::Ident(kw::UNION) => TagKind::Union,
                TokenKind::Ident(kw::ENUM) => TagKind::Enum,
                TokenKind::Punct(Punct::LParen | Punct::LBrace | Punct::Assign | Punct::Semi) => {
                    return None
                }
                _ => {
                    i += 1;
                    continue;
                }
            };
            let mut j = i + 1;
            while j < toks.len() {
                match toks[j].kind {
                    TokenKind::Ident(kw::CLASS | kw::STRUCT) if kind == TagKind::Enum => j += 1,
                    TokenKind::Ident(kw::ALIGN | kw::ATTRIBUTE) => {
                        j += 1;
                        if toks.get(j).is_some_and(|t| t.is_punct(Punct::LParen)) {
                            j = self.matching_close(from + j)? - from;
                        }
                    }
                    _ => break,
                }
            }
            // `class locale::facet {…}` and `struct S<T> {…}` define a member class or a
            // specialization: no new name (registering `locale` or `S` as skipped would
            // hide the real class).
            let qualified = toks
                .get(j + 1)
                .is_some_and(|t| t.is_punct(Punct::ColonColon) || t.is_punct(Punct::Lt));
            return match toks.get(j)?.kind {
                TokenKind::Ident(name) if !name.is_keyword() && !qualified => Some((name, kind)),
                _ => None,
            };
        }
        None
    }

    /// The name a skipped `typedef …;` or `using N = …;` declares, if it is one.
    fn declared_alias_name(&self, from: usize, to: usize) -> Option<Symbol> {
        let toks = &self.toks[from..to];
        match toks.first()?.kind {
            TokenKind::Ident(kw::USING) => match (toks.get(1)?.kind, toks.get(2)?.kind) {
                (TokenKind::Ident(n), TokenKind::Punct(Punct::Assign)) if !n.is_keyword() => {
                    Some(n)
                }
                _ => None,
            },
            // `typedef … NAME;`: the last plain identifier at bracket depth 0.
            TokenKind::Ident(kw::TYPEDEF) => {
                let mut depth = 0usize;
                let mut last = None;
                for t in toks {
                    match t.kind {
                        TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => {
                            depth += 1
                        }
                        TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                            depth = depth.saturating_sub(1)
                        }
                        TokenKind::Ident(n) if depth == 0 && !n.is_keyword() => last = Some(n),
                        _ => {}
                    }
                }
                last
            }
            _ => None,
        }
    }

    /// A `(` at bracket depth 0 before any `=`, `{` or `;`: the declaration declares a function.
    fn looks_like_function(&self, start: usize) -> bool {
        let mut depth = 0usize;
        for t in &self.toks[start..] {
            match t.kind {
                TokenKind::Punct(Punct::LParen) if depth == 0 => return true,
                TokenKind::Punct(Punct::LBracket) => depth += 1,
                TokenKind::Punct(Punct::RBracket) => depth = depth.saturating_sub(1),
                TokenKind::Punct(Punct::Assign | Punct::LBrace | Punct::Semi) if depth == 0 => {
                    return false
                }
                TokenKind::Eof => return false,
                _ => {}
            }
        }
        false
    }

    /// Skips from the cursor to the end of the declaration that began at `decl_start`:
    /// past its `;`, or past the `}` of a function/namespace body. Returns false when the
    /// input ended inside brackets.
    fn skip_declaration(&mut self, decl_start: usize) -> bool {
        // Brackets the declaration opened before the cursor (an error inside `= { … }`).
        let mut depth = 0usize;
        for t in &self.toks[decl_start.min(self.pos)..self.pos] {
            match t.kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
        }
        loop {
            match self.kind() {
                TokenKind::Eof => return depth == 0,
                TokenKind::Punct(Punct::Semi) if depth == 0 => {
                    self.bump();
                    return true;
                }
                TokenKind::Punct(Punct::LBrace) if depth == 0 => {
                    let kind = self.brace_kind(decl_start);
                    match self.matching_close(self.pos) {
                        Some(end) => self.pos = end,
                        None => {
                            self.pos = self.eof_index();
                            return false;
                        }
                    }
                    if kind == BraceKind::Body {
                        self.eat(Punct::Semi);
                        return true;
                    }
                    continue;
                }
                TokenKind::Punct(Punct::RBrace) if depth == 0 => return true,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Classifies the `{` at the cursor by what precedes it in the declaration.
    fn brace_kind(&self, decl_start: usize) -> BraceKind {
        let mut depth = 0usize;
        let mut tag = false;
        let mut paren = false;
        for t in &self.toks[decl_start.min(self.pos)..self.pos] {
            match t.kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => {
                    if depth == 0 && t.kind == TokenKind::Punct(Punct::LParen) {
                        paren = true;
                    }
                    depth += 1;
                }
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    depth = depth.saturating_sub(1)
                }
                TokenKind::Punct(Punct::Assign) if depth == 0 => return BraceKind::TypeOrInit,
                TokenKind::Ident(kw::STRUCT | kw::UNION | kw::CLASS | kw::ENUM) if depth == 0 => {
                    tag = true
                }
                _ => {}
            }
        }
        if tag && !paren {
            BraceKind::TypeOrInit
        } else {
            BraceKind::Body
        }
    }
}
