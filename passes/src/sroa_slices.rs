//! The analysis half of `sroa`: for every stack slot, the byte ranges its loads and stores
//! touch ("slices"), whether its address escapes, and which accesses are halves of a byte
//! copy (the front end's `copy_bytes`: a load whose only use is a store right after it).
//!
//! A pointer is known to point into slot `s` at byte offset `o` when it is `stackaddr s`
//! (offset 0), a `ptradd` of such a pointer by an `iconst`, or an `addrspacecast` of one.
//! The slot escapes when such a pointer is used any other way: a `ptradd` by a variable
//! offset, stored as a value, passed to a call, a block argument, a comparison, a
//! `ptrtoint`, an access outside the slot, or a volatile access. One sweep over the layout
//! (repeated only when a pointer is defined after a use in layout order), so linear.

use crate::util;
use oxicc_ir::{CastOp, Function, Inst, InstData, SecondaryMap, StackSlot, Type, Value};

/// One load or store of a slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slice {
    /// The load, or the store.
    pub inst: Inst,
    pub offset: u32,
    pub size: u32,
    /// The loaded or stored type.
    pub ty: Type,
    pub is_load: bool,
    /// For a copy half: the other instruction (the store for a load, the load for a store).
    pub copy_partner: Option<Inst>,
}

/// What `sroa` knows about one slot.
#[derive(Clone, Default, Debug)]
pub(crate) struct SlotInfo {
    pub escaped: bool,
    pub slices: Vec<Slice>,
    /// `stackaddr`/`ptradd`/`addrspacecast` instructions computing addresses into the slot.
    pub address_insts: Vec<Inst>,
}

/// The slices of every slot of `func`.
pub(crate) fn analyze(func: &Function) -> SecondaryMap<StackSlot, SlotInfo> {
    let addr = slot_pointers(func);
    let uses = util::use_counts(func);
    let mut info: SecondaryMap<StackSlot, SlotInfo> = SecondaryMap::new();
    for (s, _) in func.stack_slots.iter() {
        info[s] = SlotInfo::default();
    }
    // The load each copy store copies from (set when the load is visited, before its store).
    let mut copied_from: SecondaryMap<Inst, Option<Inst>> =
        SecondaryMap::with_capacity(func.insts.len(), None);
    for &b in &func.layout {
        let insts = &func.blocks[b].insts;
        for (pos, &i) in insts.iter().enumerate() {
            let node = &func.insts[i];
            match node.data {
                InstData::StackAddr { slot } => info[slot].address_insts.push(i),
                InstData::PtrAdd { ptr, offset } => {
                    if let Some((s, _)) = addr[ptr] {
                        let derived = node.result.is_some_and(|r| addr[r].is_some());
                        if derived && util::const_value(func, offset).is_some() {
                            info[s].address_insts.push(i);
                        } else {
                            info[s].escaped = true;
                        }
                    }
                }
                InstData::Cast {
                    op: CastOp::AddrSpaceCast,
                    arg,
                    ..
                } if addr[arg].is_some() => {
                    let (s, _) = addr[arg].unwrap();
                    info[s].address_insts.push(i);
                }
                InstData::Load { ty, ptr, flags } => {
                    let partner = node
                        .result
                        .filter(|&r| uses[r] == 1 && !flags.volatile)
                        .and_then(|r| copy_store(func, insts, pos, r));
                    if let Some(st) = partner {
                        copied_from[st] = Some(i);
                    }
                    if let Some((s, off)) = addr[ptr] {
                        let access = Slice {
                            inst: i,
                            offset: 0,
                            size: ty.bytes(),
                            ty,
                            is_load: true,
                            copy_partner: partner,
                        };
                        add_slice(func, s, &mut info[s], access, off, flags.volatile);
                    }
                }
                InstData::Store { ptr, value, flags } => {
                    if let Some((s, _)) = addr[value] {
                        info[s].escaped = true;
                    }
                    if let Some((s, off)) = addr[ptr] {
                        let ty = func.value_type(value);
                        let access = Slice {
                            inst: i,
                            offset: 0,
                            size: ty.bytes(),
                            ty,
                            is_load: false,
                            copy_partner: copied_from[i],
                        };
                        add_slice(func, s, &mut info[s], access, off, flags.volatile);
                    }
                }
                ref data => data.for_each_arg(|v| {
                    if let Some((s, _)) = addr[v] {
                        info[s].escaped = true;
                    }
                }),
            }
        }
    }
    // A copy within one slot is two ordinary accesses of it.
    let mut slot_of_access: SecondaryMap<Inst, Option<StackSlot>> =
        SecondaryMap::with_capacity(func.insts.len(), None);
    for s in func.stack_slots.keys() {
        for sl in &info[s].slices {
            slot_of_access[sl.inst] = Some(s);
        }
    }
    for s in func.stack_slots.keys() {
        for sl in &mut info[s].slices {
            if sl
                .copy_partner
                .is_some_and(|p| slot_of_access[p] == Some(s))
            {
                sl.copy_partner = None;
            }
        }
    }
    info
}

/// Records an access at byte offset `off` of slot `s`; one outside the slot or volatile
/// makes the slot escape.
fn add_slice(
    func: &Function,
    s: StackSlot,
    si: &mut SlotInfo,
    mut access: Slice,
    off: i64,
    volatile: bool,
) {
    let slot_size = func.stack_slots[s].size as i64;
    if volatile || off < 0 || off + access.size as i64 > slot_size {
        si.escaped = true;
        return;
    }
    access.offset = off as u32;
    si.slices.push(access);
}

/// For a load at `pos` whose result `r` is used once: the store of `r` that follows it in
/// the same block with only side-effect-free instructions in between (a copy).
fn copy_store(func: &Function, insts: &[Inst], pos: usize, r: Value) -> Option<Inst> {
    for &j in insts.iter().skip(pos + 1).take(8) {
        match func.insts[j].data {
            InstData::Store { value, flags, .. } if value == r && !flags.volatile => {
                return Some(j)
            }
            InstData::IConst { .. }
            | InstData::FConst { .. }
            | InstData::PtrAdd { .. }
            | InstData::StackAddr { .. }
            | InstData::Cast { .. } => {}
            _ => return None,
        }
    }
    None
}

/// For each pointer value known to point into a slot: the slot and the byte offset.
pub(crate) fn slot_pointers(func: &Function) -> SecondaryMap<Value, Option<(StackSlot, i64)>> {
    let mut addr: SecondaryMap<Value, Option<(StackSlot, i64)>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    // Derived pointers normally follow their bases in the layout, so the second sweep finds
    // nothing new; a few more catch the odd pointer defined later in the layout than its
    // use. Pointers still unresolved make their slot escape (conservative).
    for _ in 0..8 {
        let mut progress = false;
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let node = &func.insts[i];
                let Some(r) = node.result else { continue };
                if addr[r].is_some() {
                    continue;
                }
                let known = match node.data {
                    InstData::StackAddr { slot } => Some((slot, 0)),
                    InstData::PtrAdd { ptr, offset } => {
                        match (addr[ptr], util::const_value(func, offset)) {
                            (Some((s, o)), Some((_, c))) => Some((s, o.wrapping_add(c as i64))),
                            _ => None,
                        }
                    }
                    InstData::Cast {
                        op: CastOp::AddrSpaceCast,
                        arg,
                        ..
                    } => addr[arg],
                    _ => None,
                };
                if known.is_some() {
                    addr[r] = known;
                    progress = true;
                }
            }
        }
        if !progress {
            break;
        }
    }
    addr
}
