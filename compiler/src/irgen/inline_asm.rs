//! Lowering of inline PTX statements (`asm("…" : "=r"(x) : "r"(y), "n"(4) : "memory")`) to
//! one `InlineAsm` instruction, `AsmOutput` projections for its other outputs, and stores
//! of the outputs to their lvalues (`oxicc_ir::inline_asm`, `docs/inline-asm.md`).
//!
//! The checks and their wording follow nvcc: an operand's type must have exactly the size
//! (and the integer or floating kind) its constraint letter implies (`h` 2, `r` 4, `l` 8
//! bytes of integer or pointer; `f` `float`, `d` `double`), one letter per operand, `=`/`+`
//! on outputs only, `n` needs an integral constant expression (substituted into the text),
//! and `%N` must name an operand.

use super::expr::OpKind;
use super::Lowerer;
use crate::ast::{AsmOperand, AsmStmt};
use crate::sema::consteval::{self, ConstValue};
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::inline_asm::{operand_refs, parse_template};
use oxicc_ir::{AsmBlock, AsmPiece, AsmReg, CastOp, InstData, Type, Value};

/// An output operand after checking: its register kind and where the value goes.
struct Output {
    reg: AsmReg,
    addr: Value,
    ty: QualType,
    read_write: bool,
}

/// What an input operand became.
enum Input {
    /// A register operand with this value; its new operand number.
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
            match *c {
                b"memory" => memory = true,
                // GCC's condition-code clobber: PTX has no flags register to protect.
                b"cc" => {}
                _ => {
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
        for (start, end, n) in operand_refs(template) {
            if n >= count as u64 {
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
        }
        let pieces = match parse_template(template) {
            Ok(p) => p,
            Err(_) => return, // an over-long number, reported above
        };
        if !ok {
            return;
        }
        // Operand numbers of the IR template: outputs, then the register inputs.
        let n_out = outputs.len() as u32;
        let mut renumber = Vec::with_capacity(inputs.len());
        let mut next = n_out;
        for i in &inputs {
            renumber.push(match i {
                Input::Reg(..) => {
                    next += 1;
                    Some(next - 1)
                }
                Input::Text(_) => None,
            });
        }
        let mut out_pieces: Vec<AsmPiece> = Vec::new();
        let push_text = |out: &mut Vec<AsmPiece>, t: &str| match out.last_mut() {
            Some(AsmPiece::Text(s)) => s.push_str(t),
            _ => out.push(AsmPiece::Text(t.to_string())),
        };
        for p in pieces {
            match p {
                AsmPiece::Text(t) => push_text(&mut out_pieces, &t),
                AsmPiece::Operand(n) if n < n_out => out_pieces.push(AsmPiece::Operand(n)),
                AsmPiece::Operand(n) => {
                    let k = (n - n_out) as usize;
                    match (&inputs[k], renumber[k]) {
                        (Input::Text(t), _) => push_text(&mut out_pieces, t),
                        (_, Some(m)) => out_pieces.push(AsmPiece::Operand(m)),
                        _ => unreachable!("register inputs are renumbered"),
                    }
                }
            }
        }
        let mut args = Vec::new();
        let mut in_regs = Vec::new();
        for i in &inputs {
            if let Input::Reg(r, v) = i {
                in_regs.push(*r);
                args.push(*v);
            }
        }
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
            pieces: out_pieces,
            outputs: outputs.iter().map(|o| o.reg).collect(),
            inputs: in_regs,
            tied,
            volatile: a.volatile || outputs.is_empty(),
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
    fn asm_output(&mut self, o: &AsmOperand<'_>) -> Option<Output> {
        let c = o.constraint;
        let read_write = match c.first() {
            Some(b'=') => false,
            Some(b'+') => true,
            _ => {
                self.error(
                    o.constraint_span,
                    "an asm output operand must have one of the '=' or '+' modifiers",
                );
                return None;
            }
        };
        // `&` (early clobber) needs nothing: outputs never share an input's register.
        let letters = c[1..].strip_prefix(b"&").unwrap_or(&c[1..]);
        let letter = self.asm_letter(o, letters)?;
        let op = self.expr_lvalue(o.expr)?;
        let addr = match op.kind {
            OpKind::LValue(addr) if op.is_lvalue() && !op.ty.quals.konst => addr,
            _ => {
                self.error(o.expr.span, "expression must be a modifiable lvalue");
                return None;
            }
        };
        let reg = self.asm_check_type(o, letter, op.ty)?;
        Some(Output {
            reg,
            addr,
            ty: op.ty,
            read_write,
        })
    }

    /// Checks an input operand and lowers its value.
    fn asm_input(&mut self, o: &AsmOperand<'_>) -> Option<Input> {
        if matches!(o.constraint.first(), Some(b'=' | b'+')) {
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
            self.error(
                o.constraint_span,
                "the 'C' asm constraint (a constant string operand) is not supported yet",
            );
            return None;
        }
        let (v, ty) = self.expr_rv(o.expr)?;
        let reg = self.asm_check_type(o, letter, ty)?;
        Some(Input::Reg(reg, self.asm_in_value(v, reg)))
    }

    /// The one constraint letter of an operand.
    fn asm_letter(&mut self, o: &AsmOperand<'_>, letters: &[u8]) -> Option<u8> {
        match letters {
            [l] => Some(*l),
            [] => {
                self.error(
                    o.constraint_span,
                    "an asm operand needs a constraint letter",
                );
                None
            }
            _ => {
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
        let t = ty.ty;
        let size = self.types.size_of(t).unwrap_or(0);
        // Unknown letters, matching constraints ("0") included, get nvcc's size message.
        let reg = AsmReg::from_letter(letter as char);
        let fits = match reg {
            Some(r) if r.is_float() => self.types.is_float(t) && size == r.size(),
            Some(r) => {
                let int = (self.types.int_kind(t).is_some() && !self.types.is_bool(t))
                    || self.types.is_pointer(t);
                int && size == r.size()
            }
            None => false,
        };
        if !fits {
            let c = String::from_utf8_lossy(&[letter]).into_owned();
            self.error(
                o.constraint_span,
                format!("asm operand type size({size}) does not match type/size implied by constraint '{c}'"),
            );
            return None;
        }
        reg
    }

    /// A checked operand value in its register's IR type (pointers become `i64`).
    fn asm_in_value(&mut self, v: Value, reg: AsmReg) -> Value {
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
