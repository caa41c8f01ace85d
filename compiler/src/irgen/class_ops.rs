//! C++ expressions on classes: constructors (declarations `S s(1, 2)`, temporaries
//! `S(1, 2)`, converting constructors, default member initializers), member function calls
//! (`obj.f()`, `p->f()`, `f()` inside a member, `S::g()`), overloaded operators (member and
//! free), conversion functions, references (binding and reading through), and `this`.
//!
//! Operator hooks lower the operands once: when no operand has class type, the lowered
//! operands are put in `Lowerer::stash` and the C code lowers the expression as before,
//! finding its operands there instead of lowering them again.

use super::expr::{ConvCtx, OpKind, Operand};
use super::overload::{ArgInfo, Candidate};
use super::{Binding, FnId, Lowerer};
use crate::ast::{self, BinaryOp, Expr, ExprKind, OverloadedOp, UnaryOp};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

fn binary_overloaded(op: BinaryOp) -> Option<OverloadedOp> {
    use OverloadedOp as O;
    Some(match op {
        BinaryOp::Mul => O::Star,
        BinaryOp::Div => O::Slash,
        BinaryOp::Rem => O::Percent,
        BinaryOp::Add => O::Plus,
        BinaryOp::Sub => O::Minus,
        BinaryOp::Shl => O::Shl,
        BinaryOp::Shr => O::Shr,
        BinaryOp::Lt => O::Lt,
        BinaryOp::Gt => O::Gt,
        BinaryOp::Le => O::Le,
        BinaryOp::Ge => O::Ge,
        BinaryOp::Eq => O::EqEq,
        BinaryOp::Ne => O::NotEq,
        BinaryOp::BitAnd => O::Amp,
        BinaryOp::BitXor => O::Caret,
        BinaryOp::BitOr => O::Pipe,
        BinaryOp::LogAnd | BinaryOp::LogOr | BinaryOp::Comma => return None,
    })
}

fn compound_overloaded(op: BinaryOp) -> Option<OverloadedOp> {
    use OverloadedOp as O;
    Some(match op {
        BinaryOp::Mul => O::StarAssign,
        BinaryOp::Div => O::SlashAssign,
        BinaryOp::Rem => O::PercentAssign,
        BinaryOp::Add => O::PlusAssign,
        BinaryOp::Sub => O::MinusAssign,
        BinaryOp::Shl => O::ShlAssign,
        BinaryOp::Shr => O::ShrAssign,
        BinaryOp::BitAnd => O::AmpAssign,
        BinaryOp::BitXor => O::CaretAssign,
        BinaryOp::BitOr => O::PipeAssign,
        _ => return None,
    })
}

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

    fn stash_put(&mut self, e: &Expr<'_>, o: Operand) {
        self.stash.push((e as *const Expr<'_> as *const (), o));
    }

    fn is_class(&self, t: QualType) -> Option<RecordId> {
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
            ExprKind::Construct { ty, args, .. } => {
                let t = self.resolve_type(ty)?;
                self.temporary(t, args, e.span)
            }
            ExprKind::QualMember { name, .. } => {
                let text = self.qual_name_text(name);
                self.error(
                    e.span,
                    format!("this member access (\"{text}\") is not supported yet"),
                );
                None
            }
            _ => None,
        }
    }

    /// An operand for a binding found by qualified lookup.
    fn binding_operand(
        &mut self,
        b: Binding,
        name: crate::intern::Symbol,
        span: Span,
    ) -> Option<Operand> {
        match b {
            Binding::Var(_) | Binding::EnumConst(..) | Binding::Func(_) => {
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
            Binding::Poisoned => None,
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
                let args_l = self.lower_args(args);
                let (Some(obj), Some(args_l)) = (obj, args_l) else {
                    return Some(None);
                };
                let n = self.name(*name).to_string();
                Some(self.member_call(b, Some(obj), args_l, &n, *name_span, span))
            }
            ExprKind::Ident(name) => {
                let b = self.lookup_ordinary(*name)?;
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
                let args_l = self.lower_args(args);
                let Some(args_l) = args_l else {
                    return Some(None);
                };
                let n = self.name(*name).to_string();
                let obj = self.this_object();
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
            _ => Some(self.functor_call(callee, args, span)),
        }
    }

    /// True when a call of `f` binds references or converts class arguments.
    fn needs_cxx_call(&self, f: FnId) -> bool {
        let info = self.func_info(f);
        std::iter::once(&info.ret)
            .chain(info.params.iter())
            .any(|t| {
                matches!(self.types.kind(t.ty), TypeKind::Reference { .. })
                    || self.has_ctor_semantics(*t)
            })
    }

    /// `*this` as the implicit object of a call inside a member function.
    fn this_object(&mut self) -> Option<(Value, QualType)> {
        let (v, t) = self.this_val?;
        Some((v, self.types.pointee(t.ty)?))
    }

    /// Calls the function chosen from `b` (member or not).
    fn call_binding(
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
    fn peek_object_class(&mut self, base: &Expr<'_>, arrow: bool) -> Option<RecordId> {
        let t = self.peek_type(base)?;
        let t = if arrow { self.types.pointee(t.ty)? } else { t };
        self.is_class(t)
    }

    /// The type of a simple expression without lowering it.
    fn peek_type(&mut self, e: &Expr<'_>) -> Option<QualType> {
        match &e.kind {
            ExprKind::Ident(n) => match self.lookup_ordinary(*n)? {
                Binding::Var(v) => Some(self.var(v).ty),
                Binding::Field(r) => self.field_of(r, *n).map(|x| x.1),
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
                self.field_of(r, *name).map(|x| x.1)
            }
            ExprKind::Construct { ty, .. } | ExprKind::Cast { ty, .. } => self.resolve_type(ty),
            ExprKind::Call { .. } | ExprKind::Binary { .. } => {
                // Lowered in a block that never runs, for its type only.
                self.type_of_unevaluated(e)
            }
            _ => None,
        }
    }

    /// `f(args)` where `f` is an object of class type: `f.operator()(args)`.
    fn functor_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        let o = self.expr(callee)?;
        let (OpKind::LValue(addr), Some(r)) = (o.kind, self.is_class(o.ty)) else {
            self.stash_put(callee, o);
            return None;
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

    /// True when objects of `t` are initialized by constructor calls or default member
    /// initializers (not as C aggregates).
    pub fn has_ctor_semantics(&self, t: QualType) -> bool {
        match self.is_class(t).and_then(|r| self.classes.get(&r)) {
            Some(d) => !d.ctors.is_empty() || !d.field_inits.is_empty(),
            None => false,
        }
    }

    /// Initializes the object at `addr` of class type `t` from `args` (a constructor call,
    /// or default/copy initialization when there are no constructors).
    pub fn construct_at(
        &mut self,
        addr: Value,
        t: QualType,
        args: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<()> {
        let r = self.is_class(t)?;
        // Copy from an object of the same class.
        if args.len() == 1 {
            if let (OpKind::LValue(src), true) = (args[0].0.kind, args[0].0.ty.ty == t.ty) {
                let has_copy_ctor = self.classes.get(&r).is_some_and(|d| {
                    d.ctors.iter().any(|&c| {
                        let p = &self.func_info(c).params;
                        p.len() == 1 && matches!(self.types.kind(p[0].ty), TypeKind::Reference { referent, .. } if referent.ty == t.ty)
                    })
                });
                if !has_copy_ctor {
                    let size = self.types.size_of(t.ty).unwrap_or(0);
                    let align = self.types.align_of(t.ty);
                    self.copy_bytes(addr, src, size, align, false);
                    return Some(());
                }
            }
        }
        let data = self.classes.get(&r);
        let ctors = data.map(|d| d.ctors.clone()).unwrap_or_default();
        let trivial_default = data.is_none_or(|d| d.trivial_default_ctor);
        if args.is_empty()
            && (ctors.is_empty()
                || trivial_default && !ctors.iter().any(|&c| self.func_info(c).params.is_empty()))
        {
            self.default_member_inits(addr, r);
            return Some(());
        }
        if ctors.is_empty() {
            let n = self.show(t);
            self.error(
                span,
                format!("no instance of constructor \"{n}\" matches the argument list"),
            );
            return None;
        }
        let cands: Vec<Candidate> = ctors
            .iter()
            .map(|&f| Candidate {
                f,
                is_template: false,
            })
            .collect();
        let infos: Vec<ArgInfo> = args.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let name = self
            .types
            .record(r)
            .name
            .map(|n| self.name(n).to_string())
            .unwrap_or_default();
        let f = if cands.len() == 1 {
            cands[0].f
        } else {
            self.resolve_overload(&format!("{name}::{name}"), &cands, &infos, None, span)?
        };
        self.check_member_access(r, self.func_info(f).name, true, span);
        self.call_fn(f, Some(addr), args, span, span)?;
        Some(())
    }

    /// Stores the constant default member initializers of `r` (and its bases) at `addr`.
    pub fn default_member_inits(&mut self, addr: Value, r: RecordId) {
        let Some(d) = self.classes.get(&r) else {
            return;
        };
        let inits = d.field_inits.clone();
        let bases = d.bases.clone();
        for (b, off) in bases {
            let a = self.ptr_add_const(addr, off);
            self.default_member_inits(a, b);
        }
        for (off, ty, v) in inits {
            let a = self.ptr_add_const(addr, off);
            let vt = self.val_type(ty.ty);
            let val = match v {
                crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
            };
            self.store_scalar(a, val, ty.unqual());
        }
    }

    /// A temporary `T(args)`: a stack object constructed in place (an lvalue here).
    pub fn temporary(&mut self, t: QualType, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if self.is_class(t).is_none() {
            if args.is_empty() {
                let vt = self.val_type(t.ty);
                let z = if self.types.is_float(t.ty) {
                    self.fconst(vt, 0.0)
                } else {
                    self.iconst(vt, 0)
                };
                return Some(Operand::rv(z, t.unqual()));
            }
            self.error(span, "too many initializer values");
            return None;
        }
        let args_l = self.lower_args(args)?;
        self.temporary_from(t, args_l, span)
    }

    fn temporary_from(
        &mut self,
        t: QualType,
        args: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<Operand> {
        let Some(size) = self.types.size_of(t.ty) else {
            let n = self.show(t);
            self.error(span, format!("incomplete type \"{n}\" is not allowed"));
            return None;
        };
        let align = self.types.align_of(t.ty);
        let slot = self.alloca(size, align, span)?;
        if !self.has_ctor_semantics(t) && !args.is_empty() {
            // An aggregate without constructors: `T(x)` copies.
            if let (1, OpKind::LValue(src)) = (args.len(), args[0].0.kind) {
                if args[0].0.ty.ty == t.ty {
                    self.copy_bytes(slot, src, size, align, false);
                    return Some(Operand::lv(slot, t.unqual()));
                }
            }
        }
        self.construct_at(slot, t, args, span)?;
        Some(Operand::lv(slot, t.unqual()))
    }

    /// A converting constructor of `r` that accepts `a` (non-explicit).
    pub fn converting_ctor(&mut self, r: RecordId, a: ArgInfo) -> Option<FnId> {
        let ctors = self.classes.get(&r)?.ctors.clone();
        ctors.into_iter().find(|&c| {
            let info = self.func_info(c).clone();
            let explicit = info.member.as_ref().is_some_and(|m| m.is_explicit);
            !explicit
                && info.params.len() == 1
                && !matches!(self.types.kind(info.params[0].ty), TypeKind::Record(_))
                && self
                    .conversion_rank(a, info.params[0])
                    .is_some_and(|rk| rk < super::overload::Rank::UserDefined)
        })
    }

    /// A converted class object made from `o` by a converting constructor.
    pub fn convert_to_class(&mut self, r: RecordId, o: Operand, span: Span) -> Option<Value> {
        self.converting_ctor(r, ArgInfo::of(&o))?;
        let t = QualType::new(self.types.intern(TypeKind::Record(r)));
        let tmp = self.temporary_from(t, vec![(o, span)], span)?;
        match tmp.kind {
            OpKind::LValue(a) => Some(a),
            _ => None,
        }
    }

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
        if self.is_class(t).is_some() && self.has_ctor_semantics(t) {
            let a = self.expr(e);
            let Some(a) = a else {
                return Some(None);
            };
            return Some(self.temporary_from(t, vec![(a, e.span)], span));
        }
        let o = self.expr(e);
        let Some(o) = o else {
            return Some(None);
        };
        // Base ↔ derived pointers (`static_cast<const Derived*>(this)` in CRTP).
        if let (Some(fp), Some(tp)) = (self.types.pointee(o.ty.ty), self.types.pointee(t.ty)) {
            if fp.ty != tp.ty && self.is_class(fp).is_some() && self.is_class(tp).is_some() {
                let up = self.base_offset(fp.ty, tp.ty);
                let down = self.base_offset(tp.ty, fp.ty);
                if up.is_some() || down.is_some() {
                    let (v, _) = self.rvalue(o, span)?;
                    let p = match (up, down) {
                        (Some(off), _) => self.ptr_add_const(v, off),
                        (None, Some(0)) => v,
                        (None, Some(off)) => {
                            let neg = self.iconst(oxicc_ir::Type::I64, -(off as i128));
                            self.ptr_add(v, neg)
                        }
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

    /// Candidates for operator `op` with `nops` operands whose first is of class `lhs`:
    /// member operators of that class and operator functions visible here.
    fn operator_candidates(
        &mut self,
        op: OverloadedOp,
        lhs: Option<RecordId>,
    ) -> (Vec<Candidate>, Vec<bool>) {
        let Some(sym) = self.operator_symbol(op) else {
            return (Vec::new(), Vec::new());
        };
        let mut cands = Vec::new();
        let mut is_member = Vec::new();
        if let Some(r) = lhs {
            if let Some(b) = self.class_member_binding(r, sym) {
                for f in self.functions_of(b) {
                    cands.push(Candidate {
                        f,
                        is_template: false,
                    });
                    is_member.push(true);
                }
            }
        }
        let saved = self.member_class.take();
        let free = self.lookup_ordinary(sym);
        self.member_class = saved;
        if let Some(b) = free {
            for f in self.functions_of(b) {
                if self.func_info(f).member.is_none() {
                    cands.push(Candidate {
                        f,
                        is_template: false,
                    });
                    is_member.push(false);
                }
            }
        }
        (cands, is_member)
    }

    /// Resolves and calls an overloaded operator on lowered operands; `None` when no
    /// operator function applies (builtin meaning). Errors give `Some(None)`.
    fn call_operator(
        &mut self,
        op: OverloadedOp,
        ops: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<Option<Operand>> {
        let lhs_class = self.is_class(ops[0].0.ty);
        let any_class = ops.iter().any(|(o, _)| self.is_class(o.ty).is_some());
        if !any_class {
            return None;
        }
        let (cands, is_member) = self.operator_candidates(op, lhs_class);
        // Members take the first operand as the object.
        let mut viable_cands = Vec::new();
        let mut ranks_ok = Vec::new();
        for (c, m) in cands.iter().zip(is_member.iter()) {
            let nparams = self.func_info(c.f).params.len();
            if (*m && nparams + 1 == ops.len()) || (!*m && nparams == ops.len()) {
                viable_cands.push(c.clone());
                ranks_ok.push(*m);
            }
        }
        if viable_cands.is_empty() {
            return None;
        }
        // Resolve with a uniform view: for members the object is not a parameter, so
        // compare on the remaining operands and let members and free functions compete
        // by their parameter ranks.
        let infos: Vec<ArgInfo> = ops.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let mut best: Option<(FnId, bool, Vec<super::overload::Rank>)> = None;
        let mut ambiguous = false;
        for (c, m) in viable_cands.iter().zip(ranks_ok.iter()) {
            let params = self.func_info(c.f).params.clone();
            let args = if *m { &infos[1..] } else { &infos[..] };
            let mut ranks = Vec::new();
            if *m {
                let konst = self
                    .func_info(c.f)
                    .member
                    .as_ref()
                    .is_some_and(|x| x.is_const);
                if infos[0].ty.quals.konst && !konst {
                    continue;
                }
                ranks.push(super::overload::Rank::Exact);
            }
            let mut ok = true;
            for (a, p) in args.iter().zip(params.iter()) {
                match self.conversion_rank(*a, *p) {
                    Some(r) => ranks.push(r),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            match &best {
                None => best = Some((c.f, *m, ranks)),
                Some((_, _, br)) => {
                    let better = ranks.iter().zip(br.iter()).all(|(x, y)| x <= y) && ranks != *br;
                    let worse = ranks.iter().zip(br.iter()).all(|(x, y)| x >= y) && ranks != *br;
                    if better {
                        best = Some((c.f, *m, ranks));
                        ambiguous = false;
                    } else if !worse {
                        ambiguous = true;
                    }
                }
            }
        }
        let (f, member, _) = best?;
        if ambiguous {
            let tys: Vec<String> = infos.iter().map(|a| self.show(a.ty.unqual())).collect();
            self.error(span, format!("more than one operator \"{}\" matches these operands:\n            operand types are: {}", op.spelling(), tys.join(&format!(" {} ", op.spelling()))));
            return Some(None);
        }
        let mut ops = ops;
        if member {
            let (obj, ospan) = ops.remove(0);
            let OpKind::LValue(addr) = obj.kind else {
                self.error(ospan, "expression must be an lvalue");
                return Some(None);
            };
            let r = self.func_info(f).member.as_ref().map(|m| m.record);
            if let Some(r) = r {
                self.check_member_access(r, self.func_info(f).name, true, span);
            }
            return Some(self.call_fn(f, Some(addr), ops, span, span));
        }
        Some(self.call_fn(f, None, ops, span, span))
    }

    /// `a op b` with class operands: an operator function call. `None`: builtin (the
    /// operands are stashed for the C code).
    pub fn binary_cxx(
        &mut self,
        op: BinaryOp,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = binary_overloaded(op)?;
        let lo = self.expr(l);
        let ro = self.expr(r);
        let (Some(lo), Some(ro)) = (lo, ro) else {
            return Some(None);
        };
        let ops = vec![(lo, l.span), (ro, r.span)];
        if let Some(res) = self.call_operator(oop, ops, span) {
            return Some(res);
        }
        self.stash_put(l, lo);
        self.stash_put(r, ro);
        None
    }

    /// `a = b`, `a op= b` with a class left operand.
    pub fn assign_cxx(
        &mut self,
        op: Option<BinaryOp>,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = match op {
            None => OverloadedOp::Assign,
            Some(b) => compound_overloaded(b)?,
        };
        let lo = self.expr(l);
        let ro = self.expr(r);
        let (Some(lo), Some(ro)) = (lo, ro) else {
            return Some(None);
        };
        if self.is_class(lo.ty).is_some() {
            let ops = vec![(lo, l.span), (ro, r.span)];
            if let Some(res) = self.call_operator(oop, ops, span) {
                return Some(res);
            }
        }
        self.stash_put(l, lo);
        self.stash_put(r, ro);
        None
    }

    /// `-a`, `~a`, `!a`, `++a`, … with a class operand.
    pub fn unary_cxx(&mut self, op: UnaryOp, x: &Expr<'_>, span: Span) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = match op {
            UnaryOp::Plus => OverloadedOp::Plus,
            UnaryOp::Neg => OverloadedOp::Minus,
            UnaryOp::LogNot => OverloadedOp::Not,
            UnaryOp::BitNot => OverloadedOp::Tilde,
            UnaryOp::Deref => OverloadedOp::Star,
            UnaryOp::PreInc => OverloadedOp::PlusPlus,
            UnaryOp::PreDec => OverloadedOp::MinusMinus,
            _ => return None,
        };
        let o = self.expr(x);
        let Some(o) = o else {
            return Some(None);
        };
        if self.is_class(o.ty).is_some() {
            if let Some(res) = self.call_operator(oop, vec![(o, x.span)], span) {
                return Some(res);
            }
            if op == UnaryOp::LogNot {
                // `!obj` through a conversion to bool.
                let (r, bt) = (self.is_class(o.ty)?, self.bool_type());
                if let Some(f) = self.conversion_function(r, bt, true) {
                    if let OpKind::LValue(a) = o.kind {
                        let b = self.call_fn(f, Some(a), Vec::new(), span, span);
                        let Some(b) = b else {
                            return Some(None);
                        };
                        let (v, _) = self.rvalue(b, span)?;
                        let one = self.iconst(oxicc_ir::Type::I1, 1);
                        let nv = self.bin(oxicc_ir::BinaryOp::Xor, v, one);
                        let bt = self.bool_type();
                        return Some(Some(Operand::rv(nv, bt)));
                    }
                }
            }
        }
        self.stash_put(x, o);
        None
    }

    /// `a[i]` with a class `a`.
    pub fn index_cxx(
        &mut self,
        base: &Expr<'_>,
        index: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let bo = self.expr(base);
        let io = self.expr(index);
        let (Some(bo), Some(io)) = (bo, io) else {
            return Some(None);
        };
        if self.is_class(bo.ty).is_some() {
            let ops = vec![(bo, base.span), (io, index.span)];
            if let Some(res) = self.call_operator(OverloadedOp::Index, ops, span) {
                return Some(res);
            }
            return Some(None);
        }
        self.stash_put(base, bo);
        self.stash_put(index, io);
        None
    }

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
        if let (Some(fp), Some(tp)) = (self.types.pointee(o.ty.ty), self.types.pointee(to.ty)) {
            if fp.ty != tp.ty {
                if let Some(off) = self.base_offset(fp.ty, tp.ty) {
                    let (v, _) = self.rvalue(o, span)?;
                    return Some(Some(self.ptr_add_const(v, off)));
                }
            }
        }
        None
    }

    /// Binds a reference to `referent` type to `o`: the address of an lvalue (or of its
    /// base subobject), or of a temporary holding the converted value (`const T&`, `T&&`).
    fn bind_reference(
        &mut self,
        o: Operand,
        referent: QualType,
        rvalue: bool,
        ctx: ConvCtx,
        span: Span,
    ) -> Option<Value> {
        if let OpKind::LValue(a) = o.kind {
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
    pub fn local_reference(&mut self, vd: &ast::VarDecl<'_>, referent: QualType) {
        let Some(ast::Init::Expr(e)) = &vd.init else {
            let n = self.name(vd.name);
            self.error(
                vd.name_span,
                format!("reference variable \"{n}\" requires an initializer"),
            );
            return;
        };
        let Some(o) = self.expr(e) else {
            return;
        };
        let rt = QualType::new(self.types.intern(TypeKind::Reference {
            referent,
            rvalue: false,
        }));
        let Some(addr) = self.implicit(o, rt, ConvCtx::Init, e.span) else {
            return;
        };
        let id = self.add_var(super::VarInfo {
            name: vd.name,
            ty: referent,
            storage: super::Storage::Local(addr),
            const_value: None,
        });
        self.scopes.bind(vd.name, Binding::Var(id));
    }

    /// Initializes a class object with constructors from a declaration's initializer
    /// (`S s = x;`, `S s(x);`, `S s(a, b);`, `S s{a, b};`).
    pub fn construct_from_init(
        &mut self,
        addr: Value,
        ty: QualType,
        init: &ast::Init<'_>,
        span: Span,
    ) {
        let args = match init {
            ast::Init::Expr(Expr {
                kind: ExprKind::Construct { ty: cty, args, .. },
                ..
            }) if self.resolve_type(cty).is_some_and(|t| t.ty == ty.ty) => self.lower_args(args),
            ast::Init::Expr(e) => self.expr(e).map(|o| vec![(o, e.span)]),
            ast::Init::List { items, .. } => {
                let mut out = Vec::new();
                let mut ok = true;
                for it in *items {
                    match it {
                        ast::Init::Expr(e) => match self.expr(e) {
                            Some(o) => out.push((o, e.span)),
                            None => ok = false,
                        },
                        ast::Init::List { span, .. } => {
                            self.error(*span, "a nested braced list for a constructor argument is not supported yet");
                            ok = false;
                        }
                    }
                }
                ok.then_some(out)
            }
        };
        let Some(args) = args else {
            return;
        };
        self.construct_at(addr, ty, args, span);
    }

    /// A constructor's member initializers, then the default member initializers of the
    /// members it does not name (run before the body).
    pub fn ctor_prologue(&mut self, fid: FnId, ctor_inits: &[ast::MemInit<'_>]) {
        let Some((this, tt)) = self.this_val else {
            return;
        };
        let Some(r) = self.types.pointee(tt.ty).and_then(|t| self.is_class(t)) else {
            return;
        };
        let _ = fid;
        let mut named: Vec<crate::intern::Symbol> = Vec::new();
        let bases = self
            .classes
            .get(&r)
            .map(|d| d.bases.clone())
            .unwrap_or_default();
        let mut bases_done: Vec<RecordId> = Vec::new();
        for mi in ctor_inits {
            let Some(name) = mi.name.last().ident() else {
                continue;
            };
            let args = self.lower_args(mi.args);
            let Some(args) = args else {
                continue;
            };
            // A base class?
            let base = bases
                .iter()
                .find(|(b, _)| self.types.record(*b).name == Some(name))
                .copied();
            if let Some((b, off)) = base {
                let a = self.ptr_add_const(this, off);
                let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
                self.construct_at(a, bt, args, mi.span);
                bases_done.push(b);
                continue;
            }
            let Some((off, fty)) = self.field_of(r, name) else {
                let cls = self
                    .types
                    .record(r)
                    .name
                    .map(|n| self.name(n))
                    .unwrap_or("<unnamed>");
                self.error(
                    mi.span,
                    format!(
                        "\"{}\" is not a nonstatic data member or base class of class \"{cls}\"",
                        self.name(name)
                    ),
                );
                continue;
            };
            named.push(name);
            let a = self.ptr_add_const(this, off);
            if self.is_class(fty).is_some() {
                if self.has_ctor_semantics(fty) {
                    self.construct_at(a, fty, args, mi.span);
                } else if let Some((o, sp)) = args.into_iter().next() {
                    if let Some(src) = self.class_object(o, fty, sp) {
                        let size = self.types.size_of(fty.ty).unwrap_or(0);
                        let align = self.types.align_of(fty.ty);
                        self.copy_bytes(a, src, size, align, false);
                    }
                }
                continue;
            }
            match args.len() {
                0 => {
                    let vt = self.val_type(fty.ty);
                    let z = if self.types.is_float(fty.ty) {
                        self.fconst(vt, 0.0)
                    } else {
                        self.iconst(vt, 0)
                    };
                    self.store_scalar(a, z, fty.unqual());
                }
                1 => {
                    let (o, sp) = args.into_iter().next().expect("one argument");
                    if let Some(v) = self.implicit(o, fty.unqual(), ConvCtx::Init, sp) {
                        self.store_scalar(a, v, fty.unqual());
                    }
                }
                _ => self.error(mi.span, "too many initializer values"),
            }
        }
        for (b, off) in bases {
            if !bases_done.contains(&b) {
                let a = self.ptr_add_const(this, off);
                let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
                self.construct_at(a, bt, Vec::new(), self.cur_span);
            }
        }
        let inits = self
            .classes
            .get(&r)
            .map(|d| d.field_inits.clone())
            .unwrap_or_default();
        let fields = self.types.record(r).fields.clone();
        for (off, ty, v) in inits {
            let named_here = fields
                .iter()
                .any(|f| f.offset == off && f.name.is_some_and(|n| named.contains(&n)));
            if named_here {
                continue;
            }
            let a = self.ptr_add_const(this, off);
            let vt = self.val_type(ty.ty);
            let val = match v {
                crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
            };
            self.store_scalar(a, val, ty.unqual());
        }
    }
}
