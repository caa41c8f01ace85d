//! cse and licm on small functions.

use crate::common;

use common::*;
use oxicc_ir::*;

#[test]
fn cse_merges_dominated_duplicates_only() {
    let mut m = parse(
        "device @f(i32, i32, i1) -> i32 {
block0(v0: i32, v1: i32, v2: i1):
    v3 = add.i32 v0, v1
    v4 = add.i32 v1, v0
    brif v2, block1, block2

block1:
    v5 = mul.i32 v3, v4
    v6 = add.i32 v0, v1
    v10 = xor.i32 v5, v6
    jump block3(v10)

block2:
    v7 = mul.i32 v3, v4
    jump block3(v7)

block3(v8: i32):
    v9 = mul.i32 v3, v4
    v11 = add.i32 v8, v9
    return v11
}
",
    );
    let before = m.clone();
    run_passes(&mut m, &["cse", "dce"]);
    let f = func(&m, "f");
    // v4 = v3 (commuted), v6 = v3; the muls in the two arms do not dominate each other
    // or block3, so each stays: 1 add + 3 mul + xor + final add.
    let adds = insts(f)
        .iter()
        .filter(|d| {
            matches!(
                d,
                InstData::Binary {
                    op: BinaryOp::Add,
                    ..
                }
            )
        })
        .count();
    assert_eq!(adds, 2);
    assert_eq!(count_ops(f, &[Opcode::Binary]), 6);
    for (a, b, c) in [(1, 2, 0), (3, -4, 1), (100, 7, 1)] {
        assert_eq!(run_i(&m, "f", &[a, b, c]), run_i(&before, "f", &[a, b, c]));
    }
}

#[test]
fn licm_hoists_invariant_arithmetic_to_the_preheader() {
    let mut m = parse(
        "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    jump block1(v2, v2)

block1(v3: i32, v4: i32):
    v5 = icmp.slt v3, v0
    brif v5, block2, block3

block2:
    v6 = iconst.i32 3
    v7 = mul.i32 v1, v6
    v8 = add.i32 v7, v1
    v9 = add.i32 v4, v8
    v10 = iconst.i32 1
    v11 = add.i32 v3, v10
    jump block1(v11, v9)

block3:
    return v4
}
",
    );
    let before = m.clone();
    run_passes(&mut m, &["licm"]);
    let f = func(&m, "f");
    let entry = f.entry();
    // mul v1*3 and add v7+v1 move to the entry (with their own copy of the constant 3).
    let entry_binaries = f.blocks[entry]
        .insts
        .iter()
        .filter(|&&i| matches!(f.insts[i].data, InstData::Binary { .. }))
        .count();
    assert_eq!(entry_binaries, 2);
    let body = f.layout[2];
    let body_binaries = f.blocks[body]
        .insts
        .iter()
        .filter(|&&i| matches!(f.insts[i].data, InstData::Binary { .. }))
        .count();
    assert_eq!(body_binaries, 2, "the two loop-variant adds stay");
    for (n, x) in [(0, 5), (4, 5), (10, -3)] {
        assert_eq!(run_i(&m, "f", &[n, x]), run_i(&before, "f", &[n, x]));
        assert_eq!(
            run_i(&m, "f", &[n, x]),
            (n * (x as i32 * 4) as i64) as i32 as i64
        );
    }
}
