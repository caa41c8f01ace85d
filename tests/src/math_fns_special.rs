//! The harness rows of the special functions (`docs/math.md`): the error-function family
//! (`erf erfc erfcx normcdf erfinv erfcinv normcdfinv`, double and float) and `powi`,
//! `powif` (as `pow(double, int)`, `pow(float, int)`: nvcc does not declare `powi`), with their references (`dd_ref`, `dd_special`) and CUDA's bounds.

use crate::dd_bessel::bessel_i;
use crate::dd_gamma;
use crate::dd_ref::{self as dd, Dd};
use crate::dd_special as sp;
use crate::math_harness::{MathFn, Prec, Reference};

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
    }
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
    y.max(-2000.0).min(2000.0).trunc()
}

fn powi_ref(x: f64, y: f64) -> Dd {
    let n = powi_n(y);
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

pub fn special_functions() -> Vec<MathFn> {
    use Prec::{F32, F64};
    use Reference::{D1, D2, F1, F2};
    vec![
        row(
            "erf",
            "erf(x)",
            F64,
            D1(erf_ref),
            2.0,
            &[(-6.0, 6.0), (-0.6, 0.6), (0.45, 0.55)],
        ),
        row(
            "erfc",
            "erfc(x)",
            F64,
            D1(erfc_ref),
            5.0,
            &[(-6.0, 28.0), (0.45, 0.55), (25.0, 27.5)],
        ),
        row(
            "erfcx",
            "erfcx(x)",
            F64,
            D1(sp::erfcx),
            4.0,
            &[(-27.0, 30.0), (-1.0, 5.0), (1e3, 1e9)],
        ),
        row(
            "normcdf",
            "normcdf(x)",
            F64,
            D1(sp::normcdf),
            5.0,
            &[(-39.0, 9.0), (-1.5, 1.5)],
        ),
        row(
            "erfinv",
            "erfinv(x)",
            F64,
            D1(sp::erfinv),
            5.0,
            &[(-1.0, 1.0), (0.99, 1.0), (0.45, 0.55)],
        ),
        row(
            "erfcinv",
            "erfcinv(x)",
            F64,
            D1(sp::erfcinv),
            6.0,
            &[(0.0, 2.0), (0.0, 1e-3), (1.999, 2.0), (0.45, 0.55)],
        ),
        row(
            "normcdfinv",
            "normcdfinv(x)",
            F64,
            D1(sp::normcdfinv),
            8.0,
            &[(0.0, 1.0), (0.0, 1e-3), (0.999, 1.0)],
        ),
        row(
            "erfcxf",
            "erfcxf(x)",
            F32,
            F1(|x| sp::erfcx(x).to_f64()),
            4.0,
            &[(-10.0, 30.0), (-1.0, 5.0)],
        ),
        row(
            "erfinvf",
            "erfinvf(x)",
            F32,
            F1(|x| sp::erfinv(x).to_f64()),
            2.0,
            &[(-1.0, 1.0), (0.99, 1.0)],
        ),
        row(
            "erfcinvf",
            "erfcinvf(x)",
            F32,
            F1(|x| sp::erfcinv(x).to_f64()),
            4.0,
            &[(0.0, 2.0), (0.0, 1e-3), (1.999, 2.0)],
        ),
        row(
            "normcdfinvf",
            "normcdfinvf(x)",
            F32,
            F1(|x| sp::normcdfinv(x).to_f64()),
            5.0,
            &[(0.0, 1.0), (0.0, 1e-3)],
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
            ],
        ),
        row(
            "tgammaf",
            "tgammaf(x)",
            F32,
            F1(|x| dd_gamma::tgamma(x).to_f64()),
            5.0,
            &[(-45.0, 36.0), (0.0, 5.0), (-5.0, 0.0)],
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
        row(
            "cyl_bessel_i0f",
            "cyl_bessel_i0f(x)",
            F32,
            F1(|x| bessel_i(0, x).to_f64()),
            6.0,
            &[(-20.0, 20.0), (-95.0, 95.0)],
        ),
        row(
            "cyl_bessel_i1f",
            "cyl_bessel_i1f(x)",
            F32,
            F1(|x| bessel_i(1, x).to_f64()),
            6.0,
            &[(-20.0, 20.0), (-95.0, 95.0)],
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
