//! Conversion of literal tokens (pp-numbers, character and string literals) into values.
//!
//! The lexer hands over permissive pp-numbers; here they are validated. Integers keep their
//! value in a `u128` and are rejected past `unsigned long long`. Decimal floats are rounded
//! once, directly to their own type (Rust's `str::parse` is correctly rounded), so an
//! `f`-suffixed literal is never rounded through `double` first. Hex floats are rounded here
//! with round-half-to-even, including subnormals.

use crate::ast::IntSuffix;

/// A validated integer literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntLiteral {
    pub value: u128,
    pub suffix: IntSuffix,
    pub decimal: bool,
}

/// A validated floating literal.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatLiteral {
    /// The value rounded to `f32` (then widened exactly) for `f` literals, else to `f64`.
    pub value: f64,
    /// `f`/`F` suffix.
    pub is_float: bool,
    /// The literal without digit separators and suffix.
    pub cleaned: String,
    /// The value overflowed its type (it is infinite).
    pub overflow: bool,
}

/// True when a pp-number spells a floating literal rather than an integer.
pub fn is_float_literal(text: &str) -> bool {
    let t = text.as_bytes();
    let hex = t.len() > 1 && t[0] == b'0' && (t[1] == b'x' || t[1] == b'X');
    if hex {
        text.contains(['.', 'p', 'P'])
    } else {
        text.contains(['.', 'e', 'E'])
    }
}

/// Parses an integer pp-number (`42`, `0x1Fu`, `0b101`, `017`, `1'000ull`).
pub fn parse_int_literal(text: &str) -> Result<IntLiteral, String> {
    let cleaned: String = text.chars().filter(|&c| c != '\'').collect();
    let suffix_start = cleaned
        .char_indices()
        .rev()
        .take_while(|(_, c)| matches!(c, 'u' | 'U' | 'l' | 'L'))
        .last()
        .map(|(i, _)| i)
        .unwrap_or(cleaned.len());
    // A hex literal may end in digits that are letters, but never in u/l.
    let (body, suf) = cleaned.split_at(suffix_start);
    let suffix =
        int_suffix(suf).ok_or_else(|| format!("invalid suffix `{suf}` on integer literal"))?;
    let b = body.as_bytes();
    let (radix, digits, decimal) = if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X')
    {
        (16, &body[2..], false)
    } else if b.len() > 1 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B') {
        (2, &body[2..], false)
    } else if b.len() > 1 && b[0] == b'0' {
        (8, &body[1..], false)
    } else {
        (10, body, true)
    };
    if digits.is_empty() {
        return Err(format!("invalid integer literal `{text}`"));
    }
    let mut value: u128 = 0;
    for c in digits.chars() {
        let d = match c.to_digit(radix) {
            Some(d) => d,
            None if radix == 8 && c.is_ascii_digit() => {
                return Err(format!("invalid digit `{c}` in octal constant"));
            }
            None if c.is_ascii_alphanumeric() || c == '.' => {
                let rest = &digits[digits.find(c).unwrap_or(0)..];
                return Err(format!("invalid suffix `{rest}` on integer literal"));
            }
            None => return Err(format!("invalid integer literal `{text}`")),
        };
        value = value
            .checked_mul(radix as u128)
            .and_then(|v| v.checked_add(d as u128))
            .ok_or_else(too_large)?;
    }
    if value > u64::MAX as u128 {
        return Err(too_large());
    }
    Ok(IntLiteral {
        value,
        suffix,
        decimal,
    })
}

fn too_large() -> String {
    "integer literal is too large to be represented in any integer type".to_string()
}

fn int_suffix(s: &str) -> Option<IntSuffix> {
    let lower = s.to_ascii_lowercase();
    // `lL` and `Ll` are not valid spellings of `ll`.
    if s.contains("lL") || s.contains("Ll") {
        return None;
    }
    let (unsigned, longs) = match lower.as_str() {
        "" => (false, 0),
        "u" => (true, 0),
        "l" => (false, 1),
        "ul" | "lu" => (true, 1),
        "ll" => (false, 2),
        "ull" | "llu" => (true, 2),
        _ => return None,
    };
    Some(IntSuffix { unsigned, longs })
}

/// Parses a floating pp-number (`1.5`, `.5e-3f`, `1e10L`, `0x1.8p3`).
pub fn parse_float_literal(text: &str) -> Result<FloatLiteral, String> {
    let mut cleaned: String = text.chars().filter(|&c| c != '\'').collect();
    let b = cleaned.as_bytes();
    let hex = b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
    let mut is_float = false;
    match cleaned.as_bytes().last() {
        Some(b'f' | b'F') if !hex || cleaned.contains(['p', 'P']) => {
            is_float = true;
            cleaned.pop();
        }
        Some(b'l' | b'L') => {
            cleaned.pop();
        }
        _ => {}
    }
    let (value, overflow) = if hex {
        let (m, sticky, exp) = hex_float_parts(&cleaned)
            .ok_or_else(|| format!("invalid floating literal `{text}`"))?;
        let v = if is_float {
            round_binary(m, sticky, exp, 24, -126, 127)
        } else {
            round_binary(m, sticky, exp, 53, -1022, 1023)
        };
        (v, v.is_infinite())
    } else {
        if !decimal_float_ok(&cleaned) {
            return Err(format!("invalid floating literal `{text}`"));
        }
        if is_float {
            let v: f32 = cleaned
                .parse()
                .map_err(|_| format!("invalid floating literal `{text}`"))?;
            (v as f64, v.is_infinite())
        } else {
            let v: f64 = cleaned
                .parse()
                .map_err(|_| format!("invalid floating literal `{text}`"))?;
            (v, v.is_infinite())
        }
    };
    Ok(FloatLiteral {
        value,
        is_float,
        cleaned,
        overflow,
    })
}

/// Digits, at most one `.`, and an optional exponent with digits.
fn decimal_float_ok(s: &str) -> bool {
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let digits = mant.chars().filter(|c| c.is_ascii_digit()).count();
    let dots = mant.chars().filter(|&c| c == '.').count();
    if digits == 0 || dots > 1 || digits + dots != mant.len() {
        return false;
    }
    match exp {
        None => true,
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
        }
    }
}

/// Splits `0xH.HpE` into a mantissa (up to 124 significant bits), a sticky bit for dropped
/// nonzero digits, and the binary exponent of the mantissa's last bit.
fn hex_float_parts(s: &str) -> Option<(u128, bool, i64)> {
    let body = &s[2..];
    let p = body.find(['p', 'P'])?;
    let (mant, exp) = (&body[..p], &body[p + 1..]);
    let exp_digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
    if exp_digits.is_empty() || !exp_digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // Saturate huge exponents: the result is 0 or infinity either way.
    let mut e: i64 = exp_digits
        .bytes()
        .fold(0i64, |a, d| (a * 10 + (d - b'0') as i64).min(1 << 40));
    if exp.starts_with('-') {
        e = -e;
    }
    let mut m: u128 = 0;
    let mut sticky = false;
    let mut seen_dot = false;
    let mut digits = 0;
    for c in mant.chars() {
        if c == '.' {
            if seen_dot {
                return None;
            }
            seen_dot = true;
            continue;
        }
        let d = c.to_digit(16)? as u128;
        digits += 1;
        if m >> 120 == 0 {
            m = m * 16 + d;
            if seen_dot {
                e -= 4;
            }
        } else {
            sticky |= d != 0;
            if !seen_dot {
                e += 4;
            }
        }
    }
    if digits == 0 {
        return None;
    }
    Some((m, sticky, e))
}

/// Rounds `m * 2^exp` (plus a sticky fraction) to a binary float with `mant_bits` of
/// precision and exponent range `emin..=emax`, half to even, returned as `f64`.
pub fn round_binary(m: u128, sticky: bool, exp: i64, mant_bits: u32, emin: i64, emax: i64) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let top = 127 - m.leading_zeros() as i64;
    let e_norm = top + exp;
    let keep = if e_norm < emin {
        mant_bits as i64 - (emin - e_norm)
    } else {
        mant_bits as i64
    };
    let shift = top + 1 - keep;
    let (q, out_exp) = if shift <= 0 {
        (m, exp)
    } else if shift > top + 1 {
        return 0.0;
    } else {
        let q = if shift >= 128 { 0 } else { m >> shift };
        let half = (m >> (shift - 1)) & 1 == 1;
        let rest = (m & ((1u128 << (shift - 1)) - 1)) != 0 || sticky;
        let q = if half && (rest || q & 1 == 1) {
            q + 1
        } else {
            q
        };
        (q, exp + shift)
    };
    if q == 0 {
        return 0.0;
    }
    let q_top = 127 - q.leading_zeros() as i64;
    if q_top + out_exp > emax {
        return f64::INFINITY;
    }
    scale_pow2(q as f64, out_exp)
}

/// `x * 2^e` for an `x` whose scaled value is exactly representable.
fn scale_pow2(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e as i32)
}

/// The kind of a character or string literal, from its prefix.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LiteralPrefix {
    Plain,
    Utf8,
    Wide,
    Utf16,
    Utf32,
}

/// Splits a literal token into prefix, raw flag and the text between its quotes.
fn split_literal(text: &str, quote: char) -> Option<(LiteralPrefix, bool, &str)> {
    let q = text.find(quote)?;
    let (pre, rest) = text.split_at(q);
    let (prefix, raw) = match pre {
        "" => (LiteralPrefix::Plain, false),
        "u8" => (LiteralPrefix::Utf8, false),
        "L" => (LiteralPrefix::Wide, false),
        "u" => (LiteralPrefix::Utf16, false),
        "U" => (LiteralPrefix::Utf32, false),
        "R" => (LiteralPrefix::Plain, true),
        "u8R" => (LiteralPrefix::Utf8, true),
        "LR" => (LiteralPrefix::Wide, true),
        "uR" => (LiteralPrefix::Utf16, true),
        "UR" => (LiteralPrefix::Utf32, true),
        _ => return None,
    };
    if rest.len() < 2 || !rest.ends_with(quote) {
        return None;
    }
    Some((prefix, raw, &rest[1..rest.len() - 1]))
}

/// One unit of a literal's body: a code point written as a character or `\u`, or a raw
/// code unit written as an octal or hex escape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Unit {
    Char(u32),
    Raw(u32),
}

/// Decodes escapes; warnings (unknown escapes) are collected in `warnings`.
fn decode_units(body: &str, warnings: &mut Vec<String>) -> Result<Vec<Unit>, String> {
    let mut out = Vec::new();
    let mut it = body.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(Unit::Char(c as u32));
            continue;
        }
        let Some(e) = it.next() else {
            return Err("incomplete escape sequence".into());
        };
        let simple = match e {
            'n' => Some(10),
            't' => Some(9),
            'r' => Some(13),
            'a' => Some(7),
            'b' => Some(8),
            'f' => Some(12),
            'v' => Some(11),
            'e' | 'E' => Some(27),
            '\\' | '\'' | '"' | '?' => Some(e as u32),
            _ => None,
        };
        if let Some(v) = simple {
            out.push(Unit::Char(v));
        } else if ('0'..='7').contains(&e) {
            let mut v = e.to_digit(8).unwrap_or(0);
            for _ in 0..2 {
                match it.peek().and_then(|c| c.to_digit(8)) {
                    Some(d) => {
                        v = v * 8 + d;
                        it.next();
                    }
                    None => break,
                }
            }
            out.push(Unit::Raw(v));
        } else if e == 'x' {
            let mut v: u64 = 0;
            let mut n = 0;
            while let Some(d) = it.peek().and_then(|c| c.to_digit(16)) {
                v = (v * 16 + d as u64).min(u64::from(u32::MAX) + 1);
                n += 1;
                it.next();
            }
            if n == 0 {
                return Err("\\x used with no following hex digits".into());
            }
            if v > u32::MAX as u64 {
                return Err("hex escape sequence out of range".into());
            }
            out.push(Unit::Raw(v as u32));
        } else if e == 'u' || e == 'U' {
            let n = if e == 'u' { 4 } else { 8 };
            let mut v: u32 = 0;
            for _ in 0..n {
                match it.next().and_then(|c| c.to_digit(16)) {
                    Some(d) => v = v.wrapping_mul(16).wrapping_add(d),
                    None => return Err(format!("incomplete universal character name \\{e}")),
                }
            }
            if char::from_u32(v).is_none() {
                return Err(format!("invalid universal character \\{e}{v:x}"));
            }
            out.push(Unit::Char(v));
        } else {
            warnings.push(format!("unknown escape sequence `\\{e}`"));
            out.push(Unit::Char(e as u32));
        }
    }
    Ok(out)
}

/// Encodes narrow units as bytes: characters as UTF-8, raw escapes as one byte.
fn narrow_bytes(units: &[Unit], out: &mut Vec<u8>) -> Result<(), String> {
    for u in units {
        match *u {
            Unit::Char(c) => {
                let ch = char::from_u32(c).unwrap_or('\u{fffd}');
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            Unit::Raw(v) if v <= 0xff => out.push(v as u8),
            Unit::Raw(_) => return Err("escape sequence out of range".into()),
        }
    }
    Ok(())
}

/// A character literal's value: for plain `'x'`, the char's byte (0..=255; several bytes
/// make a multi-character constant, with a warning); for prefixed literals, the code point.
pub fn parse_char_literal(text: &str) -> Result<(u32, Vec<String>), String> {
    let mut warnings = Vec::new();
    let (prefix, raw, body) =
        split_literal(text, '\'').ok_or_else(|| "unterminated character literal".to_string())?;
    if raw || body.is_empty() {
        return Err("empty character constant".into());
    }
    let units = decode_units(body, &mut warnings)?;
    match prefix {
        LiteralPrefix::Plain => {
            let mut bytes = Vec::new();
            narrow_bytes(&units, &mut bytes)?;
            if bytes.len() > 1 {
                warnings.push("multi-character character constant".into());
            }
            if bytes.len() > 4 {
                return Err("character constant too long for its type".into());
            }
            let v = bytes.iter().fold(0u32, |a, &b| (a << 8) | b as u32);
            Ok((v, warnings))
        }
        _ => {
            if units.len() != 1 {
                return Err("wide character constant with more than one character".into());
            }
            let (Unit::Char(v) | Unit::Raw(v)) = units[0];
            Ok((v, warnings))
        }
    }
}

/// Appends a narrow string literal's bytes (escapes resolved, no NUL) to `out`. Wide
/// strings (`L"…"`, `u"…"`, `U"…"`) are not supported yet and are an error.
pub fn parse_string_literal(text: &str, out: &mut Vec<u8>) -> Result<Vec<String>, String> {
    let mut warnings = Vec::new();
    let (prefix, raw, body) =
        split_literal(text, '"').ok_or_else(|| "unterminated string literal".to_string())?;
    if !matches!(prefix, LiteralPrefix::Plain | LiteralPrefix::Utf8) {
        return Err("wide string literals are not supported yet".into());
    }
    if raw {
        // R"delim( … )delim"
        let open = body.find('(').ok_or("invalid raw string literal")?;
        let delim = &body[..open];
        let inner = body[open + 1..]
            .strip_suffix(delim)
            .and_then(|s| s.strip_suffix(')'))
            .ok_or("invalid raw string literal")?;
        out.extend_from_slice(inner.as_bytes());
        return Ok(warnings);
    }
    let units = decode_units(body, &mut warnings)?;
    narrow_bytes(&units, out)?;
    Ok(warnings)
}
