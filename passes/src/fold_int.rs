//! Integer constant folding with the IR's (PTX's) exact semantics.
//!
//! Values are the zero-extended bits of their type, as `IConst` stores them. Arithmetic
//! wraps at the type's width; shifts take the amount as an unsigned value of the operand
//! type and give 0 (or the sign, for `ashr`) when it is at least the width, as PTX clamps
//! shift amounts. Division and remainder by zero, and the signed `MIN / -1` overflow, are
//! never folded: C leaves them undefined and PTX returns a machine-specific value, so the
//! instruction stays as written. `i128` is not folded (constants hold 64 bits).

use oxicc_ir::{BinaryOp, CastOp, IntCC, Type, UnaryOp};

/// Keeps the low `bits` bits.
pub fn mask(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// Interprets the low `bits` bits as a signed number.
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let sh = 64 - bits;
        ((v << sh) as i64) >> sh
    }
}

/// Widths this module folds: every integer type but `i128`, and pointers never.
fn foldable(ty: Type) -> Option<u32> {
    (ty.is_int() && ty.bits() <= 64).then_some(ty.bits())
}

pub fn unary(op: UnaryOp, a: u64, ty: Type) -> Option<u64> {
    let bits = foldable(ty)?;
    let r = match op {
        UnaryOp::Neg => a.wrapping_neg(),
        UnaryOp::Not => !a,
        UnaryOp::Popc => mask(a, bits).count_ones() as u64,
        UnaryOp::Clz => (mask(a, bits).leading_zeros() - (64 - bits)) as u64,
        UnaryOp::Brev => mask(a, bits).reverse_bits() >> (64 - bits),
        _ => return None,
    };
    Some(mask(r, bits))
}

pub fn binary(op: BinaryOp, a: u64, b: u64, ty: Type) -> Option<u64> {
    let bits = foldable(ty)?;
    let (a, b) = (mask(a, bits), mask(b, bits));
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let min_signed = sext(1u64 << (bits - 1), bits);
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::UDiv if b != 0 => a / b,
        BinaryOp::URem if b != 0 => a % b,
        BinaryOp::SDiv if b != 0 && !(sa == min_signed && sb == -1) => (sa / sb) as u64,
        BinaryOp::SRem if b != 0 && !(sa == min_signed && sb == -1) => (sa % sb) as u64,
        BinaryOp::UDiv | BinaryOp::URem | BinaryOp::SDiv | BinaryOp::SRem => return None,
        BinaryOp::SMulHi => ((sa as i128 * sb as i128) >> bits) as u64,
        BinaryOp::UMulHi => ((a as u128 * b as u128) >> bits) as u64,
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => {
            if b >= bits as u64 {
                0
            } else {
                a << b
            }
        }
        BinaryOp::LShr => {
            if b >= bits as u64 {
                0
            } else {
                a >> b
            }
        }
        // `sa` is already sign-extended to 64 bits, so shifting by up to 63 fills the sign.
        BinaryOp::AShr => (sa >> b.min(63)) as u64,
        BinaryOp::SMin => sa.min(sb) as u64,
        BinaryOp::SMax => sa.max(sb) as u64,
        BinaryOp::UMin => a.min(b),
        BinaryOp::UMax => a.max(b),
        _ => return None,
    };
    Some(mask(r, bits))
}

pub fn icmp(cond: IntCC, a: u64, b: u64, ty: Type) -> Option<bool> {
    let bits = if ty.is_ptr() { 64 } else { foldable(ty)? };
    let (a, b) = (mask(a, bits), mask(b, bits));
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    Some(match cond {
        IntCC::Eq => a == b,
        IntCC::Ne => a != b,
        IntCC::Slt => sa < sb,
        IntCC::Sle => sa <= sb,
        IntCC::Sgt => sa > sb,
        IntCC::Sge => sa >= sb,
        IntCC::Ult => a < b,
        IntCC::Ule => a <= b,
        IntCC::Ugt => a > b,
        IntCC::Uge => a >= b,
    })
}

/// `trunc`, `zext`, `sext` between integer types of at most 64 bits.
pub fn cast(op: CastOp, a: u64, from: Type, to: Type) -> Option<u64> {
    let fb = foldable(from)?;
    let tb = foldable(to)?;
    let a = mask(a, fb);
    Some(match op {
        CastOp::Trunc | CastOp::ZExt => mask(a, tb),
        CastOp::SExt => mask(sext(a, fb) as u64, tb),
        _ => return None,
    })
}

/// True for operations where `a op b == b op a`.
pub fn is_commutative(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add
            | BinaryOp::Mul
            | BinaryOp::SMulHi
            | BinaryOp::UMulHi
            | BinaryOp::And
            | BinaryOp::Or
            | BinaryOp::Xor
            | BinaryOp::SMin
            | BinaryOp::SMax
            | BinaryOp::UMin
            | BinaryOp::UMax
            | BinaryOp::FAdd
            | BinaryOp::FMul
            | BinaryOp::FAddRn
            | BinaryOp::FMulRn
    )
}
