//! `licm`: hoists loop-invariant pure instructions into the loop's preheader.
//!
//! Loops are found from back edges (`t → h` with `h` dominating `t`); a loop's body is every
//! block that reaches a latch without passing the header. A loop is handled when it has a
//! preheader: a single predecessor outside the loop that ends in a `jump` to the header
//! (the shape the front end and `simplify-cfg` produce). Inner loops go first, so an
//! expression can climb out of a nest one level per loop.
//!
//! An instruction is invariant when it is pure (no memory access, no side effects, not
//! convergent, per `Opcode::info`) and each operand is defined outside the loop, is
//! already hoisted, or is a constant (constants are copied into the preheader rather than
//! moved, since other code in the loop may use them). Pure instructions never trap on PTX
//! (integer division by zero gives an unspecified value), so hoisting from conditionally
//! executed blocks is safe. Constants themselves are not hoisted.

use oxicc_ir::{Block, Function, Inst, InstData, SecondaryMap, Value, ValueDef};
use oxicc_ir::{Cfg, DomTree};

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    // Natural loops grouped by header.
    let mut latches: SecondaryMap<Block, Vec<Block>> =
        SecondaryMap::with_capacity(func.blocks.len(), Vec::new());
    let mut headers: Vec<Block> = Vec::new();
    for &b in cfg.rpo() {
        for &s in cfg.succs(b) {
            if dom.dominates(s, b) {
                if latches[s].is_empty() {
                    headers.push(s);
                }
                latches[s].push(b);
            }
        }
    }
    if headers.is_empty() {
        return false;
    }
    let mut loops: Vec<(Block, Vec<Block>)> = headers
        .iter()
        .map(|&h| (h, loop_body(&cfg, h, &latches[h])))
        .collect();
    loops.sort_by_key(|(_, body)| body.len());

    // Where each placed instruction lives (kept up to date as instructions move).
    let mut inst_block: SecondaryMap<Inst, Option<Block>> =
        SecondaryMap::with_capacity(func.insts.len(), None);
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            inst_block[i] = Some(b);
        }
    }
    let mut in_loop: SecondaryMap<Block, u32> =
        SecondaryMap::with_capacity(func.blocks.len(), u32::MAX);
    let mut changed = false;
    for (n, (header, body)) in loops.iter().enumerate() {
        let stamp = n as u32;
        for &b in body {
            in_loop[b] = stamp;
        }
        let outside: Vec<Block> = cfg
            .preds(*header)
            .iter()
            .copied()
            .filter(|&p| in_loop[p] != stamp && cfg.is_reachable(p))
            .collect();
        let [pre] = outside[..] else { continue };
        let Some(pt) = func.terminator(pre) else {
            continue;
        };
        if !matches!(func.insts[pt].data, InstData::Jump { .. }) {
            continue;
        }
        // Body blocks in RPO so that operands are visited before their users.
        let mut ordered: Vec<Block> = body.clone();
        ordered.sort_by_key(|&b| cfg.rpo_number(b).unwrap_or(usize::MAX));
        let mut hoisted: Vec<Inst> = Vec::new();
        for &b in &ordered {
            let mut kept = Vec::with_capacity(func.blocks[b].insts.len());
            for idx in 0..func.blocks[b].insts.len() {
                let i = func.blocks[b].insts[idx];
                if is_hoistable(func, i)
                    && operands_invariant(func, i, &inst_block, &in_loop, stamp)
                {
                    copy_constant_operands(func, i, &inst_block, &in_loop, stamp, &mut hoisted);
                    hoisted.push(i);
                    inst_block[i] = Some(pre);
                } else {
                    kept.push(i);
                }
            }
            func.blocks[b].insts = kept;
        }
        if !hoisted.is_empty() {
            for &i in &hoisted {
                inst_block[i] = Some(pre);
            }
            let insts = &mut func.blocks[pre].insts;
            let at = insts.len() - 1;
            insts.splice(at..at, hoisted);
            changed = true;
        }
    }
    changed
}

/// Blocks of the natural loop of `header` with the given latches.
fn loop_body(cfg: &Cfg, header: Block, latches: &[Block]) -> Vec<Block> {
    let mut body = vec![header];
    let mut seen = hashbrown::HashSet::new();
    seen.insert(header);
    let mut work: Vec<Block> = Vec::new();
    for &l in latches {
        if seen.insert(l) {
            body.push(l);
            work.push(l);
        }
    }
    while let Some(b) = work.pop() {
        for &p in cfg.preds(b) {
            if cfg.is_reachable(p) && seen.insert(p) {
                body.push(p);
                work.push(p);
            }
        }
    }
    body
}

fn is_hoistable(func: &Function, i: Inst) -> bool {
    let data = &func.insts[i].data;
    let info = data.info();
    func.insts[i].result.is_some()
        && !info.side_effects
        && !info.reads_memory
        && !info.writes_memory
        && !info.convergent
        && !info.terminator
        && !matches!(data, InstData::IConst { .. } | InstData::FConst { .. })
}

fn is_constant(func: &Function, v: Value) -> bool {
    func.def_inst(v).is_some_and(|d| {
        matches!(
            func.insts[d].data,
            InstData::IConst { .. } | InstData::FConst { .. }
        )
    })
}

fn defined_in_loop(
    func: &Function,
    v: Value,
    inst_block: &SecondaryMap<Inst, Option<Block>>,
    in_loop: &SecondaryMap<Block, u32>,
    stamp: u32,
) -> bool {
    let b = match func.values[v].def {
        ValueDef::Param(b, _) => Some(b),
        ValueDef::Result(d) => inst_block[d],
    };
    b.is_some_and(|b| in_loop[b] == stamp)
}

fn operands_invariant(
    func: &Function,
    i: Inst,
    inst_block: &SecondaryMap<Inst, Option<Block>>,
    in_loop: &SecondaryMap<Block, u32>,
    stamp: u32,
) -> bool {
    let mut ok = true;
    func.insts[i].data.for_each_arg(|v| {
        ok &= !defined_in_loop(func, v, inst_block, in_loop, stamp) || is_constant(func, v);
    });
    ok
}

/// Gives the hoisted instruction its own copies of constants defined inside the loop.
fn copy_constant_operands(
    func: &mut Function,
    i: Inst,
    inst_block: &SecondaryMap<Inst, Option<Block>>,
    in_loop: &SecondaryMap<Block, u32>,
    stamp: u32,
    hoisted: &mut Vec<Inst>,
) {
    let mut args = Vec::new();
    func.insts[i].data.for_each_arg(|v| args.push(v));
    let mut copies: Vec<(Value, Value)> = Vec::new();
    for v in args {
        if copies.iter().any(|(o, _)| *o == v)
            || !defined_in_loop(func, v, inst_block, in_loop, stamp)
        {
            continue;
        }
        let d = func.def_inst(v).expect("constant is an instruction");
        let data = func.insts[d].data.clone();
        let c = func.make_inst(data, Some(func.value_type(v)));
        hoisted.push(c);
        copies.push((v, func.result(c)));
    }
    if !copies.is_empty() {
        func.insts[i]
            .data
            .map_args(|v| copies.iter().find(|(o, _)| *o == v).map_or(v, |(_, n)| *n));
    }
}
