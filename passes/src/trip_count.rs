//! Constant trip counts of counted loops, for `loop-unroll`.
//!
//! A loop is *counted* here when, in the block-parameter SSA form:
//! - it has one latch, which branches to the header exactly once;
//! - an integer header parameter `p` (the induction variable) receives the same constant on
//!   every edge entering the loop and `p + s` (or `p - s`) with a constant `s` on the back
//!   edge;
//! - an *exiting block* `E` — the header (the shape irgen emits for `for` loops: test first)
//!   or the latch (the rotated shape, test last) — that executes exactly once per iteration
//!   (it dominates the latch and is in no inner loop) ends in `brif (icmp cc x, C)` or
//!   `brif (icmp cc C, x)` with one target inside the loop and one outside, where `x` is `p`
//!   or `p + c` for constants `c`, `C`.
//!
//! Instead of solving the exit condition in closed form (where signedness, the step's sign
//! and wrap-around are easy to get wrong), the test is *simulated* in the IV's width with
//! wrapping arithmetic for at most `cap` + 1 iterations: `p_j = init + j·s`. The first `j`
//! whose test leaves the loop is the exit iteration. Loops whose test does not leave within
//! the cap are reported as unknown. Cost: O(cap) per loop.

use oxicc_ir::{
    BinaryOp, Block, DomTree, Function, InstData, IntCC, LoopData, LoopInfo, Value, ValueDef,
};

use crate::util::const_value;

/// The counted exit of a loop with a constant trip count.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountedExit {
    /// The block whose `brif` is the exit test (the header or the latch).
    pub exiting: Block,
    /// The iteration (0-based) in which the test leaves the loop; the exiting block runs
    /// `exit_iteration + 1` times.
    pub exit_iteration: u64,
}

impl CountedExit {
    /// How many times the code after the exiting block in an iteration runs: the body of a
    /// test-first loop runs `exit_iteration` times, that of a test-last loop once more.
    pub fn body_trip_count(&self, header: Block) -> u64 {
        if self.exiting == header {
            self.exit_iteration
        } else {
            self.exit_iteration + 1
        }
    }
}

/// Finds the constant trip count of `lp` (see the module comment), simulating at most
/// `cap` + 1 iterations. `None` when the loop is not counted or does not exit in time.
pub fn constant_exit(
    func: &Function,
    loops: &LoopInfo,
    dom: &DomTree,
    lp: &LoopData,
    cap: u64,
) -> Option<CountedExit> {
    let [latch] = lp.latches[..] else {
        return None;
    };
    let header = lp.header;
    let me = loops.loop_of_header(header)?;
    let mut candidates = vec![header];
    if latch != header {
        candidates.push(latch);
    }
    for exiting in candidates {
        if loops.innermost_loop(exiting) != Some(me) || !dom.dominates(exiting, latch) {
            continue;
        }
        if let Some(k) = simulate_exit(func, lp, latch, exiting, cap) {
            return Some(CountedExit {
                exiting,
                exit_iteration: k,
            });
        }
    }
    None
}

/// The induction variable `p` (header parameter `index`): its constant start and step.
struct Induction {
    ty_bits: u32,
    init: u64,
    step: u64,
}

fn simulate_exit(
    func: &Function,
    lp: &LoopData,
    latch: Block,
    exiting: Block,
    cap: u64,
) -> Option<u64> {
    let term = func.terminator(exiting)?;
    let InstData::Branch {
        cond,
        then_dest,
        else_dest,
    } = &func.insts[term].data
    else {
        return None;
    };
    let then_in = lp.body.contains(&then_dest.block);
    let else_in = lp.body.contains(&else_dest.block);
    if then_in == else_in {
        return None;
    }
    // The loop continues while the condition equals `stay`.
    let stay = then_in;
    let cmp = func.def_inst(*cond)?;
    let InstData::ICmp { cond: cc, lhs, rhs } = func.insts[cmp].data else {
        return None;
    };
    // Put the IV side on the left: `x cc C`.
    let (x, bound, cc) = match (const_value(func, lhs), const_value(func, rhs)) {
        (None, Some((_, c))) => (lhs, c, cc),
        (Some((_, c)), None) => (rhs, c, swap(cc)),
        _ => return None,
    };
    let (param, offset) = iv_plus_constant(func, x)?;
    let iv = induction(func, lp, latch, param)?;
    let mask = width_mask(iv.ty_bits);
    let mut p = iv.init & mask;
    for j in 0..=cap {
        let v = p.wrapping_add(offset) & mask;
        if compare(cc, v, bound & mask, iv.ty_bits) != stay {
            return Some(j);
        }
        p = p.wrapping_add(iv.step) & mask;
    }
    None
}

/// `x` is `p` or `p + c1 + c2 …` (adds or subtracts of constants, as many as irgen leaves
/// before `const-fold` merges them) with `p` a block parameter: returns `(p, Σc)`.
fn iv_plus_constant(func: &Function, mut x: Value) -> Option<(Value, u64)> {
    let mut offset = 0u64;
    for _ in 0..8 {
        if matches!(func.values[x].def, ValueDef::Param(..)) {
            return Some((x, offset));
        }
        let (base, c) = add_of_constant(func, x)?;
        offset = offset.wrapping_add(c);
        x = base;
    }
    None
}

/// `v = add a, C` / `add C, a` / `sub a, C`: returns `(a, C)` with `C` negated for `sub`.
fn add_of_constant(func: &Function, v: Value) -> Option<(Value, u64)> {
    let def = func.def_inst(v)?;
    let InstData::Binary { op, lhs, rhs } = func.insts[def].data else {
        return None;
    };
    match op {
        BinaryOp::Add => match (const_value(func, lhs), const_value(func, rhs)) {
            (None, Some((_, c))) => Some((lhs, c)),
            (Some((_, c)), None) => Some((rhs, c)),
            _ => None,
        },
        BinaryOp::Sub => {
            let (_, c) = const_value(func, rhs)?;
            const_value(func, lhs)
                .is_none()
                .then_some((lhs, c.wrapping_neg()))
        }
        _ => None,
    }
}

/// Checks that `param` is an integer parameter of the header with a constant start on every
/// entering edge and `param + step` on the single back edge.
fn induction(func: &Function, lp: &LoopData, latch: Block, param: Value) -> Option<Induction> {
    let ValueDef::Param(block, index) = func.values[param].def else {
        return None;
    };
    let ty = func.value_type(param);
    if block != lp.header || !ty.is_int() || ty.bits() > 64 {
        return None;
    }
    let index = index as usize;
    let mut init: Option<u64> = None;
    let mut next: Option<Value> = None;
    let mut back_edges = 0;
    // Every edge into the header: the latch's back edge and the entering edges. Predecessors
    // are found by scanning the layout once (the loop is small compared with the function
    // only sometimes, but this runs once per candidate loop).
    for &b in &func.layout {
        let Some(t) = func.terminator(b) else {
            continue;
        };
        for call in func.insts[t].data.successors() {
            if call.block != lp.header {
                continue;
            }
            let arg = *call.args.get(index)?;
            if b == latch {
                back_edges += 1;
                next = Some(arg);
            } else if lp.body.contains(&b) {
                return None;
            } else {
                let (_, c) = const_value(func, arg)?;
                if init.is_some_and(|i| i != c) {
                    return None;
                }
                init = Some(c);
            }
        }
    }
    if back_edges != 1 {
        return None;
    }
    let (base, step) = add_of_constant(func, next?)?;
    (base == param).then_some(Induction {
        ty_bits: ty.bits(),
        init: init?,
        step,
    })
}

fn width_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The condition with its operands exchanged (`C cc x` ⇔ `x swap(cc) C`).
fn swap(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Eq => IntCC::Eq,
        IntCC::Ne => IntCC::Ne,
        IntCC::Slt => IntCC::Sgt,
        IntCC::Sle => IntCC::Sge,
        IntCC::Sgt => IntCC::Slt,
        IntCC::Sge => IntCC::Sle,
        IntCC::Ult => IntCC::Ugt,
        IntCC::Ule => IntCC::Uge,
        IntCC::Ugt => IntCC::Ult,
        IntCC::Uge => IntCC::Ule,
    }
}

/// Evaluates `a cc b` on `bits`-wide values held zero-extended.
fn compare(cc: IntCC, a: u64, b: u64, bits: u32) -> bool {
    let sext = |v: u64| -> i64 {
        let sh = 64 - bits;
        ((v << sh) as i64) >> sh
    };
    let (sa, sb) = (sext(a), sext(b));
    match cc {
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
    }
}
