//! Declaration specifiers: the type, qualifiers, storage class and CUDA keywords in front of
//! declarators, in any order (`unsigned long const static __device__ long`).
//!
//! Builtin type keywords are counted and combined at the end (`long long unsigned int` is
//! `ULongLong`), as C allows. An identifier is taken as a type name only while no type has
//! been seen yet and the scope table says it is a type, so `T T;` declares a variable `T`.
//! Named struct/union/enum definitions found here are hoisted as separate declarations.

use super::scope::NameKind;
use super::{PResult, Parser};
use crate::ast::{BuiltinType, Decl, DeclSpecs, Expr, LaunchBounds, Quals, TagKind, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

/// Where specifiers appear: decides which are allowed and how unknown names are treated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SpecContext {
    /// A declaration at file or block scope.
    Decl,
    /// A function parameter.
    Param,
    /// A type name (cast, `sizeof`, enum underlying type).
    TypeName,
    /// A struct or union member.
    Member,
}

/// Declaration specifiers as parsed.
#[derive(Default)]
pub(crate) struct Specs<'a> {
    pub start: Span,
    /// A named, tag or inline record/enum type.
    pub base: Option<&'a TypeExpr<'a>>,
    pub void: u8,
    pub bool_: u8,
    pub char_: u8,
    pub short: u8,
    pub int: u8,
    pub long: u8,
    pub signed: u8,
    pub unsigned: u8,
    pub float: u8,
    pub double: u8,
    pub int128: u8,
    /// `wchar_t`, `char16_t`, `char32_t`: each a type of its own, alone.
    pub wchar: u8,
    pub char16: u8,
    pub char32: u8,
    pub quals: Quals,
    pub decl: DeclSpecs,
    pub is_typedef: bool,
    pub launch_bounds: Option<LaunchBounds<'a>>,
    pub align: Option<&'a Expr<'a>>,
    /// Named record/enum definitions to emit before the declarators.
    pub hoisted: Vec<Decl<'a>>,
    /// `struct S` with no body and nothing else (a forward declaration if no declarator).
    pub tag_ref: Option<(TagKind, Symbol, Span)>,
    /// Anything at all was parsed.
    pub any: bool,
    /// The last builtin type keyword (where a bad combination is reported).
    pub last_type_keyword: Span,
    /// `explicit` (constructors, conversion functions).
    pub is_explicit: bool,
    /// `virtual`.
    pub is_virtual: bool,
    /// `mutable` (data members).
    pub is_mutable: bool,
    /// `friend`.
    pub is_friend: bool,
}

impl Specs<'_> {
    /// How many of `wchar_t`, `char16_t`, `char32_t` were seen.
    fn wide(&self) -> u8 {
        self.wchar + self.char16 + self.char32
    }

    /// A type keyword or type name was seen.
    pub fn has_type(&self) -> bool {
        self.base.is_some() || self.builtin_keywords() > 0
    }

    fn builtin_keywords(&self) -> u32 {
        [
            self.void,
            self.bool_,
            self.char_,
            self.short,
            self.int,
            self.long,
            self.signed,
            self.unsigned,
            self.float,
            self.double,
            self.int128,
            self.wchar,
            self.char16,
            self.char32,
        ]
        .iter()
        .map(|&n| n as u32)
        .sum()
    }
}

pub(crate) const KW_VOLATILE_GNU: Symbol = kw::sym("__volatile__");
pub(crate) const KW_WCHAR: Symbol = kw::sym("wchar_t");
pub(crate) const KW_CHAR16: Symbol = kw::sym("char16_t");
pub(crate) const KW_CHAR32: Symbol = kw::sym("char32_t");
pub(crate) const KW_ALIGNAS: Symbol = kw::sym("alignas");
pub(crate) const KW_ALIGNOF: Symbol = kw::sym("alignof");
pub(crate) const KW_GRID_CONSTANT: Symbol = kw::sym("__grid_constant__");
pub(crate) const KW_DECLSPEC: Symbol = kw::sym("__declspec");
pub(crate) const KW_ASM: Symbol = kw::sym("asm");
pub(crate) const KW_ASM_GNU: Symbol = kw::sym("__asm__");
pub(crate) const KW_NOEXCEPT: Symbol = kw::sym("noexcept");
pub(crate) const KW_THROW: Symbol = kw::sym("throw");
const KW_EXPLICIT: Symbol = kw::sym("explicit");
const KW_VIRTUAL: Symbol = kw::sym("virtual");
const KW_MUTABLE: Symbol = kw::sym("mutable");
const KW_FRIEND: Symbol = kw::sym("friend");
pub(crate) const KW_DECLTYPE: Symbol = kw::sym("decltype");

impl<'a, 'c> Parser<'a, 'c> {
    /// True when the current token can start declaration specifiers (or a type name).
    pub(super) fn at_decl_start(&self) -> bool {
        self.is_decl_start_at(0)
    }

    pub(super) fn is_decl_start_at(&self, n: usize) -> bool {
        if self.at_qualified_name(n) {
            return self.qualified_type_len_at(n).is_some();
        }
        match self.peek_at(n).kind {
            TokenKind::Ident(s) if s.is_keyword() => is_specifier_keyword(s),
            TokenKind::Ident(s) => {
                self.scopes.is_type(s)
                    || self.is_class_template_id_at(n)
                    || self.is_injected_class_name_at(n)
                    || (self.peek_at(n + 1).is_punct(Punct::LParen)
                        && self.interner.resolve(s) == "__underlying_type")
            }
            // A C++11 attribute `[[…]]` in front of a declaration.
            TokenKind::Punct(Punct::LBracket) => self.peek_at(n + 1).is_punct(Punct::LBracket),
            _ => false,
        }
    }

    /// Parses declaration specifiers. Fails only after reporting an error.
    pub(super) fn decl_specifiers(&mut self, ctx: SpecContext) -> PResult<Specs<'a>> {
        let mut s = Specs {
            start: self.span(),
            ..Specs::default()
        };
        loop {
            let tok = *self.peek();
            if tok.is_punct(Punct::LBracket) && self.peek_at(1).is_punct(Punct::LBracket) {
                // `[[nodiscard]]`, `[[maybe_unused]]`, …: skipped.
                match self.matching_close(self.pos) {
                    Some(end) => self.pos = end,
                    None => return Err(self.error_here("unbalanced `[[`")),
                }
                continue;
            }
            // `__underlying_type(T)` (libstdc++'s `underlying_type`): a type.
            if !s.has_type() && self.at_type_trait() {
                s.base = Some(self.type_trait_type()?);
                s.any = true;
                continue;
            }
            // `typename X::Y`, `typename std::enable_if<…>::type`: a dependent member type.
            if !s.has_type()
                && tok.is_ident(kw::TYPENAME)
                && (self.at_qualified_name(1) || self.is_class_template_id_at(1))
            {
                self.bump();
                let q = self.qual_name()?;
                s.base = Some(self.alloc(TypeExpr::Qual(q)));
                s.any = true;
                continue;
            }
            if !s.has_type() && self.at_qualified_name(0) {
                if self.qualified_type_len_at(0).is_none() {
                    break;
                }
                let q = self.qual_name()?;
                s.base = Some(self.alloc(TypeExpr::Qual(q)));
                s.any = true;
                continue;
            }
            let TokenKind::Ident(sym) = tok.kind else {
                break;
            };
            if !sym.is_keyword() {
                if s.has_type() {
                    break;
                }
                // `S(` inside class S is a constructor's declarator, not a type.
                if Some(sym) == self.ctor_name && self.peek_at(1).is_punct(Punct::LParen) {
                    break;
                }
                if self.is_class_template_id_at(0) {
                    if self.at_class_template_ctor() {
                        break;
                    }
                    s.base = Some(self.template_id_type()?);
                    s.any = true;
                    continue;
                }
                if self.is_injected_class_name_at(0) {
                    self.bump();
                    s.base = Some(self.alloc(TypeExpr::Named {
                        name: sym,
                        span: tok.span,
                    }));
                    s.any = true;
                    continue;
                }
                match self.scopes.lookup(sym) {
                    Some(NameKind::Typedef) => {
                        self.check_supported_type(sym, tok.span)?;
                        s.base = Some(self.alloc(TypeExpr::Named {
                            name: sym,
                            span: tok.span,
                        }));
                    }
                    Some(NameKind::Tag(kind)) => {
                        self.check_supported_type(sym, tok.span)?;
                        s.base = Some(self.alloc(TypeExpr::Tag {
                            kind,
                            name: sym,
                            span: tok.span,
                        }));
                    }
                    _ if ctx != SpecContext::TypeName && self.unknown_type_name_here() => {
                        let name = self.interner.resolve(sym).to_string();
                        self.error(tok.span, format!("unknown type name `{name}`"));
                        s.base = Some(self.alloc(TypeExpr::Named {
                            name: sym,
                            span: tok.span,
                        }));
                    }
                    _ => break,
                }
                self.bump();
                s.any = true;
                continue;
            }
            if !self.specifier_keyword(sym, ctx, &mut s)? {
                break;
            }
            s.any = true;
        }
        Ok(s)
    }

    /// A type name declared by skipped host C++ (`Decl::Unsupported`) cannot be used here:
    /// reported at the use, with a note at the declaration.
    fn check_supported_type(&mut self, sym: Symbol, span: Span) -> PResult<()> {
        let Some(&(what, decl_span)) = self.unsupported_types.get(&sym) else {
            return Ok(());
        };
        let name = self.interner.resolve(sym).to_string();
        self.saw_cxx = true;
        if self.fatal.is_none() {
            let msg = format!("`{name}` is declared by a {what}, which is not supported yet");
            let d = crate::diag::Diag::error(span, msg)
                .with_note(decl_span, format!("`{name}` is declared here"));
            self.diags.push(d);
        }
        Err(super::Failed)
    }

    /// At an unknown identifier followed by another plain identifier (or a `*` and one),
    /// where a declaration is plausible: `uint x;` — report it as an unknown type.
    fn unknown_type_name_here(&self) -> bool {
        let next = self.peek_at(1).kind;
        matches!(next, TokenKind::Ident(s) if !s.is_keyword() || is_cuda_specifier(s))
    }

    /// Handles one keyword; returns false when it is not a specifier.
    fn specifier_keyword(
        &mut self,
        sym: Symbol,
        ctx: SpecContext,
        s: &mut Specs<'a>,
    ) -> PResult<bool> {
        let span = self.span();
        let storage_ok = ctx == SpecContext::Decl;
        let count = |f: &mut u8| *f = f.saturating_add(1);
        if is_builtin_type_keyword(sym) {
            s.last_type_keyword = span;
        }
        match sym {
            kw::CONST => s.quals.is_const = true,
            kw::VOLATILE | KW_VOLATILE_GNU => s.quals.is_volatile = true,
            kw::RESTRICT | kw::RESTRICT_CUDA | kw::RESTRICT_GNU => s.quals.is_restrict = true,
            kw::VOID => count(&mut s.void),
            kw::BOOL | kw::BOOL_C => count(&mut s.bool_),
            kw::CHAR => count(&mut s.char_),
            kw::SHORT => count(&mut s.short),
            kw::INT => count(&mut s.int),
            kw::LONG => count(&mut s.long),
            kw::SIGNED => count(&mut s.signed),
            kw::UNSIGNED => count(&mut s.unsigned),
            kw::FLOAT => count(&mut s.float),
            kw::DOUBLE => count(&mut s.double),
            kw::INT128 => count(&mut s.int128),
            KW_WCHAR => count(&mut s.wchar),
            KW_CHAR16 => count(&mut s.char16),
            KW_CHAR32 => count(&mut s.char32),
            kw::STRUCT | kw::UNION | kw::CLASS | kw::ENUM => {
                if s.has_type() {
                    return Err(self.error(span, "cannot combine with previous type specifier"));
                }
                let ty = self.tag_specifier(s)?;
                s.base = Some(ty);
                return Ok(true);
            }
            kw::AUTO | KW_DECLTYPE => {
                if s.has_type() {
                    return Err(self.error(span, "cannot combine with previous type specifier"));
                }
                self.bump();
                let ty = if sym == kw::AUTO {
                    TypeExpr::Auto(span)
                } else {
                    self.expect(Punct::LParen, "after `decltype`")?;
                    if self.at_kw(kw::AUTO) {
                        self.bump();
                        self.expect(Punct::RParen, "to close `decltype`")?;
                        let ty: &'a TypeExpr<'a> =
                            self.alloc(TypeExpr::DecltypeAuto(span.to(self.prev_span())));
                        s.base = Some(ty);
                        return Ok(true);
                    }
                    let e = self.expr()?;
                    self.expect(Punct::RParen, "to close `decltype`")?;
                    TypeExpr::Decltype(e)
                };
                let mut ty: &'a TypeExpr<'a> = self.alloc(ty);
                // `decltype(x)::value_type::…`
                while self.at(Punct::ColonColon)
                    && matches!(self.peek_at(1).kind, TokenKind::Ident(n) if !n.is_keyword())
                {
                    self.bump();
                    let Some((name, span)) = self.eat_plain_ident() else {
                        break;
                    };
                    ty = self.alloc(TypeExpr::MemberType {
                        base: ty,
                        name,
                        span,
                    });
                }
                s.base = Some(ty);
                return Ok(true);
            }
            kw::LAUNCH_BOUNDS => {
                self.bump();
                s.launch_bounds = Some(self.launch_bounds()?);
                return Ok(true);
            }
            kw::ALIGN | KW_ALIGNAS => {
                self.bump();
                s.align = Some(self.paren_expr_arg("alignment")?);
                return Ok(true);
            }
            kw::ATTRIBUTE | KW_DECLSPEC => {
                self.attributes(&mut s.align)?;
                return Ok(true);
            }
            KW_GRID_CONSTANT => {}
            kw::STATIC
            | kw::EXTERN
            | kw::INLINE
            | kw::INLINE_GNU
            | kw::TYPEDEF
            | kw::REGISTER
            | kw::CONSTEXPR
            | kw::GLOBAL
            | kw::DEVICE
            | kw::HOST
            | kw::SHARED
            | kw::CONSTANT
            | kw::MANAGED
            | kw::FORCEINLINE
            | kw::NOINLINE => {
                let allowed = storage_ok
                    || (ctx == SpecContext::Param && sym == kw::REGISTER)
                    || ctx == SpecContext::Member;
                if !allowed {
                    let text = self.interner.resolve(sym).to_string();
                    return Err(self.error(span, format!("`{text}` is not allowed here")));
                }
                let d = &mut s.decl;
                match sym {
                    kw::STATIC => d.is_static = true,
                    kw::EXTERN => {
                        self.bump();
                        if let TokenKind::Str(lit) = self.kind() {
                            let text = self.interner.resolve(lit).to_string();
                            self.bump();
                            match text.as_str() {
                                "\"C\"" => s.decl.extern_c = true,
                                "\"C++\"" => {}
                                _ => {
                                    let sp = self.prev_span();
                                    return Err(
                                        self.error(sp, format!("unknown language linkage {text}"))
                                    );
                                }
                            }
                        } else {
                            s.decl.is_extern = true;
                        }
                        return Ok(true);
                    }
                    kw::INLINE | kw::INLINE_GNU => d.is_inline = true,
                    kw::TYPEDEF => s.is_typedef = true,
                    kw::REGISTER => d.register = true,
                    kw::CONSTEXPR => d.is_constexpr = true,
                    kw::GLOBAL => d.global = true,
                    kw::DEVICE => d.device = true,
                    kw::HOST => d.host = true,
                    kw::SHARED => d.shared = true,
                    kw::CONSTANT => d.constant = true,
                    kw::MANAGED => d.managed = true,
                    kw::FORCEINLINE => d.forceinline = true,
                    _ => d.noinline = true,
                }
            }
            KW_EXPLICIT => s.is_explicit = true,
            KW_VIRTUAL => s.is_virtual = true,
            KW_MUTABLE => s.is_mutable = true,
            KW_FRIEND => s.is_friend = true,
            _ if is_unsupported_specifier(sym) => {
                let text = self.interner.resolve(sym).to_string();
                return Err(self.unsupported(span, &format!("`{text}`")));
            }
            _ => return Ok(false),
        }
        self.bump();
        Ok(true)
    }

    /// `(max_threads [, min_blocks [, max_blocks_per_cluster]])` after `__launch_bounds__`.
    fn launch_bounds(&mut self) -> PResult<LaunchBounds<'a>> {
        self.expect(Punct::LParen, "after `__launch_bounds__`")?;
        let max_threads = self.assign_expr()?;
        let mut min_blocks = None;
        if self.eat(Punct::Comma) {
            min_blocks = Some(self.assign_expr()?);
            if self.eat(Punct::Comma) {
                // The third argument (max blocks per cluster, sm_90) is accepted and ignored.
                self.assign_expr()?;
            }
        }
        self.expect(Punct::RParen, "after `__launch_bounds__` arguments")?;
        Ok(LaunchBounds {
            max_threads,
            min_blocks,
        })
    }

    /// `( expr )` after a keyword like `__align__`.
    pub(super) fn paren_expr_arg(&mut self, what: &str) -> PResult<&'a Expr<'a>> {
        let open = self.expect(Punct::LParen, &format!("before {what}"))?;
        // `alignas(T)` means `alignas(alignof(T))`.
        let e = if self.at_decl_start() {
            let ty = self.type_name()?;
            self.alloc(Expr {
                kind: crate::ast::ExprKind::AlignofType(ty),
                span: open.to(self.prev_span()),
            })
        } else {
            self.assign_expr()?
        };
        self.expect(Punct::RParen, &format!("after {what}"))?;
        Ok(e)
    }

    /// Skips `__attribute__((…))` / `[[…]]` / `__declspec(…)` / `asm("label")` runs, keeping
    /// `aligned(N)` as an alignment.
    pub(super) fn attributes(&mut self, align: &mut Option<&'a Expr<'a>>) -> PResult<()> {
        loop {
            if self.eat_kw(kw::ATTRIBUTE) {
                self.expect(Punct::LParen, "after `__attribute__`")?;
                self.expect(Punct::LParen, "after `__attribute__(`")?;
                loop {
                    if self.at(Punct::RParen) {
                        break;
                    }
                    let name = match self.kind() {
                        TokenKind::Ident(s) => {
                            self.bump();
                            self.interner.resolve(s).to_string()
                        }
                        _ => return Err(self.error_here("expected an attribute name")),
                    };
                    if self.at(Punct::LParen) {
                        if name == "aligned" || name == "__aligned__" {
                            *align = Some(self.paren_expr_arg("alignment")?);
                        } else {
                            self.skip_balanced_parens()?;
                        }
                    }
                    if !self.eat(Punct::Comma) {
                        break;
                    }
                }
                self.expect(Punct::RParen, "to close the attribute list")?;
                self.expect(Punct::RParen, "to close `__attribute__`")?;
            } else if self.at(Punct::LBracket) && self.peek_at(1).is_punct(Punct::LBracket) {
                // `[[gnu::always_inline]]`, `[[nodiscard]]`: gcc takes them where it takes
                // `__attribute__`; none changes what device code means.
                match self.matching_close(self.pos) {
                    Some(end) => self.pos = end,
                    None => return Err(self.error_here("unbalanced `[[`")),
                }
            } else if self.eat_kw(KW_DECLSPEC) {
                self.skip_balanced_parens()?;
            } else if self.at_kw(KW_ASM) || self.at_kw(KW_ASM_GNU) {
                // `int x asm("name");` — a GNU assembler label.
                self.bump();
                self.skip_balanced_parens()?;
            } else {
                return Ok(());
            }
        }
    }

    /// Skips a `( … )` group, which must start at the current token.
    pub(super) fn skip_balanced_parens(&mut self) -> PResult<()> {
        if !self.at(Punct::LParen) {
            return Err(self.error_here("expected `(`"));
        }
        match self.matching_close(self.pos) {
            Some(end) => {
                self.pos = end;
                Ok(())
            }
            None => Err(self.error_here("unbalanced `(`")),
        }
    }

    /// The type the specifiers spell, with qualifiers applied.
    pub(super) fn specs_type(&mut self, s: &Specs<'a>) -> PResult<&'a TypeExpr<'a>> {
        let base = match s.base {
            Some(b) => {
                if s.builtin_keywords() > 0 {
                    return Err(self.error(
                        s.last_type_keyword,
                        "cannot combine a type name with a builtin type",
                    ));
                }
                b
            }
            None => {
                let b = self.builtin_from_keywords(s)?;
                self.alloc(TypeExpr::Builtin(b))
            }
        };
        if s.quals == Quals::default() {
            Ok(base)
        } else {
            Ok(self.alloc(TypeExpr::Qualified {
                quals: s.quals,
                inner: base,
            }))
        }
    }

    fn builtin_from_keywords(&mut self, s: &Specs<'a>) -> PResult<BuiltinType> {
        use BuiltinType::*;
        if s.builtin_keywords() == 0 {
            return Err(self.error(
                s.start,
                "expected a type specifier (C++ has no implicit `int`)",
            ));
        }
        let sign = s.signed + s.unsigned;
        let invalid = s.signed > 1
            || s.unsigned > 1
            || sign > 1
            || s.int > 1
            || s.long > 2
            || s.short > 1
            || s.void + s.bool_ + s.char_ + s.float + s.double + s.int128 + s.wide() > 1
            || (s.short > 0 && s.long > 0);
        let others = s.void + s.bool_ + s.char_ + s.float + s.double + s.int128 + s.wide();
        let ty = if invalid {
            None
        } else if s.wide() == 1 {
            (s.builtin_keywords() == 1).then_some(match (s.wchar, s.char16) {
                (1, _) => WChar,
                (_, 1) => Char16,
                _ => Char32,
            })
        } else if s.void == 1 {
            (s.builtin_keywords() == 1).then_some(Void)
        } else if s.bool_ == 1 {
            (s.builtin_keywords() == 1).then_some(Bool)
        } else if s.float == 1 {
            (s.builtin_keywords() == 1).then_some(Float)
        } else if s.double == 1 {
            match (s.long, s.builtin_keywords()) {
                (0, 1) => Some(Double),
                (1, 2) => Some(LongDouble),
                _ => None,
            }
        } else if s.char_ == 1 {
            (s.short + s.long + s.int == 0).then_some(match (s.signed, s.unsigned) {
                (1, _) => SChar,
                (_, 1) => UChar,
                _ => Char,
            })
        } else if s.int128 == 1 {
            (s.short + s.long + s.int == 0).then_some(if s.unsigned == 1 {
                UInt128
            } else {
                Int128
            })
        } else if others == 0 {
            let u = s.unsigned == 1;
            Some(match (s.short, s.long) {
                (1, _) => {
                    if u {
                        UShort
                    } else {
                        Short
                    }
                }
                (_, 1) => {
                    if u {
                        ULong
                    } else {
                        Long
                    }
                }
                (_, 2) => {
                    if u {
                        ULongLong
                    } else {
                        LongLong
                    }
                }
                _ => {
                    if u {
                        UInt
                    } else {
                        Int
                    }
                }
            })
        } else {
            None
        };
        ty.ok_or_else(|| {
            self.error(
                s.last_type_keyword,
                "invalid combination of type specifiers",
            )
        })
    }
}

/// Keywords that may start declaration specifiers.
pub(crate) fn is_specifier_keyword(s: Symbol) -> bool {
    matches!(
        s,
        kw::CONST
            | kw::VOLATILE
            | KW_VOLATILE_GNU
            | kw::RESTRICT
            | kw::RESTRICT_CUDA
            | kw::RESTRICT_GNU
            | kw::VOID
            | kw::BOOL
            | kw::BOOL_C
            | kw::CHAR
            | kw::SHORT
            | kw::INT
            | kw::LONG
            | kw::SIGNED
            | kw::UNSIGNED
            | kw::FLOAT
            | kw::DOUBLE
            | kw::INT128
            | KW_WCHAR
            | KW_CHAR16
            | KW_CHAR32
            | kw::STRUCT
            | kw::UNION
            | kw::CLASS
            | kw::ENUM
            | kw::STATIC
            | kw::EXTERN
            | kw::INLINE
            | kw::INLINE_GNU
            | kw::TYPEDEF
            | kw::REGISTER
            | kw::CONSTEXPR
            | kw::LAUNCH_BOUNDS
            | kw::ALIGN
            | KW_ALIGNAS
            | kw::ATTRIBUTE
            | KW_DECLSPEC
            | KW_GRID_CONSTANT
            | kw::AUTO
            | KW_DECLTYPE
    ) || is_cuda_specifier(s)
        || is_unsupported_specifier(s)
}

fn is_builtin_type_keyword(s: Symbol) -> bool {
    matches!(
        s,
        kw::VOID
            | kw::BOOL
            | kw::BOOL_C
            | kw::CHAR
            | kw::SHORT
            | kw::INT
            | kw::LONG
            | kw::SIGNED
            | kw::UNSIGNED
            | kw::FLOAT
            | kw::DOUBLE
            | kw::INT128
            | KW_WCHAR
            | KW_CHAR16
            | KW_CHAR32
    )
}

/// The CUDA execution/memory space keywords.
pub(crate) fn is_cuda_specifier(s: Symbol) -> bool {
    matches!(
        s,
        kw::GLOBAL
            | kw::DEVICE
            | kw::HOST
            | kw::SHARED
            | kw::CONSTANT
            | kw::MANAGED
            | kw::FORCEINLINE
            | kw::NOINLINE
    )
}

/// C++ specifiers that start a declaration this parser does not handle yet.
const UNSUPPORTED_SPECIFIERS: [Symbol; 7] = [
    kw::TYPENAME,
    kw::sym("virtual"),
    kw::sym("explicit"),
    kw::sym("friend"),
    kw::sym("mutable"),
    kw::sym("thread_local"),
    kw::sym("__thread__"),
];

fn is_unsupported_specifier(s: Symbol) -> bool {
    UNSUPPORTED_SPECIFIERS.contains(&s)
}
