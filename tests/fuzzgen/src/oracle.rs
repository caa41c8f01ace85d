//! The oracles. One generated program is compiled by oxicc in process at `-O0`, `-O1`,
//! `-O2` and `-O3` with `-fmad=false`, and at `-O3` with `-fmad=true`; the PTX must pass
//! ptxas (when asked; `-O0`, `-O3` and `-O3 -fmad=true`) and run in the interpreter without
//! a fault; the `-fmad=false` runs must give identical buffers. When nvcc is asked for,
//! nvcc's PTX (`-fmad=false`, cached by content hash) runs too and must give the same
//! buffers as oxicc's `-O3`.
//!
//! Float policy: comparisons are bit for bit, both sides compiled with `-fmad=false`, so
//! that neither compiler contracts `a * b + c` (explicit `fma` calls stay fused on both).
//! The `-fmad=true` build is checked for crashes, ptxas and faults only, because where
//! oxicc and nvcc fuse different products the last bits legitimately differ.

use crate::timing::{timed, Stage};
use oxicc_emu::{Buffer, Launch, Module, RunOptions};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// Which check failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Oracle {
    /// oxicc panicked or did not finish.
    Crash,
    /// oxicc rejected the (valid) program with an error that is not "not supported yet".
    Reject,
    /// ptxas rejected oxicc's PTX.
    Ptxas,
    /// The interpreter could not parse oxicc's PTX, or faulted while running it.
    Fault,
    /// `-O0` and `-O3` gave different buffers.
    OptMismatch,
    /// oxicc's `-O3` and nvcc's PTX gave different buffers.
    NvccMismatch,
    /// nvcc rejected the program, its PTX faulted, or the interpreter's random schedule
    /// changed the results (a race): a generator (or interpreter) bug.
    Generator,
}

impl Oracle {
    pub const ALL: [Oracle; 7] = [
        Oracle::Crash,
        Oracle::Reject,
        Oracle::Ptxas,
        Oracle::Fault,
        Oracle::OptMismatch,
        Oracle::NvccMismatch,
        Oracle::Generator,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Oracle::Crash => "crash",
            Oracle::Reject => "reject",
            Oracle::Ptxas => "ptxas",
            Oracle::Fault => "fault",
            Oracle::OptMismatch => "opt-mismatch",
            Oracle::NvccMismatch => "nvcc-mismatch",
            Oracle::Generator => "generator",
        }
    }

    pub fn parse(s: &str) -> Option<Oracle> {
        Oracle::ALL.into_iter().find(|o| o.name() == s)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Pass,
    /// oxicc reports a construct as not supported yet.
    Unsupported(String),
    Fail(Oracle, String),
}

#[derive(Clone, Debug)]
pub struct Checks {
    pub sm: u32,
    pub ptxas: bool,
    /// With `ptxas`, assemble only one of the three checked PTX files (0: `-O0`, 1: `-O3`,
    /// 2: `-O3 -fmad=true`); `None`: all three. A campaign rotates through them: ptxas is
    /// its slowest stage (a process start and a full assembly per file).
    pub ptxas_only: Option<u8>,
    pub nvcc: bool,
    /// Where nvcc's PTX is cached (by a hash of the source and the nvcc flags).
    pub cache: Option<PathBuf>,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            sm: 75,
            ptxas: true,
            ptxas_only: None,
            nvcc: false,
            cache: None,
        }
    }
}

/// Thread-instructions one run may take: generated programs are small and bounded.
const MAX_INSTRUCTIONS: u64 = 400_000_000;

pub fn run_ptx(ptx: &str, launch: &Launch) -> Result<Vec<Buffer>, String> {
    run_ptx_with(ptx, launch, RunOptions::default())
}

/// [`run_ptx`] under given run options (a schedule).
pub fn run_ptx_with(ptx: &str, launch: &Launch, opts: RunOptions) -> Result<Vec<Buffer>, String> {
    timed(Stage::Interpret, || run_ptx_untimed(ptx, launch, opts))
}

fn run_ptx_untimed(ptx: &str, launch: &Launch, opts: RunOptions) -> Result<Vec<Buffer>, String> {
    let m = Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    let opts = RunOptions {
        max_instructions: MAX_INSTRUCTIONS,
        ..opts
    };
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        oxicc_emu::run(&m, launch, &opts)
    }));
    match run {
        Ok(Ok(o)) => Ok(o.buffers),
        Ok(Err(e)) => Err(format!("run: {e}")),
        Err(_) => Err("the interpreter panicked".into()),
    }
}

/// Compiles with oxicc in process; a panic is caught (`Err(Crash)`).
fn compile(
    source: &str,
    sm: u32,
    opt_level: u8,
    fmad: bool,
) -> Result<Result<String, String>, String> {
    let options = oxicc::Options {
        sm,
        opt_level,
        fmad,
        ..Default::default()
    };
    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        timed(Stage::Compile, || {
            oxicc::compile("fuzz.cu", source, &options)
        })
    }))
    .map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "(non-text panic)".into())
    })?;
    Ok(match out.text {
        Some(t) => Ok(t),
        None => Err(oxicc_tests::guard::describe_diagnostics(&out.diagnostics)),
    })
}

/// The first buffer element where two runs differ, described.
pub fn first_difference(a: &[Buffer], b: &[Buffer]) -> Option<String> {
    for (x, y) in a.iter().zip(b) {
        if x.data != y.data {
            let k = (0..x.len().min(y.len()))
                .find(|&k| x.bits(k) != y.bits(k))
                .unwrap_or(0);
            return Some(format!(
                "buffer `{}` element {k}: {:#x} vs {:#x}",
                x.name,
                x.bits(k),
                y.bits(k)
            ));
        }
    }
    None
}

/// Runs every oracle on one program.
pub fn check(source: &str, launch_json: &str, checks: &Checks) -> Verdict {
    let launch = match Launch::from_json(launch_json) {
        Ok(l) => l,
        Err(e) => return Verdict::Fail(Oracle::Generator, format!("bad launch file: {e}")),
    };
    let mut runs = Vec::new();
    let mut optimized = String::new();
    // -O0, -O3 (compared), -O3 -fmad=true (crash, ptxas, faults), then -O1 and -O2
    // (compared too; no ptxas, which is slow and sees the same instruction selection).
    for (config, (opt, fmad)) in [(0u8, false), (3, false), (3, true), (1, false), (2, false)]
        .into_iter()
        .enumerate()
    {
        let what = format!("-O{opt} -fmad={fmad}");
        let ptx = match compile(source, checks.sm, opt, fmad) {
            Err(panic) => {
                return Verdict::Fail(Oracle::Crash, format!("{what}: oxicc panicked: {panic}"))
            }
            Ok(Err(diag)) if diag.contains("not supported") => return Verdict::Unsupported(diag),
            Ok(Err(diag)) => return Verdict::Fail(Oracle::Reject, format!("{what}: {diag}")),
            Ok(Ok(p)) => p,
        };
        if checks.ptxas && config < 3 && checks.ptxas_only.is_none_or(|k| k as usize == config) {
            if let Err(e) = timed(Stage::Ptxas, || oxicc_tests::ptxas_check(&ptx, checks.sm)) {
                return Verdict::Fail(Oracle::Ptxas, format!("{what}: {e}"));
            }
        }
        if opt == 3 && !fmad {
            optimized = ptx.clone();
        }
        match run_ptx(&ptx, &launch) {
            Ok(b) => runs.push(b),
            Err(e) => return Verdict::Fail(Oracle::Fault, format!("{what}: {e}")),
        }
    }
    for (k, level) in [(1, 3), (3, 1), (4, 2)] {
        if let Some(d) = first_difference(&runs[0], &runs[k]) {
            return Verdict::Fail(
                Oracle::OptMismatch,
                format!("-O0 vs -O{level} (-fmad=false): {d}"),
            );
        }
    }
    // Generated programs are race-free, so any interleaving of a block's threads gives the
    // same buffers: the `-O3` PTX once more under the interpreter's random schedule.
    let random = RunOptions {
        schedule: oxicc_emu::Schedule::Random,
        seed: source.len() as u64,
        ..RunOptions::default()
    };
    match run_ptx_with(&optimized, &launch, random) {
        Err(e) => return Verdict::Fail(Oracle::Generator, format!("random schedule: {e}")),
        Ok(b) => {
            if let Some(d) = first_difference(&runs[1], &b) {
                return Verdict::Fail(
                    Oracle::Generator,
                    format!("a race: the random schedule changes -O3's buffers: {d}"),
                );
            }
        }
    }
    if checks.nvcc {
        let ptx = match nvcc_ptx(source, checks) {
            Ok(p) => p,
            Err(e) => return Verdict::Fail(Oracle::Generator, format!("nvcc rejects: {e}")),
        };
        let theirs = match run_ptx(&ptx, &launch) {
            Ok(b) => b,
            Err(e) => return Verdict::Fail(Oracle::Generator, format!("nvcc's PTX: {e}")),
        };
        if let Some(d) = first_difference(&runs[1], &theirs) {
            if !nvcc_zero_relaxation(&runs[1], &theirs, &ptx) {
                return Verdict::Fail(
                    Oracle::NvccMismatch,
                    format!("oxicc -O3 vs nvcc (-fmad=false): {d}"),
                );
            }
            // nvcc's optimizer turned a compare-and-select against a constant zero into
            // `max`/`min`, which orders -0 below +0 where C++ does not: nvcc's unoptimized
            // PTX (no such rewrite) is the referee, bit for bit.
            let unoptimized = match nvcc_ptx_opt(source, checks, 0) {
                Ok(p) => p,
                Err(e) => return Verdict::Fail(Oracle::Generator, format!("nvcc -O0: {e}")),
            };
            let referee = match run_ptx(&unoptimized, &launch) {
                Ok(b) => b,
                Err(e) => return Verdict::Fail(Oracle::Generator, format!("nvcc -O0's PTX: {e}")),
            };
            if let Some(d0) = first_difference(&runs[1], &referee) {
                return Verdict::Fail(
                    Oracle::NvccMismatch,
                    format!(
                        "oxicc -O3 vs nvcc (-fmad=false): {d}; only signed zeros differ, but \
                         nvcc -Xcicc -O0 differs too: {d0}"
                    ),
                );
            }
        }
    }
    Verdict::Pass
}

/// Whether `a` and `b` differ only by the sign of zeros (an element of one is +0.0 and of
/// the other -0.0, as f32 in the low 32 bits or as f64) and nvcc's `ptx` has a float `max`
/// or `min`: the shape of nvcc's signed-zero relaxation (`if (o < v) o = v;` with `o` a
/// known -0.0 becomes `max.f32 v, 0f80000000`, which gives +0.0 for `v = +0.0` where C++
/// keeps -0.0). The caller then asks nvcc's unoptimized PTX. docs/fuzzing.md, "Float
/// policy".
pub fn nvcc_zero_relaxation(a: &[Buffer], b: &[Buffer], ptx: &str) -> bool {
    let zero_pair = |x: u64, y: u64| {
        let d = x ^ y;
        (d == 1 << 31 && (x | y) == 1 << 31) || (d == 1 << 63 && (x | y) == 1 << 63)
    };
    let mut any = false;
    for (x, y) in a.iter().zip(b) {
        if x.data == y.data {
            continue;
        }
        if x.len() != y.len() {
            return false;
        }
        for k in 0..x.len() {
            let (p, q) = (x.bits(k), y.bits(k));
            if p != q {
                if !zero_pair(p, q) {
                    return false;
                }
                any = true;
            }
        }
    }
    any && ptx.lines().any(|line| {
        let op = line.split_whitespace().next().unwrap_or("");
        op.starts_with("max.f") || op.starts_with("min.f")
    })
}

/// nvcc's PTX of `source` (`-arch=sm_<sm> -fmad=false`), from the cache when it is there.
pub fn nvcc_ptx(source: &str, checks: &Checks) -> Result<String, String> {
    nvcc_ptx_fmad(source, checks, false)
}

/// nvcc's PTX with `-fmad=<fmad>`, cached like [`nvcc_ptx`].
pub fn nvcc_ptx_fmad(source: &str, checks: &Checks, fmad: bool) -> Result<String, String> {
    nvcc_ptx_with(source, checks, fmad, 3)
}

/// nvcc's PTX at `-Xcicc -O<opt>` (`-fmad=false`), cached like [`nvcc_ptx`].
pub fn nvcc_ptx_opt(source: &str, checks: &Checks, opt: u8) -> Result<String, String> {
    nvcc_ptx_with(source, checks, false, opt)
}

fn nvcc_ptx_with(source: &str, checks: &Checks, fmad: bool, opt: u8) -> Result<String, String> {
    timed(Stage::Nvcc, || nvcc_ptx_untimed(source, checks, fmad, opt))
}

fn nvcc_ptx_untimed(source: &str, checks: &Checks, fmad: bool, opt: u8) -> Result<String, String> {
    let flags = [if fmad { "-fmad=true" } else { "-fmad=false" }];
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (source, checks.sm, &flags, "fuzz-v1").hash(&mut h);
    if opt != 3 {
        // -O3 keeps the keys of caches written before other levels were asked for.
        opt.hash(&mut h);
    }
    let key = h.finish();
    let cached = checks
        .cache
        .as_ref()
        .map(|d| d.join(format!("nvcc-{key:016x}.ptx")));
    if let Some(text) = cached
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
    {
        return Ok(text);
    }
    let scratch = oxicc_tests::nvidia::ScratchFile::new("cu");
    std::fs::write(scratch.path(), source).map_err(|e| e.to_string())?;
    let ptx = oxicc_tests::nvidia::try_nvcc_ptx_with(scratch.path(), checks.sm, opt, &flags)?;
    if let Some(path) = cached {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // Written under a temporary name and renamed, so a reader never sees half a file.
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, &ptx).is_ok() {
            let _ = std::fs::rename(&tmp, &path);
        }
    }
    Ok(ptx)
}

/// The default nvcc cache: `oxicc-fuzz-nvcc-cache` in [`work_dir`].
pub fn default_cache() -> PathBuf {
    work_dir().join("oxicc-fuzz-nvcc-cache")
}

/// Where the command keeps its cache and failures by default: the workspace's `target/`
/// when the binary runs where it was built, else the current folder (a release binary
/// copied to another machine).
pub fn work_dir() -> PathBuf {
    let target = oxicc_tests::tools::repo_root().join("target");
    if target.is_dir() {
        target
    } else {
        PathBuf::from(".")
    }
}

/// `oxicc-fuzz check FILE.cu FILE.json [--nvcc]`.
pub fn check_main(args: &[String], nvcc: bool) {
    let (Some(cu), Some(json)) = (args.first(), args.get(1)) else {
        eprintln!("usage: oxicc-fuzz check FILE.cu FILE.json [--nvcc]");
        std::process::exit(2)
    };
    let read =
        |p: &str| std::fs::read_to_string(Path::new(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let checks = Checks {
        nvcc,
        cache: Some(default_cache()),
        ..Checks::default()
    };
    let v = check(&read(cu), &read(json), &checks);
    println!("{v:?}");
    if matches!(v, Verdict::Fail(..)) {
        std::process::exit(1);
    }
}

/// Whether oxicc's and nvcc's `-O3 -fmad=true` PTX give the same buffers: `None` when
/// either does not compile or run. Used by `oxicc-fuzz fmad-survey` to measure how often
/// the two compilers contract the same products (the campaign compares `-fmad=false`).
pub fn fmad_agrees(source: &str, launch_json: &str, checks: &Checks) -> Option<bool> {
    let launch = Launch::from_json(launch_json).ok()?;
    let ours = compile(source, checks.sm, 3, true).ok()?.ok()?;
    let theirs = nvcc_ptx_fmad(source, checks, true).ok()?;
    let a = run_ptx(&ours, &launch).ok()?;
    let b = run_ptx(&theirs, &launch).ok()?;
    Some(first_difference(&a, &b).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxicc_emu::Ty;

    fn out(values: &[u64]) -> Vec<Buffer> {
        vec![Buffer {
            name: "out".into(),
            ty: Ty::U64,
            data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }]
    }

    #[test]
    fn zero_relaxation_needs_only_signed_zero_differences_and_a_float_max_or_min() {
        let max = "\tmax.f32 \t%f2, %f1, 0f80000000;\n";
        // -0.0f vs +0.0f (f32 bits zero-extended, as ox_bits stores them), and f64.
        assert!(nvcc_zero_relaxation(
            &out(&[0x8000_0000, 5]),
            &out(&[0, 5]),
            max
        ));
        assert!(nvcc_zero_relaxation(
            &out(&[0, 1 << 63]),
            &out(&[0, 0]),
            "min.f64 %fd2, %fd1, %fd3;"
        ));
        // Not without a float max/min in nvcc's PTX.
        assert!(!nvcc_zero_relaxation(
            &out(&[0x8000_0000]),
            &out(&[0]),
            "selp.f32 %f2, %f1, %f3, %p1;\nmax.s32 %r1, %r2, %r3;"
        ));
        // Not when any other element differs, nor when nothing differs.
        assert!(!nvcc_zero_relaxation(
            &out(&[0x8000_0000, 5]),
            &out(&[0, 6]),
            max
        ));
        assert!(!nvcc_zero_relaxation(&out(&[7]), &out(&[7]), max));
        // A sign flip of a nonzero value is not a signed zero.
        assert!(!nvcc_zero_relaxation(&out(&[0x8000_0001]), &out(&[1]), max));
        assert!(!nvcc_zero_relaxation(
            &out(&[(-1.0f64).to_bits()]),
            &out(&[1.0f64.to_bits()]),
            max
        ));
    }
}
