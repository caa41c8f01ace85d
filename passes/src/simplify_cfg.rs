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
//! 5. a block whose only predecessor edge is a `jump` from another block is merged into
//!    that predecessor, its parameters replaced by the jump's arguments;
//! 6. block parameters nothing uses are removed with their arguments.

use crate::util::{self, Replacements};
use oxicc_ir::{Block, Function, InstData, SecondaryMap, UnrollHint, Value, ValueDef};

const MAX_ROUNDS: usize = 16;

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
        round |= merge_straight_line_blocks(func);
        round |= remove_unused_params(func);
        if !round {
            break;
        }
        changed = true;
    }
    changed
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
    let uses = util::use_counts(func);
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
            uses[p] == in_jump
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
    let uses = util::use_counts(func);
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
            uses[p] == n
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
    let uses = util::use_counts(func);
    let mut keep: SecondaryMap<Value, bool> = util::mask(func.values.len());
    for &b in &func.layout {
        for &p in &func.blocks[b].params {
            keep[p] = uses[p] > 0;
        }
    }
    util::prune_block_params(func, &keep)
}
