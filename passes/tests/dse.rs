//! dse: overwritten stores within a block.

use crate::common;

use common::*;
use oxicc_ir::*;

fn stores(m: &Module) -> usize {
    count_ops(func(m, "f"), &[Opcode::Store])
}

#[test]
fn overwritten_store_goes() {
    let mut m = parse(
        "device @f(ptr.global, ptr.shared, i32, i32) {
block0(v0: ptr.global, v1: ptr.shared, v2: i32, v3: i32):
    store v2, v0, align 4
    store v2, v1, align 4
    v4 = load.i32 v1, align 4
    store v3, v0, align 4
    return
}
",
    );
    run_passes(&mut m, &["dse"]);
    // The first global store is overwritten; the shared load in between cannot read it.
    assert_eq!(stores(&m), 2);
}

#[test]
fn reads_barriers_and_narrower_overwrites_keep_stores() {
    let mut m = parse(
        "device @f(ptr.global, ptr, i32, i8) -> i32 {
block0(v0: ptr.global, v1: ptr, v2: i32, v3: i8):
    store v2, v0, align 4
    v4 = load.i32 v1, align 4
    store v2, v0, align 4
    barrier
    store v2, v0, align 4
    store v3, v0, align 1
    store v2, v0, align 4, volatile
    store v2, v0, align 4
    store v2, v0, align 4
    store v3, v0, align 1
    return v4
}
",
    );
    run_passes(&mut m, &["dse"]);
    // Kept: the first store (the generic load may read it), the one before the barrier,
    // the volatile store, the i32 store only partly overwritten by the final i8 store, and
    // that i8 store. Deleted: the i32 and i8 stores before the volatile store (later
    // stores overwrite them unread) and the i32 store right before another i32 store.
    assert_eq!(stores(&m), 5);
}
