//! C's arithmetic conversion rules on type kinds: integer promotion, the usual arithmetic
//! conversions, and wrapping a mathematical value into an integer type.
//!
//! These are pure functions of `IntKind`/`FloatKind`, shared by the constant evaluator and
//! by code generation so both agree exactly (C11 6.3.1.1 and 6.3.1.8, with `int` 32-bit,
//! `long` 64-bit and plain `char` signed as on nvcc's targets).

use super::types::{FloatKind, IntKind};

/// An arithmetic type reduced to what the conversions need.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arith {
    Int(IntKind),
    Float(FloatKind),
}

/// Integer promotion: every kind of rank below `int` becomes `int` (all of them fit).
pub fn promote(k: IntKind) -> IntKind {
    if k.rank() < IntKind::Int.rank() {
        IntKind::Int
    } else {
        k
    }
}

/// The common type of two promoted integer kinds (C11 6.3.1.8 integer part).
pub fn common_int(a: IntKind, b: IntKind) -> IntKind {
    let (a, b) = (promote(a), promote(b));
    if a == b {
        return a;
    }
    if a.signed() == b.signed() {
        return if a.rank() >= b.rank() { a } else { b };
    }
    let (s, u) = if a.signed() { (a, b) } else { (b, a) };
    if u.rank() >= s.rank() {
        u
    } else if s.bits() > u.bits() {
        s
    } else {
        s.to_unsigned()
    }
}

/// The usual arithmetic conversions.
pub fn usual_arith(a: Arith, b: Arith) -> Arith {
    match (a, b) {
        (Arith::Float(FloatKind::Double), _) | (_, Arith::Float(FloatKind::Double)) => {
            Arith::Float(FloatKind::Double)
        }
        (Arith::Float(_), _) | (_, Arith::Float(_)) => Arith::Float(FloatKind::Float),
        (Arith::Int(x), Arith::Int(y)) => Arith::Int(common_int(x, y)),
    }
}

/// Reduces `v` modulo 2^bits of `k` and reinterprets it with `k`'s signedness.
pub fn wrap_int(v: i128, k: IntKind) -> i128 {
    if k == IntKind::Bool {
        return (v != 0) as i128;
    }
    let bits = k.bits();
    if bits >= 128 {
        return v;
    }
    let mask = (1i128 << bits) - 1;
    let low = v & mask;
    if k.signed() && (low >> (bits - 1)) & 1 == 1 {
        low - (1i128 << bits)
    } else {
        low
    }
}

/// The type C++ gives an integer literal (C++ [lex.icon] table, `long` 64-bit).
pub fn literal_kind(value: u128, unsigned: bool, longs: u8, decimal: bool) -> Option<IntKind> {
    use IntKind::*;
    let candidates: &[IntKind] = match (unsigned, longs, decimal) {
        (false, 0, true) => &[Int, Long, LongLong],
        (false, 0, false) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
        (false, 1, true) => &[Long, LongLong],
        (false, 1, false) => &[Long, ULong, LongLong, ULongLong],
        (false, _, true) => &[LongLong],
        (false, _, false) => &[LongLong, ULongLong],
        (true, 0, _) => &[UInt, ULong, ULongLong],
        (true, 1, _) => &[ULong, ULongLong],
        (true, _, _) => &[ULongLong],
    };
    for &k in candidates {
        let max: u128 = if k.signed() {
            (1u128 << (k.bits() - 1)) - 1
        } else {
            (1u128 << k.bits()) - 1
        };
        if value <= max {
            return Some(k);
        }
    }
    // EDG gives a too-large decimal literal `unsigned long long` (with a warning).
    (value <= u64::MAX as u128).then_some(ULongLong)
}

/// The integer `v` is a value of kind `k`.
pub fn int_fits(v: i128, k: IntKind) -> bool {
    let bits = k.bits();
    if bits >= 128 {
        return true;
    }
    if k.signed() {
        let half = 1i128 << (bits - 1);
        (-half..half).contains(&v)
    } else {
        (0..(1i128 << bits)).contains(&v)
    }
}

/// EDG's warning for a constant integer `v` converted to kind `t`, if it does not fit.
pub fn constant_int_loss(v: i128, t: IntKind) -> Option<&'static str> {
    if t == IntKind::Bool || int_fits(v, t) {
        return None;
    }
    let bits = t.bits();
    // The bits still fit (as the other signedness): only the sign changed.
    if v >= -(1i128 << (bits - 1)) && v < (1i128 << bits) {
        Some("integer conversion resulted in a change of sign")
    } else {
        Some("integer conversion resulted in truncation")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_int_wins_over_int_and_long_over_unsigned_int() {
        assert_eq!(common_int(IntKind::Int, IntKind::UInt), IntKind::UInt);
        // long (64-bit) can hold every unsigned int.
        assert_eq!(common_int(IntKind::Long, IntKind::UInt), IntKind::Long);
        assert_eq!(
            common_int(IntKind::Long, IntKind::ULongLong),
            IntKind::ULongLong
        );
        // long long vs unsigned long: unsigned long has lower rank but equal width.
        assert_eq!(
            common_int(IntKind::LongLong, IntKind::ULong),
            IntKind::ULongLong
        );
        assert_eq!(common_int(IntKind::Char, IntKind::UShort), IntKind::Int);
    }

    #[test]
    fn wrapping_matches_twos_complement() {
        assert_eq!(wrap_int(255, IntKind::Char), -1);
        assert_eq!(wrap_int(-1, IntKind::UInt), 4294967295);
        assert_eq!(wrap_int(1 << 40, IntKind::Int), 0);
    }

    #[test]
    fn literal_types_follow_the_cpp_table() {
        assert_eq!(
            literal_kind(2147483648, false, 0, true),
            Some(IntKind::Long)
        );
        assert_eq!(
            literal_kind(0x80000000, false, 0, false),
            Some(IntKind::UInt)
        );
        assert_eq!(literal_kind(5, true, 2, true), Some(IntKind::ULongLong));
    }
}
