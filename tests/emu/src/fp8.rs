//! PTX's 8-bit float conversions (`cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f32,f16x2}` and
//! `cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}`), bit-exact from the OCP formats' definition: E4M3
//! (bias 7, no infinities, S.1111.111 NaN, largest 448) and E5M2 (bias 15, a binary16's top
//! byte, largest 57344). To fp8 rounds to nearest even once from the exact source value and
//! saturates to the largest finite value (infinities too); a NaN becomes 0x7F.

/// Encodes `x` (exact: an f32 or f16 widened) as E4M3 (`e5m2` false) or E5M2, saturating.
pub fn encode(x: f64, e5m2: bool, relu: bool) -> u8 {
    if x.is_nan() {
        return 0x7F;
    }
    if relu && x < 0.0 {
        return 0;
    }
    let (m, bias, maxv): (i32, i32, u32) = if e5m2 { (2, 15, 0x7B) } else { (3, 7, 0x7E) };
    let sign = if x.is_sign_negative() { 0x80u8 } else { 0 };
    let a = x.abs();
    if a == 0.0 {
        return sign;
    }
    let emin = 1 - bias;
    // Exponent of a (a normal double here: the sources are f32 or f16).
    let e = ((a.to_bits() >> 52) as i32) - 1023;
    if e > 16 {
        return sign | maxv as u8;
    }
    let q = e.max(emin) - m;
    // n = a / 2^q, rounded to nearest even; a / 2^q is exact in f64.
    let scaled = a * 2f64.powi(-q);
    let n = scaled.round_ties_even() as u32;
    let code = if e < emin {
        n
    } else {
        (((e + bias) << m) as u32) + n - (1u32 << m)
    };
    sign | code.min(maxv) as u8
}

/// Decodes an fp8 code to binary16 bits (exact: every fp8 value is a half; a NaN becomes the
/// canonical 0x7FFF, as nvcc's software decoding writes it).
pub fn to_half(c: u8, e5m2: bool, relu: bool) -> u16 {
    let v = c as u32;
    let nan = if e5m2 {
        v & 0x7F > 0x7C
    } else {
        v & 0x7F == 0x7F
    };
    let h = if nan {
        0x7FFF
    } else if e5m2 {
        (v << 8) as u16
    } else {
        let s = (v & 0x80) << 8;
        let ex = (v >> 3) & 15;
        let mt = v & 7;
        let mag = if ex != 0 {
            ((ex + 8) << 10) | (mt << 7)
        } else if mt == 0 {
            0
        } else {
            let p = 31 - mt.leading_zeros();
            ((p + 6) << 10) | ((mt ^ (1 << p)) << (10 - p))
        };
        (s | mag) as u16
    };
    if relu && h & 0x8000 != 0 && !nan {
        0
    } else {
        h
    }
}

/// `Op::CvtFp8`: kind 0 packs two f32 (`a` high byte, `b` low), 1 packs an f16x2, 2 unpacks
/// two fp8 codes to an f16x2.
pub fn cvt(kind: u8, e5m2: bool, relu: bool, a: u64, b: u64) -> u64 {
    match kind {
        0 => {
            let hi = encode(f32::from_bits(a as u32) as f64, e5m2, relu) as u64;
            let lo = encode(f32::from_bits(b as u32) as f64, e5m2, relu) as u64;
            (hi << 8) | lo
        }
        1 => {
            let h = |x: u64| crate::float::f16_to_f32(x as u16) as f64;
            let lo = encode(h(a & 0xFFFF), e5m2, relu) as u64;
            let hi = encode(h((a >> 16) & 0xFFFF), e5m2, relu) as u64;
            (hi << 8) | lo
        }
        _ => {
            let lo = to_half(a as u8, e5m2, relu) as u64;
            let hi = to_half((a >> 8) as u8, e5m2, relu) as u64;
            (hi << 16) | lo
        }
    }
}
