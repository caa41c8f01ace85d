//! mem2reg on hand-built IR: promotion shape, block parameters at joins, and what must not
//! be promoted (escaping, volatile, mixed types).

use crate::common;

use common::*;
use oxicc_ir::*;

/// `int f(int c) { int x; if (c) x = 1; else x = 2; return x; }`, the front end's way.
fn diamond() -> Function {
    let mut f = Function::new("f", sig(&[Type::I32], Some(Type::I32)), FuncKind::Device);
    let slot = f.create_stack_slot(4, 4);
    let c = f.params()[0];
    let mut b = FunctionBuilder::new(&mut f);
    let (then_b, else_b, join) = (b.create_block(), b.create_block(), b.create_block());
    let zero = b.iconst(Type::I32, 0);
    let cond = b.icmp(IntCC::Ne, c, zero);
    b.branch(cond, BlockCall::plain(then_b), BlockCall::plain(else_b));
    b.switch_to_block(then_b);
    let a = b.stack_addr(slot);
    let one = b.iconst(Type::I32, 1);
    b.store(a, one, MemFlags::aligned(4));
    b.jump(join, vec![]);
    b.switch_to_block(else_b);
    let a = b.stack_addr(slot);
    let two = b.iconst(Type::I32, 2);
    b.store(a, two, MemFlags::aligned(4));
    b.jump(join, vec![]);
    b.switch_to_block(join);
    let a = b.stack_addr(slot);
    let x = b.load(Type::I32, a, MemFlags::aligned(4));
    b.ret(Some(x));
    f
}

#[test]
fn diamond_gets_one_block_param() {
    let mut f = diamond();
    assert!(oxicc_passes::mem2reg::run(&mut f));
    assert_eq!(
        count_ops(&f, &[Opcode::StackAddr, Opcode::Load, Opcode::Store]),
        0
    );
    assert!(f.stack_slots.is_empty());
    let join = f.layout[3];
    assert_eq!(f.blocks[join].params.len(), 1);
    verify(&f);
    let m = module_of(f);
    assert_eq!(run_i(&m, "f", &[5]), 1);
    assert_eq!(run_i(&m, "f", &[0]), 2);
}

/// A loop `s = 0; for (i = 0; i < n; i++) s += i; return s;` through two slots.
fn sum_loop() -> Function {
    let mut f = Function::new("sum", sig(&[Type::I32], Some(Type::I32)), FuncKind::Device);
    let (si, ss) = (f.create_stack_slot(4, 4), f.create_stack_slot(4, 4));
    let n = f.params()[0];
    let mut b = FunctionBuilder::new(&mut f);
    let (head, body, exit) = (b.create_block(), b.create_block(), b.create_block());
    let fl = MemFlags::aligned(4);
    let zero = b.iconst(Type::I32, 0);
    let a = b.stack_addr(si);
    b.store(a, zero, fl);
    let a = b.stack_addr(ss);
    b.store(a, zero, fl);
    b.jump(head, vec![]);
    b.switch_to_block(head);
    let a = b.stack_addr(si);
    let i = b.load(Type::I32, a, fl);
    let c = b.icmp(IntCC::Slt, i, n);
    b.branch(c, BlockCall::plain(body), BlockCall::plain(exit));
    b.switch_to_block(body);
    let a = b.stack_addr(ss);
    let s = b.load(Type::I32, a, fl);
    let a2 = b.stack_addr(si);
    let i = b.load(Type::I32, a2, fl);
    let s2 = b.binary(BinaryOp::Add, s, i);
    b.store(a, s2, fl);
    let one = b.iconst(Type::I32, 1);
    let i2 = b.binary(BinaryOp::Add, i, one);
    b.store(a2, i2, fl);
    b.jump(head, vec![]);
    b.switch_to_block(exit);
    let a = b.stack_addr(ss);
    let s = b.load(Type::I32, a, fl);
    b.ret(Some(s));
    f
}

#[test]
fn loop_counter_and_sum_become_header_params() {
    let mut f = sum_loop();
    let before = module_of(f.clone());
    assert!(oxicc_passes::mem2reg::run(&mut f));
    verify(&f);
    assert_eq!(
        count_ops(&f, &[Opcode::StackAddr, Opcode::Load, Opcode::Store]),
        0
    );
    // Only the loop header joins values: two parameters, no parameters elsewhere (pruned SSA).
    let head = f.layout[1];
    assert_eq!(f.blocks[head].params.len(), 2);
    assert_eq!(f.blocks[f.layout[2]].params.len(), 0);
    assert_eq!(f.blocks[f.layout[3]].params.len(), 0);
    let after = module_of(f);
    for n in [0i64, 1, 5, 10] {
        let expect: i64 = (0..n).sum();
        assert_eq!(run_i(&before, "sum", &[n]), expect);
        assert_eq!(run_i(&after, "sum", &[n]), expect);
    }
}

#[test]
fn uninitialized_read_is_zero() {
    let mut f = Function::new("u", sig(&[], Some(Type::F32)), FuncKind::Device);
    let slot = f.create_stack_slot(4, 4);
    let mut b = FunctionBuilder::new(&mut f);
    let a = b.stack_addr(slot);
    let x = b.load(Type::F32, a, MemFlags::aligned(4));
    b.ret(Some(x));
    assert!(oxicc_passes::mem2reg::run(&mut f));
    verify(&f);
    assert_eq!(count_ops(&f, &[Opcode::Load]), 0);
    let m = module_of(f);
    assert_eq!(run(&m, "u", &[]), Some(0));
}

#[test]
fn escaping_volatile_and_mixed_slots_stay() {
    let mut f = Function::new(
        "e",
        sig(&[Type::Ptr(AddrSpace::Generic)], None),
        FuncKind::Device,
    );
    let p = f.params()[0];
    let (esc, vol, mixed, ok) = (
        f.create_stack_slot(8, 8),
        f.create_stack_slot(4, 4),
        f.create_stack_slot(4, 4),
        f.create_stack_slot(4, 4),
    );
    let mut b = FunctionBuilder::new(&mut f);
    let fl = MemFlags::aligned(4);
    // The address of `esc` is stored to memory: it escapes.
    let a = b.stack_addr(esc);
    let g = b.cast(CastOp::AddrSpaceCast, a, Type::Ptr(AddrSpace::Generic));
    b.store(p, g, MemFlags::aligned(8));
    // `vol` is accessed with a volatile store.
    let a = b.stack_addr(vol);
    let one = b.iconst(Type::I32, 1);
    b.store(
        a,
        one,
        MemFlags {
            volatile: true,
            ..MemFlags::aligned(4)
        },
    );
    // `mixed` is stored as i32 and loaded as f32.
    let a = b.stack_addr(mixed);
    b.store(a, one, fl);
    let _ = b.load(Type::F32, a, fl);
    // `ok` is plain.
    let a = b.stack_addr(ok);
    b.store(a, one, fl);
    let _ = b.load(Type::I32, a, fl);
    b.ret(None);
    assert!(oxicc_passes::mem2reg::run(&mut f));
    verify(&f);
    assert_eq!(f.stack_slots.len(), 3, "only the plain slot is promoted");
    assert_eq!(count_ops(&f, &[Opcode::StackAddr]), 3);
}
