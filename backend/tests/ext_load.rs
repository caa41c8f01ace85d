//! Extensions of narrow loads folded into the load (`ld.global.s8 %r1` instead of
//! `ld.global.u8 %rs1; cvt.s32.s8 %r1, %rs1`): every width and signedness into `i32` and
//! `i64`, compared lane by lane with plain Rust; and the cases that must not fold (a store
//! or a barrier between the load and its extension, a second use of the loaded value).

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_ir::*;

const LANES: usize = 64;

/// `x`'s bits as a signed value of `w` bits.
fn sx(a: u64, w: u32) -> i64 {
    let s = 64 - w;
    ((a << s) as i64) >> s
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

const OUTS: [(CastOp, Type); 4] = [
    (CastOp::ZExt, Type::I32),
    (CastOp::SExt, Type::I32),
    (CastOp::ZExt, Type::I64),
    (CastOp::SExt, Type::I64),
];

/// `o_k[i] = ext_k(load x[i])`, one load per output so that each has a single use.
fn ext_kernel(name: &str, from: Type) -> Module {
    let mut f = kernel(name, &[G; 5]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let a = elem(&mut b, p[0], tid, from.bytes() as i64);
    for (k, (op, to)) in OUTS.iter().enumerate() {
        let x = b.load(from, a, MemFlags::aligned(from.bytes()));
        let r = b.cast(*op, x, *to);
        let o = elem(&mut b, p[1 + k], tid, to.bytes() as i64);
        b.store(o, r, MemFlags::aligned(to.bytes()));
    }
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    m
}

fn buf(name: &'static str, bytes: u32, data: Vec<u64>) -> Arg {
    Arg::Buf(Buf { name, bytes, data })
}

#[test]
fn narrow_loads_extend_in_the_load() {
    for (from, bits) in [(Type::I8, 8u32), (Type::I16, 16)] {
        let name = format!("ext{bits}");
        let ptx = compile_and_assemble(&ext_kernel(&name, from), &name);
        // Folded: each load writes the wide register, no conversion is left.
        for want in [
            format!("ld.global.u{bits} \t%r"),
            format!("ld.global.s{bits} \t%r"),
            format!("ld.global.u{bits} \t%rd"),
            format!("ld.global.s{bits} \t%rd"),
        ] {
            assert!(ptx.contains(&want), "missing {want}:\n{ptx}");
        }
        assert!(!ptx.contains("cvt."), "{ptx}");
        let mut input: Vec<u64> = random_bits(bits as u64, LANES)
            .into_iter()
            .map(|v| v & mask(bits))
            .collect();
        // The values next to the sign boundary.
        input[..4].copy_from_slice(&[0, mask(bits), 1 << (bits - 1), (1 << (bits - 1)) - 1]);
        let args = [
            buf("x", from.bytes(), input.clone()),
            buf("o0", 4, vec![0; LANES]),
            buf("o1", 4, vec![0; LANES]),
            buf("o2", 8, vec![0; LANES]),
            buf("o3", 8, vec![0; LANES]),
        ];
        let out = run(&ptx, &name, LANES as u32, &args);
        for (i, &x) in input.iter().enumerate() {
            assert_eq!(out[1][i], x, "zext.i32 of {x:#x}");
            assert_eq!(
                out[2][i],
                sx(x, bits) as u64 & mask(32),
                "sext.i32 of {x:#x}"
            );
            assert_eq!(out[3][i], x, "zext.i64 of {x:#x}");
            assert_eq!(out[4][i], sx(x, bits) as u64, "sext.i64 of {x:#x}");
        }
    }
}

/// `v = load.i8 x[i]; <between>; o[i] = sext.i32 v` where `between` stores `-1` to `x[i]`
/// (or is a barrier): the load must read the old byte, so it stays where it is.
fn blocked_kernel(name: &str, barrier: bool) -> Module {
    let mut f = kernel(name, &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let a = elem(&mut b, p[0], tid, 1);
    let x = b.load(Type::I8, a, MemFlags::aligned(1));
    if barrier {
        b.barrier();
    }
    let m1 = b.iconst(Type::I8, -1);
    b.store(a, m1, MemFlags::aligned(1));
    let r = b.cast(CastOp::SExt, x, Type::I32);
    let o = elem(&mut b, p[1], tid, 4);
    b.store(o, r, a4());
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    m
}

#[test]
fn a_store_or_barrier_between_keeps_the_load_in_place() {
    for barrier in [false, true] {
        let name = format!("blocked{}", barrier as u8);
        let ptx = compile_and_assemble(&blocked_kernel(&name, barrier), &name);
        assert!(ptx.contains("cvt.s32.s8"), "{ptx}");
        let input: Vec<u64> = (0..LANES as u64).map(|i| (i * 37 + 5) & 0xFF).collect();
        let args = [buf("x", 1, input.clone()), buf("o", 4, vec![0; LANES])];
        let out = run(&ptx, &name, LANES as u32, &args);
        for (i, &x) in input.iter().enumerate() {
            assert_eq!(out[0][i], 0xFF, "the store happened");
            assert_eq!(out[1][i], sx(x, 8) as u64 & mask(32), "the old byte {x:#x}");
        }
    }
}

#[test]
fn a_loaded_value_with_two_uses_keeps_its_conversion() {
    // `o[i] = sext(v) + zext(v)`: two extensions of one load stay conversions.
    let mut f = kernel("twice", &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let a = elem(&mut b, p[0], tid, 1);
    let x = b.load(Type::I8, a, MemFlags::aligned(1));
    let s = b.cast(CastOp::SExt, x, Type::I32);
    let z = b.cast(CastOp::ZExt, x, Type::I32);
    let r = b.binary(BinaryOp::Add, s, z);
    let o = elem(&mut b, p[1], tid, 4);
    b.store(o, r, a4());
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "twice");
    assert!(
        ptx.contains("cvt.s32.s8") && ptx.contains("cvt.u32.u8"),
        "{ptx}"
    );
    let input: Vec<u64> = (0..LANES as u64).map(|i| (i * 53 + 200) & 0xFF).collect();
    let args = [buf("x", 1, input.clone()), buf("o", 4, vec![0; LANES])];
    let out = run(&ptx, "twice", LANES as u32, &args);
    for (i, &x) in input.iter().enumerate() {
        let want = (sx(x, 8) + x as i64) as u64 & mask(32);
        assert_eq!(out[1][i], want, "{x:#x}");
    }
}
