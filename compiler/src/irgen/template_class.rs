//! Class templates: declarations and instances named by template-ids (`S<int, 4>`).
//! Instances are ordinary records, made by defining the template's record declaration
//! with the parameters bound, cached by arguments.

use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast;
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;

/// A class template: its parameters and record declaration, and its specializations.
pub(crate) struct ClassTemplate<'x> {
    pub params: &'x [ast::TemplateParam<'x>],
    /// The parameters of its first declaration: default arguments given there (`template
    /// <class T, class P = void> class S;`) hold for a later definition that repeats none.
    pub first_params: &'x [ast::TemplateParam<'x>],
    pub decl: &'x ast::RecordDecl<'x>,
    pub specs: Vec<ClassSpec<'x>>,
    /// Out-of-class definitions of its members (`template <class T> T C<T>::get()`).
    pub out_of_class: Vec<super::template_member::OutOfClassDef<'x>>,
}

/// An explicit (`template <> struct S<0>`) or partial (`template <class T> struct S<T*>`)
/// specialization: its own parameters and the argument patterns it matches.
pub(crate) struct ClassSpec<'x> {
    pub params: &'x [ast::TemplateParam<'x>],
    pub args: &'x [ast::TemplateArgExpr<'x>],
    pub decl: &'x ast::RecordDecl<'x>,
}

impl<'x> Lowerer<'x> {
    /// `template <…> struct S { … };` and specializations of `S`.
    pub fn class_template_decl(
        &mut self,
        td: &'x ast::TemplateDecl<'x>,
        rd: &'x ast::RecordDecl<'x>,
    ) {
        let Some(name) = rd.name else { return };
        let existing = match self.scopes.lookup(name).copied() {
            Some(Binding::ClassTemplate(c)) => Some(c),
            _ => None,
        };
        if let Some(args) = rd.template_args {
            let Some(c) = existing else {
                self.error(
                    td.span,
                    format!("\"{}\" is not a class template", self.name(name)),
                );
                return;
            };
            self.templates.classes[c as usize].specs.push(ClassSpec {
                params: td.params,
                args,
                decl: rd,
            });
            return;
        }
        if let Some(c) = existing {
            // A definition after a forward declaration.
            if rd.fields.is_some() {
                let t = &mut self.templates.classes[c as usize];
                t.params = td.params;
                t.decl = rd;
            }
            return;
        }
        let id = self.templates.classes.len() as u32;
        self.templates.classes.push(ClassTemplate {
            params: td.params,
            first_params: td.params,
            decl: rd,
            specs: Vec::new(),
            out_of_class: Vec::new(),
        });
        self.scopes.bind(name, Binding::ClassTemplate(id));
        let ns = self.decl_ns();
        self.ns.class_template_ns.insert(id, ns);
    }

    /// The specialization of class template `c` that `targs` select (the most specialized
    /// one: fewest own parameters), with its parameters' arguments; `None` for the primary.
    fn select_class_spec(&mut self, c: u32, targs: &[TArg]) -> Option<(usize, Vec<TArg>)> {
        let n = self.templates.classes[c as usize].specs.len();
        let mut best: Option<(usize, Vec<TArg>)> = None;
        for i in 0..n {
            let spec = &self.templates.classes[c as usize].specs[i];
            let (params, args) = (spec.params, spec.args);
            if args.len() != targs.len() {
                continue;
            }
            let Some(bound) = self.quietly(|l| l.match_spec(params, args, targs)) else {
                continue;
            };
            let better = match &best {
                None => true,
                Some((b, _)) => {
                    params.len() < self.templates.classes[c as usize].specs[*b].params.len()
                }
            };
            if better {
                best = Some((i, bound));
            }
        }
        best
    }

    /// Deduces a specialization's parameters from its argument patterns, then checks that
    /// the patterns with those parameters give exactly `targs`.
    fn match_spec(
        &mut self,
        params: &'x [ast::TemplateParam<'x>],
        patterns: &'x [ast::TemplateArgExpr<'x>],
        targs: &[TArg],
    ) -> Option<Vec<TArg>> {
        let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
        let given = vec![false; params.len()];
        for (p, a) in patterns.iter().zip(targs) {
            match (p, a) {
                (ast::TemplateArgExpr::Type(te), TArg::Type(t)) => {
                    self.deduce_type(params, &given, te, *t, &mut bound, false)?;
                }
                (ast::TemplateArgExpr::Expr(e), TArg::Value(v, t)) => {
                    if let ast::ExprKind::Ident(n) = e.kind {
                        if let Some(i) = params.iter().position(|tp| tp.name == Some(n)) {
                            match &bound[i] {
                                Some(TArg::Value(bv, _)) if bv != v => return None,
                                _ => bound[i] = Some(TArg::Value(*v, *t)),
                            }
                        }
                    }
                }
                _ => return None,
            }
        }
        let bound: Vec<TArg> = bound.into_iter().collect::<Option<Vec<_>>>()?;
        // Substitute back: the patterns must reproduce the arguments exactly.
        let same = self.in_decl_context(|l| {
            l.bind_template_params(params, &bound);
            for (p, a) in patterns.iter().zip(targs) {
                let ok = match (p, a) {
                    (ast::TemplateArgExpr::Type(te), TArg::Type(t)) => {
                        l.resolve_type(te).is_some_and(|r| r == *t)
                    }
                    (ast::TemplateArgExpr::Expr(e), TArg::Value(v, t)) => l
                        .const_eval(e)
                        .and_then(|cv| l.nontype_arg(cv, *t, e.span))
                        .is_some_and(|r| r == TArg::Value(*v, *t)),
                    _ => false,
                };
                if !ok {
                    return false;
                }
            }
            true
        });
        same.then_some(bound)
    }

    /// Binds the template parameters of the class template instance `rid` (if it is one)
    /// in the innermost scope: for lowering its member functions on demand, inside
    /// `in_decl_context`.
    // Also called by the classes helper's lazy member lowering.
    pub fn bind_record_template_params(&mut self, rid: crate::sema::types::RecordId) {
        // The instance's names are those of its template's namespace.
        if let Some(&ns) = self.adl.record_ns.get(&rid) {
            self.decl_ns = Some(ns);
        }
        if let Some((params, args)) = self.templates.record_bindings.get(&rid).cloned() {
            self.bind_template_params(params, &args);
        }
    }

    /// The record instance `name<args>` (`name` looked up here).
    pub fn class_template_type(
        &mut self,
        name: Symbol,
        args: &[ast::TemplateArgExpr<'_>],
        span: Span,
    ) -> Option<QualType> {
        if self.templates.sig.active {
            if let Some(t) = self.template_template_app(name, args, span) {
                return t;
            }
        }
        // Inside `in_decl_context` (an instance's members, default template arguments) the
        // declaring namespaces are no scope levels: C++ lookup searches them too.
        let found = match self.scopes.lookup(name).copied() {
            Some(b) => Some(b),
            None => self.lookup_ordinary(name),
        };
        let Some(Binding::ClassTemplate(c)) = found else {
            self.error(
                span,
                format!("\"{}\" is not a class template", self.name(name)),
            );
            return None;
        };
        self.class_template_instance(c, name, args, span)
    }

    /// The record instance `name<args>` of class template `c` (found by any lookup,
    /// qualified ones included: `std::initializer_list<int>`).
    pub fn class_template_instance(
        &mut self,
        c: u32,
        name: Symbol,
        args: &[ast::TemplateArgExpr<'_>],
        span: Span,
    ) -> Option<QualType> {
        let t = &self.templates.classes[c as usize];
        let (params, first) = (t.params, t.first_params);
        // Defaults given only by an earlier declaration are evaluated with its parameters.
        let defaults_from_first = first.len() == params.len()
            && params
                .iter()
                .zip(first)
                .any(|(p, f)| !has_default(p) && has_default(f));
        let defaults = if defaults_from_first { first } else { params };
        let bound = self.explicit_targs(params, args)?;
        let errors = self.diags.error_count();
        // Default arguments name things as seen where the template is declared
        // (`class Tr = char_traits<C>` inside `namespace std`).
        let home = self.ns.class_template_ns.get(&c).copied();
        let Some(targs) = self.fill_defaults(defaults, bound, home) else {
            if self.diags.error_count() == errors {
                self.error(
                    span,
                    format!(
                        "too few arguments for class template \"{}\"",
                        self.name(name)
                    ),
                );
            }
            return None;
        };
        self.class_template_instance_of(c, name, targs, span)
    }

    /// The record instance of class template `c` for the resolved arguments `targs` (all
    /// of them, defaults filled in).
    pub fn class_template_instance_of(
        &mut self,
        c: u32,
        name: Symbol,
        targs: Vec<TArg>,
        span: Span,
    ) -> Option<QualType> {
        let t = &self.templates.classes[c as usize];
        let (params, primary) = (t.params, t.decl);
        let key = (c, targs);
        if let Some(&r) = self.templates.class_instances.get(&key) {
            if let Some(r) = r {
                self.complete_forward_instance(r);
            }
            return r.map(|r| QualType::new(self.types.intern(TypeKind::Record(r))));
        }
        if self.templates.depth >= super::template::MAX_INSTANTIATION_DEPTH {
            let shown = self.show_with_params(name, params, &key.1, None);
            self.instance_error(
                span,
                format!("excessive recursion at instantiation of class \"{shown}\""),
            );
            self.templates.class_instances.insert(key, None);
            return None;
        }
        if key.1.iter().any(|a| self.is_dependent_arg(a)) {
            // `B<T_>` in a function template's declared signature (for its mangled name):
            // a named shell, never defined (its members would not lower with `T_`).
            let rid = self
                .types
                .new_record(primary.kind, primary.name, primary.span);
            // Named in the template's namespace (`std::enable_if<…>` from anywhere).
            let scope = match self.ns.class_template_ns.get(&c) {
                Some(&ns) => self.ns.ctxs[ns].path.clone(),
                None => self.cur_scope_path(),
            };
            let args = key.1.iter().map(super::template::entity_arg).collect();
            let info = self.types.record_mut(rid);
            info.scope = scope;
            info.template_args = Some(args);
            self.templates.class_instances.insert(key, Some(rid));
            return Some(QualType::new(self.types.intern(TypeKind::Record(rid))));
        }
        let r = self.define_instance(c, key);
        r.map(|r| QualType::new(self.types.intern(TypeKind::Record(r))))
    }

    /// Defines the instance `key` of class template `c` from the primary template or the
    /// specialization its arguments select, and records it. An instance already made from
    /// a forward declaration (incomplete) is completed in place (`define_record` reuses it).
    /// Reports an error about an instance that is cached as failed: inside a quiet query
    /// it is kept for the query to report again after its rollback (as `define_instance`
    /// keeps an instance's own reports), since the cache answers every later use silently.
    pub(super) fn instance_error(&mut self, span: Span, message: String) {
        let mark = self.diags.mark();
        self.error(span, message);
        // Kept even inside an instance's capture: a query nested in that instance's
        // lowering may roll the report back before the capture reads it.
        if self.quiet_queries > 0 {
            let reported = self.diags.since(mark).to_vec();
            self.keep_quiet_instance_diags(reported);
        }
    }

    fn define_instance(&mut self, c: u32, key: (u32, Vec<TArg>)) -> Option<RecordId> {
        // Inside a quiet query the instance's own reports would be rolled back with the
        // query's, and the cached instance would never report them again.
        let capture = (self.quiet_queries > 0 && !self.capturing_instance).then(|| {
            self.capturing_instance = true;
            self.diags.mark()
        });
        let r = self.define_instance_reporting(c, key);
        if let Some(mark) = capture {
            self.capturing_instance = false;
            let reported = self.diags.since(mark).to_vec();
            self.keep_quiet_instance_diags(reported);
        }
        r
    }

    /// Adds reports to `quiet_instance_diags`, each once (`instance_error` may have kept
    /// one that the enclosing instance's capture sees again).
    fn keep_quiet_instance_diags(&mut self, reported: Vec<crate::diag::Diag>) {
        for d in reported {
            let seen = self
                .quiet_instance_diags
                .iter()
                .any(|k| k.span == d.span && k.message == d.message);
            if !seen {
                self.quiet_instance_diags.push(d);
            }
        }
    }

    fn define_instance_reporting(&mut self, c: u32, key: (u32, Vec<TArg>)) -> Option<RecordId> {
        let params = self.templates.classes[c as usize].params;
        let primary = self.templates.classes[c as usize].decl;
        self.templates.depth += 1;
        let (decl_params, decl, decl_args) = match self.select_class_spec(c, &key.1) {
            Some((i, bound)) => {
                let spec = &self.templates.classes[c as usize].specs[i];
                (spec.params, spec.decl, bound)
            }
            None => (params, primary, key.1.clone()),
        };
        let instance_args: Vec<_> = key.1.iter().map(super::template::entity_arg).collect();
        let r = self.in_decl_context(|l| {
            l.decl_ns = l.ns.class_template_ns.get(&c).copied();
            l.bind_template_params(decl_params, &decl_args);
            // The instance's arguments are part of its members' mangled names, which are
            // needed while `define_record` lowers the member function bodies.
            l.pending_template_args = Some(instance_args);
            l.pending_instance = Some(key.clone());
            let saved = l
                .templates
                .defining
                .replace((decl_params, decl_args.clone()));
            let r = l.define_record(decl);
            l.templates.defining = saved;
            r
        });
        self.templates.depth -= 1;
        if let Some(rid) = r {
            let args = key.1.iter().map(super::template::entity_arg).collect();
            self.types.record_mut(rid).template_args = Some(args);
            self.templates
                .record_bindings
                .insert(rid, (decl_params, decl_args));
            self.templates.record_decls.insert(rid, decl);
            self.templates.instance_of.insert(rid, key.clone());
        }
        self.templates.class_instances.insert(key.clone(), r);
        if let Some(rid) = r {
            if decl.fields.is_none() {
                self.templates.forward_instances.insert(rid);
            }
            self.apply_out_of_class_defs(c, rid);
        }
        r
    }

    /// Completes `r` if it is an instance made while its class template was only declared
    /// (`template <class C> class basic_streambuf;` then `typedef basic_streambuf<char>
    /// streambuf;`, libstdc++'s `<iosfwd>`) and a definition it would be made from has been
    /// met since. Done when a type resolves to it, not when the definition is met, since a
    /// partial specialization declared after the primary template's definition
    /// (`allocator_traits<allocator<_Tp>>`) must still be the one chosen, as in C++, where
    /// the instance is made where it is first needed complete.
    pub fn complete_forward_instance(&mut self, r: RecordId) {
        if !self.templates.forward_instances.contains(&r) || self.types.record(r).complete {
            return;
        }
        let Some((c, args)) = self.templates.instance_of.get(&r).cloned() else {
            return;
        };
        let defined = match self.select_class_spec(c, &args) {
            Some((i, _)) => self.templates.classes[c as usize].specs[i].decl.fields,
            None => self.templates.classes[c as usize].decl.fields,
        };
        if defined.is_none() {
            return;
        }
        // Removed first: the definition names its own instance (`typedef basic_streambuf<
        // char_type, traits_type> __streambuf_type;`), which must not start it again.
        self.templates.forward_instances.remove(&r);
        let file = self.templates.classes[c as usize].decl.span.file;
        if !self.sources.file(file).system {
            self.define_instance(c, (c, args));
            return;
        }
        // A system header's class (libstdc++'s `basic_string<char>`, named by `typedef
        // basic_string<char> string;` before its definition) that oxicc cannot instantiate
        // is host code, as a system header's alias is (`host_typedef_decl`): its errors are
        // held back and the instance stays the record the names already denote; a device
        // use that needs what failed is reported there.
        let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
        self.define_instance(c, (c, args.clone()));
        let held = std::mem::replace(self.diags, saved);
        if !held.has_errors() {
            for d in held.list {
                self.diags.push(d);
            }
            return;
        }
        self.templates.class_instances.insert((c, args), Some(r));
        if self.opts.report_dropped {
            let first = held
                .list
                .iter()
                .find(|d| d.severity == crate::api::Severity::Error);
            if let Some(d) = first {
                let name = self.templates.classes[c as usize].decl.name;
                let name = name.map_or("", |n| self.name(n)).to_string();
                let note = crate::diag::Diag {
                    severity: crate::api::Severity::Note,
                    span: d.span,
                    message: format!(
                        "oxicc did not instantiate \"{name}\" here, as host code: {}",
                        d.message
                    ),
                    notes: Vec::new(),
                };
                self.diags.push(note);
            }
        }
    }
}

impl<'x> Lowerer<'x> {
    /// True when a template argument mentions a template parameter standing for itself.
    fn is_dependent_arg(&self, a: &TArg) -> bool {
        match a {
            TArg::Type(t) => self.is_dependent_type(*t),
            TArg::Value(..) | TArg::Template { .. } | TArg::Entity { .. } => false,
            TArg::ValueParam(_) | TArg::Expr(_) => true,
            TArg::Pack(items) => items.iter().any(|i| self.is_dependent_arg(i)),
        }
    }

    pub(super) fn is_dependent_type(&self, t: QualType) -> bool {
        match self.types.kind(t.ty) {
            TypeKind::TemplateParam(_)
            | TypeKind::PackExpansion(_)
            | TypeKind::DependentMember { .. }
            | TypeKind::DependentArray { .. }
            | TypeKind::TemplateTemplateApp { .. }
            | TypeKind::DependentDecltype(_) => true,
            TypeKind::Pointer(p) => self.is_dependent_type(*p),
            TypeKind::Reference { referent, .. } => self.is_dependent_type(*referent),
            TypeKind::Array { elem, .. } => self.is_dependent_type(*elem),
            // A shell made for a declared signature (real instances are in `instance_of`).
            TypeKind::Record(r) => {
                self.types.record(*r).template_args.is_some()
                    && !self.templates.instance_of.contains_key(r)
            }
            _ => false,
        }
    }

    /// `S<args>::m`: the instance and the member name, when `q` has that form and `S` is a
    /// class template.
    fn template_member_of(&mut self, q: &ast::QualName<'_>) -> Option<(RecordId, Symbol)> {
        let [ast::NameSeg::TemplateId { name, args, span }, ast::NameSeg::Ident { name: m, .. }] =
            q.segments
        else {
            return None;
        };
        if q.global || !matches!(self.scopes.lookup(*name), Some(Binding::ClassTemplate(_))) {
            return None;
        }
        let t = self.class_template_type(*name, args, *span)?;
        match self.types.kind(t.ty) {
            TypeKind::Record(r) => Some((*r, *m)),
            _ => None,
        }
    }

    /// True when `q` names a member of a class template instance (`S<4>::value`).
    pub fn is_template_member(&self, q: &ast::QualName<'_>) -> bool {
        matches!(
            q.segments,
            [ast::NameSeg::TemplateId { name, .. }, ast::NameSeg::Ident { .. }]
                if !q.global && matches!(self.scopes.lookup(*name), Some(Binding::ClassTemplate(_)))
        )
    }

    /// The value of a static constexpr data member of a class template instance
    /// (`Factorial<N - 1>::value`), evaluated with the instance's parameters bound.
    pub fn template_member_const(
        &mut self,
        q: &ast::QualName<'_>,
    ) -> Option<(ConstValue, QualType)> {
        let (rid, m) = self.template_member_of(q)?;
        self.instance_member_const(rid, m, 0)
    }

    /// The constant static data member `m` of the class `rid`, declared in it or inherited
    /// (`sgn<P>::value` of `template <long P> struct sgn : integral_constant<long, …> {}`,
    /// as libstdc++'s `<ratio>` writes it).
    fn instance_member_const(
        &mut self,
        rid: RecordId,
        m: Symbol,
        depth: u32,
    ) -> Option<(ConstValue, QualType)> {
        if let Some(r) = self.templates.member_consts.get(&(rid, m)) {
            return *r;
        }
        // An enumerator of a member enum (`enum { N = W * 2 };`), defined with the instance.
        if let Some(Binding::EnumConst(cv, ty)) = self.class_member_binding(rid, m) {
            return Some((cv, ty));
        }
        let own = self.templates.record_decls.get(&rid).and_then(|decl| {
            decl.members.iter().find_map(|md| match &md.decl {
                ast::Decl::Var(vd) if vd.name == m => Some(*vd),
                _ => None,
            })
        });
        let Some(vd) = own else {
            // Not a template instance's own member: a plain class's constant, or one of a
            // base class (searched in declaration order, as name lookup finds it).
            if let Some(Binding::Var(v)) = self.classes.get(&rid).and_then(|c| c.members.get(&m)) {
                let info = self.var(*v);
                return info.const_value.map(|cv| (cv, info.ty.unqual()));
            }
            if depth > 64 {
                return None;
            }
            let bases: Vec<RecordId> = self
                .classes
                .get(&rid)
                .map(|c| c.bases.iter().map(|b| b.0).collect())
                .unwrap_or_default();
            return bases
                .into_iter()
                .find_map(|b| self.instance_member_const(b, m, depth + 1));
        };
        let Some(ast::Init::Expr(init)) = &vd.init else {
            return None;
        };
        let r = self.in_decl_context(|l| {
            l.bind_record_template_params(rid);
            let ty = l.resolve_type(vd.ty)?;
            let v = l.const_eval(init)?;
            let a = l.arith_of(ty.ty)?;
            Some((v.convert(a), ty.unqual()))
        });
        self.templates.member_consts.insert((rid, m), r);
        r
    }

    /// `S<args>::m` as a value in an expression.
    pub fn template_member_expr(
        &mut self,
        q: &ast::QualName<'_>,
        span: Span,
    ) -> Option<super::expr::Operand> {
        match self.template_member_const(q) {
            Some((cv, ty)) => self.const_operand(cv, ty),
            None => {
                self.error(
                    span,
                    "only static constexpr data members of class template instances are supported here yet",
                );
                None
            }
        }
    }

    /// `S<args>::type`: a member typedef (or alias) of a class template instance.
    pub fn template_member_type(&mut self, q: &ast::QualName<'_>) -> Option<Option<QualType>> {
        let (rid, m) = self.template_member_of(q)?;
        let decl = *self.templates.record_decls.get(&rid)?;
        let td = decl.members.iter().find_map(|md| match &md.decl {
            ast::Decl::Typedef(td) if td.name == m => Some(*td),
            _ => None,
        });
        let Some(td) = td else {
            // A member class (instantiated with the instance, see `nested_class`).
            if let Some(super::Tag::Record(x)) = self.class_nested_tag(rid, m) {
                return Some(Some(QualType::new(self.types.intern(TypeKind::Record(x)))));
            }
            let rt = QualType::new(self.types.intern(TypeKind::Record(rid)));
            let msg = format!(
                "class \"{}\" has no member \"{}\"",
                self.show(rt),
                self.name(m)
            );
            self.error(q.span, msg);
            return Some(None);
        };
        Some(self.in_decl_context(|l| {
            l.bind_record_template_params(rid);
            // The instance's other members are in scope (`static constexpr intmax_t num =
            // …; typedef ratio<num, den> type;` of libstdc++'s `<ratio>`).
            let saved = l.save_fn();
            l.member_class = Some(rid);
            let t = l.resolve_type(td.ty);
            l.restore_fn(saved);
            t
        }))
    }
}

/// Whether a template parameter has a default argument.
fn has_default(p: &ast::TemplateParam<'_>) -> bool {
    matches!(
        p.kind,
        ast::TemplateParamKind::Type { default: Some(_) }
            | ast::TemplateParamKind::NonType {
                default: Some(_),
                ..
            }
    )
}
