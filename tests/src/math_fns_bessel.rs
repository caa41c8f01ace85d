//! The accuracy harness's rows for the Bessel functions of the first and second kind
//! (`j0 j1 jn y0 y1 yn` and their float forms; `docs/math-special.md`), against the
//! double-double references of `dd_bessel_j`.
//!
//! CUDA's bounds (CUDA C++ Programming Guide, tables of the mathematical functions): for
//! double, `j0 j1 y0 y1` "7 for |x| < 8, otherwise, the maximum absolute error is
//! 5 x 10^-12", `jn` "For n = 128, the maximum absolute error is 5 x 10^-12", `yn` "For
//! |x| > 1.5n, the maximum absolute error is 5 x 10^-12"; for float, `j0f j1f y0f y1f`
//! "9 for |x| < 8, otherwise, the maximum absolute error is 2.2 x 10^-6", `jnf` "For n =
//! 128, the maximum absolute error is 2.2 x 10^-6", `ynf` "ceil(2 + 2.5n) for |x| < n,
//! otherwise, the maximum absolute error is 2.2 x 10^-6". `jn` is measured at n = 2, 5 and
//! 128 with the absolute bound everywhere; `yn` below 1.5n has no bound (its ulp error is
//! reported, with an infinite bound).

use crate::dd_bessel_j::{bessel_j, bessel_jn, bessel_y, bessel_yn};
use crate::math_harness::{no_extra, no_pairs, AbsBound, MathFn, Prec, Reference};

const INF: f64 = f64::INFINITY;

fn row(
    name: &'static str,
    expr: &'static str,
    prec: Prec,
    reference: Reference,
    bound: f64,
    abs: AbsBound,
    hard: &'static [(f64, f64)],
) -> MathFn {
    MathFn {
        name,
        expr,
        prec,
        reference,
        bound,
        max_abs: INF,
        hard,
        hard_y: &[],
        extra: no_extra,
        extra_pairs: no_pairs,
        abs: Some(abs),
    }
}

const D_ABS: AbsBound = AbsBound {
    from: 8.0,
    bound: 5e-12,
};
const F_ABS: AbsBound = AbsBound {
    from: 8.0,
    bound: 2.2e-6,
};
/// The largest errors of the float-code `j0f j1f y0f y1f` (session 13's sweeps, 2^18
/// inputs, ulps below 8 and absolute beyond), the joins of their forms (0.75, 8) and, for
/// `y1f`, the smallest subnormal (its 2/(pi x) overflows; the first draft gave NaN).
fn worst_bessel_f(_: Prec) -> Vec<f64> {
    vec![
        2.294_008_016_586_303_7,
        9.644_062_042_236_328,
        3.823_049_783_706_665,
        8.332_829_475_402_832,
        0.671_666_681_766_51,
        8.255_986_213_684_082,
        0.042_488_571_256_399_155,
        10.295_118_331_909_18,
        2.499_476_194_381_714,
        0.75,
        0.749_999_940_395_355_2,
        8.0,
        7.999_999_523_162_842,
        1.401_298_464_324_817e-45,
    ]
}

/// The largest errors of the float-code `ynf` (session 13's sweeps, 2^18 inputs) and a
/// subnormal x (its 1/x by `rcp.approx` gave NaN in the first draft).
fn worst_ynf(_: Prec) -> Vec<f64> {
    vec![
        0.598_453_164_100_647,
        8.575_798_988_342_285,
        0.232_695_266_604_423_52,
        12.154_669_761_657_715,
        2.027_046_892_270_599_8e-39,
        5.421_010_862_427_522e-20,
    ]
}

const fn everywhere(bound: f64) -> AbsBound {
    AbsBound { from: 0.0, bound }
}

/// Near the zeros of J0 J1 Y0 Y1 below 8, the whole range below 8, and far out.
const HARD_J: &[(f64, f64)] = &[
    (-8.0, 8.0),
    (2.3, 2.5),
    (3.7, 4.0),
    (5.4, 5.6),
    (6.9, 7.2),
    (0.8, 1.0),
    (0.0, 0.8),
    (8.0, 100.0),
    (1e5, 1e7),
];

pub fn bessel_functions() -> Vec<MathFn> {
    use Prec::{F32, F64};
    use Reference::{D1, F1};
    vec![
        row(
            "j0",
            "j0(x)",
            F64,
            D1(|x| bessel_j(0, x)),
            7.0,
            D_ABS,
            HARD_J,
        ),
        row(
            "j1",
            "j1(x)",
            F64,
            D1(|x| bessel_j(1, x)),
            7.0,
            D_ABS,
            HARD_J,
        ),
        row(
            "y0",
            "y0(x)",
            F64,
            D1(|x| bessel_y(0, x)),
            7.0,
            D_ABS,
            HARD_J,
        ),
        row(
            "y1",
            "y1(x)",
            F64,
            D1(|x| bessel_y(1, x)),
            7.0,
            D_ABS,
            HARD_J,
        ),
        row(
            "jn_2",
            "jn(2, x)",
            F64,
            D1(|x| bessel_jn(2, x)),
            INF,
            everywhere(5e-12),
            &[(-10.0, 10.0), (0.0, 2.0), (10.0, 1e3)],
        ),
        row(
            "jn_5",
            "jn(5, x)",
            F64,
            D1(|x| bessel_jn(5, x)),
            INF,
            everywhere(5e-12),
            &[(-10.0, 10.0), (0.0, 5.0), (10.0, 1e3)],
        ),
        row(
            "jn_128",
            "jn(128, x)",
            F64,
            D1(|x| bessel_jn(128, x)),
            INF,
            everywhere(5e-12),
            &[(0.0, 128.0), (100.0, 200.0), (-300.0, 300.0)],
        ),
        row(
            "yn_2",
            "yn(2, x)",
            F64,
            D1(|x| bessel_yn(2, x)),
            INF,
            AbsBound {
                from: 3.0,
                bound: 5e-12,
            },
            &[(0.0, 3.0), (3.0, 20.0), (20.0, 1e3)],
        ),
        row(
            "yn_128",
            "yn(128, x)",
            F64,
            D1(|x| bessel_yn(128, x)),
            INF,
            AbsBound {
                from: 192.0,
                bound: 5e-12,
            },
            &[(100.0, 192.0), (192.0, 400.0), (400.0, 1e4)],
        ),
        MathFn {
            extra: worst_bessel_f,
            ..row(
                "j0f",
                "j0f(x)",
                F32,
                F1(|x| bessel_j(0, x).to_f64()),
                9.0,
                F_ABS,
                HARD_J,
            )
        },
        MathFn {
            extra: worst_bessel_f,
            ..row(
                "j1f",
                "j1f(x)",
                F32,
                F1(|x| bessel_j(1, x).to_f64()),
                9.0,
                F_ABS,
                HARD_J,
            )
        },
        MathFn {
            extra: worst_bessel_f,
            ..row(
                "y0f",
                "y0f(x)",
                F32,
                F1(|x| bessel_y(0, x).to_f64()),
                9.0,
                F_ABS,
                HARD_J,
            )
        },
        MathFn {
            extra: worst_bessel_f,
            ..row(
                "y1f",
                "y1f(x)",
                F32,
                F1(|x| bessel_y(1, x).to_f64()),
                9.0,
                F_ABS,
                HARD_J,
            )
        },
        row(
            "jnf_2",
            "jnf(2, x)",
            F32,
            F1(|x| bessel_jn(2, x).to_f64()),
            INF,
            everywhere(2.2e-6),
            &[(-10.0, 10.0), (0.0, 2.0), (10.0, 1e3)],
        ),
        row(
            "jnf_128",
            "jnf(128, x)",
            F32,
            F1(|x| bessel_jn(128, x).to_f64()),
            INF,
            everywhere(2.2e-6),
            &[(0.0, 128.0), (100.0, 200.0), (-300.0, 300.0)],
        ),
        // ceil(2 + 2.5n) ulp below n: 7 for n = 2, 27 for n = 10.
        MathFn {
            extra: worst_ynf,
            ..row(
                "ynf_2",
                "ynf(2, x)",
                F32,
                F1(|x| bessel_yn(2, x).to_f64()),
                7.0,
                AbsBound {
                    from: 2.0,
                    bound: 2.2e-6,
                },
                &[(0.0, 2.0), (2.0, 20.0), (20.0, 1e3)],
            )
        },
        MathFn {
            extra: worst_ynf,
            ..row(
                "ynf_10",
                "ynf(10, x)",
                F32,
                F1(|x| bessel_yn(10, x).to_f64()),
                27.0,
                AbsBound {
                    from: 10.0,
                    bound: 2.2e-6,
                },
                &[(0.0, 10.0), (10.0, 40.0), (40.0, 1e3)],
            )
        },
        // The float overload of the C name (`j0(float)`, as CUDA declares it).
        row(
            "j0_float",
            "j0(x)",
            F32,
            F1(|x| bessel_j(0, x).to_f64()),
            9.0,
            F_ABS,
            HARD_J,
        ),
    ]
}
