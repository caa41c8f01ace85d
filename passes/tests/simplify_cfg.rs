//! simplify-cfg: straight-line merging, forwarding-block bypass, identical branch targets.

use crate::common;

use common::*;
use oxicc_ir::*;

#[test]
fn chain_of_jumps_merges_into_one_block() {
    let mut m = parse(
        "device @f(i32) -> i32 {
block0(v0: i32):
    jump block1(v0)

block1(v1: i32):
    v2 = add.i32 v1, v1
    jump block2

block2:
    jump block3(v2)

block3(v3: i32):
    return v3
}
",
    );
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    assert_eq!(f.layout.len(), 1);
    assert_eq!(run_i(&m, "f", &[21]), 42);
}

#[test]
fn empty_blocks_of_a_diamond_are_bypassed() {
    let mut m = parse(
        "device @f(i32, i1) -> i32 {
block0(v0: i32, v1: i1):
    brif v1, block1, block2

block1:
    jump block3

block2:
    jump block3

block3:
    return v0
}
",
    );
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    // Both arms forward to block3; the branch then has identical targets and becomes a
    // jump, and block3 merges into the entry.
    assert_eq!(f.layout.len(), 1);
    assert_eq!(count_ops(f, &[Opcode::Branch]), 0);
}

#[test]
fn forwarding_block_with_arguments_stays_on_a_conditional_edge() {
    // block1 passes a value to block3's parameter from a conditional branch: removing it
    // would put two argument-carrying edges from one branch into block3. (The store in
    // block2 keeps the diamond from being if-converted.)
    let mut m = parse(
        "device @f(ptr.global, i32, i1) -> i32 {
block0(v0: ptr.global, v1: i32, v2: i1):
    v3 = iconst.i32 5
    brif v2, block1, block2

block1:
    jump block3(v3)

block2:
    store v1, v0, align 4
    jump block3(v1)

block3(v4: i32):
    return v4
}
",
    );
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    assert_eq!(f.layout.len(), 4);
}

#[test]
fn loops_keep_their_header() {
    let mut m = parse(
        "device @f(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 0
    v2 = iconst.i32 1
    jump block1(v1)

block1(v3: i32):
    v4 = icmp.slt v3, v0
    brif v4, block2, block3

block2:
    v5 = add.i32 v3, v2
    jump block4

block4:
    jump block1(v5)

block3:
    return v3
}
",
    );
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    assert_eq!(
        f.layout.len(),
        4,
        "block4 merges into block2; the loop stays"
    );
    assert_eq!(run_i(&m, "f", &[7]), 7);
}

#[test]
fn short_circuit_join_is_threaded() {
    // `if (a < n && b < n)` as the front end emits it.
    let mut m = parse(
        "device @f(i32, i32, i32) -> i32 {
block0(v0: i32, v1: i32, v2: i32):
    v3 = icmp.slt v0, v2
    v4 = iconst.i1 0
    brif v3, block1, block2(v4)

block1:
    v5 = icmp.slt v1, v2
    jump block2(v5)

block2(v6: i1):
    brif v6, block3, block4

block3:
    v7 = iconst.i32 1
    return v7

block4:
    v8 = iconst.i32 0
    return v8
}
",
    );
    let before = m.clone();
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    assert_eq!(f.layout.len(), 4, "the join block is gone");
    assert!(f.layout[1..].iter().all(|&b| f.blocks[b].params.is_empty()));
    for (a, b, n) in [(1, 2, 3), (1, 5, 3), (5, 1, 3), (5, 5, 3)] {
        assert_eq!(run_i(&m, "f", &[a, b, n]), run_i(&before, "f", &[a, b, n]));
        assert_eq!(run_i(&m, "f", &[a, b, n]), (a < n && b < n) as i64);
    }
}

#[test]
fn nested_ternaries_become_selects() {
    // `x < 0 ? 0 : (x >= w ? w - 1 : x)` after mem2reg, inner join already bypassed.
    let mut m = parse(
        "device @clamp(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    v3 = icmp.slt v0, v2
    brif v3, block1, block2

block1:
    jump block5(v2)

block2:
    v4 = icmp.sge v0, v1
    brif v4, block3, block4

block3:
    v5 = iconst.i32 -1
    v6 = add.i32 v1, v5
    jump block5(v6)

block4:
    jump block5(v0)

block5(v7: i32):
    v8 = mul.i32 v7, v7
    return v8
}
",
    );
    run_passes(&mut m, &["simplify-cfg", "dce"]);
    let f = func(&m, "clamp");
    assert_eq!(f.layout.len(), 1, "straight-line code");
    assert_eq!(count_ops(f, &[Opcode::Select]), 2);
    for (x, w) in [(-5i64, 10i64), (0, 10), (3, 10), (10, 10), (99, 10)] {
        let c = if x < 0 {
            0
        } else if x >= w {
            w - 1
        } else {
            x
        };
        assert_eq!(run_i(&m, "clamp", &[x, w]), c * c);
    }
}

#[test]
fn arms_with_memory_or_large_bodies_stay_branches() {
    let mut m = parse(
        "device @f(ptr.global, i1, i32) -> i32 {
block0(v0: ptr.global, v1: i1, v2: i32):
    brif v1, block1, block2(v2)

block1:
    v3 = load.i32 v0, align 4
    jump block2(v3)

block2(v4: i32):
    return v4
}
",
    );
    run_passes(&mut m, &["simplify-cfg"]);
    let f = func(&m, "f");
    assert_eq!(
        count_ops(f, &[Opcode::Branch]),
        1,
        "a load is not speculated"
    );
}
