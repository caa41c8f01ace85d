//! A non-static data member named by its qualified name in an unevaluated operand:
//! `sizeof(th::inv<long>::elem)`, `decltype(S::x)`. C++11 ([expr.prim.id]/2) allows it
//! there with no object; its type is the member's declared type. Elsewhere the name needs
//! an object ("a nonstatic member reference must be relative to a specific object").

use super::namespace::Qualifier;
use super::Lowerer;
use crate::ast::{Expr, ExprKind, NameSeg};
use crate::sema::types::QualType;

impl Lowerer<'_> {
    /// The type of `C::m` when `C` is a class and `m` one of its data members (through
    /// its bases too); `None` for any other expression, which is typed as usual.
    pub(super) fn unevaluated_member_type(&mut self, e: &Expr<'_>) -> Option<QualType> {
        let ExprKind::Name(q) = &e.kind else {
            return None;
        };
        let NameSeg::Ident { name, .. } = *q.last() else {
            return None;
        };
        if q.segments.len() < 2 {
            return None;
        }
        // Quietly: a qualifier that is no class (a namespace) is the usual path's to
        // report.
        let Some(Qualifier::Class(r)) =
            self.quietly(|l| l.resolve_qualifier(q, q.segments.len() - 1))
        else {
            return None;
        };
        let (_, ty) = self.field_of(r, name)?;
        Some(ty)
    }
}
