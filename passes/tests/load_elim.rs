//! load-elim: forwarding, what forgets, address-space disjointness (merges and alias facts:
//! `load_elim_alias.rs`).

use crate::common;

use common::*;
use oxicc_ir::*;

fn loads(m: &Module) -> usize {
    count_ops(func(m, "f"), &[Opcode::Load])
}

#[test]
fn repeated_load_and_store_forwarding() {
    let mut m = parse(
        "device @f(ptr.global, ptr.shared, f32) -> f32 {
block0(v0: ptr.global, v1: ptr.shared, v2: f32):
    v3 = load.f32 v0, align 4
    v4 = load.f32 v0, align 4
    store v2, v1, align 4
    v5 = load.f32 v0, align 4
    v6 = load.f32 v1, align 4
    v7 = fadd.f32 v3, v4
    v8 = fadd.f32 v7, v5
    v9 = fadd.f32 v8, v6
    return v9
}
",
    );
    run_passes(&mut m, &["load-elim", "dce"]);
    // One load of v0 remains: the shared store does not touch global memory, and the
    // shared load reads the stored value.
    assert_eq!(loads(&m), 1);
}

#[test]
fn aliasing_writes_forget() {
    let mut m = parse(
        "device @f(ptr.global, ptr.global, ptr, i32) -> i32 {
block0(v0: ptr.global, v1: ptr.global, v2: ptr, v3: i32):
    v4 = load.i32 v0, align 4
    store v3, v1, align 4
    v5 = load.i32 v0, align 4
    store v3, v2, align 4
    v6 = load.i32 v0, align 4
    barrier
    v7 = load.i32 v0, align 4
    v8 = load.i32 v0, align 4, volatile
    v9 = load.i32 v0, align 4, volatile
    v10 = add.i32 v4, v5
    v11 = add.i32 v10, v6
    v12 = add.i32 v11, v7
    v13 = add.i32 v12, v8
    v14 = add.i32 v13, v9
    return v14
}
",
    );
    run_passes(&mut m, &["load-elim", "dce"]);
    assert_eq!(loads(&m), 6, "nothing is removed");
}
