//! Known trailing zero bits of an integer value: how many low bits are zero for every
//! execution, from constants, `shl` by a constant, `mul`, `and`, `or`, `add`/`sub`, `select`
//! and extensions. `ext-offsets` uses it: when `x` has `k` known trailing zeros and
//! `0 <= C < 2^k`, then `x + C` only fills low bits that are zero (it equals `x | C`), so
//! it can carry into neither the sign bit nor past the top, and `sext(x + C)` =
//! `sext(x) + C`, `zext(x + C)` = `zext(x) + C` (`out[4 * id + 1]` with unsigned `id`, as
//! nvcc addresses it: `[%rd+4]`).
//!
//! Each query follows at most `depth` definitions (the caller's bound), so it costs a
//! constant per query.

use oxicc_ir::{BinaryOp, CastOp, Function, InstData, Value};

use crate::util::const_value;

/// A lower bound on the number of trailing zero bits of integer value `v` (at most its
/// width), following at most `depth` definitions.
pub fn trailing_zeros(func: &Function, v: Value, depth: u32) -> u32 {
    let ty = func.value_type(v);
    if !ty.is_int() {
        return 0;
    }
    let width = ty.bits();
    if let Some((_, c)) = const_value(func, v) {
        let c = if width >= 64 {
            c
        } else {
            c & ((1u64 << width) - 1)
        };
        return c.trailing_zeros().min(width);
    }
    if depth == 0 {
        return 0;
    }
    let Some(i) = func.def_inst(v) else {
        return 0;
    };
    let tz = |x: Value| trailing_zeros(func, x, depth - 1);
    let r = match func.insts[i].data {
        InstData::Binary { op, lhs, rhs, .. } => match op {
            // The low bits of a sum are zero where both operands' are (no carry from below).
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or | BinaryOp::Xor => tz(lhs).min(tz(rhs)),
            BinaryOp::And => tz(lhs).max(tz(rhs)),
            BinaryOp::Mul => tz(lhs).saturating_add(tz(rhs)),
            // An amount >= the width gives 0 (PTX clamps): every bit is zero then too.
            BinaryOp::Shl => match const_value(func, rhs) {
                Some((_, k)) => tz(lhs).saturating_add(k.min(u64::from(width)) as u32),
                None => 0,
            },
            _ => 0,
        },
        InstData::Select {
            if_true, if_false, ..
        } => tz(if_true).min(tz(if_false)),
        // Extending keeps the low bits; the narrow value's zeros are at most its width.
        InstData::Cast {
            op: CastOp::SExt | CastOp::ZExt,
            arg,
            ..
        } => tz(arg),
        _ => 0,
    };
    r.min(width)
}
