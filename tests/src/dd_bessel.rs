//! Double-double references of the modified Bessel functions `I0`, `I1` for the accuracy
//! harness (`docs/math.md`), good to about 2^-95 relative, computed differently from the
//! library: below 30, the Taylor series summed in double-double until a term is below
//! 2^-110 of the sum (positive terms, no cancellation); from 30, Hankel's asymptotic
//! expansion `e^x / sqrt(2 pi x) sum_k (-1)^k a_k(nu) / x^k`,
//! `a_k = prod_{j<=k} (4 nu^2 - (2j - 1)^2) / (k! 8^k)`, summed while its terms shrink (the
//! smallest is about e^(-2x): below 2^-86 relative from 30), with `e^x` scaled by 2^-256
//! beyond 700 so that it does not overflow before `I` does.

use crate::dd_ref::{self as dd, Dd};

/// `I_nu(x)` for `nu` 0 or 1.
pub fn bessel_i(nu: u32, x: f64) -> Dd {
    if x.is_nan() {
        return Dd::new(f64::NAN);
    }
    let odd = nu == 1;
    if x < 0.0 {
        let v = bessel_i(nu, -x);
        return if odd { v.neg() } else { v };
    }
    if x == f64::INFINITY {
        return Dd::new(x);
    }
    if x < 30.0 {
        // sum w^k / (k! (k + nu)!), w = x^2/4, times (x/2)^nu.
        let w = Dd::new(x).mul(Dd::new(x)).mulf(0.25);
        let mut term = Dd::new(if odd { 0.5 * x } else { 1.0 });
        let mut sum = Dd::new(0.0);
        let mut k = 0.0;
        while term.hi > sum.hi * 1e-34 || k < 2.0 {
            sum = sum.add(term);
            k += 1.0;
            term = term.mul(w).div(Dd::new(k * (k + nu as f64)));
        }
        return sum;
    }
    if x > 720.0 {
        return Dd::new(f64::INFINITY);
    }
    let mu = 4.0 * (nu * nu) as f64;
    let mut term = Dd::new(1.0);
    let mut sum = Dd::new(0.0);
    let mut k = 1.0;
    loop {
        sum = sum.add(term);
        let next = term
            .mulf(-(mu - (2.0 * k - 1.0) * (2.0 * k - 1.0)))
            .div(Dd::new(8.0 * k * x));
        if next.hi.abs() >= term.hi.abs() || next.hi.abs() < 1e-34 {
            break;
        }
        term = next;
        k += 1.0;
    }
    let (shift, e) = if x > 700.0 { (256, 256.0) } else { (0, 0.0) };
    let ex = dd::exp(Dd::new(x).sub(dd::ln2().mulf(e)));
    let front = ex.div(dd::pi().mulf(2.0 * x).sqrt());
    front.mul(sum).ldexp(shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from mpmath at 40 digits.
    #[test]
    fn matches_known_values() {
        let close = |a: Dd, b: f64| assert!(((a.hi - b) / b).abs() < 2e-16, "{a:?} against {b:e}");
        close(bessel_i(0, 1.0), 1.266_065_877_752_008_3);
        close(bessel_i(1, 1.0), 0.565_159_103_992_485);
        close(bessel_i(0, 29.5), 4.781_441_638_880_398e11);
        close(bessel_i(0, 30.5), 1.278_062_138_712_566_5e12);
        close(bessel_i(1, 50.0), 2.903_078_590_103_556_8e20);
        close(bessel_i(1, -2.0), -1.590_636_854_637_329);
        close(bessel_i(0, 710.0), 3.345_334_558_619_656e306);
    }
}
