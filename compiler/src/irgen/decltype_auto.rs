//! `decltype(auto)` (C++14 [dcl.type.auto.deduct]/5): a variable or return type deduced as
//! `decltype(e)` of its initializer or returned expression. An unparenthesized name or
//! member access gives the entity's declared type; any other expression its type with its
//! value category: `T&` for an lvalue (`return (g);`, `return a[i];`), `T&&` for an xvalue
//! (`static_cast<T&&>(t)`), `T` for a prvalue. In a function template's declared signature
//! the return type is mangled `Dc` (`_Z5identIRiEDcOT_`, as nvcc).

use super::expr::{OpKind, ValCat};
use super::{Binding, Lowerer};
use crate::ast::{Expr, ExprKind};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

impl Lowerer<'_> {
    /// The type `decltype(auto)` deduces from `e` (evaluated later by the caller).
    pub fn decltype_auto_type(&mut self, e: &Expr<'_>) -> Option<QualType> {
        let id_expr = matches!(
            e.kind,
            ExprKind::Ident(_) | ExprKind::Name(_) | ExprKind::Member { .. }
        ) && !self.parenthesized(e.span);
        if id_expr {
            if let ExprKind::Ident(n) = e.kind {
                if let Some(Binding::Var(v)) = self.lookup_ordinary(n) {
                    return Some(self.var(v).ty);
                }
            }
            return self.type_of_unevaluated(e);
        }
        let o = self.operand_of_unevaluated(e)?;
        let rvalue = match (o.kind, o.cat) {
            (OpKind::LValue(_), ValCat::LValue) => false,
            (OpKind::LValue(_), ValCat::XValue) => true,
            _ => return Some(self.decayed(o.ty)),
        };
        let referent = o.ty;
        Some(QualType::new(
            self.types.intern(TypeKind::Reference { referent, rvalue }),
        ))
    }

    /// The expression at `span` is written in parentheses: `(` right before it and `)`
    /// right after (it is a whole initializer or returned expression, so these parentheses
    /// belong to it).
    fn parenthesized(&self, span: Span) -> bool {
        let text = &self.sources.file(span.file).text;
        let (s, e) = (span.start as usize, span.end as usize);
        if s > text.len() || e > text.len() {
            return false;
        }
        let before = text[..s].trim_end().ends_with('(');
        let after = text[e..].trim_start().starts_with(')');
        before && after
    }
}
