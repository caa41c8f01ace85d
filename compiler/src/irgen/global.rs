//! File-scope entities: function declarations and definitions (execution spaces, mangled
//! names, IR signatures, kernel attributes) and module variables (`__device__`,
//! `__constant__`, `__shared__`, host variables usable as constants in device code).

use super::{inline_hint, Binding, ExecSpace, FnId, FnInfo, Lowerer, Storage, VarInfo};
use crate::ast;
use crate::mangle;
use crate::sema::consteval::ConstValue;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{
    AddrSpace, FuncId, FuncKind, Function, GlobalVar, InlineHint, Linkage, ParamKind, Signature,
    Type,
};

impl Lowerer<'_> {
    /// A function declaration or definition at file (or block) scope.
    pub fn function_decl(&mut self, fd: &ast::FunctionDecl<'_>) {
        if fd.qual.is_some() {
            self.qualified_function_decl(fd);
            return;
        }
        self.function_decl_plain(fd);
    }

    /// A function declared by a plain name or an operator name.
    pub fn function_decl_plain(&mut self, fd: &ast::FunctionDecl<'_>) {
        let errors = self.diags.error_count();
        self.last_dropped = None;
        let Some(fid) = self.declare_function(fd) else {
            self.device_function_not_dropped(fd, errors);
            if self.scopes.lookup(fd.name).is_none() {
                let b = self.failed_binding(fd.span, "function", errors);
                self.scopes.bind(fd.name, b);
            }
            return;
        };
        self.define_function(fid, fd);
    }

    /// Lowers the body of the declared function `fid` (if `fd` has one and it is device
    /// code).
    pub fn define_function(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) {
        if fd.has_body() || fd.host_body_skipped {
            self.note_definition_for_internal_names(fid, fd);
        }
        if !fd.has_body() {
            return;
        }
        let info = self.func_info(fid).clone();
        if !info.space.on_device() {
            return;
        }
        if self.fns[fid.0 as usize].defined {
            self.error(
                fd.name_span,
                format!(
                    "function \"{}\" has already been defined",
                    self.name(fd.name)
                ),
            );
            return;
        }
        self.fns[fid.0 as usize].defined = true;
        if !self.in_function_allowed(fd) {
            return;
        }
        self.define_function_body(fid, fd);
    }

    /// Creates the IR function of a device function definition and lowers its body.
    pub fn define_function_body(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) {
        // A built-in header's helper waits for its first use (`lazy_bodies.rs`).
        if self.park_body(fid, fd) {
            return;
        }
        let info = self.func_info(fid).clone();
        let Some(sig) = self.signature(&info, fd.span) else {
            return;
        };
        let kind = if info.space == ExecSpace::Global {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        // Hidden leading parameters (none for kernels) shift the source parameters.
        let hidden = sig.params.len() - info.params.len();
        let mut func = Function::new(self.symbol_name(fid), sig, kind);
        if kind == FuncKind::Kernel {
            func.noalias_params = (info.params.iter().enumerate())
                .filter(|(_, p)| p.quals.restrict && self.types.is_pointer(p.ty))
                .map(|(i, _)| (i + hidden) as u32)
                .collect();
        }
        // A `static` kernel or one in an anonymous namespace has internal linkage: nvcc
        // prints `.entry` without `.visible` (and no `// .globl`).
        let internal = info.is_static
            || info
                .scope
                .iter()
                .any(|c| matches!(c, crate::sema::entity::ScopeComponent::AnonymousNamespace));
        // `-rdc=true`: a device function defined here with external linkage is
        // `.visible` (another module may call it), as nvcc writes it; inline functions,
        // members and template instances stay module-local (nvcc drops them when unused).
        let visible_device = self.opts.rdc
            && !(fd.specs.is_inline
                || fd.specs.forceinline
                || info.member.is_some()
                || info.mangled.is_some());
        func.linkage = if (kind == FuncKind::Kernel || visible_device) && !internal {
            Linkage::External
        } else {
            // Whole-program compilation: nvcc emits device functions without `.visible`.
            Linkage::Internal
        };
        func.inline = info.inline;
        // `__launch_bounds__` may sit on an earlier declaration (kept in the `FnInfo`).
        func.launch_bounds = info.launch_bounds;
        self.ensure_ir(fid);
        self.lower_body(fid, fd, func);
    }

    fn in_function_allowed(&mut self, fd: &ast::FunctionDecl<'_>) -> bool {
        if self.in_function() {
            self.error(
                fd.span,
                "function definitions are not allowed inside a function",
            );
            return false;
        }
        true
    }

    fn launch_bounds(&mut self, lb: &ast::LaunchBounds<'_>) -> Option<(u32, u32)> {
        let max = self.const_int(lb.max_threads)?;
        let min = match lb.min_blocks {
            Some(e) => self.const_int(e)?,
            None => 0,
        };
        if max <= 0 || max > u32::MAX as i128 || min < 0 || min > u32::MAX as i128 {
            self.error(lb.max_threads.span, "invalid __launch_bounds__ value");
            return None;
        }
        Some((max as u32, min as u32))
    }

    /// Records a function declaration; merges with an earlier one of the same name.
    pub fn declare_function(&mut self, fd: &ast::FunctionDecl<'_>) -> Option<FnId> {
        // An `auto` return type is deduced from the body's first `return` (see `lower_body`).
        let ret_pending = self.return_deduced(fd.ret);
        let ret = if ret_pending {
            if !fd.has_body() {
                self.error(
                    fd.name_span,
                    "a function declared with \"auto\" must have a body here (deduced return type)",
                );
                return None;
            }
            QualType::new(self.types.void())
        } else {
            self.resolve_type(fd.ret)?
        };
        let params = self.param_types(fd.params)?;
        let defaults = self.default_args(fd.params)?;
        let s = &fd.specs;
        let space = self.exec_space(s);
        if space == ExecSpace::Global && !self.types.is_void(ret.ty) {
            self.error(
                fd.span,
                "a __global__ function must have a void return type",
            );
            return None;
        }
        if space == ExecSpace::Global && fd.variadic {
            self.error(fd.span, "a __global__ function cannot have an ellipsis");
            return None;
        }
        let launch_bounds = match &fd.launch_bounds {
            Some(lb) => self.launch_bounds(lb),
            None => None,
        };
        let inline = inline_hint(s);
        let earlier = self.redeclared_function(fd.name, &params, fd.variadic);
        if let Some(prev) = earlier {
            let p = &mut self.fns[prev.0 as usize];
            // Later declarations may add attributes (a prototype then a definition).
            if space != ExecSpace::Host {
                p.space = space;
            }
            if inline != InlineHint::Default {
                p.inline = inline;
            }
            if launch_bounds.is_some() {
                p.launch_bounds = launch_bounds;
            }
            p.extern_c |= s.extern_c;
            p.is_static |= s.is_static;
            // Default arguments may be given by the first declaration only (C++
            // [dcl.fct.default]); later ones without them keep them.
            if defaults.iter().any(|d| d.is_some()) {
                p.defaults = defaults;
            }
            return Some(prev);
        }
        let fname = self.function_name_of(fd, None, params.len())?;
        let scope = self.cur_scope_path();
        let id = FnId(self.fns.len() as u32);
        self.fns.push(FnInfo {
            name: fd.name,
            params,
            ret,
            variadic: fd.variadic,
            space,
            extern_c: s.extern_c,
            is_static: s.is_static,
            inline,
            ir: None,
            defined: false,
            span: fd.name_span,
            first_call: None,
            launch_bounds,
            defaults,
            ret_pending,
            mangled: None,
            entity: None,
            scope,
            fname,
            member: None,
        });
        self.bind_function(fd.name, id);
        if self.decl_ns() != 0 {
            // Argument-dependent lookup may find it from outside its namespace.
            self.adl.names.insert(fd.name);
        }
        Some(id)
    }

    /// The PTX symbol of a function: mangled unless `extern "C"`.
    pub fn symbol_name(&self, fid: FnId) -> String {
        let info = self.func_info(fid);
        if let Some(m) = &info.mangled {
            return m.clone();
        }
        if info.extern_c {
            return self.name(info.name).to_string();
        }
        let entity = self.function_entity(fid);
        mangle::mangle_function_entity(&self.types, self.interner, &entity)
    }

    /// Records the first definition of a non-inline, non-template function with external
    /// linkage (host functions included): nvcc's internal names carry its symbol.
    pub(crate) fn note_definition_for_internal_names(
        &mut self,
        fid: FnId,
        fd: &ast::FunctionDecl<'_>,
    ) {
        let info = self.func_info(fid);
        let inline = fd.specs.is_inline || fd.specs.forceinline || fd.specs.is_constexpr;
        // Out-of-line member definitions come here from the class lowering (in-class ones
        // are inline and never count).
        let in_anonymous_namespace = info
            .scope
            .contains(&mangle::ScopeComponent::AnonymousNamespace);
        if self.first_external_definition.is_some()
            || info.is_static
            || inline
            || info.mangled.is_some()
            || in_anonymous_namespace
        {
            return;
        }
        self.first_external_definition = Some(self.symbol_name(fid));
    }

    /// Replaces the placeholders of internal-linkage names once the whole file is known.
    pub fn finish_internal_names(&mut self) {
        use crate::mangle::internal::{finish_internal_names, has_internal_placeholder};
        let needed = self
            .module
            .functions
            .iter()
            .any(|(_, f)| has_internal_placeholder(&f.name))
            || self
                .module
                .globals
                .iter()
                .any(|(_, g)| has_internal_placeholder(&g.name));
        if !needed {
            return;
        }
        let path = &self.sources.file(crate::source::FileId(0)).name;
        let suffix =
            mangle::internal::internal_suffix(path, self.first_external_definition.as_deref());
        for (_, f) in self.module.functions.iter_mut() {
            if has_internal_placeholder(&f.name) {
                f.name = finish_internal_names(&f.name, &suffix);
            }
        }
        for (_, g) in self.module.globals.iter_mut() {
            if has_internal_placeholder(&g.name) {
                g.name = finish_internal_names(&g.name, &suffix);
            }
        }
    }

    /// The IR signature of a device-side function.
    pub fn signature(&mut self, info: &FnInfo, span: crate::source::Span) -> Option<Signature> {
        let mut params = Vec::new();
        if info.member.as_ref().is_some_and(|m| !m.is_static) {
            // `this`.
            params.push(ParamKind::Value(Type::Ptr(AddrSpace::Generic)));
        }
        let kernel = info.space == ExecSpace::Global;
        for p in &info.params {
            params.push(self.param_kind(*p, kernel, span)?);
        }
        let ret = if self.types.is_void(info.ret.ty) {
            None
        } else if self.types.is_scalar(info.ret.ty) {
            Some(self.mem_type(info.ret.ty))
        } else if self.returns_struct(info) {
            if self.types.size_of(info.ret.ty).is_none() {
                self.error(span, "incomplete type is not allowed");
                return None;
            }
            // A struct result is written through a hidden first parameter (the caller's
            // slot, as a generic pointer); the function itself returns nothing.
            params.insert(0, ParamKind::Value(Type::Ptr(AddrSpace::Generic)));
            None
        } else {
            self.error(span, "a function may not return an array");
            return None;
        };
        Some(Signature { params, ret })
    }

    /// How a parameter of type `p` is passed: a scalar by value; a class by value in a
    /// `.param` byte array, or, when it is not trivially copyable or destructible (and the
    /// function is not a kernel), by the address of the caller's object (Itanium C++ ABI,
    /// as nvcc does). `None` (with a diagnostic) for an incomplete class.
    pub(super) fn param_kind(
        &mut self,
        p: QualType,
        kernel: bool,
        span: crate::source::Span,
    ) -> Option<ParamKind> {
        Some(match self.types.kind(p.ty) {
            TypeKind::Record(_) if !kernel && self.passed_indirectly(p) => {
                ParamKind::Value(Type::Ptr(AddrSpace::Generic))
            }
            TypeKind::Record(_) => {
                let Some(size) = self.types.size_of(p.ty) else {
                    self.error(span, "incomplete type is not allowed");
                    return None;
                };
                ParamKind::ByVal {
                    size: size as u32,
                    align: self.types.align_of(p.ty) as u32,
                }
            }
            _ => ParamKind::Value(self.mem_type(p.ty)),
        })
    }

    /// True when the function returns a struct through a hidden result pointer.
    pub fn returns_struct(&self, info: &FnInfo) -> bool {
        self.types.is_record(info.ret.ty)
    }

    /// The IR function of `fid`, declared in the module on first need.
    pub fn ensure_ir(&mut self, fid: FnId) -> Option<FuncId> {
        if let Some(f) = self.func_info(fid).ir {
            return Some(f);
        }
        let info = self.func_info(fid).clone();
        let sig = self.signature(&info, info.span)?;
        let kind = if info.space == ExecSpace::Global {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let mut decl = Function::declaration(self.symbol_name(fid), sig, kind);
        decl.linkage = Linkage::Import;
        let id = self.module.add_function(decl);
        self.fns[fid.0 as usize].ir = Some(id);
        Some(id)
    }

    /// A file-scope variable.
    pub fn global_var(&mut self, vd: &ast::VarDecl<'_>) {
        let errors = self.diags.error_count();
        self.last_dropped = None;
        self.global_var_inner(vd);
        // A declaration that failed still declares its name (no cascade of "undefined").
        if self.scopes.lookup_local(vd.name).is_none() {
            let b = self.failed_binding(vd.span, "variable", errors);
            self.scopes.bind(vd.name, b);
        }
    }

    fn global_var_inner(&mut self, vd: &ast::VarDecl<'_>) {
        let Some(mut ty) = self.resolve_type(vd.ty) else {
            return;
        };
        let s = vd.specs;
        let space = if s.shared {
            Some(AddrSpace::Shared)
        } else if s.constant {
            Some(AddrSpace::Const)
        } else if s.device || s.managed {
            Some(AddrSpace::Global)
        } else if self.opts.default_device
            && !(ty.quals.konst || s.is_constexpr || s.is_extern || s.extern_c)
        {
            // `-default-device`: a variable without a specifier is a `__device__` one
            // (NVRTC's rule). `const` ones stay host constants, which device code reads as
            // compile-time values, as NVRTC folds them. `extern "C" FILE *stdin;` (the
            // built-in <stdio.h>) declares, so it stays a host declaration.
            Some(AddrSpace::Global)
        } else {
            None
        };
        // A host declaration through a function type (`extern "C" __typeof(uselocale)
        // __uselocale;`, libstdc++'s `c++locale.h`) declares a host function; it is kept
        // as a host entity below, which device code cannot use, as any host function.
        if self.types.is_function(ty.ty) && space.is_some() {
            self.error(vd.span, "a variable may not have function type");
            return;
        }
        let Some(space) = space else {
            // A host variable: device code may only use it as a compile-time constant.
            let const_value = self.host_const_value(ty, vd);
            // `char s[] = "…"`: the bound from the initializer (`sizeof`, diagnostics).
            let ty = match &vd.init {
                Some(i) => self.complete_array_from_init(ty, i),
                None => ty,
            };
            let id = self.add_var(VarInfo {
                name: vd.name,
                ty,
                storage: Storage::Host,
                const_value,
            });
            if self.is_constexpr_object(ty, vd) {
                self.constexpr_var_image(id, ty, vd);
            } else if let Some(b) = self.const_string_bytes(ty, vd) {
                self.cx.const_strings.insert(id, b);
            }
            self.scopes.bind(vd.name, Binding::Var(id));
            return;
        };
        let extern_shared = s.is_extern && space == AddrSpace::Shared;
        if let Some(r) = self.complete_extern_var(vd, ty, space) {
            return r;
        }
        if s.is_extern && !extern_shared && !self.opts.rdc && !self.defined_vars.contains(&vd.name)
        {
            // What nvcc does without -rdc=true (its words): the declaration defines a
            // zero-initialized module-local variable.
            let name = self.name(vd.name).to_string();
            self.warning(
                vd.span,
                format!(
                    "extern declaration of the entity {name} is treated as a static definition"
                ),
            );
        }
        if let Some(Binding::Var(prev)) = self.scopes.lookup_local(vd.name).copied() {
            if let Storage::Global(..) = self.var(prev).storage {
                self.error(
                    vd.name_span,
                    format!(
                        "variable \"{}\" has already been defined",
                        self.name(vd.name)
                    ),
                );
                return;
            }
        }
        // nvcc's names: plain in the global namespace, mangled in a namespace (internal
        // linkage adds the file's `_INTERNAL` component).
        let scope = self.ns.ctxs[self.cur_ns()].path.clone();
        let name = mangle::mangle_namespace_variable(
            &self.types,
            self.interner,
            &scope,
            vd.name,
            s.is_static,
        );
        let import = s.is_extern && !extern_shared && self.opts.rdc;
        let init = if import { None } else { vd.init.as_ref() };
        let Some(written_align) = self.written_align(vd.align) else {
            return;
        };
        let Some((gid, fixed)) =
            self.define_module_var(name, ty, space, vd.span, written_align, extern_shared, init)
        else {
            return;
        };
        ty = fixed;
        self.module.globals[gid].managed = s.managed;
        self.module.globals[gid].read_only =
            !import && init.is_some() && self.is_read_only_object(ty, s.is_constexpr);
        // `-rdc=true`: `extern __device__ int x;` is `.extern`, a definition with external
        // linkage `.visible` (nvcc's forms); whole-program compilation keeps them local.
        if import {
            self.module.globals[gid].linkage = Linkage::Import;
            self.module.globals[gid].init = None;
        } else if self.opts.rdc
            && !s.is_static
            && space != AddrSpace::Shared
            && !scope
                .iter()
                .any(|c| matches!(c, crate::sema::entity::ScopeComponent::AnonymousNamespace))
        {
            self.module.globals[gid].linkage = Linkage::External;
        }
        let id = self.add_var(VarInfo {
            name: vd.name,
            ty,
            storage: Storage::Global(gid, space),
            const_value: None,
        });
        if s.is_extern && !extern_shared {
            self.extern_vars.insert(id.0);
        }
        self.scopes.bind(vd.name, Binding::Var(id));
    }

    /// A declaration of a variable an earlier `extern` declaration of this scope made: a
    /// repeated `extern` changes nothing, a definition of the same type completes the same
    /// module variable (nvcc writes one `.global`). `None`: not such a declaration.
    fn complete_extern_var(
        &mut self,
        vd: &ast::VarDecl<'_>,
        ty: QualType,
        space: AddrSpace,
    ) -> Option<()> {
        let Some(Binding::Var(prev)) = self.scopes.lookup_local(vd.name).copied() else {
            return None;
        };
        let Storage::Global(gid, prev_space) = self.var(prev).storage else {
            return None;
        };
        if prev_space != space || self.var(prev).ty.ty != ty.ty {
            return None;
        }
        if vd.specs.is_extern {
            // `extern` after a declaration or a definition of the same variable.
            return Some(());
        }
        if !self.extern_vars.contains(&prev.0) {
            return None;
        }
        self.extern_vars.remove(&prev.0);
        let (init, func_addrs) = match &vd.init {
            Some(i) => {
                let size = self.types.size_of(ty.ty)?;
                let (b, f) = self.global_init_bytes(ty, i, size)?;
                (Some(b), f)
            }
            None => (None, Vec::new()),
        };
        let g = &mut self.module.globals[gid];
        g.init = init;
        g.func_addrs = func_addrs;
        g.linkage = if self.opts.rdc && !vd.specs.is_static {
            Linkage::External
        } else {
            Linkage::Internal
        };
        Some(())
    }

    /// Creates a module variable (file-scope, local static or local `__shared__`) declared
    /// at `span` with the written `__align__`/`alignas` (if any); returns it and its type
    /// with an array bound completed from the initializer.
    #[allow(clippy::too_many_arguments)]
    pub fn define_module_var(
        &mut self,
        name: String,
        mut ty: QualType,
        space: AddrSpace,
        span: Span,
        written_align: Option<u64>,
        extern_shared: bool,
        init: Option<&ast::Init<'_>>,
    ) -> Option<(oxicc_ir::GlobalId, QualType)> {
        if space == AddrSpace::Shared && init.is_some() {
            self.error(span, "initializer not allowed for __shared__ variable");
            return None;
        }
        if let Some(i) = init {
            ty = self.complete_array_from_init(ty, i);
        }
        let size = if extern_shared {
            if !matches!(self.types.kind(ty.ty), TypeKind::Array { len: None, .. }) {
                self.error(
                    span,
                    "an extern __shared__ variable must be an array of unknown size",
                );
                return None;
            }
            0
        } else {
            match self.types.size_of(ty.ty) {
                Some(s) => s,
                None => {
                    self.error(span, "incomplete type is not allowed");
                    return None;
                }
            }
        };
        let mut align = self.types.align_of(ty.ty);
        if extern_shared {
            // nvcc aligns dynamic shared memory to 16 bytes whatever the element type.
            align = align.max(16);
        }
        if let Some(a) = written_align {
            align = align.max(a);
        }
        let (bytes, func_addrs) = match init {
            Some(i) => {
                let (b, f) = self.global_init_bytes(ty, i, size)?;
                (Some(b), f)
            }
            None => (None, Vec::new()),
        };
        let (elem, count) = if self.types.is_scalar(ty.ty) {
            let t = match self.mem_type(ty.ty) {
                Type::Ptr(_) => Type::I64,
                t => t,
            };
            (t, None)
        } else {
            (Type::I8, Some(size))
        };
        let g = GlobalVar {
            name,
            space,
            elem,
            count,
            align: align as u32,
            init: bytes,
            linkage: Linkage::Internal,
            extern_shared,
            managed: false,
            func_addrs,
            read_only: false,
        };
        Some((self.module.add_global(g), ty))
    }

    /// Whether a module variable of type `ty` is a `const` (or `constexpr`) object of
    /// arithmetic elements, which nothing may write (`GlobalVar::read_only`). Class
    /// objects are left out (a `mutable` member may be written), and so are pointers
    /// (their initial bytes may need relocation).
    fn is_read_only_object(&self, ty: QualType, constexpr: bool) -> bool {
        let (mut t, mut konst) = (ty, constexpr);
        while let TypeKind::Array { elem, .. } = self.types.kind(t.ty) {
            konst |= t.quals.konst;
            if t.quals.volatile {
                return false;
            }
            t = *elem;
        }
        (konst || t.quals.konst) && !t.quals.volatile && self.arith_of(t.ty).is_some()
    }

    /// The constant value of a `const` arithmetic host variable with a constant initializer.
    fn host_const_value(&mut self, ty: QualType, vd: &ast::VarDecl<'_>) -> Option<ConstValue> {
        if !(ty.quals.konst || vd.specs.is_constexpr) || ty.quals.volatile {
            return None;
        }
        // nvcc lets device code read `const` arithmetic host variables with constant
        // initializers (their values are substituted).
        let a = self.arith_of(ty.ty)?;
        let Some(ast::Init::Expr(e)) = &vd.init else {
            return None;
        };
        // A `const` variable whose initializer is not a constant (a call of a function
        // that is not constexpr) is simply not a constant: nothing is reported. A
        // `constexpr` one must be, and its errors stand.
        let v = if vd.specs.is_constexpr {
            crate::sema::consteval::eval(self, e).ok()?
        } else {
            self.quietly(|l| crate::sema::consteval::eval(l, e).ok())?
        };
        Some(v.convert(a))
    }

    /// The mangled name of a local static or `__shared__` variable of the current function;
    /// a second variable of the same name gets a discriminator (`_ZZ5twicePiE1x_0`).
    pub fn local_static_name(&mut self, var: crate::intern::Symbol) -> String {
        let f = self.f.as_mut().expect("inside a function");
        let fid = f.fn_id;
        let count = f.local_statics.entry(var).or_insert(0);
        let discriminator = *count;
        *count += 1;
        let info = self.func_info(fid);
        if info.extern_c {
            // `extern "C"` functions still get a C++ local-entity name for their statics.
            return mangle::mangle_local_static_of_extern_c(
                self.interner,
                info.name,
                var,
                discriminator,
            );
        }
        // Any other function (template instances, members, namespaces): its symbol's
        // encoding, so the variable's name follows whatever the function's name is.
        let symbol = self.symbol_name(fid);
        mangle::mangle_local_static_of_symbol(&symbol, self.name(var), discriminator)
    }
}
