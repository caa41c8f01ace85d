//! C++ expressions on classes: member function calls (`obj.f()`, `p->f()`, `f()` inside a
//! member, `S::g()`), calls of functors, conversion functions and class casts, references
//! (binding and reading through), and `this`. Construction is in `class_ctor.rs`,
//! overloaded operators in `class_operators.rs`.
//!
//! Operator hooks lower the operands once: when no operand has class type, the lowered
//! operands are put in `Lowerer::stash` and the C code lowers the expression as before,
//! finding its operands there instead of lowering them again.

use super::expr::{ConvCtx, OpKind, Operand};
use super::overload::ArgInfo;
use super::{Binding, FnId, Lowerer};
use crate::ast::{self, Expr, ExprKind, OverloadedOp, UnaryOp};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// An operand lowered earlier for `e` (see the module doc).
    pub fn take_stashed(&mut self, e: &Expr<'_>) -> Option<Operand> {
        if self.stash.is_empty() {
            return None;
        }
        let key = e as *const Expr<'_> as *const ();
        let i = self.stash.iter().position(|(p, _)| *p == key)?;
        Some(self.stash.swap_remove(i).1)
    }

    pub(super) fn stash_put(&mut self, e: &Expr<'_>, o: Operand) {
        self.stash.push((e as *const Expr<'_> as *const (), o));
    }

    pub(super) fn is_class(&self, t: QualType) -> Option<RecordId> {
        match self.types.kind(t.ty) {
            TypeKind::Record(r) => Some(*r),
            _ => None,
        }
    }

    /// The data member `name` of `r` (including base members): offset and type.
    pub fn field_of(
        &mut self,
        r: RecordId,
        name: crate::intern::Symbol,
    ) -> Option<(u64, QualType)> {
        let info = self.types.record(r);
        if let Some(f) = info.fields.iter().find(|f| f.name == Some(name)) {
            return Some((f.offset, f.ty));
        }
        let unnamed: Vec<(u64, QualType)> = info
            .fields
            .iter()
            .filter(|f| f.name.is_none())
            .map(|f| (f.offset, f.ty))
            .collect();
        for (off, t) in unnamed {
            if let Some(inner) = self.is_class(t) {
                if let Some((o, ft)) = self.field_of(inner, name) {
                    return Some((off + o, ft));
                }
            }
        }
        None
    }

    // ---- C++ expression forms -------------------------------------------------------

    /// `N::x`, `S::k`, `this`, `S(1, 2)`, `p->N::f`.
    pub fn lower_cxx_expr(&mut self, e: &Expr<'_>) -> Option<Operand> {
        match &e.kind {
            ExprKind::This => self.this_expr(e.span),
            ExprKind::Name(q) => match self.lookup_qualified(q) {
                Some(Binding::Field(_)) => {
                    let n = q.last().ident()?;
                    self.this_field(n, e.span)
                }
                Some(b) => self.binding_operand(
                    b,
                    q.last().ident().unwrap_or(crate::intern::Symbol(0)),
                    e.span,
                ),
                None => {
                    let text = self.qual_name_text(q);
                    self.error(e.span, format!("identifier \"{text}\" is undefined"));
                    None
                }
            },
            ExprKind::Construct { ty, args, braced } => {
                let t = self.resolve_type(ty)?;
                if *braced && self.is_class(t).is_some() && !self.has_ctor_semantics(t) {
                    // `ns::S<long>{5, 6}`: aggregate initialization, as `S{5, 6}`.
                    let items: Vec<crate::ast::Init<'_>> =
                        args.iter().map(|a| crate::ast::Init::Expr(a)).collect();
                    return self.braced_value(t, &items, e.span);
                }
                self.temporary(t, args, e.span)
            }
            ExprKind::QualMember { base, name, arrow } => {
                self.qualified_member_field(base, name, *arrow, e.span)
            }
            _ => None,
        }
    }

    /// An operand for a binding found by qualified lookup.
    pub(super) fn binding_operand(
        &mut self,
        b: Binding,
        name: crate::intern::Symbol,
        span: Span,
    ) -> Option<Operand> {
        match b {
            Binding::Var(_) | Binding::EnumConst(..) | Binding::Func(_) | Binding::Address(..) => {
                // Lower as the C code lowers a name bound this way.
                self.ident_binding(Some(b), name, span)
            }
            Binding::Overloads(_) => {
                self.error(
                    span,
                    "a pointer to an overloaded function is not supported yet",
                );
                None
            }
            Binding::Typedef(_) => {
                self.error(span, "type name is not allowed");
                None
            }
            Binding::Field(_) => self.this_field(name, span),
            Binding::FnTemplate(_)
            | Binding::ClassTemplate(_)
            | Binding::AliasTemplate(_)
            | Binding::VarTemplate(_) => {
                self.error(span, "a template name is not allowed here");
                None
            }
            Binding::Poisoned | Binding::Dropped(_) => {
                self.unusable_ident(b, name, span);
                None
            }
        }
    }

    // ---- calls --------------------------------------------------------------------

    /// A call the C lowering does not handle: member calls, overload sets, functors,
    /// qualified callees. `None`: not C++ (the C code goes on).
    pub fn call_cxx(
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
                // A member function of the object's class?
                let bt = self.peek_object_class(base, *arrow)?;
                let b = self.class_member_binding(bt, *name)?;
                if !matches!(b, Binding::Func(_) | Binding::Overloads(_)) {
                    return None;
                }
                let obj = self.object_of(base, *arrow, callee.span);
                let rvalue = std::mem::take(&mut self.object_rvalue) && !*arrow;
                let args_l = self.lower_args_for(args, Some(b));
                let (Some(obj), Some(args_l)) = (obj, args_l) else {
                    return Some(None);
                };
                let n = self.name(*name).to_string();
                // A named object of class type has a known dynamic type: called directly.
                self.virtual_dispatch = *arrow || !self.names_complete_object(base);
                self.this_arg_rvalue = rvalue;
                Some(self.member_call(b, Some(obj), args_l, &n, *name_span, span))
            }
            ExprKind::Ident(name) => {
                let found = self.lookup_ordinary(*name);
                if self.adl_applies(*name, found) {
                    if let Some(r) = self.adl_call(*name, found, callee, args, span) {
                        return Some(r);
                    }
                }
                let b = found?;
                match b {
                    Binding::Overloads(_) => {}
                    Binding::Func(f) if self.func_info(f).member.is_some() => {}
                    // References and class arguments need the C++ argument passing.
                    Binding::Func(f) if self.needs_cxx_call(f) => {}
                    Binding::Var(v) if self.is_class(self.var(v).ty).is_some() => {
                        return Some(self.functor_call(callee, args, span));
                    }
                    Binding::Field(_) => return Some(self.functor_call(callee, args, span)),
                    _ => return None,
                }
                let args_l = self.lower_args_for(args, Some(b));
                let Some(args_l) = args_l else {
                    return Some(None);
                };
                let n = self.name(*name).to_string();
                let obj = self.this_object();
                // `f()` inside a member function is `this->f()`.
                self.virtual_dispatch = obj.is_some();
                Some(self.call_binding(b, obj, args_l, &n, callee.span, span))
            }
            ExprKind::Name(q) => {
                let Some(b) = self.lookup_qualified(q) else {
                    let text = self.qual_name_text(q);
                    self.error(callee.span, format!("identifier \"{text}\" is undefined"));
                    return Some(None);
                };
                if !matches!(b, Binding::Func(_) | Binding::Overloads(_)) {
                    return Some(self.functor_call(callee, args, span));
                }
                let args_l = self.lower_args(args);
                let Some(args_l) = args_l else {
                    return Some(None);
                };
                let n = self.qual_name_text(q);
                let obj = self.this_object();
                Some(self.call_binding(b, obj, args_l, &n, callee.span, span))
            }
            // `obj.Base::f()`: direct (a template-id name was taken by the template hook).
            ExprKind::QualMember { base, name, arrow } => {
                Some(self.qualified_member_call(base, name, *arrow, args, callee.span, span))
            }
            _ => Some(self.functor_call(callee, args, span)),
        }
    }

    /// True when a call of `f` binds references or converts class arguments.
    pub(super) fn needs_cxx_call(&self, f: FnId) -> bool {
        let info = self.func_info(f);
        std::iter::once(&info.ret)
            .chain(info.params.iter())
            .any(|t| {
                matches!(self.types.kind(t.ty), TypeKind::Reference { .. })
                    || self.has_ctor_semantics(*t)
                    || self.passed_indirectly(*t)
            })
    }

    /// `*this` as the implicit object of a call inside a member function.
    pub(super) fn this_object(&mut self) -> Option<(Value, QualType)> {
        let (v, t) = self.this_val?;
        Some((v, self.types.pointee(t.ty)?))
    }

    /// Calls the function chosen from `b` (member or not).
    pub(super) fn call_binding(
        &mut self,
        b: Binding,
        obj: Option<(Value, QualType)>,
        args: Vec<(Operand, Span)>,
        name: &str,
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let fns = self.functions_of(b);
        if fns.iter().any(|&f| self.func_info(f).member.is_some()) {
            return self.member_call(b, obj, args, name, callee_span, span);
        }
        let cands = self.candidates(b);
        let infos: Vec<ArgInfo> = args.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let f = if cands.len() == 1 {
            cands[0].f
        } else {
            self.resolve_overload(name, &cands, &infos, None, callee_span)?
        };
        self.call_fn(f, None, args, callee_span, span)
    }

    /// The class of `base` in `base.f` / `base->f` without lowering it (its declared
    /// type, for names, `this` and simple member chains); `None` when unknown.
    pub(super) fn peek_object_class(&mut self, base: &Expr<'_>, arrow: bool) -> Option<RecordId> {
        let t = self.peek_type(base)?;
        let t = if arrow { self.arrow_target_type(t)? } else { t };
        self.is_class(t)
    }

    /// The type of a simple expression without lowering it.
    pub(super) fn peek_type(&mut self, e: &Expr<'_>) -> Option<QualType> {
        match &e.kind {
            ExprKind::Ident(n) => match self.lookup_ordinary(*n)? {
                Binding::Var(v) => Some(self.var(v).ty),
                // (A reference member names its referent.)
                Binding::Field(r) => self
                    .field_of(r, *n)
                    .map(|x| self.referent(x.1).unwrap_or(x.1)),
                _ => None,
            },
            ExprKind::This => self.this_val.map(|t| t.1),
            ExprKind::Index { base, .. } => {
                let t = self.peek_type(base)?;
                self.types
                    .pointee(t.ty)
                    .or_else(|| self.types.array_elem(t.ty))
            }
            ExprKind::Unary {
                op: UnaryOp::Deref,
                expr,
            } => {
                let t = self.peek_type(expr)?;
                self.types.pointee(t.ty)
            }
            ExprKind::Member {
                base, name, arrow, ..
            } => {
                let r = self.peek_object_class(base, *arrow)?;
                self.field_of(r, *name)
                    .map(|x| self.referent(x.1).unwrap_or(x.1))
            }
            ExprKind::Construct { ty, .. } | ExprKind::Cast { ty, .. } => self.resolve_type(ty),
            // Assignments (`(x -= y).f()`, through an operator returning a reference) and
            // conditionals (`(c ? x : y).f()`) have class type too.
            ExprKind::Call { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Assign { .. }
            | ExprKind::Cond { .. } => {
                // Lowered in a block that never runs, for its type only.
                self.type_of_unevaluated(e)
            }
            _ => None,
        }
    }

    /// `f(args)` where `f` is an object of class type: `f.operator()(args)`.
    pub(super) fn functor_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        let o = self.expr(callee)?;
        let (OpKind::LValue(addr), Some(r)) = (o.kind, self.is_class(o.ty)) else {
            // Not an object: a call through a pointer to function, which lowers the
            // callee again (from the stash).
            self.stash_put(callee, o);
            return self.call_through_pointer(callee, args, span);
        };
        if self.closures.contains_key(&r) {
            // A lambda's closure object (`make_adder(3)(4)`).
            return self.call_closure_at(addr, r, args, span);
        }
        let Some(sym) = self.operator_symbol(OverloadedOp::Call) else {
            self.error(callee.span, "call of an object of a class type without appropriate operator() or conversion functions to pointer-to-function type");
            return None;
        };
        let Some(b) = self.class_member_binding(r, sym) else {
            self.error(callee.span, "call of an object of a class type without appropriate operator() or conversion functions to pointer-to-function type");
            return None;
        };
        let args_l = self.lower_args(args)?;
        self.member_call(
            b,
            Some((addr, o.ty)),
            args_l,
            "operator()",
            callee.span,
            span,
        )
    }

    // ---- constructors ---------------------------------------------------------------

    /// A conversion function of `r` to `to` (exact type, or any arithmetic type when
    /// `explicit_ok` and the target is arithmetic).
    pub fn conversion_function(
        &mut self,
        r: RecordId,
        to: QualType,
        explicit_ok: bool,
    ) -> Option<FnId> {
        let convs = self.classes.get(&r)?.conversions.clone();
        let mut fallback = None;
        for c in convs {
            let info = self.func_info(c).clone();
            let explicit = info.member.as_ref().is_some_and(|m| m.is_explicit);
            if explicit && !explicit_ok {
                continue;
            }
            if info.ret.ty == to.ty {
                return Some(c);
            }
            if self.types.is_scalar(info.ret.ty) && self.types.is_scalar(to.ty) {
                fallback = Some(c);
            }
        }
        fallback
    }

    /// The address of class object `o` when converting it to the class `to` may call a
    /// conversion function: `to` is another class, not a base of `o`'s, and `o` is an
    /// object in memory.
    fn convertible_class_object(&self, o: &Operand, to: QualType) -> Option<Value> {
        if o.ty.ty == to.ty
            || !self.types.is_record(to.ty)
            || self.base_offset(o.ty.ty, to.ty).is_some()
        {
            return None;
        }
        match o.kind {
            OpKind::LValue(a) => Some(a),
            _ => None,
        }
    }

    /// A cast of class object `o` (of class `r`) to another class `to` through a conversion
    /// function returning exactly `to` (explicit or not); `None` when there is none (the same
    /// class, a base, or no such function) or `o` is not an object in memory.
    fn explicit_class_conversion(
        &mut self,
        r: RecordId,
        o: &Operand,
        to: QualType,
        span: Span,
    ) -> Option<Option<Operand>> {
        let a = self.convertible_class_object(o, to)?;
        let f = self.conversion_function(r, to, true)?;
        if self.func_info(f).ret.ty != to.ty {
            return None;
        }
        let res = self.call_fn(f, Some(a), Vec::new(), span, span);
        Some(res.map(|v| Operand {
            ty: to.unqual(),
            ..v
        }))
    }

    /// A class object converted to another class `to` by its conversion function, or a
    /// `dim3` to `uint3` (`uint3 u = blockDim;`: CUDA's `dim3::operator uint3()`, built in,
    /// the two have one layout); `None` when none applies (the same class, a base, no
    /// conversion function to `to`).
    pub(super) fn class_to_class(
        &mut self,
        o: &Operand,
        to: QualType,
        span: Span,
    ) -> Option<Option<Operand>> {
        let r = self.is_class(o.ty)?;
        let a = self.convertible_class_object(o, to)?;
        if let Some(f) = self.conversion_function(r, to, false) {
            return Some(self.call_fn(f, Some(a), Vec::new(), span, span));
        }
        let named = |l: &Self, t: crate::sema::types::TypeId, n: &str| match l.types.kind(t) {
            TypeKind::Record(x) => l.types.record(*x).name.is_some_and(|s| l.name(s) == n),
            _ => false,
        };
        (named(self, o.ty.ty, "dim3") && named(self, to.ty, "uint3")).then(|| {
            Some(Operand {
                ty: to.with_quals(o.ty.quals),
                ..*o
            })
        })
    }

    /// `static_cast<T>(obj)` / `(T)obj` / `T(obj)` involving a class: constructors and
    /// conversion functions. `None`: the C cast handles it.
    pub fn class_cast(
        &mut self,
        ty: &ast::TypeExpr<'_>,
        e: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if self.classes.is_empty() {
            return None;
        }
        let t = self.resolve_type(ty)?;
        let o = self.expr(e);
        let Some(o) = o else {
            return Some(None);
        };
        // `(P)q`, `static_cast<float2>(fp8x2)`: a conversion function of the operand's class
        // to exactly the target class, explicit ones included (direct initialization).
        if let Some(r) = self.is_class(o.ty) {
            if let Some(res) = self.explicit_class_conversion(r, &o, t, span) {
                return Some(res);
            }
        }
        if self.is_class(t).is_some() && self.has_ctor_semantics(t) {
            return Some(self.temporary_from(t, vec![(o, e.span)], span));
        }
        // Base ↔ derived pointers (`static_cast<const Derived*>(this)` in CRTP).
        if let (Some(fp), Some(tp)) = (self.types.pointee(o.ty.ty), self.types.pointee(t.ty)) {
            if fp.ty != tp.ty && self.is_class(fp).is_some() && self.is_class(tp).is_some() {
                let up = self.base_offset(fp.ty, tp.ty);
                let down = self.base_offset(tp.ty, fp.ty);
                if up.is_some() || down.is_some() {
                    let (v, _) = self.rvalue(o, span)?;
                    let p = match (up, down) {
                        (Some(off), _) => self.adjust_class_ptr(v, off as i64),
                        (None, Some(off)) => self.adjust_class_ptr(v, -(off as i64)),
                        _ => v,
                    };
                    return Some(Some(Operand::rv(p, t.unqual())));
                }
            }
        }
        let Some(r) = self.is_class(o.ty) else {
            self.stash_put(e, o);
            return None;
        };
        if self.is_class(t).is_some() {
            self.stash_put(e, o);
            return None;
        }
        let Some(f) = self.conversion_function(r, t, true) else {
            self.stash_put(e, o);
            return None;
        };
        let OpKind::LValue(addr) = o.kind else {
            return Some(None);
        };
        let res = self.call_fn(f, Some(addr), Vec::new(), span, span);
        let Some(res) = res else {
            return Some(None);
        };
        let v = self.implicit(res, t, ConvCtx::Init, span);
        Some(v.map(|v| Operand::rv(v, t.unqual())))
    }

    // ---- operators ------------------------------------------------------------------

    /// A condition of class type: its conversion to `bool` (explicit ones included).
    pub fn class_condition(&mut self, o: Operand, span: Span) -> Option<Operand> {
        let r = self.is_class(o.ty)?;
        let bt = self.bool_type();
        let f = self.conversion_function(r, bt, true)?;
        let OpKind::LValue(a) = o.kind else {
            return None;
        };
        self.call_fn(f, Some(a), Vec::new(), span, span)
    }

    // ---- implicit conversions ---------------------------------------------------------

    /// The C++ cases of an implicit conversion to `to`: binding a reference (the result is
    /// the address), derived-to-base pointers, and class-to-scalar conversion functions.
    /// `None`: the C rules apply.
    pub fn implicit_cxx(
        &mut self,
        o: Operand,
        to: QualType,
        ctx: ConvCtx,
        span: Span,
    ) -> Option<Option<Value>> {
        if let TypeKind::Reference { referent, rvalue } = self.types.kind(to.ty).clone() {
            return Some(self.bind_reference(o, referent, rvalue, ctx, span));
        }
        if let Some(r) = self.null_member_pointer(&o, to) {
            return Some(r);
        }
        if let Some(r) = self.is_class(o.ty) {
            if !self.types.is_record(to.ty) {
                let f = self.conversion_function(r, to, false)?;
                let OpKind::LValue(a) = o.kind else {
                    return None;
                };
                let res = self.call_fn(f, Some(a), Vec::new(), span, span);
                let Some(res) = res else {
                    return Some(None);
                };
                return Some(self.implicit(res, to, ctx, span));
            }
        }
        if let Some(res) = self.class_to_class(&o, to, span) {
            return Some(self.implicit(res?, to, ctx, span));
        }
        if let (Some(fp), Some(tp)) = (self.types.pointee(o.ty.ty), self.types.pointee(to.ty)) {
            if fp.ty != tp.ty {
                if let Some(off) = self.base_offset(fp.ty, tp.ty) {
                    let (v, _) = self.rvalue(o, span)?;
                    return Some(Some(self.adjust_class_ptr(v, off as i64)));
                }
            }
        }
        None
    }

    /// Binds a reference to `referent` type to `o`: the address of an lvalue (or of its
    /// base subobject), or of a temporary holding the converted value (`const T&`, `T&&`).
    pub(super) fn bind_reference(
        &mut self,
        o: Operand,
        referent: QualType,
        rvalue: bool,
        ctx: ConvCtx,
        span: Span,
    ) -> Option<Value> {
        if let OpKind::LValue(a) = o.kind {
            if rvalue
                && o.is_lvalue()
                && (o.ty.ty == referent.ty || self.base_offset(o.ty.ty, referent.ty).is_some())
            {
                self.error(span, "an rvalue reference cannot be bound to an lvalue");
                return None;
            }
            if o.ty.ty == referent.ty {
                if o.ty.quals.konst && !referent.quals.konst {
                    let (f, t) = (self.show(o.ty), self.show(referent));
                    self.error(span, format!("qualifiers dropped in binding reference of type \"{t} &\" to initializer of type \"{f}\""));
                    return None;
                }
                return Some(self.generic_ptr(a));
            }
            if let Some(off) = self.base_offset(o.ty.ty, referent.ty) {
                let p = self.ptr_add_const(a, off);
                return Some(self.generic_ptr(p));
            }
            // `const int (&)[4]` bound to an `int[4]`: the elements gain qualifiers.
            if let (TypeKind::Array { elem: fe, len: fl }, TypeKind::Array { elem: te, len: tl }) = (
                self.types.kind(o.ty.ty).clone(),
                self.types.kind(referent.ty).clone(),
            ) {
                if fe.ty == te.ty && fl == tl && fe.quals.subset_of(te.quals) {
                    return Some(self.generic_ptr(a));
                }
            }
        }
        if !referent.quals.konst && !rvalue {
            self.error(
                span,
                "initial value of reference to non-const must be an lvalue",
            );
            return None;
        }
        // A temporary for a `const T&` or a `T&&`.
        let size = self.types.size_of(referent.ty)?;
        let align = self.types.align_of(referent.ty);
        if let Some(r) = self.is_class(referent) {
            let _ = r;
            let slot = self.class_object(o, referent.unqual(), span)?;
            return Some(self.generic_ptr(slot));
        }
        let slot = self.alloca(size, align, span)?;
        let v = self.implicit(o, referent.unqual(), ctx, span)?;
        self.store_scalar(slot, v, referent.unqual());
        Some(self.generic_ptr(slot))
    }
}

impl Lowerer<'_> {
    /// The referred-to type of a reference type.
    pub fn referent(&self, t: QualType) -> Option<QualType> {
        match self.types.kind(t.ty) {
            TypeKind::Reference { referent, .. } => Some(*referent),
            _ => None,
        }
    }

    /// Bytes a value of type `t` occupies in a variable or result slot (a reference is an
    /// address).
    pub fn value_size(&self, t: crate::sema::TypeId) -> u64 {
        match self.types.kind(t) {
            TypeKind::Reference { .. } => 8,
            _ => self.types.size_of(t).unwrap_or(1),
        }
    }

    pub fn value_align(&self, t: crate::sema::TypeId) -> u64 {
        match self.types.kind(t) {
            TypeKind::Reference { .. } => 8,
            _ => self.types.align_of(t),
        }
    }

    /// `T& r = x;` / `const T& r = f();`: the name denotes the bound object.
    pub fn local_reference(&mut self, vd: &ast::VarDecl<'_>, referent: QualType, rvalue: bool) {
        let Some(ast::Init::Expr(e)) = &vd.init else {
            let n = self.name(vd.name);
            self.error(
                vd.name_span,
                format!("reference variable \"{n}\" requires an initializer"),
            );
            return;
        };
        let Some(o) = self.expr_lvalue(e) else {
            return;
        };
        let rt = QualType::new(self.types.intern(TypeKind::Reference { referent, rvalue }));
        let Some(addr) = self.implicit(o, rt, ConvCtx::Init, e.span) else {
            return;
        };
        if let (OpKind::LValue(a), super::expr::ValCat::PRValue) = (o.kind, o.cat) {
            // A temporary bound to a reference lives as long as the reference.
            self.extend_temporary(a);
        }
        let id = self.add_var(super::VarInfo {
            name: vd.name,
            ty: referent,
            storage: super::Storage::Local(addr),
            const_value: None,
        });
        self.reference_vars.insert(id.0);
        self.scopes.bind(vd.name, Binding::Var(id));
    }
}
