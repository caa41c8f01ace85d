//! `loop-unroll` on hand-written loops: the shapes irgen produces, each pragma form, loops
//! it must leave alone, barriers, values live after the loop. Expected results come from
//! plain-Rust formulas.

use crate::common;

use common::*;
use oxicc_ir::*;

fn loops_of(f: &Function) -> LoopInfo {
    let cfg = Cfg::compute(f);
    let dom = DomTree::compute(f, &cfg);
    LoopInfo::compute(f, &cfg, &dom)
}

/// `sum(i * x for i in 0..8)` in irgen's test-first shape, with a pragma on the header.
fn sum_loop(hint: &str, bound: &str) -> String {
    format!(
        "device @f(i32, i32) -> i32 {{
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    v3 = iconst.i32 0
    jump block1(v2, v3)

block1(v10: i32, v11: i32){hint}:
    v12 = {bound}
    v13 = icmp.slt v10, v12
    brif v13, block2, block3

block2:
    v14 = mul.i32 v10, v0
    v15 = add.i32 v11, v14
    v16 = iconst.i32 1
    v17 = add.i32 v10, v16
    jump block1(v17, v15)

block3:
    return v11
}}
"
    )
}

fn sum_model(x: i64, n: i64) -> i64 {
    (0..n)
        .map(|i| (i * x) as i32 as i64)
        .fold(0i32, |a, b| a.wrapping_add(b as i32)) as i64
}

#[test]
fn pragma_full_removes_the_loop_and_folds_to_straight_code() {
    let mut m = parse(&sum_loop(" unroll(full)", "iconst.i32 8"));
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    assert!(loops_of(f).is_empty(), "{}", print_module(&m));
    assert_eq!(
        f.layout.len(),
        1,
        "one block after cleanup:\n{}",
        print_module(&m)
    );
    for x in [-3, 0, 1, 7, 123_456] {
        assert_eq!(run_i(&m, "f", &[x, 0]), sum_model(x, 8));
    }
}

#[test]
fn pragma_one_keeps_the_loop_and_unknown_bounds_are_not_fully_unrolled() {
    for (hint, bound) in [
        (" unroll(1)", "iconst.i32 8"),
        (" unroll(full)", "add.i32 v1, v2"),
        ("", "add.i32 v1, v2"),
    ] {
        let mut m = parse(&sum_loop(hint, bound));
        let before = func(&m, "f").inst_count();
        run_passes(&mut m, &["loop-unroll"]);
        let f = func(&m, "f");
        assert_eq!(loops_of(f).len(), 1, "{hint} {bound}");
        assert_eq!(f.inst_count(), before, "{hint} {bound}: nothing copied");
    }
}

#[test]
fn pragma_count_with_unknown_bound_keeps_every_test() {
    let mut m = parse(&sum_loop(" unroll(4)", "add.i32 v1, v2"));
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    let loops = loops_of(f);
    assert_eq!(loops.len(), 1);
    // Four copies of the body, one `mul` each; the header keeps `nounroll`.
    assert_eq!(count_ops(f, &[Opcode::ICmp]), 4, "{}", print_module(&m));
    let header = loops.data(loops.loops().next().unwrap()).header;
    assert_eq!(f.blocks[header].unroll, UnrollHint::Count(1));
    for n in [-5, 0, 1, 2, 3, 4, 5, 7, 8, 9, 13] {
        assert_eq!(run_i(&m, "f", &[3, n]), sum_model(3, n.max(0)), "n={n}");
    }
}

#[test]
fn pragma_count_with_constant_bound_drops_the_decided_tests() {
    // 10 iterations by 4: the tests of three copies are decided, one is kept.
    let mut m = parse(&sum_loop(" unroll(4)", "iconst.i32 10"));
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    assert_eq!(loops_of(f).len(), 1);
    assert_eq!(count_ops(f, &[Opcode::ICmp]), 1, "{}", print_module(&m));
    assert!(count_ops(f, &[Opcode::Binary]) >= 4);
    for x in [-2, 0, 5, 99] {
        assert_eq!(run_i(&m, "f", &[x, 0]), sum_model(x, 10));
    }
}

#[test]
fn small_constant_loops_unroll_without_pragma_and_big_ones_do_not() {
    let mut m = parse(&sum_loop("", "iconst.i32 8"));
    run_passes(&mut m, &["loop-unroll"]);
    assert!(loops_of(func(&m, "f")).is_empty());
    let mut m = parse(&sum_loop("", "iconst.i32 1000"));
    run_passes(&mut m, &["loop-unroll"]);
    assert_eq!(loops_of(func(&m, "f")).len(), 1);
    assert_eq!(run_i(&m, "f", &[3, 0]), sum_model(3, 1000));
}

#[test]
fn barriers_are_duplicated_by_full_unrolling_only() {
    let src = |hint: &str, bound: &str| {
        format!(
            "global shared @s: i32[4], align 4
device @f(i32) -> i32 {{
block0(v0: i32):
    v1 = iconst.i32 0
    jump block1(v1)

block1(v2: i32){hint}:
    v3 = {bound}
    v4 = icmp.slt v2, v3
    brif v4, block2, block3

block2:
    v5 = globaladdr.ptr.shared @s
    store v2, v5, align 4
    barrier
    v6 = iconst.i32 1
    v7 = add.i32 v2, v6
    jump block1(v7)

block3:
    return v2
}}
"
        )
    };
    let mut m = parse(&src(" unroll(full)", "iconst.i32 3"));
    run_passes(&mut m, &["loop-unroll", "dce", "simplify-cfg"]);
    let f = func(&m, "f");
    assert!(loops_of(f).is_empty());
    assert_eq!(count_ops(f, &[Opcode::Barrier]), 3);
    assert_eq!(count_ops(f, &[Opcode::Store]), 3);
    // Unknown trip count: the barrier is not copied.
    let mut m = parse(&src(" unroll(4)", "add.i32 v0, v1"));
    run_passes(&mut m, &["loop-unroll"]);
    assert_eq!(count_ops(func(&m, "f"), &[Opcode::Barrier]), 1);
}

/// A counted loop with a `break` (second exit) and a header value used after the loop;
/// `split` sends the `break` to a block of its own before the common return.
fn break_with_live_out(split: bool) -> String {
    let (brk, tail) = if split {
        (
            "block5",
            "\nblock5:\n    v8 = iconst.i32 100\n    v9 = add.i32 v2, v8\n    return v9\n",
        )
    } else {
        ("block4", "")
    };
    format!(
        "device @f(i32) -> i32 {{
block0(v0: i32):
    v1 = iconst.i32 0
    jump block1(v1)

block1(v2: i32) unroll(full):
    v3 = iconst.i32 8
    v4 = icmp.slt v2, v3
    brif v4, block2, block4

block2:
    v5 = icmp.eq v2, v0
    brif v5, {brk}, block3

block3:
    v6 = iconst.i32 1
    v7 = add.i32 v2, v6
    jump block1(v7)

block4:
    return v2
{tail}}}
"
    )
}

#[test]
fn live_outs_with_two_exits_to_one_block_get_one_landing_block() {
    // Both exits go to the return: a landing block takes each copy's `v2`, and the loop goes.
    let mut m = parse(&break_with_live_out(false));
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "dce", "simplify-cfg"],
    );
    assert!(loops_of(func(&m, "f")).is_empty(), "{}", print_module(&m));
    for x in [-1, 0, 3, 7, 8, 20] {
        let want = if (0..8).contains(&x) { x } else { 8 };
        assert_eq!(run_i(&m, "f", &[x]), want);
    }
}

#[test]
fn live_outs_with_exits_to_different_blocks_are_left_alone() {
    let mut m = parse(&break_with_live_out(true));
    run_passes(&mut m, &["loop-unroll"]);
    assert_eq!(loops_of(func(&m, "f")).len(), 1);
    for x in [-1, 0, 3, 7, 8, 20] {
        let want = if (0..8).contains(&x) { x + 100 } else { 8 };
        assert_eq!(run_i(&m, "f", &[x]), want);
    }
}

#[test]
fn a_search_loop_unrolls_by_its_counted_exit() {
    // `j = 6; while (j >= 0 && j * p > x) --j; return j * 100;`: the insertion sort's inner
    // loop, at most 7 iterations; the data-dependent exit stays in every copy.
    let src = "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 6
    jump block1(v2)

block1(v3: i32):
    v4 = iconst.i32 0
    v5 = icmp.sge v3, v4
    brif v5, block2, block4

block2:
    v6 = mul.i32 v3, v0
    v7 = icmp.sgt v6, v1
    brif v7, block3, block4

block3:
    v8 = iconst.i32 -1
    v9 = add.i32 v3, v8
    jump block1(v9)

block4:
    v10 = iconst.i32 100
    v11 = mul.i32 v3, v10
    return v11
}
";
    let before = parse(src);
    let mut m = before.clone();
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    assert!(loops_of(f).is_empty(), "{}", print_module(&m));
    // Each copy's `j * p` is `p` times a constant: no `j >= 0` test is left.
    assert_eq!(count_ops(f, &[Opcode::ICmp]), 7, "{}", print_module(&m));
    for p in [-3i64, 0, 1, 2, 5] {
        for x in [-20i64, -1, 0, 3, 7, 11, 40] {
            let mut j = 6i64;
            while j >= 0 && j * p > x {
                j -= 1;
            }
            assert_eq!(run_i(&before, "f", &[p, x]), 100 * j);
            assert_eq!(run_i(&m, "f", &[p, x]), 100 * j, "p = {p}, x = {x}");
        }
    }
}

#[test]
fn a_break_without_live_outs_is_kept_in_every_copy() {
    let src = "device @f(i32) -> i32 {
    ss0 = slot 4, align 4

block0(v0: i32):
    v1 = iconst.i32 0
    v20 = stackaddr ss0
    store v1, v20, align 4
    jump block1(v1)

block1(v2: i32) unroll(full):
    v3 = iconst.i32 6
    v4 = icmp.slt v2, v3
    brif v4, block2, block4

block2:
    v21 = load.i32 v20, align 4
    v22 = add.i32 v21, v2
    store v22, v20, align 4
    v5 = icmp.eq v2, v0
    brif v5, block4, block3

block3:
    v6 = iconst.i32 1
    v7 = add.i32 v2, v6
    jump block1(v7)

block4:
    v23 = load.i32 v20, align 4
    return v23
}
";
    let mut m = parse(src);
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "dce", "simplify-cfg"],
    );
    assert!(loops_of(func(&m, "f")).is_empty());
    for x in [-1, 0, 2, 5, 6, 9] {
        let last = if (0..6).contains(&x) { x } else { 5 };
        assert_eq!(run_i(&m, "f", &[x]), (0..=last).sum::<i64>());
    }
}

#[test]
fn nested_constant_loops_unroll_inner_first() {
    // for i in 0..3 { for j in 0..4 { acc = acc * 2 + i * j + x } } with pragmas on both.
    let src = "device @f(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 0
    jump block1(v1, v1)

block1(v2: i32, v3: i32) unroll(full):
    v4 = iconst.i32 3
    v5 = icmp.slt v2, v4
    brif v5, block2(v1, v3), block5

block2(v6: i32, v7: i32) unroll(full):
    v8 = iconst.i32 4
    v9 = icmp.slt v6, v8
    brif v9, block3, block4

block3:
    v10 = iconst.i32 2
    v11 = mul.i32 v7, v10
    v12 = mul.i32 v2, v6
    v13 = add.i32 v11, v12
    v14 = add.i32 v13, v0
    v15 = iconst.i32 1
    v16 = add.i32 v6, v15
    jump block2(v16, v14)

block4:
    v17 = iconst.i32 1
    v18 = add.i32 v2, v17
    jump block1(v18, v7)

block5:
    return v3
}
";
    let model = |x: i64| {
        let mut acc: i32 = 0;
        for i in 0..3 {
            for j in 0..4 {
                acc = acc
                    .wrapping_mul(2)
                    .wrapping_add(i * j)
                    .wrapping_add(x as i32);
            }
        }
        acc as i64
    };
    let mut m = parse(src);
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    assert!(loops_of(f).is_empty(), "{}", print_module(&m));
    assert_eq!(f.layout.len(), 1);
    for x in [-4, 0, 1, 1000] {
        assert_eq!(run_i(&m, "f", &[x]), model(x));
    }
}

#[test]
fn pragma_count_with_invariant_bound_gets_a_guarded_main_loop() {
    // `for (i = 0; i < n; i++)` with `n` a parameter: a main loop running four bodies per
    // guard, then the original loop for the rest.
    let src =
        sum_loop(" unroll(4)", "iconst.i32 0").replace("icmp.slt v10, v12", "icmp.slt v10, v1");
    let mut m = parse(&src);
    run_passes(
        &mut m,
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"],
    );
    let f = func(&m, "f");
    assert_eq!(loops_of(f).len(), 2, "{}", print_module(&m));
    // Four bodies in the main loop and one in the remainder.
    assert!(count_ops(f, &[Opcode::Binary]) >= 5 * 2);
    for n in [i32::MIN as i64, -5, 0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 100] {
        assert_eq!(run_i(&m, "f", &[3, n]), sum_model(3, n.max(0)), "n={n}");
    }
}
