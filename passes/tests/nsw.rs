//! The `nsw` flag of `add`/`sub`/`mul` (C's signed arithmetic, whose overflow is undefined):
//! its text form, the verifier's rule, the passes that keep it only where the rewritten
//! operation cannot wrap either (`const-fold`), never merge a wrapping operation into a
//! flagged one (`cse`), and the one that uses it as proof (`ext-offsets`). Shapes are
//! checked on the IR; values against plain Rust through the test interpreter, over inputs
//! where the flagged operations do not overflow.

use crate::common;

use common::*;
use oxicc_ir::*;

/// The flags of the `add`/`sub`/`mul` instructions of `f`, in layout order.
fn arith(f: &Function) -> Vec<(BinaryOp, bool)> {
    insts(f)
        .into_iter()
        .filter_map(|d| match *d {
            InstData::Binary { op, nsw, .. }
                if matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) =>
            {
                Some((op, nsw))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_flag_round_trips_through_text() {
    let src = "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = add.nsw.i32 v0, v1
    v3 = mul.nsw.i32 v2, v1
    v4 = sub.i32 v3, v0
    return v4
}
";
    let m = parse(src);
    assert_eq!(
        arith(func(&m, "f")),
        [
            (BinaryOp::Add, true),
            (BinaryOp::Mul, true),
            (BinaryOp::Sub, false)
        ]
    );
    assert_eq!(print_module(&m), src);
}

#[test]
fn the_verifier_allows_the_flag_only_on_add_sub_mul() {
    let src = "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = and.nsw.i32 v0, v1
    return v2
}
";
    let m = parse_module(src).expect("parses");
    let err = verify_module(&m).expect_err("and.nsw is invalid");
    assert!(format!("{err:?}").contains("cannot be nsw"), "{err:?}");
}

/// `x - c` becomes `x + (-c)`, flagged unless `-c` wraps; `(x + c1) + c2` becomes
/// `x + (c1 + c2)`, flagged only when both adds were and `c1 + c2` fits.
#[test]
fn const_fold_keeps_the_flag_only_where_the_new_operation_cannot_wrap() {
    let cases: [(&str, &str, bool); 6] = [
        ("v2 = sub.nsw.i32 v0, v1", "3", true),
        ("v2 = sub.nsw.i32 v0, v1", "-2147483648", false),
        ("v2 = sub.i32 v0, v1", "3", false),
        (
            "v3 = add.nsw.i32 v0, v1\n    v2 = add.nsw.i32 v3, v1",
            "5",
            true,
        ),
        (
            "v3 = add.nsw.i32 v0, v1\n    v2 = add.nsw.i32 v3, v1",
            "2147483000",
            false,
        ),
        (
            "v3 = add.i32 v0, v1\n    v2 = add.nsw.i32 v3, v1",
            "5",
            false,
        ),
    ];
    for (body, c, want) in cases {
        let src = format!(
            "device @f(i32) -> i32 {{\nblock0(v0: i32):\n    v1 = iconst.i32 {c}\n    \
             {body}\n    return v2\n}}\n"
        );
        let mut m = parse(&src);
        let before = m.clone();
        run_passes(&mut m, &["const-fold", "dce"]);
        let f = func(&m, "f");
        assert_eq!(
            arith(f),
            [(BinaryOp::Add, want)],
            "{body} / {c}:\n{}",
            print_module(&m)
        );
        // Values where the original flagged operations do not overflow.
        let c: i64 = c.parse().unwrap();
        for x in [0i64, 1, -7, 1000, -1_000_000] {
            let ok = match (body.contains("sub"), body.contains("v3")) {
                (true, _) => (x as i32).checked_sub(c as i32).is_some(),
                (false, _) => (x as i32)
                    .checked_add(c as i32)
                    .and_then(|y| y.checked_add(c as i32))
                    .is_some(),
            };
            if !ok {
                continue;
            }
            let want = if body.contains("sub") {
                (x as i32).wrapping_sub(c as i32)
            } else {
                (x as i32).wrapping_add(c as i32).wrapping_add(c as i32)
            };
            assert_eq!(run_i(&m, "f", &[x]) as i32, want, "{body} / {c}, x = {x}");
            assert_eq!(run_i(&before, "f", &[x]) as i32, want);
        }
    }
}

#[test]
fn cse_never_replaces_a_wrapping_add_by_a_flagged_one() {
    let src = "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = add.nsw.i32 v0, v1
    v3 = add.i32 v0, v1
    v4 = add.nsw.i32 v1, v0
    v5 = xor.i32 v2, v3
    v6 = xor.i32 v5, v4
    return v6
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["cse", "dce"]);
    // The two flagged adds (commuted) merge; the wrapping one stays.
    assert_eq!(
        arith(func(&m, "f")),
        [(BinaryOp::Add, true), (BinaryOp::Add, false)],
        "{}",
        print_module(&m)
    );
    for (a, b) in [(1i64, 2i64), (-5, 3), (100_000, 70_000)] {
        let s = (a as i32).wrapping_add(b as i32);
        assert_eq!(run_i(&m, "f", &[a, b]) as i32, s);
    }
}

/// `sext(x + c)` for a flagged add of an unbounded `x`: the constant leaves the extension
/// (one `sext` left for three indices); without the flag nothing moves.
#[test]
fn ext_offsets_takes_the_flag_as_proof() {
    for (flag, want_casts) in [(".nsw", 1), ("", 3)] {
        let mut body = String::from("    v9 = iconst.i64 0\n");
        let mut last = "v9".to_string();
        for (k, c) in [1i32, -3, 7].iter().enumerate() {
            let b = 10 + 10 * k;
            body.push_str(&format!(
                "    v{c0} = iconst.i32 {c}\n    v{a} = add{flag}.i32 v0, v{c0}\n    \
                 v{e} = sext.i64 v{a}\n    v{k2} = iconst.i64 2\n    v{s} = shl.i64 v{e}, v{k2}\n    \
                 v{t} = add.i64 {last}, v{s}\n",
                c0 = b,
                a = b + 1,
                e = b + 2,
                k2 = b + 3,
                s = b + 4,
                t = b + 5,
            ));
            last = format!("v{}", b + 5);
        }
        let src =
            format!("device @f(i32) -> i64 {{\nblock0(v0: i32):\n{body}    return {last}\n}}\n");
        let mut m = parse(&src);
        run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
        let f = func(&m, "f");
        assert_eq!(
            count_ops(f, &[Opcode::Cast]),
            want_casts,
            "{flag}:\n{}",
            print_module(&m)
        );
        // Exact (non-overflowing) inputs: the sum of `4 * (x + c)` in 64 bits.
        for x in [
            0i64,
            -1,
            5,
            2_000_000_000,
            -2_000_000_000,
            i32::MIN as i64 + 3,
        ] {
            let want: i64 = [1i64, -3, 7].iter().map(|c| 4 * (x + c)).sum();
            assert_eq!(run_i(&m, "f", &[x]), want, "{flag}, x = {x}");
        }
    }
}

/// `sext(a + i)` and `sext(a + (i + c))` for three constants, all adds `nsw`
/// (`A[row * k + i]` unrolled by 4): one shared `sext(a) + sext(i)`, the constants as
/// offsets; without the flags each index keeps its own extension. Each copy may compute
/// its own `a = 3 * x` (the unrolled copies do, before `cse`).
#[test]
fn ext_offsets_splits_a_sum_of_flagged_adds() {
    for recompute in [false, true] {
        for (flag, want_casts) in [(".nsw", 2), ("", 4)] {
            check_sum_of_flagged_adds(recompute, flag, want_casts);
        }
    }
}

fn check_sum_of_flagged_adds(recompute: bool, flag: &str, want_casts: usize) {
    // `a` of copy `n`: `v0` itself, or a fresh `3 * v0`.
    let a_of = |n: usize| -> (String, String) {
        if recompute {
            (
                format!(
                    "    v{k} = iconst.i32 3\n    v{m} = mul{flag}.i32 v0, v{k}\n",
                    k = 100 + 2 * n,
                    m = 101 + 2 * n
                ),
                format!("v{}", 101 + 2 * n),
            )
        } else {
            (String::new(), "v0".to_string())
        }
    };
    let (def, a) = a_of(0);
    let mut body = format!(
        "{def}    v2 = add{flag}.i32 {a}, v1\n    v3 = sext.i64 v2\n    v4 = iconst.i64 3\n    \
         v9 = shl.i64 v3, v4\n"
    );
    let mut last = "v9".to_string();
    for (k, c) in [1i32, 2, -3].iter().enumerate() {
        let b = 10 + 10 * k;
        let (def, a) = a_of(k + 1);
        body.push_str(&def);
        body.push_str(&format!(
            "    v{c0} = iconst.i32 {c}\n    v{i} = add{flag}.i32 v1, v{c0}\n    \
             v{s0} = add{flag}.i32 {a}, v{i}\n    v{e} = sext.i64 v{s0}\n    \
             v{k2} = iconst.i64 3\n    v{s} = shl.i64 v{e}, v{k2}\n    \
             v{t} = add.i64 {last}, v{s}\n",
            c0 = b,
            i = b + 1,
            s0 = b + 2,
            e = b + 3,
            k2 = b + 4,
            s = b + 5,
            t = b + 6,
        ));
        last = format!("v{}", b + 6);
    }
    let src = format!(
        "device @f(i32, i32) -> i64 {{\nblock0(v0: i32, v1: i32):\n{body}    return {last}\n}}\n"
    );
    let mut m = parse(&src);
    run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
    let f = func(&m, "f");
    assert_eq!(
        count_ops(f, &[Opcode::Cast]),
        want_casts,
        "{flag}:\n{}",
        print_module(&m)
    );
    let scale = if recompute { 3 } else { 1 };
    for (x, i) in [
        (0i64, 0i64),
        (1000, -7),
        (-600_000_000, 5),
        (600_000_000, 100_000_000),
    ] {
        let want: i64 = [0i64, 1, 2, -3]
            .iter()
            .map(|c| 8 * (scale * x + i + c))
            .sum();
        assert_eq!(run_i(&m, "f", &[x, i]), want, "{flag}, x = {x}, i = {i}");
    }
}
