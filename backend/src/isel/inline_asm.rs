//! Selection of inline PTX (`InlineAsm`, `AsmOutput`; see `oxicc_ir::inline_asm`).
//!
//! Every operand is a register, as in nvcc's PTX: constants are moved into one first. The
//! first output is the instruction's own result register; the others get registers here,
//! keyed by the statement's result value, which the `AsmOutput` projections copy from
//! (the copy usually coalesces away). A `+` output is initialized by a `mov` from its
//! tied argument right before the statement.

use super::Ctx;
use crate::lower_args::class_of;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{AsmBlock, Value};

impl Ctx<'_> {
    /// The register of output `index` of the statement whose result is `asm`.
    fn asm_output_reg(&mut self, asm: Value, index: u32, class: RegClass) -> VReg {
        if index == 0 {
            if let Ok(r) = self.result_reg(asm) {
                return r;
            }
        }
        let key = (asm, index);
        if let Some(r) = self.asm_outputs.get(&key) {
            return *r;
        }
        let r = self.mf.new_vreg(class);
        self.asm_outputs.insert(key, r);
        r
    }

    pub(super) fn sel_inline_asm(
        &mut self,
        asm: &AsmBlock,
        args: &[Value],
        result: Option<Value>,
    ) -> Result<(), BackendError> {
        let mut defs = Vec::with_capacity(asm.outputs.len());
        for (k, r) in asm.outputs.iter().enumerate() {
            let class = class_of(r.ty())?;
            let res = result.ok_or_else(|| BackendError::new("inline asm without its result"))?;
            defs.push(self.asm_output_reg(res, k as u32, class));
        }
        let n_in = asm.inputs.len();
        let mut uses = Vec::with_capacity(n_in);
        for &a in &args[..n_in] {
            uses.push(Operand::Reg(self.reg(a)?));
        }
        let mut tied = Vec::with_capacity(asm.tied.len());
        for (j, &k) in asm.tied.iter().enumerate() {
            let d = defs[k as usize];
            let src = self.operand(args[n_in + j])?;
            let class = self.mf.class(d);
            self.push(MInst::mov(class, d, src));
            tied.push(d);
        }
        self.push(MInst {
            guard: None,
            kind: MInstKind::Asm {
                asm: Box::new(asm.clone()),
                defs,
                uses,
                tied,
            },
            loc: oxicc_ir::Loc::NONE,
        });
        Ok(())
    }

    pub(super) fn sel_asm_output(
        &mut self,
        asm: Value,
        index: u32,
        result: Value,
    ) -> Result<(), BackendError> {
        let d = self.result_reg(result)?;
        let class = self.mf.class(d);
        let s = self.asm_output_reg(asm, index, class);
        self.push(MInst::mov(class, d, Operand::Reg(s)));
        Ok(())
    }
}
