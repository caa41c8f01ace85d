//! The functions the accuracy harness (`math_harness`) measures: each with its kernel
//! expression, its reference (Rust's `f64` for the float functions, the double-double
//! functions of `dd_ref` for the double ones, with the special values — NaN, infinities,
//! zeros, arguments outside the domain — taken from Rust's `f64`, which gets them exactly),
//! CUDA's bound, and the regions sampled densely.

use crate::dd_ref::{self as dd, Dd};
use crate::dd_trig::sin_cos_any;
use crate::math_harness::{no_extra, no_pairs, MathFn, Prec, Reference};
use crate::math_refs::{
    ln10, next_after_f32, next_after_f64, norm_ref, pow_ref, remainder, remquo_bits,
};
use crate::math_worst::{
    atan2_worst, exp_worst, gpu_worst, hyperbolic_worst, invtrig_worst, log_worst, near_pio2,
};

const PIO2: f64 = std::f64::consts::FRAC_PI_2;
const INF: f64 = f64::INFINITY;

fn float1(name: &'static str, expr: &'static str, r: fn(f64) -> f64, bound: f64) -> MathFn {
    MathFn {
        name,
        expr,
        prec: Prec::F32,
        reference: Reference::F1(r),
        bound,
        max_abs: INF,
        hard: &[(-1.0, 1.0)],
        hard_y: &[],
        extra: no_extra,
        extra_pairs: no_pairs,
        abs: None,
    }
}

fn float2(name: &'static str, expr: &'static str, r: fn(f64, f64) -> f64, bound: f64) -> MathFn {
    MathFn {
        reference: Reference::F2(r),
        hard: &[(-10.0, 10.0)],
        hard_y: &[(-10.0, 10.0)],
        ..float1(name, expr, |x| x, bound)
    }
}

fn double1(name: &'static str, expr: &'static str, r: fn(f64) -> Dd, bound: f64) -> MathFn {
    MathFn {
        prec: Prec::F64,
        reference: Reference::D1(r),
        ..float1(name, expr, |x| x, bound)
    }
}

fn double2(name: &'static str, expr: &'static str, r: fn(f64, f64) -> Dd, bound: f64) -> MathFn {
    MathFn {
        prec: Prec::F64,
        reference: Reference::D2(r),
        ..float2(name, expr, |x, _| x, bound)
    }
}

fn with(mut f: MathFn, hard: &'static [(f64, f64)]) -> MathFn {
    f.hard = hard;
    f
}

/// `x` exactly where `f64` gets the result exactly (non-finite `x`, or `special(x)`),
/// else the double-double `g(x)`.
fn or_std(x: f64, special: bool, s: fn(f64) -> f64, g: fn(f64) -> Dd) -> Dd {
    if !x.is_finite() || special {
        Dd::new(s(x))
    } else {
        g(x)
    }
}

/// The functions of the library measured so far.
pub fn functions() -> Vec<MathFn> {
    let mut v = float_functions();
    v.extend(double_functions());
    v.extend(crate::math_fns_special::special_functions());
    v.extend(crate::math_fns_bessel::bessel_functions());
    v
}

fn float_functions() -> Vec<MathFn> {
    let trig: &[(f64, f64)] = &[(-4.0 * PIO2, 4.0 * PIO2), (4090.0, 4100.0), (1.0e5, 1.1e5)];
    let log: &[(f64, f64)] = &[(0.5, 2.0), (0.99, 1.01), (0.0, 1e-37)];
    let mut v = vec![
        gpu_worst(with(
            float1("expf", "expf(x)", f64::exp, 2.0),
            &[(-104.0, -87.0), (87.0, 89.0), (-1.0, 1.0)],
        )),
        gpu_worst(with(
            float1("exp2f", "exp2f(x)", f64::exp2, 2.0),
            &[(-151.0, -125.0), (126.0, 129.0), (-1.0, 1.0)],
        )),
        gpu_worst(with(
            float1("exp10f", "exp10f(x)", |x| 10f64.powf(x), 2.0),
            &[(-45.0, -37.0), (37.0, 39.0), (-1.0, 1.0)],
        )),
        with(float1("logf", "logf(x)", f64::ln, 1.0), log),
        gpu_worst(with(float1("log2f", "log2f(x)", f64::log2, 1.0), log)),
        with(float1("log10f", "log10f(x)", f64::log10, 2.0), log),
        // The whole float range: Payne-Hanek beyond 4096.
        near_pio2(with(float1("sinf", "sinf(x)", f64::sin, 2.0), trig)),
        near_pio2(with(float1("cosf", "cosf(x)", f64::cos, 2.0), trig)),
        near_pio2(with(
            float1("tanf", "tanf(x)", f64::tan, 4.0),
            &[(-4.0 * PIO2, 4.0 * PIO2), (4090.0, 4100.0)],
        )),
        with(
            float1("tanhf", "tanhf(x)", f64::tanh, 2.0),
            &[(-0.7, 0.7), (0.55, 0.65), (8.5, 9.5)],
        ),
        // Exact functions (CUDA: 0 ulp): the intrinsic lowerings and the small units.
        with(
            float1("roundf", "roundf(x)", f64::round, 0.0),
            &[(-4.0, 4.0), (8_388_600.0, 8_388_620.0)],
        ),
        with(
            float1("ldexpf", "ldexpf(x, -140)", |x| x * 2f64.powi(-140), 0.5),
            &[(-1.0, 1.0), (1e10, 1e20)],
        ),
        with(
            float1("frexpf", "ldexpf(frexpf(x, &e), e)", |x| x, 0.0),
            &[(-1.0, 1.0), (0.0, 1e-38)],
        ),
        with(
            float1(
                "fdimf",
                "fdimf(x, 1.0f)",
                |x| {
                    if x > 1.0 {
                        x - 1.0
                    } else if x <= 1.0 {
                        0.0
                    } else {
                        x
                    }
                },
                0.5,
            ),
            &[(0.0, 2.0)],
        ),
        with(
            float1(
                "__saturatef",
                "__saturatef(x)",
                |x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) },
                0.0,
            ),
            &[(-0.5, 1.5)],
        ),
        // Evaluated in double and rounded once.
        gpu_worst(with(
            float1("expm1f", "expm1f(x)", f64::exp_m1, 1.0),
            &[(-1e-3, 1e-3), (-1.0, 1.0), (-20.0, 89.0)],
        )),
        with(
            float1("log1pf", "log1pf(x)", f64::ln_1p, 1.0),
            &[(-1e-3, 1e-3), (-1.0, 1.0), (-1.0, 100.0)],
        ),
        with(
            float1("sinhf", "sinhf(x)", f64::sinh, 3.0),
            &[(-1.0, 1.0), (-90.0, 90.0)],
        ),
        with(
            float1("coshf", "coshf(x)", f64::cosh, 2.0),
            &[(-1.0, 1.0), (-90.0, 90.0)],
        ),
        with(
            float1("asinhf", "asinhf(x)", f64::asinh, 3.0),
            &[(-1.0, 1.0), (-1e5, 1e5)],
        ),
        with(
            float1("acoshf", "acoshf(x)", f64::acosh, 4.0),
            &[(1.0, 1.01), (1.0, 1e5)],
        ),
        with(
            float1("atanhf", "atanhf(x)", f64::atanh, 3.0),
            &[(-1.0, 1.0), (0.99, 1.0)],
        ),
        with(
            float1("atanf", "atanf(x)", f64::atan, 2.0),
            &[(-2.0, 2.0), (-100.0, 100.0)],
        ),
        with(
            float1("asinf", "asinf(x)", f64::asin, 2.0),
            &[(-1.0, 1.0), (0.99, 1.0)],
        ),
        with(
            float1("acosf", "acosf(x)", f64::acos, 2.0),
            &[(-1.0, 1.0), (0.99, 1.0), (-1.0, -0.99)],
        ),
        with(
            float1("cbrtf", "cbrtf(x)", f64::cbrt, 1.0),
            &[(-10.0, 10.0), (0.0, 1e-38)],
        ),
        with(
            float1("rcbrtf", "rcbrtf(x)", |x| 1.0 / x.cbrt(), 1.0),
            &[(-10.0, 10.0), (0.0, 1e-38)],
        ),
        with(
            float1("rsqrtf", "rsqrtf(x)", |x| 1.0 / x.sqrt(), 2.0),
            &[(0.0, 10.0), (0.0, 1e-38)],
        ),
        with(
            float1(
                "logbf",
                "logbf(x)",
                |x| {
                    if x == 0.0 {
                        -INF
                    } else if x.is_finite() {
                        x.abs().log2().floor()
                    } else {
                        x.abs()
                    }
                },
                0.0,
            ),
            &[(-10.0, 10.0)],
        ),
        MathFn {
            max_abs: 1e9,
            ..with(
                float1(
                    "lrintf",
                    "isnan(x) ? x : (float)lrintf(x)",
                    |x| x.round_ties_even(),
                    0.0,
                ),
                &[(-4.0, 4.0)],
            )
        },
        MathFn {
            max_abs: 1e9,
            ..with(
                float1(
                    "lroundf",
                    "isnan(x) ? x : (float)lroundf(x)",
                    f64::round,
                    0.0,
                ),
                &[(-4.0, 4.0)],
            )
        },
        MathFn {
            hard: &[(0.0, 4.0), (0.9, 1.1), (-3.0, 3.0)],
            hard_y: &[(-30.0, 30.0), (-1000.0, 1000.0), (-20.0, 20.0)],
            ..float2("powf", "powf(x, y)", f64::powf, 4.0)
        },
        float2("atan2f", "atan2f(x, y)", f64::atan2, 3.0),
        float2("hypotf", "hypotf(x, y)", f64::hypot, 3.0),
        float2("fmodf", "fmodf(x, y)", |x, y| x % y, 0.0),
        float2("remainderf", "remainderf(x, y)", remainder, 0.0),
        float2("remquof", "remquof(x, y, &e)", remainder, 0.0),
        float2(
            "remquof_quo",
            "(remquof(x, y, &e), (float)(e < 0 ? -(-e & 7) : (e & 7)))",
            remquo_bits,
            0.0,
        ),
        float2("nextafterf", "nextafterf(x, y)", next_after_f32, 0.0),
    ];
    v.extend([
        with(
            float1("erff", "erff(x)", |x| dd::erf(x).to_f64(), 2.0),
            &[(-4.0, 4.0), (-1.0, 1.0)],
        ),
        with(
            float1("erfcf", "erfcf(x)", |x| dd::erfc(x).to_f64(), 4.0),
            &[(-4.0, 11.0), (2.5, 3.5)],
        ),
        with(
            float1(
                "normcdff",
                "normcdff(x)",
                |x| dd::erfc(-x * std::f64::consts::FRAC_1_SQRT_2).to_f64() * 0.5,
                5.0,
            ),
            &[(-15.0, 8.0)],
        ),
        with(
            float1(
                "sinpif",
                "sinpif(x)",
                |x| {
                    if x.is_finite() {
                        dd::sinpi_cospi(x).0.to_f64()
                    } else {
                        f64::NAN
                    }
                },
                1.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        with(
            float1(
                "cospif",
                "cospif(x)",
                |x| {
                    if x.is_finite() {
                        dd::sinpi_cospi(x).1.to_f64()
                    } else {
                        f64::NAN
                    }
                },
                1.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        // sincospif returns through pointers: a lambda in the kernel reads each result.
        with(
            float1(
                "sincospif_sin",
                "[&] { float s, c; sincospif(x, &s, &c); return s; }()",
                |x| {
                    if x.is_finite() {
                        dd::sinpi_cospi(x).0.to_f64()
                    } else {
                        f64::NAN
                    }
                },
                1.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        with(
            float1(
                "sincospif_cos",
                "[&] { float s, c; sincospif(x, &s, &c); return c; }()",
                |x| {
                    if x.is_finite() {
                        dd::sinpi_cospi(x).1.to_f64()
                    } else {
                        f64::NAN
                    }
                },
                1.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        float2("rhypotf", "rhypotf(x, y)", |x, y| 1.0 / x.hypot(y), 2.0),
        float2(
            "norm3df",
            "norm3df(x, y, x)",
            |x, y| norm_ref(x, y, (2.0 * x * x + y * y).sqrt()),
            3.0,
        ),
        float2(
            "rnorm3df",
            "rnorm3df(x, y, x)",
            |x, y| 1.0 / norm_ref(x, y, (2.0 * x * x + y * y).sqrt()),
            2.0,
        ),
        float2(
            "norm4df",
            "norm4df(x, y, x, y)",
            |x, y| norm_ref(x, y, (2.0 * x * x + 2.0 * y * y).sqrt()),
            3.0,
        ),
        float2(
            "rnorm4df",
            "rnorm4df(x, y, x, y)",
            |x, y| 1.0 / norm_ref(x, y, (2.0 * x * x + 2.0 * y * y).sqrt()),
            2.0,
        ),
    ]);
    // `<cmath>` overloads reach the same functions.
    v.push(MathFn {
        max_abs: 1.0e12,
        ..with(
            float1(
                "std_sin_float",
                "std::sin(x) + sin(x)",
                |x| 2.0 * x.sin(),
                2.0,
            ),
            &[(-4.0, 4.0)],
        )
    });
    v
}

fn double_functions() -> Vec<MathFn> {
    let trig: &[(f64, f64)] = &[
        (-4.0 * PIO2, 4.0 * PIO2),
        (78.5, 78.6),
        (1.0e5, 1.1e5),
        (-1.0e6, 1.0e6),
        (0.99e6, 1.7e6),
        (1.0e15, 1.0e16),
        (-1.0e300, 1.0e300),
        // 6381956970095103 2^797, the double closest to a multiple of pi/2 (Muller,
        // Elementary Functions): cos is -4.7e-19 there.
        (5.319_372_648_326_541e255, 5.319_372_648_326_541e255),
    ];
    let log: &[(f64, f64)] = &[(0.5, 2.0), (0.999, 1.001), (0.0, 1e-300), (0.0, 1e300)];
    vec![
        exp_worst(with(
            double1(
                "exp",
                "exp(x)",
                |x| or_std(x, false, f64::exp, |x| dd::exp(Dd::new(x))),
                1.0,
            ),
            &[(-745.2, -700.0), (700.0, 709.8), (-1.0, 1.0), (-20.0, 20.0)],
        )),
        with(
            double1(
                "exp2",
                "exp2(x)",
                |x| {
                    or_std(x, x.abs() > 1200.0, f64::exp2, |x| {
                        dd::exp(dd::ln2().mulf(x))
                    })
                },
                1.0,
            ),
            &[(-1075.0, -1020.0), (1020.0, 1024.0), (-1.0, 1.0)],
        ),
        with(
            double1(
                "exp10",
                "exp10(x)",
                |x| {
                    or_std(
                        x,
                        x.abs() > 400.0,
                        |x| 10f64.powf(x),
                        |x| dd::exp(ln10().mulf(x)),
                    )
                },
                1.0,
            ),
            &[(-323.7, -300.0), (300.0, 308.3), (-1.0, 1.0)],
        ),
        exp_worst(with(
            double1(
                "expm1",
                "expm1(x)",
                |x| or_std(x, !(-50.0..=709.8).contains(&x), f64::exp_m1, dd::expm1),
                1.0,
            ),
            &[
                (-1e-3, 1e-3),
                (-1.0, 1.0),
                (-40.0, 40.0),
                (700.0, 709.8),
                (0.3, 0.4),
                (-0.4, -0.3),
            ],
        )),
        log_worst(with(
            double1(
                "log",
                "log(x)",
                |x| or_std(x, x <= 0.0, f64::ln, |x| dd::ln(Dd::new(x))),
                1.0,
            ),
            log,
        )),
        log_worst(with(
            double1(
                "log2",
                "log2(x)",
                |x| {
                    or_std(x, x <= 0.0, f64::log2, |x| {
                        dd::ln(Dd::new(x)).div(dd::ln2())
                    })
                },
                1.0,
            ),
            log,
        )),
        log_worst(with(
            double1(
                "log10",
                "log10(x)",
                |x| or_std(x, x <= 0.0, f64::log10, |x| dd::ln(Dd::new(x)).div(ln10())),
                1.0,
            ),
            log,
        )),
        log_worst(with(
            double1(
                "log1p",
                "log1p(x)",
                |x| or_std(x, x <= -1.0, f64::ln_1p, dd::ln1p),
                1.0,
            ),
            &[(-1e-3, 1e-3), (-1.0, 0.0), (-1.0, 10.0)],
        )),
        // The whole double range: Payne-Hanek beyond 1e6.
        near_pio2(with(
            double1(
                "sin",
                "sin(x)",
                |x| or_std(x, false, f64::sin, |x| sin_cos_any(x).0),
                2.0,
            ),
            trig,
        )),
        near_pio2(with(
            double1(
                "cos",
                "cos(x)",
                |x| or_std(x, false, f64::cos, |x| sin_cos_any(x).1),
                2.0,
            ),
            trig,
        )),
        near_pio2(with(
            double1(
                "tan",
                "tan(x)",
                |x| {
                    or_std(x, false, f64::tan, |x| {
                        let (s, c) = sin_cos_any(x);
                        s.div(c)
                    })
                },
                2.0,
            ),
            trig,
        )),
        invtrig_worst(with(
            double1(
                "atan",
                "atan(x)",
                |x| or_std(x, x == 0.0, f64::atan, |x| dd::atan(Dd::new(x))),
                2.0,
            ),
            // 1: the reciprocal's join (session 14); 2^1022 up: rcp.approx.ftz is 0 there.
            &[
                (-2.0, 2.0),
                (-20.0, 20.0),
                (1e10, 1e20),
                (0.999, 1.001),
                (4e307, 1.7e308),
            ],
        )),
        invtrig_worst(with(
            double1(
                "asin",
                "asin(x)",
                |x| or_std(x, x.abs() > 1.0 || x == 0.0, f64::asin, dd::asin),
                2.0,
            ),
            // ±1/2: the join of the two forms (session 14).
            &[
                (-1.0, 1.0),
                (0.99, 1.0),
                (-1e-8, 1e-8),
                (0.499, 0.501),
                (-0.501, -0.499),
            ],
        )),
        invtrig_worst(with(
            double1(
                "acos",
                "acos(x)",
                |x| or_std(x, x.abs() > 1.0, f64::acos, dd::acos),
                2.0,
            ),
            &[
                (-1.0, 1.0),
                (0.99, 1.0),
                (-1.0, -0.99),
                (0.499, 0.501),
                (-0.501, -0.499),
            ],
        )),
        hyperbolic_worst(with(
            double1(
                "sinh",
                "sinh(x)",
                |x| or_std(x, x == 0.0, f64::sinh, dd::sinh),
                2.0,
            ),
            &[(-1.0, 1.0), (-30.0, 30.0), (700.0, 711.0), (-0.01, 0.01)],
        )),
        hyperbolic_worst(with(
            double1(
                "cosh",
                "cosh(x)",
                |x| or_std(x, false, f64::cosh, dd::cosh),
                1.0,
            ),
            &[(-1.0, 1.0), (-30.0, 30.0), (700.0, 711.0)],
        )),
        hyperbolic_worst(with(
            double1(
                "tanh",
                "tanh(x)",
                |x| or_std(x, x == 0.0, f64::tanh, dd::tanh),
                1.0,
            ),
            &[(-1.0, 1.0), (-30.0, 30.0), (-0.01, 0.01), (0.54, 0.56)],
        )),
        with(
            double1(
                "cbrt",
                "cbrt(x)",
                |x| or_std(x, x == 0.0, f64::cbrt, dd::cbrt),
                1.0,
            ),
            &[(-10.0, 10.0), (0.0, 1e-300)],
        ),
        with(
            double1(
                "rcbrt",
                "rcbrt(x)",
                |x| {
                    or_std(
                        x,
                        x == 0.0,
                        |x| 1.0 / x.cbrt(),
                        |x| Dd::new(1.0).div(dd::cbrt(x)),
                    )
                },
                1.0,
            ),
            &[(-10.0, 10.0), (0.0, 1e-300)],
        ),
        MathFn {
            hard: &[(0.0, 4.0), (0.9, 1.1), (-3.0, 3.0), (1e-300, 1e-200)],
            hard_y: &[
                (-300.0, 300.0),
                (-5000.0, 5000.0),
                (-20.0, 20.0),
                (-1.0, 1.0),
            ],
            ..double2("pow", "pow(x, y)", pow_ref, 2.0)
        },
        // Dense around |y| = |x| (the join of the two orders), and at the scaling
        // thresholds 1e300 and 1e-300 of the larger operand.
        atan2_worst(MathFn {
            hard: &[
                (0.9, 1.1),
                (-1.1, -0.9),
                (0.5e300, 2e300),
                (0.0, 2e-300),
                (-10.0, 10.0),
            ],
            hard_y: &[
                (0.9, 1.1),
                (0.9, 1.1),
                (-2e300, 2e300),
                (-2e-300, 2e-300),
                (-10.0, 10.0),
            ],
            ..double2(
                "atan2",
                "atan2(x, y)",
                |y, x| {
                    if !x.is_finite() || !y.is_finite() || y == 0.0 {
                        Dd::new(y.atan2(x))
                    } else {
                        dd::atan2(y, x)
                    }
                },
                2.0,
            )
        }),
        double2("hypot", "hypot(x, y)", dd::hypot, 2.0),
        // x and y below 1e300 (y clamped in the kernel and the reference alike), so that
        // the reciprocal is not subnormal, where the double-double reference is itself
        // rounded to the subnormal grid.
        MathFn {
            max_abs: 1.0e300,
            ..double2(
                "rhypot",
                "rhypot(x, fmin(fabs(y), 1e300))",
                |x, y| dd::rnorm(&[x, y.abs().min(1e300)]),
                1.0,
            )
        },
        double2(
            "norm3d",
            "norm3d(x, y, x)",
            |x, y| dd::norm(&[x, y, x]),
            2.0,
        ),
        // x and y below 1e300 (y clamped in the kernel and the reference alike), so that
        // the reciprocal is not subnormal, where the double-double reference is itself
        // rounded to the subnormal grid.
        MathFn {
            max_abs: 1.0e300,
            ..double2(
                "rnorm3d",
                "rnorm3d(x, fmin(fabs(y), 1e300), x)",
                |x, y| dd::rnorm(&[x, y.abs().min(1e300), x]),
                2.0,
            )
        },
        double2(
            "norm4d",
            "norm4d(x, y, x, y)",
            |x, y| dd::norm(&[x, y, x, y]),
            2.0,
        ),
        // x and y below 1e300 (y clamped in the kernel and the reference alike), so that
        // the reciprocal is not subnormal, where the double-double reference is itself
        // rounded to the subnormal grid.
        MathFn {
            max_abs: 1.0e300,
            ..double2(
                "rnorm4d",
                "rnorm4d(x, fmin(fabs(y), 1e300), x, fmin(fabs(y), 1e300))",
                |x, y| {
                    let y = y.abs().min(1e300);
                    dd::rnorm(&[x, y, x, y])
                },
                2.0,
            )
        },
        double2("fmod", "fmod(x, y)", |x, y| Dd::new(x % y), 0.0),
        double2(
            "remainder",
            "remainder(x, y)",
            |x, y| Dd::new(remainder(x, y)),
            0.0,
        ),
        double2(
            "remquo",
            "remquo(x, y, &e)",
            |x, y| Dd::new(remainder(x, y)),
            0.0,
        ),
        double2(
            "remquo_quo",
            "(remquo(x, y, &e), (double)(e < 0 ? -(-e & 7) : (e & 7)))",
            |x, y| Dd::new(remquo_bits(x, y)),
            0.0,
        ),
        double2("nextafter", "nextafter(x, y)", next_after_f64, 0.0),
        with(
            double1(
                "sinpi",
                "sinpi(x)",
                |x| {
                    if x.is_finite() {
                        let v = dd::sinpi_cospi(x).0;
                        if v.hi == 0.0 {
                            Dd::new(0.0f64.copysign(x))
                        } else {
                            v
                        }
                    } else {
                        Dd::new(f64::NAN)
                    }
                },
                2.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        with(
            double1(
                "cospi",
                "cospi(x)",
                |x| {
                    if x.is_finite() {
                        dd::sinpi_cospi(x).1
                    } else {
                        Dd::new(f64::NAN)
                    }
                },
                2.0,
            ),
            &[(-4.0, 4.0), (1e6, 1e7)],
        ),
        with(
            double1(
                "asinh",
                "asinh(x)",
                |x| or_std(x, x == 0.0, f64::asinh, dd::asinh),
                3.0,
            ),
            &[(-1.0, 1.0), (-1e-5, 1e-5), (-1e5, 1e5), (3e150, 4e150)],
        ),
        with(
            double1(
                "acosh",
                "acosh(x)",
                |x| or_std(x, x < 1.0, f64::acosh, dd::acosh),
                3.0,
            ),
            &[(1.0, 1.01), (1.0, 1e5), (3e150, 4e150)],
        ),
        with(
            double1(
                "atanh",
                "atanh(x)",
                |x| or_std(x, x.abs() >= 1.0 || x == 0.0, f64::atanh, dd::atanh),
                2.0,
            ),
            &[(-1.0, 1.0), (0.99, 1.0), (-1e-5, 1e-5)],
        ),
        with(
            double1(
                "rsqrt",
                "rsqrt(x)",
                |x| {
                    or_std(
                        x,
                        x <= 0.0,
                        |x| 1.0 / x.sqrt(),
                        |x| Dd::new(1.0).div(Dd::new(x).sqrt()),
                    )
                },
                1.0,
            ),
            &[(0.0, 10.0), (0.0, 1e-300)],
        ),
        // Exact manipulation and rounding functions.
        with(
            double1("frexp", "ldexp(frexp(x, &e), e)", Dd::new, 0.0),
            &[(-1.0, 1.0), (0.0, 1e-310)],
        ),
        with(
            double1(
                "ldexp",
                "ldexp(x, -1070)",
                |x| Dd::new(x * 2f64.powi(-1000) * 2f64.powi(-70)),
                0.0,
            ),
            &[(-1.0, 1.0), (1e10, 1e20)],
        ),
        with(
            double1(
                "modf",
                "modf(x, &y)",
                |x| {
                    Dd::new(if x.is_infinite() {
                        0.0f64.copysign(x)
                    } else {
                        (x - x.trunc()).copysign(x)
                    })
                },
                0.0,
            ),
            &[(-10.0, 10.0)],
        ),
        with(
            double1("round", "round(x)", |x| Dd::new(x.round()), 0.0),
            &[(-4.0, 4.0)],
        ),
        with(
            double1("rint", "rint(x)", |x| Dd::new(x.round_ties_even()), 0.0),
            &[(-4.0, 4.0)],
        ),
        with(
            double1(
                "isnan",
                "(double)isnan(x) + 2.0 * isinf(x) + 4.0 * isfinite(x) + 8.0 * signbit(x)",
                |x| {
                    Dd::new(
                        x.is_nan() as u8 as f64
                            + 2.0 * x.is_infinite() as u8 as f64
                            + 4.0 * x.is_finite() as u8 as f64
                            + 8.0 * x.is_sign_negative() as u8 as f64,
                    )
                },
                0.0,
            ),
            &[(-1.0, 1.0)],
        ),
        // `std::` and the overloads of the C++ names.
        with(
            double1(
                "std_pow_double",
                "std::pow(x, 2.0)",
                |x| {
                    or_std(
                        x,
                        x.abs() > 1e150,
                        |x| x * x,
                        |x| Dd::new(x).mul(Dd::new(x)),
                    )
                },
                2.0,
            ),
            &[(-2.0, 2.0)],
        ),
    ]
}
