//! Edge cases: float comparisons (run in `oxicc-emu`), boolean block parameters,
//! half-precision values, widening multiply-add, unreachable code, and the errors the
//! backend reports instead of emitting bad PTX.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_backend::{emit_ptx, supported_sms, TargetOptions};
use oxicc_ir::*;

fn finish(f: Function) -> Module {
    let mut m = Module::new();
    m.add_function(f);
    m
}

#[test]
fn float_comparisons() {
    use FloatCC::*;
    let ccs = [
        Oeq, One, Olt, Ole, Ogt, Oge, Ord, Ueq, Une, Ult, Ule, Ugt, Uge, Uno,
    ];
    let mut f = kernel("fcmp", &vec![G; 2 + ccs.len()]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let pa = elem(&mut b, p[0], tid, 8);
    let x = b.load(Type::F64, pa, MemFlags::aligned(8));
    let pb = elem(&mut b, p[1], tid, 8);
    let y = b.load(Type::F64, pb, MemFlags::aligned(8));
    for (k, &cc) in ccs.iter().enumerate() {
        let c = b.fcmp(cc, x, y);
        let o = elem(&mut b, p[2 + k], tid, 1);
        b.store(o, c, MemFlags::aligned(1));
    }
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "fcmp");
    let vals = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        2.5,
        f64::NEG_INFINITY,
    ];
    let lanes = vals.len() * vals.len();
    let xs: Vec<u64> = (0..lanes).map(|k| vals[k / vals.len()].to_bits()).collect();
    let ys: Vec<u64> = (0..lanes).map(|k| vals[k % vals.len()].to_bits()).collect();
    let mut args = vec![
        Arg::Buf(Buf {
            name: "x",
            bytes: 8,
            data: xs.clone(),
        }),
        Arg::Buf(Buf {
            name: "y",
            bytes: 8,
            data: ys.clone(),
        }),
    ];
    const NAMES: [&str; 14] = [
        "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13",
    ];
    for name in NAMES {
        args.push(Arg::Buf(Buf {
            name,
            bytes: 1,
            data: vec![0; lanes],
        }));
    }
    let out = run(&ptx, "fcmp", lanes as u32, &args);
    for lane in 0..lanes {
        let (a, c) = (f64::from_bits(xs[lane]), f64::from_bits(ys[lane]));
        let uno = a.is_nan() || c.is_nan();
        let want = [
            a == c,
            !uno && a != c,
            a < c,
            a <= c,
            a > c,
            a >= c,
            !uno,
            uno || a == c,
            a != c,
            uno || a < c,
            uno || a <= c,
            uno || a > c,
            uno || a >= c,
            uno,
        ];
        for k in 0..ccs.len() {
            assert_eq!(out[2 + k][lane], want[k] as u64, "{:?} {a} {c}", ccs[k]);
        }
    }
}

/// A loop whose flag is a block parameter of type `i1`, fed by constants and comparisons,
/// with a branch on it: predicate copies and `mov.pred` of immediates.
#[test]
fn boolean_block_parameters() {
    let mut f = kernel("flags", &[G, Type::I32]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let lp = b.create_block();
    let i = b.append_block_param(lp, Type::I32);
    let flag = b.append_block_param(lp, Type::I1);
    let count = b.append_block_param(lp, Type::I32);
    let exit = b.create_block();
    let zero = b.iconst(Type::I32, 0);
    let t = b.iconst(Type::I1, 1);
    b.jump(lp, vec![zero, t, zero]);
    b.switch_to_block(lp);
    let one = b.iconst(Type::I32, 1);
    let inc = b.cast(CastOp::ZExt, flag, Type::I32);
    let count2 = b.binary(BinaryOp::Add, count, inc);
    let i2 = b.binary(BinaryOp::Add, i, one);
    let three = b.iconst(Type::I32, 3);
    let r = b.binary(BinaryOp::URem, i2, three);
    let nf = b.icmp(IntCC::Eq, r, zero);
    let flag2 = b.binary(BinaryOp::Xor, nf, flag);
    let c = b.icmp(IntCC::Slt, i2, p[1]);
    b.branch(
        c,
        BlockCall::new(lp, vec![i2, flag2, count2]),
        BlockCall::plain(exit),
    );
    b.switch_to_block(exit);
    b.store(p[0], count2, MemFlags::aligned(4));
    let o = offset(&mut b, p[0], 4);
    b.store(o, flag2, MemFlags::aligned(1));
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "flags");
    assert!(ptx.contains("mov.pred"), "{ptx}");
    for n in [1u32, 4, 10] {
        let out = run(
            &ptx,
            "flags",
            1,
            &[
                Arg::Buf(Buf {
                    name: "o",
                    bytes: 4,
                    data: vec![0, 0],
                }),
                Arg::Scalar("s32", n.to_string()),
            ],
        );
        // Plain Rust version of the loop.
        let (mut i, mut flag, mut count) = (0u32, true, 0u32);
        loop {
            count += flag as u32;
            i += 1;
            flag ^= i % 3 == 0;
            if i >= n {
                break;
            }
        }
        assert_eq!(out[0], vec![count as u64, flag as u64], "n = {n}");
    }
    insta::assert_snapshot!(ptx);
}

#[test]
fn half_precision_values() {
    let mut f = kernel("half", &[G, Type::F16]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let x = b.load(Type::F16, p[0], MemFlags::aligned(2));
    let s = b.binary(BinaryOp::FAdd, x, p[1]);
    let m = b.binary(BinaryOp::FMul, s, x);
    let r = b.fma(m, x, s);
    let w = b.cast(CastOp::FpExt, r, Type::F32);
    let two = b.f32const(2.0);
    let w2 = b.binary(BinaryOp::FMul, w, two);
    let h = b.cast(CastOp::FpTrunc, w2, Type::F16);
    let n = b.unary(UnaryOp::FNeg, h);
    b.store(p[0], n, MemFlags::aligned(2));
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "half");
    assert!(ptx.contains("add.rn.f16"), "{ptx}");
    assert!(ptx.contains("cvt.rn.f16.f32"), "{ptx}");
    // f16 2.0 + 1.5 (0x3E00) = 3.5; 3.5 * 2 = 7; fma(7, 2, 3.5) = 17.5; * 2 = 35; negated.
    let out = run(
        &ptx,
        "half",
        1,
        &[
            Arg::Buf(Buf {
                name: "x",
                bytes: 2,
                data: vec![0x4000],
            }),
            Arg::Scalar("u16", "15872".into()),
        ],
    );
    assert_eq!(out[0][0], 0xD060, "-35.0 in binary16");
}

/// `c + sext(a) * sext(b)` becomes one `mad.wide.s32`; with `zext`, `mad.wide.u32`.
#[test]
fn widening_multiply_add() {
    let mut f = kernel("madwide", &[G, Type::I32, Type::I32, Type::I64]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let a = b.cast(CastOp::SExt, p[1], Type::I64);
    let c = b.cast(CastOp::SExt, p[2], Type::I64);
    let m = b.binary(BinaryOp::Mul, a, c);
    let s = b.binary(BinaryOp::Add, p[3], m);
    b.store(p[0], s, MemFlags::aligned(8));
    let az = b.cast(CastOp::ZExt, p[1], Type::I64);
    let k = b.iconst(Type::I64, 3_000_000_000);
    let mz = b.binary(BinaryOp::Mul, az, k);
    let sz = b.binary(BinaryOp::Add, mz, p[3]);
    let o = offset(&mut b, p[0], 8);
    b.store(o, sz, MemFlags::aligned(8));
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "madwide");
    assert!(ptx.contains("mad.wide.s32"), "{ptx}");
    assert!(ptx.contains("mad.wide.u32"), "{ptx}");
    let xs = random_bits(77, 2);
    let (x, y) = (xs[0] as u32 as i32, xs[1] as u32 as i32);
    let out = run(
        &ptx,
        "madwide",
        1,
        &[
            Arg::Buf(Buf {
                name: "o",
                bytes: 8,
                data: vec![0, 0],
            }),
            Arg::Scalar("s32", x.to_string()),
            Arg::Scalar("s32", y.to_string()),
            Arg::Scalar("s64", "-12345".into()),
        ],
    );
    assert_eq!(out[0][0] as i64, -12345 + x as i64 * y as i64);
    assert_eq!(
        out[0][1] as i64,
        (x as u32 as i64)
            .wrapping_mul(3_000_000_000)
            .wrapping_sub(12345)
    );
}

#[test]
fn unreachable_becomes_trap() {
    let mut f = kernel("unr", &[G, Type::I32]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let bad = b.create_block();
    let ok = b.create_block();
    let z = b.iconst(Type::I32, 0);
    let c = b.icmp(IntCC::Eq, p[1], z);
    b.branch(c, BlockCall::plain(bad), BlockCall::plain(ok));
    b.switch_to_block(bad);
    b.unreachable();
    b.switch_to_block(ok);
    b.store(p[0], p[1], MemFlags::aligned(4));
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "unreachable");
    assert!(ptx.contains("\ttrap;"), "{ptx}");
}

#[test]
fn unsupported_targets_and_types_are_errors() {
    assert_eq!(supported_sms(), &[75, 80, 86, 89, 90, 100, 120]);
    let mut f = kernel("k", &[G]);
    {
        let mut b = FunctionBuilder::new(&mut f);
        b.ret(None);
    }
    let m = finish(f);
    let e = emit_ptx(
        &m,
        &TargetOptions {
            sm: 70,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("sm_70"), "{e}");
    let e = emit_ptx(
        &m,
        &TargetOptions {
            sm: 90,
            ptx_version: Some((7, 0)),
            ftz: false,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("7.8"), "{e}");
    let ok = emit_ptx(
        &m,
        &TargetOptions {
            sm: 90,
            ptx_version: Some((9, 5)),
            ftz: false,
        },
    )
    .unwrap();
    assert!(ok.contains(".version 9.5\n.target sm_90\n"), "{ok}");
    common::assemble(&ok, 90, "version_override");
    for sm in supported_sms() {
        let ptx = emit_ptx(
            &m,
            &TargetOptions {
                sm: *sm,
                ptx_version: None,
                ftz: false,
            },
        )
        .unwrap();
        common::assemble(&ptx, *sm, "empty_kernel");
    }

    let mut f = kernel("wide", &[G]);
    let p = f.params().to_vec();
    {
        let mut b = FunctionBuilder::new(&mut f);
        let x = b.load(Type::I128, p[0], MemFlags::aligned(16));
        b.store(p[0], x, MemFlags::aligned(16));
        b.ret(None);
    }
    let e = emit_ptx(
        &finish(f),
        &TargetOptions {
            sm: 80,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("128-bit"), "{e}");

    // bf16 arithmetic is native on sm_90 and goes through f32 before.
    let mut f = kernel("bf", &[G]);
    let p = f.params().to_vec();
    {
        let mut b = FunctionBuilder::new(&mut f);
        let x = b.load(Type::BF16, p[0], MemFlags::aligned(2));
        let y = b.binary(BinaryOp::FAdd, x, x);
        b.store(p[0], y, MemFlags::aligned(2));
        b.ret(None);
    }
    let m = finish(f);
    let ptx = emit_ptx(
        &m,
        &TargetOptions {
            sm: 80,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap();
    assert!(ptx.contains("add.rn.f32"), "{ptx}");
    common::assemble(&ptx, 80, "bf16");
    let ptx = emit_ptx(
        &m,
        &TargetOptions {
            sm: 90,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap();
    assert!(ptx.contains("add.rn.bf16"), "{ptx}");
    common::assemble(&ptx, 90, "bf16");

    // Rounding f64 to bf16 before sm_90 would round twice: an error.
    let mut f = kernel("bf2", &[G, Type::F64]);
    let p = f.params().to_vec();
    {
        let mut b = FunctionBuilder::new(&mut f);
        let h = b.cast(CastOp::FpTrunc, p[1], Type::BF16);
        b.store(p[0], h, MemFlags::aligned(2));
        b.ret(None);
    }
    let m = finish(f);
    let e = emit_ptx(
        &m,
        &TargetOptions {
            sm: 80,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("sm_90"), "{e}");
    let ptx = emit_ptx(
        &m,
        &TargetOptions {
            sm: 90,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap();
    common::assemble(&ptx, 90, "bf16_from_f64");
}

/// Self and mutual recursion: callees are emitted first where possible, and a prototype
/// declares a function called before its definition.
#[test]
fn recursion_and_prototypes() {
    let mut m = Module::new();
    let i32p = [ParamKind::Value(Type::I32)];
    let even = m.add_function(device("_Z4eveni", &i32p, Some(Type::I32)));
    let odd = m.add_function(device("_Z3oddi", &i32p, Some(Type::I32)));
    let fact = m.add_function(device("_Z4facti", &i32p, Some(Type::I32)));
    // even(n) = n == 0 ? 1 : odd(n - 1);  odd(n) = n == 0 ? 0 : even(n - 1)
    for (id, other, base) in [(even, odd, 1), (odd, even, 0)] {
        let f = &mut m.functions[id];
        let n = f.params()[0];
        let mut b = FunctionBuilder::new(f);
        let done = b.create_block();
        let rec = b.create_block();
        let z = b.iconst(Type::I32, 0);
        let c = b.icmp(IntCC::Eq, n, z);
        b.branch(c, BlockCall::plain(done), BlockCall::plain(rec));
        b.switch_to_block(done);
        let r = b.iconst(Type::I32, base);
        b.ret(Some(r));
        b.switch_to_block(rec);
        let one = b.iconst(Type::I32, 1);
        let n1 = b.binary(BinaryOp::Sub, n, one);
        let r = b.call(other, vec![n1], Some(Type::I32)).unwrap();
        b.ret(Some(r));
    }
    {
        // fact(n) = n <= 1 ? 1 : n * fact(n - 1)
        let f = &mut m.functions[fact];
        let n = f.params()[0];
        let mut b = FunctionBuilder::new(f);
        let done = b.create_block();
        let rec = b.create_block();
        let one = b.iconst(Type::I32, 1);
        let c = b.icmp(IntCC::Sle, n, one);
        b.branch(c, BlockCall::plain(done), BlockCall::plain(rec));
        b.switch_to_block(done);
        b.ret(Some(one));
        b.switch_to_block(rec);
        let n1 = b.binary(BinaryOp::Sub, n, one);
        let r = b.call(fact, vec![n1], Some(Type::I32)).unwrap();
        let p = b.binary(BinaryOp::Mul, n, r);
        b.ret(Some(p));
    }
    let mut k = kernel("rec", &[G, Type::I32]);
    let p = k.params().to_vec();
    {
        let mut b = FunctionBuilder::new(&mut k);
        let e = b.call(even, vec![p[1]], Some(Type::I32)).unwrap();
        b.store(p[0], e, MemFlags::aligned(4));
        let f = b.call(fact, vec![p[1]], Some(Type::I32)).unwrap();
        let o = offset(&mut b, p[0], 4);
        b.store(o, f, MemFlags::aligned(4));
        b.ret(None);
    }
    m.add_function(k);
    let ptx = compile_and_assemble(&m, "recursion");
    // odd is emitted before even (its caller), so even needs a prototype.
    assert!(
        ptx.contains(
            ".func  (.param .b32 func_retval0) _Z4eveni\n(\n\t.param .b32 _Z4eveni_param_0\n)\n;"
        ),
        "{ptx}"
    );
    for n in [0u32, 5, 6] {
        let out = run(
            &ptx,
            "rec",
            1,
            &[
                Arg::Buf(Buf {
                    name: "o",
                    bytes: 4,
                    data: vec![0, 0],
                }),
                Arg::Scalar("s32", n.to_string()),
            ],
        );
        let fact: u64 = (1..=n as u64).product();
        assert_eq!(out[0], vec![(n % 2 == 0) as u64, fact], "n = {n}");
    }
}

/// A block laid out before the block that dominates it: selection must not depend on the
/// layout following dominance.
#[test]
fn layout_not_in_dominance_order() {
    let mut f = kernel("order", &[G, Type::I32]);
    let p = f.params().to_vec();
    let late = f.create_block();
    let early = f.create_block();
    {
        let mut b = FunctionBuilder::new(&mut f);
        b.jump(late, vec![]);
        // `early` is laid out second but runs last; it uses a value defined in `late`.
        b.switch_to_block(early);
    }
    let x;
    {
        let mut b = FunctionBuilder::new(&mut f);
        b.switch_to_block(late);
        let three = b.iconst(Type::I32, 3);
        x = b.binary(BinaryOp::Mul, p[1], three);
        b.jump(early, vec![]);
        b.switch_to_block(early);
        let one = b.iconst(Type::I32, 1);
        let y = b.binary(BinaryOp::Add, x, one);
        b.store(p[0], y, MemFlags::aligned(4));
        b.ret(None);
    }
    assert_eq!(f.layout[1], early);
    let ptx = compile_and_assemble(&finish(f), "order");
    let out = run(
        &ptx,
        "order",
        1,
        &[
            Arg::Buf(Buf {
                name: "o",
                bytes: 4,
                data: vec![0],
            }),
            Arg::Scalar("s32", "14".into()),
        ],
    );
    assert_eq!(out[0], vec![43]);
}

/// 64-bit shifts by an extended `i32` read the `i32` directly; negative amounts (huge after
/// `sext`) shift everything out, as the IR defines.
#[test]
fn wide_shift_by_extended_amount() {
    let mut f = kernel("shift64", &[G, Type::I64, Type::I32]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let ops = [
        (BinaryOp::Shl, CastOp::ZExt),
        (BinaryOp::LShr, CastOp::SExt),
        (BinaryOp::AShr, CastOp::SExt),
    ];
    for (k, (op, ext)) in ops.into_iter().enumerate() {
        let n = b.cast(ext, p[2], Type::I64);
        let r = b.binary(op, p[1], n);
        let o = offset(&mut b, p[0], 8 * k as i64);
        b.store(o, r, MemFlags::aligned(8));
    }
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "shift64");
    assert!(!ptx.contains("cvt.s64.s32"), "{ptx}");
    let x: i64 = -0x1234_5678_9abc;
    for n in [0i32, 5, 63, 64, -1, -64] {
        let out = run(
            &ptx,
            "shift64",
            1,
            &[
                Arg::Buf(Buf {
                    name: "o",
                    bytes: 8,
                    data: vec![0; 3],
                }),
                Arg::Scalar("s64", x.to_string()),
                Arg::Scalar("s32", n.to_string()),
            ],
        );
        let zx = n as u32 as u64;
        let sx = n as i64 as u64;
        let shl = if zx >= 64 { 0 } else { (x as u64) << zx };
        let lshr = if sx >= 64 { 0 } else { (x as u64) >> sx };
        let ashr = (x >> sx.min(63)) as u64;
        assert_eq!(out[0], vec![shl, lshr, ashr], "n = {n}");
    }
}
