//! A stand-in verifier and printer used by the pass manager until the IR crate's own
//! (`oxicc_ir::verify`, `oxicc_ir::text`) land; the manager calls these two functions only.
//!
//! Invariants checked (a subset of the IR's, the ones passes can break):
//! 1. every block in the layout is non-empty, ends in a terminator, and has no terminator
//!    before its end; no block appears twice in the layout, no instruction twice;
//! 2. branch targets are in the layout, are not the entry block, and get as many arguments
//!    as they have parameters, of the parameters' types;
//! 3. every operand is defined by a placed instruction or a parameter of a block in the
//!    layout, and its definition dominates the use (block arguments are uses at the end of
//!    the branching block); values' `ValueDef` agrees with where they are placed;
//! 4. a `return` matches the signature; a call passes as many arguments as the callee takes.

use crate::analysis::{Cfg, DomTree};
use oxicc_ir::{Block, Function, Inst, InstData, Module, SecondaryMap, Value, ValueDef};

/// Checks `func` against the invariants above; the message names the first violation.
pub fn verify_function(module: &Module, func: &Function) -> Result<(), String> {
    if func.is_declaration() {
        return Ok(());
    }
    let entry = func.entry();
    let mut in_layout: SecondaryMap<Block, bool> =
        SecondaryMap::with_capacity(func.blocks.len(), false);
    for &b in &func.layout {
        if in_layout[b] {
            return Err(format!("{b} appears twice in the layout"));
        }
        in_layout[b] = true;
    }
    // Where each instruction is placed: (block, position).
    let mut place: SecondaryMap<Inst, Option<(Block, u32)>> =
        SecondaryMap::with_capacity(func.insts.len(), None);
    for &b in &func.layout {
        let insts = &func.blocks[b].insts;
        if insts.is_empty() {
            return Err(format!("{b} is empty"));
        }
        for (n, &i) in insts.iter().enumerate() {
            if place[i].is_some() {
                return Err(format!("{i} is placed twice"));
            }
            place[i] = Some((b, n as u32));
            let is_last = n + 1 == insts.len();
            if func.insts[i].data.is_terminator() != is_last {
                return Err(if is_last {
                    format!("{b} does not end in a terminator")
                } else {
                    format!("{b} has terminator {i} before its end")
                });
            }
            if let Some(r) = func.insts[i].result {
                if func.values[r].def != ValueDef::Result(i) {
                    return Err(format!("{r} does not say it is defined by {i}"));
                }
            }
        }
        for (n, &p) in func.blocks[b].params.iter().enumerate() {
            if func.values[p].def != ValueDef::Param(b, n as u32) {
                return Err(format!(
                    "parameter {p} of {b} has a wrong definition record"
                ));
            }
        }
    }
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    // Does the definition of `v` dominate a use in `b` at position `pos`?
    let available = |v: Value, b: Block, pos: u32| -> Result<(), String> {
        if v.index_usize() >= func.values.len() {
            return Err(format!("{v} does not exist"));
        }
        match func.values[v].def {
            ValueDef::Param(pb, _) => {
                if !in_layout[pb] {
                    return Err(format!("{v} is a parameter of {pb}, not in the layout"));
                }
                if cfg.is_reachable(b) && !dom.dominates(pb, b) {
                    return Err(format!(
                        "{v} (param of {pb}) does not dominate its use in {b}"
                    ));
                }
                Ok(())
            }
            ValueDef::Result(di) => {
                let Some((db, dpos)) = place[di] else {
                    return Err(format!("{v} is defined by {di}, which is not placed"));
                };
                if db == b {
                    if dpos >= pos {
                        return Err(format!("{v} is used in {b} before its definition"));
                    }
                } else if cfg.is_reachable(b) && !dom.dominates(db, b) {
                    return Err(format!(
                        "{v} (defined in {db}) does not dominate its use in {b}"
                    ));
                }
                Ok(())
            }
        }
    };
    for &b in &func.layout {
        for (n, &i) in func.blocks[b].insts.iter().enumerate() {
            let data = &func.insts[i].data;
            let mut err = None;
            data.for_each_arg(|v| {
                if err.is_none() {
                    if let Err(e) = available(v, b, n as u32) {
                        err = Some(format!("in {i}: {e}"));
                    }
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
            for call in data.successors() {
                if !in_layout[call.block] {
                    return Err(format!("{i} branches to {}, not in the layout", call.block));
                }
                if call.block == entry {
                    return Err(format!("{i} branches to the entry block"));
                }
                let params = &func.blocks[call.block].params;
                if params.len() != call.args.len() {
                    return Err(format!(
                        "{i} passes {} arguments to {} which has {} parameters",
                        call.args.len(),
                        call.block,
                        params.len()
                    ));
                }
                for (&a, &p) in call.args.iter().zip(params) {
                    if func.value_type(a) != func.value_type(p) {
                        return Err(format!(
                            "{i} passes {a} of the wrong type to {}",
                            call.block
                        ));
                    }
                }
            }
            match data {
                InstData::Return { value } => {
                    let got = value.map(|v| func.value_type(v));
                    if got != func.sig.ret {
                        return Err(format!(
                            "{i} returns {got:?}, signature says {:?}",
                            func.sig.ret
                        ));
                    }
                }
                InstData::Call { callee, args } => match module.functions.get(*callee) {
                    None => return Err(format!("{i} calls a function that does not exist")),
                    Some(c) if c.sig.params.len() != args.len() => {
                        return Err(format!(
                            "{i} passes the wrong number of arguments to {}",
                            c.name
                        ))
                    }
                    _ => {}
                },
                _ => {}
            }
        }
    }
    Ok(())
}

trait IndexUsize {
    fn index_usize(self) -> usize;
}

impl IndexUsize for Value {
    fn index_usize(self) -> usize {
        self.as_u32() as usize
    }
}

/// The module as `.oxir` text, for `--print-after-all`.
pub fn print_module(module: &Module) -> String {
    oxicc_ir::print_module(module)
}
