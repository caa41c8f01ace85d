//! `load-elim`: redundant load elimination and store-to-load forwarding within extended
//! basic blocks (a block and the chain of single-predecessor blocks below it).
//!
//! Walking the blocks in reverse post-order, a table maps `(address value, type)` to the
//! value known to be in memory there: a `load` adds its result, a `store` adds the stored
//! value. A later non-volatile `load` of the same address and type reuses that value.
//! Anything that may write memory forgets entries: a store forgets the entries of its
//! address space and of the generic space (a generic store forgets everything); calls,
//! atomics, barriers and fences forget everything. Distinct non-generic address spaces
//! never alias. A block with a single predecessor starts from that predecessor's final
//! table; other blocks start empty. Without data races (undefined in CUDA C++ as in C++),
//! no other thread can change memory between two accesses that no barrier, fence or atomic
//! separates. The table holds at most `MAX_ENTRIES` entries, so each store costs O(1).

use crate::util::{self, Replacements};
use hashbrown::HashMap;
use oxicc_ir::{AddrSpace, Block, Cfg, Function, Inst, InstData, SecondaryMap, Type, Value};

const MAX_ENTRIES: usize = 64;

/// `(address, type) → (value in memory, address space of the address)`.
type Table = HashMap<(Value, Type), (Value, AddrSpace)>;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let mut end_tables: SecondaryMap<Block, Option<Table>> =
        SecondaryMap::with_capacity(func.blocks.len(), None);
    let mut repl = Replacements::new();
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut changed = false;
    for &b in cfg.rpo() {
        let mut table = match cfg.preds(b) {
            [p] if *p != b => end_tables[*p].clone().unwrap_or_default(),
            _ => Table::new(),
        };
        for idx in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[idx];
            func.insts[i].data.map_args(|v| repl.resolve(v));
            match func.insts[i].data {
                InstData::Load { ty, ptr, flags } if !flags.volatile => {
                    let r = func.result(i);
                    if let Some(&(v, _)) = table.get(&(ptr, ty)) {
                        repl.insert(r, v);
                        dead[i] = true;
                        changed = true;
                    } else if table.len() < MAX_ENTRIES {
                        table.insert((ptr, ty), (r, space_of(func, ptr)));
                    }
                }
                InstData::Load { .. } => {}
                InstData::Store { ptr, value, flags } => {
                    let space = space_of(func, ptr);
                    forget(&mut table, space);
                    if !flags.volatile && table.len() < MAX_ENTRIES {
                        table.insert((ptr, func.value_type(value)), (value, space));
                    }
                }
                ref data if data.info().writes_memory => table.clear(),
                _ => {}
            }
        }
        let feeds_single_pred = cfg
            .succs(b)
            .iter()
            .any(|&s| matches!(cfg.preds(s), [p] if *p == b) && s != b);
        if feeds_single_pred {
            end_tables[b] = Some(table);
        }
    }
    if changed {
        util::remove_marked_insts(func, &dead);
        repl.apply(func);
    }
    changed
}

fn space_of(func: &Function, ptr: Value) -> AddrSpace {
    func.value_type(ptr)
        .addr_space()
        .unwrap_or(AddrSpace::Generic)
}

/// Drops the entries a store into `space` may overwrite.
fn forget(table: &mut Table, space: AddrSpace) {
    if space == AddrSpace::Generic {
        table.clear();
    } else {
        table.retain(|_, (_, s)| *s != space && *s != AddrSpace::Generic);
    }
}
