//! `const-fold`'s rule for truncated wide arithmetic: `trunc.i32 (a op b)` where each
//! operand is an extension of an `i32` value or a constant, and `op` is `add`, `sub`,
//! `mul`, `and`, `or` or `xor`, is `a' op b'` computed in 32 bits (`a'` the extended value,
//! or the constant truncated). The low bits of these operations depend only on the
//! operands' low bits, so the rule holds in wrapping arithmetic; the narrow result drops
//! `nsw`. C's usual conversions leave such code behind: `unsigned + sizeof(x)` is computed
//! in 64 bits and stored as 32 (`out[i] = pack(g) + 1000000u * sizeof(threadIdx)`), where
//! nvcc computes one 32-bit `add`. Narrower results (`i8`, `i16`, `i1`) are left alone:
//! the front end never computes in those types, and their PTX forms differ from nvcc's.
//! Cost: a look at the defining instructions of the truncated value and its two operands,
//! constant per `trunc`.

use crate::util::const_value;
use oxicc_ir::{BinaryOp, CastOp, Function, InstData, Type, Value};

/// A narrow operand: an existing `T` value, or a constant already truncated to `T`.
pub(crate) enum Narrow {
    Value(Value),
    Const(u64),
}

/// `(op, a', b')` when `trunc.to (v)` can be computed as `a' op b'` in `to`.
pub(crate) fn narrowed(func: &Function, v: Value, to: Type) -> Option<(BinaryOp, Narrow, Narrow)> {
    // Only to `i32`: narrower integer arithmetic (`i8`, `i16`, `i1` predicates) is rare in
    // the front end's output and left as it is.
    if to != Type::I32 || !func.value_type(v).is_int() {
        return None;
    }
    let (op, lhs, rhs) = match func.insts[func.def_inst(v)?].data {
        InstData::Binary { op, lhs, rhs, .. }
            if matches!(
                op,
                BinaryOp::Add
                    | BinaryOp::Sub
                    | BinaryOp::Mul
                    | BinaryOp::And
                    | BinaryOp::Or
                    | BinaryOp::Xor
            ) =>
        {
            (op, lhs, rhs)
        }
        _ => return None,
    };
    let narrow = |x: Value| -> Option<Narrow> {
        if let Some((_, k)) = const_value(func, x) {
            return Some(Narrow::Const(k & ((1u64 << to.bits()) - 1)));
        }
        match func.insts[func.def_inst(x)?].data {
            InstData::Cast {
                op: CastOp::ZExt | CastOp::SExt,
                arg,
                ..
            } if func.value_type(arg) == to => Some(Narrow::Value(arg)),
            _ => None,
        }
    };
    let (a, b) = (narrow(lhs)?, narrow(rhs)?);
    // Two constants are folded by the caller's constant rules.
    if matches!((&a, &b), (Narrow::Const(_), Narrow::Const(_))) {
        return None;
    }
    Some((op, a, b))
}
