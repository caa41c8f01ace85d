//! C types in IR (value and memory representations), conversions between arithmetic and
//! pointer types, and the arithmetic/comparison operators after the usual conversions.
//!
//! `bool` is an `i1` as a value and an `i8` in memory (stored zero-extended, loaded and
//! compared with zero), like clang. Pointer values keep the address space they were formed
//! in (a `__shared__` array decays to a `ptr.shared`) and become generic only where they
//! escape into C's generic pointer world: stores, calls, returns, comparisons, integers.

use super::Lowerer;
use crate::sema::conv::{promote, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, TypeId, TypeKind};
use oxicc_ir::{AddrSpace, BinaryOp, CastOp, FloatCC, IntCC, Type, Value};

impl Lowerer<'_> {
    /// The IR type of a scalar C type in memory (`bool` → `i8`).
    pub fn mem_type(&self, ty: TypeId) -> Type {
        match self.types.kind(ty) {
            TypeKind::Float(FloatKind::Float) => Type::F32,
            TypeKind::Float(FloatKind::Double) | TypeKind::LongDouble => Type::F64,
            TypeKind::Pointer(_) | TypeKind::Reference { .. } => Type::Ptr(AddrSpace::Generic),
            TypeKind::MemberPointer { .. } => Type::I64,
            _ => match self.types.int_kind(ty) {
                Some(k) => Type::int_with_bits(k.bits()).unwrap_or(Type::I32),
                None => Type::I8,
            },
        }
    }

    /// The IR type of a scalar C value (`bool` → `i1`).
    pub fn val_type(&self, ty: TypeId) -> Type {
        if self.types.is_bool(ty) {
            Type::I1
        } else {
            self.mem_type(ty)
        }
    }

    /// Loads a scalar of type `ty` from `addr`.
    pub fn load_scalar(&mut self, addr: Value, ty: QualType) -> Value {
        let mt = self.mem_type(ty.ty);
        let align = self.types.align_of(ty.ty);
        let v = self.load(mt, addr, align, ty.quals.volatile);
        if self.types.is_bool(ty.ty) {
            let z = self.iconst(Type::I8, 0);
            return self.icmp(IntCC::Ne, v, z);
        }
        v
    }

    /// Stores a scalar value of type `ty` (already converted) to `addr`.
    pub fn store_scalar(&mut self, addr: Value, v: Value, ty: QualType) {
        let v = self.memory_repr(v, ty.ty);
        let align = self.types.align_of(ty.ty);
        self.store(addr, v, align, ty.quals.volatile);
    }

    /// A value in its memory representation (bool zero-extended, pointers generic).
    pub fn memory_repr(&mut self, v: Value, ty: TypeId) -> Value {
        if self.types.is_bool(ty) && self.vty(v) == Type::I1 {
            return self.cast(CastOp::ZExt, v, Type::I8);
        }
        self.generic_ptr(v)
    }

    /// A value received in memory representation turned into a value of type `ty`.
    pub fn value_repr(&mut self, v: Value, ty: TypeId) -> Value {
        if self.types.is_bool(ty) && self.vty(v) != Type::I1 {
            let z = self.iconst(self.vty(v), 0);
            return self.icmp(IntCC::Ne, v, z);
        }
        v
    }

    /// Converts a scalar `v` of type `from` to type `to` as a C cast does (no checks).
    pub fn convert(&mut self, v: Value, from: TypeId, to: TypeId) -> Value {
        if from == to {
            return v;
        }
        let tt = self.val_type(to);
        if self.types.is_bool(to) {
            return self.truth(v, from);
        }
        let from_ptr = self.types.is_pointer(from);
        let to_ptr = self.types.is_pointer(to);
        if to_ptr && from_ptr {
            return v;
        }
        if to_ptr {
            // Integer to pointer: widen to 64 bits first.
            let w = self.int_convert(v, from, IntKind::Long);
            return self.cast(CastOp::IntToPtr, w, Type::Ptr(AddrSpace::Generic));
        }
        if from_ptr {
            let g = self.generic_ptr(v);
            let i = self.cast(CastOp::PtrToInt, g, Type::I64);
            let k = self.types.int_kind(to).unwrap_or(IntKind::Long);
            let long = self.types.int(IntKind::Long);
            return self.int_convert(i, long, k);
        }
        match (self.arith_of(from), self.arith_of(to)) {
            (Some(Arith::Int(_)), Some(Arith::Int(k))) => self.int_convert(v, from, k),
            (Some(Arith::Int(fk)), Some(Arith::Float(_))) => {
                let v = self.widen_bool(v, fk);
                let op = if fk.signed() {
                    CastOp::SiToFp
                } else {
                    CastOp::UiToFp
                };
                self.cast(op, v, tt)
            }
            (Some(Arith::Float(_)), Some(Arith::Int(k))) => {
                let op = if k.signed() {
                    CastOp::FpToSi
                } else {
                    CastOp::FpToUi
                };
                self.cast(op, v, tt)
            }
            (Some(Arith::Float(a)), Some(Arith::Float(b))) => match (a, b) {
                (FloatKind::Float, FloatKind::Double) => self.cast(CastOp::FpExt, v, Type::F64),
                (FloatKind::Double, FloatKind::Float) => self.cast(CastOp::FpTrunc, v, Type::F32),
                _ => v,
            },
            _ => v,
        }
    }

    fn widen_bool(&mut self, v: Value, k: IntKind) -> Value {
        if k == IntKind::Bool && self.vty(v) == Type::I1 {
            self.cast(CastOp::ZExt, v, Type::I32)
        } else {
            v
        }
    }

    /// Integer-to-integer conversion: truncate, or extend by the source's signedness.
    fn int_convert(&mut self, v: Value, from: TypeId, to: IntKind) -> Value {
        let fk = self.types.int_kind(from).unwrap_or(IntKind::Int);
        let v = self.widen_bool(v, fk);
        let have = self.vty(v).bits();
        let want = to.bits();
        let tt = Type::int_with_bits(want).unwrap_or(Type::I32);
        if have == want {
            v
        } else if have > want {
            self.cast(CastOp::Trunc, v, tt)
        } else if fk.signed() {
            self.cast(CastOp::SExt, v, tt)
        } else {
            self.cast(CastOp::ZExt, v, tt)
        }
    }

    /// `v != 0` as an `i1`, for a scalar of type `ty`.
    pub fn truth(&mut self, v: Value, ty: TypeId) -> Value {
        let vt = self.vty(v);
        if vt == Type::I1 {
            return v;
        }
        // A pointer to data member is null when it is -1 (offset 0 is a member).
        if let TypeKind::MemberPointer { .. } = self.types.kind(ty) {
            let null = self.iconst(Type::I64, -1);
            return self.icmp(IntCC::Ne, v, null);
        }
        match vt {
            Type::F32 | Type::F64 => {
                let z = self.fconst(vt, 0.0);
                self.fcmp(FloatCC::Une, v, z)
            }
            Type::Ptr(_) => {
                let g = self.generic_ptr(v);
                let i = self.cast(CastOp::PtrToInt, g, Type::I64);
                let z = self.iconst(Type::I64, 0);
                self.icmp(IntCC::Ne, i, z)
            }
            _ => {
                let _ = ty;
                let z = self.iconst(vt, 0);
                self.icmp(IntCC::Ne, v, z)
            }
        }
    }

    /// The C type of an arithmetic kind.
    pub fn arith_type(&mut self, a: Arith) -> TypeId {
        match a {
            Arith::Int(k) => self.types.int(k),
            Arith::Float(k) => self.types.float(k),
        }
    }

    /// Integer promotion of a value of type `ty`; returns the promoted value and type.
    pub fn promote_value(&mut self, v: Value, ty: TypeId) -> (Value, TypeId) {
        match self.types.int_kind(ty) {
            Some(k) => {
                let pk = promote(k);
                let pt = self.types.int(pk);
                if pt == ty {
                    return (v, ty);
                }
                (self.convert(v, ty, pt), pt)
            }
            None => (v, ty),
        }
    }

    /// An arithmetic binary operator on two values already converted to type `ty`.
    pub fn arith_op(&mut self, op: crate::ast::BinaryOp, a: Value, b: Value, ty: TypeId) -> Value {
        use crate::ast::BinaryOp as B;
        let is_float = self.types.is_float(ty);
        let signed = self.types.int_kind(ty).is_some_and(|k| k.signed());
        let irop = match op {
            B::Add if is_float => BinaryOp::FAdd,
            B::Sub if is_float => BinaryOp::FSub,
            B::Mul if is_float => BinaryOp::FMul,
            // `--use_fast_math`: float (not double) division is `div.approx.f32`;
            // `-prec-div=false`: `div.full.f32`.
            B::Div
                if is_float && self.opts.math.fast_math && self.vty(a) == oxicc_ir::Type::F32 =>
            {
                BinaryOp::FDivApprox
            }
            B::Div
                if is_float && !self.opts.math.prec_div && self.vty(a) == oxicc_ir::Type::F32 =>
            {
                BinaryOp::FDivFull
            }
            B::Div if is_float => BinaryOp::FDiv,
            B::Add => BinaryOp::Add,
            B::Sub => BinaryOp::Sub,
            B::Mul => BinaryOp::Mul,
            B::Div if signed => BinaryOp::SDiv,
            B::Div => BinaryOp::UDiv,
            B::Rem if signed => BinaryOp::SRem,
            B::Rem => BinaryOp::URem,
            B::BitAnd => BinaryOp::And,
            B::BitOr => BinaryOp::Or,
            B::BitXor => BinaryOp::Xor,
            B::Shl => BinaryOp::Shl,
            B::Shr if signed => BinaryOp::AShr,
            B::Shr => BinaryOp::LShr,
            _ => BinaryOp::Add,
        };
        // Signed overflow is undefined in C and C++ (LLVM's `nsw`, as clang and cicc mark it).
        if signed && matches!(irop, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) {
            return self.bin_nsw(irop, a, b);
        }
        self.bin(irop, a, b)
    }

    /// A comparison of two values converted to type `ty` (`i1` result).
    pub fn compare(&mut self, op: crate::ast::BinaryOp, a: Value, b: Value, ty: TypeId) -> Value {
        use crate::ast::BinaryOp as B;
        if self.types.is_float(ty) {
            let cc = match op {
                B::Lt => FloatCC::Olt,
                B::Le => FloatCC::Ole,
                B::Gt => FloatCC::Ogt,
                B::Ge => FloatCC::Oge,
                B::Eq => FloatCC::Oeq,
                _ => FloatCC::Une,
            };
            return self.fcmp(cc, a, b);
        }
        let signed = self.types.int_kind(ty).is_some_and(|k| k.signed());
        let cc = match (op, signed) {
            (B::Lt, true) => IntCC::Slt,
            (B::Le, true) => IntCC::Sle,
            (B::Gt, true) => IntCC::Sgt,
            (B::Ge, true) => IntCC::Sge,
            (B::Lt, false) => IntCC::Ult,
            (B::Le, false) => IntCC::Ule,
            (B::Gt, false) => IntCC::Ugt,
            (B::Ge, false) => IntCC::Uge,
            (B::Eq, _) => IntCC::Eq,
            _ => IntCC::Ne,
        };
        // Pointers compare as 64-bit integers of their generic addresses.
        let (a, b) = if self.vty(a).is_ptr() {
            let ga = self.generic_ptr(a);
            let gb = self.generic_ptr(b);
            (
                self.cast(CastOp::PtrToInt, ga, Type::I64),
                self.cast(CastOp::PtrToInt, gb, Type::I64),
            )
        } else {
            (a, b)
        };
        self.icmp(cc, a, b)
    }

    /// Scales an integer index of type `ity` to a byte offset (`i64`) for elements of
    /// `elem_size` bytes; `negate` subtracts.
    pub fn scaled_offset(
        &mut self,
        idx: Value,
        ity: TypeId,
        elem_size: u64,
        negate: bool,
    ) -> Value {
        let long = self.types.int(IntKind::Long);
        let i = self.convert(idx, ity, long);
        let i = if negate {
            let z = self.iconst(Type::I64, 0);
            self.bin(BinaryOp::Sub, z, i)
        } else {
            i
        };
        if elem_size == 1 {
            return i;
        }
        let s = self.iconst(Type::I64, elem_size as i128);
        self.bin(BinaryOp::Mul, i, s)
    }
}
