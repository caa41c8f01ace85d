//! The parser's table of which names are types, by scope.
//!
//! C++ decides `T * p;` (declaration) versus `a * b;` (expression) by whether `T` names a
//! type, so the parser tracks typedef names and tag names (`struct S {}; S x;` is valid C++)
//! and the variables, functions and enumerators that hide them in inner scopes. Only this
//! one bit of name lookup happens here; sema does the real lookup.

use crate::ast::TagKind;
use crate::intern::Symbol;
use hashbrown::HashMap;

/// What an ordinary name denotes, as far as parsing cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum NameKind {
    Typedef,
    /// A struct/union/class/enum tag usable without its keyword (C++).
    Tag(TagKind),
    /// A variable, function, parameter or enumerator: hides an outer type name.
    Value,
}

/// A stack of scopes, innermost last.
pub(crate) struct Scopes {
    stack: Vec<HashMap<Symbol, NameKind>>,
    /// Depths (stack lengths) of the scopes that are parameter lists.
    prototypes: Vec<usize>,
}

impl Scopes {
    pub fn new() -> Self {
        Scopes {
            stack: vec![HashMap::new()],
            prototypes: Vec::new(),
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
        if let Some(s) = self.stack.last_mut() {
            s.insert(name, kind);
        }
    }

    /// Declares a tag; a variable or typedef of the same name in the same scope keeps
    /// precedence for ordinary lookup (C++ `struct stat` + function `stat`).
    pub fn declare_tag(&mut self, name: Symbol, kind: TagKind) {
        if let Some(s) = self.stack.last_mut() {
            s.entry(name).or_insert(NameKind::Tag(kind));
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
    }
}
