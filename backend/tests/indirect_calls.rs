//! Indirect calls and function addresses: `funcaddr`, `callind` with scalar and by-value
//! arguments and a `void` callee, and a global table of function addresses (`func_addrs`),
//! assembled by ptxas for every target and run in `oxicc-emu` against plain Rust.

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{run, Arg, Buf};
use oxicc_ir::*;

#[test]
fn indirect_calls_through_selects_tables_and_by_value_arguments() {
    let mut m = Module::new();
    let i32p = [ParamKind::Value(Type::I32)];
    // add7(x) = x + 7, triple(x) = 3x
    let mut add7 = device("add7", &i32p, Some(Type::I32));
    let x = add7.params()[0];
    let mut b = FunctionBuilder::new(&mut add7);
    let c = b.iconst(Type::I32, 7);
    let r = b.binary(BinaryOp::Add, x, c);
    b.ret(Some(r));
    let add7 = m.add_function(add7);
    let mut triple = device("triple", &i32p, Some(Type::I32));
    let x = triple.params()[0];
    let mut b = FunctionBuilder::new(&mut triple);
    let c = b.iconst(Type::I32, 3);
    let r = b.binary(BinaryOp::Mul, x, c);
    b.ret(Some(r));
    let triple = m.add_function(triple);
    // pair_diff(struct {int a, b}) = a - b (by value)
    let byval = [ParamKind::ByVal { size: 8, align: 4 }];
    let mut diff = device("pair_diff", &byval, Some(Type::I32));
    let p = diff.params()[0];
    let mut b = FunctionBuilder::new(&mut diff);
    let a = b.load(Type::I32, p, a4());
    let pb = offset(&mut b, p, 4);
    let bv = b.load(Type::I32, pb, a4());
    let r = b.binary(BinaryOp::Sub, a, bv);
    b.ret(Some(r));
    let diff = m.add_function(diff);
    // put(p, v): *p = v
    let mut put = device(
        "put",
        &[
            ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
            ParamKind::Value(Type::I32),
        ],
        None,
    );
    let (pp, pv) = (put.params()[0], put.params()[1]);
    let mut b = FunctionBuilder::new(&mut put);
    b.store(pp, pv, a4());
    b.ret(None);
    let put = m.add_function(put);
    // table = {add7, triple}
    let table = m.add_global(GlobalVar {
        name: "table".into(),
        space: AddrSpace::Global,
        elem: Type::I64,
        count: Some(2),
        align: 8,
        init: Some(vec![0; 16]),
        linkage: Linkage::Internal,
        extern_shared: false,
        managed: false,
        func_addrs: vec![(0, add7), (8, triple)],
        read_only: false,
    });

    // out[i] = table[i & 1](i) + (i & 2 ? add7 : triple)(i) + pair_diff({i, 5}), through put.
    let mut k = kernel("k", &[G]);
    let out = k.params()[0];
    let slot = k.create_stack_slot(8, 4);
    let mut b = FunctionBuilder::new(&mut k);
    let i = b.special_reg(SpecialReg::Tid(Dim::X));
    let one = b.iconst(Type::I32, 1);
    let low = b.binary(BinaryOp::And, i, one);
    let ga = b.global_addr(table, AddrSpace::Global);
    let entry = elem(&mut b, ga, low, 8);
    let f0 = b.load(Type::Ptr(AddrSpace::Generic), entry, MemFlags::aligned(8));
    let sig_i = Signature {
        params: i32p.to_vec(),
        ret: Some(Type::I32),
    };
    let r0 = b.call_indirect(f0, sig_i.clone(), vec![i]).unwrap();
    let two = b.iconst(Type::I32, 2);
    let bit = b.binary(BinaryOp::And, i, two);
    let zero = b.iconst(Type::I32, 0);
    let set = b.icmp(IntCC::Ne, bit, zero);
    let fa = b.func_addr(add7);
    let fb = b.func_addr(triple);
    let f1 = b.select(set, fa, fb);
    let r1 = b.call_indirect(f1, sig_i, vec![i]).unwrap();
    let sa = b.stack_addr(slot);
    b.store(sa, i, a4());
    let five = b.iconst(Type::I32, 5);
    let sb = offset(&mut b, sa, 4);
    b.store(sb, five, a4());
    let fd = b.func_addr(diff);
    let sig_d = Signature {
        params: byval.to_vec(),
        ret: Some(Type::I32),
    };
    let r2 = b.call_indirect(fd, sig_d, vec![sa]).unwrap();
    let s = b.binary(BinaryOp::Add, r0, r1);
    let s = b.binary(BinaryOp::Add, s, r2);
    let dst = elem(&mut b, out, i, 4);
    let gdst = b.cast(CastOp::AddrSpaceCast, dst, Type::Ptr(AddrSpace::Generic));
    let fp = b.func_addr(put);
    let sig_p = Signature {
        params: vec![
            ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
            ParamKind::Value(Type::I32),
        ],
        ret: None,
    };
    b.call_indirect(fp, sig_p, vec![gdst, s]);
    b.ret(None);
    m.add_function(k);
    oxicc_ir::verify::verify_module(&m).expect("valid IR");

    let ptx = compile_and_assemble(&m, "indirect_calls");
    assert!(ptx.contains(".global .align 8 .u64 table[2] = {add7, triple};"));
    assert!(ptx.contains("prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);"));
    assert!(ptx.contains(".callprototype ()_ (.param .b64 _, .param .b32 _);"));
    let got = run(
        &ptx,
        "k",
        32,
        &[Arg::Buf(Buf {
            name: "out",
            bytes: 4,
            data: vec![0; 32],
        })],
    );
    let want: Vec<u64> = (0..32i32)
        .map(|i| {
            let f = |sel: bool, v: i32| if sel { v + 7 } else { 3 * v };
            let r = f(i & 1 == 0, i) + f(i & 2 != 0, i) + (i - 5);
            r as u32 as u64
        })
        .collect();
    assert_eq!(got[0], want);
}
