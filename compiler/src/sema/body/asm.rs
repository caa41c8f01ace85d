//! Inline PTX statements in the typed tree: the operands analyzed (outputs as modifiable
//! lvalues, register inputs as values, `n` inputs folded into the template's text) and
//! checked by `sema::asm`'s rules. Where a rule fails the analysis answers `None`, and the
//! one-walk lowering reports the error in nvcc's wording.

use super::{BodySema, Env};
use crate::ast;
use crate::sema::asm;
use crate::sema::tree::{AsmInput, AsmOutput, AsmStmt, Category, StmtKind};
use crate::sema::ConstValue;

impl<E: Env> BodySema<'_, E> {
    pub(super) fn asm_stmt(&mut self, a: &ast::AsmStmt<'_>) -> Option<StmtKind> {
        let template = std::str::from_utf8(a.template).ok()?;
        let mut memory = false;
        for (c, _) in a.clobbers {
            memory |= asm::clobber(c)?;
        }
        let mut outputs = Vec::with_capacity(a.outputs.len());
        for o in a.outputs {
            let (read_write, letters) = asm::output_constraint(o.constraint)?;
            let letter = asm::one_letter(letters).ok()?;
            let place = self.expr(o.expr, 0)?;
            let x = self.body.expr(place);
            if x.cat != Category::LValue || x.ty.quals.konst {
                return None;
            }
            let ty = x.ty;
            let reg = asm::register_for(self.env.types(), letter, ty)?;
            outputs.push(AsmOutput {
                place,
                reg,
                read_write,
            });
        }
        // The text of each `n` input, `None` for a register input.
        let mut texts = Vec::with_capacity(a.inputs.len());
        let mut inputs = Vec::new();
        for o in a.inputs {
            if !asm::input_constraint_ok(o.constraint) {
                return None;
            }
            match asm::one_letter(o.constraint).ok()? {
                b'n' => match self.env.const_eval(o.expr)? {
                    ConstValue::Int { value, .. } => texts.push(Some(value.to_string())),
                    _ => return None,
                },
                // A constant string operand: not supported by the lowering either.
                b'C' => return None,
                letter => {
                    let value = self.rvalue(o.expr, 0)?;
                    let ty = self.ty(value);
                    let reg = asm::register_for(self.env.types(), letter, ty)?;
                    inputs.push(AsmInput { value, reg });
                    texts.push(None);
                }
            }
        }
        let count = a.outputs.len() + a.inputs.len();
        if !asm::bad_operand_refs(template, count).is_empty() {
            return None;
        }
        let pieces = asm::ir_pieces(template, outputs.len() as u32, &texts)?;
        Some(StmtKind::Asm(Box::new(AsmStmt {
            pieces,
            outputs,
            inputs,
            volatile: a.volatile,
            memory,
        })))
    }
}
