//! The conditional operator `c ? a : b`: result type (usual arithmetic conversions, pointer
//! and struct cases), and lowering as a `select` when both arms are cheap and cannot trap,
//! else as branches into a join block that receives the result as a block parameter.

use super::expr::{OpKind, Operand, ValCat};
use super::Lowerer;
use crate::ast::Expr;
use crate::sema::body::is_cheap;
use crate::sema::conv::usual_arith;
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// `c ? a : b`: a `select` when both arms are cheap and safe, branches otherwise.
    pub fn conditional(
        &mut self,
        cond: &Expr<'_>,
        then: &Expr<'_>,
        els: &Expr<'_>,
        span: Span,
    ) -> Option<Operand> {
        // Two lvalues of the same type give an lvalue (C++ [expr.cond]/4), taken only where
        // the lvalue is wanted (a reference binds to it, it is assigned to): selecting
        // addresses keeps both operands in memory, which would cost every other
        // `c ? a : b` its registers.
        let want_lvalue = std::mem::take(&mut self.cond_lvalue);
        let c = self.cond_value(cond)?;
        let no_classes = self.classes.is_empty();
        if is_cheap(then, no_classes) && is_cheap(els, no_classes) {
            let (t, f) = if want_lvalue {
                (self.expr_lvalue(then)?, self.expr_lvalue(els)?)
            } else {
                (self.expr(then)?, self.expr(els)?)
            };
            let t = self.decay_function(t, then.span)?;
            let f = self.decay_function(f, els.span)?;
            if let (true, OpKind::LValue(ta), OpKind::LValue(fa)) = (want_lvalue, t.kind, f.kind) {
                if t.ty == f.ty && !self.types.is_record(t.ty.ty) {
                    let (ta, fa) = (self.generic_ptr(ta), self.generic_ptr(fa));
                    let v = self.select(c, ta, fa);
                    return Some(Operand::lv(v, t.ty));
                }
            }
            let rt = self.cond_result_type(t, f, span)?;
            let tv = self.cond_arm(t, rt, span)?;
            let fv = self.cond_arm(f, rt, span)?;
            return Some(match (tv, fv) {
                (Some(tv), Some(fv)) => {
                    let v = self.select(c, tv, fv);
                    self.cond_operand(v, rt)
                }
                _ => Operand {
                    ty: rt,
                    kind: OpKind::Void,
                    npc: false,
                    cat: ValCat::LValue,
                },
            });
        }
        let tb = self.new_block();
        let fb = self.new_block();
        let join = self.new_block();
        self.branch(c, tb, fb);
        self.switch_to(tb);
        let mark = self.cleanup_mark();
        let t = if want_lvalue {
            self.expr_lvalue(then)
        } else {
            self.expr(then)
        }
        .and_then(|t| self.decay_function(t, then.span));
        self.flag_conditional_temps(mark);
        let t_end = self.fs().cur;
        self.switch_to(fb);
        let mark = self.cleanup_mark();
        let f = if want_lvalue {
            self.expr_lvalue(els)
        } else {
            self.expr(els)
        }
        .and_then(|f| self.decay_function(f, els.span));
        self.flag_conditional_temps(mark);
        let f_end = self.fs().cur;
        let (t, f) = (t?, f?);
        if let Some(o) = self.cond_prvalue(t, f, (t_end, f_end), join) {
            return Some(o);
        }
        if let (true, OpKind::LValue(ta), OpKind::LValue(fa)) = (want_lvalue, t.kind, f.kind) {
            if t.ty == f.ty {
                // An lvalue: the join block receives the chosen object's address.
                self.fs().cur = t_end;
                let ta = self.generic_ptr(ta);
                let t_end = self.fs().cur;
                self.fs().cur = f_end;
                let fa = self.generic_ptr(fa);
                let f_end = self.fs().cur;
                let ty = self.vty(ta);
                let p = self.fs().func.append_block_param(join, ty);
                self.fs().cur = t_end;
                self.jump_with(join, vec![ta]);
                self.fs().cur = f_end;
                self.jump_with(join, vec![fa]);
                self.switch_to(join);
                return Some(Operand::lv(p, t.ty));
            }
        }
        let rt = self.cond_result_type(t, f, span)?;
        // Convert each arm at the end of its own block, then pass it to the join block.
        self.fs().cur = t_end;
        let mark = self.cleanup_mark();
        let tv = self.cond_arm(t, rt, span)?;
        self.flag_conditional_temps(mark);
        let t_end = self.fs().cur;
        self.fs().cur = f_end;
        let mark = self.cleanup_mark();
        let fv = self.cond_arm(f, rt, span)?;
        self.flag_conditional_temps(mark);
        let f_end = self.fs().cur;
        match (tv, fv) {
            (Some(tv), Some(fv)) => {
                let ty = self.vty(tv);
                let p = self.fs().func.append_block_param(join, ty);
                self.fs().cur = t_end;
                self.jump_with(join, vec![tv]);
                self.fs().cur = f_end;
                self.jump_with(join, vec![fv]);
                self.switch_to(join);
                Some(self.cond_operand(p, rt))
            }
            _ => {
                self.fs().cur = t_end;
                self.jump_to(join);
                self.fs().cur = f_end;
                self.jump_to(join);
                self.switch_to(join);
                Some(Operand {
                    ty: rt,
                    kind: OpKind::Void,
                    npc: false,
                    cat: ValCat::LValue,
                })
            }
        }
    }

    /// Two class prvalues of the same type give a prvalue (C++17 [expr.cond]/7): each arm's
    /// temporary is materialized directly in one result object (moved bitwise: guaranteed
    /// elision), so the result is itself a temporary that a declaration or `return` can
    /// take over, and only it is destroyed.
    fn cond_prvalue(
        &mut self,
        t: Operand,
        f: Operand,
        ends: (oxicc_ir::Block, oxicc_ir::Block),
        join: oxicc_ir::Block,
    ) -> Option<Operand> {
        let (OpKind::LValue(ta), OpKind::LValue(fa)) = (t.kind, f.kind) else {
            return None;
        };
        if t.cat != ValCat::PRValue
            || f.cat != ValCat::PRValue
            || t.ty.ty != f.ty.ty
            || !self.types.is_record(t.ty.ty)
        {
            return None;
        }
        let ty = t.ty.unqual();
        let size = self.types.size_of(ty.ty)?;
        let align = self.types.align_of(ty.ty);
        let slot = self.alloca(size, align, self.cur_span)?;
        for (end, arm) in [(ends.0, ta), (ends.1, fa)] {
            self.fs().cur = end;
            self.consume_temporary(arm);
            self.copy_bytes(slot, arm, size, align, false);
            self.jump_to(join);
        }
        self.switch_to(join);
        Some(self.new_temporary(slot, ty))
    }

    fn cond_operand(&mut self, v: Value, rt: QualType) -> Operand {
        if self.types.is_record(rt.ty) {
            Operand::lv(v, rt)
        } else {
            Operand::rv(v, rt)
        }
    }

    fn cond_result_type(&mut self, t: Operand, f: Operand, span: Span) -> Option<QualType> {
        let (tt, ft) = (self.decayed(t.ty), self.decayed(f.ty));
        let void = self.types.is_void(tt.ty) || self.types.is_void(ft.ty);
        if void {
            return Some(QualType::new(self.types.void()));
        }
        if let (Some(a), Some(b)) = (self.arith_of(tt.ty), self.arith_of(ft.ty)) {
            if tt.ty == ft.ty {
                return Some(tt.unqual());
            }
            let c = usual_arith(a, b);
            return Some(QualType::new(self.arith_type(c)));
        }
        if self.types.is_pointer(tt.ty) && (self.types.is_pointer(ft.ty) || f.npc) {
            if self.types.is_pointer(ft.ty) && tt.ty != ft.ty && !f.npc && !t.npc {
                let (pa, pb) = (
                    self.types.pointee(tt.ty).unwrap_or(tt),
                    self.types.pointee(ft.ty).unwrap_or(ft),
                );
                // The same class, or a base and a class derived from it: a pointer to the
                // base ([expr.cond] composite pointer type), with both qualifications.
                let common = if pa.ty == pb.ty || self.base_offset(pb.ty, pa.ty).is_some() {
                    Some(pa.ty)
                } else if self.base_offset(pa.ty, pb.ty).is_some() {
                    Some(pb.ty)
                } else {
                    None
                };
                if let Some(ty) = common {
                    let q = QualType {
                        ty,
                        quals: pa.quals.union(pb.quals),
                    };
                    return Some(QualType::new(self.types.pointer_to(q)));
                }
                self.error(
                    span,
                    format!(
                        "operand types are incompatible (\"{}\" and \"{}\")",
                        self.show(tt),
                        self.show(ft)
                    ),
                );
                return None;
            }
            return Some(if t.npc { ft.unqual() } else { tt.unqual() });
        }
        if self.types.is_pointer(ft.ty) && t.npc {
            return Some(ft.unqual());
        }
        if self.types.is_record(tt.ty) && tt.ty == ft.ty {
            return Some(tt.unqual());
        }
        self.error(
            span,
            format!(
                "operand types are incompatible (\"{}\" and \"{}\")",
                self.show(tt),
                self.show(ft)
            ),
        );
        None
    }

    /// One arm of `?:` converted to the result type (an address for structs).
    fn cond_arm(&mut self, o: Operand, rt: QualType, span: Span) -> Option<Option<Value>> {
        if self.types.is_void(rt.ty) {
            return Some(None);
        }
        if self.types.is_record(rt.ty) {
            return match o.kind {
                OpKind::LValue(a) => Some(Some(self.generic_ptr(a))),
                _ => None,
            };
        }
        let (v, t) = self.rvalue(o, span)?;
        let c = self.convert(v, t.ty, rt.ty);
        Some(Some(if self.types.is_pointer(rt.ty) {
            self.generic_ptr(c)
        } else {
            c
        }))
    }
}
