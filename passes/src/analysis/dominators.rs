//! The dominator tree (Cooper, Harvey & Kennedy's iterative algorithm over RPO numbers),
//! with O(1) `dominates` queries from DFS intervals and dominance frontiers.

use super::cfg::Cfg;
use oxicc_ir::{Block, Function, SecondaryMap};

/// Immediate dominators, tree children, pre/post numbering and frontiers of reachable blocks.
#[derive(Clone, Debug)]
pub struct DomTree {
    idom: SecondaryMap<Block, Option<Block>>,
    children: SecondaryMap<Block, Vec<Block>>,
    pre: SecondaryMap<Block, u32>,
    post: SecondaryMap<Block, u32>,
    frontiers: SecondaryMap<Block, Vec<Block>>,
    preorder: Vec<Block>,
}

impl DomTree {
    pub fn compute(func: &Function, cfg: &Cfg) -> DomTree {
        let n = func.blocks.len();
        let rpo = cfg.rpo();
        // idom as RPO numbers; entry is its own idom during the iteration.
        let mut idom_num: Vec<u32> = vec![u32::MAX; rpo.len()];
        if !rpo.is_empty() {
            idom_num[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &b) in rpo.iter().enumerate().skip(1) {
                let mut new_idom = u32::MAX;
                for &p in cfg.preds(b) {
                    let Some(pn) = cfg.rpo_index(p) else { continue };
                    if idom_num[pn] == u32::MAX {
                        continue;
                    }
                    new_idom = if new_idom == u32::MAX {
                        pn as u32
                    } else {
                        intersect(&idom_num, pn as u32, new_idom)
                    };
                }
                if new_idom != idom_num[i] {
                    idom_num[i] = new_idom;
                    changed = true;
                }
            }
        }
        let mut idom = SecondaryMap::with_capacity(n, None);
        let mut children: SecondaryMap<Block, Vec<Block>> =
            SecondaryMap::with_capacity(n, Vec::new());
        for (i, &b) in rpo.iter().enumerate().skip(1) {
            let d = rpo[idom_num[i] as usize];
            idom[b] = Some(d);
            children[d].push(b);
        }
        // Pre/post numbers from an iterative DFS over the tree.
        let mut pre = SecondaryMap::with_capacity(n, u32::MAX);
        let mut post = SecondaryMap::with_capacity(n, u32::MAX);
        let mut preorder = Vec::with_capacity(rpo.len());
        if let Some(&entry) = rpo.first() {
            let mut counter = 0u32;
            let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
            pre[entry] = counter;
            preorder.push(entry);
            counter += 1;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if *i < children[b].len() {
                    let c = children[b][*i];
                    *i += 1;
                    pre[c] = counter;
                    preorder.push(c);
                    counter += 1;
                    stack.push((c, 0));
                } else {
                    post[b] = counter;
                    counter += 1;
                    stack.pop();
                }
            }
        }
        // Frontiers: for each join point, walk up from each predecessor to its idom.
        let mut frontiers: SecondaryMap<Block, Vec<Block>> =
            SecondaryMap::with_capacity(n, Vec::new());
        for &b in rpo {
            let preds = cfg.preds(b);
            if preds.len() < 2 {
                continue;
            }
            let Some(b_idom) = idom[b] else {
                // The entry as a join point (it has predecessors): every walk runs to the root.
                for &p in preds {
                    if !cfg.is_reachable(p) {
                        continue;
                    }
                    let mut r = Some(p);
                    while let Some(x) = r {
                        if frontiers[x].last() != Some(&b) {
                            frontiers[x].push(b);
                        }
                        r = idom[x];
                    }
                }
                continue;
            };
            for &p in preds {
                if !cfg.is_reachable(p) {
                    continue;
                }
                let mut runner = p;
                while runner != b_idom {
                    if frontiers[runner].last() != Some(&b) {
                        frontiers[runner].push(b);
                    }
                    match idom[runner] {
                        Some(d) => runner = d,
                        None => break,
                    }
                }
            }
        }
        DomTree {
            idom,
            children,
            pre,
            post,
            frontiers,
            preorder,
        }
    }

    /// The immediate dominator (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom[b]
    }

    /// Children in the dominator tree.
    pub fn children(&self, b: Block) -> &[Block] {
        &self.children[b]
    }

    /// True when `a` dominates `b` (reflexive). False when either is unreachable.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        let (pa, pb) = (self.pre[a], self.pre[b]);
        pa != u32::MAX && pb != u32::MAX && pa <= pb && self.post[b] <= self.post[a]
    }

    /// The dominance frontier of `b`.
    pub fn frontier(&self, b: Block) -> &[Block] {
        &self.frontiers[b]
    }

    /// Reachable blocks in dominator-tree pre-order (parents before children).
    pub fn preorder(&self) -> &[Block] {
        &self.preorder
    }
}

fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}
