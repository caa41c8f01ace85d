//! fp-contract: which multiply/add pairs become `fma` (the cases are the ones checked
//! against `nvcc -ptx -arch=sm_75` output, noted per test), and that fused results equal a
//! single-rounding `mul_add` computed in plain Rust, which differs from the two-rounding
//! result on the inputs chosen here.

use crate::common;

use common::*;
use oxicc_ir::*;

/// `a = b = 1 + 2^-12`, `c = -(1 + 2^-11)`: `a*b` rounds away its `2^-24` bit, so
/// `a*b + c` is 0 with two roundings and `2^-24` with one.
const A: f32 = 1.0 + 1.0 / 4096.0;
const C: f32 = -(1.0 + 1.0 / 2048.0);

fn bits(x: f32) -> i64 {
    x.to_bits() as i64
}

fn fmas(f: &Function) -> usize {
    count_ops(f, &[Opcode::Fma])
}

fn fmuls(f: &Function) -> usize {
    insts(f)
        .iter()
        .filter(|d| {
            matches!(
                d,
                InstData::Binary {
                    op: BinaryOp::FMul,
                    ..
                }
            )
        })
        .count()
}

fn fnegs(f: &Function) -> usize {
    insts(f)
        .iter()
        .filter(|d| {
            matches!(
                d,
                InstData::Unary {
                    op: UnaryOp::FNeg,
                    ..
                }
            )
        })
        .count()
}

fn binary_fn(body: &str) -> Module {
    parse(&format!(
        "device @f(f32, f32, f32) -> f32 {{
block0(v0: f32, v1: f32, v2: f32):
{body}
}}
"
    ))
}

#[test]
fn fadd_of_fmul_fuses_either_order() {
    for body in [
        "    v3 = fmul.f32 v0, v1\n    v4 = fadd.f32 v3, v2\n    return v4",
        "    v3 = fmul.f32 v0, v1\n    v4 = fadd.f32 v2, v3\n    return v4",
    ] {
        let mut m = binary_fn(body);
        let before = m.clone();
        run_passes(&mut m, &["fp-contract"]);
        let f = func(&m, "f");
        assert_eq!((fmas(f), fmuls(f)), (1, 0), "{body}");
        let fused = run_f32(&m, "f", &[bits(A), bits(A), bits(C)]);
        assert_eq!(fused, A.mul_add(A, C));
        assert_eq!(fused, 1.0 / 16_777_216.0);
        // The unfused function really rounds twice: the inputs tell the forms apart.
        assert_eq!(run_f32(&before, "f", &[bits(A), bits(A), bits(C)]), 0.0);
    }
}

#[test]
fn fsub_of_a_variable_stays_unfused() {
    // nvcc: `a*b - c`, `c - a*b` and `a*b - c*d` stay `mul.f32` + `sub.f32` (only additions
    // are fused, and subtractions of constants, which instcombine turns into additions).
    for body in [
        "    v3 = fmul.f32 v0, v1\n    v4 = fsub.f32 v3, v2\n    return v4",
        "    v3 = fmul.f32 v0, v1\n    v4 = fsub.f32 v2, v3\n    return v4",
        "    v3 = fmul.f32 v0, v1\n    v4 = fmul.f32 v2, v2\n    v5 = fsub.f32 v3, v4\n    return v5",
    ] {
        let mut m = binary_fn(body);
        let before = m.clone();
        run_passes(&mut m, &["fp-contract"]);
        let f = func(&m, "f");
        assert_eq!(fmas(f), 0, "{body}");
        let args = [bits(A), bits(A), bits(-C)];
        assert_eq!(run_f32(&m, "f", &args), run_f32(&before, "f", &args));
    }
    // Two roundings: a*a rounds away its 2^-24 bit, so a*a - (-c) is 0.
    let m = binary_fn("    v3 = fmul.f32 v0, v1\n    v4 = fsub.f32 v3, v2\n    return v4");
    assert_eq!(run_f32(&m, "f", &[bits(A), bits(A), bits(-C)]), 0.0);
}

#[test]
fn constant_operands_are_negated_in_place() {
    // nvcc: `a*b - 2.0f` is `fma.rn.f32 d, a, b, 0fC0000000`.
    let mut m = parse(
        "device @f(f32, f32) -> f32 {
block0(v0: f32, v1: f32):
    v2 = fmul.f32 v0, v1
    v3 = fconst.f32 2.0
    v4 = fsub.f32 v2, v3
    v5 = fconst.f32 3.0
    v6 = fmul.f32 v0, v5
    v7 = fsub.f32 v4, v6
    return v7
}
",
    );
    run_passes(&mut m, &["fp-contract", "dce"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f), fnegs(f)), (2, 0, 0));
    let consts: Vec<u64> = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::FConst { bits, .. } => Some(*bits),
            _ => None,
        })
        .collect();
    assert!(consts.contains(&((-2.0f32).to_bits() as u64)));
    assert!(consts.contains(&((-3.0f32).to_bits() as u64)));
    // (a*b - 2) - a*3 = fma(a, -3, fma(a, b, -2))
    let (a, b) = (A, 1.5f32);
    let expect = a.mul_add(-3.0, a.mul_add(b, -2.0));
    assert_eq!(run_f32(&m, "f", &[bits(a), bits(b)]), expect);
}

#[test]
fn multiply_used_only_by_adds_fuses_into_each() {
    // nvcc: m = a*b; o[0] = m + c; o[1] = m + d  ->  two fma, no mul.
    let mut m = parse(
        "device @f(f32, f32, f32, f32) -> f32 {
block0(v0: f32, v1: f32, v2: f32, v3: f32):
    v4 = fmul.f32 v0, v1
    v5 = fadd.f32 v4, v2
    v6 = fadd.f32 v4, v3
    v7 = fdiv.f32 v5, v6
    return v7
}
",
    );
    run_passes(&mut m, &["fp-contract"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f)), (2, 0));
}

#[test]
fn multiply_with_another_use_stays() {
    // nvcc: m = a*b; o[0] = m + c; o[1] = m  ->  mul and add stay.
    let mut m = parse(
        "device @f(f32, f32, f32) -> f32 {
block0(v0: f32, v1: f32, v2: f32):
    v3 = fmul.f32 v0, v1
    v4 = fadd.f32 v3, v2
    v5 = fdiv.f32 v4, v3
    return v5
}
",
    );
    assert!(!oxicc_passes::run_pass(
        oxicc_passes::find_pass("fp-contract").unwrap(),
        &mut m
    ));
    assert_eq!(fmas(func(&m, "f")), 0);
}

#[test]
fn multiply_with_five_add_uses_stays() {
    let mut body = String::from("    v3 = fmul.f32 v0, v1\n");
    let mut acc = 2;
    for k in 0..5 {
        body.push_str(&format!("    v{} = fadd.f32 v3, v{}\n", 10 + k, acc));
        acc = 10 + k;
    }
    body.push_str(&format!("    return v{acc}"));
    let mut m = binary_fn(&body);
    run_passes(&mut m, &["fp-contract"]);
    assert_eq!(fmas(func(&m, "f")), 0);
}

#[test]
fn two_products_fuse_the_first() {
    // nvcc: a*b + c*d  ->  mul.f32 t, c, d; fma.rn.f32 r, a, b, t
    let mut m = parse(
        "device @f(f32, f32, f32, f32) -> f32 {
block0(v0: f32, v1: f32, v2: f32, v3: f32):
    v4 = fmul.f32 v0, v1
    v5 = fmul.f32 v2, v3
    v6 = fadd.f32 v4, v5
    return v6
}
",
    );
    run_passes(&mut m, &["fp-contract"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f)), (1, 1));
    let ret = returned_value(f).unwrap();
    match f.insts[f.def_inst(ret).unwrap()].data {
        InstData::Fma { a, b, .. } => assert_eq!((a, b), (f.params()[0], f.params()[1])),
        ref d => panic!("expected fma, got {d:?}"),
    }
}

/// The factors of the `fma` that defines the returned value.
fn returned_fma_factors(f: &Function) -> (Value, Value) {
    let ret = returned_value(f).unwrap();
    match f.insts[f.def_inst(ret).unwrap()].data {
        InstData::Fma { a, b, .. } => (a, b),
        ref d => panic!("expected fma, got {d:?}"),
    }
}

/// `p = 1 + 2^-12` (so `p*p` rounds away its `2^-24` bit) and `q = -(1 + 2^-11)`:
/// `fma(q, 1, p*p)` is 0 but `fma(p, p, q*1)` is `2^-24`, so the pairing shows in the result.
const P: f32 = 1.0 + 1.0 / 4096.0;
const Q: f32 = -(1.0 + 1.0 / 2048.0);

#[test]
fn tie_between_two_products_follows_reassociate_ranks() {
    // nvcc, over four loads v0..v3: `v0*v3 + v1*v2` fuses `v1*v2` (Reassociate puts the
    // product of the earlier values on the left), `v1*v2 + v0*v3` fuses `v1*v2` as well.
    for (body, fused) in [
        (
            "v4 = fmul.f32 v0, v3
    v5 = fmul.f32 v1, v2
    v6 = fadd.f32 v4, v5",
            (1, 2),
        ),
        (
            "v4 = fmul.f32 v1, v2
    v5 = fmul.f32 v0, v3
    v6 = fadd.f32 v4, v5",
            (1, 2),
        ),
        (
            "v4 = fmul.f32 v2, v3
    v5 = fmul.f32 v0, v1
    v6 = fadd.f32 v4, v5",
            (0, 1),
        ),
    ] {
        let mut m = parse(&format!(
            "device @f(f32, f32, f32, f32) -> f32 {{
block0(v0: f32, v1: f32, v2: f32, v3: f32):
    {body}
    return v6
}}
"
        ));
        run_passes(&mut m, &["fp-contract"]);
        let f = func(&m, "f");
        assert_eq!((fmas(f), fmuls(f)), (1, 1), "{body}");
        let p = f.params();
        assert_eq!(returned_fma_factors(f), (p[fused.0], p[fused.1]), "{body}");
    }
    // v0 = v3 = p, v1 = q, v2 = 1: fusing v1*v2 gives q + round(p*p) = 0.
    let mut m = parse(
        "device @f(f32, f32, f32, f32) -> f32 {
block0(v0: f32, v1: f32, v2: f32, v3: f32):
    v4 = fmul.f32 v0, v3
    v5 = fmul.f32 v1, v2
    v6 = fadd.f32 v4, v5
    return v6
}
",
    );
    run_passes(&mut m, &["fp-contract"]);
    let args = [bits(P), bits(Q), bits(1.0), bits(P)];
    assert_eq!(run_f32(&m, "f", &args), Q.mul_add(1.0, P * P));
    assert_eq!(run_f32(&m, "f", &args), 0.0);
    assert_ne!(P.mul_add(P, Q * 1.0), 0.0);
}

#[test]
fn a_product_added_to_itself_is_fused_once() {
    // nvcc: `re*im + im*re` (one product after CSE) is `mul t, re, im; fma r, re, im, t`.
    let mut m = binary_fn("    v3 = fmul.f32 v0, v1\n    v4 = fadd.f32 v3, v3\n    return v4");
    run_passes(&mut m, &["fp-contract"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f)), (1, 1));
    // (Numerically the same as `t + t`: the rounding error of `t` is below half an ulp of
    // `2t`. The form is nvcc's.)
    let (a, b) = (A, 1.0 + 1.0 / 1024.0);
    assert_eq!(
        run_f32(&m, "f", &[bits(a), bits(b), 0]),
        a.mul_add(b, a * b)
    );
}

#[test]
fn use_counts_do_not_pick_the_product() {
    // nvcc: `o[0] = a*b + c*d; o[1] = a*b + e` fuses `a*b` into both and keeps `c*d` a mul,
    // although `a*b` has more uses.
    let mut m = parse(
        "device @f(f32, f32, f32, f32, f32) -> f32 {
block0(v0: f32, v1: f32, v2: f32, v3: f32, v4: f32):
    v5 = fmul.f32 v0, v1
    v6 = fmul.f32 v2, v3
    v7 = fadd.f32 v5, v6
    v8 = fadd.f32 v5, v4
    v9 = fdiv.f32 v7, v8
    return v9
}
",
    );
    run_passes(&mut m, &["fp-contract", "dce"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f)), (2, 1));
    let p = f.params();
    for d in insts(f) {
        if let InstData::Fma { a, b, .. } = d {
            assert_eq!((*a, *b), (p[0], p[1]));
        }
    }
}

#[test]
fn product_minus_scaled_product_fuses_the_left_product() {
    // nvcc: `x*y - z*3.0` is `mul t, z, -3.0; fma r, x, y, t` (the DAG turns the
    // subtraction into `x*y + z*(-3.0)` and fuses the left product).
    let mut m = parse(
        "device @f(f64, f64, f64) -> f64 {
block0(v0: f64, v1: f64, v2: f64):
    v3 = fmul.f64 v0, v1
    v4 = fconst.f64 3.0
    v5 = fmul.f64 v2, v4
    v6 = fsub.f64 v3, v5
    return v6
}
",
    );
    run_passes(&mut m, &["fp-contract", "dce"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f), fnegs(f)), (1, 1, 0));
    let p = f.params();
    assert_eq!(returned_fma_factors(f), (p[0], p[1]));
    // x = y = 1 + 2^-30, z = (1 + 2^-29) / 3 rounded: one rounding of x*y.
    let (x, z) = (1.0 + 2f64.powi(-30), (1.0 + 2f64.powi(-29)) / 3.0);
    let got = run_f64(
        &m,
        "f",
        &[x.to_bits() as i64, x.to_bits() as i64, z.to_bits() as i64],
    );
    assert_eq!(got, x.mul_add(x, z * -3.0));
    assert_ne!(got, x * x - z * 3.0);
}

#[test]
fn f64_fuses_and_f16_does_not() {
    let mut m = parse(
        "device @d(f64, f64, f64) -> f64 {
block0(v0: f64, v1: f64, v2: f64):
    v3 = fmul.f64 v0, v1
    v4 = fadd.f64 v3, v2
    return v4
}

device @h(f16, f16, f16) -> f16 {
block0(v0: f16, v1: f16, v2: f16):
    v3 = fmul.f16 v0, v1
    v4 = fadd.f16 v3, v2
    return v4
}
",
    );
    run_passes(&mut m, &["fp-contract"]);
    assert_eq!(fmas(func(&m, "d")), 1);
    assert_eq!(fmas(func(&m, "h")), 0);
    // a*a = 1 + 2^-26 + 2^-54: the last bit is rounded away unless fused.
    let a = 1.0 + 2f64.powi(-27);
    let c = -(1.0 + 2f64.powi(-26));
    let r = f64::from_bits(
        run(
            &m,
            "d",
            &[a.to_bits() as i64, a.to_bits() as i64, c.to_bits() as i64],
        )
        .unwrap(),
    );
    assert_eq!(r, a.mul_add(a, c));
    assert_eq!(r, 2f64.powi(-54));
    assert_eq!(a * a + c, 0.0);
}

const LOOP: &str = "
device @f(f32, f32, i32) -> f32 {
block0(v0: f32, v1: f32, v2: i32):
    v3 = fmul.f32 v0, v1
    v4 = iconst.i32 0
    v5 = fconst.f32 0.0
    jump block1(v4, v5)

block1(v6: i32, v7: f32):
    v8 = icmp.slt v6, v2
    brif v8, block2, block3

block2:
    v9 = fadd.f32 v7, v3
    v10 = iconst.i32 1
    v11 = add.i32 v6, v10
    jump block1(v11, v9)

block3:
    return v7
}
";

#[test]
fn hoisted_multiply_is_not_pulled_back_into_a_loop() {
    let mut m = parse(LOOP);
    run_passes(&mut m, &["fp-contract"]);
    assert_eq!(fmas(func(&m, "f")), 0);
}

#[test]
fn single_use_in_a_later_block_fuses() {
    let mut m = parse(
        "device @f(f32, f32, f32, i1) -> f32 {
block0(v0: f32, v1: f32, v2: f32, v3: i1):
    v4 = fmul.f32 v0, v1
    brif v3, block1, block2(v2)

block1:
    v5 = fadd.f32 v4, v2
    jump block2(v5)

block2(v6: f32):
    return v6
}
",
    );
    run_passes(&mut m, &["fp-contract"]);
    let f = func(&m, "f");
    assert_eq!((fmas(f), fmuls(f)), (1, 0));
    let r = run_f32(&m, "f", &[bits(A), bits(A), bits(C), 1]);
    assert_eq!(r, A.mul_add(A, C));
}

#[test]
fn pipelines_contract_saxpy() {
    for level in 1..=3 {
        let mut m = binary_fn("    v3 = fmul.f32 v0, v1\n    v4 = fadd.f32 v3, v2\n    return v4");
        run_level(&mut m, level);
        assert_eq!(fmas(func(&m, "f")), 1, "-O{level}");
    }
}

#[test]
fn fmad_false_skips_the_pass() {
    let src = "    v3 = fmul.f32 v0, v1\n    v4 = fadd.f32 v3, v2\n    return v4";
    for passes in [None, Some(vec!["fp-contract".to_string()])] {
        let mut m = binary_fn(src);
        let opts = oxicc_passes::PipelineOptions {
            opt_level: 3,
            passes,
            fmad: false,
            verify_each: true,
            ..Default::default()
        };
        oxicc_passes::run_pipeline(&mut m, &opts).expect("runs");
        assert_eq!(fmas(func(&m, "f")), 0);
        assert_eq!(
            run_f32(&m, "f", &[bits(A), bits(A), bits(C)]),
            0.0,
            "two roundings"
        );
    }
    assert!(oxicc_passes::PipelineOptions::default().fmad);
}
