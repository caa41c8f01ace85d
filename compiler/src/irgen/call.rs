//! Function calls: built-ins first (when the name is not a user definition), then direct
//! calls to declared functions with CUDA's execution-space rules and argument conversion.
//! Aggregates passed by value are copied to a fresh stack slot whose address is passed.

use super::expr::{ConvCtx, OpKind, Operand, ValCat};
use super::{Binding, ExecSpace, FnId, Lowerer};
use crate::ast::{Expr, ExprKind};
use crate::intern::Symbol;
use crate::sema::types::{FloatKind, IntKind, QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{FuncId, InstData, ParamKind, Type, Value};

/// A call's arguments: expressions still to lower, or operands already lowered (a template
/// call lowers them first, to deduce from their types) with their spans.
pub(crate) enum CallArgs<'e, 'a> {
    Exprs(&'e [&'e Expr<'a>]),
    Lowered(Vec<(Option<Operand>, Span)>),
    /// `n` arguments of the typed tree, each lowered by the function when the call needs
    /// it (in the same order as `Exprs`: one argument lowered and passed at a time).
    Typed(TypedArgFn<'e>, usize),
}

/// Lowers argument `i` of a typed call (see [`CallArgs::Typed`]).
pub(crate) type TypedArgFn<'e> =
    &'e mut dyn FnMut(&mut Lowerer<'_>, usize) -> (Option<Operand>, Span);

impl CallArgs<'_, '_> {
    fn len(&self) -> usize {
        match self {
            CallArgs::Exprs(e) => e.len(),
            CallArgs::Lowered(v) => v.len(),
            CallArgs::Typed(_, n) => *n,
        }
    }
}

/// CUDA's built-ins that a user's function template of the same name may lose to
/// (`builtin_beats_template`).
pub(crate) const BUILTIN_OVER_TEMPLATE_NAMES: &[&str] = &[
    "min", "max", "umin", "umax", "fminf", "fmaxf", "fmin", "fmax",
];

/// The built-ins that CUDA declares as overloads beside the user's (see
/// `Lowerer::builtin_overload_wins`). The shuffles are there because `cuda_fp16.h` and
/// `cuda_bf16.h` add `__half`/`__nv_bfloat16` overloads, which a float or int argument
/// would otherwise reach through those types' converting constructors.
pub(crate) const OVERLOADED_BUILTINS: &[&str] = &[
    "min",
    "max",
    "umin",
    "umax",
    "llmin",
    "llmax",
    "ullmin",
    "ullmax",
    "abs",
    "labs",
    "llabs",
    "fminf",
    "fmaxf",
    "fmin",
    "fmax",
    "fabsf",
    "fabs",
    "floorf",
    "floor",
    "ceilf",
    "ceil",
    "truncf",
    "trunc",
    "sqrtf",
    "sqrt",
    "rsqrtf",
    "roundf",
    "__shfl_sync",
    "__shfl_up_sync",
    "__shfl_down_sync",
    "__shfl_xor_sync",
];

impl Lowerer<'_> {
    pub fn call(&mut self, callee: &Expr<'_>, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if let Some(r) = self.member_fn_ptr_call(callee, args, span) {
            return r;
        }
        if let Some(r) = self.closure_callee(callee) {
            return self.call_closure(callee, r, args, span);
        }
        if let Some(r) = self.member_template_callee(callee, args, span) {
            return r;
        }
        // `::fabs(x)`: the global function only oxicc's headers declare is the built-in.
        if let ExprKind::Name(q @ crate::ast::QualName { global: true, .. }) = &callee.kind {
            if let [crate::ast::NameSeg::Ident { name, .. }] = q.segments {
                let fns = match self.lookup_qualified(q) {
                    Some(b @ (Binding::Func(_) | Binding::Overloads(_))) => self.functions_of(b),
                    _ => Vec::new(),
                };
                if !fns.is_empty() && fns.iter().all(|&f| !self.func_info(f).defined) {
                    if let Some(r) = self.builtin_call(*name, args, span) {
                        return r;
                    }
                }
            }
        }
        if let ExprKind::Ident(name) = callee.kind {
            if self.builtin_math_over_templates(name, args) {
                if let Some(r) = self.builtin_call(name, args, span) {
                    return r;
                }
            }
            if self.builtin_atomic_wins(name, args) {
                if let Some(r) = self.builtin_call(name, args, span) {
                    return r;
                }
            }
            // `__ldg` of a scalar is the built-in; the header declares the vector overloads.
            if self.name(name) == "__ldg" && !self.ldg_of_vector(args) {
                if let Some(r) = self.builtin_call(name, args, span) {
                    return r;
                }
            }
        }
        if let Some(r) = self.template_call(callee, args, span) {
            return r;
        }
        if let ExprKind::Ident(name) = callee.kind {
            if self.builtin_overload_wins(name, args) {
                if let Some(r) = self.builtin_call(name, args, span) {
                    return r;
                }
            }
        }
        if let Some(r) = self.call_cxx(callee, args, span) {
            return r;
        }
        let ExprKind::Ident(name) = callee.kind else {
            return self.call_through_pointer(callee, args, span);
        };
        let binding = self.lookup_ordinary(name);
        let user_defined = matches!(binding, Some(Binding::Func(f)) if self.func_info(f).defined);
        let shadowed = matches!(binding, Some(Binding::Var(_)));
        if !user_defined && !shadowed {
            if let Some(r) = self.builtin_call(name, args, span) {
                return r;
            }
        }
        match binding {
            Some(Binding::Func(f)) => self.direct_call(f, CallArgs::Exprs(args), callee.span, span),
            Some(b @ (Binding::Poisoned | Binding::Dropped(_))) => {
                self.unusable_ident(b, name, callee.span);
                for a in args {
                    self.expr_discard(a);
                }
                None
            }
            Some(_) => self.call_through_pointer(callee, args, span),
            None => {
                self.error(
                    callee.span,
                    format!("identifier \"{}\" is undefined", self.name(name)),
                );
                None
            }
        }
    }

    /// `min(a.x, b.x)` inside cuda-samples' `helper_math.h` `int2 min(int2 a, int2 b)`:
    /// CUDA declares the arithmetic `min`/`max`/`abs` overloads beside the user's, so
    /// arithmetic arguments choose them; oxicc's built-ins are not in the overload set.
    /// True when the user functions of that name that are defined all have a class
    /// parameter where the call passes an arithmetic value (none is viable: the vector
    /// types have no converting constructor), and at least one does: the built-in is
    /// called instead.
    fn builtin_overload_wins(&mut self, name: Symbol, args: &[&Expr<'_>]) -> bool {
        if !OVERLOADED_BUILTINS.contains(&self.name(name)) {
            return false;
        }
        let mut arithmetic = Vec::with_capacity(args.len());
        for a in args {
            let literal = matches!(a.kind, ExprKind::IntLit { .. } | ExprKind::FloatLit { .. });
            let t = if literal { None } else { self.peek_type(a) };
            arithmetic.push(literal || t.is_some_and(|t| self.types.is_arith(t.ty)));
        }
        self.builtin_wins_over_overloads(name, &arithmetic)
    }

    /// [`Self::builtin_overload_wins`] once the arguments are known to be arithmetic or
    /// not (`arithmetic[i]`); also asked by sema (`Env::overloaded_builtin_wins`).
    pub(crate) fn builtin_wins_over_overloads(
        &mut self,
        name: Symbol,
        arithmetic: &[bool],
    ) -> bool {
        if !OVERLOADED_BUILTINS.contains(&self.name(name)) {
            return false;
        }
        let Some(b) = self.lookup_ordinary(name) else {
            return false;
        };
        let fns = self.functions_of(b);
        if fns.is_empty() {
            return false;
        }
        let not_viable = |s: &Self, f: FnId| {
            s.func_info(f)
                .params
                .iter()
                .zip(arithmetic)
                .any(|(p, &arith)| arith && s.is_class(*p).is_some())
        };
        // The built-in headers' own declarations (`extern "C" int abs(int);`) stand for the
        // built-in too.
        fns.iter().any(|&f| not_viable(self, f))
            && fns
                .iter()
                .all(|&f| not_viable(self, f) || !self.func_info(f).defined)
    }

    /// Whether a call `name(args)` of CUDA's overloaded arithmetic built-ins (`min`,
    /// `max`, …), with a user's function template set `set` of the same name in scope,
    /// goes to the built-in: every argument is arithmetic and no template of the set
    /// deduces from the argument types (`max(double, float)` against `max(const T&, const
    /// T&)`), so CUDA's non-template overloads are the only viable candidates.
    pub(super) fn builtin_beats_template(
        &mut self,
        set: u32,
        name: Symbol,
        args: &[&Expr<'_>],
        span: Span,
    ) -> bool {
        if !BUILTIN_OVER_TEMPLATE_NAMES.contains(&self.name(name)) {
            return false;
        }
        let mut types = Vec::with_capacity(args.len());
        for a in args {
            let t = match a.kind {
                ExprKind::FloatLit { is_float, .. } => {
                    Some(QualType::new(self.types.float(if is_float {
                        FloatKind::Float
                    } else {
                        FloatKind::Double
                    })))
                }
                ExprKind::IntLit { .. } => Some(QualType::new(self.types.int(IntKind::Int))),
                _ => self.peek_type(a),
            };
            match t {
                Some(t) if self.types.is_arith(t.ty) => types.push(t),
                _ => return false,
            }
        }
        let lvalues = vec![true; types.len()];
        self.quietly(|l| l.choose_fn_template(set, name, &[], (&types, &lvalues), span, false))
            .is_none()
    }

    /// `atomicAdd(unsigned long long*, …)` where the program declares more `atomicAdd`
    /// overloads (CuPy's `atomics.cuh`: `long long`, a `float16` template, `atomicMax` on
    /// `float`): CUDA's own declarations are in the same overload set, and oxicc's
    /// built-ins stand for them. True when the first argument points to a type CUDA
    /// declares the atomic for and no user function of that name takes that pointer.
    fn builtin_atomic_wins(&mut self, name: Symbol, args: &[&Expr<'_>]) -> bool {
        if !self.name(name).starts_with("atomic") {
            return false;
        }
        let Some(first) = args.first() else {
            return false;
        };
        // `atomicAdd(&p[i], v)`: an address-of is typed by lowering it unevaluated.
        let Some(pt) = self
            .peek_type(first)
            .or_else(|| self.type_of_unevaluated(first))
        else {
            return false;
        };
        self.builtin_atomic_wins_for(name, pt)
    }

    /// [`Self::builtin_atomic_wins`] for a first argument of type `pt`.
    pub(crate) fn builtin_atomic_wins_for(&mut self, name: Symbol, pt: QualType) -> bool {
        use crate::sema::types::{FloatKind as F, IntKind as I};
        let n = self.name(name);
        // The scoped forms (`atomicAdd_block`, `atomicCAS_system`) take the same types.
        let n = n
            .strip_suffix("_block")
            .or_else(|| n.strip_suffix("_system"))
            .unwrap_or(n);
        let ints: &[I] = match n {
            "atomicAdd" | "atomicExch" | "atomicAnd" | "atomicOr" | "atomicXor" => {
                &[I::Int, I::UInt, I::ULongLong]
            }
            "atomicMax" | "atomicMin" => &[I::Int, I::UInt, I::LongLong, I::ULongLong],
            "atomicCAS" => &[I::Int, I::UInt, I::ULongLong, I::UShort],
            "atomicSub" => &[I::Int, I::UInt],
            "atomicInc" | "atomicDec" => &[I::UInt],
            _ => return false,
        };
        let floats: &[F] = match n {
            "atomicAdd" => &[F::Float, F::Double],
            "atomicExch" => &[F::Float],
            _ => &[],
        };
        let Some(b) = self.lookup_ordinary(name) else {
            return false;
        };
        let Some(pointee) = self.types.pointee(pt.ty) else {
            return false;
        };
        let cuda_declares = match self.types.kind(pointee.ty) {
            TypeKind::Int(k) => ints.contains(k),
            TypeKind::Float(k) => floats.contains(k),
            _ => false,
        };
        if !cuda_declares {
            return false;
        }
        let fns = match b {
            Binding::Func(_) | Binding::Overloads(_) => self.functions_of(b),
            Binding::FnTemplate(set) => self
                .templates
                .set_fns
                .get(&set)
                .cloned()
                .unwrap_or_default(),
            _ => return false,
        };
        !fns.iter().any(|&f| {
            self.func_info(f)
                .params
                .first()
                .is_some_and(|p| self.types.pointee(p.ty).is_some_and(|q| q.ty == pointee.ty))
        })
    }

    /// `abs(x.real())` inside `namespace thrust`, whose `template <class T> T abs(const
    /// complex<T>&)` hides the global `abs` from ordinary lookup: CUDA's arithmetic
    /// overloads are declared in that namespace's scope too (`std`'s are brought in by
    /// its headers), and no template whose every parameter is a class template-id can
    /// deduce from arithmetic arguments. True when the name is bound to such templates
    /// only (and undefined declarations), and every argument is arithmetic.
    fn builtin_math_over_templates(&mut self, name: Symbol, args: &[&Expr<'_>]) -> bool {
        let Some(Binding::FnTemplate(set)) = self.lookup_ordinary(name) else {
            return false;
        };
        if args.is_empty() || !self.builtin_math_may_win(set) {
            return false;
        }
        args.iter().all(|a| {
            matches!(a.kind, ExprKind::IntLit { .. } | ExprKind::FloatLit { .. })
                || self.peek_type(a).is_some_and(|t| self.types.is_arith(t.ty))
        })
    }

    /// The templates of `set` all take class templates (`complex<T>`) and no function of
    /// the set is defined: CUDA's math built-in of the name wins for arithmetic arguments.
    pub(super) fn builtin_math_may_win(&self, set: u32) -> bool {
        let plain = self
            .templates
            .set_fns
            .get(&set)
            .cloned()
            .unwrap_or_default();
        if plain.iter().any(|&f| self.func_info(f).defined) {
            return false;
        }
        self.templates.sets[set as usize].iter().all(|&t| {
            let fd = self.templates.fns[t as usize].decl;
            !fd.params.is_empty() && fd.params.iter().all(|p| names_template_id(p.ty))
        })
    }

    /// A stand-in value of type `ret` for code that is never reached.
    fn undefined_result(&mut self, ret: crate::sema::QualType) -> Option<Operand> {
        if !self.types.is_scalar(ret.ty) {
            return Some(Operand {
                ty: ret,
                kind: OpKind::Void,
                npc: false,
                cat: ValCat::LValue,
            });
        }
        let vt = self.val_type(ret.ty);
        let v = match vt {
            oxicc_ir::Type::F32 | oxicc_ir::Type::F64 => self.fconst(vt, 0.0),
            oxicc_ir::Type::Ptr(_) => {
                let z = self.iconst(oxicc_ir::Type::I64, 0);
                self.cast(oxicc_ir::CastOp::IntToPtr, z, vt)
            }
            _ => self.iconst(vt, 0),
        };
        Some(Operand::rv(v, ret.unqual()))
    }

    /// `f(int, float *)` as nvcc prints a callee in execution-space errors.
    fn callee_display(&self, f: FnId) -> String {
        let info = self.func_info(f);
        let ps: Vec<String> = info.params.iter().map(|p| self.show(*p)).collect();
        format!("{}({})", self.name(info.name), ps.join(", "))
    }

    pub fn direct_call(
        &mut self,
        f: FnId,
        mut args: CallArgs<'_, '_>,
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let info = self.func_info(f).clone();
        let caller = self.f.as_ref().expect("inside a function").fn_id;
        let caller_info = self.func_info(caller).clone();
        match info.space {
            ExecSpace::Host => {
                // A constexpr host function has nvcc's own wording (`constexpr_relaxed.rs`).
                let constexpr = self.is_constexpr_host_fn(f);
                if constexpr && !self.constexpr_host_call(f, callee_span) {
                    return None;
                }
                let msg = format!(
                    "calling a __host__ function(\"{}\") from a {} function(\"{}\") is not allowed",
                    self.callee_display(f),
                    caller_info.space.words(),
                    self.name(caller_info.name)
                );
                if caller_info.space != ExecSpace::HostDevice {
                    self.error(callee_span, msg);
                    return None;
                }
                // nvcc only warns for a `__host__ __device__` caller, and the device
                // version of the call never returns (its code is dropped).
                if !constexpr {
                    self.warning(callee_span, msg);
                }
                match args {
                    CallArgs::Exprs(args) => {
                        for a in args {
                            self.expr_discard(a);
                        }
                    }
                    CallArgs::Typed(f, n) => {
                        for i in 0..n {
                            f(self, i);
                        }
                    }
                    CallArgs::Lowered(_) => {}
                }
                self.ins(InstData::Unreachable, None);
                return self.undefined_result(info.ret);
            }
            ExecSpace::Global => {
                self.error(span, "a __global__ function call must be configured");
                return None;
            }
            _ => {}
        }
        if info.ret_pending {
            let msg = format!(
                "function \"{}\" with deduced return type cannot be used before its return type is deduced",
                self.name(info.name)
            );
            self.error(callee_span, msg);
            return None;
        }
        if args.len() < info.min_args() {
            self.error(span, "too few arguments in function call");
            return None;
        }
        if args.len() > info.params.len() && !info.variadic {
            self.error(span, "too many arguments in function call");
            return None;
        }
        if info.variadic {
            self.error(
                span,
                "calling a variadic device function is not supported yet",
            );
            return None;
        }
        let ir = self.ensure_ir(f)?;
        if self.fns[f.0 as usize].first_call.is_none() {
            self.fns[f.0 as usize].first_call = Some(callee_span);
        }
        let sret = self.returns_struct(&info);
        let kinds = self.module.functions[ir].sig.params[sret as usize..].to_vec();
        let ret = self.module.functions[ir].sig.ret;
        let mut vals: Vec<Value> = Vec::new();
        let result_slot = self.result_slot(sret, info.ret, span, &mut vals)?;
        let mut ok = true;
        for (i, &pty) in info.params.iter().enumerate() {
            // A missing trailing argument is the parameter's default.
            let (o, a_span) = match &mut args {
                CallArgs::Exprs(es) if i < es.len() => (self.expr_for(es[i], pty), es[i].span),
                CallArgs::Lowered(v) if i < v.len() => (v[i].0.take(), v[i].1),
                CallArgs::Typed(f, n) if i < *n => f(self, i),
                _ => {
                    let d = info.defaults.get(i).copied().flatten();
                    (d.and_then(|d| self.default_operand(d, pty, span)), span)
                }
            };
            let Some(o) = o else {
                ok = false;
                continue;
            };
            ok &= self.push_call_arg(o, pty, kinds[i], a_span, &mut vals);
        }
        if !ok {
            return None;
        }
        self.emit_call(ir, vals, ret, result_slot, info.ret)
    }

    /// The hidden result slot of a call returning a struct (`sret`), whose address goes
    /// first in `vals`; `Some(None)` when the call returns in registers, `None` when the
    /// slot could not be allocated (already reported).
    pub fn result_slot(
        &mut self,
        sret: bool,
        ret: QualType,
        span: Span,
        vals: &mut Vec<Value>,
    ) -> Option<Option<Value>> {
        if !sret {
            return Some(None);
        }
        let size = self.types.size_of(ret.ty).unwrap_or(1);
        let align = self.types.align_of(ret.ty);
        let slot = self.alloca(size, align, span)?;
        vals.push(self.generic_ptr(slot));
        Some(Some(slot))
    }

    /// Passes one lowered argument: a by-value aggregate as a copy in a fresh slot (its
    /// type must be the parameter's), a class the signature passes by address as a
    /// constructed temporary, a scalar converted to the parameter type. False (with a
    /// diagnostic) when it cannot be passed.
    pub(super) fn push_call_arg(
        &mut self,
        o: Operand,
        pty: QualType,
        kind: ParamKind,
        a_span: Span,
        vals: &mut Vec<Value>,
    ) -> bool {
        match kind {
            ParamKind::ByVal { size, align } => {
                // Another class converts by its conversion function (a tile of a known
                // parent to `thread_block_tile<N>`).
                let o = match self.class_to_class(&o, pty, a_span) {
                    Some(Some(c)) => c,
                    Some(None) => return false,
                    None => o,
                };
                let (OpKind::LValue(src), true) = (o.kind, o.ty.ty == pty.ty) else {
                    let msg = format!(
                        "argument of type \"{}\" is incompatible with parameter of type \"{}\"",
                        self.show(o.ty),
                        self.show(pty)
                    );
                    self.error(a_span, msg);
                    return false;
                };
                let Some(slot) = self.alloca(size as u64, align as u64, a_span) else {
                    return false;
                };
                self.copy_bytes(slot, src, size as u64, align as u64, false);
                vals.push(slot);
                true
            }
            ParamKind::Value(_) if matches!(self.types.kind(pty.ty), TypeKind::Record(_)) => {
                match self.indirect_argument(o, pty, a_span) {
                    Some(p) => {
                        vals.push(p);
                        true
                    }
                    None => false,
                }
            }
            ParamKind::Value(_) => match self.implicit(o, pty, ConvCtx::Arg, a_span) {
                Some(v) => {
                    let v = self.memory_repr(v, pty.ty);
                    vals.push(v);
                    true
                }
                None => false,
            },
        }
    }

    /// Emits the call of `ir` with the lowered arguments and makes the operand of its
    /// result: the struct in its result slot, the referent of a returned reference, a
    /// value, or void.
    pub fn emit_call(
        &mut self,
        ir: FuncId,
        vals: Vec<Value>,
        ret: Option<Type>,
        result_slot: Option<Value>,
        ret_ty: QualType,
    ) -> Option<Operand> {
        let r = self.ins(
            InstData::Call {
                callee: ir,
                args: vals,
            },
            ret,
        );
        self.call_result(r, result_slot, ret_ty)
    }

    /// The operand of a call's result `r`: the struct in its result slot, the referent of
    /// a returned reference, a value, or void.
    pub fn call_result(
        &mut self,
        r: Option<Value>,
        result_slot: Option<Value>,
        ret_ty: QualType,
    ) -> Option<Operand> {
        if let Some(slot) = result_slot {
            return Some(self.new_temporary(slot, ret_ty.unqual()));
        }
        if let TypeKind::Reference { referent, rvalue } = self.types.kind(ret_ty.ty).clone() {
            return Some(if rvalue {
                Operand::xvalue(r?, referent)
            } else {
                Operand::lv(r?, referent)
            });
        }
        match r {
            Some(v) => {
                let v = self.value_repr(v, ret_ty.ty);
                Some(Operand::rv(v, ret_ty.unqual()))
            }
            None => Some(Operand {
                ty: ret_ty,
                kind: OpKind::Void,
                npc: false,
                cat: ValCat::LValue,
            }),
        }
    }
}

/// True when `t` is a class template-id (`complex<T>`), possibly as `const …&`.
fn names_template_id(t: &crate::ast::TypeExpr<'_>) -> bool {
    use crate::ast::TypeExpr as T;
    match t {
        T::Qual(q) => matches!(q.last(), crate::ast::NameSeg::TemplateId { .. }),
        T::Qualified { inner, .. } => names_template_id(inner),
        T::Reference { referee, .. } => names_template_id(referee),
        _ => false,
    }
}
