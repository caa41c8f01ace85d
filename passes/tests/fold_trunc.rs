//! `const-fold`'s rule for truncated wide arithmetic (`fold_trunc`): `trunc (ext a op ext b)`
//! and `trunc (ext a op C)` computed in the narrow type. IR in, the shape out (no cast and
//! no 64-bit operation left), and the values through the test interpreter against plain
//! Rust's wrapping arithmetic and against the input IR, with the extremes among the inputs.

use crate::common;

use common::*;
use oxicc_ir::*;

const VALUES: [i32; 8] = [0, 1, -1, 1000, -7, i32::MAX, i32::MIN, 0x7654_3210];

/// `device @f(i32, i32) -> i32` computing `trunc.i32 ((ea v0) op (eb v1))`, where `ea`/`eb`
/// are `zext`/`sext` or, for `const`, the 64-bit constant `0x1_0000_0003`.
fn src(op: &str, ea: &str, eb: &str) -> String {
    let b = if eb == "const" {
        "    v3 = iconst.i64 4294967299\n".to_string()
    } else {
        format!("    v3 = {eb}.i64 v1\n")
    };
    format!(
        "device @f(i32, i32) -> i32 {{
block0(v0: i32, v1: i32):
    v2 = {ea}.i64 v0
{b}    v4 = {op}.i64 v2, v3
    v5 = trunc.i32 v4
    return v5
}}
"
    )
}

fn model(op: &str, a: i32, b: i32) -> i32 {
    match op {
        "add" => a.wrapping_add(b),
        "sub" => a.wrapping_sub(b),
        "mul" => a.wrapping_mul(b),
        "and" => a & b,
        "or" => a | b,
        "xor" => a ^ b,
        _ => unreachable!(),
    }
}

#[test]
fn truncated_wide_arithmetic_is_computed_narrow() {
    for op in ["add", "sub", "mul", "and", "or", "xor"] {
        for (ea, eb) in [
            ("zext", "sext"),
            ("sext", "zext"),
            ("zext", "const"),
            ("sext", "const"),
        ] {
            let mut m = parse(&src(op, ea, eb));
            let before: Vec<(i32, i32, i64)> = VALUES
                .iter()
                .flat_map(|&a| VALUES.iter().map(move |&b| (a, b)))
                .map(|(a, b)| (a, b, run_i(&m, "f", &[a as i64, b as i64])))
                .collect();
            run_passes(&mut m, &["const-fold", "dce"]);
            let f = func(&m, "f");
            let out = print_module(&m);
            assert_eq!(count_ops(f, &[Opcode::Cast]), 0, "{op} {ea} {eb}:\n{out}");
            assert!(
                !out.contains(".i64"),
                "{op} {ea} {eb}: still 64-bit:\n{out}"
            );
            for (a, b, was) in before {
                let bb = if eb == "const" { 3 } else { b };
                let got = run_i(&m, "f", &[a as i64, b as i64]) as i32;
                assert_eq!(got, model(op, a, bb), "{op} {ea} {eb}: {a} {b}\n{out}");
                assert_eq!(
                    got, was as i32,
                    "{op} {ea} {eb}: {a} {b} differs from the input"
                );
            }
        }
    }
}

/// Shifts and divisions read the operands' high bits: they stay 64-bit.
#[test]
fn shifts_and_divisions_stay_wide() {
    for op in ["lshr", "ashr", "udiv", "sdiv", "urem", "srem"] {
        let mut m = parse(&src(op, "zext", "sext"));
        run_passes(&mut m, &["const-fold", "dce"]);
        assert_eq!(
            count_ops(func(&m, "f"), &[Opcode::Cast]),
            3,
            "{op}:\n{}",
            print_module(&m)
        );
    }
}

/// Only `i32` results are narrowed: a `trunc.i8` of a 32-bit sum stays.
#[test]
fn narrower_results_stay() {
    let src = "device @f(i8, i8) -> i8 {
block0(v0: i8, v1: i8):
    v2 = sext.i32 v0
    v3 = zext.i32 v1
    v4 = add.i32 v2, v3
    v5 = trunc.i8 v4
    return v5
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["const-fold", "dce"]);
    let f = func(&m, "f");
    assert_eq!(count_ops(f, &[Opcode::Cast]), 3, "{}", print_module(&m));
    for (a, b) in [(0i64, 0i64), (-1, 1), (127, 1), (-128, 255)] {
        let want = (a as i8).wrapping_add(b as u8 as i8);
        assert_eq!(run_i(&m, "f", &[a, b]) as i8, want, "{a} {b}");
    }
}
