//! Out-of-SSA: turning the parallel copies of block arguments into sequential moves.
//!
//! A branch that passes arguments to a block assigns all the block's parameters at once:
//! `(a, b) ← (b, a)` swaps. Emitted one move at a time, a naive order would overwrite `a`
//! before `b` reads it (the swap problem). `sequence_copies` orders the moves so that no
//! register is overwritten while a pending move still needs its old value, and breaks
//! cycles with one temporary per cycle. Instruction selection places the moves at the end
//! of the predecessor when it has a single successor, and in a new block on the edge
//! otherwise (critical-edge splitting), so the moves never run on another path.

use std::hash::Hash;

/// Orders parallel register copies `(dst, src)` (all `dst` distinct) into sequential moves
/// with the same effect. `temp(r)` makes a fresh register of `r`'s class for breaking a cycle.
/// Copies whose source is their destination are dropped.
pub fn sequence_copies<R: Copy + Eq + Hash>(
    copies: &[(R, R)],
    mut temp: impl FnMut(R) -> R,
) -> Vec<(R, R)> {
    let mut pending: Vec<(R, R)> = copies.iter().copied().filter(|(d, s)| d != s).collect();
    let mut out = Vec::with_capacity(pending.len() + 1);
    while !pending.is_empty() {
        // A move is safe when no other pending move still reads its destination.
        let ready = (0..pending.len()).find(|&i| {
            let d = pending[i].0;
            !pending.iter().enumerate().any(|(j, c)| j != i && c.1 == d)
        });
        match ready {
            Some(i) => out.push(pending.remove(i)),
            None => {
                // Every destination is still needed: the rest are cycles. Save one
                // destination's old value and redirect its readers to the copy.
                let d = pending[0].0;
                let t = temp(d);
                out.push((t, d));
                for c in pending.iter_mut() {
                    if c.1 == d {
                        c.1 = t;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Runs moves sequentially on a register file where register `r` starts holding `r * 10`.
    fn run(moves: &[(u32, u32)]) -> HashMap<u32, u32> {
        let mut regs: HashMap<u32, u32> = (0..200).map(|r| (r, r * 10)).collect();
        for &(d, s) in moves {
            let v = regs[&s];
            regs.insert(d, v);
        }
        regs
    }

    fn temps() -> impl FnMut(u32) -> u32 {
        let mut next = 100;
        move |_| {
            next += 1;
            next
        }
    }

    #[test]
    fn swap_uses_one_temporary() {
        let seq = sequence_copies(&[(1, 2), (2, 1)], temps());
        // Worked by hand: save r1 in t101, r1 ← r2, r2 ← t101.
        assert_eq!(seq, vec![(101, 1), (1, 2), (2, 101)]);
        let r = run(&seq);
        assert_eq!((r[&1], r[&2]), (20, 10));
    }

    #[test]
    fn three_cycle() {
        // (1,2,3) ← (2,3,1): r1 gets 20, r2 gets 30, r3 gets 10.
        let seq = sequence_copies(&[(1, 2), (2, 3), (3, 1)], temps());
        assert_eq!(seq, vec![(101, 1), (1, 2), (2, 3), (3, 101)]);
        let r = run(&seq);
        assert_eq!((r[&1], r[&2], r[&3]), (20, 30, 10));
    }

    #[test]
    fn chain_is_ordered_without_temporaries() {
        // r1 ← r2, r2 ← r3: r1 must read r2 before r2 is overwritten.
        let seq = sequence_copies(&[(2, 3), (1, 2)], temps());
        assert_eq!(seq, vec![(1, 2), (2, 3)]);
        let r = run(&seq);
        assert_eq!((r[&1], r[&2]), (20, 30));
    }

    #[test]
    fn self_copies_vanish_and_fan_out_works() {
        let seq = sequence_copies(&[(1, 1), (2, 1), (3, 1)], temps());
        assert_eq!(seq, vec![(2, 1), (3, 1)]);
    }

    #[test]
    fn cycle_with_a_tail() {
        // (1,2,4) ← (2,1,1): a swap of 1 and 2, and r4 also reads old r1.
        let seq = sequence_copies(&[(1, 2), (2, 1), (4, 1)], temps());
        let r = run(&seq);
        assert_eq!((r[&1], r[&2], r[&4]), (20, 10, 10));
        assert_eq!(seq.len(), 4);
    }
}
