//! `loop-unroll`: full and partial unrolling of natural loops, driven by `#pragma unroll`
//! and a small-loop heuristic modelled on cicc's.
//!
//! Decisions, per loop, innermost first (the pragma is the header's `UnrollHint`):
//! - `#pragma unroll 1` (and `unroll 0`): never unrolled.
//! - `#pragma unroll` (full): fully unrolled when the trip count is a known constant
//!   (`trip_count.rs`, at most [`MAX_FULL_UNROLL_ITERATIONS`]) and the unrolled size stays
//!   within [`PRAGMA_SIZE_LIMIT`]; otherwise left alone.
//! - `#pragma unroll N`: with a constant trip count ≤ N, fully unrolled; with a larger one,
//!   unrolled by N, the exit test kept only in the one copy that can leave (the other
//!   copies' tests are decided, so no remainder loop is needed even when N does not divide
//!   the count). With an unknown trip count: a guarded main loop running N bodies per test
//!   in front of the original loop as the remainder (`unroll_runtime.rs`) when the loop is a
//!   test-first counted loop with a loop-invariant bound; otherwise the loop is unrolled by
//!   N *keeping the exit test in every copy* (always correct; saves the back-edge branches
//!   but not the compares). Loops with convergent operations are not unrolled either way.
//! - No pragma, unknown trip count: an innermost test-first counted loop with a
//!   loop-invariant bound, no convergent operation and no call whose
//!   [`RUNTIME_UNROLL_COUNT`] copies stay within [`RUNTIME_SIZE_LIMIT`] instructions gets the
//!   guarded main loop of 4 bodies in front of it, as `#pragma unroll 4` would (nvcc unrolls
//!   such loops by 4 with a remainder loop).
//! - No pragma: fully unrolled when the trip count is a known constant and the unrolled code
//!   *after folding* (see [`folded_iteration_cost`]: the IV is a constant in each copy,
//!   invariant code is shared; counted once per iteration of the body) is at most
//!   [`HEURISTIC_SIZE_LIMIT`] instructions (cicc's
//!   default `Threshold` of 300), and the unrolled code *before* folding at most 4× that
//!   (cicc's `MaxPercentThresholdBoost` of 400%). The pass runs before CSE/LICM, so the
//!   folded estimate stands for the size cicc would measure after them.
//!
//! Sizes count the loop's instructions other than constants (which fold away).
//! Full and constant-count unrolling keeps every convergent operation executed by the same
//! threads in the same order (the copies run exactly the iterations the loop ran), so
//! barriers are simply duplicated. Functions with irreducible control flow are skipped.
//!
//! After a change the loop analysis is recomputed, so the pass costs O(loops × function
//! size) plus the size of the code it creates, which the limits bound. The copies are left
//! for `const-fold`, `cse`, `dce` and `simplify-cfg` to clean up.

use hashbrown::HashSet;
use oxicc_ir::{
    Block, CastOp, Cfg, DomTree, Function, Inst, InstData, LoopData, LoopInfo, Type, UnrollHint,
    Value, ValueDef,
};

use crate::trip_count::{constant_exit, CountedExit};
use crate::unroll_clone::{unroll, Plan, TestFate};
use crate::unroll_runtime;

/// Most iterations a full unroll creates (and the trip-count simulation explores).
pub const MAX_FULL_UNROLL_ITERATIONS: u64 = 1024;
/// Largest unrolled size (instructions) a pragma may ask for: cicc's `pragma-unroll-threshold`.
pub const PRAGMA_SIZE_LIMIT: u64 = 32768;
/// Largest unrolled size for loops without a pragma: cicc's default unroll `Threshold`.
pub const HEURISTIC_SIZE_LIMIT: u64 = 300;
/// How far the plain size of a heuristic full unroll may exceed [`HEURISTIC_SIZE_LIMIT`]
/// when folding brings it back under: cicc's `MaxPercentThresholdBoost`.
pub const MAX_THRESHOLD_BOOST_PERCENT: u64 = 400;
/// Copies per round of the runtime unrolling of loops without a pragma (what nvcc uses for
/// small loops with an unknown trip count).
pub const RUNTIME_UNROLL_COUNT: u32 = 4;
/// Largest unrolled size of a runtime-unrolled loop without a pragma: cicc's
/// `runtime-unroll-threshold`.
pub const RUNTIME_SIZE_LIMIT: u64 = 95;
/// A function is not grown beyond this many instructions by unrolling.
pub const FUNCTION_SIZE_LIMIT: u64 = 200_000;
/// Most loops unrolled in one function per run (each one recomputes the analyses).
const MAX_UNROLLS_PER_FUNCTION: usize = 512;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let (mut changed, unrolled_outer) = unroll_loops(func);
    if unrolled_outer {
        // The inner loops of a fully unrolled loop start from values that become constants
        // only once folded (`j = k >> 1` of the outer IV `k`, passed through the copies'
        // block parameters): fold, then look at them once more (nvcc unrolls such nests
        // completely, e.g. bitonic sorts).
        crate::const_fold::run(func);
        crate::dce::run(func);
        changed |= unroll_loops(func).0;
    }
    changed
}

/// One sweep over the loops, innermost first, until nothing more is unrolled; returns
/// whether anything changed and whether a loop holding other loops was fully unrolled.
fn unroll_loops(func: &mut Function) -> (bool, bool) {
    let mut changed = false;
    let mut unrolled_outer = false;
    let mut skipped: HashSet<Block> = HashSet::new();
    for _ in 0..MAX_UNROLLS_PER_FUNCTION {
        let cfg = Cfg::compute(func);
        let dom = DomTree::compute(func, &cfg);
        let loops = LoopInfo::compute(func, &cfg, &dom);
        if !loops.is_reducible() {
            break;
        }
        let mut unrolled = false;
        for l in loops.loops_innermost_first() {
            let lp = loops.data(l);
            if skipped.contains(&lp.header) {
                continue;
            }
            let innermost = !lp
                .body
                .iter()
                .any(|&b| b != lp.header && loops.loop_of_header(b).is_some());
            let done = match decide(func, &loops, &dom, lp, innermost) {
                Some(Action::Copy(plan)) => {
                    let full = !plan.keep_back_edge;
                    let ok = unroll(func, &plan).is_ok();
                    unrolled_outer |= ok && full && !innermost;
                    ok
                }
                Some(Action::Runtime(guard, n)) => unroll_runtime::apply(func, lp, &guard, n),
                None => false,
            };
            if done {
                unrolled = true;
                changed = true;
                break;
            }
            skipped.insert(lp.header);
        }
        if !unrolled {
            break;
        }
    }
    (changed, unrolled_outer)
}

/// The loop's size in instructions, constants excluded, and whether it holds a convergent
/// operation, and whether it holds a call.
fn loop_size(func: &Function, lp: &LoopData) -> (u64, bool, bool) {
    let mut size = 0;
    let mut convergent = false;
    let mut calls = false;
    for &b in &lp.body {
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            convergent |= data.info().convergent;
            calls |= matches!(data, InstData::Call { .. } | InstData::CallIndirect { .. });
            if !matches!(data, InstData::IConst { .. } | InstData::FConst { .. }) {
                size += 1;
            }
        }
    }
    (size, convergent, calls)
}

/// The cost of one iteration once fully unrolled and cleaned up: what remains after the
/// induction variable becomes a constant in each copy. Constants, `jump`s, pure operations
/// whose operands are constants, the IV or defined before the loop (folded, or hoisted and
/// shared by the copies), branches on such conditions, and `ptradd`s with such offsets
/// (they become immediate address offsets) are free, and so are extensions of `i8`/`i16`
/// loads (the backend loads into the wide register); everything else costs 1.
fn folded_iteration_cost(func: &Function, lp: &LoopData, iv: Value) -> u64 {
    let loop_insts: HashSet<Inst> = lp
        .body
        .iter()
        .flat_map(|&b| func.blocks[b].insts.iter().copied())
        .collect();
    let mut known: HashSet<Value> = HashSet::new();
    known.insert(iv);
    let is_known = |known: &HashSet<Value>, v: Value| {
        known.contains(&v)
            || match func.values[v].def {
                ValueDef::Param(b, _) => !lp.body.contains(&b),
                ValueDef::Result(i) => !loop_insts.contains(&i),
            }
    };
    let mut cost = 0;
    for &b in &lp.body {
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            let info = data.info();
            let mut operands_known = true;
            data.for_each_arg(|v| operands_known &= is_known(&known, v));
            let pure = !info.side_effects
                && !info.reads_memory
                && !info.writes_memory
                && !info.convergent
                && !info.terminator;
            match data {
                InstData::Jump { .. } => {}
                InstData::Branch { cond, .. } => {
                    if !is_known(&known, *cond) {
                        cost += 1;
                    }
                }
                // The backend loads straight into the wide register (`ld.u8 %r`).
                InstData::Cast {
                    op: CastOp::ZExt | CastOp::SExt,
                    arg,
                    to: Type::I32 | Type::I64,
                } if is_narrow_load(func, *arg) => {}
                InstData::PtrAdd { offset, .. } if is_known(&known, *offset) => {
                    if operands_known {
                        known.insert(func.result(i));
                    }
                }
                _ if pure && operands_known => {
                    if let Some(r) = func.insts[i].result {
                        known.insert(r);
                    }
                }
                _ => cost += 1,
            }
        }
    }
    cost
}

/// Whether `v` is an `i8`/`i16` load (whose extension the backend folds into it).
fn is_narrow_load(func: &Function, v: Value) -> bool {
    func.def_inst(v).is_some_and(|i| {
        matches!(
            func.insts[i].data,
            InstData::Load {
                ty: Type::I8 | Type::I16,
                ..
            }
        )
    })
}

/// What to do with one loop.
enum Action {
    /// Copy the body as planned.
    Copy(Plan),
    /// Guarded main loop unrolled by N, the original loop as the remainder.
    Runtime(unroll_runtime::RuntimeGuard, u32),
}

/// Chooses how to unroll `lp`, or `None` to leave it.
fn decide(
    func: &Function,
    loops: &LoopInfo,
    dom: &DomTree,
    lp: &LoopData,
    innermost: bool,
) -> Option<Action> {
    if lp.latches.len() != 1 {
        return None;
    }
    let hint = func.blocks[lp.header].unroll;
    if matches!(hint, UnrollHint::Count(0 | 1)) {
        return None;
    }
    let (size, convergent, calls) = loop_size(func, lp);
    let room = FUNCTION_SIZE_LIMIT.saturating_sub(func.inst_count() as u64);
    let fits = |copies: u64, limit: u64| {
        let grown = size.saturating_mul(copies);
        grown <= limit && grown <= room
    };
    let counted = constant_exit(func, loops, dom, lp, MAX_FULL_UNROLL_ITERATIONS);
    let full = |ce: CountedExit| -> Action {
        let mut fates = vec![TestFate::Stay; ce.exit_iteration as usize];
        fates.push(TestFate::Leave);
        Action::Copy(Plan {
            body: lp.body.clone(),
            exiting: Some(ce.exiting),
            fates,
            keep_back_edge: false,
        })
    };
    match (hint, counted) {
        (UnrollHint::Full, Some(ce)) => {
            let copies = ce.exit_iteration + 1;
            fits(copies, PRAGMA_SIZE_LIMIT).then(|| full(ce))
        }
        (UnrollHint::None, Some(ce)) => {
            let copies = ce.exit_iteration + 1;
            // The last copy of a test-first loop is its exit test alone (folded away), so
            // the folded code is the body times the body's trip count.
            let folded = folded_iteration_cost(func, lp, ce.iv)
                .saturating_mul(ce.body_trip_count(lp.header).max(1));
            (folded <= HEURISTIC_SIZE_LIMIT
                && fits(
                    copies,
                    HEURISTIC_SIZE_LIMIT * MAX_THRESHOLD_BOOST_PERCENT / 100,
                ))
            .then(|| full(ce))
        }
        (UnrollHint::Count(n), Some(ce)) => {
            let n = u64::from(n);
            let trip = ce.body_trip_count(lp.header);
            if trip <= n {
                return fits(ce.exit_iteration + 1, PRAGMA_SIZE_LIMIT).then(|| full(ce));
            }
            if !fits(n, PRAGMA_SIZE_LIMIT) {
                return None;
            }
            // Iteration j runs in copy j mod n; only the copy of the exit iteration can
            // leave, the tests of the others are known to stay.
            let leaving_copy = (ce.exit_iteration % n) as usize;
            let fates = (0..n as usize)
                .map(|c| {
                    if c == leaving_copy {
                        TestFate::Keep
                    } else {
                        TestFate::Stay
                    }
                })
                .collect();
            Some(Action::Copy(Plan {
                body: lp.body.clone(),
                exiting: Some(ce.exiting),
                fates,
                keep_back_edge: true,
            }))
        }
        (UnrollHint::Count(n), None) => {
            // Unknown trip count: a guarded main loop plus the original loop as the
            // remainder when the shape allows (`unroll_runtime.rs`); otherwise every copy
            // keeps its own exit tests, so the copies run exactly the iterations the loop
            // ran. Convergent operations are left alone either way.
            if convergent || !fits(u64::from(n) + 1, PRAGMA_SIZE_LIMIT) {
                return None;
            }
            if let Some(guard) = unroll_runtime::analyze(func, lp) {
                return Some(Action::Runtime(guard, n));
            }
            let n = u64::from(n);
            Some(Action::Copy(Plan {
                body: lp.body.clone(),
                exiting: None,
                fates: vec![TestFate::Keep; n as usize],
                keep_back_edge: true,
            }))
        }
        (UnrollHint::None, None) => {
            let n = RUNTIME_UNROLL_COUNT;
            if !innermost || convergent || calls || !fits(u64::from(n), RUNTIME_SIZE_LIMIT) {
                return None;
            }
            unroll_runtime::analyze(func, lp).map(|guard| Action::Runtime(guard, n))
        }
        _ => None,
    }
}
