//! Branch clean-up after register assignment: fall through instead of jumping.
//!
//! Selection emits every conditional branch as `@%p bra T; bra.uni E;`. Here a jump to
//! the next block in the layout is deleted, and when `T` is the next block the pair
//! becomes `@%p bra E` with the condition inverted. When the predicate comes from a
//! single-use `setp` in the same block the comparison itself is inverted (NaN-aware for
//! floats: `lt` becomes `geu`), which is how nvcc's output looks; otherwise the guard is
//! negated (`@!%p`). Before that, blocks that only jump elsewhere (edge blocks whose
//! copies were all coalesced away) are bypassed and dropped when nothing falls into them.

use crate::mir::*;
use hashbrown::HashMap;

/// Rewrites branches of `f` in place.
pub fn simplify_branches(f: &mut MFunction) {
    thread_jumps(f);
    let mut use_count: HashMap<VReg, u32> = HashMap::new();
    let mut def_count: HashMap<VReg, u32> = HashMap::new();
    for b in &f.blocks {
        for i in &b.insts {
            for u in i.uses() {
                *use_count.entry(u).or_insert(0) += 1;
            }
            for d in i.defs() {
                *def_count.entry(d).or_insert(0) += 1;
            }
        }
    }
    for pos in 0..f.order.len() {
        let next = f.order.get(pos + 1).copied();
        let b = &mut f.blocks[f.order[pos].index()];
        let n = b.insts.len();
        // `@p bra next; bra.uni E`  →  `@!p bra E`.
        if n >= 2 && next.is_some() {
            let last = &b.insts[n - 1];
            let prev = &b.insts[n - 2];
            let pattern = match (last.guard, last.branch_target(), prev.guard) {
                (None, Some(e), Some(g)) if prev.branch_target() == next => Some((e, g)),
                _ => None,
            };
            if let Some((e, (p, neg))) = pattern {
                b.insts.pop();
                let single = use_count.get(&p) == Some(&1) && def_count.get(&p) == Some(&1);
                let flipped = single && flip_setp(&mut b.insts, p);
                let g = b.insts.last_mut().unwrap();
                g.guard = Some((p, if flipped { neg } else { !neg }));
                if let MInstKind::Op { uses, .. } = &mut g.kind {
                    uses[0] = Operand::Label(e);
                }
            }
        }
        // A jump (conditional or not) to the next block does nothing.
        while let Some(last) = b.insts.last() {
            if last.branch_target().is_some() && last.branch_target() == next {
                b.insts.pop();
            } else {
                break;
            }
        }
    }
}

/// Inverts the comparison of the `setp` in `insts` that defines `p`.
fn flip_setp(insts: &mut [MInst], p: VReg) -> bool {
    for inst in insts.iter_mut().rev() {
        if !inst.defs().contains(&p) {
            continue;
        }
        if let MInstKind::Op { op, .. } = &mut inst.kind {
            if op.opc == Opc::Setp && inst.guard.is_none() {
                let is_float = matches!(op.types.first(), Some(PtxType::F32 | PtxType::F64));
                if let Some(Mod::Cmp(c)) = op.mods.first_mut() {
                    *c = if is_float {
                        c.float_inverse()
                    } else {
                        c.inverse()
                    };
                    return true;
                }
            }
        }
        return false;
    }
    false
}

/// The target of a block that holds nothing but `bra.uni X`.
fn forwarding_target(f: &MFunction, b: MBlockId) -> Option<MBlockId> {
    match f.blocks[b.index()].insts.as_slice() {
        [only] if only.guard.is_none() => only.branch_target(),
        _ => None,
    }
}

/// Redirects branches through forwarding blocks and removes the ones left unreachable.
fn thread_jumps(f: &mut MFunction) {
    let resolve = |f: &MFunction, mut b: MBlockId| {
        // Bounded: a cycle of forwarding blocks is an infinite loop; keep it as it is.
        for _ in 0..f.blocks.len() {
            match forwarding_target(f, b) {
                Some(t) if t != b => b = t,
                _ => break,
            }
        }
        b
    };
    let targets: Vec<(usize, usize, MBlockId)> = f
        .order
        .iter()
        .flat_map(|bb| {
            f.blocks[bb.index()]
                .insts
                .iter()
                .enumerate()
                .filter_map(move |(k, i)| i.branch_target().map(|t| (bb.index(), k, t)))
        })
        .collect();
    for (bi, k, t) in targets {
        let nt = resolve(f, t);
        if nt != t {
            if let MInstKind::Op { uses, .. } = &mut f.blocks[bi].insts[k].kind {
                uses[0] = Operand::Label(nt);
            }
        }
    }
    let mut referenced = hashbrown::HashSet::new();
    for bb in &f.order {
        for i in &f.blocks[bb.index()].insts {
            if let Some(t) = i.branch_target() {
                referenced.insert(t);
            }
        }
    }
    let mut keep = Vec::with_capacity(f.order.len());
    for (pos, &bb) in f.order.iter().enumerate() {
        let fallen_into = pos == 0
            || !matches!(f.blocks[keep_last(&keep, &f.order, pos).index()].insts.last(), Some(i) if i.ends_flow());
        let dead = forwarding_target(f, bb).is_some() && !referenced.contains(&bb) && !fallen_into;
        if !dead {
            keep.push(bb);
        }
    }
    f.order = keep;
}

/// The block laid out before position `pos` once dropped blocks are skipped.
fn keep_last(keep: &[MBlockId], order: &[MBlockId], pos: usize) -> MBlockId {
    keep.last().copied().unwrap_or(order[pos - 1])
}
