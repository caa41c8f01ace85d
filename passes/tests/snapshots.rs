//! Form snapshots (insta) of the printed IR after the `-O2` pipeline on front-end-shaped
//! input. Behaviour is checked elsewhere; these catch unintended changes of shape.

use crate::common;

use common::*;

/// `int sum(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * 4; return s; }` as the
/// front end emits it: every local in a slot, one return block.
const SUM_LOOP: &str = "device @sum(i32) -> i32 {
    ss0 = slot 4, align 4
    ss1 = slot 4, align 4
    ss2 = slot 4, align 4
    ss3 = slot 4, align 4

block0(v0: i32):
    v1 = stackaddr ss0
    store v0, v1, align 4
    v2 = iconst.i32 0
    v3 = stackaddr ss1
    store v2, v3, align 4
    v4 = iconst.i32 0
    v5 = stackaddr ss2
    store v4, v5, align 4
    jump block1

block1:
    v6 = stackaddr ss2
    v7 = load.i32 v6, align 4
    v8 = stackaddr ss0
    v9 = load.i32 v8, align 4
    v10 = icmp.slt v7, v9
    brif v10, block2, block4

block2:
    v11 = stackaddr ss2
    v12 = load.i32 v11, align 4
    v13 = iconst.i32 4
    v14 = mul.i32 v12, v13
    v15 = stackaddr ss1
    v16 = load.i32 v15, align 4
    v17 = add.i32 v16, v14
    store v17, v15, align 4
    jump block3

block3:
    v18 = stackaddr ss2
    v19 = load.i32 v18, align 4
    v20 = iconst.i32 1
    v21 = add.i32 v19, v20
    store v21, v18, align 4
    jump block1

block4:
    v22 = stackaddr ss1
    v23 = load.i32 v22, align 4
    v24 = stackaddr ss3
    store v23, v24, align 4
    jump block5

block5:
    v25 = stackaddr ss3
    v26 = load.i32 v25, align 4
    return v26
}
";

#[test]
fn sum_loop_at_o2() {
    let mut m = parse(SUM_LOOP);
    run_level(&mut m, 2);
    for n in [0i64, 1, 5, 100] {
        assert_eq!(run_i(&m, "sum", &[n]), (0..n).map(|i| i * 4).sum::<i64>());
    }
    insta::assert_snapshot!(oxicc_ir::print_module(&m));
}

const CALLS: &str = "device internal @scale(ptr.global, i32, f32) {
block0(v0: ptr.global, v1: i32, v2: f32):
    v3 = sext.i64 v1
    v4 = iconst.i64 2
    v5 = shl.i64 v3, v4
    v6 = ptradd.ptr.global v0, v5
    v7 = load.f32 v6, align 4
    v8 = fmul.f32 v7, v2
    store v8, v6, align 4
    return
}

kernel @k(ptr.global, f32) {
block0(v0: ptr.global, v1: f32):
    v2 = sreg %tid.x
    v3 = sreg %ntid.x
    v4 = sreg %ctaid.x
    v5 = mul.i32 v4, v3
    v6 = add.i32 v5, v2
    call @scale(v0, v6, v1)
    v7 = sreg %tid.x
    v8 = sreg %ntid.x
    v9 = sreg %ctaid.x
    v10 = mul.i32 v9, v8
    v11 = add.i32 v10, v7
    call @scale(v0, v11, v1)
    return
}
";

#[test]
fn inlined_calls_at_o2() {
    let mut m = parse(CALLS);
    run_level(&mut m, 2);
    insta::assert_snapshot!(oxicc_ir::print_module(&m));
}
