//! Casts that keep the bits and the register class (`ptrtoint`, `inttoptr`, same-class
//! `bitcast`) select to no instruction: the result is the argument's register, so a pointer
//! that is compared or subtracted as an integer and used again later is not copied with a
//! `mov` (the copy the register allocator could not coalesce while both were live).

use crate::common;

use common::build::*;
use common::compile_and_assemble;
use common::run::{run, Arg, Buf};
use oxicc_ir::*;

const LANES: usize = 32;

/// `a = &x[i]; o[i] = (i64)a - (i64)x; *(int*)(i64)a = i`: both pointers stay live after
/// their casts.
fn diff_kernel(name: &str) -> Module {
    let mut f = kernel(name, &[G, G]);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let a = elem(&mut b, p[1], tid, 4);
    let ai = b.cast(CastOp::PtrToInt, a, Type::I64);
    let xi = b.cast(CastOp::PtrToInt, p[1], Type::I64);
    let d = b.binary(BinaryOp::Sub, ai, xi);
    let o = elem(&mut b, p[0], tid, 8);
    b.store(o, d, MemFlags::aligned(8));
    let back = b.cast(CastOp::IntToPtr, ai, G);
    b.store(back, tid, a4());
    b.store(a, tid, a4());
    b.ret(None);
    let mut m = Module::new();
    m.add_function(f);
    m
}

#[test]
fn pointer_integer_casts_are_not_copies() {
    let ptx = compile_and_assemble(&diff_kernel("diff"), "diff");
    let copies: Vec<&str> = ptx
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            (l.starts_with("mov.u64") || l.starts_with("mov.b64") || l.starts_with("mov.s64"))
                && l.matches("%rd").count() == 2
        })
        .collect();
    assert!(
        copies.is_empty(),
        "64-bit register copies {copies:?}:\n{ptx}"
    );
    let args = [
        Arg::Buf(Buf {
            name: "o",
            bytes: 8,
            data: vec![0; LANES],
        }),
        Arg::Buf(Buf {
            name: "x",
            bytes: 4,
            data: vec![7; LANES],
        }),
    ];
    let out = run(&ptx, "diff", LANES as u32, &args);
    assert_eq!(out[0].len(), LANES);
    for (i, (&d, &x)) in out[0].iter().zip(&out[1]).enumerate() {
        assert_eq!(d, 4 * i as u64, "byte distance of lane {i}");
        assert_eq!(x, i as u64, "store through the cast-back pointer, lane {i}");
    }
}
