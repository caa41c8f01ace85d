//! CFG and dominator-tree tests on hand-built graphs. Expected dominators and frontiers are
//! worked out by hand in the comments; a brute-force check ("`a` dominates `b` when `b` is
//! unreachable once `a` is removed") cross-checks every pair on larger and random graphs.

use crate::common;

use common::graph;
use oxicc_ir::entity::EntityRef;
use oxicc_ir::{Block, Cfg, DomTree, FuncKind, Function, Signature};

fn idoms(dt: &DomTree, blocks: &[Block]) -> Vec<Option<usize>> {
    blocks
        .iter()
        .map(|&b| dt.idom(b).map(|d| d.index()))
        .collect()
}

fn frontier(dt: &DomTree, blocks: &[Block]) -> Vec<Vec<usize>> {
    let df = dt.frontiers();
    blocks
        .iter()
        .map(|&b| {
            let mut v: Vec<usize> = df[b].iter().map(|x| x.index()).collect();
            v.sort();
            v
        })
        .collect()
}

/// Reachability from the entry avoiding `removed`.
fn reachable_without(n: usize, edges: &[(usize, usize)], removed: Option<usize>) -> Vec<bool> {
    let mut seen = vec![false; n];
    if removed == Some(0) {
        return seen;
    }
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(x) = stack.pop() {
        for &(a, b) in edges {
            if a == x && Some(b) != removed && !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    seen
}

/// Checks `dominates` for every pair against the definition, and `idom` against "the
/// strict dominator that every other strict dominator dominates".
fn brute_force_check(n: usize, edges: &[(usize, usize)]) {
    let (f, blocks) = graph(n, edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    let reach = reachable_without(n, edges, None);
    let mut dom = vec![vec![false; n]; n];
    for a in 0..n {
        let without = reachable_without(n, edges, Some(a));
        for b in 0..n {
            dom[a][b] = a == b || (reach[a] && reach[b] && !without[b]);
            assert_eq!(
                dt.dominates(blocks[a], blocks[b]),
                dom[a][b],
                "dominates({a}, {b}) on {edges:?}"
            );
        }
    }
    for b in 0..n {
        assert_eq!(cfg.is_reachable(blocks[b]), reach[b]);
        let strict: Vec<usize> = (0..n).filter(|&a| a != b && dom[a][b]).collect();
        let expected = strict
            .iter()
            .copied()
            .find(|&d| strict.iter().all(|&o| dom[o][d]));
        assert_eq!(dt.idom(blocks[b]).map(|x| x.index()), expected, "idom({b})");
    }
    // Frontier by definition: y ∈ DF(x) iff x dominates a predecessor of y and x does not
    // strictly dominate y.
    let df = dt.frontiers();
    for x in (0..n).filter(|&x| reach[x]) {
        let mut expected: Vec<usize> = (0..n)
            .filter(|&y| {
                reach[y]
                    && edges.iter().any(|&(p, t)| t == y && reach[p] && dom[x][p])
                    && !(x != y && dom[x][y])
            })
            .collect();
        expected.sort();
        let mut got: Vec<usize> = df[blocks[x]].iter().map(|b| b.index()).collect();
        got.sort();
        assert_eq!(got, expected, "DF({x}) on {edges:?}");
    }
}

#[test]
fn diamond() {
    // 0 → 1, 2; 1 → 3; 2 → 3. Both arms and the join are dominated by 0 only; the join is
    // the frontier of each arm.
    let edges = [(0, 1), (0, 2), (1, 3), (2, 3)];
    let (f, b) = graph(4, &edges);
    let cfg = Cfg::compute(&f);
    assert_eq!(cfg.succs(b[0]), &[b[1], b[2]]);
    assert_eq!(cfg.preds(b[3]), &[b[1], b[2]]);
    // DFS visits 0, 1, 3, then 2: postorder 3 1 2 0, reversed.
    assert_eq!(cfg.rpo(), &[b[0], b[2], b[1], b[3]]);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(idoms(&dt, &b), vec![None, Some(0), Some(0), Some(0)]);
    assert_eq!(dt.children(b[0]), &[b[2], b[1], b[3]]);
    assert!(dt.dominates(b[0], b[3]));
    assert!(!dt.dominates(b[1], b[3]));
    assert!(dt.dominates(b[3], b[3]));
    assert!(!dt.strictly_dominates(b[3], b[3]));
    assert_eq!(frontier(&dt, &b), vec![vec![], vec![3], vec![3], vec![]]);
    assert_eq!(dt.common_dominator(b[1], b[2]), Some(b[0]));
}

#[test]
fn while_loop() {
    // 0 → 1 (header); 1 → 2 (body), 3 (exit); 2 → 1 (back edge).
    let edges = [(0, 1), (1, 2), (1, 3), (2, 1)];
    let (f, b) = graph(4, &edges);
    let cfg = Cfg::compute(&f);
    assert_eq!(cfg.preds(b[1]), &[b[0], b[2]]);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(idoms(&dt, &b), vec![None, Some(0), Some(1), Some(1)]);
    // The header is in its own frontier (through the back edge) and in the body's.
    assert_eq!(frontier(&dt, &b), vec![vec![], vec![1], vec![1], vec![]]);
}

#[test]
fn nested_loops_with_switch() {
    // 0 → 1; 1 (outer header) → 2, 6; 2 (inner header) → 3, 5; 3 → 4, 2 (continue);
    // 4 → 2; 5 → 1 (outer latch); 6 exit. Inner body 3, 4 is dominated by 2, the inner exit
    // 5 by 2, the outer exit 6 by 1.
    let edges = [
        (0, 1),
        (1, 2),
        (1, 6),
        (2, 3),
        (2, 5),
        (3, 4),
        (3, 2),
        (4, 2),
        (5, 1),
    ];
    let (f, b) = graph(7, &edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(
        idoms(&dt, &b),
        vec![None, Some(0), Some(1), Some(2), Some(3), Some(2), Some(1)]
    );
    // DF(3) = {2} (3 → 2 and 3 → 4 → 2), DF(4) = {2}, DF(2) = {1, 2}, DF(5) = {1},
    // DF(1) = {1}.
    assert_eq!(
        frontier(&dt, &b),
        vec![
            vec![],
            vec![1],
            vec![1, 2],
            vec![2],
            vec![2],
            vec![1],
            vec![]
        ]
    );
    brute_force_check(7, &edges);
    // A switch with three targets (0 → 1, 2, 3) and a shared join.
    let edges = [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4)];
    let (f, b) = graph(5, &edges);
    let cfg = Cfg::compute(&f);
    assert_eq!(cfg.succs(b[0]).len(), 3);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(
        idoms(&dt, &b),
        vec![None, Some(0), Some(0), Some(0), Some(0)]
    );
}

#[test]
fn irreducible_two_entries() {
    // 0 → 1, 2; 1 → 2, 3; 2 → 1. The cycle {1, 2} is entered at both blocks, so neither
    // dominates the other; 3 is only reached from 1.
    let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 1)];
    let (f, b) = graph(4, &edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(idoms(&dt, &b), vec![None, Some(0), Some(0), Some(1)]);
    assert_eq!(frontier(&dt, &b), vec![vec![], vec![2], vec![1], vec![]]);
    brute_force_check(4, &edges);
}

#[test]
fn cooper_harvey_kennedy_figure() {
    // The irreducible graph of the paper's figure 4 (its nodes 6 5 4 1 2 3 are our 0..5):
    // every block's immediate dominator is the entry.
    let edges = [
        (0, 1),
        (0, 2),
        (1, 3),
        (2, 4),
        (2, 5),
        (3, 4),
        (4, 3),
        (4, 5),
        (5, 4),
    ];
    let (f, b) = graph(6, &edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(
        idoms(&dt, &b),
        vec![None, Some(0), Some(0), Some(0), Some(0), Some(0)]
    );
    brute_force_check(6, &edges);
}

#[test]
fn unreachable_blocks() {
    // 0 → 1; 2 → 1 but nothing reaches 2.
    let edges = [(0, 1), (2, 1)];
    let (f, b) = graph(3, &edges);
    let cfg = Cfg::compute(&f);
    assert_eq!(cfg.rpo(), &[b[0], b[1]]);
    assert!(!cfg.is_reachable(b[2]));
    assert_eq!(cfg.preds(b[1]), &[b[0], b[2]]);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(idoms(&dt, &b), vec![None, Some(0), None]);
    assert!(!dt.dominates(b[0], b[2]));
    assert!(!dt.dominates(b[2], b[1]));
    assert!(dt.dominates(b[2], b[2]));
    // 1 has two predecessors but only one is reachable: not a join.
    assert_eq!(frontier(&dt, &b), vec![vec![], vec![], vec![]]);
}

#[test]
fn entry_with_self_loop() {
    // 0 → 0, 1. The entry dominates everything and is in its own frontier.
    let edges = [(0, 0), (0, 1)];
    let (f, b) = graph(2, &edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    assert_eq!(idoms(&dt, &b), vec![None, Some(0)]);
    assert_eq!(frontier(&dt, &b), vec![vec![0], vec![]]);
    brute_force_check(2, &edges);
}

#[test]
fn declaration_has_empty_graph() {
    let f = Function::declaration("vprintf", Signature::default(), FuncKind::Device);
    let cfg = Cfg::compute(&f);
    assert!(cfg.rpo().is_empty());
    let dt = DomTree::compute(&f, &cfg);
    assert!(dt.preorder().is_empty());
}

#[test]
fn long_chain_does_not_overflow_the_stack() {
    let n = 50_000;
    let edges: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let (f, b) = graph(n, &edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    assert!(dt.dominates(b[0], b[n - 1]));
    assert!(!dt.dominates(b[n - 1], b[0]));
    assert_eq!(dt.idom(b[n - 1]), Some(b[n - 2]));
}

#[test]
fn random_graphs_match_the_definition() {
    // A fixed linear congruential generator: deterministic, no dependency.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |m: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % m
    };
    for _ in 0..200 {
        let n = 2 + next(9);
        let mut edges = Vec::new();
        for a in 0..n {
            let k = next(4);
            for _ in 0..k {
                let t = next(n);
                if !edges.contains(&(a, t)) {
                    edges.push((a, t));
                }
            }
        }
        brute_force_check(n, &edges);
    }
}
