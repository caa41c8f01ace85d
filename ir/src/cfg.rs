//! The control-flow graph of a function: predecessors, successors and reverse postorder.
//!
//! The graph is computed from the terminators of the blocks in the layout; blocks outside the
//! layout do not exist for it. Edges are collapsed per block pair (a `brif v, block2, block2`
//! gives one edge), because every analysis built on top of it (dominators, loops, liveness
//! seeds) reasons about blocks, not about individual branch arguments; passes that need the
//! arguments of each edge read them from the terminator itself.
//!
//! `Cfg` is a snapshot: recompute it after changing any terminator or the layout.

use crate::entity::SecondaryMap;
use crate::function::Function;
use crate::Block;

/// Predecessors, successors and the reverse postorder of one function.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    succs: SecondaryMap<Block, Vec<Block>>,
    preds: SecondaryMap<Block, Vec<Block>>,
    rpo: Vec<Block>,
    /// Position of each reachable block in `rpo`; `u32::MAX` for unreachable ones.
    rpo_index: SecondaryMap<Block, u32>,
    entry: Option<Block>,
}

impl Cfg {
    /// Builds the CFG of `func`. A declaration (no layout) gives an empty graph.
    pub fn compute(func: &Function) -> Cfg {
        let mut cfg = Cfg {
            succs: SecondaryMap::new(),
            preds: SecondaryMap::new(),
            rpo: Vec::new(),
            rpo_index: SecondaryMap::with_default(u32::MAX),
            entry: func.layout.first().copied(),
        };
        // Successors in terminator order without repeats; predecessors in layout order of
        // the predecessor, also without repeats.
        for &b in &func.layout {
            let mut succs: Vec<Block> = Vec::new();
            for s in func.successors(b) {
                if !succs.contains(&s) {
                    succs.push(s);
                }
            }
            for &s in &succs {
                let preds = &mut cfg.preds[s];
                if !preds.contains(&b) {
                    preds.push(b);
                }
            }
            cfg.succs[b] = succs;
        }
        cfg.compute_rpo();
        cfg
    }

    /// Iterative depth-first search from the entry; successors are visited in terminator
    /// order so the result is deterministic.
    fn compute_rpo(&mut self) {
        let Some(entry) = self.entry else { return };
        let mut visited: SecondaryMap<Block, bool> = SecondaryMap::new();
        let mut postorder: Vec<Block> = Vec::new();
        // Stack of (block, index of the next successor to visit).
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited[entry] = true;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            let succs = self.succs.get(b);
            if let Some(&s) = succs.get(*next) {
                *next += 1;
                if !visited[s] {
                    visited[s] = true;
                    stack.push((s, 0));
                }
            } else {
                postorder.push(b);
                stack.pop();
            }
        }
        postorder.reverse();
        for (i, &b) in postorder.iter().enumerate() {
            self.rpo_index[b] = i as u32;
        }
        self.rpo = postorder;
    }

    /// The entry block, or `None` for a declaration.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// Distinct successors of `b`, in the order its terminator names them.
    pub fn succs(&self, b: Block) -> &[Block] {
        self.succs.get(b)
    }

    /// Distinct predecessors of `b` (every block of the layout that branches to it,
    /// reachable or not), in layout order.
    pub fn preds(&self, b: Block) -> &[Block] {
        self.preds.get(b)
    }

    /// The blocks reachable from the entry, in reverse postorder (the entry first).
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }

    /// The position of `b` in [`Cfg::rpo`], or `None` when `b` is unreachable.
    pub fn rpo_number(&self, b: Block) -> Option<usize> {
        let n = *self.rpo_index.get(b);
        (n != u32::MAX).then_some(n as usize)
    }

    /// True when `b` is reachable from the entry block.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_number(b).is_some()
    }

    /// Number of reachable blocks.
    pub fn num_reachable(&self) -> usize {
        self.rpo.len()
    }

    /// True when the edge `from → to` exists (`to` is a successor of `from`).
    pub fn has_edge(&self, from: Block, to: Block) -> bool {
        self.succs(from).contains(&to)
    }

    /// True when the edge `from → to` is critical: `from` has several successors and `to`
    /// has several predecessors, so no copy can be placed on it without splitting it.
    pub fn is_critical_edge(&self, from: Block, to: Block) -> bool {
        self.succs(from).len() > 1 && self.preds(to).len() > 1
    }

    /// Reachable blocks in postorder (the entry last).
    pub fn postorder(&self) -> impl DoubleEndedIterator<Item = Block> + '_ {
        self.rpo.iter().rev().copied()
    }
}
