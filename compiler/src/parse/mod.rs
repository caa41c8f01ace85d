//! The parser: preprocessed tokens to the AST (`crate::ast`), by hand-written recursive descent
//! with precedence climbing for binary operators.
//!
//! C and C++ cannot be parsed without knowing which names are types (`(T)x`, `T * p;`), so the
//! parser keeps a scope stack of type names (`scope.rs`). Every syntax error becomes a
//! diagnostic and the parser recovers (skipping to `;` or a matching `}`), so one run reports
//! several errors; recursion is bounded (`MAX_NESTING`), so no input overflows the stack.
//! Host-only function bodies are skipped by brace matching, and file-scope host C++ that this
//! parser does not handle becomes `Decl::Unsupported` without an error (`toplevel.rs`).
//! See `docs/frontend-parser.md` for the design and its reasons.
//!
//! Files: `cursor.rs` (token access, errors, recovery, depth guard), `scope.rs` (type names),
//! `specs.rs` (declaration specifiers), `declarator.rs` (declarators, parameters, type
//! names), `record.rs` (struct/union/enum bodies), `decl.rs` (declarations and initializers),
//! `toplevel.rs` (external declarations, host code), `expr.rs`, `literal.rs`, `stmt.rs`, and
//! `dump.rs` (a compact textual AST print for tests and debugging).

mod asm;
mod class;
mod cursor;
mod cxx_forms;
mod decl;
mod declarator;
pub mod dump;
mod expr;
mod expr_cxx;
mod fold;
mod gnu;
mod host_launch;
mod lambda;
mod lazy_body;
pub mod literal;
mod namespace;
mod object_class;
mod qualname;
mod record;
mod scope;
mod specs;
mod stmt;
mod template;
mod toplevel;

use crate::ast::{TranslationUnit, Unroll};
use crate::diag::{Diag, Diagnostics};
use crate::intern::{kw, Interner, Symbol};
use crate::lex::token::{Punct, Token, TokenKind, PRAGMA_UNROLL_IDENT};
use crate::source::{FileId, SourceMap, Span};
use bumpalo::Bump;
use hashbrown::HashSet;

pub use dump::dump_translation_unit;
pub(crate) use lazy_body::parse_lazy_body;
pub use lazy_body::{lazy_body_counts, LazyBodies};

/// Deepest recursion of the parser's entry points (parentheses, unary operators, blocks,
/// declarators, initializer lists). Beyond it: "nesting too deep" and the parse stops.
/// 256 levels keep the parser well inside a 2 MiB thread stack.
pub const MAX_NESTING: u32 = 256;

/// Deepest expression tree the parser builds, counting left-nested chains such as
/// `a + b + c + …` and `a[0][1]…` too, so that later recursive stages (sema, irgen) stay
/// within their stacks as well.
pub const MAX_TREE_DEPTH: u32 = 1024;

/// Parses a whole translation unit. `tokens` come from the preprocessor and end with `Eof`
/// (one is added if missing). Errors go to `diags`; the returned tree holds what could be
/// parsed.
pub fn parse_translation_unit<'a>(
    tokens: &[Token],
    arena: &'a Bump,
    interner: &mut Interner,
    sources: &SourceMap,
    diags: &mut Diagnostics,
) -> TranslationUnit<'a> {
    parse_translation_unit_with(tokens, arena, interner, sources, diags, false, false)
}

/// [`parse_translation_unit`], with `-default-device`: the bodies of functions without an
/// execution-space specifier are device code, so they are parsed rather than skipped. With
/// `defer_header_bodies`, the built-in headers' device helpers keep their bodies as tokens,
/// parsed when the lowering needs them (`lazy_body.rs`).
pub fn parse_translation_unit_with<'a>(
    tokens: &[Token],
    arena: &'a Bump,
    interner: &mut Interner,
    sources: &SourceMap,
    diags: &mut Diagnostics,
    default_device: bool,
    defer_header_bodies: bool,
) -> TranslationUnit<'a> {
    let (toks, after_bad_token) = lexical_errors_removed(tokens, interner, diags);
    let interner = lazy_body::Interning::Mut(interner);
    let mut p = Parser::new(toks, arena, interner, sources, diags);
    p.after_bad_token = after_bad_token;
    p.default_device = default_device;
    if defer_header_bodies {
        p.lazy = Some(LazyBodies::default());
    }
    let decls = p.translation_unit();
    p.rescan_deferred_host_bodies();
    if let Some(d) = p.fatal.take() {
        p.diags.push(d);
    }
    let lambdas = std::mem::take(&mut p.lambdas);
    let host_launches = std::mem::take(&mut p.host_launches);
    let dropped = std::mem::take(&mut p.dropped);
    let mut lazy = p.lazy.take().unwrap_or_default();
    if !lazy.is_empty() {
        lazy.set_tokens(std::mem::take(&mut p.toks), default_device);
    }
    TranslationUnit {
        lazy,
        dropped,
        decls: arena.alloc_slice_fill_iter(decls),
        lambdas: arena.alloc_slice_fill_iter(lambdas),
        host_launches: arena.alloc_slice_fill_iter(host_launches),
    }
}

/// Reports the tokens the lexer marked bad (unknown characters, unterminated literals and
/// comments) and stray `#`/`##`, and returns the token list without them (and without
/// GCC's `__extension__` markers), ending in `Eof`, plus the positions of the tokens that followed a removed one (errors there are not
/// reported: they would only repeat the first).
fn lexical_errors_removed(
    tokens: &[Token],
    interner: &Interner,
    diags: &mut Diagnostics,
) -> (Vec<Token>, HashSet<(FileId, u32)>) {
    let mut out = Vec::with_capacity(tokens.len() + 1);
    let mut after_bad = HashSet::new();
    let mut removed_last = false;
    let aliases = gnu_aliases(interner);
    for t in tokens {
        if removed_last {
            after_bad.insert((t.span.file, t.span.start));
        }
        removed_last = true;
        match t.kind {
            TokenKind::Unknown(sym) => {
                diags.error(t.span, unknown_token_message(interner.resolve(sym)));
            }
            TokenKind::Punct(Punct::Hash) | TokenKind::Punct(Punct::HashHash) => {
                diags.error(t.span, "stray `#` in program");
            }
            TokenKind::Eof => {
                out.push(*t);
                break;
            }
            // `__extension__ typedef long long T;` (glibc, Boost): GCC's marker that only
            // silences pedantic warnings, allowed before declarations and expressions.
            TokenKind::Ident(kw::EXTENSION) => removed_last = false,
            TokenKind::Ident(sym) if !sym.is_keyword() && aliases.iter().any(|a| a.0 == sym) => {
                removed_last = false;
                let to = aliases.iter().find(|a| a.0 == sym).map_or(sym, |a| a.1);
                out.push(Token {
                    kind: TokenKind::Ident(to),
                    ..*t
                });
            }
            _ => {
                removed_last = false;
                out.push(*t)
            }
        }
    }
    if out.last().map(|t| t.kind) != Some(TokenKind::Eof) {
        let span = out.last().map(|t| t.span).unwrap_or_default();
        let end = Span::new(span.file, span.end, span.end);
        out.push(Token::new(TokenKind::Eof, end));
    }
    (out, after_bad)
}

/// GCC's alternate spellings of standard keywords, which glibc and libstdc++ write
/// (`__inline`, `__signed__`, `__alignof__`, `__typeof__`, `__thread`, `__attribute`), as the keyword they
/// spell; and
/// `__null`, the `NULL` of GCC's `<stddef.h>`, as `nullptr` (it converts to any pointer;
/// host code, where it also meets integers, is not compiled). Only the spellings this
/// compile's text holds are looked up (`Interner::get`), so the table costs nothing
/// otherwise.
fn gnu_aliases(interner: &Interner) -> Vec<(Symbol, Symbol)> {
    const ALIASES: &[(&str, Symbol)] = &[
        ("__inline", kw::INLINE),
        ("__const", kw::CONST),
        ("__const__", kw::CONST),
        ("__signed", kw::SIGNED),
        ("__signed__", kw::SIGNED),
        ("__volatile", kw::VOLATILE),
        ("__alignof", specs::KW_ALIGNOF),
        ("__alignof__", specs::KW_ALIGNOF),
        ("__typeof", specs::KW_DECLTYPE),
        ("__typeof__", specs::KW_DECLTYPE),
        ("__decltype", specs::KW_DECLTYPE),
        ("__null", kw::NULLPTR),
        ("__thread", kw::sym("thread_local")),
        ("__asm", specs::KW_ASM_GNU),
        // libstdc++'s `_GLIBCXX_ABI_TAG_CXX11`: `__attribute ((__abi_tag__ ("cxx11")))`.
        ("__attribute", kw::ATTRIBUTE),
    ];
    ALIASES
        .iter()
        .filter_map(|&(from, to)| Some((interner.get(from)?, to)))
        .collect()
}

/// The message for a token the lexer could not make sense of, from its text.
pub fn unknown_token_message(text: &str) -> String {
    let unprefixed = text.trim_start_matches(['L', 'u', 'U', '8', 'R']);
    if text.starts_with("/*") {
        "unterminated comment".to_string()
    } else if unprefixed.starts_with('"') {
        "unterminated string literal".to_string()
    } else if unprefixed.starts_with('\'') {
        "unterminated character literal".to_string()
    } else {
        let shown: String = text.chars().flat_map(|c| c.escape_debug()).collect();
        format!("unknown token `{shown}`")
    }
}

/// An error was already reported; the caller recovers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failed;

pub(crate) type PResult<T> = Result<T, Failed>;

/// Where a declaration appears (what it may contain).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum DeclContext {
    File,
    Block,
    /// A class body.
    Member,
}

/// The parser state: the token cursor, the arena, the type-name scopes and error state.
pub(crate) struct Parser<'a, 'c> {
    toks: Vec<Token>,
    pos: usize,
    arena: &'a Bump,
    interner: lazy_body::Interning<'c>,
    #[allow(dead_code)]
    sources: &'c SourceMap,
    diags: &'c mut Diagnostics,
    scopes: scope::Scopes,
    /// Current recursion depth of guarded entry points.
    depth: u32,
    /// Extra expression-tree depth from left-nested chains being built.
    chain_depth: u32,
    /// Set once nesting is too deep: the parse stops and this is reported at the end.
    fatal: Option<Diag>,
    /// A `#pragma unroll` waiting for its loop.
    pending_unroll: Option<(Unroll<'a>, Span)>,
    /// Inside `extern "C" { … }`.
    extern_c: bool,
    /// A C++ construct this parser does not handle was met (used to classify host code).
    saw_cxx: bool,
    /// Positions of tokens that followed a removed bad token.
    after_bad_token: HashSet<(FileId, u32)>,
    /// `-default-device`: unannotated function bodies are parsed as device code.
    default_device: bool,
    /// Class names declared by skipped host C++ (`Decl::Unsupported`): what and where.
    unsupported_types: hashbrown::HashMap<crate::intern::Symbol, (&'static str, Span)>,
    /// "expected `}`" at the end of input was reported.
    eof_reported: bool,
    pragma_unroll: crate::intern::Symbol,
    /// `const`/`volatile` after the last parameter list parsed (member functions).
    method_quals: crate::ast::Quals,
    /// `&` (`Some(false)`) or `&&` (`Some(true)`) after the last parameter list parsed.
    method_ref: Option<bool>,
    /// `override` after the last parameter list read.
    method_override: bool,
    /// `final` after the last parameter list read.
    method_final: bool,
    /// Inside a class body: the class name, which names constructors when `(` follows.
    ctor_name: Option<crate::intern::Symbol>,
    /// Parsing the declaration of a template (its name is declared as a template).
    in_template: bool,
    /// Class templates whose body (or out-of-class member definition) is being parsed:
    /// there, the bare template name is the injected class name, a type.
    injected: Vec<crate::intern::Symbol>,
    /// Inside a template argument list: `>` closes it instead of being an operator.
    in_template_args: bool,
    /// Names of member function templates of any class: `obj.f<int>(x)` reads `f<` as a
    /// template-id (the parser does not know the object's class).
    member_templates: HashSet<crate::intern::Symbol>,
    /// Host function templates whose skipped bodies launch kernels or call such templates
    /// (`host_launch.rs`): a host body calling one is scanned too.
    launching_templates: HashSet<crate::intern::Symbol>,
    /// The class context of each variable declared with a class type (`object_class.rs`).
    var_class: hashbrown::HashMap<crate::intern::Symbol, scope::CtxId>,
    /// Kernel launches found in skipped host bodies (`host_launch.rs`).
    host_launches: Vec<crate::ast::HostLaunch<'a>>,
    /// File-scope host bodies skipped without a scan: they may call a host template whose
    /// launching definition comes later (`host_launch.rs`, `rescan_deferred_host_bodies`).
    deferred_host_bodies: Vec<host_launch::DeferredBody<'a>>,
    /// Every lambda parsed so far (`TranslationUnit::lambdas`).
    lambdas: Vec<&'a crate::ast::LambdaExpr<'a>>,
    /// Notes for the declarations skipped as host C++ (`TranslationUnit::dropped`).
    dropped: Vec<Diag>,
    /// The parameter being declared is a pack whose `...` follows its pointer and
    /// reference operators (`Ts&&... xs`): the declarator steps over it.
    pack_after_ptr_ops: bool,
    /// The built-in headers' bodies kept for a later parse (`lazy_body.rs`); `None`: every
    /// body is parsed in place.
    lazy: Option<LazyBodies>,
}

impl<'a, 'c> Parser<'a, 'c> {
    fn new(
        toks: Vec<Token>,
        arena: &'a Bump,
        mut interner: lazy_body::Interning<'c>,
        sources: &'c SourceMap,
        diags: &'c mut Diagnostics,
    ) -> Self {
        let pragma_unroll = interner.intern(PRAGMA_UNROLL_IDENT);
        Parser {
            toks,
            pos: 0,
            arena,
            interner,
            sources,
            diags,
            scopes: scope::Scopes::new(),
            depth: 0,
            chain_depth: 0,
            fatal: None,
            pending_unroll: None,
            extern_c: false,
            saw_cxx: false,
            after_bad_token: HashSet::new(),
            default_device: false,
            unsupported_types: hashbrown::HashMap::new(),
            eof_reported: false,
            pragma_unroll,
            method_quals: Default::default(),
            method_ref: None,
            method_override: false,
            method_final: false,
            ctor_name: None,
            in_template: false,
            injected: Vec::new(),
            in_template_args: false,
            member_templates: HashSet::new(),
            launching_templates: HashSet::new(),
            var_class: hashbrown::HashMap::new(),
            host_launches: Vec::new(),
            deferred_host_bodies: Vec::new(),
            lambdas: Vec::new(),
            dropped: Vec::new(),
            pack_after_ptr_ops: false,
            lazy: None,
        }
    }

    /// Allocates a value in the AST arena.
    fn alloc<T>(&self, v: T) -> &'a T {
        self.arena.alloc(v)
    }

    /// Allocates a slice in the AST arena.
    fn alloc_slice<T>(&self, v: Vec<T>) -> &'a [T] {
        self.arena.alloc_slice_fill_iter(v)
    }
}
