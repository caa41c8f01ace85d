//! Load/store vectorization on machine IR: neighbouring scalar accesses through one base
//! become one `ld.v2`/`ld.v4`/`st.v2`/`st.v4`, as nvcc prints the field accesses of
//! `int4`, `float4`, `double2` and of structs copied field by field.
//!
//! Runs after instruction selection, before register assignment, on virtual registers.
//! A group is `n` (2 or 4) plain accesses in one block with the same opcode, space and
//! modifiers, the same 32- or 64-bit type of width `w`, the same address base and offsets
//! `o, o + w, …, o + (n-1)·w`, where the access at `o` was `n·w`-aligned in the IR
//! (`Shape::Access`: the IR's alignment travels with the instruction). PTX allows `.v4` of
//! 32-bit and `.v2` of 32- and 64-bit elements.
//!
//! Loads move up to the group's first load, stores down to its last store, so the
//! instructions in between may not:
//! - write memory, synchronize or call (for loads; a store to another named state space
//!   is fine, spaces never overlap), or touch memory at all (for stores): only register
//!   arithmetic and, between loads, other loads;
//! - redefine the base register, or (loads) read or write a later member's result, or
//!   (stores) redefine an earlier member's value.
//!
//! The search looks at most [`WINDOW`] instructions ahead of a group's first access, so the
//! pass is linear in the function. Volatile accesses, guarded ones and `.param` space are
//! left alone.

use crate::mir::*;

/// How far ahead of a group's first access its other members are looked for.
const WINDOW: usize = 24;

/// What identifies a vectorizable access: the operation without its shape, the address base
/// and offset, the element width and the IR alignment of the address.
struct Access<'a> {
    op: &'a Op,
    base: &'a AddrBase,
    offset: i64,
    width: i64,
    align: u32,
    store: bool,
}

/// The element width of a PTX type that `.v2`/`.v4` accept here (32 or 64 bits).
fn element_width(t: PtxType) -> Option<i64> {
    match t {
        PtxType::B32 | PtxType::U32 | PtxType::S32 | PtxType::F32 => Some(4),
        PtxType::B64 | PtxType::U64 | PtxType::S64 | PtxType::F64 => Some(8),
        _ => None,
    }
}

/// `inst` as a vectorizable access, if it is one.
fn access(inst: &MInst) -> Option<Access<'_>> {
    if inst.guard.is_some() {
        return None;
    }
    let MInstKind::Op { op, defs, uses } = &inst.kind else {
        return None;
    };
    let Shape::Access { align } = op.shape else {
        return None;
    };
    let store = match op.opc {
        Opc::Ld => false,
        Opc::St => true,
        _ => return None,
    };
    if op.types.len() != 1
        || op
            .mods
            .iter()
            .any(|m| matches!(m, Mod::Volatile | Mod::Space(Space::Param) | Mod::Word(_)))
    {
        return None;
    }
    let width = element_width(op.types[0])?;
    let shape_ok = if store {
        defs.is_empty() && uses.len() == 2 && matches!(uses[1], Operand::Reg(_))
    } else {
        defs.len() == 1 && uses.len() == 1 && matches!(defs[0], Operand::Reg(_))
    };
    if !shape_ok {
        return None;
    }
    let Operand::Addr(Addr { base, offset }) = &uses[0] else {
        return None;
    };
    Some(Access {
        op,
        base,
        offset: *offset,
        width,
        align,
        store,
    })
}

/// The register an access moves: a load's result, a store's value.
fn moved_reg(inst: &MInst) -> VReg {
    let MInstKind::Op { defs, uses, .. } = &inst.kind else {
        unreachable!("only accesses are moved")
    };
    let o = if defs.is_empty() { &uses[1] } else { &defs[0] };
    o.reg().expect("accesses move registers")
}

/// Whether `inst` may read or write memory, synchronize, call or branch: loads may not move
/// across the writing ones, stores across any of them.
fn memory_effect(inst: &MInst) -> (bool, bool) {
    match &inst.kind {
        MInstKind::Op { op, .. } => match op.opc {
            Opc::Ld | Opc::Tex | Opc::Tld4 | Opc::Suld => (true, false),
            Opc::St
            | Opc::Atom
            | Opc::Red
            | Opc::Bar
            | Opc::Membar
            | Opc::Sust
            | Opc::Bra
            | Opc::Ret
            | Opc::Trap => (true, true),
            _ => (false, false),
        },
        _ => (true, true),
    }
}

/// The state space an operation names (`None`: generic, or none at all).
fn space(op: &Op) -> Option<Space> {
    op.mods.iter().find_map(|m| match m {
        Mod::Space(s) => Some(*s),
        _ => None,
    })
}

/// Whether `inst` is a plain store to a state space other than the load `load`'s, both
/// named (not generic): distinct spaces never overlap, so loads may move across it (a
/// struct copied from global to shared memory chunk by chunk).
fn other_space_store(inst: &MInst, load: &Op) -> bool {
    let MInstKind::Op { op, .. } = &inst.kind else {
        return false;
    };
    if op.opc != Opc::St || inst.guard.is_some() || load.opc != Opc::Ld {
        return false;
    }
    matches!((space(op), space(load)), (Some(a), Some(b)) if a != b)
}

/// Vectorizes the accesses of every block of `mf`; returns how many vector accesses were
/// made.
pub fn vectorize_accesses(mf: &mut MFunction) -> usize {
    let mut made = 0;
    for block in &mut mf.blocks {
        made += vectorize_block(&mut block.insts);
    }
    made
}

fn vectorize_block(insts: &mut Vec<MInst>) -> usize {
    let mut removed = vec![false; insts.len()];
    let mut made = 0;
    for i in 0..insts.len() {
        if removed[i] {
            continue;
        }
        let Some(first) = access(&insts[i]) else {
            continue;
        };
        let counts: &[i64] = if first.width == 4 { &[4, 2] } else { &[2] };
        for &n in counts {
            if i64::from(first.align) < n * first.width {
                continue;
            }
            if let Some(members) = find_group(insts, &removed, i, &first, n) {
                let (at, inst) = combine(insts, &members, first.store);
                for &m in &members {
                    removed[m] = true;
                }
                removed[at] = false;
                insts[at] = inst;
                made += 1;
                break;
            }
        }
    }
    if made > 0 {
        let mut k = 0;
        insts.retain(|_| {
            k += 1;
            !removed[k - 1]
        });
    }
    made
}

/// The positions of the group's members in element order (`members[k]` is at offset
/// `o + k·w`), if all `n` are found and may be moved together.
fn find_group(
    insts: &[MInst],
    removed: &[bool],
    i: usize,
    first: &Access<'_>,
    n: i64,
) -> Option<Vec<usize>> {
    let mut members = vec![usize::MAX; n as usize];
    members[0] = i;
    let mut found = 1;
    let base_reg = match first.base {
        AddrBase::Reg(r) => Some(*r),
        _ => None,
    };
    let end = insts.len().min(i + WINDOW);
    let mut j = i + 1;
    while j < end && found < n {
        let inst = &insts[j];
        if !removed[j] {
            if let Some(a) = access(inst) {
                let k = (a.offset - first.offset) / first.width;
                let fits = a.store == first.store
                    && a.op.opc == first.op.opc
                    && a.op.mods == first.op.mods
                    && a.op.types == first.op.types
                    && a.base == first.base
                    && (a.offset - first.offset) % first.width == 0
                    && (1..n).contains(&k)
                    && members[k as usize] == usize::MAX;
                if fits {
                    members[k as usize] = j;
                    found += 1;
                    j += 1;
                    continue;
                }
            }
            let (touches, writes) = memory_effect(inst);
            if (first.store && touches) || (writes && !other_space_store(inst, first.op)) {
                return None;
            }
            if base_reg.is_some_and(|b| inst.defs().contains(&b)) {
                return None;
            }
        }
        j += 1;
    }
    if found < n {
        return None;
    }
    movable(insts, removed, &members, first.store, base_reg).then_some(members)
}

/// Whether the members may meet at the first (loads) or last (stores) member's position:
/// nothing in between reads or writes a moved load's result, redefines a moved store's
/// value, and no member's result is the base.
fn movable(
    insts: &[MInst],
    removed: &[bool],
    members: &[usize],
    store: bool,
    base: Option<VReg>,
) -> bool {
    let lo = *members.iter().min().expect("a group has members");
    let hi = *members.iter().max().expect("a group has members");
    let moved: Vec<VReg> = members.iter().map(|&m| moved_reg(&insts[m])).collect();
    if !store {
        // Distinct results, none of them the base (each is written once, at the front).
        for (a, ra) in moved.iter().enumerate() {
            if Some(*ra) == base || moved[a + 1..].contains(ra) {
                return false;
            }
        }
    }
    for (k, &m) in members.iter().enumerate() {
        let r = moved[k];
        // Loads: the stretch the result moves over is (lo, m); stores: (m, hi].
        let (from, to) = if store { (m + 1, hi + 1) } else { (lo + 1, m) };
        for (p, inst) in insts.iter().enumerate().take(to).skip(from) {
            if removed[p] || members.contains(&p) && (store || p == m) {
                continue;
            }
            if inst.defs().contains(&r) || (!store && inst.uses().contains(&r)) {
                return false;
            }
        }
    }
    true
}

/// The vector access replacing the members, and the position it goes to.
fn combine(insts: &[MInst], members: &[usize], store: bool) -> (usize, MInst) {
    let first = &insts[members[0]];
    let MInstKind::Op { op, uses, .. } = &first.kind else {
        unreachable!("members are accesses")
    };
    let n = members.len();
    let mut vop = op.clone();
    vop.mods.push(Mod::Word(if n == 4 { "v4" } else { "v2" }));
    vop.shape = Shape::Vector { store };
    let regs: Vec<Operand> = members
        .iter()
        .map(|&m| Operand::Reg(moved_reg(&insts[m])))
        .collect();
    let addr = uses[0].clone();
    let lo = *members.iter().min().expect("a group has members");
    let hi = *members.iter().max().expect("a group has members");
    let (at, defs, uses) = if store {
        let mut u = vec![addr];
        u.extend(regs);
        (hi, Vec::new(), u)
    } else {
        (lo, regs, vec![addr])
    };
    let mut inst = MInst::op(vop, defs, uses);
    inst.loc = insts[lo].loc;
    (at, inst)
}
