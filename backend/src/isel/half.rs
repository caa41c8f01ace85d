//! Half-precision (`f16`, `bf16`) operations that PTX lacks on the target.
//!
//! Values live in 16-bit registers. Where the target has a native instruction
//! (`add.rn.f16`, `cvt.rn.f16.f32`, `add.rn.bf16` on sm_90) selection uses it; otherwise the
//! operation is computed in `f32` and rounded once back to the half type. That is correctly
//! rounded: both halves convert to `f32` exactly, products of two halves are exact in `f32`,
//! and `f32`'s 24-bit significand is at least `2p + 2` for `p = 11` (f16) and `p = 8` (bf16),
//! which makes the double rounding of `+ - * / sqrt` and of `fma` through `f32` innocuous.
//! `bf16 → f32` is a 16-bit shift on every target; `f32 → bf16` is `cvt.rn.bf16.f32` from
//! sm_80 and an integer round-to-nearest-even sequence before.

use super::Ctx;
use crate::mir::*;
use crate::target::Feature;
use crate::BackendError;
use oxicc_ir::{Type, Value};

impl Ctx<'_> {
    /// Widens a half value in a register to `f32` (exact).
    pub fn half_to_f32(&mut self, r: VReg, t: Type) -> VReg {
        if t == Type::F16 {
            return self.emit_new(
                RegClass::F32,
                Op::new(Opc::Cvt, &[], &[PtxType::F32, PtxType::F16]),
                vec![Operand::Reg(r)],
            );
        }
        let w = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U16]),
            vec![Operand::Reg(r)],
        );
        let s = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Shl, &[], &[PtxType::B32]),
            vec![Operand::Reg(w), Operand::Imm(16)],
        );
        self.emit_new(
            RegClass::F32,
            Op::new(Opc::Mov, &[], &[PtxType::B32]),
            vec![Operand::Reg(s)],
        )
    }

    /// Rounds an `f32` register to a half type (nearest even).
    pub fn f32_to_half(&mut self, f: VReg, t: Type) -> VReg {
        if t == Type::F16 || self.target.has(Feature::Bf16Convert) {
            let ty = if t == Type::F16 {
                PtxType::F16
            } else {
                PtxType::Bf16
            };
            return self.emit_new(
                RegClass::B16,
                Op::new(Opc::Cvt, &[Mod::Rn], &[ty, PtxType::F32]),
                vec![Operand::Reg(f)],
            );
        }
        // bits + 0x7FFF + ((bits >> 16) & 1), then the high half; NaN keeps its sign and
        // becomes a quiet NaN.
        let b32 = |o: Opc| Op::new(o, &[], &[PtxType::B32]);
        let bits = self.emit_new(RegClass::B32, b32(Opc::Mov), vec![Operand::Reg(f)]);
        let hi = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Shr, &[], &[PtxType::U32]),
            vec![Operand::Reg(bits), Operand::Imm(16)],
        );
        let lsb = self.emit_new(
            RegClass::B32,
            b32(Opc::And),
            vec![Operand::Reg(hi), Operand::Imm(1)],
        );
        let bias = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Add, &[], &[PtxType::S32]),
            vec![Operand::Reg(lsb), Operand::Imm(0x7FFF)],
        );
        let sum = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Add, &[], &[PtxType::S32]),
            vec![Operand::Reg(bits), Operand::Reg(bias)],
        );
        let rounded = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Shr, &[], &[PtxType::U32]),
            vec![Operand::Reg(sum), Operand::Imm(16)],
        );
        let quiet = self.emit_new(
            RegClass::B32,
            b32(Opc::Or),
            vec![Operand::Reg(hi), Operand::Imm(0x40)],
        );
        let nan = self.emit_new(
            RegClass::Pred,
            Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Nan)], &[PtxType::F32]),
            vec![Operand::Reg(f), Operand::Reg(f)],
        );
        let pick = self.emit_new(
            RegClass::B32,
            Op::new(Opc::Selp, &[], &[PtxType::B32]),
            vec![
                Operand::Reg(quiet),
                Operand::Reg(rounded),
                Operand::Reg(nan),
            ],
        );
        self.emit_new(
            RegClass::B16,
            Op::new(Opc::Cvt, &[], &[PtxType::U16, PtxType::U32]),
            vec![Operand::Reg(pick)],
        )
    }

    /// A half-typed IR value widened to `f32`.
    pub fn half_value_to_f32(&mut self, v: Value) -> Result<VReg, BackendError> {
        let t = self.ty(v);
        let r = self.reg(v)?;
        Ok(self.half_to_f32(r, t))
    }

    /// Stores an `f32` result, rounded to `res`'s half type, in `res`'s register.
    pub fn define_half_from_f32(&mut self, res: Value, f: VReg) -> Result<(), BackendError> {
        let t = self.ty(res);
        let h = self.f32_to_half(f, t);
        let d = self.result_reg(res)?;
        self.push(MInst::mov(RegClass::B16, d, Operand::Reg(h)));
        Ok(())
    }

    /// `op.f32` on the widened operands, rounded back: the fallback for half arithmetic.
    pub fn half_via_f32(&mut self, op: Op, args: &[Value], res: Value) -> Result<(), BackendError> {
        let mut regs = Vec::new();
        for &a in args {
            regs.push(Operand::Reg(self.half_value_to_f32(a)?));
        }
        let r = self.emit_new(RegClass::F32, op, regs);
        self.define_half_from_f32(res, r)
    }

    /// `neg`/`abs` of a half: flip or clear the sign bit (exact, on every target).
    pub fn half_sign_op(
        &mut self,
        negate: bool,
        arg: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let a = self.reg(arg)?;
        let (opc, imm) = if negate {
            (Opc::Xor, -0x8000)
        } else {
            (Opc::And, 0x7FFF)
        };
        let d = self.result_reg(res)?;
        self.emit(
            Op::new(opc, &[], &[PtxType::B16]),
            vec![Operand::Reg(d)],
            vec![Operand::Reg(a), Operand::Imm(imm)],
        );
        Ok(())
    }
}
