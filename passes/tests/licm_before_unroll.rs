//! The `-O2`/`-O3` pipelines run `licm` before `loop-unroll`: an invariant expression
//! computed inside a guarded block of a loop with a constant trip count is hoisted once,
//! instead of being recomputed in each unrolled copy's own conditional block, where no
//! dominator-scoped CSE can share it (`harness/transpose_shared`'s `&tile[ty][tx]`, as
//! nvcc computes it). IR in, the count of multiplies out, and the values against plain
//! Rust's wrapping arithmetic and against the input IR.

use crate::common;

use common::*;
use oxicc_ir::*;

/// `s = 0; for (j = 0; j < 4; j++) if (j < c) s += a * b + j; return s;`
const SRC: &str = "device @f(i32, i32, i32) -> i32 {
block0(v0: i32, v1: i32, v2: i32):
    v3 = iconst.i32 0
    jump block1(v3, v3)

block1(v4: i32, v5: i32):
    v6 = iconst.i32 4
    v7 = icmp.slt v4, v6
    brif v7, block2, block5

block2:
    v8 = icmp.slt v4, v2
    brif v8, block3, block4(v5)

block3:
    v9 = mul.i32 v0, v1
    v10 = add.i32 v9, v4
    v11 = add.i32 v5, v10
    jump block4(v11)

block4(v12: i32):
    v13 = iconst.i32 1
    v14 = add.i32 v4, v13
    jump block1(v14, v12)

block5:
    return v5
}
";

fn model(a: i32, b: i32, c: i32) -> i32 {
    let mut s = 0i32;
    for j in 0..4 {
        if j < c {
            s = s.wrapping_add(a.wrapping_mul(b).wrapping_add(j));
        }
    }
    s
}

fn muls(f: &Function) -> usize {
    insts(f)
        .iter()
        .filter(|d| {
            matches!(
                d,
                InstData::Binary {
                    op: BinaryOp::Mul,
                    ..
                }
            )
        })
        .count()
}

#[test]
fn guarded_invariant_is_computed_once_after_unrolling() {
    for level in [2u8, 3] {
        let before = parse(SRC);
        let mut m = before.clone();
        run_level(&mut m, level);
        let f = func(&m, "f");
        // Unrolled: no back edge is left, and the product is computed once.
        assert_eq!(muls(f), 1, "-O{level}:\n{}", print_module(&m));
        for (a, b, c) in [
            (3, 5, 2),
            (-7, 11, 4),
            (i32::MAX, 3, 3),
            (i32::MIN, -1, 1),
            (12, -9, 0),
            (2, 2, -5),
            (1000, 1000, 9),
        ] {
            let want = model(a, b, c);
            let args = [a as i64, b as i64, c as i64];
            assert_eq!(
                run_i(&m, "f", &args) as i32,
                want,
                "-O{level} f({a}, {b}, {c})"
            );
            assert_eq!(
                run_i(&before, "f", &args) as i32,
                want,
                "input IR f({a}, {b}, {c})"
            );
        }
    }
}
