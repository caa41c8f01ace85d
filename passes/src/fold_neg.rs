//! `const-fold`'s rules for integer negations and cancelling sums, which the C++ front end
//! leaves behind when a value and its negation meet (a moved-from object holds `-v`, a
//! copy `v + 2000`, and the kernel adds both):
//! - `x + (-y)` and `(-y) + x` → `x - y`; `x - (-y)` → `x + y` (one instruction instead
//!   of two once the negation is dead);
//! - `(x + y) - x` → `y`, `(x + y) - y` → `x`; `x + (y - x)` and `(y - x) + x` → `y`.
//!
//! Negation is `neg y` or `sub 0, y`. All rules hold in wrapping arithmetic at every width,
//! so they need no flags; a rewritten `x - y` drops `nsw`, because `x + (-y)` can be exact
//! where `x - y` is not (`y` the type's minimum, whose negation wraps to itself). Cost: a
//! look at the defining instruction of each operand, constant per instruction.

use crate::util;
use oxicc_ir::{BinaryOp, Function, InstData, UnaryOp, Value};

/// What a rule gives: a new instruction in place, or an existing value.
pub(crate) enum NegFold {
    Rewrite(InstData),
    Forward(Value),
}

/// `y` when `v` is `neg y` or `sub 0, y`.
fn negation_of(func: &Function, v: Value) -> Option<Value> {
    let d = func.def_inst(v)?;
    match func.insts[d].data {
        InstData::Unary {
            op: UnaryOp::Neg,
            arg,
        } => Some(arg),
        InstData::Binary {
            op: BinaryOp::Sub,
            lhs,
            rhs,
            ..
        } if util::const_value(func, lhs).map(|(_, bits)| bits) == Some(0) => Some(rhs),
        _ => None,
    }
}

/// The operands of `v` when it is defined by `op`.
fn operands_of(func: &Function, v: Value, op: BinaryOp) -> Option<(Value, Value)> {
    let d = func.def_inst(v)?;
    match func.insts[d].data {
        InstData::Binary {
            op: o, lhs, rhs, ..
        } if o == op => Some((lhs, rhs)),
        _ => None,
    }
}

fn sub(lhs: Value, rhs: Value) -> NegFold {
    NegFold::Rewrite(InstData::Binary {
        op: BinaryOp::Sub,
        lhs,
        rhs,
        nsw: false,
    })
}

/// Applies the rules to the integer instruction `lhs op rhs`.
pub(crate) fn simplify(func: &Function, op: BinaryOp, lhs: Value, rhs: Value) -> Option<NegFold> {
    match op {
        BinaryOp::Add => {
            // `x + (y - x)` and `(y - x) + x` are `y`.
            if let Some((y, x)) = operands_of(func, rhs, BinaryOp::Sub) {
                if x == lhs {
                    return Some(NegFold::Forward(y));
                }
            }
            if let Some((y, x)) = operands_of(func, lhs, BinaryOp::Sub) {
                if x == rhs {
                    return Some(NegFold::Forward(y));
                }
            }
            if let Some(y) = negation_of(func, rhs) {
                return Some(sub(lhs, y));
            }
            negation_of(func, lhs).map(|y| sub(rhs, y))
        }
        BinaryOp::Sub => {
            if let Some((a, b)) = operands_of(func, lhs, BinaryOp::Add) {
                if a == rhs {
                    return Some(NegFold::Forward(b));
                }
                if b == rhs {
                    return Some(NegFold::Forward(a));
                }
            }
            // `0 - (-y)` is left to the double-negation rule's form: only a non-zero left.
            let y = negation_of(func, rhs)?;
            if util::const_value(func, lhs).map(|(_, bits)| bits) == Some(0) {
                return None;
            }
            Some(NegFold::Rewrite(InstData::Binary {
                op: BinaryOp::Add,
                lhs,
                rhs: y,
                nsw: false,
            }))
        }
        _ => None,
    }
}
