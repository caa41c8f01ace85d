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
//!
//! Cost is linear in the number of live ranges (times a logarithm for the ordered sets):
//! a register's ranges that ended before the current start position are dropped, each
//! register is *free* (nothing ahead), *active* (a range covers the position) or *inactive*
//! (in a hole, ranges ahead), and a min-heap of the positions where a register's state
//! changes moves registers between those sets. First fit then needs the lowest free
//! register and an overlap test only for inactive registers below it: an active one always
//! overlaps the new interval, a free one never does. This is exactly the first fit over
//! all registers (same PTX), without scanning every register for every interval.

use crate::liveness::{live_intervals, merge_ranges, ranges_overlap, Interval};
use crate::mir::{MFunction, RegClass, VReg};
use crate::{timed, StageTimes};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

/// The physical registers of one class during assignment.
#[derive(Default)]
struct ClassRegs {
    /// Per register, its occupied ranges that end after the current position, sorted.
    ranges: Vec<Vec<(u32, u32)>>,
    /// Registers with no range ahead.
    free: BTreeSet<u32>,
    /// Registers in a hole: ranges ahead, none covering the current position.
    inactive: BTreeSet<u32>,
    /// Per register, the next position where its state may change (`u32::MAX`: none).
    next_event: Vec<u32>,
    /// `(position, register)` events; stale ones (not the register's `next_event`) skipped.
    events: BinaryHeap<Reverse<(u32, u32)>>,
}

impl ClassRegs {
    fn add_register(&mut self) -> u32 {
        self.ranges.push(Vec::new());
        self.next_event.push(u32::MAX);
        self.ranges.len() as u32 - 1
    }

    /// Moves the current position to `pos` (never backwards): registers whose state
    /// changes at or before `pos` are reclassified.
    fn advance(&mut self, pos: u32) {
        while let Some(&Reverse((at, p))) = self.events.peek() {
            if at > pos {
                break;
            }
            self.events.pop();
            if self.next_event[p as usize] == at {
                self.update(p, pos);
            }
        }
    }

    /// Recomputes register `p`'s state at `pos` and schedules its next change.
    fn update(&mut self, p: u32, pos: u32) {
        let rs = &mut self.ranges[p as usize];
        let dead = rs.iter().take_while(|r| r.1 <= pos).count();
        rs.drain(..dead);
        self.free.remove(&p);
        self.inactive.remove(&p);
        let next = match rs.first() {
            None => {
                self.free.insert(p);
                u32::MAX
            }
            Some(&(from, to)) if from <= pos => to,
            Some(&(from, _)) => {
                self.inactive.insert(p);
                from
            }
        };
        self.next_event[p as usize] = next;
        if next != u32::MAX {
            self.events.push(Reverse((next, p)));
        }
    }

    fn overlaps(&self, p: u32, iv: &[(u32, u32)]) -> bool {
        ranges_overlap(&self.ranges[p as usize], iv)
    }

    /// The lowest register that `iv` (starting at the current position) does not overlap.
    fn first_fit(&self, iv: &[(u32, u32)]) -> Option<u32> {
        let free = self.free.first().copied();
        let below = self.inactive.range(..free.unwrap_or(u32::MAX));
        below.copied().find(|&p| !self.overlaps(p, iv)).or(free)
    }

    /// Gives `iv` (starting at the current position) to register `p`.
    fn occupy(&mut self, p: u32, iv: &[(u32, u32)]) {
        let merged = merge_ranges(&self.ranges[p as usize], iv);
        self.ranges[p as usize] = merged;
        self.update(p, iv[0].0);
    }
}

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
    assign_registers_timed(f, &mut None);
}

/// `assign_registers`, adding the time of liveness and of assignment to `times`.
pub(crate) fn assign_registers_timed(f: &mut MFunction, times: &mut Option<&mut StageTimes>) {
    let intervals = timed(times, "liveness", || live_intervals(f));
    timed(times, "regalloc", || assign(f, intervals));
}

fn assign(f: &mut MFunction, mut intervals: Vec<Interval>) {
    let n = f.vregs.len();
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
    groups.sort_unstable_by_key(|&r| (intervals[r as usize].start(), r));

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
    let mut classes: Vec<ClassRegs> = (0..6).map(|_| ClassRegs::default()).collect();
    // The new virtual register set: one per (class, physical index).
    let mut new_vregs: Vec<RegClass> = Vec::new();
    let mut new_id: Vec<Vec<u32>> = vec![Vec::new(); 6];
    for &g in &groups {
        let class = f.vregs[g as usize];
        let iv = &intervals[g as usize].ranges;
        let regs = &mut classes[class.index()];
        let choice = if iv.is_empty() {
            // A register that is never live fits anywhere: the first register, if any.
            (!regs.ranges.is_empty()).then_some(0)
        } else {
            regs.advance(iv[0].0);
            partners[g as usize]
                .iter()
                .filter_map(|&p| phys_of[p as usize])
                .find(|&p| !regs.overlaps(p, iv))
                .or_else(|| regs.first_fit(iv))
        };
        let p = match choice {
            Some(p) => p,
            None => {
                new_id[class.index()].push(new_vregs.len() as u32);
                new_vregs.push(class);
                regs.add_register()
            }
        };
        if !iv.is_empty() {
            regs.occupy(p, iv);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for the randomized test.
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Random intervals with holes, sorted by start as `assign` visits them.
    fn random_intervals(rng: &mut Lcg, count: usize) -> Vec<Vec<(u32, u32)>> {
        let mut ivs: Vec<Vec<(u32, u32)>> = (0..count)
            .map(|_| {
                let mut at = rng.below(400) as u32;
                let mut rs = Vec::new();
                for _ in 0..1 + rng.below(4) {
                    let len = 1 + rng.below(30) as u32;
                    rs.push((at, at + len));
                    at += len + 1 + rng.below(40) as u32;
                }
                rs
            })
            .collect();
        ivs.sort_by_key(|rs| rs[0].0);
        ivs
    }

    /// The event-driven first fit picks exactly the register a plain first fit over every
    /// register's complete occupancy picks.
    #[test]
    fn first_fit_matches_the_plain_scan() {
        let mut rng = Lcg(7);
        for _ in 0..200 {
            let ivs = random_intervals(&mut rng, 60);
            let mut fast = ClassRegs::default();
            let mut plain: Vec<Vec<(u32, u32)>> = Vec::new();
            for iv in &ivs {
                fast.advance(iv[0].0);
                let got = fast.first_fit(iv).unwrap_or_else(|| fast.add_register());
                fast.occupy(got, iv);
                let want = (0..plain.len())
                    .find(|&p| !ranges_overlap(&plain[p], iv))
                    .unwrap_or_else(|| {
                        plain.push(Vec::new());
                        plain.len() - 1
                    });
                plain[want] = merge_ranges(&plain[want], iv);
                assert_eq!(got as usize, want, "interval {iv:?}");
            }
        }
    }

    #[test]
    fn merge_joins_touching_ranges() {
        let a = [(0, 4), (10, 12), (20, 30)];
        let b = [(4, 6), (12, 14), (25, 40)];
        assert_eq!(merge_ranges(&a, &b), vec![(0, 6), (10, 14), (20, 40)]);
        assert!(!ranges_overlap(&[(0, 4)], &[(4, 8)]));
        assert!(ranges_overlap(&[(0, 5)], &[(4, 8)]));
    }
}
