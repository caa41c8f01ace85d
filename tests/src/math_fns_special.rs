//! The harness rows of the special functions (`docs/math.md`): the error-function family
//! (`erf erfc erfcx normcdf erfinv erfcinv normcdfinv`, double and float) and `powi`,
//! `powif` (as `pow(double, int)`, `pow(float, int)`: nvcc does not declare `powi`), the
//! directed roundings (`__fma_r?` against an exact big-integer reference), `normf`,
//! `rnormf`, with their references (`dd_ref`, `dd_special`) and CUDA's bounds.

use crate::dd_bessel::bessel_i;
use crate::dd_gamma;
use crate::dd_ref::{self as dd, Dd};
use crate::dd_special as sp;
use crate::math_harness::{no_extra, no_pairs, MathFn, Prec, Reference};
use crate::math_worst::{erfc_worst, erfinv_worst};

fn row(
    name: &'static str,
    expr: &'static str,
    prec: Prec,
    reference: Reference,
    bound: f64,
    hard: &'static [(f64, f64)],
) -> MathFn {
    MathFn {
        name,
        expr,
        prec,
        reference,
        bound,
        max_abs: f64::INFINITY,
        hard,
        hard_y: &[],
        extra: no_extra,
        extra_pairs: no_pairs,
        abs: None,
    }
}

/// `f` measured also at `extra` (the worst inputs its sweeps found).
fn worst(mut f: MathFn, extra: fn(Prec) -> Vec<f64>) -> MathFn {
    f.extra = extra;
    f
}

/// The largest errors of the float-code `erfinvf` (session 12's sweeps, 2^18 inputs, and
/// those of its first drafts: near the top of the central fit, w = -ln(1 - x^2) = 4.6,
/// where p crosses 2 while the result stays below it).
/// The joins of session 15's double `erf` (`1 - e^(-g)`): where `g = -ln erfc(a)` is
/// `(j + 1/2) ln 2` (`j` steps there: 0.26569, 0.65600, 0.95512), the threshold 5.92159
/// beyond which it is 1, and a subnormal.
fn worst_erf(_: Prec) -> Vec<f64> {
    let mut v = Vec::new();
    for c in [
        0.265_691_551_058_235_4_f64,
        0.655_996_340_702_427_2,
        0.955_121_912_520_949_8,
        5.921_587_195_794_507,
    ] {
        for d in [-1i64, 0, 1] {
            let x = f64::from_bits(c.to_bits().wrapping_add(d as u64));
            v.push(x);
            v.push(-x);
        }
    }
    v.push(f64::from_bits(3));
    v
}

fn worst_erfinvf(_: Prec) -> Vec<f64> {
    vec![
        0.993_042_051_792_144_8,
        0.502_534_031_867_981,
        0.995_192_110_538_482_7,
        0.995_150_744_915_008_5,
    ]
}

/// The same for `erfcinvf` (the tails' fits near s = 4, a result near 4).
fn worst_erfcinvf(_: Prec) -> Vec<f64> {
    vec![
        1.901_824_975_110_629_8e-29,
        2.996_412_717_948_26e-8,
        0.724_446_773_529_052_7,
        3.601_240_194_939_237e-8,
    ]
}

/// The same for `normcdfinvf`.
fn worst_normcdfinvf(_: Prec) -> Vec<f64> {
    vec![
        0.164_392_158_389_091_5,
        0.688_065_767_288_208,
        8.049_173_047_766_089e-4,
        1.144_836_278_399_452_6e-4,
    ]
}

/// The largest error of the float-code `lgammaf` (session 12, 2^18 inputs: near the
/// minimum of lgamma, at the top of the fit of lgamma(1 + t)/t).
fn worst_lgammaf(_: Prec) -> Vec<f64> {
    // Floats (an extra input is not rounded to float first: -2.264 itself would be
    // measured against the reference at the double -2.264, 8 ulp from lgammaf(-2.264f)).
    vec![
        1.448_873_162_269_592_3,
        4.0,
        3.999_999_761_581_421,
        2.5,
        -2.263_999_938_964_843_8,
    ]
}

/// The largest errors of the float-code `tgammaf` (session 13's sweeps, 2^18 inputs: the
/// reflection below -1/2 with the fit of 1/Gamma, which rounds five times), and the joins
/// of its forms (4, -1/2, 1/2).
fn worst_tgammaf(_: Prec) -> Vec<f64> {
    vec![
        -2.673_657_655_715_942_4,
        -2.713_036_537_170_41,
        4.0,
        3.999_999_761_581_421,
        -0.5,
        0.5,
        -4.000_000_476_837_158,
    ]
}

/// The largest errors of the float-code `cyl_bessel_i0f` and `cyl_bessel_i1f`
/// (session 12, 2^18 inputs), and the join of their two forms at 8.
fn worst_i0f(_: Prec) -> Vec<f64> {
    vec![85.585_479_736_328_13, 8.0, 7.999_999_523_162_842]
}

/// See [`worst_i0f`].
fn worst_i1f(_: Prec) -> Vec<f64> {
    vec![12.565_786_361_694_336, 8.0, 7.999_999_523_162_842]
}

fn erf_ref(x: f64) -> Dd {
    if x.is_nan() {
        Dd::new(f64::NAN)
    } else if x.is_infinite() {
        Dd::new(x.signum())
    } else {
        dd::erf(x)
    }
}

fn erfc_ref(x: f64) -> Dd {
    if x.is_nan() {
        Dd::new(f64::NAN)
    } else if x.is_infinite() {
        Dd::new(if x > 0.0 { 0.0 } else { 2.0 })
    } else {
        sp::erfc_dd(Dd::new(x))
    }
}

/// `powi`'s exponent in the kernels: `y` clamped to [-2000, 2000], truncated (NaN gives
/// -2000 through fmax, as in C).
fn powi_n(y: f64) -> f64 {
    if y.is_nan() {
        -2000.0
    } else {
        y.clamp(-2000.0, 2000.0).trunc()
    }
}

fn powi_ref(x: f64, y: f64) -> Dd {
    let n = powi_n(y);
    if n == 0.0 {
        // C99: pow(x, 0) = 1 for every x, NaN included.
        return Dd::new(1.0);
    }
    if !x.is_finite() || x == 0.0 || n == 0.0 || x.abs() == 1.0 || (n * x.abs().ln()).abs() > 800.0
    {
        return Dd::new(x.powf(n));
    }
    let v = dd::pow_pos(x.abs(), n);
    if x < 0.0 && (n % 2.0).abs() == 1.0 {
        v.neg()
    } else {
        v
    }
}

/// lgamma outside CUDA's interval of larger error (-23.0001, -2.2637) for double,
/// (-10.0001, -2.264) for float; 0 inside, in the kernel and the reference alike.
fn lgamma_outside(x: f64) -> Dd {
    if x > -23.0001 && x < -2.2637 {
        Dd::new(0.0)
    } else {
        dd_gamma::lgamma(x)
    }
}

fn lgammaf_outside(x: f64) -> f64 {
    if x > -10.0001 && x < -2.264 {
        0.0
    } else {
        dd_gamma::lgamma(x).to_f64()
    }
}

/// A directed rounding mode.
#[derive(Clone, Copy, PartialEq)]
enum Dir {
    Zero,
    Up,
    Down,
}

fn f32_next_up(f: f32) -> f32 {
    if f.is_nan() || f == f32::INFINITY {
        f
    } else if f == 0.0 {
        f32::from_bits(1)
    } else if f > 0.0 {
        f32::from_bits(f.to_bits() + 1)
    } else {
        f32::from_bits(f.to_bits() - 1)
    }
}

/// `hi + lo` (its exact value, or `lo` carrying the sign of the rest) rounded to float in
/// direction `d`: the nearest float, moved one step where it lies on the wrong side.
fn to_f32_dir(hi: f64, lo: f64, d: Dir) -> f64 {
    let f = hi as f32;
    if !hi.is_finite() || f.is_nan() {
        return f as f64;
    }
    // The sign of f - (hi + lo): f - hi is exact (Sterbenz), then lo.
    let diff = (f as f64 - hi) - lo;
    let v_pos = hi > 0.0 || (hi == 0.0 && lo > 0.0);
    let r = match d {
        Dir::Zero if diff != 0.0 && (diff > 0.0) == v_pos => {
            if v_pos {
                -f32_next_up(-f)
            } else {
                f32_next_up(f)
            }
        }
        Dir::Up if diff < 0.0 => f32_next_up(f),
        Dir::Down if diff > 0.0 => -f32_next_up(-f),
        _ => f,
    };
    r as f64
}

fn fmaf_dir(a: f64, b: f64, c: f64, d: Dir) -> f64 {
    let p = a * b; // exact: two 24-bit significands
    if !p.is_finite() || !c.is_finite() {
        return (p + c) as f32 as f64;
    }
    if p + c == 0.0 && (p != 0.0 || c != 0.0 || p.is_sign_negative() != c.is_sign_negative()) {
        // An exact zero of operands of different signs: -0 rounding down, +0 otherwise.
        return if d == Dir::Down { -0.0 } else { 0.0 };
    }
    let (s, e) = two_sum(p, c);
    to_f32_dir(s, e, d)
}

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

fn fsqrt_dir(x: f64, d: Dir) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x.is_infinite() {
        return x;
    }
    let r = x.sqrt();
    // x - r^2 exactly (fma), over 2r: the sign of sqrt(x) - r.
    let lo = (-r).mul_add(r, x) / (2.0 * r);
    to_f32_dir(r, lo, d)
}

fn dsqrt_dir(x: f64, d: Dir) -> Dd {
    if x.is_nan() || x < 0.0 || x == 0.0 || x.is_infinite() {
        return Dd::new(x.sqrt());
    }
    let r = x.sqrt();
    let e = (-r).mul_add(r, x);
    let step = |up: bool| {
        if up {
            f64::from_bits(r.to_bits() + 1)
        } else {
            f64::from_bits(r.to_bits() - 1)
        }
    };
    Dd::new(match d {
        Dir::Zero | Dir::Down if e < 0.0 => step(false),
        Dir::Up if e > 0.0 => step(true),
        _ => r,
    })
}

/// `x * y + x` rounded to double in direction `d`, exactly: the three terms as one big
/// integer in units of 2^-2200 (every finite product and sum of doubles is such an
/// integer, below 2^4400), then truncated to 53 bits (or to the subnormal grid 2^-1074)
/// and moved one step away from zero where the direction asks and bits were dropped.
fn fma_dir(x: f64, y: f64, d: Dir) -> Dd {
    if !x.is_finite() || !y.is_finite() {
        return Dd::new(x.mul_add(y, x));
    }
    const OFF: i64 = 2200;
    const LIMBS: usize = 72;
    // A finite double as (negative, integer significand, exponent).
    let parts = |v: f64| {
        let b = v.to_bits();
        let e = ((b >> 52) & 0x7ff) as i64;
        let f = b & ((1u64 << 52) - 1);
        let (m, e) = if e == 0 {
            (f, -1074)
        } else {
            (f | (1 << 52), e - 1075)
        };
        (v.is_sign_negative(), m as u128, e)
    };
    // Add m * 2^(e + OFF) (m < 2^106) to the little-endian magnitude n.
    let add = |n: &mut [u64; LIMBS], m: u128, e: i64| {
        let sh = (e + OFF) as usize;
        for (half, v) in [(0, m as u64), (64, (m >> 64) as u64)] {
            let (w, b) = ((sh + half) / 64, (sh + half) % 64);
            let words = [v << b, if b == 0 { 0 } else { v >> (64 - b) }];
            let mut carry = 0u128;
            let mut k = w;
            for v in words {
                let t = n[k] as u128 + v as u128 + carry;
                n[k] = t as u64;
                carry = t >> 64;
                k += 1;
            }
            while carry != 0 {
                let t = n[k] as u128 + carry;
                n[k] = t as u64;
                carry = t >> 64;
                k += 1;
            }
        }
    };
    let sub = |n: &mut [u64; LIMBS], r: &[u64; LIMBS]| {
        let mut borrow = false;
        for k in 0..LIMBS {
            let (t, b1) = n[k].overflowing_sub(r[k]);
            let (t, b2) = t.overflowing_sub(borrow as u64);
            n[k] = t;
            borrow = b1 || b2;
        }
    };
    let (sx, mx, ex) = parts(x);
    let (sy, my, ey) = parts(y);
    let (sp, mp, ep) = (sx != sy, mx * my, ex + ey);
    let (mut a, mut b) = ([0u64; LIMBS], [0u64; LIMBS]);
    add(&mut a, mp, ep);
    add(&mut b, mx, ex);
    // |a| - |b| or |a| + |b| with the sign of the larger.
    let neg = if sp == sx {
        let mut carry = 0u128;
        for k in 0..LIMBS {
            let t = a[k] as u128 + b[k] as u128 + carry;
            a[k] = t as u64;
            carry = t >> 64;
        }
        sp
    } else if a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Less {
        sub(&mut b, &a);
        a = b;
        sx
    } else {
        sub(&mut a, &b);
        sp
    };
    let top = (0..LIMBS).rev().find(|&k| a[k] != 0);
    let Some(top) = top else {
        // An exact zero: the sign of two like-signed zeros, else +0 (-0 rounding down).
        let both_zero = x == 0.0;
        let s = if both_zero && sp == sx {
            sx
        } else {
            d == Dir::Down
        };
        return Dd::new(if s { -0.0 } else { 0.0 });
    };
    let h = top as i64 * 64 + 63 - a[top].leading_zeros() as i64;
    let away = match d {
        Dir::Zero => false,
        Dir::Up => !neg,
        Dir::Down => neg,
    };
    if h - OFF >= 1024 {
        let v = if away { f64::INFINITY } else { f64::MAX };
        return Dd::new(if neg { -v } else { v });
    }
    let lsb = (h - 52).max(OFF - 1074);
    let bit = |i: i64| (a[(i / 64) as usize] >> (i % 64)) & 1;
    let q = (lsb..=h).rev().fold(0u64, |q, i| (q << 1) | bit(i));
    let dropped = (0..lsb).any(|i| bit(i) != 0);
    let q = q + (dropped && away) as u64;
    // q * 2^(lsb - OFF): exact in two steps (q < 2^54, the result a double or inf).
    let k = lsb - OFF;
    let v = (q as f64) * 2f64.powi(k.max(-1000) as i32) * 2f64.powi((k - k.max(-1000)) as i32);
    Dd::new(if neg { -v } else { v })
}

/// The norm of (x, y, x, y, x) for floats: `3x² + 2y²` is exact in `f64` but for one
/// rounding (2^-53), far below a float ulp; an infinite element wins over NaN.
fn norm5(x: f64, y: f64) -> f64 {
    if x.is_infinite() || y.is_infinite() {
        f64::INFINITY
    } else {
        (3.0 * x * x + 2.0 * y * y).sqrt()
    }
}

pub fn special_functions() -> Vec<MathFn> {
    use Prec::{F32, F64};
    use Reference::{D1, D2, F1, F2};
    vec![
        worst(
            row(
                "erf",
                "erf(x)",
                F64,
                D1(erf_ref),
                2.0,
                &[(-6.0, 6.0), (-0.6, 0.6), (0.45, 0.55), (0.25, 1.0)],
            ),
            worst_erf,
        ),
        erfc_worst(row(
            "erfc",
            "erfc(x)",
            F64,
            D1(erfc_ref),
            5.0,
            &[(-6.0, 28.0), (0.45, 0.55), (25.0, 27.5)],
        )),
        erfc_worst(row(
            "erfcx",
            "erfcx(x)",
            F64,
            D1(sp::erfcx),
            4.0,
            &[(-27.0, 30.0), (-1.0, 5.0), (1e3, 1e9)],
        )),
        erfc_worst(row(
            "normcdf",
            "normcdf(x)",
            F64,
            D1(sp::normcdf),
            5.0,
            &[(-39.0, 9.0), (-1.5, 1.5)],
        )),
        erfinv_worst(row(
            "erfinv",
            "erfinv(x)",
            F64,
            D1(sp::erfinv),
            5.0,
            &[(-1.0, 1.0), (0.99, 1.0), (0.45, 0.55)],
        )),
        erfinv_worst(row(
            "erfcinv",
            "erfcinv(x)",
            F64,
            D1(sp::erfcinv),
            6.0,
            &[(0.0, 2.0), (0.0, 1e-3), (1.999, 2.0), (0.45, 0.55)],
        )),
        erfinv_worst(row(
            "normcdfinv",
            "normcdfinv(x)",
            F64,
            D1(sp::normcdfinv),
            8.0,
            &[(0.0, 1.0), (0.0, 1e-3), (0.999, 1.0)],
        )),
        row(
            "erfcxf",
            "erfcxf(x)",
            F32,
            F1(|x| sp::erfcx(x).to_f64()),
            4.0,
            &[(-10.0, 30.0), (-1.0, 5.0)],
        ),
        worst(
            row(
                "erfinvf",
                "erfinvf(x)",
                F32,
                F1(|x| sp::erfinv(x).to_f64()),
                2.0,
                &[(-1.0, 1.0), (0.99, 1.0), (0.995, 0.9965)],
            ),
            worst_erfinvf,
        ),
        worst(
            row(
                "erfcinvf",
                "erfcinvf(x)",
                F32,
                F1(|x| sp::erfcinv(x).to_f64()),
                4.0,
                &[
                    (0.0, 2.0),
                    (0.0, 1e-3),
                    (1.999, 2.0),
                    (1e-8, 2e-7),
                    (0.0, 1e-37),
                ],
            ),
            worst_erfcinvf,
        ),
        worst(
            row(
                "normcdfinvf",
                "normcdfinvf(x)",
                F32,
                F1(|x| sp::normcdfinv(x).to_f64()),
                5.0,
                &[(0.0, 1.0), (0.0, 1e-3), (0.0, 1e-37)],
            ),
            worst_normcdfinvf,
        ),
        row(
            "lgamma",
            "(x > -23.0001 && x < -2.2637) ? 0.0 : lgamma(x)",
            F64,
            D1(lgamma_outside),
            4.0,
            &[
                (0.0, 3.0),
                (0.9, 1.1),
                (1.9, 2.1),
                (-2.2637, 0.0),
                (-60.0, -23.0),
                (2.5, 200.0),
                (0.0, 1e-5),
                (2.5e305, 2.57e305),
            ],
        ),
        row(
            "tgamma",
            "tgamma(x)",
            F64,
            D1(dd_gamma::tgamma),
            10.0,
            &[(-190.0, 172.0), (0.0, 5.0), (-5.0, 0.0), (-185.0, -170.0)],
        ),
        worst(
            row(
                "lgammaf",
                "(x > -10.0001f && x < -2.264f) ? 0.0f : lgammaf(x)",
                F32,
                F1(lgammaf_outside),
                6.0,
                &[
                    (0.0, 3.0),
                    (0.9, 1.1),
                    (1.9, 2.1),
                    (-2.264, 0.0),
                    (-60.0, -10.0),
                    (2.5, 200.0),
                    (3.5, 4.5),
                    (-0.6, 0.6),
                    (1e35, 5e36),
                ],
            ),
            worst_lgammaf,
        ),
        worst(
            row(
                "tgammaf",
                "tgammaf(x)",
                F32,
                F1(|x| dd_gamma::tgamma(x).to_f64()),
                5.0,
                &[
                    (-45.0, 36.0),
                    (0.0, 5.0),
                    (-5.0, 0.0),
                    (3.5, 4.5),
                    (-0.6, 0.6),
                    (-4.5, -3.5),
                    (-46.0, -33.0),
                    (34.0, 35.1),
                    (0.0, 1e-37),
                ],
            ),
            worst_tgammaf,
        ),
        row(
            "cyl_bessel_i0",
            "cyl_bessel_i0(x)",
            F64,
            D1(|x| bessel_i(0, x)),
            6.0,
            &[(-20.0, 20.0), (7.0, 17.0), (-714.0, 714.0), (700.0, 714.0)],
        ),
        row(
            "cyl_bessel_i1",
            "cyl_bessel_i1(x)",
            F64,
            D1(|x| bessel_i(1, x)),
            6.0,
            &[(-20.0, 20.0), (7.0, 17.0), (-714.0, 714.0), (700.0, 714.0)],
        ),
        worst(
            row(
                "cyl_bessel_i0f",
                "cyl_bessel_i0f(x)",
                F32,
                F1(|x| bessel_i(0, x).to_f64()),
                6.0,
                &[(-20.0, 20.0), (-95.0, 95.0), (7.5, 8.5), (85.0, 92.0)],
            ),
            worst_i0f,
        ),
        worst(
            row(
                "cyl_bessel_i1f",
                "cyl_bessel_i1f(x)",
                F32,
                F1(|x| bessel_i(1, x).to_f64()),
                6.0,
                &[(-20.0, 20.0), (-95.0, 95.0), (7.5, 8.5), (85.0, 92.0)],
            ),
            worst_i1f,
        ),
        // Directed roundings: exact (0 ulp), against a float rounding decided from the
        // exact residual.
        row(
            "__fsqrt_rz",
            "__fsqrt_rz(x)",
            F32,
            F1(|x| fsqrt_dir(x, Dir::Zero)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-38)],
        ),
        row(
            "__fsqrt_ru",
            "__fsqrt_ru(x)",
            F32,
            F1(|x| fsqrt_dir(x, Dir::Up)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-38)],
        ),
        row(
            "__fsqrt_rd",
            "__fsqrt_rd(x)",
            F32,
            F1(|x| fsqrt_dir(x, Dir::Down)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-38)],
        ),
        row(
            "__dsqrt_rz",
            "__dsqrt_rz(x)",
            F64,
            D1(|x| dsqrt_dir(x, Dir::Zero)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-300)],
        ),
        row(
            "__dsqrt_ru",
            "__dsqrt_ru(x)",
            F64,
            D1(|x| dsqrt_dir(x, Dir::Up)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-300)],
        ),
        row(
            "__dsqrt_rd",
            "__dsqrt_rd(x)",
            F64,
            D1(|x| dsqrt_dir(x, Dir::Down)),
            0.0,
            &[(0.0, 4.0), (0.0, 1e-300)],
        ),
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-20, 1e-20)],
            ..row(
                "__fmaf_rz",
                "__fmaf_rz(x, y, x)",
                F32,
                F2(|x, y| fmaf_dir(x, y, x, Dir::Zero)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-20, 1e-20)],
            ..row(
                "__fmaf_ru",
                "__fmaf_ru(x, y, x)",
                F32,
                F2(|x, y| fmaf_dir(x, y, x, Dir::Up)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-20, 1e-20)],
            ..row(
                "__fmaf_rd",
                "__fmaf_rd(x, y, x)",
                F32,
                F2(|x, y| fmaf_dir(x, y, x, Dir::Down)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-40, 1e-40), (-1.0, 1.0)],
            ..row(
                "__fma_rz",
                "__fma_rz(x, y, x)",
                F64,
                D2(|x, y| fma_dir(x, y, Dir::Zero)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0), (-1e-300, 1e-300)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-40, 1e-40), (-1.0, 1.0)],
            ..row(
                "__fma_ru",
                "__fma_ru(x, y, x)",
                F64,
                D2(|x, y| fma_dir(x, y, Dir::Up)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0), (-1e-300, 1e-300)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0), (-1e-40, 1e-40), (-1.0, 1.0)],
            ..row(
                "__fma_rd",
                "__fma_rd(x, y, x)",
                F64,
                D2(|x, y| fma_dir(x, y, Dir::Down)),
                0.0,
                &[(-4.0, 4.0), (-1.0, 1.0), (-1e-300, 1e-300)],
            )
        },
        // normf/rnormf of five elements (x, y, x, y, x): the kernel builds the array in
        // a lambda. CUDA's table gives normf no bound ("a fast algorithm is used"); the
        // row holds it to norm4df's 3 ulp, and rnormf to rnorm4df's 2.
        MathFn {
            hard_y: &[(-4.0, 4.0)],
            ..row(
                "normf",
                "[&] { float v[5] = {x, y, x, y, x}; return normf(5, v); }()",
                F32,
                F2(norm5),
                3.0,
                &[(-4.0, 4.0)],
            )
        },
        MathFn {
            hard_y: &[(-4.0, 4.0)],
            ..row(
                "rnormf",
                "[&] { float v[5] = {x, y, x, y, x}; return rnormf(5, v); }()",
                F32,
                F2(|x, y| 1.0 / norm5(x, y)),
                2.0,
                &[(-4.0, 4.0)],
            )
        },
        MathFn {
            hard_y: &[(-30.0, 30.0), (-1000.0, 1000.0)],
            ..row(
                "powi",
                "pow(x, (int)fmin(fmax(y, -2000.0), 2000.0))",
                F64,
                D2(powi_ref),
                2.0,
                &[(0.0, 4.0), (-1.1, 1.1)],
            )
        },
        MathFn {
            hard_y: &[(-30.0, 30.0), (-200.0, 200.0)],
            ..row(
                "powif",
                "pow(x, (int)fminf(fmaxf(y, -2000.0f), 2000.0f))",
                F32,
                F2(|x, y| x.powf(powi_n(y))),
                4.0,
                &[(0.0, 4.0), (-1.1, 1.1)],
            )
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The directed results bracket the CPU's round-to-nearest `fma`, one ulp apart
    /// when inexact, and equal it when exact.
    #[test]
    fn fma_dir_brackets_the_nearest() {
        let mut s = 0x9e3779b97f4a7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            f64::from_bits(s)
        };
        let mut cases = vec![
            (1.0, 2f64.powi(-60)),
            (1.0, -2f64.powi(-60)),
            (-3.0, 1.0 / 3.0),
            (1e300, 1e300),
            (5e-324, 0.5),
        ];
        for _ in 0..20000 {
            let (x, y) = (next(), next());
            if x.is_finite() && y.is_finite() {
                cases.push((x, y));
                cases.push((x, 1.0 + y.fract() * 1e-10));
            }
        }
        for (x, y) in cases {
            let rn = x.mul_add(y, x);
            let (dn, up, rz) = (
                fma_dir(x, y, Dir::Down).hi,
                fma_dir(x, y, Dir::Up).hi,
                fma_dir(x, y, Dir::Zero).hi,
            );
            assert!(dn <= rn && rn <= up, "{x:e} {y:e}: {dn:e} {rn:e} {up:e}");
            assert!(rz == dn || rz == up);
            assert!(rz.abs() <= rn.abs() || rz == rn);
            if dn != up {
                let nd = if dn == f64::NEG_INFINITY {
                    -f64::MAX
                } else {
                    f64::from_bits(if dn >= 0.0 {
                        dn.to_bits() + 1
                    } else {
                        dn.to_bits() - 1
                    })
                };
                assert!(
                    nd == up
                        || (dn == 0.0 && up == 5e-324)
                        || (dn == -5e-324 && up == 0.0)
                        || up.is_infinite(),
                    "{x:e} {y:e}: {dn:e} {up:e}"
                );
            }
        }
    }
}
