//! Device `new` and `delete`, as nvcc lowers them (`new (place) T` constructs at `place`
//! and allocates nothing): `operator new` is the device `malloc`
//! (`.extern .func (.param .b64 func_retval0) malloc (.param .b64)`), `operator delete` is
//! `free`. `new T(args)` allocates `sizeof(T)` bytes and constructs the object there;
//! `new T[n]` allocates `n * sizeof(T)` bytes (no array cookie: only element types without
//! a destructor). `delete p` does nothing for a null `p`; otherwise it destroys the object
//! and frees it — for a class with a virtual destructor through the deleting destructor
//! `D0` in the object's vtable (so `delete base_ptr` destroys the whole derived object and
//! frees the address `D0` computes from its own `this`).

use super::call::CallArgs;
use super::expr::Operand;
use super::virtual_fns::Slot;
use super::Lowerer;
use crate::ast::{Expr, TypeExpr};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{
    AddrSpace, CastOp, FuncId, FuncKind, Function, InstData, IntCC, Linkage, ParamKind, Signature,
    Type, Value,
};

/// The (no) value of a `delete` expression.
pub(crate) fn void_operand(void: QualType) -> Operand {
    Operand {
        ty: void,
        kind: super::expr::OpKind::Void,
        npc: false,
        cat: super::expr::ValCat::PRValue,
    }
}

impl Lowerer<'_> {
    /// The `malloc` import (device `operator new`).
    fn malloc_decl(&mut self) -> FuncId {
        if let Some(f) = self.module.function_by_name("malloc") {
            return f;
        }
        let sig = Signature {
            params: vec![ParamKind::Value(Type::I64)],
            ret: Some(Type::Ptr(AddrSpace::Generic)),
        };
        let mut f = Function::declaration("malloc", sig, FuncKind::Device);
        f.linkage = Linkage::Import;
        self.module.add_function(f)
    }

    /// `new T…` and `new (place) T…`.
    pub(super) fn new_expr(
        &mut self,
        placement: Option<&[&Expr<'_>]>,
        ty: &TypeExpr<'_>,
        count: Option<&Expr<'_>>,
        args: Option<&[&Expr<'_>]>,
        braced: bool,
        span: Span,
    ) -> Option<Operand> {
        let t = self.resolve_type(ty)?.unqual();
        if matches!(
            self.types.kind(t.ty),
            TypeKind::Reference { .. } | TypeKind::Function { .. }
        ) {
            let shown = self.show(t);
            self.error(
                span,
                format!("type \"{shown}\" cannot be allocated with new"),
            );
            return None;
        }
        let Some(size) = self.types.size_of(t.ty) else {
            self.error(span, "incomplete type is not allowed");
            return None;
        };
        let place = match placement {
            Some(p) => Some(self.placement_address(p, span)?),
            None => None,
        };
        let class = self.is_class(t);
        let result_t = QualType::new(self.types.pointer_to(t));
        if let Some(n) = count {
            if class.is_some() && (self.has_ctor_semantics(t) || self.needs_dtor(t)) {
                self.error(
                    span,
                    "`new[]` of a class with constructors or a destructor is not supported yet",
                );
                return None;
            }
            if args.is_some_and(|a| !a.is_empty()) {
                self.error(span, "an initializer of `new[]` is not supported yet");
                return None;
            }
            let long = QualType::new(self.types.int(crate::sema::types::IntKind::ULong));
            let n = self.expr(n)?;
            let n = self.implicit(n, long, super::expr::ConvCtx::Init, span)?;
            let bytes = self.array_bytes(n, size);
            let p = self.allocate(place, bytes);
            return Some(Operand::rv(p, result_t));
        }
        if class.is_some() && self.types.size_of(t.ty).is_some() {
            let r = class?;
            if !self.check_not_abstract(r, span) {
                return None;
            }
        }
        let bytes = self.iconst(Type::I64, size as i128);
        let p = self.allocate(place, bytes);
        match (class, args) {
            (Some(_), _) if self.has_ctor_semantics(t) => {
                let args = self.lower_args(args.unwrap_or(&[]))?;
                self.construct_at(p, t, args, span)?;
            }
            (Some(_), None) => {}
            (Some(_), Some([])) => self.zero_fill(p, size),
            (Some(_), Some(_)) => {
                self.error(
                    span,
                    "`new` of an aggregate with an initializer is not supported yet",
                );
                return None;
            }
            (None, None) => {}
            (None, Some([])) => {
                let z = self.zero_of(t);
                self.store_scalar(p, z, t);
            }
            (None, Some([e])) => {
                let o = self.expr(e)?;
                let v = self.implicit(o, t, super::expr::ConvCtx::Init, e.span)?;
                self.store_scalar(p, v, t);
            }
            (None, Some(_)) => {
                let what = if braced {
                    "braced list"
                } else {
                    "parenthesized list"
                };
                self.error(
                    span,
                    format!("too many initializer values ({what} of `new`)"),
                );
                return None;
            }
        }
        Some(Operand::rv(p, result_t))
    }

    /// The bytes of `n` elements of `size` bytes (`new T[n]`; `n` an `unsigned long`).
    pub(crate) fn array_bytes(&mut self, n: Value, size: u64) -> Value {
        let esize = self.iconst(Type::I64, size as i128);
        self.bin(oxicc_ir::BinaryOp::Mul, n, esize)
    }

    /// The storage of a `new`: the placement address, else `bytes` from `malloc`.
    fn allocate(&mut self, place: Option<Value>, bytes: Value) -> Value {
        match place {
            Some(p) => p,
            None => self.call_malloc(bytes),
        }
    }

    /// The address of `new (place) T`: the standard placement form, one pointer to an
    /// object type (`<new>`'s `operator new(size_t, void *)`), as a generic pointer.
    fn placement_address(&mut self, place: &[&Expr<'_>], span: Span) -> Option<Value> {
        let [e] = place else {
            self.error(
                span,
                "a placement `new` with other than one placement argument is not supported yet",
            );
            return None;
        };
        let o = self.expr(e)?;
        let (p, pt) = self.rvalue(o, e.span)?;
        let object_ptr = self
            .types
            .pointee(pt.ty)
            .is_some_and(|q| !matches!(self.types.kind(q.ty), TypeKind::Function { .. }));
        if !object_ptr {
            let shown = self.show(pt);
            self.error(
                e.span,
                format!("no instance of \"operator new\" matches a placement argument of type \"{shown}\""),
            );
            return None;
        }
        Some(self.generic_ptr(p))
    }

    pub(crate) fn call_malloc(&mut self, bytes: Value) -> Value {
        let malloc = self.malloc_decl();
        self.ins_v(
            InstData::Call {
                callee: malloc,
                args: vec![bytes],
            },
            Type::Ptr(AddrSpace::Generic),
        )
    }

    pub(crate) fn call_free(&mut self, p: Value) {
        let free = self.free_decl();
        let p = self.generic_ptr(p);
        self.ins(
            InstData::Call {
                callee: free,
                args: vec![p],
            },
            None,
        );
    }

    /// Zeroes `size` bytes at `p` (value-initialization of a class without constructors).
    fn zero_fill(&mut self, p: Value, size: u64) {
        let (byte, word) = (
            QualType::new(self.types.int(crate::sema::types::IntKind::UChar)),
            QualType::new(self.types.int(crate::sema::types::IntKind::ULong)),
        );
        let mut at = 0;
        while at < size {
            let (t, n) = if size - at >= 8 && at % 8 == 0 {
                (word, 8)
            } else {
                (byte, 1)
            };
            let z = self.zero_of(t);
            let a = self.ptr_add_const(p, at);
            self.store_scalar(a, z, t);
            at += n;
        }
    }

    /// The zero value of scalar type `t`.
    pub(crate) fn zero_of(&mut self, t: QualType) -> Value {
        match self.val_type(t.ty) {
            Type::Ptr(_) => {
                let z = self.iconst(Type::I64, 0);
                self.cast(CastOp::IntToPtr, z, Type::Ptr(AddrSpace::Generic))
            }
            ty @ (Type::F32 | Type::F64) => self.fconst(ty, 0.0),
            ty => self.iconst(ty, 0),
        }
    }

    /// `delete p` / `delete[] p`.
    pub(super) fn delete_expr(&mut self, e: &Expr<'_>, array: bool, span: Span) -> Option<Operand> {
        let o = self.expr(e)?;
        let (p, pt) = self.rvalue(o, span)?;
        let void = QualType::new(self.types.void());
        let complete = self
            .types
            .pointee(pt.ty)
            .filter(|t| self.types.size_of(t.ty).is_some() && !self.types.is_void(t.ty));
        let Some(t) = complete else {
            self.error(
                e.span,
                "expression must be a pointer to a complete object type",
            );
            return None;
        };
        let class = self.is_class(t);
        let needs_dtor = class.is_some() && self.needs_dtor(t);
        if array && needs_dtor {
            self.error(
                span,
                "`delete[]` of a class with a destructor is not supported yet",
            );
            return None;
        }
        let deleting_slot = class.and_then(|r| {
            self.vtables
                .get(&r)?
                .slots
                .iter()
                .position(|s| matches!(s, Slot::Dtor(_)))
        });
        if deleting_slot.is_none() && !needs_dtor {
            self.call_free(p);
            return Some(void_operand(void));
        }
        // `delete` of a null pointer does nothing (and must not call the destructor).
        let p = self.generic_ptr(p);
        let as_int = self.cast(CastOp::PtrToInt, p, Type::I64);
        let zero = self.iconst(Type::I64, 0);
        let non_null = self.icmp(IntCC::Ne, as_int, zero);
        let (live, done) = (self.new_block(), self.new_block());
        self.branch(non_null, live, done);
        self.switch_to(live);
        match deleting_slot {
            Some(k) => {
                // The deleting destructor `D0` follows `D1` in the vtable.
                let void_ptr = QualType::new(self.types.pointer_to(void));
                let vptr = self.load_scalar(p, void_ptr);
                let slot = self.ptr_add_const(vptr, 8 * (k as u64 + 1));
                let d0 = self.load_scalar(slot, void_ptr);
                self.indirect_call(d0, Some(p), &[], void, CallArgs::Lowered(Vec::new()), span);
            }
            None => {
                self.destroy_object(p, t, span);
                self.call_free(p);
            }
        }
        self.jump_to(done);
        self.switch_to(done);
        Some(void_operand(void))
    }
}
