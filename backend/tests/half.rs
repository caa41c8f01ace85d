//! Half-precision execution tests: `f16` and `bf16` arithmetic, comparisons and conversions
//! on sm_75 (computed through `f32`) and sm_90 (native where PTX has it), assembled by
//! `ptxas` and run in `oxicc-emu`. The reference rounds the exact `f64` result to the half
//! format in plain Rust.

use crate::common;

use common::build::*;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_backend::{emit_ptx, TargetOptions};
use oxicc_ir::*;

/// Round-to-nearest-even of an `f64` to binary16 bits.
fn to_f16(x: f64) -> u64 {
    if x.is_nan() {
        return 0x7E00;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7C00;
    }
    // Scale so that one unit in the last place of the result is 1.0, round, rebuild.
    let e = if a < f64::MIN_POSITIVE {
        -1022
    } else {
        a.log2().floor() as i32
    };
    let ulp_exp = (e.max(-14)) - 10;
    let q = (a / 2f64.powi(ulp_exp)).round_ties_even();
    let v = q * 2f64.powi(ulp_exp);
    if v == 0.0 {
        return sign;
    }
    let ve = v.log2().floor() as i32;
    if ve < -14 {
        return sign | (v / 2f64.powi(-24)) as u64;
    }
    let mant = ((v / 2f64.powi(ve) - 1.0) * 1024.0) as u64;
    sign | (((ve + 15) as u64) << 10) | mant
}

fn from_f16(b: u64) -> f64 {
    let sign = if b & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((b >> 10) & 0x1F) as i32;
    let m = (b & 0x3FF) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Round-to-nearest-even of an `f64` to bfloat16 bits (through f32: innocuous double
/// rounding for the operations tested).
fn to_bf16(x: f64) -> u64 {
    let f = x as f32;
    if f.is_nan() {
        return 0x7FC0;
    }
    let b = f.to_bits();
    ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) as u64
}

fn from_bf16(b: u64) -> f64 {
    f32::from_bits((b as u32) << 16) as f64
}

/// Encoder and decoder of a half format.
type Codec = (fn(f64) -> u64, fn(u64) -> f64);

fn check(t: Type, sm: u32) {
    use BinaryOp::*;
    let (to, from): Codec = if t == Type::F16 {
        (to_f16, from_f16)
    } else {
        (to_bf16, from_bf16)
    };
    let ops = [FAdd, FSub, FMul, FDiv, FMin, FMax];
    let n_out = ops.len() + 6;
    let mut f = kernel("half_ops", &vec![G; 2 + n_out]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let pa = elem(&mut b, p[0], tid, 2);
    let x = b.load(t, pa, MemFlags::aligned(2));
    let pb = elem(&mut b, p[1], tid, 2);
    let y = b.load(t, pb, MemFlags::aligned(2));
    let mut outs = Vec::new();
    for op in ops {
        outs.push((b.binary(op, x, y), 2));
    }
    outs.push((b.fma(x, y, x), 2));
    outs.push((b.unary(UnaryOp::FNeg, x), 2));
    outs.push((b.unary(UnaryOp::FAbs, x), 2));
    outs.push((b.unary(UnaryOp::FFloor, x), 2));
    let c = b.fcmp(FloatCC::Olt, x, y);
    outs.push((c, 1));
    let w = b.cast(CastOp::FpExt, x, Type::F32);
    let back = b.cast(CastOp::FpTrunc, w, t);
    let i = b.cast(CastOp::FpToSi, back, Type::I32);
    let i16v = b.cast(CastOp::Trunc, i, Type::I16);
    let h = b.cast(CastOp::SiToFp, i16v, t);
    outs.push((h, 2));
    for (k, (v, size)) in outs.into_iter().enumerate() {
        let o = elem(&mut b, p[2 + k], tid, size);
        b.store(o, v, MemFlags::aligned(size as u32));
    }
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    let ptx = emit_ptx(
        &m,
        &TargetOptions {
            sm,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap_or_else(|e| panic!("{t} sm_{sm}: {e}"));
    common::assemble(&ptx, sm, &format!("half_{t}_{sm}"));

    let lanes = 64;
    // Values in a modest range so that products and quotients stay finite in f16.
    let vals = |seed| -> Vec<u64> {
        random_bits(seed, lanes)
            .iter()
            .map(|r| to(((*r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 200.0))
            .collect()
    };
    let xs = vals(1);
    let mut ys = vals(2);
    ys[0] = to(0.0);
    ys[1] = to(f64::NAN);
    let mut args = vec![
        Arg::Buf(Buf {
            name: "x",
            bytes: 2,
            data: xs.clone(),
        }),
        Arg::Buf(Buf {
            name: "y",
            bytes: 2,
            data: ys.clone(),
        }),
    ];
    const NAMES: [&str; 12] = [
        "o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9", "o10", "o11",
    ];
    for (k, name) in NAMES.iter().enumerate().take(n_out) {
        let bytes = if k == ops.len() + 4 { 1 } else { 2 };
        args.push(Arg::Buf(Buf {
            name,
            bytes,
            data: vec![0; lanes],
        }));
    }
    let out = run(&ptx, "half_ops", lanes as u32, &args);
    let same = |g: u64, w: u64| g == w || (from(g).is_nan() && from(w).is_nan());
    for l in 0..lanes {
        let (a, c) = (from(xs[l]), from(ys[l]));
        let want = [
            to(a + c),
            to(a - c),
            to(a * c),
            to(a / c),
            if c.is_nan() { xs[l] } else { to(a.min(c)) },
            if c.is_nan() { xs[l] } else { to(a.max(c)) },
            to(a.mul_add(c, a)),
            xs[l] ^ 0x8000,
            xs[l] & 0x7FFF,
            to(a.floor()),
            (a < c) as u64,
            to(a.trunc() + 0.0),
        ];
        for (k, w) in want.iter().enumerate() {
            assert!(
                same(out[2 + k][l], *w),
                "{t} sm_{sm} output {k} lane {l}: x={a} y={c} got {:#x} want {w:#x}",
                out[2 + k][l]
            );
        }
    }
}

#[test]
fn f16_sm75() {
    check(Type::F16, 75);
}

#[test]
fn f16_sm90() {
    check(Type::F16, 90);
}

#[test]
fn bf16_sm75() {
    check(Type::BF16, 75);
}

#[test]
fn bf16_sm80() {
    check(Type::BF16, 80);
}

#[test]
fn bf16_sm90() {
    check(Type::BF16, 90);
}
