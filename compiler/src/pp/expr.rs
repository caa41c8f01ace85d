//! `#if` arithmetic: a precedence-climbing evaluator over macro-expanded tokens.
//!
//! Values are `intmax_t`/`uintmax_t` (64-bit) with C's rules: an operand pair is unsigned
//! if either is (usual arithmetic conversions), comparisons and logical operators give a
//! signed 0/1, a shift has the type of its left operand. Overflow wraps (as gcc computes
//! it). Remaining identifiers are 0, except `true`/`false` (C++). `&&`, `||` and `?:` do
//! not evaluate the side not taken, so `0 && 1/0` is not a division by zero. The C++
//! `>>` arrives as two joined `>` tokens and is recognized here.

use super::Names;
use crate::intern::Interner;
use crate::lex::{spelling, Punct, Token, TokenKind};

/// An error: the token to point at and the message.
pub(super) type EvalError = (Token, String);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Val {
    bits: u64,
    unsigned: bool,
}

impl Val {
    fn signed(v: i64) -> Val {
        Val {
            bits: v as u64,
            unsigned: false,
        }
    }
    fn bool(b: bool) -> Val {
        Val::signed(b as i64)
    }
    fn truthy(self) -> bool {
        self.bits != 0
    }
}

/// Deeper nesting than this (parentheses, unary operators) is an error, not a stack
/// overflow.
const MAX_DEPTH: u32 = 256;

/// Evaluates an `#if` expression (`at` is the directive, for errors at the end of line).
/// gcc's warnings about integer constants go to `warnings`.
pub(super) fn evaluate(
    toks: &[Token],
    at: Token,
    names: &Names,
    interner: &Interner,
    warnings: &mut Vec<EvalError>,
) -> Result<bool, EvalError> {
    let mut e = Eval {
        toks,
        pos: 0,
        at,
        names,
        interner,
        depth: 0,
        warnings,
    };
    let v = e.comma(true)?;
    if let Some(t) = e.peek() {
        return Err(e.unexpected(t));
    }
    Ok(v.truthy())
}

struct Eval<'t> {
    toks: &'t [Token],
    pos: usize,
    at: Token,
    names: &'t Names,
    interner: &'t Interner,
    depth: u32,
    warnings: &'t mut Vec<EvalError>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Op {
    OrOr,
    AndAnd,
    Or,
    Xor,
    And,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl Op {
    fn prec(self) -> u8 {
        match self {
            Op::OrOr => 1,
            Op::AndAnd => 2,
            Op::Or => 3,
            Op::Xor => 4,
            Op::And => 5,
            Op::Eq | Op::Ne => 6,
            Op::Lt | Op::Gt | Op::Le | Op::Ge => 7,
            Op::Shl | Op::Shr => 8,
            Op::Add | Op::Sub => 9,
            Op::Mul | Op::Div | Op::Rem => 10,
        }
    }
}

impl Eval<'_> {
    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn here(&self) -> Token {
        self.peek()
            .or_else(|| self.toks.last().copied())
            .unwrap_or(self.at)
    }

    fn err<T>(&self, t: Token, msg: impl Into<String>) -> Result<T, EvalError> {
        Err((t, msg.into()))
    }

    fn eat(&mut self, p: Punct) -> bool {
        if self.peek().is_some_and(|t| t.is_punct(p)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The binary operator at the cursor and its length in tokens.
    fn binop(&self) -> Option<(Op, usize)> {
        let t = self.peek()?;
        let TokenKind::Punct(p) = t.kind else {
            return None;
        };
        let op = match p {
            Punct::PipePipe => Op::OrOr,
            Punct::AmpAmp => Op::AndAnd,
            Punct::Pipe => Op::Or,
            Punct::Caret => Op::Xor,
            Punct::Amp => Op::And,
            Punct::EqEq => Op::Eq,
            Punct::NotEq => Op::Ne,
            Punct::Lt => Op::Lt,
            Punct::Gt => {
                let next = self.toks.get(self.pos + 1);
                if t.joined_next && next.is_some_and(|n| n.is_punct(Punct::Gt)) {
                    return Some((Op::Shr, 2));
                }
                Op::Gt
            }
            Punct::Le => Op::Le,
            Punct::Ge => Op::Ge,
            Punct::Shl => Op::Shl,
            Punct::Plus => Op::Add,
            Punct::Minus => Op::Sub,
            Punct::Star => Op::Mul,
            Punct::Slash => Op::Div,
            Punct::Percent => Op::Rem,
            _ => return None,
        };
        Some((op, 1))
    }

    /// gcc's error for a token where an operator or the end was expected: an operator
    /// token C does not allow in `#if` (`=`, `.`, `;` …) is "not valid", anything else
    /// lacks a binary operator before it.
    fn unexpected(&self, t: Token) -> EvalError {
        let text = spelling(&t, self.interner).to_string();
        let msg = match t.kind {
            TokenKind::Punct(p) if p != Punct::LParen => {
                format!("token \"{text}\" is not valid in preprocessor expressions")
            }
            _ => format!("missing binary operator before token \"{text}\""),
        };
        (t, msg)
    }

    fn enter(&mut self) -> Result<(), EvalError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(self.here(), "#if expression nested too deeply");
        }
        Ok(())
    }

    fn comma(&mut self, live: bool) -> Result<Val, EvalError> {
        let mut v = self.conditional(live)?;
        while self.eat(Punct::Comma) {
            v = self.conditional(live)?;
        }
        Ok(v)
    }

    fn conditional(&mut self, live: bool) -> Result<Val, EvalError> {
        self.enter()?;
        let c = self.binary(1, live)?;
        let r = if self.eat(Punct::Question) {
            let a = self.comma(live && c.truthy())?;
            if !self.eat(Punct::Colon) {
                return self.err(self.here(), "'?' without following ':'");
            }
            let b = self.conditional(live && !c.truthy())?;
            let unsigned = a.unsigned || b.unsigned;
            let v = if c.truthy() { a } else { b };
            Val {
                bits: v.bits,
                unsigned,
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn binary(&mut self, min_prec: u8, live: bool) -> Result<Val, EvalError> {
        let mut lhs = self.unary(live)?;
        while let Some((op, len)) = self.binop() {
            if op.prec() < min_prec {
                break;
            }
            let op_tok = self.toks[self.pos];
            self.pos += len;
            if self.peek().is_none() {
                let text = if len == 2 {
                    ">>"
                } else {
                    spelling(&op_tok, self.interner)
                };
                return self.err(op_tok, format!("operator '{text}' has no right operand"));
            }
            let rhs_live = match op {
                Op::AndAnd => live && lhs.truthy(),
                Op::OrOr => live && !lhs.truthy(),
                _ => live,
            };
            let rhs = self.binary(op.prec() + 1, rhs_live)?;
            lhs = self.apply(op, lhs, rhs, op_tok, live)?;
        }
        Ok(lhs)
    }

    fn apply(&self, op: Op, a: Val, b: Val, at: Token, live: bool) -> Result<Val, EvalError> {
        let unsigned = a.unsigned || b.unsigned;
        let arith = |bits: u64| Val { bits, unsigned };
        let (x, y) = (a.bits, b.bits);
        let (sx, sy) = (x as i64, y as i64);
        Ok(match op {
            Op::OrOr => Val::bool(a.truthy() || b.truthy()),
            Op::AndAnd => Val::bool(a.truthy() && b.truthy()),
            Op::Or => arith(x | y),
            Op::Xor => arith(x ^ y),
            Op::And => arith(x & y),
            Op::Eq => Val::bool(x == y),
            Op::Ne => Val::bool(x != y),
            Op::Lt => Val::bool(if unsigned { x < y } else { sx < sy }),
            Op::Gt => Val::bool(if unsigned { x > y } else { sx > sy }),
            Op::Le => Val::bool(if unsigned { x <= y } else { sx <= sy }),
            Op::Ge => Val::bool(if unsigned { x >= y } else { sx >= sy }),
            Op::Shl | Op::Shr => {
                // A negative count shifts the other way (as gcc does).
                let neg = !b.unsigned && sy < 0;
                let count = if neg { sy.unsigned_abs() } else { y };
                let left = (op == Op::Shl) != neg;
                let bits = if left {
                    if count >= 64 {
                        0
                    } else {
                        x << count
                    }
                } else if a.unsigned {
                    if count >= 64 {
                        0
                    } else {
                        x >> count
                    }
                } else {
                    (sx >> count.min(63)) as u64
                };
                Val {
                    bits,
                    unsigned: a.unsigned,
                }
            }
            Op::Add => arith(x.wrapping_add(y)),
            Op::Sub => arith(x.wrapping_sub(y)),
            Op::Mul => arith(x.wrapping_mul(y)),
            Op::Div | Op::Rem => {
                if y == 0 {
                    if live {
                        return self.err(at, "division by zero in #if");
                    }
                    return Ok(arith(0));
                }
                let bits = match (op, unsigned) {
                    (Op::Div, true) => x / y,
                    (Op::Div, false) => sx.wrapping_div(sy) as u64,
                    (_, true) => x % y,
                    (_, false) => sx.wrapping_rem(sy) as u64,
                };
                arith(bits)
            }
        })
    }

    fn unary(&mut self, live: bool) -> Result<Val, EvalError> {
        let Some(t) = self.peek() else {
            return self.err(self.here(), "expected value in #if expression");
        };
        let op = match t.kind {
            TokenKind::Punct(p @ (Punct::Plus | Punct::Minus | Punct::Tilde | Punct::Bang)) => p,
            _ => return self.primary(live),
        };
        self.pos += 1;
        self.enter()?;
        let v = self.unary(live)?;
        self.depth -= 1;
        Ok(match op {
            Punct::Plus => v,
            Punct::Minus => Val {
                bits: v.bits.wrapping_neg(),
                unsigned: v.unsigned,
            },
            Punct::Tilde => Val {
                bits: !v.bits,
                unsigned: v.unsigned,
            },
            _ => Val::bool(!v.truthy()),
        })
    }

    fn primary(&mut self, live: bool) -> Result<Val, EvalError> {
        let t = self.here();
        let Some(t) = self.peek() else {
            return self.err(t, "expected value in #if expression");
        };
        self.pos += 1;
        match t.kind {
            TokenKind::Number(s) => {
                let (v, warning) = parse_int(self.interner.resolve(s)).map_err(|m| (t, m))?;
                if let Some(w) = warning {
                    self.warnings.push((t, w.to_string()));
                }
                Ok(v)
            }
            TokenKind::Char(s) => parse_char(self.interner.resolve(s)).map_err(|m| (t, m)),
            TokenKind::Ident(s) => Ok(Val::bool(s == self.names.true_)),
            TokenKind::Punct(Punct::LParen) => {
                self.enter()?;
                let v = self.comma(live)?;
                self.depth -= 1;
                if !self.eat(Punct::RParen) {
                    return match self.peek() {
                        Some(t) => Err(self.unexpected(t)),
                        None => self.err(self.here(), "missing ')' in expression"),
                    };
                }
                Ok(v)
            }
            _ => {
                let text = spelling(&t, self.interner).to_string();
                self.err(
                    t,
                    format!("token \"{text}\" is not valid in preprocessor expressions"),
                )
            }
        }
    }
}

/// An integer pp-number as `intmax_t`/`uintmax_t`, with gcc's warning when it is too large
/// (the value wraps) or so large that it becomes unsigned.
fn parse_int(text: &str) -> Result<(Val, Option<&'static str>), String> {
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else if lower.starts_with('0') {
        (8, 0)
    } else {
        (10, 0)
    };
    let is_float = lower.contains('.')
        || (radix == 10 && lower.contains('e'))
        || (radix == 16 && lower.contains('p'));
    if is_float {
        return Err("floating constant in preprocessor expression".into());
    }
    let body = &lower[digits_start..];
    let digits_end = body
        .find(|c: char| !c.is_digit(if radix == 8 { 10 } else { radix }))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(digits_end);
    if digits.is_empty() && radix != 8 {
        return Err(format!("invalid integer constant \"{text}\""));
    }
    let mut value: u64 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("invalid digit \"{c}\" in octal constant"))?;
        let next = value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64));
        overflow |= next.is_none();
        value = value.wrapping_mul(radix as u64).wrapping_add(d as u64);
    }
    let valid_suffix = matches!(
        suffix,
        "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu" | "z" | "uz" | "zu"
    );
    if !valid_suffix {
        return Err(format!(
            "invalid suffix \"{}\" on integer constant",
            &clean[clean.len() - suffix.len()..]
        ));
    }
    let unsigned = suffix.contains('u') || value > i64::MAX as u64;
    let warning = if overflow {
        Some("integer constant is too large for its type")
    } else if unsigned && !suffix.contains('u') && radix == 10 {
        Some("integer constant is so large that it is unsigned")
    } else {
        None
    };
    Ok((
        Val {
            bits: value,
            unsigned,
        },
        warning,
    ))
}

/// A character literal's value: plain `char` is signed (x86-64), multi-character
/// constants pack bytes into an `int`, wide ones take the last character.
fn parse_char(text: &str) -> Result<Val, String> {
    let (prefix, rest) = match text.find('\'') {
        Some(i) => (&text[..i], &text[i..]),
        None => return Err("invalid character constant".into()),
    };
    let body = rest
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .ok_or("invalid character constant")?;
    let mut units: Vec<u32> = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            if prefix.is_empty() || prefix == "u8" {
                let mut b = [0u8; 4];
                units.extend(c.encode_utf8(&mut b).bytes().map(u32::from));
            } else {
                units.push(c as u32);
            }
            continue;
        }
        let Some(e) = chars.next() else {
            return Err("invalid escape in character constant".into());
        };
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            'x' | 'u' | 'U' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                    n += 1;
                }
                if n == 0 {
                    return Err("\\x used with no following hex digits".into());
                }
                v
            }
            other => other as u32,
        };
        units.push(v);
    }
    if units.is_empty() {
        return Err("empty character constant".into());
    }
    Ok(match prefix {
        "" => {
            if units.len() == 1 {
                Val::signed(units[0] as u8 as i8 as i64)
            } else {
                let v = units.iter().fold(0u32, |acc, &u| (acc << 8) | (u & 0xff));
                Val::signed(v as i32 as i64)
            }
        }
        "u8" => Val::signed((units[units.len() - 1] & 0xff) as i64),
        "L" => Val::signed(units[units.len() - 1] as i32 as i64),
        "u" => Val::signed((units[units.len() - 1] & 0xffff) as i64),
        _ => Val::signed(units[units.len() - 1] as i64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        let int = |t: &str| parse_int(t).map(|(v, _)| v);
        assert_eq!(int("42").unwrap(), Val::signed(42));
        assert_eq!(int("0x1F").unwrap(), Val::signed(31));
        assert_eq!(int("017").unwrap(), Val::signed(15));
        assert_eq!(int("0b101").unwrap(), Val::signed(5));
        assert_eq!(int("1'000").unwrap(), Val::signed(1000));
        assert!(int("10u").unwrap().unsigned);
        let (v, w) = parse_int("18446744073709551615").unwrap();
        assert!(v.unsigned && w == Some("integer constant is so large that it is unsigned"));
        assert_eq!(parse_int("0xffffffffffffffff").unwrap().1, None);
        // 2^64 wraps to 0, with gcc's warning.
        let (v, w) = parse_int("18446744073709551616").unwrap();
        assert_eq!(v.bits, 0);
        assert_eq!(w, Some("integer constant is too large for its type"));
        assert!(parse_int("1.0").is_err());
        assert!(parse_int("08").is_err());
        assert!(parse_int("12abc").is_err());
        assert_eq!(int("0").unwrap(), Val::signed(0));
        assert_eq!(int("0ULL").unwrap().bits, 0);
    }

    #[test]
    fn characters() {
        assert_eq!(parse_char("'a'").unwrap(), Val::signed(97));
        assert_eq!(parse_char("'\\n'").unwrap(), Val::signed(10));
        assert_eq!(parse_char("'\\377'").unwrap(), Val::signed(-1));
        assert_eq!(parse_char("'\\xff'").unwrap(), Val::signed(-1));
        assert_eq!(parse_char("'ab'").unwrap(), Val::signed(0x6162));
        assert_eq!(parse_char("L'\\xff'").unwrap(), Val::signed(255));
        assert_eq!(parse_char("'\\''").unwrap(), Val::signed(39));
    }
}
