//! `ext-offsets`: constant offsets leave extended, scaled indices when the index's range
//! proves the narrow add does not overflow. Shapes are checked on the IR; values are
//! compared with plain Rust through the test interpreter.

use crate::common;

use common::*;
use oxicc_ir::*;

/// `((sext(x & 1023 + C)) << 2)` for three constants, summed; `ext` picks `sext`/`zext`,
/// `mask` the range source (`and` with 1023, or nothing: no range).
fn indices(ext: &str, mask: bool) -> String {
    let x = if mask {
        "    v1 = iconst.i32 1023\n    v2 = and.i32 v0, v1\n"
    } else {
        "    v1 = iconst.i32 1023\n    v2 = add.i32 v0, v1\n"
    };
    let mut body = String::new();
    let mut last = "v9".to_string();
    body.push_str("    v9 = iconst.i64 0\n");
    for (k, c) in [1i32, -3, 7].iter().enumerate() {
        let b = 10 + 10 * k;
        body.push_str(&format!(
            "    v{c0} = iconst.i32 {c}\n    v{a} = add.i32 v2, v{c0}\n    v{e} = {ext}.i64 v{a}\n    \
             v{k2} = iconst.i64 2\n    v{s} = shl.i64 v{e}, v{k2}\n    v{t} = add.i64 {last}, v{s}\n",
            c0 = b,
            a = b + 1,
            e = b + 2,
            k2 = b + 3,
            s = b + 4,
            t = b + 5,
        ));
        last = format!("v{}", b + 5);
    }
    format!("device @f(i32) -> i64 {{\nblock0(v0: i32):\n{x}{body}    return {last}\n}}\n")
}

fn model(ext: &str, mask: bool, x: i64) -> i64 {
    let x = x as i32;
    let v = if mask { x & 1023 } else { x.wrapping_add(1023) };
    [1i32, -3, 7]
        .iter()
        .map(|&c| {
            let a = v.wrapping_add(c);
            let e = if ext == "sext" {
                a as i64
            } else {
                a as u32 as i64
            };
            e.wrapping_shl(2)
        })
        .fold(0i64, i64::wrapping_add)
}

fn count_casts(f: &Function) -> usize {
    count_ops(f, &[Opcode::Cast])
}

#[test]
fn offsets_leave_the_extension_when_the_range_allows() {
    // `zext` of `x & 1023 - 3` may wrap below zero: only `sext` splits all three.
    for (ext, want_casts) in [("sext", 1), ("zext", 2)] {
        let mut m = parse(&indices(ext, true));
        run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
        let f = func(&m, "f");
        assert_eq!(count_casts(f), want_casts, "{ext}:\n{}", print_module(&m));
        for x in [-1i64, 0, 5, 1023, 1024, 2_000_000_000, -2_000_000_000] {
            assert_eq!(run_i(&m, "f", &[x]), model(ext, true, x), "{ext}, x = {x}");
        }
    }
}

#[test]
fn unbounded_indices_keep_their_extensions() {
    for ext in ["sext", "zext"] {
        let mut m = parse(&indices(ext, false));
        run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
        assert_eq!(count_casts(func(&m, "f")), 3, "{}", print_module(&m));
        for x in [-1i64, 0, i32::MAX as i64, i32::MIN as i64, 2_147_482_000] {
            assert_eq!(run_i(&m, "f", &[x]), model(ext, false, x), "{ext}, x = {x}");
        }
    }
}

#[test]
fn pointer_offsets_split_into_an_immediate() {
    let src = "kernel @k(ptr.global) {
block0(v0: ptr.global):
    v1 = sreg %tid.x
    v2 = iconst.i32 3
    v3 = add.i32 v1, v2
    v4 = sext.i64 v3
    v5 = iconst.i64 2
    v6 = shl.i64 v4, v5
    v7 = ptradd.ptr.global v0, v6
    v8 = load.i32 v7, align 4
    v9 = iconst.i32 4
    v10 = add.i32 v1, v9
    v11 = sext.i64 v10
    v12 = shl.i64 v11, v5
    v13 = ptradd.ptr.global v0, v12
    store v8, v13, align 4
    return
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
    let f = func(&m, "k");
    assert_eq!(count_casts(f), 1, "{}", print_module(&m));
    // One shared base `v0 + sext(tid) * 4`, then `+12` and `+16`.
    let ptradds = insts(f)
        .into_iter()
        .filter(|d| matches!(d, InstData::PtrAdd { .. }))
        .count();
    assert_eq!(ptradds, 3, "{}", print_module(&m));
}

/// `zext(x - k)` under a branch on `x >= bound`: the constant leaves the extension when the
/// bound covers `k` (either branch polarity), and stays otherwise.
#[test]
fn a_dominating_branch_proves_an_unsigned_difference() {
    // (comparison, guarded block is the true edge, k, bound, casts expected)
    let cases = [
        ("uge v0, v1", true, 4, 4, 1),
        ("ult v0, v1", false, 4, 4, 1),
        ("ugt v0, v1", true, 4, 3, 1),
        ("ule v1, v0", true, 4, 4, 1),
        ("uge v0, v1", true, 4, 3, 2),
        ("ult v0, v1", true, 4, 4, 2),
        ("sge v0, v1", true, 4, 4, 2),
    ];
    for (cmp, on_true, k, bound, want_casts) in cases {
        check_guarded(cmp, on_true, k, bound, want_casts);
    }
}

/// The same proof when the branch and the index read `%tid.x` separately (before `cse`).
#[test]
fn a_dominating_branch_on_another_read_of_the_special_register_counts() {
    let src = "kernel @k(ptr.global) {
block0(v0: ptr.global):
    v1 = sreg %tid.x
    v2 = iconst.i32 2
    v3 = icmp.uge v1, v2
    brif v3, block1, block2
block1:
    v4 = sreg %tid.x
    v5 = iconst.i32 -2
    v6 = add.i32 v4, v5
    v7 = zext.i64 v6
    v8 = iconst.i64 2
    v9 = shl.i64 v7, v8
    v10 = ptradd.ptr.global v0, v9
    v11 = load.i32 v10, align 4
    v12 = zext.i64 v4
    v13 = shl.i64 v12, v8
    v14 = ptradd.ptr.global v0, v13
    store v11, v14, align 4
    jump block2
block2:
    return
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
    assert_eq!(count_casts(func(&m, "k")), 1, "{}", print_module(&m));
}

fn check_guarded(cmp: &str, on_true: bool, k: u32, bound: u32, want_casts: usize) {
    let (t, f) = if on_true {
        ("block1", "block2")
    } else {
        ("block2", "block1")
    };
    let src = format!(
        "device @f(i32) -> i64 {{
block0(v0: i32):
    v1 = iconst.i32 {bound}
    v2 = icmp.{cmp}
    brif v2, {t}, {f}
block1:
    v3 = iconst.i32 -{k}
    v4 = add.i32 v0, v3
    v5 = zext.i64 v4
    v6 = iconst.i64 2
    v7 = shl.i64 v5, v6
    v8 = zext.i64 v0
    v9 = shl.i64 v8, v6
    v10 = add.i64 v7, v9
    return v10
block2:
    v11 = iconst.i64 0
    return v11
}}
"
    );
    let mut m = parse(&src);
    run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
    assert_eq!(
        count_casts(func(&m, "f")),
        want_casts,
        "{cmp}:\n{}",
        print_module(&m)
    );
    for x in [0u32, 1, 3, 4, 5, 1000, u32::MAX] {
        let holds = match cmp {
            "uge v0, v1" => x >= bound,
            "ult v0, v1" => x < bound,
            "ugt v0, v1" => x > bound,
            "ule v1, v0" => bound <= x,
            _ => (x as i32) >= bound as i32,
        };
        let want = if holds == on_true {
            ((x.wrapping_sub(k) as u64) << 2).wrapping_add((x as u64) << 2) as i64
        } else {
            0
        };
        assert_eq!(run_i(&m, "f", &[x as i64]), want, "{cmp}, x = {x}");
    }
}

/// `ext(b + C)` for `C` in 1, 3, 4, where `b` = `x << 2` or `x * 12` has two known zero low
/// bits: `b + 1` and `b + 3` only fill them (no carry, whatever `x`), so both leave the
/// extension and share `ext(b)`; `b + 4` may wrap and keeps its own.
fn low_bits(ext: &str, scaled: &str) -> String {
    format!(
        "device @f(i32) -> i64 {{
block0(v0: i32):
    v1 = iconst.i32 {k}
    v2 = {scaled}.i32 v0, v1
    v3 = iconst.i32 1
    v4 = add.i32 v2, v3
    v5 = {ext}.i64 v4
    v6 = iconst.i32 3
    v7 = add.i32 v2, v6
    v8 = {ext}.i64 v7
    v9 = iconst.i32 4
    v10 = add.i32 v2, v9
    v11 = {ext}.i64 v10
    v12 = iconst.i64 1000
    v13 = mul.i64 v5, v12
    v14 = add.i64 v13, v8
    v15 = mul.i64 v14, v12
    v16 = add.i64 v15, v11
    return v16
}}
",
        k = if scaled == "shl" { 2 } else { 12 },
    )
}

fn low_bits_model(ext: &str, scaled: &str, x: i64) -> i64 {
    let x = x as i32;
    let b = if scaled == "shl" {
        x.wrapping_shl(2)
    } else {
        x.wrapping_mul(12)
    };
    let e = |c: i32| {
        let a = b.wrapping_add(c);
        if ext == "sext" {
            a as i64
        } else {
            a as u32 as i64
        }
    };
    (e(1).wrapping_mul(1000).wrapping_add(e(3)))
        .wrapping_mul(1000)
        .wrapping_add(e(4))
}

#[test]
fn known_zero_low_bits_let_small_offsets_leave_the_extension() {
    for ext in ["sext", "zext"] {
        for scaled in ["shl", "mul"] {
            let mut m = parse(&low_bits(ext, scaled));
            run_passes(&mut m, &["ext-offsets", "const-fold", "cse", "dce"]);
            let f = func(&m, "f");
            // `ext(b)` shared by `+1` and `+3`, and `ext(b + 4)`.
            assert_eq!(count_casts(f), 2, "{ext} {scaled}:\n{}", print_module(&m));
            for x in [
                0i64,
                1,
                -1,
                0x1fff_ffff,
                0x3fff_ffff,
                0x4000_0000,
                i32::MAX as i64,
                i32::MIN as i64,
                -0x2000_0000,
                178_956_970,
            ] {
                assert_eq!(
                    run_i(&m, "f", &[x]),
                    low_bits_model(ext, scaled, x),
                    "{ext} {scaled}, x = {x}"
                );
            }
        }
    }
}
