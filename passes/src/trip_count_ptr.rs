//! Constant trip counts of loops whose induction variable is a pointer, for `loop-unroll`:
//! the range-`for` shape `for (T* p = a; p != a + N; ++p)` over a local array or a small
//! container's `begin()`/`end()`.
//!
//! The loop is counted when a pointer header parameter `p` receives `R + c0` on every
//! entering edge and `p + s` on the back edge (constant `ptradd`s), and the exiting block
//! (as in `trip_count.rs`: the header or the latch, run once per iteration) ends in
//! `brif (icmp eq|ne x, E)` (of the pointers or of their `ptrtoint`s, as the front end
//! compares pointers) where `x` is `p` plus constant offsets and `E` is `R + c1`.
//! `R` is the same root on both sides: the same value, or structurally the same address
//! (`stackaddr` of one slot, `globaladdr` of one global, the same `addrspacecast` of such
//! a root), because `cse` runs after the unroller and the front end computes `begin()` and
//! `end()` separately. Equality of two pointers with one root is equality of their offsets,
//! so the test is simulated on 64-bit offsets (wrapping, exactly as the addresses would)
//! for at most `cap` + 1 iterations. Cost: O(cap + chain length) per loop.

use oxicc_ir::{Block, CastOp, Function, InstData, IntCC, LoopData, Type, Value, ValueDef};

use crate::util::const_value;

/// Longest chain of constant `ptradd`s followed.
const MAX_CHAIN: usize = 8;

/// `v` as `root + offset` through constant `ptradd`s.
fn split(func: &Function, mut v: Value) -> (Value, u64) {
    let mut offset = 0u64;
    for _ in 0..MAX_CHAIN {
        let Some(i) = func.def_inst(v) else { break };
        let InstData::PtrAdd { ptr, offset: o } = func.insts[i].data else {
            break;
        };
        let Some((_, c)) = const_value(func, o) else {
            break;
        };
        offset = offset.wrapping_add(c);
        v = ptr;
    }
    (v, offset)
}

/// The pointer `v` converts when it is a `ptrtoint`, else `v`.
fn strip_ptrtoint(func: &Function, v: Value) -> Value {
    match func.def_inst(v).map(|i| &func.insts[i].data) {
        Some(InstData::Cast {
            op: CastOp::PtrToInt,
            arg,
            ..
        }) => *arg,
        _ => v,
    }
}

/// True when `a` and `b` are the same address: the same value, or the same slot, global or
/// address-space cast of such roots.
fn same_root(func: &Function, a: Value, b: Value, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let (Some(ia), Some(ib)) = (func.def_inst(a), func.def_inst(b)) else {
        return false;
    };
    match (&func.insts[ia].data, &func.insts[ib].data) {
        (InstData::StackAddr { slot: x }, InstData::StackAddr { slot: y }) => x == y,
        (InstData::GlobalAddr { global: x }, InstData::GlobalAddr { global: y }) => x == y,
        (
            InstData::Cast {
                op: CastOp::AddrSpaceCast,
                arg: x,
                to: tx,
            },
            InstData::Cast {
                op: CastOp::AddrSpaceCast,
                arg: y,
                to: ty,
            },
        ) => tx == ty && same_root(func, *x, *y, depth - 1),
        _ => false,
    }
}

/// The exit iteration of `lp` with a pointer IV tested at `exiting` (see the module
/// comment), and the IV; `None` when the loop is not of that shape or does not leave
/// within `cap` + 1 iterations.
pub fn simulate_pointer_exit(
    func: &Function,
    lp: &LoopData,
    latch: Block,
    exiting: Block,
    cap: u64,
) -> Option<(u64, Value)> {
    let (then_in, cc, lhs, rhs) = crate::trip_count::exit_compare(func, lp, exiting)?;
    // The front end compares pointers as integers: `ptrtoint a == ptrtoint b`.
    let (lhs, rhs) = (strip_ptrtoint(func, lhs), strip_ptrtoint(func, rhs));
    if !matches!(cc, IntCC::Eq | IntCC::Ne)
        || !matches!(func.value_type(lhs), Type::Ptr(_))
        || func.value_type(lhs) != func.value_type(rhs)
    {
        return None;
    }
    // One side is the IV plus offsets, the other `root + c1`.
    let param_of = |v: Value| {
        let (base, off) = split(func, v);
        match func.values[base].def {
            ValueDef::Param(b, index) if b == lp.header => Some((base, index, off)),
            _ => None,
        }
    };
    let ((p, index, x_off), end) = match (param_of(lhs), param_of(rhs)) {
        (Some(x), None) => (x, rhs),
        (None, Some(x)) => (x, lhs),
        _ => return None,
    };
    let (end_root, end_off) = split(func, end);
    if matches!(func.values[end_root].def, ValueDef::Param(b, _) if lp.body.contains(&b)) {
        return None;
    }
    // Entering edges give `root + c0`, the back edge `p + s`.
    let mut init: Option<u64> = None;
    let mut step: Option<u64> = None;
    for &b in &func.layout {
        let Some(t) = func.terminator(b) else {
            continue;
        };
        for call in func.insts[t].data.successors() {
            if call.block != lp.header {
                continue;
            }
            let arg = *call.args.get(index as usize)?;
            let (root, off) = split(func, arg);
            if b == latch {
                if root != p || step.is_some() {
                    return None;
                }
                step = Some(off);
            } else if lp.body.contains(&b)
                || !same_root(func, root, end_root, 4)
                || init.is_some_and(|i| i != off)
            {
                return None;
            } else {
                init = Some(off);
            }
        }
    }
    let (mut at, step) = (init?, step?);
    if step == 0 {
        return None;
    }
    // The loop continues while the condition equals `stay`.
    let stay = then_in;
    for j in 0..=cap {
        let equal = at.wrapping_add(x_off) == end_off;
        if (equal == (cc == IntCC::Eq)) != stay {
            return Some((j, p));
        }
        at = at.wrapping_add(step);
    }
    None
}
