//! Execution tests for unary operations, casts, comparisons and selects: compiled,
//! assembled by `ptxas`, run in `oxicc-emu`, compared lane by lane with plain Rust.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_ir::*;

const LANES: usize = 64;

/// Builds one output from the loaded input.
type UnaryGen = Box<dyn Fn(&mut FunctionBuilder, Value) -> Value>;

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sx(a: u64, w: u32) -> i64 {
    let s = 64 - w;
    ((a << s) as i64) >> s
}

/// One kernel: `out[i] = f(in[i])` for each function, input of type `from`.
fn unary_kernel(name: &str, from: Type, outs: &[(Type, UnaryGen)]) -> Module {
    let mut f = kernel(name, &vec![G; 1 + outs.len()]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let a = elem(&mut b, p[0], tid, from.bytes() as i64);
    let x = b.load(from, a, MemFlags::aligned(from.bytes()));
    for (k, (t, g)) in outs.iter().enumerate() {
        let r = g(&mut b, x);
        let o = elem(&mut b, p[1 + k], tid, t.bytes() as i64);
        b.store(o, r, MemFlags::aligned(t.bytes()));
    }
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    m
}

const NAMES: [&str; 16] = [
    "o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9", "o10", "o11", "o12", "o13", "o14",
    "o15",
];

fn launch(ptx: &str, name: &str, in_bytes: u32, input: &[u64], outs: &[Type]) -> Vec<Vec<u64>> {
    let mut args = vec![Arg::Buf(Buf {
        name: "x",
        bytes: in_bytes,
        data: input.to_vec(),
    })];
    for (k, t) in outs.iter().enumerate() {
        args.push(Arg::Buf(Buf {
            name: NAMES[k],
            bytes: t.bytes(),
            data: vec![0; LANES],
        }));
    }
    run(ptx, name, LANES as u32, &args)
}

#[test]
fn integer_unary_ops() {
    for w in [8u32, 16, 32, 64] {
        let t = Type::int_with_bits(w).unwrap();
        let ops = [
            UnaryOp::Neg,
            UnaryOp::Not,
            UnaryOp::Popc,
            UnaryOp::Clz,
            UnaryOp::Brev,
        ];
        let outs: Vec<(Type, UnaryGen)> = ops
            .iter()
            .map(|&op| -> (Type, UnaryGen) {
                (
                    t,
                    Box::new(move |b: &mut FunctionBuilder, x| b.unary(op, x)),
                )
            })
            .collect();
        let name = format!("int_unary_{w}");
        let m = unary_kernel(&name, t, &outs);
        let ptx = compile_and_assemble(&m, &name);
        let mut input: Vec<u64> = random_bits(w as u64, LANES)
            .iter()
            .map(|x| x & mask(w))
            .collect();
        input[0] = 0;
        input[1] = mask(w);
        input[2] = 1;
        input[3] = 1 << (w - 1);
        let out = launch(&ptx, &name, w / 8, &input, &vec![t; ops.len()]);
        for lane in 0..LANES {
            let x = input[lane];
            let want = [
                x.wrapping_neg() & mask(w),
                !x & mask(w),
                x.count_ones() as u64,
                (x.leading_zeros() - (64 - w)) as u64,
                x.reverse_bits() >> (64 - w),
            ];
            for (k, op) in ops.iter().enumerate() {
                assert_eq!(out[1 + k][lane], want[k], "i{w} {op:?} of {x:#x}");
            }
        }
    }
}

#[test]
fn float_unary_ops() {
    for t in [Type::F32, Type::F64] {
        let w = t.bits();
        let ops = [
            UnaryOp::FNeg,
            UnaryOp::FAbs,
            UnaryOp::FSqrt,
            UnaryOp::FRint,
            UnaryOp::FTrunc,
            UnaryOp::FFloor,
            UnaryOp::FCeil,
        ];
        let outs: Vec<(Type, UnaryGen)> = ops
            .iter()
            .map(|&op| -> (Type, UnaryGen) {
                (
                    t,
                    Box::new(move |b: &mut FunctionBuilder, x| b.unary(op, x)),
                )
            })
            .collect();
        let name = format!("float_unary_{w}");
        let m = unary_kernel(&name, t, &outs);
        let ptx = compile_and_assemble(&m, &name);
        let vals: Vec<f64> = random_bits(3, LANES)
            .iter()
            .enumerate()
            .map(|(k, r)| match k {
                0 => 2.5,
                1 => -2.5,
                2 => 3.5,
                3 => -0.0,
                4 => f64::INFINITY,
                5 => f64::NAN,
                6 => 0.49999,
                _ => ((*r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 1000.0,
            })
            .collect();
        let input: Vec<u64> = vals
            .iter()
            .map(|&v| {
                if w == 32 {
                    (v as f32).to_bits() as u64
                } else {
                    v.to_bits()
                }
            })
            .collect();
        let out = launch(&ptx, &name, w / 8, &input, &vec![t; ops.len()]);
        for lane in 0..LANES {
            let want: Vec<u64> = if w == 32 {
                let x = f32::from_bits(input[lane] as u32);
                [
                    -x,
                    x.abs(),
                    x.sqrt(),
                    x.round_ties_even(),
                    x.trunc(),
                    x.floor(),
                    x.ceil(),
                ]
                .iter()
                .map(|v| v.to_bits() as u64)
                .collect()
            } else {
                let x = f64::from_bits(input[lane]);
                [
                    -x,
                    x.abs(),
                    x.sqrt(),
                    x.round_ties_even(),
                    x.trunc(),
                    x.floor(),
                    x.ceil(),
                ]
                .iter()
                .map(|v| v.to_bits())
                .collect()
            };
            for (k, op) in ops.iter().enumerate() {
                let (g, e) = (out[1 + k][lane], want[k]);
                let nan = |v: u64| {
                    if w == 32 {
                        f32::from_bits(v as u32).is_nan()
                    } else {
                        f64::from_bits(v).is_nan()
                    }
                };
                assert!(
                    g == e || (nan(g) && nan(e)),
                    "f{w} {op:?} of {:#x}: got {g:#x} want {e:#x}",
                    input[lane]
                );
            }
        }
    }
}

/// Integer width changes between every pair of widths.
#[test]
fn integer_casts() {
    for from_w in [1u32, 8, 16, 32, 64] {
        let from = Type::int_with_bits(from_w).unwrap();
        let mut outs: Vec<(Type, UnaryGen)> = Vec::new();
        let mut expect: Vec<Box<dyn Fn(u64) -> u64>> = Vec::new();
        for to_w in [1u32, 8, 16, 32, 64] {
            let to = Type::int_with_bits(to_w).unwrap();
            if to_w < from_w {
                outs.push((
                    to,
                    Box::new(move |b: &mut FunctionBuilder, x| b.cast(CastOp::Trunc, x, to)),
                ));
                expect.push(Box::new(move |x| x & mask(to_w)));
            } else if to_w > from_w {
                outs.push((
                    to,
                    Box::new(move |b: &mut FunctionBuilder, x| b.cast(CastOp::ZExt, x, to)),
                ));
                expect.push(Box::new(move |x| x & mask(from_w)));
                outs.push((
                    to,
                    Box::new(move |b: &mut FunctionBuilder, x| b.cast(CastOp::SExt, x, to)),
                ));
                expect.push(Box::new(move |x| (sx(x, from_w) as u64) & mask(to_w)));
            }
        }
        // The input is stored as a byte for i1 (0 or 1).
        let name = format!("int_casts_{from_w}");
        let m = unary_kernel(&name, from, &outs);
        let ptx = compile_and_assemble(&m, &name);
        let input: Vec<u64> = random_bits(11 + from_w as u64, LANES)
            .iter()
            .map(|x| x & mask(from_w))
            .collect();
        let types: Vec<Type> = outs.iter().map(|o| o.0).collect();
        let out = launch(&ptx, &name, from.bytes(), &input, &types);
        for lane in 0..LANES {
            for k in 0..outs.len() {
                let want = expect[k](input[lane]);
                // i1 results are stored as bytes 0/1.
                assert_eq!(
                    out[1 + k][lane],
                    want,
                    "i{from_w} cast #{k} of {:#x}",
                    input[lane]
                );
            }
        }
    }
}

/// Float/int conversions and float width changes, with C's rounding rules.
#[test]
fn float_conversions() {
    let cast = |op: CastOp, to: Type| -> UnaryGen {
        Box::new(move |b: &mut FunctionBuilder, x| b.cast(op, x, to))
    };
    // From f32 (values in range of every target type).
    let outs: Vec<(Type, UnaryGen)> = vec![
        (Type::I32, cast(CastOp::FpToSi, Type::I32)),
        (Type::I32, cast(CastOp::FpToUi, Type::I32)),
        (Type::I64, cast(CastOp::FpToSi, Type::I64)),
        (Type::I16, cast(CastOp::FpToSi, Type::I16)),
        (Type::I8, cast(CastOp::FpToUi, Type::I8)),
        (Type::F64, cast(CastOp::FpExt, Type::F64)),
        (Type::I32, cast(CastOp::Bitcast, Type::I32)),
    ];
    let m = unary_kernel("from_f32", Type::F32, &outs);
    let ptx = compile_and_assemble(&m, "from_f32");
    let vals: Vec<f32> = random_bits(5, LANES)
        .iter()
        .map(|r| ((*r >> 40) as f32 / (1u64 << 24) as f32) * 250.0 - 0.0001)
        .collect();
    let input: Vec<u64> = vals.iter().map(|v| v.to_bits() as u64).collect();
    let types: Vec<Type> = outs.iter().map(|o| o.0).collect();
    let out = launch(&ptx, "from_f32", 4, &input, &types);
    for lane in 0..LANES {
        let x = vals[lane];
        let want = [
            x as i32 as u32 as u64,
            x as u32 as u64,
            x as i64 as u64,
            x as i16 as u16 as u64,
            x as u8 as u64,
            (x as f64).to_bits(),
            x.to_bits() as u64,
        ];
        for k in 0..want.len() {
            assert_eq!(out[1 + k][lane], want[k], "cast #{k} of {x}");
        }
    }
    // From i32 to floats, and f64 back down.
    let outs: Vec<(Type, UnaryGen)> = vec![
        (Type::F32, cast(CastOp::SiToFp, Type::F32)),
        (Type::F32, cast(CastOp::UiToFp, Type::F32)),
        (Type::F64, cast(CastOp::SiToFp, Type::F64)),
        (
            Type::F32,
            Box::new(|b: &mut FunctionBuilder, x| {
                let d = b.cast(CastOp::UiToFp, x, Type::F64);
                let third = b.f64const(1.0 / 3.0);
                let p = b.binary(BinaryOp::FMul, d, third);
                b.cast(CastOp::FpTrunc, p, Type::F32)
            }),
        ),
        (
            Type::F32,
            Box::new(|b: &mut FunctionBuilder, x| {
                let s = b.cast(CastOp::Trunc, x, Type::I8);
                b.cast(CastOp::SiToFp, s, Type::F32)
            }),
        ),
    ];
    let m = unary_kernel("from_i32", Type::I32, &outs);
    let ptx = compile_and_assemble(&m, "from_i32");
    let input: Vec<u64> = random_bits(6, LANES)
        .iter()
        .map(|x| x & 0xffff_ffff)
        .collect();
    let types: Vec<Type> = outs.iter().map(|o| o.0).collect();
    let out = launch(&ptx, "from_i32", 4, &input, &types);
    for lane in 0..LANES {
        let x = input[lane] as u32;
        let want = [
            (x as i32 as f32).to_bits() as u64,
            (x as f32).to_bits() as u64,
            (x as i32 as f64).to_bits(),
            ((x as f64 * (1.0 / 3.0)) as f32).to_bits() as u64,
            (x as u8 as i8 as f32).to_bits() as u64,
        ];
        for k in 0..want.len() {
            assert_eq!(out[1 + k][lane], want[k], "int→float cast #{k} of {x:#x}");
        }
    }
}

/// Every integer and float comparison, stored as a byte, plus selects on the result.
#[test]
fn comparisons_and_selects() {
    let iccs = [
        IntCC::Eq,
        IntCC::Ne,
        IntCC::Slt,
        IntCC::Sle,
        IntCC::Sgt,
        IntCC::Sge,
        IntCC::Ult,
        IntCC::Ule,
        IntCC::Ugt,
        IntCC::Uge,
    ];
    for w in [8u32, 16, 32, 64] {
        let t = Type::int_with_bits(w).unwrap();
        let mut f = kernel(&format!("icmp{w}"), &vec![G; 2 + iccs.len() + 1]);
        let p = f.params().to_vec();
        let mut b = FunctionBuilder::new(&mut f);
        let tid = b.special_reg(SpecialReg::Tid(Dim::X));
        let pa = elem(&mut b, p[0], tid, t.bytes() as i64);
        let x = b.load(t, pa, MemFlags::aligned(1));
        let pb = elem(&mut b, p[1], tid, t.bytes() as i64);
        let y = b.load(t, pb, MemFlags::aligned(1));
        let mut last = None;
        for (k, &cc) in iccs.iter().enumerate() {
            let c = b.icmp(cc, x, y);
            let o = elem(&mut b, p[2 + k], tid, 1);
            b.store(o, c, MemFlags::aligned(1));
            last = Some(c);
        }
        // select(x <u y, x, y) is umin.
        let sel = b.select(last.unwrap(), y, x);
        let o = elem(&mut b, p[2 + iccs.len()], tid, t.bytes() as i64);
        b.store(o, sel, MemFlags::aligned(1));
        b.ret(None);
        let mut m = Module::new();
        m.add_function(f);
        let name = format!("icmp{w}");
        let ptx = compile_and_assemble(&m, &name);
        let xs: Vec<u64> = random_bits(w as u64 + 50, LANES)
            .iter()
            .map(|v| v & mask(w))
            .collect();
        let mut ys: Vec<u64> = random_bits(w as u64 + 60, LANES)
            .iter()
            .map(|v| v & mask(w))
            .collect();
        ys[..8].copy_from_slice(&xs[..8]);
        let mut args = vec![
            Arg::Buf(Buf {
                name: "x",
                bytes: w / 8,
                data: xs.clone(),
            }),
            Arg::Buf(Buf {
                name: "y",
                bytes: w / 8,
                data: ys.clone(),
            }),
        ];
        for name in NAMES.iter().take(iccs.len()) {
            args.push(Arg::Buf(Buf {
                name,
                bytes: 1,
                data: vec![0; LANES],
            }));
        }
        args.push(Arg::Buf(Buf {
            name: "sel",
            bytes: w / 8,
            data: vec![0; LANES],
        }));
        let out = run(&ptx, &name, LANES as u32, &args);
        for lane in 0..LANES {
            let (a, c) = (xs[lane], ys[lane]);
            let (sa, sc) = (sx(a, w), sx(c, w));
            let want = [
                a == c,
                a != c,
                sa < sc,
                sa <= sc,
                sa > sc,
                sa >= sc,
                a < c,
                a <= c,
                a > c,
                a >= c,
            ];
            for k in 0..iccs.len() {
                assert_eq!(
                    out[2 + k][lane],
                    want[k] as u64,
                    "i{w} {:?} {a:#x} {c:#x}",
                    iccs[k]
                );
            }
            assert_eq!(out[2 + iccs.len()][lane], a.min(c), "i{w} select");
        }
    }
}
