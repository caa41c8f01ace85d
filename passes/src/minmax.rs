//! `minmax`: integer `select`s that compute a minimum or a maximum become `smin`/`smax`/
//! `umin`/`umax` (one PTX `min`/`max` instead of a `setp` and a `selp`), as cicc's
//! instcombine turns them into `llvm.smin` & co.
//!
//! Two shapes, for `i16`/`i32`/`i64` values and the eight ordered comparisons:
//! - `a < b ? a : b` → `min(a, b)`, `a < b ? b : a` → `max(a, b)` (every operand order,
//!   both branch polarities, `<=` as `<`: when `a == b` both arms are equal);
//! - the clamp `x < lo ? lo : (x > hi ? hi : x)` with constants `lo <= hi`:
//!   `select(x < C, C, y)` → `max(y, C)` when `y = min(x, C2)` and `C <= C2` (for `x < C`,
//!   `min(x, C2) = x < C`; otherwise `min(x, C2) >= C`), and the mirror image
//!   `select(x > C, C, max(x, C2))` → `min(max(x, C2), C)` when `C2 <= C`.
//!
//! Float selects are left alone (NaN and signed zero make `fmin`/`fmax` differ). One sweep
//! in layout order, so an inner select is already a `min`/`max` when the outer one is
//! looked at; each rewrite is in place (linear in the function).

use oxicc_ir::{BinaryOp, Function, InstData, IntCC, Type, Value};

use crate::util::const_value;

pub fn run(func: &mut Function) -> bool {
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        for ii in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            let InstData::Select {
                cond,
                if_true,
                if_false,
            } = func.insts[i].data
            else {
                continue;
            };
            let Some(result) = func.insts[i].result else {
                continue;
            };
            if !matches!(func.value_type(result), Type::I16 | Type::I32 | Type::I64) {
                continue;
            }
            if let Some(data) = rewrite(func, cond, if_true, if_false) {
                func.insts[i].data = data;
                changed = true;
            }
        }
    }
    changed
}

/// The `min`/`max` equal to `select cond, t, f`, if any.
fn rewrite(func: &Function, cond: Value, t: Value, f: Value) -> Option<InstData> {
    let InstData::ICmp { cond: cc, lhs, rhs } = func.insts[func.def_inst(cond)?].data else {
        return None;
    };
    // `select(P, c, y)` with `c` the arm the comparison names; the other polarity is
    // `select(!P, f, t)`.
    for (c, y, cc) in [(t, f, cc), (f, t, ordered_inverse(cc)?)] {
        // `x cc c`, with `x` the other compared value.
        let (x, cc) = if same(func, rhs, c) {
            (lhs, cc)
        } else if same(func, lhs, c) {
            (rhs, cc.swapped())
        } else {
            continue;
        };
        let (signed, below) = order(cc)?;
        // `x below c` gives `c`, so the result is at least `c`: `max(y, c)` (or `min`).
        let (outer, inner) = match (signed, below) {
            (true, true) => (BinaryOp::SMax, BinaryOp::SMin),
            (true, false) => (BinaryOp::SMin, BinaryOp::SMax),
            (false, true) => (BinaryOp::UMax, BinaryOp::UMin),
            (false, false) => (BinaryOp::UMin, BinaryOp::UMax),
        };
        let ok = same(func, y, x) || inner_bound_fits(func, y, x, c, inner, signed, below);
        if ok {
            return Some(InstData::Binary {
                op: outer,
                lhs: y,
                rhs: c,
                nsw: false,
            });
        }
    }
    None
}

/// `y = inner(x, c2)` with constants `c <= c2` (`below`) or `c2 <= c` (otherwise).
fn inner_bound_fits(
    func: &Function,
    y: Value,
    x: Value,
    c: Value,
    inner: BinaryOp,
    signed: bool,
    below: bool,
) -> bool {
    let Some(d) = func.def_inst(y) else {
        return false;
    };
    let InstData::Binary { op, lhs, rhs, .. } = func.insts[d].data else {
        return false;
    };
    let c2 = match (op == inner, same(func, lhs, x), same(func, rhs, x)) {
        (true, true, _) => rhs,
        (true, _, true) => lhs,
        _ => return false,
    };
    let (Some((ty, c)), Some((_, c2))) = (const_value(func, c), const_value(func, c2)) else {
        return false;
    };
    let bits = ty.bits();
    let key = |v: u64| -> i128 {
        if signed {
            ((v << (64 - bits)) as i64 >> (64 - bits)) as i128
        } else {
            (v & (u64::MAX >> (64 - bits))) as i128
        }
    };
    if below {
        key(c) <= key(c2)
    } else {
        key(c2) <= key(c)
    }
}

/// `(signed, below)` for an ordered comparison `x cc c`: `below` when it holds for small `x`.
fn order(cc: IntCC) -> Option<(bool, bool)> {
    Some(match cc {
        IntCC::Slt | IntCC::Sle => (true, true),
        IntCC::Sgt | IntCC::Sge => (true, false),
        IntCC::Ult | IntCC::Ule => (false, true),
        IntCC::Ugt | IntCC::Uge => (false, false),
        _ => return None,
    })
}

/// The same value: one SSA value, or two integer constants with equal bits (`cse` has not
/// merged the front end's repeated constants yet).
fn same(func: &Function, a: Value, b: Value) -> bool {
    a == b
        || matches!(
            (const_value(func, a), const_value(func, b)),
            (Some((ta, x)), Some((tb, y))) if ta == tb && x == y && ta.is_int()
        )
}

/// The negation of an ordered comparison (`None` for `==`/`!=`, which are not clamps).
fn ordered_inverse(cc: IntCC) -> Option<IntCC> {
    (!matches!(cc, IntCC::Eq | IntCC::Ne)).then(|| cc.inverse())
}
