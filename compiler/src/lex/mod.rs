//! The lexer: source text to tokens (`token.rs` defines them, `lexer.rs` produces them,
//! `spelling.rs` turns them back into text).

pub mod lexer;
pub mod spelling;
pub mod token;

pub use lexer::{lex_file, lex_str};
pub use spelling::{punct_str, spelling, tokens_to_spaced, tokens_to_text};
pub use token::{Punct, Token, TokenKind};
