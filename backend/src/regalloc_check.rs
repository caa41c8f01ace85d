//! A checker for register assignment, in the spirit of `regalloc2::checker`: it proves that
//! the assigned code reads, at every use, the value the virtual code meant.
//!
//! It interprets the virtual function abstractly with the assignment applied: the state
//! maps each assigned register to the set of virtual registers whose current value it
//! holds. A definition of `v` into register `r` makes `r` hold exactly `{v}`; a copy whose
//! source and destination share a register (a coalesced copy, deleted from the output)
//! adds the destination to the set. At block entries the sets of all predecessors are
//! intersected ("must hold"), iterated to a fixed point; unreached blocks are not checked.
//! Every use of `v` must find `v` in the set of `v`'s register. Debug builds run it on every
//! function, so the whole test suite exercises it.

use crate::mir::{MFunction, VReg};
use std::collections::BTreeSet;

type State = Vec<BTreeSet<u32>>;

/// What a block does to the state; with `check`, the first use that misses its value.
fn transfer(
    f: &MFunction,
    pos: usize,
    mut st: State,
    map: &[VReg],
    check: bool,
) -> Result<(State, Vec<(usize, State)>), String> {
    let mut outs = Vec::new();
    let pos_of = |b| {
        f.order
            .iter()
            .position(|x| *x == b)
            .expect("branch to a block not in the layout")
    };
    for inst in &f.blocks[f.order[pos].index()].insts {
        if check {
            for u in inst.uses() {
                let r = map[u.index()].index();
                if !st[r].contains(&u.0) {
                    return Err(format!(
                        "{u:?} (assigned {:?}) does not hold its value at {inst:?}",
                        map[u.index()]
                    ));
                }
            }
        }
        if let Some(t) = inst.branch_target() {
            outs.push((pos_of(t), st.clone()));
        }
        if let Some((d, s)) = inst.as_copy() {
            if map[d.index()] == map[s.index()] {
                st[map[d.index()].index()].insert(d.0);
                continue;
            }
        }
        for d in inst.defs() {
            let r = map[d.index()].index();
            st[r] = BTreeSet::from([d.0]);
        }
    }
    Ok((st, outs))
}

/// An error if assigning `map` (virtual register → assigned register) to `f` changes what
/// any instruction reads. `n_assigned` is the number of assigned registers.
pub fn check_assignment(f: &MFunction, map: &[VReg], n_assigned: usize) -> Result<(), String> {
    let nb = f.order.len();
    if nb == 0 {
        return Ok(());
    }
    let mut entry: Vec<Option<State>> = vec![None; nb];
    entry[0] = Some(vec![BTreeSet::new(); n_assigned]);
    let meet = |slot: &mut Option<State>, s: &State| -> bool {
        match slot {
            None => {
                *slot = Some(s.clone());
                true
            }
            Some(old) => {
                let mut changed = false;
                for (o, n) in old.iter_mut().zip(s) {
                    let before = o.len();
                    o.retain(|x| n.contains(x));
                    changed |= o.len() != before;
                }
                changed
            }
        }
    };
    let mut changed = true;
    while changed {
        changed = false;
        for pos in 0..nb {
            let Some(st) = entry[pos].clone() else {
                continue;
            };
            let (out, branches) = transfer(f, pos, st, map, false)?;
            for (t, s) in branches {
                changed |= meet(&mut entry[t], &s);
            }
            let insts = &f.blocks[f.order[pos].index()].insts;
            let falls = !matches!(insts.last(), Some(i) if i.ends_flow());
            if falls && pos + 1 < nb {
                changed |= meet(&mut entry[pos + 1], &out);
            }
        }
    }
    for (pos, st) in entry.into_iter().enumerate() {
        if let Some(st) = st {
            transfer(f, pos, st, map, true)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::*;

    /// `v0 = 1; v1 = 2; v2 = v0 + v1` in one block.
    fn two_live_values() -> MFunction {
        let mut f = MFunction::default();
        let b = f.new_block();
        f.order.push(b);
        let v: Vec<VReg> = (0..3).map(|_| f.new_vreg(RegClass::B32)).collect();
        let add = Op::new(Opc::Add, &[], &[PtxType::S32]);
        f.blocks[0].insts = vec![
            MInst::mov(RegClass::B32, v[0], Operand::Imm(1)),
            MInst::mov(RegClass::B32, v[1], Operand::Imm(2)),
            MInst::op(
                add,
                vec![Operand::Reg(v[2])],
                vec![Operand::Reg(v[0]), Operand::Reg(v[1])],
            ),
        ];
        f
    }

    #[test]
    fn accepts_reuse_after_last_use() {
        // v2 may take v0's register: v0 dies where v2 is written.
        let f = two_live_values();
        assert_eq!(
            check_assignment(&f, &[VReg(0), VReg(1), VReg(0)], 2),
            Ok(())
        );
    }

    #[test]
    fn rejects_clobbered_values() {
        // v0 and v1 are live together: one register for both loses v0.
        let f = two_live_values();
        assert!(check_assignment(&f, &[VReg(0), VReg(0), VReg(1)], 2).is_err());
    }
}
