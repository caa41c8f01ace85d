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
