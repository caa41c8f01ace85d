//! Expressions in constant evaluation (the constexpr interpreter of `constexpr_fn.rs`):
//! names of locals, parameters, members of `this` and constexpr variables designate
//! places; member access, indexing, `*p`, `&x`, assignments and increments work on places
//! (`constexpr_mem.rs`); arithmetic goes through `sema::consteval`'s operators, so it is
//! the device's arithmetic in the operands' types. Literals, casts to arithmetic types,
//! `sizeof` and qualified constants are `sema::consteval`'s, which hands everything else
//! back here through `ConstEnv::other`.

use super::constexpr_fn::FnEnv;
use super::constexpr_mem::{Base, CxVal, Place};
use super::Binding;
use crate::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use crate::intern::Symbol;
use crate::sema::consteval::{self, binary_op, contains_call, ConstEnv, ConstError, ConstValue};
use crate::sema::conv::usual_arith;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

impl FnEnv<'_, '_> {
    /// Evaluates `e`: lvalues as `Ref`, everything else as a value.
    pub fn operand(&mut self, e: &Expr<'_>) -> Result<CxVal, ConstError> {
        self.l.depth += 1;
        let r = if self.l.depth > super::MAX_NESTING {
            Err(ConstError::NotConstant(e.span))
        } else {
            self.operand_inner(e)
        };
        self.l.depth -= 1;
        r
    }

    fn operand_inner(&mut self, e: &Expr<'_>) -> Result<CxVal, ConstError> {
        let nc = ConstError::NotConstant(e.span);
        match &e.kind {
            ExprKind::Ident(n) => self.name(*n, e.span),
            ExprKind::This => self.this.map(CxVal::Ptr).ok_or(nc),
            ExprKind::Member {
                base, name, arrow, ..
            } => {
                let obj = if *arrow {
                    self.pointee(base)?
                } else {
                    self.object_place(base)?
                };
                self.field(obj, *name, e.span).map(CxVal::Ref)
            }
            ExprKind::Index { base, index } => {
                let arr = self.object_place(base)?;
                let i = self.scalar(index)?.as_int().ok_or(nc.clone())?;
                let TypeKind::Array { elem, len } = self.l.types.kind(arr.ty.ty).clone() else {
                    return Err(nc);
                };
                // An access outside the array is undefined behavior: not a constant.
                if i < 0 || len.is_some_and(|n| i as u64 >= n) {
                    return Err(nc);
                }
                let size = self.l.cx_size(elem, e.span)?;
                Ok(CxVal::Ref(Place {
                    base: arr.base,
                    off: arr.off + i as u64 * size,
                    ty: elem.with_quals(arr.ty.quals),
                }))
            }
            ExprKind::Unary {
                op: UnaryOp::Deref,
                expr,
            } => self.pointee(expr).map(CxVal::Ref),
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                expr,
            } => match self.operand(expr)? {
                CxVal::Ref(p) => Ok(CxVal::Ptr(p)),
                _ => Err(nc),
            },
            ExprKind::Unary {
                op: op @ (UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec),
                expr,
            } => self.increment(*op, expr, e.span),
            ExprKind::Unary { op, expr } => {
                let v = self.operand(expr)?;
                if let Some(r) = self.class_operator_unary(*op, &v, e.span)? {
                    return Ok(r);
                }
                let v = self.scalar_of(v, expr.span)?;
                consteval::unary(*op, v).map(CxVal::Scalar).ok_or(nc)
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e.span),
            ExprKind::Assign { op, lhs, rhs } => self.assign(*op, lhs, rhs, e.span),
            ExprKind::Cond { cond, then, els } => {
                let c = self.scalar(cond)?;
                let (chosen, other) = if c.is_zero() {
                    (els, then)
                } else {
                    (then, els)
                };
                let v = self.operand(chosen)?;
                let CxVal::Scalar(s) = v else {
                    return Ok(v);
                };
                // The usual arithmetic conversions of the two operands, when the other one
                // can be evaluated without effects.
                if contains_call(other, 0) {
                    return Ok(CxVal::Scalar(s));
                }
                let mark = self.mem.mark();
                let o = self
                    .operand(other)
                    .and_then(|o| self.scalar_of(o, other.span));
                self.mem.release(mark);
                Ok(CxVal::Scalar(match o {
                    Ok(o) => s.convert(usual_arith(s.arith(), o.arith())),
                    Err(_) => s,
                }))
            }
            ExprKind::Call { callee, args } => self.call_expr(callee, args, e.span),
            ExprKind::Construct { ty, args, .. } => {
                let t = self.l.resolve_type(ty).ok_or(ConstError::Reported)?;
                if !self.l.cx_is_object(t) {
                    let v = match args.first() {
                        Some(a) => self.scalar(a)?,
                        None => ConstValue::int(0, crate::sema::IntKind::Int),
                    };
                    return self.convert_scalar(v, t, e.span);
                }
                let b = self.construct_new(t, args, e.span)?;
                Ok(CxVal::Obj(t.unqual(), b))
            }
            ExprKind::InitList {
                ty: Some(ty),
                items,
            } => {
                let t = self.l.resolve_type(ty).ok_or(ConstError::Reported)?;
                let init = crate::ast::Init::List {
                    items,
                    span: e.span,
                };
                let b = self.new_object(t, Some(&init), e.span)?;
                if self.l.cx_is_object(t) {
                    Ok(CxVal::Obj(t.unqual(), b))
                } else {
                    let v = self.l.cx_decode(&b, t, e.span)?;
                    Ok(CxVal::Scalar(v))
                }
            }
            ExprKind::Cast { ty, expr, .. } => {
                let t = self.l.resolve_type(ty).ok_or(ConstError::Reported)?;
                if self.l.cx_is_object(t) {
                    let b = self.construct_new(t, &[*expr], e.span)?;
                    return Ok(CxVal::Obj(t.unqual(), b));
                }
                if self.l.types.is_void(t.ty) {
                    self.operand(expr)?;
                    return Ok(CxVal::Scalar(ConstValue::int(0, crate::sema::IntKind::Int)));
                }
                let v = self.scalar(expr)?;
                self.convert_scalar(v, t, e.span)
            }
            ExprKind::Name(q) => {
                if let Ok(v) = consteval::eval(self, e) {
                    return Ok(CxVal::Scalar(v));
                }
                match self.l.lookup_qualified(q) {
                    Some(Binding::Var(v)) => self.var_image(v, e.span),
                    _ => Err(nc),
                }
            }
            ExprKind::IntLit { .. }
            | ExprKind::FloatLit { .. }
            | ExprKind::CharLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(_)
            | ExprKind::SizeofExpr(_)
            | ExprKind::SizeofPack(_) => consteval::eval(self, e).map(CxVal::Scalar),
            _ => Err(nc),
        }
    }

    /// A scalar converted to arithmetic type `t`.
    fn convert_scalar(&self, v: ConstValue, t: QualType, span: Span) -> Result<CxVal, ConstError> {
        let a = self.l.arith_of(t.ty).ok_or(ConstError::NotConstant(span))?;
        Ok(CxVal::Scalar(v.convert(a)))
    }

    /// The value of `e` as a scalar.
    pub fn scalar(&mut self, e: &Expr<'_>) -> Result<ConstValue, ConstError> {
        let v = self.operand(e)?;
        self.scalar_of(v, e.span)
    }

    pub fn scalar_of(&mut self, v: CxVal, span: Span) -> Result<ConstValue, ConstError> {
        match v {
            CxVal::Scalar(s) => Ok(s),
            CxVal::Ref(p) => {
                let size = self.l.cx_size(p.ty, span)?;
                let b = self.mem.bytes(&self.l.cx, p, size, span)?;
                self.l.cx_decode(b, p.ty, span)
            }
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    /// The value stored at `p` (a scalar or a copy of the object).
    pub fn read(&mut self, p: Place, span: Span) -> Result<CxVal, ConstError> {
        if self.l.cx_is_object(p.ty) {
            let size = self.l.cx_size(p.ty, span)?;
            let b = self.mem.bytes(&self.l.cx, p, size, span)?.to_vec();
            Ok(CxVal::Obj(p.ty.unqual(), b))
        } else {
            self.scalar_of(CxVal::Ref(p), span).map(CxVal::Scalar)
        }
    }

    /// The bytes of an object value of type `t` (a prvalue or a copy of an lvalue).
    pub fn object_bytes(
        &mut self,
        v: CxVal,
        t: QualType,
        span: Span,
    ) -> Result<Vec<u8>, ConstError> {
        match v {
            CxVal::Obj(ot, b) if ot.ty == t.ty => Ok(b),
            CxVal::Ref(p) if p.ty.ty == t.ty => {
                let size = self.l.cx_size(p.ty, span)?;
                Ok(self.mem.bytes(&self.l.cx, p, size, span)?.to_vec())
            }
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    /// The place of an object expression (a prvalue becomes a temporary).
    pub fn object_place(&mut self, e: &Expr<'_>) -> Result<Place, ConstError> {
        let v = self.operand(e)?;
        self.materialize(v, e.span)
    }

    /// The place holding `v` (a new slot for a value).
    pub fn materialize(&mut self, v: CxVal, span: Span) -> Result<Place, ConstError> {
        match v {
            CxVal::Ref(p) => Ok(p),
            CxVal::Obj(t, b) => Ok(Place {
                base: Base::Slot(self.mem.alloc(b, span)?),
                off: 0,
                ty: t,
            }),
            CxVal::Scalar(s) => {
                let t = self.l.cx_type_of_scalar(s);
                let b = self.l.cx_encode(s, t, span)?;
                Ok(Place {
                    base: Base::Slot(self.mem.alloc(b, span)?),
                    off: 0,
                    ty: t,
                })
            }
            CxVal::Ptr(_) => Err(ConstError::NotConstant(span)),
        }
    }

    /// The object a pointer expression points to.
    fn pointee(&mut self, e: &Expr<'_>) -> Result<Place, ConstError> {
        match self.operand(e)? {
            CxVal::Ptr(p) => Ok(p),
            _ => Err(ConstError::NotConstant(e.span)),
        }
    }

    /// Member `name` of the class object at `obj`.
    pub fn field(&mut self, obj: Place, name: Symbol, span: Span) -> Result<Place, ConstError> {
        let r = self
            .l
            .is_class(obj.ty)
            .ok_or(ConstError::NotConstant(span))?;
        let (off, fty) = self
            .l
            .field_of(r, name)
            .ok_or(ConstError::NotConstant(span))?;
        // Bit-fields are not objects with their own bytes.
        let is_bits = self
            .l
            .types
            .record(r)
            .fields
            .iter()
            .any(|f| f.name == Some(name) && f.bits.is_some());
        if is_bits {
            return Err(ConstError::NotConstant(span));
        }
        Ok(Place {
            base: obj.base,
            off: obj.off + off,
            ty: fty.with_quals(obj.ty.quals.union(fty.quals)),
        })
    }

    /// A name: a local, a member of `this`, or a constant of the enclosing scopes.
    fn name(&mut self, n: Symbol, span: Span) -> Result<CxVal, ConstError> {
        if let Some(p) = self.local(n) {
            return Ok(CxVal::Ref(p));
        }
        if let Some(this) = self.this {
            if let Some(r) = self.l.is_class(this.ty) {
                if self.l.field_of(r, n).is_some() {
                    return self.field(this, n, span).map(CxVal::Ref);
                }
            }
        }
        if let Some(v) = self.l.lookup_const(n) {
            return Ok(CxVal::Scalar(v));
        }
        match self.l.lookup_ordinary(n) {
            Some(Binding::Var(v)) => self.var_image(v, span),
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    /// A constexpr variable of class or array type: its finished image.
    fn var_image(&mut self, v: super::VarId, span: Span) -> Result<CxVal, ConstError> {
        if let Some(c) = self.l.var(v).const_value {
            return Ok(CxVal::Scalar(c));
        }
        let (ty, _) = self
            .l
            .cx
            .images
            .get(&v)
            .ok_or(ConstError::NotConstant(span))?;
        Ok(CxVal::Ref(Place {
            base: Base::Var(v),
            off: 0,
            ty: *ty,
        }))
    }

    /// Writes scalar `v` into the scalar object at `p` (converted to its type).
    pub fn store_scalar(&mut self, p: Place, v: ConstValue, span: Span) -> Result<(), ConstError> {
        if p.ty.quals.konst && !self.constructing(p) {
            return Err(ConstError::NotConstant(span));
        }
        let b = self.l.cx_encode(v, p.ty, span)?;
        self.mem.write(p, &b, span)
    }

    /// True while `p` is inside the object a constructor is initializing (its `const`
    /// members may be initialized there).
    fn constructing(&self, p: Place) -> bool {
        self.this.is_some_and(|t| t.base == p.base) && self.is_ctor
    }

    fn increment(&mut self, op: UnaryOp, x: &Expr<'_>, span: Span) -> Result<CxVal, ConstError> {
        let CxVal::Ref(p) = self.operand(x)? else {
            return Err(ConstError::NotConstant(x.span));
        };
        let cur = self.scalar_of(CxVal::Ref(p), span)?;
        let one = ConstValue::int(1, crate::sema::IntKind::Int);
        let bop = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
            BinaryOp::Add
        } else {
            BinaryOp::Sub
        };
        let v = binary_op(bop, cur, one, span)?;
        self.check_overflow_op(bop, cur, one, v, span)?;
        self.store_scalar(p, v, span)?;
        Ok(match op {
            UnaryOp::PreInc | UnaryOp::PreDec => CxVal::Ref(p),
            _ => CxVal::Scalar(cur),
        })
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expr<'_>,
        rhs: &Expr<'_>,
        span: Span,
    ) -> Result<CxVal, ConstError> {
        match op {
            BinaryOp::LogAnd | BinaryOp::LogOr => {
                let l = self.scalar(lhs)?;
                let short = if op == BinaryOp::LogAnd {
                    l.is_zero()
                } else {
                    !l.is_zero()
                };
                let t = if short {
                    op == BinaryOp::LogOr
                } else {
                    !self.scalar(rhs)?.is_zero()
                };
                Ok(CxVal::Scalar(ConstValue::int(
                    t as i128,
                    crate::sema::IntKind::Bool,
                )))
            }
            BinaryOp::Comma => {
                self.operand(lhs)?;
                self.operand(rhs)
            }
            _ => {
                let l = self.operand(lhs)?;
                let r = self.operand(rhs)?;
                if let Some(v) = self.class_operator_binary(op, &l, &r, span)? {
                    return Ok(v);
                }
                let l = self.scalar_of(l, lhs.span)?;
                let r = self.scalar_of(r, rhs.span)?;
                let v = binary_op(op, l, r, span)?;
                self.check_overflow_op(op, l, r, v, span)?;
                Ok(CxVal::Scalar(v))
            }
        }
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        lhs: &Expr<'_>,
        rhs: &Expr<'_>,
        span: Span,
    ) -> Result<CxVal, ConstError> {
        let r = self.operand(rhs)?;
        let CxVal::Ref(p) = self.operand(lhs)? else {
            return Err(ConstError::NotConstant(lhs.span));
        };
        if self.l.cx_is_object(p.ty) {
            if let Some(v) = self.class_operator_assign(op, p, &r, span)? {
                return Ok(v);
            }
            if op.is_some() || (p.ty.quals.konst && !self.constructing(p)) {
                return Err(ConstError::NotConstant(span));
            }
            let b = self.object_bytes(r, p.ty, rhs.span)?;
            self.mem.write(p, &b, span)?;
            return Ok(CxVal::Ref(p));
        }
        let r = self.scalar_of(r, rhs.span)?;
        let v = match op {
            Some(op) => {
                let cur = self.scalar_of(CxVal::Ref(p), lhs.span)?;
                let v = binary_op(op, cur, r, span)?;
                self.check_overflow_op(op, cur, r, v, span)?;
                v
            }
            None => r,
        };
        self.store_scalar(p, v, span)?;
        Ok(CxVal::Ref(p))
    }
}

impl consteval::ConstEnv for FnEnv<'_, '_> {
    fn lookup_const(&mut self, name: Symbol) -> Option<ConstValue> {
        let v = self.name(name, Span::default()).ok()?;
        self.scalar_of(v, Span::default()).ok()
    }
    fn cast_target(
        &mut self,
        ty: &crate::ast::TypeExpr<'_>,
    ) -> Result<crate::sema::conv::Arith, ConstError> {
        self.l.cast_target(ty)
    }
    fn sizeof_type(&mut self, ty: &crate::ast::TypeExpr<'_>) -> Result<u64, ConstError> {
        self.l.sizeof_type(ty)
    }
    fn alignof_type(&mut self, ty: &crate::ast::TypeExpr<'_>) -> Result<u64, ConstError> {
        self.l.alignof_type(ty)
    }
    fn sizeof_expr(&mut self, e: &Expr<'_>) -> Result<u64, ConstError> {
        self.l.sizeof_expr(e)
    }
    fn float_literal(&mut self, text: Symbol, value: f64) -> f32 {
        self.l.float_literal(text, value)
    }
    fn lookup_qual_const(&mut self, q: &crate::ast::QualName<'_>) -> Option<ConstValue> {
        self.l.lookup_qual_const(q)
    }
    fn call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        let v = self.call_expr(callee, args, span)?;
        self.scalar_of(v, span)
    }
    fn other(&mut self, e: &Expr<'_>) -> Result<ConstValue, ConstError> {
        self.scalar(e)
    }
}
