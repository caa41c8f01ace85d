//! `oxicc-scaling`: does compile time grow linearly with the size of the input?
//!
//! Two families of generated inputs (issue 16): one straight-line kernel of N statements
//! (default 1k, 4k, 16k, 64k), and one file of N small kernels (default 1k, 4k, 16k). Each
//! input is compiled end to end through the library (`oxicc::compile`, the minimum of
//! `--reps` runs) and, once more, phase by phase: the front end (source to unoptimized IR),
//! every pass of the `-O3` pipeline (summed by name) and every backend stage (`isel`,
//! `liveness`, `regalloc`, …), so a phase whose cost grows faster than its input shows up.
//! It prints the time per statement (or per kernel), its growth relative to the smallest
//! input, and the phases that take the most time. The bound the issue sets: time per
//! statement may grow by at most 1.5× from the smallest input to the largest; the program
//! exits with status 1 when a family breaks it (`--no-check` only prints).
//!
//! The straight-line kernel mixes loads, stores, multiply-adds and subtractions; each
//! statement reads the previous value and one of the 64 before it (a deterministic
//! pseudo-random choice), and a few values stay live to the end, so the function has many
//! simultaneously live values, long live ranges and a large register count, as unrolled
//! physics codes and tiles do. Run it from a release build without debug assertions:
//!
//! `cargo run --release -p oxicc-tests --bin oxicc-scaling -- [--sizes 1000,4000]
//! [--kernels 1000,4000] [--reps N] [--phases N] [--no-check] [--dump DIR]` (`--phases`:
//! how many of the slowest phases to list, default 6; `--dump`: only write the inputs, as
//! `DIR/stmts-N.cu` and `DIR/kernels-N.cu`, so that each can be compiled alone under a
//! profiler such as callgrind, whose instruction counts do not depend on the machine's load).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::{Duration, Instant};

struct Args {
    sizes: Vec<usize>,
    kernels: Vec<usize>,
    reps: usize,
    check: bool,
    phases: usize,
    dump: Option<String>,
}

const USAGE: &str = "usage: oxicc-scaling [--sizes N,N,..] [--kernels N,N,..] [--reps N] \
                     [--phases N] [--no-check] [--dump DIR]";

fn parse_list(text: &str) -> Result<Vec<usize>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|t| t.trim().parse().map_err(|e| format!("bad size {t}: {e}")))
        .collect()
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        sizes: vec![1000, 4000, 16000, 64000],
        kernels: vec![1000, 4000, 16000],
        reps: 3,
        check: true,
        phases: 6,
        dump: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--sizes" => args.sizes = parse_list(&value("--sizes")?)?,
            "--kernels" => args.kernels = parse_list(&value("--kernels")?)?,
            "--reps" => {
                args.reps = value("--reps")?
                    .parse()
                    .map_err(|e| format!("--reps: {e}"))?;
                args.reps = args.reps.max(1);
            }
            "--no-check" => args.check = false,
            "--dump" => args.dump = Some(value("--dump")?),
            "--phases" => {
                args.phases = value("--phases")?
                    .parse()
                    .map_err(|e| format!("--phases: {e}"))?;
            }
            _ => return Err(USAGE.into()),
        }
    }
    Ok(args)
}

/// A deterministic linear congruential generator (the input must not vary between runs).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// One kernel of `n` straight-line statements.
fn straight_line(n: usize) -> String {
    let mut s = String::from(
        "__global__ void big(float *out, const float *in, int n) {\n  \
         int i = blockIdx.x * blockDim.x + threadIdx.x;\n  float v0 = in[i];\n",
    );
    let mut rng = Lcg(12345);
    for k in 1..n {
        let back = k - 1 - (rng.next() as usize) % k.min(64);
        let c = k % 17;
        let _ = match k % 11 {
            0 => writeln!(
                s,
                "  float v{k} = v{} * {c}.5f + in[i + {}];",
                k - 1,
                k % 61
            ),
            5 => writeln!(
                s,
                "  out[i + {}] = v{}; float v{k} = v{back} - v{};",
                k % 97,
                k - 1,
                k - 1
            ),
            _ => writeln!(s, "  float v{k} = v{} * v{back} + {c}.25f;", k - 1),
        };
    }
    let _ = writeln!(s, "  out[i] = v{} + v0 + v{};\n}}", n - 1, n / 2);
    s
}

/// One file of `n` small kernels.
fn many_kernels(n: usize) -> String {
    let mut s = String::new();
    for k in 0..n {
        let _ = writeln!(
            s,
            "__global__ void k{k}(float *out, const float *in, int n) {{\n  \
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n  \
             if (i < n) out[i] = in[i] * {}.5f + out[i];\n}}",
            k % 29
        );
    }
    s
}

fn options(emit: oxicc::Emit, passes: Option<Vec<String>>) -> oxicc::Options {
    oxicc::Options {
        emit,
        passes,
        ..oxicc::Options::default()
    }
}

/// The minimum end-to-end compile time of `reps` runs.
fn end_to_end(source: &str, reps: usize) -> Result<Duration, String> {
    let opts = options(oxicc::Emit::Ptx, None);
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        let out = oxicc::compile("scaling.cu", source, &opts);
        best = best.min(start.elapsed());
        if !out.ok() {
            let first = out.diagnostics.first().map(|d| d.to_string());
            return Err(first.unwrap_or_else(|| "compile failed".into()));
        }
    }
    Ok(best)
}

/// Time per phase of one compile: the front end, each pass (summed by name), each backend
/// stage.
fn phases(source: &str) -> Result<Vec<(String, Duration)>, String> {
    let mut out: Vec<(String, Duration)> = Vec::new();
    let start = Instant::now();
    let ir = oxicc::compile(
        "scaling.cu",
        source,
        &options(oxicc::Emit::Ir, Some(vec![])),
    );
    out.push(("front end".into(), start.elapsed()));
    let text = ir.text.ok_or("front end failed")?;
    let mut module = oxicc_ir::parse_module(&text).map_err(|e| format!("{e:?}"))?;
    let pipeline = oxicc_passes::PipelineOptions {
        opt_level: 3,
        passes: None,
        verify_each: false,
        print_after_all: false,
        time_passes: true,
        fmad: true,
    };
    let report = oxicc_passes::run_pipeline_with_report(&mut module, &pipeline)
        .map_err(|e| e.to_string())?;
    let mut by_pass: BTreeMap<String, Duration> = BTreeMap::new();
    for t in &report.timings {
        *by_pass.entry(t.pass.clone()).or_default() += t.time;
    }
    out.extend(by_pass);
    let (_, stages) =
        oxicc_backend::emit_ptx_timed(&module, &Default::default()).map_err(|e| e.message)?;
    out.extend(
        stages
            .stages
            .into_iter()
            .map(|(s, t)| (format!("backend:{s}"), t)),
    );
    Ok(out)
}

/// Runs one family; returns the growth of time per unit from the smallest input.
fn family(name: &str, unit: &str, sizes: &[usize], make: fn(usize) -> String, args: &Args) -> f64 {
    println!("\n{name}");
    println!(
        "{:>8} {:>10} {:>12} {:>8}  slowest phases (ms)",
        unit,
        "total s",
        format!("us/{unit}"),
        "growth"
    );
    let mut first: Option<f64> = None;
    let mut growth = 1.0f64;
    for &n in sizes {
        let source = make(n);
        let total = match end_to_end(&source, args.reps) {
            Ok(t) => t,
            Err(e) => {
                println!("{n:>8} does not compile: {e}");
                continue;
            }
        };
        let per = total.as_secs_f64() * 1e6 / n as f64;
        let base = *first.get_or_insert(per);
        growth = growth.max(per / base);
        // The minimum of each phase over the repetitions, like the total.
        let mut ph: Vec<(String, Duration)> = Vec::new();
        for _ in 0..args.reps {
            for (name, t) in phases(&source).unwrap_or_default() {
                match ph.iter_mut().find(|(p, _)| *p == name) {
                    Some((_, best)) => *best = (*best).min(t),
                    None => ph.push((name, t)),
                }
            }
        }
        ph.sort_by_key(|p| std::cmp::Reverse(p.1));
        let top: Vec<String> = ph
            .iter()
            .take(args.phases)
            .map(|(p, t)| format!("{p} {:.1}", t.as_secs_f64() * 1e3))
            .collect();
        println!(
            "{n:>8} {:>10.3} {per:>12.2} {:>7.2}x  {}",
            total.as_secs_f64(),
            per / base,
            top.join(", ")
        );
    }
    growth
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("note: built with debug assertions; the IR is verified after every pass");
    }
    if let Some(dir) = &args.dump {
        let inputs = (args
            .sizes
            .iter()
            .map(|&n| (format!("stmts-{n}.cu"), straight_line(n))))
        .chain(
            args.kernels
                .iter()
                .map(|&n| (format!("kernels-{n}.cu"), many_kernels(n))),
        );
        for (name, text) in inputs {
            let path = std::path::Path::new(dir).join(name);
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("cannot write {}: {e}", path.display());
                std::process::exit(2);
            }
        }
        return;
    }
    let mut worst: f64 = 1.0;
    if !args.sizes.is_empty() {
        let g = family(
            "one straight-line kernel",
            "stmts",
            &args.sizes,
            straight_line,
            &args,
        );
        println!("growth of time per statement: {g:.2}x (bound 1.5x)");
        worst = worst.max(g);
    }
    if !args.kernels.is_empty() {
        let g = family(
            "one file of small kernels",
            "kernels",
            &args.kernels,
            many_kernels,
            &args,
        );
        println!("growth of time per kernel: {g:.2}x (bound 1.5x)");
        worst = worst.max(g);
    }
    if args.check && worst > 1.5 {
        println!("FAIL: time per unit grows by more than 1.5x");
        std::process::exit(1);
    }
}
