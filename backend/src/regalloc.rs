//! Register assignment: copy coalescing, then greedy first-fit over live intervals.
//!
//! PTX registers are virtual, so there is no spilling: the goal is a compact register count
//! per class and few moves. Copies (`mov d, s`, mostly block-argument copies from
//! out-of-SSA) are coalesced first: when the intervals of `d` and `s` do not overlap, they
//! become one group that will share a register, and the copy disappears. Groups are then
//! assigned in order of their start position to the first register of their class whose
//! occupied ranges they do not overlap, trying the register of a copy partner first. This is
//! linear scan with interval holes ("second-chance binpacking") and no eviction, which
//! suffices because there is no register limit to respect.

use crate::liveness::{live_intervals, Interval};
use crate::mir::{MFunction, RegClass, VReg};

fn find(parent: &mut [u32], x: u32) -> u32 {
    let mut r = x;
    while parent[r as usize] != r {
        r = parent[r as usize];
    }
    let mut c = x;
    while parent[c as usize] != r {
        let next = parent[c as usize];
        parent[c as usize] = r;
        c = next;
    }
    r
}

/// Rewrites `f` so that every virtual register is one of a compact set of registers per
/// class, and deletes copies that became `mov %r1, %r1`.
pub fn assign_registers(f: &mut MFunction) {
    let n = f.vregs.len();
    let mut intervals = live_intervals(f);
    let mut parent: Vec<u32> = (0..n as u32).collect();

    // Coalesce copies in layout order.
    let mut copies = Vec::new();
    for b in &f.order {
        for inst in &f.blocks[b.index()].insts {
            if let Some((d, s)) = inst.as_copy() {
                if f.class(d) == f.class(s) {
                    copies.push((d, s));
                }
            }
        }
    }
    for &(d, s) in &copies {
        let (rd, rs) = (find(&mut parent, d.0), find(&mut parent, s.0));
        if rd == rs {
            continue;
        }
        if !intervals[rd as usize].overlaps(&intervals[rs as usize]) {
            let (keep, gone) = (rd.min(rs), rd.max(rs));
            let moved = std::mem::take(&mut intervals[gone as usize]);
            intervals[keep as usize].merge(&moved);
            parent[gone as usize] = keep;
        }
    }

    // Groups, ordered by start position (ties by register number for determinism).
    let mut groups: Vec<u32> = (0..n as u32)
        .filter(|&r| find(&mut parent, r) == r)
        .collect();
    groups.sort_by_key(|&r| (intervals[r as usize].start(), r));

    // Copy partners give a preferred register.
    let mut partners: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(d, s) in &copies {
        let (rd, rs) = (find(&mut parent, d.0), find(&mut parent, s.0));
        if rd != rs {
            partners[rd as usize].push(rs);
            partners[rs as usize].push(rd);
        }
    }

    let mut phys_of: Vec<Option<u32>> = vec![None; n];
    // Occupancy per class: one interval per assigned register.
    let mut occupied: Vec<Vec<Interval>> = vec![Vec::new(); 6];
    // The new virtual register set: one per (class, physical index).
    let mut new_vregs: Vec<RegClass> = Vec::new();
    let mut new_id: Vec<Vec<u32>> = vec![Vec::new(); 6];
    for &g in &groups {
        let class = f.vregs[g as usize];
        let iv = &intervals[g as usize];
        let regs = &mut occupied[class.index()];
        let hint = partners[g as usize]
            .iter()
            .filter_map(|&p| phys_of[p as usize])
            .find(|&p| !regs[p as usize].overlaps(iv));
        let choice =
            hint.or_else(|| (0..regs.len() as u32).find(|&p| !regs[p as usize].overlaps(iv)));
        let p = match choice {
            Some(p) => p,
            None => {
                regs.push(Interval::default());
                new_id[class.index()].push(new_vregs.len() as u32);
                new_vregs.push(class);
                regs.len() as u32 - 1
            }
        };
        regs[p as usize].merge(iv);
        phys_of[g as usize] = Some(p);
    }

    let mapping: Vec<VReg> = (0..n as u32)
        .map(|r| {
            let g = find(&mut parent, r);
            let class = f.vregs[r as usize];
            // A register that never appears has no group entry: give it slot 0 of its class.
            let p = phys_of[g as usize].unwrap_or(0);
            if new_id[class.index()].is_empty() {
                new_id[class.index()].push(new_vregs.len() as u32);
                new_vregs.push(class);
            }
            VReg(new_id[class.index()][p as usize])
        })
        .collect();
    if cfg!(debug_assertions) {
        if let Err(e) = crate::regalloc_check::check_assignment(f, &mapping, new_vregs.len()) {
            panic!("register assignment bug: {e}");
        }
    }
    for b in f.blocks.iter_mut() {
        for inst in b.insts.iter_mut() {
            inst.map_regs(|r| mapping[r.index()]);
        }
        b.insts
            .retain(|i| !matches!(i.as_copy(), Some((d, s)) if d == s));
    }
    f.vregs = new_vregs;
}
