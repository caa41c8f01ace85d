//! `simplify-cfg`: cleans up the block structure the front end and the other passes leave.
//!
//! Each round (repeated until nothing changes, at most `MAX_ROUNDS` times; each is linear):
//! 1. blocks unreachable from the entry leave the layout;
//! 2. a `branch`/`switch` whose targets are all the same block with the same arguments
//!    becomes a `jump`;
//! 3. an empty forwarding block (`B: jump C(args)`, parameters used only there) is bypassed:
//!    branches to `B` go straight to `C`. When `C` has parameters this is done only for
//!    predecessors that end in a `jump`, so no conditional branch gets two edges into one
//!    block with arguments (the forwarding block is then the split edge out-of-SSA needs);
//! 4. a block that is only `brif p, T, E` on values it receives (its parameters used
//!    nowhere else) is threaded: a predecessor that jumps to it gets a copy of the branch,
//!    and a conditional edge that passes a constant `p` goes straight to `T` or `E` (when
//!    that target has no parameters). This is what the `&&`/`||` join blocks of the front
//!    end need (`brif a, rhs, join(false)` … `join(c): brif c, …`);
//! 5. if-conversion: a `brif c` whose two arms reach one join block, each arm either
//!    directly or through a block of at most `MAX_ARM_INSTS` cheap pure instructions (no
//!    division, remainder or square root) that only
//!    this branch enters, becomes straight-line code: the arms' instructions move above the
//!    branch and the join's arguments become `select c, a, b`. This is how `?:` and small
//!    `if`/`else` assignments turn into `selp` instead of divergent branches (LLVM's
//!    two-entry phi folding); nested ternaries fold innermost first;
//! 6. a block whose only predecessor edge is a `jump` from another block is merged into
//!    that predecessor, its parameters replaced by the jump's arguments;
//! 7. block parameters nothing uses are removed with their arguments.

use crate::util::{self, Replacements};
use oxicc_ir::{
    BinaryOp, Block, BlockCall, Function, InstData, SecondaryMap, UnaryOp, UnrollHint, Value,
    ValueDef,
};

const MAX_ROUNDS: usize = 16;

/// The most instructions (besides its `jump`) an arm may have to be speculated.
const MAX_ARM_INSTS: usize = 4;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let mut changed = false;
    for _ in 0..MAX_ROUNDS {
        let mut round = util::remove_unreachable_blocks(func);
        round |= fold_same_target_branches(func);
        round |= bypass_forwarding_blocks(func);
        round |= thread_branch_blocks(func);
        round |= speculate_small_arms(func);
        round |= merge_straight_line_blocks(func);
        round |= remove_unused_params(func);
        if !round {
            break;
        }
        changed = true;
    }
    changed
}

/// Use counts for the three steps that ask about block parameters only, or `None` when no
/// block but the entry has any: then nothing needs them, and the sweep over every operand
/// is skipped (the dominant cost of this pass on large straight-line kernels).
fn block_param_uses(func: &Function) -> Option<SecondaryMap<Value, u32>> {
    func.layout
        .iter()
        .skip(1)
        .any(|&b| !func.blocks[b].params.is_empty())
        .then(|| util::use_counts(func))
}

fn fold_same_target_branches(func: &mut Function) -> bool {
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let Some(t) = func.terminator(b) else {
            continue;
        };
        let new = match &func.insts[t].data {
            InstData::Branch {
                then_dest,
                else_dest,
                ..
            } if then_dest == else_dest => Some(then_dest.clone()),
            InstData::Switch { cases, default, .. } if cases.iter().all(|(_, d)| d == default) => {
                Some(default.clone())
            }
            _ => None,
        };
        if let Some(dest) = new {
            func.insts[t].data = InstData::Jump { dest };
            changed = true;
        }
    }
    changed
}

/// `(target, args)` of blocks that are a lone `jump` whose parameters feed only that jump.
fn find_forwarders(func: &Function) -> SecondaryMap<Block, Option<(Block, Vec<Value>)>> {
    let uses = block_param_uses(func);
    let entry = func.entry();
    let mut fwd = SecondaryMap::with_capacity(func.blocks.len(), None);
    for &b in &func.layout {
        let data = &func.blocks[b];
        if b == entry || data.insts.len() != 1 || data.unroll != UnrollHint::None {
            continue;
        }
        let InstData::Jump { dest } = &func.insts[data.insts[0]].data else {
            continue;
        };
        if dest.block == b {
            continue;
        }
        let params_local = data.params.iter().all(|&p| {
            let in_jump = dest.args.iter().filter(|&&a| a == p).count() as u32;
            uses.as_ref().map_or(0, |u| u[p]) == in_jump
        });
        if params_local {
            fwd[b] = Some((dest.block, dest.args.clone()));
        }
    }
    fwd
}

fn bypass_forwarding_blocks(func: &mut Function) -> bool {
    let fwd = find_forwarders(func);
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let p = func.layout[bi];
        let Some(t) = func.terminator(p) else {
            continue;
        };
        let is_jump = matches!(func.insts[t].data, InstData::Jump { .. });
        let mut new_calls = Vec::new();
        for (ci, call) in func.insts[t].data.successors().iter().enumerate() {
            let Some((target, args)) = &fwd[call.block] else {
                continue;
            };
            if *target == p && !is_jump {
                continue;
            }
            if !func.blocks[*target].params.is_empty() && !is_jump {
                continue;
            }
            let b = call.block;
            let mapped: Vec<Value> = args
                .iter()
                .map(|&a| match func.values[a].def {
                    ValueDef::Param(pb, n) if pb == b => call.args[n as usize],
                    _ => a,
                })
                .collect();
            new_calls.push((ci, *target, mapped));
        }
        if new_calls.is_empty() {
            continue;
        }
        let mut calls = func.insts[t].data.successors_mut();
        for (ci, target, args) in new_calls {
            calls[ci].block = target;
            calls[ci].args = args;
        }
        changed = true;
    }
    changed
}

/// `(cond, then, else)` of blocks that are a lone `brif` whose parameters feed only it.
fn find_branch_blocks(func: &Function) -> SecondaryMap<Block, Option<InstData>> {
    let uses = block_param_uses(func);
    let entry = func.entry();
    let mut found = SecondaryMap::with_capacity(func.blocks.len(), None);
    for &b in &func.layout {
        let data = &func.blocks[b];
        if b == entry || data.insts.len() != 1 || data.unroll != UnrollHint::None {
            continue;
        }
        let branch = &func.insts[data.insts[0]].data;
        let InstData::Branch {
            then_dest,
            else_dest,
            ..
        } = branch
        else {
            continue;
        };
        if then_dest.block == b || else_dest.block == b {
            continue;
        }
        let params_local = data.params.iter().all(|&p| {
            let mut n = 0u32;
            branch.for_each_arg(|a| n += (a == p) as u32);
            uses.as_ref().map_or(0, |u| u[p]) == n
        });
        if params_local {
            found[b] = Some(branch.clone());
        }
    }
    found
}

fn thread_branch_blocks(func: &mut Function) -> bool {
    let found = find_branch_blocks(func);
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let p = func.layout[bi];
        let Some(t) = func.terminator(p) else {
            continue;
        };
        // A jump into a branch block takes a copy of the branch.
        if let InstData::Jump { dest } = &func.insts[t].data {
            if let (Some(branch), true) = (&found[dest.block], dest.block != p) {
                let mut copy = branch.clone();
                let (b, args) = (dest.block, dest.args.clone());
                copy.map_args(|v| map_param(func, b, &args, v));
                func.insts[t].data = copy;
                changed = true;
            }
            continue;
        }
        // A conditional edge that passes a constant condition skips the branch block.
        let mut redirects = Vec::new();
        for (ci, call) in func.insts[t].data.successors().iter().enumerate() {
            let Some(InstData::Branch {
                cond,
                then_dest,
                else_dest,
            }) = &found[call.block]
            else {
                continue;
            };
            if call.block == p {
                continue;
            }
            let cond = map_param(func, call.block, &call.args, *cond);
            let Some((_, k)) = util::const_value(func, cond) else {
                continue;
            };
            let target = if k & 1 == 1 { then_dest } else { else_dest };
            if func.blocks[target.block].params.is_empty() {
                redirects.push((ci, target.block));
            }
        }
        if redirects.is_empty() {
            continue;
        }
        let mut calls = func.insts[t].data.successors_mut();
        for (ci, target) in redirects {
            calls[ci].block = target;
            calls[ci].args.clear();
        }
        changed = true;
    }
    changed
}

/// One side of a branch: where it lands, with which arguments, through which arm block.
struct Arm {
    join: Block,
    args: Vec<Value>,
    block: Option<Block>,
}

/// Follows one branch target through a speculatable arm block, if it is one.
fn arm_of(func: &Function, edges: &SecondaryMap<Block, u32>, d: Block, call: &BlockCall) -> Arm {
    let x = call.block;
    let direct = Arm {
        join: x,
        args: call.args.clone(),
        block: None,
    };
    let data = &func.blocks[x];
    if x == d || x == func.entry() || edges[x] != 1 || data.unroll != UnrollHint::None {
        return direct;
    }
    let Some((&last, body)) = data.insts.split_last() else {
        return direct;
    };
    let InstData::Jump { dest } = &func.insts[last].data else {
        return direct;
    };
    let speculatable =
        body.len() <= MAX_ARM_INSTS && body.iter().all(|&i| cheap(&func.insts[i].data));
    if !speculatable || dest.block == x || dest.block == d {
        return direct;
    }
    Arm {
        join: dest.block,
        args: dest.args.clone(),
        block: Some(x),
    }
}

/// Pure and cheap enough to run on both sides of a branch. Divisions, remainders and
/// square roots are long instruction sequences on the GPU (and integer division by zero
/// gives an unspecified value), so they keep their branch.
fn cheap(data: &InstData) -> bool {
    let info = data.info();
    let pure = !info.side_effects && !info.reads_memory && !info.writes_memory && !info.convergent;
    let slow = matches!(
        data,
        InstData::Binary {
            op: BinaryOp::SDiv
                | BinaryOp::UDiv
                | BinaryOp::SRem
                | BinaryOp::URem
                | BinaryOp::FDiv
                | BinaryOp::FRem,
            ..
        } | InstData::Unary {
            op: UnaryOp::FSqrt,
            ..
        }
    );
    pure && !slow
}

fn speculate_small_arms(func: &mut Function) -> bool {
    let mut edges: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(func.blocks.len(), 0);
    for &b in &func.layout {
        if let Some(t) = func.terminator(b) {
            for call in func.insts[t].data.successors() {
                edges[call.block] += 1;
            }
        }
    }
    let mut repl = Replacements::new();
    let mut emptied: SecondaryMap<Block, bool> = util::mask(func.blocks.len());
    let mut changed = false;
    // Post-order of the layout's reachable blocks: inner diamonds before outer ones.
    let order: Vec<Block> = oxicc_ir::Cfg::compute(func)
        .rpo()
        .iter()
        .rev()
        .copied()
        .collect();
    for d in order {
        let Some(t) = func.terminator(d) else {
            continue;
        };
        let InstData::Branch {
            cond,
            then_dest,
            else_dest,
        } = func.insts[t].data.clone()
        else {
            continue;
        };
        let then_arm = arm_of(func, &edges, d, &then_dest);
        let else_arm = arm_of(func, &edges, d, &else_dest);
        let join = then_arm.join;
        if else_arm.join != join || join == d || join == func.entry() {
            continue;
        }
        if then_arm.block.is_none() && else_arm.block.is_none() && then_dest.block == join {
            // `brif c, J(a), J(b)`: still worth a select when the arguments differ, but
            // only if `fold_same_target_branches` did not already take it (equal args).
            if then_dest.args == else_dest.args {
                continue;
            }
        }
        // Move the arms' instructions above the branch, arm parameters becoming the
        // branch's arguments.
        let mut moved: Vec<oxicc_ir::Inst> = Vec::new();
        for (arm, call) in [(&then_arm, &then_dest), (&else_arm, &else_dest)] {
            let Some(x) = arm.block else { continue };
            for (&p, &a) in func.blocks[x].params.clone().iter().zip(&call.args) {
                repl.insert(p, a);
            }
            let mut insts = std::mem::take(&mut func.blocks[x].insts);
            insts.pop();
            moved.extend(insts);
        }
        let cond = repl.resolve(cond);
        let params = func.blocks[join].params.clone();
        let mut args = Vec::with_capacity(params.len());
        for (n, &p) in params.iter().enumerate() {
            let a = repl.resolve(then_arm.args[n]);
            let b = repl.resolve(else_arm.args[n]);
            if a == b {
                args.push(a);
                continue;
            }
            let ty = func.value_type(p);
            let sel = func.make_inst(
                InstData::Select {
                    cond,
                    if_true: a,
                    if_false: b,
                },
                Some(ty),
            );
            moved.push(sel);
            args.push(func.result(sel));
        }
        let insts = &mut func.blocks[d].insts;
        let at = insts.len() - 1;
        insts.splice(at..at, moved);
        func.insts[t].data = InstData::Jump {
            dest: BlockCall::new(join, args),
        };
        for x in [then_arm.block, else_arm.block].into_iter().flatten() {
            // Emptied arms leave the layout (nothing branches to them any more).
            edges[x] = 0;
            emptied[x] = true;
        }
        edges[join] = edges[join].saturating_sub(1);
        changed = true;
    }
    if changed {
        func.layout.retain(|&b| !emptied[b]);
        repl.apply(func);
    }
    changed
}

/// `v` seen from a predecessor that passes `args` to `b`: `b`'s parameters become `args`.
fn map_param(func: &Function, b: Block, args: &[Value], v: Value) -> Value {
    match func.values[v].def {
        ValueDef::Param(pb, n) if pb == b => args.get(n as usize).copied().unwrap_or(v),
        _ => v,
    }
}

fn merge_straight_line_blocks(func: &mut Function) -> bool {
    let entry = func.entry();
    // Number of branch targets naming each block, over the whole layout.
    let mut edges: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(func.blocks.len(), 0);
    for &b in &func.layout {
        if let Some(t) = func.terminator(b) {
            for call in func.insts[t].data.successors() {
                edges[call.block] += 1;
            }
        }
    }
    let mut merged: SecondaryMap<Block, bool> = util::mask(func.blocks.len());
    let mut repl = Replacements::new();
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let p = func.layout[bi];
        if merged[p] {
            continue;
        }
        while let Some(t) = func.terminator(p) {
            let InstData::Jump { dest } = &func.insts[t].data else {
                break;
            };
            let b = dest.block;
            if b == p || b == entry || edges[b] != 1 || merged[b] {
                break;
            }
            let args = dest.args.clone();
            for (&param, &arg) in func.blocks[b].params.clone().iter().zip(&args) {
                repl.insert(param, arg);
            }
            func.blocks[p].insts.pop();
            let moved = std::mem::take(&mut func.blocks[b].insts);
            func.blocks[p].insts.extend(moved);
            if func.blocks[p].unroll == UnrollHint::None {
                func.blocks[p].unroll = func.blocks[b].unroll;
            }
            merged[b] = true;
            changed = true;
        }
    }
    if changed {
        func.layout.retain(|&b| !merged[b]);
        repl.apply(func);
    }
    changed
}

fn remove_unused_params(func: &mut Function) -> bool {
    let Some(uses) = block_param_uses(func) else {
        return false;
    };
    let mut keep: SecondaryMap<Value, bool> = util::mask(func.values.len());
    for &b in &func.layout {
        for &p in &func.blocks[b].params {
            keep[p] = uses[p] > 0;
        }
    }
    util::prune_block_params(func, &keep)
}
