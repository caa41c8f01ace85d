//! Which class an object expression has, as far as the parser can tell, for reading
//! `obj.f<…` ([temp.names]/3: after `.`/`->`, `f` is looked up in the object's class; if it
//! names a member template, `<` starts a template argument list, else it is less-than).
//!
//! The parser records, for each variable and parameter declared with a class type (plain,
//! qualified or a class template-id, through references, pointers and qualifiers), the
//! context of that class (`Parser::var_class`; the latest declaration of a name wins, the
//! usual heuristic of this table). `s.f < 3` with a data member `f` then is a comparison
//! even when some other class has a member template `f`; for an object of unknown class
//! the old heuristic stays (any class's member template named `f`).

use super::scope::{CtxId, NameKind};
use super::Parser;
use crate::ast::{Expr, ExprKind, NameSeg, TypeExpr, UnaryOp};
use crate::intern::Symbol;

impl<'a, 'c> Parser<'a, 'c> {
    /// Records the class (if any) of variable or parameter `name` declared with type `ty`.
    pub(super) fn note_var_class(&mut self, name: Symbol, ty: &TypeExpr<'_>) {
        match self.object_type_ctx(ty, 0) {
            Some(c) => {
                self.var_class.insert(name, c);
            }
            None => {
                self.var_class.remove(&name);
            }
        }
    }

    fn object_type_ctx(&self, ty: &TypeExpr<'_>, depth: u32) -> Option<CtxId> {
        if depth > 8 {
            return None;
        }
        match ty {
            TypeExpr::Named { name, .. } | TypeExpr::Tag { name, .. } => {
                self.scopes.object_class_context(None, false, *name)
            }
            TypeExpr::Qual(q) => {
                let within = self.qualifier_ctx_of(q);
                if within.is_none() && !q.qualifier().is_empty() {
                    return None;
                }
                let name = match q.last() {
                    NameSeg::TemplateId { name, .. } => *name,
                    seg => seg.ident()?,
                };
                self.scopes
                    .object_class_context(within, q.global && q.segments.len() == 1, name)
            }
            TypeExpr::Qualified { inner, .. } => self.object_type_ctx(inner, depth + 1),
            TypeExpr::Pointer { pointee, .. } => self.object_type_ctx(pointee, depth + 1),
            TypeExpr::Reference { referee, .. } => self.object_type_ctx(referee, depth + 1),
            _ => None,
        }
    }

    /// Whether member `name` of object `base` is a member template: `Some(true/false)` when
    /// the object's class is known and declares `name`, `None` when the parser cannot tell.
    pub(super) fn object_member_is_template(&self, base: &Expr<'_>, name: Symbol) -> Option<bool> {
        let var = match &base.kind {
            ExprKind::Ident(v) => *v,
            ExprKind::Unary {
                op: UnaryOp::Deref,
                expr:
                    Expr {
                        kind: ExprKind::Ident(v),
                        ..
                    },
            } => *v,
            _ => return None,
        };
        // A local of the same name declared without a known class hides nothing here: the
        // table holds only class-typed names.
        let ctx = *self.var_class.get(&var)?;
        match self.scopes.lookup_qualified(Some(ctx), false, name)? {
            NameKind::Template { class: false } => Some(true),
            NameKind::Value => Some(false),
            _ => None,
        }
    }
}
