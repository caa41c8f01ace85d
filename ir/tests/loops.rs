//! Loop detection tests on hand-built CFGs; expected headers, bodies, latches, exits,
//! preheaders and nesting are worked out by hand in the comments.

use crate::common;

use common::graph;
use oxicc_ir::entity::EntityRef;
use oxicc_ir::{Block, Cfg, DomTree, LoopInfo};

fn loops_of(n: usize, edges: &[(usize, usize)]) -> (LoopInfo, Vec<Block>) {
    let (f, blocks) = graph(n, edges);
    let cfg = Cfg::compute(&f);
    let dt = DomTree::compute(&f, &cfg);
    (LoopInfo::compute(&f, &cfg, &dt), blocks)
}

fn idx(bs: &[Block]) -> Vec<usize> {
    let mut v: Vec<usize> = bs.iter().map(|b| b.index()).collect();
    v.sort();
    v
}

#[test]
fn nested_loops() {
    // 0 → 1 (outer preheader); 1 (outer header) → 2, 7; 2 → 3 (inner preheader);
    // 3 (inner header) → 4, 6; 4 → 5, 3 (latch, continue); 5 → 3 (latch); 6 → 1 (outer
    // latch); 7 exit.
    let edges = [
        (0, 1),
        (1, 2),
        (1, 7),
        (2, 3),
        (3, 4),
        (3, 6),
        (4, 5),
        (4, 3),
        (5, 3),
        (6, 1),
    ];
    let (li, b) = loops_of(8, &edges);
    assert!(li.is_reducible());
    assert_eq!(li.len(), 2);
    let outer = li.loop_of_header(b[1]).expect("outer loop");
    let inner = li.loop_of_header(b[3]).expect("inner loop");
    assert_eq!(idx(&li[outer].body), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(idx(&li[outer].latches), vec![6]);
    assert_eq!(idx(&li[outer].exits), vec![7]);
    assert_eq!(li[outer].preheader, Some(b[0]));
    assert_eq!(li[outer].parent, None);
    assert_eq!(li[outer].depth, 1);
    assert_eq!(idx(&li[inner].body), vec![3, 4, 5]);
    assert_eq!(idx(&li[inner].latches), vec![4, 5]);
    assert_eq!(idx(&li[inner].exits), vec![6]);
    assert_eq!(li[inner].preheader, Some(b[2]));
    assert_eq!(li[inner].parent, Some(outer));
    assert_eq!(li[inner].depth, 2);
    assert_eq!(li[inner].body[0], b[3], "header first");
    assert_eq!(li.loop_depth(b[0]), 0);
    assert_eq!(li.loop_depth(b[2]), 1);
    assert_eq!(li.loop_depth(b[5]), 2);
    assert!(li.contains(outer, b[5]));
    assert!(!li.contains(inner, b[6]));
    assert_eq!(
        li.loops_innermost_first().collect::<Vec<_>>(),
        vec![inner, outer]
    );
}

#[test]
fn loop_without_preheader() {
    // 0 → 1, 2; 1 → 2; 2 (header, entered from 0 and 1) → 3, 4; 3 → 2; 4 exit.
    // Two outside predecessors: no preheader.
    let edges = [(0, 1), (0, 2), (1, 2), (2, 3), (2, 4), (3, 2)];
    let (li, b) = loops_of(5, &edges);
    let l = li.loop_of_header(b[2]).unwrap();
    assert_eq!(idx(&li[l].body), vec![2, 3]);
    assert_eq!(li[l].preheader, None);
    // 0 → 1 (header) directly from a block that also branches elsewhere: no preheader.
    let edges = [(0, 1), (0, 2), (1, 1), (1, 2)];
    let (li, b) = loops_of(3, &edges);
    let l = li.loop_of_header(b[1]).unwrap();
    assert_eq!(idx(&li[l].body), vec![1]);
    assert_eq!(idx(&li[l].latches), vec![1]);
    assert_eq!(li[l].preheader, None);
}

#[test]
fn sibling_loops() {
    // Two loops one after the other: 0 → 1; 1 → 1, 2; 2 → 3; 3 → 3, 4; 4 exit.
    let edges = [(0, 1), (1, 1), (1, 2), (2, 3), (3, 3), (3, 4)];
    let (li, b) = loops_of(5, &edges);
    assert_eq!(li.len(), 2);
    let first = li.loop_of_header(b[1]).unwrap();
    let second = li.loop_of_header(b[3]).unwrap();
    assert_eq!(li[first].parent, None);
    assert_eq!(li[second].parent, None);
    assert_eq!(li[second].preheader, Some(b[2]));
    assert_eq!(idx(&li[first].exits), vec![2]);
}

#[test]
fn irreducible_cycle_is_not_a_loop() {
    // 0 → 1, 2; 1 → 2, 3; 2 → 1: the cycle {1, 2} has two entries.
    let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 1)];
    let (li, _) = loops_of(4, &edges);
    assert!(li.is_empty());
    assert!(!li.is_reducible());
}

#[test]
fn straight_line_code_has_no_loops() {
    let (li, b) = loops_of(3, &[(0, 1), (1, 2)]);
    assert!(li.is_empty());
    assert!(li.is_reducible());
    assert_eq!(li.innermost_loop(b[1]), None);
}

#[test]
fn loop_of_a_parsed_kernel() {
    // The tree reduction of tests/oxir/reduction.oxir: block3 is the header (unroll(full)),
    // block4..6 the body, block6 the latch, block2 the preheader, block7 the exit.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oxir/reduction.oxir");
    let module = oxicc_ir::parse_module(&std::fs::read_to_string(path).unwrap()).unwrap();
    let f = &module.functions[module.function_by_name("_Z6reducePKfPfi").unwrap()];
    let cfg = Cfg::compute(f);
    let dt = DomTree::compute(f, &cfg);
    let li = LoopInfo::compute(f, &cfg, &dt);
    let b = &f.layout;
    assert_eq!(li.len(), 1);
    let l = li.loops().next().unwrap();
    assert_eq!(li[l].header, b[3]);
    assert_eq!(f.blocks[b[3]].unroll, oxicc_ir::UnrollHint::Full);
    assert_eq!(li[l].body, vec![b[3], b[4], b[5], b[6]]);
    assert_eq!(li[l].latches, vec![b[6]]);
    assert_eq!(li[l].exits, vec![b[7]]);
    assert_eq!(li[l].preheader, Some(b[2]));
}
