//! Hide sets (Prosser's algorithm): the set of macro names a token may no longer expand.
//!
//! A token produced by expanding macro `M` carries `M` in its hide set, so rescanning never
//! expands `M` again through that token — this is what stops `#define foo foo` from
//! recursing, while still allowing `f(f(x))` to expand both calls. Sets are interned: a
//! `HideSet` is a `u32` index into a table of sorted symbol lists, and union, intersection
//! and insertion are memoized, so a token carries no heap data and the common operations
//! are one hash lookup. `HideSet::EMPTY` is the set of every file token; `HideSet::ALL`
//! marks tokens that must never expand (the operands of `#pragma unroll`).

use hashbrown::HashMap;

use crate::intern::Symbol;

/// An interned set of macro names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HideSet(u32);

impl HideSet {
    /// The empty set.
    pub const EMPTY: HideSet = HideSet(0);
    /// Every name: a token with this set never expands.
    pub const ALL: HideSet = HideSet(u32::MAX);
}

/// The table of interned hide sets.
#[derive(Debug)]
pub struct HideSets {
    sets: Vec<Box<[Symbol]>>,
    index: HashMap<Box<[Symbol]>, HideSet>,
    with_memo: HashMap<(HideSet, Symbol), HideSet>,
    union_memo: HashMap<(HideSet, HideSet), HideSet>,
    inter_memo: HashMap<(HideSet, HideSet), HideSet>,
}

impl Default for HideSets {
    fn default() -> Self {
        Self::new()
    }
}

impl HideSets {
    pub fn new() -> Self {
        let mut h = HideSets {
            sets: Vec::new(),
            index: HashMap::new(),
            with_memo: HashMap::new(),
            union_memo: HashMap::new(),
            inter_memo: HashMap::new(),
        };
        h.intern(Vec::new());
        h
    }

    fn intern(&mut self, v: Vec<Symbol>) -> HideSet {
        if let Some(&h) = self.index.get(v.as_slice()) {
            return h;
        }
        let h = HideSet(self.sets.len() as u32);
        let b: Box<[Symbol]> = v.into_boxed_slice();
        self.sets.push(b.clone());
        self.index.insert(b, h);
        h
    }

    /// The members of a set (empty for `ALL`, which has no list).
    fn members(&self, h: HideSet) -> &[Symbol] {
        self.sets.get(h.0 as usize).map(|b| &b[..]).unwrap_or(&[])
    }

    /// True when `name` is in `h`.
    pub fn contains(&self, h: HideSet, name: Symbol) -> bool {
        if h == HideSet::EMPTY {
            return false;
        }
        if h == HideSet::ALL {
            return true;
        }
        self.members(h).binary_search(&name).is_ok()
    }

    /// `h ∪ {name}`.
    pub fn with(&mut self, h: HideSet, name: Symbol) -> HideSet {
        if h == HideSet::ALL {
            return h;
        }
        if let Some(&r) = self.with_memo.get(&(h, name)) {
            return r;
        }
        let mut v = self.members(h).to_vec();
        if let Err(pos) = v.binary_search(&name) {
            v.insert(pos, name);
        }
        let r = self.intern(v);
        self.with_memo.insert((h, name), r);
        r
    }

    /// `a ∪ b`.
    pub fn union(&mut self, a: HideSet, b: HideSet) -> HideSet {
        if a == b || b == HideSet::EMPTY {
            return a;
        }
        if a == HideSet::EMPTY {
            return b;
        }
        if a == HideSet::ALL || b == HideSet::ALL {
            return HideSet::ALL;
        }
        let key = if a.0 < b.0 { (a, b) } else { (b, a) };
        if let Some(&r) = self.union_memo.get(&key) {
            return r;
        }
        let (x, y) = (self.members(a), self.members(b));
        let mut v = Vec::with_capacity(x.len() + y.len());
        let (mut i, mut j) = (0, 0);
        while i < x.len() && j < y.len() {
            match x[i].cmp(&y[j]) {
                std::cmp::Ordering::Less => {
                    v.push(x[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    v.push(y[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    v.push(x[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        v.extend_from_slice(&x[i..]);
        v.extend_from_slice(&y[j..]);
        let r = self.intern(v);
        self.union_memo.insert(key, r);
        r
    }

    /// `a ∩ b`.
    pub fn intersect(&mut self, a: HideSet, b: HideSet) -> HideSet {
        if a == b || b == HideSet::ALL {
            return a;
        }
        if a == HideSet::ALL {
            return b;
        }
        if a == HideSet::EMPTY || b == HideSet::EMPTY {
            return HideSet::EMPTY;
        }
        let key = if a.0 < b.0 { (a, b) } else { (b, a) };
        if let Some(&r) = self.inter_memo.get(&key) {
            return r;
        }
        let y = self.members(b);
        let v: Vec<Symbol> = self
            .members(a)
            .iter()
            .copied()
            .filter(|s| y.binary_search(s).is_ok())
            .collect();
        let r = self.intern(v);
        self.inter_memo.insert(key, r);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_algebra() {
        let mut h = HideSets::new();
        let (a, b, c) = (Symbol(10), Symbol(3), Symbol(7));
        let just_a = h.with(HideSet::EMPTY, a);
        let ab = h.with(just_a, b);
        let just_b = h.with(HideSet::EMPTY, b);
        let ba = h.with(just_b, a);
        assert_eq!(ab, ba);
        let just_c = h.with(HideSet::EMPTY, c);
        let bc = h.with(just_c, b);
        let u = h.union(ab, bc);
        assert!(h.contains(u, a) && h.contains(u, b) && h.contains(u, c));
        let i = h.intersect(ab, bc);
        assert!(h.contains(i, b) && !h.contains(i, a) && !h.contains(i, c));
        assert!(h.contains(HideSet::ALL, a));
        assert!(!h.contains(HideSet::EMPTY, a));
        assert_eq!(h.union(HideSet::ALL, ab), HideSet::ALL);
    }
}
