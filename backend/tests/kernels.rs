//! End-to-end backend tests: IR kernels built with the builder, compiled for sm_75, sm_80
//! and sm_90, assembled by the real `ptxas`, and snapshotted (sm_75) for form.

mod common;

use common::build::*;
use common::compile_and_assemble;
use oxicc_ir::*;

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
    let ptx = compile_and_assemble(&finish(f), "loop");
    // The loop counter and accumulator update in place: no copies in the loop.
    assert!(!ptx.contains("mov.f32 \t%f1, %f"), "{ptx}");
    assert!(!ptx.contains("mov.u32 \t%r2, %r"), "{ptx}");
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
    insta::assert_snapshot!(ptx);
}
