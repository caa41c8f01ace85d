//! Lexical scopes: a stack of name tables for ordinary identifiers and one for tags.
//!
//! C keeps struct/union/enum tags in a namespace separate from variables, functions,
//! typedefs and enumerators, so there are two stacks that are pushed and popped together.
//! The scope stack is generic over what a name is bound to, so the C++ front end can reuse
//! it with its own binding type (namespaces and classes will add lookup contexts on top).

use crate::intern::Symbol;
use hashbrown::HashMap;

/// A stack of scopes, innermost last; index 0 is file scope.
#[derive(Debug)]
pub struct Scopes<B, T> {
    ordinary: Vec<HashMap<Symbol, B>>,
    tags: Vec<HashMap<Symbol, T>>,
    /// A unique id per scope on the stack (`scope_id`, `is_live`), parallel to `ordinary`.
    ids: Vec<u64>,
    next_id: u64,
    /// The ids `take_blocks` took, restored by `restore_blocks`.
    taken_ids: Vec<Vec<u64>>,
}

impl<B: Clone, T: Clone> Default for Scopes<B, T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Clone, T: Clone> Scopes<B, T> {
    /// A scope stack holding only file scope.
    pub fn new() -> Self {
        Scopes {
            ordinary: vec![HashMap::new()],
            tags: vec![HashMap::new()],
            ids: vec![0],
            next_id: 1,
            taken_ids: Vec::new(),
        }
    }

    pub fn push(&mut self) {
        self.ordinary.push(HashMap::new());
        self.tags.push(HashMap::new());
        self.push_id();
    }

    fn push_id(&mut self) {
        self.ids.push(self.next_id);
        self.next_id += 1;
    }

    /// Pops the innermost scope (file scope is never popped).
    pub fn pop(&mut self) {
        if self.ordinary.len() > 1 {
            self.ordinary.pop();
            self.tags.pop();
            self.ids.pop();
        }
    }

    /// The id of the innermost scope: it stays live (`is_live`) until that scope is popped
    /// (a block-scope `using namespace` lasts as long as its block).
    pub fn scope_id(&self) -> u64 {
        self.ids.last().copied().unwrap_or(0)
    }

    /// True while the scope with id `id` is on the stack (not while `take_blocks` has
    /// taken it: another declaration is being lowered).
    pub fn is_live(&self, id: u64) -> bool {
        self.ids.contains(&id)
    }

    /// Takes every scope but file scope off the stack (lowering another declaration from
    /// inside a function body); `restore_blocks` puts them back.
    #[allow(clippy::type_complexity)]
    pub fn take_blocks(&mut self) -> (Vec<HashMap<Symbol, B>>, Vec<HashMap<Symbol, T>>) {
        let ids = self.ids.split_off(1);
        self.taken_ids.push(ids);
        (self.ordinary.split_off(1), self.tags.split_off(1))
    }

    /// Puts back the scopes `take_blocks` took (dropping any left above file scope).
    #[allow(clippy::type_complexity)]
    pub fn restore_blocks(&mut self, saved: (Vec<HashMap<Symbol, B>>, Vec<HashMap<Symbol, T>>)) {
        self.ordinary.truncate(1);
        self.tags.truncate(1);
        self.ids.truncate(1);
        let ids = self.taken_ids.pop().unwrap_or_default();
        self.ids.extend(ids);
        self.ordinary.extend(saved.0);
        self.tags.extend(saved.1);
    }

    /// Every binding of the block scopes (not file scope), outermost first.
    pub fn block_bindings(&self) -> impl Iterator<Item = (Symbol, &B)> {
        self.ordinary[1..]
            .iter()
            .flat_map(|m| m.iter().map(|(k, v)| (*k, v)))
    }

    /// Every tag of the block scopes (not file scope), outermost first.
    pub fn block_tags(&self) -> impl Iterator<Item = (Symbol, &T)> {
        self.tags[1..]
            .iter()
            .flat_map(|m| m.iter().map(|(k, v)| (*k, v)))
    }

    /// True at file scope.
    pub fn at_file_scope(&self) -> bool {
        self.ordinary.len() == 1
    }

    /// Binds `name` in the innermost scope; returns the previous binding in that scope.
    pub fn bind(&mut self, name: Symbol, b: B) -> Option<B> {
        self.ordinary
            .last_mut()
            .expect("scope stack is never empty")
            .insert(name, b)
    }

    /// The binding in the innermost scope only (redeclaration checks).
    pub fn lookup_local(&self, name: Symbol) -> Option<&B> {
        self.ordinary.last().and_then(|s| s.get(&name))
    }

    /// The innermost visible binding.
    pub fn lookup(&self, name: Symbol) -> Option<&B> {
        self.ordinary.iter().rev().find_map(|s| s.get(&name))
    }

    pub fn bind_tag(&mut self, name: Symbol, t: T) {
        self.tags
            .last_mut()
            .expect("scope stack is never empty")
            .insert(name, t);
    }

    pub fn lookup_tag(&self, name: Symbol) -> Option<&T> {
        self.tags.iter().rev().find_map(|s| s.get(&name))
    }

    pub fn lookup_tag_local(&self, name: Symbol) -> Option<&T> {
        self.tags.last().and_then(|s| s.get(&name))
    }

    /// Number of scopes on the stack (file scope included).
    pub fn depth(&self) -> usize {
        self.ordinary.len()
    }

    /// The binding of `name` in the scope at `level` (0: file scope) only.
    pub fn lookup_at(&self, level: usize, name: Symbol) -> Option<&B> {
        self.ordinary.get(level).and_then(|s| s.get(&name))
    }

    /// The tag `name` in the scope at `level` only.
    pub fn lookup_tag_at(&self, level: usize, name: Symbol) -> Option<&T> {
        self.tags.get(level).and_then(|s| s.get(&name))
    }

    /// The innermost tag `name` among the scopes at levels `lo..hi`.
    pub fn lookup_tag_in(&self, lo: usize, hi: usize, name: Symbol) -> Option<&T> {
        let hi = hi.min(self.tags.len());
        self.tags[lo.min(hi)..hi]
            .iter()
            .rev()
            .find_map(|s| s.get(&name))
    }

    /// The innermost binding of `name` among the scopes at levels `lo..hi`.
    pub fn lookup_in(&self, lo: usize, hi: usize, name: Symbol) -> Option<&B> {
        let hi = hi.min(self.ordinary.len());
        self.ordinary[lo.min(hi)..hi]
            .iter()
            .rev()
            .find_map(|s| s.get(&name))
    }

    /// Pushes a scope holding the given bindings (a reopened namespace's names).
    pub fn push_with(&mut self, ordinary: HashMap<Symbol, B>, tags: HashMap<Symbol, T>) {
        self.ordinary.push(ordinary);
        self.push_id();
        self.tags.push(tags);
    }

    /// Pops the innermost scope and returns its bindings (file scope is never popped).
    pub fn pop_take(&mut self) -> (HashMap<Symbol, B>, HashMap<Symbol, T>) {
        if self.ordinary.len() > 1 {
            self.ids.pop();
            let o = self.ordinary.pop().unwrap_or_default();
            let t = self.tags.pop().unwrap_or_default();
            return (o, t);
        }
        (HashMap::new(), HashMap::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_bindings_shadow_and_disappear() {
        let mut s: Scopes<u32, u32> = Scopes::new();
        let x = Symbol(1000);
        s.bind(x, 1);
        s.push();
        s.bind(x, 2);
        assert_eq!(s.lookup(x), Some(&2));
        s.pop();
        assert_eq!(s.lookup(x), Some(&1));
        assert!(s.at_file_scope());
    }
}
