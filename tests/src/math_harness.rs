//! The accuracy harness of the device math library (`docs/math.md`): each function is
//! called by a one-line kernel, compiled by oxicc (and by `nvcc -ptx`, whose PTX carries
//! libdevice's implementation inlined), run in the PTX interpreter on many inputs, and
//! compared with an `f64` reference computed by Rust's `std` (correctly rounded to well
//! below a float ulp). The error is measured in ulps of the float result.
//!
//! Inputs: every special value (±0, ±inf, NaN, the smallest and largest subnormal and
//! normal numbers, the overflow and underflow thresholds of the exponentials), dense
//! sampling of the function's hard regions, and random bit patterns over the whole range.

use std::path::Path;

/// One function under test.
pub struct MathFn {
    pub name: &'static str,
    /// The kernel's expression of `x` (a `float`).
    pub expr: &'static str,
    pub reference: fn(f64) -> f64,
    /// CUDA's documented maximum error in ulps (CUDA C++ Programming Guide, table of
    /// single-precision mathematical functions).
    pub bound: f64,
    /// Inputs beyond this magnitude are not tested (`f32::INFINITY`: all are).
    pub max_abs: f32,
    /// Intervals sampled densely: `(lo, hi)`.
    pub hard: &'static [(f32, f32)],
}

const PIO2: f32 = std::f32::consts::FRAC_PI_2;

/// The functions of the library measured so far.
pub fn functions() -> Vec<MathFn> {
    vec![
        MathFn {
            name: "expf",
            expr: "expf(x)",
            reference: f64::exp,
            bound: 2.0,
            max_abs: f32::INFINITY,
            hard: &[(-104.0, -87.0), (87.0, 89.0), (-1.0, 1.0)],
        },
        MathFn {
            name: "exp2f",
            expr: "exp2f(x)",
            reference: f64::exp2,
            bound: 2.0,
            max_abs: f32::INFINITY,
            hard: &[(-151.0, -125.0), (126.0, 129.0), (-1.0, 1.0)],
        },
        MathFn {
            name: "exp10f",
            expr: "exp10f(x)",
            reference: |x| 10f64.powf(x),
            bound: 2.0,
            max_abs: f32::INFINITY,
            hard: &[(-45.0, -37.0), (37.0, 39.0), (-1.0, 1.0)],
        },
        MathFn {
            name: "logf",
            expr: "logf(x)",
            reference: f64::ln,
            bound: 1.0,
            max_abs: f32::INFINITY,
            hard: &[(0.5, 2.0), (0.99, 1.01), (0.0, 1e-37)],
        },
        MathFn {
            name: "log2f",
            expr: "log2f(x)",
            reference: f64::log2,
            bound: 1.0,
            max_abs: f32::INFINITY,
            hard: &[(0.5, 2.0), (0.99, 1.01), (0.0, 1e-37)],
        },
        MathFn {
            name: "log10f",
            expr: "log10f(x)",
            reference: f64::log10,
            bound: 2.0,
            max_abs: f32::INFINITY,
            hard: &[(0.5, 2.0), (0.99, 1.01), (0.0, 1e-37)],
        },
        MathFn {
            name: "sinf",
            expr: "sinf(x)",
            reference: f64::sin,
            bound: 2.0,
            max_abs: 1.0e12,
            hard: &[(-4.0 * PIO2, 4.0 * PIO2), (4090.0, 4100.0), (1.0e5, 1.1e5)],
        },
        MathFn {
            name: "cosf",
            expr: "cosf(x)",
            reference: f64::cos,
            bound: 2.0,
            max_abs: 1.0e12,
            hard: &[(-4.0 * PIO2, 4.0 * PIO2), (4090.0, 4100.0), (1.0e5, 1.1e5)],
        },
        MathFn {
            name: "tanf",
            expr: "tanf(x)",
            reference: f64::tan,
            bound: 4.0,
            max_abs: 1.0e12,
            hard: &[(-4.0 * PIO2, 4.0 * PIO2), (4090.0, 4100.0)],
        },
        // Exact functions (CUDA: 0 ulp): the intrinsic lowerings and the small units.
        MathFn {
            name: "roundf",
            expr: "roundf(x)",
            reference: f64::round,
            bound: 0.0,
            max_abs: f32::INFINITY,
            hard: &[(-4.0, 4.0), (8_388_600.0, 8_388_620.0)],
        },
        MathFn {
            name: "ldexpf",
            expr: "ldexpf(x, -140)",
            reference: |x| x * 2f64.powi(-140),
            bound: 0.5,
            max_abs: f32::INFINITY,
            hard: &[(-1.0, 1.0), (1e10, 1e20)],
        },
        MathFn {
            name: "frexpf",
            expr: "ldexpf(frexpf(x, &e), e)",
            reference: |x| x,
            bound: 0.0,
            max_abs: f32::INFINITY,
            hard: &[(-1.0, 1.0), (0.0, 1e-38)],
        },
        MathFn {
            name: "fdimf",
            expr: "fdimf(x, 1.0f)",
            reference: |x| {
                if x > 1.0 {
                    x - 1.0
                } else if x <= 1.0 {
                    0.0
                } else {
                    x
                }
            },
            bound: 0.5,
            max_abs: f32::INFINITY,
            hard: &[(0.0, 2.0)],
        },
        MathFn {
            name: "__saturatef",
            expr: "__saturatef(x)",
            reference: |x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) },
            bound: 0.0,
            max_abs: f32::INFINITY,
            hard: &[(-0.5, 1.5)],
        },
        MathFn {
            name: "tanhf",
            expr: "tanhf(x)",
            reference: f64::tanh,
            bound: 2.0,
            max_abs: f32::INFINITY,
            hard: &[(-0.7, 0.7), (0.55, 0.65), (8.5, 9.5)],
        },
    ]
}

/// The kernel that applies `f` to `n` inputs.
pub fn kernel_source(f: &MathFn) -> String {
    format!(
        "#include <math.h>\n__global__ void k(float *o, const float *a, int n)\n{{\n    \
         int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {{\n        \
         float x = a[i];\n        int e = 0;\n        o[i] = {};\n    }}\n}}\n",
        f.expr
    )
}

/// A small deterministic generator (xorshift64*), so every run tests the same inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// `n` inputs for `f`: the special values, then a third dense in the hard intervals and
/// the rest random bit patterns.
pub fn inputs(f: &MathFn, n: usize) -> Vec<f32> {
    let mut v: Vec<f32> = vec![
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x007f_ffff),
        -f32::from_bits(1),
        f32::MAX,
        f32::MIN,
        1.0,
        -1.0,
        88.72283,
        88.72284,
        -87.33654,
        -103.27893,
        -103.972_08,
        128.0,
        -126.0,
        -149.0,
        -150.0,
        38.53184,
        -44.85,
        PIO2,
        -PIO2,
        std::f32::consts::PI,
        4096.0,
        105_615.0,
    ];
    let mut rng = Rng::new(0x5eed ^ f.name.len() as u64);
    let dense = n / 3;
    for i in 0..dense {
        let (lo, hi) = f.hard[i % f.hard.len()];
        let t = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        v.push((lo as f64 + (hi - lo) as f64 * t) as f32);
    }
    while v.len() < n {
        v.push(f32::from_bits(rng.next_u64() as u32));
    }
    v.retain(|x| x.is_nan() || x.abs() <= f.max_abs);
    v
}

/// The error of `got` against the exact `want`, in ulps of the float format at `want`
/// (subnormals counted in the smallest normal's ulp). A NaN must be a NaN; an infinity or
/// zero that `want` rounds to must be met exactly (else the error is infinite).
pub fn ulp_error(got: f32, want: f64) -> f64 {
    if want.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got.is_nan() {
        return f64::INFINITY;
    }
    let wf = want as f32;
    if wf.is_infinite() || got.is_infinite() {
        // Just past the largest float the exact value may still round to it.
        return if got == wf {
            0.0
        } else if got.is_infinite() && want.abs() > f32::MAX as f64 {
            0.5
        } else {
            f64::INFINITY
        };
    }
    let e = if want == 0.0 {
        -126
    } else {
        (want.abs().log2().floor() as i32).max(-126)
    };
    let ulp = 2f64.powi(e - 23);
    (got as f64 - want).abs() / ulp
}

/// Runs a PTX module's `k` on `xs`; the outputs.
pub fn run(ptx: &str, xs: &[f32]) -> Result<Vec<f32>, String> {
    use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};
    let module = Module::parse(ptx).map_err(|e| e.0)?;
    let kernel = module
        .kernels()
        .into_iter()
        .next()
        .ok_or("no kernel in the module")?;
    let block = 256u32;
    let grid = (xs.len() as u32).div_ceil(block);
    let launch = Launch {
        kernel: Some(kernel),
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        dynamic_shared_bytes: 0,
        args: vec![
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Scalar(Ty::S32, xs.len() as u64),
        ],
        buffers: vec![
            Buffer {
                name: "o".into(),
                ty: Ty::F32,
                data: vec![0; xs.len() * 4],
            },
            Buffer {
                name: "a".into(),
                ty: Ty::F32,
                data: xs.iter().flat_map(|x| x.to_le_bytes()).collect(),
            },
        ],
        globals: Vec::new(),
        images: Vec::new(),
    };
    let out = oxicc_emu::run(&module, &launch, &RunOptions::default()).map_err(|e| e.0)?;
    let data = &out.buffers[0].data;
    Ok(data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The largest error over the inputs, and the input where it occurs.
pub fn max_error(f: &MathFn, xs: &[f32], ys: &[f32]) -> (f64, f32) {
    let mut worst = (0.0, 0.0f32);
    for (&x, &y) in xs.iter().zip(ys) {
        let e = ulp_error(y, (f.reference)(x as f64));
        if e > worst.0 || (e.is_nan() && !worst.0.is_nan()) {
            worst = (e, x);
        }
    }
    worst
}

/// oxicc's PTX for `f`'s kernel at `sm_75 -O3`, checked by ptxas.
pub fn oxicc_ptx(f: &MathFn) -> Result<String, String> {
    let out = oxicc::compile(
        &format!("{}.cu", f.name),
        &kernel_source(f),
        &oxicc::Options::default(),
    );
    let ptx = out.text.ok_or_else(|| {
        out.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    crate::ptxas_check(&ptx, 75)?;
    Ok(ptx)
}

/// nvcc's PTX for `f`'s kernel (libdevice inlined), from a scratch file in `dir`.
pub fn nvcc_ptx(f: &MathFn, dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("math_{}.cu", f.name));
    std::fs::write(&path, kernel_source(f)).map_err(|e| e.to_string())?;
    crate::try_nvcc_ptx(&path, 75, 3)
}
