//! Selection of casts: integer width changes, int/float conversions, float width changes,
//! bit casts, pointer casts and address-space casts.
//!
//! Rounding follows C: float→int truncates (`cvt.rzi`), int→float and narrowing float
//! conversions round to nearest even (`cvt.rn`), widening is exact (`cvt.f64.f32`).
//! `i1` converts through `selp` (to integers) and `setp` (from integers).

use super::arith::{float_type, int_type};
use super::Ctx;
use crate::lower_args::class_of;
use crate::mir::*;
use crate::target::Feature;
use crate::BackendError;
use oxicc_ir::{AddrSpace, CastOp, Type, Value};

/// The state-space modifier of an address space (`None` for generic).
pub(super) fn addr_space_modifier(s: AddrSpace) -> Option<Space> {
    match s {
        AddrSpace::Generic => None,
        AddrSpace::Global => Some(Space::Global),
        AddrSpace::Shared => Some(Space::Shared),
        AddrSpace::Const => Some(Space::Const),
        AddrSpace::Local => Some(Space::Local),
        AddrSpace::Param => Some(Space::Param),
    }
}

/// The unsigned type of an integer register width (`i8` reads as `.u8` from a 16-bit register).
fn uint_of(t: Type) -> PtxType {
    match t.bits() {
        8 => PtxType::U8,
        16 => PtxType::U16,
        32 => PtxType::U32,
        _ => PtxType::U64,
    }
}

fn sint_of(t: Type) -> PtxType {
    match t.bits() {
        8 => PtxType::S8,
        16 => PtxType::S16,
        32 => PtxType::S32,
        _ => PtxType::S64,
    }
}

impl Ctx<'_> {
    fn cvt(
        &mut self,
        res: Value,
        mods: &[Mod],
        to: PtxType,
        from: PtxType,
        src: Operand,
    ) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        self.emit(
            Op::new(Opc::Cvt, mods, &[to, from]),
            vec![Operand::Reg(d)],
            vec![src],
        );
        Ok(())
    }

    fn copy_to(&mut self, res: Value, src: Operand) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        let class = self.mf.class(d);
        self.push(MInst::mov(class, d, src));
        Ok(())
    }

    pub(super) fn sel_cast(
        &mut self,
        op: CastOp,
        arg: Value,
        to: Type,
        res: Value,
    ) -> Result<(), BackendError> {
        let from = self.ty(arg);
        if from == Type::I128 || to == Type::I128 {
            return Err(BackendError::new(
                "128-bit integers are not supported by the PTX backend yet",
            ));
        }
        match op {
            CastOp::Trunc => {
                if to == Type::I1 {
                    // Keep bit 0.
                    let a = self.reg(arg)?;
                    let bt = super::arith::bit_type(from);
                    let class = class_of(from)?;
                    let m = self.emit_new(
                        class,
                        Op::new(Opc::And, &[], &[bt]),
                        vec![Operand::Reg(a), Operand::Imm(1)],
                    );
                    let d = self.result_reg(res)?;
                    self.emit(
                        Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Eq)], &[bt]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Reg(m), Operand::Imm(1)],
                    );
                    return Ok(());
                }
                let a = self.reg(arg)?;
                if class_of(from)? == class_of(to)? {
                    // The same bits in the same register class: the result is the
                    // argument's register (copy propagation, as if the IR used `arg`), so
                    // no `mov` keeps both alive when `arg` is used again later. A use
                    // selected before this definition (layout order need not follow
                    // dominance) already named a register of its own: copy into it.
                    if self.vreg_of.contains_key(&res) {
                        return self.copy_to(res, Operand::Reg(a));
                    }
                    self.vreg_of.insert(res, a);
                    return Ok(());
                }
                let to_t = if to.bits() <= 16 {
                    PtxType::U16
                } else {
                    uint_of(to)
                };
                self.cvt(res, &[], to_t, uint_of(from), Operand::Reg(a))
            }
            CastOp::ZExt | CastOp::SExt => {
                let signed = op == CastOp::SExt;
                if from == Type::I1 {
                    let p = self.reg(arg)?;
                    let one = if signed { -1 } else { 1 };
                    let ty = int_type(to, signed);
                    let d = self.result_reg(res)?;
                    self.emit(
                        Op::new(Opc::Selp, &[], &[ty]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Imm(one), Operand::Imm(0), Operand::Reg(p)],
                    );
                    return Ok(());
                }
                let a = self.reg(arg)?;
                if from.bits() == 8 && to.bits() == 16 {
                    let e = self.ext8(a, signed);
                    return self.copy_to(res, Operand::Reg(e));
                }
                if from.bits() == to.bits() {
                    return self.copy_to(res, Operand::Reg(a));
                }
                let (tt, ft) = if signed {
                    (sint_of(to), sint_of(from))
                } else {
                    (uint_of(to), uint_of(from))
                };
                self.cvt(res, &[], tt, ft, Operand::Reg(a))
            }
            CastOp::FpToSi | CastOp::FpToUi => {
                let signed = op == CastOp::FpToSi;
                let (a, ft) = if from == Type::BF16 {
                    (self.half_value_to_f32(arg)?, PtxType::F32)
                } else {
                    (self.reg(arg)?, float_type(from))
                };
                if to == Type::I1 {
                    let r = self.emit_new(
                        RegClass::B32,
                        Op::new(Opc::Cvt, &[Mod::Rzi], &[int_type(Type::I32, signed), ft]),
                        vec![Operand::Reg(a)],
                    );
                    let d = self.result_reg(res)?;
                    self.emit(
                        Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Ne)], &[PtxType::S32]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Reg(r), Operand::Imm(0)],
                    );
                    return Ok(());
                }
                self.cvt(res, &[Mod::Rzi], int_type(to, signed), ft, Operand::Reg(a))
            }
            CastOp::SiToFp | CastOp::UiToFp
                if to == Type::BF16 && !self.target.has(Feature::Bf16ConvertAll) =>
            {
                // Through f32, exact for sources of up to 16 bits, then one rounding.
                if from.bits() > 16 {
                    return Err(BackendError::new(format!(
                        "converting {from} to bf16 needs sm_90 (targeting sm_{})",
                        self.target.sm
                    )));
                }
                let signed = op == CastOp::SiToFp;
                let src = if from == Type::I1 {
                    Operand::Reg(self.bool_to_int(arg, signed)?)
                } else {
                    self.ext_operand(arg, signed)?
                };
                let src = self.force_reg(src, Type::I16)?;
                let st = if from == Type::I1 {
                    int_type(Type::I32, signed)
                } else {
                    int_type(from, signed)
                };
                let f = self.emit_new(
                    RegClass::F32,
                    Op::new(Opc::Cvt, &[Mod::Rn], &[PtxType::F32, st]),
                    vec![src],
                );
                self.define_half_from_f32(res, f)
            }
            CastOp::SiToFp | CastOp::UiToFp => {
                let signed = op == CastOp::SiToFp;
                let tt = float_type(to);
                let (src, st) = if from == Type::I1 {
                    (
                        Operand::Reg(self.bool_to_int(arg, signed)?),
                        int_type(Type::I32, signed),
                    )
                } else if from == Type::I8 {
                    (self.ext_operand(arg, signed)?, int_type(from, signed))
                } else {
                    (Operand::Reg(self.reg(arg)?), int_type(from, signed))
                };
                let src = self.force_reg(src, Type::I16)?;
                self.cvt(res, &[Mod::Rn], tt, st, src)
            }
            CastOp::FpExt | CastOp::FpTrunc
                if from == Type::BF16 || (to.bits() == 16 && from.bits() == 16) =>
            {
                // bf16 widens exactly through f32; f16 <-> bf16 rounds once from f32.
                let f = self.half_value_to_f32(arg)?;
                match to {
                    Type::F32 => self.copy_to(res, Operand::Reg(f)),
                    Type::F64 => self.cvt(res, &[], PtxType::F64, PtxType::F32, Operand::Reg(f)),
                    _ => self.define_half_from_f32(res, f),
                }
            }
            CastOp::FpTrunc if to == Type::BF16 && from == Type::F32 => {
                let a = self.reg(arg)?;
                self.define_half_from_f32(res, a)
            }
            CastOp::FpTrunc if to == Type::BF16 && !self.target.has(Feature::Bf16ConvertAll) => {
                Err(BackendError::new(format!(
                    "rounding {from} to bf16 needs sm_90 (targeting sm_{})",
                    self.target.sm
                )))
            }
            CastOp::FpExt => {
                let a = self.reg(arg)?;
                self.cvt(res, &[], float_type(to), float_type(from), Operand::Reg(a))
            }
            CastOp::FpTrunc => {
                let a = self.reg(arg)?;
                self.cvt(
                    res,
                    &[Mod::Rn],
                    float_type(to),
                    float_type(from),
                    Operand::Reg(a),
                )
            }
            CastOp::Bitcast | CastOp::PtrToInt | CastOp::IntToPtr => {
                let a = self.reg(arg)?;
                if class_of(from)? == class_of(to)? {
                    // The same bits in the same register class: the result is the
                    // argument's register (copy propagation, as if the IR used `arg`), so
                    // no `mov` keeps both alive when `arg` is used again later. A use
                    // selected before this definition (layout order need not follow
                    // dominance) already named a register of its own: copy into it.
                    if self.vreg_of.contains_key(&res) {
                        return self.copy_to(res, Operand::Reg(a));
                    }
                    self.vreg_of.insert(res, a);
                    return Ok(());
                }
                if from.bits() == to.bits() {
                    // Same width, different register class: an untyped mov.
                    let bt = super::arith::bit_type(to);
                    let d = self.result_reg(res)?;
                    self.emit(
                        Op::new(Opc::Mov, &[], &[bt]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Reg(a)],
                    );
                    return Ok(());
                }
                // Pointer/integer casts of different widths truncate or zero-extend.
                let to_t = if to.bits() <= 16 {
                    PtxType::U16
                } else {
                    uint_of(to)
                };
                self.cvt(res, &[], to_t, uint_of(from), Operand::Reg(a))
            }
            CastOp::AddrSpaceCast => {
                let (fs, ts) = (
                    from.addr_space().expect("addrspacecast from a non-pointer"),
                    to.addr_space().expect("addrspacecast to a non-pointer"),
                );
                let a = self.reg(arg)?;
                if fs == ts {
                    return self.copy_to(res, Operand::Reg(a));
                }
                let d = self.result_reg(res)?;
                match (addr_space_modifier(fs), addr_space_modifier(ts)) {
                    (Some(Space::Param), None) | (None, Some(Space::Param)) => {
                        if !self.target.has(crate::target::Feature::ParamAddress) {
                            return Err(BackendError::new(format!(
                                "converting a parameter address to a generic pointer needs sm_70 and PTX 7.7 (targeting sm_{} with PTX {}.{})",
                                self.target.sm, self.target.ptx.0, self.target.ptx.1
                            )));
                        }
                        let mods = if fs == AddrSpace::Param {
                            vec![Mod::Space(Space::Param)]
                        } else {
                            vec![Mod::To, Mod::Space(Space::Param)]
                        };
                        self.emit(
                            Op {
                                opc: Opc::Cvta,
                                mods,
                                types: vec![PtxType::U64],
                                shape: Shape::Flat,
                            },
                            vec![Operand::Reg(d)],
                            vec![Operand::Reg(a)],
                        );
                    }
                    (Some(s), None) => self.emit(
                        Op::new(Opc::Cvta, &[Mod::Space(s)], &[PtxType::U64]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Reg(a)],
                    ),
                    (None, Some(s)) => self.emit(
                        Op::new(Opc::Cvta, &[Mod::To, Mod::Space(s)], &[PtxType::U64]),
                        vec![Operand::Reg(d)],
                        vec![Operand::Reg(a)],
                    ),
                    (Some(s1), Some(s2)) => {
                        // Specific to specific goes through generic.
                        let g = self.emit_new(
                            RegClass::B64,
                            Op::new(Opc::Cvta, &[Mod::Space(s1)], &[PtxType::U64]),
                            vec![Operand::Reg(a)],
                        );
                        self.emit(
                            Op::new(Opc::Cvta, &[Mod::To, Mod::Space(s2)], &[PtxType::U64]),
                            vec![Operand::Reg(d)],
                            vec![Operand::Reg(g)],
                        );
                    }
                    (None, None) => unreachable!("generic to generic handled above"),
                }
                Ok(())
            }
        }
    }
}
