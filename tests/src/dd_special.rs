//! Double-double references of the error-function family for the accuracy harness
//! (`docs/math.md`): `erfcx`, `erfc` of a double-double argument, and the inverses
//! `erfinv`, `erfcinv`, `normcdfinv`. Each is good to about 2^-95 relative or better
//! (far below a double ulp), computed differently from the library's code on purpose:
//!
//! - `erfcx(x)`: below 3, `(1 - erf x) e^(x^2)` with `dd_ref::erf`'s Taylor series (its
//!   absolute error about 2^-100 becomes at most 2^-84 relative for `erfc(3) = 2.2e-5`);
//!   from 3, `1/(t sqrt(pi))` with `t` Laplace's continued fraction evaluated backward
//!   from its 300th term (its truncation is about e^(-2x sqrt(600)) relative: below
//!   2^-200 from x = 3); negative `x` by `2 e^(x^2) - erfcx(-x)`.
//! - the inverses: Newton's method in double-double, from Winitzki's closed-form start
//!   (relative error below 2e-3, so six quadratic steps reach far below 2^-100): on
//!   `erf(x) = z` below 1/2, and on `ln erfcx(x) - x^2 = ln c` for `erfc(x) = c`, whose
//!   derivative is `-2/(sqrt(pi) erfcx(x))` and which neither underflows nor overflows for
//!   a subnormal `c`.

use crate::dd_ref::{self as dd, Dd};

fn sqrt_pi() -> Dd {
    dd::pi().sqrt()
}

/// `ln x` for `x > 0` finite, subnormals included (scaled by 2^64 first, since
/// `dd_ref::ln`'s Newton step takes `e^-y`, which overflows for them).
fn ln_any(x: f64) -> Dd {
    if x < 1e-300 {
        dd::ln(Dd::new(x * 2f64.powi(64))).sub(dd::ln2().mulf(64.0))
    } else {
        dd::ln(Dd::new(x))
    }
}

/// `erfcx(x) = e^(x^2) erfc(x)`.
pub fn erfcx(x: f64) -> Dd {
    if x.is_nan() {
        return Dd::new(f64::NAN);
    }
    if x < 0.0 {
        let x2 = Dd::new(x).mul(Dd::new(x));
        if x2.hi > 710.0 {
            return Dd::new(f64::INFINITY);
        }
        return dd::exp(x2).mulf(2.0).sub(erfcx(-x));
    }
    if x == f64::INFINITY {
        return Dd::new(0.0);
    }
    if x < 3.0 {
        let x2 = Dd::new(x).mul(Dd::new(x));
        return Dd::new(1.0).sub(dd::erf(x)).mul(dd::exp(x2));
    }
    let xd = Dd::new(x);
    let mut t = xd;
    for k in (1..=300).rev() {
        t = xd.add(Dd::new(0.5 * k as f64).div(t));
    }
    // (1/sqrt(pi)) / t: t * sqrt(pi) would overflow for x near the largest double.
    Dd::new(1.0).div(sqrt_pi()).div(t)
}

/// `erfc(y)` for a double-double `y`: the low part enters to first order (its square is
/// below 2^-104 relative).
pub fn erfc_dd(y: Dd) -> Dd {
    let two_o_sqrt_pi = Dd::new(2.0).div(sqrt_pi());
    if y.hi.abs() < 0.5 {
        let d = two_o_sqrt_pi.mul(dd::exp(Dd::new(y.hi).mul(Dd::new(y.hi)).neg()));
        return Dd::new(1.0).sub(dd::erf(y.hi)).sub(d.mulf(y.lo));
    }
    let (a, al) = if y.hi < 0.0 {
        (-y.hi, -y.lo)
    } else {
        (y.hi, y.lo)
    };
    let e = erfcx(a);
    // erfcx'(a) = 2a erfcx(a) - 2/sqrt(pi)
    let e = e.add(e.mulf(2.0 * a).sub(two_o_sqrt_pi).mulf(al));
    let a2 = Dd::new(a).add(Dd::new(al));
    let sq = a2.mul(a2);
    let v = if sq.hi > 760.0 {
        Dd::new(0.0)
    } else {
        dd::exp(sq.neg()).mul(e)
    };
    if y.hi < 0.0 {
        Dd::new(2.0).sub(v)
    } else {
        v
    }
}

/// `normcdf(x) = erfc(-x/sqrt 2)/2`.
pub fn normcdf(x: f64) -> Dd {
    if !x.is_finite() {
        return Dd::new(if x.is_nan() {
            f64::NAN
        } else if x > 0.0 {
            1.0
        } else {
            0.0
        });
    }
    let y = Dd::new(-x).div(Dd::new(2.0).sqrt());
    erfc_dd(y).mulf(0.5)
}

/// Winitzki's start for `erfinv(1 - c)` from `w = ln(c (2 - c))`.
fn winitzki(w: f64) -> f64 {
    let a = 0.147;
    let aa = 2.0 / (std::f64::consts::PI * a) + 0.5 * w;
    ((aa * aa - w / a).sqrt() - aa).sqrt()
}

/// `erfinv(z)` for `0 <= z < 1/2`: Newton on `erf(x) = z`.
fn erfinv_small(z: f64) -> Dd {
    if z == 0.0 {
        return Dd::new(0.0);
    }
    let w = (1.0 - z).ln() + (1.0 + z).ln();
    let mut x = Dd::new(winitzki(w));
    if z < 1e-8 {
        x = Dd::new(z * 0.886_226_925_452_758);
    }
    let half_sqrt_pi = sqrt_pi().mulf(0.5);
    for _ in 0..6 {
        // x -= (erf(x) - z) sqrt(pi)/2 e^(x^2); erf of the double x.hi, the step in dd.
        let r = dd::erf(x.hi).add(erf_lo(x)).sub(Dd::new(z));
        let step = r.mul(half_sqrt_pi).mul(dd::exp(x.mul(x)));
        x = x.sub(step);
    }
    x
}

/// The first-order part of `erf(x.hi + x.lo)` beyond `erf(x.hi)`.
fn erf_lo(x: Dd) -> Dd {
    let d = Dd::new(2.0)
        .div(sqrt_pi())
        .mul(dd::exp(Dd::new(x.hi).mul(Dd::new(x.hi)).neg()));
    d.mulf(x.lo)
}

/// `erfcinv(c)` for `0 < c <= 1/2`: Newton on `ln erfcx(x) - x^2 - ln c = 0`.
fn erfcinv_pos(c: f64) -> Dd {
    let lc = ln_any(c);
    let w = lc.hi + (2.0 - c).ln();
    let mut x = Dd::new(winitzki(w));
    let half_sqrt_pi = sqrt_pi().mulf(0.5);
    for _ in 0..6 {
        // erfcx at x.hi + x.lo to first order.
        let e = erfcx(x.hi);
        let e = e.add(
            e.mulf(2.0 * x.hi)
                .sub(Dd::new(2.0).div(sqrt_pi()))
                .mulf(x.lo),
        );
        let g = dd::ln(e).sub(x.mul(x)).sub(lc);
        x = x.add(g.mul(e).mul(half_sqrt_pi));
    }
    x
}

/// `erfinv(z)`.
pub fn erfinv(z: f64) -> Dd {
    let a = z.abs();
    let r = if z.is_nan() || a > 1.0 {
        Dd::new(f64::NAN)
    } else if a == 1.0 {
        Dd::new(f64::INFINITY)
    } else if a < 0.5 {
        erfinv_small(a)
    } else {
        erfcinv_pos(1.0 - a)
    };
    if z < 0.0 {
        r.neg()
    } else {
        r
    }
}

/// `erfcinv(c)`.
pub fn erfcinv(c: f64) -> Dd {
    if c.is_nan() || !(0.0..=2.0).contains(&c) {
        Dd::new(f64::NAN)
    } else if c == 0.0 {
        Dd::new(f64::INFINITY)
    } else if c == 2.0 {
        Dd::new(f64::NEG_INFINITY)
    } else if c <= 0.5 {
        erfcinv_pos(c)
    } else if c < 1.5 {
        let z = 1.0 - c;
        let r = erfinv_small(z.abs());
        if z < 0.0 {
            r.neg()
        } else {
            r
        }
    } else {
        erfcinv_pos(2.0 - c).neg()
    }
}

/// `normcdfinv(p) = -sqrt(2) erfcinv(2p)`.
pub fn normcdfinv(p: f64) -> Dd {
    let r = erfcinv(2.0 * p);
    if !r.hi.is_finite() {
        return Dd::new(-r.hi);
    }
    r.mul(Dd::new(2.0).sqrt()).neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from mpmath at 50 digits (a documented, independent computation).
    #[test]
    fn matches_known_values() {
        let close =
            |a: Dd, b: f64, tol: f64| assert!(((a.hi - b) / b).abs() < tol, "{a:?} against {b:e}");
        close(erfcx(0.5), 0.615_690_344_192_925_9, 1e-15);
        close(erfcx(5.0), 0.110_704_637_733_068_6, 1e-15);
        close(erfcx(-1.0), 5.008_980_080_762_283, 1e-15);
        close(erfinv(0.5), 0.476_936_276_204_469_9, 1e-15);
        close(erfinv(0.999), 2.326_753_765_513_525, 1e-15);
        close(erfcinv(1e-300), 26.209_469_960_516_12, 1e-15);
        close(erfcinv(f64::from_bits(1)), 27.213_293_210_812_95, 1e-16);
        close(normcdfinv(0.025), -1.959_963_984_540_054, 1e-15);
        close(normcdf(-10.0), 7.619_853_024_160_527e-24, 1e-15);
        // erfinv(erf(x)) = x to double-double precision.
        let x = 0.3;
        let back = erfinv(dd::erf(x).to_f64());
        assert!((back.hi - x).abs() < 1e-15);
    }
}
