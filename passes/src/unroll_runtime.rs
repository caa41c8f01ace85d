//! Unrolling by `#pragma unroll N` when the trip count is not a constant: a main loop that
//! runs the body N times per round behind one guard, followed by the original loop as the
//! remainder.
//!
//! Handled shape (irgen's test-first `for` loop): the header's `brif (icmp cc x, B)` is the
//! loop's only exit, `B` is defined before the loop, `x` is the IV `p` plus constants, and the
//! back edge passes `p + s` (`s` a constant). `cc` (after putting `x` on the left and making
//! the branch continue on true) is `<`/`<=` with `s > 0` or `>`/`>=` with `s < 0`, signed or
//! unsigned, and the IV has at most 32 bits.
//!
//! The guard asks, in 64-bit arithmetic where nothing wraps, whether the test would still
//! pass N − 1 iterations on: `ext(x) + (N−1)·s cc ext(B)` (`sext` for signed, `zext` for
//! unsigned conditions, compared as signed 64-bit numbers). If it holds, every intermediate
//! `x + k·s` lies between `x` and a value that passes the test, so none of them wraps and
//! every one of the N tests passes: the N copies need no tests. If it fails, control enters
//! the original loop with the current values, which runs the rest (fewer than N iterations,
//! or all of them when the IV would wrap) with the original semantics. Values used after the
//! loop come from the original loop, the only way out. Loops with convergent operations are
//! not transformed this way (threads with different counts would run an iteration's barrier
//! in different copies).

use hashbrown::HashSet;
use oxicc_ir::{
    BinaryOp, Block, BlockCall, CastOp, Function, InstData, IntCC, LoopData, Type, UnrollHint,
    Value, ValueDef,
};

use crate::unroll_clone::{clone_blocks, unroll, Plan, TestFate};
use crate::util::const_value;

/// What the guard needs: the tested value, the bound, the normalized condition, the step.
pub struct RuntimeGuard {
    x: Value,
    bound: Value,
    /// `x cc bound` continues the loop.
    cc: IntCC,
    step: i64,
}

/// Checks the shape described in the module comment.
pub fn analyze(func: &Function, lp: &LoopData) -> Option<RuntimeGuard> {
    let [latch] = lp.latches[..] else {
        return None;
    };
    let header = lp.header;
    let in_body: HashSet<Block> = lp.body.iter().copied().collect();
    // The header's test must be the only way out.
    let mut exits = 0;
    for &b in &lp.body {
        let t = func.terminator(b)?;
        exits += func.insts[t]
            .data
            .successors()
            .iter()
            .filter(|c| !in_body.contains(&c.block))
            .count();
    }
    let t = func.terminator(header)?;
    let InstData::Branch {
        cond,
        then_dest,
        else_dest,
    } = &func.insts[t].data
    else {
        return None;
    };
    let then_in = in_body.contains(&then_dest.block);
    if exits != 1 || then_in == in_body.contains(&else_dest.block) {
        return None;
    }
    let cmp = func.def_inst(*cond)?;
    let InstData::ICmp { cond: cc, lhs, rhs } = func.insts[cmp].data else {
        return None;
    };
    let loop_insts: HashSet<_> = lp
        .body
        .iter()
        .flat_map(|&b| func.blocks[b].insts.iter().copied())
        .collect();
    let invariant = |v: Value| match func.values[v].def {
        ValueDef::Param(b, _) => !in_body.contains(&b),
        ValueDef::Result(i) => !loop_insts.contains(&i) || const_value(func, v).is_some(),
    };
    let (x, bound, mut cc) = if invariant(rhs) && !invariant(lhs) {
        (lhs, rhs, cc)
    } else if invariant(lhs) && !invariant(rhs) {
        (rhs, lhs, cc.swapped())
    } else {
        return None;
    };
    if !then_in {
        cc = cc.inverse();
    }
    // `x = p + c…` with `p` a header parameter updated by `p + s` on the back edge.
    let (p, _) = add_chain(func, x)?;
    let ValueDef::Param(pb, index) = func.values[p].def else {
        return None;
    };
    let ty = func.value_type(p);
    if pb != header || !ty.is_int() || ty.bits() > 32 {
        return None;
    }
    let lt = func.terminator(latch)?;
    let back: Vec<&BlockCall> = func.insts[lt]
        .data
        .successors()
        .into_iter()
        .filter(|c| c.block == header)
        .collect();
    let [back] = back[..] else {
        return None;
    };
    let (base, step) = add_chain(func, *back.args.get(index as usize)?)?;
    let step = sext(step, ty.bits());
    let increasing = matches!(cc, IntCC::Slt | IntCC::Sle | IntCC::Ult | IntCC::Ule);
    let decreasing = matches!(cc, IntCC::Sgt | IntCC::Sge | IntCC::Ugt | IntCC::Uge);
    let ok = base == p && ((increasing && step > 0) || (decreasing && step < 0));
    ok.then_some(RuntimeGuard { x, bound, cc, step })
}

/// `v = p + c1 + c2 …` (adds and subtracts of constants): `(p, Σc)`; `(v, 0)` for a
/// block parameter.
fn add_chain(func: &Function, mut v: Value) -> Option<(Value, u64)> {
    let mut sum = 0u64;
    for _ in 0..8 {
        if matches!(func.values[v].def, ValueDef::Param(..)) {
            return Some((v, sum));
        }
        let InstData::Binary { op, lhs, rhs, .. } = func.insts[func.def_inst(v)?].data else {
            return None;
        };
        let (base, c) = match (op, const_value(func, lhs), const_value(func, rhs)) {
            (BinaryOp::Add, None, Some((_, c))) => (lhs, c),
            (BinaryOp::Add, Some((_, c)), None) => (rhs, c),
            (BinaryOp::Sub, None, Some((_, c))) => (lhs, c.wrapping_neg()),
            _ => return None,
        };
        sum = sum.wrapping_add(c);
        v = base;
    }
    None
}

fn sext(v: u64, bits: u32) -> i64 {
    let sh = 64 - bits;
    ((v << sh) as i64) >> sh
}

/// Builds the guarded main loop in front of `lp` and unrolls it by `n`; returns whether the
/// function changed.
pub fn apply(func: &mut Function, lp: &LoopData, guard: &RuntimeGuard, n: u32) -> bool {
    let header = lp.header;
    let in_body: HashSet<Block> = lp.body.iter().copied().collect();
    let (bm, vm, new_insts) = clone_blocks(func, &lp.body);
    let main_header = bm[&header];
    // Inside the main copy: its own values and blocks; the back edge stays in the copy.
    for &i in &new_insts {
        func.insts[i].data.map_args(|v| *vm.get(&v).unwrap_or(&v));
        for call in func.insts[i].data.successors_mut() {
            if let Some(&m) = bm.get(&call.block) {
                call.block = m;
            }
        }
    }
    // Entering edges go to the main loop.
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        if in_body.contains(&b) {
            continue;
        }
        if let Some(t) = func.terminator(b) {
            for call in func.insts[t].data.successors_mut() {
                if call.block == header {
                    call.block = main_header;
                }
            }
        }
    }
    // The guard replaces the main header's test; failing it enters the original loop.
    let signed = matches!(guard.cc, IntCC::Slt | IntCC::Sle | IntCC::Sgt | IntCC::Sge);
    let ext = if signed { CastOp::SExt } else { CastOp::ZExt };
    let signed_cc = match guard.cc {
        IntCC::Ult => IntCC::Slt,
        IntCC::Ule => IntCC::Sle,
        IntCC::Ugt => IntCC::Sgt,
        IntCC::Uge => IntCC::Sge,
        other => other,
    };
    let x = vm[&guard.x];
    let bound = *vm.get(&guard.bound).unwrap_or(&guard.bound);
    let ahead = guard.step.wrapping_mul(i64::from(n) - 1);
    let mut insts = Vec::new();
    let mut emit = |func: &mut Function, data: InstData, ty: Type| {
        let i = func.make_inst(data, Some(ty));
        insts.push(i);
        func.result(i)
    };
    let xw = emit(
        func,
        InstData::Cast {
            op: ext,
            arg: x,
            to: Type::I64,
        },
        Type::I64,
    );
    let k = emit(
        func,
        InstData::IConst {
            ty: Type::I64,
            imm: ahead as u64,
        },
        Type::I64,
    );
    let xe = emit(
        func,
        InstData::Binary {
            op: BinaryOp::Add,
            lhs: xw,
            rhs: k,
            nsw: false,
        },
        Type::I64,
    );
    let bw = emit(
        func,
        InstData::Cast {
            op: ext,
            arg: bound,
            to: Type::I64,
        },
        Type::I64,
    );
    let g = emit(
        func,
        InstData::ICmp {
            cond: signed_cc,
            lhs: xe,
            rhs: bw,
        },
        Type::I1,
    );
    let t = func
        .terminator(main_header)
        .expect("header has a terminator");
    let InstData::Branch {
        then_dest,
        else_dest,
        ..
    } = &func.insts[t].data
    else {
        return false;
    };
    let stay = if bm.values().any(|&m| m == then_dest.block) {
        then_dest.clone()
    } else {
        else_dest.clone()
    };
    let params = func.blocks[main_header].params.clone();
    func.insts[t].data = InstData::Branch {
        cond: g,
        then_dest: stay,
        else_dest: BlockCall::new(header, params),
    };
    let at = func.blocks[main_header].insts.len() - 1;
    func.blocks[main_header].insts.splice(at..at, insts);
    // Lay the main loop out in front of the original one.
    let first = func
        .layout
        .iter()
        .position(|b| in_body.contains(b))
        .unwrap_or(func.layout.len());
    let main_body: Vec<Block> = lp.body.iter().map(|b| bm[b]).collect();
    func.layout.splice(first..first, main_body.iter().copied());
    func.blocks[header].unroll = UnrollHint::Count(1);
    let mut fates = vec![TestFate::Stay; n as usize];
    fates[0] = TestFate::Keep;
    let plan = Plan {
        body: main_body,
        exiting: Some(main_header),
        fates,
        keep_back_edge: true,
    };
    // The guarded loop is correct even if copying it failed; the function changed anyway.
    let _ = unroll(func, &plan);
    true
}
