//! What names denote, as the body analysis asks ([`Env::lookup`],
//! [`Env::qualified_name`]): the declaration tables' bindings turned into the analysis's
//! [`EnvName`]s, with the one-walk lowering's choices where a qualified name could be read
//! more than one way.
//!
//! [`Env::lookup`]: crate::sema::body::Env::lookup
//! [`Env::qualified_name`]: crate::sema::body::Env::qualified_name

use super::super::{Binding, Lowerer, Storage};
use crate::ast;
use crate::sema::body::EnvName;
use crate::sema::consteval::ConstValue;
use crate::sema::types::TypeKind;

impl Lowerer<'_> {
    /// A binding as the analysis sees it. A host variable is a constant where it has a
    /// constant value (not `volatile`), as device code may use it only so.
    pub(super) fn env_name(&mut self, b: Binding) -> EnvName {
        match b {
            Binding::Var(v) => {
                let info = self.var(v);
                if matches!(info.storage, Storage::Host) {
                    match (info.const_value, info.ty.quals.volatile) {
                        (Some(cv), false) => EnvName::Const(cv, info.ty.unqual()),
                        _ => EnvName::Other,
                    }
                } else {
                    EnvName::Var {
                        id: v.0,
                        ty: info.ty,
                    }
                }
            }
            Binding::EnumConst(v, t) => EnvName::Const(v, t),
            Binding::Field(_) => EnvName::Field,
            Binding::Func(f) if self.func_info(f).member.is_some() => EnvName::Method,
            b @ Binding::Overloads(_) => {
                let fns = self.functions_of(b);
                if fns.iter().all(|&f| self.func_info(f).member.is_some()) {
                    EnvName::Method
                } else {
                    EnvName::Overloads
                }
            }
            Binding::Func(f) => match self.callable(f) {
                Some(sig) => EnvName::Func(sig),
                None => EnvName::Other,
            },
            Binding::FnTemplate(_) => EnvName::Templates,
            _ => EnvName::Other,
        }
    }

    /// A qualified name used as an expression, read in the one-walk `expr_inner`'s order:
    /// an enumerator through its enum (`E::X`, `ns::E::X`), then a member of a class
    /// template instance (not covered), then qualified lookup, of which variables and
    /// constants are covered (a data member named through its class is not: the one-walk
    /// lowering reads it as `this`'s member of that name).
    pub(super) fn typed_qualified_name(&mut self, q: &ast::QualName<'_>) -> Option<EnvName> {
        if self.names_enumerator(q) {
            let (value, ty) = self.without_diagnostics(|l| l.qual_enumerator(q, false))?;
            let TypeKind::Enum(e) = *self.types.kind(ty.ty) else {
                return None;
            };
            let kind = self.types.enum_info(e).underlying;
            return Some(EnvName::Const(ConstValue::Int { value, kind }, ty));
        }
        if self.is_template_member(q) {
            return None;
        }
        match self.without_diagnostics(|l| l.lookup_qualified(q))? {
            b @ (Binding::Var(_) | Binding::EnumConst(..)) => match self.env_name(b) {
                n @ (EnvName::Var { .. } | EnvName::Const(..)) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }
}
