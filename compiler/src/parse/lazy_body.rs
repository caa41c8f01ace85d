//! The bodies of the built-in headers' device helpers, parsed on demand.
//!
//! Every translation unit includes `cuda_runtime.h`, which defines some 440 device helpers
//! (`make_float4`, `__ldcg`, `__dp4a`, …); parsing their bodies was a third of an empty
//! file's compile, though a kernel uses a handful. When the driver asks for it
//! (`ParseOptions::defer_header_bodies`), the parser skips such a body by brace matching,
//! as it skips host bodies, and keeps its token range (`LazyBodies`); the lowering parses it
//! when it lowers the function (`parse_lazy_body`: at its definition, or for a helper it
//! parked, at its first use, `irgen/lazy_bodies.rs`). A body nothing uses is never parsed.
//!
//! The later parse must build the tree the parser would have built in place. What a body's
//! parse reads besides its tokens is which names are types, templates or values (the scope
//! table), so the parser records, at the definition, what each identifier of the body
//! denotes there, and the later parse starts from exactly that file scope. Only bodies whose
//! parse reads nothing else are deferred (`deferrable`): in a built-in header (`<oxicc>/`),
//! at file scope in the global namespace, a plain `__device__` function (no kernel,
//! `constexpr`, template, member, friend or qualified name), and no token that would make the
//! parse consult or change other state: `::`, class, enum and namespace keywords, `template`,
//! `operator`, `this`, `new`/`delete`, `noexcept`, a lambda's `[`, `obj.f<` (member
//! templates), a name of a class skipped as host C++, `<<<`. The parse may intern one kind
//! of new name, a floating literal's cleaned spelling; those are interned at the skip, in the
//! order the in-place parse would have, so the symbols stay the same. User code is never
//! deferred: its diagnostics stay where they were.

use super::scope::{NameKind, Scopes};
use super::specs::Specs;
use super::Parser;
use crate::ast::Stmt;
use crate::diag::Diagnostics;
use crate::intern::{kw, Interner, Symbol};
use crate::lex::token::{Punct, Token, TokenKind};
use crate::source::{SourceMap, Span};
use bumpalo::Bump;
use std::cell::Cell;

/// The deferred bodies of a translation unit: the parser's tokens and, per body, its token
/// range and what its identifiers denoted at the definition.
#[derive(Default)]
pub struct LazyBodies {
    toks: Vec<Token>,
    bodies: Vec<Deferred>,
    default_device: bool,
}

struct Deferred {
    /// `toks[open]` is the `{`, `toks[end - 1]` the `}`.
    open: u32,
    end: u32,
    /// The identifiers of the body bound in the file scope at the definition, by symbol.
    names: Box<[(Symbol, NameKind)]>,
}

impl std::fmt::Debug for LazyBodies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LazyBodies({})", self.bodies.len())
    }
}

impl LazyBodies {
    /// How many bodies were deferred.
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    pub(super) fn set_tokens(&mut self, toks: Vec<Token>, default_device: bool) {
        self.toks = toks;
        self.default_device = default_device;
    }
}

thread_local! {
    /// Bodies deferred and bodies parsed later, in this thread (`lazy_body_counts`).
    static COUNTS: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// How many header bodies this thread's compiles deferred, and how many of those were parsed
/// later (for tests: a file using one helper parses only the bodies it needs).
pub fn lazy_body_counts() -> (usize, usize) {
    COUNTS.with(|c| c.get())
}

fn count(deferred: usize, parsed: usize) {
    COUNTS.with(|c| {
        let (d, p) = c.get();
        c.set((d + deferred, p + parsed));
    });
}

/// The interner as the parser sees it: the translation unit's parse may add names; a
/// deferred body's later parse (in the lowering, which only reads the interner) finds every
/// name it needs already there (see the module doc).
pub(crate) enum Interning<'c> {
    Mut(&'c mut Interner),
    Frozen {
        interner: &'c Interner,
        /// A name that was not interned was asked for (a bug of `deferrable`).
        missing: bool,
    },
}

impl std::ops::Deref for Interning<'_> {
    type Target = Interner;
    fn deref(&self) -> &Interner {
        match self {
            Interning::Mut(i) => i,
            Interning::Frozen { interner, .. } => interner,
        }
    }
}

impl Interning<'_> {
    pub(crate) fn intern(&mut self, s: &str) -> Symbol {
        match self {
            Interning::Mut(i) => i.intern(s),
            Interning::Frozen { interner, missing } => interner.get(s).unwrap_or_else(|| {
                *missing = true;
                kw::AUTO
            }),
        }
    }
}

/// Keywords whose parse reads or changes parser state beyond the scope table.
const EXCLUDED_KEYWORDS: &[Symbol] = &[
    kw::STRUCT,
    kw::UNION,
    kw::ENUM,
    kw::CLASS,
    kw::NAMESPACE,
    kw::TEMPLATE,
    kw::TYPENAME,
    kw::USING,
    kw::sym("operator"),
    kw::sym("this"),
    kw::sym("new"),
    kw::sym("delete"),
    kw::sym("noexcept"),
    kw::sym("throw"),
    kw::sym("try"),
    kw::sym("typeid"),
    kw::sym("requires"),
];

impl<'a> Parser<'a, '_> {
    /// At the `{` of a function definition: skips the body and returns its index in
    /// `LazyBodies` when it may be parsed later (see the module doc); else stays put.
    pub(super) fn defer_body(
        &mut self,
        specs: &Specs<'a>,
        h: &super::decl::FunctionHeader<'a>,
    ) -> Option<u32> {
        let d = &specs.decl;
        if self.lazy.is_none()
            || !d.device
            || d.global
            || d.is_constexpr
            || self.in_template
            || self.scopes.depth() != 1
            || !self.injected.is_empty()
            || self.ctor_name.is_some()
            || !h.is_plain_free_function()
            || !self.sources.file(h.file()).name.starts_with("<oxicc>/")
        {
            return None;
        }
        let open = self.pos;
        let end = self.deferrable(open)?;
        let mut names: Vec<(Symbol, NameKind)> = Vec::new();
        for t in &self.toks[open..end] {
            if let TokenKind::Ident(s) = t.kind {
                if let Some(k) = self.scopes.lookup(s) {
                    names.push((s, k));
                }
            }
        }
        names.sort_unstable_by_key(|&(s, _)| s);
        names.dedup_by_key(|&mut (s, _)| s);
        // The names the in-place parse would have interned, in its order.
        for i in open..end {
            if let TokenKind::Number(s) = self.toks[i].kind {
                let text = self.interner.resolve(s).to_string();
                if super::literal::is_float_literal(&text) {
                    if let Ok(f) = super::literal::parse_float_literal(&text) {
                        self.interner.intern(&f.cleaned);
                    }
                }
            }
        }
        let lazy = self.lazy.as_mut()?;
        let id = lazy.bodies.len() as u32;
        lazy.bodies.push(Deferred {
            open: open as u32,
            end: end as u32,
            names: names.into_boxed_slice(),
        });
        self.pos = end;
        count(1, 0);
        Some(id)
    }

    /// The end (one past the `}`) of the body opening at `open`, when its tokens allow a
    /// later parse (see the module doc).
    fn deferrable(&self, open: usize) -> Option<usize> {
        let toks = &self.toks;
        let mut depth = 0usize;
        let mut i = open;
        loop {
            let t = toks.get(i)?;
            match t.kind {
                TokenKind::Punct(Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                TokenKind::Eof | TokenKind::LaunchOpen | TokenKind::Punct(Punct::ColonColon) => {
                    return None
                }
                TokenKind::Ident(s)
                    if EXCLUDED_KEYWORDS.contains(&s)
                        || self.unsupported_types.contains_key(&s) =>
                {
                    return None
                }
                // A lambda starts where an operand may: after anything but an operand's end.
                TokenKind::Punct(Punct::LBracket) => {
                    let prev = toks[i - 1].kind;
                    let after_operand = matches!(
                        prev,
                        TokenKind::Ident(_)
                            | TokenKind::Number(_)
                            | TokenKind::Punct(Punct::RParen | Punct::RBracket)
                    ) && !matches!(prev, TokenKind::Ident(s) if s == kw::RETURN);
                    if !after_operand {
                        return None;
                    }
                }
                // `obj.f<…` and `obj.~T()` read the member templates and classes.
                TokenKind::Punct(Punct::Dot | Punct::Arrow) => {
                    let next = toks.get(i + 1).map(|t| t.kind);
                    let after = toks.get(i + 2).map(|t| t.kind);
                    if next == Some(TokenKind::Punct(Punct::Tilde))
                        || (matches!(next, Some(TokenKind::Ident(_)))
                            && after == Some(TokenKind::Punct(Punct::Lt)))
                    {
                        return None;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// Parses deferred body `id` of a function with parameters `params` as the parser would
/// have at its definition. `None` after an error (reported to `diags`).
pub(crate) fn parse_lazy_body<'a>(
    lazy: &LazyBodies,
    id: u32,
    params: impl Iterator<Item = Symbol>,
    arena: &'a Bump,
    interner: &Interner,
    sources: &SourceMap,
    diags: &mut Diagnostics,
) -> Option<&'a Stmt<'a>> {
    let b = lazy.bodies.get(id as usize)?;
    let (open, end) = (b.open as usize, b.end as usize);
    // A few tokens past the body too: the in-place parse could look ahead past its `}`.
    let last = lazy.toks.len().saturating_sub(1);
    let mut toks: Vec<Token> = lazy.toks[open..(end + 4).min(last)].to_vec();
    toks.push(lazy.toks[last]);
    let frozen = Interning::Frozen {
        interner,
        missing: false,
    };
    let mut p = Parser::new(toks, arena, frozen, sources, diags);
    p.default_device = lazy.default_device;
    let mut scopes = Scopes::new();
    for &(s, k) in b.names.iter() {
        scopes.declare(s, k);
    }
    p.scopes = scopes;
    p.scopes.push();
    for n in params {
        p.scopes.declare(n, NameKind::Value);
    }
    let body = p.compound_statement();
    if let Some(d) = p.fatal.take() {
        p.diags.push(d);
    }
    count(0, 1);
    if matches!(p.interner, Interning::Frozen { missing: true, .. }) {
        let span = lazy.toks[open].span;
        p.diags.error(
            Span::new(span.file, span.start, span.start),
            "internal error: a deferred header body needs a name that was not interned",
        );
        return None;
    }
    Some(arena.alloc(body.ok()?))
}
