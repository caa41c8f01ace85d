//! Double-double references of the Bessel functions of the first and second kind,
//! `J0 J1 Y0 Y1` and `Jn Yn`, for the accuracy harness (`docs/math-special.md`), checked
//! against mpmath values. Computed differently from the library's fitted approximations:
//!
//! - below 25, the power series in `w = x²/4` summed in double-double until a term is
//!   below 2^-110 of the largest: `J_n = (x/2)^n Σ (−w)^k / (k!(k+n)!)`, and for the second
//!   kind the Neumann series `Y0 = (2/π)((ln(x/2) + γ) J0 + Σ_{k≥1} (−1)^(k+1) H_k w^k/(k!)²)`,
//!   `Y1 = −2/(πx) + (2/π) ln(x/2) J1 − (x/2π) Σ_{k≥0} (−w)^k (H_k + H_{k+1} − 2γ)/(k!(k+1)!)`
//!   (`H_k` the harmonic numbers). The terms reach about `e^x/(2πx)` (1e9 at 25), so the
//!   absolute error is about 2^-106 of that: 1e-23 at 25, 1e-30 below 8 — absolute, not
//!   relative: next to a zero the relative error grows as 1/|J|;
//! - from 25, Hankel's asymptotic expansion `√(2/(πx)) (P cos χ − Q sin χ)` (`J`) and
//!   `√(2/(πx)) (P sin χ + Q cos χ)` (`Y`), `χ = x − (n/2 + ¼)π`, with
//!   `P = Σ (−1)^k a_2k / x^2k`, `Q = Σ (−1)^k a_(2k+1) / x^(2k+1)`,
//!   `a_k = Π_{j≤k} (4n² − (2j − 1)²) / (k! 8^k)`, summed while the terms shrink (the
//!   smallest is about `e^(−2x)`: 2e-22 relative at 25); `cos χ`, `sin χ` from the exact
//!   reduction of `dd_trig` (`cos(x − π/4) = (cos x + sin x)/√2`, …), so any finite `x`;
//! - `Yn`: the forward recurrence `Y_(k+1) = (2k/x) Y_k − Y_(k−1)` from `Y0`, `Y1` in
//!   double-double (stable upwards: `Y` grows, errors stay relative, about 2^-95 of the
//!   result beyond the references' own error);
//! - `Jn`: below 1 the power series; for `x > n` the same forward recurrence from `J0`,
//!   `J1` (stable while `k < x`: the error stays absolute, about 2^-100 of the largest
//!   `|J_k|`, 1e-21 beyond 25 where `J0`, `J1` are good to 1e-22); for `1 ≤ x ≤ n` Miller's
//!   backward recurrence from an even order `M = n + 40 + √(100n)` (where `J_M(x)` is
//!   below 2^-150 of `J_n(x)`), rescaled by 2^-400 when it grows, normalized by
//!   `J0 + 2(J2 + J4 + …) = 1`: about 2^-100 relative to the largest of `|J_n|` and 1.

use crate::dd_ref::{self as dd, Dd};
use crate::dd_trig;

/// Euler's constant γ as a double-double (mpmath).
const GAMMA: Dd = Dd {
    hi: 0.577_215_664_901_532_9,
    lo: -4.942_915_152_430_645e-18,
};

/// `J_n(x)` for `n` 0 or 1 and any `x`.
pub fn bessel_j(n: u32, x: f64) -> Dd {
    if x.is_nan() {
        return Dd::new(f64::NAN);
    }
    if x < 0.0 {
        let v = bessel_j(n, -x);
        return if n == 1 { v.neg() } else { v };
    }
    if x.is_infinite() {
        return Dd::new(0.0);
    }
    if x < 25.0 {
        series_j(n, x)
    } else {
        hankel(n, x).0
    }
}

/// `Y_n(x)` for `n` 0 or 1 and `x ≥ 0` (NaN below 0, −inf at 0, as C's `y0`).
pub fn bessel_y(n: u32, x: f64) -> Dd {
    if x.is_nan() || x < 0.0 {
        return Dd::new(f64::NAN);
    }
    if x == 0.0 {
        return Dd::new(f64::NEG_INFINITY);
    }
    if x.is_infinite() {
        return Dd::new(0.0);
    }
    if x >= 25.0 {
        hankel(n, x).1
    } else {
        let y = series_y(n, x);
        // Only Y1's −2/(πx) can overflow (x below 3.6e-309): the sum is then NaN.
        if y.hi.is_nan() {
            Dd::new(f64::NEG_INFINITY)
        } else {
            y
        }
    }
}

/// The Neumann series of `Y_n`, `0 < x < 25`.
fn series_y(n: u32, x: f64) -> Dd {
    let w = Dd::new(x).mul(Dd::new(x)).mulf(0.25);
    let two_over_pi = Dd::new(2.0).div(dd::pi());
    // ln x − ln 2 (x/2 would round for subnormal x, and ln 0 does not end).
    let log_half = dd::ln(Dd::new(x)).sub(dd::ln2());
    let mut h = Dd::new(0.0); // H_k
    let mut sum = Dd::new(0.0);
    let mut k = 0.0;
    if n == 0 {
        // Σ_{k≥1} (−1)^(k+1) H_k w^k/(k!)², with term_k = (−w)^k/(k!)².
        let mut term = Dd::new(1.0);
        let mut big: f64 = 1.0;
        loop {
            k += 1.0;
            term = term.mul(w).div(Dd::new(-k * k));
            h = h.add(Dd::new(1.0).div(Dd::new(k)));
            let t = term.mul(h).neg();
            big = big.max(t.hi.abs());
            sum = sum.add(t);
            if t.hi.abs() < big * 1e-33 && k > 2.0 {
                break;
            }
        }
        let lead = log_half.add(GAMMA).mul(series_j(0, x));
        two_over_pi.mul(lead.add(sum))
    } else {
        // Σ_{k≥0} (−w)^k (H_k + H_{k+1} − 2γ)/(k!(k+1)!).
        let mut term = Dd::new(1.0); // (−w)^k/(k!(k+1)!)
        let mut big: f64 = 1.0;
        loop {
            let h1 = h.add(Dd::new(1.0).div(Dd::new(k + 1.0)));
            let t = term.mul(h.add(h1).sub(GAMMA.mulf(2.0)));
            big = big.max(t.hi.abs());
            sum = sum.add(t);
            if t.hi.abs() < big * 1e-33 && k > 2.0 {
                break;
            }
            h = h1;
            k += 1.0;
            term = term.mul(w).div(Dd::new(-k * (k + 1.0)));
        }
        let pi = dd::pi();
        let a = Dd::new(-2.0).div(pi.mulf(x));
        let b = two_over_pi.mul(log_half).mul(series_j(1, x));
        let c = sum.mulf(x * 0.5).div(pi);
        a.add(b).sub(c)
    }
}

/// The power series of `J_n`, `0 ≤ x < 25`.
fn series_j(n: u32, x: f64) -> Dd {
    let w = Dd::new(x).mul(Dd::new(x)).mulf(0.25);
    let mut term = Dd::new(if n == 1 { 0.5 * x } else { 1.0 });
    let mut sum = Dd::new(0.0);
    let mut big = term.hi.abs();
    let mut k = 0.0;
    while (term.hi.abs() >= big * 1e-33 || k < 2.0) && k < 400.0 {
        sum = sum.add(term);
        big = big.max(term.hi.abs());
        k += 1.0;
        term = term.mul(w).div(Dd::new(-k * (k + n as f64)));
    }
    sum
}

/// Hankel's expansion at `x ≥ 25`: `(J_n(x), Y_n(x))`.
fn hankel(n: u32, x: f64) -> (Dd, Dd) {
    let mu = 4.0 * (n * n) as f64;
    // a_k / x^k with alternating signs folded in pairs: P gets k even, Q k odd.
    let (mut p, mut q) = (Dd::new(0.0), Dd::new(0.0));
    let mut term = Dd::new(1.0); // a_k / x^k
    let mut k = 0u32;
    loop {
        let sign = if (k / 2).is_multiple_of(2) {
            term
        } else {
            term.neg()
        };
        if k.is_multiple_of(2) {
            p = p.add(sign);
        } else {
            q = q.add(sign);
        }
        let kk = (k + 1) as f64;
        let next = term
            .mulf(mu - (2.0 * kk - 1.0) * (2.0 * kk - 1.0))
            .div(Dd::new(8.0 * kk * x));
        // Beyond about 1e307 8kx overflows and the division gives NaN: the terms are
        // long below 1e-34 there anyway.
        if next.hi.abs() >= term.hi.abs() || next.hi.abs() < 1e-34 || !next.hi.is_finite() {
            break;
        }
        term = next;
        k += 1;
    }
    let (s, c) = dd_trig::sin_cos_any(x);
    let r2 = Dd::new(0.5).sqrt(); // 1/√2
    let (cos_chi, sin_chi) = if n == 0 {
        (c.add(s).mul(r2), s.sub(c).mul(r2))
    } else {
        (s.sub(c).mul(r2), s.add(c).mul(r2).neg())
    };
    // √(2/π)/√x: 2/(πx) would overflow πx near the largest double.
    let front = Dd::new(2.0).div(dd::pi()).sqrt().div(Dd::new(x).sqrt());
    let j = front.mul(p.mul(cos_chi).sub(q.mul(sin_chi)));
    let y = front.mul(p.mul(sin_chi).add(q.mul(cos_chi)));
    (j, y)
}

/// `J_n(x)` for `n ≥ 0` and any `x`.
pub fn bessel_jn(n: u32, x: f64) -> Dd {
    if n < 2 || x.is_nan() {
        return bessel_j(n, x);
    }
    if x < 0.0 {
        let v = bessel_jn(n, -x);
        return if n % 2 == 1 { v.neg() } else { v };
    }
    if x.is_infinite() || x == 0.0 {
        return Dd::new(0.0);
    }
    if x < 1.0 {
        return series_jn(n, x);
    }
    if x > n as f64 {
        let (mut lo, mut hi) = (bessel_j(0, x), bessel_j(1, x));
        for k in 1..n {
            let next = hi.mulf(2.0 * k as f64).div(Dd::new(x)).sub(lo);
            (lo, hi) = (hi, next);
        }
        return hi;
    }
    // Miller: J_(k-1) = (2k/x) J_k − J_(k+1) downwards from J_(M+1) = 0, J_M = tiny.
    let m = 2 * ((n + 40 + (100.0 * n as f64).sqrt() as u32) / 2);
    let (mut up, mut cur) = (Dd::new(0.0), Dd::new(1e-300));
    let (mut even, mut want) = (Dd::new(0.0), Dd::new(0.0));
    for k in (1..=m).rev() {
        let down = cur.mulf(2.0 * k as f64).div(Dd::new(x)).sub(up);
        (up, cur) = (cur, down);
        if cur.hi.abs() > 1e120 {
            let s = 2f64.powi(-400);
            (up, cur, even, want) = (up.mulf(s), cur.mulf(s), even.mulf(s), want.mulf(s));
        }
        let order = k - 1;
        if order == n {
            want = cur;
        }
        if order > 0 && order % 2 == 0 {
            even = even.add(cur);
        }
    }
    want.div(cur.add(even.mulf(2.0)))
}

/// The power series of `J_n`, `0 < x < 1`: `(x/2)^n/n! Σ (−w)^k/(k!(n+1)…(n+k))`.
fn series_jn(n: u32, x: f64) -> Dd {
    let mut lead = Dd::new(1.0);
    for k in 1..=n {
        lead = lead.mulf(x * 0.5).div(Dd::new(k as f64));
    }
    let w = Dd::new(x).mul(Dd::new(x)).mulf(0.25);
    let (mut term, mut sum) = (Dd::new(1.0), Dd::new(1.0));
    for k in 1..40 {
        term = term.mul(w).div(Dd::new(-(k as f64) * (n + k) as f64));
        sum = sum.add(term);
    }
    lead.mul(sum)
}

/// `Y_n(x)` for `n ≥ 0`, `x ≥ 0` (NaN below 0, −inf at 0).
pub fn bessel_yn(n: u32, x: f64) -> Dd {
    if n < 2 || x.is_nan() || x <= 0.0 || x.is_infinite() {
        return bessel_y(n.min(1), x);
    }
    let (mut lo, mut hi) = (bessel_y(0, x), bessel_y(1, x));
    for k in 1..n {
        if hi.hi.is_infinite() {
            return Dd::new(f64::NEG_INFINITY);
        }
        let next = hi.mulf(2.0 * k as f64).div(Dd::new(x)).sub(lo);
        (lo, hi) = (hi, next);
    }
    if hi.hi.is_nan() {
        Dd::new(f64::NEG_INFINITY)
    } else {
        hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from mpmath at 40 digits (`mpmath.j0`, `j1`, `bessely`), on both sides of
    /// the switch at 25 and far out.
    #[test]
    fn matches_known_values() {
        let close = |a: Dd, b: f64| assert!(((a.hi - b) / b).abs() < 4e-16, "{a:?} against {b:e}");
        let rows: [(f64, [f64; 4]); 8] = [
            (
                0.5,
                [
                    0.938_469_807_240_812_9,
                    0.242_268_457_674_873_9,
                    -0.444_518_733_506_706_56,
                    -1.471_472_392_670_243,
                ],
            ),
            (
                1.0,
                [
                    0.765_197_686_557_966_6,
                    0.440_050_585_744_933_5,
                    0.088_256_964_215_676_96,
                    -0.781_212_821_300_288_7,
                ],
            ),
            (
                5.0,
                [
                    -0.177_596_771_314_338_3,
                    -0.327_579_137_591_465_23,
                    -0.308_517_625_249_033_76,
                    0.147_863_143_391_226_83,
                ],
            ),
            (
                7.9,
                [
                    0.194_361_844_841_278_25,
                    0.219_179_399_921_751_2,
                    0.206_520_948_144_375_77,
                    -0.181_721_077_280_573_13,
                ],
            ),
            (
                24.9,
                [
                    0.083_245_968_353_015_5,
                    -0.134_855_699_531_408_86,
                    -0.136_499_183_996_765_22,
                    -0.086_002_557_595_554_25,
                ],
            ),
            (
                25.1,
                [
                    0.108_275_671_499_949_45,
                    -0.114_634_784_134_422_57,
                    -0.116_767_707_638_036_94,
                    -0.110_622_233_227_830_99,
                ],
            ),
            (
                100.0,
                [
                    0.019_985_850_304_223_122,
                    -0.077_145_352_014_112_16,
                    -0.077_244_313_365_083_15,
                    -0.020_372_312_002_759_792,
                ],
            ),
            (
                1e5,
                [
                    -0.001_719_201_116_235_972_3,
                    0.001_846_757_562_882_567_7,
                    0.001_846_766_158_865_064,
                    0.001_719_210_350_088_256_2,
                ],
            ),
        ];
        for (x, [j0, j1, y0, y1]) in rows {
            close(bessel_j(0, x), j0);
            close(bessel_j(1, x), j1);
            close(bessel_y(0, x), y0);
            close(bessel_y(1, x), y1);
        }
        close(bessel_j(1, -1.0), -0.440_050_585_744_933_5);
    }

    /// `Jn`, `Yn` (series, Miller, forward recurrence) against mpmath at 40 digits.
    #[test]
    fn orders_above_one_match_known_values() {
        let close = |a: Dd, b: f64| assert!(((a.hi - b) / b).abs() < 1e-15, "{a:?} against {b:e}");
        close(bessel_jn(2, 1.5), 0.232_087_672_144_214_73);
        close(bessel_jn(2, 30.0), 0.078_451_246_073_265_35);
        close(bessel_jn(5, 3.0), 0.043_028_434_877_047_584);
        close(bessel_jn(5, 0.001), 2.604_166_558_159_724_4e-19);
        close(bessel_jn(128, 100.0), 4.594_387_411_336_511e-8);
        close(bessel_jn(128, 200.0), -0.063_906_659_293_976_51);
        close(bessel_jn(128, 1e4), -0.007_510_663_813_882_096);
        close(bessel_jn(3, -1.5), -bessel_jn(3, 1.5).hi);
        close(bessel_yn(2, 1.5), -0.932_193_759_762_973_9);
        close(bessel_yn(5, 10.0), 0.135_403_047_689_362_3);
        close(bessel_yn(2, 1e-3), -1_273_239.863_045_667_4);
        close(bessel_yn(128, 300.0), 0.011_227_865_514_849_362);
        close(bessel_yn(128, 1e4), -0.002_693_904_612_645_012);
        assert_eq!(bessel_yn(128, 1e-3).hi, f64::NEG_INFINITY);
    }

    /// The series and Hankel's expansion agree at 25 to far below a double ulp.
    #[test]
    fn series_and_expansion_meet() {
        for x in [24.0, 25.0, 26.0] {
            let (j0, y0) = hankel(0, x);
            let (j1, y1) = hankel(1, x);
            let diff = |a: Dd, b: Dd| a.sub(b).hi.abs();
            assert!(
                diff(j0, series_j(0, x)) < 1e-21,
                "J0 at {x}: {}",
                diff(j0, series_j(0, x))
            );
            assert!(
                diff(j1, series_j(1, x)) < 1e-21,
                "J1 at {x}: {}",
                diff(j1, series_j(1, x))
            );
            assert!(
                diff(y0, series_y(0, x)) < 1e-21,
                "Y0 at {x}: {}",
                diff(y0, series_y(0, x))
            );
            assert!(
                diff(y1, series_y(1, x)) < 1e-21,
                "Y1 at {x}: {}",
                diff(y1, series_y(1, x))
            );
        }
    }
}
