//! Typed `u32` indices and the maps keyed by them.
//!
//! Every IR object (value, instruction, block, stack slot, function, global) is named by a
//! small `Copy` index rather than a pointer. `EntityMap` owns the objects of one kind and hands
//! out their indices; `SecondaryMap` attaches extra data (analysis results, pass state) to
//! indices without touching the primary map. This is the "arena" of the blueprint: cheap to
//! clone, cheap to compare, no lifetimes, and deterministic iteration order.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A type usable as an index: a newtype over `u32`.
pub trait EntityRef: Copy + Eq + std::hash::Hash + Ord + fmt::Debug {
    /// Builds the index from its position.
    fn new(index: usize) -> Self;
    /// The position this index names.
    fn index(self) -> usize;
}

/// Declares `u32` index newtypes that print with a prefix (`v12`, `block3`, …).
#[macro_export]
macro_rules! entity {
    ($(#[$attr:meta])* $name:ident, $prefix:expr) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                $name(u32::try_from(index).expect("entity index overflow"))
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $name {
            /// The raw index.
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }
            /// Builds the entity from a raw index.
            #[inline]
            pub fn from_u32(n: u32) -> Self {
                $name(n)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }
    };
}

/// The owning map of one kind of entity: a `Vec` indexed by a typed key.
#[derive(Clone, PartialEq)]
pub struct EntityMap<K: EntityRef, V> {
    items: Vec<V>,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V> Default for EntityMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V> EntityMap<K, V> {
    pub fn new() -> Self {
        EntityMap {
            items: Vec::new(),
            _key: PhantomData,
        }
    }
    /// Adds an item and returns its key.
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.items.len());
        self.items.push(v);
        k
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn get(&self, k: K) -> Option<&V> {
        self.items.get(k.index())
    }
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.items.get_mut(k.index())
    }
    /// Keys in creation order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        (0..self.items.len()).map(K::new)
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> {
        self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (K, &mut V)> {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (K::new(i), v))
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> {
        self.items.iter()
    }
}

impl<K: EntityRef, V> Index<K> for EntityMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

impl<K: EntityRef, V> IndexMut<K> for EntityMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.items[k.index()]
    }
}

impl<K: EntityRef, V: fmt::Debug> fmt::Debug for EntityMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Extra data keyed by an entity; missing entries read as the default value.
#[derive(Clone, Debug)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    items: Vec<V>,
    default: V,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    pub fn new() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// A map whose missing entries read as `default`.
    pub fn with_default(default: V) -> Self {
        SecondaryMap {
            items: Vec::new(),
            default,
            _key: PhantomData,
        }
    }
    /// A map with room for `n` keys, all set to `default`.
    pub fn with_capacity(n: usize, default: V) -> Self {
        SecondaryMap {
            items: vec![default.clone(); n],
            default,
            _key: PhantomData,
        }
    }
    pub fn get(&self, k: K) -> &V {
        self.items.get(k.index()).unwrap_or(&self.default)
    }
    pub fn set(&mut self, k: K, v: V) {
        self[k] = v;
    }
    pub fn clear(&mut self) {
        self.items.clear();
    }
}

impl<K: EntityRef, V: Clone> Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.get(k)
    }
}

impl<K: EntityRef, V: Clone> IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.items.len() {
            self.items.resize(i + 1, self.default.clone());
        }
        &mut self.items[i]
    }
}
