//! Literal conversion: integers (bases, suffixes, separators, range), floats (exact
//! rounding, `f` literals rounded once, hex floats, subnormals), characters and strings.
//! Expected values come from Rust literals and bit patterns, computed independently.

use oxicc::ast::IntSuffix;
use oxicc::parse::literal::*;

fn int(text: &str) -> (u128, bool, u8, bool) {
    let i = parse_int_literal(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    (i.value, i.suffix.unsigned, i.suffix.longs, i.decimal)
}

#[test]
fn integer_bases_suffixes_and_separators() {
    assert_eq!(int("0"), (0, false, 0, true));
    assert_eq!(int("42"), (42, false, 0, true));
    assert_eq!(int("0x1F"), (31, false, 0, false));
    assert_eq!(int("0XffU"), (255, true, 0, false));
    assert_eq!(int("017"), (15, false, 0, false));
    assert_eq!(int("0b101"), (5, false, 0, false));
    assert_eq!(int("1'000'000"), (1_000_000, false, 0, true));
    assert_eq!(int("10ul"), (10, true, 1, true));
    assert_eq!(int("10LU"), (10, true, 1, true));
    assert_eq!(int("7ll"), (7, false, 2, true));
    assert_eq!(int("7ULL"), (7, true, 2, true));
    assert_eq!(int("7llu"), (7, true, 2, true));
    assert_eq!(
        int("18446744073709551615"),
        (u64::MAX as u128, false, 0, true)
    );
    assert_eq!(
        int("0xFFFFFFFFFFFFFFFF"),
        (u64::MAX as u128, false, 0, false)
    );
    assert_eq!(
        parse_int_literal("5u").unwrap().suffix,
        IntSuffix {
            unsigned: true,
            longs: 0
        }
    );
}

#[test]
fn invalid_integers() {
    let too_large = "integer literal is too large to be represented in any integer type";
    assert_eq!(
        parse_int_literal("18446744073709551616").unwrap_err(),
        too_large
    );
    assert_eq!(
        parse_int_literal("0x1FFFFFFFFFFFFFFFF").unwrap_err(),
        too_large
    );
    assert_eq!(
        parse_int_literal("999999999999999999999999999999999999999999999").unwrap_err(),
        too_large
    );
    assert_eq!(
        parse_int_literal("08").unwrap_err(),
        "invalid digit `8` in octal constant"
    );
    assert_eq!(
        parse_int_literal("10lL").unwrap_err(),
        "invalid suffix `lL` on integer literal"
    );
    assert_eq!(
        parse_int_literal("10uu").unwrap_err(),
        "invalid suffix `uu` on integer literal"
    );
    assert_eq!(
        parse_int_literal("12abc").unwrap_err(),
        "invalid suffix `abc` on integer literal"
    );
    assert!(parse_int_literal("0x").is_err());
    assert!(parse_int_literal("0b2").is_err());
}

fn float(text: &str) -> (f64, bool) {
    let f = parse_float_literal(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    (f.value, f.is_float)
}

#[test]
fn decimal_floats() {
    assert!(is_float_literal("1.5") && is_float_literal("1e3") && is_float_literal(".5f"));
    assert!(is_float_literal("0x1p3") && !is_float_literal("0x1e3") && !is_float_literal("15"));
    assert_eq!(float("1.5"), (1.5, false));
    assert_eq!(float("0.1"), (0.1f64, false));
    assert_eq!(float("0.1f"), (0.1f32 as f64, true));
    assert_eq!(float("1e10F"), (1e10f32 as f64, true));
    assert_eq!(float("1."), (1.0, false));
    assert_eq!(float(".25"), (0.25, false));
    assert_eq!(float("2.5e-3L"), (2.5e-3, false));
    assert_eq!(float("1'000.5"), (1000.5, false));
    assert_eq!(float("3.4028235e38f"), (f32::MAX as f64, true));
    assert_eq!(float("4.9e-324"), (f64::from_bits(1), false));
    assert_eq!(parse_float_literal("0.1f").unwrap().cleaned, "0.1");
}

#[test]
fn float_literals_are_rounded_once() {
    // Just above the midpoint between 1 and the next float (1 + 2^-24 is the midpoint).
    // Rounded directly to f32 it goes up; rounded to f64 first it lands exactly on the
    // midpoint and then ties to even (down) — the double-rounding error to avoid.
    let (v, is_float) = float("1.000000059604644775390626f");
    assert!(is_float);
    assert_eq!(v, f32::from_bits(0x3f80_0001) as f64);
}

#[test]
fn float_overflow_is_flagged() {
    let f = parse_float_literal("1e39f").unwrap();
    assert!(f.overflow && f.value.is_infinite());
    let d = parse_float_literal("1e309").unwrap();
    assert!(d.overflow);
    assert!(!parse_float_literal("1e38f").unwrap().overflow);
}

#[test]
fn hex_floats() {
    assert_eq!(float("0x1p0"), (1.0, false));
    assert_eq!(float("0x1.8p1"), (3.0, false));
    assert_eq!(float("0x.8p1"), (1.0, false));
    assert_eq!(float("0xA.8p0"), (10.5, false));
    assert_eq!(float("0x1p-2f"), (0.25, true));
    // Smallest subnormal, and ties around it.
    assert_eq!(float("0x1p-1074"), (f64::from_bits(1), false));
    assert_eq!(float("0x1p-1075"), (0.0, false));
    assert_eq!(float("0x1.0000000000001p-1075"), (f64::from_bits(1), false));
    assert_eq!(float("0x1.8p-1074"), (f64::from_bits(2), false));
    // Halfway between the largest double below 2 and 2: ties to even (up to 2).
    assert_eq!(float("0x1.fffffffffffff8p0"), (2.0, false));
    assert_eq!(
        float("0x1.fffffffffffff7p0"),
        (f64::from_bits(0x3fff_ffff_ffff_ffff), false)
    );
    assert_eq!(float("0x1.fffffffffffffp1023"), (f64::MAX, false));
    assert!(parse_float_literal("0x1p1024").unwrap().overflow);
    // float: exact rounding to 24 bits.
    assert_eq!(float("0x1.fffffep127f"), (f32::MAX as f64, true));
    assert_eq!(float("0x1p-149f"), (f32::from_bits(1) as f64, true));
    assert_eq!(float("0x1.000001p0f"), (1.0, true));
    assert_eq!(
        float("0x1.0000018p0f"),
        (f32::from_bits(0x3f80_0001) as f64, true)
    );
    assert!(parse_float_literal("0x1p128f").unwrap().overflow);
    // Many digits: the dropped ones still count (sticky).
    assert_eq!(
        float("0x1.00000000000008000000000000000001p0"),
        (f64::from_bits(0x3ff0_0000_0000_0001), false)
    );
    assert!(parse_float_literal("0x1.8").is_err());
    assert!(parse_float_literal("1e").is_err());
    assert!(parse_float_literal("1.2.3").is_err());
}

fn ch(text: &str) -> u32 {
    parse_char_literal(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .0
}

#[test]
fn characters() {
    assert_eq!(ch("'a'"), 97);
    assert_eq!(ch("'\\n'"), 10);
    assert_eq!(ch("'\\t'"), 9);
    assert_eq!(ch("'\\0'"), 0);
    assert_eq!(ch("'\\\\'"), 92);
    assert_eq!(ch("'\\''"), 39);
    assert_eq!(ch("'\"'"), 34);
    assert_eq!(ch("'\\x41'"), 65);
    assert_eq!(ch("'\\101'"), 65);
    assert_eq!(ch("'\\xff'"), 255);
    assert_eq!(ch("'\\377'"), 255);
    assert_eq!(ch("u'\\u00e9'"), 0xe9);
    assert_eq!(ch("U'\\U0001F600'"), 0x1F600);
    assert_eq!(ch("L'a'"), 97);
    let (v, warnings) = parse_char_literal("'ab'").unwrap();
    assert_eq!(v, (97 << 8) | 98);
    assert_eq!(warnings, ["multi-character character constant"]);
    let (v, warnings) = parse_char_literal("'\\q'").unwrap();
    assert_eq!((v, warnings.len()), (113, 1));
    assert!(parse_char_literal("''").is_err());
    assert!(parse_char_literal("'\\x'").is_err());
}

fn string(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    parse_string_literal(text, &mut out).unwrap_or_else(|e| panic!("{text}: {e}"));
    out
}

#[test]
fn strings() {
    assert_eq!(string("\"a\\tb\""), b"a\tb");
    assert_eq!(string("\"\\x41\\102\""), b"AB");
    assert_eq!(string("\"%d\\n\""), b"%d\n");
    assert_eq!(string("\"\\u00e9\""), "é".as_bytes());
    assert_eq!(string("u8\"é\""), "é".as_bytes());
    assert_eq!(string("\"\\0\""), [0]);
    assert_eq!(string("R\"x(a\\n\")x\""), b"a\\n\"");
    assert_eq!(string("\"\""), b"");
    let mut out = Vec::new();
    assert_eq!(
        parse_string_literal("L\"x\"", &mut out).unwrap_err(),
        "wide string literals are not supported yet"
    );
    assert!(parse_string_literal("\"\\x100\"", &mut out).is_err());
}
