//! Lowering of inline PTX statements (`asm("…" : "=r"(x) : "r"(y), "n"(4) : "memory")`) to
//! one `InlineAsm` instruction, `AsmOutput` projections for its other outputs, and stores
//! of the outputs to their lvalues (`oxicc_ir::inline_asm`, `docs/inline-asm.md`).
//!
//! The rules are `sema::asm`'s (shared with the typed analysis); this file reports their
//! failures. The checks and their wording follow nvcc: an operand's type must have exactly the size
//! (and the integer or floating kind) its constraint letter implies (`h` 2, `r` 4, `l` 8
//! bytes of integer or pointer; `f` `float`, `d` `double`), one letter per operand, `=`/`+`
//! on outputs only, `n` needs an integral constant expression (substituted into the text),
//! `C` names a constant `const char` array (its text substituted, `inline_asm_c.rs`), and
//! `%N` must name an operand.

use super::expr::OpKind;
use super::Lowerer;
use crate::ast::{AsmOperand, AsmStmt};
use crate::sema::asm::{self, LetterError};
use crate::sema::consteval::{self, ConstValue};
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{AsmBlock, AsmPiece, AsmReg, CastOp, InstData, Type, Value};

/// An output operand after checking: its register kind and where the value goes.
pub(crate) struct AsmOutput {
    pub reg: AsmReg,
    pub addr: Value,
    pub ty: QualType,
    pub read_write: bool,
}

/// What an input operand became.
enum Input {
    /// A register operand with this value.
    Reg(AsmReg, Value),
    /// An `n` operand: the text substituted for it.
    Text(String),
}

impl Lowerer<'_> {
    pub(super) fn asm_stmt(&mut self, a: &AsmStmt<'_>) {
        let Ok(template) = std::str::from_utf8(a.template) else {
            self.error(a.template_span, "the asm template is not valid UTF-8");
            return;
        };
        let mut ok = true;
        let mut memory = false;
        for (c, span) in a.clobbers {
            match asm::clobber(c) {
                Some(m) => memory |= m,
                None => {
                    let name = String::from_utf8_lossy(c).into_owned();
                    self.error(*span, format!("unknown register name \"{name}\""));
                    ok = false;
                }
            }
        }
        let mut outputs = Vec::new();
        for o in a.outputs {
            match self.asm_output(o) {
                Some(out) => outputs.push(out),
                None => ok = false,
            }
        }
        let mut inputs = Vec::new();
        for o in a.inputs {
            match self.asm_input(o) {
                Some(i) => inputs.push(i),
                None => ok = false,
            }
        }
        let count = a.outputs.len() + a.inputs.len();
        for (start, end) in asm::bad_operand_refs(template, count) {
            let span = self.template_subspan(a, start, end);
            let written = &template[start..end];
            self.error(
                span,
                format!(
                    "asm operand index {written} is larger than the number of asm operands provided ({count})"
                ),
            );
            ok = false;
        }
        let texts: Vec<Option<String>> = inputs
            .iter()
            .map(|i| match i {
                Input::Text(t) => Some(t.clone()),
                Input::Reg(..) => None,
            })
            .collect();
        // `None`: an over-long number, reported above.
        let Some(pieces) = asm::ir_pieces(template, outputs.len() as u32, &texts) else {
            return;
        };
        if !ok {
            return;
        }
        let regs: Vec<(AsmReg, Value)> = inputs
            .into_iter()
            .filter_map(|i| match i {
                Input::Reg(r, v) => Some((r, v)),
                Input::Text(_) => None,
            })
            .collect();
        self.emit_asm(pieces, &outputs, &regs, a.volatile, memory);
    }

    /// The `InlineAsm` instruction of a checked statement, its `AsmOutput` projections and
    /// the stores of the outputs (read-write outputs are read first, as tied inputs).
    /// Shared by the one-walk and the typed lowering.
    pub(crate) fn emit_asm(
        &mut self,
        pieces: Vec<AsmPiece>,
        outputs: &[AsmOutput],
        inputs: &[(AsmReg, Value)],
        volatile: bool,
        memory: bool,
    ) {
        let mut args: Vec<Value> = inputs.iter().map(|&(_, v)| v).collect();
        let mut tied = Vec::new();
        for (k, o) in outputs.iter().enumerate() {
            if o.read_write {
                let v = self.load_scalar(o.addr, o.ty);
                let v = self.asm_in_value(v, o.reg);
                tied.push(k as u32);
                args.push(v);
            }
        }
        let asm = AsmBlock {
            pieces,
            outputs: outputs.iter().map(|o| o.reg).collect(),
            inputs: inputs.iter().map(|&(r, _)| r).collect(),
            tied,
            volatile: volatile || outputs.is_empty(),
            memory,
        };
        let first = outputs.first().map(|o| o.reg.ty());
        let data = InstData::InlineAsm {
            asm: Box::new(asm),
            args,
        };
        let Some(r0) = self.ins(data, first) else {
            return;
        };
        let mut results = vec![r0];
        for (k, o) in outputs.iter().enumerate().skip(1) {
            let index = k as u32;
            results.push(self.ins_v(InstData::AsmOutput { asm: r0, index }, o.reg.ty()));
        }
        for (o, v) in outputs.iter().zip(results) {
            let v = if self.types.is_pointer(o.ty.ty) {
                let p = Type::Ptr(oxicc_ir::AddrSpace::Generic);
                self.cast(CastOp::IntToPtr, v, p)
            } else {
                v
            };
            self.store_scalar(o.addr, v, o.ty);
        }
    }

    /// Checks an output operand and lowers its lvalue.
    fn asm_output(&mut self, o: &AsmOperand<'_>) -> Option<AsmOutput> {
        let Some((read_write, letters)) = asm::output_constraint(o.constraint) else {
            self.error(
                o.constraint_span,
                "an asm output operand must have one of the '=' or '+' modifiers",
            );
            return None;
        };
        let letter = self.asm_letter(o, letters)?;
        if letter == b'C' {
            // nvcc reports this and then the size mismatch below.
            self.error(
                o.constraint_span,
                "No constraint modifiers are allowed for the 'C' constraint",
            );
        }
        let op = self.expr_lvalue(o.expr)?;
        let addr = match op.kind {
            OpKind::LValue(addr) if op.is_lvalue() && !op.ty.quals.konst => addr,
            _ => {
                self.error(o.expr.span, "expression must be a modifiable lvalue");
                return None;
            }
        };
        let reg = self.asm_check_type(o, letter, op.ty)?;
        Some(AsmOutput {
            reg,
            addr,
            ty: op.ty,
            read_write,
        })
    }

    /// Checks an input operand and lowers its value.
    fn asm_input(&mut self, o: &AsmOperand<'_>) -> Option<Input> {
        if !asm::input_constraint_ok(o.constraint) {
            self.error(
                o.constraint_span,
                "an asm input operand may not have the '=' or '+' modifiers",
            );
            return None;
        }
        let letter = self.asm_letter(o, o.constraint)?;
        if letter == b'n' {
            return match consteval::eval(self, o.expr) {
                Ok(ConstValue::Int { value, .. }) => Some(Input::Text(value.to_string())),
                _ => {
                    self.error(
                        o.expr.span,
                        "an asm operand must be an integral constant expression.",
                    );
                    None
                }
            };
        }
        if letter == b'C' {
            return self.asm_c_text(o).map(Input::Text);
        }
        let (v, ty) = self.expr_rv(o.expr)?;
        let reg = self.asm_check_type(o, letter, ty)?;
        Some(Input::Reg(reg, self.asm_in_value(v, reg)))
    }

    /// The one constraint letter of an operand.
    fn asm_letter(&mut self, o: &AsmOperand<'_>, letters: &[u8]) -> Option<u8> {
        match asm::one_letter(letters) {
            Ok(l) => Some(l),
            Err(LetterError::None) => {
                self.error(
                    o.constraint_span,
                    "an asm operand needs a constraint letter",
                );
                None
            }
            Err(LetterError::Several) => {
                self.error(
                    o.constraint_span,
                    "an asm operand may specify only one constraint letter in a __device__/__global__ function",
                );
                None
            }
        }
    }

    /// The register kind of `letter` when `ty` fits it (nvcc's size and kind rule).
    fn asm_check_type(&mut self, o: &AsmOperand<'_>, letter: u8, ty: QualType) -> Option<AsmReg> {
        let reg = asm::register_for(&self.types, letter, ty);
        if reg.is_none() {
            let size = self.types.size_of(ty.ty).unwrap_or(0);
            let c = String::from_utf8_lossy(&[letter]).into_owned();
            self.error(
                o.constraint_span,
                format!("asm operand type size({size}) does not match type/size implied by constraint '{c}'"),
            );
        }
        reg
    }

    /// A checked operand value in its register's IR type (pointers become `i64`).
    pub(crate) fn asm_in_value(&mut self, v: Value, reg: AsmReg) -> Value {
        if self.vty(v).is_ptr() {
            let g = self.generic_ptr(v);
            return self.cast(CastOp::PtrToInt, g, Type::I64);
        }
        debug_assert_eq!(self.vty(v), reg.ty());
        v
    }

    /// The span of bytes `start..end` of the template, when the template is one plain
    /// literal whose source text is its bytes (else the whole template).
    fn template_subspan(&self, a: &AsmStmt<'_>, start: usize, end: usize) -> Span {
        let s = a.template_span;
        let text = self.sources.snippet(s).as_bytes();
        if text.len() == a.template.len() + 2 && &text[1..text.len() - 1] == a.template {
            Span::new(s.file, s.start + 1 + start as u32, s.start + 1 + end as u32)
        } else {
            s
        }
    }
}
