//! Non-type template parameters of pointer and reference type, and of floating type.
//!
//! - `template <const int* P>` takes a variable with linkage (an array, which decays, or
//!   `&x`); `template <int& R>` a variable. The argument is `TArg::Entity` (the variable
//!   and its symbol); inside the instance a reference parameter names the variable itself
//!   (`Binding::Var`) and a pointer parameter is its address (`Binding::Address`, an
//!   rvalue of the parameter's type). nvcc mangles them `XadL_Z5g_tabEE` and `L_Z5g_valE`.
//! - Floating-point non-type parameters are not standard C++17: nvcc's error
//!   `floating-point template parameter is nonstandard` at the parameter.

use super::template::TArg;
use super::{Binding, Lowerer, Storage};
use crate::ast::{self, BuiltinType, Expr, ExprKind, TemplateParamKind, TypeExpr, UnaryOp};
use crate::sema::types::{QualType, TypeKind};

impl<'x> Lowerer<'x> {
    /// Reports the floating-point non-type parameters of a template's parameter list.
    pub(super) fn check_nontype_params(&mut self, params: &[ast::TemplateParam<'_>]) {
        for p in params {
            let TemplateParamKind::NonType { ty, .. } = &p.kind else {
                continue;
            };
            if is_float_type(ty) {
                self.error(p.span, "floating-point template parameter is nonstandard");
            }
        }
    }

    /// The argument `e` for a non-type parameter of pointer or reference type `pty`, if
    /// `pty` is one (`None` inside: not a valid argument, reported).
    pub(super) fn entity_targ(&mut self, e: &Expr<'_>, pty: QualType) -> Option<Option<TArg>> {
        let (addr, target) = match self.types.kind(pty.ty) {
            TypeKind::Pointer(t) => (true, *t),
            TypeKind::Reference { referent, .. } => (false, *referent),
            _ => return None,
        };
        // `&x` for a pointer; `arr` (decaying) for a pointer; `x` for a reference.
        let (named, took_address) = match &e.kind {
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                expr,
            } if addr => (*expr, true),
            _ => (e, false),
        };
        let found = match &named.kind {
            ExprKind::Ident(n) => self.lookup_ordinary(*n),
            ExprKind::Name(q) => self.lookup_qualified(q),
            _ => None,
        };
        let Some(Binding::Var(var)) = found else {
            self.error(e.span, "expression must have a constant value");
            return Some(None);
        };
        let info = self.var(var).clone();
        let Storage::Global(g, _) = info.storage else {
            self.error(e.span, "expression must have a constant value");
            return Some(None);
        };
        let object = match self.types.kind(info.ty.ty) {
            TypeKind::Array { elem, .. } if addr && !took_address => *elem,
            _ => info.ty,
        };
        if addr && !took_address && !matches!(self.types.kind(info.ty.ty), TypeKind::Array { .. })
            || object.ty != target.ty
            || !object.quals.subset_of(target.quals)
        {
            let msg = format!(
                "a value of type \"{}\" cannot be used as a template argument of type \"{}\"",
                self.show(object),
                self.show(pty)
            );
            self.error(e.span, msg);
            return Some(None);
        }
        let symbol: std::rc::Rc<str> = self.module.globals[g].name.as_str().into();
        Some(Some(TArg::Entity {
            var,
            symbol,
            addr,
            ty: pty,
        }))
    }
}

fn is_float_type(t: &TypeExpr<'_>) -> bool {
    match t {
        TypeExpr::Builtin(b) => matches!(
            b,
            BuiltinType::Float | BuiltinType::Double | BuiltinType::LongDouble
        ),
        TypeExpr::Qualified { inner, .. } => is_float_type(inner),
        _ => false,
    }
}
