//! Selection of arithmetic, comparisons, selects and constants.
//!
//! Integer operations use signed types for `add/sub/mul` as nvcc does (`add.s32`), and the
//! operation's signedness elsewhere (`div.u32`, `shr.s32`, `setp.lt.u32`). `i8` values live
//! in 16-bit registers with undefined high bits; operations whose result depends on those
//! bits (comparisons, division, right shifts, min/max, bit counts) extend their operands
//! first. Float `add`/`sub`/`mul` are printed as nvcc prints them: without a rounding
//! modifier (ptxas may contract such a pair into an `fma`, as it does in nvcc's PTX) unless
//! the IR pins the rounding (`fadd_rn`, from `__fadd_rn` and from `-fmad=false`), which
//! prints `.rn` and keeps ptxas from contracting.

use super::analysis::{Pattern, WideOperand};
use super::Ctx;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{BinaryOp, FloatCC, Inst, IntCC, Type, UnaryOp, Value};

/// The signed or unsigned integer type for arithmetic on `t` (`i8` computes in 16 bits).
pub fn int_type(t: Type, signed: bool) -> PtxType {
    match (t.bits(), signed) {
        (8 | 16, true) => PtxType::S16,
        (8 | 16, false) => PtxType::U16,
        (32, true) => PtxType::S32,
        (32, false) => PtxType::U32,
        (_, true) => PtxType::S64,
        (_, false) => PtxType::U64,
    }
}

/// The untyped bit type of `t` (`.b32`, `.pred` for `i1`).
pub fn bit_type(t: Type) -> PtxType {
    match t.bits() {
        1 => PtxType::Pred,
        8 | 16 => PtxType::B16,
        32 => PtxType::B32,
        _ => PtxType::B64,
    }
}

/// The float type of `t`.
pub fn float_type(t: Type) -> PtxType {
    match t {
        Type::F16 => PtxType::F16,
        Type::BF16 => PtxType::Bf16,
        Type::F64 => PtxType::F64,
        _ => PtxType::F32,
    }
}

fn unsupported(what: &str, t: Type) -> BackendError {
    BackendError::new(format!(
        "{what} on {t} is not supported by the PTX backend yet"
    ))
}

impl Ctx<'_> {
    /// `v` with its `i8` high bits made meaningful (sign- or zero-extended within 16 bits).
    pub fn ext_operand(&mut self, v: Value, signed: bool) -> Result<Operand, BackendError> {
        if self.ty(v) != Type::I8 {
            return self.operand(v);
        }
        if let Some(bits) = self.const_bits(v) {
            let b = bits & 0xff;
            return Ok(Operand::Imm(if signed {
                b as u8 as i8 as i64
            } else {
                b as i64
            }));
        }
        let r = self.reg(v)?;
        Ok(Operand::Reg(self.ext8(r, signed)))
    }

    /// Extends the low byte of a 16-bit register.
    pub fn ext8(&mut self, r: VReg, signed: bool) -> VReg {
        if signed {
            self.emit_new(
                RegClass::B16,
                Op::new(Opc::Cvt, &[], &[PtxType::S16, PtxType::S8]),
                vec![Operand::Reg(r)],
            )
        } else {
            self.emit_new(
                RegClass::B16,
                Op::new(Opc::And, &[], &[PtxType::B16]),
                vec![Operand::Reg(r), Operand::Imm(255)],
            )
        }
    }

    /// A 32-bit shift amount from an operand of type `t`.
    fn shift_amount(&mut self, v: Value) -> Result<Operand, BackendError> {
        let t = self.ty(v);
        if let Some(bits) = self.const_bits(v) {
            return Ok(Operand::Imm(bits.min(255) as i64));
        }
        let r = self.reg(v)?;
        Ok(match t.bits() {
            32 => Operand::Reg(r),
            64 => {
                // Amounts of 2^32 and more must still shift everything out: clamp before
                // narrowing to PTX's 32-bit amount.
                let c = self.emit_new(
                    RegClass::B64,
                    Op::new(Opc::Min, &[], &[PtxType::U64]),
                    vec![Operand::Reg(r), Operand::Imm(64)],
                );
                Operand::Reg(self.emit_new(
                    RegClass::B32,
                    Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U64]),
                    vec![Operand::Reg(c)],
                ))
            }
            8 => Operand::Reg(self.emit_new(
                RegClass::B32,
                Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U8]),
                vec![Operand::Reg(r)],
            )),
            _ => Operand::Reg(self.emit_new(
                RegClass::B32,
                Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U16]),
                vec![Operand::Reg(r)],
            )),
        })
    }

    fn def(&mut self, res: Value, op: Op, uses: Vec<Operand>) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        self.emit(op, vec![Operand::Reg(d)], uses);
        Ok(())
    }

    pub(super) fn sel_unary(
        &mut self,
        op: UnaryOp,
        arg: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(arg);
        if t == Type::I1 {
            return match op {
                UnaryOp::Not => {
                    let a = self.reg(arg)?;
                    self.def(
                        res,
                        Op::new(Opc::Not, &[], &[PtxType::Pred]),
                        vec![Operand::Reg(a)],
                    )
                }
                // Negation is the identity on one bit; the other operations are meaningless.
                UnaryOp::Neg => {
                    let a = self.reg(arg)?;
                    let d = self.result_reg(res)?;
                    self.push(MInst::mov(RegClass::Pred, d, Operand::Reg(a)));
                    Ok(())
                }
                _ => Err(unsupported("this unary operation", t)),
            };
        }
        match op {
            UnaryOp::Neg => {
                let a = self.operand(arg)?;
                self.def(res, Op::new(Opc::Neg, &[], &[int_type(t, true)]), vec![a])
            }
            UnaryOp::Not => {
                let a = self.operand(arg)?;
                self.def(res, Op::new(Opc::Not, &[], &[bit_type(t)]), vec![a])
            }
            UnaryOp::FNeg | UnaryOp::FAbs if matches!(t, Type::F16 | Type::BF16) => {
                self.half_sign_op(op == UnaryOp::FNeg, arg, res)
            }
            _ if matches!(t, Type::F16 | Type::BF16) => {
                let m = match op {
                    UnaryOp::FSqrt => Mod::Rn,
                    UnaryOp::FRint => Mod::Rni,
                    UnaryOp::FTrunc => Mod::Rzi,
                    UnaryOp::FFloor => Mod::Rmi,
                    UnaryOp::FCeil => Mod::Rpi,
                    _ => return Err(unsupported("this operation", t)),
                };
                let f32op = if op == UnaryOp::FSqrt {
                    Op::new(Opc::Sqrt, &[m], &[PtxType::F32])
                } else {
                    Op::new(Opc::Cvt, &[m], &[PtxType::F32, PtxType::F32])
                };
                self.half_via_f32(f32op, &[arg], res)
            }
            UnaryOp::FNeg | UnaryOp::FAbs | UnaryOp::FSqrt => {
                let opc = match op {
                    UnaryOp::FNeg => Opc::Neg,
                    UnaryOp::FAbs => Opc::Abs,
                    _ => Opc::Sqrt,
                };
                if !matches!(t, Type::F32 | Type::F64) {
                    return Err(unsupported("this float operation", t));
                }
                let mods: &[Mod] = if opc == Opc::Sqrt { &[Mod::Rn] } else { &[] };
                let a = self.reg(arg)?;
                self.def(
                    res,
                    Op::new(opc, mods, &[float_type(t)]),
                    vec![Operand::Reg(a)],
                )
            }
            UnaryOp::FRint | UnaryOp::FTrunc | UnaryOp::FFloor | UnaryOp::FCeil => {
                if !matches!(t, Type::F32 | Type::F64) {
                    return Err(unsupported("rounding", t));
                }
                let m = match op {
                    UnaryOp::FRint => Mod::Rni,
                    UnaryOp::FTrunc => Mod::Rzi,
                    UnaryOp::FFloor => Mod::Rmi,
                    _ => Mod::Rpi,
                };
                let ft = float_type(t);
                let a = self.reg(arg)?;
                self.def(
                    res,
                    Op::new(Opc::Cvt, &[m], &[ft, ft]),
                    vec![Operand::Reg(a)],
                )
            }
            UnaryOp::Popc | UnaryOp::Clz | UnaryOp::Brev => self.sel_bitcount(op, arg, res),
            UnaryOp::FSqrtApprox
            | UnaryOp::FRsqrtApprox
            | UnaryOp::FRcpApprox
            | UnaryOp::FEx2Approx
            | UnaryOp::FEx2ApproxFtz
            | UnaryOp::FLg2Approx
            | UnaryOp::FSinApprox
            | UnaryOp::FCosApprox => {
                let (opc, mods): (Opc, &[Mod]) = match op {
                    UnaryOp::FSqrtApprox => (Opc::Sqrt, &[Mod::Approx]),
                    // The f64 form with `.ftz`, as nvcc's libdevice writes it: ptxas makes
                    // it one `MUFU.RSQ64H` (about 2^-22, which the library's Newton steps
                    // refine), where `rsqrt.approx.f64` becomes a refined sequence with a
                    // subnormal slow path (some 40 instructions). The library never passes
                    // it a subnormal.
                    UnaryOp::FRsqrtApprox if t == Type::F64 => {
                        (Opc::Rsqrt, &[Mod::Approx, Mod::Ftz])
                    }
                    UnaryOp::FRsqrtApprox => (Opc::Rsqrt, &[Mod::Approx]),
                    // PTX has `rcp.approx` for f64 only with `.ftz`.
                    UnaryOp::FRcpApprox if t == Type::F64 => (Opc::Rcp, &[Mod::Approx, Mod::Ftz]),
                    UnaryOp::FRcpApprox => (Opc::Rcp, &[Mod::Approx]),
                    UnaryOp::FEx2Approx => (Opc::Ex2, &[Mod::Approx]),
                    UnaryOp::FEx2ApproxFtz => (Opc::Ex2, &[Mod::Approx, Mod::Ftz]),
                    UnaryOp::FLg2Approx => (Opc::Lg2, &[Mod::Approx]),
                    UnaryOp::FSinApprox => (Opc::Sin, &[Mod::Approx]),
                    _ => (Opc::Cos, &[Mod::Approx]),
                };
                let f64_ok = matches!(op, UnaryOp::FRsqrtApprox | UnaryOp::FRcpApprox);
                if !(t == Type::F32 || (t == Type::F64 && f64_ok)) {
                    return Err(unsupported("this approximate operation", t));
                }
                let a = self.reg(arg)?;
                self.def(
                    res,
                    Op::new(opc, mods, &[float_type(t)]),
                    vec![Operand::Reg(a)],
                )
            }
        }
    }

    /// `popc`, `clz`, `brev`: native on 32 and 64 bits; narrower types go through 32 bits.
    fn sel_bitcount(&mut self, op: UnaryOp, arg: Value, res: Value) -> Result<(), BackendError> {
        let t = self.ty(arg);
        let opc = match op {
            UnaryOp::Popc => Opc::Popc,
            UnaryOp::Clz => Opc::Clz,
            _ => Opc::Brev,
        };
        let bits = t.bits();
        let a = self.reg(arg)?;
        let wide = match bits {
            32 | 64 => a,
            8 => self.emit_new(
                RegClass::B32,
                Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U8]),
                vec![Operand::Reg(a)],
            ),
            _ => self.emit_new(
                RegClass::B32,
                Op::new(Opc::Cvt, &[], &[PtxType::U32, PtxType::U16]),
                vec![Operand::Reg(a)],
            ),
        };
        let optype = if bits == 64 {
            PtxType::B64
        } else {
            PtxType::B32
        };
        // popc/clz always produce a 32-bit count; brev keeps the operand width.
        let rclass = if bits == 64 && opc == Opc::Brev {
            RegClass::B64
        } else {
            RegClass::B32
        };
        let r = self.emit_new(
            rclass,
            Op::new(opc, &[], &[optype]),
            vec![Operand::Reg(wide)],
        );
        let d = self.result_reg(res)?;
        let fixed = match (opc, bits) {
            (Opc::Clz, 8 | 16) => self.emit_new(
                RegClass::B32,
                Op::new(Opc::Add, &[], &[PtxType::S32]),
                vec![Operand::Reg(r), Operand::Imm(-(32 - bits as i64))],
            ),
            (Opc::Brev, 8 | 16) => self.emit_new(
                RegClass::B32,
                Op::new(Opc::Shr, &[], &[PtxType::U32]),
                vec![Operand::Reg(r), Operand::Imm(32 - bits as i64)],
            ),
            _ => r,
        };
        match bits {
            32 => self.push(MInst::mov(RegClass::B32, d, Operand::Reg(fixed))),
            64 if opc == Opc::Brev => self.push(MInst::mov(RegClass::B64, d, Operand::Reg(fixed))),
            64 => self.emit(
                Op::new(Opc::Cvt, &[], &[PtxType::U64, PtxType::U32]),
                vec![Operand::Reg(d)],
                vec![Operand::Reg(fixed)],
            ),
            _ => self.emit(
                Op::new(Opc::Cvt, &[], &[PtxType::U16, PtxType::U32]),
                vec![Operand::Reg(d)],
                vec![Operand::Reg(fixed)],
            ),
        }
        Ok(())
    }

    pub(super) fn sel_binary(
        &mut self,
        inst: Inst,
        op: BinaryOp,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(lhs);
        if let Some(p) = self.an.pattern(inst) {
            return self.sel_pattern(p, t, res);
        }
        if t == Type::I1 {
            return self.sel_bool_binary(op, lhs, rhs, res);
        }
        if t.is_float() {
            return self.sel_float_binary(op, lhs, rhs, res);
        }
        if t == Type::I128 {
            return Err(unsupported("arithmetic", t));
        }
        use BinaryOp::*;
        let (opc, mods, ty, signed): (Opc, &[Mod], PtxType, Option<bool>) = match op {
            Add => (Opc::Add, &[], int_type(t, true), None),
            Sub => (Opc::Sub, &[], int_type(t, true), None),
            Mul => (Opc::Mul, &[Mod::Lo], int_type(t, true), None),
            SDiv => (Opc::Div, &[], int_type(t, true), Some(true)),
            UDiv => (Opc::Div, &[], int_type(t, false), Some(false)),
            SRem => (Opc::Rem, &[], int_type(t, true), Some(true)),
            URem => (Opc::Rem, &[], int_type(t, false), Some(false)),
            SMulHi | UMulHi => {
                if t.bits() == 8 {
                    return Err(unsupported("high multiply", t));
                }
                let s = op == SMulHi;
                (Opc::Mul, &[Mod::Hi], int_type(t, s), None)
            }
            And => (Opc::And, &[], bit_type(t), None),
            Or => (Opc::Or, &[], bit_type(t), None),
            Xor => (Opc::Xor, &[], bit_type(t), None),
            SMin => (Opc::Min, &[], int_type(t, true), Some(true)),
            SMax => (Opc::Max, &[], int_type(t, true), Some(true)),
            UMin => (Opc::Min, &[], int_type(t, false), Some(false)),
            UMax => (Opc::Max, &[], int_type(t, false), Some(false)),
            Shl | LShr | AShr => {
                let (a, ty) = match op {
                    Shl => (self.operand(lhs)?, bit_type(t)),
                    LShr => (self.ext_operand(lhs, false)?, int_type(t, false)),
                    _ => (self.ext_operand(lhs, true)?, int_type(t, true)),
                };
                let b = self.shift_amount(rhs)?;
                let opc = if op == Shl { Opc::Shl } else { Opc::Shr };
                return self.def(res, Op::new(opc, &[], &[ty]), vec![a, b]);
            }
            _ => return Err(unsupported("this operation", t)),
        };
        let (a, b) = match signed {
            Some(s) => (self.ext_operand(lhs, s)?, self.ext_operand(rhs, s)?),
            None => (self.operand(lhs)?, self.operand(rhs)?),
        };
        let (a, b) = self.order_operands(op, a, b, t)?;
        self.def(res, Op::new(opc, mods, &[ty]), vec![a, b])
    }

    /// Puts an immediate in a register (used where PTX wants the first operand in one).
    pub fn force_reg(&mut self, o: Operand, t: Type) -> Result<Operand, BackendError> {
        match o {
            Operand::Imm(_) | Operand::F32(_) | Operand::F64(_) => {
                let class = crate::lower_args::class_of(t)?;
                let d = self.mf.new_vreg(class);
                self.push(MInst::mov(class, d, o));
                Ok(Operand::Reg(d))
            }
            o => Ok(o),
        }
    }

    /// Puts an immediate second when the operation commutes; two immediates get a register.
    fn order_operands(
        &mut self,
        op: BinaryOp,
        a: Operand,
        b: Operand,
        t: Type,
    ) -> Result<(Operand, Operand), BackendError> {
        use BinaryOp::*;
        let is_imm = |o: &Operand| matches!(o, Operand::Imm(_) | Operand::F32(_) | Operand::F64(_));
        if !is_imm(&a) {
            return Ok((a, b));
        }
        let commutative = matches!(
            op,
            Add | Mul
                | And
                | Or
                | Xor
                | SMin
                | SMax
                | UMin
                | UMax
                | SMulHi
                | UMulHi
                | FAdd
                | FMul
                | FAddRn
                | FMulRn
                | FMin
                | FMax
        );
        if !is_imm(&b) {
            // PTX takes an immediate in either position (checked with ptxas); commute
            // anyway where allowed, to read like nvcc's output.
            return Ok(if commutative { (b, a) } else { (a, b) });
        }
        Ok((self.force_reg(a, t)?, b))
    }

    fn sel_float_binary(
        &mut self,
        op: BinaryOp,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        use BinaryOp::*;
        let t = self.ty(lhs);
        let ft = float_type(t);
        let half = matches!(t, Type::F16 | Type::BF16);
        if half {
            let native = matches!(op, FAdd | FSub | FMul | FAddRn | FSubRn | FMulRn)
                && (t == Type::F16 || self.target.has(crate::target::Feature::Bf16Arith));
            if !native {
                let (opc, mods): (Opc, &[Mod]) = match op {
                    FAdd | FAddRn => (Opc::Add, &[Mod::Rn]),
                    FSub | FSubRn => (Opc::Sub, &[Mod::Rn]),
                    FMul | FMulRn => (Opc::Mul, &[Mod::Rn]),
                    FDiv => (Opc::Div, &[Mod::Rn]),
                    FMin => (Opc::Min, &[]),
                    FMax => (Opc::Max, &[]),
                    _ => return Err(unsupported("this float operation", t)),
                };
                return self.half_via_f32(Op::new(opc, mods, &[PtxType::F32]), &[lhs, rhs], res);
            }
        }
        let (opc, mods): (Opc, &[Mod]) = match op {
            // nvcc prints f32/f64 `add`/`sub`/`mul` without a rounding modifier, which leaves
            // ptxas free to contract what cicc did not; the `Rn` forms pin the rounding.
            FAdd if !half => (Opc::Add, &[]),
            FSub if !half => (Opc::Sub, &[]),
            FMul if !half => (Opc::Mul, &[]),
            FAdd | FAddRn => (Opc::Add, &[Mod::Rn]),
            FSub | FSubRn => (Opc::Sub, &[Mod::Rn]),
            FMul | FMulRn => (Opc::Mul, &[Mod::Rn]),
            FDiv => (Opc::Div, &[Mod::Rn]),
            FMin => (Opc::Min, &[]),
            FMax => (Opc::Max, &[]),
            FRem => return self.sel_frem(lhs, rhs, res),
            FAddRz => (Opc::Add, &[Mod::Rz]),
            FAddRm => (Opc::Add, &[Mod::Rm]),
            FAddRp => (Opc::Add, &[Mod::Rp]),
            FSubRz => (Opc::Sub, &[Mod::Rz]),
            FSubRm => (Opc::Sub, &[Mod::Rm]),
            FSubRp => (Opc::Sub, &[Mod::Rp]),
            FMulRz => (Opc::Mul, &[Mod::Rz]),
            FMulRm => (Opc::Mul, &[Mod::Rm]),
            FMulRp => (Opc::Mul, &[Mod::Rp]),
            FDivRz => (Opc::Div, &[Mod::Rz]),
            FDivRm => (Opc::Div, &[Mod::Rm]),
            FDivRp => (Opc::Div, &[Mod::Rp]),
            FDivApprox | FDivFull if t != Type::F32 => {
                return Err(unsupported("approximate division", t))
            }
            FDivApprox => (Opc::Div, &[Mod::Approx]),
            FDivFull => (Opc::Div, &[Mod::Full]),
            FCopysign => {
                // PTX's copysign takes the sign source first.
                let a = self.reg(lhs)?;
                let b = self.reg(rhs)?;
                return self.def(
                    res,
                    Op::new(Opc::Copysign, &[], &[ft]),
                    vec![Operand::Reg(b), Operand::Reg(a)],
                );
            }
            _ => return Err(unsupported("this operation", t)),
        };
        let a = if half {
            Operand::Reg(self.reg(lhs)?)
        } else {
            self.operand(lhs)?
        };
        let b = if half {
            Operand::Reg(self.reg(rhs)?)
        } else {
            self.operand(rhs)?
        };
        let (a, b) = self.order_operands(op, a, b, t)?;
        self.def(res, Op::new(opc, mods, &[ft]), vec![a, b])
    }

    /// Boolean arithmetic on predicates.
    fn sel_bool_binary(
        &mut self,
        op: BinaryOp,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        use BinaryOp::*;
        let opc = match op {
            And | Mul | UMin | SMax => Opc::And,
            Or | UMax | SMin => Opc::Or,
            Xor | Add | Sub => Opc::Xor,
            _ => return Err(unsupported("this operation", Type::I1)),
        };
        let a = self.reg(lhs)?;
        let b = self.reg(rhs)?;
        self.def(
            res,
            Op::new(opc, &[], &[PtxType::Pred]),
            vec![Operand::Reg(a), Operand::Reg(b)],
        )
    }

    fn sel_pattern(&mut self, p: Pattern, t: Type, res: Value) -> Result<(), BackendError> {
        let wide_b = |cx: &mut Self, b: WideOperand| -> Result<Operand, BackendError> {
            Ok(match b {
                WideOperand::Value(v) => cx.operand(v)?,
                WideOperand::Imm(i) => Operand::Imm(i),
            })
        };
        match p {
            Pattern::Mad { a, b, c } => {
                let ao = self.operand(a)?;
                let bo = self.operand(b)?;
                let (ao, bo) = self.order_operands(BinaryOp::Mul, ao, bo, t)?;
                let co = self.operand(c)?;
                self.def(
                    res,
                    Op::new(Opc::Mad, &[Mod::Lo], &[int_type(t, true)]),
                    vec![ao, bo, co],
                )
            }
            Pattern::MulWide { signed, a, b } => {
                let ao = Operand::Reg(self.reg(a)?);
                let bo = wide_b(self, b)?;
                let ty = if signed { PtxType::S32 } else { PtxType::U32 };
                self.def(res, Op::new(Opc::Mul, &[Mod::Wide], &[ty]), vec![ao, bo])
            }
            Pattern::Shift64 { op, value, amount } => {
                let v = self.operand(value)?;
                let a = self.operand(amount)?;
                let (opc, ty) = match op {
                    BinaryOp::Shl => (Opc::Shl, PtxType::B64),
                    BinaryOp::LShr => (Opc::Shr, PtxType::U64),
                    _ => (Opc::Shr, PtxType::S64),
                };
                self.def(res, Op::new(opc, &[], &[ty]), vec![v, a])
            }
            Pattern::ExtLoad { .. } => Err(BackendError::new(
                "internal error: a load extension chosen for an arithmetic instruction",
            )),
            Pattern::MadWide { signed, a, b, c } => {
                let ao = Operand::Reg(self.reg(a)?);
                let bo = wide_b(self, b)?;
                let co = self.operand(c)?;
                let ty = if signed { PtxType::S32 } else { PtxType::U32 };
                self.def(
                    res,
                    Op::new(Opc::Mad, &[Mod::Wide], &[ty]),
                    vec![ao, bo, co],
                )
            }
        }
    }

    pub(super) fn sel_fma(
        &mut self,
        a: Value,
        b: Value,
        c: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(a);
        match t {
            Type::F32 | Type::F64 | Type::F16 => {}
            Type::BF16 if self.target.has(crate::target::Feature::Bf16Arith) => {}
            Type::BF16 => {
                let op = Op::new(Opc::Fma, &[Mod::Rn], &[PtxType::F32]);
                return self.half_via_f32(op, &[a, b, c], res);
            }
            _ => return Err(unsupported("fma", t)),
        }
        let ao = Operand::Reg(self.reg(a)?);
        let bo = self.operand(b)?;
        let co = self.operand(c)?;
        let (bo, co) = if matches!(t, Type::F16 | Type::BF16) {
            (self.force_reg(bo, t)?, self.force_reg(co, t)?)
        } else {
            (bo, co)
        };
        self.def(
            res,
            Op::new(Opc::Fma, &[Mod::Rn], &[float_type(t)]),
            vec![ao, bo, co],
        )
    }

    pub(super) fn sel_icmp(
        &mut self,
        cond: IntCC,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(lhs);
        let signed = matches!(cond, IntCC::Slt | IntCC::Sle | IntCC::Sgt | IntCC::Sge);
        let cmp = match cond {
            IntCC::Eq => CmpOp::Eq,
            IntCC::Ne => CmpOp::Ne,
            IntCC::Slt | IntCC::Ult => CmpOp::Lt,
            IntCC::Sle | IntCC::Ule => CmpOp::Le,
            IntCC::Sgt | IntCC::Ugt => CmpOp::Gt,
            IntCC::Sge | IntCC::Uge => CmpOp::Ge,
        };
        if t == Type::I128 {
            return Err(unsupported("comparison", t));
        }
        let (a, b, ty) = if t == Type::I1 {
            // Compare booleans as 0/1 (unsigned) or 0/-1 (signed) integers.
            let a = self.bool_to_int(lhs, signed)?;
            let b = self.bool_to_int(rhs, signed)?;
            (
                Operand::Reg(a),
                Operand::Reg(b),
                int_type(Type::I32, signed),
            )
        } else {
            let eq = matches!(cond, IntCC::Eq | IntCC::Ne);
            let a = self.ext_operand(lhs, signed)?;
            let b = self.ext_operand(rhs, signed)?;
            let ty = int_type(t, signed || eq);
            (a, b, ty)
        };
        let (a, b, cmp) = match a {
            Operand::Imm(_) if !matches!(b, Operand::Imm(_)) => (b, a, swap_cmp(cmp)),
            _ => (a, b, cmp),
        };
        let a = self.force_reg(a, if t == Type::I1 { Type::I32 } else { t })?;
        self.def(res, Op::new(Opc::Setp, &[Mod::Cmp(cmp)], &[ty]), vec![a, b])
    }

    /// `selp.u32 r, 1, 0, p` (or `-1, 0` for a signed view).
    pub fn bool_to_int(&mut self, v: Value, signed: bool) -> Result<VReg, BackendError> {
        let p = self.reg(v)?;
        let one = if signed { -1 } else { 1 };
        let ty = if signed { PtxType::S32 } else { PtxType::U32 };
        Ok(self.emit_new(
            RegClass::B32,
            Op::new(Opc::Selp, &[], &[ty]),
            vec![Operand::Imm(one), Operand::Imm(0), Operand::Reg(p)],
        ))
    }

    pub(super) fn sel_fcmp(
        &mut self,
        cond: FloatCC,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(lhs);
        if t == Type::BF16 {
            // Compare exactly in f32.
            let a = self.half_value_to_f32(lhs)?;
            let b = self.half_value_to_f32(rhs)?;
            let cmp = float_cmp(cond);
            return self.def(
                res,
                Op::new(Opc::Setp, &[Mod::Cmp(cmp)], &[PtxType::F32]),
                vec![Operand::Reg(a), Operand::Reg(b)],
            );
        }
        let cmp = float_cmp(cond);
        let a = self.operand(lhs)?;
        let b = self.operand(rhs)?;
        let (a, b, cmp) = match a {
            Operand::F32(_) | Operand::F64(_) => (b, a, swap_cmp(cmp)),
            _ => (a, b, cmp),
        };
        let a = self.force_reg(a, t)?;
        self.def(
            res,
            Op::new(Opc::Setp, &[Mod::Cmp(cmp)], &[float_type(t)]),
            vec![a, b],
        )
    }

    pub(super) fn sel_select(
        &mut self,
        cond: Value,
        t_val: Value,
        f_val: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(t_val);
        let p = self.reg(cond)?;
        if t == Type::I1 {
            // (c & t) | (!c & f) on predicates.
            let a = self.reg(t_val)?;
            let b = self.reg(f_val)?;
            let pred = |o: Opc| Op::new(o, &[], &[PtxType::Pred]);
            let x = self.emit_new(
                RegClass::Pred,
                pred(Opc::And),
                vec![Operand::Reg(p), Operand::Reg(a)],
            );
            let n = self.emit_new(RegClass::Pred, pred(Opc::Not), vec![Operand::Reg(p)]);
            let y = self.emit_new(
                RegClass::Pred,
                pred(Opc::And),
                vec![Operand::Reg(n), Operand::Reg(b)],
            );
            return self.def(res, pred(Opc::Or), vec![Operand::Reg(x), Operand::Reg(y)]);
        }
        let ty = if t.is_float() && !matches!(t, Type::F16 | Type::BF16) {
            float_type(t)
        } else {
            bit_type(t)
        };
        let a = self.operand(t_val)?;
        let b = self.operand(f_val)?;
        self.def(
            res,
            Op::new(Opc::Selp, &[], &[ty]),
            vec![a, b, Operand::Reg(p)],
        )
    }
}

/// The comparison with its operands swapped (`a < b` ⇔ `b > a`).
pub fn swap_cmp(c: CmpOp) -> CmpOp {
    use CmpOp::*;
    match c {
        Lt => Gt,
        Gt => Lt,
        Le => Ge,
        Ge => Le,
        Lo => Hi,
        Hi => Lo,
        Ls => Hs,
        Hs => Ls,
        Ltu => Gtu,
        Gtu => Ltu,
        Leu => Geu,
        Geu => Leu,
        other => other,
    }
}

/// The `setp` condition of a float comparison.
pub fn float_cmp(cond: FloatCC) -> CmpOp {
    match cond {
        FloatCC::Oeq => CmpOp::Eq,
        FloatCC::One => CmpOp::Ne,
        FloatCC::Olt => CmpOp::Lt,
        FloatCC::Ole => CmpOp::Le,
        FloatCC::Ogt => CmpOp::Gt,
        FloatCC::Oge => CmpOp::Ge,
        FloatCC::Ord => CmpOp::Num,
        FloatCC::Ueq => CmpOp::Equ,
        FloatCC::Une => CmpOp::Neu,
        FloatCC::Ult => CmpOp::Ltu,
        FloatCC::Ule => CmpOp::Leu,
        FloatCC::Ugt => CmpOp::Gtu,
        FloatCC::Uge => CmpOp::Geu,
        FloatCC::Uno => CmpOp::Nan,
    }
}
