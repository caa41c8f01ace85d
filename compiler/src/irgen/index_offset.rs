//! The address of `p[e + c]`: `p + e*size + c*size`, so that the constant becomes the
//! immediate of the memory access (`ld.global.f32 %f, [%rd+4]`), as nvcc writes `x[i+1]`.
//!
//! C makes overflow of a signed `e + c` undefined, so when the index has a signed type
//! `(long)(e + c) == (long)e + c` may be assumed — the fact cicc uses through `add nsw` and
//! `sext`. An unsigned index wraps in 32 bits and keeps the plain computation. The split is
//! done after the index is lowered: when the index expression is a `+`/`-` whose lowering
//! ended in an `add`/`sub` with a constant operand, that instruction is the C operation
//! itself (its result is the index, with the index's type), and the offset is rebuilt
//! from its other operand; the `add` is left for `dce`.

use super::Lowerer;
use crate::ast;
use crate::sema::types::TypeId;
use oxicc_ir::{BinaryOp, InstData, Type, Value};

impl Lowerer<'_> {
    /// `p + index*size` for an index `i` of type `ity` lowered from an expression whose
    /// outermost operator is `index_op` (if it is a binary one), with a constant term of a
    /// signed index moved into a separate final `ptradd`.
    pub fn index_address(
        &mut self,
        p: Value,
        index_op: Option<ast::BinaryOp>,
        i: Value,
        ity: TypeId,
        size: u64,
    ) -> Value {
        if let Some((x, c)) = self.constant_term(index_op, i, ity) {
            let base = self.scaled_offset(x, ity, size, false);
            let a = self.ptr_add(p, base);
            let k = self.iconst(Type::I64, (c as i128) * size as i128);
            return self.ptr_add(a, k);
        }
        let off = self.scaled_offset(i, ity, size, false);
        self.ptr_add(p, off)
    }

    /// `(x, c)` when the signed index `i` is `x + c` (or `x - c`) computed by the C
    /// operation `index_op`.
    fn constant_term(
        &mut self,
        index_op: Option<ast::BinaryOp>,
        i: Value,
        ity: TypeId,
    ) -> Option<(Value, i64)> {
        let ast_op = &index_op?;
        if !matches!(ast_op, ast::BinaryOp::Add | ast::BinaryOp::Sub)
            || !self.types.int_kind(ity)?.signed()
        {
            return None;
        }
        let func = &self.fs().func;
        let def = func.def_inst(i)?;
        let InstData::Binary { op, lhs, rhs, .. } = func.insts[def].data else {
            return None;
        };
        let constant = |v: Value| match func.def_inst(v).map(|d| &func.insts[d].data) {
            Some(&InstData::IConst { ty, imm }) => {
                let sh = 64 - ty.bits().min(64);
                Some(((imm << sh) as i64) >> sh)
            }
            _ => None,
        };
        match (ast_op, op) {
            (ast::BinaryOp::Add, BinaryOp::Add) => match (constant(lhs), constant(rhs)) {
                (None, Some(c)) => Some((lhs, c)),
                (Some(c), None) => Some((rhs, c)),
                _ => None,
            },
            (ast::BinaryOp::Sub, BinaryOp::Sub) => {
                let c = constant(rhs)?;
                (constant(lhs).is_none()).then_some((lhs, c.checked_neg()?))
            }
            _ => None,
        }
    }
}
