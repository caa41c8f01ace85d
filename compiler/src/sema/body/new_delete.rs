//! `new` and `delete` of scalar and pointer objects in the typed analysis.
//!
//! The one-walk lowering (`irgen/new_delete.rs`) takes every form; the analysis covers
//! the ones whose semantics are plain storage: `new T`, `new T()`, `new T(e)`, `new T[n]`
//! of an arithmetic or pointer `T`, and `delete`/`delete[]` of a pointer to one. Classes
//! (constructors, destructors, virtual deleting destructors), placement `new`, braced
//! initializers (narrowing rules) and `new T[n](…)` leave the body to the one-walk
//! lowering.

use super::{BodySema, Env};
use crate::ast;
use crate::sema::tree::{Category, ExprId, ExprKind, NewInit};
use crate::sema::types::{IntKind, QualType};
use crate::source::Span;

/// `new`'s operands as the parser gives them.
pub(super) struct NewForm<'e, 'a> {
    pub placement: Option<&'e [&'a ast::Expr<'a>]>,
    pub ty: &'a ast::TypeExpr<'a>,
    pub count: Option<&'a ast::Expr<'a>>,
    pub args: Option<&'e [&'a ast::Expr<'a>]>,
    pub braced: bool,
}

impl<E: Env> BodySema<'_, E> {
    /// `new T…` (see the module comment for the forms covered).
    pub(super) fn new_expr(&mut self, f: NewForm<'_, '_>, span: Span, d: u32) -> Option<ExprId> {
        if f.placement.is_some() {
            return self.why(|| "a placement new".into());
        }
        let elem = self.written_type(f.ty)?.unqual();
        if !self.is_new_scalar(elem) {
            let t = self.env.show(elem);
            return self.why(|| format!("a new of \"{t}\""));
        }
        let count = match f.count {
            Some(_) if f.args.is_some() => {
                return self.why(|| "an initialized array new".into());
            }
            Some(n) => {
                let ulong = QualType::new(self.env.types().int(IntKind::ULong));
                let x = self.rvalue(n, d + 1)?;
                Some(self.implicit(x, ulong)?)
            }
            None => None,
        };
        let init = match f.args {
            None => NewInit::Default,
            Some([]) => NewInit::Zero,
            Some([e]) if !f.braced => {
                let x = self.rvalue(e, d + 1)?;
                NewInit::Value(self.implicit(x, elem)?)
            }
            Some(_) => return self.why(|| "a new with this initializer".into()),
        };
        let ty = QualType::new(self.env.types().pointer_to(elem));
        let kind = ExprKind::New { elem, count, init };
        Some(self.prvalue(kind, ty, span))
    }

    /// `delete p` / `delete[] p` of a pointer to a complete scalar or pointer object.
    pub(super) fn delete_expr(
        &mut self,
        e: &ast::Expr<'_>,
        array: bool,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let ptr = self.rvalue(e, d + 1)?;
        let t = self.ty(ptr);
        let pointee = self.env.types().pointee(t.ty);
        match pointee {
            Some(p) if self.is_new_scalar(p) => {}
            _ => return self.why(|| "a delete of this pointer".into()),
        }
        let void = QualType::new(self.env.types().void());
        let kind = ExprKind::Delete { ptr, array };
        Some(self.node(kind, void, Category::PRValue, span))
    }

    /// An object `new` makes without constructors: arithmetic (not a scoped enumeration)
    /// or a pointer, complete.
    fn is_new_scalar(&mut self, t: QualType) -> bool {
        let types = self.env.types();
        let scalar =
            (types.is_arith(t.ty) && !types.is_scoped_enum(t.ty)) || types.is_pointer(t.ty);
        scalar && types.size_of(t.ty).is_some()
    }
}
