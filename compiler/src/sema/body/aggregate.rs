//! Braced initializers of local aggregates (arrays, classes without constructors) in the
//! typed analysis: `float v[4] = {a, b, c, d};`, `S s = {1, 2.0f};`, `S s{x, y};`.
//!
//! The declaration tables flatten the list as the one-walk lowering does (brace
//! elision, the sub-objects' offsets) and hand back the scalar leaves; each item is then
//! analyzed here and converted to its leaf's type. Lists the tables do not cover (strings,
//! bit-fields, members of class type, nested lists for a scalar) and items whose
//! conversion narrows (the lowering diagnoses those) leave the body to the one-walk
//! lowering.

use super::{BodySema, Env};
use crate::ast;
use crate::sema::tree::{AggregateLeaf, ExprId, ExprKind};
use crate::sema::types::QualType;
use crate::source::Span;

impl<E: Env> BodySema<'_, E> {
    /// The initializer `init` (a braced list) of a local aggregate of type `ty`.
    pub(super) fn aggregate_init(
        &mut self,
        ty: QualType,
        init: &ast::Init<'_>,
        span: Span,
    ) -> Option<ExprId> {
        let Some(leaves) = self.env.aggregate_leaves(ty, init) else {
            let t = self.env.show(ty);
            return self.why(|| format!("a braced initializer of this form for \"{t}\""));
        };
        let mut out = Vec::with_capacity(leaves.len());
        for (offset, leaf_ty, e) in leaves {
            let x = self.rvalue(e, 0)?;
            let from = self.ty(x);
            if self.env.braced_item_narrows(e, from, leaf_ty) {
                return self.why(|| "a braced item that narrows".into());
            }
            let value = self.implicit(x, leaf_ty)?;
            out.push(AggregateLeaf {
                offset,
                ty: leaf_ty,
                value,
            });
        }
        Some(self.prvalue(ExprKind::Aggregate { leaves: out }, ty.unqual(), span))
    }
}
