//! Explicit specializations of function templates: `template <> __device__ float
//! f<float>(float)` and `template <> __device__ double f(double)` (arguments deduced from
//! the declared parameter types). The specialization replaces the primary template's
//! instance for those arguments: calls that select the primary with them get the
//! specialization's body, under the instance's name (mangled from the primary's declared
//! signature, as nvcc does: `_Z1fIfET_S0_`). A `__global__` specialization is emitted even
//! when nothing calls it (it is a kernel).

use super::template::TArg;
use super::{Binding, FnId, Lowerer};
use crate::ast;

impl<'x> Lowerer<'x> {
    /// `template <> … f<args>(…) { … }` at namespace scope.
    pub fn fn_explicit_specialization(&mut self, fd: &'x ast::FunctionDecl<'x>) {
        let set = match self.lookup_ordinary(fd.name) {
            Some(Binding::FnTemplate(s)) => s,
            _ => {
                self.error(
                    fd.name_span,
                    format!("{} is not a template", self.name(fd.name)),
                );
                return;
            }
        };
        let Some(param_types) = self.param_types(fd.params) else {
            return;
        };
        let explicit = fd.template_args.unwrap_or(&[]);
        let choose = |l: &mut Self| {
            l.choose_fn_template(
                set,
                fd.name,
                explicit,
                (&param_types, &[]),
                fd.name_span,
                true,
            )
        };
        // A host specialization oxicc cannot match to its template (libstdc++'s
        // `template<> istream& getline(istream&, string&, char)`, through default template
        // arguments of declared-only class templates) is host code device code cannot
        // call: left to the host compiler, as its body is.
        let host = !fd.specs.device && !fd.specs.global;
        let chosen = if host {
            self.quietly(choose)
        } else {
            choose(self)
        };
        let Some((tpl, args)) = chosen else {
            return;
        };
        let key = (tpl, args);
        if let Some(Some(fid)) = self.templates.instances.get(&key).copied() {
            let use_line = self
                .func_info(fid)
                .first_call
                .map(|s| self.sources.file(s.file).line_col(s.start).0);
            let at = use_line
                .map(|l| format!(" (at line {l})"))
                .unwrap_or_default();
            self.error(
                fd.name_span,
                format!(
                    "explicit specialization of function \"{}\" must precede its first use{at}",
                    self.spec_display(tpl, &key.1)
                ),
            );
            return;
        }
        self.templates.fn_specs.insert(key.clone(), fd);
        if fd.specs.global {
            let _ = self.instantiate_fn(key.0, key.1, fd.name_span);
        }
    }

    /// nvcc's `f(T) [with T=int]` for an instance in messages.
    fn spec_display(&self, tpl: u32, args: &[TArg]) -> String {
        let t = &self.templates.fns[tpl as usize];
        let (params, fd) = (t.params, t.decl);
        let ptypes: Vec<String> = fd
            .params
            .iter()
            .map(|p| match p.ty {
                ast::TypeExpr::Named { name, .. } => self.name(*name).to_string(),
                _ => "…".to_string(),
            })
            .collect();
        let with: Vec<String> = params
            .iter()
            .zip(args)
            .map(|(p, a)| {
                let n = p.name.map(|n| self.name(n)).unwrap_or("<unnamed>");
                let v = match a {
                    TArg::Type(t) => self.show(*t),
                    TArg::Value(v, _) => v.to_string(),
                    TArg::Pack(_)
                    | TArg::ValueParam(_)
                    | TArg::Expr(_)
                    | TArg::Template { .. }
                    | TArg::Entity { .. } => "…".to_string(),
                };
                format!("{n}={v}")
            })
            .collect();
        format!(
            "{}({}) [with {}]",
            self.name(fd.name),
            ptypes.join(", "),
            with.join(", ")
        )
    }

    /// The instance for `key` made from an explicit specialization, if there is one: the
    /// specialization's own signature and body, the primary template's symbol.
    pub(super) fn instantiate_specialization(
        &mut self,
        key: &(u32, Vec<TArg>),
    ) -> Option<Option<FnId>> {
        let spec = *self.templates.fn_specs.get(key)?;
        let t = &self.templates.fns[key.0 as usize];
        let (params, primary) = (t.params, t.decl);
        let args = key.1.clone();
        let ns = t.ns;
        let r = self.in_decl_context(|l| {
            l.with_ns_open(ns, |l| {
                let fid = l.declare_instance(spec, &[], &[], None)?;
                // The name is the primary template's instance's.
                let info = l.func_info(fid);
                let (ret, actual_params) = (info.ret, info.params.clone());
                if let Some((m, e)) =
                    l.instance_symbol(primary, params, &args, Some(ret), &actual_params)
                {
                    let info = &mut l.fns[fid.0 as usize];
                    info.mangled = Some(m);
                    info.entity = Some(std::rc::Rc::new(e));
                }
                l.templates.instances.insert(key.clone(), Some(fid));
                l.define_function(fid, spec);
                Some(fid)
            })
        });
        if r.is_none() {
            self.templates.instances.insert(key.clone(), None);
        }
        Some(r)
    }
}
