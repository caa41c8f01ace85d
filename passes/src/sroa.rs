//! `sroa`: scalar replacement of aggregates. Splits a stack slot whose address does not
//! escape into one slot per field actually accessed, so that `mem2reg` can promote each.
//!
//! The front end keeps every struct, class object and array in a stack slot, copies them
//! with `copy_bytes` (integer chunks: a load whose only use is a store right after it), and
//! reads fields at constant offsets with their own types. `mem2reg` only promotes a slot
//! accessed whole with one type, so without this pass a `Complex{float re, im}` stays in
//! `.local` memory. For each slot (see `sroa_slices.rs` for the analysis):
//! - every access is a non-volatile load or store at a constant offset inside the slot
//!   (through `stackaddr`, constant `ptradd`s and `addrspacecast`s), else it is left alone;
//! - the partitions are the byte ranges between consecutive access boundaries that some
//!   access covers; an ordinary access must be exactly one partition, a copy half may
//!   span several (a wide `i64` chunk over two `f32` fields) and is split per partition;
//! - each partition gets a slot and one type: a float or pointer type that an ordinary
//!   access uses, else an ordinary access's integer type, else a copy's type (so `i32`
//!   chunks of a `float` field become `f32` copies and the type flows along copy chains);
//!   ordinary accesses of another same-width type are bitcast (type punning through a
//!   union or through the copies);
//! - a copy half is rewritten as per-partition loads and stores of the partition types,
//!   the other side addressed with `ptradd`s from the original other pointer;
//! - a load through a `select` of two slot pointers is first split into two loads and a
//!   `select` of the values (`sroa_select.rs`), as a conditional class lvalue needs.
//!
//! A copy between two slots is rewritten for one of them per round; the other waits for
//! the next round, which then sees the first one's field types. Rounds repeat until nothing
//! changes (at most `MAX_ROUNDS`); each is linear in the function. Like LLVM's SROA (cicc's
//! is stock), slots of any size are split, up to `MAX_PARTITIONS` partitions: nvcc keeps a
//! 512-`float` struct with constant indices in registers.

use crate::sroa_bits::{convertible, Emit};
use crate::sroa_select::speculate_selects;
use crate::sroa_slices::{analyze, Slice, SlotInfo};
use crate::util::Replacements;
use hashbrown::HashMap;
use oxicc_ir::{Function, Inst, InstData, MemFlags, SecondaryMap, StackSlot, Type, Value};

/// Rounds of splitting per run (copy chains longer than this wait for the next run).
const MAX_ROUNDS: usize = 16;
/// Slots with more partitions stay whole (LLVM's `sroa-max-alloca-slices` is 1024).
const MAX_PARTITIONS: usize = 1024;

/// Runs the splitting on one function. Returns true if the function changed.
pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() || func.stack_slots.is_empty() {
        return false;
    }
    let mut changed = false;
    for _ in 0..MAX_ROUNDS {
        if !round(func) {
            break;
        }
        changed = true;
    }
    changed
}

/// One partition of a slot: its byte range and the type its new slot holds.
#[derive(Clone, Copy, Debug)]
struct Partition {
    offset: u32,
    size: u32,
    ty: Type,
}

/// Pending edits of one round, applied together at its end.
#[derive(Default)]
struct Edits {
    /// Instructions to place before an existing one.
    before: HashMap<Inst, Vec<Inst>>,
    /// Instructions to drop from the layout.
    removed: Vec<Inst>,
    /// New `stackaddr`s, placed at the start of the entry block.
    entry: Vec<Inst>,
    repl: Replacements,
}

/// Splits every slot it can; false when none needed it.
fn round(func: &mut Function) -> bool {
    let speculated = speculate_selects(func);
    let info = analyze(func);
    let mut touched: SecondaryMap<Inst, bool> =
        SecondaryMap::with_capacity(func.insts.len(), false);
    let mut edits = Edits::default();
    let mut changed = false;
    let slots: Vec<StackSlot> = func.stack_slots.keys().collect();
    for s in slots {
        let si = &info[s];
        if si.escaped || si.slices.is_empty() {
            continue;
        }
        // A copy already rewritten for another slot this round makes this one's slices
        // stale: wait for the next round.
        if si
            .slices
            .iter()
            .any(|sl| touched[sl.inst] || sl.copy_partner.is_some_and(|p| touched[p]))
        {
            continue;
        }
        let Some(parts) = partitions(func.stack_slots[s].size, si) else {
            continue;
        };
        if !needs_split(func, func.stack_slots[s].size, si, &parts) {
            continue;
        }
        rewrite_slot(func, si, &parts, &mut edits, &mut touched);
        changed = true;
    }
    if changed {
        apply(func, edits);
    }
    changed || speculated
}

/// The partitions of a slot, or `None` when it cannot be split.
fn partitions(slot_size: u32, si: &SlotInfo) -> Option<Vec<Partition>> {
    let mut bounds: Vec<u32> = Vec::with_capacity(si.slices.len() * 2);
    for sl in &si.slices {
        bounds.push(sl.offset);
        bounds.push(sl.offset + sl.size);
    }
    bounds.sort_unstable();
    bounds.dedup();
    if bounds.len() > MAX_PARTITIONS + 1 || *bounds.last()? > slot_size {
        return None;
    }
    // Coverage of each gap between consecutive bounds (difference array over bound indices).
    let index = |off: u32| bounds.binary_search(&off).expect("offset is a bound");
    let mut delta = vec![0i32; bounds.len()];
    for sl in &si.slices {
        delta[index(sl.offset)] += 1;
        delta[index(sl.offset + sl.size)] -= 1;
    }
    let mut parts: Vec<Partition> = Vec::new();
    let mut part_of_bound = vec![usize::MAX; bounds.len()];
    let mut cover = 0;
    for k in 0..bounds.len() - 1 {
        cover += delta[k];
        if cover > 0 {
            part_of_bound[k] = parts.len();
            // A range no access matches exactly (padding that only copies cover) may have
            // no integer type of its size: aligned power-of-two pieces then.
            let (mut lo, hi) = (bounds[k], bounds[k + 1]);
            while lo < hi {
                let size = if (hi - lo).is_power_of_two() && hi - lo <= 16 {
                    hi - lo
                } else {
                    [8u32, 4, 2, 1]
                        .into_iter()
                        .find(|&c| lo % c == 0 && lo + c <= hi)
                        .unwrap_or(1)
                };
                parts.push(Partition {
                    offset: lo,
                    size,
                    ty: Type::int_with_bits(size * 8)?,
                });
                lo += size;
            }
        }
    }
    // Types: preference 3 = float/pointer of an ordinary access, 2 = integer of an ordinary
    // access, 1 = a copy's type, 0 = the default integer.
    let mut rank = vec![0u8; parts.len()];
    for sl in &si.slices {
        let k = part_of_bound[index(sl.offset)];
        let exact = parts[k].offset == sl.offset && parts[k].size == sl.size;
        if !exact {
            // An ordinary access across partitions is cut into pieces with shifts when it
            // is a scalar of at most 8 bytes (a union's `long` over two `int`s).
            if sl.copy_partner.is_none() && (sl.ty.is_ptr() || sl.size > 8) {
                return None;
            }
            continue;
        }
        let r = match (sl.copy_partner.is_some(), sl.ty.is_int()) {
            (true, _) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        if r > rank[k] {
            rank[k] = r;
            parts[k].ty = sl.ty;
        }
    }
    // Ordinary accesses must be convertible to their partition's type, and the partitions
    // under a wide one to integers.
    for sl in &si.slices {
        if sl.copy_partner.is_none() {
            let k = part_of_bound[index(sl.offset)];
            if parts[k].size == sl.size {
                convertible(sl.ty, parts[k].ty)?;
            } else if covered(&parts, sl.offset, sl.size)
                .iter()
                .any(|p| p.ty.is_ptr())
            {
                return None;
            }
        }
    }
    Some(parts)
}

/// True unless the slot is already what `mem2reg` promotes: one partition covering it,
/// accessed with the partition's type only.
fn needs_split(func: &Function, slot_size: u32, si: &SlotInfo, parts: &[Partition]) -> bool {
    // `mem2reg` only sees accesses straight through a `stackaddr` (not through an
    // `addrspacecast` or a `ptradd` by 0): others need the rewrite even for one partition.
    let direct = |sl: &Slice| {
        let ptr = match func.insts[sl.inst].data {
            InstData::Load { ptr, .. } | InstData::Store { ptr, .. } => ptr,
            _ => return false,
        };
        func.def_inst(ptr)
            .is_some_and(|d| matches!(func.insts[d].data, InstData::StackAddr { .. }))
    };
    !(parts.len() == 1
        && parts[0].offset == 0
        && parts[0].size == slot_size
        && si
            .slices
            .iter()
            .all(|sl| sl.ty == parts[0].ty && direct(sl)))
}

/// The partitions inside `[offset, offset + size)`, in order.
fn covered(parts: &[Partition], offset: u32, size: u32) -> &[Partition] {
    let lo = parts.partition_point(|p| p.offset < offset);
    let hi = parts.partition_point(|p| p.offset < offset + size);
    &parts[lo..hi]
}

/// The alignment of a partition's new slot (its size rounded up to a power of two).
fn slot_align(p: Partition) -> u32 {
    p.size.next_power_of_two()
}

/// Alignment known at `delta` bytes past an address aligned to `align`.
fn align_at(align: u32, delta: u32) -> u32 {
    if delta == 0 {
        align
    } else {
        align.min(1 << delta.trailing_zeros())
    }
}

fn rewrite_slot(
    func: &mut Function,
    si: &SlotInfo,
    parts: &[Partition],
    edits: &mut Edits,
    touched: &mut SecondaryMap<Inst, bool>,
) {
    // One new slot (and address) per partition.
    let addrs: Vec<Value> = parts
        .iter()
        .map(|p| {
            let slot = func.create_stack_slot(p.size, slot_align(*p));
            let a = func.make_inst(
                InstData::StackAddr { slot },
                Some(Type::Ptr(oxicc_ir::AddrSpace::Local)),
            );
            edits.entry.push(a);
            func.result(a)
        })
        .collect();
    let part_index = |off: u32| parts.partition_point(|p| p.offset < off);
    for sl in &si.slices {
        let k = part_index(sl.offset);
        match sl.copy_partner {
            None if parts[k].size == sl.size => rewrite_access(func, sl, parts[k], addrs[k], edits),
            None => {
                let pieces = covered(parts, sl.offset, sl.size);
                rewrite_wide(func, sl, pieces, &addrs[k..k + pieces.len()], edits);
            }
            Some(partner) => {
                let lo = part_index(sl.offset);
                let pieces = covered(parts, sl.offset, sl.size);
                rewrite_copy(
                    func,
                    sl,
                    partner,
                    pieces,
                    &addrs[lo..lo + pieces.len()],
                    edits,
                );
                touched[sl.inst] = true;
                touched[partner] = true;
            }
        }
    }
    edits.removed.extend(si.address_insts.iter().copied());
}

/// An ordinary load or store: the same access of the partition's slot, with a cast when
/// the types differ.
fn rewrite_access(
    func: &mut Function,
    sl: &Slice,
    part: Partition,
    addr: Value,
    edits: &mut Edits,
) {
    let cast = convertible(sl.ty, part.ty).expect("checked in partitions");
    let mut new = Vec::new();
    match func.insts[sl.inst].data.clone() {
        InstData::Load { flags, .. } => {
            let flags = MemFlags::aligned(flags.align.min(slot_align(part)));
            let l = func.make_inst(
                InstData::Load {
                    ty: part.ty,
                    ptr: addr,
                    flags,
                },
                Some(part.ty),
            );
            new.push(l);
            let mut v = func.result(l);
            if cast.is_some() {
                let back = convertible(part.ty, sl.ty)
                    .flatten()
                    .expect("casts are symmetric");
                let c = func.make_inst(
                    InstData::Cast {
                        op: back,
                        arg: v,
                        to: sl.ty,
                    },
                    Some(sl.ty),
                );
                new.push(c);
                v = func.result(c);
            }
            let old = func.result(sl.inst);
            edits.repl.insert(old, v);
        }
        InstData::Store { value, flags, .. } => {
            let mut v = value;
            if let Some(op) = cast {
                let c = func.make_inst(
                    InstData::Cast {
                        op,
                        arg: v,
                        to: part.ty,
                    },
                    Some(part.ty),
                );
                new.push(c);
                v = func.result(c);
            }
            let flags = MemFlags::aligned(flags.align.min(slot_align(part)));
            new.push(func.make_inst(
                InstData::Store {
                    ptr: addr,
                    value: v,
                    flags,
                },
                None,
            ));
        }
        _ => unreachable!("slices are loads and stores"),
    }
    edits.before.entry(sl.inst).or_default().extend(new);
    edits.removed.push(sl.inst);
}

/// An ordinary access spanning several partitions: a load assembles the partitions'
/// values, a store cuts its value into them.
fn rewrite_wide(
    func: &mut Function,
    sl: &Slice,
    pieces: &[Partition],
    addrs: &[Value],
    edits: &mut Edits,
) {
    let data = func.insts[sl.inst].data.clone();
    let mut e = Emit {
        func,
        out: Vec::new(),
    };
    match data {
        InstData::Load { .. } => {
            let mut values = Vec::with_capacity(pieces.len());
            for (p, &a) in pieces.iter().zip(addrs) {
                let flags = MemFlags::aligned(slot_align(*p));
                let v = e.ins(
                    InstData::Load {
                        ty: p.ty,
                        ptr: a,
                        flags,
                    },
                    p.ty,
                );
                values.push((p.offset - sl.offset, v));
            }
            let v = e.assemble(&values, sl.ty);
            let old = e.func.result(sl.inst);
            edits.repl.insert(old, v);
        }
        InstData::Store { value, .. } => {
            // A wide value this round assembled is looked through by its new definition.
            let value = edits.repl.resolve(value);
            for (p, &a) in pieces.iter().zip(addrs) {
                let v = e.extract(value, p.offset - sl.offset, p.ty);
                let flags = MemFlags::aligned(slot_align(*p));
                let s = e.func.make_inst(
                    InstData::Store {
                        ptr: a,
                        value: v,
                        flags,
                    },
                    None,
                );
                e.out.push(s);
            }
        }
        _ => unreachable!("slices are loads and stores"),
    }
    let out = e.out;
    edits.before.entry(sl.inst).or_default().extend(out);
    edits.removed.push(sl.inst);
}

/// A copy half: per partition, a load and a store of the partition's type between the new
/// slot and the other side's pointer (offset by the partition's position in the copy).
/// Placed where the copy's store was.
fn rewrite_copy(
    func: &mut Function,
    sl: &Slice,
    partner: Inst,
    pieces: &[Partition],
    addrs: &[Value],
    edits: &mut Edits,
) {
    let (load, store) = if sl.is_load {
        (sl.inst, partner)
    } else {
        (partner, sl.inst)
    };
    let InstData::Load {
        ptr: src,
        flags: lflags,
        ..
    } = func.insts[load].data
    else {
        unreachable!("copy source is a load")
    };
    let InstData::Store {
        ptr: dst,
        flags: sflags,
        ..
    } = func.insts[store].data
    else {
        unreachable!("copy destination is a store")
    };
    let other = if sl.is_load { dst } else { src };
    let other_ty = func.value_type(other);
    let mut new = Vec::new();
    for (p, &a) in pieces.iter().zip(addrs) {
        let delta = p.offset - sl.offset;
        let mut o = other;
        if delta != 0 {
            let c = func.make_inst(
                InstData::IConst {
                    ty: Type::I64,
                    imm: delta as u64,
                },
                Some(Type::I64),
            );
            let pa = func.make_inst(
                InstData::PtrAdd {
                    ptr: other,
                    offset: func.result(c),
                },
                Some(other_ty),
            );
            new.extend([c, pa]);
            o = func.result(pa);
        }
        let (from, to, lalign, salign) = if sl.is_load {
            (a, o, slot_align(*p), align_at(sflags.align, delta))
        } else {
            (o, a, align_at(lflags.align, delta), slot_align(*p))
        };
        let l = func.make_inst(
            InstData::Load {
                ty: p.ty,
                ptr: from,
                flags: MemFlags::aligned(lalign),
            },
            Some(p.ty),
        );
        let v = func.result(l);
        let s = func.make_inst(
            InstData::Store {
                ptr: to,
                value: v,
                flags: MemFlags::aligned(salign),
            },
            None,
        );
        new.extend([l, s]);
    }
    edits.before.entry(store).or_default().extend(new);
    edits.removed.extend([load, store]);
}

/// Places the new instructions, drops the replaced ones, and rewrites uses.
fn apply(func: &mut Function, mut edits: Edits) {
    let mut removed: SecondaryMap<Inst, bool> =
        SecondaryMap::with_capacity(func.insts.len(), false);
    for &i in &edits.removed {
        removed[i] = true;
    }
    let entry = func.entry();
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        if b == entry {
            insts.append(&mut edits.entry);
        }
        for i in old {
            if let Some(list) = edits.before.remove(&i) {
                insts.extend(list);
            }
            if !removed[i] {
                insts.push(i);
            }
        }
        func.blocks[b].insts = insts;
    }
    edits.repl.apply(func);
}
