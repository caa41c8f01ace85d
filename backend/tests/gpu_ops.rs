//! Backend tests for GPU operations and control flow: atomics in every space and scope,
//! warp shuffles and votes, fences, switch with block arguments, launch bounds and
//! module-scope variables. Each kernel is assembled by the real `ptxas` for sm_75/80/90.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{run, Arg, Buf};
use oxicc_ir::*;

fn finish(f: Function) -> Module {
    let mut m = Module::new();
    m.add_function(f);
    m
}

#[test]
fn atomics_in_every_space_and_scope() {
    let mut m = Module::new();
    let counters = m.add_global(GlobalVar {
        name: "counters".into(),
        space: AddrSpace::Shared,
        elem: Type::I8,
        count: Some(64),
        align: 8,
        init: None,
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let mut f = kernel("_Z5atomsPiPfPx", &[G, G, G, Type::Ptr(AddrSpace::Generic)]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let one = b.iconst(Type::I32, 1);
    let sh = b.global_addr(counters, AddrSpace::Shared);
    let ops = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Exch,
        AtomicOp::SMin,
        AtomicOp::SMax,
        AtomicOp::UMin,
        AtomicOp::UMax,
        AtomicOp::Inc,
        AtomicOp::Dec,
    ];
    let mut acc = one;
    for (k, op) in ops.into_iter().enumerate() {
        let scope = [Scope::Gpu, Scope::Cta, Scope::System][k % 3];
        let ptr = [p[0], sh, p[3]][k % 3];
        let r = b.ins(
            InstData::AtomicRmw {
                op,
                ptr,
                value: acc,
                scope,
            },
            Some(Type::I32),
        );
        acc = b.func.result(r);
    }
    let fone = b.f32const(1.0);
    let fr = b.ins(
        InstData::AtomicRmw {
            op: AtomicOp::FAdd,
            ptr: p[1],
            value: fone,
            scope: Scope::Gpu,
        },
        Some(Type::F32),
    );
    let fv = b.func.result(fr);
    let d = b.cast(CastOp::FpToSi, fv, Type::I32);
    let wide = b.cast(CastOp::SExt, d, Type::I64);
    let r64 = b.ins(
        InstData::AtomicRmw {
            op: AtomicOp::Add,
            ptr: p[2],
            value: wide,
            scope: Scope::Gpu,
        },
        Some(Type::I64),
    );
    let v64 = b.func.result(r64);
    let two = b.iconst(Type::I32, 2);
    let cas = b.ins(
        InstData::AtomicCas {
            ptr: p[0],
            expected: acc,
            new: two,
            scope: Scope::Gpu,
        },
        Some(Type::I32),
    );
    let cv = b.func.result(cas);
    let cas64 = b.ins(
        InstData::AtomicCas {
            ptr: p[2],
            expected: v64,
            new: wide,
            scope: Scope::Cta,
        },
        Some(Type::I64),
    );
    let _ = cas64;
    let o = offset(&mut b, p[0], 4);
    b.store(o, cv, a4());
    // Old values nobody reads: reductions.
    for (op, ptr, scope) in [
        (AtomicOp::Add, p[0], Scope::Gpu),
        (AtomicOp::SMax, sh, Scope::Cta),
    ] {
        b.ins(
            InstData::AtomicRmw {
                op,
                ptr,
                value: two,
                scope,
            },
            Some(Type::I32),
        );
    }
    b.ins(InstData::Fence { scope: Scope::Cta }, None);
    b.ins(InstData::Fence { scope: Scope::Gpu }, None);
    b.ins(
        InstData::Fence {
            scope: Scope::System,
        },
        None,
    );
    b.ret(None);
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "atomics");
    for needle in [
        "atom.global.add.u32",
        "atom.shared.cta.add.u32",
        "atom.sys.and.b32",
        "atom.sys.exch.b32",
        "atom.shared.cta.max.s32",
        "atom.shared.cta.inc.u32",
        "atom.global.add.f32",
        "atom.global.add.u64",
        "atom.global.cas.b32",
        "atom.global.cta.cas.b64",
        "red.global.add.u32",
        "red.shared.cta.max.s32",
        "membar.cta;",
        "membar.gl;",
        "membar.sys;",
    ] {
        assert!(ptx.contains(needle), "missing {needle}:\n{ptx}");
    }
    insta::assert_snapshot!(ptx);
}

#[test]
fn shuffles_and_votes() {
    let mut f = kernel("_Z4warpPi", &[G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let full = b.iconst(Type::I32, -1);
    let lane = b.special_reg(SpecialReg::LaneId);
    let ws = b.special_reg(SpecialReg::WarpSize);
    let c31 = b.iconst(Type::I32, 31);
    let c0 = b.iconst(Type::I32, 0);
    let one = b.iconst(Type::I32, 1);
    let mut v = lane;
    for (mode, clamp) in [
        (ShuffleMode::Idx, c31),
        (ShuffleMode::Up, c0),
        (ShuffleMode::Down, c31),
        (ShuffleMode::Bfly, c31),
    ] {
        let r = b.ins(
            InstData::Shuffle {
                mode,
                mask: full,
                value: v,
                lane: one,
                clamp,
            },
            Some(Type::I32),
        );
        v = b.func.result(r);
    }
    // A float shuffle through the same .b32 instruction.
    let fv = b.cast(CastOp::SiToFp, v, Type::F32);
    let fr = b.ins(
        InstData::Shuffle {
            mode: ShuffleMode::Down,
            mask: full,
            value: fv,
            lane: ws,
            clamp: c31,
        },
        Some(Type::F32),
    );
    let fres = b.func.result(fr);
    let t = b.cast(CastOp::FpToSi, fres, Type::I32);
    let c = b.icmp(IntCC::Sgt, t, one);
    let mut total = t;
    for mode in [VoteMode::All, VoteMode::Any, VoteMode::Uni] {
        let r = b.ins(
            InstData::Vote {
                mode,
                mask: full,
                pred: c,
            },
            Some(Type::I1),
        );
        let pv = b.func.result(r);
        let z = b.cast(CastOp::ZExt, pv, Type::I32);
        total = b.binary(BinaryOp::Add, total, z);
    }
    let r = b.ins(
        InstData::Vote {
            mode: VoteMode::Ballot,
            mask: full,
            pred: c,
        },
        Some(Type::I32),
    );
    let ballot = b.func.result(r);
    total = b.binary(BinaryOp::Add, total, ballot);
    let out = elem(&mut b, p[0], lane, 4);
    b.store(out, total, a4());
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "warp");
    for needle in [
        "shfl.sync.idx.b32",
        "shfl.sync.up.b32",
        "shfl.sync.down.b32",
        "shfl.sync.bfly.b32",
        "vote.sync.all.pred",
        "vote.sync.any.pred",
        "vote.sync.uni.pred",
        "vote.sync.ballot.b32",
        "%laneid",
        "WARP_SZ",
    ] {
        assert!(ptx.contains(needle), "missing {needle}:\n{ptx}");
    }
    insta::assert_snapshot!(ptx);
}

#[test]
fn switch_with_block_arguments() {
    let mut f = kernel("_Z2swPii", &[G, Type::I32]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let b1 = b.create_block();
    let b2 = b.create_block();
    let v2 = b.append_block_param(b2, Type::I32);
    let b3 = b.create_block();
    let join = b.create_block();
    let jv = b.append_block_param(join, Type::I32);
    let c100 = b.iconst(Type::I32, 100);
    let zero = b.iconst(Type::I32, 0);
    b.switch(
        p[1],
        vec![
            (1, BlockCall::plain(b1)),
            (5, BlockCall::new(b2, vec![p[1]])),
            (9, BlockCall::plain(b3)),
            (0xffff_fffe, BlockCall::new(join, vec![c100])),
        ],
        BlockCall::new(join, vec![zero]),
    );
    b.switch_to_block(b1);
    let c3 = b.iconst(Type::I32, 3);
    b.jump(join, vec![c3]);
    b.switch_to_block(b2);
    let d = b.binary(BinaryOp::Mul, v2, v2);
    b.jump(join, vec![d]);
    b.switch_to_block(b3);
    let o = offset(&mut b, p[0], 16);
    let one = b.iconst(Type::I32, 1);
    b.store(o, one, a4());
    b.jump(join, vec![p[1]]);
    b.switch_to_block(join);
    b.store(p[0], jv, a4());
    b.ret(None);
    let ptx = compile_and_assemble(&finish(f), "switch");
    assert!(ptx.contains("setp.eq.s32"), "{ptx}");
    assert!(ptx.contains(", -2;"), "{ptx}");
    for (x, want0, want4) in [
        (1i32, 3u64, 0u64),
        (5, 25, 0),
        (9, 9, 1),
        (-2, 100, 0),
        (4, 0, 0),
    ] {
        let out = run(
            &ptx,
            "_Z2swPii",
            1,
            &[
                Arg::Buf(Buf {
                    name: "o",
                    bytes: 4,
                    data: vec![0; 5],
                }),
                Arg::Scalar("s32", x.to_string()),
            ],
        );
        assert_eq!((out[0][0], out[0][4]), (want0, want4), "switch on {x}");
    }
    insta::assert_snapshot!(ptx);
}

#[test]
fn globals_and_launch_bounds() {
    let mut m = Module::new();
    let w = m.add_global(GlobalVar {
        name: "w".into(),
        space: AddrSpace::Global,
        elem: Type::F32,
        count: Some(5),
        align: 4,
        init: Some(
            [1.0f32, 2.0, 3.0, 4.0, 0.0]
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect(),
        ),
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let cw = m.add_global(GlobalVar {
        name: "cw".into(),
        space: AddrSpace::Const,
        elem: Type::F32,
        count: Some(3),
        align: 4,
        init: Some(
            [0.25f32, 0.5, 0.25]
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect(),
        ),
        linkage: Linkage::External,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let gx = m.add_global(GlobalVar {
        name: "gx".into(),
        space: AddrSpace::Global,
        elem: Type::I32,
        count: None,
        align: 4,
        init: Some(5i32.to_le_bytes().to_vec()),
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let gd = m.add_global(GlobalVar {
        name: "gd".into(),
        space: AddrSpace::Global,
        elem: Type::F64,
        count: None,
        align: 8,
        init: Some(2.5f64.to_le_bytes().to_vec()),
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: Vec::new(),
        read_only: false,
    });
    let mut f = kernel("_Z7stencilPfi", &[G, Type::I32]);
    f.launch_bounds = Some((256, 2));
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let wa = b.global_addr(w, AddrSpace::Global);
    let w1 = offset(&mut b, wa, 4);
    let x = b.load(Type::F32, w1, a4());
    let ca = b.global_addr(cw, AddrSpace::Const);
    let three = b.iconst(Type::I32, 3);
    let k = b.binary(BinaryOp::SRem, p[1], three);
    let ck = elem(&mut b, ca, k, 4);
    let y = b.load(Type::F32, ck, a4());
    let s = b.binary(BinaryOp::FAdd, x, y);
    let ga = b.global_addr(gx, AddrSpace::Global);
    let g = b.load(Type::I32, ga, a4());
    let gf = b.cast(CastOp::SiToFp, g, Type::F32);
    let s2 = b.binary(BinaryOp::FAdd, s, gf);
    let da = b.global_addr(gd, AddrSpace::Global);
    let dv = b.load(Type::F64, da, MemFlags::aligned(8));
    let df = b.cast(CastOp::FpTrunc, dv, Type::F32);
    let s3 = b.binary(BinaryOp::FAdd, s2, df);
    b.store(p[0], s3, a4());
    b.ret(None);
    m.add_function(f);
    let ptx = compile_and_assemble(&m, "globals");
    assert!(ptx.contains(".global .align 4 .b8 w[20] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};"), "{ptx}");
    assert!(
        ptx.contains(
            ".visible .const .align 4 .b8 cw[12] = {0, 0, 128, 62, 0, 0, 0, 63, 0, 0, 128, 62};"
        ),
        "{ptx}"
    );
    assert!(ptx.contains(".global .align 4 .u32 gx = 5;"), "{ptx}");
    assert!(
        ptx.contains(".global .align 8 .f64 gd = 0d4004000000000000;"),
        "{ptx}"
    );
    assert!(
        ptx.contains(".maxntid 256, 1, 1\n.minnctapersm 2\n"),
        "{ptx}"
    );
    assert!(ptx.contains("ld.global.f32 \t%f1, [w+4];"), "{ptx}");
    insta::assert_snapshot!(ptx);
}
