//! `mem2reg`: promotes stack slots to SSA values, with block parameters at join points.
//!
//! A slot is promoted when every use of every `stack_addr` of it is the address operand of
//! a non-volatile `load` or `store`, all of one type that fits in the slot (so the access
//! is the whole variable at offset 0 and the address never escapes). The algorithm is
//! Cytron et al.'s: block parameters go on the iterated dominance frontier of the blocks
//! that store to the slot, pruned to blocks where the slot is live on entry; a walk of the
//! dominator tree then renames loads to the reaching stored value. A load that no store
//! reaches reads zero (the IR has no `undef`). Unreachable blocks are deleted first, since
//! they have no dominator and their loads could not be renamed. Slots no longer referenced
//! afterwards are removed and the remaining ones renumbered.
//!
//! Cost: linear in the function per promoted slot for liveness, plus the frontier walk.

use crate::util::{self, Replacements};
use hashbrown::HashMap;
use oxicc_ir::{Block, EntityMap, Function, Inst, InstData, SecondaryMap, StackSlot, Type, Value};
use oxicc_ir::{Cfg, DomTree};

/// Runs the promotion on one function. Returns true if the function changed.
pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() || func.stack_slots.is_empty() {
        return false;
    }
    let mut changed = util::remove_unreachable_blocks(func);
    let slots = find_promotable(func);
    if !slots.is_empty() {
        changed |= promote(func, &slots);
    }
    changed | compact_stack_slots(func)
}

/// Per slot: the access type, and whether the slot qualifies.
#[derive(Clone, Copy)]
struct SlotUse {
    ty: Option<Type>,
    ok: bool,
}

/// The promotable slots, with the type of their accesses (`None` when never accessed).
fn find_promotable(func: &Function) -> Vec<(StackSlot, Option<Type>)> {
    let slot_of = addr_slots(func);
    let mut uses: SecondaryMap<StackSlot, SlotUse> =
        SecondaryMap::with_capacity(func.stack_slots.len(), SlotUse { ty: None, ok: true });
    let unify = |uses: &mut SecondaryMap<StackSlot, SlotUse>, s: StackSlot, ty: Type| {
        let u = &mut uses[s];
        match u.ty {
            None => u.ty = Some(ty),
            Some(t) if t == ty => {}
            Some(_) => u.ok = false,
        }
    };
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            match &func.insts[i].data {
                InstData::Load { ty, ptr, flags } if slot_of[*ptr].is_some() => {
                    let s = slot_of[*ptr].unwrap();
                    if flags.volatile {
                        uses[s].ok = false;
                    }
                    unify(&mut uses, s, *ty);
                }
                InstData::Store { ptr, value, flags } if slot_of[*ptr].is_some() => {
                    let s = slot_of[*ptr].unwrap();
                    if flags.volatile {
                        uses[s].ok = false;
                    }
                    if let Some(vs) = slot_of[*value] {
                        uses[vs].ok = false;
                    }
                    unify(&mut uses, s, func.value_type(*value));
                }
                data => data.for_each_arg(|v| {
                    if let Some(s) = slot_of[v] {
                        uses[s].ok = false;
                    }
                }),
            }
        }
    }
    func.stack_slots
        .iter()
        .filter(|(s, data)| {
            let u = uses[*s];
            u.ok && !matches!(u.ty, Some(t) if t.bytes() > data.size)
        })
        .map(|(s, _)| (s, uses[s].ty))
        .collect()
}

/// For each value defined by a `stack_addr` in the layout, its slot.
fn addr_slots(func: &Function) -> SecondaryMap<Value, Option<StackSlot>> {
    let mut slot_of = SecondaryMap::with_capacity(func.values.len(), None);
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            if let InstData::StackAddr { slot } = func.insts[i].data {
                if let Some(r) = func.insts[i].result {
                    slot_of[r] = Some(slot);
                }
            }
        }
    }
    slot_of
}

const NONE: u32 = u32::MAX;

fn promote(func: &mut Function, slots: &[(StackSlot, Option<Type>)]) -> bool {
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let frontiers = dom.frontiers();
    let entry = func.entry();
    let slot_of = addr_slots(func);
    let nblocks = func.blocks.len();
    // Dense index of each promoted slot.
    let mut index: SecondaryMap<StackSlot, u32> =
        SecondaryMap::with_capacity(func.stack_slots.len(), NONE);
    for (n, (s, _)) in slots.iter().enumerate() {
        index[*s] = n as u32;
    }
    let promoted_index = |v: Value| -> Option<usize> {
        let s = slot_of[v]?;
        let n = index[s];
        (n != NONE).then_some(n as usize)
    };

    // Def blocks and upward-exposed-use blocks per slot, in one scan.
    let k = slots.len();
    let mut def_blocks: Vec<Vec<Block>> = vec![Vec::new(); k];
    let mut ue_blocks: Vec<Vec<Block>> = vec![Vec::new(); k];
    let mut stored_in: Vec<Option<Block>> = vec![None; k];
    let mut used_in: Vec<Option<Block>> = vec![None; k];
    for &b in cfg.rpo() {
        for &i in &func.blocks[b].insts {
            match &func.insts[i].data {
                InstData::Load { ptr, .. } => {
                    if let Some(n) = promoted_index(*ptr) {
                        if stored_in[n] != Some(b) && used_in[n] != Some(b) {
                            used_in[n] = Some(b);
                            ue_blocks[n].push(b);
                        }
                    }
                }
                InstData::Store { ptr, .. } => {
                    if let Some(n) = promoted_index(*ptr) {
                        if stored_in[n] != Some(b) {
                            stored_in[n] = Some(b);
                            def_blocks[n].push(b);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    // Live-in blocks and parameter placement, per slot. Stamps avoid clearing per slot.
    let mut live_stamp: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(nblocks, NONE);
    let mut def_stamp: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(nblocks, NONE);
    let mut phi_stamp: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(nblocks, NONE);
    let mut placements: Vec<Vec<Block>> = vec![Vec::new(); k];
    let mut enabled = vec![true; k];
    for n in 0..k {
        let stamp = n as u32;
        for &b in &def_blocks[n] {
            def_stamp[b] = stamp;
        }
        let mut work: Vec<Block> = Vec::new();
        for &b in &ue_blocks[n] {
            live_stamp[b] = stamp;
            work.push(b);
        }
        while let Some(b) = work.pop() {
            for &p in cfg.preds(b) {
                if cfg.is_reachable(p) && def_stamp[p] != stamp && live_stamp[p] != stamp {
                    live_stamp[p] = stamp;
                    work.push(p);
                }
            }
        }
        let mut work: Vec<Block> = def_blocks[n].clone();
        while let Some(d) = work.pop() {
            for &f in &frontiers[d] {
                if phi_stamp[f] == stamp || live_stamp[f] != stamp {
                    continue;
                }
                phi_stamp[f] = stamp;
                if f == entry {
                    // The entry's parameters are the function's: no room for a phi there.
                    enabled[n] = false;
                }
                placements[n].push(f);
                if def_stamp[f] != stamp {
                    work.push(f);
                }
            }
        }
    }
    if !enabled.iter().any(|&e| e) {
        return false;
    }

    // Create the block parameters (the phis), remembering which slot each stands for.
    let mut block_phis: SecondaryMap<Block, Vec<(u32, Value)>> =
        SecondaryMap::with_capacity(nblocks, Vec::new());
    for n in 0..k {
        // Slots never accessed have no type, and no placements either.
        let (true, Some(ty)) = (enabled[n], slots[n].1) else {
            continue;
        };
        // Parameter order follows the frontier walk, which is deterministic.
        for &b in &placements[n] {
            let p = func.append_block_param(b, ty);
            block_phis[b].push((n as u32, p));
        }
    }

    // Rename along the dominator tree.
    let mut st = RenameState {
        slots,
        enabled: &enabled,
        promoted_index: &promoted_index,
        block_phis: &block_phis,
        dead: util::mask(func.insts.len()),
        repl: Replacements::new(),
        zeros: HashMap::new(),
        zero_insts: Vec::new(),
        cur: vec![None; k],
        log: Vec::new(),
    };
    rename_block(func, entry, &mut st);
    let mut stack: Vec<(Block, usize, usize)> = vec![(entry, 0, 0)];
    while let Some(&mut (b, ref mut child, log_len)) = stack.last_mut() {
        let children = dom.children(b);
        if *child < children.len() {
            let c = children[*child];
            *child += 1;
            stack.push((c, 0, st.log.len()));
            rename_block(func, c, &mut st);
        } else {
            while st.log.len() > log_len {
                let (n, old) = st.log.pop().expect("log is longer than the mark");
                st.cur[n] = old;
            }
            stack.pop();
        }
    }
    util::remove_marked_insts(func, &st.dead);
    util::insert_insts(func, entry, 0, &st.zero_insts);
    st.repl.apply(func);
    true
}

struct RenameState<'a, F: Fn(Value) -> Option<usize>> {
    slots: &'a [(StackSlot, Option<Type>)],
    enabled: &'a [bool],
    promoted_index: &'a F,
    block_phis: &'a SecondaryMap<Block, Vec<(u32, Value)>>,
    dead: SecondaryMap<Inst, bool>,
    repl: Replacements,
    zeros: HashMap<Type, Value>,
    zero_insts: Vec<Inst>,
    cur: Vec<Option<Value>>,
    /// Undo log of `cur` changes, unwound when the walk leaves a dominator subtree.
    log: Vec<(usize, Option<Value>)>,
}

impl<F: Fn(Value) -> Option<usize>> RenameState<'_, F> {
    fn set(&mut self, n: usize, v: Value) {
        self.log.push((n, self.cur[n]));
        self.cur[n] = Some(v);
    }

    fn current(&mut self, func: &mut Function, n: usize) -> Value {
        if let Some(v) = self.cur[n] {
            return v;
        }
        let ty = self.slots[n].1.expect("accessed slot has a type");
        if let Some(&z) = self.zeros.get(&ty) {
            return z;
        }
        let (insts, z) = util::zero_of(func, ty);
        self.zero_insts.extend(insts);
        self.zeros.insert(ty, z);
        z
    }

    fn slot(&self, ptr: Value) -> Option<usize> {
        (self.promoted_index)(ptr).filter(|&n| self.enabled[n])
    }
}

fn rename_block<F: Fn(Value) -> Option<usize>>(
    func: &mut Function,
    b: Block,
    st: &mut RenameState<'_, F>,
) {
    for &(n, p) in &st.block_phis[b] {
        st.set(n as usize, p);
    }
    for idx in 0..func.blocks[b].insts.len() {
        let i = func.blocks[b].insts[idx];
        match func.insts[i].data {
            InstData::StackAddr { slot } => {
                let r = func.insts[i].result;
                if let Some(n) = r.and_then(|r| st.slot(r)) {
                    debug_assert_eq!(st.slots[n].0, slot);
                    st.dead[i] = true;
                }
            }
            InstData::Load { ptr, .. } => {
                if let Some(n) = st.slot(ptr) {
                    let v = st.current(func, n);
                    st.repl.insert(func.result(i), v);
                    st.dead[i] = true;
                }
            }
            InstData::Store { ptr, value, .. } => {
                if let Some(n) = st.slot(ptr) {
                    let v = st.repl.resolve(value);
                    st.set(n, v);
                    st.dead[i] = true;
                }
            }
            _ => {}
        }
    }
    // Pass the current values to the successors' new parameters.
    let Some(t) = func.terminator(b) else { return };
    let targets: Vec<Block> = func.insts[t]
        .data
        .successors()
        .iter()
        .map(|c| c.block)
        .collect();
    for (ci, target) in targets.into_iter().enumerate() {
        let phis = st.block_phis[target].clone();
        if phis.is_empty() {
            continue;
        }
        let vals: Vec<Value> = phis
            .iter()
            .map(|&(n, _)| st.current(func, n as usize))
            .collect();
        let mut calls = func.insts[t].data.successors_mut();
        calls[ci].args.extend(vals);
    }
}

/// Drops stack slots that no placed `stack_addr` refers to, renumbering the rest.
pub fn compact_stack_slots(func: &mut Function) -> bool {
    let mut used: SecondaryMap<StackSlot, bool> = util::mask(func.stack_slots.len());
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            if let InstData::StackAddr { slot } = func.insts[i].data {
                used[slot] = true;
            }
        }
    }
    if func.stack_slots.keys().all(|s| used[s]) {
        return false;
    }
    let mut renumber: SecondaryMap<StackSlot, Option<StackSlot>> =
        SecondaryMap::with_capacity(func.stack_slots.len(), None);
    let mut new_slots = EntityMap::new();
    for (s, data) in func.stack_slots.iter() {
        if used[s] {
            renumber[s] = Some(new_slots.push(*data));
        }
    }
    func.stack_slots = new_slots;
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        for ii in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            if let InstData::StackAddr { slot } = &mut func.insts[i].data {
                *slot = renumber[*slot].expect("used slot was renumbered");
            }
        }
    }
    true
}
