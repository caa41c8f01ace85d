//! Function definitions named by a qualified name outside their scope:
//! `__device__ int S::f() { … }` (a member function defined out of its class, possibly of a
//! class template or nested class) and `N::g` (a function declared in namespace `N`), plus
//! operator functions written with a leading `::`. The qualifier is resolved, the declared
//! entity found by signature, and the body lowered in that entity's scope.

use super::{ExecSpace, FnId, Lowerer};
use crate::ast::{self, NameSeg};
use crate::sema::types::QualType;

impl Lowerer<'_> {
    /// `__device__ int S::f() { … }` / `N::g` outside its class or namespace.
    pub fn qualified_function_decl(&mut self, fd: &ast::FunctionDecl<'_>) {
        let q = fd.qual.expect("qualified");
        if q.segments.len() == 1 {
            // An operator function at namespace scope: a plain declaration.
            self.has_operator_fns = true;
            self.function_decl_plain(fd);
            return;
        }
        let Some(qual) = self.resolve_qualifier(q, q.segments.len() - 1) else {
            let text = self.qual_name_text(q);
            self.error(
                q.span,
                format!("name followed by \"::\" must be a class or namespace name (\"{text}\")"),
            );
            return;
        };
        match qual {
            super::namespace::Qualifier::Class(r) => {
                let saved = self.member_class.replace(r);
                let params = self.param_types(fd.params);
                self.member_class = saved;
                let Some(params) = params else {
                    return;
                };
                let cands: Vec<FnId> = match self.types.record(r).name {
                    Some(n)
                        if n == fd.name
                            && fd
                                .qual
                                .is_some_and(|q| matches!(q.last(), NameSeg::Ident { .. })) =>
                    {
                        self.classes
                            .get(&r)
                            .map(|d| d.ctors.clone())
                            .unwrap_or_default()
                    }
                    _ => self
                        .classes
                        .get(&r)
                        .and_then(|d| d.members.get(&fd.name).copied())
                        .map(|b| self.functions_of(b))
                        .unwrap_or_default(),
                };
                let no_match = "declaration is incompatible with the declarations of";
                let found = if self.host_system_def(fd) {
                    // Left to the host compiler when it matches nothing (`system_members.rs`).
                    self.quietly(|l| l.declared_with_params(cands, &params, q, fd, no_match))
                } else {
                    self.declared_with_params(cands, &params, q, fd, no_match)
                };
                let Some(fid) = found else {
                    return;
                };
                // The definition's specifiers decide where the body is compiled.
                if fd.specs.device && self.fns[fid.0 as usize].space == ExecSpace::Host {
                    self.fns[fid.0 as usize].space = ExecSpace::Device;
                }
                self.note_constexpr_member(fid, fd);
                if fd.body.is_some() || fd.host_body_skipped {
                    self.note_definition_for_internal_names(fid, fd);
                }
                if fd.body.is_some() {
                    let saved = self.save_fn();
                    self.member_class = Some(r);
                    self.define_member_body(fid, fd);
                    self.restore_fn(saved);
                }
            }
            super::namespace::Qualifier::Ns(ns) => {
                let params = self.param_types(fd.params);
                let Some(params) = params else {
                    return;
                };
                let b = self.ns_binding(ns, fd.name);
                let cands = b.map(|b| self.functions_of(b)).unwrap_or_default();
                let no_match = "namespace has no actual member";
                let found = if self.host_system_def(fd) {
                    // Left to the host compiler when it matches nothing (`system_members.rs`).
                    self.quietly(|l| l.declared_with_params(cands, &params, q, fd, no_match))
                } else {
                    self.declared_with_params(cands, &params, q, fd, no_match)
                };
                let Some(fid) = found else {
                    return;
                };
                self.note_constexpr_member(fid, fd);
                if fd.body.is_some() && self.func_info(fid).space.on_device() {
                    if self.func_info(fid).defined {
                        let n = self.callee_signature(fid);
                        self.error(
                            fd.name_span,
                            format!("function \"{n}\" has already been defined"),
                        );
                        return;
                    }
                    self.fns[fid.0 as usize].defined = true;
                    let saved = self.save_fn();
                    self.define_function_body(fid, fd);
                    self.restore_fn(saved);
                }
            }
        }
    }

    /// The candidate declared with exactly the definition's parameter types, or nvcc's
    /// error `<no_match> "<qualified name>"` at the definition's name.
    fn declared_with_params(
        &mut self,
        cands: Vec<FnId>,
        params: &[QualType],
        q: &ast::QualName<'_>,
        fd: &ast::FunctionDecl<'_>,
        no_match: &str,
    ) -> Option<FnId> {
        let found = cands
            .into_iter()
            .find(|&f| self.func_info(f).params == params);
        if found.is_none() {
            let text = self.qual_name_text(q);
            self.error(fd.name_span, format!("{no_match} \"{text}\""));
        }
        found
    }
}
