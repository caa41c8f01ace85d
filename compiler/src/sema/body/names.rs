//! Qualified names used as expressions (`ns::x`, `S::k`, `E::X`): the entity or constant
//! the declaration tables resolve them to, as an unqualified name's (`expr.rs` `name`).

use super::{BodySema, Env, EnvName};
use crate::ast;
use crate::sema::tree::{Category, Decl, EntityRef, ExprId, ExprKind};
use crate::source::Span;

impl<E: Env> BodySema<'_, E> {
    /// `ns::x` (a namespace or static member variable) or `E::X` (an enumerator); other
    /// forms (data members through their class, functions, template-ids, `::x`) are not
    /// covered yet.
    pub(super) fn qualified_name(&mut self, q: &ast::QualName<'_>, span: Span) -> Option<ExprId> {
        let covered =
            !q.global && q.segments.len() > 1 && matches!(q.last(), ast::NameSeg::Ident { .. });
        let found = if covered {
            self.env.qualified_name(q)
        } else {
            None
        };
        match found {
            Some(EnvName::Var { id, ty }) => Some(self.node(
                ExprKind::Name(Decl::Entity(EntityRef::Var(id))),
                ty,
                Category::LValue,
                span,
            )),
            Some(EnvName::Const(v, ty)) => Some(self.prvalue(ExprKind::Const(v), ty, span)),
            _ => self.why(|| "a qualified name of this kind".into()),
        }
    }
}
