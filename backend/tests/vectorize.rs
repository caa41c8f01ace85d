//! Load/store vectorization (`backend/src/vectorize.rs`): neighbouring aligned accesses
//! through one base become `ld.v4`/`ld.v2`/`st.v2`, and the accesses that may not be
//! combined (too little alignment, a store in between, volatile) stay scalar. Every kernel
//! goes through ptxas and runs in the interpreter against the same computation in Rust.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_ir::*;

const LANES: usize = 32;

/// The PTX lines that start with `prefix` (after the tab).
fn lines_with<'a>(ptx: &'a str, prefix: &str) -> Vec<&'a str> {
    ptx.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with(prefix))
        .collect()
}

/// `x = in[t]` as four `i32` loads (the first aligned to `align0`), then
/// `out[t] = {x0 + x1, x2 * x3}` as two `i32` stores (the first aligned to 8); with
/// `store_between`, `out[t].y = 0` is stored between the second and third loads.
fn int4_kernel(name: &str, align0: u32, store_between: bool, volatile: bool) -> Module {
    let mut f = kernel(name, &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let t = b.special_reg(SpecialReg::Tid(Dim::X));
    let src = elem(&mut b, p[1], t, 16);
    let dst = elem(&mut b, p[0], t, 8);
    let dst4 = offset(&mut b, dst, 4);
    let mut x = Vec::new();
    for k in 0..4 {
        let a = offset(&mut b, src, 4 * k);
        let flags = MemFlags {
            volatile,
            ..MemFlags::aligned(if k == 0 { align0 } else { 4 })
        };
        x.push(b.load(Type::I32, a, flags));
        if k == 1 && store_between {
            let z = b.iconst(Type::I32, 0);
            b.store(dst4, z, a4());
        }
    }
    let s = b.binary(BinaryOp::Add, x[0], x[1]);
    let m = b.binary(BinaryOp::Mul, x[2], x[3]);
    b.store(dst, s, MemFlags::aligned(8));
    b.store(dst4, m, a4());
    b.ret(None);
    let mut md = Module::new();
    md.add_function(f);
    md
}

/// Runs an `int4_kernel` and checks `out[t] = {x0 + x1, x2 * x3}` against Rust.
fn check_int4(ptx: &str, name: &str) {
    let input = random_bits(41, 4 * LANES)
        .into_iter()
        .map(|v| v & 0xffff_ffff)
        .collect::<Vec<_>>();
    let args = [
        Arg::Buf(Buf {
            name: "out",
            bytes: 4,
            data: vec![0; 2 * LANES],
        }),
        Arg::Buf(Buf {
            name: "in",
            bytes: 4,
            data: input.clone(),
        }),
    ];
    let out = run(ptx, name, LANES as u32, &args);
    for t in 0..LANES {
        let x: Vec<u32> = (0..4).map(|k| input[4 * t + k] as u32).collect();
        assert_eq!(
            out[0][2 * t] as u32,
            x[0].wrapping_add(x[1]),
            "{name} lane {t}.x"
        );
        assert_eq!(
            out[0][2 * t + 1] as u32,
            x[2].wrapping_mul(x[3]),
            "{name} lane {t}.y"
        );
    }
}

#[test]
fn aligned_neighbours_become_vector_accesses() {
    let ptx = compile_and_assemble(&int4_kernel("v4", 16, false, false), "v4");
    assert_eq!(lines_with(&ptx, "ld.global.v4.u32").len(), 1, "{ptx}");
    assert_eq!(lines_with(&ptx, "st.global.v2.u32").len(), 1, "{ptx}");
    assert!(lines_with(&ptx, "ld.global.u32").is_empty(), "{ptx}");
    assert!(lines_with(&ptx, "st.global.u32").is_empty(), "{ptx}");
    check_int4(&ptx, "v4");
}

#[test]
fn eight_byte_alignment_gives_two_pairs() {
    let ptx = compile_and_assemble(&int4_kernel("v2", 8, false, false), "v2");
    // Offset 0 is 8-aligned, so 8 is too: two `.v2` loads.
    assert_eq!(lines_with(&ptx, "ld.global.v2.u32").len(), 1, "{ptx}");
    assert_eq!(lines_with(&ptx, "ld.global.u32").len(), 2, "{ptx}");
    check_int4(&ptx, "v2");
}

#[test]
fn accesses_that_may_not_combine_stay_scalar() {
    for (name, align0, between, volatile) in [
        ("unaligned", 4, false, false),
        ("between", 16, true, false),
        ("volatile", 16, false, true),
    ] {
        let ptx = compile_and_assemble(&int4_kernel(name, align0, between, volatile), name);
        let vector_loads = lines_with(&ptx, "ld.global.v4").len();
        match name {
            // The store to `out` separates loads 0-1 from 2-3, and the loads may not move
            // across it; each pair is combined where alignment allows (offset 0 at 16).
            "between" => {
                assert_eq!(vector_loads, 0, "{ptx}");
                assert_eq!(lines_with(&ptx, "ld.global.v2.u32").len(), 1, "{ptx}");
            }
            _ => {
                assert_eq!(vector_loads, 0, "{ptx}");
                assert!(lines_with(&ptx, "ld.global.v2").is_empty(), "{ptx}");
            }
        }
        if name == "volatile" {
            assert_eq!(lines_with(&ptx, "ld.volatile.global.u32").len(), 4, "{ptx}");
        }
        check_int4(&ptx, name);
    }
}

/// `double2 v = in[t]; out[t] = {v.y, v.x}`: `f64` pairs, `.v2` both ways.
#[test]
fn double_pairs_load_and_store_as_v2() {
    let mut f = kernel("d2", &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let t = b.special_reg(SpecialReg::Tid(Dim::X));
    let src = elem(&mut b, p[1], t, 16);
    let dst = elem(&mut b, p[0], t, 16);
    let src8 = offset(&mut b, src, 8);
    let dst8 = offset(&mut b, dst, 8);
    let x = b.load(Type::F64, src, MemFlags::aligned(16));
    let y = b.load(Type::F64, src8, MemFlags::aligned(8));
    b.store(dst, y, MemFlags::aligned(16));
    b.store(dst8, x, MemFlags::aligned(8));
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "d2");
    assert_eq!(lines_with(&ptx, "ld.global.v2.f64").len(), 1, "{ptx}");
    assert_eq!(lines_with(&ptx, "st.global.v2.f64").len(), 1, "{ptx}");
    let input: Vec<u64> = (0..2 * LANES)
        .map(|k| (k as f64 * 1.5 - 7.0).to_bits())
        .collect();
    let args = [
        Arg::Buf(Buf {
            name: "out",
            bytes: 8,
            data: vec![0; 2 * LANES],
        }),
        Arg::Buf(Buf {
            name: "in",
            bytes: 8,
            data: input.clone(),
        }),
    ];
    let out = run(&ptx, "d2", LANES as u32, &args);
    for t in 0..LANES {
        assert_eq!(out[0][2 * t], input[2 * t + 1], "lane {t}.x");
        assert_eq!(out[0][2 * t + 1], input[2 * t], "lane {t}.y");
    }
}

/// `int4` copied chunk by chunk from global memory into a local array (loads and stores
/// interleaved, as the front end copies), then from the array to `out`: the global loads
/// move across the `.local` stores (distinct spaces never overlap), so both copies are
/// one `.v4` load and one `.v4` store.
#[test]
fn loads_cross_stores_to_another_space() {
    let mut f = kernel("spaces", &[G, G]);
    let p = f.params().to_vec();
    let slot = f.create_stack_slot(16, 16);
    let mut b = FunctionBuilder::new(&mut f);
    let t = b.special_reg(SpecialReg::Tid(Dim::X));
    let src = elem(&mut b, p[1], t, 16);
    let dst = elem(&mut b, p[0], t, 16);
    let local = b.stack_addr(slot);
    for k in 0..4 {
        let flags = MemFlags::aligned(if k == 0 { 16 } else { 4 });
        let a = offset(&mut b, src, 4 * k);
        let x = b.load(Type::I32, a, flags);
        let l = offset(&mut b, local, 4 * k);
        b.store(l, x, flags);
    }
    for k in 0..4 {
        let flags = MemFlags::aligned(if k == 0 { 16 } else { 4 });
        let l = offset(&mut b, local, 4 * k);
        let x = b.load(Type::I32, l, flags);
        let a = offset(&mut b, dst, 4 * k);
        b.store(a, x, flags);
    }
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "spaces");
    for form in [
        "ld.global.v4.u32",
        "st.local.v4.u32",
        "ld.local.v4.u32",
        "st.global.v4.u32",
    ] {
        assert_eq!(lines_with(&ptx, form).len(), 1, "{form}:\n{ptx}");
    }
    let input = random_bits(7, 4 * LANES)
        .into_iter()
        .map(|v| v & 0xffff_ffff)
        .collect::<Vec<_>>();
    let args = [
        Arg::Buf(Buf {
            name: "out",
            bytes: 4,
            data: vec![0; 4 * LANES],
        }),
        Arg::Buf(Buf {
            name: "in",
            bytes: 4,
            data: input.clone(),
        }),
    ];
    let out = run(&ptx, "spaces", LANES as u32, &args);
    assert_eq!(out[0], input);
}
