//! End-to-end backend tests: IR kernels built with the builder, compiled for sm_75, sm_80
//! and sm_90, assembled by the real `ptxas`, and snapshotted (sm_75) for form.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{run, Arg, Buf};
use oxicc_ir::*;

fn f32_buf(name: &'static str, v: &[f32]) -> Arg {
    Arg::Buf(Buf {
        name,
        bytes: 4,
        data: v.iter().map(|x| x.to_bits() as u64).collect(),
    })
}

fn u32_buf(name: &'static str, v: &[u32]) -> Arg {
    Arg::Buf(Buf {
        name,
        bytes: 4,
        data: v.iter().map(|&x| x as u64).collect(),
    })
}

fn finish(f: Function) -> Module {
    let mut m = Module::new();
    m.add_function(f);
    m
}

#[test]
fn saxpy() {
    let mut f = kernel("_Z5saxpyifPfS_", &[Type::I32, Type::F32, G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let body = b.create_block();
    let exit = b.create_block();
    let i = global_index(&mut b);
    let c = b.icmp(IntCC::Slt, i, p[0]);
    b.branch(c, BlockCall::plain(body), BlockCall::plain(exit));
    b.switch_to_block(body);
    let px = elem(&mut b, p[2], i, 4);
    let py = elem(&mut b, p[3], i, 4);
    let x = b.load(Type::F32, px, a4());
    let y = b.load(Type::F32, py, a4());
    let r = b.fma(p[1], x, y);
    b.store(py, r, a4());
    b.jump(exit, vec![]);
    b.switch_to_block(exit);
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "saxpy");
    assert!(ptx.contains("mad.lo.s32"), "{ptx}");
    assert!(ptx.contains("mul.wide.s32"), "{ptx}");
    assert!(ptx.contains("fma.rn.f32"), "{ptx}");
    let x: Vec<f32> = (0..64).map(|i| i as f32 * 0.5).collect();
    let y: Vec<f32> = (0..64).map(|i| 100.0 - i as f32).collect();
    let out = run(
        &ptx,
        "_Z5saxpyifPfS_",
        64,
        &[
            Arg::Scalar("s32", "50".into()),
            Arg::Scalar("f32", "3.0".into()),
            f32_buf("x", &x),
            f32_buf("y", &y),
        ],
    );
    for i in 0..64 {
        let want = if i < 50 {
            3.0f32.mul_add(x[i], y[i])
        } else {
            y[i]
        };
        assert_eq!(out[1][i], want.to_bits() as u64, "lane {i}");
    }
    insta::assert_snapshot!(ptx);
}

#[test]
fn loop_with_block_params() {
    let mut f = kernel("sum", &[G, Type::I32, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let header = b.create_block();
    let i = b.append_block_param(header, Type::I32);
    let acc = b.append_block_param(header, Type::F32);
    let body = b.create_block();
    let exit = b.create_block();
    let r = b.append_block_param(exit, Type::F32);
    let zero = b.iconst(Type::I32, 0);
    let fzero = b.f32const(0.0);
    b.jump(header, vec![zero, fzero]);
    b.switch_to_block(header);
    let c = b.icmp(IntCC::Slt, i, p[1]);
    b.branch(c, BlockCall::plain(body), BlockCall::new(exit, vec![acc]));
    b.switch_to_block(body);
    let px = elem(&mut b, p[0], i, 4);
    let v = b.load(Type::F32, px, a4());
    let acc2 = b.binary(BinaryOp::FAdd, acc, v);
    let one = b.iconst(Type::I32, 1);
    let i2 = b.binary(BinaryOp::Add, i, one);
    b.jump(header, vec![i2, acc2]);
    b.switch_to_block(exit);
    b.store(p[2], r, a4());
    b.ret(None);
    // `#pragma unroll 1` on the loop.
    f.blocks[header].unroll = UnrollHint::Count(1);
    let ptx = compile_and_assemble(&finish(f), "loop");
    assert!(
        ptx.contains("$L__BB0_1:\n\t.pragma \"nounroll\";\n"),
        "{ptx}"
    );
    // The loop counter and accumulator update in place: no copies in the loop.
    assert!(!ptx.contains("mov.f32 \t%f1, %f"), "{ptx}");
    assert!(!ptx.contains("mov.u32 \t%r2, %r"), "{ptx}");
    let x: Vec<f32> = (0..40).map(|i| (i * i) as f32 * 0.25).collect();
    let out = run(
        &ptx,
        "sum",
        2,
        &[
            f32_buf("x", &x),
            Arg::Scalar("s32", "37".into()),
            f32_buf("o", &[0.0]),
        ],
    );
    let want = x[..37].iter().fold(0.0f32, |a, v| a + v);
    assert_eq!(out[1][0], want.to_bits() as u64);
    insta::assert_snapshot!(ptx);
}

#[test]
fn swap_and_rotate_in_a_loop() {
    let mut f = kernel("swap", &[G, Type::I32]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let lp = b.create_block();
    let i = b.append_block_param(lp, Type::I32);
    let x = b.append_block_param(lp, Type::I32);
    let y = b.append_block_param(lp, Type::I32);
    let z = b.append_block_param(lp, Type::I32);
    let exit = b.create_block();
    let c0 = b.iconst(Type::I32, 0);
    let c1 = b.iconst(Type::I32, 1);
    let c2 = b.iconst(Type::I32, 2);
    let c3 = b.iconst(Type::I32, 3);
    b.jump(lp, vec![c0, c1, c2, c3]);
    b.switch_to_block(lp);
    let one = b.iconst(Type::I32, 1);
    let i2 = b.binary(BinaryOp::Add, i, one);
    let c = b.icmp(IntCC::Slt, i2, p[1]);
    // (x, y, z) ← (y, z, x): a three-cycle on the back edge.
    b.branch(
        c,
        BlockCall::new(lp, vec![i2, y, z, x]),
        BlockCall::plain(exit),
    );
    b.switch_to_block(exit);
    b.store(p[0], x, a4());
    let p1 = offset(&mut b, p[0], 4);
    b.store(p1, y, a4());
    let p2 = offset(&mut b, p[0], 8);
    b.store(p2, z, a4());
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "swap");
    assert!(ptx.contains("[%rd1+8]"), "{ptx}");
    for n in [0u32, 1, 2, 5, 9] {
        let out = run(
            &ptx,
            "swap",
            1,
            &[u32_buf("o", &[0, 0, 0]), Arg::Scalar("s32", n.to_string())],
        );
        // Plain Rust: one rotation per iteration that continues.
        let mut v = [1u64, 2, 3];
        let mut i = 0;
        while i + 1 < n {
            v.rotate_left(1);
            i += 1;
        }
        assert_eq!(out[0], v.to_vec(), "n = {n}");
    }
    insta::assert_snapshot!(ptx);
}

/// Device functions with scalar, small-integer, boolean and by-value parameters, a void
/// function, and an imported `vprintf`, all called from one kernel.
#[test]
fn calls_with_params_and_returns() {
    let mut m = Module::new();
    // float add2(float a, float b) { return a + b * 2; }
    let mut add2 = device(
        "_Z4add2ff",
        &[ParamKind::Value(Type::F32), ParamKind::Value(Type::F32)],
        Some(Type::F32),
    );
    {
        let p = add2.params().to_vec();
        let mut b = FunctionBuilder::new(&mut add2);
        let two = b.f32const(2.0);
        let t = b.binary(BinaryOp::FMul, p[1], two);
        let r = b.binary(BinaryOp::FAdd, p[0], t);
        b.ret(Some(r));
    }
    let add2 = m.add_function(add2);
    // char small(char a, short s, bool c) { return c ? a + (char)s : a; }
    let mut small = device(
        "_Z5smallcsb",
        &[
            ParamKind::Value(Type::I8),
            ParamKind::Value(Type::I16),
            ParamKind::Value(Type::I1),
        ],
        Some(Type::I8),
    );
    {
        let p = small.params().to_vec();
        let mut b = FunctionBuilder::new(&mut small);
        let s8 = b.cast(CastOp::Trunc, p[1], Type::I8);
        let sum = b.binary(BinaryOp::Add, p[0], s8);
        let r = b.select(p[2], sum, p[0]);
        b.ret(Some(r));
    }
    let small = m.add_function(small);
    // bool is_neg(long long x) { return x < 0; }
    let mut is_neg = device("_Z6is_negx", &[ParamKind::Value(Type::I64)], Some(Type::I1));
    {
        let p = is_neg.params().to_vec();
        let mut b = FunctionBuilder::new(&mut is_neg);
        let z = b.iconst(Type::I64, 0);
        let c = b.icmp(IntCC::Slt, p[0], z);
        b.ret(Some(c));
    }
    let is_neg = m.add_function(is_neg);
    // void poke(int* p) { *p = 1; }
    let mut poke = device("_Z4pokePi", &[ParamKind::Value(G)], None);
    {
        let p = poke.params().to_vec();
        let mut b = FunctionBuilder::new(&mut poke);
        let one = b.iconst(Type::I32, 1);
        b.store(p[0], one, a4());
        b.ret(None);
    }
    let poke = m.add_function(poke);
    // struct S { int a; float b; double c; };  double sfun(S s) { return s.a + s.b + s.c; }
    let byval = ParamKind::ByVal { size: 16, align: 8 };
    let mut sfun = device("_Z4sfun1S", &[byval], Some(Type::F64));
    {
        let p = sfun.params().to_vec();
        let mut b = FunctionBuilder::new(&mut sfun);
        let a = b.load(Type::I32, p[0], a4());
        let pb = offset(&mut b, p[0], 4);
        let bf = b.load(Type::F32, pb, a4());
        let pc = offset(&mut b, p[0], 8);
        let c = b.load(Type::F64, pc, MemFlags::aligned(8));
        let af = b.cast(CastOp::SiToFp, a, Type::F32);
        let s = b.binary(BinaryOp::FAdd, af, bf);
        let sd = b.cast(CastOp::FpExt, s, Type::F64);
        let r = b.binary(BinaryOp::FAdd, sd, c);
        b.ret(Some(r));
    }
    let sfun = m.add_function(sfun);
    let mut vprintf = Function::declaration(
        "vprintf",
        Signature {
            params: vec![
                ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
                ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
            ],
            ret: Some(Type::I32),
        },
        FuncKind::Device,
    );
    vprintf.linkage = Linkage::Import;
    let vprintf = m.add_function(vprintf);
    let fmt = m.add_global(GlobalVar {
        name: "$str".into(),
        space: AddrSpace::Global,
        elem: Type::I8,
        count: Some(7),
        align: 1,
        init: Some(b"hi %d\n\0".to_vec()),
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });

    let sig = Signature {
        params: vec![ParamKind::Value(G), byval, ParamKind::Value(Type::I8)],
        ret: None,
    };
    let mut k = Function::new("_Z5calls", sig, FuncKind::Kernel);
    let slot = k.create_stack_slot(4, 4);
    let p = k.params().to_vec();
    let mut b = FunctionBuilder::new(&mut k);
    let x = b.load(Type::F32, p[0], a4());
    let h = b.f32const(0.5);
    let r1 = b.call(add2, vec![x, h], Some(Type::F32)).unwrap();
    b.store(p[0], r1, a4());
    let s = b.iconst(Type::I16, 300);
    let t = b.iconst(Type::I1, 1);
    let r2 = b.call(small, vec![p[2], s, t], Some(Type::I8)).unwrap();
    let o4 = offset(&mut b, p[0], 4);
    b.store(o4, r2, MemFlags::aligned(1));
    let big = b.iconst(Type::I64, -5);
    let r3 = b.call(is_neg, vec![big], Some(Type::I1)).unwrap();
    let o5 = offset(&mut b, p[0], 5);
    b.store(o5, r3, MemFlags::aligned(1));
    b.call(poke, vec![p[0]], None);
    let r4 = b.call(sfun, vec![p[1]], Some(Type::F64)).unwrap();
    let o8 = offset(&mut b, p[0], 8);
    b.store(o8, r4, MemFlags::aligned(8));
    // printf("hi %d\n", threadIdx.x): the argument buffer is a stack slot.
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let buf = b.stack_addr(slot);
    b.store(buf, tid, a4());
    let g = b.global_addr(fmt, AddrSpace::Global);
    let gf = b.cast(CastOp::AddrSpaceCast, g, Type::Ptr(AddrSpace::Generic));
    let bg = b.cast(CastOp::AddrSpaceCast, buf, Type::Ptr(AddrSpace::Generic));
    b.call(vprintf, vec![gf, bg], Some(Type::I32));
    b.ret(None);
    m.add_function(k);
    let ptx = compile_and_assemble(&m, "calls");
    assert!(
        ptx.contains(".extern .func  (.param .b32 func_retval0) vprintf"),
        "{ptx}"
    );
    assert!(
        ptx.contains(".param .align 8 .b8 _Z4sfun1S_param_0[16]"),
        "{ptx}"
    );
    assert!(
        ptx.contains("ld.param.f64 \t%fd1, [_Z4sfun1S_param_0+8];"),
        "{ptx}"
    );
    insta::assert_snapshot!(ptx);
}

/// A local array that stays in memory: the `__local_depot` frame and `%SPL` addressing.
#[test]
fn local_array_in_a_stack_slot() {
    let mut f = kernel("_Z3locPii", &[G, Type::I32]);
    let slot = f.create_stack_slot(64, 16);
    let small = f.create_stack_slot(2, 2);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let lp = b.create_block();
    let i = b.append_block_param(lp, Type::I32);
    let exit = b.create_block();
    let z = b.iconst(Type::I32, 0);
    b.jump(lp, vec![z]);
    b.switch_to_block(lp);
    let base = b.stack_addr(slot);
    let v = b.binary(BinaryOp::Mul, i, p[1]);
    let a = elem(&mut b, base, i, 4);
    b.store(a, v, a4());
    let one = b.iconst(Type::I32, 1);
    let i2 = b.binary(BinaryOp::Add, i, one);
    let sixteen = b.iconst(Type::I32, 16);
    let c = b.icmp(IntCC::Slt, i2, sixteen);
    b.branch(c, BlockCall::new(lp, vec![i2]), BlockCall::plain(exit));
    b.switch_to_block(exit);
    let first = b.load(Type::I32, p[0], a4());
    let m15 = b.iconst(Type::I32, 15);
    let idx = b.binary(BinaryOp::And, first, m15);
    let base2 = b.stack_addr(slot);
    let a2 = elem(&mut b, base2, idx, 4);
    let val = b.load(Type::I32, a2, a4());
    let sa = b.stack_addr(small);
    let h = b.iconst(Type::I16, 7);
    b.store(sa, h, MemFlags::aligned(2));
    let hv = b.load(Type::I16, sa, MemFlags::aligned(2));
    let hw = b.cast(CastOp::SExt, hv, Type::I32);
    let sum = b.binary(BinaryOp::Add, val, hw);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let out = elem(&mut b, p[0], tid, 4);
    b.store(out, sum, a4());
    // Also pass the array's address around as a generic pointer.
    let base3 = b.stack_addr(slot);
    let third = offset(&mut b, base3, 12);
    let gen = b.cast(CastOp::AddrSpaceCast, third, Type::Ptr(AddrSpace::Generic));
    let gv = b.load(Type::I32, gen, a4());
    let o4 = offset(&mut b, p[0], 4);
    b.store(o4, gv, a4());
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "local");
    assert!(
        ptx.contains(".local .align 16 .b8 \t__local_depot0[80];"),
        "{ptx}"
    );
    assert!(ptx.contains("mov.u64 \t%SPL, __local_depot0;"), "{ptx}");
    assert!(ptx.contains("cvta.local.u64"), "{ptx}");
    let out = run(
        &ptx,
        "_Z3locPii",
        1,
        &[u32_buf("o", &[13, 0, 0, 0]), Arg::Scalar("s32", "3".into())],
    );
    // One thread: arr[i] = 3 i; o[0] = arr[13 & 15] + 7, then o[1] = arr[3] read through a
    // generic pointer.
    assert_eq!(out[0], vec![46, 9, 0, 0]);
    insta::assert_snapshot!(ptx);
}

/// Static and dynamic shared memory with a barrier between the write and the read.
#[test]
fn shared_memory_with_barrier() {
    let mut m = Module::new();
    let tile = m.add_global(GlobalVar {
        name: "_ZZ4tileE1t".into(),
        space: AddrSpace::Shared,
        elem: Type::I8,
        count: Some(1024),
        align: 4,
        init: None,
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let dynm = m.add_global(GlobalVar {
        name: "dyn".into(),
        space: AddrSpace::Shared,
        elem: Type::I8,
        count: None,
        align: 16,
        init: None,
        linkage: Linkage::External,
        extern_shared: true,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let mut f = kernel("_Z4tilePfS_", &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let sh = Type::Ptr(AddrSpace::Shared);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let src = elem(&mut b, p[0], tid, 4);
    let v = b.load(Type::F32, src, a4());
    let t = b.global_addr(tile, AddrSpace::Shared);
    let dst = elem(&mut b, t, tid, 4);
    b.store(dst, v, a4());
    let d = b.global_addr(dynm, AddrSpace::Shared);
    let dd = elem(&mut b, d, tid, 4);
    b.store(dd, v, a4());
    b.barrier();
    let c255 = b.iconst(Type::I32, 255);
    let j = b.binary(BinaryOp::Sub, c255, tid);
    let t2 = b.global_addr(tile, AddrSpace::Shared);
    let rd = elem(&mut b, t2, j, 4);
    let w = b.load(Type::F32, rd, a4());
    let d2 = b.global_addr(dynm, AddrSpace::Shared);
    let d3 = offset(&mut b, d2, 12);
    let x = b.load(Type::F32, d3, a4());
    assert_eq!(b.func.value_type(d3), sh);
    let s = b.binary(BinaryOp::FAdd, w, x);
    let out = elem(&mut b, p[1], tid, 4);
    b.store(out, s, a4());
    b.ret(None);
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "shared");
    assert!(
        ptx.contains(".shared .align 4 .b8 _ZZ4tileE1t[1024];"),
        "{ptx}"
    );
    assert!(
        ptx.contains(".extern .shared .align 16 .b8 dyn[];"),
        "{ptx}"
    );
    assert!(ptx.contains("bar.sync \t0;"), "{ptx}");
    assert!(ptx.contains("[dyn+12];"), "{ptx}");
    insta::assert_snapshot!(ptx);
}
