//! Float semantics per type (f16/bf16 lanes, f32, f64) with rounding modes, `.ftz` and
//! `.sat`; comparisons for `setp`/`set`; every form of `cvt`.

use crate::alu::{as_int, mask};
use crate::float::{self, Fmt};
use crate::inst::*;

fn fmt_of(ty: Ty) -> Fmt {
    match ty {
        Ty::F16 | Ty::F16x2 => float::F16,
        Ty::BF16 | Ty::BF16x2 => float::BF16,
        Ty::F64 => float::F64,
        _ => float::F32,
    }
}

/// Reads a scalar float of type `ty` (f16/bf16/f32/f64) as f64.
pub fn read_float(v: u64, ty: Ty) -> f64 {
    match ty {
        Ty::F16 | Ty::F16x2 => float::f16_to_f32(v as u16) as f64,
        Ty::BF16 | Ty::BF16x2 => float::bf16_to_f32(v as u16) as f64,
        Ty::F64 => f64::from_bits(v),
        _ => f32::from_bits(v as u32) as f64,
    }
}

/// Writes an f64 already representable in `ty`'s format as register bits.
pub fn write_float(x: f64, ty: Ty) -> u64 {
    match ty {
        Ty::F16 | Ty::F16x2 => float::f64_to_f16(x, 0.0, Rnd::Rn) as u64,
        Ty::BF16 | Ty::BF16x2 => float::f64_to_bf16(x, 0.0, Rnd::Rn) as u64,
        Ty::F64 => x.to_bits(),
        _ => {
            let f = x as f32;
            if f.is_nan() {
                float::CANON_NAN32 as u64
            } else {
                f.to_bits() as u64
            }
        }
    }
}

fn flush(x: f64, ty: Ty, ftz: bool) -> f64 {
    if !ftz || x == 0.0 || !x.is_finite() {
        return x;
    }
    let min_normal = match ty {
        Ty::F16 | Ty::F16x2 => 2f64.powi(-14),
        Ty::F64 => f64::MIN_POSITIVE,
        _ => f32::MIN_POSITIVE as f64,
    };
    if x.abs() < min_normal {
        0.0f64.copysign(x)
    } else {
        x
    }
}

/// Evaluates one scalar float op in format `ty`, returning the rounded result as f64.
fn scalar_float(op: FloatOp, ty: Ty, m: FMod, a: f64, b: f64, c: f64) -> f64 {
    let f = fmt_of(ty);
    let (a, b, c) = (
        flush(a, ty, m.ftz),
        flush(b, ty, m.ftz),
        flush(c, ty, m.ftz),
    );
    let is64 = ty == Ty::F64;
    // A finite dividend over zero (and `rcp` of zero) is an exact infinity in every
    // rounding mode (IEEE 754 division by zero), not an overflow.
    let by_zero = match op {
        FloatOp::Div => b == 0.0,
        FloatOp::Rcp => a == 0.0,
        _ => false,
    };
    let directed = !matches!(m.rnd, Rnd::Rn | Rnd::Rna);
    let round = |(hi, lo): (f64, f64)| -> f64 {
        if is64 {
            if hi.is_infinite()
                && directed
                && !by_zero
                && a.is_finite()
                && b.is_finite()
                && c.is_finite()
            {
                // Overflow of a finite result: directed modes may stop at the largest
                // finite value (under round-to-nearest the f64 operation's infinity is
                // already the answer).
                return float::round_fmt(hi.signum() * f64::MAX, hi.signum(), f, m.rnd);
            }
            float::to_f64(hi, lo, m.rnd)
        } else {
            float::round_fmt(hi, lo, f, m.rnd)
        }
    };
    let approx = |x: f64| float::round_fmt(x, 0.0, f, Rnd::Rn);
    // A sum x + y: an exact zero takes IEEE 754's sign, which depends on the rounding.
    let sum = |x: f64, y: f64, pair: (f64, f64)| -> f64 {
        if pair == (0.0, 0.0) {
            float::exact_zero_sum(x, y, m.rnd)
        } else {
            round(pair)
        }
    };
    let r = match op {
        FloatOp::Add => sum(a, b, float::exact_add(a, b)),
        FloatOp::Sub => sum(a, -b, float::exact_add(a, -b)),
        FloatOp::Mul => round(float::exact_mul(a, b)),
        // The product's sign is what counts when it is zero (a or b is).
        FloatOp::Fma => sum(a * b, c, float::exact_fma(a, b, c)),
        FloatOp::Div if m.approx && !is64 => approx(a / b),
        FloatOp::Div => round(float::exact_div(a, b)),
        FloatOp::Sqrt if m.approx => approx(a.sqrt()),
        FloatOp::Sqrt => round(float::exact_sqrt(a)),
        FloatOp::Rcp if m.approx => approx(1.0 / a),
        FloatOp::Rcp => round(float::exact_div(1.0, a)),
        FloatOp::Rsqrt => approx(1.0 / a.sqrt()),
        FloatOp::Sin => approx(a.sin()),
        FloatOp::Cos => approx(a.cos()),
        FloatOp::Lg2 => approx(a.log2()),
        FloatOp::Ex2 => approx(a.exp2()),
        FloatOp::Tanh => approx(a.tanh()),
        FloatOp::Abs => a.abs(),
        FloatOp::Neg => -a,
        FloatOp::Copysign => b.abs().copysign(a),
        FloatOp::Min | FloatOp::Max | FloatOp::MinNan | FloatOp::MaxNan => {
            let nan_prop = matches!(op, FloatOp::MinNan | FloatOp::MaxNan);
            if a.is_nan() || b.is_nan() {
                if nan_prop || (a.is_nan() && b.is_nan()) {
                    f64::NAN
                } else if a.is_nan() {
                    b
                } else {
                    a
                }
            } else if a == b {
                // -0 is smaller than +0 for min and max.
                if matches!(op, FloatOp::Min | FloatOp::MinNan)
                    == (a.is_sign_negative() || b.is_sign_negative())
                {
                    if a.is_sign_negative() {
                        a
                    } else {
                        b
                    }
                } else if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else if matches!(op, FloatOp::Min | FloatOp::MinNan) {
                a.min(b)
            } else {
                a.max(b)
            }
        }
    };
    let r = flush(r, ty, m.ftz);
    if m.sat {
        float::sat(r)
    } else {
        r
    }
}

pub fn float_op(op: FloatOp, ty: Ty, m: FMod, a: u64, b: u64, c: u64) -> u64 {
    match ty {
        Ty::F16x2 | Ty::BF16x2 => {
            let lane = |v: u64, k: u32| (v >> (16 * k)) & 0xFFFF;
            let mut out = 0u64;
            for k in 0..2 {
                let r = scalar_float(
                    op,
                    ty,
                    m,
                    read_float(lane(a, k), ty),
                    read_float(lane(b, k), ty),
                    read_float(lane(c, k), ty),
                );
                out |= (write_float(r, ty) & 0xFFFF) << (16 * k);
            }
            out
        }
        Ty::F32 if !m.ftz && !m.sat && m.rnd == Rnd::Rn => {
            // Fast path: the hardware-native correctly rounded operations.
            let x = f32::from_bits(a as u32);
            let y = f32::from_bits(b as u32);
            let r = match op {
                FloatOp::Add => x + y,
                FloatOp::Sub => x - y,
                FloatOp::Mul => x * y,
                FloatOp::Fma => x.mul_add(y, f32::from_bits(c as u32)),
                FloatOp::Div if !m.approx => x / y,
                FloatOp::Sqrt if !m.approx => x.sqrt(),
                FloatOp::Abs => return (a & 0x7FFF_FFFF) & 0xFFFF_FFFF,
                FloatOp::Neg => return (a ^ 0x8000_0000) & 0xFFFF_FFFF,
                _ => {
                    return write_float(
                        scalar_float(op, ty, m, x as f64, y as f64, read_float(c, ty)),
                        ty,
                    )
                }
            };
            if r.is_nan() {
                float::CANON_NAN32 as u64
            } else {
                r.to_bits() as u64
            }
        }
        Ty::F64 if !m.ftz && !m.sat && m.rnd == Rnd::Rn && !m.approx => {
            let x = f64::from_bits(a);
            let y = f64::from_bits(b);
            let r = match op {
                FloatOp::Add => x + y,
                FloatOp::Sub => x - y,
                FloatOp::Mul => x * y,
                FloatOp::Fma => x.mul_add(y, f64::from_bits(c)),
                FloatOp::Div => x / y,
                FloatOp::Sqrt => x.sqrt(),
                FloatOp::Abs => return a & 0x7FFF_FFFF_FFFF_FFFF,
                FloatOp::Neg => return a ^ (1 << 63),
                _ => scalar_float(op, ty, m, x, y, f64::from_bits(c)),
            };
            r.to_bits()
        }
        // abs/neg of f32 with .ftz only flush.
        _ => write_float(
            scalar_float(
                op,
                ty,
                m,
                read_float(a, ty),
                read_float(b, ty),
                read_float(c, ty),
            ),
            ty,
        ),
    }
}

#[inline]
pub fn compare(cmp: Cmp, ty: Ty, ftz: bool, a: u64, b: u64) -> bool {
    if matches!(
        ty,
        Ty::S32 | Ty::U32 | Ty::B32 | Ty::S64 | Ty::U64 | Ty::B64
    ) {
        // Fast path for full-width integers.
        let (sa, sb, ua, ub) = if ty.bits() == 32 {
            (
                a as i32 as i64,
                b as i32 as i64,
                a as u32 as u64,
                b as u32 as u64,
            )
        } else {
            (a as i64, b as i64, a, b)
        };
        let signed = ty.is_signed();
        return match cmp {
            Cmp::Eq | Cmp::Equ => ua == ub,
            Cmp::Ne | Cmp::Neu => ua != ub,
            Cmp::Lt | Cmp::Ltu if signed => sa < sb,
            Cmp::Le | Cmp::Leu if signed => sa <= sb,
            Cmp::Gt | Cmp::Gtu if signed => sa > sb,
            Cmp::Ge | Cmp::Geu if signed => sa >= sb,
            Cmp::Lt | Cmp::Ltu | Cmp::Lo => ua < ub,
            Cmp::Le | Cmp::Leu | Cmp::Ls => ua <= ub,
            Cmp::Gt | Cmp::Gtu | Cmp::Hi => ua > ub,
            Cmp::Ge | Cmp::Geu | Cmp::Hs => ua >= ub,
            Cmp::Num => true,
            Cmp::Nan => false,
        };
    }
    compare_slow(cmp, ty, ftz, a, b)
}

fn compare_slow(cmp: Cmp, ty: Ty, ftz: bool, a: u64, b: u64) -> bool {
    if ty.is_float() {
        let x = flush(read_float(a, ty), ty, ftz);
        let y = flush(read_float(b, ty), ty, ftz);
        let unordered = x.is_nan() || y.is_nan();
        return match cmp {
            Cmp::Eq => !unordered && x == y,
            Cmp::Ne => !unordered && x != y,
            Cmp::Lt | Cmp::Lo => !unordered && x < y,
            Cmp::Le | Cmp::Ls => !unordered && x <= y,
            Cmp::Gt | Cmp::Hi => !unordered && x > y,
            Cmp::Ge | Cmp::Hs => !unordered && x >= y,
            Cmp::Equ => unordered || x == y,
            Cmp::Neu => unordered || x != y,
            Cmp::Ltu => unordered || x < y,
            Cmp::Leu => unordered || x <= y,
            Cmp::Gtu => unordered || x > y,
            Cmp::Geu => unordered || x >= y,
            Cmp::Num => !unordered,
            Cmp::Nan => unordered,
        };
    }
    let (x, y) = match cmp {
        Cmp::Lo | Cmp::Ls | Cmp::Hi | Cmp::Hs => {
            let m = mask(ty.bits());
            ((a & m) as i128, (b & m) as i128)
        }
        _ => (as_int(a, ty), as_int(b, ty)),
    };
    match cmp {
        Cmp::Eq | Cmp::Equ => x == y,
        Cmp::Ne | Cmp::Neu => x != y,
        Cmp::Lt | Cmp::Lo | Cmp::Ltu => x < y,
        Cmp::Le | Cmp::Ls | Cmp::Leu => x <= y,
        Cmp::Gt | Cmp::Hi | Cmp::Gtu => x > y,
        Cmp::Ge | Cmp::Hs | Cmp::Geu => x >= y,
        Cmp::Num => true,
        Cmp::Nan => false,
    }
}

fn int_range(ty: Ty) -> (i128, i128) {
    let bits = ty.bits();
    if ty.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

fn is_int(ty: Ty) -> bool {
    !ty.is_float() && ty != Ty::Pred
}

/// `cvt` between any two types.
#[allow(clippy::too_many_arguments)]
pub fn cvt(
    dty: Ty,
    sty: Ty,
    rnd: Rnd,
    irnd: Option<Rnd>,
    sat: bool,
    ftz: bool,
    relu: bool,
    a: u64,
) -> u64 {
    let dm = mask(dty.bits());
    if is_int(dty) && is_int(sty) {
        let v = as_int(a, sty);
        let v = if sat {
            let (lo, hi) = int_range(dty);
            v.clamp(lo, hi)
        } else {
            v
        };
        return v as u64 & dm;
    }
    if is_int(dty) {
        // Float to integer: round, NaN to 0, saturate to the destination range.
        let x = flush(read_float(a, sty), sty, ftz);
        if x.is_nan() {
            return 0;
        }
        let r = float::round_integral(x, irnd.unwrap_or(Rnd::Rz));
        let (lo, hi) = int_range(dty);
        let v = if r <= lo as f64 {
            lo
        } else if r >= hi as f64 {
            hi
        } else {
            r as i128
        };
        return v as u64 & dm;
    }
    if is_int(sty) {
        let (hi, lo) = float::int_to_pair(as_int(a, sty));
        let r = if dty == Ty::F64 {
            float::to_f64(hi, lo, rnd)
        } else {
            float::round_fmt(hi, lo, fmt_of(dty), rnd)
        };
        let r = if sat { float::sat(r) } else { r };
        return write_float(r, dty) & dm;
    }
    // Float to float.
    let x = flush(read_float(a, sty), sty, ftz);
    let mut r = if let Some(ir) = irnd {
        float::round_integral(x, ir)
    } else if dty == Ty::F64 {
        x
    } else {
        float::round_fmt(x, 0.0, fmt_of(dty), rnd)
    };
    if x.is_nan() {
        // Widening to f64 keeps the NaN's sign (and payload, quieted), as an H100 does
        // (`cvt.f64.f32` of 0xFFC00001 then `mul.f64`: a negative NaN, seen through nvcc's
        // software double-to-fp8 conversion, tools/gpu-check); narrower results are the
        // canonical NaN.
        r = if dty == Ty::F64 { x } else { f64::NAN };
    }
    r = flush(r, dty, ftz);
    if sat {
        r = float::sat(r);
    }
    if relu && r < 0.0 {
        r = 0.0;
    }
    write_float(r, dty) & dm
}

#[cfg(test)]
mod tests {
    use super::*;

    /// IEEE 754: an exact zero sum is +0 in every rounding mode but toward −∞ (−0 there);
    /// x + x keeps x's sign. The operands' exact sums are zero (checked in Rust first).
    #[test]
    fn exact_zero_sums_take_the_sign_of_the_rounding_mode() {
        for ty in [Ty::F32, Ty::F64] {
            let bits = |x: f64| write_float(x, ty);
            let m = |rnd| FMod {
                rnd,
                ftz: false,
                sat: false,
                approx: false,
            };
            let neg = |r: u64| read_float(r, ty).is_sign_negative();
            for rnd in [Rnd::Rn, Rnd::Rz, Rnd::Rp, Rnd::Rm] {
                let minus = rnd == Rnd::Rm;
                assert_eq!(1.5 + -1.5, 0.0);
                let add = float_op(FloatOp::Add, ty, m(rnd), bits(1.5), bits(-1.5), 0);
                assert_eq!(
                    (read_float(add, ty), neg(add)),
                    (0.0, minus),
                    "{ty:?} {rnd:?}"
                );
                let sub = float_op(FloatOp::Sub, ty, m(rnd), bits(0.25), bits(0.25), 0);
                assert_eq!(neg(sub), minus, "{ty:?} {rnd:?}");
                // 2 * 3 - 6 is exactly 0.
                let fma = float_op(FloatOp::Fma, ty, m(rnd), bits(2.0), bits(3.0), bits(-6.0));
                assert_eq!(neg(fma), minus, "{ty:?} {rnd:?}");
                // Zeros of one sign keep it in every mode; of opposite signs follow the rule.
                let nn = float_op(FloatOp::Add, ty, m(rnd), bits(-0.0), bits(-0.0), 0);
                assert!(neg(nn), "{ty:?} {rnd:?}");
                let pp = float_op(FloatOp::Add, ty, m(rnd), bits(0.0), bits(0.0), 0);
                assert!(!neg(pp), "{ty:?} {rnd:?}");
                let pn = float_op(FloatOp::Add, ty, m(rnd), bits(0.0), bits(-0.0), 0);
                assert_eq!(neg(pn), minus, "{ty:?} {rnd:?}");
                // fma with a zero product: -0 * 1 + -0 is -0 everywhere.
                let z = float_op(FloatOp::Fma, ty, m(rnd), bits(-0.0), bits(1.0), bits(-0.0));
                assert!(neg(z), "{ty:?} {rnd:?}");
            }
        }
    }

    #[test]
    fn cvt_saturates_and_rounds() {
        // Float to int saturates; NaN converts to 0.
        assert_eq!(
            cvt(
                Ty::S32,
                Ty::F32,
                Rnd::Rn,
                Some(Rnd::Rz),
                false,
                false,
                false,
                3.0e10f32.to_bits() as u64
            ),
            0x7FFF_FFFF
        );
        assert_eq!(
            cvt(
                Ty::U32,
                Ty::F32,
                Rnd::Rn,
                Some(Rnd::Rz),
                false,
                false,
                false,
                (-5.0f32).to_bits() as u64
            ),
            0
        );
        assert_eq!(
            cvt(
                Ty::S32,
                Ty::F32,
                Rnd::Rn,
                Some(Rnd::Rz),
                false,
                false,
                false,
                f32::NAN.to_bits() as u64
            ),
            0
        );
        assert_eq!(
            cvt(
                Ty::S32,
                Ty::F32,
                Rnd::Rn,
                Some(Rnd::Rn),
                false,
                false,
                false,
                2.5f32.to_bits() as u64
            ),
            2
        );
        assert_eq!(
            cvt(
                Ty::S32,
                Ty::F32,
                Rnd::Rn,
                Some(Rnd::Rm),
                false,
                false,
                false,
                (-2.5f32).to_bits() as u64
            ),
            (-3i32) as u32 as u64
        );
        // Integer narrowing with .sat clamps; without it truncates.
        assert_eq!(
            cvt(
                Ty::U8,
                Ty::S32,
                Rnd::Rn,
                None,
                true,
                false,
                false,
                (-7i32) as u32 as u64
            ),
            0
        );
        assert_eq!(
            cvt(Ty::S8, Ty::S32, Rnd::Rn, None, true, false, false, 300),
            127
        );
        assert_eq!(
            cvt(Ty::U8, Ty::U32, Rnd::Rn, None, false, false, false, 0x1FF),
            0xFF
        );
        // u64 -> f32 with directed rounding: 2^24+1 is not representable.
        assert_eq!(
            cvt(
                Ty::F32,
                Ty::U64,
                Rnd::Rz,
                None,
                false,
                false,
                false,
                (1 << 24) + 1
            ),
            (16_777_216f32).to_bits() as u64
        );
        assert_eq!(
            cvt(
                Ty::F32,
                Ty::U64,
                Rnd::Rp,
                None,
                false,
                false,
                false,
                (1 << 24) + 1
            ),
            (16_777_218f32).to_bits() as u64
        );
        // f32 .sat clamps to [0, 1].
        assert_eq!(
            cvt(
                Ty::F32,
                Ty::F32,
                Rnd::Rn,
                None,
                true,
                false,
                false,
                1.5f32.to_bits() as u64
            ),
            1.0f32.to_bits() as u64
        );
    }

    #[test]
    fn float_rounding_modes() {
        let m = |rnd| FMod {
            rnd,
            ..Default::default()
        };
        let one = 1.0f32.to_bits() as u64;
        let three = 3.0f32.to_bits() as u64;
        assert_eq!(
            float_op(FloatOp::Div, Ty::F32, m(Rnd::Rz), one, three, 0),
            0x3EAA_AAAA
        );
        assert_eq!(
            float_op(FloatOp::Div, Ty::F32, m(Rnd::Rp), one, three, 0),
            0x3EAA_AAAB
        );
        let tiny = 2f32.powi(-30).to_bits() as u64;
        assert_eq!(
            float_op(FloatOp::Add, Ty::F32, m(Rnd::Rp), one, tiny, 0),
            1.0f32.next_up().to_bits() as u64
        );
        assert_eq!(
            float_op(FloatOp::Sub, Ty::F32, m(Rnd::Rz), one, tiny, 0),
            1.0f32.next_down().to_bits() as u64
        );
        // .ftz flushes a subnormal input to zero; .sat clamps.
        let sub = f32::from_bits(1).to_bits() as u64;
        let ftz = FMod {
            ftz: true,
            ..Default::default()
        };
        assert_eq!(float_op(FloatOp::Add, Ty::F32, ftz, sub, 0, 0), 0);
        let sat = FMod {
            sat: true,
            ..Default::default()
        };
        assert_eq!(float_op(FloatOp::Add, Ty::F32, sat, one, one, 0), one);
        // f64 directed: 1/3.
        let (o, t) = (1.0f64.to_bits(), 3.0f64.to_bits());
        assert_eq!(
            f64::from_bits(float_op(FloatOp::Div, Ty::F64, m(Rnd::Rp), o, t, 0)),
            (1.0f64 / 3.0).next_up()
        );
    }

    #[test]
    fn widening_a_nan_to_f64_keeps_its_sign() {
        // Observed on an H100: cvt.f64.f32 of 0xFFC00001 is a negative NaN; narrowing
        // conversions give the canonical NaN.
        let neg = f64::from_bits(cvt(
            Ty::F64,
            Ty::F32,
            Rnd::Rn,
            None,
            false,
            false,
            false,
            0xFFC0_0001,
        ));
        assert!(neg.is_nan() && neg.is_sign_negative());
        let pos = f64::from_bits(cvt(
            Ty::F64,
            Ty::F32,
            Rnd::Rn,
            None,
            false,
            false,
            false,
            0x7FC0_0000,
        ));
        assert!(pos.is_nan() && pos.is_sign_positive());
        let narrow = cvt(
            Ty::F32,
            Ty::F64,
            Rnd::Rn,
            None,
            false,
            false,
            false,
            neg.to_bits(),
        );
        assert_eq!(narrow, float::CANON_NAN32 as u64);
    }
}
