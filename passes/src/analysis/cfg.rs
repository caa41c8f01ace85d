//! The control-flow graph of a function: successors, predecessors, reverse post-order.
//!
//! Edges are deduplicated: a branch whose two targets are the same block yields one edge.
//! Only blocks in the layout take part; blocks not reachable from the entry have no RPO
//! number and are reported by `is_reachable`.

use oxicc_ir::{Block, Function, SecondaryMap};

/// Successor and predecessor lists plus a reverse post-order of the reachable blocks.
#[derive(Clone, Debug)]
pub struct Cfg {
    succs: SecondaryMap<Block, Vec<Block>>,
    preds: SecondaryMap<Block, Vec<Block>>,
    rpo: Vec<Block>,
    rpo_num: SecondaryMap<Block, u32>,
}

const UNREACHED: u32 = u32::MAX;

impl Cfg {
    /// Builds the graph from the layout and the terminators. Linear in blocks + edges.
    pub fn compute(func: &Function) -> Cfg {
        let n = func.blocks.len();
        let mut succs = SecondaryMap::with_capacity(n, Vec::new());
        let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::with_capacity(n, Vec::new());
        for &b in &func.layout {
            let mut s = func.successors(b);
            // Dedup while keeping first-seen order (successor lists are tiny except switches).
            let mut seen: Vec<Block> = Vec::with_capacity(s.len());
            s.retain(|x| {
                if seen.contains(x) {
                    false
                } else {
                    seen.push(*x);
                    true
                }
            });
            for &t in &s {
                preds[t].push(b);
            }
            succs[b] = s;
        }
        let mut rpo_num = SecondaryMap::with_capacity(n, UNREACHED);
        let mut post = Vec::with_capacity(func.layout.len());
        if let Some(&entry) = func.layout.first() {
            // Iterative DFS; `visited` marks blocks pushed, post-order collected on exit.
            let mut visited: SecondaryMap<Block, bool> = SecondaryMap::with_capacity(n, false);
            let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
            visited[entry] = true;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                let s: &Vec<Block> = &succs[b];
                if *i < s.len() {
                    let t = s[*i];
                    *i += 1;
                    if !visited[t] {
                        visited[t] = true;
                        stack.push((t, 0));
                    }
                } else {
                    post.push(b);
                    stack.pop();
                }
            }
        }
        post.reverse();
        for (i, &b) in post.iter().enumerate() {
            rpo_num[b] = i as u32;
        }
        Cfg {
            succs,
            preds,
            rpo: post,
            rpo_num,
        }
    }

    /// Distinct successors in terminator order.
    pub fn succs(&self, b: Block) -> &[Block] {
        &self.succs[b]
    }

    /// Distinct predecessors (including unreachable ones that are in the layout).
    pub fn preds(&self, b: Block) -> &[Block] {
        &self.preds[b]
    }

    /// Reachable blocks in reverse post-order (entry first).
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }

    /// Position of a reachable block in `rpo`.
    pub fn rpo_index(&self, b: Block) -> Option<usize> {
        let n = self.rpo_num[b];
        (n != UNREACHED).then_some(n as usize)
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_num[b] != UNREACHED
    }
}
