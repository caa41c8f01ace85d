//! Analyses the transforms share: the control-flow graph and the dominator tree.
//!
//! These are private to the passes crate and computed on demand by each pass (passes are
//! small and the analyses linear, so nothing is cached across passes yet). They mirror the
//! names the IR crate is getting (`Cfg::compute`, `DomTree::compute`) so that switching to
//! the shared versions is a change of import.

pub mod cfg;
pub mod dominators;

pub use cfg::Cfg;
pub use dominators::DomTree;
