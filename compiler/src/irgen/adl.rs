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
pub(super) struct Associated {
    pub classes: Vec<RecordId>,
    pub namespaces: Vec<NsId>,
}

impl Lowerer<'_> {
    /// The associated classes and namespaces of argument types `args`.
    pub(super) fn associated(&self, args: &[QualType]) -> Associated {
        let mut assoc = Associated::default();
        for t in args {
            self.associate(*t, &mut assoc, 0);
        }
        assoc
    }

    /// The functions named `name` that ADL finds for arguments of types `args` (in a
    /// deterministic order: associated namespaces first, then hidden friends).
    pub fn adl_functions(&self, name: Symbol, args: &[QualType]) -> Vec<FnId> {
        let assoc = self.associated(args);
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
            Some(Binding::FnTemplate(set)) => !self.is_member_set(set),
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
        let has_pack = args
            .iter()
            .any(|a| matches!(a.kind, crate::ast::ExprKind::PackExpansion(_)));
        let ops: Vec<(Operand, Span)> = if has_pack {
            let ops = self.lower_call_args(args);
            let Some(ops) = ops else {
                return Some(None);
            };
            ops.into_iter()
                .filter_map(|(o, s)| o.map(|o| (o, s)))
                .collect()
        } else {
            let Some(ops) = self.lower_args(args) else {
                return Some(None);
            };
            ops
        };
        let tys: Vec<QualType> = ops.iter().map(|(o, _)| o.ty).collect();
        let mut fns = found.map(|b| self.functions_of(b)).unwrap_or_default();
        let ordinary = fns.len();
        for f in self.adl_functions(name, &tys) {
            if !fns.contains(&f) {
                fns.push(f);
            }
        }
        // Function templates: ordinary lookup's and ADL's (`template_adl.rs`).
        let mut tpls = match found {
            Some(Binding::FnTemplate(set)) => self.templates.sets[set as usize].clone(),
            _ => Vec::new(),
        };
        for t in self.adl_templates(name, &tys) {
            if !tpls.contains(&t) {
                tpls.push(t);
            }
        }
        if fns.len() == ordinary && tpls.is_empty() {
            if has_pack {
                // The lowered arguments cannot be stashed per expression: call here.
                let n = self.name(name).to_string();
                return Some(match found {
                    Some(b) => self.call_binding(b, None, ops, &n, callee.span, span),
                    None => {
                        self.error(callee.span, format!("identifier \"{n}\" is undefined"));
                        None
                    }
                });
            }
            for (a, (o, _)) in args.iter().zip(ops) {
                self.stash_put(a, o);
            }
            return None;
        }
        let mut cands: Vec<Candidate> = fns
            .iter()
            .map(|&f| Candidate {
                f,
                is_template: false,
            })
            .collect();
        if !tpls.is_empty() {
            let set = self.adl_template_set(tpls);
            let lvalues: Vec<bool> = ops.iter().map(|(o, _)| o.is_lvalue()).collect();
            if cands.is_empty() {
                // Only templates: their deduction failure is the error.
                let f =
                    self.select_fn_template(set, name, &[], (&tys, &lvalues), callee.span, false);
                let Some(f) = f else {
                    return Some(None);
                };
                return Some(self.call_fn(f, None, ops, callee.span, span));
            }
            let chosen = self.quietly(|l| {
                l.choose_fn_template(set, name, &[], (&tys, &lvalues), callee.span, false)
            });
            if let Some(f) = chosen.and_then(|(t, a)| self.instantiate_fn(t, a, callee.span)) {
                cands.push(Candidate {
                    f,
                    is_template: true,
                });
            }
        }
        let infos: Vec<ArgInfo> = ops.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let n = self.name(name).to_string();
        let f = if cands.len() == 1 && !cands[0].is_template {
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
