//! The `.oxir` lexer: turns text into tokens with line and column numbers.
//!
//! Newlines are tokens because the format is line-oriented: an instruction ends at the end
//! of its line, which keeps the grammar free of lookahead tricks (`return` followed by a
//! value on the next line is two instructions, not one). Comments run from `;` to the end
//! of the line.

use std::fmt;

/// A position in the source, both 1-based; columns count characters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

/// A syntax or semantic error in `.oxir` text, with the position it was found at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl ParseError {
    pub(crate) fn at(pos: Pos, message: impl Into<String>) -> ParseError {
        ParseError {
            line: pos.line,
            col: pos.col,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// Words: keywords, opcodes with their `.`-separated modifiers, types, `v3`, `block2`.
    Ident(String),
    /// `@name` or `@"quoted name"` (the name without `@` and quotes, escapes resolved).
    Symbol(String),
    /// `%tid.x` and friends (without the `%`).
    SReg(String),
    /// A number as written (`-12`, `0x7fc00000`, `1.5e-3`).
    Number(String),
    /// `x"00ff"`: a byte string.
    Bytes(Vec<u8>),
    /// One of `( ) [ ] { } , : =`.
    Punct(char),
    Arrow,
    Newline,
    Eof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "`{s}`"),
            Tok::Symbol(s) => write!(f, "`@{s}`"),
            Tok::SReg(s) => write!(f, "`%{s}`"),
            Tok::Number(s) => write!(f, "number `{s}`"),
            Tok::Bytes(_) => f.write_str("byte string"),
            Tok::Punct(c) => write!(f, "`{c}`"),
            Tok::Arrow => f.write_str("`->`"),
            Tok::Newline => f.write_str("end of line"),
            Tok::Eof => f.write_str("end of input"),
        }
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

/// Splits `src` into tokens; the last token is always `Eof`.
pub(crate) fn lex(src: &str) -> Result<Vec<(Tok, Pos)>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0usize;
    let mut line = 1u32;
    let mut col = 1u32;
    // Advances over `n` characters that contain no newline.
    macro_rules! bump {
        ($n:expr) => {{
            i += $n;
            col += $n as u32;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        let pos = Pos { line, col };
        match c {
            '\n' => {
                toks.push((Tok::Newline, pos));
                i += 1;
                line += 1;
                col = 1;
            }
            ' ' | '\t' | '\r' => bump!(1),
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    bump!(1);
                }
            }
            '(' | ')' | '[' | ']' | '{' | '}' | ',' | ':' | '=' => {
                toks.push((Tok::Punct(c), pos));
                bump!(1);
            }
            '-' if chars.get(i + 1) == Some(&'>') => {
                toks.push((Tok::Arrow, pos));
                bump!(2);
            }
            '-' | '0'..='9' => {
                let start = i;
                if c == '-' {
                    if !chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
                        return Err(ParseError::at(pos, "expected a digit after `-`"));
                    }
                    bump!(1);
                }
                let hex = chars.get(i) == Some(&'0') && chars.get(i + 1) == Some(&'x');
                if hex {
                    bump!(2);
                }
                while i < chars.len() {
                    let d = chars[i];
                    let exponent_sign =
                        !hex && (d == '+' || d == '-') && matches!(chars[i - 1], 'e' | 'E');
                    if d.is_ascii_alphanumeric() || d == '.' || exponent_sign {
                        bump!(1);
                    } else {
                        break;
                    }
                }
                toks.push((Tok::Number(chars[start..i].iter().collect()), pos));
            }
            '@' => {
                bump!(1);
                if chars.get(i) == Some(&'"') {
                    let (s, len) = lex_quoted(&chars[i..], pos)?;
                    bump!(len);
                    toks.push((Tok::Symbol(s), pos));
                } else {
                    let start = i;
                    while i < chars.len() && is_word_char(chars[i]) {
                        bump!(1);
                    }
                    if start == i {
                        return Err(ParseError::at(pos, "expected a name after `@`"));
                    }
                    toks.push((Tok::Symbol(chars[start..i].iter().collect()), pos));
                }
            }
            '%' => {
                bump!(1);
                let start = i;
                while i < chars.len() && is_word_char(chars[i]) {
                    bump!(1);
                }
                if start == i {
                    return Err(ParseError::at(pos, "expected a register name after `%`"));
                }
                toks.push((Tok::SReg(chars[start..i].iter().collect()), pos));
            }
            'x' if chars.get(i + 1) == Some(&'"') => {
                bump!(2);
                let mut bytes = Vec::new();
                loop {
                    match chars.get(i) {
                        Some('"') => {
                            bump!(1);
                            break;
                        }
                        Some(&h) if h.is_ascii_hexdigit() => {
                            let Some(l) = chars.get(i + 1).filter(|l| l.is_ascii_hexdigit()) else {
                                let p = Pos { line, col: col + 1 };
                                return Err(ParseError::at(
                                    p,
                                    "byte strings hold pairs of hex digits",
                                ));
                            };
                            let hi = h.to_digit(16).unwrap_or(0) as u8;
                            let lo = l.to_digit(16).unwrap_or(0) as u8;
                            bytes.push(hi << 4 | lo);
                            bump!(2);
                        }
                        Some(_) => {
                            return Err(ParseError::at(
                                Pos { line, col },
                                "byte strings hold pairs of hex digits",
                            ))
                        }
                        None => return Err(ParseError::at(pos, "unterminated byte string")),
                    }
                }
                toks.push((Tok::Bytes(bytes), pos));
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && is_word_char(chars[i]) {
                    bump!(1);
                }
                toks.push((Tok::Ident(chars[start..i].iter().collect()), pos));
            }
            other => {
                return Err(ParseError::at(
                    pos,
                    format!("unexpected character {other:?}"),
                ))
            }
        }
    }
    toks.push((Tok::Eof, Pos { line, col }));
    Ok(toks)
}

/// Reads `"…"` at the start of `chars` (escapes `\"`, `\\`, `\u{hex}`); returns the text and
/// the number of characters consumed. Quoted names stay on one line.
fn lex_quoted(chars: &[char], pos: Pos) -> Result<(String, usize), ParseError> {
    let mut out = String::new();
    let mut i = 1;
    loop {
        match chars.get(i) {
            None | Some('\n') => return Err(ParseError::at(pos, "unterminated quoted name")),
            Some('"') => return Ok((out, i + 1)),
            Some('\\') => match chars.get(i + 1) {
                Some('"') => {
                    out.push('"');
                    i += 2;
                }
                Some('\\') => {
                    out.push('\\');
                    i += 2;
                }
                Some('u') if chars.get(i + 2) == Some(&'{') => {
                    let end = chars[i + 3..]
                        .iter()
                        .position(|&c| c == '}')
                        .map(|p| i + 3 + p);
                    let ch = end.and_then(|e| {
                        let hex: String = chars[i + 3..e].iter().collect();
                        u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                    });
                    match (ch, end) {
                        (Some(ch), Some(e)) => {
                            out.push(ch);
                            i = e + 1;
                        }
                        _ => return Err(ParseError::at(pos, "bad `\\u{…}` escape in name")),
                    }
                }
                _ => return Err(ParseError::at(pos, "unknown escape in quoted name")),
            },
            Some(&c) => {
                out.push(c);
                i += 1;
            }
        }
    }
}
