//! `dse`: deletes stores that a later store in the same block overwrites before anything
//! can read them.
//!
//! Each block is scanned backwards with a small table of addresses (SSA pointer values)
//! that a later store writes, with the width written. A non-volatile store to an address in
//! the table, no wider than the later store, is dead: same address value, same start, and
//! the later store covers its bytes. A load forgets the table entries of its address space
//! and of the generic space (a generic load forgets everything); calls, atomics, barriers
//! and fences forget everything. Distinct non-generic address spaces never alias. The table
//! holds at most `MAX_ENTRIES` addresses, so the scan is linear.

use crate::util;
use hashbrown::HashMap;
use oxicc_ir::{AddrSpace, Function, Inst, InstData, SecondaryMap, Value};

const MAX_ENTRIES: usize = 64;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut changed = false;
    // Address → (bytes a later store writes there, its address space).
    let mut later: HashMap<Value, (u32, AddrSpace)> = HashMap::new();
    for &b in &func.layout {
        later.clear();
        for &i in func.blocks[b].insts.iter().rev() {
            match func.insts[i].data {
                InstData::Store { ptr, value, flags } => {
                    let bytes = func.value_type(value).bytes();
                    if flags.volatile {
                        // A volatile store is itself an observable access; keep the table.
                        continue;
                    }
                    match later.get(&ptr) {
                        Some(&(covered, _)) if covered >= bytes => {
                            dead[i] = true;
                            changed = true;
                        }
                        _ if later.len() < MAX_ENTRIES || later.contains_key(&ptr) => {
                            let space = space_of(func, ptr);
                            let e = later.entry(ptr).or_insert((0, space));
                            e.0 = e.0.max(bytes);
                        }
                        _ => {}
                    }
                }
                InstData::Load { ptr, .. } => {
                    let space = space_of(func, ptr);
                    if space == AddrSpace::Generic {
                        later.clear();
                    } else {
                        later.retain(|_, (_, s)| *s != space && *s != AddrSpace::Generic);
                    }
                }
                ref data if data.info().reads_memory => later.clear(),
                _ => {}
            }
        }
    }
    if changed {
        util::remove_marked_insts(func, &dead);
    }
    changed
}

fn space_of(func: &Function, ptr: Value) -> AddrSpace {
    func.value_type(ptr)
        .addr_space()
        .unwrap_or(AddrSpace::Generic)
}
