//! Constant trip counts of counted loops, for `loop-unroll`.
//!
//! A loop is *counted* here when, in the block-parameter SSA form:
//! - it has one latch, which branches to the header exactly once;
//! - an integer header parameter `p` (the induction variable) receives the same constant on
//!   every edge entering the loop and, on the back edge, `p` after a chain of operations
//!   with constant operands (`p + s`, `p - s`, `p >> 1`, `p * 2`, …);
//! - an *exiting block* `E` — the header (the shape irgen emits for `for` loops: test first)
//!   or the latch (the rotated shape, test last) — that executes exactly once per iteration
//!   (it dominates the latch and is in no inner loop) ends in `brif (icmp cc x, C)` or
//!   `brif (icmp cc C, x)` with one target inside the loop and one outside, where `x` is `p`
//!   or `p` after such a chain (`p + c`, or the updated value itself), `C` a constant.
//!
//! Instead of solving the exit condition in closed form (where signedness, the step's sign
//! and wrap-around are easy to get wrong), the test is *simulated* in the IV's width with
//! the IR's integer semantics (`fold_int`, wrapping at the IV's width) for at most `cap` + 1
//! iterations: `p_0 = init`, `p_{j+1} = update(p_j)`. The first `j`
//! whose test leaves the loop is the exit iteration. Loops whose test does not leave within
//! the cap are reported as unknown. Cost: O(cap) per loop.

use oxicc_ir::{
    BinaryOp, Block, DomTree, Function, InstData, LoopData, LoopInfo, Type, Value, ValueDef,
};

use crate::fold_int;
use crate::util::const_value;

/// The counted exit of a loop with a constant trip count.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountedExit {
    /// The block whose `brif` is the exit test (the header or the latch).
    pub exiting: Block,
    /// The iteration (0-based) in which the test leaves the loop; the exiting block runs
    /// `exit_iteration + 1` times.
    pub exit_iteration: u64,
    /// The induction variable (a header parameter).
    pub iv: Value,
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
        let found = simulate_exit(func, lp, latch, exiting, cap).or_else(|| {
            crate::trip_count_ptr::simulate_pointer_exit(func, lp, latch, exiting, cap)
        });
        if let Some((k, iv)) = found {
            return Some(CountedExit {
                exiting,
                exit_iteration: k,
                iv,
            });
        }
    }
    None
}

/// The induction variable: its constant start and how the back edge updates it.
struct Induction {
    ty: Type,
    init: u64,
    update: Vec<Link>,
}

/// One step of a chain of operations with a constant operand: `v op c` or `c op v`.
#[derive(Copy, Clone)]
struct Link {
    op: BinaryOp,
    constant: u64,
    constant_on_left: bool,
}

/// Longest chain of constant operations followed from a compared or updated value.
const MAX_CHAIN: usize = 8;

/// The integer compare deciding whether the loop is left at `exiting` (a branch with one
/// destination in the loop and one outside), and the compare's value that stays in the
/// loop: `(stay, cc, lhs, rhs)`.
pub(crate) fn exit_compare(
    func: &Function,
    lp: &LoopData,
    exiting: Block,
) -> Option<(bool, oxicc_ir::IntCC, Value, Value)> {
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
    if then_in == lp.body.contains(&else_dest.block) {
        return None;
    }
    let cmp = func.def_inst(*cond)?;
    let InstData::ICmp { cond: cc, lhs, rhs } = func.insts[cmp].data else {
        return None;
    };
    Some((then_in, cc, lhs, rhs))
}

fn simulate_exit(
    func: &Function,
    lp: &LoopData,
    latch: Block,
    exiting: Block,
    cap: u64,
) -> Option<(u64, Value)> {
    // The loop continues while the condition equals `stay`.
    let (stay, cc, lhs, rhs) = exit_compare(func, lp, exiting)?;
    // Put the IV side on the left: `x cc C`.
    let (x, bound, cc) = match (const_value(func, lhs), const_value(func, rhs)) {
        (None, Some((_, c))) => (lhs, c, cc),
        (Some((_, c)), None) => (rhs, c, cc.swapped()),
        _ => return None,
    };
    let (param, tested) = constant_chain(func, x)?;
    let iv = induction(func, lp, latch, param)?;
    let bits = iv.ty.bits();
    let mut p = fold_int::mask(iv.init, bits);
    for j in 0..=cap {
        let v = eval_chain(&tested, p, iv.ty)?;
        if fold_int::icmp(cc, v, bound, iv.ty)? != stay {
            return Some((j, param));
        }
        p = eval_chain(&iv.update, p, iv.ty)?;
    }
    None
}

/// Follows `x` back through operations with one constant operand (`p + 1`, `p << 2`,
/// `(p + 1) + 3`, …) to a block parameter `p`; returns `p` and the operations from `p` to
/// `x` in execution order.
fn constant_chain(func: &Function, mut x: Value) -> Option<(Value, Vec<Link>)> {
    let mut links = Vec::new();
    for _ in 0..=MAX_CHAIN {
        if matches!(func.values[x].def, ValueDef::Param(..)) {
            links.reverse();
            return Some((x, links));
        }
        let def = func.def_inst(x)?;
        let InstData::Binary { op, lhs, rhs, .. } = func.insts[def].data else {
            return None;
        };
        let (base, constant, constant_on_left) =
            match (const_value(func, lhs), const_value(func, rhs)) {
                (None, Some((_, c))) => (lhs, c, false),
                (Some((_, c)), None) => (rhs, c, true),
                _ => return None,
            };
        links.push(Link {
            op,
            constant,
            constant_on_left,
        });
        x = base;
    }
    None
}

/// Applies a chain to `v` with the IR's integer semantics; `None` if a step does not fold
/// (a division by zero, a float operation).
fn eval_chain(links: &[Link], mut v: u64, ty: Type) -> Option<u64> {
    for l in links {
        v = if l.constant_on_left {
            fold_int::binary(l.op, l.constant, v, ty)?
        } else {
            fold_int::binary(l.op, v, l.constant, ty)?
        };
    }
    Some(v)
}

/// The value of `v` when it is a constant or an integer operation on constants (the start
/// of an inner loop, `k >> 1`, once the outer loop is unrolled and before `const-fold` ran).
fn folded_constant(func: &Function, v: Value, depth: usize) -> Option<u64> {
    if let Some((_, c)) = const_value(func, v) {
        return Some(c);
    }
    if depth == 0 {
        return None;
    }
    let InstData::Binary { op, lhs, rhs, .. } = func.insts[func.def_inst(v)?].data else {
        return None;
    };
    let a = folded_constant(func, lhs, depth - 1)?;
    let b = folded_constant(func, rhs, depth - 1)?;
    let ty = func.value_type(v);
    ty.is_int().then_some(())?;
    fold_int::binary(op, a, b, ty)
}

/// Checks that `param` is an integer parameter of the header with a constant start on every
/// entering edge and a chain of constant operations of itself on the single back edge.
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
    // Every edge into the header: the latch's back edge and the entering edges.
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
                let c = folded_constant(func, arg, MAX_CHAIN)?;
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
    let (base, update) = constant_chain(func, next?)?;
    (base == param && !update.is_empty()).then_some(Induction {
        ty,
        init: init?,
        update,
    })
}
