//! `sroa`'s select speculation: a load through `select c, p, q` where `p` and `q` both
//! point into stack slots becomes `select c, (load p), (load q)`, so both slots keep
//! plain accesses and can be split. That is what a conditional lvalue of class type
//! (`Fixed d = y < one ? one : y;`, `std::min` on references) produces. Loading from a stack
//! slot has no side effects and cannot fault, so loading both is safe (LLVM's SROA
//! speculates such loads the same way). A store through the select becomes, for each slot,
//! a load of its old value, a `select` between that and the stored value, and a store back
//! (no other code can observe a stack slot whose address does not escape). The select must
//! have no other uses; it is dropped once its loads and stores are rewritten. Linear in the
//! function.

use crate::sroa_slices::slot_pointers;
use crate::util::{self, Replacements};
use hashbrown::HashMap;
use oxicc_ir::{Function, Inst, InstData, MemFlags, SecondaryMap, Value};

/// Rewrites the loads and stores through selects of slot pointers; true if any changed.
pub(crate) fn speculate_selects(func: &mut Function) -> bool {
    let addr = slot_pointers(func);
    // Candidate selects (by result), and the loads through each.
    let mut loads: HashMap<Value, Vec<Inst>> = HashMap::new();
    let mut order: Vec<Value> = Vec::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let node = &func.insts[i];
            if let (
                InstData::Select {
                    if_true, if_false, ..
                },
                Some(r),
            ) = (&node.data, node.result)
            {
                if addr[*if_true].is_some() && addr[*if_false].is_some() {
                    loads.insert(r, Vec::new());
                    order.push(r);
                }
            }
        }
    }
    if loads.is_empty() {
        return false;
    }
    let mut bad: Vec<Value> = Vec::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            // An access through a candidate: the pointer, the accessed type, its flags.
            let access = match func.insts[i].data {
                InstData::Store { ptr, value, flags }
                    if loads.contains_key(&ptr) && !loads.contains_key(&value) =>
                {
                    Some((ptr, func.value_type(value), flags))
                }
                InstData::Load { ty, ptr, flags } if loads.contains_key(&ptr) => {
                    Some((ptr, ty, flags))
                }
                _ => None,
            };
            if let Some((ptr, ty, flags)) = access {
                let InstData::Select {
                    if_true, if_false, ..
                } = func.insts[func.def_inst(ptr).expect("a select")].data
                else {
                    unreachable!("candidates are selects")
                };
                // Both arms must hold the whole access inside their slot.
                let inside = |p: Value| {
                    let (s, off) = addr[p].expect("slot pointer");
                    off >= 0 && off + ty.bytes() as i64 <= func.stack_slots[s].size as i64
                };
                if flags.volatile || !inside(if_true) || !inside(if_false) {
                    bad.push(ptr);
                } else {
                    loads.get_mut(&ptr).expect("candidate").push(i);
                }
                continue;
            }
            // Any other use of a candidate keeps it.
            func.insts[i].data.for_each_arg(|v| {
                if loads.contains_key(&v) {
                    bad.push(v);
                }
            });
        }
    }
    for v in bad {
        loads.remove(&v);
    }
    loads.retain(|_, l| !l.is_empty());
    if loads.is_empty() {
        return false;
    }
    let mut before: HashMap<Inst, Vec<Inst>> = HashMap::new();
    let mut removed: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut repl = Replacements::new();
    for sel in order {
        let Some(list) = loads.remove(&sel) else {
            continue;
        };
        let sel_inst = func.def_inst(sel).expect("a select result");
        let InstData::Select {
            cond,
            if_true,
            if_false,
        } = func.insts[sel_inst].data
        else {
            unreachable!("candidates are selects")
        };
        for l in list {
            if let InstData::Store { value, flags, .. } = func.insts[l].data {
                // Each slot keeps its old value unless the select picks it.
                let ty = func.value_type(value);
                let flags = MemFlags::aligned(flags.align);
                let mut new = Vec::with_capacity(6);
                for (p, picked_when_true) in [(if_true, true), (if_false, false)] {
                    let old = func.make_inst(InstData::Load { ty, ptr: p, flags }, Some(ty));
                    let ov = func.result(old);
                    let (t, f) = if picked_when_true {
                        (value, ov)
                    } else {
                        (ov, value)
                    };
                    let sel = func.make_inst(
                        InstData::Select {
                            cond,
                            if_true: t,
                            if_false: f,
                        },
                        Some(ty),
                    );
                    let sv = func.result(sel);
                    let st = func.make_inst(
                        InstData::Store {
                            ptr: p,
                            value: sv,
                            flags,
                        },
                        None,
                    );
                    new.extend([old, sel, st]);
                }
                before.insert(l, new);
                removed[l] = true;
                continue;
            }
            let InstData::Load { ty, flags, .. } = func.insts[l].data else {
                unreachable!("recorded loads")
            };
            let flags = MemFlags::aligned(flags.align);
            let a = func.make_inst(
                InstData::Load {
                    ty,
                    ptr: if_true,
                    flags,
                },
                Some(ty),
            );
            let b = func.make_inst(
                InstData::Load {
                    ty,
                    ptr: if_false,
                    flags,
                },
                Some(ty),
            );
            let (av, bv) = (func.result(a), func.result(b));
            let s = func.make_inst(
                InstData::Select {
                    cond,
                    if_true: av,
                    if_false: bv,
                },
                Some(ty),
            );
            before.insert(l, vec![a, b, s]);
            removed[l] = true;
            let old = func.result(l);
            let new = func.result(s);
            repl.insert(old, new);
        }
        removed[sel_inst] = true;
    }
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len() + 2);
        for i in old {
            if let Some(list) = before.remove(&i) {
                insts.extend(list);
            }
            if !removed[i] {
                insts.push(i);
            }
        }
        func.blocks[b].insts = insts;
    }
    repl.apply(func);
    true
}
