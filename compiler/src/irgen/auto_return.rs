//! Functions with an `auto` return type: the type is deduced from the first `return` while
//! the body is lowered. The function starts with no return value in its signature; the
//! first `return e` fixes the type (the decayed, unqualified type of `e`) and allocates the
//! return slot; at the end the signature is completed: a scalar is returned as usual, a
//! struct through a hidden first parameter added then (the caller-side convention of every
//! struct-returning function). Until the body is finished the function cannot be called
//! (C++ forbids the use before deduction; a recursive call is reported the same way).

use super::expr::{ConvCtx, OpKind};
use super::{FnId, Lowerer};
use crate::ast::Expr;
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{AddrSpace, InstData, ParamKind, Type, Value, ValueDef};

impl Lowerer<'_> {
    /// `return e;` / `return;` in a function whose return type is still being deduced.
    /// Returns false when the type is already known (the caller lowers the return).
    pub fn deducing_return(&mut self, v: Option<&Expr<'_>>, span: Span) -> bool {
        if !self.fs().ret_pending {
            return false;
        }
        self.fs().ret_pending = false;
        let fid = self.fs().fn_id;
        if let (Some(e), true) = (v, self.fs().ret_decltype) {
            // `decltype(auto)`: the type from decltype's rules, then an ordinary return.
            let Some(ty) = self.decltype_auto_type(e) else {
                return true;
            };
            self.set_deduced(fid, ty);
            if self.types.is_void(ty.ty) {
                return false;
            }
            let (size, align) = if self.referent(ty).is_some() {
                (8, 8)
            } else {
                match self.sizeof_checked(ty, span) {
                    Some(s) => (s, self.types.align_of(ty.ty)),
                    None => return true,
                }
            };
            let Some(slot) = self.alloca(size, align, span) else {
                return true;
            };
            self.fs().ret_slot = Some(slot);
            return false;
        }
        let Some(e) = v else {
            let void = QualType::new(self.types.void());
            self.set_deduced(fid, void);
            return false;
        };
        let Some(o) = self.expr(e) else {
            return true;
        };
        let ty = if matches!(o.kind, OpKind::Void) {
            o.ty.unqual()
        } else {
            self.decayed(o.ty).unqual()
        };
        if self.types.is_void(ty.ty) {
            self.set_deduced(fid, ty);
            let rb = self.fs().ret_block;
            self.jump_to(rb);
            let dead = self.new_block();
            self.switch_to(dead);
            return true;
        }
        let Some(slot) = self.deduce_return_type(ty, span) else {
            return true;
        };
        if self.types.is_record(ty.ty) {
            if let OpKind::LValue(src) = o.kind {
                let size = self.types.size_of(ty.ty).unwrap_or(0);
                let align = self.types.align_of(ty.ty);
                self.copy_bytes(slot, src, size, align, false);
            }
        } else if let Some(val) = self.implicit(o, ty, ConvCtx::Return, e.span) {
            self.store_scalar(slot, val, ty);
        }
        let rb = self.fs().ret_block;
        self.jump_to(rb);
        let dead = self.new_block();
        self.switch_to(dead);
        true
    }

    /// Fixes the return type of the function being lowered to `ty`, deduced from its
    /// first `return` (by the one-walk lowering above, or by sema for a typed body), and
    /// makes the result slot for a type other than `void` (returned).
    pub(super) fn deduce_return_type(&mut self, ty: QualType, span: Span) -> Option<Value> {
        self.fs().ret_pending = false;
        let fid = self.fs().fn_id;
        self.set_deduced(fid, ty);
        if self.types.is_void(ty.ty) {
            return None;
        }
        let size = self.sizeof_checked(ty, span)?;
        let align = self.types.align_of(ty.ty);
        let slot = self.alloca(size, align, span)?;
        self.fs().ret_slot = Some(slot);
        Some(slot)
    }

    fn set_deduced(&mut self, fid: FnId, ty: QualType) {
        self.fs().ret_ty = ty;
        self.fns[fid.0 as usize].ret = ty;
    }

    /// Ends the return block of a function with a deduced return type and completes its
    /// signature (the cursor is in the return block).
    pub fn finish_deduced_return(&mut self, fid: FnId) {
        self.fns[fid.0 as usize].ret_pending = false;
        let ty = self.fs().ret_ty;
        let slot = self.fs().ret_slot;
        let Some(slot) = slot.filter(|_| !self.types.is_void(ty.ty)) else {
            self.fs().func.sig.ret = None;
            self.ins(InstData::Return { value: None }, None);
            return;
        };
        if self.types.is_record(ty.ty) {
            // Add the hidden result pointer in front of the parameters.
            let size = self.types.size_of(ty.ty).unwrap_or(0);
            let align = self.types.align_of(ty.ty);
            let f = &mut self.fs().func;
            let entry = f.entry();
            let p = f.append_block_param(entry, Type::Ptr(AddrSpace::Generic));
            let params = &mut f.blocks[entry].params;
            params.rotate_right(1);
            let params = params.clone();
            for (i, v) in params.iter().enumerate() {
                f.values[*v].def = ValueDef::Param(entry, i as u32);
            }
            f.sig
                .params
                .insert(0, ParamKind::Value(Type::Ptr(AddrSpace::Generic)));
            f.sig.ret = None;
            self.copy_bytes(p, slot, size, align, false);
            self.ins(InstData::Return { value: None }, None);
            return;
        }
        let mt = self.mem_type(ty.ty);
        let align = self.types.align_of(ty.ty);
        self.fs().func.sig.ret = Some(mt);
        let v = self.load(mt, slot, align, false);
        self.ins(InstData::Return { value: Some(v) }, None);
    }
}
