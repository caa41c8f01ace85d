//! Register-to-register semantics: integer ops (with PTX's clamping shifts, bit-field ops,
//! carries, wide and high multiplies), float ops per type, comparisons, `prmt`, `shf`, `cvt`.
//! Registers hold zero-extended values of the instruction's type; every function reads its
//! operands at the type's width.

use crate::float::{self, Fmt};
use crate::inst::*;

#[inline]
pub fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

#[inline]
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// Reads `v` as type `ty` into an i128 (signed or unsigned interpretation).
#[inline]
pub fn as_int(v: u64, ty: Ty) -> i128 {
    let bits = ty.bits();
    if ty.is_signed() {
        sext(v, bits) as i128
    } else {
        (v & mask(bits)) as i128
    }
}

pub fn int_op(op: IntOp, ty: Ty, a: u64, b: u64, c: u64, e: u64, cc: &mut u64) -> u64 {
    let bits = ty.bits().min(64);
    let m = mask(bits);
    let signed = ty.is_signed();
    let ia = as_int(a, ty);
    let ib = as_int(b, ty);
    let wide = |x: i128| (x as u64) & mask((bits * 2).min(64));
    let hi = |x: i128| ((x >> bits) as u64) & m;
    match op {
        IntOp::Add => a.wrapping_add(b) & m,
        IntOp::Sub => a.wrapping_sub(b) & m,
        IntOp::MulLo => a.wrapping_mul(b) & m,
        IntOp::MulHi => hi(ia * ib),
        IntOp::MulWide => wide(ia * ib),
        IntOp::MadLo => a.wrapping_mul(b).wrapping_add(c) & m,
        IntOp::MadHi => hi(ia * ib).wrapping_add(c) & m,
        IntOp::MadWide => wide(ia * ib).wrapping_add(c) & mask((bits * 2).min(64)),
        IntOp::Mul24Lo | IntOp::Mul24Hi | IntOp::Mad24Lo => {
            let t24 = |v: u64| {
                if signed {
                    sext(v, 24) as i128
                } else {
                    (v & 0xFF_FFFF) as i128
                }
            };
            let p = t24(a) * t24(b);
            match op {
                IntOp::Mul24Hi => ((p >> 16) as u64) & m,
                IntOp::Mad24Lo => (p as u64).wrapping_add(c) & m,
                _ => (p as u64) & m,
            }
        }
        IntOp::Div => {
            if ib == 0 {
                m
            } else if signed {
                (ia.wrapping_div(ib) as u64) & m
            } else {
                ((ia as u128 / ib as u128) as u64) & m
            }
        }
        IntOp::Rem => {
            if ib == 0 {
                a & m
            } else {
                ((ia % ib) as u64) & m
            }
        }
        IntOp::Min => (ia.min(ib) as u64) & m,
        IntOp::Max => (ia.max(ib) as u64) & m,
        IntOp::Abs => (ia.unsigned_abs() as u64) & m,
        IntOp::Neg => (ia.wrapping_neg() as u64) & m,
        IntOp::And => a & b & m,
        IntOp::Or => (a | b) & m,
        IntOp::Xor => (a ^ b) & m,
        IntOp::Not if ty == Ty::Pred => (a & 1) ^ 1,
        IntOp::Not => !a & m,
        IntOp::Cnot => ((a & m) == 0) as u64,
        IntOp::Shl => {
            let s = b as u32;
            if s >= bits {
                0
            } else {
                (a << s) & m
            }
        }
        IntOp::Shr => {
            let s = (b as u32).min(bits);
            if signed {
                let v = sext(a, bits);
                ((if s >= 64 { v >> 63 } else { v >> s.min(63) }) as u64) & m
            } else if s >= bits {
                0
            } else {
                ((a & m) >> s) & m
            }
        }
        IntOp::Popc => (a & m).count_ones() as u64,
        IntOp::Clz => ((a & m).leading_zeros() - (64 - bits)) as u64,
        IntOp::Brev => ((a & m).reverse_bits() >> (64 - bits)) & m,
        IntOp::Bfind | IntOp::BfindShift => {
            let v = if signed && sext(a, bits) < 0 {
                !a & m
            } else {
                a & m
            };
            if v == 0 {
                0xFFFF_FFFF
            } else {
                let pos = 63 - v.leading_zeros() as u64;
                if op == IntOp::BfindShift {
                    bits as u64 - 1 - pos
                } else {
                    pos
                }
            }
        }
        IntOp::Bfe => {
            let pos = (b & 0xFF) as u32;
            let len = (c & 0xFF) as u32;
            let msb = bits - 1;
            let sbit = if signed && len > 0 {
                (a >> (pos + len - 1).min(msb)) & 1
            } else {
                0
            };
            let mut d = 0u64;
            for i in 0..bits {
                let bit = if i < len && pos + i <= msb {
                    (a >> (pos + i)) & 1
                } else {
                    sbit
                };
                d |= bit << i;
            }
            d
        }
        IntOp::Bfi => {
            let pos = (c & 0xFF) as u32;
            let len = (e & 0xFF) as u32;
            let mut d = b & m;
            for i in 0..len {
                if pos + i >= bits {
                    break;
                }
                d = (d & !(1 << (pos + i))) | (((a >> i) & 1) << (pos + i));
            }
            d
        }
        IntOp::Sad => ((ia - ib).unsigned_abs() as u64).wrapping_add(c) & m,
        IntOp::AddSat => (ia + ib).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & m,
        IntOp::SubSat => (ia - ib).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & m,
        IntOp::AddCc | IntOp::AddC | IntOp::AddCCc => {
            let cin = if op == IntOp::AddCc { 0 } else { *cc as u128 };
            let s = (a & m) as u128 + (b & m) as u128 + cin;
            if op != IntOp::AddC {
                *cc = (s >> bits) as u64 & 1;
            }
            s as u64 & m
        }
        IntOp::SubCc | IntOp::SubC | IntOp::SubCCc => {
            let bin = if op == IntOp::SubCc { 0 } else { *cc as i128 };
            let s = (a & m) as i128 - (b & m) as i128 - bin;
            if op != IntOp::SubC {
                *cc = (s < 0) as u64;
            }
            s as u64 & m
        }
        IntOp::MadLoCc | IntOp::MadHiCc | IntOp::MadCLo | IntOp::MadCHi => {
            let p = ia * ib;
            let part = if matches!(op, IntOp::MadHiCc | IntOp::MadCHi) {
                hi(p)
            } else {
                p as u64 & m
            };
            let cin = if matches!(op, IntOp::MadCLo | IntOp::MadCHi) {
                *cc as u128
            } else {
                0
            };
            let s = part as u128 + (c & m) as u128 + cin;
            *cc = (s >> bits) as u64 & 1;
            s as u64 & m
        }
        IntOp::Dp4a(sa, sb) => {
            let mut acc = as_int(c, if sa || sb { Ty::S32 } else { Ty::U32 });
            for k in 0..4 {
                let x = (a >> (8 * k)) & 0xFF;
                let y = (b >> (8 * k)) & 0xFF;
                let x = if sa { sext(x, 8) as i128 } else { x as i128 };
                let y = if sb { sext(y, 8) as i128 } else { y as i128 };
                acc += x * y;
            }
            acc as u64 & 0xFFFF_FFFF
        }
        IntOp::Dp2aLo(sa, sb) | IntOp::Dp2aHi(sa, sb) => {
            let base = if matches!(op, IntOp::Dp2aHi(..)) {
                2
            } else {
                0
            };
            let mut acc = as_int(c, if sa || sb { Ty::S32 } else { Ty::U32 });
            for k in 0..2 {
                let x = (a >> (16 * k)) & 0xFFFF;
                let y = (b >> (8 * (base + k))) & 0xFF;
                let x = if sa { sext(x, 16) as i128 } else { x as i128 };
                let y = if sb { sext(y, 8) as i128 } else { y as i128 };
                acc += x * y;
            }
            acc as u64 & 0xFFFF_FFFF
        }
    }
}

pub fn lop3(a: u64, b: u64, c: u64, lut: u64) -> u64 {
    let mut d = 0u64;
    for i in 0..32 {
        let idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
        d |= ((lut >> idx) & 1) << i;
    }
    d
}

pub fn prmt(mode: PrmtMode, a: u64, b: u64, c: u64) -> u64 {
    let bytes: [u8; 8] = (((b & 0xFFFF_FFFF) << 32) | (a & 0xFFFF_FFFF)).to_le_bytes();
    let sel = c as u32;
    let pick = |s: u32| -> u8 {
        let byte = bytes[(s & 7) as usize];
        if s & 8 != 0 {
            // Sign-replicate the selected byte's top bit.
            if byte & 0x80 != 0 {
                0xFF
            } else {
                0
            }
        } else {
            byte
        }
    };
    let sel_of = |i: u32| -> u32 {
        let s = sel & 3;
        match mode {
            PrmtMode::Default => (sel >> (4 * i)) & 0xF,
            PrmtMode::F4e => (s + i) & 7,
            PrmtMode::B4e => (s + 8 - i) & 7,
            PrmtMode::Rc8 => s,
            PrmtMode::Ecl => i.max(s),
            PrmtMode::Ecr => i.min(s),
            PrmtMode::Rc16 => [0, 1, 0, 1][i as usize] + 2 * (s & 1),
        }
    };
    let mut out = [0u8; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let s = sel_of(i as u32);
        *o = if mode == PrmtMode::Default {
            pick(s)
        } else {
            bytes[(s & 7) as usize]
        };
    }
    u32::from_le_bytes(out) as u64
}

pub fn shf(left: bool, wrap: bool, a: u64, b: u64, c: u64) -> u64 {
    let n = if wrap {
        (c as u32) & 31
    } else {
        (c as u32).min(32)
    };
    let x = ((b & 0xFFFF_FFFF) << 32) | (a & 0xFFFF_FFFF);
    if left {
        ((x << n) >> 32) & 0xFFFF_FFFF
    } else {
        (x >> n) & 0xFFFF_FFFF
    }
}

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
    let round = |(hi, lo): (f64, f64)| -> f64 {
        if is64 {
            if hi.is_infinite() && a.is_finite() && b.is_finite() && c.is_finite() {
                // Overflow of a finite result: directed modes may stop at the largest finite.
                return float::round_fmt(hi.signum() * f64::MAX, hi.signum(), f, m.rnd);
            }
            float::to_f64(hi, lo, m.rnd)
        } else {
            float::round_fmt(hi, lo, f, m.rnd)
        }
    };
    let approx = |x: f64| float::round_fmt(x, 0.0, f, Rnd::Rn);
    let r = match op {
        FloatOp::Add => round(float::exact_add(a, b)),
        FloatOp::Sub => round(float::exact_add(a, -b)),
        FloatOp::Mul => round(float::exact_mul(a, b)),
        FloatOp::Fma => round(float::exact_fma(a, b, c)),
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
        r = f64::NAN;
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

    #[test]
    fn shifts_clamp_to_width() {
        let mut cc = 0;
        // PTX: shift amounts larger than the width are clamped (shl -> 0, shr.s -> sign fill).
        assert_eq!(int_op(IntOp::Shl, Ty::B32, 1, 40, 0, 0, &mut cc), 0);
        assert_eq!(
            int_op(IntOp::Shr, Ty::U32, 0x8000_0000, 33, 0, 0, &mut cc),
            0
        );
        assert_eq!(
            int_op(IntOp::Shr, Ty::S32, 0x8000_0000, 100, 0, 0, &mut cc),
            0xFFFF_FFFF
        );
        assert_eq!(
            int_op(IntOp::Shr, Ty::S32, 0x8000_0000, 4, 0, 0, &mut cc),
            0xF800_0000
        );
    }

    #[test]
    fn bit_field_extract_and_insert() {
        let mut cc = 0;
        // bfe.u32: bits [8, 8+4) of 0xABCD -> 0xB; bfe.s32 sign-extends from bit pos+len-1.
        assert_eq!(int_op(IntOp::Bfe, Ty::U32, 0xABCD, 8, 4, 0, &mut cc), 0xB);
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0xABCD, 8, 4, 0, &mut cc),
            0xFFFF_FFFB
        );
        // len 0 gives 0; pos beyond the msb replicates the sign bit a[31] for signed.
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0x8000_0000, 40, 0, 0, &mut cc),
            0
        );
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0x8000_0000, 40, 5, 0, &mut cc),
            0xFFFF_FFFF
        );
        // bfi: insert the low 4 bits of a=0x5 into b=0xFFFF at position 4.
        assert_eq!(
            int_op(IntOp::Bfi, Ty::B32, 0x5, 0xFFFF, 4, 4, &mut cc),
            0xFF5F
        );
    }

    #[test]
    fn prmt_default_and_sign_replication() {
        // Bytes of {b,a} = 0x77665544_33221100; selector 0x5140 picks bytes 0,4,1,5.
        let a = 0x3322_1100;
        let b = 0x7766_5544;
        assert_eq!(prmt(PrmtMode::Default, a, b, 0x5140), 0x5511_4400);
        // Selector nibble with bit 3 set replicates the sign of the byte: byte 7 = 0x77 -> 0x00,
        // byte 0 of 0x80 -> 0xFF.
        assert_eq!(prmt(PrmtMode::Default, 0x80, 0, 0x0008), 0x8080_80FF);
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
}
