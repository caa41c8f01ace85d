//! Tail duplication after register assignment: a block that ends with `bra.uni H`, where
//! `H` is a small block of plain register operations ending in its own branches (a loop
//! header's exit test, a lone `ret`), gets a copy of `H` in place of the jump.
//!
//! The front end's loops test first: the latch jumps back to the header, which compares
//! and branches into the body or out, so each iteration runs `bra.uni` + `setp` + `bra`.
//! With the test copied into the latch, the loop is rotated as nvcc's are (`setp` + `bra`
//! per iteration; the header's copy runs once, on entry), and a jump to a `ret` block
//! becomes the `ret`. Registers are already assigned and every block still ends in
//! explicit branches (the fall-through clean-up in `peephole.rs` runs after this), so
//! executing the copy at the end of the predecessor is exactly executing `H`: the machine
//! state and the branch targets are the same. Copied blocks hold only `mov`, `setp`,
//! integer arithmetic, `selp`, `bra` and `ret` — no memory access, call, barrier or warp
//! operation is duplicated — and never a `.pragma` (a loop header's `nounroll` stays at
//! its loop). A jump to the block laid out next, or right after a conditional branch, is
//! left alone: it costs nothing already (a fall-through, or folded into the inverted
//! conditional branch), while the copy's own last jump might not. Otherwise the copy runs
//! the same instructions as before minus the jump, plus at most the copy's last jump when
//! neither of its targets follows, which `H` in its place needed as well: never more.
//! Blocks no longer branched to are dropped. Linear in the function.

use crate::mir::*;

/// Most instructions a copied block may hold besides its branches.
const MAX_COPIED: usize = 4;

/// Copies small branch blocks into the blocks that jump to them.
pub fn duplicate_tails(f: &mut MFunction) {
    let mut changed = false;
    for pos in 0..f.order.len() {
        let p = f.order[pos];
        let Some(last) = f.blocks[p.index()].insts.last() else {
            continue;
        };
        if last.guard.is_some() {
            continue;
        }
        let Some(h) = last.branch_target() else {
            continue;
        };
        // A jump to the next block costs nothing (it becomes a fall-through), while the
        // copy's own jump out might not.
        // Nor after a conditional branch: `@p bra T; bra.uni H` with `T` next becomes
        // `@!p bra H`, one instruction for both, which the copy's own jump would undo.
        let insts = &f.blocks[p.index()].insts;
        if insts.len() >= 2 && insts[insts.len() - 2].branch_target().is_some() {
            continue;
        }
        let next = f.order.get(pos + 1).copied();
        if h == p || next == Some(h) || !copyable(&f.blocks[h.index()].insts) {
            continue;
        }
        let copy = f.blocks[h.index()].insts.clone();
        let insts = &mut f.blocks[p.index()].insts;
        insts.pop();
        insts.extend(copy);
        changed = true;
    }
    if changed {
        drop_unreferenced(f);
    }
}

/// Whether a block may be copied: plain register operations, then branches, ending in a
/// jump or `ret` (so that nothing falls through out of the copy).
fn copyable(insts: &[MInst]) -> bool {
    let Some(last) = insts.last() else {
        return false;
    };
    if !last.ends_flow() {
        return false;
    }
    let mut plain = 0;
    for i in insts {
        let MInstKind::Op { op, .. } = &i.kind else {
            return false;
        };
        match op.opc {
            Opc::Bra | Opc::Ret => {}
            Opc::Mov
            | Opc::Setp
            | Opc::Selp
            | Opc::Add
            | Opc::Sub
            | Opc::And
            | Opc::Or
            | Opc::Xor
            | Opc::Not
            | Opc::Shl
            | Opc::Shr => plain += 1,
            _ => return false,
        }
    }
    plain <= MAX_COPIED
}

/// Drops blocks (other than the entry) that no branch names and no block falls into.
fn drop_unreferenced(f: &mut MFunction) {
    let mut referenced = vec![false; f.blocks.len()];
    for b in &f.order {
        for i in &f.blocks[b.index()].insts {
            if let Some(t) = i.branch_target() {
                referenced[t.index()] = true;
            }
        }
    }
    let mut keep: Vec<MBlockId> = Vec::with_capacity(f.order.len());
    for (pos, &b) in f.order.iter().enumerate() {
        let fallen_into = match keep.last() {
            None => pos == 0,
            Some(prev) => !f.blocks[prev.index()]
                .insts
                .last()
                .is_some_and(|i| i.ends_flow()),
        };
        if pos == 0 || referenced[b.index()] || fallen_into {
            keep.push(b);
        }
    }
    f.order = keep;
}
