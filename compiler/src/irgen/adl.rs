//! Argument-dependent lookup ([basic.lookup.argdep]): an unqualified call `f(args)` or an
//! operator on class operands also considers the functions named `f` in the namespaces
//! associated with the arguments' types and the hidden friends (friend functions defined in
//! the class) of their associated classes. Overload resolution then runs over the union
//! with the ordinary lookup's result.
//!
//! Associated classes of a type: the class itself (through references, pointers and
//! arrays), its bases, and the class types among a template instance's arguments;
//! associated namespaces: the innermost namespaces of those classes and of enum types.
//! Only names that can be found this way (functions declared in a named namespace, hidden
//! friends: `AdlState::names`) take this path, so C code keeps its calls unchanged.

use super::expr::Operand;
use super::namespace::NsId;
use super::overload::{ArgInfo, Candidate};
use super::template::TArg;
use super::{Binding, FnId, Lowerer};
use crate::ast::Expr;
use crate::intern::Symbol;
use crate::sema::types::{EnumId, QualType, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::{HashMap, HashSet};

/// What argument-dependent lookup needs to know about declarations.
#[derive(Default)]
pub(crate) struct AdlState {
    /// The namespace each class was defined in.
    pub record_ns: HashMap<RecordId, NsId>,
    /// The namespace each enum was defined in.
    pub enum_ns: HashMap<EnumId, NsId>,
    /// Names of functions ADL can find (declared in a named namespace, or hidden friends).
    pub names: HashSet<Symbol>,
}

/// Associated classes and namespaces of a call's argument types.
#[derive(Default)]
struct Associated {
    classes: Vec<RecordId>,
    namespaces: Vec<NsId>,
}

impl Lowerer<'_> {
    /// The functions named `name` that ADL finds for arguments of types `args` (in a
    /// deterministic order: associated namespaces first, then hidden friends).
    pub fn adl_functions(&self, name: Symbol, args: &[QualType]) -> Vec<FnId> {
        let mut assoc = Associated::default();
        for t in args {
            self.associate(*t, &mut assoc, 0);
        }
        let mut out = Vec::new();
        for &ns in &assoc.namespaces {
            if let Some(b) = self.ns_binding(ns, name) {
                for f in self.functions_of(b) {
                    if self.func_info(f).member.is_none() && !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
        }
        for r in &assoc.classes {
            if let Some(d) = self.classes.get(r) {
                for &f in &d.hidden_friends {
                    if self.func_info(f).name == name && !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
        }
        out
    }

    fn associate(&self, t: QualType, a: &mut Associated, depth: u32) {
        if depth > 32 {
            return;
        }
        match self.types.kind(t.ty) {
            TypeKind::Reference { referent, .. } => self.associate(*referent, a, depth + 1),
            TypeKind::Pointer(p) => self.associate(*p, a, depth + 1),
            TypeKind::Array { elem, .. } => self.associate(*elem, a, depth + 1),
            TypeKind::Enum(e) => {
                if let Some(&ns) = self.adl.enum_ns.get(e) {
                    if !a.namespaces.contains(&ns) {
                        a.namespaces.push(ns);
                    }
                }
            }
            TypeKind::Record(r) => self.associate_record(*r, a, depth + 1),
            _ => {}
        }
    }

    fn associate_record(&self, r: RecordId, a: &mut Associated, depth: u32) {
        if depth > 32 || a.classes.contains(&r) {
            return;
        }
        a.classes.push(r);
        if let Some(&ns) = self.adl.record_ns.get(&r) {
            if !a.namespaces.contains(&ns) {
                a.namespaces.push(ns);
            }
        }
        if let Some(d) = self.classes.get(&r) {
            for &(b, _) in &d.bases {
                self.associate_record(b, a, depth + 1);
            }
        }
        if let Some((_, targs)) = self.templates.instance_of.get(&r) {
            for ta in targs {
                if let TArg::Type(t) = ta {
                    self.associate(*t, a, depth + 1);
                }
            }
        }
    }

    /// True when an unqualified call of `name`, whose ordinary lookup found `found`, may
    /// find more functions by ADL: `name` is ADL-visible somewhere and ordinary lookup
    /// found nothing or only non-member functions ([basic.lookup.argdep]/3).
    pub(super) fn adl_applies(&self, name: Symbol, found: Option<Binding>) -> bool {
        if !self.adl.names.contains(&name) {
            return false;
        }
        match found {
            None => true,
            Some(b @ (Binding::Func(_) | Binding::Overloads(_))) => self
                .functions_of(b)
                .iter()
                .all(|&f| self.func_info(f).member.is_none()),
            Some(_) => false,
        }
    }

    /// An unqualified call `name(args)` with ADL: the arguments are lowered, the functions
    /// ADL finds join the ordinary lookup's, and overload resolution picks one. When ADL
    /// adds nothing, the lowered arguments are stashed and `None` lets the ordinary call
    /// path (built-ins, C calls) go on.
    pub(super) fn adl_call(
        &mut self,
        name: Symbol,
        found: Option<Binding>,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        let Some(ops) = self.lower_args(args) else {
            return Some(None);
        };
        let tys: Vec<QualType> = ops.iter().map(|(o, _)| o.ty).collect();
        let mut fns = found.map(|b| self.functions_of(b)).unwrap_or_default();
        let ordinary = fns.len();
        for f in self.adl_functions(name, &tys) {
            if !fns.contains(&f) {
                fns.push(f);
            }
        }
        if fns.len() == ordinary {
            for (a, (o, _)) in args.iter().zip(ops) {
                self.stash_put(a, o);
            }
            return None;
        }
        let cands: Vec<Candidate> = fns
            .iter()
            .map(|&f| Candidate {
                f,
                is_template: false,
            })
            .collect();
        let infos: Vec<ArgInfo> = ops.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let n = self.name(name).to_string();
        let f = if cands.len() == 1 {
            cands[0].f
        } else {
            match self.resolve_overload(&n, &cands, &infos, None, callee.span) {
                Some(f) => f,
                None => return Some(None),
            }
        };
        Some(self.call_fn(f, None, ops, callee.span, span))
    }
}
