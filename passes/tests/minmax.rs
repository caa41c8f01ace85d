//! `minmax`: integer selects of a comparison between their arms become `min`/`max`, clamps
//! with constant bounds become `max(min(x, hi), lo)`. Every comparison, operand order and
//! arm order is checked against plain Rust through the test interpreter; selects that are
//! no minimum (unrelated arms, `==`, bounds in the wrong order, floats) must stay.

use crate::common;

use common::*;
use oxicc_ir::*;

const CCS: [&str; 8] = ["slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

fn cmp(cc: &str, a: i32, b: i32) -> bool {
    let (ua, ub) = (a as u32, b as u32);
    match cc {
        "slt" => a < b,
        "sle" => a <= b,
        "sgt" => a > b,
        "sge" => a >= b,
        "ult" => ua < ub,
        "ule" => ua <= ub,
        "ugt" => ua > ub,
        _ => ua >= ub,
    }
}

const VALUES: [i32; 8] = [0, 1, -1, 7, -7, i32::MAX, i32::MIN, 1000];

fn count_selects(m: &Module) -> usize {
    count_ops(func(m, "f"), &[Opcode::Select])
}

#[test]
fn selects_between_the_compared_values_become_min_or_max() {
    for cc in CCS {
        for (l, r) in [("v0", "v1"), ("v1", "v0")] {
            for (t, f) in [("v0", "v1"), ("v1", "v0")] {
                let src = format!(
                    "device @f(i32, i32) -> i32 {{\nblock0(v0: i32, v1: i32):\n    \
                     v2 = icmp.{cc} {l}, {r}\n    v3 = select.i32 v2, {t}, {f}\n    return v3\n}}\n"
                );
                let mut m = parse(&src);
                run_passes(&mut m, &["minmax", "dce"]);
                assert_eq!(count_selects(&m), 0, "{src}\n{}", print_module(&m));
                for a in VALUES {
                    for b in VALUES {
                        let get = |n: &str| if n == "v0" { a } else { b };
                        let want = if cmp(cc, get(l), get(r)) {
                            get(t)
                        } else {
                            get(f)
                        };
                        assert_eq!(
                            run_i(&m, "f", &[a as i64, b as i64]) as i32,
                            want,
                            "{src} {a} {b}"
                        );
                    }
                }
            }
        }
    }
}

/// `x < lo ? lo : (x > hi ? hi : x)` and the other nesting, signed and unsigned, with the
/// comparison written either way round and `<=`/`>=`; bounds in the wrong order keep the
/// outer select. Each constant is written twice (compared and selected), as the front end
/// emits them before `cse`.
#[test]
fn clamps_become_min_and_max() {
    // (lo, hi, inner first on the high side, outer selects expected to remain)
    for (lo, hi, want_left) in [(-128, 127, 0), (0, 255, 0), (5, 5, 0), (10, 3, 1)] {
        for signed in [true, false] {
            for high_inside in [true, false] {
                for (inner_cc, outer_cc) in [("lt", "gt"), ("le", "ge")] {
                    let s = if signed { "s" } else { "u" };
                    // high_inside: y = x > hi ? hi : x; r = x < lo ? lo : y.
                    let (c_in, c_out, k_in, k_out) = if high_inside {
                        (format!("{s}{outer_cc}"), format!("{s}{inner_cc}"), hi, lo)
                    } else {
                        (format!("{s}{inner_cc}"), format!("{s}{outer_cc}"), lo, hi)
                    };
                    let src = format!(
                        "device @f(i32) -> i32 {{\nblock0(v0: i32):\n    v1 = iconst.i32 {k_in}\n    \
                         v7 = iconst.i32 {k_in}\n    v8 = iconst.i32 {k_out}\n    \
                         v2 = iconst.i32 {k_out}\n    v3 = icmp.{c_in} v0, v1\n    \
                         v4 = select.i32 v3, v7, v0\n    v5 = icmp.{c_out} v2, v0\n    \
                         v6 = select.i32 v5, v4, v8\n    return v6\n}}\n"
                    );
                    // Unsigned bounds must also be ordered as unsigned numbers.
                    let ordered = if signed {
                        lo <= hi
                    } else {
                        (lo as u32) <= (hi as u32)
                    };
                    let mut m = parse(&src);
                    run_passes(&mut m, &["minmax", "dce"]);
                    let expect = if ordered { 0 } else { want_left.max(1) };
                    assert_eq!(count_selects(&m), expect, "{src}\n{}", print_module(&m));
                    for x in VALUES
                        .iter()
                        .copied()
                        .chain([-128, -129, 127, 128, 255, 256, 3, 5, 10])
                    {
                        let (kin, kout) = (k_in, k_out);
                        let y = if cmp(&c_in, x, kin) { kin } else { x };
                        let want = if cmp(&c_out, kout, x) { y } else { kout };
                        assert_eq!(run_i(&m, "f", &[x as i64]) as i32, want, "{src} x = {x}");
                    }
                }
            }
        }
    }
}

#[test]
fn other_selects_stay() {
    let cases = [
        // Arms unrelated to the comparison.
        "v2 = icmp.slt v0, v1\n    v3 = select.i32 v2, v0, v4",
        // Equality says nothing about order.
        "v2 = icmp.eq v0, v1\n    v3 = select.i32 v2, v0, v1",
        "v2 = icmp.ne v0, v1\n    v3 = select.i32 v2, v1, v0",
    ];
    for body in cases {
        let src = format!(
            "device @f(i32, i32) -> i32 {{\nblock0(v0: i32, v1: i32):\n    v4 = iconst.i32 9\n    \
             {body}\n    return v3\n}}\n"
        );
        let mut m = parse(&src);
        run_passes(&mut m, &["minmax"]);
        assert_eq!(count_selects(&m), 1, "{body}");
    }
    let float = "device @f(f32, f32) -> f32 {
block0(v0: f32, v1: f32):
    v2 = fcmp.olt v0, v1
    v3 = select.f32 v2, v0, v1
    return v3
}
";
    let mut m = parse(float);
    run_passes(&mut m, &["minmax"]);
    assert_eq!(count_selects(&m), 1);
}
