//! The preprocessor: lexed files in, one token stream out (directives done, macros
//! expanded, includes inlined, ending with `Eof`).
//!
//! Entry point: [`preprocess`]`(main, &mut PpContext) -> PpOutput`. The context lends the
//! source map, interner, diagnostics sink, compile options (`-I`, `-D`, `-U`, in-memory
//! headers, the SM for `__CUDA_ARCH__`) and a [`FileLoader`] (the file system, or a map for
//! tests and library users). See `docs/frontend-preprocessor.md` for the design.
//!
//! How it works: input is a stack of token sources — lexed files and macro-expansion
//! buffers. Reading takes the next token from the top source (directives are handled as
//! they are met in file sources); a macro expansion pushes its result as a new buffer, so
//! rescanning together with the rest of the input needs no copying of that rest.
//! Recursion ends the way gcc (which nvcc runs) ends it: a macro is disabled while its
//! expansion buffer is on the stack, and a name read while its macro is disabled is
//! painted "never expand" for good. This is the C standard's rule; it differs from
//! Prosser's hide-set algorithm on deferred-expansion idioms (`EXPAND(REPEAT(1))`), where
//! we follow gcc. Tokens coming out of an expansion carry the span of the outermost macro
//! use in the file and an index into [`PpOutput::expansions`], from which
//! [`PpOutput::expansion_notes`] builds the "in expansion of macro `M`" notes.
//!
//! Module map: `directive.rs` (directives and conditionals), `expand.rs` (reading and macro
//! expansion), `subst.rs` (argument substitution, `#`, `##`, `__VA_OPT__`), `macros.rs`
//! (macro definitions), `cond.rs` (`#if` lines: `defined`, `__has_include`), `expr.rs`
//! (`#if` arithmetic), `include.rs` (header search and
//! loading), `predefined.rs` (predefined macros), `gcc_macros.rs` (gcc's predefined
//! macros, defined lazily), `feature_tests.rs` (`__has_attribute` and friends),
//! `output.rs` (the `-E` text), `builtin_headers.rs` (the headers that ship inside oxicc),
//! `prelude.rs` and `prelude_file.rs` (the state after the implicit `cuda_runtime.h`,
//! restored instead of recomputed).

mod builtin_headers;
mod cond;
mod directive;
mod expand;
mod expr;
mod feature_tests;
mod gcc_macros;
mod header_cache;
mod host_dirs;
mod include;
mod macros;
mod output;
mod predefined;
mod prelude;
mod prelude_file;
mod subst;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use hashbrown::{HashMap, HashSet};

use crate::api::Options;
use crate::diag::{Diag, Diagnostics};
use crate::intern::{Interner, Symbol};
use crate::lex::Token;
use crate::source::{FileId, SourceMap, Span};

pub use builtin_headers::{builtin_header, BUILTIN_HEADER_NAMES};
pub use header_cache::use_header_cache;
pub use include::search_list;
use macros::Macro;
pub use output::preprocessed_text;
pub use prelude::{
    clear_prelude_snapshots, prelude_restores, prelude_snapshot_file, prelude_snapshots,
};
pub use prelude_file::{embedded_prelude_is_current, EMBEDDED_ARCHS};

/// Headers nvcc includes before every `.cu` file (`nvcc -include cuda_runtime.h`). A driver
/// that wants nvcc's behaviour (e.g. `threadIdx` and `printf` declared without includes)
/// puts these into [`PpContext::force_includes`].
pub const NVCC_FORCE_INCLUDES: &[&str] = &["cuda_runtime.h"];

/// `#include` nesting deeper than this is an error (the value gcc uses).
pub const MAX_INCLUDE_DEPTH: usize = 200;

/// Reads include files. `load` returns `None` when the file does not exist or cannot be
/// read (including when `path` is a directory).
pub trait FileLoader {
    fn load(&self, path: &Path) -> Option<String>;
}

/// Loads from the file system; bytes that are not UTF-8 are replaced (lossy conversion).
#[derive(Debug, Default, Clone, Copy)]
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn load(&self, path: &Path) -> Option<String> {
        if !path.is_file() {
            return None;
        }
        let bytes = std::fs::read(path).ok()?;
        Some(match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        })
    }
}

/// Loads from a map of paths to contents (tests, sandboxed library use).
#[derive(Debug, Default, Clone)]
pub struct MemLoader {
    pub files: HashMap<PathBuf, String>,
}

impl MemLoader {
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a file; returns `self` for chaining.
    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl FileLoader for MemLoader {
    fn load(&self, path: &Path) -> Option<String> {
        self.files.get(path).cloned()
    }
}

/// Everything the preprocessor borrows from the compile.
pub struct PpContext<'a> {
    pub sources: &'a mut SourceMap,
    pub interner: &'a mut Interner,
    pub diags: &'a mut Diagnostics,
    /// `-I` dirs, in-memory headers, `-D`/`-U` and the SM (`__CUDA_ARCH__` = `sm * 10`).
    pub options: &'a Options,
    pub loader: &'a dyn FileLoader,
    /// Headers included before the main file, as by `-include` (searched like
    /// `#include "…"` from the main file). Empty by default; see [`NVCC_FORCE_INCLUDES`].
    pub force_includes: Vec<String>,
    /// Past this many tokens read or produced, preprocessing stops with an error (so an
    /// exponential macro or include bomb ends with a diagnostic). Default [`WORK_LIMIT`].
    pub work_limit: u64,
}

impl<'a> PpContext<'a> {
    pub fn new(
        sources: &'a mut SourceMap,
        interner: &'a mut Interner,
        diags: &'a mut Diagnostics,
        options: &'a Options,
        loader: &'a dyn FileLoader,
    ) -> Self {
        PpContext {
            sources,
            interner,
            diags,
            options,
            loader,
            force_includes: Vec::new(),
            work_limit: WORK_LIMIT,
        }
    }
}

/// One macro expansion, for diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The macro's name.
    pub name: Symbol,
    /// The macro's name in its `#define` (in the `<built-in>` file for predefined macros;
    /// `Span::default()` for dynamic ones such as `__LINE__`).
    pub def_span: Span,
    /// The span of the expanded token: the outermost macro use in a file.
    pub use_span: Span,
    /// The expansion the macro name itself came from, or `Token::NO_EXPANSION`.
    pub parent: u32,
}

/// The result of preprocessing.
#[derive(Debug, Default)]
pub struct PpOutput {
    /// The token stream for the parser, ending with exactly one `Eof`.
    pub tokens: Vec<Token>,
    /// Indexed by `Token::expansion`.
    pub expansions: Vec<Expansion>,
}

impl PpOutput {
    /// The notes "in expansion of macro `M`" for a token's `expansion` index, innermost
    /// first, each pointing at the macro's definition. Empty for `Token::NO_EXPANSION`.
    pub fn expansion_notes(&self, expansion: u32, interner: &Interner) -> Vec<(Span, String)> {
        expansion_notes(&self.expansions, expansion, interner)
    }

    /// Adds the expansion notes of `expansion` to a diagnostic.
    pub fn with_expansion_notes(
        &self,
        mut diag: Diag,
        expansion: u32,
        interner: &Interner,
    ) -> Diag {
        diag.notes.extend(self.expansion_notes(expansion, interner));
        diag
    }
}

fn expansion_notes(
    expansions: &[Expansion],
    mut e: u32,
    interner: &Interner,
) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    // The chain is finite (parents are created first), but stay bounded anyway.
    while let Some(x) = expansions.get(e as usize) {
        if out.len() > 64 {
            break;
        }
        let span = if x.def_span == Span::default() {
            x.use_span
        } else {
            x.def_span
        };
        out.push((
            span,
            format!("in expansion of macro '{}'", interner.resolve(x.name)),
        ));
        if x.parent >= e {
            break;
        }
        e = x.parent;
    }
    out
}

/// Preprocesses `main` (already in `ctx.sources`). Diagnostics go to `ctx.diags`; the
/// output is usable even after errors (the driver decides whether to go on).
pub fn preprocess(main: FileId, ctx: &mut PpContext<'_>) -> PpOutput {
    let header_cache = header_cache::adopt_template(ctx.interner);
    let mut pp = Preprocessor::new(ctx, main);
    pp.header_cache = header_cache;
    pp.run()
}

/// Preprocesses `main` in a compile whose first [`preprocess`] already ran with the same
/// interner: the built-in headers' cached tokens stay valid for it when that first run
/// adopted the template interner (`cached`; the device math library's units, which are
/// built-in headers, are then copied instead of lexed).
pub fn preprocess_library(main: FileId, ctx: &mut PpContext<'_>, cached: bool) -> PpOutput {
    let mut pp = Preprocessor::new(ctx, main);
    pp.header_cache = cached;
    pp.run()
}

/// Whether `interner` is a fresh one that [`preprocess`] will replace by the template.
pub fn will_adopt_template(interner: &Interner) -> bool {
    interner.len() == crate::intern::KEYWORDS.len() && header_cache::enabled()
}

/// A token inside the preprocessor: a token plus whether it may still be expanded.
#[derive(Copy, Clone, Debug)]
struct PpTok {
    tok: Token,
    /// Painted blue: met while its macro was disabled (or a `#pragma unroll` operand).
    no_expand: bool,
}

impl PpTok {
    fn new(tok: Token) -> PpTok {
        PpTok {
            tok,
            no_expand: false,
        }
    }
}

/// Where the multiple-include optimization stands for a file being read: a file whose
/// only content is `#ifndef X … #endif` need not be read again while `X` is defined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Guard {
    /// Nothing seen yet.
    Start,
    /// Inside `#ifndef name`, which is conditional number `depth` (1-based stack length).
    Inside(Symbol, usize),
    /// After the guard's `#endif`.
    After(Symbol),
    /// Not a guarded file.
    No,
}

/// A lexed file being read (the token list is shared by every inclusion of the file).
struct FileSrc {
    file: FileId,
    toks: Rc<Vec<Token>>,
    pos: usize,
    /// Conditional-stack length when the file was entered (conditionals may not span files).
    cond_base: usize,
    guard: Guard,
}

/// A token source on the input stack.
enum Src {
    File(FileSrc),
    /// A macro expansion (or other synthesized tokens) being rescanned; `expanding` is
    /// the macro that is disabled while this source is on the stack.
    Toks {
        toks: Vec<PpTok>,
        pos: usize,
        expanding: Option<Symbol>,
    },
}

/// State of one `#if` group.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum CondState {
    /// The current branch is being taken.
    Taking,
    /// No branch taken yet; a later `#elif`/`#else` may be.
    Seeking,
    /// A branch was taken (or the whole group is inside a skipped one): skip the rest.
    Done,
}

#[derive(Copy, Clone, Debug)]
struct Cond {
    /// The `#if`/`#ifdef`/`#ifndef` directive name.
    span: Span,
    state: CondState,
    seen_else: bool,
}

/// How a file was found (decides where its own `#include "…"` looks first).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Origin {
    Fs,
    Memory,
    Builtin,
    Predefined,
}

#[derive(Copy, Clone, Debug)]
struct FileInfo {
    origin: Origin,
    /// Position in the search chain where the file was found (for `#include_next`).
    search_pos: usize,
}

/// Symbols the preprocessor compares against, interned once.
struct Names {
    defined: Symbol,
    va_opt: Symbol,
    has_include: Symbol,
    has_include_next: Symbol,
    has_attribute: Symbol,
    has_cpp_attribute: Symbol,
    has_builtin: Symbol,
    has_feature: Symbol,
    has_extension: Symbol,
    pragma_unroll: Symbol,
    /// The spelling of the lexer's "unterminated comment" token.
    slash_star: Symbol,
    true_: Symbol,
    zero: Symbol,
    one: Symbol,
}

impl Names {
    fn new(i: &mut Interner) -> Names {
        Names {
            defined: i.intern("defined"),
            va_opt: i.intern("__VA_OPT__"),
            has_include: i.intern("__has_include"),
            has_include_next: i.intern("__has_include_next"),
            has_attribute: i.intern("__has_attribute"),
            has_cpp_attribute: i.intern("__has_cpp_attribute"),
            has_builtin: i.intern("__has_builtin"),
            has_feature: i.intern("__has_feature"),
            has_extension: i.intern("__has_extension"),
            pragma_unroll: i.intern(crate::lex::token::PRAGMA_UNROLL_IDENT),
            slash_star: i.intern("/*"),
            true_: i.intern("true"),
            zero: i.intern("0"),
            one: i.intern("1"),
        }
    }

    /// The feature-test operator `s` names (`__has_attribute` …), if any.
    fn feature_test(&self, s: Symbol) -> Option<macros::Builtin> {
        if s == self.has_attribute {
            Some(macros::Builtin::HasAttributeOp)
        } else if s == self.has_cpp_attribute {
            Some(macros::Builtin::HasCppAttributeOp)
        } else if s == self.has_builtin {
            Some(macros::Builtin::HasBuiltinOp)
        } else {
            None
        }
    }

    /// Names that `#if` handles itself, before macro expansion.
    fn is_if_operator(&self, s: Symbol) -> bool {
        s == self.defined
            || s == self.has_include
            || s == self.has_include_next
            || s == self.has_attribute
            || s == self.has_cpp_attribute
            || s == self.has_builtin
            || s == self.has_feature
            || s == self.has_extension
    }
}

/// The default [`PpContext::work_limit`]: generous for real code (large template
/// libraries preprocess to a few million tokens), small enough to bound memory.
pub const WORK_LIMIT: u64 = 40_000_000;
/// Macro arguments nested deeper than this are not expanded (error): argument
/// pre-expansion recurses.
const MAX_ARG_DEPTH: u32 = 256;

struct Preprocessor<'c, 'a> {
    ctx: &'c mut PpContext<'a>,
    main: FileId,
    names: Names,
    stack: Vec<Src>,
    /// Number of file sources on the stack.
    files_open: usize,
    /// Macros by symbol index.
    macros: Vec<Option<Rc<Macro>>>,
    /// Per symbol: gcc's predefined macro of that name was looked up (or the user defined
    /// or undefined the name first).
    gcc_checked: Vec<bool>,
    /// Per symbol: how many expansion buffers of that macro are on the stack (the macro
    /// is disabled while this is non-zero).
    disabled: Vec<u32>,
    conds: Vec<Cond>,
    expansions: Vec<Expansion>,
    /// Found files, by identity key (see `include.rs`).
    file_keys: HashMap<String, FileId>,
    file_info: HashMap<FileId, FileInfo>,
    lexed: HashMap<FileId, Rc<Vec<Token>>>,
    once: HashSet<FileId>,
    guards: HashMap<FileId, Symbol>,
    pushed_macros: HashMap<Symbol, Vec<Option<Rc<Macro>>>>,
    counter: u32,
    /// Spare token buffers, so expansions do not allocate in the steady state.
    pool: Vec<Vec<PpTok>>,
    work: u64,
    halted: bool,
    arg_depth: u32,
    /// Inside an `#if` expression: `defined` and `__has_*` are not expanded.
    in_if: bool,
    /// The interner started from the built-in headers' template: their tokens may be
    /// copied from the process-wide cache instead of lexed (`header_cache.rs`).
    header_cache: bool,
    /// Making a snapshot of the state after the prelude (`prelude.rs`).
    prelude: prelude::PreludeState,
    /// Look for a snapshot to restore (off: always preprocess the prelude, and make one).
    prelude_lookup: bool,
    /// The snapshot this run made.
    prelude_made: Option<std::sync::Arc<prelude::Snapshot>>,
}

impl<'c, 'a> Preprocessor<'c, 'a> {
    fn new(ctx: &'c mut PpContext<'a>, main: FileId) -> Self {
        let names = Names::new(ctx.interner);
        Preprocessor {
            ctx,
            main,
            names,
            stack: Vec::new(),
            files_open: 0,
            macros: Vec::new(),
            gcc_checked: Vec::new(),
            disabled: Vec::new(),
            conds: Vec::new(),
            expansions: Vec::new(),
            file_keys: HashMap::new(),
            file_info: HashMap::new(),
            lexed: HashMap::new(),
            once: HashSet::new(),
            guards: HashMap::new(),
            pushed_macros: HashMap::new(),
            counter: 0,
            pool: Vec::new(),
            work: 0,
            halted: false,
            arg_depth: 0,
            in_if: false,
            header_cache: false,
            prelude: prelude::PreludeState::Off,
            prelude_lookup: true,
            prelude_made: None,
        }
    }

    fn run(&mut self) -> PpOutput {
        let predefined = self.predefined_text();
        // The state after the prelude, when an earlier compile of this process made it.
        let restored = self.restore_prelude(&predefined);
        let main = self.main;
        self.file_info.insert(
            main,
            FileInfo {
                origin: Origin::Fs,
                search_pos: 0,
            },
        );
        let mut tokens = match restored {
            Some(tokens) => {
                self.push_file(main);
                tokens
            }
            None => {
                self.start_prelude(predefined);
                // The main file's size is a good first guess of the output's.
                Vec::with_capacity(self.ctx.sources.file(main).text.len() / 4)
            }
        };
        let mut last_span = Span::new(main, 0, 0);
        while let Some(t) = self.next_expanded() {
            if t.tok.kind == crate::lex::TokenKind::Eof {
                last_span = t.tok.span;
                if self.files_open == 0 {
                    break;
                }
                self.prelude_file_done(&tokens);
                continue;
            }
            tokens.push(t.tok);
        }
        let mut eof = Token::new(crate::lex::TokenKind::Eof, last_span);
        eof.line_start = true;
        tokens.push(eof);
        PpOutput {
            tokens,
            expansions: std::mem::take(&mut self.expansions),
        }
    }

    /// Pushes the main file, the forced includes and the `<built-in>` file of predefined
    /// macros (read first).
    fn start_prelude(&mut self, predefined: String) {
        self.define_builtins();
        let main = self.main;
        self.push_file(main);
        let forced = self.ctx.force_includes.clone();
        for name in forced.iter().rev() {
            // nvcc's implicit `cuda_runtime.h` is the compiler's own, whatever the `-I`
            // folders hold; `-include` names search as `#include "…"` does.
            let found = if NVCC_FORCE_INCLUDES.contains(&name.as_str()) {
                self.builtin_include(name)
            } else {
                self.resolve_include(name, false, main, None)
            };
            match found {
                Some(id) => self.push_file(id),
                None => {
                    let span = Span::new(main, 0, 0);
                    self.ctx
                        .diags
                        .error(span, format!("{name}: No such file or directory"));
                }
            }
        }
        let id = self.ctx.sources.add("<built-in>", predefined);
        self.file_info.insert(
            id,
            FileInfo {
                origin: Origin::Predefined,
                search_pos: 0,
            },
        );
        self.push_file(id);
    }

    /// Reports a diagnostic, adding expansion notes when `expansion` says the token came
    /// from a macro.
    fn report(&mut self, mut d: Diag, expansion: u32) {
        d.notes.extend(expansion_notes(
            &self.expansions,
            expansion,
            self.ctx.interner,
        ));
        self.ctx.diags.push(d);
    }

    fn error_at(&mut self, tok: &Token, msg: impl Into<String>) {
        self.report(Diag::error(tok.span, msg), tok.expansion);
    }

    fn warning_at(&mut self, tok: &Token, msg: impl Into<String>) {
        self.report(Diag::warning(tok.span, msg), tok.expansion);
    }

    fn take_buf(&mut self) -> Vec<PpTok> {
        self.pool.pop().unwrap_or_default()
    }

    fn recycle(&mut self, mut v: Vec<PpTok>) {
        if self.pool.len() < 64 && v.capacity() <= 4096 {
            v.clear();
            self.pool.push(v);
        }
    }

    /// The macro `name` names now, if it is defined (a gcc predefined macro is defined on
    /// first use, see `gcc_macros.rs`).
    fn macro_of(&mut self, name: Symbol) -> Option<Rc<Macro>> {
        match self.macros.get(name.0 as usize) {
            Some(Some(m)) => Some(m.clone()),
            _ => self.gcc_macro(name),
        }
    }

    /// True when `name` may still turn out to be a macro: defined, or a gcc predefined
    /// macro not looked up yet.
    fn may_be_macro(&self, name: Symbol) -> bool {
        let i = name.0 as usize;
        matches!(self.macros.get(i), Some(Some(_)))
            || !self.gcc_checked.get(i).copied().unwrap_or(false)
    }

    fn is_defined(&mut self, name: Symbol) -> bool {
        self.macro_of(name).is_some()
    }

    /// Defines gcc's predefined macro `name` the first time it is asked for (and never
    /// after the user defined or undefined the name).
    fn gcc_macro(&mut self, name: Symbol) -> Option<Rc<Macro>> {
        let i = name.0 as usize;
        if self.gcc_checked.get(i).copied().unwrap_or(false) {
            return None;
        }
        self.mark_gcc_checked(name);
        let text = self.ctx.interner.resolve(name);
        if !gcc_macros::may_be_gcc_macro(text) {
            return None;
        }
        let line = gcc_macros::gcc_macro_line(text)?;
        let toks = crate::lex::lex_str(line, self.ctx.interner);
        // `# define NAME …` then `Eof`.
        let rest = toks.get(2..toks.len().saturating_sub(1))?;
        let mut m = macros::parse_define(rest, Span::default(), self.ctx.interner).ok()?;
        // No location: notes fall back to the macro use.
        m.def_span = Span::default();
        let m = Rc::new(m);
        self.macros_set(name, Some(m.clone()));
        Some(m)
    }

    fn mark_gcc_checked(&mut self, name: Symbol) {
        let i = name.0 as usize;
        if i >= self.gcc_checked.len() {
            self.gcc_checked.resize(i + 1, false);
        }
        self.gcc_checked[i] = true;
    }

    /// Defines (`Some`) or undefines (`None`) `name`; either hides gcc's predefined macro
    /// of that name for good.
    fn set_macro(&mut self, name: Symbol, m: Option<Rc<Macro>>) {
        self.mark_gcc_checked(name);
        self.macros_set(name, m);
    }

    fn macros_set(&mut self, name: Symbol, m: Option<Rc<Macro>>) {
        let i = name.0 as usize;
        if i >= self.macros.len() {
            if m.is_none() {
                return;
            }
            self.macros.resize(i + 1, None);
        }
        self.macros[i] = m;
    }
}
