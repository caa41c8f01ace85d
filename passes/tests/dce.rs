//! dce: dead values, dead loop-carried parameters, unreachable blocks; what must stay.

use crate::common;

use common::*;
use oxicc_ir::*;

#[test]
fn dead_pure_code_goes_and_side_effects_stay() {
    let mut m = parse(
        "device @f(ptr.global, i32) {
block0(v0: ptr.global, v1: i32):
    v2 = mul.i32 v1, v1
    v3 = load.i32 v0, align 4
    v4 = load.i32 v0, align 4, volatile
    v5 = add.i32 v1, v1
    store v5, v0, align 4
    barrier
    return
}
",
    );
    run_passes(&mut m, &["dce"]);
    let f = func(&m, "f");
    // mul and the plain load are dead; the volatile load, the add feeding the store, the
    // store, the barrier and the return stay.
    assert_eq!(count_ops(f, &[Opcode::Binary]), 1);
    assert_eq!(count_ops(f, &[Opcode::Load]), 1);
    assert_eq!(
        count_ops(f, &[Opcode::Store, Opcode::Barrier, Opcode::Return]),
        3
    );
}

#[test]
fn unused_loop_counter_disappears_with_its_parameter() {
    // A loop that counts `k` up alongside `i` but never uses `k` afterwards.
    let mut m = parse(
        "device @f(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 0
    v2 = iconst.i32 1
    jump block1(v1, v1)

block1(v3: i32, v4: i32):
    v5 = icmp.slt v3, v0
    brif v5, block2, block3

block2:
    v6 = add.i32 v3, v2
    v7 = mul.i32 v4, v6
    jump block1(v6, v7)

block3:
    return v3
}
",
    );
    run_passes(&mut m, &["dce"]);
    let f = func(&m, "f");
    let header = f.layout[1];
    assert_eq!(
        f.blocks[header].params.len(),
        1,
        "only the live counter remains"
    );
    assert_eq!(
        count_ops(f, &[Opcode::Binary]),
        1,
        "the mul feeding k is gone"
    );
    for n in [0i64, 3, 9] {
        assert_eq!(run_i(&m, "f", &[n]), n);
    }
}

#[test]
fn unreachable_blocks_leave_the_layout() {
    let mut m = parse(
        "device @f() -> i32 {
block0:
    v0 = iconst.i32 1
    return v0

block1:
    v1 = iconst.i32 2
    jump block2(v1)

block2(v2: i32):
    return v2
}
",
    );
    run_passes(&mut m, &["dce"]);
    assert_eq!(func(&m, "f").layout.len(), 1);
    assert_eq!(run_i(&m, "f", &[]), 1);
}
