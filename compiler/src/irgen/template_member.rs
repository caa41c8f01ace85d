//! Member function templates: `template <class U> void f(U)` inside a class or class
//! template (constructors included), their out-of-class definitions
//! (`template <class U> U C::g()`, `template <class T> template <class U> U C<T>::g()`),
//! out-of-class definitions of ordinary members of class templates
//! (`template <class T> T C<T>::get() const`), and calls with deduction or explicit
//! arguments (`obj.f(x)`, `obj.f<int>(x)`, `obj.template f<int>(x)`, `C<T>::template g<U>()`,
//! `f<int>(x)` inside a member function).
//!
//! A member template of each class (each class template instance) is a `FnTemplate` with
//! `member` set; its name binds `Binding::FnTemplate(set)` among the class's members
//! (`TemplateState::member_sets` also holds it when a non-template member has the same
//! name). An instance is declared as a member function of the class (`FnInfo::member`)
//! and mangled with its template arguments and declared signature, the class's own
//! template parameters already replaced by the instance's arguments
//! (`_ZNK3BoxIfE3mixIiEEffT_`); a constructor instance has no return type
//! (`_ZN3AccC1IiEET_`).

use super::class::MemberFn;
use super::expr::Operand;
use super::overload::Candidate;
use super::template::{entity_arg, FnTemplate, TArg};
use super::{inline_hint, Binding, ExecSpace, FnId, FnInfo, Lowerer};
use crate::ast::{self, Access, Expr, ExprKind, NameSeg};
use crate::intern::Symbol;
use crate::mangle::{self, FunctionEntity};
use crate::sema::entity::FunctionName;
use crate::sema::types::{QualType, Qualifiers, RecordId};
use crate::source::Span;
use oxicc_ir::Value;

/// What makes a function template a member template.
#[derive(Clone)]
pub(crate) struct MemberTpl<'x> {
    pub record: RecordId,
    pub access: Access,
    /// The enclosing class template's parameters as an out-of-class definition names them,
    /// with the instance's arguments (`None`: the class's own bindings).
    #[allow(clippy::type_complexity)]
    pub outer: Option<(&'x [ast::TemplateParam<'x>], Vec<TArg>)>,
}

/// An out-of-class definition of a member of a class template, applied to every instance.
#[derive(Clone, Copy)]
pub(crate) struct OutOfClassDef<'x> {
    /// The class template's parameters as the definition names them.
    pub params: &'x [ast::TemplateParam<'x>],
    /// A member template's own parameters (`template <class T> template <class U>`).
    pub member_params: Option<&'x [ast::TemplateParam<'x>]>,
    pub decl: &'x ast::FunctionDecl<'x>,
}

/// The AST outlives the lowering (it lives in the parser's arena, borrowed for `'x` by the
/// caller of the walk); class bodies reach the lowering through functions that do not
/// carry `'x`, so member templates found there are re-borrowed for `'x` here.
pub(super) fn template_decl_for<'x>(td: &ast::TemplateDecl<'_>) -> &'x ast::TemplateDecl<'x> {
    // SAFETY: every `TemplateDecl` the lowering sees is allocated in the parser's arena,
    // which outlives `Lowerer<'x>`; only the lifetime parameters change.
    unsafe { std::mem::transmute::<&ast::TemplateDecl<'_>, &'x ast::TemplateDecl<'x>>(td) }
}

impl<'x> Lowerer<'x> {
    /// A member class template (`template <bool C> struct Column {…};` inside class `r`):
    /// a class template like one at namespace scope, made once per declaration and bound
    /// as a member of `r` and in the current scope. Its own parameters are bound when it
    /// is instantiated; the enclosing class template's are not (nor is it mangled inside
    /// the enclosing class: its instances' member functions get namespace-scope names).
    pub(super) fn member_class_template(
        &mut self,
        r: RecordId,
        td: &'x ast::TemplateDecl<'x>,
        rd: &'x ast::RecordDecl<'x>,
        access: Access,
    ) {
        let Some(name) = rd.name else {
            return;
        };
        let key = rd as *const ast::RecordDecl<'_> as usize;
        if rd.template_args.is_some() {
            // A specialization of a member class template declared before it: added to
            // that template's specializations once, however often the class is defined.
            if !self.templates.member_classes.contains_key(&key) {
                self.class_template_decl(td, rd);
                if let Some(Binding::ClassTemplate(c)) = self.scopes.lookup(name).copied() {
                    self.templates.member_classes.insert(key, c);
                }
            }
            return;
        }
        let c = match self.templates.member_classes.get(&key) {
            Some(&c) => c,
            None => {
                self.scopes.push();
                self.class_template_decl(td, rd);
                let found = self.scopes.lookup_local(name).copied();
                self.scopes.pop();
                let Some(Binding::ClassTemplate(c)) = found else {
                    return;
                };
                self.templates.member_classes.insert(key, c);
                c
            }
        };
        self.scopes.bind(name, Binding::ClassTemplate(c));
        let data = self.class_data(r);
        data.members.insert(name, Binding::ClassTemplate(c));
        data.member_access.insert(name, (access, rd.span));
    }

    /// A member template `td` of class `r` (from the class body).
    pub fn declare_member_template(
        &mut self,
        r: RecordId,
        td: &ast::TemplateDecl<'_>,
        access: Access,
    ) {
        let td = template_decl_for(td);
        if let ast::Decl::Record(rd) = &td.decl {
            self.member_class_template(r, td, rd, access);
            return;
        }
        // A member alias or variable template: bound in the class like one at namespace
        // scope (a new one each time the class is defined).
        let alias = match &td.decl {
            ast::Decl::Typedef(t) => Some((t.name, super::template_alias::AliasDecl::Type(t))),
            ast::Decl::Var(v) => Some((v.name, super::template_alias::AliasDecl::Var(v))),
            _ => None,
        };
        if let Some((name, decl)) = alias {
            self.alias_template_decl(td, decl);
            if let Some(b) = self.scopes.lookup(name).copied() {
                let data = self.class_data(r);
                data.members.insert(name, b);
                data.member_access.insert(name, (access, td.span));
            }
            return;
        }
        let ast::Decl::Function(fd) = &td.decl else {
            self.error(td.span, "this kind of member template is not supported yet");
            return;
        };
        let fd: &'x ast::FunctionDecl<'x> = fd;
        let idx = self.templates.fns.len() as u32;
        self.templates.fns.push(FnTemplate {
            params: td.params,
            decl: fd,
            member: Some(MemberTpl {
                record: r,
                access,
                outer: self.templates.defining.clone(),
            }),
            // The class's namespace, not the point of a class template's instantiation:
            // `d::f(…)` in the member template's body is looked up from there.
            ns: self
                .adl
                .record_ns
                .get(&r)
                .copied()
                .unwrap_or_else(|| self.decl_ns()),
            friend: None,
        });
        let is_ctor = self.types.record(r).name == Some(fd.name)
            && fd
                .qual
                .is_none_or(|q| matches!(q.last(), NameSeg::Ident { .. }));
        if is_ctor {
            let set = self.member_set(r, None);
            self.templates.sets[set as usize].push(idx);
            // A user-declared constructor (a template too) removes the implicit default
            // one, unless it is declared `= default` (before or after the template).
            if let Some(d) = self.classes.get_mut(&r) {
                d.trivial_default_ctor = d.defaulted_default_ctor;
            }
            return;
        }
        if self.name(fd.name).starts_with("operator") {
            self.has_operator_fns = true;
        }
        let set = self.member_set(r, Some(fd.name));
        self.templates.sets[set as usize].push(idx);
        if let Some(d) = self.classes.get_mut(&r) {
            d.members.entry(fd.name).or_insert(Binding::FnTemplate(set));
            d.member_access.insert(fd.name, (access, fd.name_span));
        }
    }

    /// The set of member templates `name` of `r` (`None`: constructors), made on first use.
    fn member_set(&mut self, r: RecordId, name: Option<Symbol>) -> u32 {
        if let Some(&s) = self.templates.member_sets.get(&(r, name)) {
            return s;
        }
        let s = self.templates.sets.len() as u32;
        self.templates.sets.push(Vec::new());
        self.templates.member_sets.insert((r, name), s);
        s
    }

    /// The member template set `name` of `r` or of a base class.
    pub fn member_template_set(&self, r: RecordId, name: Symbol) -> Option<u32> {
        self.member_template_set_depth(r, name, 0)
    }

    fn member_template_set_depth(&self, r: RecordId, name: Symbol, depth: u32) -> Option<u32> {
        if depth > 64 {
            return None;
        }
        if let Some(&s) = self.templates.member_sets.get(&(r, Some(name))) {
            return Some(s);
        }
        let bases: Vec<RecordId> = self
            .classes
            .get(&r)
            .map(|d| d.bases.iter().map(|b| b.0).collect())
            .unwrap_or_default();
        bases
            .into_iter()
            .find_map(|b| self.member_template_set_depth(b, name, depth + 1))
    }

    /// Binds the enclosing class template's parameters of member template `tpl` (nothing
    /// for other templates).
    pub fn bind_member_outer(&mut self, tpl: u32) {
        let Some(m) = self.templates.fns[tpl as usize].member.clone() else {
            return;
        };
        match &m.outer {
            Some((p, a)) => self.bind_template_params(p, a),
            None => self.bind_record_template_params(m.record),
        }
    }

    /// True when template set `set` holds member templates.
    pub fn is_member_set(&self, set: u32) -> bool {
        self.templates.sets[set as usize]
            .first()
            .is_some_and(|&t| self.templates.fns[t as usize].member.is_some())
    }

    /// Declares and lowers the instance of member template `fd` for `key`.
    pub(super) fn instantiate_member_template(
        &mut self,
        m: MemberTpl<'x>,
        params: &'x [ast::TemplateParam<'x>],
        fd: &'x ast::FunctionDecl<'x>,
        key: (u32, Vec<TArg>),
    ) -> Option<FnId> {
        let args = key.1.clone();
        let r = self.in_member_instance_scope(&m, params, fd, &args, |l| {
            let saved = l.save_fn();
            l.member_class = Some(m.record);
            l.declaring_class = Some(m.record);
            let fid = l.declare_member_instance(&m, fd, params, &args);
            l.restore_fn(saved);
            let fid = fid?;
            l.templates.instances.insert(key.clone(), Some(fid));
            let inst = l.instance_decl(fd, fid);
            l.define_member_body(fid, inst);
            Some(fid)
        });
        if r.is_none() {
            self.templates.instances.insert(key, None);
        }
        r
    }

    /// Runs `f` where an instance of member template `fd` of `m`'s class for `args` is
    /// declared: the class's template parameters bound, the member's own in a scope of
    /// their own (see `member_tparams`).
    pub(super) fn in_member_instance_scope<R>(
        &mut self,
        m: &MemberTpl<'x>,
        params: &'x [ast::TemplateParam<'x>],
        fd: &'x ast::FunctionDecl<'x>,
        args: &[TArg],
        f: impl FnOnce(&mut Self) -> Option<R>,
    ) -> Option<R> {
        self.in_decl_context(|l| {
            match &m.outer {
                Some((p, a)) => {
                    // The class's namespace, as for its other members (`d::f(…)` in a
                    // member template of a class template, `cooperative_groups.h`).
                    if let Some(&ns) = l.adl.record_ns.get(&m.record) {
                        l.decl_ns = Some(ns);
                    }
                    l.bind_template_params(p, a)
                }
                None => l.bind_record_template_params(m.record),
            }
            let level = l.scopes.depth();
            l.scopes.push();
            l.bind_template_params(params, args);
            l.declare_param_packs(fd);
            let saved_level = l.member_tparams.replace(level);
            let r = f(l);
            l.member_tparams = saved_level;
            l.scopes.pop();
            r
        })
    }

    /// The parameter and result types an instance of member template `tpl` for `args`
    /// is declared with (`declare_member_instance`'s), without declaring it.
    pub(super) fn member_instance_signature(
        &mut self,
        tpl: u32,
        args: &[TArg],
    ) -> Option<(Vec<QualType>, QualType)> {
        let t = &self.templates.fns[tpl as usize];
        let (params, fd) = (t.params, t.decl);
        let m = t.member.clone()?;
        if self.return_deduced(fd.ret) {
            return None;
        }
        self.in_member_instance_scope(&m, params, fd, args, |l| {
            let saved = l.save_fn();
            l.member_class = Some(m.record);
            l.declaring_class = Some(m.record);
            let sig = (|| {
                let ret = l.resolve_type(fd.ret)?;
                Some((l.instance_param_types(fd)?, ret))
            })();
            l.restore_fn(saved);
            sig
        })
    }

    /// The `FnInfo` of a member template instance (parameters bound in the current scope).
    fn declare_member_instance(
        &mut self,
        m: &MemberTpl<'x>,
        fd: &'x ast::FunctionDecl<'x>,
        tparams: &[ast::TemplateParam<'_>],
        args: &[TArg],
    ) -> Option<FnId> {
        let r = m.record;
        let ret_pending = self.return_deduced(fd.ret);
        let ret = if ret_pending {
            QualType::new(self.types.void())
        } else {
            self.resolve_type(fd.ret)?
        };
        let params = self.instance_param_types(fd)?;
        let defaults = if fd.params.iter().any(|p| p.pack) {
            vec![None; params.len()]
        } else {
            self.default_args(fd.params)?
        };
        let fname = self.function_name_of(fd, Some(r), params.len())?;
        let is_ctor = fname == FunctionName::Constructor;
        let ret = match &fname {
            FunctionName::Conversion(t) => *t,
            _ => ret,
        };
        let s = &fd.specs;
        let space = self.exec_space(s);
        let (dret, dparams) = self.declared_signature(fd, tparams, Some(ret), &[])?;
        let this_quals = Qualifiers {
            konst: fd.method.is_const,
            volatile: fd.method.is_volatile,
            restrict: false,
        };
        let mut entity = FunctionEntity::new(
            FunctionEntity::member_scope(&self.types, r),
            fname.clone(),
            dparams,
        );
        entity.template_args = Some(args.iter().map(entity_arg).collect());
        // Constructors have no return type, also as templates.
        entity.ret = (!is_ctor).then_some(dret);
        entity.variadic = fd.variadic;
        entity.this_quals = this_quals;
        entity.ref_qual = super::class::ref_qualifier(fd.method.ref_qual);
        let mangled = mangle::mangle_function_entity(&self.types, self.interner, &entity);
        let id = FnId(self.fns.len() as u32);
        self.fns.push(FnInfo {
            name: fd.name,
            params,
            ret,
            variadic: fd.variadic,
            space,
            extern_c: false,
            is_static: false,
            inline: inline_hint(s),
            ir: None,
            defined: false,
            span: fd.name_span,
            first_call: None,
            launch_bounds: None,
            mangled: Some(mangled),
            entity: Some(std::rc::Rc::new(entity)),
            defaults,
            ret_pending,
            scope: FunctionEntity::member_scope(&self.types, r),
            fname,
            member: Some(MemberFn {
                record: r,
                is_const: fd.method.is_const,
                is_volatile: fd.method.is_volatile,
                ref_qual: super::class::ref_qualifier(fd.method.ref_qual),
                is_static: s.is_static,
                is_ctor,
                is_explicit: fd.method.is_explicit,
                is_deleted: fd.method.deleted,
                access: m.access,
            }),
        });
        Some(id)
    }

    /// A call whose callee names a member template: `obj.f(x)`, `obj.f<int>(x)`,
    /// `p->template f<int>(x)`, `C<int>::g<T>(x)`. `None`: not such a call.
    pub fn member_template_callee(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        match &callee.kind {
            ExprKind::Member {
                base,
                name,
                name_span,
                arrow,
            } => {
                let r = self.peek_object_class(base, *arrow)?;
                let set = self.member_template_set(r, *name)?;
                // An ordinary member of the same name: overload resolution among both.
                let plain = self
                    .class_member_binding(r, *name)
                    .filter(|b| matches!(b, Binding::Func(_) | Binding::Overloads(_)));
                let obj = self.object_of(base, *arrow, callee.span);
                Some(self.member_template_call(
                    set,
                    plain,
                    *name,
                    &[],
                    obj.map(Some),
                    args,
                    *name_span,
                    span,
                ))
            }
            ExprKind::QualMember { base, name, arrow } => {
                let [NameSeg::TemplateId {
                    name: n,
                    args: targs,
                    span: nspan,
                }] = name.segments
                else {
                    return None;
                };
                let obj = self.object_of(base, *arrow, callee.span);
                let Some((addr, ot)) = obj else {
                    return Some(None);
                };
                let set = self
                    .is_class(ot)
                    .and_then(|r| self.member_template_set(r, *n));
                let Some(set) = set else {
                    let t = self.show(ot);
                    self.error(
                        *nspan,
                        format!("class \"{t}\" has no member template \"{}\"", self.name(*n)),
                    );
                    return Some(None);
                };
                Some(self.member_template_call(
                    set,
                    None,
                    *n,
                    targs,
                    Some(Some((addr, ot))),
                    args,
                    *nspan,
                    span,
                ))
            }
            ExprKind::Name(q) if q.segments.len() > 1 => {
                let Some(Binding::FnTemplate(set)) = self.lookup_qualified(q) else {
                    return None;
                };
                if !self.is_member_set(set) {
                    return None;
                }
                let (n, targs): (Symbol, &[ast::TemplateArgExpr<'_>]) = match q.last() {
                    NameSeg::TemplateId { name, args, .. } => (*name, args),
                    seg => (seg.ident()?, &[]),
                };
                // `Base::f<int>(x)` inside a member function calls it on `*this`.
                let obj = self.this_object();
                Some(self.member_template_call(
                    set,
                    None,
                    n,
                    targs,
                    Some(obj),
                    args,
                    q.last().span(),
                    span,
                ))
            }
            _ => None,
        }
    }

    /// Chooses the instance of member template set `set` (with the ordinary members
    /// `plain` as further candidates) and calls it on `obj` (`Some(None)`: no object;
    /// `None`: the object failed to lower).
    #[allow(clippy::too_many_arguments)]
    pub fn member_template_call(
        &mut self,
        set: u32,
        plain: Option<Binding>,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        obj: Option<Option<(Value, QualType)>>,
        args: &[&Expr<'_>],
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let ops = self.lower_call_args(args);
        let (obj, ops) = (obj?, ops?);
        let ops: Vec<(Operand, Span)> = ops
            .into_iter()
            .filter_map(|(o, s)| o.map(|o| (o, s)))
            .collect();
        let types: Vec<QualType> = ops.iter().map(|(o, _)| o.ty).collect();
        let lvalues: Vec<bool> = ops.iter().map(|(o, _)| o.is_lvalue()).collect();
        let f = match plain {
            Some(b) if explicit.is_empty() => {
                // A template instance competes with the ordinary members (and loses ties).
                let mut cands = self.candidates(b);
                let chosen = self.quietly(|l| {
                    l.choose_fn_template(set, name, &[], (&types, &lvalues), callee_span, false)
                });
                let inst = chosen.and_then(|(t, a)| self.instantiate_fn(t, a, callee_span));
                if let Some(f) = inst {
                    cands.push(Candidate {
                        f,
                        is_template: true,
                    });
                }
                let infos: Vec<_> = ops
                    .iter()
                    .map(|(o, _)| super::overload::ArgInfo::of(o))
                    .collect();
                let n = self.name(name).to_string();
                self.resolve_overload(&n, &cands, &infos, obj.map(|o| o.1), callee_span)?
            }
            _ => self.select_fn_template(
                set,
                name,
                explicit,
                (&types, &lvalues),
                callee_span,
                false,
            )?,
        };
        let n = self.name(name).to_string();
        self.member_call(Binding::Func(f), obj, ops, &n, callee_span, span)
    }

    /// The instance of one of `r`'s constructor templates for these arguments, if any fits.
    pub fn ctor_template_candidate(
        &mut self,
        r: RecordId,
        args: &[(Operand, Span)],
        span: Span,
    ) -> Option<FnId> {
        let set = *self.templates.member_sets.get(&(r, None))?;
        let types: Vec<QualType> = args.iter().map(|(o, _)| o.ty).collect();
        let lvalues: Vec<bool> = args.iter().map(|(o, _)| o.is_lvalue()).collect();
        let name = self.types.record(r).name?;
        let (t, a) = self
            .quietly(|l| l.choose_fn_template(set, name, &[], (&types, &lvalues), span, false))?;
        self.instantiate_fn(t, a, span)
    }

    /// True when `r` has constructor templates.
    pub fn has_ctor_templates(&self, r: RecordId) -> bool {
        self.templates.member_sets.contains_key(&(r, None))
    }
}

impl<'x> Lowerer<'x> {
    /// `template <class T> R C<T>::f(…) {…}` (`member_params: None`) or
    /// `template <class T> template <class U> R C<T>::f(U) {…}`, and
    /// `template <class U> R C::f(U) {…}` for a plain class `C`.
    pub fn out_of_class_member(
        &mut self,
        params: &'x [ast::TemplateParam<'x>],
        member_params: Option<&'x [ast::TemplateParam<'x>]>,
        fd: &'x ast::FunctionDecl<'x>,
    ) {
        let q = fd.qual.expect("a qualified declarator");
        let class_template = match q.qualifier().last() {
            Some(NameSeg::TemplateId { name, .. }) => match self.lookup_ordinary(*name) {
                Some(Binding::ClassTemplate(c)) => Some(c),
                _ => {
                    self.error(
                        q.span,
                        format!("\"{}\" is not a class template", self.name(*name)),
                    );
                    return;
                }
            },
            _ => None,
        };
        let Some(c) = class_template else {
            // A member template of a plain class.
            if member_params.is_some() {
                self.error(q.span, "too many template parameter lists");
                return;
            }
            // `template <class C> O<C>::S::S(…) {…}`, a member of a member class of a class
            // template (libstdc++'s `basic_ostream<…>::sentry`): oxicc does not attach
            // those; a host one is left to the host compiler, as its body is.
            let nested_in_template = q
                .qualifier()
                .iter()
                .any(|s| matches!(s, NameSeg::TemplateId { .. }));
            if nested_in_template && !fd.specs.device && !fd.specs.global {
                return;
            }
            let Some(super::namespace::Qualifier::Class(r)) =
                self.resolve_qualifier(q, q.segments.len() - 1)
            else {
                let text = self.qual_name_text(q);
                self.error(q.span, format!("\"{text}\" is not a class member"));
                return;
            };
            self.define_member_template(r, params, fd, None);
            return;
        };
        let def = OutOfClassDef {
            params,
            member_params,
            decl: fd,
        };
        self.templates.classes[c as usize].out_of_class.push(def);
        // Instances made before the definition get it now.
        let primary = self.templates.classes[c as usize].decl;
        let mut existing: Vec<RecordId> = self
            .templates
            .instance_of
            .iter()
            .filter(|(r, (t, _))| {
                // An incomplete instance (made while `c` was only declared) gets the
                // definitions when it is completed (`complete_forward_instance`).
                *t == c
                    && self.types.record(**r).complete
                    && self
                        .templates
                        .record_decls
                        .get(*r)
                        .is_some_and(|d| std::ptr::eq(*d, primary))
            })
            .map(|(r, _)| *r)
            .collect();
        existing.sort_by_key(|r| r.0);
        for r in existing {
            self.apply_out_of_class_def(r, def);
        }
    }

    /// The out-of-class definitions of class template `c` applied to its new instance `r`
    /// (defined from the primary template).
    pub fn apply_out_of_class_defs(&mut self, c: u32, r: RecordId) {
        let t = &self.templates.classes[c as usize];
        let primary = t.decl;
        if !self
            .templates
            .record_decls
            .get(&r)
            .is_some_and(|d| std::ptr::eq(*d, primary))
        {
            return;
        }
        let defs = t.out_of_class.clone();
        for def in defs {
            self.apply_out_of_class_def(r, def);
        }
    }

    fn apply_out_of_class_def(&mut self, r: RecordId, def: OutOfClassDef<'x>) {
        let Some((_, args)) = self.templates.instance_of.get(&r).cloned() else {
            return;
        };
        let fd = def.decl;
        if let Some(mp) = def.member_params {
            self.define_member_template(r, mp, fd, Some((def.params, args)));
            return;
        }
        self.in_decl_context(|l| {
            l.bind_template_params(def.params, &args);
            let saved = l.save_fn();
            l.member_class = Some(r);
            let params = l.param_types(fd.params);
            l.restore_fn(saved);
            let params = params?;
            let is_ctor = l.types.record(r).name == Some(fd.name);
            let cands: Vec<FnId> = if is_ctor {
                l.classes
                    .get(&r)
                    .map(|d| d.ctors.clone())
                    .unwrap_or_default()
            } else {
                l.classes
                    .get(&r)
                    .and_then(|d| d.members.get(&fd.name).copied())
                    .map(|b| l.functions_of(b))
                    .unwrap_or_default()
            };
            let found = cands.into_iter().find(|&f| {
                let info = l.func_info(f);
                info.params == params
                    && info.member.as_ref().map(|m| m.is_const) == Some(fd.method.is_const)
            });
            let Some(fid) = found else {
                if l.host_system_def(fd) {
                    // Left to the host compiler (`system_members.rs`).
                    return None;
                }
                let text = l.qual_name_text(fd.qual?);
                l.error(
                    fd.name_span,
                    format!("declaration is incompatible with the declarations of \"{text}\""),
                );
                return None;
            };
            if fd.specs.device && l.fns[fid.0 as usize].space == ExecSpace::Host {
                l.fns[fid.0 as usize].space = ExecSpace::Device;
            }
            if fd.body.is_some() {
                l.define_instance_member_body(fid, fd, (def.params, args));
            }
            Some(())
        });
    }

    /// Gives the member template of `r` that `fd` defines (declared in the class without a
    /// body) its definition.
    #[allow(clippy::type_complexity)]
    fn define_member_template(
        &mut self,
        r: RecordId,
        params: &'x [ast::TemplateParam<'x>],
        fd: &'x ast::FunctionDecl<'x>,
        outer: Option<(&'x [ast::TemplateParam<'x>], Vec<TArg>)>,
    ) {
        let is_ctor = self.types.record(r).name == Some(fd.name);
        let key = (r, (!is_ctor).then_some(fd.name));
        let set = self.templates.member_sets.get(&key).copied();
        let found = set.and_then(|s| {
            self.templates.sets[s as usize].iter().copied().find(|&t| {
                let old = &self.templates.fns[t as usize];
                old.decl.body.is_none()
                    && old.params.len() == params.len()
                    && old.decl.params.len() == fd.params.len()
                    && old.decl.method.is_const == fd.method.is_const
            })
        });
        let Some(t) = found else {
            if self.host_system_def(fd) {
                // Left to the host compiler (`system_members.rs`).
                return;
            }
            let text = fd.qual.map(|q| self.qual_name_text(q)).unwrap_or_default();
            self.error(
                fd.name_span,
                format!("declaration is incompatible with the declarations of \"{text}\""),
            );
            return;
        };
        let old = &mut self.templates.fns[t as usize];
        old.params = params;
        old.decl = fd;
        if let Some(m) = &mut old.member {
            m.outer = outer;
        }
    }
}
