//! `dce`: deletes unreachable blocks, instructions whose results are never needed, and
//! block parameters that feed nothing.
//!
//! Liveness is computed optimistically (mark from roots, like an aggressive DCE without
//! control dependence): roots are instructions with side effects per `Opcode::info` (stores,
//! calls, barriers, atomics, warp collectives, terminators) and volatile loads. A branch
//! argument is live only when the parameter it feeds is live, so dead loop-carried values
//! (a counter nobody reads) disappear together with their parameters. Linear time.

use crate::util;
use oxicc_ir::{Block, Function, Inst, InstData, SecondaryMap, Value, ValueDef};

/// True for instructions that must stay even when their result is unused.
pub fn is_root(data: &InstData) -> bool {
    data.info().side_effects || matches!(data, InstData::Load { flags, .. } if flags.volatile)
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let mut changed = util::remove_unreachable_blocks(func);
    let nblocks = func.blocks.len();
    // Terminators that branch to each block (each listed once).
    let mut incoming: SecondaryMap<Block, Vec<Inst>> =
        SecondaryMap::with_capacity(nblocks, Vec::new());
    let mut live_inst: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut live_val: SecondaryMap<Value, bool> = util::mask(func.values.len());
    let mut work: Vec<Value> = Vec::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            if !is_root(data) {
                continue;
            }
            live_inst[i] = true;
            match data {
                InstData::Jump { .. } => {}
                InstData::Branch { cond, .. } => work.push(*cond),
                InstData::Switch { arg, .. } => work.push(*arg),
                _ => data.for_each_arg(|v| work.push(v)),
            }
            for call in data.successors() {
                let list = &mut incoming[call.block];
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        if live_val[v] {
            continue;
        }
        live_val[v] = true;
        match func.values[v].def {
            ValueDef::Result(i) => {
                if !live_inst[i] {
                    live_inst[i] = true;
                    func.insts[i].data.for_each_arg(|a| work.push(a));
                }
            }
            ValueDef::Param(b, n) => {
                for &t in &incoming[b] {
                    for call in func.insts[t].data.successors() {
                        if call.block == b {
                            if let Some(&a) = call.args.get(n as usize) {
                                work.push(a);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut any_dead = false;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            if !live_inst[i] {
                dead[i] = true;
                any_dead = true;
            }
        }
    }
    if any_dead {
        util::remove_marked_insts(func, &dead);
        changed = true;
    }
    changed | util::prune_block_params(func, &live_val)
}
