//! Binary operators, assignment (plain and compound) and `++`/`--`: operand checks with
//! nvcc's messages, the usual arithmetic conversions, pointer arithmetic, and `&&`/`||`
//! short-circuited with branches into a join block that takes the result as a parameter.

use super::bitfield::Place;
use super::expr::{ConvCtx, OpKind, Operand};
use super::Lowerer;
use crate::ast::{BinaryOp, Expr, UnaryOp};
use crate::sema::conv::{promote, usual_arith};
use crate::sema::types::{IntKind, QualType};
use crate::source::Span;
use oxicc_ir::{BinaryOp as IrOp, CastOp, Type, Value};

impl Lowerer<'_> {
    pub fn binary(
        &mut self,
        op: BinaryOp,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Operand> {
        match op {
            BinaryOp::Comma => {
                self.expr_discard(l);
                self.expr(r)
            }
            BinaryOp::LogAnd | BinaryOp::LogOr => self.logical(op, l, r),
            _ => {
                let lo = self.expr(l);
                let ro = self.expr(r);
                if let (Some(a), Some(b)) = (&lo, &ro) {
                    if let Some(res) = self.member_fn_ptr_compare(op, a, b, span) {
                        return res;
                    }
                    // Operator functions were tried before this built-in meaning.
                    if self.types.is_record(a.ty.ty) || self.types.is_record(b.ty.ty) {
                        self.no_operator_matches(op, a.ty, b.ty, span);
                        return None;
                    }
                }
                let (lv, lt) = self.rvalue(lo?, l.span)?;
                let ro = ro?;
                let rnpc = ro.npc;
                let (rv, rt) = self.rvalue(ro, r.span)?;
                self.binary_values(op, (lv, lt), (rv, rt), rnpc, span)
            }
        }
    }

    /// A binary operator on two values (shared by compound assignment).
    pub fn binary_values(
        &mut self,
        op: BinaryOp,
        (lv, lt): (Value, QualType),
        (rv, rt): (Value, QualType),
        rnpc: bool,
        span: Span,
    ) -> Option<Operand> {
        if self.types.is_scoped_enum(lt.ty) || self.types.is_scoped_enum(rt.ty) {
            return self.scoped_enum_binary(op, (lv, lt), (rv, rt), span);
        }
        if let Some(r) = self.member_pointer_compare(op, (lv, lt), (rv, rt), rnpc, span) {
            return r;
        }
        let lp = self.types.is_pointer(lt.ty);
        let rp = self.types.is_pointer(rt.ty);
        match op {
            BinaryOp::Add | BinaryOp::Sub if lp || rp => {
                return self.pointer_arith(op, (lv, lt), (rv, rt), span)
            }
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne
                if lp || rp =>
            {
                let ok = (lp && rp)
                    || (lp && rnpc && self.types.is_integer(rt.ty))
                    || (rp && self.types.is_integer(lt.ty));
                if !ok {
                    self.incompatible(lt, rt, span);
                    return None;
                }
                let (a, b) = (self.as_pointer(lv, lt), self.as_pointer(rv, rt));
                let void = QualType::new(self.types.void());
                let ty = self.types.pointer_to(void);
                let v = self.compare(op, a, b, ty);
                return Some(Operand::rv(v, self.bool_type()));
            }
            _ => {}
        }
        let (Some(la), Some(ra)) = (self.arith_of(lt.ty), self.arith_of(rt.ty)) else {
            self.incompatible(lt, rt, span);
            return None;
        };
        let integral_only = matches!(
            op,
            BinaryOp::Rem
                | BinaryOp::Shl
                | BinaryOp::Shr
                | BinaryOp::BitAnd
                | BinaryOp::BitOr
                | BinaryOp::BitXor
        );
        if integral_only {
            let mut bad = false;
            for t in [lt, rt] {
                if !self.types.is_integer(t.ty) {
                    self.error(span, "expression must have integral or unscoped enum type");
                    bad = true;
                }
            }
            if bad {
                return None;
            }
        }
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // The result has the promoted left type; the count is converted to it.
            let (a, pt) = self.promote_value(lv, lt.ty);
            let b = self.convert(rv, rt.ty, pt);
            let v = self.arith_op(op, a, b, pt);
            return Some(Operand::rv(v, QualType::new(pt)));
        }
        let common = usual_arith(la, ra);
        let ct = self.arith_type(common);
        let a = self.convert(lv, lt.ty, ct);
        let b = self.convert(rv, rt.ty, ct);
        match op {
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => {
                let v = self.compare(op, a, b, ct);
                Some(Operand::rv(v, self.bool_type()))
            }
            _ => {
                let v = self.arith_op(op, a, b, ct);
                Some(Operand::rv(v, QualType::new(ct)))
            }
        }
    }

    fn as_pointer(&mut self, v: Value, t: QualType) -> Value {
        if self.types.is_pointer(t.ty) {
            return v;
        }
        let void = QualType::new(self.types.void());
        let pt = self.types.pointer_to(void);
        self.convert(v, t.ty, pt)
    }

    pub fn bool_type(&mut self) -> QualType {
        QualType::new(self.types.int(IntKind::Bool))
    }

    fn incompatible(&mut self, a: QualType, b: QualType, span: Span) {
        let msg = format!(
            "operand types are incompatible (\"{}\" and \"{}\")",
            self.show(a),
            self.show(b)
        );
        self.error(span, msg);
    }

    /// `p + i`, `i + p`, `p - i`, `p - q`.
    fn pointer_arith(
        &mut self,
        op: BinaryOp,
        (lv, lt): (Value, QualType),
        (rv, rt): (Value, QualType),
        span: Span,
    ) -> Option<Operand> {
        let lp = self.types.is_pointer(lt.ty);
        let rp = self.types.is_pointer(rt.ty);
        if lp && rp {
            if op != BinaryOp::Sub {
                self.incompatible(lt, rt, span);
                return None;
            }
            let (pa, pb) = (self.types.pointee(lt.ty)?, self.types.pointee(rt.ty)?);
            if pa.ty != pb.ty {
                self.incompatible(lt, rt, span);
                return None;
            }
            let size = self.elem_size(pa, span)?;
            let ga = self.generic_ptr(lv);
            let gb = self.generic_ptr(rv);
            let a = self.cast(CastOp::PtrToInt, ga, Type::I64);
            let b = self.cast(CastOp::PtrToInt, gb, Type::I64);
            let d = self.bin(IrOp::Sub, a, b);
            let v = if size > 1 {
                let s = self.iconst(Type::I64, size as i128);
                self.bin(IrOp::SDiv, d, s)
            } else {
                d
            };
            return Some(Operand::rv(v, QualType::new(self.types.int(IntKind::Long))));
        }
        let (p, pt, i, it) = if lp {
            (lv, lt, rv, rt)
        } else {
            (rv, rt, lv, lt)
        };
        if !self.types.is_integer(it.ty) || (!lp && op == BinaryOp::Sub) {
            self.incompatible(lt, rt, span);
            return None;
        }
        let elem = self.types.pointee(pt.ty)?;
        let size = self.elem_size(elem, span)?;
        let off = self.scaled_offset(i, it.ty, size, op == BinaryOp::Sub);
        let v = self.ptr_add(p, off);
        Some(Operand::rv(v, pt.unqual()))
    }

    fn elem_size(&mut self, elem: QualType, span: Span) -> Option<u64> {
        match self.types.size_of(elem.ty) {
            Some(s) => Some(s),
            None => {
                self.error(
                    span,
                    "expression must be a pointer to a complete object type",
                );
                None
            }
        }
    }

    /// `a && b`, `a || b`: the right side runs only when needed.
    fn logical(&mut self, op: BinaryOp, l: &Expr<'_>, r: &Expr<'_>) -> Option<Operand> {
        let a = self.cond_value(l)?;
        let rhs = self.new_block();
        let join = self.new_block();
        let p = self.fs().func.append_block_param(join, Type::I1);
        let from = self.cur_block();
        let _ = from;
        if op == BinaryOp::LogAnd {
            let f = self.iconst(Type::I1, 0);
            self.ins(
                oxicc_ir::InstData::Branch {
                    cond: a,
                    then_dest: oxicc_ir::BlockCall::plain(rhs),
                    else_dest: oxicc_ir::BlockCall::new(join, vec![f]),
                },
                None,
            );
        } else {
            let t = self.iconst(Type::I1, 1);
            self.ins(
                oxicc_ir::InstData::Branch {
                    cond: a,
                    then_dest: oxicc_ir::BlockCall::new(join, vec![t]),
                    else_dest: oxicc_ir::BlockCall::plain(rhs),
                },
                None,
            );
        }
        self.switch_to(rhs);
        let mark = self.cleanup_mark();
        let b = self.cond_value(r);
        self.flag_conditional_temps(mark);
        let b = match b {
            Some(b) => b,
            None => {
                self.jump_to(join);
                return None;
            }
        };
        self.jump_with(join, vec![b]);
        self.switch_to(join);
        Some(Operand::rv(p, self.bool_type()))
    }

    /// The address of a modifiable lvalue, or nvcc's error.
    pub fn modifiable_lvalue(&mut self, e: &Expr<'_>) -> Option<(Place, QualType)> {
        let o = self.expr_lvalue(e)?;
        match o.kind {
            OpKind::LValue(a)
                if !o.ty.quals.konst
                    && !self.types.is_array(o.ty.ty)
                    && !self.types.is_void(o.ty.ty) =>
            {
                Some((Place::Addr(a), o.ty))
            }
            OpKind::BitField { unit, bit, width } if !o.ty.quals.konst => {
                Some((Place::Bits { unit, bit, width }, o.ty))
            }
            _ => {
                self.error(e.span, "expression must be a modifiable lvalue");
                None
            }
        }
    }

    /// `a = b` and `a op= b`.
    pub fn assign(
        &mut self,
        op: Option<BinaryOp>,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Operand> {
        let lhs = self.modifiable_lvalue(l);
        let ro = self.expr(r);
        let (place, lt) = lhs?;
        let ro = ro?;
        let addr = match place {
            Place::Addr(a) => a,
            Place::Bits { .. } => return self.assign_bit_field(op, place, lt, ro, r.span, span),
        };
        match op {
            None => {
                if self.types.is_record(lt.ty) {
                    let (OpKind::LValue(src), true) = (ro.kind, ro.ty.ty == lt.ty) else {
                        let msg = format!(
                            "a value of type \"{}\" cannot be assigned to an entity of type \"{}\"",
                            self.show(ro.ty),
                            self.show(lt)
                        );
                        self.error(span, msg);
                        return None;
                    };
                    if self.special_of(lt).nontrivial_assign || self.special_of(lt).nontrivial_copy
                    {
                        self.assign_object(addr, lt, ro, span)?;
                        return Some(Operand::lv(addr, lt));
                    }
                    let size = self.trivial_assign_size(lt.ty);
                    let align = self.types.align_of(lt.ty);
                    self.copy_bytes(addr, src, size, align, lt.quals.volatile);
                    return Some(Operand::lv(addr, lt));
                }
                let v = self.implicit(ro, lt, ConvCtx::Assign, r.span)?;
                self.store_scalar(addr, v, lt);
                Some(Operand::rv(v, lt.unqual()))
            }
            Some(bop) => {
                let old = self.load_scalar(addr, lt);
                let rnpc = ro.npc;
                let (rv, rt) = self.rvalue(ro, r.span)?;
                let res = self.binary_values(bop, (old, lt.unqual()), (rv, rt), rnpc, span)?;
                let OpKind::RValue(nv) = res.kind else {
                    return None;
                };
                let v = self.implicit(Operand::rv(nv, res.ty), lt, ConvCtx::Assign, span)?;
                self.store_scalar(addr, v, lt);
                Some(Operand::rv(v, lt.unqual()))
            }
        }
    }

    /// `++x`, `--x`, `x++`, `x--`.
    pub fn inc_dec(&mut self, op: UnaryOp, x: &Expr<'_>, span: Span) -> Option<Operand> {
        let (place, t) = self.modifiable_lvalue(x)?;
        if !self.types.is_scalar(t.ty) || self.types.is_scoped_enum(t.ty) {
            self.error(span, "expression must have arithmetic or pointer type");
            return None;
        }
        let addr = match place {
            Place::Addr(a) => a,
            Place::Bits { .. } => return self.inc_dec_bit_field(op, place, t, span),
        };
        let v = self.inc_dec_at(op, addr, t, span)?;
        Some(Operand::rv(v, t.unqual()))
    }

    /// `++`/`--` (`op`) of the scalar object of type `t` at `addr`: the new value is
    /// stored; the result is the new value (prefix) or the old one (postfix). Shared by the
    /// one-walk and the typed lowering.
    pub(super) fn inc_dec_at(
        &mut self,
        op: UnaryOp,
        addr: Value,
        t: QualType,
        span: Span,
    ) -> Option<Value> {
        let old = self.load_scalar(addr, t);
        let dec = matches!(op, UnaryOp::PreDec | UnaryOp::PostDec);
        let new = if let Some(elem) = self.types.pointee(t.ty) {
            let size = self.elem_size(elem, span)?;
            let off = self.iconst(Type::I64, if dec { -(size as i128) } else { size as i128 });
            self.ptr_add(old, off)
        } else if self.types.is_float(t.ty) {
            let ty = self.vty(old);
            let one = self.fconst(ty, 1.0);
            self.bin(if dec { IrOp::FSub } else { IrOp::FAdd }, old, one)
        } else if self.types.is_bool(t.ty) {
            if dec {
                self.error(span, "operand of \"--\" may not have type \"bool\"");
                return None;
            }
            self.iconst(Type::I1, 1)
        } else {
            // Small types are promoted, incremented and converted back (wrap-around).
            let k = self.types.int_kind(t.ty).unwrap_or(IntKind::Int);
            let pt = self.types.int(promote(k));
            let a = self.convert(old, t.ty, pt);
            let one = self.iconst(self.vty(a), 1);
            let op = if dec { IrOp::Sub } else { IrOp::Add };
            // `++` of a signed `int`/`long` that overflows is undefined (`nsw`); a promoted
            // `short` computes in `int` and cannot.
            let s = if self.types.int_kind(pt).is_some_and(|k| k.signed()) {
                self.bin_nsw(op, a, one)
            } else {
                self.bin(op, a, one)
            };
            self.convert(s, pt, t.ty)
        };
        self.store_scalar(addr, new, t);
        Some(if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
            new
        } else {
            old
        })
    }
}
