//! Reference values the accuracy harness's function list (`math_fns`) needs beyond what
//! Rust's `f64` and the double-double functions give directly: IEEE `remainder` and
//! `remquo`'s quotient bits, `nextafter` in both precisions, `pow` with its special cases,
//! and the norms' infinity rule.

use crate::dd_ref::{self as dd, Dd};

const INF: f64 = f64::INFINITY;

/// IEEE remainder: `x - n y` with `n` the nearest integer to `x/y` (ties to even), from
/// `t = fmod(|x|, 2|y|)` (exact in `f64`) and the quotient's parity it carries.
pub(crate) fn remainder(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    let a = y.abs();
    let t = x.abs() % (2.0 * a);
    // t - a and u - a are exact (Sterbenz); a tie goes to the even quotient.
    let r = if 2.0 * t <= a {
        t
    } else {
        let u = t - a;
        if 2.0 * u < a {
            u
        } else {
            u - a
        }
    };
    // sign(x) rem(|x|, |y|): rem is negative when the quotient rounds up, so this is not
    // a copysign (remainder(1, pi/2) = 1 - pi/2).
    if x.is_sign_negative() {
        -r
    } else {
        r
    }
}

/// The low three bits of remquo's quotient, with its sign: `n = (t - r) / |y|` for
/// `t = fmod(|x|, 8|y|)` (exact in `f64`) and `r` the remainder of `|x|` (an integer from 0
/// to 8, so rounding the quotient of two doubles gets it), then modulo 8; 0 where the
/// remainder is NaN or `y` infinite.
pub(crate) fn remquo_bits(x: f64, y: f64) -> f64 {
    let r = remainder(x.abs(), y);
    if r.is_nan() || y.is_infinite() {
        return 0.0;
    }
    let a = y.abs();
    let t = x.abs() % (8.0 * a);
    let n = (((t - r) / a).round() as i64) & 7;
    let neg = x.is_sign_negative() != y.is_sign_negative();
    (if neg { -n } else { n }) as f64
}

pub(crate) fn next_after_f32(x: f64, y: f64) -> f64 {
    let (x, y) = (x as f32, y as f32);
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y as f64;
    }
    if x == 0.0 {
        return f32::from_bits(1).copysign(y) as f64;
    }
    let up = (y > x) == (x > 0.0);
    f32::from_bits(if up { x.to_bits() + 1 } else { x.to_bits() - 1 }) as f64
}

pub(crate) fn next_after_f64(x: f64, y: f64) -> Dd {
    if x.is_nan() || y.is_nan() {
        return Dd::new(f64::NAN);
    }
    if x == y {
        return Dd::new(y);
    }
    if x == 0.0 {
        return Dd::new(f64::from_bits(1).copysign(y));
    }
    let up = (y > x) == (x > 0.0);
    Dd::new(f64::from_bits(if up {
        x.to_bits() + 1
    } else {
        x.to_bits() - 1
    }))
}

pub(crate) fn pow_ref(x: f64, y: f64) -> Dd {
    if !x.is_finite() || !y.is_finite() || x == 0.0 || y == 0.0 || x == 1.0 {
        return Dd::new(x.powf(y));
    }
    if x < 0.0 {
        if y.round() != y {
            return Dd::new(f64::NAN);
        }
        if (y * (-x).ln()).abs() > 800.0 {
            return Dd::new(x.powf(y));
        }
        let odd = y.abs() < 9.0e15 && (y % 2.0).abs() == 1.0;
        let v = dd::pow_pos(-x, y);
        return if odd { v.neg() } else { v };
    }
    if (y * x.ln()).abs() > 800.0 {
        // Far beyond the overflow and underflow thresholds: 0 or inf, exactly.
        return Dd::new(x.powf(y));
    }
    dd::pow_pos(x, y)
}

/// A norm's value: inf when an operand is infinite (even with a NaN beside it, as C's
/// hypot), else `v`.
pub(crate) fn norm_ref(x: f64, y: f64, v: f64) -> f64 {
    if x.is_infinite() || y.is_infinite() {
        INF
    } else {
        v
    }
}

pub(crate) fn ln10() -> Dd {
    dd::ln(Dd::new(10.0))
}
