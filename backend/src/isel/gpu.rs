//! Selection of GPU operations: special registers, fences, warp shuffles and votes.
//!
//! `bar.sync 0` is selected inline in `mod.rs`. Fences use nvcc's `membar` spellings
//! (`__threadfence()` is `membar.gl`). Warp collectives are the `.sync` forms that take a
//! member mask, the only ones valid from sm_70 on.

use super::Ctx;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{Dim, Scope, ShuffleMode, SpecialReg, Type, Value, VoteMode};

fn dim(d: Dim, x: &'static str, y: &'static str, z: &'static str) -> &'static str {
    match d {
        Dim::X => x,
        Dim::Y => y,
        Dim::Z => z,
    }
}

impl Ctx<'_> {
    pub(super) fn sel_special_reg(
        &mut self,
        reg: SpecialReg,
        res: Value,
    ) -> Result<(), BackendError> {
        let name = match reg {
            SpecialReg::Tid(d) => dim(d, "%tid.x", "%tid.y", "%tid.z"),
            SpecialReg::NTid(d) => dim(d, "%ntid.x", "%ntid.y", "%ntid.z"),
            SpecialReg::CtaId(d) => dim(d, "%ctaid.x", "%ctaid.y", "%ctaid.z"),
            SpecialReg::NCtaId(d) => dim(d, "%nctaid.x", "%nctaid.y", "%nctaid.z"),
            SpecialReg::WarpSize => "WARP_SZ",
            SpecialReg::LaneId => "%laneid",
        };
        let d = self.result_reg(res)?;
        self.emit(
            Op::new(Opc::Mov, &[], &[PtxType::U32]),
            vec![Operand::Reg(d)],
            vec![Operand::Special(name)],
        );
        Ok(())
    }

    pub(super) fn sel_fence(&mut self, scope: Scope) {
        let m = match scope {
            Scope::Cta => Mod::Cta,
            Scope::Gpu => Mod::Gl,
            Scope::System => Mod::Sys,
        };
        self.emit(Op::new(Opc::Membar, &[m], &[]), vec![], vec![]);
    }

    pub(super) fn sel_shuffle(
        &mut self,
        mode: ShuffleMode,
        mask: Value,
        value: Value,
        lane: Value,
        clamp: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(value);
        if t.bits() != 32 {
            return Err(BackendError::new(format!(
                "warp shuffle of {t}: only 32-bit values can be shuffled (split wider values first)"
            )));
        }
        let word = match mode {
            ShuffleMode::Idx => "idx",
            ShuffleMode::Up => "up",
            ShuffleMode::Down => "down",
            ShuffleMode::Bfly => "bfly",
        };
        let a = Operand::Reg(self.reg(value)?);
        let b = self.operand(lane)?;
        let c = self.operand(clamp)?;
        let m = self.operand(mask)?;
        let d = self.result_reg(res)?;
        self.emit(
            Op::new(Opc::Shfl, &[Mod::Sync, Mod::Word(word)], &[PtxType::B32]),
            vec![Operand::Reg(d)],
            vec![a, b, c, m],
        );
        Ok(())
    }

    pub(super) fn sel_vote(
        &mut self,
        mode: VoteMode,
        mask: Value,
        pred: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let (word, ty) = match mode {
            VoteMode::All => ("all", PtxType::Pred),
            VoteMode::Any => ("any", PtxType::Pred),
            VoteMode::Uni => ("uni", PtxType::Pred),
            VoteMode::Ballot => ("ballot", PtxType::B32),
        };
        let p = self.reg(pred)?;
        let m = self.operand(mask)?;
        let d = self.result_reg(res)?;
        let want = if ty == PtxType::Pred {
            Type::I1
        } else {
            Type::I32
        };
        assert_eq!(self.ty(res), want, "vote result type");
        self.emit(
            Op::new(Opc::Vote, &[Mod::Sync, Mod::Word(word)], &[ty]),
            vec![Operand::Reg(d)],
            vec![Operand::Reg(p), m],
        );
        Ok(())
    }
}
