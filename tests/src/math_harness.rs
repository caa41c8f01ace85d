//! The accuracy harness of the device math library (`docs/math.md`): each function is
//! called by a one-line kernel, compiled by oxicc (and by `nvcc -ptx`, whose PTX carries
//! libdevice's implementation inlined), run in the PTX interpreter on many inputs, and
//! compared with a reference: Rust's `f64` functions for the float functions (far below a
//! float ulp), and the double-double functions of [`crate::dd_ref`] (about 2^-100) for the
//! double ones. The error is measured in ulps of the result's format.
//!
//! Inputs: every special value (±0, ±inf, NaN, the smallest and largest subnormal and
//! normal numbers, the overflow and underflow thresholds of the exponentials), dense
//! sampling of the function's hard regions, and random bit patterns over the whole range.
//! Functions of two operands get every pair of a shorter list of special values too.

use crate::dd_ref::Dd;
use std::path::Path;

pub use crate::math_fns::functions;

/// The floating-point format of a function's operands and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    F32,
    F64,
}

/// How the exact result is computed.
#[derive(Clone, Copy)]
pub enum Reference {
    /// One operand, an `f64` result (for the float functions).
    F1(fn(f64) -> f64),
    /// Two operands, an `f64` result.
    F2(fn(f64, f64) -> f64),
    /// One operand, a double-double result.
    D1(fn(f64) -> Dd),
    /// Two operands, a double-double result.
    D2(fn(f64, f64) -> Dd),
}

/// One function under test.
pub struct MathFn {
    pub name: &'static str,
    /// The kernel's expression of `x` (and `y`), of the type of `prec`.
    pub expr: &'static str,
    pub prec: Prec,
    pub reference: Reference,
    /// CUDA's documented maximum error in ulps (CUDA C++ Programming Guide, tables of
    /// single- and double-precision mathematical functions).
    pub bound: f64,
    /// Inputs `x` beyond this magnitude are not tested (`f64::INFINITY`: all are).
    pub max_abs: f64,
    /// Intervals of `x` sampled densely: `(lo, hi)`.
    pub hard: &'static [(f64, f64)],
    /// For two operands: the intervals of `y`, paired with `hard` by index (empty for one).
    pub hard_y: &'static [(f64, f64)],
    /// Single inputs always measured (e.g. `near_multiples_of_pio2`), besides the samples.
    pub extra: fn(Prec) -> Vec<f64>,
    /// Single operand pairs `(x, y)` always measured (two-operand functions: the joins of
    /// `atan2`'s pieces), besides `extra` (whose `y` is 0).
    pub extra_pairs: fn() -> Vec<(f64, f64)>,
    /// Where CUDA bounds the error absolutely instead (the Bessel functions beyond 8):
    /// inputs with `|x| >= from` are measured by their absolute error against `bound`,
    /// the others in ulps against [`MathFn::bound`].
    pub abs: Option<AbsBound>,
}

/// An absolute-error bound: CUDA's table gives one for the Bessel functions `j0 j1 y0 y1`
/// beyond `|x| = 8`, for `jn` everywhere and for `yn` beyond `1.5n` (`ynf`: beyond `n`).
#[derive(Clone, Copy, Debug)]
pub struct AbsBound {
    pub from: f64,
    pub bound: f64,
}

/// No extra inputs.
pub fn no_extra(_: Prec) -> Vec<f64> {
    Vec::new()
}

/// No extra input pairs.
pub fn no_pairs() -> Vec<(f64, f64)> {
    Vec::new()
}

/// The inputs of the format `p` nearest to a multiple of pi/2, where an argument reduction
/// cancels most: the 48 closest (in absolute distance) of the three values around each
/// `k pi/2` below the Cody-Waite limit (4096 for float, 2^20 for double), and the 16
/// closest among those up to a hundred times (float) or twice (double) further (the far
/// reduction). A reduction that knows pi/2 to too few bits is hundreds of ulps off there,
/// and random samples almost never come close (the float sin, cos and tan were, until the
/// exhaustive GPU sweep of `tools/math-gpu-sweep.py` found it).
pub fn near_multiples_of_pio2(p: Prec) -> Vec<f64> {
    // pi/2 as three doubles (the sum is right to about 2^-160).
    const HI: f64 = std::f64::consts::FRAC_PI_2;
    const MID: f64 = 6.123_233_995_736_766e-17;
    const LO: f64 = -1.497_384_904_859_169_8e-33;
    // x - k pi/2 to about 2^-100 of x: k HI and k MID are split exactly with fma, and
    // x - k HI is exact (Sterbenz) for the x near it.
    let dist = |x: f64, k: f64| {
        let (ph, qh) = (k * HI, k * MID);
        let (pl, ql) = (k.mul_add(HI, -ph), k.mul_add(MID, -qh));
        ((((x - ph) - pl) - qh) - ql) - k * LO
    };
    let (limit, further): (f64, f64) = match p {
        Prec::F32 => (4096.0, 100.0),
        Prec::F64 => (1_048_576.0, 2.0),
    };
    let mut near = Vec::new();
    let mut far = Vec::new();
    let kmax = (further * limit / HI) as u64;
    for k in 1..=kmax {
        let kf = k as f64;
        let around = |x: f64| match p {
            Prec::F32 => {
                let f = x as f32;
                [
                    f32::from_bits(f.to_bits() - 1),
                    f,
                    f32::from_bits(f.to_bits() + 1),
                ]
                .map(f64::from)
            }
            Prec::F64 => [
                f64::from_bits(x.to_bits() - 1),
                x,
                f64::from_bits(x.to_bits() + 1),
            ],
        };
        for x in around(kf * HI) {
            let d = dist(x, kf).abs();
            if x < limit {
                near.push((d, x));
            } else {
                far.push((d, x));
            }
        }
    }
    let closest = |mut v: Vec<(f64, f64)>, n: usize| {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v.into_iter().take(n).map(|(_, x)| x).collect::<Vec<_>>()
    };
    let mut xs = closest(near, 48);
    xs.extend(closest(far, 16));
    let negated: Vec<f64> = xs.iter().map(|x| -x).collect();
    xs.extend(negated);
    xs
}

impl MathFn {
    pub fn arity(&self) -> usize {
        match self.reference {
            Reference::F1(_) | Reference::D1(_) => 1,
            _ => 2,
        }
    }
    /// The exact result for `(x, y)`.
    pub fn exact(&self, x: f64, y: f64) -> Dd {
        match self.reference {
            Reference::F1(f) => Dd::new(f(x)),
            Reference::F2(f) => Dd::new(f(x, y)),
            Reference::D1(f) => f(x),
            Reference::D2(f) => f(x, y),
        }
    }
    fn c_type(&self) -> &'static str {
        match self.prec {
            Prec::F32 => "float",
            Prec::F64 => "double",
        }
    }
    /// The kernel's name: `k_` and the function's name.
    pub fn kernel_name(&self) -> String {
        format!("k_{}", self.name)
    }
}

/// The kernel that applies `f` to `n` inputs.
pub fn kernel_source(f: &MathFn) -> String {
    let t = f.c_type();
    format!(
        "extern \"C\" __global__ void {}({t} *o, const {t} *a, const {t} *b, int n)\n{{\n    \
         int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {{\n        \
         {t} x = a[i];\n        {t} y = b[i];\n        int e = 0;\n        (void)y;\n        \
         o[i] = {};\n    }}\n}}\n",
        f.kernel_name(),
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
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn specials(p: Prec) -> Vec<f64> {
    let mut v = vec![
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1.0,
        -1.0,
        0.5,
        2.0,
        -2.0,
        3.0,
        -3.0,
        std::f64::consts::FRAC_PI_2,
        -std::f64::consts::FRAC_PI_2,
        std::f64::consts::PI,
    ];
    match p {
        Prec::F32 => v.extend([
            f32::MIN_POSITIVE as f64,
            -f32::MIN_POSITIVE as f64,
            f32::from_bits(1) as f64,
            f32::from_bits(0x007f_ffff) as f64,
            -f32::from_bits(1) as f64,
            f32::MAX as f64,
            f32::MIN as f64,
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
            4096.0,
            105_615.0,
        ]),
        Prec::F64 => v.extend([
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            -f64::from_bits(1),
            f64::MAX,
            f64::MIN,
            709.782_712_893_384,
            709.782_712_893_385,
            -708.396_418_532_264,
            -744.440_071_921_381,
            -745.133_219_101_941,
            -745.2,
            1024.0,
            -1022.0,
            -1074.0,
            -1075.0,
            308.254_715_559_916_7,
            -323.306_215_343_115,
            710.475_860_073_943_9,
        ]),
    }
    v
}

fn round_to(p: Prec, v: f64) -> f64 {
    match p {
        Prec::F32 => v as f32 as f64,
        Prec::F64 => v,
    }
}

fn random_bits(p: Prec, rng: &mut Rng) -> f64 {
    match p {
        Prec::F32 => f32::from_bits(rng.next_u64() as u32) as f64,
        Prec::F64 => f64::from_bits(rng.next_u64()),
    }
}

/// `n` input pairs `(x, y)` for `f`: the special values (every pair of them for two
/// operands), then a third dense in the hard intervals and the rest random bit patterns.
pub fn inputs(f: &MathFn, n: usize) -> Vec<(f64, f64)> {
    let sp: Vec<f64> = specials(f.prec)
        .into_iter()
        .map(|v| round_to(f.prec, v))
        .collect();
    let mut v: Vec<(f64, f64)> = if f.arity() == 1 {
        sp.iter().map(|&x| (x, 0.0)).collect()
    } else {
        sp.iter()
            .take(15)
            .flat_map(|&x| sp.iter().take(15).map(move |&y| (x, y)))
            .collect()
    };
    v.extend((f.extra)(f.prec).into_iter().map(|x| (x, 0.0)));
    v.extend((f.extra_pairs)());
    let mut rng = Rng::new(0x5eed ^ (f.name.len() as u64) << 8 ^ f.name.as_bytes()[0] as u64);
    let dense = n / 3;
    for i in 0..dense {
        let k = i % f.hard.len();
        let (lo, hi) = f.hard[k];
        let x = round_to(f.prec, lo + (hi - lo) * rng.unit());
        let y = match f.hard_y.get(k) {
            Some(&(ylo, yhi)) => round_to(f.prec, ylo + (yhi - ylo) * rng.unit()),
            None => 0.0,
        };
        v.push((x, y));
    }
    while v.len() < n {
        let x = random_bits(f.prec, &mut rng);
        let y = if f.arity() == 2 {
            random_bits(f.prec, &mut rng)
        } else {
            0.0
        };
        v.push((x, y));
    }
    v.retain(|(x, _)| x.is_nan() || x.abs() <= f.max_abs);
    v
}

/// The error of `got` against the exact `want`, in ulps of the format `p` at `want`
/// (subnormals counted in the smallest normal's ulp). A NaN must be a NaN; an infinity or
/// zero that `want` rounds to must be met exactly (else the error is infinite).
pub fn ulp_error(p: Prec, got: f64, want: Dd) -> f64 {
    let (mant, emin, max) = match p {
        Prec::F32 => (23, -126, f32::MAX as f64),
        Prec::F64 => (52, -1022, f64::MAX),
    };
    let w = want.hi;
    if w.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got.is_nan() {
        return f64::INFINITY;
    }
    let wr = round_to(p, w);
    if wr.is_infinite() || got.is_infinite() || w.is_infinite() {
        // Just past the largest finite value the exact value may still round to it.
        return if got == wr {
            0.0
        } else if got.is_infinite() && w.abs() > max && got.signum() == w.signum() {
            0.5
        } else {
            f64::INFINITY
        };
    }
    let e = if w == 0.0 {
        emin
    } else {
        (w.abs().log2().floor() as i32).max(emin)
    };
    let ulp = pow2(e - mant);
    // got - w is exact where it matters (the two are close).
    ((got - w) - want.lo).abs() / ulp
}

/// The absolute error of `got` against the exact `want` (NaN, infinities as in
/// [`ulp_error`]: they must be met exactly).
pub fn abs_error(got: f64, want: Dd) -> f64 {
    let w = want.hi;
    if w.is_nan() || got.is_nan() {
        return if w.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if w.is_infinite() || got.is_infinite() {
        return if got == w { 0.0 } else { f64::INFINITY };
    }
    ((got - w) - want.lo).abs()
}

/// 2^n exactly, subnormal powers included (`powi` would overflow 2^1074 on the way).
fn pow2(n: i32) -> f64 {
    if n >= -1022 {
        f64::from_bits(((n + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (n + 1074))
    }
}

/// Runs the kernel `name` of a parsed PTX module on the input pairs; the outputs.
pub fn run(
    module: &oxicc_emu::Module,
    name: &str,
    p: Prec,
    xs: &[(f64, f64)],
) -> Result<Vec<f64>, String> {
    use oxicc_emu::{Arg, Buffer, Launch, RunOptions, Ty};
    let block = 256u32;
    let grid = (xs.len() as u32).div_ceil(block);
    let (ty, size) = match p {
        Prec::F32 => (Ty::F32, 4),
        Prec::F64 => (Ty::F64, 8),
    };
    let bytes = |sel: fn(&(f64, f64)) -> f64| -> Vec<u8> {
        xs.iter()
            .flat_map(|v| match p {
                Prec::F32 => (sel(v) as f32).to_le_bytes().to_vec(),
                Prec::F64 => sel(v).to_le_bytes().to_vec(),
            })
            .collect()
    };
    let buffer = |name: &str, data: Vec<u8>| Buffer {
        name: name.into(),
        ty,
        data,
    };
    let launch = Launch {
        kernel: Some(name.to_string()),
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        dynamic_shared_bytes: 0,
        cooperative: false,
        args: vec![
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Buffer(2),
            Arg::Scalar(Ty::S32, xs.len() as u64),
        ],
        buffers: vec![
            buffer("o", vec![0; xs.len() * size]),
            buffer("a", bytes(|v| v.0)),
            buffer("b", bytes(|v| v.1)),
        ],
        globals: Vec::new(),
        images: Vec::new(),
    };
    let out = oxicc_emu::run(module, &launch, &RunOptions::default()).map_err(|e| e.0)?;
    let data = &out.buffers[0].data;
    Ok(match p {
        Prec::F32 => data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64)
            .collect(),
        Prec::F64 => data
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect(),
    })
}

/// The largest errors over some inputs: in ulps (inputs outside the function's
/// absolute-error region) and absolute (inside it), each with the input where it occurs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Worst {
    pub ulp: f64,
    pub ulp_at: (f64, f64),
    pub abs: f64,
    pub abs_at: (f64, f64),
}

impl Worst {
    fn merge(&mut self, o: Worst) {
        if o.ulp > self.ulp || (o.ulp.is_nan() && !self.ulp.is_nan()) {
            (self.ulp, self.ulp_at) = (o.ulp, o.ulp_at);
        }
        if o.abs > self.abs || (o.abs.is_nan() && !self.abs.is_nan()) {
            (self.abs, self.abs_at) = (o.abs, o.abs_at);
        }
    }
    /// Whether both errors are within `f`'s bounds.
    pub fn within(&self, f: &MathFn) -> bool {
        let abs_ok = f.abs.is_none_or(|a| self.abs <= a.bound);
        self.ulp <= f.bound && abs_ok
    }
}

/// The largest errors over the inputs, given the exact results `wants` and the results
/// `ys`, and the inputs where they occur.
pub fn max_error(f: &MathFn, xs: &[(f64, f64)], wants: &[Dd], ys: &[f64]) -> Worst {
    let mut worst = Worst::default();
    for ((&(x, y), &want), &got) in xs.iter().zip(wants).zip(ys) {
        let one = match f.abs {
            Some(a) if x.abs() >= a.from => Worst {
                abs: abs_error(got, want),
                abs_at: (x, y),
                ..Worst::default()
            },
            _ => Worst {
                ulp: ulp_error(f.prec, got, want),
                ulp_at: (x, y),
                ..Worst::default()
            },
        };
        worst.merge(one);
    }
    worst
}

/// Both compilers' PTX of the kernels of all of `fs`: oxicc's in one compile (each unit is
/// preprocessed, parsed and lowered once for every function that uses it) and one ptxas
/// check, nvcc's in one `nvcc -ptx` run (libdevice inlined), the two at the same time.
pub struct Compiled {
    pub ours: Result<String, String>,
    pub nvcc: Result<String, String>,
}

/// Compiles the kernels of all of `fs` with both compilers (nvcc's scratch file in `dir`).
pub fn compile_all(fs: &[MathFn], dir: &Path) -> Compiled {
    std::thread::scope(|scope| {
        let nvcc = scope.spawn(|| nvcc_ptx_all(fs, dir));
        let ours = oxicc_ptx_of(
            "math_all.cu",
            &fs.iter().map(kernel_source).collect::<String>(),
        );
        Compiled {
            ours,
            nvcc: nvcc
                .join()
                .unwrap_or_else(|_| Err("nvcc's thread panicked".into())),
        }
    })
}

/// oxicc's PTX for `f`'s kernel at `sm_75 -O3`, checked by ptxas.
pub fn oxicc_ptx(f: &MathFn) -> Result<String, String> {
    oxicc_ptx_of(&format!("{}.cu", f.name), &kernel_source(f))
}

fn oxicc_ptx_of(file: &str, src: &str) -> Result<String, String> {
    let out = oxicc::compile(file, src, &oxicc::Options::default());
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

/// nvcc's PTX of the kernels of all of `fs` in one file (libdevice inlined; one nvcc run
/// for all), from a scratch file in `dir`.
pub fn nvcc_ptx_all(fs: &[MathFn], dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let path = dir.join("math_all.cu");
    let src: String = fs.iter().map(kernel_source).collect();
    std::fs::write(&path, format!("#include <math.h>\n{src}")).map_err(|e| e.to_string())?;
    crate::try_nvcc_ptx(&path, 75, 3)
}

/// One function's measurement: oxicc's largest errors and where, libdevice's.
pub struct Measured {
    pub ours: Result<Worst, String>,
    pub libdevice: Result<Worst, String>,
    pub inputs: usize,
}

fn parse(ptx: &Result<String, String>) -> Result<oxicc_emu::Module, String> {
    let ptx = ptx.as_ref().map_err(|e| e.clone())?;
    oxicc_emu::Module::parse(ptx).map_err(|e| e.0)
}

/// Measures every function of `fs` on `n` inputs each, with the PTX of [`compile_all`].
/// Each module is parsed once; where oxicc's module of all functions did not compile, each
/// function is compiled alone, so the error names the function that fails. The functions
/// go one after the other (`report` sees each as it is done); the inputs of each are split
/// across the worker threads, and each input's exact result is computed once for both
/// compilers' outputs.
pub fn measure(
    fs: &[MathFn],
    n: usize,
    compiled: &Compiled,
    mut report: impl FnMut(&MathFn, &Measured),
) -> Vec<Measured> {
    let workers = crate::parallel::worker_count();
    let ours_all = parse(&compiled.ours);
    let nv = parse(&compiled.nvcc);
    let mut all = Vec::new();
    for f in fs {
        let alone;
        let ours = match &ours_all {
            Ok(m) => Ok(m),
            Err(_) => {
                alone = parse(&oxicc_ptx(f));
                alone.as_ref().map_err(|e| e.clone())
            }
        };
        let xs = inputs(f, n);
        let chunk = xs.len().div_ceil(workers).max(1);
        let chunks: Vec<&[(f64, f64)]> = xs.chunks(chunk).collect();
        let parts = crate::parallel::parallel_map(&chunks, |c| {
            let wants: Vec<Dd> = c.iter().map(|&(x, y)| f.exact(x, y)).collect();
            let worst = |m: Result<&oxicc_emu::Module, String>| {
                m.and_then(|m| run(m, &f.kernel_name(), f.prec, c))
                    .map(|ys| max_error(f, c, &wants, &ys))
            };
            (
                worst(ours.clone()),
                worst(nv.as_ref().map_err(|e| e.clone())),
            )
        });
        let (mut o, mut l) = (Ok(Worst::default()), Ok(Worst::default()));
        for (po, pl) in parts {
            for (acc, p) in [(&mut o, po), (&mut l, pl)] {
                match (acc.as_mut(), p) {
                    (Ok(a), Ok(p)) => a.merge(p),
                    (Ok(_), Err(e)) => *acc = Err(e),
                    (Err(_), _) => {}
                }
            }
        }
        let m = Measured {
            ours: o,
            libdevice: l,
            inputs: xs.len(),
        };
        report(f, &m);
        all.push(m);
    }
    all
}
