//! Floating-point semantics: rounding an exactly known value to f16/bf16/f32/f64 under any
//! PTX rounding mode, the float arithmetic of PTX (`.rn/.rz/.rm/.rp`, `.ftz`, `.sat`,
//! approximate functions) and the float side of `cvt`.
//!
//! Exactness: every operation is first computed as an unevaluated sum `hi + lo` that equals
//! the exact result (error-free transformations: TwoSum, exact products in f64, residuals by
//! fma) or whose `lo` has the sign of the exact error, then rounded once by `round_fmt`. That
//! is exact for f32/f16/bf16 add, sub, mul, fma, div, sqrt and for f64 add, sub, mul, div,
//! sqrt; f64 `fma` with a directed rounding mode uses a compensated error estimate whose sign
//! can be wrong only under catastrophic cancellation, and an exact big-integer comparison
//! where the product nears the subnormal range (its low part is not exact there).

use crate::inst::Rnd;

/// A binary floating-point format: precision (with the hidden bit) and exponent range.
#[derive(Clone, Copy)]
pub struct Fmt {
    pub p: i32,
    pub emin: i32,
    pub emax: i32,
}

pub const F16: Fmt = Fmt {
    p: 11,
    emin: -14,
    emax: 15,
};
pub const BF16: Fmt = Fmt {
    p: 8,
    emin: -126,
    emax: 127,
};
pub const F32: Fmt = Fmt {
    p: 24,
    emin: -126,
    emax: 127,
};
pub const F64: Fmt = Fmt {
    p: 53,
    emin: -1022,
    emax: 1023,
};

/// Multiplies by 2^n without intermediate overflow or underflow for the ranges used here.
fn scale(mut x: f64, mut n: i32) -> f64 {
    while n > 900 {
        x *= 2f64.powi(900);
        n -= 900;
    }
    while n < -900 {
        x *= 2f64.powi(-900);
        n += 900;
    }
    x * 2f64.powi(n)
}

/// Exponent of the leading bit of a finite nonzero f64.
fn exponent(x: f64) -> i32 {
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7FF) as i32;
    if e == 0 {
        // Subnormal: the leading bit is below 2^-1022.
        let m = bits & ((1 << 52) - 1);
        -1022 - (m.leading_zeros() as i32 - 12)
    } else {
        e - 1023
    }
}

/// Rounds the exact value `hi + lo` (with `|lo|` below half an f64 ulp of `hi`, or only its
/// sign meaningful) to format `f` under `rnd`. Returns the result as an f64 (exactly
/// representable in `f`), infinite on overflow where the mode says so.
pub fn round_fmt(hi: f64, lo: f64, f: Fmt, rnd: Rnd) -> f64 {
    if hi.is_nan() {
        return f64::NAN;
    }
    if hi.is_infinite() || (hi == 0.0 && lo == 0.0) {
        return hi;
    }
    let (neg, a, l) = if hi < 0.0 || (hi == 0.0 && lo < 0.0) {
        (true, -hi, -lo)
    } else {
        (false, hi, lo)
    };
    let mut e = if a == 0.0 { exponent(l) } else { exponent(a) };
    // Just below a power of two the exact value has the smaller exponent (finer quantum).
    if a != 0.0 && l < 0.0 && a.to_bits() & ((1 << 52) - 1) == 0 {
        e -= 1;
    }
    let q = e.max(f.emin) - (f.p - 1);
    let m = scale(a, -q);
    let ml = scale(l, -q);
    let mut r0 = m.floor();
    let frac = m - r0;
    // Classify the exact fraction: 0 exact, 1 below half, 2 half, 3 above half.
    let class = if frac == 0.0 && ml == 0.0 {
        0
    } else if frac == 0.0 && ml < 0.0 {
        r0 -= 1.0;
        3
    } else if frac == 0.0 {
        1
    } else if frac == 0.5 {
        match ml.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Less) => 1,
            Some(std::cmp::Ordering::Greater) => 3,
            _ => 2,
        }
    } else if frac < 0.5 {
        1
    } else {
        3
    };
    let up = match (rnd, class) {
        (_, 0) => false,
        (Rnd::Rn, 2) => r0 % 2.0 != 0.0,
        (Rnd::Rna, 2) => true,
        (Rnd::Rn | Rnd::Rna, c) => c == 3,
        (Rnd::Rz, _) => false,
        (Rnd::Rm, _) => neg,
        (Rnd::Rp, _) => !neg,
    };
    let r = if up { r0 + 1.0 } else { r0 };
    let mag = scale(r, q);
    let max = scale(2f64.powi(f.p) - 1.0, f.emax - f.p + 1);
    let mag = if mag > max {
        let to_inf = match rnd {
            Rnd::Rn | Rnd::Rna => true,
            Rnd::Rz => false,
            Rnd::Rm => neg,
            Rnd::Rp => !neg,
        };
        if to_inf {
            f64::INFINITY
        } else {
            max
        }
    } else {
        mag
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// TwoSum: `s + e == a + b` exactly.
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// Encodes a value exactly representable in a 16-bit format as its bits.
fn encode16(v: f64, f: Fmt) -> u16 {
    let mbits = f.p - 1;
    let ebits = if f.p == 11 { 5 } else { 8 };
    let bias = (1 << (ebits - 1)) - 1;
    let sign = if v.is_sign_negative() { 1u16 << 15 } else { 0 };
    if v.is_nan() {
        return 0x7FFF;
    }
    let a = v.abs();
    if a.is_infinite() {
        return sign | (((1u16 << ebits) - 1) << mbits);
    }
    if a == 0.0 {
        return sign;
    }
    let e = exponent(a);
    if e < f.emin {
        let m = scale(a, -(f.emin - mbits)) as u16;
        return sign | m;
    }
    let m = (scale(a, -(e - mbits)) as u32 - (1 << mbits)) as u16;
    sign | (((e + bias) as u16) << mbits) | m
}

fn decode16(b: u16, f: Fmt) -> f32 {
    let mbits = f.p - 1;
    let ebits = if f.p == 11 { 5 } else { 8 };
    let bias = (1 << (ebits - 1)) - 1;
    let sign = if b & 0x8000 != 0 { -1.0f64 } else { 1.0 };
    let e = ((b >> mbits) & ((1 << ebits) - 1)) as i32;
    let m = (b & ((1 << mbits) - 1)) as f64;
    let v = if e == (1 << ebits) - 1 {
        if m != 0.0 {
            return f32::NAN;
        }
        f64::INFINITY
    } else if e == 0 {
        scale(m, f.emin - mbits)
    } else {
        scale(m + scale(1.0, mbits), e - bias - mbits)
    };
    (sign * v) as f32
}

pub fn f16_to_f32(b: u16) -> f32 {
    decode16(b, F16)
}
pub fn bf16_to_f32(b: u16) -> f32 {
    if b & 0x7F80 == 0x7F80 && b & 0x7F != 0 {
        return f32::NAN;
    }
    f32::from_bits((b as u32) << 16)
}
pub fn f64_to_f16(x: f64, lo: f64, rnd: Rnd) -> u16 {
    encode16(round_fmt(x, lo, F16, rnd), F16)
}
pub fn f32_to_f16(x: f32, rnd: Rnd) -> u16 {
    f64_to_f16(x as f64, 0.0, rnd)
}
pub fn f64_to_bf16(x: f64, lo: f64, rnd: Rnd) -> u16 {
    encode16(round_fmt(x, lo, BF16, rnd), BF16)
}
pub fn f32_to_bf16(x: f32, rnd: Rnd) -> u16 {
    f64_to_bf16(x as f64, 0.0, rnd)
}

/// The canonical NaN that GPU f32 arithmetic produces.
pub const CANON_NAN32: u32 = 0x7FFF_FFFF;

/// Saturates to [0, 1]; NaN becomes +0.
pub fn sat(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

/// The exact results of the basic operations as `hi + lo` in f64, for f32 or narrower inputs
/// (products are exact in f64; sums and quotients carry their error in `lo`).
pub fn exact_add(a: f64, b: f64) -> (f64, f64) {
    two_sum(a, b)
}
pub fn exact_mul(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    if !p.is_finite() {
        return (p, 0.0);
    }
    if a != 0.0 && b != 0.0 && p.abs() < 1e-280 {
        // An f64 product near or below the subnormal range: its low part is not a double
        // any more (`fma` rounds it to the subnormal grid), so decide the sign of the
        // error exactly, which is all a directed rounding needs (f32 products never get
        // here: they are at least 2^-298).
        return (p, residual_sign(a, b, 0.0, p));
    }
    (p, a.mul_add(b, -p))
}

/// IEEE 754's exact zero sum `x + y` (the operands cancel exactly, or both are zeros): +0
/// in every rounding mode but toward −∞, where it is −0; `x + x` keeps the sign of `x`
/// (so −0 + −0 is −0 and +0 + +0 is +0 in every mode).
pub fn exact_zero_sum(x: f64, y: f64, rnd: Rnd) -> f64 {
    if x == 0.0 && y == 0.0 && x.is_sign_negative() == y.is_sign_negative() {
        x
    } else if rnd == Rnd::Rm {
        -0.0
    } else {
        0.0
    }
}
pub fn exact_div(a: f64, b: f64) -> (f64, f64) {
    let q = a / b;
    if !q.is_finite() || q == 0.0 {
        return (q, 0.0);
    }
    let r = (-q).mul_add(b, a);
    (q, r / b)
}
pub fn exact_sqrt(a: f64) -> (f64, f64) {
    let s = a.sqrt();
    if !s.is_finite() || s == 0.0 {
        return (s, 0.0);
    }
    let r = (-s).mul_add(s, a);
    (s, r / (2.0 * s))
}
/// `a*b + c`: exact when `a*b` is exact in f64 (inputs of f32 or less precision).
pub fn exact_fma(a: f64, b: f64, c: f64) -> (f64, f64) {
    let (ph, pl) = exact_mul(a, b);
    let s = a.mul_add(b, c);
    if !s.is_finite() {
        return (s, 0.0);
    }
    if a != 0.0 && b != 0.0 && ph.abs() < 1e-280 && a.is_finite() && b.is_finite() {
        // The product's low part `pl` is not exact once the product nears the subnormal
        // range (below 2^-969): decide the sign of the error exactly instead.
        return (s, residual_sign(a, b, c, s));
    }
    let (s1, e1) = two_sum(ph, c);
    // Remaining error relative to the correctly rounded s.
    let err = (s1 - s) + (e1 + pl);
    (s, err)
}

/// The sign (1, -1 or 0) of `a·b + c − s` for finite doubles, exactly: the three terms as
/// big integers in units of 2^-2200 (each product or double is one, below 2^4400),
/// positive and negative ones summed apart, then compared.
fn residual_sign(a: f64, b: f64, c: f64, s: f64) -> f64 {
    const LIMBS: usize = 72;
    // (significand, exponent) of |v|.
    let split = |v: f64| -> (u128, i64) {
        let bits = v.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i64;
        let f = (bits & ((1u64 << 52) - 1)) as u128;
        if e == 0 {
            (f, -1074)
        } else {
            (f | (1 << 52), e - 1075)
        }
    };
    let (ma, ea) = split(a);
    let (mb, eb) = split(b);
    let (mc, ec) = split(c);
    let (ms, es) = split(s);
    let terms = [
        ((a < 0.0) != (b < 0.0), ma * mb, ea + eb),
        (c < 0.0, mc, ec),
        (s > 0.0, ms, es),
    ];
    let mut acc = [[0u64; LIMBS]; 2];
    for (negative, m, e) in terms {
        let n = &mut acc[negative as usize];
        let mut bit = (e + 2200) as usize;
        let mut m = m;
        // Add m at `bit`, 32 bits at a time (each chunk fits one u64 limb pair).
        while m != 0 {
            let chunk = m & 0xffff_ffff;
            let (w, sh) = (bit / 64, bit % 64);
            let mut carry = chunk << sh;
            let mut k = w;
            while carry != 0 {
                let t = n[k] as u128 + (carry & u64::MAX as u128);
                n[k] = t as u64;
                carry = (carry >> 64) + (t >> 64);
                k += 1;
            }
            m >>= 32;
            bit += 32;
        }
    }
    match acc[0].iter().rev().cmp(acc[1].iter().rev()) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
    }
}

#[cfg(test)]
/// Rounds `hi + lo` to f32 bits under `rnd`, with the overflow/underflow rules of `round_fmt`.
pub fn to_f32(hi: f64, lo: f64, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn && lo == 0.0 {
        return hi as f32;
    }
    round_fmt(hi, lo, F32, rnd) as f32
}

/// Rounds an f64 result pair to f64 under `rnd` (only the sign of `lo` matters).
pub fn to_f64(hi: f64, lo: f64, rnd: Rnd) -> f64 {
    if rnd == Rnd::Rn || lo == 0.0 || !hi.is_finite() {
        return hi;
    }
    let up = match rnd {
        // The exact value lies between hi and zero.
        Rnd::Rz => hi != 0.0 && (hi > 0.0) != (lo > 0.0),
        Rnd::Rm => lo < 0.0,
        Rnd::Rp => lo > 0.0,
        _ => false,
    };
    if !up {
        return hi;
    }
    match rnd {
        Rnd::Rm => hi.next_down(),
        Rnd::Rp => hi.next_up(),
        // Rz: step toward zero.
        _ => {
            if hi > 0.0 {
                hi.next_down()
            } else {
                hi.next_up()
            }
        }
    }
}

/// Rounds a float to an integral value in the same format (`cvt.rni/.rzi/.rmi/.rpi`).
pub fn round_integral(x: f64, r: Rnd) -> f64 {
    match r {
        Rnd::Rn => x.round_ties_even(),
        Rnd::Rna => x.round(),
        Rnd::Rz => x.trunc(),
        Rnd::Rm => x.floor(),
        Rnd::Rp => x.ceil(),
    }
}

/// Converts an integer (as i128) to f64 pair `hi + lo` exactly.
pub fn int_to_pair(v: i128) -> (f64, f64) {
    let hi = v as f64;
    let lo = (v - hi as i128) as f64;
    (hi, lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A product far below the subnormal range still decides a directed `fma`:
    /// `x·y + x` with `x·y` = +8.7e-350 lies just above the negative `x`.
    #[test]
    fn directed_fma_sees_an_underflowing_product() {
        let (x, y) = (-2.2643390976658855e-277, -3.8315190017403025e-73);
        let (s, e) = exact_fma(x, y, x);
        assert_eq!(s, x);
        assert!(e > 0.0);
        assert_eq!(to_f64(s, e, Rnd::Rz), x.next_up());
        assert_eq!(to_f64(s, e, Rnd::Rp), x.next_up());
        assert_eq!(to_f64(s, e, Rnd::Rm), x);
        // Exact: x·(-1) + x is 0, no step.
        assert_eq!(exact_fma(1e-300, -1.0, 1e-300).1, 0.0);
        // A tiny product alone: round-up gives the smallest subnormal, toward zero 0.
        let (s, e) = exact_fma(1e-200, 1e-200, 0.0);
        assert_eq!(to_f64(s, e, Rnd::Rp), 5e-324);
        assert_eq!(to_f64(s, e, Rnd::Rz), 0.0);
    }

    /// Directed f64 products in the subnormal range: (n/d) times u units of 2^-1074 is
    /// n u / d units exactly (integers: 1.5 · 3 = 4.5, 0.75 · 7 = 5.25), which the
    /// directed modes take to the units below or above; `fma` cannot hold the fraction of
    /// a unit, so only the exact sign of the error tells.
    #[test]
    fn directed_mul_of_subnormal_products() {
        let unit = |n: u64| f64::from_bits(n);
        for (n, d, u) in [(3u64, 2u64, 3u64), (3, 4, 7), (5, 8, 9)] {
            let (floor, ceil) = (unit(n * u / d), unit((n * u).div_ceil(d)));
            let a = n as f64 / d as f64;
            let (p, e) = exact_mul(a, unit(u));
            assert_eq!(to_f64(p, e, Rnd::Rp), ceil);
            assert_eq!(to_f64(p, e, Rnd::Rm), floor);
            assert_eq!(to_f64(p, e, Rnd::Rz), floor);
            let (p, e) = exact_mul(-a, unit(u));
            assert_eq!(to_f64(p, e, Rnd::Rp), -floor);
            assert_eq!(to_f64(p, e, Rnd::Rm), -ceil);
            assert_eq!(to_f64(p, e, Rnd::Rz), -floor);
        }
        // Far below the subnormals: up gives the smallest one, toward zero gives 0.
        let (p, e) = exact_mul(1e-200, 1e-200);
        assert_eq!(to_f64(p, e, Rnd::Rp), unit(1));
        assert_eq!(to_f64(p, e, Rnd::Rz), 0.0);
        let (p, e) = exact_mul(-1e-200, 1e-200);
        assert_eq!(to_f64(p, e, Rnd::Rm), -unit(1));
        assert!(to_f64(p, e, Rnd::Rp).is_sign_negative());
        // Exact subnormal products carry no error.
        assert_eq!(exact_mul(0.5, unit(6)), (unit(3), 0.0));
    }

    #[test]
    fn directed_rounding_of_one_third() {
        // 1/3 in f32: RN rounds down to 0x3EAAAAAB? The f32 neighbours are 0x3EAAAAAA (below)
        // and 0x3EAAAAAB (above); the exact value 0.3333... lies 2/3 of the way -> RN = AB.
        let (h, l) = exact_div(1.0, 3.0);
        assert_eq!(to_f32(h, l, Rnd::Rn).to_bits(), 0x3EAA_AAAB);
        assert_eq!(to_f32(h, l, Rnd::Rz).to_bits(), 0x3EAA_AAAA);
        assert_eq!(to_f32(h, l, Rnd::Rm).to_bits(), 0x3EAA_AAAA);
        assert_eq!(to_f32(h, l, Rnd::Rp).to_bits(), 0x3EAA_AAAB);
        let (h, l) = exact_div(-1.0, 3.0);
        assert_eq!(to_f32(h, l, Rnd::Rm).to_bits(), 0xBEAA_AAAB);
        assert_eq!(to_f32(h, l, Rnd::Rz).to_bits(), 0xBEAA_AAAA);
    }

    #[test]
    fn add_with_tiny_addend_respects_direction() {
        // 1 + 2^-60: RN and RZ give 1, RP gives the next float above 1.
        let (h, l) = exact_add(1.0, 2f64.powi(-60));
        assert_eq!(to_f32(h, l, Rnd::Rn), 1.0);
        assert_eq!(to_f32(h, l, Rnd::Rz), 1.0);
        assert_eq!(to_f32(h, l, Rnd::Rp), 1.0f32.next_up());
        // 1 - 2^-60 under RZ is the float just below 1.
        let (h, l) = exact_add(1.0, -(2f64.powi(-60)));
        assert_eq!(to_f32(h, l, Rnd::Rz), 1.0f32.next_down());
        assert_eq!(to_f64(h, l, Rnd::Rm), 1.0f64.next_down());
    }

    #[test]
    fn overflow_by_mode() {
        let (h, l) = exact_mul(f32::MAX as f64, 2.0);
        assert_eq!(to_f32(h, l, Rnd::Rn), f32::INFINITY);
        assert_eq!(to_f32(h, l, Rnd::Rz), f32::MAX);
        assert_eq!(to_f32(-h, -l, Rnd::Rp), -f32::MAX);
        assert_eq!(to_f32(-h, -l, Rnd::Rm), f32::NEG_INFINITY);
    }

    #[test]
    fn half_conversions() {
        // IEEE binary16: 1.0 = 0x3C00, 65504 = 0x7BFF, smallest subnormal 2^-24 = 0x0001.
        assert_eq!(f32_to_f16(1.0, Rnd::Rn), 0x3C00);
        assert_eq!(f32_to_f16(65504.0, Rnd::Rn), 0x7BFF);
        assert_eq!(f32_to_f16(65520.0, Rnd::Rn), 0x7C00);
        assert_eq!(f32_to_f16(65520.0, Rnd::Rz), 0x7BFF);
        assert_eq!(f32_to_f16(2f32.powi(-24), Rnd::Rn), 0x0001);
        assert_eq!(f32_to_f16(2f32.powi(-26), Rnd::Rp), 0x0001);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
        // bf16 keeps the top 16 bits of f32, rounding to nearest even.
        assert_eq!(f32_to_bf16(1.0 + 2f32.powi(-8), Rnd::Rn), 0x3F80);
        assert_eq!(f32_to_bf16(1.0 + 3.0 * 2f32.powi(-8), Rnd::Rn), 0x3F82);
        assert_eq!(bf16_to_f32(0x3F82), 1.015_625);
    }
}
