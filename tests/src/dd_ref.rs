//! Double-double reference functions for the accuracy harness of the double math library
//! (`docs/math.md`): each result is a value `hi + lo` good to about 2^-100 relative, far
//! below a double ulp, so the measured error of a double function is its own.
//!
//! The algorithms differ from the library's on purpose (an independent computation):
//! `exp` reduces by `ln 2`, then by 2^10, sums 14 Taylor terms in double-double and
//! squares ten times; `ln` is one Newton step `y + x e^-y - 1` from `f64::ln` (quadratic
//! convergence: 2^-52 becomes 2^-104); `sin`/`cos` reduce by a three-double `π/2` and sum
//! Taylor series to `r^27`; `atan` is a Newton step on `sin y - x cos y`; `cbrt` a Newton
//! step on `y^3 - x`; the hyperbolic functions are `(e^x ± e^-x)/2` (Taylor below 0.1).
//! The constants (`π/2` and `ln 2` in three doubles) are the standard values, split by
//! mpmath at 300 bits. Error-free transformations: Knuth's TwoSum and the fma product.

/// A double-double: `hi + lo` with `|lo| <= ulp(hi)/2`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

// The arithmetic is methods, not operator traits: the chains read in evaluation order and
// no operator on a `Dd` can be mistaken for an `f64` one.
#[allow(clippy::should_implement_trait)]
impl Dd {
    pub const fn new(hi: f64) -> Dd {
        Dd { hi, lo: 0.0 }
    }
    fn norm(hi: f64, lo: f64) -> Dd {
        if !hi.is_finite() {
            // An overflow: inf (or NaN) alone, not the NaN of inf - inf in the low part.
            return Dd::new(hi);
        }
        let (h, l) = two_sum(hi, lo);
        Dd { hi: h, lo: l }
    }
    pub fn add(self, b: Dd) -> Dd {
        if !self.hi.is_finite() || !b.hi.is_finite() {
            return Dd::new(self.hi + b.hi);
        }
        let (s, e) = two_sum(self.hi, b.hi);
        let (t, f) = two_sum(self.lo, b.lo);
        let (s, e) = two_sum(s, e + t);
        Dd::norm(s, e + f)
    }
    pub fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
    pub fn sub(self, b: Dd) -> Dd {
        self.add(b.neg())
    }
    pub fn mul(self, b: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, b.hi);
        if !p.is_finite() {
            return Dd::new(p);
        }
        Dd::norm(p, e + (self.hi * b.lo + self.lo * b.hi))
    }
    pub fn mulf(self, b: f64) -> Dd {
        self.mul(Dd::new(b))
    }
    pub fn div(self, b: Dd) -> Dd {
        let q1 = self.hi / b.hi;
        let r = self.sub(b.mulf(q1));
        let q2 = r.hi / b.hi;
        let r = r.sub(b.mulf(q2));
        let q3 = r.hi / b.hi;
        Dd::norm(q1, q2).add(Dd::new(q3))
    }
    pub fn sqrt(self) -> Dd {
        if self.hi <= 0.0 {
            return Dd::new(self.hi.sqrt());
        }
        // Below 2^-900 the residual's product y * y and its error would be subnormal or
        // lost (the error of `rsqrt`'s reference at subnormal x, session 14): scale by
        // 2^200 first (exact), and the root back by 2^-100.
        if self.hi < 1.0e-270 {
            return self.ldexp(200).sqrt().ldexp(-100);
        }
        let y = self.hi.sqrt();
        let (p, e) = two_prod(y, y);
        let r = ((self.hi - p) - e + self.lo) / (2.0 * y);
        Dd::norm(y, r)
    }
    /// `self * 2^n` (both parts scaled; exact unless a part underflows).
    pub fn ldexp(self, n: i32) -> Dd {
        let s = |v: f64| {
            let mut v = v;
            let mut n = n;
            while n > 1000 {
                v *= 2f64.powi(1000);
                n -= 1000;
            }
            while n < -1000 {
                v *= 2f64.powi(-1000);
                n += 1000;
            }
            v * 2f64.powi(n)
        };
        Dd {
            hi: s(self.hi),
            lo: s(self.lo),
        }
    }
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }
}

const LN2: [f64; 3] = [
    std::f64::consts::LN_2,
    2.319_046_813_846_299_6e-17,
    5.707_708_438_416_212e-34,
];
const PIO2: [f64; 3] = [
    std::f64::consts::FRAC_PI_2,
    6.123_233_995_736_766e-17,
    -1.497_384_904_859_169_8e-33,
];

pub fn ln2() -> Dd {
    Dd::norm(LN2[0], LN2[1])
}

pub fn pio2() -> Dd {
    Dd::norm(PIO2[0], PIO2[1])
}

pub fn pi() -> Dd {
    pio2().mulf(2.0)
}

/// `e^x`; overflow gives `inf`, a result below the subnormals 0.
pub fn exp(x: Dd) -> Dd {
    if x.hi.is_nan() {
        return Dd::new(f64::NAN);
    }
    if x.hi > 710.0 {
        return Dd::new(f64::INFINITY);
    }
    if x.hi < -746.0 {
        return Dd::new(0.0);
    }
    let k = (x.hi / LN2[0]).round();
    let (p1, e1) = two_prod(k, LN2[0]);
    let (p2, e2) = two_prod(k, LN2[1]);
    let r = x
        .sub(Dd::norm(p1, e1))
        .sub(Dd::norm(p2, e2))
        .sub(Dd::new(k * LN2[2]));
    let r = r.ldexp(-10);
    // Taylor: 1 + r + r^2/2 + ... (|r| < 2^-10.5: 14 terms reach 2^-190).
    let mut sum = Dd::new(1.0);
    let mut term = Dd::new(1.0);
    for n in 1..=14 {
        term = term.mul(r).div(Dd::new(n as f64));
        sum = sum.add(term);
    }
    for _ in 0..10 {
        sum = sum.mul(sum);
    }
    sum.ldexp(k as i32)
}

/// `e^x - 1`.
pub fn expm1(x: f64) -> Dd {
    if x.abs() < 0.5 {
        let mut sum = Dd::new(0.0);
        let mut term = Dd::new(1.0);
        for n in 1..=40 {
            term = term.mulf(x).div(Dd::new(n as f64));
            sum = sum.add(term);
        }
        sum
    } else {
        exp(Dd::new(x)).sub(Dd::new(1.0))
    }
}

/// `ln x` for `x > 0` finite: `x = m 2^e` with `m` in `[1, 2)`, `ln m` by Newton.
pub fn ln(x: Dd) -> Dd {
    let e = x.hi.log2().floor() as i32;
    let m = x.ldexp(-e);
    let y = Dd::new(m.hi.ln());
    // y + m e^-y - 1
    let lm = y.add(m.mul(exp(y.neg())).sub(Dd::new(1.0)));
    let (p1, e1) = two_prod(e as f64, LN2[0]);
    let (p2, e2) = two_prod(e as f64, LN2[1]);
    lm.add(Dd::norm(p1, e1)).add(Dd::norm(p2, e2))
}

/// `ln(1 + x)` for `x > -1`.
pub fn ln1p(x: f64) -> Dd {
    let (u, ul) = two_sum(1.0, x);
    let y = Dd::new(x.ln_1p());
    if y.hi == 0.0 {
        return Dd::new(x);
    }
    // y + (1 + x) e^-y - 1, with e^-y - 1 computed as expm1 to keep small x exact.
    let em = expm1(-y.hi);
    // (1 + x) e^-y - 1 = (1 + x)(em + 1) - 1 = x + em + x em
    let xd = Dd::norm(u, ul).sub(Dd::new(1.0));
    y.add(xd.add(em).add(xd.mul(em)))
}

/// `sin x` and `cos x` for `|x| < 2^20`.
pub fn sin_cos(x: f64) -> (Dd, Dd) {
    let j = (x / PIO2[0]).round();
    let (p1, e1) = two_prod(j, PIO2[0]);
    let (p2, e2) = two_prod(j, PIO2[1]);
    let r = Dd::new(x)
        .sub(Dd::norm(p1, e1))
        .sub(Dd::norm(p2, e2))
        .sub(Dd::new(j * PIO2[2]));
    let (s, c) = sin_cos_reduced(r);
    quadrant(j as i64, s, c)
}

/// `sin(pi x)` and `cos(pi x)`: `x - j/2` is exact.
pub fn sinpi_cospi(x: f64) -> (Dd, Dd) {
    let j = (2.0 * x).round();
    let r = x - 0.5 * j;
    let (s, c) = sin_cos_reduced(pi().mulf(r));
    // Beyond 2^62, x is a multiple of 4 (exact in i64 below).
    let j = if j.abs() < 4.0e18 { j as i64 } else { 0 };
    quadrant(j, s, c)
}

pub(crate) fn quadrant(j: i64, s: Dd, c: Dd) -> (Dd, Dd) {
    match j.rem_euclid(4) {
        0 => (s, c),
        1 => (c, s.neg()),
        2 => (s.neg(), c.neg()),
        _ => (c.neg(), s),
    }
}

/// `sin r`, `cos r` for `|r| <= pi/4`: Taylor series to `r^27`.
pub(crate) fn sin_cos_reduced(r: Dd) -> (Dd, Dd) {
    let r2 = r.mul(r);
    let mut s = Dd::new(0.0);
    let mut c = Dd::new(0.0);
    let mut ts = r;
    let mut tc = Dd::new(1.0);
    for n in 0..14 {
        s = s.add(ts);
        c = c.add(tc);
        let k = 2.0 * n as f64;
        ts = ts.mul(r2).div(Dd::new(-(k + 2.0) * (k + 3.0)));
        tc = tc.mul(r2).div(Dd::new(-(k + 1.0) * (k + 2.0)));
    }
    (s, c)
}

/// `atan x` (Newton on `sin y - x cos y` from `f64::atan`).
pub fn atan(x: Dd) -> Dd {
    if x.hi.is_infinite() {
        return pio2().mulf(x.hi.signum());
    }
    let mut y = Dd::new(x.hi.atan());
    for _ in 0..2 {
        let (s, c) = sin_cos(y.hi);
        // sin_cos of y.hi only: fold y.lo in to first order.
        let (s, c) = (s.add(c.mulf(y.lo)), c.sub(s.mulf(y.lo)));
        let f = s.sub(x.mul(c));
        let fp = c.add(x.mul(s));
        y = y.sub(f.div(fp));
    }
    y
}

/// `atan2(y, x)` for finite operands, not both zero.
pub fn atan2(y: f64, x: f64) -> Dd {
    let (ay, ax) = (y.abs(), x.abs());
    let v = if ay <= ax {
        atan(Dd::new(ay).div(Dd::new(ax)))
    } else {
        pio2().sub(atan(Dd::new(ax).div(Dd::new(ay))))
    };
    let v = if x.is_sign_negative() { pi().sub(v) } else { v };
    if y.is_sign_negative() {
        v.neg()
    } else {
        v
    }
}

/// `asin x` for `|x| <= 1`: `atan2(x, sqrt(1 - x^2))`.
pub fn asin(x: f64) -> Dd {
    let w = Dd::new(1.0).sub(Dd::new(x).mul(Dd::new(x))).sqrt();
    if w.hi == 0.0 {
        return pio2().mulf(x.signum());
    }
    let v = atan(Dd::new(x.abs()).div(w));
    if x < 0.0 {
        v.neg()
    } else {
        v
    }
}

/// `acos x` for `|x| <= 1`: `2 atan(sqrt((1 - x)/(1 + x)))`.
pub fn acos(x: f64) -> Dd {
    if x == -1.0 {
        return pi();
    }
    let t = Dd::new(1.0)
        .sub(Dd::new(x))
        .div(Dd::new(1.0).add(Dd::new(x)))
        .sqrt();
    atan(t).mulf(2.0)
}

fn sinh_cosh(x: f64) -> (Dd, Dd) {
    let e = exp(Dd::new(x));
    let ei = Dd::new(1.0).div(e);
    let c = e.add(ei).mulf(0.5);
    if x.abs() >= 0.1 {
        return (e.sub(ei).mulf(0.5), c);
    }
    let mut s = Dd::new(0.0);
    let mut t = Dd::new(x);
    let x2 = Dd::new(x).mul(Dd::new(x));
    for n in 0..12 {
        s = s.add(t);
        let k = 2.0 * n as f64;
        t = t.mul(x2).div(Dd::new((k + 2.0) * (k + 3.0)));
    }
    (s, c)
}

pub fn sinh(x: f64) -> Dd {
    if x.abs() > 711.0 {
        return Dd::new(f64::INFINITY.copysign(x));
    }
    // e^|x| / 2 overflows in e^x before sinh does: scale by 2^-2.
    if x.abs() > 700.0 {
        return exp(Dd::new(x.abs()).sub(ln2().mulf(2.0)))
            .mulf(2.0)
            .mulf(x.signum());
    }
    sinh_cosh(x).0
}

pub fn cosh(x: f64) -> Dd {
    if x.abs() > 711.0 {
        return Dd::new(f64::INFINITY);
    }
    if x.abs() > 700.0 {
        return exp(Dd::new(x.abs()).sub(ln2().mulf(2.0))).mulf(2.0);
    }
    sinh_cosh(x).1
}

pub fn tanh(x: f64) -> Dd {
    if x.abs() > 40.0 {
        return Dd::new(x.signum());
    }
    let (s, c) = sinh_cosh(x);
    s.div(c)
}

/// `asinh x = ln(a + sqrt(a^2 + 1))` (Taylor below 1e-10, `ln 2a` beyond 1e150).
pub fn asinh(x: f64) -> Dd {
    let a = x.abs();
    let v = if a < 1e-10 {
        let a3 = Dd::new(a).mul(Dd::new(a)).mulf(a);
        Dd::new(a).sub(a3.div(Dd::new(6.0)))
    } else if a > 1e150 {
        ln(Dd::new(a)).add(ln2())
    } else {
        let w = Dd::new(a).mul(Dd::new(a)).add(Dd::new(1.0)).sqrt();
        ln(w.add(Dd::new(a)))
    };
    if x < 0.0 {
        v.neg()
    } else {
        v
    }
}

/// `acosh x = ln(x + sqrt(x^2 - 1))` for `x >= 1`.
pub fn acosh(x: f64) -> Dd {
    if x > 1e150 {
        return ln(Dd::new(x)).add(ln2());
    }
    let w = Dd::new(x).mul(Dd::new(x)).sub(Dd::new(1.0)).sqrt();
    ln(w.add(Dd::new(x)))
}

/// `atanh x = ln((1 + x)/(1 - x))/2` for `|x| < 1` (Taylor below 1e-10).
pub fn atanh(x: f64) -> Dd {
    if x.abs() < 1e-10 {
        let x3 = Dd::new(x).mul(Dd::new(x)).mulf(x);
        return Dd::new(x).add(x3.div(Dd::new(3.0)));
    }
    let q = Dd::new(1.0)
        .add(Dd::new(x))
        .div(Dd::new(1.0).sub(Dd::new(x)));
    ln(q).mulf(0.5)
}

/// `erf x`: the Taylor series in double-double while `|x| < 3`, `1 - erfc` beyond.
pub fn erf(x: f64) -> Dd {
    if x.abs() >= 3.0 {
        let v = Dd::new(1.0).sub(erfc(x.abs()));
        return if x < 0.0 { v.neg() } else { v };
    }
    // 2/sqrt(pi) sum (-1)^n x^(2n+1) / (n! (2n+1))
    let z = Dd::new(x).mul(Dd::new(x));
    let mut term = Dd::new(x);
    let mut sum = Dd::new(0.0);
    for n in 0..120 {
        sum = sum.add(term.div(Dd::new((2 * n + 1) as f64)));
        term = term.mul(z).div(Dd::new(-((n + 1) as f64)));
    }
    sum.mulf(2.0).div(pi().sqrt())
}

/// `erfc x`: `1 - erf x` while `x < 3`, Laplace's continued fraction (300 terms) beyond.
pub fn erfc(x: f64) -> Dd {
    if x < 3.0 {
        return Dd::new(1.0).sub(erf(x));
    }
    if x > 27.5 {
        return Dd::new(0.0);
    }
    let xd = Dd::new(x);
    let mut t = xd;
    for k in (1..=300).rev() {
        t = xd.add(Dd::new(0.5 * k as f64).div(t));
    }
    let e = exp(xd.mul(xd).neg());
    e.div(t.mul(pi().sqrt()))
}

/// `x^(1/3)`.
pub fn cbrt(x: f64) -> Dd {
    let y = Dd::new(x.cbrt());
    if x == 0.0 || !x.is_finite() {
        return y;
    }
    // Scale into the normal range where y^3 is safe.
    let e = (x.abs().log2().floor() as i32).div_euclid(3) * 3;
    let xs = Dd::new(x).ldexp(-e);
    let ys = y.ldexp(-e / 3);
    let y3 = ys.mul(ys).mul(ys);
    let ys = ys.sub(y3.sub(xs).div(ys.mul(ys).mulf(3.0)));
    ys.ldexp(e / 3)
}

/// `sqrt(x^2 + y^2)`, scaled by a power of two so no square overflows.
pub fn hypot(x: f64, y: f64) -> Dd {
    let m = x.abs().max(y.abs());
    if m == 0.0 || !m.is_finite() {
        return Dd::new(x.hypot(y));
    }
    let e = m.log2().floor() as i32;
    let (a, b) = (Dd::new(x).ldexp(-e), Dd::new(y).ldexp(-e));
    a.mul(a).add(b.mul(b)).sqrt().ldexp(e)
}

/// The Euclidean norm of `v` as `(n, e)`: `n · 2^e`, `n` in [1, 2·√len) (scaled like
/// `hypot`, so nothing overflows); `None` for NaN, infinite or zero `v`.
fn norm_scaled(v: &[f64]) -> Option<(Dd, i32)> {
    let m = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if m == 0.0 || !m.is_finite() || v.iter().any(|x| x.is_nan()) {
        return None;
    }
    let e = m.log2().floor() as i32;
    let s = v
        .iter()
        .map(|&x| Dd::new(x).ldexp(-e))
        .fold(Dd::new(0.0), |s, a| s.add(a.mul(a)));
    Some((s.sqrt(), e))
}

/// The special values of the norms (C's rules: an infinity wins over NaN).
fn norm_special(v: &[f64]) -> f64 {
    if v.iter().any(|x| x.is_infinite()) {
        f64::INFINITY
    } else if v.iter().any(|x| x.is_nan()) {
        f64::NAN
    } else {
        0.0
    }
}

/// The Euclidean norm of `v`.
pub fn norm(v: &[f64]) -> Dd {
    match norm_scaled(v) {
        Some((n, e)) => n.ldexp(e),
        None => Dd::new(norm_special(v)),
    }
}

/// `1 / norm(v)`: 0 for an infinite norm, inf for 0 (the quotient is scaled back after
/// the division, so a norm beyond the double range still gives its finite reciprocal).
pub fn rnorm(v: &[f64]) -> Dd {
    match norm_scaled(v) {
        Some((n, e)) => Dd::new(1.0).div(n).ldexp(-e),
        None => Dd::new(1.0 / norm_special(v)),
    }
}

/// `x^y` for `x > 0` finite, `y` finite.
pub fn pow_pos(x: f64, y: f64) -> Dd {
    exp(ln(Dd::new(x)).mulf(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_hold_to_double_double_precision() {
        // exp(ln 2) = 2, sin(pi/2) = 1, atan(1) = pi/4, exp(ln 10) = 10 to about 2^-96.
        let two = exp(ln2());
        assert!((two.sub(Dd::new(2.0))).hi.abs() < 1e-30);
        let (s, _) = sin_cos(PIO2[0]);
        assert!((s.hi - 1.0).abs() < 1e-30);
        let a = atan(Dd::new(1.0)).mulf(4.0).sub(pi());
        assert!(a.hi.abs() < 1e-30, "{a:?}");
        let l = ln(Dd::new(10.0));
        let back = exp(l);
        assert!(back.sub(Dd::new(10.0)).hi.abs() < 1e-28, "{l:?} {back:?}");
        let c = cbrt(27.0);
        assert!(c.sub(Dd::new(3.0)).hi.abs() < 1e-30);
        // cos(x) near pi/2: the reduction keeps the tiny remainder.
        let (_, c) = sin_cos(PIO2[0]);
        assert!((c.hi - 6.123_233_995_736_766e-17).abs() < 1e-31);
    }
}
