//! `loop-unroll` on a nest whose inner loop starts from the outer IV (`for k = 2; k <= 16;
//! k <<= 1) for (j = k >> 1; j > 0; j >>= 1)`, the bitonic-sort shape): once the outer loop
//! is fully unrolled, every inner loop has a constant count and is unrolled too. Results
//! are checked against plain Rust.

use crate::common;

use common::*;
use oxicc_ir::*;

const NEST: &str = "device @f(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 2
    v2 = iconst.i32 0
    jump block1(v1, v2)

block1(v10: i32, v11: i32):
    v12 = iconst.i32 16
    v13 = icmp.ule v10, v12
    brif v13, block2, block5

block2:
    v14 = iconst.i32 1
    v15 = lshr.i32 v10, v14
    jump block3(v15, v11)

block3(v20: i32, v21: i32):
    v22 = iconst.i32 0
    v23 = icmp.ugt v20, v22
    brif v23, block4, block6

block4:
    v24 = mul.i32 v20, v0
    v25 = xor.i32 v24, v10
    v26 = add.i32 v21, v25
    v27 = iconst.i32 1
    v28 = lshr.i32 v20, v27
    jump block3(v28, v26)

block6:
    v30 = iconst.i32 1
    v31 = shl.i32 v10, v30
    jump block1(v31, v21)

block5:
    return v11
}
";

fn model(x: i64) -> i64 {
    let x = x as i32;
    let mut acc = 0i32;
    let mut k = 2u32;
    while k <= 16 {
        let mut j = k >> 1;
        while j > 0 {
            acc = acc.wrapping_add((j as i32).wrapping_mul(x) ^ k as i32);
            j >>= 1;
        }
        k <<= 1;
    }
    acc as i64
}

fn loops_of(f: &Function) -> LoopInfo {
    let cfg = Cfg::compute(f);
    let dom = DomTree::compute(f, &cfg);
    LoopInfo::compute(f, &cfg, &dom)
}

#[test]
fn inner_loops_starting_from_the_outer_iv_are_unrolled_after_the_outer_one() {
    let mut m = parse(NEST);
    for x in [-5, 0, 1, 77, 1 << 20] {
        assert_eq!(run_i(&m, "f", &[x]), model(x), "before, x = {x}");
    }
    run_passes(&mut m, &["loop-unroll"]);
    assert!(loops_of(func(&m, "f")).is_empty(), "{}", print_module(&m));
    for x in [-5, 0, 1, 77, 1 << 20] {
        assert_eq!(run_i(&m, "f", &[x]), model(x), "after, x = {x}");
    }
}
