//! Calls of function templates' names as the typed analysis sees them: which instance
//! deduction chooses (a handle into `typed_instances`, made where the call is lowered), and,
//! for a set with functions beside the templates, which of them overload resolution
//! prefers — answered without making the instance, with the same rules as the one-walk
//! `call_fn_template_set`, which makes it first (so the lowering still makes it, at the
//! call).

use crate::ast;
use crate::intern::Symbol;
use crate::irgen::overload::{best_viable, ArgInfo, CandidateSig};
use crate::irgen::template::TArg;
use crate::irgen::{Binding, ExecSpace, Lowerer};
use crate::sema::body::{ArgType, FuncSig, TemplateCallee};
use crate::sema::types::QualType;

impl Lowerer<'_> {
    /// What a call of template set `set` (not a member set) with these arguments calls.
    /// Templates only, or explicit template arguments: the best template's instance. With
    /// functions beside the templates (and no explicit template arguments): the best of those functions and the best
    /// template's instance (unless a function has the instance's very parameter types),
    /// a function winning ties.
    pub(super) fn template_set_callee(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[ArgType],
        on_this: bool,
    ) -> Option<TemplateCallee> {
        let plain = self.functions_of(Binding::FnTemplate(set));
        // With explicit template arguments only the templates are candidates (as in the
        // one-walk `call_fn_template_set`), whatever functions share the name
        // (`cg::tiled_partition<32>(cta)` beside `tiled_partition(parent, n)`).
        if plain.is_empty() || !explicit.is_empty() {
            let sig = self.template_instance_sig(set, name, explicit, args)?;
            return Some(TemplateCallee::Instance {
                sig,
                on_this,
                resolved: false,
            });
        }
        if plain.iter().any(|&f| self.func_info(f).member.is_some()) {
            return None;
        }
        let chosen = self
            .chosen_template(set, name, &[], args)
            .filter(|(t, a)| !self.shadowed_by_function(*t, a, &plain));
        let instance = match chosen {
            Some(key) => {
                let fd = self.templates.fns[key.0 as usize].decl;
                if fd.params.iter().any(|p| p.default.is_some()) {
                    return None;
                }
                Some(self.instance_handle(key)?)
            }
            None => None,
        };
        let infos: Vec<ArgInfo> = args.iter().map(|a| a.info()).collect();
        let mut viable = Vec::new();
        for (i, &f) in plain.iter().enumerate() {
            let info = self.func_info(f).clone();
            let sig = CandidateSig {
                params: &info.params,
                min_args: info.min_args(),
                variadic: info.variadic,
                member: None,
            };
            if let Some(ranks) = self.without_diagnostics(|l| l.viable_ranks(sig, &infos, None)) {
                viable.push((i, ranks));
            }
        }
        if let Some(inst) = &instance {
            let sig = CandidateSig {
                params: &inst.params,
                min_args: inst.params.len(),
                variadic: false,
                member: None,
            };
            if let Some(ranks) = self.without_diagnostics(|l| l.viable_ranks(sig, &infos, None)) {
                viable.push((plain.len(), ranks));
            }
        }
        let mut is_template = vec![false; plain.len()];
        is_template.push(true);
        let best = best_viable(&viable, &vec![0; plain.len() + 1], &is_template)?;
        match viable[best].0 {
            w if w == plain.len() => Some(TemplateCallee::Instance {
                sig: instance?,
                on_this: false,
                resolved: true,
            }),
            w => Some(TemplateCallee::Function {
                sig: self.callable(plain[w])?,
                made_first: instance.map(|s| s.id),
            }),
        }
    }

    /// The instance of template set `set` that deduction chooses for `explicit` and
    /// `args`, as [`Env::template_call`] describes it: its signature, with a new handle
    /// into `typed_instances` as its id.
    pub(super) fn template_instance_sig(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[ArgType],
    ) -> Option<FuncSig> {
        let key = self.chosen_template(set, name, explicit, args)?;
        self.instance_handle(key)
    }

    /// The best template of `set` for these arguments and its template arguments, chosen
    /// quietly.
    fn chosen_template(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[ArgType],
    ) -> Option<(u32, Vec<TArg>)> {
        let types: Vec<QualType> = args.iter().map(|a| a.ty).collect();
        let lvalues: Vec<bool> = args.iter().map(|a| a.lvalue).collect();
        let span = crate::source::Span::default();
        self.without_diagnostics(|l| {
            l.choose_fn_template(set, name, explicit, (&types, &lvalues), span, false)
        })
    }

    /// The signature of template `key.0`'s instance for arguments `key.1`, when a typed
    /// body may call it (see [`Self::template_instance_sig`]); its `id` is a new handle
    /// into `typed_instances`.
    fn instance_handle(&mut self, key: (u32, Vec<TArg>)) -> Option<FuncSig> {
        let tpl = key.0;
        if self.templates.fn_specs.contains_key(&key) {
            return None;
        }
        let fd = self.templates.fns[tpl as usize].decl;
        let member = self.templates.fns[tpl as usize].member.is_some();
        let deduced_ret =
            Self::contains_auto(fd.ret) || matches!(fd.ret, ast::TypeExpr::Decltype(_));
        let odd_member = member
            && (fd.specs.is_static
                || fd.method.is_virtual
                || fd.method.is_const
                || fd.method.is_volatile
                || fd.method.ref_qual.is_some());
        if deduced_ret || odd_member || fd.variadic || fd.params.iter().any(|p| p.pack) {
            return None;
        }
        if !matches!(
            self.exec_space(&fd.specs),
            ExecSpace::Device | ExecSpace::HostDevice
        ) {
            return None;
        }
        // The instance's signature, resolved where `instantiate_fn` declares it.
        let (params, ret) = match self.templates.instances.get(&key) {
            Some(Some(f)) => {
                let info = self.func_info(*f);
                (info.params.clone(), info.ret)
            }
            Some(None) => return None,
            None if member => {
                self.without_diagnostics(|l| l.member_instance_signature(tpl, &key.1))?
            }
            None => self.without_diagnostics(|l| {
                l.in_instance_scope(tpl, &key.1, |l| {
                    let ret = l.resolve_type(fd.ret)?;
                    Some((l.instance_param_types(fd)?, ret))
                })
            })?,
        };
        let scalar = |t: &QualType| self.scalar_or_reference(*t);
        if !params.iter().all(scalar) || !(self.types.is_void(ret.ty) || scalar(&ret)) {
            return None;
        }
        let id = self.typed_instances.len() as u32;
        self.typed_instances.push(key);
        Some(FuncSig { id, params, ret })
    }
}
