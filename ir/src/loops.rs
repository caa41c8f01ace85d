//! Natural loops: headers, bodies, latches, exits, preheaders and nesting.
//!
//! A back edge is an edge `latch → header` whose target dominates its source. The natural
//! loop of a header is the header plus every block that reaches one of its latches without
//! passing through the header; back edges to one header form one loop. Natural loops are
//! either disjoint or nested, which gives the loop tree.
//!
//! Cycles entered at more than one block (irreducible control flow, which structured CUDA
//! source does not produce but `goto`-free code after some transforms might) have no header
//! that dominates them, so they are not loops here; `is_reducible` says whether any exist.

use hashbrown::HashSet;

use crate::cfg::Cfg;
use crate::dominators::DomTree;
use crate::entity::{EntityMap, SecondaryMap};
use crate::function::Function;
use crate::Block;

crate::entity!(
    /// A natural loop in a `LoopInfo`.
    Loop,
    "loop"
);

/// One natural loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopData {
    /// The block every path into the loop goes through; it dominates the body.
    pub header: Block,
    /// The blocks of the loop, header first, in reverse postorder (inner loops included).
    pub body: Vec<Block>,
    /// The blocks with a back edge to the header, in reverse postorder.
    pub latches: Vec<Block>,
    /// Blocks outside the loop that a block of the loop branches to, in reverse postorder.
    pub exits: Vec<Block>,
    /// The single block outside the loop that enters it, when that block branches only to
    /// the header (so code can be hoisted there).
    pub preheader: Option<Block>,
    /// The innermost enclosing loop.
    pub parent: Option<Loop>,
    /// 1 for an outermost loop.
    pub depth: u32,
}

/// All natural loops of a function.
#[derive(Clone, Debug, Default)]
pub struct LoopInfo {
    loops: EntityMap<Loop, LoopData>,
    innermost: SecondaryMap<Block, Option<Loop>>,
    reducible: bool,
}

impl LoopInfo {
    /// Finds the loops of `func`; loops are numbered in reverse postorder of their headers,
    /// so an outer loop comes before the loops nested in it.
    pub fn compute(func: &Function, cfg: &Cfg, domtree: &DomTree) -> LoopInfo {
        let _ = func;
        let mut info = LoopInfo {
            loops: EntityMap::new(),
            innermost: SecondaryMap::new(),
            reducible: true,
        };
        let rpo_num = |b: Block| cfg.rpo_number(b).unwrap_or(usize::MAX);
        for &header in cfg.rpo() {
            let mut latches: Vec<Block> = Vec::new();
            for &p in cfg.preds(header) {
                if !cfg.is_reachable(p) {
                    continue;
                }
                if domtree.dominates(header, p) {
                    latches.push(p);
                } else if rpo_num(p) >= rpo_num(header) {
                    // A retreating edge that is not a back edge: the cycle has two entries.
                    info.reducible = false;
                }
            }
            if latches.is_empty() {
                continue;
            }
            latches.sort_by_key(|&b| rpo_num(b));
            // Walk backwards from the latches; the header stops the walk.
            let mut in_body: HashSet<Block> = HashSet::new();
            in_body.insert(header);
            let mut stack: Vec<Block> = latches.clone();
            while let Some(b) = stack.pop() {
                if in_body.insert(b) {
                    stack.extend(cfg.preds(b).iter().filter(|&&p| cfg.is_reachable(p)));
                }
            }
            let mut body: Vec<Block> = in_body.iter().copied().collect();
            body.sort_by_key(|&b| rpo_num(b));
            let mut exits: Vec<Block> = Vec::new();
            for &b in &body {
                for &s in cfg.succs(b) {
                    if !in_body.contains(&s) && !exits.contains(&s) {
                        exits.push(s);
                    }
                }
            }
            exits.sort_by_key(|&b| rpo_num(b));
            let outside: Vec<Block> = cfg
                .preds(header)
                .iter()
                .copied()
                .filter(|p| !in_body.contains(p))
                .collect();
            let preheader = match outside.as_slice() {
                [p] if cfg.succs(*p) == [header] => Some(*p),
                _ => None,
            };
            info.loops.push(LoopData {
                header,
                body,
                latches,
                exits,
                preheader,
                parent: None,
                depth: 1,
            });
        }
        // Inner headers come later in reverse postorder, so walking the loops backwards
        // meets each block's innermost loop first.
        let ids: Vec<Loop> = info.loops.keys().collect();
        for &l in ids.iter().rev() {
            for &b in &info.loops[l].body {
                if info.innermost[b].is_none() {
                    info.innermost[b] = Some(l);
                }
            }
        }
        // The parent of a loop is the innermost other loop holding its header: the nearest
        // earlier loop whose body contains it.
        for (k, &l) in ids.iter().enumerate() {
            let header = info.loops[l].header;
            let parent = ids[..k]
                .iter()
                .rev()
                .copied()
                .find(|&m| info.loops[m].body.contains(&header));
            info.loops[l].parent = parent;
            info.loops[l].depth = parent.map_or(1, |p| info.loops[p].depth + 1);
        }
        info
    }

    /// The loops, outer before inner.
    pub fn loops(&self) -> impl DoubleEndedIterator<Item = Loop> + '_ {
        self.loops.keys()
    }

    /// The loops, inner before outer (the order an unroller or LICM wants).
    pub fn loops_innermost_first(&self) -> impl Iterator<Item = Loop> + '_ {
        self.loops.keys().rev()
    }

    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    /// The data of a loop.
    pub fn data(&self, l: Loop) -> &LoopData {
        &self.loops[l]
    }

    /// The innermost loop containing `b`.
    pub fn innermost_loop(&self, b: Block) -> Option<Loop> {
        *self.innermost.get(b)
    }

    /// How many loops contain `b` (0 outside every loop).
    pub fn loop_depth(&self, b: Block) -> u32 {
        self.innermost_loop(b).map_or(0, |l| self.loops[l].depth)
    }

    /// The loop whose header is `b`.
    pub fn loop_of_header(&self, b: Block) -> Option<Loop> {
        self.innermost_loop(b)
            .filter(|&l| self.loops[l].header == b)
    }

    /// True when `b` is in loop `l` (directly or in a loop nested in it).
    pub fn contains(&self, l: Loop, b: Block) -> bool {
        let mut cur = self.innermost_loop(b);
        while let Some(c) = cur {
            if c == l {
                return true;
            }
            cur = self.loops[c].parent;
        }
        false
    }

    /// False when the function has a cycle with more than one entry (not a natural loop).
    pub fn is_reducible(&self) -> bool {
        self.reducible
    }
}

impl std::ops::Index<Loop> for LoopInfo {
    type Output = LoopData;
    fn index(&self, l: Loop) -> &LoopData {
        &self.loops[l]
    }
}
