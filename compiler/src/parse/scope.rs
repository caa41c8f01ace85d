//! The parser's table of which names are types, by scope and by declaration context.
//!
//! C++ decides `T * p;` (declaration) versus `a * b;` (expression) by whether `T` names a
//! type, so the parser tracks typedef names and tag names (`struct S {}; S x;` is valid C++)
//! and the variables, functions and enumerators that hide them in inner scopes. Only this
//! one bit of name lookup happens here; sema does the real lookup.
//!
//! Namespaces and classes are *contexts*: each has its own table so that `N::T` and `S::T`
//! can be looked up after the body is closed. While a namespace or class body is open, its
//! table is also the innermost scope of the stack (declarations go to both), and reopening
//! `namespace N {` starts the scope from N's table. Heuristics where C++ needs full semantic
//! lookup: a class's context is found by its enclosing context and name
//! (`class_ctxs_in`), falling back to the last class of that name (`class_ctxs`: for typedef
//! and using-declared names), and `using namespace N` copies N's names as they are at that
//! point into the current scope.

use crate::ast::TagKind;
use crate::intern::Symbol;
use hashbrown::HashMap;

/// A namespace or class context of the parser's table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CtxId(pub u32);

/// What an ordinary name denotes, as far as parsing cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum NameKind {
    Typedef,
    /// A struct/union/class/enum tag usable without its keyword (C++).
    Tag(TagKind),
    /// A variable, function, parameter or enumerator: hides an outer type name.
    Value,
    /// A namespace.
    Namespace(CtxId),
    /// A template name: `name<` starts a template-id. `class` for class templates (whose
    /// template-ids are types).
    Template {
        class: bool,
    },
}

/// A stack of scopes, innermost last.
pub(crate) struct Scopes {
    stack: Vec<HashMap<Symbol, NameKind>>,
    /// Depths (stack lengths) of the scopes that are parameter lists.
    prototypes: Vec<usize>,
    /// Name tables of namespaces and classes.
    contexts: Vec<HashMap<Symbol, NameKind>>,
    /// Open context bodies: the context and the stack depth of its scope.
    open: Vec<(CtxId, usize)>,
    /// The context of each class by its enclosing context (`None`: the global scope) and
    /// name; and by name alone, the last one (see the module doc).
    class_ctxs_in: HashMap<(Option<CtxId>, Symbol), CtxId>,
    class_ctxs: HashMap<Symbol, CtxId>,
    /// Namespaces first declared `inline`: a later plain `namespace N {` reopens an inline
    /// namespace (libstdc++ declares `inline namespace __cxx11` once, in `c++config.h`).
    inline_ctxs: Vec<CtxId>,
}

impl Scopes {
    pub fn new() -> Self {
        Scopes {
            stack: vec![HashMap::new()],
            prototypes: Vec::new(),
            contexts: Vec::new(),
            open: Vec::new(),
            class_ctxs_in: HashMap::new(),
            class_ctxs: HashMap::new(),
            inline_ctxs: Vec::new(),
        }
    }

    pub fn push(&mut self) {
        self.stack.push(HashMap::new());
    }

    /// Pushes the scope of a parameter list.
    pub fn push_prototype(&mut self) {
        self.push();
        self.prototypes.push(self.stack.len());
    }

    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// Pops scopes until `depth` remain (restores the stack after a failed sub-parse).
    pub fn truncate(&mut self, depth: usize) {
        self.stack.truncate(depth.max(1));
        let len = self.stack.len();
        self.prototypes.retain(|&d| d <= len);
        self.open.retain(|&(_, d)| d <= len);
    }

    pub fn lookup(&self, name: Symbol) -> Option<NameKind> {
        self.stack.iter().rev().find_map(|s| s.get(&name).copied())
    }

    /// True when `name` currently denotes a type.
    pub fn is_type(&self, name: Symbol) -> bool {
        matches!(
            self.lookup(name),
            Some(NameKind::Typedef | NameKind::Tag(_))
        )
    }

    /// Declares a typedef or a value in the innermost scope.
    pub fn declare(&mut self, name: Symbol, kind: NameKind) {
        // A function declared beside a function template of its name overloads it: the
        // name stays a template name (`f<4>(x)` is still a template-id).
        fn put(table: &mut HashMap<Symbol, NameKind>, name: Symbol, kind: NameKind) {
            let overloads_template = kind == NameKind::Value
                && table.get(&name) == Some(&NameKind::Template { class: false });
            if !overloads_template {
                table.insert(name, kind);
            }
        }
        if let Some(s) = self.stack.last_mut() {
            put(s, name, kind);
        }
        if let Some(c) = self.innermost_open_context() {
            put(&mut self.contexts[c.0 as usize], name, kind);
        }
    }

    /// Declares `name` in the scope that is innermost when the stack is `depth` long (an
    /// enclosing scope: a class template's name, declared before its body is parsed).
    pub fn declare_at(&mut self, depth: usize, name: Symbol, kind: NameKind) {
        let len = depth.max(1);
        if let Some(s) = self.stack.get_mut(len - 1) {
            s.insert(name, kind);
        }
        // The context open at that scope (the namespace around `template <…> struct S`),
        // not the innermost one, which the template parameter scope above it hides: so
        // `const ns::S<T> &` in S's own body finds S (libstdc++'s `random.h`).
        if let Some(&(c, _)) = self.open.iter().rev().find(|&&(_, d)| d == len) {
            self.contexts[c.0 as usize].insert(name, kind);
        }
    }

    /// Declares a tag; a variable or typedef of the same name in the same scope keeps
    /// precedence for ordinary lookup (C++ `struct stat` + function `stat`).
    pub fn declare_tag(&mut self, name: Symbol, kind: TagKind) {
        if let Some(s) = self.stack.last_mut() {
            s.entry(name).or_insert(NameKind::Tag(kind));
        }
        if let Some(c) = self.innermost_open_context() {
            self.contexts[c.0 as usize]
                .entry(name)
                .or_insert(NameKind::Tag(kind));
        }
    }

    /// Declares a tag first named by a reference (`struct S *p`): C++ puts it in the
    /// nearest scope that is not a parameter list, so `void f(struct S *); S *q;` works.
    pub fn declare_elaborated_tag(&mut self, name: Symbol, kind: TagKind) {
        let mut i = self.stack.len();
        while i > 1 && self.prototypes.contains(&i) {
            i -= 1;
        }
        if let Some(s) = self.stack.get_mut(i - 1) {
            s.entry(name).or_insert(NameKind::Tag(kind));
        }
        // A namespace's (or class's) own scope: the name is its member too, so that
        // `namespace n { class E; } using n::E;` finds it (libstdc++'s `exception_ptr`).
        if let Some(&(c, d)) = self.open.last() {
            if d == i {
                self.contexts[c.0 as usize]
                    .entry(name)
                    .or_insert(NameKind::Tag(kind));
            }
        }
    }

    /// The context whose body is the innermost scope, if it is one.
    fn innermost_open_context(&self) -> Option<CtxId> {
        match self.open.last() {
            Some(&(c, d)) if d == self.stack.len() => Some(c),
            _ => None,
        }
    }

    /// Opens the body of namespace `name` (`None`: anonymous) declared in the innermost
    /// scope, reusing the context of an earlier `namespace name {`. Returns the depth to
    /// pass to `close_context`.
    pub fn open_namespace(&mut self, name: Option<Symbol>) -> usize {
        let existing = name.and_then(|n| match self.stack.last().and_then(|s| s.get(&n)) {
            Some(&NameKind::Namespace(c)) => Some(c),
            _ => None,
        });
        let ctx = existing.unwrap_or_else(|| self.new_context());
        if let Some(n) = name {
            self.declare(n, NameKind::Namespace(ctx));
        }
        self.open_context(ctx)
    }

    /// Whether `name`, in the innermost scope, is a namespace declared `inline`.
    pub fn is_inline_namespace(&self, name: Symbol) -> bool {
        match self.stack.last().and_then(|s| s.get(&name)) {
            Some(NameKind::Namespace(c)) => self.inline_ctxs.contains(c),
            _ => false,
        }
    }

    /// Records that the namespace body opened last is an inline namespace's.
    pub fn mark_inline_namespace(&mut self) {
        if let Some(&(c, _)) = self.open.last() {
            if !self.inline_ctxs.contains(&c) {
                self.inline_ctxs.push(c);
            }
        }
    }

    /// Opens the body of class `name` (a new context each time a body is parsed).
    pub fn open_class(&mut self, name: Option<Symbol>) -> usize {
        let ctx = self.new_context();
        if let Some(n) = name {
            let parent = self.open.last().map(|&(c, _)| c);
            self.class_ctxs_in.insert((parent, n), ctx);
            self.class_ctxs.insert(n, ctx);
        }
        self.open_context(ctx)
    }

    fn new_context(&mut self) -> CtxId {
        self.contexts.push(HashMap::new());
        CtxId(self.contexts.len() as u32 - 1)
    }

    fn open_context(&mut self, ctx: CtxId) -> usize {
        let depth = self.stack.len();
        self.stack.push(self.contexts[ctx.0 as usize].clone());
        self.open.push((ctx, self.stack.len()));
        depth
    }

    /// Closes a context body opened at `depth`. With `export` (anonymous and inline
    /// namespaces) its names become visible in the enclosing scope too.
    pub fn close_context(&mut self, depth: usize, export: bool) {
        let ctx = match self.open.last() {
            Some(&(c, d)) if d == depth + 1 => Some(c),
            _ => None,
        };
        self.truncate(depth);
        if let (Some(c), true) = (ctx, export) {
            let names: Vec<(Symbol, NameKind)> = self.contexts[c.0 as usize]
                .iter()
                .map(|(&n, &k)| (n, k))
                .collect();
            let outer = self.innermost_open_context();
            for (n, k) in names {
                if let Some(s) = self.stack.last_mut() {
                    s.entry(n).or_insert(k);
                }
                if let Some(o) = outer {
                    self.contexts[o.0 as usize].entry(n).or_insert(k);
                }
            }
        }
    }

    /// Pushes a scope holding a context's names (the body of an out-of-class member
    /// definition sees its class's members).
    pub fn push_context_view(&mut self, ctx: CtxId) {
        self.stack.push(self.contexts[ctx.0 as usize].clone());
    }

    /// `using namespace N;`: N's names become visible in the innermost scope.
    pub fn using_directive(&mut self, ns: CtxId) {
        let names: Vec<(Symbol, NameKind)> = self.contexts[ns.0 as usize]
            .iter()
            .map(|(&n, &k)| (n, k))
            .collect();
        // At namespace scope the names are also found by qualified lookup into that
        // namespace (`namespace cg { namespace v1 { struct S; } using namespace v1; }`
        // makes `cg::S` a type).
        let ctx = self.innermost_open_context();
        for (n, k) in names {
            if let Some(s) = self.stack.last_mut() {
                s.entry(n).or_insert(k);
            }
            if let Some(c) = ctx {
                self.contexts[c.0 as usize].entry(n).or_insert(k);
            }
        }
    }

    /// The context a name denotes as a qualifier (`N::`, `S::`), from `within` (a context)
    /// or, with `None`, from the scope stack (or the outermost scope with `global`).
    pub fn qualifier_context(
        &self,
        within: Option<CtxId>,
        global: bool,
        name: Symbol,
    ) -> Option<CtxId> {
        let kind = self.lookup_qualified(within, global, name)?;
        match kind {
            NameKind::Namespace(c) => Some(c),
            NameKind::Tag(_) | NameKind::Typedef => self.class_context(within, global, name),
            // A class template's members are only known per instance.
            NameKind::Value | NameKind::Template { .. } => None,
        }
    }

    /// The context of the class (or class template, whose body's names are those of every
    /// instance as far as parsing cares) that names an object's type.
    pub fn object_class_context(
        &self,
        within: Option<CtxId>,
        global: bool,
        name: Symbol,
    ) -> Option<CtxId> {
        match self.lookup_qualified(within, global, name)? {
            NameKind::Tag(_) | NameKind::Typedef | NameKind::Template { class: true } => {
                self.class_context(within, global, name)
            }
            _ => None,
        }
    }

    /// The context of class `name` as seen from `within` (or the open contexts, innermost
    /// first, or the global scope): the class declared there, else the last class of that
    /// name (a typedef's or using-declaration's class, a heuristic).
    fn class_context(&self, within: Option<CtxId>, global: bool, name: Symbol) -> Option<CtxId> {
        let exact = match within {
            Some(c) => self.class_ctxs_in.get(&(Some(c), name)).copied(),
            None if global => self.class_ctxs_in.get(&(None, name)).copied(),
            None => self
                .open
                .iter()
                .rev()
                .find_map(|&(c, _)| self.class_ctxs_in.get(&(Some(c), name)).copied())
                .or_else(|| self.class_ctxs_in.get(&(None, name)).copied()),
        };
        exact.or_else(|| self.class_ctxs.get(&name).copied())
    }

    /// What `name` denotes in context `within` (or the stack, or the outermost scope).
    pub fn lookup_qualified(
        &self,
        within: Option<CtxId>,
        global: bool,
        name: Symbol,
    ) -> Option<NameKind> {
        match within {
            Some(c) => self.contexts[c.0 as usize].get(&name).copied(),
            None if global => self.stack[0].get(&name).copied(),
            None => self.lookup(name),
        }
    }
}
