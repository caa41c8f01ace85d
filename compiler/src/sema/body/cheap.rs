//! Which arms of a `?:` are cheap enough to evaluate both and `select` (literals, names,
//! casts and unary arithmetic of those: nothing that can trap or has side effects). A
//! syntactic rule, so the one-walk lowering and the typed tree choose alike.

use crate::ast::{Expr, ExprKind, TypeExpr, UnaryOp};

/// True when `e` may be evaluated unconditionally. `no_classes`: the translation unit has
/// no class with members, so a cast cannot call a conversion function.
pub(crate) fn is_cheap(e: &Expr<'_>, no_classes: bool) -> bool {
    match &e.kind {
        ExprKind::IntLit { .. }
        | ExprKind::FloatLit { .. }
        | ExprKind::CharLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::Nullptr
        | ExprKind::Ident(_) => true,
        ExprKind::Unary {
            op: UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot | UnaryOp::LogNot,
            expr,
        } => is_cheap(expr, no_classes),
        ExprKind::Cast { expr, ty, .. } => {
            (no_classes || scalar_type_expr(ty)) && is_cheap(expr, no_classes)
        }
        _ => false,
    }
}

/// A built-in or pointer type, written so that no lookup is needed.
fn scalar_type_expr(t: &TypeExpr<'_>) -> bool {
    match t {
        TypeExpr::Builtin(_) | TypeExpr::Pointer { .. } => true,
        TypeExpr::Qualified { inner, .. } => scalar_type_expr(inner),
        _ => false,
    }
}
