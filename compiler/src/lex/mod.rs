//! The lexer: source text to tokens (`token.rs` defines them).

pub mod token;

pub use token::{Punct, Token, TokenKind};
