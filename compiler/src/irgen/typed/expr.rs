//! Expressions of the typed tree to IR. Lvalues lower to addresses, prvalues to values
//! (the `Operand` of the one-walk lowering, so both paths share the IR helpers). The IR is
//! the one-walk lowering's for the same source: the same helpers in the same order.

use super::TypedCx;
use crate::irgen::call::CallArgs;
use crate::irgen::expr::{OpKind, Operand};
use crate::irgen::{Binding, FnId, Lowerer, Storage, VarId};
use crate::sema::tree::{BuiltinVar, Category, ConvKind, Decl, EntityRef, ExprId, ExprKind};
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{BinaryOp as IrOp, Block, BlockCall, InstData, Type, Value};

/// An operand split for evaluation in the one-walk lowering's order (see `stage`).
pub(super) struct Staged {
    pub core: ExprId,
    read: Option<ExprId>,
    /// Arithmetic and pointer conversions, innermost first.
    convs: Vec<ExprId>,
}

impl Lowerer<'_> {
    /// Lowers an expression node.
    pub(super) fn typed_expr(&mut self, cx: &mut TypedCx<'_>, id: ExprId) -> Option<Operand> {
        let e = cx.body.expr(id);
        let (ty, span) = (e.ty, e.span);
        let saved = std::mem::replace(&mut self.cur_span, span);
        let r = self.typed_expr_inner(cx, id);
        self.cur_span = saved;
        let _ = ty;
        r
    }

    /// Lowers a prvalue node of scalar type to its value.
    pub(super) fn typed_value(&mut self, cx: &mut TypedCx<'_>, id: ExprId) -> Option<Value> {
        let op = self.typed_expr(cx, id)?;
        match op.kind {
            OpKind::RValue(v) => Some(v),
            _ => {
                let span = cx.body.expr(id).span;
                self.rvalue(op, span).map(|(v, _)| v)
            }
        }
    }

    /// The address of an lvalue node.
    pub(super) fn typed_place(&mut self, cx: &mut TypedCx<'_>, id: ExprId) -> Option<Value> {
        match self.typed_expr(cx, id)?.kind {
            OpKind::LValue(a) => Some(a),
            _ => None,
        }
    }

    fn typed_expr_inner(&mut self, cx: &mut TypedCx<'_>, id: ExprId) -> Option<Operand> {
        let e = cx.body.expr(id).clone();
        let ty = e.ty;
        let rv = |v: Value| Some(Operand::rv(v, ty));
        match e.kind {
            ExprKind::IntConst(v) => {
                let vt = self.val_type(ty.ty);
                let c = self.iconst(vt, v);
                rv(c)
            }
            ExprKind::FloatConst(v) => {
                let vt = self.val_type(ty.ty);
                let c = self.fconst(vt, v);
                rv(c)
            }
            ExprKind::Const(c) => {
                let vt = self.val_type(ty.ty);
                let v = match c {
                    crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                    crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
                };
                rv(v)
            }
            ExprKind::Name(Decl::Local(l)) => match cx.slots[l.0 as usize]? {
                Storage::Global(g, space) => {
                    let a = self.ins_v(InstData::GlobalAddr { global: g }, Type::Ptr(space));
                    Some(Operand::lv(a, ty))
                }
                Storage::Local(slot) | Storage::ParamByVal(slot) => Some(Operand::lv(slot, ty)),
                Storage::Host => None,
            },
            ExprKind::Name(Decl::Entity(EntityRef::Var(v))) => {
                let name = self.var(VarId(v)).name;
                self.ident_binding(Some(Binding::Var(VarId(v))), name, e.span)
            }
            ExprKind::Name(Decl::Entity(EntityRef::Func(_) | EntityRef::Instance(_))) => None,
            ExprKind::BuiltinMember(var, dim) => {
                use oxicc_ir::{Dim, SpecialReg as R};
                let d = [Dim::X, Dim::Y, Dim::Z][dim as usize];
                let reg = match var {
                    BuiltinVar::ThreadIdx => R::Tid(d),
                    BuiltinVar::BlockIdx => R::CtaId(d),
                    BuiltinVar::BlockDim => R::NTid(d),
                    BuiltinVar::GridDim => R::NCtaId(d),
                };
                let v = self.ins_v(InstData::SpecialReg { reg }, Type::I32);
                rv(v)
            }
            // Only a local's initializer, lowered with the local (`typed/stmt.rs`).
            ExprKind::Construct { .. } | ExprKind::Aggregate { .. } => None,
            ExprKind::Temporary { ref args } => {
                let args = self.typed_staged_args(cx, args)?;
                self.temporary_from(ty, args, e.span)
            }
            ExprKind::StrLit(ref bytes) => Some(self.string_literal(bytes)),
            ExprKind::This => {
                let (v, t) = self.this_val?;
                Some(Operand::rv(v, t))
            }
            ExprKind::WarpSize => {
                let reg = oxicc_ir::SpecialReg::WarpSize;
                let v = self.ins_v(InstData::SpecialReg { reg }, Type::I32);
                rv(v)
            }
            ExprKind::Convert { kind, expr } | ExprKind::Cast { kind, expr } => {
                self.typed_convert(cx, kind, expr, ty)
            }
            ExprKind::Binary {
                op,
                lhs,
                rhs,
                op_ty,
            } => {
                let (a, b) = self.staged_pair(cx, lhs, rhs)?;
                let compare = matches!(
                    op,
                    crate::ast::BinaryOp::Lt
                        | crate::ast::BinaryOp::Gt
                        | crate::ast::BinaryOp::Le
                        | crate::ast::BinaryOp::Ge
                        | crate::ast::BinaryOp::Eq
                        | crate::ast::BinaryOp::Ne
                );
                let v = if compare {
                    self.compare(op, a, b, op_ty.ty)
                } else {
                    self.arith_op(op, a, b, op_ty.ty)
                };
                rv(v)
            }
            ExprKind::PointerOffset { ptr, index, sub } => {
                let (p, i) = if cx.body.expr(ptr).span.start <= cx.body.expr(index).span.start {
                    self.staged_pair(cx, ptr, index)?
                } else {
                    let (i, p) = self.staged_pair(cx, index, ptr)?;
                    (p, i)
                };
                let it = cx.body.expr(index).ty.ty;
                let size = self.elem_size_of(ty)?;
                let off = self.scaled_offset(i, it, size, sub);
                let v = self.ptr_add(p, off);
                rv(v)
            }
            ExprKind::PointerDiff { lhs, rhs } => {
                let (a, b) = self.staged_pair(cx, lhs, rhs)?;
                let size = self.elem_size_of(cx.body.expr(lhs).ty)?;
                let ga = self.generic_ptr(a);
                let gb = self.generic_ptr(b);
                let a = self.cast(oxicc_ir::CastOp::PtrToInt, ga, Type::I64);
                let b = self.cast(oxicc_ir::CastOp::PtrToInt, gb, Type::I64);
                let d = self.bin(IrOp::Sub, a, b);
                let v = if size > 1 {
                    let s = self.iconst(Type::I64, size as i128);
                    self.bin(IrOp::SDiv, d, s)
                } else {
                    d
                };
                rv(v)
            }
            ExprKind::Logical { and, lhs, rhs } => self.typed_logical(cx, and, lhs, rhs, ty),
            ExprKind::Comma { lhs, rhs } => {
                self.typed_expr(cx, lhs)?;
                self.typed_expr(cx, rhs)
            }
            ExprKind::Unary { op, expr } => {
                let v = self.typed_value(cx, expr)?;
                use crate::ast::UnaryOp as U;
                let r = match op {
                    U::Plus => v,
                    U::Neg if self.types.is_float(ty.ty) => self.un(oxicc_ir::UnaryOp::FNeg, v),
                    U::Neg => self.un(oxicc_ir::UnaryOp::Neg, v),
                    _ => self.un(oxicc_ir::UnaryOp::Not, v),
                };
                rv(r)
            }
            ExprKind::Deref(p) => {
                let v = self.typed_value(cx, p)?;
                Some(Operand::lv(v, ty))
            }
            ExprKind::AddrOf(x) => {
                let a = self.typed_place(cx, x)?;
                rv(a)
            }
            ExprKind::IncDec { op, target } => self.typed_inc_dec(cx, op, target, ty),
            ExprKind::Assign { target, value } if self.types.is_record(ty.ty) => {
                // A plain class: its bytes copied, as the one-walk lowering's `assign`.
                let addr = self.typed_place(cx, target);
                let src = self.typed_place(cx, value);
                let (addr, src) = (addr?, src?);
                let size = self.trivial_assign_size(ty.ty);
                let align = self.types.align_of(ty.ty);
                self.copy_bytes(addr, src, size, align, ty.quals.volatile);
                Some(Operand::lv(addr, ty))
            }
            ExprKind::Assign { target, value } => {
                let addr = self.typed_place(cx, target);
                let v = self.typed_value(cx, value)?;
                let lt = cx.body.expr(target).ty;
                self.store_scalar(addr?, v, lt);
                rv(v)
            }
            ExprKind::CompoundAssign {
                op,
                target,
                value,
                op_ty,
            } => {
                let (addr, old, b, right) = self.typed_compound_operands(cx, target, value)?;
                let lt = cx.body.expr(target).ty;
                let a = self.convert(old, lt.ty, op_ty.ty);
                let b = self.staged_convs(cx, b, &right);
                let r = self.arith_op(op, a, b, op_ty.ty);
                let v = self.convert(r, op_ty.ty, lt.ty);
                self.store_scalar(addr, v, lt);
                rv(v)
            }
            ExprKind::PointerCompoundAssign { target, index, sub } => {
                // The one-walk `assign` scales the offset in `binary_values`.
                let (addr, old, i, right) = self.typed_compound_operands(cx, target, index)?;
                let lt = cx.body.expr(target).ty;
                let i = self.staged_convs(cx, i, &right);
                let it = cx.body.expr(index).ty.ty;
                let size = self.elem_size_of(ty)?;
                let off = self.scaled_offset(i, it, size, sub);
                let v = self.ptr_add(old, off);
                self.store_scalar(addr, v, lt);
                rv(v)
            }
            ExprKind::Cond {
                cond,
                then,
                els,
                select,
            } => self.typed_cond(cx, cond, then, els, select, ty),
            ExprKind::Index { ptr, index } => {
                let (p, i) = self.typed_index_operands(cx, ptr, index)?;
                let it = cx.body.expr(index).ty.ty;
                let size = self.types.size_of(ty.ty)?;
                let index_op = match cx.body.expr(index).kind {
                    ExprKind::Binary { op, .. } => Some(op),
                    _ => None,
                };
                let a = self.index_address(p, index_op, i, it, size);
                Some(Operand::lv(a, ty))
            }
            ExprKind::Field { base, offset, .. } => {
                let a = self.typed_place(cx, base)?;
                let f = self.ptr_add_const(a, offset);
                Some(Operand::lv(f, ty))
            }
            ExprKind::BuiltinCall { name, ref args } => {
                self.typed_builtin_call(cx, name, args, e.span)
            }
            ExprKind::New { elem, count, init } => self.typed_new(cx, elem, count, init, ty),
            ExprKind::Delete { ptr, .. } => self.typed_delete(cx, ptr, ty),
            ExprKind::MemberCall {
                func,
                object,
                ref args,
                callee_span,
            } => self.typed_member_call(cx, func, object, args, callee_span, e.span),
            ExprKind::Lambda {
                lambda,
                record,
                ref captures,
            } => self.typed_lambda(cx, lambda, record, captures, e.span),
            ExprKind::ClosureCall {
                record,
                object,
                ref args,
            } => self.typed_closure_call(cx, record, object, args, e.span),
            ExprKind::InstanceCall {
                instance,
                object,
                ref args,
                callee_span,
                on_this,
                resolved,
            } => {
                // As the one-walk lowering calls a template: the arguments below their
                // conversions, then the instance (made here, at the call, so that the
                // module's functions come in the same order), then the call (a member
                // template's on `*this`, as `member_template_call` makes it).
                let obj = match object {
                    Some(o) => Some(self.typed_place(cx, o).map(|a| (a, cx.body.expr(o).ty))),
                    None => on_this.then(|| self.this_object()),
                };
                let args = self.typed_staged_args(cx, args)?;
                let (tpl, targs) = self.typed_instances[instance as usize].clone();
                let fid = self.instantiate_fn(tpl, targs, callee_span)?;
                if let Some(obj) = obj {
                    let name = self.name(self.func_info(fid).name).to_string();
                    return self.member_call(
                        Binding::Func(fid),
                        obj,
                        args,
                        &name,
                        callee_span,
                        e.span,
                    );
                }
                if resolved {
                    // Chosen against functions of the same name: the one-walk lowering's
                    // call of an overload resolution's choice.
                    return self.call_fn(fid, None, args, callee_span, e.span);
                }
                let args = args.into_iter().map(|(o, s)| (Some(o), s)).collect();
                self.direct_call(fid, CallArgs::Lowered(args), callee_span, e.span)
            }
            ExprKind::Call {
                func,
                ref args,
                callee_span,
                overloaded,
                made_first,
                ..
            } if overloaded || self.needs_cxx_call(FnId(func)) => {
                // Overload sets and references: the one-walk lowering's C++ call
                // (`call_fn`), after the instance the one-walk lowering made to compare
                // it with `func`.
                let args = self.typed_staged_args(cx, args)?;
                if let Some(i) = made_first {
                    let (tpl, targs) = self.typed_instances[i as usize].clone();
                    // As there, a failed instance only drops out of the comparison.
                    let _ = self.instantiate_fn(tpl, targs, callee_span);
                }
                self.call_fn(FnId(func), None, args, callee_span, e.span)
            }
            ExprKind::Call {
                func,
                ref args,
                callee_span,
                staged: true,
                ..
            } => {
                // As the one-walk `adl_call` leaves them when ADL adds nothing: lowered
                // below their conversions, then the ordinary call converts them.
                let args = self.typed_staged_args(cx, args)?;
                let args = args.into_iter().map(|(o, s)| (Some(o), s)).collect();
                self.direct_call(FnId(func), CallArgs::Lowered(args), callee_span, e.span)
            }
            ExprKind::Call {
                func,
                ref args,
                callee_span,
                ..
            } => {
                let n = args.len();
                let mut arg = |l: &mut Lowerer<'_>, i: usize| {
                    let a = args[i];
                    let (at, span) = (cx.body.expr(a).ty, cx.body.expr(a).span);
                    if l.types.is_record(at.ty) {
                        // A class object: the call copies it.
                        return (l.typed_expr(cx, a), span);
                    }
                    (l.typed_value(cx, a).map(|v| Operand::rv(v, at)), span)
                };
                self.direct_call(
                    FnId(func),
                    CallArgs::Typed(&mut arg, n),
                    callee_span,
                    e.span,
                )
            }
        }
    }

    /// A member function call, lowered as the one-walk lowering lowers it: the object's
    /// address, then each argument below its conversions (the call converts them), then
    /// the call with the object adjusted to the function's class.
    fn typed_member_call(
        &mut self,
        cx: &mut TypedCx<'_>,
        func: u32,
        object: Option<ExprId>,
        args: &[ExprId],
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let obj = match object {
            Some(o) => {
                let a = self.typed_place(cx, o);
                Some((a?, cx.body.expr(o).ty))
            }
            None => self.this_object(),
        };
        let lowered = self.typed_staged_args(cx, args)?;
        let name = self.name(self.func_info(FnId(func)).name).to_string();
        self.virtual_dispatch = false;
        self.member_call(
            Binding::Func(FnId(func)),
            obj,
            lowered,
            &name,
            callee_span,
            span,
        )
    }

    /// The operands of `target op= value` in the one-walk lowering's order: the target's
    /// address, the right operand below its conversions, the target's old value, then the
    /// right operand's read. Answers the address, the old value, the read right operand
    /// and its staging (whose conversions the caller applies where it needs them).
    fn typed_compound_operands(
        &mut self,
        cx: &mut TypedCx<'_>,
        target: ExprId,
        value: ExprId,
    ) -> Option<(Value, Value, Value, Staged)> {
        let addr = self.typed_place(cx, target);
        let right = self.stage(cx, value);
        let core = self.typed_expr(cx, right.core);
        let addr = addr?;
        let old = self.load_scalar(addr, cx.body.expr(target).ty);
        let b = self.staged_read(cx, core?, &right)?;
        Some((addr, old, b, right))
    }

    /// The pointer and index values of `p[i]`, in the one-walk lowering's order: where
    /// operator functions exist it first lowers both operands below their reads (to look
    /// for an `operator[]`) and reads them afterwards; otherwise each operand is lowered
    /// and read in turn.
    fn typed_index_operands(
        &mut self,
        cx: &mut TypedCx<'_>,
        ptr: ExprId,
        index: ExprId,
    ) -> Option<(Value, Value)> {
        if !self.has_operator_fns {
            let p = self.typed_value(cx, ptr)?;
            return Some((p, self.typed_value(cx, index)?));
        }
        let (sp, si) = (self.stage(cx, ptr), self.stage(cx, index));
        let cp = self.typed_expr(cx, sp.core)?;
        let ci = self.typed_expr(cx, si.core)?;
        let p = self.staged_read(cx, cp, &sp)?;
        let p = self.staged_convs(cx, p, &sp);
        let i = self.staged_read(cx, ci, &si)?;
        Some((p, self.staged_convs(cx, i, &si)))
    }

    /// Call arguments as the one-walk lowering's C++ calls take them: each lowered below
    /// its conversions (the call converts or binds it), all before the call.
    pub(super) fn typed_staged_args(
        &mut self,
        cx: &mut TypedCx<'_>,
        args: &[ExprId],
    ) -> Option<Vec<(Operand, Span)>> {
        let mut lowered = Vec::with_capacity(args.len());
        let mut ok = true;
        for &a in args {
            let st = self.stage(cx, a);
            // The one-walk call converts the arguments (`implicit`): a literal `0` must
            // still be a null pointer constant there (`sp<int> s(0, i)` for a `T *`
            // parameter), as the one-walk literal is.
            let null = self.typed_null_literal(cx, st.core);
            match self.typed_expr(cx, st.core) {
                Some(mut o) => {
                    o.npc |= null;
                    lowered.push((o, cx.body.expr(a).span))
                }
                None => ok = false,
            }
        }
        ok.then_some(lowered)
    }

    /// An integer literal `0` (not a character, `false` or a `sizeof`): a null pointer
    /// constant (C++11 [conv.ptr]/1).
    fn typed_null_literal(&self, cx: &TypedCx<'_>, id: ExprId) -> bool {
        let e = cx.body.expr(id);
        let ExprKind::IntConst(0) = e.kind else {
            return false;
        };
        use crate::sema::types::{IntKind as K, TypeKind};
        matches!(
            self.types.int_kind(e.ty.ty),
            Some(K::Int | K::UInt | K::Long | K::ULong | K::LongLong | K::ULongLong)
        ) && !matches!(self.types.kind(e.ty.ty), TypeKind::Enum(_))
    }

    /// Splits an operand into what the one-walk lowering evaluates first (the expression
    /// below its conversions) and what it applies later, after the other operand: the read
    /// of an lvalue and the arithmetic conversions.
    pub(super) fn stage(&self, cx: &TypedCx<'_>, id: ExprId) -> Staged {
        let mut convs = Vec::new();
        let mut core = id;
        while let ExprKind::Convert { kind, expr } = cx.body.expr(core).kind {
            if kind == ConvKind::ToVoid {
                break;
            }
            convs.push(core);
            core = expr;
        }
        convs.reverse();
        let read = match convs.first().map(|&c| &cx.body.expr(c).kind) {
            Some(ExprKind::Convert {
                kind: ConvKind::LValueToRValue | ConvKind::ArrayToPointer,
                ..
            }) => Some(convs.remove(0)),
            _ => None,
        };
        Staged { core, read, convs }
    }

    /// The value of a staged operand's evaluated core, after its read.
    pub(super) fn staged_read(
        &mut self,
        cx: &TypedCx<'_>,
        op: Operand,
        st: &Staged,
    ) -> Option<Value> {
        if let (None, OpKind::RValue(v)) = (st.read, op.kind) {
            return Some(v);
        }
        let span = cx.body.expr(st.read.unwrap_or(st.core)).span;
        self.rvalue(op, span).map(|(v, _)| v)
    }

    /// A staged operand's value after its arithmetic conversions.
    pub(super) fn staged_convs(&mut self, cx: &TypedCx<'_>, mut v: Value, st: &Staged) -> Value {
        for &c in &st.convs {
            let ExprKind::Convert { expr, .. } = cx.body.expr(c).kind else {
                unreachable!("staged conversions are Convert nodes")
            };
            let (from, to) = (cx.body.expr(expr).ty.ty, cx.body.expr(c).ty.ty);
            v = self.convert(v, from, to);
        }
        v
    }

    /// Two operands in the one-walk lowering's order: both evaluated, both read, both
    /// converted.
    fn staged_pair(
        &mut self,
        cx: &mut TypedCx<'_>,
        a: ExprId,
        b: ExprId,
    ) -> Option<(Value, Value)> {
        let (sa, sb) = (self.stage(cx, a), self.stage(cx, b));
        let oa = self.typed_expr(cx, sa.core);
        let ob = self.typed_expr(cx, sb.core);
        let va = self.staged_read(cx, oa?, &sa)?;
        let vb = self.staged_read(cx, ob?, &sb)?;
        let va = self.staged_convs(cx, va, &sa);
        let vb = self.staged_convs(cx, vb, &sb);
        Some((va, vb))
    }

    fn elem_size_of(&mut self, pointer: QualType) -> Option<u64> {
        let elem = self.types.pointee(pointer.ty)?;
        self.types.size_of(elem.ty)
    }

    fn typed_convert(
        &mut self,
        cx: &mut TypedCx<'_>,
        kind: ConvKind,
        expr: ExprId,
        ty: QualType,
    ) -> Option<Operand> {
        let from = cx.body.expr(expr).clone();
        match kind {
            ConvKind::LValueToRValue | ConvKind::ArrayToPointer => {
                let op = self.typed_expr(cx, expr)?;
                let (v, _) = self.rvalue(op, from.span)?;
                Some(Operand::rv(v, ty))
            }
            ConvKind::Materialize
                if from.cat == Category::PRValue && self.types.is_record(ty.ty) =>
            {
                // A class prvalue lives in its own temporary already.
                match self.typed_expr(cx, expr)?.kind {
                    OpKind::LValue(a) => Some(Operand::lv(a, ty)),
                    _ => None,
                }
            }
            ConvKind::Materialize => {
                // Call arguments are lowered below their conversions (the call makes the
                // temporary); elsewhere the temporary is made here.
                let size = self.types.size_of(ty.ty)?;
                let align = self.types.align_of(ty.ty);
                let v = self.typed_value(cx, expr)?;
                let slot = self.alloca(size, align, from.span)?;
                self.store_scalar(slot, v, ty.unqual());
                Some(Operand::lv(slot, ty))
            }
            ConvKind::ToVoid => {
                self.typed_expr(cx, expr)?;
                Some(Operand {
                    ty,
                    kind: OpKind::Void,
                    npc: false,
                    cat: crate::irgen::expr::ValCat::LValue,
                })
            }
            _ => {
                debug_assert_eq!(from.cat, Category::PRValue);
                let v = self.typed_value(cx, expr)?;
                let c = self.convert(v, from.ty.ty, ty.ty);
                Some(Operand::rv(c, ty))
            }
        }
    }

    fn typed_inc_dec(
        &mut self,
        cx: &mut TypedCx<'_>,
        op: crate::ast::UnaryOp,
        target: ExprId,
        ty: QualType,
    ) -> Option<Operand> {
        let addr = self.typed_place(cx, target)?;
        let t = cx.body.expr(target).ty;
        let span = cx.body.expr(target).span;
        let v = self.inc_dec_at(op, addr, t, span)?;
        Some(Operand::rv(v, ty))
    }

    /// `a && b`, `a || b`: the right side runs only when needed; the join block takes
    /// the result as a parameter.
    fn typed_logical(
        &mut self,
        cx: &mut TypedCx<'_>,
        and: bool,
        lhs: ExprId,
        rhs: ExprId,
        ty: QualType,
    ) -> Option<Operand> {
        let a = self.typed_value(cx, lhs)?;
        let rb = self.new_block();
        let join = self.new_block();
        let p = self.fs().func.append_block_param(join, Type::I1);
        let short = self.iconst(Type::I1, if and { 0 } else { 1 });
        let (then_dest, else_dest) = if and {
            (BlockCall::plain(rb), BlockCall::new(join, vec![short]))
        } else {
            (BlockCall::new(join, vec![short]), BlockCall::plain(rb))
        };
        self.ins(
            InstData::Branch {
                cond: a,
                then_dest,
                else_dest,
            },
            None,
        );
        self.switch_to(rb);
        let Some(b) = self.typed_value(cx, rhs) else {
            self.jump_to(join);
            return None;
        };
        self.jump_with(join, vec![b]);
        self.switch_to(join);
        Some(Operand::rv(p, ty))
    }

    /// `c ? a : b`: a `select` of both values, or branches into a join block.
    fn typed_cond(
        &mut self,
        cx: &mut TypedCx<'_>,
        cond: ExprId,
        then: ExprId,
        els: ExprId,
        select: bool,
        ty: QualType,
    ) -> Option<Operand> {
        let c = self.typed_value(cx, cond)?;
        // As the one-walk lowering: both arms as operands, then each arm's read and
        // conversion (at the end of its own block when the arms are branches).
        let (ts, fs) = (self.stage(cx, then), self.stage(cx, els));
        if select {
            let t = self.typed_expr(cx, ts.core)?;
            let f = self.typed_expr(cx, fs.core)?;
            let t = self.staged_read(cx, t, &ts)?;
            let t = self.staged_convs(cx, t, &ts);
            let f = self.staged_read(cx, f, &fs)?;
            let f = self.staged_convs(cx, f, &fs);
            let v = self.select(c, t, f);
            return Some(Operand::rv(v, ty));
        }
        let tb = self.new_block();
        let fb = self.new_block();
        let join = self.new_block();
        self.branch(c, tb, fb);
        let arm = |s: &mut Self, cx: &mut TypedCx<'_>, b: Block, st: &Staged| {
            s.switch_to(b);
            let v = s.typed_expr(cx, st.core);
            (v, s.fs().cur)
        };
        let (t, t_end) = arm(self, cx, tb, &ts);
        let (f, f_end) = arm(self, cx, fb, &fs);
        let (t, f) = (t?, f?);
        self.fs().cur = t_end;
        let t = self.staged_read(cx, t, &ts)?;
        let t = self.staged_convs(cx, t, &ts);
        let t_end = self.fs().cur;
        self.fs().cur = f_end;
        let f = self.staged_read(cx, f, &fs)?;
        let f = self.staged_convs(cx, f, &fs);
        let f_end = self.fs().cur;
        let vt = self.vty(t);
        let p = self.fs().func.append_block_param(join, vt);
        self.fs().cur = t_end;
        self.jump_with(join, vec![t]);
        self.fs().cur = f_end;
        self.jump_with(join, vec![f]);
        self.switch_to(join);
        Some(Operand::rv(p, ty))
    }
}
