//! `loop-unroll` on loops whose induction variable is a pointer (`trip_count_ptr.rs`): the
//! range-`for` shape over a local array, `for (int* p = a; p != a + 5; ++p)`. The loop must
//! be fully unrolled so that `sroa`/`mem2reg` then remove the array; results are checked
//! against plain Rust.

use crate::common;

use common::*;
use oxicc_ir::*;

fn loops_of(f: &Function) -> LoopInfo {
    let cfg = Cfg::compute(f);
    let dom = DomTree::compute(f, &cfg);
    LoopInfo::compute(f, &cfg, &dom)
}

/// Fills `a[k] = x * (k + 1)` for five ints, then sums them through a pointer loop whose
/// end pointer is computed from a second `stackaddr` of the same slot (as `begin()` and
/// `end()` are before `cse`). `cmp` is `ne` (continue while different) or `eq` with the
/// branch targets swapped.
fn pointer_loop(cmp: &str, swapped: bool) -> String {
    let branch = if swapped {
        "brif v23, block3, block2"
    } else {
        "brif v23, block2, block3"
    };
    let mut fill = String::new();
    for k in 0..5 {
        fill.push_str(&format!(
            "    v{a} = iconst.i64 {off}\n    v{b} = ptradd.ptr.local v1, v{a}\n    \
             v{c} = iconst.i32 {m}\n    v{d} = mul.i32 v0, v{c}\n    store v{d}, v{b}, align 4\n",
            a = 100 + 4 * k,
            b = 101 + 4 * k,
            c = 102 + 4 * k,
            d = 103 + 4 * k,
            off = 4 * k,
            m = k + 1
        ));
    }
    format!(
        "device @f(i32) -> i32 {{
    ss0 = slot 20, align 4

block0(v0: i32):
    v1 = stackaddr ss0
{fill}    v2 = stackaddr ss0
    v3 = iconst.i64 20
    v4 = ptradd.ptr.local v2, v3
    v5 = iconst.i32 0
    jump block1(v1, v5)

block1(v20: ptr.local, v21: i32):
    v23 = icmp.{cmp} v20, v4
    {branch}

block2:
    v24 = load.i32 v20, align 4
    v25 = add.i32 v21, v24
    v26 = iconst.i64 4
    v27 = ptradd.ptr.local v20, v26
    jump block1(v27, v25)

block3:
    return v21
}}
"
    )
}

fn model(x: i64) -> i64 {
    (1..=5).fold(0i32, |acc, k| acc.wrapping_add((x as i32).wrapping_mul(k))) as i64
}

#[test]
fn pointer_loop_over_a_local_array_is_fully_unrolled_and_the_array_promoted() {
    for (cmp, swapped, ints) in [
        ("ne", false, false),
        ("eq", true, false),
        ("ne", false, true),
    ] {
        let mut src = pointer_loop(cmp, swapped);
        if ints {
            // As the front end compares pointers: through `ptrtoint`.
            src = src.replace(
                "    v23 = icmp.ne v20, v4",
                "    v30 = ptrtoint.i64 v20\n    v31 = ptrtoint.i64 v4\n    v23 = icmp.ne v30, v31",
            );
        }
        let mut m = parse(&src);
        for x in [-7, 0, 3, 1_000_000_007] {
            assert_eq!(run_i(&m, "f", &[x]), model(x), "before, x = {x}");
        }
        run_passes(&mut m, &["loop-unroll"]);
        assert!(loops_of(func(&m, "f")).is_empty(), "{}", print_module(&m));
        run_level(&mut m, 3);
        let f = func(&m, "f");
        assert!(loops_of(f).is_empty(), "{}", print_module(&m));
        assert_eq!(
            count_ops(f, &[Opcode::Load, Opcode::Store]),
            0,
            "{}",
            print_module(&m)
        );
        for x in [-7, 0, 3, 1_000_000_007] {
            assert_eq!(run_i(&m, "f", &[x]), model(x), "after, x = {x}");
        }
    }
}

/// A pointer loop whose end is not the start's root plus a constant, or whose step never
/// reaches the end, stays a loop (and still computes the same).
#[test]
fn pointer_loops_without_a_constant_count_are_kept() {
    // Step 8 from offset 0 never equals offset 20: the `!=` test never leaves in the
    // simulation, so the count is unknown.
    let src = pointer_loop("ne", false).replace("v26 = iconst.i64 4", "v26 = iconst.i64 8");
    let mut m = parse(&src);
    run_passes(&mut m, &["loop-unroll"]);
    assert!(!loops_of(func(&m, "f")).is_empty());
    // Another slot as the end: different roots.
    let src = pointer_loop("ne", false)
        .replace(
            "ss0 = slot 20, align 4",
            "ss0 = slot 20, align 4\n    ss1 = slot 20, align 4",
        )
        .replace("v2 = stackaddr ss0", "v2 = stackaddr ss1");
    let mut m = parse(&src);
    run_passes(&mut m, &["loop-unroll"]);
    assert!(!loops_of(func(&m, "f")).is_empty());
}
