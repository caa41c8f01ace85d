//! Templates in the lowering walk: registration of function templates, instantiation by
//! re-lowering the template's declaration with its parameters bound (a type parameter as a
//! `Binding::Typedef`, a non-type parameter as a constant, packs in a side table), the
//! instance cache, the instantiation depth limit, `in_decl_context` (lowering another
//! declaration from inside a function body), explicit instantiations, `static_assert`, and
//! the symbol names of instances.
//!
//! Deduction and template calls are in `template_deduce.rs`; packs and folds in
//! `template_pack.rs`.

use super::{inline_hint, Binding, ExecSpace, FnId, FnInfo, Lowerer, VarId};
use crate::ast::{self, TemplateParamKind};
use crate::intern::Symbol;
use crate::mangle::{self, FunctionEntity, FunctionName, TemplateArg};
use crate::sema::consteval::ConstValue;
use crate::sema::types::{IntKind, QualType, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::HashMap;

/// Deepest nesting of instantiations (each instance lowered from inside another's body)
/// before "excessive recursion" is reported; nvcc's front end allows about as many.
pub(crate) const MAX_INSTANTIATION_DEPTH: u32 = 200;

/// A template argument after resolution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TArg {
    Type(QualType),
    /// A non-type argument: its value (converted to the parameter's type) and that type.
    Value(i128, QualType),
    Pack(Vec<TArg>),
    /// A function template's non-type parameter `i` standing for itself (only in the
    /// declared signature resolved for a mangled name: `Arr<N>`).
    ValueParam(u32),
    /// An expression of the function template's parameters (only in a declared signature:
    /// `Arr<N + 1>`, see `template_sig.rs`).
    Expr(std::rc::Rc<crate::mangle::TemplateExpr>),
    /// The argument of a template template parameter: class template `id` (its scope and
    /// name are what the mangled name shows: `3Box`, `N2ns4CellE`).
    Template {
        id: u32,
        scope: Vec<crate::mangle::ScopeComponent>,
        name: Symbol,
    },
    /// A non-type argument of pointer or reference type: a variable with linkage (`g_tab`,
    /// `&g_val` for `const int* P`; `g_val` for `int& R`), its symbol, whether the parameter
    /// is a pointer (`addr`: mangled `XadL_Z5g_tabEE`, else `L_Z5g_valE`), and the
    /// parameter's type (`template_nttp.rs`).
    Entity {
        var: super::VarId,
        symbol: std::rc::Rc<str>,
        addr: bool,
        ty: QualType,
    },
}

/// A function template: its parameters and declaration.
pub(crate) struct FnTemplate<'x> {
    pub params: &'x [ast::TemplateParam<'x>],
    pub decl: &'x ast::FunctionDecl<'x>,
    /// A member function template: its class (see `template_member.rs`).
    pub member: Option<super::template_member::MemberTpl<'x>>,
    /// The namespace it is declared in (its names are visible in the instances, which
    /// are mangled inside it).
    pub ns: super::namespace::NsId,
    /// A hidden friend template: the class defining it (see `template_adl.rs`).
    pub friend: Option<super::template_adl::FriendTpl<'x>>,
}

/// The elements a pack name stands for in the instantiation being lowered.
#[derive(Clone, Debug)]
pub(crate) enum Pack {
    Types(Vec<QualType>),
    Values(Vec<(i128, QualType)>),
    /// A function parameter pack: the expanded parameters' variables.
    Params(Vec<VarId>),
}

/// The packs of one instantiation.
#[derive(Default)]
pub(crate) struct Frame {
    pub packs: HashMap<Symbol, Pack>,
}

#[derive(Default)]
pub(crate) struct TemplateState<'x> {
    pub fns: Vec<FnTemplate<'x>>,
    /// Overload sets of function templates (indices into `fns`), bound by name.
    pub sets: Vec<Vec<u32>>,
    /// Instances by template and arguments; `None` for one that failed.
    pub instances: HashMap<(u32, Vec<TArg>), Option<FnId>>,
    /// Instantiations being lowered, innermost last.
    pub depth: u32,
    pub frames: Vec<Frame>,
    /// The element of the packs being expanded (`xs...` lowers its pattern once per index).
    pub pack_index: Option<usize>,
    pub classes: Vec<super::template_class::ClassTemplate<'x>>,
    /// Definitions of constexpr functions, for calls in constant expressions.
    pub constexpr_fns: HashMap<FnId, &'x ast::FunctionDecl<'x>>,
    /// Nesting and steps of the constexpr evaluation under way.
    pub cx_depth: u32,
    pub cx_steps: u64,
    /// The parameters and arguments each class template instance was defined with.
    #[allow(clippy::type_complexity)]
    pub record_bindings: HashMap<RecordId, (&'x [ast::TemplateParam<'x>], Vec<TArg>)>,
    /// The declaration each class template instance was defined from.
    pub record_decls: HashMap<RecordId, &'x ast::RecordDecl<'x>>,
    /// Instances made while their class template was only declared (incomplete): each is
    /// completed when a type resolves to it after a definition has been met
    /// (`template_class.rs`, `complete_forward_instance`).
    pub forward_instances: std::collections::HashSet<RecordId>,
    /// Static constexpr members of class template instances, once evaluated.
    pub member_consts: HashMap<(RecordId, Symbol), Option<(ConstValue, QualType)>>,
    /// Class template instances by template and arguments (`None` for one that failed).
    pub class_instances: HashMap<(u32, Vec<TArg>), Option<RecordId>>,
    /// Alias and variable templates.
    pub aliases: Vec<super::template_alias::AliasTemplate<'x>>,
    /// Their instances: a variable's value (`None` for an alias) and the type.
    #[allow(clippy::type_complexity)]
    pub alias_instances: HashMap<(u32, Vec<TArg>), Option<(Option<ConstValue>, QualType)>>,
    /// The template and arguments of each class template instance (for deduction).
    pub instance_of: HashMap<RecordId, (u32, Vec<TArg>)>,
    /// Member template sets by class and name (`None`: constructor templates).
    pub member_sets: HashMap<(RecordId, Option<Symbol>), u32>,
    /// The parameters and arguments of the class template instance being defined (its
    /// member templates keep them: the instance's bindings are recorded only after).
    #[allow(clippy::type_complexity)]
    pub defining: Option<(&'x [ast::TemplateParam<'x>], Vec<TArg>)>,
    /// Explicit specializations of function templates by template and arguments.
    pub fn_specs: HashMap<(u32, Vec<TArg>), &'x ast::FunctionDecl<'x>>,
    /// What the names of the declared signature being resolved stand for
    /// (`template_sig.rs`).
    pub sig: super::template_sig::SigState,
    /// Kernel launches in host bodies by their host function's name position.
    #[allow(clippy::type_complexity)]
    pub host_launches: HashMap<(crate::source::FileId, u32), Vec<&'x ast::HostLaunch<'x>>>,
    /// Overload sets of the templates an argument-dependent call found, by their members
    /// (`template_adl.rs`).
    pub adl_sets: HashMap<Vec<u32>, u32>,
    /// Instances of host function templates whose launches were lowered (`host_launch.rs`).
    pub host_instances: hashbrown::HashSet<(u32, Vec<TArg>)>,
    /// Instances of host function templates called while only declared: made when the
    /// definition arrives (`host_launch.rs`).
    pub host_pending: Vec<(u32, Vec<TArg>)>,
    /// Member class templates (`template <bool C> struct Column {…};` in a class), by the
    /// address of their declaration: one class template however many times the enclosing
    /// class (template instance) is defined (`template_member.rs`).
    pub member_classes: HashMap<usize, u32>,
    /// The non-template functions sharing a name with the templates of a set.
    pub set_fns: HashMap<u32, Vec<FnId>>,
    /// Partial ordering is deducing from declared signatures (`template_order.rs`).
    pub ordering: bool,
}

impl<'x> Lowerer<'x> {
    /// A file-scope `template <…> declaration`.
    pub fn template_decl(&mut self, td: &'x ast::TemplateDecl<'x>) {
        self.check_nontype_params(td.params);
        match &td.decl {
            ast::Decl::Function(fd) if fd.qual.is_some_and(|q| q.segments.len() > 1) => {
                self.out_of_class_member(td.params, None, fd)
            }
            ast::Decl::Template(inner) => match &inner.decl {
                ast::Decl::Function(fd) => {
                    self.out_of_class_member(td.params, Some(inner.params), fd)
                }
                _ => self.error(td.span, "this kind of template is not supported yet"),
            },
            ast::Decl::Function(fd) if !td.params.is_empty() => self.add_fn_template(td, fd),
            ast::Decl::Function(fd) => self.fn_explicit_specialization(fd),
            ast::Decl::Record(rd) => self.class_template_decl(td, rd),
            ast::Decl::Typedef(t) if !td.params.is_empty() => {
                self.alias_template_decl(td, super::template_alias::AliasDecl::Type(t))
            }
            ast::Decl::Var(v) if !td.params.is_empty() => {
                self.alias_template_decl(td, super::template_alias::AliasDecl::Var(v))
            }
            // `template <> const char *C<char>::_S_names[14];` (libstdc++'s
            // `__timepunct_cache`): an explicit specialization of a host static data
            // member, which device code cannot use; left to the host compiler.
            ast::Decl::Var(v)
                if !(v.specs.device || v.specs.constant || v.specs.shared || v.specs.managed) => {}
            _ => self.error(td.span, "this kind of template is not supported yet"),
        }
    }

    fn add_fn_template(&mut self, td: &'x ast::TemplateDecl<'x>, fd: &'x ast::FunctionDecl<'x>) {
        // `template <class T> C<T> operator+(const C<T>&, const C<T>&)`: `a + b` may call it.
        if self.name(fd.name).starts_with("operator") {
            self.has_operator_fns = true;
        }
        let idx = self.templates.fns.len() as u32;
        let set = match self.scopes.lookup(fd.name).copied() {
            // A set of this namespace; one of an enclosing namespace is hidden by the new
            // template (`std::chrono::ceil<D>` beside `std::ceil`), which `chrono::ceil`
            // must then find.
            Some(Binding::FnTemplate(s)) if self.scopes.lookup_local(fd.name).is_some() => s,
            found => {
                let s = self.templates.sets.len() as u32;
                self.templates.sets.push(Vec::new());
                // Functions of the same name declared before stay candidates.
                if let Some(b @ (Binding::Func(_) | Binding::Overloads(_))) = found {
                    if self.scopes.lookup_local(fd.name).is_some() {
                        let fns = self.functions_of(b);
                        self.templates.set_fns.insert(s, fns);
                    }
                }
                self.scopes.bind(fd.name, Binding::FnTemplate(s));
                s
            }
        };
        // A definition after a declaration of the same template replaces it.
        let same = self.templates.sets[set as usize]
            .iter()
            .copied()
            .find(|&t| {
                let old = &self.templates.fns[t as usize];
                old.params.len() == td.params.len()
                    && old.decl.params.len() == fd.params.len()
                    && old.decl.body.is_none()
            });
        if let Some(old) = same {
            self.templates.fns[old as usize] = FnTemplate {
                params: td.params,
                decl: fd,
                member: None,
                ns: self.decl_ns(),
                friend: None,
            };
            self.define_declared_instances(old);
            self.make_pending_host_instances(old);
            return;
        }
        self.templates.fns.push(FnTemplate {
            params: td.params,
            decl: fd,
            member: None,
            ns: self.decl_ns(),
            friend: None,
        });
        self.templates.sets[set as usize].push(idx);
        if self.decl_ns() != 0 {
            // Argument-dependent lookup may find it from outside its namespace.
            self.adl.names.insert(fd.name);
        }
    }

    /// The instances of function template `tpl` made while it was only declared (a call or
    /// a host launch before its definition: `template <class T> __global__ void k(T*);
    /// … k<float><<<…>>>(…) … template <class T> __global__ void k(T *p) {…}`) get their
    /// bodies from the definition that just replaced the declaration, as nvcc defines them.
    fn define_declared_instances(&mut self, tpl: u32) {
        let mut made: Vec<(FnId, Vec<TArg>)> = self
            .templates
            .instances
            .iter()
            .filter_map(|((t, args), f)| match f {
                Some(f) if *t == tpl && !self.fns[f.0 as usize].defined => Some((*f, args.clone())),
                _ => None,
            })
            .collect();
        // In the order they were made (the map's order is not deterministic).
        made.sort_by_key(|(f, _)| f.0);
        let (params, fd, ns) = {
            let t = &self.templates.fns[tpl as usize];
            (t.params, t.decl, t.ns)
        };
        for (fid, args) in made {
            self.templates.depth += 1;
            self.in_decl_context(|l| {
                l.decl_ns = Some(ns);
                l.with_ns_open(ns, |l| {
                    l.bind_friend_outer(tpl);
                    l.bind_template_params(params, &args);
                    l.declare_param_packs(fd);
                    let inst = l.instance_decl(fd, fid);
                    l.define_function(fid, inst);
                })
            });
            self.templates.depth -= 1;
        }
    }

    /// Lowers `f` as if at file scope (outside any function body, with a fresh scope and
    /// instantiation frame on top of file scope), then restores the current function.
    pub fn in_decl_context<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved_f = self.f.take();
        // The caller's `this` and class are not the declaration's (a template instance
        // called from a member function must not see them), and finishing a function
        // lowered in here clears them: both are restored afterwards.
        let (saved_this, saved_base) = (self.this_val.take(), self.fn_scope_base.take());
        let saved_member_class = self.member_class.take();
        let saved_member_tparams = self.member_tparams.take();
        // Kept where `ns_binding` finds the open namespaces' levels (`namespace.rs`).
        let saved_blocks = self.scopes.take_blocks();
        self.outer_blocks.push(saved_blocks);
        let saved_ns = self.decl_ns.take();
        let saved_depth = std::mem::replace(&mut self.depth, 0);
        let saved_span = self.cur_span;
        let saved_index = self.templates.pack_index.take();
        // Another declaration is lowered with its own meaning of the names.
        let saved_sig = std::mem::take(&mut self.templates.sig);
        self.scopes.push();
        self.templates.frames.push(Frame::default());
        let r = f(self);
        self.templates.frames.pop();
        self.decl_ns = saved_ns;
        let saved_blocks = self.outer_blocks.pop().expect("pushed above");
        self.scopes.restore_blocks(saved_blocks);
        self.f = saved_f;
        (self.this_val, self.fn_scope_base) = (saved_this, saved_base);
        self.member_class = saved_member_class;
        self.member_tparams = saved_member_tparams;
        self.depth = saved_depth;
        self.cur_span = saved_span;
        self.templates.pack_index = saved_index;
        self.templates.sig = saved_sig;
        r
    }

    /// Binds template parameters to arguments in the innermost scope and frame.
    pub fn bind_template_params(&mut self, params: &[ast::TemplateParam<'_>], args: &[TArg]) {
        for (p, a) in params.iter().zip(args) {
            let Some(name) = p.name else { continue };
            match a {
                TArg::Type(t) => {
                    self.scopes.bind(name, Binding::Typedef(*t));
                }
                TArg::Value(v, t) => {
                    let cv = ConstValue::int(*v, self.int_kind_of(*t));
                    self.scopes.bind(name, Binding::EnumConst(cv, *t));
                }
                // A reference parameter names the variable; a pointer is its address.
                TArg::Entity {
                    var, addr: false, ..
                } => {
                    self.scopes.bind(name, Binding::Var(*var));
                }
                TArg::Entity { var, ty, .. } => {
                    self.scopes.bind(name, Binding::Address(*var, *ty));
                }
                // Only in declared signatures, never bound (see `bind_dependent_values`).
                TArg::ValueParam(_) | TArg::Expr(_) => {}
                TArg::Template { id, .. } => {
                    self.scopes.bind(name, Binding::ClassTemplate(*id));
                }
                TArg::Pack(items) => {
                    let pack = if matches!(p.kind, TemplateParamKind::Type { .. }) {
                        Pack::Types(
                            items
                                .iter()
                                .filter_map(|i| match i {
                                    TArg::Type(t) => Some(*t),
                                    _ => None,
                                })
                                .collect(),
                        )
                    } else {
                        Pack::Values(
                            items
                                .iter()
                                .filter_map(|i| match i {
                                    TArg::Value(v, t) => Some((*v, *t)),
                                    _ => None,
                                })
                                .collect(),
                        )
                    };
                    if let Some(fr) = self.templates.frames.last_mut() {
                        fr.packs.insert(name, pack);
                    }
                }
            }
        }
    }

    /// The integer kind of a non-type parameter's type (an enum's underlying type).
    pub fn int_kind_of(&self, t: QualType) -> IntKind {
        match self.types.kind(t.ty) {
            TypeKind::Int(k) => *k,
            TypeKind::Enum(e) => self.types.enum_info(*e).underlying,
            _ => IntKind::Long,
        }
    }

    /// nvcc's form of an instance in messages: `f<N>() [with N=200]`.
    pub fn show_with_params(
        &self,
        name: Symbol,
        params: &[ast::TemplateParam<'_>],
        args: &[TArg],
        fd: Option<&ast::FunctionDecl<'_>>,
    ) -> String {
        let pnames: Vec<&str> = params
            .iter()
            .map(|p| p.name.map(|n| self.name(n)).unwrap_or("<unnamed>"))
            .collect();
        let with: Vec<String> = pnames
            .iter()
            .zip(args)
            .map(|(n, a)| format!("{n}={}", self.show_targ(a)))
            .collect();
        let call = match fd {
            Some(f) if f.params.is_empty() => "()",
            Some(_) => "(…)",
            None => "",
        };
        format!(
            "{}<{}>{call} [with {}]",
            self.name(name),
            pnames.join(", "),
            with.join(", ")
        )
    }

    fn show_targ(&self, a: &TArg) -> String {
        match a {
            TArg::Type(t) => self.show(*t),
            TArg::Value(v, t) => {
                if self.types.is_bool(t.ty) {
                    (if *v != 0 { "true" } else { "false" }).to_string()
                } else {
                    v.to_string()
                }
            }
            TArg::ValueParam(i) => format!("<parameter {i}>"),
            TArg::Expr(_) => "<expression>".to_string(),
            TArg::Template { name, .. } => self.name(*name).to_string(),
            TArg::Entity { var, addr, .. } => {
                let n = self.name(self.var(*var).name).to_string();
                if *addr {
                    format!("&{n}")
                } else {
                    n
                }
            }
            TArg::Pack(items) => {
                let parts: Vec<String> = items.iter().map(|a| self.show_targ(a)).collect();
                parts.join(", ")
            }
        }
    }

    /// The instance of function template `tpl` for `args` (complete: every parameter has
    /// its argument), declared and (for device code) lowered on first request.
    pub fn instantiate_fn(&mut self, tpl: u32, args: Vec<TArg>, span: Span) -> Option<FnId> {
        let key = (tpl, args);
        if let Some(r) = self.templates.instances.get(&key) {
            return *r;
        }
        if let Some(r) = self.instantiate_specialization(&key) {
            return r;
        }
        let t = &self.templates.fns[tpl as usize];
        let (params, fd) = (t.params, t.decl);
        let member = t.member.clone();
        if self.templates.depth >= MAX_INSTANTIATION_DEPTH {
            let shown = self.show_with_params(fd.name, params, &key.1, Some(fd));
            self.instance_error(
                span,
                format!("excessive recursion at instantiation of function \"{shown}\""),
            );
            self.templates.instances.insert(key, None);
            return None;
        }
        self.templates.depth += 1;
        let args = key.1.clone();
        if let Some(m) = member {
            let r = self.instantiate_member_template(m, params, fd, key);
            self.templates.depth -= 1;
            return r;
        }
        let r = self.in_instance_scope(tpl, &args, |l| l.instantiate_in_ns(fd, &key));
        self.templates.depth -= 1;
        if r.is_none() {
            self.templates.instances.insert((tpl, args), None);
        }
        r
    }

    /// Runs `f` where an instance of the non-member function template `tpl` for `args` is
    /// declared: in the template's namespace, its parameters bound to `args` (a hidden
    /// friend template also sees its class's members and is its friend).
    pub(super) fn in_instance_scope<R>(
        &mut self,
        tpl: u32,
        args: &[TArg],
        f: impl FnOnce(&mut Self) -> Option<R>,
    ) -> Option<R> {
        let t = &self.templates.fns[tpl as usize];
        let (ns, params) = (t.ns, t.params);
        self.in_decl_context(|l| {
            // Also the chain `lookup_ordinary` searches when the namespace is open
            // already (its scope level was taken off by `in_decl_context`).
            l.decl_ns = Some(ns);
            // A hidden friend template's body is a friend of its class.
            let saved_friend = l.friend_of;
            if let Some(r) = l.friend_template_class(tpl) {
                l.friend_of = Some(r);
            }
            let r = l.with_ns_open(ns, |l| {
                l.bind_friend_outer(tpl);
                l.bind_template_params(params, args);
                f(l)
            });
            l.friend_of = saved_friend;
            r
        })
    }

    /// Declares and lowers the instance `key` of `fd` (inside `in_instance_scope`).
    fn instantiate_in_ns(
        &mut self,
        fd: &'x ast::FunctionDecl<'x>,
        key: &(u32, Vec<TArg>),
    ) -> Option<FnId> {
        let (params, args) = (self.templates.fns[key.0 as usize].params, &key.1);
        self.declare_param_packs(fd);
        let fid = self.declare_instance(fd, params, args, None)?;
        // Cached before the body is lowered: a recursive call finds the instance.
        self.templates.instances.insert(key.clone(), Some(fid));
        let inst = self.instance_decl(fd, fid);
        self.define_function(fid, inst);
        Some(fid)
    }

    /// Declares the instance of `fd` (template parameters bound in the current scope).
    pub fn declare_instance(
        &mut self,
        fd: &'x ast::FunctionDecl<'x>,
        tparams: &[ast::TemplateParam<'_>],
        args: &[TArg],
        member_of: Option<RecordId>,
    ) -> Option<FnId> {
        // An `auto` return type is deduced from the body (see `auto_return.rs`).
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
        let s = &fd.specs;
        let space = self.exec_space(s);
        if space == ExecSpace::Global && !self.types.is_void(ret.ty) {
            self.error(
                fd.span,
                "a __global__ function must have a void return type",
            );
            return None;
        }
        let inline = inline_hint(s);
        let launch_bounds = match &fd.launch_bounds {
            Some(lb) => {
                let max = self.const_int(lb.max_threads)?;
                let min = match lb.min_blocks {
                    Some(e) => self.const_int(e)?,
                    None => 0,
                };
                Some((max as u32, min as u32))
            }
            None => None,
        };
        let symbol = match member_of {
            // A static member function of a class template instance: `_ZN6HornerILi0E…E4evalExx`.
            Some(rid) => {
                let scope = FunctionEntity::member_scope(&self.types, rid);
                let e = FunctionEntity::new(scope, FunctionName::Ident(fd.name), params.clone());
                let m = mangle::mangle_function_entity(&self.types, self.interner, &e);
                Some((m, e))
            }
            None => self.instance_symbol(fd, tparams, args, Some(ret), &params),
        };
        let (mangled, entity) = match symbol {
            Some((m, e)) => (Some(m), Some(std::rc::Rc::new(e))),
            None => (None, None),
        };
        let id = FnId(self.fns.len() as u32);
        self.fns.push(FnInfo {
            name: fd.name,
            params,
            ret,
            variadic: fd.variadic,
            space,
            extern_c: false,
            is_static: s.is_static && member_of.is_none(),
            inline,
            ir: None,
            defined: false,
            span: fd.name_span,
            first_call: None,
            launch_bounds,
            mangled,
            entity,
            defaults,
            ret_pending,
            scope: self.cur_scope_path(),
            fname: crate::sema::entity::FunctionName::Ident(fd.name),
            member: None,
        });
        Some(id)
    }

    /// Parameter types of an instance: a parameter pack contributes one parameter per
    /// element (its pattern resolved with the pack's name bound to each element in turn).
    pub(super) fn instance_param_types(
        &mut self,
        fd: &ast::FunctionDecl<'_>,
    ) -> Option<Vec<QualType>> {
        let mut out = Vec::new();
        for p in fd.params {
            if p.pack {
                let (name, elems) = self.type_pack_in(p.ty)?;
                for e in elems {
                    self.scopes.bind(name, Binding::Typedef(e));
                    let t = self.resolve_type(p.ty)?;
                    out.push(self.adjust_param(t));
                }
                self.scopes.bind(name, Binding::Poisoned);
            } else {
                let one = std::slice::from_ref(p);
                out.extend(self.param_types(one)?);
            }
        }
        Some(out)
    }

    /// The type pack a pattern mentions (`Ts` in `const Ts*`) and its elements.
    pub fn type_pack_in(&mut self, te: &ast::TypeExpr<'_>) -> Option<(Symbol, Vec<QualType>)> {
        let name = match te {
            ast::TypeExpr::Named { name, .. } => Some(*name),
            ast::TypeExpr::Qualified { inner, .. } => return self.type_pack_in(inner),
            ast::TypeExpr::Pointer { pointee, .. } => return self.type_pack_in(pointee),
            // `const Ts&... xs`, `Ts&&... xs`.
            ast::TypeExpr::Reference { referee, .. } => return self.type_pack_in(referee),
            _ => None,
        };
        let name = name?;
        match self.templates.frames.last()?.packs.get(&name)? {
            Pack::Types(ts) => Some((name, ts.clone())),
            _ => None,
        }
    }

    /// The declaration an instance is lowered from: `fd` with its parameter packs
    /// expanded (one parameter per element, each marked `pack`).
    pub(super) fn instance_decl(
        &mut self,
        fd: &'x ast::FunctionDecl<'x>,
        fid: FnId,
    ) -> &'x ast::FunctionDecl<'x> {
        if !fd.params.iter().any(|p| p.pack) {
            return fd;
        }
        let fixed = fd.params.iter().filter(|p| !p.pack).count();
        let n_pack = self.func_info(fid).params.len().saturating_sub(fixed);
        let mut params = Vec::new();
        for p in fd.params {
            let copies = if p.pack { n_pack } else { 1 };
            for _ in 0..copies {
                params.push(ast::ParamDecl {
                    name: p.name,
                    ty: p.ty,
                    span: p.span,
                    pack: p.pack,
                    default: p.default,
                });
            }
        }
        let params = self.arena.alloc_slice_fill_iter(params);
        self.arena.alloc(ast::FunctionDecl {
            name: fd.name,
            name_span: fd.name_span,
            specs: fd.specs,
            ret: fd.ret,
            params,
            variadic: fd.variadic,
            launch_bounds: None,
            template_args: None,
            qual: fd.qual,
            method: Default::default(),
            body: fd.body,
            host_body_skipped: fd.host_body_skipped,
            lazy_body: fd.lazy_body,
            span: fd.span,
        })
    }

    /// Makes the function parameter packs of `fd` known (empty until their expanded
    /// parameters are bound), so that an empty pack is a pack (`(... && b)` over none).
    pub fn declare_param_packs(&mut self, fd: &ast::FunctionDecl<'_>) {
        let Some(fr) = self.templates.frames.last_mut() else {
            return;
        };
        for p in fd.params.iter().filter(|p| p.pack) {
            if let Some(n) = p.name {
                fr.packs.entry(n).or_insert(Pack::Params(Vec::new()));
            }
        }
    }

    /// Records one expanded parameter of a function parameter pack.
    pub fn bind_pack_param(&mut self, name: Symbol, var: VarId) {
        let Some(fr) = self.templates.frames.last_mut() else {
            return;
        };
        match fr.packs.entry(name).or_insert(Pack::Params(Vec::new())) {
            Pack::Params(vs) => vs.push(var),
            other => *other = Pack::Params(vec![var]),
        }
    }

    /// The symbol of an instance: the template's declared signature (its parameters as
    /// `T_`, `T0_`, …, packs as `Dp…`) after the arguments. `actual_params` are the
    /// instance's parameter types, written for declared ones that do not resolve.
    pub(super) fn instance_symbol(
        &mut self,
        fd: &ast::FunctionDecl<'_>,
        tparams: &[ast::TemplateParam<'_>],
        args: &[TArg],
        actual_ret: Option<QualType>,
        actual_params: &[QualType],
    ) -> Option<(String, FunctionEntity)> {
        let (ret, params) = self.declared_signature(fd, tparams, actual_ret, actual_params)?;
        let scope = self.cur_scope_path();
        // `template <class T> C<T> operator+(…)`: `_ZN6thrustplIfEE…`, the operator's code.
        let name = match fd.qual.map(|q| q.last()) {
            Some(ast::NameSeg::Operator { op, .. }) => {
                FunctionName::Operator(super::class::operator_name(*op, params.len()))
            }
            _ => FunctionName::Ident(fd.name),
        };
        let mut entity = FunctionEntity::new(scope, name, params);
        entity.template_args = Some(args.iter().map(entity_arg).collect());
        entity.ret = Some(ret);
        entity.variadic = fd.variadic;
        let m = mangle::mangle_function_entity(&self.types, self.interner, &entity);
        Some((m, entity))
    }

    /// `template __global__ void k<float, 128>(const float *, float *, int);`
    pub fn explicit_instantiation(&mut self, fd: &'x ast::FunctionDecl<'x>) {
        let Some(Binding::FnTemplate(set)) = self.scopes.lookup(fd.name).copied() else {
            self.error(
                fd.name_span,
                format!("\"{}\" is not a function template", self.name(fd.name)),
            );
            return;
        };
        let Some(param_types) = self.param_types(fd.params) else {
            return;
        };
        let explicit = match fd.template_args {
            Some(a) => a,
            None => &[],
        };
        if !fd.specs.device && !fd.specs.global {
            // `template void run<float>(float*, int);` of a host template: its instance
            // launches kernels as a host call's would (shoc's `RunTestLaunchKernel`).
            let lv = vec![false; param_types.len()];
            let chosen = self.quietly(|s| {
                s.choose_fn_template(
                    set,
                    fd.name,
                    explicit,
                    (&param_types, &lv),
                    fd.name_span,
                    true,
                )
            });
            if let Some((tpl, args)) = chosen {
                self.host_template_instance(tpl, args);
            }
            return;
        }
        let Some(fid) = self.select_fn_template(
            set,
            fd.name,
            explicit,
            (&param_types, &[]),
            fd.name_span,
            true,
        ) else {
            return;
        };
        // The instance is lowered when made; an explicit instantiation only forces it.
        let _ = fid;
    }

    /// `static_assert(cond, "message")`.
    pub fn static_assert(&mut self, cond: &ast::Expr<'_>, message: Option<&[u8]>, span: Span) {
        if let Some(v) = self.const_eval(cond) {
            self.static_assert_value(v, message, span);
        }
    }

    /// A `static_assert` among a class's members, checked once they are declared. Only a
    /// condition that evaluates to false is reported: the evaluator cannot yet name a
    /// non-static data member in an unevaluated operand (`sizeof(a)`), so a condition it
    /// cannot evaluate is left alone rather than reported wrongly.
    pub fn member_static_assert(
        &mut self,
        cond: &ast::Expr<'_>,
        message: Option<&[u8]>,
        span: Span,
    ) {
        if let Some(v) = self.quietly(|l| l.const_eval(cond)) {
            self.static_assert_value(v, message, span);
        }
    }

    fn static_assert_value(&mut self, v: ConstValue, message: Option<&[u8]>, span: Span) {
        if !v.is_zero() {
            return;
        }
        let msg = match message {
            Some(m) => format!(
                "static assertion failed with \"{}\"",
                String::from_utf8_lossy(m)
            ),
            None => "static assertion failed".to_string(),
        };
        self.error(span, msg);
    }
}

/// A resolved template argument as entities (mangling, record instances) record it.
pub(crate) fn entity_arg(a: &TArg) -> TemplateArg {
    match a {
        TArg::Type(t) => TemplateArg::Type(*t),
        TArg::Value(v, t) => TemplateArg::Value {
            ty: t.ty,
            value: *v,
        },
        TArg::Pack(items) => TemplateArg::Pack(items.iter().map(entity_arg).collect()),
        TArg::ValueParam(i) => TemplateArg::ValueParam(*i),
        TArg::Expr(e) => TemplateArg::Expr(e.clone()),
        TArg::Template { scope, name, .. } => TemplateArg::Template {
            scope: scope.clone(),
            name: *name,
        },
        TArg::Entity { symbol, addr, .. } => TemplateArg::Entity {
            symbol: symbol.to_string(),
            addr: *addr,
        },
    }
}
