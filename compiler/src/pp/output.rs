//! The preprocessed text (`oxicc -E`, like `nvcc -E` for the device pass): the output
//! tokens with their layout, and `#pragma unroll` written back as a directive line.
//!
//! Layout follows the tokens' flags: a token that started a line in its file starts a
//! line here (a macro expansion takes the place of its name), other tokens keep one space
//! where there was whitespace. No line markers (like `gcc -E -P`). The preprocessor turns
//! `#pragma unroll N` into the tokens `__pragma_unroll ( N ) ;` for the parser; they are
//! printed as `#pragma unroll N` again.

use crate::intern::Interner;
use crate::lex::{spelling, token::PRAGMA_UNROLL_IDENT, Punct, Token, TokenKind};

/// The text of a preprocessed token stream (as `PpOutput::tokens`).
pub fn preprocessed_text(tokens: &[Token], interner: &Interner) -> String {
    let unroll = interner.get(PRAGMA_UNROLL_IDENT);
    let mut out = String::with_capacity(tokens.len() * 6);
    let mut i = 0;
    while let Some(t) = tokens.get(i) {
        if t.kind == TokenKind::Eof {
            break;
        }
        let is_unroll = unroll.is_some_and(|u| t.kind == TokenKind::Ident(u))
            && tokens.get(i + 1).is_some_and(|n| n.is_punct(Punct::LParen));
        if is_unroll {
            // `__pragma_unroll ( operand… ) ;` → `#pragma unroll operand…` on its own line.
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str("#pragma unroll");
            let mut j = i + 2;
            let mut depth = 0u32;
            while let Some(o) = tokens.get(j) {
                if o.kind == TokenKind::Eof {
                    break;
                }
                if o.is_punct(Punct::RParen) {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                } else if o.is_punct(Punct::LParen) {
                    depth += 1;
                }
                out.push(' ');
                out.push_str(spelling(o, interner));
                j += 1;
            }
            out.push('\n');
            // Skip the `)` and `;`.
            i = j + 1;
            if tokens.get(i).is_some_and(|s| s.is_punct(Punct::Semi)) {
                i += 1;
            }
            continue;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            if t.line_start {
                out.push('\n');
            } else if t.leading_space {
                out.push(' ');
            }
        }
        out.push_str(spelling(t, interner));
        i += 1;
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}
