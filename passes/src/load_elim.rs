//! `load-elim`: redundant load elimination and store-to-load forwarding, a GVN of loads
//! over the dominator order of the blocks.
//!
//! Walking the blocks in reverse post-order, a table maps `(address value, type)` to the
//! value known to be in memory there: a `load` adds its result, a `store` adds the stored
//! value. A later non-volatile `load` of the same address and type reuses that value.
//! Anything that may write memory forgets the entries it may overwrite: a store forgets
//! those whose bytes may overlap its own (`alias.rs`: address spaces, constant offsets
//! from one base, distinct allocations, unescaped stack slots, `__restrict__` parameters);
//! calls, atomics, barriers and fences forget everything except unescaped stack slots,
//! which no other thread and no callee can name. A block whose predecessors all come
//! before it in reverse post-order starts from the intersection of their final tables
//! (entries with the same value in every one: the value's definition then dominates the
//! block, and no path to it writes the address since); a loop header or a block with an
//! unreachable predecessor starts empty. Without data races (undefined in CUDA C++ as in
//! C++), no other thread can change memory between two accesses that no barrier, fence or
//! atomic separates. The table holds at most `MAX_ENTRIES` entries, so each store costs
//! O(1); a block's final table is dropped once all its successors have read it.

use crate::alias::AliasInfo;
use crate::util::{self, Replacements};
use hashbrown::HashMap;
use oxicc_ir::{Block, Cfg, Function, Inst, InstData, SecondaryMap, Type, Value};

const MAX_ENTRIES: usize = 64;

/// `(address, type) → value in memory`.
type Table = HashMap<(Value, Type), Value>;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let alias = AliasInfo::compute(func, &cfg);
    let mut end_tables: SecondaryMap<Block, Option<Table>> =
        SecondaryMap::with_capacity(func.blocks.len(), None);
    // Successors that have not yet read a block's final table.
    let mut readers: SecondaryMap<Block, u32> = SecondaryMap::with_capacity(func.blocks.len(), 0);
    let mut repl = Replacements::new();
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut changed = false;
    for &b in cfg.rpo() {
        let mut table = entry_table(&cfg, &end_tables, b);
        for &p in cfg.preds(b) {
            if end_tables[p].is_some() {
                readers[p] -= 1;
                if readers[p] == 0 {
                    end_tables[p] = None;
                }
            }
        }
        for idx in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[idx];
            func.insts[i].data.map_args(|v| repl.resolve(v));
            match func.insts[i].data {
                InstData::Load { ty, ptr, flags } if !flags.volatile => {
                    let r = func.result(i);
                    if let Some(&v) = table.get(&(ptr, ty)) {
                        repl.insert(r, v);
                        dead[i] = true;
                        changed = true;
                    } else if table.len() < MAX_ENTRIES {
                        table.insert((ptr, ty), r);
                    }
                }
                InstData::Load { .. } => {}
                InstData::Store { ptr, value, flags } => {
                    let ty = func.value_type(value);
                    table
                        .retain(|&(q, t), _| !alias.may_alias(func, ptr, ty.bytes(), q, t.bytes()));
                    if !flags.volatile && table.len() < MAX_ENTRIES {
                        table.insert((ptr, ty), value);
                    }
                }
                ref data if data.info().writes_memory => {
                    table.retain(|&(q, _), _| alias.is_private(q));
                }
                _ => {}
            }
        }
        // Successors later in reverse post-order read the table; loop headers never do.
        let rpo_b = cfg.rpo_number(b);
        let succs = (cfg.succs(b).iter())
            .filter(|&&s| cfg.rpo_number(s) > rpo_b)
            .count() as u32;
        if succs > 0 && !table.is_empty() {
            readers[b] = succs;
            end_tables[b] = Some(table);
        }
    }
    if changed {
        util::remove_marked_insts(func, &dead);
        repl.apply(func);
    }
    changed
}

/// The table a block starts from: the intersection of its predecessors' final tables when
/// every predecessor has been walked (none is a back edge or unreachable), else empty.
fn entry_table(cfg: &Cfg, end_tables: &SecondaryMap<Block, Option<Table>>, b: Block) -> Table {
    let preds = cfg.preds(b);
    let rpo_b = cfg.rpo_number(b);
    let walked = |p: Block| matches!((cfg.rpo_number(p), rpo_b), (Some(x), Some(y)) if x < y);
    if preds.is_empty() || !preds.iter().all(|&p| walked(p)) {
        return Table::new();
    }
    let Some(first) = &end_tables[preds[0]] else {
        return Table::new();
    };
    let mut table = first.clone();
    for &p in &preds[1..] {
        let Some(other) = &end_tables[p] else {
            return Table::new();
        };
        table.retain(|k, v| other.get(k) == Some(v));
    }
    table
}
