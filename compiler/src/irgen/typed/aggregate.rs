//! Braced initializers of local aggregates in the typed tree: which lists the analysis
//! covers (their leaves as the one-walk `local_init` flattens them, every one a scalar
//! item), and their lowering, in that lowering's order: the object zeroed, then each leaf's
//! address, value and store.

use super::TypedCx;
use crate::ast;
use crate::irgen::init::LeafRef;
use crate::irgen::Lowerer;
use crate::sema::tree::AggregateLeaf;
use crate::sema::types::{QualType, TypeKind};
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// See [`crate::sema::body::Env::aggregate_leaves`]; reports what the one-walk
    /// lowering would (the caller rolls that back and answers `None`).
    #[allow(clippy::type_complexity)]
    pub(super) fn scalar_leaves<'e, 'a>(
        &mut self,
        ty: QualType,
        init: &'e ast::Init<'a>,
    ) -> Option<Vec<(u64, QualType, &'e ast::Expr<'a>)>> {
        let ast::Init::List { items, .. } = init else {
            return None;
        };
        if !self.is_aggregate(ty) || self.has_ctor_semantics(ty) || self.needs_default_construct(ty)
        {
            return None;
        }
        // Brace elision into a sub-aggregate asks the one-walk scopes for an item's type
        // (`quick_type`): the body's locals are not there during the analysis. A list at
        // brace depth `d` initializes a sub-object at least `d` levels of aggregates down,
        // so its items can be elided into a sub-aggregate only while fewer than two
        // levels remain below it.
        let levels = self.aggregate_levels(ty, 0);
        if typed_item_within(items, levels, 0) {
            return None;
        }
        let leaves = self.init_leaves(ty, init)?;
        let mut out = Vec::with_capacity(leaves.len());
        for (off, lty, leaf, bits) in leaves {
            let LeafRef::Scalar(e) = leaf else {
                return None;
            };
            let scalar = self.types.is_arith(lty.ty) || self.types.is_pointer(lty.ty);
            if bits.is_some() || !scalar || matches!(e.kind, ast::ExprKind::InitList { .. }) {
                return None;
            }
            out.push((off, lty, e));
        }
        Some(out)
    }

    /// How many levels of aggregates `t` nests: 0 for a scalar, 1 for `float[4]` or a
    /// class of scalars, 2 for `float[2][2]`.
    fn aggregate_levels(&self, t: QualType, depth: u32) -> u32 {
        if depth > 64 {
            return u32::MAX / 2;
        }
        let below = match self.types.kind(t.ty) {
            TypeKind::Array { elem, .. } => self.aggregate_levels(*elem, depth + 1),
            TypeKind::Record(r) if self.is_aggregate(t) => {
                let info = self.types.record(*r);
                let fields = info.fields.iter();
                fields
                    .map(|f| self.aggregate_levels(f.ty, depth + 1))
                    .max()
                    .unwrap_or(0)
            }
            _ => return 0,
        };
        below + 1
    }

    /// The local `slot` of aggregate type `ty` initialized from `leaves`.
    pub(super) fn typed_aggregate_init(
        &mut self,
        cx: &mut TypedCx<'_>,
        slot: Value,
        ty: QualType,
        leaves: &[AggregateLeaf],
    ) {
        let size = self.types.size_of(ty.ty).unwrap_or(0);
        let align = self.types.align_of(ty.ty);
        self.zero_bytes(slot, size, align);
        for l in leaves {
            let p = self.ptr_add_const(slot, l.offset);
            if let Some(v) = self.typed_value(cx, l.value) {
                self.store_scalar(p, v, l.ty.unqual());
            }
        }
    }
}

/// Whether an item in `items` (a list at brace depth `depth` of an object nesting `levels`
/// levels of aggregates) may be elided into a sub-aggregate and is one whose type the
/// one-walk `quick_type` reads.
fn typed_item_within(items: &[ast::Init<'_>], levels: u32, depth: u32) -> bool {
    items.iter().any(|item| match item {
        ast::Init::List { items, .. } => typed_item_within(items, levels, depth + 1),
        ast::Init::Expr(e) => levels.saturating_sub(depth) >= 2 && names_typed_item(e),
    })
}

/// An item whose type the one-walk `quick_type` reads: a name, a call of a name, an
/// element, a dereference, a member.
fn names_typed_item(e: &ast::Expr<'_>) -> bool {
    matches!(
        e.kind,
        ast::ExprKind::Ident(_)
            | ast::ExprKind::Call { .. }
            | ast::ExprKind::Index { .. }
            | ast::ExprKind::Member { .. }
            | ast::ExprKind::Unary {
                op: ast::UnaryOp::Deref,
                ..
            }
    )
}
