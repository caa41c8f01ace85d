//! `oxicc-bench`: compile-speed benchmark of oxicc against NVRTC and `nvcc -ptx` over the
//! kernel suites (`tests/kernels/c`, and `tests/kernels/cpp` when present).
//!
//! Each kernel file is compiled `--reps` times by each compiler and the median is kept:
//! oxicc through its library in this process, NVRTC through `tools/nvrtc_time.py` (ctypes;
//! NVRTC is never linked into a Rust crate), and nvcc as a subprocess (so its time includes
//! process start-up and its host-side front end, as a user of `nvcc -ptx` sees it). Prints a
//! table of medians per kernel with the ratios, and the medians per suite and overall (of
//! the files each compiler compiled; ratios over the files both compiled). Files oxicc cannot
//! compile yet are listed as such. Run it from a release build:
//!
//! `cargo run --release -p oxicc-tests --bin oxicc-bench -- [--reps N] [--arch sm_XX] [-O N]
//! [--filter TEXT] [--no-nvrtc] [--no-nvcc] [--lineinfo] [--one-walk]` (`--lineinfo`: oxicc
//! compiles with `-lineinfo`; `--one-walk`: every body takes the one-walk lowering, to
//! measure the typed tree's cost against it)
//!
//! `--command PATH`: oxicc's time is the CPU time (user + system, from `wait4`) of the
//! `oxicc` command at PATH compiling the file to `/dev/null` (a new process each time, as a
//! build runs it), instead of the library's wall time in this process. `--plain-headers`:
//! oxicc takes the plain path for built-in header code (`--fast-headers=false`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use oxicc_tests::cpu_time::run_for_cpu_time;
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{c_kernels, cpp_kernels, include_dirs_for, oxicc_options, KernelSource};
use oxicc_tests::nvidia::{nvcc_command, ScratchFile};
use oxicc_tests::tools;

struct Args {
    reps: usize,
    sm: u32,
    opt: u8,
    filter: Option<String>,
    nvrtc: bool,
    nvcc: bool,
    line_info: bool,
    one_walk: bool,
    command: Option<PathBuf>,
    plain_headers: bool,
}

const USAGE: &str = "usage: oxicc-bench [--reps N] [--arch sm_XX] [-O N] [--filter TEXT] \
                     [--no-nvrtc] [--no-nvcc] [--lineinfo] [--one-walk] \
                     [--command PATH] [--plain-headers]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        reps: 5,
        sm: 75,
        opt: 3,
        filter: None,
        nvrtc: true,
        nvcc: true,
        line_info: false,
        one_walk: false,
        command: None,
        plain_headers: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--reps" => {
                args.reps = value("--reps")?
                    .parse()
                    .map_err(|e| format!("--reps: {e}"))?;
                if args.reps == 0 {
                    return Err("--reps must be at least 1".into());
                }
            }
            "--arch" => {
                let arch = value("--arch")?;
                let digits = arch
                    .trim_start_matches("sm_")
                    .trim_start_matches("compute_");
                args.sm = digits.parse().map_err(|_| format!("bad --arch {arch}"))?;
            }
            "-O" => args.opt = value("-O")?.parse().map_err(|e| format!("-O: {e}"))?,
            "--filter" => args.filter = Some(value("--filter")?),
            "--no-nvrtc" => args.nvrtc = false,
            "--no-nvcc" => args.nvcc = false,
            "--lineinfo" => args.line_info = true,
            "--one-walk" => args.one_walk = true,
            "--command" => args.command = Some(PathBuf::from(value("--command")?)),
            "--plain-headers" => args.plain_headers = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => match other.strip_prefix("-O").map(str::parse) {
                Some(Ok(opt)) => args.opt = opt,
                _ => return Err(format!("unknown argument {other}\n{USAGE}")),
            },
        }
    }
    if args.opt > 3 {
        return Err("-O takes 0..3".into());
    }
    Ok(args)
}

/// A compiler's result for one kernel file: the median time, or why it has none.
#[derive(Clone)]
enum Timing {
    Median(Duration),
    Failed(String),
    NotRun,
}

impl Timing {
    fn median(&self) -> Option<Duration> {
        match self {
            Timing::Median(d) => Some(*d),
            _ => None,
        }
    }

    fn cell(&self) -> String {
        match self {
            Timing::Median(d) => format!("{:.2}", d.as_secs_f64() * 1e3),
            Timing::Failed(_) => "fails".into(),
            Timing::NotRun => "n/a".into(),
        }
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    let n = samples.len();
    if n % 2 == 1 {
        samples[n / 2]
    } else {
        (samples[n / 2 - 1] + samples[n / 2]) / 2
    }
}

fn median_f64(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").to_string()
}

fn time_oxicc(kernel: &KernelSource, args: &Args) -> Timing {
    let options = oxicc::Options {
        line_info: args.line_info,
        typed_bodies: !args.one_walk,
        fast_headers: !args.plain_headers,
        ..oxicc_options(&kernel.path, args.sm, args.opt)
    };
    // The first compile is guarded, so a file the compiler cannot handle yet (error,
    // panic, hang) is reported instead of ending the benchmark.
    if let Err(error) = compile_guarded(kernel, &options) {
        return Timing::Failed(error);
    }
    if let Some(binary) = &args.command {
        return time_command(binary, kernel, args);
    }
    let samples = (0..args.reps)
        .map(|_| {
            let start = Instant::now();
            let output = oxicc::compile(&kernel.file_name, &kernel.text, &options);
            let elapsed = start.elapsed();
            std::hint::black_box(output);
            elapsed
        })
        .collect();
    Timing::Median(median(samples))
}

/// The median CPU time of the `oxicc` command compiling `kernel` with the options
/// `oxicc_options` gives the library.
fn time_command(binary: &Path, kernel: &KernelSource, args: &Args) -> Timing {
    let mut samples = Vec::new();
    for _ in 0..args.reps {
        let mut command = Command::new(binary);
        command
            .arg(format!("-arch=sm_{}", args.sm))
            .arg(format!("-O{}", args.opt));
        for dir in include_dirs_for(&kernel.path) {
            command.arg("-I").arg(dir);
        }
        if args.line_info {
            command.arg("--lineinfo");
        }
        if args.one_walk {
            command.arg("--lowering=one-walk");
        }
        if args.plain_headers {
            command.arg("--fast-headers=false");
        }
        command.arg(&kernel.path).arg("-o").arg("/dev/null");
        match run_for_cpu_time(&mut command) {
            Ok((true, cpu)) => samples.push(cpu),
            Ok((false, _)) => return Timing::Failed("the command failed".into()),
            Err(e) => return Timing::Failed(format!("running {}: {e}", binary.display())),
        }
    }
    Timing::Median(median(samples))
}

fn time_nvcc(kernel: &Path, args: &Args) -> Timing {
    let output = ScratchFile::new("ptx");
    let mut samples = Vec::new();
    for _ in 0..args.reps {
        let mut command = nvcc_command(kernel, args.sm, args.opt, output.path());
        let start = Instant::now();
        let result = command.output();
        let elapsed = start.elapsed();
        match result {
            Ok(out) if out.status.success() => samples.push(elapsed),
            Ok(out) => return Timing::Failed(first_line(&String::from_utf8_lossy(&out.stderr))),
            Err(e) => return Timing::Failed(format!("cannot run nvcc: {e}")),
        }
    }
    Timing::Median(median(samples))
}

/// Runs `tools/nvrtc_time.py` once per include-folder set; `Err` when it cannot run.
fn time_nvrtc(kernels: &[PathBuf], args: &Args) -> Result<BTreeMap<PathBuf, Timing>, String> {
    let lib = tools::find_nvrtc_lib()
        .ok_or(format!("libnvrtc.so.13 not found: {}", tools::INSTALL_HINT))?;
    let script = tools::repo_root().join("tools/nvrtc_time.py");
    let mut groups: BTreeMap<Vec<PathBuf>, Vec<PathBuf>> = BTreeMap::new();
    for kernel in kernels {
        groups
            .entry(include_dirs_for(kernel))
            .or_default()
            .push(kernel.clone());
    }
    let mut timings = BTreeMap::new();
    for (include_dirs, files) in groups {
        let mut command = Command::new(std::env::var("PYTHON").unwrap_or("python3".into()));
        command
            .arg(&script)
            .arg("--lib")
            .arg(&lib)
            .arg("--arch")
            .arg(format!("sm_{}", args.sm))
            .arg("--reps")
            .arg(args.reps.to_string());
        for dir in &include_dirs {
            command.arg("-I").arg(dir);
        }
        command.args(&files);
        let out = command
            .output()
            .map_err(|e| format!("cannot run {}: {e}", script.display()))?;
        if !out.status.success() {
            return Err(format!(
                "{} failed: {}",
                script.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .map_err(|e| format!("{} printed no JSON: {e}", script.display()))?;
        let results = json["results"].as_array().ok_or("JSON without results")?;
        for result in results {
            let file = PathBuf::from(result["file"].as_str().unwrap_or_default());
            let timing = if result["ok"].as_bool() == Some(true) {
                let samples = result["times_s"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|t| t.as_f64())
                    .map(Duration::from_secs_f64)
                    .collect();
                Timing::Median(median(samples))
            } else {
                Timing::Failed(first_line(result["log"].as_str().unwrap_or("")))
            };
            timings.insert(file, timing);
        }
    }
    Ok(timings)
}

fn ratio(numerator: &Timing, denominator: &Timing) -> Option<f64> {
    Some(numerator.median()?.as_secs_f64() / denominator.median()?.as_secs_f64())
}

fn ratio_cell(r: Option<f64>) -> String {
    r.map_or("-".into(), |r| format!("{r:.1}x"))
}

struct Row {
    name: String,
    oxicc: Timing,
    nvrtc: Timing,
    nvcc: Timing,
}

fn print_table(rows: &[Row]) {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(6).max(14);
    println!(
        "{:<width$} {:>10} {:>10} {:>10} {:>12} {:>12}",
        "kernel file", "oxicc ms", "nvrtc ms", "nvcc ms", "nvrtc/oxicc", "nvcc/oxicc"
    );
    for row in rows {
        println!(
            "{:<width$} {:>10} {:>10} {:>10} {:>12} {:>12}",
            row.name,
            row.oxicc.cell(),
            row.nvrtc.cell(),
            row.nvcc.cell(),
            ratio_cell(ratio(&row.nvrtc, &row.oxicc)),
            ratio_cell(ratio(&row.nvcc, &row.oxicc)),
        );
    }
    // One median line per suite (the first folder of the name: `c`, `cpp`), then overall.
    let mut suites: Vec<&str> = rows
        .iter()
        .map(|r| r.name.split('/').next().unwrap_or(""))
        .collect();
    suites.dedup();
    if suites.len() > 1 {
        for suite in &suites {
            let group: Vec<&Row> = rows
                .iter()
                .filter(|r| r.name.split('/').next() == Some(suite))
                .collect();
            print_median_line(&format!("MEDIAN {suite}/"), &group, width);
        }
    }
    let all: Vec<&Row> = rows.iter().collect();
    print_median_line("MEDIAN", &all, width);
}

/// The medians of `rows`' times (over the files each compiler compiled) and of the
/// per-file ratios (over the files both compilers compiled).
fn print_median_line(label: &str, rows: &[&Row], width: usize) {
    let overall = |pick: fn(&Row) -> &Timing| {
        median_f64(
            rows.iter()
                .filter_map(|r| pick(r).median())
                .map(|d| d.as_secs_f64() * 1e3)
                .collect(),
        )
        .map_or("-".into(), |ms| format!("{ms:.2}"))
    };
    let overall_ratio = |pick: fn(&Row) -> &Timing| {
        ratio_cell(median_f64(
            rows.iter()
                .filter_map(|r| ratio(pick(r), &r.oxicc))
                .collect(),
        ))
    };
    println!(
        "{:<width$} {:>10} {:>10} {:>10} {:>12} {:>12}",
        label,
        overall(|r| &r.oxicc),
        overall(|r| &r.nvrtc),
        overall(|r| &r.nvcc),
        overall_ratio(|r| &r.nvrtc),
        overall_ratio(|r| &r.nvcc),
    );
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("note: built without --release; oxicc's times are not representative");
    }
    let kernels: Vec<PathBuf> = c_kernels()
        .into_iter()
        .chain(cpp_kernels())
        .filter(|k| match &args.filter {
            Some(f) => k.to_string_lossy().contains(f.as_str()),
            None => true,
        })
        .collect();
    if kernels.is_empty() {
        eprintln!("no kernel files matched");
        std::process::exit(1);
    }
    println!(
        "oxicc-bench: {} kernel files, sm_{} -O{}, median of {} compiles each",
        kernels.len(),
        args.sm,
        args.opt,
        args.reps
    );

    let mut nvrtc = BTreeMap::new();
    if args.nvrtc {
        match time_nvrtc(&kernels, &args) {
            Ok(timings) => nvrtc = timings,
            Err(e) => eprintln!("NVRTC skipped: {e}"),
        }
    }
    let nvcc_found = tools::find_nvcc().is_some();
    if args.nvcc && !nvcc_found {
        eprintln!("nvcc skipped: not found: {}", tools::INSTALL_HINT);
    }

    let rows: Vec<Row> = kernels
        .iter()
        .map(|path| {
            let kernel = KernelSource::load(path);
            let relative = path
                .strip_prefix(tools::repo_root().join("tests/kernels"))
                .unwrap_or(path);
            Row {
                name: relative.with_extension("").to_string_lossy().into_owned(),
                oxicc: time_oxicc(&kernel, &args),
                nvrtc: nvrtc.get(path).cloned().unwrap_or(Timing::NotRun),
                nvcc: if args.nvcc && nvcc_found {
                    time_nvcc(path, &args)
                } else {
                    Timing::NotRun
                },
            }
        })
        .collect();
    print_table(&rows);

    let failures: Vec<(&str, &Row, &String)> = rows
        .iter()
        .flat_map(|r| {
            [("oxicc", &r.oxicc), ("nvrtc", &r.nvrtc), ("nvcc", &r.nvcc)]
                .into_iter()
                .filter_map(move |(tool, t)| match t {
                    Timing::Failed(why) => Some((tool, r, why)),
                    _ => None,
                })
        })
        .collect();
    if !failures.is_empty() {
        println!("\nnot compiled (no time):");
        for (tool, row, why) in failures {
            let label = if tool == "oxicc" {
                "oxicc cannot compile yet"
            } else {
                tool
            };
            println!("  {}: {label}: {}", row.name, first_line(why));
        }
    }
}
