//! Float constant folding, IEEE-exact through Rust's `f32`/`f64` (which round to nearest
//! even, as PTX's default `.rn` does, and whose `sqrt`, `mul_add` and `%` are correctly
//! rounded / exact like `sqrt.rn`, `fma.rn` and C `fmod`).
//!
//! Results that are NaN are not folded: PTX produces a canonical NaN whose bits Rust does
//! not promise, so the instruction is left for the hardware. `min`/`max` of two zeros of
//! different sign are not folded either. Denormals are kept (no flush-to-zero); `f16` and
//! `bf16` fold only sign-bit operations and bitcasts.

use oxicc_ir::{BinaryOp, CastOp, FloatCC, Type, UnaryOp};

/// A float constant in a wide form, with its type.
#[derive(Copy, Clone)]
enum F {
    S(f32),
    D(f64),
}

fn read(bits: u64, ty: Type) -> Option<F> {
    match ty {
        Type::F32 => Some(F::S(f32::from_bits(bits as u32))),
        Type::F64 => Some(F::D(f64::from_bits(bits))),
        _ => None,
    }
}

/// The bits of a result, refusing NaN.
fn bits_of(v: F) -> Option<u64> {
    match v {
        F::S(x) if !x.is_nan() => Some(x.to_bits() as u64),
        F::D(x) if !x.is_nan() => Some(x.to_bits()),
        _ => None,
    }
}

pub fn unary(op: UnaryOp, a: u64, ty: Type) -> Option<u64> {
    if !ty.is_float() {
        return None;
    }
    let sign = 1u64 << (ty.bits() - 1);
    match op {
        UnaryOp::FNeg => return Some(a ^ sign),
        UnaryOp::FAbs => return Some(a & !sign),
        _ => {}
    }
    let r = match (read(a, ty)?, op) {
        (F::S(x), UnaryOp::FSqrt) => F::S(x.sqrt()),
        (F::D(x), UnaryOp::FSqrt) => F::D(x.sqrt()),
        (F::S(x), UnaryOp::FRint) => F::S(x.round_ties_even()),
        (F::D(x), UnaryOp::FRint) => F::D(x.round_ties_even()),
        (F::S(x), UnaryOp::FTrunc) => F::S(x.trunc()),
        (F::D(x), UnaryOp::FTrunc) => F::D(x.trunc()),
        (F::S(x), UnaryOp::FFloor) => F::S(x.floor()),
        (F::D(x), UnaryOp::FFloor) => F::D(x.floor()),
        (F::S(x), UnaryOp::FCeil) => F::S(x.ceil()),
        (F::D(x), UnaryOp::FCeil) => F::D(x.ceil()),
        _ => return None,
    };
    bits_of(r)
}

pub fn binary(op: BinaryOp, a: u64, b: u64, ty: Type) -> Option<u64> {
    if op == BinaryOp::FCopysign && ty.is_float() {
        let sign = 1u64 << (ty.bits() - 1);
        return Some((a & !sign) | (b & sign));
    }
    macro_rules! go {
        ($x:expr, $y:expr, $wrap:path) => {{
            let (x, y) = ($x, $y);
            if matches!(op, BinaryOp::FMin | BinaryOp::FMax)
                && x == 0.0
                && y == 0.0
                && x.is_sign_negative() != y.is_sign_negative()
            {
                return None;
            }
            $wrap(match op {
                BinaryOp::FAdd | BinaryOp::FAddRn => x + y,
                BinaryOp::FSub | BinaryOp::FSubRn => x - y,
                BinaryOp::FMul | BinaryOp::FMulRn => x * y,
                BinaryOp::FDiv => x / y,
                BinaryOp::FRem => x % y,
                // Rust's min/max are IEEE minNum/maxNum: a NaN operand loses, like PTX.
                BinaryOp::FMin => x.min(y),
                BinaryOp::FMax => x.max(y),
                _ => return None,
            })
        }};
    }
    let r = match (read(a, ty)?, read(b, ty)?) {
        (F::S(x), F::S(y)) => go!(x, y, F::S),
        (F::D(x), F::D(y)) => go!(x, y, F::D),
        _ => return None,
    };
    bits_of(r)
}

pub fn fma(a: u64, b: u64, c: u64, ty: Type) -> Option<u64> {
    let r = match (read(a, ty)?, read(b, ty)?, read(c, ty)?) {
        (F::S(x), F::S(y), F::S(z)) => F::S(x.mul_add(y, z)),
        (F::D(x), F::D(y), F::D(z)) => F::D(x.mul_add(y, z)),
        _ => return None,
    };
    bits_of(r)
}

pub fn fcmp(cond: FloatCC, a: u64, b: u64, ty: Type) -> Option<bool> {
    let (x, y) = match (read(a, ty)?, read(b, ty)?) {
        (F::S(x), F::S(y)) => (x as f64, y as f64),
        (F::D(x), F::D(y)) => (x, y),
        _ => return None,
    };
    let uno = x.is_nan() || y.is_nan();
    Some(match cond {
        FloatCC::Oeq => !uno && x == y,
        FloatCC::One => !uno && x != y,
        FloatCC::Olt => !uno && x < y,
        FloatCC::Ole => !uno && x <= y,
        FloatCC::Ogt => !uno && x > y,
        FloatCC::Oge => !uno && x >= y,
        FloatCC::Ord => !uno,
        FloatCC::Ueq => uno || x == y,
        FloatCC::Une => uno || x != y,
        FloatCC::Ult => uno || x < y,
        FloatCC::Ule => uno || x <= y,
        FloatCC::Ugt => uno || x > y,
        FloatCC::Uge => uno || x >= y,
        FloatCC::Uno => uno,
    })
}

/// Conversions with a float on either side, and same-width bitcasts.
pub fn cast(op: CastOp, a: u64, from: Type, to: Type) -> Option<u64> {
    let int_bits = |t: Type| (t.is_int() && (8..=64).contains(&t.bits())).then_some(t.bits());
    match op {
        CastOp::Bitcast => {
            (from.bits() == to.bits() && from.bits() <= 64 && !from.is_ptr() && !to.is_ptr())
                .then(|| crate::fold_int::mask(a, to.bits()))
        }
        CastOp::FpToSi | CastOp::FpToUi => {
            let x = match read(a, from)? {
                F::S(x) => x as f64,
                F::D(x) => x,
            };
            let bits = int_bits(to)?;
            // Rust's `as` saturates and maps NaN to 0, which is what `cvt.rzi` does.
            let r = match (op, bits) {
                (CastOp::FpToSi, 8) => x as i8 as u64,
                (CastOp::FpToSi, 16) => x as i16 as u64,
                (CastOp::FpToSi, 32) => x as i32 as u64,
                (CastOp::FpToSi, _) => x as i64 as u64,
                (_, 8) => x as u8 as u64,
                (_, 16) => x as u16 as u64,
                (_, 32) => x as u32 as u64,
                _ => x as u64,
            };
            Some(crate::fold_int::mask(r, bits))
        }
        CastOp::SiToFp | CastOp::UiToFp => {
            let bits = int_bits(from)?;
            let a = crate::fold_int::mask(a, bits);
            // One rounding from the exact integer: `as` rounds to nearest even.
            let r = match (op, to) {
                (CastOp::SiToFp, Type::F32) => F::S(crate::fold_int::sext(a, bits) as f32),
                (CastOp::SiToFp, Type::F64) => F::D(crate::fold_int::sext(a, bits) as f64),
                (_, Type::F32) => F::S(a as f32),
                (_, Type::F64) => F::D(a as f64),
                _ => return None,
            };
            bits_of(r)
        }
        CastOp::FpExt => match (read(a, from)?, to) {
            (F::S(x), Type::F64) => bits_of(F::D(x as f64)),
            _ => None,
        },
        CastOp::FpTrunc => match (read(a, from)?, to) {
            (F::D(x), Type::F32) => bits_of(F::S(x as f32)),
            _ => None,
        },
        _ => None,
    }
}
