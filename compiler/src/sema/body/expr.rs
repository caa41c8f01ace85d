//! Expressions of the C subset: names resolved to what they denote, operators checked and
//! typed, and every implicit conversion made a `Convert` node (lvalue-to-rvalue, array
//! decay, promotions, the usual arithmetic conversions, the conversions of assignment,
//! initialization, argument passing and `return`).
//!
//! Each function answers `None` for a form this stage does not cover or an ill-formed
//! one; the body then goes to the one-walk lowering, which reports errors.

use super::{BodySema, Env, EnvName};
use crate::ast::{self, BinaryOp, ExprKind as A, UnaryOp};
use crate::sema::conv::{literal_kind, promote, usual_arith, Arith};
use crate::sema::tree::{Category, ConvKind, Decl, EntityRef, Expr, ExprId, ExprKind};
use crate::sema::types::{FloatKind, IntKind, QualType, TypeKind};
use crate::source::Span;

/// Deepest expression nesting analyzed (deeper bodies go to the lowering, which reports
/// its own limit).
const MAX_DEPTH: u32 = 256;

impl<E: Env> BodySema<'_, E> {
    pub(super) fn node(
        &mut self,
        kind: ExprKind,
        ty: QualType,
        cat: Category,
        span: Span,
    ) -> ExprId {
        self.body.add_expr(Expr {
            kind,
            ty,
            cat,
            npc: false,
            span,
        })
    }

    pub(super) fn prvalue(&mut self, kind: ExprKind, ty: QualType, span: Span) -> ExprId {
        self.node(kind, ty, Category::PRValue, span)
    }

    pub(super) fn ty(&self, e: ExprId) -> QualType {
        self.body.expr(e).ty
    }

    pub(super) fn kind_of(&mut self, t: QualType) -> TypeKind {
        self.env.types().kind(t.ty).clone()
    }

    pub(super) fn arith(&mut self, t: QualType) -> Option<Arith> {
        let types = self.env.types();
        if types.is_scoped_enum(t.ty) {
            return None;
        }
        if let Some(k) = types.int_kind(t.ty) {
            return Some(Arith::Int(k));
        }
        types.float_kind(t.ty).map(Arith::Float)
    }

    fn arith_type(&mut self, a: Arith) -> QualType {
        QualType::new(match a {
            Arith::Int(k) => self.env.types().int(k),
            Arith::Float(k) => self.env.types().float(k),
        })
    }

    fn bool_type(&mut self) -> QualType {
        QualType::new(self.env.types().int(IntKind::Bool))
    }

    /// An expression, in whatever category it has. Where the analysis gives up without a
    /// reason of its own, the innermost expression that failed names the reason.
    pub fn expr(&mut self, e: &ast::Expr<'_>, depth: u32) -> Option<ExprId> {
        let r = self.expr_form_of(e, depth);
        if r.is_none() && self.why.is_none() {
            let form = expr_form(&e.kind);
            self.why = Some(format!("an uncovered {form} expression"));
        }
        r
    }

    fn expr_form_of(&mut self, e: &ast::Expr<'_>, depth: u32) -> Option<ExprId> {
        if depth > MAX_DEPTH {
            return None;
        }
        let d = depth + 1;
        let span = e.span;
        match &e.kind {
            A::IntLit {
                value,
                suffix,
                decimal,
            } => {
                let k = literal_kind(*value, suffix.unsigned, suffix.longs, *decimal)?;
                let ty = QualType::new(self.env.types().int(k));
                let id = self.prvalue(ExprKind::IntConst(*value as i128), ty, span);
                self.body.exprs[id.0 as usize].npc = *value == 0;
                Some(id)
            }
            A::FloatLit {
                value,
                is_float,
                text,
            } => {
                let (v, k) = if *is_float {
                    (
                        self.env.float_literal(*text, *value) as f64,
                        FloatKind::Float,
                    )
                } else {
                    (*value, FloatKind::Double)
                };
                let ty = QualType::new(self.env.types().float(k));
                Some(self.prvalue(ExprKind::FloatConst(v), ty, span))
            }
            A::CharLit(c) => {
                let ty = QualType::new(self.env.types().int(IntKind::Char));
                Some(self.prvalue(ExprKind::IntConst(*c as i128), ty, span))
            }
            A::BoolLit(b) => {
                let ty = self.bool_type();
                Some(self.prvalue(ExprKind::IntConst(*b as i128), ty, span))
            }
            A::Ident(name) => self.name(*name, span),
            A::Name(q) => self.qualified_name(q, span),
            A::StrLit(bytes) => {
                let types = self.env.types();
                let c = QualType::new(types.int(IntKind::Char)).with_quals(
                    crate::sema::types::Qualifiers {
                        konst: true,
                        ..crate::sema::types::Qualifiers::NONE
                    },
                );
                let ty = QualType::new(types.array_of(c, Some(bytes.len() as u64 + 1)));
                let k = ExprKind::StrLit(bytes.to_vec());
                Some(self.node(k, ty, Category::LValue, span))
            }
            A::This => {
                let ty = self.env.this_type()?;
                Some(self.prvalue(ExprKind::This, ty, span))
            }
            A::Unary { op, expr } => self.unary(*op, expr, span, d),
            A::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, span, d),
            A::Assign { op, lhs, rhs } => self.assign(*op, lhs, rhs, span, d),
            A::Cond { cond, then, els } => self.conditional(cond, then, els, span, d),
            A::Cast { ty, expr, kind } => self.cast(ty, expr, *kind, span, d),
            A::Index { base, index } => self.index(base, index, span, d),
            A::Member {
                base, name, arrow, ..
            } => self.member(base, *name, *arrow, span, d),
            A::Call { callee, args } => self.call(callee, args, span, d),
            A::Lambda(l) => self.lambda(l, span),
            A::Construct {
                ty,
                args,
                braced: false,
            } => {
                let t = self.written_type(ty)?;
                self.temporary(t, args, span, d)
            }
            A::New {
                placement,
                ty,
                count,
                args,
                braced,
            } => {
                let form = super::new_delete::NewForm {
                    placement: *placement,
                    ty,
                    count: *count,
                    args: *args,
                    braced: *braced,
                };
                self.new_expr(form, span, d)
            }
            A::Delete { expr, array } => self.delete_expr(expr, *array, span, d),
            A::SizeofType(te) => {
                let t = self.written_type(te)?;
                self.size_const(t, span)
            }
            A::SizeofExpr(x) => {
                // Unevaluated: the nodes are made and dropped, only the type is kept.
                let mark = self.body.exprs.len();
                let t = self.expr(x, d).map(|id| self.ty(id));
                self.body.exprs.truncate(mark);
                self.size_const(t?, span)
            }
            _ => self.why(|| format!("the expression form {}", expr_form(&e.kind))),
        }
    }

    /// A temporary of the class with constructors `t`, from `args` as written, or a
    /// value-initialized one of a plain class (`T()`: the lowering's `construct_at`
    /// with no arguments, as the one-walk `temporary`).
    fn temporary(
        &mut self,
        t: QualType,
        args: &[&ast::Expr<'_>],
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let value_init = args.is_empty()
            && matches!(self.kind_of(t), TypeKind::Record(_))
            && self.env.plain_class(t);
        if !value_init && !self.env.constructible_class(t) {
            let n = self.env.show(t);
            return self.why(|| format!("a temporary of type \"{n}\""));
        }
        let args = args
            .iter()
            .map(|a| self.expr(a, d))
            .collect::<Option<Vec<_>>>()?;
        Some(self.prvalue(ExprKind::Temporary { args }, t.unqual(), span))
    }

    fn size_const(&mut self, t: QualType, span: Span) -> Option<ExprId> {
        if matches!(
            self.kind_of(t),
            TypeKind::Function { .. } | TypeKind::Void | TypeKind::Reference { .. }
        ) {
            return None;
        }
        let size = self.env.types().size_of(t.ty)?;
        let ty = QualType::new(self.env.types().int(IntKind::ULong));
        Some(self.prvalue(ExprKind::IntConst(size as i128), ty, span))
    }

    /// An unqualified name: a local of the body, else what the declaration tables say.
    fn name(&mut self, name: crate::intern::Symbol, span: Span) -> Option<ExprId> {
        if let Some(l) = self.local(name) {
            let loc = self.body.local(l);
            let ty = loc.ty;
            if let Some(cv) = loc.const_value {
                return Some(self.prvalue(ExprKind::Const(cv), ty.unqual(), span));
            }
            return Some(self.node(ExprKind::Name(Decl::Local(l)), ty, Category::LValue, span));
        }
        let Some(found) = self.env.lookup(name) else {
            let n = self.env.name(name).to_string();
            if n == "warpSize" {
                let int = QualType::new(self.env.types().int(IntKind::Int));
                return Some(self.prvalue(ExprKind::WarpSize, int, span));
            }
            return self.why(|| format!("the undeclared or dependent name \"{n}\""));
        };
        match found {
            EnvName::Var { id, ty } => Some(self.node(
                ExprKind::Name(Decl::Entity(EntityRef::Var(id))),
                ty,
                Category::LValue,
                span,
            )),
            EnvName::Const(v, ty) => Some(self.prvalue(ExprKind::Const(v), ty, span)),
            EnvName::Field => {
                // `x` is `this->x`: the class's own member or a base's.
                let Some(tt) = self.env.this_type() else {
                    return self.why(|| "a data member named outside a member function".into());
                };
                let this = self.prvalue(ExprKind::This, tt, span);
                let pointee = self.env.types().pointee(tt.ty)?;
                let obj = self.node(ExprKind::Deref(this), pointee, Category::LValue, span);
                self.field_of(obj, name, span)
            }
            EnvName::Func(_)
            | EnvName::Method
            | EnvName::Overloads
            | EnvName::Templates
            | EnvName::Other => {
                let n = self.env.name(name).to_string();
                self.why(|| format!("the name \"{n}\""))
            }
        }
    }

    /// The value of an expression: lvalues are read, arrays decay (C++ [conv.lval],
    /// [conv.array]). Classes, functions and `void` are not values here.
    pub fn rvalue(&mut self, e: &ast::Expr<'_>, depth: u32) -> Option<ExprId> {
        let id = self.expr(e, depth)?;
        self.read_value(id)
    }

    pub(super) fn read_value(&mut self, id: ExprId) -> Option<ExprId> {
        let x = self.body.expr(id).clone();
        if x.cat == Category::PRValue {
            return self.is_value_type(x.ty).then_some(id);
        }
        match self.kind_of(x.ty) {
            TypeKind::Array { elem, .. } => {
                let p = QualType::new(self.env.types().pointer_to(elem));
                Some(self.prvalue(
                    ExprKind::Convert {
                        kind: ConvKind::ArrayToPointer,
                        expr: id,
                    },
                    p,
                    x.span,
                ))
            }
            _ if self.is_value_type(x.ty) => Some(self.prvalue(
                ExprKind::Convert {
                    kind: ConvKind::LValueToRValue,
                    expr: id,
                },
                x.ty.unqual(),
                x.span,
            )),
            _ => {
                let t = self.env.show(x.ty);
                self.why(|| format!("a value of type \"{t}\""))
            }
        }
    }

    /// Arithmetic (not a scoped enumeration) or a pointer to an object type.
    pub(super) fn is_value_type(&mut self, t: QualType) -> bool {
        match self.kind_of(t) {
            TypeKind::Pointer(p) => !matches!(
                self.kind_of(p),
                TypeKind::Function { .. } | TypeKind::Reference { .. }
            ),
            _ => self.arith(t).is_some(),
        }
    }

    /// `id` converted to the arithmetic or pointer type `to` (see `convert`).
    pub(super) fn convert_to(&mut self, id: ExprId, to: QualType) -> Option<ExprId> {
        self.convert(id, to)
    }

    /// `id` converted to the arithmetic or pointer type `to` (the conversion's kind from
    /// the two types; none when they are the same type).
    fn convert(&mut self, id: ExprId, to: QualType) -> Option<ExprId> {
        let from = self.body.expr(id).clone();
        let to = to.unqual();
        if from.ty.ty == to.ty {
            return Some(id);
        }
        let types = self.env.types();
        let kind = if types.is_bool(to.ty) {
            ConvKind::ToBool
        } else if types.is_pointer(to.ty) {
            if types.is_pointer(from.ty.ty) {
                ConvKind::Pointer
            } else if from.npc {
                ConvKind::NullToPointer
            } else {
                ConvKind::IntPointer
            }
        } else if types.is_pointer(from.ty.ty) {
            ConvKind::IntPointer
        } else {
            match (types.is_float(from.ty.ty), types.is_float(to.ty)) {
                (false, false) => ConvKind::Integral,
                (true, true) => ConvKind::Floating,
                (false, true) => ConvKind::IntToFloat,
                (true, false) => ConvKind::FloatToInt,
            }
        };
        Some(self.prvalue(ExprKind::Convert { kind, expr: id }, to, from.span))
    }

    /// A value converted implicitly to `to` (initialization, assignment, argument,
    /// `return`): arithmetic to arithmetic, a pointer to the same pointee with at least
    /// its qualifiers or to `void *`, a null pointer constant to a pointer.
    pub fn implicit(&mut self, id: ExprId, to: QualType) -> Option<ExprId> {
        let from = self.body.expr(id).clone();
        if self.is_enum(to) && from.ty.ty != to.ty {
            // C++ converts nothing implicitly to an enumeration.
            return None;
        }
        let types = self.env.types();
        if types.is_pointer(to.ty) {
            if !types.is_pointer(from.ty.ty) {
                return (from.npc && types.is_integer(from.ty.ty))
                    .then(|| self.convert(id, to))
                    .flatten();
            }
            let (fp, tp) = (types.pointee(from.ty.ty)?, types.pointee(to.ty)?);
            let same = fp.ty == tp.ty || types.is_void(tp.ty);
            if !same || !fp.quals.subset_of(tp.quals) {
                return None;
            }
            return self.convert(id, to);
        }
        if types.is_pointer(from.ty.ty) {
            return types.is_bool(to.ty).then(|| self.convert(id, to)).flatten();
        }
        self.arith(to)?;
        self.arith(from.ty)?;
        self.convert(id, to)
    }

    /// A condition: a scalar value converted to `bool`.
    pub fn condition(&mut self, e: &ast::Expr<'_>, depth: u32) -> Option<ExprId> {
        let v = self.rvalue(e, depth)?;
        let b = self.bool_type();
        self.convert(v, b)
    }

    pub(super) fn is_enum(&mut self, t: QualType) -> bool {
        matches!(self.kind_of(t), TypeKind::Enum(_))
    }

    /// An lvalue that may be assigned: not `const`, not an array, of value type (not an
    /// enumeration: `++e` and `e += 1` would convert an `int` to it).
    fn modifiable(&mut self, e: &ast::Expr<'_>, depth: u32) -> Option<ExprId> {
        let id = self.expr(e, depth)?;
        let x = self.body.expr(id).clone();
        if x.cat != Category::LValue
            || x.ty.quals.konst
            || !self.is_value_type(x.ty)
            || self.is_enum(x.ty)
        {
            return None;
        }
        Some(id)
    }

    fn unary(&mut self, op: UnaryOp, x: &ast::Expr<'_>, span: Span, d: u32) -> Option<ExprId> {
        use crate::ast::OverloadedOp as O;
        let overloaded = match op {
            UnaryOp::Plus => Some(O::Plus),
            UnaryOp::Neg => Some(O::Minus),
            UnaryOp::LogNot => Some(O::Not),
            UnaryOp::BitNot => Some(O::Tilde),
            _ => None,
        };
        if let Some(oop) = overloaded {
            // A class operand: an operator function (the analysis is dropped otherwise).
            let mark = self.body.exprs.len();
            let o = self.expr(x, d)?;
            if let TypeKind::Record(_) = self.kind_of(self.ty(o)) {
                return self.operator_call(oop, &[o], span);
            }
            self.body.exprs.truncate(mark);
        }
        match op {
            UnaryOp::Deref => {
                let p = self.rvalue(x, d)?;
                let pt = self.ty(p);
                let pointee = self.env.types().pointee(pt.ty)?;
                if !self.is_value_type(pointee) && !self.env.types().is_record(pointee.ty) {
                    return None;
                }
                Some(self.node(ExprKind::Deref(p), pointee, Category::LValue, span))
            }
            UnaryOp::AddrOf => {
                let o = self.expr(x, d)?;
                let ox = self.body.expr(o).clone();
                if ox.cat != Category::LValue
                    || matches!(self.kind_of(ox.ty), TypeKind::Array { .. })
                {
                    return None;
                }
                let pt = QualType::new(self.env.types().pointer_to(ox.ty));
                Some(self.prvalue(ExprKind::AddrOf(o), pt, span))
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let t = self.modifiable(x, d)?;
                let ty = self.ty(t);
                if self.env.types().is_bool(ty.ty) {
                    return None;
                }
                if let Some(p) = self.env.types().pointee(ty.ty) {
                    self.env.types().size_of(p.ty)?;
                }
                Some(self.prvalue(ExprKind::IncDec { op, target: t }, ty.unqual(), span))
            }
            UnaryOp::LogNot => {
                let c = self.condition(x, d)?;
                let b = self.bool_type();
                Some(self.prvalue(ExprKind::Unary { op, expr: c }, b, span))
            }
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot => {
                let v = self.rvalue(x, d)?;
                let a = self.arith(self.ty(v))?;
                let pa = match a {
                    Arith::Int(k) => Arith::Int(promote(k)),
                    Arith::Float(_) if op == UnaryOp::BitNot => return None,
                    f => f,
                };
                let pt = self.arith_type(pa);
                let v = self.convert(v, pt)?;
                Some(self.prvalue(ExprKind::Unary { op, expr: v }, pt, span))
            }
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        l: &ast::Expr<'_>,
        r: &ast::Expr<'_>,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        match op {
            BinaryOp::Comma => {
                let a = self.expr(l, d)?;
                let b = self.expr(r, d)?;
                let bx = self.body.expr(b).clone();
                // The right operand's value is what the comma gives; keep it a value.
                let b = if bx.cat == Category::LValue {
                    self.read_value(b)?
                } else {
                    b
                };
                let ty = self.ty(b);
                Some(self.prvalue(ExprKind::Comma { lhs: a, rhs: b }, ty, span))
            }
            BinaryOp::LogAnd | BinaryOp::LogOr => {
                let a = self.condition(l, d)?;
                let b = self.condition(r, d)?;
                let ty = self.bool_type();
                Some(self.prvalue(
                    ExprKind::Logical {
                        and: op == BinaryOp::LogAnd,
                        lhs: a,
                        rhs: b,
                    },
                    ty,
                    span,
                ))
            }
            _ => {
                let a = self.expr(l, d)?;
                let b = self.expr(r, d)?;
                let class =
                    |s: &mut Self, x: ExprId| matches!(s.kind_of(s.ty(x)), TypeKind::Record(_));
                if class(self, a) || class(self, b) {
                    return self.operator_call(op.overloaded()?, &[a, b], span);
                }
                let a = self.read_value(a)?;
                let b = self.read_value(b)?;
                self.binary_values(op, a, b, span)
            }
        }
    }

    /// A binary operator on two values (also the operation of a compound assignment).
    fn binary_values(&mut self, op: BinaryOp, a: ExprId, b: ExprId, span: Span) -> Option<ExprId> {
        let (lt, rt) = (self.ty(a), self.ty(b));
        let types = self.env.types();
        let (lp, rp) = (types.is_pointer(lt.ty), types.is_pointer(rt.ty));
        let compare = matches!(
            op,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne
        );
        if lp || rp {
            if compare {
                // Pointers of the same type, or a pointer and a null pointer constant.
                let ok = if rp {
                    lp && types.pointee(lt.ty)?.ty == types.pointee(rt.ty)?.ty
                } else {
                    self.body.expr(b).npc
                };
                if !ok {
                    return None;
                }
                // Compared as `void *` (the null pointer constant converted to it).
                let void = QualType::new(self.env.types().void());
                let vp = QualType::new(self.env.types().pointer_to(void));
                let bt = self.bool_type();
                let (a, b) = (self.convert(a, vp)?, self.convert(b, vp)?);
                return Some(self.prvalue(
                    ExprKind::Binary {
                        op,
                        lhs: a,
                        rhs: b,
                        op_ty: vp,
                    },
                    bt,
                    span,
                ));
            }
            return self.pointer_arith(op, a, b, span);
        }
        let (la, ra) = (self.arith(lt)?, self.arith(rt)?);
        let integral_only = matches!(
            op,
            BinaryOp::Rem
                | BinaryOp::Shl
                | BinaryOp::Shr
                | BinaryOp::BitAnd
                | BinaryOp::BitOr
                | BinaryOp::BitXor
        );
        if integral_only && !(matches!(la, Arith::Int(_)) && matches!(ra, Arith::Int(_))) {
            return None;
        }
        let (ct, a, b) = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // The result has the promoted left type; the count is converted to it.
            let Arith::Int(k) = la else { return None };
            let pt = self.arith_type(Arith::Int(promote(k)));
            (pt, self.convert(a, pt)?, self.convert(b, pt)?)
        } else {
            let ct = self.arith_type(usual_arith(la, ra));
            (ct, self.convert(a, ct)?, self.convert(b, ct)?)
        };
        let ty = if compare { self.bool_type() } else { ct };
        Some(self.prvalue(
            ExprKind::Binary {
                op,
                lhs: a,
                rhs: b,
                op_ty: ct,
            },
            ty,
            span,
        ))
    }

    fn pointer_arith(&mut self, op: BinaryOp, a: ExprId, b: ExprId, span: Span) -> Option<ExprId> {
        let (lt, rt) = (self.ty(a), self.ty(b));
        let types = self.env.types();
        let (lp, rp) = (types.is_pointer(lt.ty), types.is_pointer(rt.ty));
        match op {
            BinaryOp::Sub if lp && rp => {
                let (pa, pb) = (types.pointee(lt.ty)?, types.pointee(rt.ty)?);
                if pa.ty != pb.ty || types.size_of(pa.ty).is_none() {
                    return None;
                }
                let long = QualType::new(types.int(IntKind::Long));
                Some(self.prvalue(ExprKind::PointerDiff { lhs: a, rhs: b }, long, span))
            }
            BinaryOp::Add | BinaryOp::Sub if lp != rp => {
                let (p, pt, i, it) = if lp { (a, lt, b, rt) } else { (b, rt, a, lt) };
                if !types.is_integer(it.ty) || (!lp && op == BinaryOp::Sub) {
                    return None;
                }
                types.size_of(types.pointee(pt.ty)?.ty)?;
                Some(self.prvalue(
                    ExprKind::PointerOffset {
                        ptr: p,
                        index: i,
                        sub: op == BinaryOp::Sub,
                    },
                    pt.unqual(),
                    span,
                ))
            }
            _ => None,
        }
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        l: &ast::Expr<'_>,
        r: &ast::Expr<'_>,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        // A class target: an operator function (the analysis is dropped otherwise).
        let mark = self.body.exprs.len();
        let t = self.expr(l, d)?;
        if let TypeKind::Record(_) = self.kind_of(self.ty(t)) {
            let oop = match op {
                None => crate::ast::OverloadedOp::Assign,
                Some(b) => b.compound_overloaded()?,
            };
            let v = self.expr(r, d)?;
            if self.body.expr(t).cat != Category::LValue {
                return None;
            }
            return self.operator_call(oop, &[t, v], span);
        }
        self.body.exprs.truncate(mark);
        let target = self.modifiable(l, d)?;
        let value = self.rvalue(r, d)?;
        let lt = self.ty(target);
        match op {
            None => {
                let v = self.implicit(value, lt)?;
                Some(self.prvalue(ExprKind::Assign { target, value: v }, lt.unqual(), span))
            }
            Some(bop) => {
                if self.env.types().is_pointer(lt.ty) {
                    return self.pointer_compound_assign(bop, target, value, span);
                }
                // The operation as `target op value` on a stand-in for the target's value
                // gives the common type and the converted right operand.
                let stand_in = self.prvalue(ExprKind::IntConst(0), lt.unqual(), span);
                let res = self.binary_values(bop, stand_in, value, span)?;
                let ExprKind::Binary { rhs, op_ty, .. } = self.body.expr(res).kind.clone() else {
                    return None;
                };
                self.arith(lt)?;
                Some(self.prvalue(
                    ExprKind::CompoundAssign {
                        op: bop,
                        target,
                        value: rhs,
                        op_ty,
                    },
                    lt.unqual(),
                    span,
                ))
            }
        }
    }

    /// `p += i`, `p -= i`: an integer operand (not converted: the offset is scaled from
    /// its own type, as for `p + i`) and a pointer to a complete object type.
    fn pointer_compound_assign(
        &mut self,
        op: BinaryOp,
        target: ExprId,
        index: ExprId,
        span: Span,
    ) -> Option<ExprId> {
        let sub = match op {
            BinaryOp::Add => false,
            BinaryOp::Sub => true,
            _ => return None,
        };
        let (lt, it) = (self.ty(target), self.ty(index));
        if !matches!(self.arith(it), Some(Arith::Int(_))) {
            return None;
        }
        let types = self.env.types();
        let elem = types.pointee(lt.ty)?;
        if matches!(types.kind(elem.ty), TypeKind::Function { .. }) {
            return None;
        }
        types.size_of(elem.ty)?;
        Some(self.prvalue(
            ExprKind::PointerCompoundAssign { target, index, sub },
            lt.unqual(),
            span,
        ))
    }

    fn conditional(
        &mut self,
        cond: &ast::Expr<'_>,
        then: &ast::Expr<'_>,
        els: &ast::Expr<'_>,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let c = self.condition(cond, d)?;
        let t = self.rvalue(then, d)?;
        let f = self.rvalue(els, d)?;
        let (tt, ft) = (self.ty(t), self.ty(f));
        // The same type is the result ([expr.cond]/7); otherwise arithmetic operands
        // take the usual arithmetic conversions.
        let rt = match (self.arith(tt), self.arith(ft)) {
            _ if tt.ty == ft.ty => tt.unqual(),
            (Some(a), Some(b)) => self.arith_type(usual_arith(a, b)),
            _ => return None,
        };
        let t = self.convert(t, rt)?;
        let f = self.convert(f, rt)?;
        let select = super::is_cheap(then, true) && super::is_cheap(els, true);
        Some(self.prvalue(
            ExprKind::Cond {
                cond: c,
                then: t,
                els: f,
                select,
            },
            rt,
            span,
        ))
    }

    fn cast(
        &mut self,
        te: &ast::TypeExpr<'_>,
        x: &ast::Expr<'_>,
        kind: ast::CastKind,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let to = self.written_type(te)?;
        if let TypeKind::Record(_) = self.kind_of(to) {
            // A cast to a class with constructors makes a temporary of it.
            return self.temporary(to, std::slice::from_ref(&x), span, d);
        }
        let v = self.rvalue(x, d)?;
        let from = self.ty(v);
        if self.env.types().is_void(to.ty) {
            let void = to.unqual();
            return Some(self.prvalue(
                ExprKind::Cast {
                    kind: ConvKind::ToVoid,
                    expr: v,
                },
                void,
                span,
            ));
        }
        if !self.is_value_type(to) {
            return None;
        }
        let types = self.env.types();
        let (fp, tp) = (types.is_pointer(from.ty), types.is_pointer(to.ty));
        // Pointers convert only to and from pointers and 64-bit integers (never floats).
        let int64 = |t: QualType| types.int_kind(t.ty).is_some_and(|k| k.bits() == 64);
        if (fp && !tp && !int64(to)) || (tp && !fp && !int64(from)) {
            return None;
        }
        let pointees = if fp && tp {
            Some((types.pointee(from.ty)?, types.pointee(to.ty)?))
        } else {
            None
        };
        // Between pointers to two different classes a C-style or static cast may move the
        // pointer to a base subobject (the one-walk lowering's `class_cast` adjusts it): not
        // covered here.
        let record = |t: QualType| matches!(types.kind(t.ty), TypeKind::Record(_));
        if pointees.is_some_and(|(a, b)| a.ty != b.ty && record(a) && record(b))
            && kind != ast::CastKind::Reinterpret
        {
            return self.why(|| "a cast between pointers to classes".into());
        }
        // What only a C-style cast (or `const_cast`) may do: drop qualifiers of the pointee.
        let casts_away_quals = pointees.is_some_and(|(a, b)| !a.quals.subset_of(b.quals));
        let related = pointees
            .is_some_and(|(a, b)| a.ty == b.ty || types.is_void(a.ty) || types.is_void(b.ty));
        let allowed = match kind {
            ast::CastKind::C | ast::CastKind::Functional => true,
            ast::CastKind::Static => !fp && !tp || (related && !casts_away_quals),
            ast::CastKind::Reinterpret => (fp || tp) && !casts_away_quals,
            ast::CastKind::Const => false,
        };
        if !allowed {
            return None;
        }
        // A cast makes a prvalue of its own even to the same type (`(int)x = 1` is an
        // error), so it is always a node.
        let c = self.convert(v, to)?;
        let kind = match self.body.expr(c).kind {
            ExprKind::Convert { kind, .. } if c != v => kind,
            _ if self.env.types().is_pointer(to.ty) => ConvKind::Pointer,
            _ if self.env.types().is_float(to.ty) => ConvKind::Floating,
            _ => ConvKind::Integral,
        };
        if c != v {
            self.body.exprs.pop();
        }
        Some(self.prvalue(ExprKind::Cast { kind, expr: v }, to.unqual(), span))
    }

    fn index(
        &mut self,
        base: &ast::Expr<'_>,
        index: &ast::Expr<'_>,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let b = self.expr(base, d)?;
        if matches!(self.kind_of(self.ty(b)), TypeKind::Record(_)) {
            // `a[i]` on a class object: its `operator[]` ([over.sub]).
            let i = self.expr(index, d)?;
            return self.operator_call(crate::ast::OverloadedOp::Index, &[b, i], span);
        }
        let b = self.read_value(b)?;
        let i = self.rvalue(index, d)?;
        let bt = self.ty(b);
        let (p, i) = if self.env.types().is_pointer(bt.ty) {
            (b, i)
        } else {
            (i, b)
        };
        let types = self.env.types();
        let elem = types.pointee(self.body.expr(p).ty.ty)?;
        if !types.is_integer(self.body.expr(i).ty.ty) || types.size_of(elem.ty).is_none() {
            return None;
        }
        if matches!(types.kind(elem.ty), TypeKind::Function { .. }) {
            return None;
        }
        Some(self.node(
            ExprKind::Index { ptr: p, index: i },
            elem,
            Category::LValue,
            span,
        ))
    }

    fn member(
        &mut self,
        base: &ast::Expr<'_>,
        name: crate::intern::Symbol,
        arrow: bool,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        if !arrow {
            if let A::Ident(b) = &base.kind {
                if self.local(*b).is_none() {
                    if let Some(var) = self.env.builtin_var(*b) {
                        let dim = match self.env.name(name) {
                            "x" => 0,
                            "y" => 1,
                            "z" => 2,
                            _ => return None,
                        };
                        let ty = QualType::new(self.env.types().int(IntKind::UInt));
                        return Some(self.prvalue(ExprKind::BuiltinMember(var, dim), ty, span));
                    }
                }
            }
        }
        let obj = self.object(base, arrow, d)?;
        self.field_of(obj, name, span)
    }

    /// The object of `base.m` or `base->m`: an lvalue (`*base` for the arrow).
    pub(super) fn object(&mut self, base: &ast::Expr<'_>, arrow: bool, d: u32) -> Option<ExprId> {
        if arrow {
            let p = self.rvalue(base, d)?;
            let pt = self.ty(p);
            let pointee = self.env.types().pointee(pt.ty)?;
            return Some(self.node(ExprKind::Deref(p), pointee, Category::LValue, base.span));
        }
        let o = self.expr(base, d)?;
        (self.body.expr(o).cat == Category::LValue).then_some(o)
    }

    /// The data member `name` of the record object `obj` (an lvalue).
    fn field_of(&mut self, obj: ExprId, name: crate::intern::Symbol, span: Span) -> Option<ExprId> {
        let rty = self.ty(obj);
        let TypeKind::Record(r) = self.kind_of(rty) else {
            return None;
        };
        let Some((offset, fty, bits)) = self.env.field(r, name) else {
            let (n, t) = (self.env.name(name).to_string(), self.env.show(rty));
            return self.why(|| format!("the member \"{n}\" of \"{t}\""));
        };
        if bits.is_some() {
            return None;
        }
        Some(self.node(
            ExprKind::Field {
                base: obj,
                name,
                offset,
            },
            fty.with_quals(fty.quals.union(rty.quals)),
            Category::LValue,
            span,
        ))
    }
}

/// The name of an expression form, for `--emit=sema`'s note on bodies not covered yet.
pub(super) fn expr_form(k: &A<'_>) -> &'static str {
    match k {
        A::StrLit(_) => "string literal",
        A::Nullptr => "nullptr",
        A::Name(_) => "qualified name",
        A::This => "this",
        A::Construct { .. } => "construction",
        A::QualMember { .. } => "qualified member",
        A::InitList { .. } => "braced list",
        A::Lambda(_) => "lambda",
        A::MemberPtr { .. } => "pointer to member",
        A::New { .. } => "new",
        A::Delete { .. } => "delete",
        A::AlignofType(_) => "alignof",
        A::SizeofPack(_) | A::PackExpansion(_) | A::Fold { .. } => "pack",
        A::IntLit { .. } | A::FloatLit { .. } | A::CharLit { .. } | A::BoolLit(_) => "literal",
        A::Ident(_) => "name",
        A::Unary { .. } => "unary operator",
        A::Binary { .. } => "binary operator",
        A::Assign { .. } => "assignment",
        A::Cond { .. } => "conditional",
        A::Call { .. } => "call",
        A::Index { .. } => "subscript",
        A::Member { .. } => "member access",
        A::SizeofType(_) | A::SizeofExpr(_) => "sizeof",
        _ => "cast or other",
    }
}
