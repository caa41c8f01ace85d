//! bfloat16 in plain Rust: the top half of an IEEE binary32 (8-bit significand, binary32's
//! exponent range), decoded exactly and rounded from an `f64` under the four directions.

pub use super::f16::Mode;

pub fn to_f64(h: u16) -> f64 {
    f32::from_bits((h as u32) << 16) as f64
}

fn exponent(a: f64) -> i32 {
    ((a.to_bits() >> 52) & 0x7FF) as i32 - 1023
}

/// `x` rounded to bfloat16 under `mode` (NaN becomes `0x7FFF`).
pub fn round(x: f64, mode: Mode) -> u16 {
    if x.is_nan() {
        return 0x7FFF;
    }
    let neg = x.is_sign_negative();
    let sign: u16 = if neg { 0x8000 } else { 0 };
    let a = x.abs();
    if a == 0.0 {
        return sign;
    }
    if a.is_infinite() {
        return sign | 0x7F80;
    }
    let e = exponent(a).max(-126);
    let ulp = 2f64.powi(e - 7);
    let q = a / ulp;
    let fl = q.floor();
    let frac = q - fl;
    let up = match mode {
        Mode::Nearest => frac > 0.5 || (frac == 0.5 && fl % 2.0 != 0.0),
        Mode::Zero => false,
        Mode::Up => frac > 0.0 && !neg,
        Mode::Down => frac > 0.0 && neg,
    };
    let v = (if up { fl + 1.0 } else { fl }) * ulp;
    let max = (2.0 - 2f64.powi(-7)) * 2f64.powi(127);
    if v > max {
        let to_inf = match mode {
            Mode::Nearest => true,
            Mode::Zero => false,
            Mode::Up => !neg,
            Mode::Down => neg,
        };
        return sign | if to_inf { 0x7F80 } else { 0x7F7F };
    }
    // Every value here is an f32 whose low 16 bits are zero.
    sign | ((v as f32).to_bits() >> 16) as u16
}

pub fn rn(x: f64) -> u16 {
    round(x, Mode::Nearest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(rn(1.0), 0x3F80);
        assert_eq!(rn(1.0 + 2f64.powi(-8)), 0x3F80, "tie to even");
        assert_eq!(rn(1.0 + 3.0 * 2f64.powi(-8)), 0x3F82, "tie to even");
        assert_eq!(round(1.0 + 2f64.powi(-9), Mode::Up), 0x3F81);
        assert_eq!(round(-1.0 - 2f64.powi(-9), Mode::Down), 0xBF81);
        assert_eq!(to_f64(0x3F82), 1.015_625);
    }
}
