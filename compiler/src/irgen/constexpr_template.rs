//! Calls of constexpr function templates in constant evaluation (`sq(4)`, `f<3>()`): the
//! template is chosen and its arguments deduced from the constant arguments' types by the
//! templates' own deduction (`choose_fn_template`), the instance is declared as a call
//! would (`instantiate_fn`), and the template's body is interpreted with the template
//! parameters bound, in the template's namespace.

use super::constexpr_fn::FnEnv;
use super::constexpr_mem::CxVal;
use crate::ast::{self, Expr, ExprKind};
use crate::intern::Symbol;
use crate::sema::consteval::ConstError;
use crate::source::Span;

impl FnEnv<'_, '_> {
    /// `callee(vals)` where the callee names function template set `set`.
    pub(super) fn call_template(
        &mut self,
        set: u32,
        callee: &Expr<'_>,
        name: Symbol,
        vals: Vec<CxVal>,
        span: Span,
    ) -> Result<CxVal, ConstError> {
        let nc = ConstError::NotConstant(span);
        if self.l.is_member_set(set) {
            return Err(nc);
        }
        let explicit: &[ast::TemplateArgExpr<'_>] = match &callee.kind {
            ExprKind::Name(q) => match q.last() {
                ast::NameSeg::TemplateId { args, .. } => args,
                _ => &[],
            },
            _ => &[],
        };
        let infos = self.arg_infos_of(&vals);
        let types: Vec<_> = infos.iter().map(|a| a.ty).collect();
        let lvalues: Vec<bool> = infos.iter().map(|a| a.lvalue).collect();
        let (tpl, targs) = self
            .l
            .choose_fn_template(set, name, explicit, (&types, &lvalues), callee.span, false)
            .ok_or(ConstError::Reported)?;
        let fid = self
            .l
            .instantiate_fn(tpl, targs.clone(), callee.span)
            .ok_or(ConstError::Reported)?;
        let t = &self.l.templates.fns[tpl as usize];
        let (params, fd, ns) = (t.params, t.decl, t.ns);
        if !fd.specs.is_constexpr || fd.body.is_none() || fd.params.iter().any(|p| p.pack) {
            return Err(self.l.not_constexpr(fid, callee.span, span));
        }
        if self.l.templates.cx_depth == 0
            && self.l.func_info(fid).space == super::ExecSpace::Host
            && !self.l.constexpr_host_call(fid, callee.span)
        {
            return Err(ConstError::Reported);
        }
        let mem = &mut *self.mem;
        self.l.in_decl_context(|l| {
            l.with_ns_open(ns, |l| {
                l.bind_template_params(params, &targs);
                let mut env = FnEnv {
                    l,
                    mem,
                    scopes: Vec::new(),
                    this: None,
                    is_ctor: false,
                    ret: None,
                };
                env.run_fn(fid, fd, vals, None, span)
            })
        })
    }
}
