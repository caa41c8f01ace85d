//! Function template calls: deduction of the template arguments not given explicitly
//! (explicit ones are `template_explicit.rs`'s) from the call's argument types (values,
//! pointers, arrays, qualifiers; a trailing function parameter pack takes the remaining
//! arguments), default template arguments, choosing among the viable templates of an
//! overload set, and the call itself.

use super::call::CallArgs;
use super::expr::Operand;
use super::overload::{ArgInfo, Candidate};
use super::template::TArg;
use super::{Binding, FnId, Lowerer};
use crate::ast::{self, Expr, ExprKind, TemplateParam, TemplateParamKind, TypeExpr};
use crate::intern::Symbol;
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;

impl<'x> Lowerer<'x> {
    /// A call whose callee names a function template (`f(x)`, `f<int>(x)`); `None` when the
    /// callee is something else.
    pub fn template_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        let (name, explicit): (Symbol, &[ast::TemplateArgExpr<'_>]) = match &callee.kind {
            ExprKind::Name(ast::QualName {
                global: false,
                segments: [ast::NameSeg::TemplateId { name, args, .. }],
                ..
            }) => (*name, args),
            ExprKind::Ident(n) => (*n, &[]),
            // `ns::f(x)` / `ns::f<int>(x)`.
            ExprKind::Name(q) if q.segments.len() > 1 => {
                let Some(Binding::FnTemplate(set)) = self.lookup_qualified(q) else {
                    return None;
                };
                let (name, explicit): (Symbol, &[ast::TemplateArgExpr<'_>]) = match q.last() {
                    ast::NameSeg::TemplateId { name, args, .. } => (*name, args),
                    seg => (seg.ident()?, &[]),
                };
                return Some(self.call_fn_template_set(
                    set,
                    name,
                    explicit,
                    args,
                    callee.span,
                    span,
                ));
            }
            _ => return None,
        };
        let set = match self.lookup_ordinary(name) {
            // `f<int>(x)` / `f(x)` naming a member template inside a member function.
            Some(Binding::FnTemplate(s)) if self.is_member_set(s) => {
                let obj = self.this_object();
                return Some(self.member_template_call(
                    s,
                    None,
                    name,
                    explicit,
                    Some(obj),
                    args,
                    callee.span,
                    span,
                ));
            }
            // `max(t0, t1)` with a user's `template <class T> T max(const T&, const T&)`
            // that cannot take a (double, float) pair: CUDA's own overloads are candidates
            // too (`call.rs`).
            Some(Binding::FnTemplate(s))
                if explicit.is_empty()
                    && self.builtin_beats_template(s, name, args, callee.span) =>
            {
                return self.builtin_call(name, args, span);
            }
            // `f(x)` may find more templates or functions by argument-dependent lookup
            // (`adl_call`, through `call_cxx`).
            Some(Binding::FnTemplate(_))
                if matches!(callee.kind, ExprKind::Ident(_)) && self.adl.names.contains(&name) =>
            {
                return None
            }
            Some(Binding::FnTemplate(s)) => s,
            _ if matches!(callee.kind, ExprKind::Ident(_)) => return None,
            _ => {
                self.error(
                    callee.span,
                    format!("\"{}\" is not a function template", self.name(name)),
                );
                return Some(None);
            }
        };
        Some(self.call_fn_template_set(set, name, explicit, args, callee.span, span))
    }

    /// A call of a (non-member) function template of overload set `set`.
    fn call_fn_template_set(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[&Expr<'_>],
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let ops = self.lower_call_args(args)?;
        let types: Vec<QualType> = ops.iter().filter_map(|(o, _)| o.map(|o| o.ty)).collect();
        let lvalues: Vec<bool> = ops
            .iter()
            .filter_map(|(o, _)| o.map(|o| o.is_lvalue()))
            .collect();
        let plain = self.functions_of(Binding::FnTemplate(set));
        if !plain.is_empty() && explicit.is_empty() && ops.iter().all(|(o, _)| o.is_some()) {
            // Non-template functions of the same name compete (and win ties).
            let ops: Vec<(Operand, Span)> = ops.into_iter().map(|(o, s)| (o.unwrap(), s)).collect();
            let chosen = self.quietly(|l| {
                l.choose_fn_template(set, name, &[], (&types, &lvalues), callee_span, false)
            });
            // A function with the instance's very parameter types wins the tie: the
            // instance is not made (its body may not compile for these types, as the
            // generic shuffle of `cooperative_groups.h` for `uint4`).
            let chosen = chosen.filter(|(t, a)| !self.shadowed_by_function(*t, a, &plain));
            let mut cands: Vec<Candidate> = plain
                .into_iter()
                .map(|f| Candidate {
                    f,
                    is_template: false,
                })
                .collect();
            if let Some(f) = chosen.and_then(|(t, a)| self.instantiate_fn(t, a, callee_span)) {
                cands.push(Candidate {
                    f,
                    is_template: true,
                });
            }
            let infos: Vec<ArgInfo> = ops.iter().map(|(o, _)| ArgInfo::of(o)).collect();
            let n = self.name(name).to_string();
            let f = self.resolve_overload(&n, &cands, &infos, None, callee_span)?;
            return self.call_fn(f, None, ops, callee_span, span);
        }
        let fid =
            self.select_fn_template(set, name, explicit, (&types, &lvalues), callee_span, false)?;
        self.direct_call(fid, CallArgs::Lowered(ops), callee_span, span)
    }

    /// Whether one of `plain` has exactly the parameter types of the instance of
    /// non-member template `tpl` for `args` (worked out without making the instance).
    pub(super) fn shadowed_by_function(&mut self, tpl: u32, args: &[TArg], plain: &[FnId]) -> bool {
        let fd = self.templates.fns[tpl as usize].decl;
        let Some(ps) =
            self.quietly(|l| l.in_instance_scope(tpl, args, |l| l.instance_param_types(fd)))
        else {
            return false;
        };
        plain.iter().any(|&f| {
            let fp = &self.func_info(f).params;
            fp.len() == ps.len() && fp.iter().zip(&ps).all(|(a, b)| a.ty == b.ty)
        })
    }

    /// Call arguments lowered (pack expansions once per element); `None` after an error.
    pub fn lower_call_args(&mut self, args: &[&Expr<'_>]) -> Option<Vec<(Option<Operand>, Span)>> {
        let mut ops = Vec::new();
        let mut ok = true;
        for a in args {
            if let ExprKind::PackExpansion(pattern) = a.kind {
                let Some(n) = self.pack_len_in(pattern, a.span) else {
                    ok = false;
                    continue;
                };
                for k in 0..n {
                    let saved = self.templates.pack_index.replace(k);
                    let o = self.expr(pattern);
                    self.templates.pack_index = saved;
                    ok &= o.is_some();
                    ops.push((o, a.span));
                }
            } else {
                let o = self.expr(a);
                ok &= o.is_some();
                ops.push((o, a.span));
            }
        }
        ok.then_some(ops)
    }

    /// The instance of the best template of overload set `set` for explicit arguments
    /// `explicit` and (call or declared) argument types `arg_types`, with which of them are
    /// lvalues (for forwarding references; empty: none); reports when none fits.
    pub fn select_fn_template(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        (arg_types, lvalues): (&[QualType], &[bool]),
        span: Span,
        declared: bool,
    ) -> Option<FnId> {
        let (tpl, args) =
            self.choose_fn_template(set, name, explicit, (arg_types, lvalues), span, declared)?;
        self.instantiate_fn(tpl, args, span)
    }

    /// The best template of overload set `set` and its arguments (see
    /// `select_fn_template`), without instantiating it.
    pub fn choose_fn_template(
        &mut self,
        set: u32,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        (arg_types, lvalues): (&[QualType], &[bool]),
        span: Span,
        declared: bool,
    ) -> Option<(u32, Vec<TArg>)> {
        let cands = self.templates.sets[set as usize].clone();
        let mut viable: Vec<(u32, Vec<TArg>, bool)> = Vec::new();
        for tpl in cands {
            let t = &self.templates.fns[tpl as usize];
            let (params, fd) = (t.params, t.decl);
            // SFINAE: a template whose arguments cannot be substituted is not viable (its
            // errors are not reported).
            let args = self.quietly(|l| {
                let bound = l.explicit_targs(params, explicit)?;
                // The parameter types name things of the template's namespace (and of a
                // hidden friend's class).
                let args =
                    l.in_template_scope(tpl, |l| l.deduce(params, fd, bound, arg_types, lvalues))?;
                // The declared return type must substitute too (`enable_if<…>::type`).
                if !Self::contains_auto(fd.ret) && !matches!(fd.ret, TypeExpr::Decltype(_)) {
                    // In the template's namespace (`pair<T1, T2>` inside `namespace std`).
                    let ns = l.templates.fns[tpl as usize].ns;
                    l.in_decl_context(|l| {
                        l.decl_ns = Some(ns);
                        l.in_template_scope(tpl, |l| {
                            l.bind_member_outer(tpl);
                            l.bind_template_params(params, &args);
                            l.resolve_type(fd.ret)
                        })
                    })?;
                }
                // A declaration (explicit instantiation or specialization) must match the
                // instance's parameter types exactly.
                if declared {
                    let exact = l.in_decl_context(|l| {
                        l.bind_member_outer(tpl);
                        l.bind_template_params(params, &args);
                        let ps = l.instance_param_types(fd)?;
                        Some(
                            ps.len() == arg_types.len()
                                && ps.iter().zip(arg_types).all(|(p, a)| {
                                    p.ty == a.ty || l.types.kind(p.ty) == l.types.kind(a.ty)
                                }),
                        )
                    });
                    if exact != Some(true) {
                        return None;
                    }
                }
                Some(args)
            });
            if let Some(args) = args {
                let has_pack = fd.params.iter().any(|p| p.pack);
                viable.push((tpl, args, has_pack));
            }
        }
        // Partial ordering, simplified: a template without a parameter pack is more
        // specialized than one with.
        if viable.len() > 1 && viable.iter().any(|v| !v.2) {
            viable.retain(|v| !v.2);
        }
        if viable.len() > 1 {
            let tpls: Vec<u32> = viable.iter().map(|v| v.0).collect();
            if let Some(i) = self.most_specialized(&tpls) {
                viable.swap(0, i);
            }
        }
        let Some((tpl, args, _)) = viable.into_iter().next() else {
            let shown: Vec<String> = arg_types.iter().map(|t| self.show(*t)).collect();
            let what = if declared {
                "the specified type"
            } else {
                "the argument list"
            };
            let d = crate::diag::Diag::error(
                span,
                format!(
                    "no instance of function template \"{}\" matches {what}",
                    self.name(name)
                ),
            )
            .with_note(span, format!("argument types are: ({})", shown.join(", ")));
            self.diags.push(d);
            return None;
        };
        Some((tpl, args))
    }

    /// Runs `f` with its diagnostics held back; `None` when it reported an error.
    pub fn quietly<R>(&mut self, f: impl FnOnce(&mut Self) -> Option<R>) -> Option<R> {
        let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
        let r = f(self);
        let failed = self.diags.has_errors();
        *self.diags = saved;
        if failed {
            None
        } else {
            r
        }
    }

    /// Deduces the template arguments not given explicitly from the argument types, then
    /// fills defaults; `None` when the template does not fit.
    pub(super) fn deduce(
        &mut self,
        params: &'x [TemplateParam<'x>],
        fd: &ast::FunctionDecl<'_>,
        mut bound: Vec<Option<TArg>>,
        arg_types: &[QualType],
        lvalues: &[bool],
    ) -> Option<Vec<TArg>> {
        // Explicitly given parameters are not deduced (their arguments convert).
        let given: Vec<bool> = bound.iter().map(|b| b.is_some()).collect();
        let fixed = fd.params.iter().filter(|p| !p.pack).count();
        let has_pack = fixed < fd.params.len();
        // Trailing parameters with default arguments may be left out (and are not deduced
        // from: `Op op = Op()` needs `Op` given or defaulted).
        let required = fd
            .params
            .iter()
            .filter(|p| !p.pack && p.default.is_none())
            .count();
        if arg_types.len() < required || (!has_pack && arg_types.len() > fixed) {
            return None;
        }
        let mut ai = 0;
        for p in fd.params {
            if ai >= arg_types.len() && p.default.is_some() {
                break;
            }
            if p.pack {
                let pack_param = self.pack_param_of(params, p.ty)?;
                let explicit_pack = bound[pack_param].is_some();
                let mut elems = Vec::new();
                while ai < arg_types.len() {
                    let mut trial = bound.clone();
                    if !explicit_pack {
                        trial[pack_param] = None;
                    }
                    let lv = lvalues.get(ai).copied().unwrap_or(false);
                    self.deduce_param(params, &given, p.ty, arg_types[ai], lv, &mut trial)?;
                    if !explicit_pack {
                        elems.push(trial[pack_param].take()?);
                    }
                    bound = trial;
                    ai += 1;
                }
                if !explicit_pack {
                    bound[pack_param] = Some(TArg::Pack(elems));
                }
                break;
            }
            let lv = lvalues.get(ai).copied().unwrap_or(false);
            self.deduce_param(params, &given, p.ty, arg_types[ai], lv, &mut bound)?;
            ai += 1;
        }
        self.fill_defaults(params, bound, None)
    }

    /// Default arguments (evaluated with the parameters before them bound) and empty packs.
    /// `home`: the namespace the template is declared in, where the defaults' names are
    /// looked up (`None`: the current one).
    pub fn fill_defaults(
        &mut self,
        params: &'x [TemplateParam<'x>],
        mut bound: Vec<Option<TArg>>,
        home: Option<super::namespace::NsId>,
    ) -> Option<Vec<TArg>> {
        for i in 0..params.len() {
            if bound[i].is_some() {
                continue;
            }
            let p = &params[i];
            if p.pack {
                bound[i] = Some(TArg::Pack(Vec::new()));
                continue;
            }
            let before: Vec<TArg> = bound[..i].iter().map(|b| b.clone().unwrap()).collect();
            let v = match &p.kind {
                TemplateParamKind::Type { default: Some(te) } => self.in_decl_context(|l| {
                    l.decl_ns = home;
                    l.bind_template_params(&params[..i], &before);
                    l.resolve_type(te).map(TArg::Type)
                }),
                TemplateParamKind::NonType {
                    ty,
                    default: Some(e),
                } => self.in_decl_context(|l| {
                    l.decl_ns = home;
                    l.bind_template_params(&params[..i], &before);
                    let pty = l.resolve_type(ty)?.unqual();
                    let v = l.const_eval(e)?;
                    l.nontype_arg(v, pty, e.span)
                }),
                _ => None,
            };
            bound[i] = Some(v?);
        }
        bound.into_iter().collect()
    }

    /// The index of the template parameter pack a function parameter pack's type names.
    fn pack_param_of(&self, params: &[TemplateParam<'_>], te: &TypeExpr<'_>) -> Option<usize> {
        match te {
            TypeExpr::Named { name, .. } => {
                params.iter().position(|p| p.pack && p.name == Some(*name))
            }
            TypeExpr::Qualified { inner, .. } => self.pack_param_of(params, inner),
            TypeExpr::Pointer { pointee, .. } => self.pack_param_of(params, pointee),
            TypeExpr::Reference { referee, .. } => self.pack_param_of(params, referee),
            _ => None,
        }
    }

    /// Deduces from one call argument of type `a` (an lvalue when `lvalue`) for function
    /// parameter type `p` ([temp.deduct.call]).
    fn deduce_param(
        &mut self,
        params: &[TemplateParam<'_>],
        given: &[bool],
        p: &TypeExpr<'_>,
        a: QualType,
        lvalue: bool,
        bound: &mut Vec<Option<TArg>>,
    ) -> Option<()> {
        // A forwarding reference (`T&&`, `T` a type parameter) given an lvalue of type `A`
        // deduces `T` as `A&` (then `T&&` collapses to `A&`).
        if let TypeExpr::Reference {
            referee: referee @ TypeExpr::Named { name, .. },
            rvalue: true,
        } = p
        {
            let forwarding = params.iter().any(|tp| {
                tp.name == Some(*name) && matches!(tp.kind, TemplateParamKind::Type { .. })
            });
            if lvalue && forwarding {
                let r = QualType::new(self.types.intern(TypeKind::Reference {
                    referent: a,
                    rvalue: false,
                }));
                return self.deduce_type(params, given, referee, r, bound, false);
            }
        }
        let mut trial = bound.clone();
        if self
            .deduce_type(params, given, p, a, &mut trial, true)
            .is_some()
        {
            *bound = trial;
            return Some(());
        }
        self.deduce_via_bases(params, given, p, a, bound)
    }

    /// [temp.deduct.call]/4.3: when `p` is (a reference to) a class template-id or a pointer
    /// to one, the argument may be (a pointer to) a class derived from an instance of it;
    /// the deduction must then be the same from every base it succeeds for.
    fn deduce_via_bases(
        &mut self,
        params: &[TemplateParam<'_>],
        given: &[bool],
        p: &TypeExpr<'_>,
        a: QualType,
        bound: &mut Vec<Option<TArg>>,
    ) -> Option<()> {
        let mut core = p;
        if let TypeExpr::Reference { referee, .. } = core {
            core = referee;
        }
        if let TypeExpr::Qualified { inner, .. } = core {
            core = inner;
        }
        let pointer = matches!(core, TypeExpr::Pointer { .. });
        if let TypeExpr::Pointer { pointee, .. } = core {
            core = pointee;
            if let TypeExpr::Qualified { inner, .. } = core {
                core = inner;
            }
        }
        if !matches!(core, TypeExpr::Qual(_)) {
            return None;
        }
        let a = match self.types.kind(a.ty).clone() {
            TypeKind::Reference { referent, .. } => referent,
            _ => a,
        };
        let a = if pointer {
            let d = self.decayed(a);
            self.types.pointee(d.ty)?
        } else {
            a
        };
        let TypeKind::Record(r) = *self.types.kind(a.ty) else {
            return None;
        };
        let bases_of = |l: &Self, r| -> Vec<RecordId> {
            l.classes
                .get(&r)
                .map(|d| d.bases.iter().map(|b| b.0).collect())
                .unwrap_or_default()
        };
        let mut queue = bases_of(self, r);
        let mut seen = std::collections::HashSet::new();
        let mut found: Option<Vec<Option<TArg>>> = None;
        while let Some(b) = queue.pop() {
            if !seen.insert(b) {
                continue;
            }
            let bt = QualType {
                ty: self.types.intern(TypeKind::Record(b)),
                quals: a.quals,
            };
            let at = if pointer {
                QualType::new(self.types.pointer_to(bt))
            } else {
                bt
            };
            let mut trial = bound.clone();
            if self
                .deduce_type(params, given, p, at, &mut trial, true)
                .is_some()
            {
                if found.as_ref().is_some_and(|f| *f != trial) {
                    return None;
                }
                found = Some(trial);
            }
            queue.extend(bases_of(self, b));
        }
        *bound = found?;
        Some(())
    }

    /// Matches a template-id pattern (`Base<T, N>`) against a class type: the class must
    /// be an instance of that class template; its arguments are matched one by one.
    fn deduce_template_id(
        &mut self,
        params: &[TemplateParam<'_>],
        given: &[bool],
        q: &ast::QualName<'_>,
        a: QualType,
        bound: &mut [Option<TArg>],
    ) -> Option<()> {
        let ast::NameSeg::TemplateId { args: pats, .. } = q.last() else {
            return Some(());
        };
        let c = match self.deduce_template_template(params, q, a, bound)? {
            Some(c) => c,
            None => match self.lookup_qualified(q) {
                Some(Binding::ClassTemplate(c)) => c,
                _ => return Some(()),
            },
        };
        let TypeKind::Record(r) = *self.types.kind(a.ty) else {
            return None;
        };
        let (ac, targs) = match self.templates.instance_of.get(&r) {
            Some(i) => i.clone(),
            // Partial ordering deduces from declared signatures, whose template-ids are
            // shells (`template_order.rs`).
            None if self.templates.ordering => self
                .templates
                .class_instances
                .iter()
                .find(|(_, v)| **v == Some(r))
                .map(|(k, _)| k.clone())?,
            None => return None,
        };
        if ac != c {
            return None;
        }
        for (pat, targ) in pats.iter().zip(&targs) {
            let value_param = |n: Symbol| {
                params.iter().position(|tp| {
                    tp.name == Some(n) && matches!(tp.kind, TemplateParamKind::NonType { .. })
                })
            };
            match (pat, targ) {
                (ast::TemplateArgExpr::Type(te), TArg::Type(t)) => {
                    self.deduce_type(params, given, te, *t, bound, false)?;
                }
                // A non-type parameter (`Base<N>`; an identifier may parse as a type).
                (
                    ast::TemplateArgExpr::Expr(Expr {
                        kind: ExprKind::Ident(n),
                        ..
                    })
                    | ast::TemplateArgExpr::Type(TypeExpr::Named { name: n, .. }),
                    TArg::Value(..),
                ) => {
                    let Some(i) = value_param(*n) else { continue };
                    match &bound[i] {
                        _ if given[i] => {}
                        Some(b) if b != targ => return None,
                        _ => bound[i] = Some(targ.clone()),
                    }
                }
                _ => {}
            }
        }
        if pats.len() < targs.len() && !self.defaults_match(c, &targs, pats.len()) {
            return None;
        }
        Some(())
    }

    /// Whether the arguments `targs[from..]` of an instance of class template `c` are the
    /// template's default type arguments: a pattern `X<S>` is `X<S, Default>`, so
    /// `thread_block_tile<S>` does not match `thread_block_tile<16, thread_block>`.
    /// (Non-type defaults and packs are not compared.)
    fn defaults_match(&mut self, c: u32, targs: &[TArg], from: usize) -> bool {
        let t = &self.templates.classes[c as usize];
        let (params, first) = (t.params, t.first_params);
        if params.iter().any(|p| p.pack) || params.len() != targs.len() {
            return true;
        }
        let home = self.ns.class_template_ns.get(&c).copied();
        for i in from..targs.len() {
            let p = match (&params[i].kind, first.get(i).map(|f| &f.kind)) {
                (TemplateParamKind::Type { default: Some(_) }, _) => &params[i],
                (_, Some(TemplateParamKind::Type { default: Some(_) })) => &first[i],
                _ => continue,
            };
            let TemplateParamKind::Type { default: Some(te) } = &p.kind else {
                continue;
            };
            let before = &targs[..i];
            let mark = self.diags.mark();
            let d = self.in_decl_context(|l| {
                l.decl_ns = home;
                l.bind_template_params(&params[..i], before);
                l.resolve_type(te)
            });
            self.diags.rollback(mark);
            if let (Some(d), TArg::Type(a)) = (d, &targs[i]) {
                if d.ty != a.ty {
                    return false;
                }
            }
        }
        true
    }

    /// Matches parameter type `p` against argument type `a`, binding template parameters.
    /// `top` for the parameter's own type (where arrays decay and qualifiers drop).
    pub fn deduce_type(
        &mut self,
        params: &[TemplateParam<'_>],
        given: &[bool],
        p: &TypeExpr<'_>,
        a: QualType,
        bound: &mut [Option<TArg>],
        top: bool,
    ) -> Option<()> {
        if top {
            // An expression's type is never a reference (a declared parameter's may be).
            let a = match self.types.kind(a.ty).clone() {
                TypeKind::Reference { referent, .. } => referent,
                _ => a,
            };
            if let TypeKind::Reference { .. } = self.types.kind(a.ty) {
                return None;
            }
            // `T&`, `const T&`, `T&&`: deduced from the argument's type itself (not decayed,
            // qualifiers kept: `T&` given a `const int` makes `T` `const int`).
            if let TypeExpr::Reference { referee, .. } = p {
                return self.deduce_type(params, given, referee, a, bound, false);
            }
        }
        let a = if top { self.decayed(a).unqual() } else { a };
        match p {
            TypeExpr::Named { name, .. } => {
                let Some(i) = params.iter().position(|tp| tp.name == Some(*name)) else {
                    return Some(());
                };
                if !matches!(params[i].kind, TemplateParamKind::Type { .. }) || given[i] {
                    return Some(());
                }
                match &bound[i] {
                    Some(TArg::Type(t)) => (*t == a).then_some(()),
                    Some(_) => None,
                    None => {
                        bound[i] = Some(TArg::Type(a));
                        Some(())
                    }
                }
            }
            TypeExpr::Qualified { quals, inner } => {
                if top {
                    return self.deduce_type(params, given, inner, a, bound, false);
                }
                // `const T*` also matches `float*` (a qualification conversion): the
                // parameter's qualifiers are taken off the argument's where present.
                let q = super::decl::conv_quals(*quals);
                let rest = QualType {
                    ty: a.ty,
                    quals: crate::sema::types::Qualifiers {
                        konst: a.quals.konst && !q.konst,
                        volatile: a.quals.volatile && !q.volatile,
                        restrict: a.quals.restrict && !q.restrict,
                    },
                };
                self.deduce_type(params, given, inner, rest, bound, false)
            }
            TypeExpr::Pointer { pointee, .. } | TypeExpr::Array { elem: pointee, .. } if top => {
                let pa = self.types.pointee(a.ty)?;
                self.deduce_type(params, given, pointee, pa, bound, false)
            }
            TypeExpr::Pointer { pointee, .. } => {
                let pa = self.types.pointee(a.ty)?;
                self.deduce_type(params, given, pointee, pa, bound, false)
            }
            TypeExpr::Array { elem, size } => {
                let TypeKind::Array { elem: ea, len } = self.types.kind(a.ty).clone() else {
                    return None;
                };
                if let (Some(size), Some(len)) = (size, len) {
                    if let ExprKind::Ident(n) = size.kind {
                        if let Some(i) = params.iter().position(|tp| tp.name == Some(n)) {
                            if let TemplateParamKind::NonType { ty, .. } = params[i].kind {
                                let pty = self.resolve_type(ty)?.unqual();
                                let v = TArg::Value(len as i128, pty);
                                match &bound[i] {
                                    _ if given[i] => {}
                                    Some(b) if *b != v => return None,
                                    _ => bound[i] = Some(v),
                                }
                            }
                        }
                    }
                }
                self.deduce_type(params, given, elem, ea, bound, false)
            }
            // Inside a type (`S<T&>`): matches only a reference of the same kind.
            TypeExpr::Reference { referee, rvalue } => match self.types.kind(a.ty).clone() {
                TypeKind::Reference {
                    referent,
                    rvalue: r,
                } if r == *rvalue => {
                    self.deduce_type(params, given, referee, referent, bound, false)
                }
                _ => None,
            },
            TypeExpr::Qual(q) => self.deduce_template_id(params, given, q, a, bound),
            _ => Some(()),
        }
    }
}

/// True when type `t` as written names `name` (a template parameter).
pub(super) fn type_mentions(t: &TypeExpr<'_>, name: Symbol) -> bool {
    match t {
        TypeExpr::Named { name: n, .. } => *n == name,
        TypeExpr::Qualified { inner, .. } => type_mentions(inner, name),
        TypeExpr::Pointer { pointee, .. } => type_mentions(pointee, name),
        TypeExpr::Reference { referee, .. } => type_mentions(referee, name),
        TypeExpr::Array { elem, .. } => type_mentions(elem, name),
        _ => false,
    }
}

/// Where a type as written starts (for messages).
pub(super) fn type_span(t: &TypeExpr<'_>) -> Span {
    match t {
        TypeExpr::Named { span, .. } | TypeExpr::Tag { span, .. } => *span,
        TypeExpr::Qual(q) => q.span,
        TypeExpr::Qualified { inner, .. } => type_span(inner),
        TypeExpr::Pointer { pointee, .. } => type_span(pointee),
        TypeExpr::Array { elem, .. } => type_span(elem),
        _ => Span::default(),
    }
}
