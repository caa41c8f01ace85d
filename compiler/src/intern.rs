//! String interning: identifiers and other token texts become `Symbol`s (a `u32`).
//!
//! Comparing, hashing and copying a symbol is as cheap as an integer. The interner is owned
//! by one compilation (no global state), so compiles on many threads do not contend.
//! Keywords are interned first, in the order of `KEYWORDS`, so `Symbol::is_keyword` and the
//! parser's keyword checks are integer comparisons.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

/// An interned string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// Keywords of CUDA C++ that the parser recognizes, interned at fixed indices.
pub const KEYWORDS: &[&str] = &[
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "true",
    "false",
    "nullptr",
    "class",
    "namespace",
    "template",
    "typename",
    "using",
    "operator",
    "this",
    "public",
    "private",
    "protected",
    "virtual",
    "friend",
    "new",
    "delete",
    "constexpr",
    "static_assert",
    "static_cast",
    "reinterpret_cast",
    "const_cast",
    "dynamic_cast",
    "decltype",
    "alignas",
    "alignof",
    "noexcept",
    "explicit",
    "mutable",
    "throw",
    "try",
    "catch",
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__managed__",
    "__forceinline__",
    "__noinline__",
    "__restrict__",
    "__restrict",
    "__launch_bounds__",
    "__align__",
    "__attribute__",
    "__inline__",
    "__volatile__",
    "__asm__",
    "__extension__",
    "asm",
    "__declspec",
    "__builtin_expect",
    "__grid_constant__",
    "_Bool",
    "__int128",
    "wchar_t",
    "char16_t",
    "char32_t",
    "__thread__",
    "thread_local",
    "typeid",
    "export",
    "concept",
    "requires",
];

/// The interner: symbol ↔ string. All strings live in one buffer (no allocation per
/// symbol), and cloning is a few copies: the preprocessor starts every compile from a
/// clone of an interner that already holds the built-in headers' symbols.
#[derive(Clone)]
pub struct Interner {
    /// Symbols, found by the hash of their text.
    table: HashTable<Symbol>,
    /// Where each symbol's text ends in `buf` (it starts where the previous one ends).
    ends: Vec<u32>,
    buf: String,
    hasher: DefaultHashBuilder,
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interner")
            .field("symbols", &self.ends.len())
            .finish()
    }
}

impl Default for Interner {
    fn default() -> Self {
        Self::new()
    }
}

/// The text of symbol `i` in `buf` (the storage `Interner` uses).
fn text_of<'a>(buf: &'a str, ends: &[u32], i: usize) -> &'a str {
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    &buf[start..ends[i] as usize]
}

impl Interner {
    /// A new interner with the keywords pre-interned.
    pub fn new() -> Self {
        let mut i = Interner {
            table: HashTable::with_capacity(1024),
            ends: Vec::with_capacity(1024),
            buf: String::with_capacity(16 * 1024),
            hasher: DefaultHashBuilder::default(),
        };
        for k in KEYWORDS {
            i.intern(k);
        }
        i
    }

    pub fn intern(&mut self, s: &str) -> Symbol {
        let hash = self.hasher.hash_one(s);
        let Interner {
            table,
            ends,
            buf,
            hasher,
        } = self;
        if let Some(&sym) = table.find(hash, |&sym| text_of(buf, ends, sym.0 as usize) == s) {
            return sym;
        }
        let sym = Symbol(ends.len() as u32);
        buf.push_str(s);
        ends.push(buf.len() as u32);
        table.insert_unique(hash, sym, |&sym| {
            hasher.hash_one(text_of(buf, ends, sym.0 as usize))
        });
        sym
    }

    /// Looks a string up without interning it.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        let hash = self.hasher.hash_one(s);
        self.table
            .find(hash, |&sym| self.resolve(sym) == s)
            .copied()
    }

    pub fn resolve(&self, sym: Symbol) -> &str {
        text_of(&self.buf, &self.ends, sym.0 as usize)
    }

    /// How many symbols are interned (keywords included).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Never true: the keywords are always there.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

impl Symbol {
    /// True when the symbol is one of `KEYWORDS`.
    pub fn is_keyword(self) -> bool {
        (self.0 as usize) < KEYWORDS.len()
    }
}

/// Keyword symbols by name: `kw::IF`, `kw::GLOBAL` (= `__global__`), …
#[allow(dead_code)]
pub mod kw {
    use super::{Symbol, KEYWORDS};

    /// The symbol of keyword `name`; panics at compile time if `name` is not a keyword.
    pub const fn sym(name: &str) -> Symbol {
        let mut i = 0;
        while i < KEYWORDS.len() {
            if const_eq(KEYWORDS[i], name) {
                return Symbol(i as u32);
            }
            i += 1;
        }
        panic!("not a keyword")
    }

    const fn const_eq(a: &str, b: &str) -> bool {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    pub const AUTO: Symbol = sym("auto");
    pub const BOOL: Symbol = sym("bool");
    pub const BREAK: Symbol = sym("break");
    pub const CASE: Symbol = sym("case");
    pub const CHAR: Symbol = sym("char");
    pub const CONST: Symbol = sym("const");
    pub const CONTINUE: Symbol = sym("continue");
    pub const DEFAULT: Symbol = sym("default");
    pub const DO: Symbol = sym("do");
    pub const DOUBLE: Symbol = sym("double");
    pub const ELSE: Symbol = sym("else");
    pub const ENUM: Symbol = sym("enum");
    pub const EXTERN: Symbol = sym("extern");
    pub const FLOAT: Symbol = sym("float");
    pub const FOR: Symbol = sym("for");
    pub const GOTO: Symbol = sym("goto");
    pub const IF: Symbol = sym("if");
    pub const INLINE: Symbol = sym("inline");
    pub const INT: Symbol = sym("int");
    pub const LONG: Symbol = sym("long");
    pub const REGISTER: Symbol = sym("register");
    pub const RESTRICT: Symbol = sym("restrict");
    pub const RETURN: Symbol = sym("return");
    pub const SHORT: Symbol = sym("short");
    pub const SIGNED: Symbol = sym("signed");
    pub const SIZEOF: Symbol = sym("sizeof");
    pub const STATIC: Symbol = sym("static");
    pub const STRUCT: Symbol = sym("struct");
    pub const SWITCH: Symbol = sym("switch");
    pub const TYPEDEF: Symbol = sym("typedef");
    pub const UNION: Symbol = sym("union");
    pub const UNSIGNED: Symbol = sym("unsigned");
    pub const VOID: Symbol = sym("void");
    pub const VOLATILE: Symbol = sym("volatile");
    pub const WHILE: Symbol = sym("while");
    pub const TRUE: Symbol = sym("true");
    pub const FALSE: Symbol = sym("false");
    pub const NULLPTR: Symbol = sym("nullptr");
    pub const CLASS: Symbol = sym("class");
    pub const NAMESPACE: Symbol = sym("namespace");
    pub const TEMPLATE: Symbol = sym("template");
    pub const TYPENAME: Symbol = sym("typename");
    pub const USING: Symbol = sym("using");
    pub const CONSTEXPR: Symbol = sym("constexpr");
    pub const STATIC_ASSERT: Symbol = sym("static_assert");
    pub const STATIC_CAST: Symbol = sym("static_cast");
    pub const REINTERPRET_CAST: Symbol = sym("reinterpret_cast");
    pub const CONST_CAST: Symbol = sym("const_cast");
    pub const GLOBAL: Symbol = sym("__global__");
    pub const DEVICE: Symbol = sym("__device__");
    pub const HOST: Symbol = sym("__host__");
    pub const SHARED: Symbol = sym("__shared__");
    pub const CONSTANT: Symbol = sym("__constant__");
    pub const MANAGED: Symbol = sym("__managed__");
    pub const FORCEINLINE: Symbol = sym("__forceinline__");
    pub const NOINLINE: Symbol = sym("__noinline__");
    pub const RESTRICT_CUDA: Symbol = sym("__restrict__");
    pub const RESTRICT_GNU: Symbol = sym("__restrict");
    pub const LAUNCH_BOUNDS: Symbol = sym("__launch_bounds__");
    pub const ALIGN: Symbol = sym("__align__");
    pub const ATTRIBUTE: Symbol = sym("__attribute__");
    pub const INLINE_GNU: Symbol = sym("__inline__");
    /// GCC's `__extension__` (only silences pedantic warnings): dropped before parsing.
    pub const EXTENSION: Symbol = sym("__extension__");
    pub const BOOL_C: Symbol = sym("_Bool");
    pub const INT128: Symbol = sym("__int128");
}
