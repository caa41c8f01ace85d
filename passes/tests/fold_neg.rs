//! `const-fold`'s negation rules (`fold_neg`): IR in, the shape out (no `neg` left, one
//! `add`/`sub` or none), and the values through the test interpreter against plain Rust's
//! wrapping arithmetic, with the type's extremes among the inputs.

use crate::common;

use common::*;
use oxicc_ir::*;

/// The expected result of the two inputs.
type Want<'a> = &'a dyn Fn(i32, i32) -> i32;

const VALUES: [i32; 7] = [0, 1, -1, 1000, -7, i32::MAX, i32::MIN];

/// Runs `const-fold, dce` over `device @f(i32, i32) -> i32` with `body`, checks the
/// opcodes left and the results against `want` for every pair of inputs.
fn check(body: &str, left: &[(Opcode, usize)], want: impl Fn(i32, i32) -> i32) {
    let src = format!("device @f(i32, i32) -> i32 {{\nblock0(v0: i32, v1: i32):\n{body}}}\n");
    let mut m = parse(&src);
    let before: Vec<(i32, i32, i64)> = VALUES
        .iter()
        .flat_map(|&a| VALUES.iter().map(move |&b| (a, b)))
        .map(|(a, b)| (a, b, run_i(&m, "f", &[a as i64, b as i64])))
        .collect();
    run_passes(&mut m, &["const-fold", "dce"]);
    let out = print_module(&m);
    for &(op, n) in left {
        assert_eq!(count_ops(func(&m, "f"), &[op]), n, "{op:?} in\n{out}");
    }
    for (a, b, was) in before {
        let got = run_i(&m, "f", &[a as i64, b as i64]) as i32;
        assert_eq!(got, want(a, b), "{a} {b}\n{out}");
        assert_eq!(got, was as i32, "{a} {b}: differs from the input IR");
    }
}

#[test]
fn adding_a_negation_becomes_a_subtraction() {
    for body in [
        "    v2 = neg.i32 v1\n    v3 = add.nsw.i32 v0, v2\n    return v3\n",
        "    v2 = neg.i32 v1\n    v3 = add.nsw.i32 v2, v0\n    return v3\n",
        "    v4 = iconst.i32 0\n    v2 = sub.i32 v4, v1\n    v3 = add.i32 v0, v2\n    return v3\n",
    ] {
        check(
            body,
            &[(Opcode::Unary, 0), (Opcode::Binary, 1)],
            i32::wrapping_sub,
        );
    }
}

#[test]
fn subtracting_a_negation_becomes_an_addition() {
    check(
        "    v2 = neg.i32 v1\n    v3 = sub.nsw.i32 v0, v2\n    return v3\n",
        &[(Opcode::Unary, 0), (Opcode::Binary, 1)],
        i32::wrapping_add,
    );
}

#[test]
fn cancelling_sums_forward_the_other_operand() {
    let first = |a: i32, _: i32| a;
    let second = |_: i32, b: i32| b;
    let cases: [(&str, Want); 4] = [
        (
            "    v2 = add.nsw.i32 v0, v1\n    v3 = sub.i32 v2, v0\n    return v3\n",
            &second,
        ),
        (
            "    v2 = add.i32 v0, v1\n    v3 = sub.nsw.i32 v2, v1\n    return v3\n",
            &first,
        ),
        (
            "    v2 = sub.i32 v1, v0\n    v3 = add.i32 v0, v2\n    return v3\n",
            &second,
        ),
        (
            "    v2 = sub.i32 v1, v0\n    v3 = add.i32 v2, v0\n    return v3\n",
            &second,
        ),
    ];
    for (body, want) in cases {
        check(body, &[(Opcode::Binary, 0)], want);
    }
}

#[test]
fn a_copy_plus_a_moved_from_negation_is_the_constant() {
    // The shape of `lambda_init_capture`: `(a + 2000) + (-a)`.
    check(
        "    v2 = iconst.i32 2000\n    v3 = add.nsw.i32 v0, v2\n    v4 = neg.i32 v0\n    \
         v5 = add.nsw.i32 v3, v4\n    return v5\n",
        &[(Opcode::Unary, 0), (Opcode::Binary, 0)],
        |_, _| 2000,
    );
}

#[test]
fn unrelated_operands_stay() {
    // `y + (y - x)` is no rule's shape: both instructions stay (`v2 - v2` folds to 0 and
    // goes with `v2`).
    check(
        "    v2 = add.i32 v0, v1\n    v3 = sub.i32 v2, v2\n    v4 = sub.i32 v1, v0\n    \
         v5 = add.i32 v1, v4\n    return v5\n",
        &[(Opcode::Binary, 2)],
        |a, b| b.wrapping_add(b.wrapping_sub(a)),
    );
}
