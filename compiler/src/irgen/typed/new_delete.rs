//! `new` and `delete` nodes of the typed tree to IR: the one-walk lowering's storage
//! helpers (`irgen/new_delete.rs`) in its order — the count, then `malloc`, then the
//! initializer's value and its store; `delete` frees without a null check, as the one-walk
//! lowering does for objects without destructors (`free(NULL)` does nothing).

use super::TypedCx;
use crate::irgen::expr::Operand;
use crate::irgen::Lowerer;
use crate::sema::tree::{ExprId, NewInit};
use crate::sema::types::QualType;
use oxicc_ir::Type;

impl Lowerer<'_> {
    /// `new T…` of a scalar or pointer `elem`; `ty` is the node's `T *`.
    pub(super) fn typed_new(
        &mut self,
        cx: &mut TypedCx<'_>,
        elem: QualType,
        count: Option<ExprId>,
        init: NewInit,
        ty: QualType,
    ) -> Option<Operand> {
        let size = self.types.size_of(elem.ty)?;
        if let Some(n) = count {
            let n = self.typed_value(cx, n)?;
            let bytes = self.array_bytes(n, size);
            let p = self.call_malloc(bytes);
            return Some(Operand::rv(p, ty));
        }
        let bytes = self.iconst(Type::I64, size as i128);
        let p = self.call_malloc(bytes);
        let value = match init {
            NewInit::Default => None,
            NewInit::Zero => Some(self.zero_of(elem)),
            NewInit::Value(v) => Some(self.typed_value(cx, v)?),
        };
        if let Some(v) = value {
            self.store_scalar(p, v, elem);
        }
        Some(Operand::rv(p, ty))
    }

    /// `delete p` / `delete[] p` of a pointer to a scalar or pointer object.
    pub(super) fn typed_delete(
        &mut self,
        cx: &mut TypedCx<'_>,
        ptr: ExprId,
        ty: QualType,
    ) -> Option<Operand> {
        let p = self.typed_value(cx, ptr)?;
        self.call_free(p);
        Some(crate::irgen::new_delete::void_operand(ty))
    }
}
