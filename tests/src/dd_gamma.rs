//! Double-double references of `lgamma` and `tgamma` for the accuracy harness
//! (`docs/math.md`), good to about 2^-90 relative or better, computed differently from
//! the library on purpose:
//!
//! - near the zeros 1 and 2 (`|x - 1| < 1/4`, `|x - 2| < 1/4`), the Taylor series
//!   `lgamma(1 + t) = -γt + Σ_{k≥2} (-1)^k ζ(k) t^k / k` to `k = 60` (and
//!   `lgamma(2 + t) = lgamma(1 + t) + ln(1 + t)`), with `ζ(k)` by Euler–Maclaurin
//!   summation (30 terms, then the integral and ten Bernoulli corrections: truncation
//!   below 2^-100) and Euler's γ as a double-double (mpmath);
//! - elsewhere for `x > 0`, Stirling's series at `b = x + n >= 30` to `B_24` (truncation
//!   below 2^-110 relative), minus `ln(x (x + 1) ... (x + n - 1))` (the cancellation costs
//!   at most 10 bits, at `x = 0.75`);
//! - `x < 0`: the reflection `ln π - ln |x sinpi(x)| - lgamma(-x)`;
//! - `tgamma = ± e^lgamma`, with the sign of `sinpi(x)` for negative `x`.
//!
//! The Bernoulli numbers are the standard exact fractions.

use crate::dd_ref::{self as dd, Dd};
use std::sync::OnceLock;

/// `B_2k` for k = 1..12 as (numerator, denominator), exact in `f64`.
const BERNOULLI: [(f64, f64); 12] = [
    (1.0, 6.0),
    (-1.0, 30.0),
    (1.0, 42.0),
    (-1.0, 30.0),
    (5.0, 66.0),
    (-691.0, 2730.0),
    (7.0, 6.0),
    (-3617.0, 510.0),
    (43867.0, 798.0),
    (-174611.0, 330.0),
    (854513.0, 138.0),
    (-236364091.0, 2730.0),
];

const EULER_GAMMA: Dd = Dd {
    hi: 0.577_215_664_901_532_9,
    lo: -4.942_915_152_430_645e-18,
};

fn bernoulli(k: usize) -> Dd {
    let (n, d) = BERNOULLI[k - 1];
    Dd::new(n).div(Dd::new(d))
}

/// `ζ(k)` for k = 2..=60 (index k).
fn zetas() -> &'static Vec<Dd> {
    static Z: OnceLock<Vec<Dd>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut v = vec![Dd::new(0.0); 61];
        let n = 30.0;
        for (k, z) in v.iter_mut().enumerate().skip(2) {
            let kf = k as f64;
            let pow = |b: f64, e: f64| dd::exp(dd::ln(Dd::new(b)).mulf(-e));
            let mut s = Dd::new(0.0);
            for m in 1..30 {
                s = s.add(pow(m as f64, kf));
            }
            // The tail from N: N^(1-k)/(k-1) + N^-k/2 + Σ B_2j/(2j)! (k)_(2j-1) N^(-k-2j+1).
            s = s.add(pow(n, kf - 1.0).div(Dd::new(kf - 1.0)));
            s = s.add(pow(n, kf).mulf(0.5));
            let mut rising = Dd::new(kf); // (k)_(2j-1)
            let mut fact = Dd::new(2.0); // (2j)!
            for j in 1..=10 {
                let t = bernoulli(j)
                    .mul(rising)
                    .div(fact)
                    .mul(pow(n, kf + 2.0 * j as f64 - 1.0));
                s = s.add(t);
                let a = kf + 2.0 * j as f64 - 1.0;
                rising = rising.mulf(a).mulf(a + 1.0);
                fact = fact.mulf((2 * j + 1) as f64).mulf((2 * j + 2) as f64);
            }
            *z = s;
        }
        v
    })
}

/// `lgamma(1 + t)` for `|t| <= 1/4`.
fn lgamma1p(t: f64) -> Dd {
    let z = zetas();
    let td = Dd::new(t);
    let mut pw = td.mul(td);
    let mut s = EULER_GAMMA.mul(td).neg();
    for (k, zk) in z.iter().enumerate().skip(2) {
        let term = zk.mul(pw).div(Dd::new(k as f64));
        s = if k % 2 == 0 { s.add(term) } else { s.sub(term) };
        pw = pw.mul(td);
    }
    s
}

/// Stirling's `lgamma(b)` for `b >= 30`.
fn stirling(b: Dd) -> Dd {
    let lb = dd::ln(b);
    let mut s = b.sub(Dd::new(0.5)).mul(lb).sub(b);
    s = s.add(dd::ln(dd::pi().mulf(2.0)).mulf(0.5));
    let y = Dd::new(1.0).div(b);
    let y2 = y.mul(y);
    let mut p = y;
    for k in 1..=12 {
        let c = bernoulli(k).div(Dd::new((2 * k * (2 * k - 1)) as f64));
        s = s.add(c.mul(p));
        p = p.mul(y2);
    }
    s
}

/// `lgamma(x)` for `x > 0` finite.
fn lgamma_pos(x: f64) -> Dd {
    if (x - 1.0).abs() < 0.25 {
        return lgamma1p(x - 1.0);
    }
    if (x - 2.0).abs() < 0.25 {
        return lgamma1p(x - 2.0).add(dd::ln1p(x - 2.0));
    }
    let mut b = Dd::new(x);
    let mut p = Dd::new(1.0);
    while b.hi < 30.0 {
        p = p.mul(b);
        b = b.add(Dd::new(1.0));
    }
    let lp = if p.hi < 1e-290 {
        dd::ln(p.mul(Dd::new(2f64.powi(200)))).sub(dd::ln2().mulf(200.0))
    } else {
        dd::ln(p)
    };
    stirling(b).sub(lp)
}

/// `lgamma(x)`.
pub fn lgamma(x: f64) -> Dd {
    if x.is_nan() {
        return Dd::new(f64::NAN);
    }
    if x.is_infinite() || (x <= 0.0 && x == x.floor()) {
        return Dd::new(f64::INFINITY);
    }
    if x > 0.0 {
        return lgamma_pos(x);
    }
    if x > -0.25 {
        // lgamma(1 + x) - ln|x| (the reflection's x sinpi(x) underflows for tiny x).
        let l = if x > -1e-290 {
            dd::ln(Dd::new(-x * 2f64.powi(200))).sub(dd::ln2().mulf(200.0))
        } else {
            dd::ln(Dd::new(-x))
        };
        return lgamma1p(x).sub(l);
    }
    let s = dd::sinpi_cospi(x).0.mulf(x);
    let s = if s.hi < 0.0 { s.neg() } else { s };
    dd::ln(dd::pi()).sub(dd::ln(s)).sub(lgamma_pos(-x))
}

/// `tgamma(x)`.
pub fn tgamma(x: f64) -> Dd {
    if x.is_nan() || x == f64::NEG_INFINITY || (x < 0.0 && x == x.floor()) {
        return Dd::new(f64::NAN);
    }
    if x == 0.0 {
        return Dd::new(f64::INFINITY.copysign(x));
    }
    if x > 172.0 {
        return Dd::new(f64::INFINITY);
    }
    if x < -200.0 {
        return Dd::new(0.0f64.copysign(dd::sinpi_cospi(x).0.hi));
    }
    let v = dd::exp(lgamma(x));
    if x < 0.0 && dd::sinpi_cospi(x).0.hi < 0.0 {
        v.neg()
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from mpmath at 50 digits.
    #[test]
    fn matches_known_values() {
        let close = |a: Dd, b: f64| assert!(((a.hi - b) / b).abs() < 2e-16, "{a:?} against {b:e}");
        close(lgamma(0.5), 0.572_364_942_924_700_1);
        close(lgamma(1.125), -0.060_023_184_126_039_58);
        close(lgamma(2.25), 0.124_871_714_892_396_6);
        close(lgamma(100.5), 361.435_540_467_777_6);
        close(lgamma(-2.5), -0.056_243_716_497_674_05);
        close(lgamma(1e-20), 46.051_701_859_880_91);
        close(tgamma(4.5), 11.631_728_396_567_45);
        close(tgamma(-1.5), 2.363_271_801_207_355);
        close(tgamma(170.5), 5.562_092_414_560_000e305);
        // Γ(x + 1) = x Γ(x) to double-double precision.
        let x = 3.7;
        let r = tgamma(x + 1.0).div(tgamma(x)).sub(Dd::new(x));
        assert!(r.hi.abs() < 1e-28, "{r:?}");
        // lgamma(1) = lgamma(2) = 0 exactly.
        assert_eq!(lgamma(1.0).hi, 0.0);
        assert_eq!(lgamma(2.0).hi, 0.0);
    }
}
