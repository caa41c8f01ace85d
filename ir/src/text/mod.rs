//! The `.oxir` text format: a printer and a parser that round-trip.
//!
//! `parse_module(&print_module(m))` rebuilds a module that prints to the same text, which is
//! what lets every pass be tested from text files. The grammar is documented in `docs/ir.md`.

mod lex;
mod names;
mod parse;
mod parse_inst;
mod print;

pub use lex::ParseError;
pub use parse::parse_module;
pub(crate) use print::write_symbol;
pub use print::{print_function, print_function_standalone, print_inst, print_module, Numbering};
