//! oxicc: a CUDA C++ to PTX compiler in pure Rust.
//!
//! This is the library face of the compiler — what NVRTC is, as a crate. Give it source text
//! (plus in-memory headers and options) and it returns PTX text or a list of structured
//! diagnostics. It keeps no global state, so many threads may compile at once, and the same
//! input and options always produce the same bytes.
//!
//! The pipeline is `lex → preprocess → parse → sema → irgen → passes → backend`; see
//! `docs/architecture.md` for the data flow between the stages.

pub mod api;
pub mod ast;
pub mod cache;
pub mod diag;
pub mod driver;
pub mod intern;
pub mod irgen;
pub mod lex;
pub mod link;
pub mod mangle;
pub mod mathlib;
pub mod options;
pub mod parse;
pub mod pp;
pub mod program;
pub mod sema;
pub mod source;

pub use api::{
    compile, compile_linked, compile_linked_with_names, compile_with_names, supported_sms,
    CompileOutput, Diagnostic, Emit, Options, Severity,
};
pub use cache::Cache;
pub use options::OptionError;
pub use program::{Compiled, Program};
