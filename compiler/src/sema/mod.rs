//! Semantic analysis building blocks shared by the C lowering and (later) the C++ front end:
//! the type table, scopes, conversion rules and the constant evaluator.
//!
//! For the C subset, checking and IR generation are one walk (see `crate::irgen` and
//! `docs/frontend-sema-irgen.md`); this module holds the parts of it that do not emit IR, so
//! a typed AST for C++ can reuse them unchanged.

pub mod asm;
pub mod body;
pub mod consteval;
pub mod conv;
pub mod entity;
pub mod scope;
pub mod tree;
pub mod tree_dump;
pub mod types;

pub use consteval::{ConstError, ConstValue};
pub use types::{FloatKind, IntKind, QualType, Qualifiers, TypeId, TypeKind, TypeTable};
