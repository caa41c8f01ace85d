//! const-fold: every expected constant is computed here in plain Rust (wrapping integer
//! operations, IEEE `f32`/`f64`, saturating `as` casts), never taken from the pass.

use crate::common;

use common::*;
use oxicc_ir::*;

/// `f() -> ty { return op(a, b) }` with constant operands, folded; the returned constant.
fn fold_binary(op: BinaryOp, ty: Type, a: u64, b: u64) -> Option<u64> {
    let mut f = Function::new("f", sig(&[], Some(ty)), FuncKind::Device);
    let mut bd = FunctionBuilder::new(&mut f);
    let (x, y) = if ty.is_float() {
        (
            bd.ins(InstData::FConst { ty, bits: a }, Some(ty)),
            bd.ins(InstData::FConst { ty, bits: b }, Some(ty)),
        )
    } else {
        (
            bd.ins(InstData::IConst { ty, imm: a }, Some(ty)),
            bd.ins(InstData::IConst { ty, imm: b }, Some(ty)),
        )
    };
    let (x, y) = (bd.func.result(x), bd.func.result(y));
    let r = bd.binary(op, x, y);
    bd.ret(Some(r));
    oxicc_passes::const_fold::run(&mut f);
    verify(&f);
    let v = returned_value(&f)?;
    match f.insts[f.def_inst(v)?].data {
        InstData::IConst { imm, .. } => Some(imm),
        InstData::FConst { bits, .. } => Some(bits),
        _ => None,
    }
}

fn i32b(v: i32) -> u64 {
    v as u32 as u64
}

#[test]
fn integer_arithmetic_wraps_at_the_width() {
    use BinaryOp::*;
    let cases: &[(BinaryOp, i32, i32, i32)] = &[
        (Add, i32::MAX, 1, i32::MAX.wrapping_add(1)),
        (Sub, i32::MIN, 1, i32::MIN.wrapping_sub(1)),
        (Mul, 65537, 65537, 65537i32.wrapping_mul(65537)),
        (SDiv, -7, 2, -7 / 2),
        (SRem, -7, 2, -7 % 2),
        (UDiv, -7, 2, ((-7i32 as u32) / 2) as i32),
        (URem, -7, 3, ((-7i32 as u32) % 3) as i32),
        (And, 0x0ff0, 0x00ff, 0x00f0),
        (Or, 0x0ff0, 0x00ff, 0x0fff),
        (Xor, 0x0ff0, 0x00ff, 0x0f0f),
        (SMin, -3, 2, -3),
        (UMin, -3, 2, 2),
        (SMax, -3, 2, 2),
        (UMax, -3, 2, -3),
        (
            SMulHi,
            -65536,
            65536 * 4,
            ((-65536i64 * 262144) >> 32) as i32,
        ),
        (
            UMulHi,
            -1,
            -1,
            (((u32::MAX as u64) * (u32::MAX as u64)) >> 32) as i32,
        ),
    ];
    for &(op, a, b, want) in cases {
        assert_eq!(
            fold_binary(op, Type::I32, i32b(a), i32b(b)),
            Some(i32b(want)),
            "{op:?} {a} {b}"
        );
    }
}

#[test]
fn shifts_clamp_at_the_width() {
    use BinaryOp::*;
    assert_eq!(fold_binary(Shl, Type::I32, 1, 31), Some(1u64 << 31));
    assert_eq!(fold_binary(Shl, Type::I32, 1, 32), Some(0));
    assert_eq!(fold_binary(LShr, Type::I32, i32b(-1), 40), Some(0));
    assert_eq!(fold_binary(AShr, Type::I32, i32b(-8), 1), Some(i32b(-4)));
    assert_eq!(fold_binary(AShr, Type::I32, i32b(-8), 100), Some(i32b(-1)));
    assert_eq!(fold_binary(AShr, Type::I32, 8, 100), Some(0));
    assert_eq!(fold_binary(Shl, Type::I8, 0x81, 1), Some(0x02));
    assert_eq!(
        fold_binary(LShr, Type::I64, u64::MAX, 63),
        Some(1),
        "64-bit logical shift"
    );
}

#[test]
fn undefined_divisions_are_not_folded() {
    use BinaryOp::*;
    for op in [SDiv, UDiv, SRem, URem] {
        assert_eq!(fold_binary(op, Type::I32, 7, 0), None, "{op:?} by zero");
    }
    assert_eq!(fold_binary(SDiv, Type::I32, i32b(i32::MIN), i32b(-1)), None);
    assert_eq!(fold_binary(SRem, Type::I32, i32b(i32::MIN), i32b(-1)), None);
}

#[test]
fn float_folding_is_ieee_exact_and_leaves_nan() {
    use BinaryOp::*;
    let f = |x: f32| x.to_bits() as u64;
    let d = |x: f64| x.to_bits();
    assert_eq!(
        fold_binary(FAdd, Type::F32, f(0.1), f(0.2)),
        Some(f(0.1f32 + 0.2f32))
    );
    assert_eq!(
        fold_binary(FMul, Type::F64, d(1e308), d(10.0)),
        Some(d(f64::INFINITY))
    );
    assert_eq!(
        fold_binary(FDiv, Type::F32, f(1.0), f(3.0)),
        Some(f(1.0f32 / 3.0))
    );
    assert_eq!(fold_binary(FRem, Type::F64, d(-7.5), d(2.0)), Some(d(-1.5)));
    assert_eq!(
        fold_binary(FDiv, Type::F32, f(0.0), f(0.0)),
        None,
        "NaN stays"
    );
    assert_eq!(
        fold_binary(FMin, Type::F32, f(f32::NAN), f(2.0)),
        Some(f(2.0))
    );
    assert_eq!(fold_binary(FSub, Type::F32, f(0.0), f(0.0)), Some(f(0.0)));
    // Denormal result is kept (no flush to zero).
    let tiny = f32::from_bits(1);
    assert_eq!(
        fold_binary(FMul, Type::F32, f(tiny), f(1.5)),
        Some(f(tiny * 1.5))
    );
}

fn fold_cast(op: CastOp, from: Type, bits: u64, to: Type) -> Option<u64> {
    let mut f = Function::new("c", sig(&[], Some(to)), FuncKind::Device);
    let mut bd = FunctionBuilder::new(&mut f);
    let c = if from.is_float() {
        bd.ins(InstData::FConst { ty: from, bits }, Some(from))
    } else {
        bd.ins(
            InstData::IConst {
                ty: from,
                imm: bits,
            },
            Some(from),
        )
    };
    let c = bd.func.result(c);
    let r = bd.cast(op, c, to);
    bd.ret(Some(r));
    oxicc_passes::const_fold::run(&mut f);
    let v = returned_value(&f)?;
    match f.insts[f.def_inst(v)?].data {
        InstData::IConst { imm, .. } => Some(imm),
        InstData::FConst { bits, .. } => Some(bits),
        _ => None,
    }
}

#[test]
fn casts_follow_cvt_semantics() {
    let f = |x: f32| x.to_bits() as u64;
    assert_eq!(
        fold_cast(CastOp::FpToSi, Type::F32, f(3e10), Type::I32),
        Some(i32b(i32::MAX))
    );
    assert_eq!(
        fold_cast(CastOp::FpToSi, Type::F32, f(-2.7), Type::I32),
        Some(i32b(-2))
    );
    assert_eq!(
        fold_cast(CastOp::FpToSi, Type::F32, f(f32::NAN), Type::I32),
        Some(0)
    );
    assert_eq!(
        fold_cast(CastOp::FpToUi, Type::F32, f(-5.0), Type::I32),
        Some(0)
    );
    assert_eq!(
        fold_cast(CastOp::SExt, Type::I8, 0x80, Type::I32),
        Some(i32b(-128))
    );
    assert_eq!(
        fold_cast(CastOp::ZExt, Type::I8, 0x80, Type::I32),
        Some(0x80)
    );
    assert_eq!(
        fold_cast(CastOp::Trunc, Type::I32, 0x1234_5678, Type::I16),
        Some(0x5678)
    );
    assert_eq!(
        fold_cast(CastOp::SExt, Type::I1, 1, Type::I32),
        Some(i32b(-1))
    );
    assert_eq!(
        fold_cast(CastOp::SiToFp, Type::I32, i32b(16_777_217), Type::F32),
        Some(f(16_777_217i32 as f32))
    );
    assert_eq!(
        fold_cast(CastOp::FpTrunc, Type::F64, 0.1f64.to_bits(), Type::F32),
        Some(f(0.1f64 as f32))
    );
    assert_eq!(
        fold_cast(CastOp::Bitcast, Type::F32, f(1.0), Type::I32),
        Some(0x3f80_0000)
    );
}

#[test]
fn identities_forward_operands() {
    let mut m = parse(
        "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    v3 = iconst.i32 1
    v4 = add.i32 v0, v2
    v5 = mul.i32 v3, v4
    v6 = xor.i32 v5, v5
    v7 = or.i32 v5, v6
    v8 = mul.i32 v7, v2
    v9 = add.i32 v7, v8
    return v9
}
",
    );
    run_passes(&mut m, &["const-fold", "dce"]);
    let f = func(&m, "f");
    // Everything reduces to the parameter itself.
    assert_eq!(returned_value(f), Some(f.params()[0]));
    assert_eq!(f.inst_count(), 1);
}

#[test]
fn multiply_by_power_of_two_becomes_shift() {
    let mut m = parse(
        "device @f(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 8
    v2 = mul.i32 v1, v0
    v3 = iconst.i32 16
    v4 = udiv.i32 v2, v3
    return v4
}
",
    );
    run_passes(&mut m, &["const-fold", "dce"]);
    let f = func(&m, "f");
    let ops: Vec<String> = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Binary { op, .. } => Some(format!("{op:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(ops, ["Shl", "LShr"]);
    for x in [0i64, 1, 7, 1000, -5] {
        let want = ((x as i32 as u32).wrapping_mul(8) / 16) as i32 as i64;
        assert_eq!(run_i(&m, "f", &[x]), want);
    }
}

#[test]
fn constant_branch_becomes_jump_and_pipeline_returns_constant() {
    let mut m = parse(
        "device @f() -> i32 {
block0:
    v0 = iconst.i32 6
    v1 = iconst.i32 7
    v2 = mul.i32 v0, v1
    v3 = icmp.sgt v2, v0
    brif v3, block1, block2(v0)

block1:
    v4 = sub.i32 v2, v0
    jump block2(v4)

block2(v5: i32):
    return v5
}
",
    );
    run_passes(
        &mut m,
        &["const-fold", "dce", "simplify-cfg", "const-fold", "dce"],
    );
    let f = func(&m, "f");
    assert_eq!(f.layout.len(), 1);
    let v = returned_value(f).expect("returns");
    assert_eq!(iconst_of(f, v), Some(6 * 7 - 6));
}

#[test]
fn block_param_with_one_incoming_value_is_replaced() {
    let mut m = parse(
        "device @f(i32, i1) -> i32 {
block0(v0: i32, v1: i1):
    brif v1, block1(v0), block2(v0)

block1(v2: i32):
    jump block3(v2)

block2(v3: i32):
    jump block3(v3)

block3(v4: i32):
    return v4
}
",
    );
    run_passes(&mut m, &["const-fold", "const-fold", "dce"]);
    let f = func(&m, "f");
    assert_eq!(returned_value(f), Some(f.params()[0]));
    for b in &f.layout[1..] {
        assert!(f.blocks[*b].params.is_empty(), "unused params are gone");
    }
}

#[test]
fn branch_and_select_on_a_negation_swap_their_arms() {
    let mut m = parse(
        "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = icmp.slt v0, v1
    v3 = zext.i32 v2
    v4 = iconst.i32 0
    v5 = icmp.eq v3, v4
    v6 = select.i32 v5, v0, v1
    brif v5, block1, block2

block1:
    return v6

block2:
    v7 = add.i32 v6, v6
    return v7
}
",
    );
    let before = m.clone();
    run_passes(&mut m, &["const-fold", "dce"]);
    let f = func(&m, "f");
    assert_eq!(
        count_ops(f, &[Opcode::Unary, Opcode::Cast]),
        0,
        "no not, no zext left"
    );
    for (a, b) in [(1, 2), (2, 1), (-3, -3)] {
        assert_eq!(run_i(&m, "f", &[a, b]), run_i(&before, "f", &[a, b]));
    }
}

#[test]
fn constant_offsets_reassociate() {
    let mut m = parse(
        "device @f(ptr.global, i32) -> i32 {
block0(v0: ptr.global, v1: i32):
    v2 = iconst.i64 8
    v3 = ptradd.ptr.global v0, v2
    v4 = iconst.i64 4
    v5 = ptradd.ptr.global v3, v4
    v6 = load.i32 v5, align 4
    v7 = iconst.i32 3
    v8 = sub.i32 v1, v7
    v9 = iconst.i32 10
    v10 = add.i32 v8, v9
    v11 = add.i32 v10, v6
    return v11
}
",
    );
    run_passes(&mut m, &["const-fold", "dce"]);
    let f = func(&m, "f");
    let mut offsets = Vec::new();
    let mut adds = Vec::new();
    for d in insts(f) {
        match d {
            InstData::PtrAdd { offset, .. } => offsets.push(iconst_of(f, *offset)),
            InstData::Binary {
                op: BinaryOp::Add,
                rhs,
                ..
            } => adds.push(iconst_of(f, *rhs)),
            _ => {}
        }
    }
    assert_eq!(offsets, [Some(12)], "one ptradd by 8 + 4");
    assert_eq!(adds, [Some(7), None], "x - 3 + 10 is x + 7");
}

#[test]
fn boolean_selects_become_and_or() {
    let mut m = parse(
        "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    v3 = icmp.slt v0, v2
    v4 = icmp.slt v1, v2
    v5 = iconst.i1 0
    v6 = iconst.i1 1
    v7 = select.i1 v3, v4, v5
    v8 = select.i1 v3, v6, v4
    v9 = zext.i32 v7
    v10 = zext.i32 v8
    v11 = iconst.i32 2
    v12 = mul.i32 v10, v11
    v13 = add.i32 v9, v12
    return v13
}
",
    );
    run_passes(&mut m, &["const-fold", "dce"]);
    assert_eq!(count_ops(func(&m, "f"), &[Opcode::Select]), 0);
    for (a, b) in [(-1i64, -1i64), (-1, 1), (1, -1), (1, 1)] {
        let want = ((a < 0 && b < 0) as i64) + 2 * ((a < 0 || b < 0) as i64);
        assert_eq!(run_i(&m, "f", &[a, b]), want);
    }
}

#[test]
fn bool_round_trips_through_selects_fold() {
    // `(x & 1) ? 1 : 0` is `x & 1`; `(y > 0 ? 7 : 0) != 0` is `y > 0`, `== 0` its negation,
    // `(y > 0 ? 0 : 5) != 0` too.
    let src = "device @f(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 1
    v3 = iconst.i32 0
    v4 = and.i32 v0, v2
    v5 = icmp.ne v4, v3
    v6 = select.i32 v5, v2, v3
    v7 = icmp.sgt v1, v3
    v8 = iconst.i32 7
    v9 = select.i32 v7, v8, v3
    v10 = icmp.ne v9, v3
    v11 = icmp.eq v9, v3
    v12 = iconst.i32 5
    v13 = select.i32 v7, v3, v12
    v14 = icmp.ne v13, v3
    v15 = zext.i32 v10
    v16 = zext.i32 v11
    v17 = zext.i32 v14
    v18 = iconst.i32 2
    v19 = mul.i32 v15, v18
    v20 = iconst.i32 4
    v21 = mul.i32 v16, v20
    v22 = iconst.i32 8
    v23 = mul.i32 v17, v22
    v24 = add.i32 v6, v19
    v25 = add.i32 v24, v21
    v26 = add.i32 v25, v23
    return v26
}
";
    let before = parse(src);
    let mut m = before.clone();
    run_passes(&mut m, &["const-fold", "dce"]);
    assert_eq!(
        count_ops(func(&m, "f"), &[Opcode::Select]),
        0,
        "{}",
        print_module(&m)
    );
    for x in [-3i64, -2, 0, 1, 6, 7] {
        for y in [-5i64, 0, 1, 9] {
            let pos = (y > 0) as i64;
            let want = (x & 1) + 2 * pos + 4 * (1 - pos) + 8 * (1 - pos);
            assert_eq!(run_i(&before, "f", &[x, y]), want);
            assert_eq!(run_i(&m, "f", &[x, y]), want, "x = {x}, y = {y}");
        }
    }
}
