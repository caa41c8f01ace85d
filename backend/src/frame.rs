//! The local-memory frame: stack slots laid out in `__local_depotN`.
//!
//! Slots that stay in memory (local arrays, variables whose address escapes) live in one
//! `.local .align A .b8 __local_depotN[size]` array per function, as nvcc lays them out.
//! `%SPL` holds the depot's `.local` address (`mov.u64 %SPL, __local_depotN;`) and slot
//! addresses are `%SPL + offset`; `%SP` (the generic stack pointer) is declared as nvcc
//! does. Slots are placed by decreasing alignment, then in creation order, which packs
//! them without padding between alignment classes.

use oxicc_ir::{EntityRef, Function, InstData, StackSlot};

/// The layout of a function's stack slots.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// Byte offset of each slot, indexed by slot number.
    pub offsets: Vec<u32>,
    pub size: u32,
    pub align: u32,
}

impl Frame {
    /// Lays out the stack slots of `f`.
    pub fn layout(f: &Function) -> Frame {
        // Only slots whose address is taken somewhere in the body need memory; passes may
        // leave unused ones behind.
        let mut used = vec![false; f.stack_slots.len()];
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                if let InstData::StackAddr { slot } = f.insts[i].data {
                    used[slot.index()] = true;
                }
            }
        }
        let mut slots: Vec<(StackSlot, u32, u32)> = f
            .stack_slots
            .iter()
            .filter(|(k, _)| used[k.index()])
            .map(|(k, d)| (k, d.size, d.align.max(1)))
            .collect();
        slots.sort_by_key(|&(k, _, align)| (std::cmp::Reverse(align), k));
        let mut offsets = vec![0; f.stack_slots.len()];
        let mut size = 0u32;
        let mut align = 1u32;
        for (k, sz, al) in slots {
            size = size.div_ceil(al) * al;
            offsets[k.index()] = size;
            size += sz;
            align = align.max(al);
        }
        if size > 0 {
            size = size.div_ceil(align) * align;
        }
        Frame {
            offsets,
            size,
            align,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    pub fn offset(&self, slot: StackSlot) -> u32 {
        self.offsets[slot.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxicc_ir::{FuncKind, Signature};

    #[test]
    fn slots_are_packed_by_alignment() {
        let mut f = Function::new("f", Signature::default(), FuncKind::Kernel);
        let a = f.create_stack_slot(4, 4);
        let b = f.create_stack_slot(16, 8);
        let unused = f.create_stack_slot(64, 16);
        let c = f.create_stack_slot(1, 1);
        {
            let mut bld = oxicc_ir::FunctionBuilder::new(&mut f);
            for s in [a, b, c] {
                bld.stack_addr(s);
            }
            bld.ret(None);
        }
        let _ = unused;
        let fr = Frame::layout(&f);
        // Worked by hand: b (align 8) at 0..16, a at 16..20, c at 20; size rounded to 24;
        // the unused 64-byte slot takes no space.
        assert_eq!(fr.offset(b), 0);
        assert_eq!(fr.offset(a), 16);
        assert_eq!(fr.offset(c), 20);
        assert_eq!((fr.size, fr.align), (24, 8));
    }
}
