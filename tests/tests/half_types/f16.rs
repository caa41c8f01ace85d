//! binary16 in plain Rust, from IEEE 754's definition of the format: decoding to `f64`
//! (exact) and rounding an `f64` to binary16 under the four rounding directions. Sums,
//! products and quotients of binary16 values computed in `f64` and rounded once here are
//! the correctly rounded binary16 results (products are exact in `f64`; a quotient rounded
//! to 53 bits and then to 11 is innocent since 53 >= 2 * 11 + 2).

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Nearest,
    Zero,
    Up,
    Down,
}

pub fn to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1F) as i32;
    let m = (h & 0x3FF) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + m) * 2f64.powi(e - 25),
    }
}

fn exponent(a: f64) -> i32 {
    ((a.to_bits() >> 52) & 0x7FF) as i32 - 1023
}

/// `x` rounded to binary16 under `mode` (NaN becomes the canonical `0x7FFF`).
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
        return sign | 0x7C00;
    }
    let e = exponent(a).max(-14);
    let ulp = 2f64.powi(e - 10);
    let q = a / ulp;
    let fl = q.floor();
    let frac = q - fl;
    // Away from zero in magnitude?
    let up = match mode {
        Mode::Nearest => frac > 0.5 || (frac == 0.5 && fl % 2.0 != 0.0),
        Mode::Zero => false,
        Mode::Up => frac > 0.0 && !neg,
        Mode::Down => frac > 0.0 && neg,
    };
    let v = (if up { fl + 1.0 } else { fl }) * ulp;
    if v > 65504.0 {
        // Beyond the largest finite value: infinity unless the direction keeps it finite.
        let to_inf = match mode {
            Mode::Nearest => true,
            Mode::Zero => false,
            Mode::Up => !neg,
            Mode::Down => neg,
        };
        return sign | if to_inf { 0x7C00 } else { 0x7BFF };
    }
    if v < 2f64.powi(-14) {
        return sign | (v / 2f64.powi(-24)) as u16;
    }
    let e2 = exponent(v);
    let m = v / 2f64.powi(e2 - 10) - 1024.0;
    sign | (((e2 + 15) as u16) << 10) | m as u16
}

pub fn rn(x: f64) -> u16 {
    round(x, Mode::Nearest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(rn(1.0), 0x3C00);
        assert_eq!(rn(-2.0), 0xC000);
        assert_eq!(rn(65504.0), 0x7BFF);
        assert_eq!(rn(65520.0), 0x7C00);
        assert_eq!(rn(2f64.powi(-24)), 0x0001);
        assert_eq!(rn(1.0 + 2f64.powi(-11)), 0x3C00, "tie to even");
        assert_eq!(rn(1.0 + 3.0 * 2f64.powi(-11)), 0x3C02, "tie to even");
        assert_eq!(round(1.0 + 2f64.powi(-12), Mode::Up), 0x3C01);
        assert_eq!(round(-1.0 - 2f64.powi(-12), Mode::Down), 0xBC01);
        assert_eq!(round(-1.0 - 2f64.powi(-12), Mode::Zero), 0xBC00);
        assert_eq!(to_f64(0x3555), 0.333_251_953_125);
    }
}
