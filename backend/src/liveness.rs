//! Liveness and live intervals over machine IR.
//!
//! Live-in/live-out sets come from the usual backward data-flow equations iterated to a
//! fixed point, which handles loops of any shape. Intervals then follow Wimmer's linear-scan
//! construction: every instruction `n` in layout order has a use slot `2n` and a def slot
//! `2n+1`; an interval is a sorted list of half-open `[from, to)` ranges with holes. A value
//! read by instruction `n` and a value written by it never overlap, so `add %r1, %r1, 1` can
//! reuse a register, and a copy's source and destination can be coalesced when the source
//! dies at the copy. Blocks may branch from their middle (`@%p bra` in compare chains and
//! expansions), so liveness is propagated at each branch instruction, not only at block ends.

use crate::mir::{MBlockId, MFunction, VReg};

/// A set of live ranges, sorted and non-overlapping.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Interval {
    pub ranges: Vec<(u32, u32)>,
}

impl Interval {
    /// True when the two intervals share a position.
    pub fn overlaps(&self, other: &Interval) -> bool {
        ranges_overlap(&self.ranges, &other.ranges)
    }

    /// Adds all ranges of `other` (a linear merge of the two sorted lists).
    pub fn merge(&mut self, other: &Interval) {
        self.ranges = merge_ranges(&self.ranges, &other.ranges);
    }

    /// The first position, or `u32::MAX` for an empty interval.
    pub fn start(&self) -> u32 {
        self.ranges.first().map_or(u32::MAX, |r| r.0)
    }
}

/// True when two sorted, non-overlapping range lists share a position.
pub fn ranges_overlap(a: &[(u32, u32)], b: &[(u32, u32)]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        if x.0 < y.1 && y.0 < x.1 {
            return true;
        }
        if x.1 <= y.1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    false
}

/// The union of two sorted, non-overlapping range lists, in one pass over both.
pub fn merge_ranges(a: &[(u32, u32)], b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let r = if j == b.len() || (i < a.len() && a[i] <= b[j]) {
            i += 1;
            a[i - 1]
        } else {
            j += 1;
            b[j - 1]
        };
        push_range(&mut out, r);
    }
    out
}

/// Appends `r` to a list sorted by start, joining it with the last range it touches.
fn push_range(out: &mut Vec<(u32, u32)>, r: (u32, u32)) {
    match out.last_mut() {
        Some(last) if r.0 <= last.1 => last.1 = last.1.max(r.1),
        _ => out.push(r),
    }
}

/// A fixed-size bit set of virtual registers.
#[derive(Clone, PartialEq, Eq)]
struct RegSet(Vec<u64>);

impl RegSet {
    fn new(n: usize) -> Self {
        RegSet(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, r: VReg) {
        self.0[r.index() / 64] |= 1 << (r.index() % 64);
    }
    fn remove(&mut self, r: VReg) {
        self.0[r.index() / 64] &= !(1 << (r.index() % 64));
    }
    fn contains(&self, r: VReg) -> bool {
        self.0[r.index() / 64] & (1 << (r.index() % 64)) != 0
    }
    fn union_with(&mut self, o: &RegSet) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= *b;
        }
    }
    fn iter(&self) -> impl Iterator<Item = VReg> + '_ {
        self.0.iter().enumerate().flat_map(|(w, bits)| {
            (0..64)
                .filter(move |b| bits & (1u64 << b) != 0)
                .map(move |b| VReg((w * 64 + b) as u32))
        })
    }
}

/// Where control goes after each block: branch targets by instruction, and the block it
/// falls into.
struct Flow {
    /// Layout position of each block.
    pos_of: hashbrown::HashMap<MBlockId, usize>,
    /// The fall-through successor's position, if the block can fall through.
    fall: Vec<Option<usize>>,
}

impl Flow {
    fn new(f: &MFunction) -> Flow {
        let pos_of = f.order.iter().enumerate().map(|(p, b)| (*b, p)).collect();
        let fall = (0..f.order.len())
            .map(|p| {
                let insts = &f.blocks[f.order[p].index()].insts;
                let ends = matches!(insts.last(), Some(i) if i.ends_flow());
                (!ends && p + 1 < f.order.len()).then_some(p + 1)
            })
            .collect();
        Flow { pos_of, fall }
    }
}

/// Live-in sets per layout position. Branches may sit in the middle of a block (compare
/// chains of `switch`, expansions with loops), so the transfer function walks the block
/// backwards and adds a branch target's live-in at the branch itself.
fn live_in_sets(f: &MFunction, flow: &Flow) -> Vec<RegSet> {
    let n = f.vregs.len();
    let nb = f.order.len();
    let mut live_in = vec![RegSet::new(n); nb];
    let mut changed = true;
    while changed {
        changed = false;
        for p in (0..nb).rev() {
            let mut live = match flow.fall[p] {
                Some(s) => live_in[s].clone(),
                None => RegSet::new(n),
            };
            for inst in f.blocks[f.order[p].index()].insts.iter().rev() {
                if let Some(t) = inst.branch_target() {
                    live.union_with(&live_in[flow.pos_of[&t]]);
                }
                if inst.guard.is_none() {
                    for d in inst.defs() {
                        live.remove(d);
                    }
                }
                for u in inst.uses() {
                    live.insert(u);
                }
            }
            if live != live_in[p] {
                live_in[p] = live;
                changed = true;
            }
        }
    }
    live_in
}

/// Live intervals of every virtual register of a function.
pub fn live_intervals(f: &MFunction) -> Vec<Interval> {
    let n = f.vregs.len();
    let nb = f.order.len();
    let flow = Flow::new(f);
    let live_in = live_in_sets(f, &flow);

    // Instruction numbering in layout order.
    let mut first = Vec::with_capacity(nb);
    let mut count = 0u32;
    for b in &f.order {
        first.push(count);
        count += f.blocks[b.index()].insts.len() as u32;
    }
    // Ranges are collected backwards (latest first).
    let mut ranges: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
    fn add(rs: &mut Vec<(u32, u32)>, from: u32, to: u32) {
        match rs.last_mut() {
            Some(last) if last.0 <= to => last.0 = last.0.min(from),
            _ => rs.push((from, to)),
        }
    }
    for p in (0..nb).rev() {
        let insts = &f.blocks[f.order[p].index()].insts;
        let bstart = 2 * first[p];
        let bend = 2 * (first[p] + insts.len() as u32);
        let mut live = match flow.fall[p] {
            Some(s) => live_in[s].clone(),
            None => RegSet::new(n),
        };
        for r in live.iter().collect::<Vec<_>>() {
            add(&mut ranges[r.index()], bstart, bend);
        }
        for (k, inst) in insts.iter().enumerate().rev() {
            let id = first[p] + k as u32;
            if let Some(t) = inst.branch_target() {
                // Everything the target needs is live at the branch.
                for r in live_in[flow.pos_of[&t]].iter().collect::<Vec<_>>() {
                    if !live.contains(r) {
                        add(&mut ranges[r.index()], bstart, 2 * id + 1);
                        live.insert(r);
                    }
                }
            }
            for d in inst.defs() {
                let rs = &mut ranges[d.index()];
                if live.contains(d) {
                    if let Some(last) = rs.last_mut() {
                        last.0 = 2 * id + 1;
                    }
                    live.remove(d);
                } else {
                    rs.push((2 * id + 1, 2 * id + 2));
                }
            }
            // Inline PTX reads its inputs after it may have written an output, so they
            // stay live through its def slot.
            let end = 2 * id + 1 + inst.is_asm() as u32;
            for u in inst.uses() {
                add(&mut ranges[u.index()], bstart, end);
                live.insert(u);
            }
        }
    }
    // The backward walk pushes each register's ranges in decreasing order of start, so
    // reversing sorts them; joining touching ranges is then one pass (no sort).
    ranges
        .into_iter()
        .map(|mut rs| {
            rs.reverse();
            debug_assert!(rs.windows(2).all(|w| w[0].0 <= w[1].0));
            let mut out = Vec::with_capacity(rs.len());
            for r in rs {
                push_range(&mut out, r);
            }
            Interval { ranges: out }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_respects_holes() {
        let a = Interval {
            ranges: vec![(0, 4), (10, 12)],
        };
        let b = Interval {
            ranges: vec![(4, 10)],
        };
        assert!(!a.overlaps(&b));
        let c = Interval {
            ranges: vec![(11, 20)],
        };
        assert!(a.overlaps(&c));
    }
}
