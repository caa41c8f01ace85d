//! Lowering of the typed tree (`sema::tree`) to IR: the path a function body takes when
//! semantic analysis (`sema::body`) covers it. Each node kind lowers in one place, with no
//! lookup, overload resolution or conversion rule: those are in the tree.
//!
//! Files: `mod.rs` (the declaration tables as `sema::body::Env` sees them, and the entry
//! point), `expr.rs`, `stmt.rs`, `template_calls.rs` (which function a call of a
//! template's name calls), `closure.rs`, `builtin_args.rs`.
//!
//! Stage 1 of issue 11: bodies the analysis does not cover are lowered by the one-walk
//! `Lowerer` as before; the IR helpers (`ops.rs`, `func.rs`) are shared by both.

mod aggregate;
mod builtin_args;
mod closure;
mod expr;
mod names;
mod new_delete;
mod stmt;
mod template_calls;

pub(crate) use builtin_args::TypedBuiltinArgs;

use super::{Binding, ExecSpace, FnId, Lowerer, Storage};
use crate::ast;
use crate::intern::Symbol;
use crate::irgen::overload::ArgInfo;
use crate::sema::body::{ArgType, Env, EnvName, FnContext, FuncSig, MethodSig, TemplateCallee};
use crate::sema::consteval::ConstValue;
use crate::sema::entity::FunctionName;
use crate::sema::tree::{Body, BuiltinVar, EntityRef};
use crate::sema::types::{BitRange, QualType, RecordId, TypeKind, TypeTable};
use std::rc::Rc;

/// State of lowering one typed body: where its locals live, once declared.
pub(crate) struct TypedCx<'b> {
    /// Shared so that a built-in call's arguments can be lowered from inside the built-in
    /// (`builtin_args.rs`).
    pub body: &'b Rc<Body>,
    pub slots: Vec<Option<Storage>>,
}

impl Lowerer<'_> {
    /// The typed tree of the body of `fid`, when the function is one this stage covers
    /// (a plain function returning a scalar or `void`) and the analysis covers its body.
    /// Called with the parameters bound, right before the body would be lowered.
    pub(super) fn analyze_typed_body(
        &mut self,
        fid: FnId,
        body: &ast::Stmt<'_>,
    ) -> Result<Body, String> {
        if !self.opts.typed_bodies {
            return Err("--lowering=one-walk".into());
        }
        let info = self.func_info(fid);
        // Template instances are analyzed with their parameters bound (types as typedef
        // names, values as constants), as the one-walk lowering sees them. Member
        // functions other than lambdas' call operators see `this` and the class's members
        // (`Env::this_type`).
        // Constructors' member initializers and destructors' member destruction are
        // lowered around the body by the caller; the body itself is statements.
        let borrowed_this = match &info.member {
            None => self.this_val.is_some(),
            Some(m) => self.closures.contains_key(&m.record),
        };
        if borrowed_this {
            return Err("a function lowered with an enclosing `this` (not a member)".into());
        }
        let (ret, ret_pending) = (info.ret, info.ret_pending);
        if self.fs().ret_decltype {
            return Err("a return type deduced by decltype(auto)".into());
        }
        if self.templates.sig.active {
            return Err("a body lowered while a signature is deduced".into());
        }
        if !ret_pending && !self.types.is_void(ret.ty) && !self.scalar_or_reference(ret) {
            return Err("a return type that is not a scalar or void".into());
        }
        let cx = FnContext {
            ret,
            deduce_ret: ret_pending,
        };
        crate::sema::body::analyze_body(self, cx, body)
    }

    /// Lowers the statements of a typed body into the current function.
    pub(super) fn lower_typed_body(&mut self, body: Rc<Body>) {
        if self.opts.dump_sema {
            self.dump_typed_body(&body);
        }
        let mut cx = TypedCx {
            body: &body,
            slots: vec![None; body.locals.len()],
        };
        for &s in &body.top {
            self.typed_stmt(&mut cx, s);
        }
    }

    /// `--emit=sema`'s header line of a function.
    fn dump_function_line(&mut self, fid: FnId, note: &str) {
        use std::fmt::Write;
        if self.declared_in_builtin_header(fid) {
            return;
        }
        let info = self.func_info(fid);
        let params: Vec<String> = info.params.iter().map(|&p| self.show(p)).collect();
        let _ = writeln!(
            self.sema_dump,
            "Function {} ({}) -> `{}`{note}",
            self.name(info.name),
            params.join(", "),
            self.show(info.ret)
        );
    }

    /// `--emit=sema` for a body the analysis does not cover yet (its tree is not made).
    pub(super) fn dump_one_walk_body(&mut self, fid: FnId, why: &str) {
        self.dump_function_line(fid, &format!(" lowered in one walk: {why}"));
    }

    /// Functions of oxicc's own headers are not dumped.
    fn declared_in_builtin_header(&self, fid: FnId) -> bool {
        let file = self.func_info(fid).span.file;
        self.sources.file(file).name.starts_with("<oxicc>/")
    }

    /// Appends `--emit=sema`'s text for the body of the function being lowered.
    fn dump_typed_body(&mut self, body: &Body) {
        let fid = self.fs().fn_id;
        if self.declared_in_builtin_header(fid) {
            return;
        }
        let note = match body.deduced_ret {
            Some(t) => format!(" (return type deduced as `{}`)", self.show(t)),
            None => String::new(),
        };
        self.dump_function_line(fid, &note);
        let entity = |r: EntityRef| match r {
            EntityRef::Var(v) => self.name(self.var(super::VarId(v)).name).to_string(),
            EntityRef::Func(f) => self.name(self.func_info(FnId(f)).name).to_string(),
            EntityRef::Instance(i) => {
                let tpl = self.typed_instances[i as usize].0;
                self.name(self.templates.fns[tpl as usize].decl.name)
                    .to_string()
            }
        };
        let text = crate::sema::tree_dump::dump_body(body, &self.types, self.interner, &entity);
        self.sema_dump.push_str(&text);
    }

    /// `f`'s answer when it reports nothing: the analysis asks the declaration tables
    /// questions whose diagnostics belong to the one-walk lowering, which then takes the
    /// body and reports them itself. Unlike `quietly` (which drops warnings and fails only
    /// on errors), any diagnostic here means "not covered", so no warning is lost.
    fn without_diagnostics<R>(&mut self, f: impl FnOnce(&mut Self) -> Option<R>) -> Option<R> {
        let mark = self.diags.mark();
        self.quiet_queries += 1;
        let r = f(self);
        self.quiet_queries -= 1;
        let changed = self.diags.mark() != mark;
        if changed {
            self.diags.rollback(mark);
        }
        if self.quiet_queries == 0 && !self.quiet_instance_diags.is_empty() {
            // Class template instances made by the query reported: those reports stay.
            for d in std::mem::take(&mut self.quiet_instance_diags) {
                self.diags.push(d);
            }
            return None;
        }
        if changed {
            return None;
        }
        r
    }

    /// The one-walk lowering's overload resolution among `cands` for arguments `args`
    /// (and the object's type, for members), without diagnostics.
    fn resolve_quietly(
        &mut self,
        name: &str,
        cands: &[crate::irgen::overload::Candidate],
        args: &[ArgType],
        object: Option<QualType>,
    ) -> Option<FnId> {
        let infos: Vec<ArgInfo> = args.iter().map(|a| a.info()).collect();
        let span = crate::source::Span::default();
        self.without_diagnostics(|l| l.resolve_overload(name, cands, &infos, object, span))
    }

    /// `Some` when member `name` of `r` (a function when `is_fn`) may be used here.
    fn accessible(&mut self, r: RecordId, name: Symbol, is_fn: bool) -> Option<()> {
        let span = crate::source::Span::default();
        self.without_diagnostics(|l| {
            l.check_member_access(r, name, is_fn, span);
            Some(())
        })
    }

    /// The signature of `f` when a typed body may call it directly: a defined device
    /// function that is not a member, variadic or deduced (a function of the built-in
    /// headers that is defined, the math library's, is called directly, as the one-walk
    /// lowering calls it; the others are built-ins, lowered by name), with a signature
    /// [`Self::scalar_signature`] accepts.
    fn callable(&self, f: FnId) -> Option<FuncSig> {
        let info = self.func_info(f);
        let callable = info.defined
            && !info.variadic
            && info.member.is_none()
            && info.mangled.is_none()
            && !info.ret_pending
            && matches!(info.space, ExecSpace::Device | ExecSpace::HostDevice);
        (callable && self.scalar_signature(f)).then(|| FuncSig {
            id: f.0,
            params: info.params.clone(),
            ret: info.ret,
        })
    }

    /// Parameters and result of scalar types or lvalue references to them (or a `void`
    /// result).
    fn scalar_signature(&self, f: FnId) -> bool {
        let info = self.func_info(f);
        let scalar = |t: &QualType| self.scalar_or_reference(*t);
        info.params.iter().all(scalar) && (self.types.is_void(info.ret.ty) || scalar(&info.ret))
    }

    /// A scalar type, or an lvalue reference to one, or a class whose values this stage
    /// passes and returns (plain, or constructible: copied by its copy constructor in the
    /// one-walk lowering's C++ call path).
    fn scalar_or_reference(&self, t: QualType) -> bool {
        let class = |t: QualType| self.plain_class_type(t) || self.constructible_class_type(t);
        match self.types.kind(t.ty) {
            TypeKind::Reference { referent, rvalue } => {
                !rvalue && (self.types.is_scalar(referent.ty) || class(*referent))
            }
            TypeKind::Record(_) => class(t),
            _ => self.types.is_scalar(t.ty),
        }
    }

    /// See [`Env::constructible_class`].
    fn constructible_class_type(&self, t: QualType) -> bool {
        let Some(r) = self.is_class(t) else {
            return false;
        };
        self.types.record(r).complete
            && self.types.size_of(t.ty).is_some()
            && self.has_ctor_semantics(t)
            && !self.needs_dtor(t)
            && !self.vtables.contains_key(&r)
    }

    /// See [`Env::plain_class`].
    fn plain_class_type(&self, t: QualType) -> bool {
        let Some(r) = self.is_class(t) else {
            return false;
        };
        let s = self.special_of(t);
        self.types.record(r).complete
            && self.types.size_of(t.ty).is_some()
            && !self.has_ctor_semantics(t)
            && !(s.nontrivial_dtor
                || s.nontrivial_copy
                || s.nontrivial_assign
                || s.members_need_init
                || s.copy_ctor
                || s.move_ctor
                || s.copy_assign
                || s.move_assign)
    }

    /// Only the shapes of type the analysis resolves itself: no definitions, templates or
    /// qualified names (whose resolution has effects beyond naming a type).
    /// A class or enum named by its tag (`S` in C++, `struct S`) counts when it is
    /// declared already (naming an undeclared tag would declare it); qualified names and
    /// template-ids (`cg::thread_block`, `vec<float, 3>`) too: instantiating a class
    /// template earlier than the one-walk lowering would emits nothing (member functions
    /// are defined where they are used).
    fn simple_type_expr(&mut self, te: &ast::TypeExpr<'_>) -> bool {
        match te {
            ast::TypeExpr::Builtin(_) | ast::TypeExpr::Named { .. } => true,
            // A tag in scope, or a member class of the class whose member is analyzed (as
            // `tag_type` finds it): never one that resolving would declare.
            ast::TypeExpr::Tag { kind, name, .. } => {
                self.lookup_tag_cxx(*name).is_some()
                    || (*kind != ast::TagKind::Enum
                        && self
                            .member_class
                            .or(self.declaring_class)
                            .and_then(|r| self.class_nested_tag(r, *name))
                            .is_some())
            }
            ast::TypeExpr::Qual(_) => true,
            ast::TypeExpr::Qualified { inner, .. } => self.simple_type_expr(inner),
            ast::TypeExpr::Pointer { pointee, .. } => self.simple_type_expr(pointee),
            ast::TypeExpr::Array { elem, .. } => self.simple_type_expr(elem),
            _ => false,
        }
    }
}

impl ArgType {
    fn info(&self) -> ArgInfo {
        ArgInfo {
            ty: self.ty,
            lvalue: self.lvalue,
            npc: self.npc,
        }
    }
}

impl Lowerer<'_> {
    /// Whether argument-dependent lookup of `name` for these arguments finds a function,
    /// or a template outside the ordinary lookup's `set` (the one-walk `adl_call` takes the
    /// call then; when ADL adds nothing, it calls `set`'s choice as `template_call` does):
    /// arguments of fundamental types have no associated namespaces.
    fn adl_adds_to(&self, name: Symbol, set: u32, args: &[ArgType]) -> bool {
        if !self.adl.names.contains(&name) {
            return false;
        }
        let tys: Vec<QualType> = args.iter().map(|a| a.ty).collect();
        let ordinary = &self.templates.sets[set as usize];
        !self.adl_functions(name, &tys).is_empty()
            || self
                .adl_templates(name, &tys)
                .iter()
                .any(|t| !ordinary.contains(t))
    }

    /// Whether argument-dependent lookup for these arguments finds a function outside the
    /// ordinary lookup's `found`, or any function template (the one-walk `adl_call` then
    /// resolves the call; otherwise it goes the ordinary way).
    fn adl_adds_functions(&self, name: Symbol, found: Binding, args: &[ArgType]) -> bool {
        let tys: Vec<QualType> = args.iter().map(|a| a.ty).collect();
        let ordinary = self.functions_of(found);
        self.adl_functions(name, &tys)
            .iter()
            .any(|f| !ordinary.contains(f))
            || !self.adl_templates(name, &tys).is_empty()
    }
}

impl Env for Lowerer<'_> {
    fn types(&mut self) -> &mut TypeTable {
        &mut self.types
    }

    fn name(&self, s: Symbol) -> &str {
        self.interner.resolve(s)
    }

    fn show(&self, t: QualType) -> String {
        Lowerer::show(self, t)
    }

    fn lookup(&mut self, name: Symbol) -> Option<EnvName> {
        if self.pack_element_binding(name).is_some() {
            return Some(EnvName::Other);
        }
        let b = self.lookup_ordinary(name)?;
        Some(self.env_name(b))
    }

    fn qualified_name(&mut self, q: &ast::QualName<'_>) -> Option<EnvName> {
        self.typed_qualified_name(q)
    }

    fn adl_call_applies(&mut self, name: Symbol) -> bool {
        let found = self.lookup_ordinary(name);
        self.adl_applies(name, found)
    }

    fn builtin_call_reaches(&mut self, name: Symbol) -> bool {
        // The one-walk lowering's `call`: ADL first, then a defined function, a variable
        // or an overload set wins over the built-in of the same name.
        let found = self.lookup_ordinary(name);
        if self.adl_applies(name, found) || self.pack_element_binding(name).is_some() {
            return false;
        }
        match found {
            None => true,
            Some(Binding::Func(f)) => {
                let info = self.func_info(f);
                !info.defined && info.member.is_none() && !self.needs_cxx_call(f)
            }
            Some(_) => false,
        }
    }

    fn overloaded_builtin_name(&mut self, name: Symbol) -> bool {
        crate::irgen::call::OVERLOADED_BUILTINS.contains(&self.interner.resolve(name))
            && matches!(
                self.lookup_ordinary(name),
                Some(Binding::Func(_) | Binding::Overloads(_))
            )
    }

    fn overloaded_builtin_wins(&mut self, name: Symbol, arithmetic: &[bool]) -> bool {
        self.builtin_wins_over_overloads(name, arithmetic)
    }

    fn sm(&self) -> u32 {
        self.opts.sm
    }

    fn this_type(&self) -> Option<QualType> {
        self.this_val.map(|(_, t)| t)
    }

    fn qualified_call(
        &mut self,
        q: &ast::QualName<'_>,
        args: &[ArgType],
    ) -> Option<(FuncSig, bool)> {
        let covered =
            !q.global && q.segments.len() > 1 && matches!(q.last(), ast::NameSeg::Ident { .. });
        if !covered {
            return None;
        }
        let b = match self.without_diagnostics(|l| l.lookup_qualified(q))? {
            b @ (Binding::Func(_) | Binding::Overloads(_)) => b,
            _ => return None,
        };
        let cands = self.candidates(b);
        let members = cands
            .iter()
            .filter(|c| self.func_info(c.f).member.is_some())
            .count();
        if members != 0 && members != cands.len() {
            return None;
        }
        // As the one-walk `call_binding` chooses (one candidate: that function).
        let f = if let [c] = cands.as_slice() {
            c.f
        } else {
            let text = self.qual_name_text(q);
            self.resolve_quietly(&text, &cands, args, None)?
        };
        match self
            .func_info(f)
            .member
            .as_ref()
            .map(|m| (m.record, m.is_static))
        {
            None => self.callable(f).map(|sig| (sig, false)),
            // `C::f(…)` of a static member function (a non-static one would be called on
            // `*this`, bypassing virtual dispatch: not this stage's).
            Some((r, true)) => self.method(f.0, r, false).map(|m| (m.sig, true)),
            Some((_, false)) => None,
        }
    }

    fn template_call(
        &mut self,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[ArgType],
    ) -> Option<TemplateCallee> {
        let Some(Binding::FnTemplate(set)) = self.lookup_ordinary(name) else {
            return None;
        };
        let on_this = self.is_member_set(set);
        // The one-walk `call` tries closures, member templates, CUDA's math, atomic and
        // min/max built-ins and argument-dependent lookup around templates: those stay
        // there, as do member sets with functions beside the templates and sets with
        // functions that argument-dependent lookup may extend.
        let mixed = !self.functions_of(Binding::FnTemplate(set)).is_empty();
        let text = self.interner.resolve(name);
        // A member template is called on `*this`, which must be a non-const object.
        let this_ok = self
            .this_val
            .and_then(|(_, t)| self.types.pointee(t.ty))
            .is_some_and(|o| !o.quals.konst && !o.quals.volatile);
        if (on_this && (!this_ok || mixed))
            || (explicit.is_empty() && self.adl_adds_to(name, set, args))
            || (mixed && self.adl.names.contains(&name))
            || text.starts_with("atomic")
            || crate::irgen::call::BUILTIN_OVER_TEMPLATE_NAMES.contains(&text)
            || self.pack_element_binding(name).is_some()
            || self.builtin_math_may_win(set)
        {
            return None;
        }
        self.template_set_callee(set, name, explicit, args, on_this)
    }

    fn qualified_template_call(
        &mut self,
        q: &ast::QualName<'_>,
        args: &[ArgType],
    ) -> Option<TemplateCallee> {
        if q.global || q.segments.len() < 2 {
            return None;
        }
        let Some(Binding::FnTemplate(set)) = self.without_diagnostics(|l| l.lookup_qualified(q))
        else {
            return None;
        };
        // As the one-walk `template_call` takes `ns::f(…)`: member templates go another
        // way.
        if self.is_member_set(set) {
            return None;
        }
        let (name, explicit): (Symbol, &[ast::TemplateArgExpr<'_>]) = match q.last() {
            ast::NameSeg::TemplateId { name, args, .. } => (*name, args),
            seg => (seg.ident()?, &[]),
        };
        self.template_set_callee(set, name, explicit, args, false)
    }

    fn overload_call(&mut self, name: Symbol, args: &[ArgType]) -> Option<FuncSig> {
        let found = self.lookup_ordinary(name);
        let Some(b @ Binding::Overloads(_)) = found else {
            return None;
        };
        // The one-walk `call` gives atomics and argument-dependent lookup other paths.
        let text = self.interner.resolve(name);
        if (self.adl_applies(name, found) && self.adl_adds_functions(name, b, args))
            || self.pack_element_binding(name).is_some()
            || text.starts_with("atomic")
        {
            return None;
        }
        let cands = self.candidates(b);
        if cands.iter().any(|c| self.func_info(c.f).member.is_some()) {
            return None;
        }
        let text = text.to_string();
        let f = self.resolve_quietly(&text, &cands, args, None)?;
        self.callable(f)
    }

    fn operator_call(
        &mut self,
        oop: ast::OverloadedOp,
        args: &[ArgType],
    ) -> Option<Option<(FuncSig, bool)>> {
        let lhs = self.is_class(args.first()?.ty);
        if !self.has_operator_fns || args.iter().all(|a| self.is_class(a.ty).is_none()) {
            return Some(None);
        }
        let tys: Vec<QualType> = args.iter().map(|a| a.ty).collect();
        if self.operator_templates_exist(oop, lhs, &tys) {
            return None;
        }
        let (cands, is_member) = self.operator_function_candidates(oop, lhs, &tys);
        let infos: Vec<ArgInfo> = args.iter().map(|a| a.info()).collect();
        let span = crate::source::Span::default();
        // `None` inside: no operator function is viable (the operator's built-in meaning);
        // an ambiguity is a diagnostic, so not covered.
        let chosen = self.without_diagnostics(|l| {
            Some(l.choose_operator(oop, &cands, &is_member, &infos, span))
        })?;
        let Some(chosen) = chosen else {
            return Some(None);
        };
        let (f, member) = chosen?;
        if !member {
            return self.callable(f).map(|sig| Some((sig, false)));
        }
        // A member of the left operand's own class (the one-walk lowering passes the
        // object unadjusted).
        let r = lhs?;
        if self.func_info(f).member.as_ref()?.record != r {
            return None;
        }
        let m = self.method(f.0, r, args[0].ty.quals.konst)?;
        (!m.is_static && m.sig.params.len() + 1 == args.len()).then_some(Some((m.sig, true)))
    }

    fn plain_class(&mut self, t: QualType) -> bool {
        self.plain_class_type(t)
    }

    fn constructible_class(&mut self, t: QualType) -> bool {
        self.constructible_class_type(t)
    }

    fn local_class(&mut self, t: QualType) -> bool {
        let Some(r) = self.is_class(t) else {
            return false;
        };
        self.types.record(r).complete
            && self.types.size_of(t.ty).is_some()
            && self.has_ctor_semantics(t)
            && !self.vtables.contains_key(&r)
    }

    fn member_function(
        &mut self,
        r: RecordId,
        name: Symbol,
        object: QualType,
        args: &[ArgType],
    ) -> Option<u32> {
        let b = self.class_member_binding(r, name)?;
        match b {
            Binding::Func(f) => Some(f.0),
            Binding::Overloads(_) => {
                // As the one-walk `member_call` resolves them.
                let cands = self.candidates(b);
                if cands.iter().any(|c| self.func_info(c.f).member.is_none()) {
                    return None;
                }
                let text = self.interner.resolve(name).to_string();
                let f = self.resolve_quietly(&text, &cands, args, Some(object))?;
                Some(f.0)
            }
            _ => None,
        }
    }

    fn method(&mut self, f: u32, r: RecordId, const_obj: bool) -> Option<MethodSig> {
        let info = self.func_info(FnId(f));
        let m = info.member.as_ref()?;
        let plain = !m.is_ctor
            && !m.is_deleted
            && m.ref_qual.is_none()
            && (m.is_static || m.is_const || !const_obj)
            && !info.variadic
            && !info.ret_pending
            && matches!(
                info.fname,
                FunctionName::Ident(_) | FunctionName::Operator(_)
            )
            && matches!(info.space, ExecSpace::Device | ExecSpace::HostDevice);
        // Virtual functions may be dispatched through the vtable.
        let dynamic = self.vtables.contains_key(&r) || self.vtables.contains_key(&m.record);
        if !plain || dynamic || !self.scalar_signature(FnId(f)) {
            return None;
        }
        let (record, name, is_static) = (m.record, info.name, m.is_static);
        self.accessible(record, name, true)?;
        let info = self.func_info(FnId(f));
        Some(MethodSig {
            sig: FuncSig {
                id: f,
                params: info.params.clone(),
                ret: info.ret,
            },
            is_static,
        })
    }

    fn is_parameter(&self, name: Symbol) -> bool {
        // The analysis starts with the parameters' scope innermost (its type scopes go
        // above it).
        let level = match self.analysis_param_levels.last() {
            Some(&l) => l,
            None => self.scopes.depth() - 1,
        };
        self.scopes.lookup_at(level, name).is_some()
    }

    fn begin_body_analysis(&mut self) {
        self.analysis_param_levels.push(self.scopes.depth() - 1);
    }

    fn end_body_analysis(&mut self) {
        self.analysis_param_levels.pop();
    }

    fn builtin_var(&mut self, name: Symbol) -> Option<BuiltinVar> {
        if let Some(Binding::Var(v)) = self.scopes.lookup(name) {
            if !matches!(self.var(*v).storage, Storage::Host) {
                return None;
            }
        }
        Some(match self.interner.resolve(name) {
            "threadIdx" => BuiltinVar::ThreadIdx,
            "blockIdx" => BuiltinVar::BlockIdx,
            "blockDim" => BuiltinVar::BlockDim,
            "gridDim" => BuiltinVar::GridDim,
            _ => return None,
        })
    }

    fn resolve_type(&mut self, te: &ast::TypeExpr<'_>) -> Option<QualType> {
        if !self.simple_type_expr(te) {
            return None;
        }
        self.without_diagnostics(|l| Lowerer::resolve_type(l, te))
    }

    fn push_type_scope(&mut self) {
        self.scopes.push();
    }

    fn pop_type_scope(&mut self) {
        self.scopes.pop();
    }

    fn local_typedef(&mut self, td: &ast::TypedefDecl<'_>) -> Option<QualType> {
        let t = Env::resolve_type(self, td.ty)?;
        // `typedef struct { … } T;` names the class (for mangling): the lowering's.
        let unnamed = match self.types.kind(t.ty) {
            TypeKind::Record(r) => self.types.record(*r).name.is_none(),
            TypeKind::Enum(e) => self.types.enum_info(*e).name.is_none(),
            _ => false,
        };
        if unnamed {
            return None;
        }
        self.scopes.bind(td.name, Binding::Typedef(t));
        Some(t)
    }

    fn aggregate_leaves<'e, 'a>(
        &mut self,
        ty: QualType,
        init: &'e ast::Init<'a>,
    ) -> Option<Vec<(u64, QualType, &'e ast::Expr<'a>)>> {
        self.without_diagnostics(|l| l.scalar_leaves(ty, init))
    }

    fn braced_item_narrows(&mut self, e: &ast::Expr<'_>, from: QualType, to: QualType) -> bool {
        let span = e.span;
        self.without_diagnostics(|l| {
            l.check_init_narrowing(e, from, to, true, span);
            Some(())
        })
        .is_none()
    }

    fn const_eval(&mut self, e: &ast::Expr<'_>) -> Option<ConstValue> {
        self.without_diagnostics(|l| crate::sema::consteval::eval(l, e).ok())
    }

    fn float_literal(&self, text: Symbol, value: f64) -> f32 {
        self.float_literal_value(text, value)
    }

    fn param_type(&mut self, te: &ast::TypeExpr<'_>) -> Option<QualType> {
        if Lowerer::contains_auto(te) {
            return None;
        }
        let t = crate::sema::body::Env::resolve_type(self, te)?;
        Some(self.adjust_param(t))
    }

    fn closure_type(
        &mut self,
        span: crate::source::Span,
        captures: &[(Symbol, bool, QualType)],
    ) -> QualType {
        let r = self.closure_record(span, captures, None);
        QualType::new(self.types.intern(TypeKind::Record(r)))
    }

    fn closure_signature(&mut self, r: RecordId) -> Option<Option<(Vec<QualType>, QualType)>> {
        let call = self.closures.get(&r)?.call;
        let Some(f) = call else {
            return Some(None);
        };
        let info = self.func_info(f);
        if info.ret_pending || !self.scalar_signature(f) {
            return Some(None);
        }
        Some(Some((info.params[1..].to_vec(), info.ret)))
    }

    fn builtin_atomic_wins(&mut self, name: Symbol, first: QualType) -> bool {
        self.builtin_atomic_wins_for(name, first)
    }

    fn only_member_templates(&mut self, r: RecordId, name: Symbol) -> bool {
        self.member_template_set(r, name).is_some()
            && !self
                .class_member_binding(r, name)
                .is_some_and(|b| matches!(b, Binding::Func(_) | Binding::Overloads(_)))
    }

    fn member_template_call(
        &mut self,
        r: RecordId,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        object: QualType,
        args: &[ArgType],
    ) -> Option<FuncSig> {
        let set = self.member_template_set(r, name)?;
        // As the one-walk `member_template_callee` takes them: ordinary members of the
        // name compete with the templates by overload resolution there.
        let plain = self
            .class_member_binding(r, name)
            .is_some_and(|b| matches!(b, Binding::Func(_) | Binding::Overloads(_)));
        if (plain && explicit.is_empty()) || object.quals.konst || object.quals.volatile {
            return None;
        }
        self.template_instance_sig(set, name, explicit, args)
    }

    fn operator_name(&mut self, op: ast::OverloadedOp) -> Option<Symbol> {
        self.operator_symbol(op)
    }

    fn capturable_parameter(&mut self, name: Symbol) -> Option<(u32, QualType)> {
        if !crate::sema::body::Env::is_parameter(self, name) {
            return None;
        }
        self.runtime_local(name).map(|(v, t)| (v.0, t))
    }

    fn field(&mut self, r: RecordId, name: Symbol) -> Option<(u64, QualType, Option<BitRange>)> {
        if !self.types.record(r).complete {
            return None;
        }
        let found = self.find_field(r, name, 0)?;
        if self.referent(found.1).is_some() {
            return None;
        }
        if self.classes.contains_key(&r) {
            // A member the function may not access is the one-walk lowering's error.
            self.accessible(r, name, false)?;
        }
        Some(found)
    }
}
