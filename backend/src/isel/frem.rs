//! `frem` (C `fmod`) as an exact, libcall-free instruction sequence.
//!
//! `fmod(x, y)` is exactly representable, but `x - trunc(x / y) * y` is not exact once
//! `x / y` is large. This expansion is binary long division on magnitudes:
//! double `t = |y|` while `t + t <= r` (with `r = |x|`), then walk back down:
//! subtract `t` from `r` when `r >= t`, halve `t`, stop after `t == |y|`. Every subtraction
//! has `t <= r < 2t`, so it is exact (Sterbenz), and halving stays exact because `t` never
//! drops below `|y|`. The result takes the sign of `x`. `y == 0`, infinite `x`, or a NaN
//! operand give NaN, as C requires. At most about 2 × 2100 iterations for `f64` (exponent
//! range including subnormals); typical operands take a handful.

use super::arith::float_type;
use super::Ctx;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{Type, Value};

impl Ctx<'_> {
    pub(super) fn sel_frem(
        &mut self,
        lhs: Value,
        rhs: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let t = self.ty(lhs);
        let (class, inf, half, nan) = match t {
            Type::F32 => (
                RegClass::F32,
                Operand::F32(0x7F80_0000),
                Operand::F32(0x3F00_0000),
                Operand::F32(0x7FFF_FFFF),
            ),
            Type::F64 => (
                RegClass::F64,
                Operand::F64(0x7FF0_0000_0000_0000),
                Operand::F64(0x3FE0_0000_0000_0000),
                Operand::F64(0x7FFF_FFFF_FFFF_FFFF),
            ),
            _ => {
                return Err(BackendError::new(format!(
                    "fmod on {t} is not supported by the PTX backend yet"
                )))
            }
        };
        let ft = float_type(t);
        let zero = if t == Type::F32 {
            Operand::F32(0)
        } else {
            Operand::F64(0)
        };
        let fop = |opc: Opc, mods: &[Mod]| Op::new(opc, mods, &[ft]);
        let setp = |c: CmpOp| Op::new(Opc::Setp, &[Mod::Cmp(c)], &[ft]);
        let x = self.reg(lhs)?;
        let y = self.reg(rhs)?;
        let ax = self.emit_new(class, fop(Opc::Abs, &[]), vec![Operand::Reg(x)]);
        let ay = self.emit_new(class, fop(Opc::Abs, &[]), vec![Operand::Reg(y)]);
        // Not (|y| > 0) catches zero and NaN divisors; not (|x| < inf) catches inf and NaN.
        let bad_y = self.emit_new(
            RegClass::Pred,
            setp(CmpOp::Leu),
            vec![Operand::Reg(ay), zero],
        );
        let bad_x = self.emit_new(
            RegClass::Pred,
            setp(CmpOp::Geu),
            vec![Operand::Reg(ax), inf],
        );
        let bad = self.emit_new(
            RegClass::Pred,
            Op::new(Opc::Or, &[], &[PtxType::Pred]),
            vec![Operand::Reg(bad_y), Operand::Reg(bad_x)],
        );
        let r = self.mf.new_vreg(class);
        let tt = self.mf.new_vreg(class);
        self.push(MInst::mov(class, r, Operand::Reg(ax)));
        self.push(MInst::mov(class, tt, Operand::Reg(ay)));

        let grow = self.mf.new_block();
        let shrink = self.mf.new_block();
        let skip = self.mf.new_block();
        let nan_b = self.mf.new_block();
        let done = self.mf.new_block();
        self.bra(nan_b, Some((bad, false)));
        self.chain.extend([grow, shrink, skip, nan_b, done]);

        // grow: while (t + t <= r) t = t + t;
        self.cur = grow;
        let t2 = self.emit_new(
            class,
            fop(Opc::Add, &[Mod::Rn]),
            vec![Operand::Reg(tt), Operand::Reg(tt)],
        );
        let stop = self.emit_new(
            RegClass::Pred,
            setp(CmpOp::Gtu),
            vec![Operand::Reg(t2), Operand::Reg(r)],
        );
        self.bra(shrink, Some((stop, false)));
        self.push(MInst::mov(class, tt, Operand::Reg(t2)));
        self.bra(grow, None);

        // shrink: if (r >= t) r -= t;
        self.cur = shrink;
        let less = self.emit_new(
            RegClass::Pred,
            setp(CmpOp::Lt),
            vec![Operand::Reg(r), Operand::Reg(tt)],
        );
        self.bra(skip, Some((less, false)));
        self.emit(
            fop(Opc::Sub, &[Mod::Rn]),
            vec![Operand::Reg(r)],
            vec![Operand::Reg(r), Operand::Reg(tt)],
        );

        // skip: if (t <= |y|) done; t *= 0.5; loop. `t` only ever meets |y| exactly here;
        // `<=` still ends the loop should flushed subnormals break that exactness.
        self.cur = skip;
        let fin = self.emit_new(
            RegClass::Pred,
            setp(CmpOp::Le),
            vec![Operand::Reg(tt), Operand::Reg(ay)],
        );
        self.bra(done, Some((fin, false)));
        self.emit(
            fop(Opc::Mul, &[Mod::Rn]),
            vec![Operand::Reg(tt)],
            vec![Operand::Reg(tt), half],
        );
        self.bra(shrink, None);

        self.cur = nan_b;
        self.push(MInst::mov(class, r, nan));

        self.cur = done;
        let d = self.result_reg(res)?;
        self.emit(
            fop(Opc::Copysign, &[]),
            vec![Operand::Reg(d)],
            vec![Operand::Reg(x), Operand::Reg(r)],
        );
        Ok(())
    }
}
