//! IR construction helpers shared by the kernel tests.

#![allow(dead_code)]

use oxicc_ir::*;

pub const G: Type = Type::Ptr(AddrSpace::Global);

/// A kernel with scalar parameters of the given types.
pub fn kernel(name: &str, params: &[Type]) -> Function {
    let sig = Signature {
        params: params.iter().map(|&t| ParamKind::Value(t)).collect(),
        ret: None,
    };
    Function::new(name, sig, FuncKind::Kernel)
}

/// A device function with internal linkage.
pub fn device(name: &str, params: &[ParamKind], ret: Option<Type>) -> Function {
    let sig = Signature {
        params: params.to_vec(),
        ret,
    };
    let mut f = Function::new(name, sig, FuncKind::Device);
    f.linkage = Linkage::Internal;
    f
}

/// `blockIdx.x * blockDim.x + threadIdx.x`.
pub fn global_index(b: &mut FunctionBuilder) -> Value {
    let c = b.special_reg(SpecialReg::CtaId(Dim::X));
    let n = b.special_reg(SpecialReg::NTid(Dim::X));
    let t = b.special_reg(SpecialReg::Tid(Dim::X));
    let m = b.binary(BinaryOp::Mul, c, n);
    b.binary(BinaryOp::Add, m, t)
}

/// `&base[idx]` for an `i32` index and elements of `size` bytes.
pub fn elem(b: &mut FunctionBuilder, base: Value, idx: Value, size: i64) -> Value {
    let w = b.cast(CastOp::SExt, idx, Type::I64);
    let s = b.iconst(Type::I64, size);
    let off = b.binary(BinaryOp::Mul, w, s);
    b.ptr_add(base, off)
}

/// `base + k` bytes.
pub fn offset(b: &mut FunctionBuilder, base: Value, k: i64) -> Value {
    let c = b.iconst(Type::I64, k);
    b.ptr_add(base, c)
}

pub fn a4() -> MemFlags {
    MemFlags::aligned(4)
}
