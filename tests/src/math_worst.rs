//! The inputs where the accuracy harness (`math_harness`) measures a function besides its
//! random and dense samples: the largest errors found by earlier sweeps (on the GPU and in
//! the interpreter) and the joins between the pieces of a function's evaluation. Each list
//! comes with the `MathFn` adapter that adds it to a function of `math_fns`.

use crate::math_harness::{near_multiples_of_pio2, MathFn, Prec};

/// The worst inputs of the exhaustive GPU sweep (session 10, `docs/math.md`) of `expf`,
/// `exp10f`, `expm1f`, `log2f` and `exp2f`, measured for each of them.
fn gpu_worst_exp_log(_: Prec) -> Vec<f64> {
    vec![
        -0.054_173_275_828_361_51,
        -3.033_828_258_514_404_3,
        -0.287_681_460_380_554_2,
        1.402_173_876_762_390_1,
        -126.156_326_293_945_31,
    ]
}

/// `f` measured also at the GPU sweep's worst inputs of the exponentials and `log2f`.
pub(crate) fn gpu_worst(mut f: MathFn) -> MathFn {
    f.extra = gpu_worst_exp_log;
    f
}

/// The largest errors of the double `atan`, `asin`, `acos` (session 14's one-polynomial
/// forms, 2^18 inputs: 1.211, 0.609, 0.562 ulp), and the joins of their forms.
fn worst_invtrig(_: Prec) -> Vec<f64> {
    vec![
        1.000_877_259_315_474_9,
        0.500_584_658_948_597,
        0.566_899_533_005_851_7,
        0.5,
        -0.5,
        0.499_999_999_999_999_94,
        1.0,
        -1.0,
        1.000_000_000_000_000_2,
        4.494_232_837_155_79e307,
    ]
}

/// `f` measured also at `worst_invtrig`'s inputs.
pub(crate) fn invtrig_worst(mut f: MathFn) -> MathFn {
    f.extra = worst_invtrig;
    f
}

/// The largest errors of the double `sinh`, `cosh`, `tanh` (session 14's forms, 2^18
/// inputs: 0.623, 0.659, 0.658 ulp), the join at 0.55 and the overflow thresholds.
fn worst_hyperbolic(_: Prec) -> Vec<f64> {
    vec![
        -26.699_152_260_253_623,
        703.892_534_632_741_6,
        -0.503_578_706_019_973_9,
        0.55,
        0.549_999_999_999_999_9,
        -0.550_000_000_000_000_1,
        710.475_860_073_943_9,
        710.475_860_073_944,
        711.0,
        22.0,
    ]
}

/// `f` measured also at `worst_hyperbolic`'s inputs.
pub(crate) fn hyperbolic_worst(mut f: MathFn) -> MathFn {
    f.extra = worst_hyperbolic;
    f
}

/// `f` measured also at the inputs nearest to multiples of pi/2 (trigonometric functions).
pub(crate) fn near_pio2(mut f: MathFn) -> MathFn {
    f.extra = near_multiples_of_pio2;
    f
}

/// The joins of session 15's double `exp` and `expm1` (`__oxm_exp_parts`): the ends of
/// the reduced range `r = ±ln2/2` (where `k` steps; for `expm1` from 0 to ±1, where the
/// cancellation of the 1 starts), `expm1`'s threshold 2^-54 below which it returns `x`,
/// its clamp at -40, the overflow threshold and the last normal result of `exp`.
fn worst_exp(_: Prec) -> Vec<f64> {
    let around = |v: f64| {
        [
            f64::from_bits(v.to_bits() - 1),
            v,
            f64::from_bits(v.to_bits() + 1),
        ]
    };
    let mut v = Vec::new();
    for c in [
        std::f64::consts::LN_2 / 2.0,
        -std::f64::consts::LN_2 / 2.0,
        3.0 * std::f64::consts::LN_2 / 2.0,
        5.551_115_123_125_783e-17,
        -5.551_115_123_125_783e-17,
        -40.0,
        709.782_712_893_384,
        -708.396_418_532_264_1,
    ] {
        v.extend(around(c));
    }
    v
}

/// `f` measured also at `worst_exp`'s inputs.
pub(crate) fn exp_worst(mut f: MathFn) -> MathFn {
    f.extra = worst_exp;
    f
}

/// The joins of session 15's double logarithm (`__oxm_log_light`): `x = 2^k m` changes `k`
/// at `m = sqrt(2)/2` (the bits `0x3fe6a09e667f3bcd`) and `sqrt(2)`; 1 and its neighbours
/// (the result's bits are all `s`'s), the smallest normal (subnormals are scaled by 2^54),
/// the largest double (`log1p`'s `1 + x` has `k = 1024` there, where `2^-k` is not a
/// double); for `log1p`, the `x` whose `1 + x` is at those joins.
fn worst_log(_: Prec) -> Vec<f64> {
    let around = |v: f64| {
        [
            f64::from_bits(v.to_bits() - 1),
            v,
            f64::from_bits(v.to_bits() + 1),
        ]
    };
    let mut v = Vec::new();
    for c in [
        f64::from_bits(0x3fe6_a09e_667f_3bcd),
        std::f64::consts::SQRT_2,
        1.0,
        f64::MIN_POSITIVE,
        f64::MAX / 2.0,
        std::f64::consts::FRAC_1_SQRT_2 - 1.0,
        std::f64::consts::SQRT_2 - 1.0,
        2.0f64.powi(-53),
    ] {
        v.extend(around(c));
    }
    v.push(f64::MAX);
    v
}

/// `f` measured also at `worst_log`'s inputs.
pub(crate) fn log_worst(mut f: MathFn) -> MathFn {
    f.extra = worst_log;
    f
}

/// The joins of session 15's double `atan2` (`atand.cuh`): `|y| = |x|` (where the smaller
/// and the larger swap) in each quadrant, the scaling thresholds 1e300 and 1e-300 of the
/// larger operand, subnormal and the largest operands, zeros and infinities of both
/// signs (C99's special cases, where the quotient is 0/0, x/inf or inf/inf).
fn worst_atan2() -> Vec<(f64, f64)> {
    let up = |v: f64| f64::from_bits(v.to_bits() + 1);
    let tiny = f64::from_bits(1);
    let inf = f64::INFINITY;
    let mut v = Vec::new();
    for (y, x) in [
        (1.0, 1.0),
        (up(1.0), 1.0),
        (1.0, up(1.0)),
        (1e300, up(1e300)),
        (up(1e300), 1e300),
        (1e300, 2e300),
        (1e-300, 0.999_999_999_999_999_9e-300),
        (3e-301, 1e-300),
        (tiny, tiny),
        (tiny, 3.0 * tiny),
        (tiny, 1.0),
        (1.0, tiny),
        (f64::MAX, f64::MAX),
        (f64::MAX, 1e308),
        (1.0, f64::MAX),
        (0.0, 0.0),
        (inf, inf),
        (1.0, inf),
        (inf, 1.0),
    ] {
        for (sy, sx) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
            v.push((sy * y, sx * x));
        }
    }
    v
}

/// `f` measured also at `worst_atan2`'s pairs.
pub(crate) fn atan2_worst(mut f: MathFn) -> MathFn {
    f.extra_pairs = worst_atan2;
    f
}

/// The joins of session 16's double `erfinv` family (`erfinvd.cuh`): the pieces change at
/// `w = -ln(1 - z^2)` = 6.25 and 16 (`s = 4`), and for `erfcinv` at 36 (the tail in
/// `1/s`); `c = 1 - z = e^-w / (1 + sqrt(1 - e^-w))` there (in `f64`: a join is only
/// needed to a few ulps of `c`), and three ulps either side.
fn erfinv_join_c() -> Vec<f64> {
    [6.25f64, 16.0, 36.0]
        .iter()
        .map(|w| {
            let t = (-w).exp();
            t / (1.0 + (1.0 - t).sqrt())
        })
        .collect()
}

/// `v` and its three neighbours either side.
fn around3(v: f64) -> impl Iterator<Item = f64> {
    (-3i64..=3).map(move |d| f64::from_bits(v.to_bits().wrapping_add(d as u64)))
}

/// `erfinv` at the joins `z = 1 - c`, both signs, and the ends: the largest double below
/// 1 (`w = 36.04`), a subnormal, 2^-27 (where `1 - z^2` rounds to 1).
fn worst_erfinv(_: Prec) -> Vec<f64> {
    let mut v = Vec::new();
    for c in erfinv_join_c().into_iter().take(2) {
        for z in around3(1.0 - c) {
            v.extend([z, -z]);
        }
    }
    v.extend([1.0 - f64::EPSILON / 2.0, -(1.0 - f64::EPSILON / 2.0)]);
    v.extend([f64::from_bits(5), 2f64.powi(-27), 2f64.powi(-26)]);
    v
}

/// `erfcinv` at the joins (`c` and `2 - c`), at 1/2 (where `1 - c` becomes exact), next to
/// 1 and 2, and at the subnormal and smallest normal `c` (the tail's far end).
fn worst_erfcinv(_: Prec) -> Vec<f64> {
    let mut v = Vec::new();
    for c in erfinv_join_c() {
        v.extend(around3(c));
        v.extend(around3(2.0 - c));
    }
    v.extend(around3(0.5));
    v.extend(around3(1.0));
    v.extend([
        2.0 - f64::EPSILON,
        f64::from_bits(1),
        f64::from_bits(7),
        f64::MIN_POSITIVE,
    ]);
    v
}

/// `normcdfinv` at `p = c/2` and `1 - c/2` for the joins of `erfcinv`, and its ends.
fn worst_normcdfinv(_: Prec) -> Vec<f64> {
    let mut v = Vec::new();
    for c in erfinv_join_c() {
        v.extend(around3(c / 2.0));
        v.extend(around3(1.0 - c / 2.0));
    }
    v.extend([
        1.0 - f64::EPSILON / 2.0,
        f64::from_bits(1),
        f64::MIN_POSITIVE,
        0.25,
    ]);
    v
}

/// `erfinv`, `erfcinv`, `normcdfinv` measured also at their joins.
pub(crate) fn erfinv_worst(mut f: MathFn) -> MathFn {
    f.extra = match f.name {
        "erfinv" => worst_erfinv,
        "erfcinv" => worst_erfcinv,
        _ => worst_normcdfinv,
    };
    f
}

/// The joins of session 16's double `erfc`, `erfcx`, `normcdf` (`erfd.cuh`: one form
/// `e^(-a^2) P(t)/(1 + 2a)`, `t = (a - 4)/(a + 4)`): `a = 4` (`t = 0`), 0, the threshold
/// 27.5 beyond which `erfc` is 0, for `erfcx` the switch to `1/(sqrt(pi) a)` at 2^27 and
/// the largest arguments (scaled by 2^-64 there), for `normcdf` the same at `x = -a sqrt(2)`.
fn worst_erfc(_: Prec) -> Vec<f64> {
    let mut v = Vec::new();
    for c in [4.0f64, 27.5, 2f64.powi(27), 2f64.powi(1022), 0.5] {
        v.extend(around3(c));
        v.extend(around3(-c));
    }
    v.extend([f64::MAX, -f64::MAX, 0.0, f64::from_bits(1), 26.5, 27.2]);
    v.extend(around3(-27.5 * std::f64::consts::SQRT_2));
    v.extend(around3(-4.0 * std::f64::consts::SQRT_2));
    v
}

/// `erfc`, `erfcx`, `normcdf` measured also at `worst_erfc`'s inputs.
pub(crate) fn erfc_worst(mut f: MathFn) -> MathFn {
    f.extra = worst_erfc;
    f
}
