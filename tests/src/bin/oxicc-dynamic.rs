//! `oxicc-dynamic`: how much work oxicc's kernels do at run time compared with nvcc's.
//!
//! Every suite kernel with a launch file (`tests/kernels/harness/*.cu` and
//! `tests/kernels/cpp/*.cu`, each with `NAME.json`) is compiled by oxicc and by `nvcc -ptx`
//! (`-O3`, the target of the file's `// harness-arch: sm_XY` line, else sm_75), both PTX
//! files run in the interpreter with the same launch (profiled: executions per
//! instruction), and the executed thread-instructions are compared: the ratio oxicc/nvcc
//! per kernel, broken down by instruction class (memory, arithmetic, control, conversion,
//! move; see `oxicc_emu::class_counts`), and the geometric means. `ptxas -v` adds, for
//! both PTX files, the registers (the most of any kernel in the file), the local-memory
//! bytes (stack frames) and the spill bytes (stores + loads).
//!
//! nvcc's PTX is cached in `target/oxicc-dynamic-cache`, keyed by a hash of the source, its
//! include folder's files, the target and the nvcc binary. Run it from a release build:
//!
//! `cargo run --release -p oxicc-tests --bin oxicc-dynamic -- [--filter TEXT] [--worst N]`

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

use oxicc_emu::{class_counts, Launch, Module, RunOptions, CLASSES};
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{include_dirs_for, oxicc_options, KernelSource};
use oxicc_tests::nvidia::{try_nvcc_ptx, ScratchFile};
use oxicc_tests::parallel::parallel_map;
use oxicc_tests::tools;

/// Classes shown in the table (the last, "other", is counted in the total only).
const SHOWN: usize = 5;

/// What one compiler's PTX did.
#[derive(Clone, Debug, Default)]
struct Run {
    total: u64,
    classes: [u64; 6],
    /// From `ptxas -v`: the most registers of a kernel, local bytes, spill bytes.
    regs: u32,
    local: u32,
    spills: u32,
}

struct Row {
    name: String,
    oxicc: Result<Run, String>,
    nvcc: Result<Run, String>,
}

fn launch_files() -> Vec<PathBuf> {
    let root = tools::repo_root().join("tests/kernels");
    let mut out = Vec::new();
    for dir in ["harness", "cpp"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut cus: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().is_some_and(|e| e == "cu") && p.with_extension("json").exists()
            })
            .collect();
        cus.sort();
        out.extend(cus);
    }
    out
}

/// The target of a kernel: its `// harness-arch: sm_XY` line, else sm_75.
fn kernel_sm(source: &str) -> u32 {
    source
        .lines()
        .find_map(|l| l.trim().strip_prefix("// harness-arch: sm_"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(75)
}

fn cache_key(cu: &Path, sm: u32) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    ("dynamic-v1", sm).hash(&mut h);
    std::fs::read(cu).unwrap_or_default().hash(&mut h);
    for dir in include_dirs_for(cu) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            std::fs::read(&f).unwrap_or_default().hash(&mut h);
        }
    }
    let nvcc = tools::nvcc();
    nvcc.hash(&mut h);
    if let Ok(meta) = std::fs::metadata(&nvcc) {
        meta.len().hash(&mut h);
    }
    h.finish()
}

fn nvcc_ptx(cu: &Path, sm: u32) -> Result<String, String> {
    let dir = tools::repo_root().join("target/oxicc-dynamic-cache");
    let file = dir.join(format!("{:016x}.ptx", cache_key(cu, sm)));
    if let Ok(text) = std::fs::read_to_string(&file) {
        return Ok(text);
    }
    let ptx = try_nvcc_ptx(cu, sm, 3)?;
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(&file, &ptx);
    Ok(ptx)
}

/// Registers (the most of any function), local bytes and spill bytes from `ptxas -v`.
fn ptxas_stats(ptx: &str, sm: u32) -> (u32, u32, u32) {
    let input = ScratchFile::new("ptx");
    let output = ScratchFile::new("cubin");
    if std::fs::write(input.path(), ptx).is_err() {
        return (0, 0, 0);
    }
    let Ok(out) = Command::new(tools::ptxas())
        .arg("-v")
        .arg(format!("-arch=sm_{sm}"))
        .arg(input.path())
        .arg("-o")
        .arg(output.path())
        .output()
    else {
        return (0, 0, 0);
    };
    let text = String::from_utf8_lossy(&out.stderr);
    let number_before = |line: &str, what: &str| -> Option<u32> {
        let at = line.find(what)?;
        line[..at].split_whitespace().last()?.parse().ok()
    };
    let (mut regs, mut local, mut spills) = (0, 0, 0);
    for line in text.lines() {
        if let Some(r) = number_before(line, " registers") {
            regs = regs.max(r);
        }
        local += number_before(line, " bytes stack frame").unwrap_or(0);
        spills += number_before(line, " bytes spill stores").unwrap_or(0);
        spills += number_before(line, " bytes spill loads").unwrap_or(0);
    }
    (regs, local, spills)
}

fn execute(ptx: &str, launch: &Launch, sm: u32) -> Result<Run, String> {
    let module = Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    let opts = RunOptions {
        profile: true,
        ..Default::default()
    };
    let out = oxicc_emu::run(&module, launch, &opts).map_err(|e| format!("run: {e}"))?;
    let (regs, local, spills) = ptxas_stats(ptx, sm);
    Ok(Run {
        total: out.instructions,
        classes: class_counts(&module, &out.pc_counts),
        regs,
        local,
        spills,
    })
}

fn measure(cu: &Path) -> Row {
    let source = KernelSource::load(cu);
    let sm = kernel_sm(&source.text);
    let relative = cu
        .strip_prefix(tools::repo_root().join("tests/kernels"))
        .unwrap_or(cu);
    let name = relative.with_extension("").to_string_lossy().into_owned();
    let launch = std::fs::read_to_string(cu.with_extension("json"))
        .map_err(|e| e.to_string())
        .and_then(|t| Launch::from_json(&t).map_err(|e| e.to_string()));
    let launch = match launch {
        Ok(l) => l,
        Err(e) => {
            return Row {
                name,
                oxicc: Err(format!("launch: {e}")),
                nvcc: Err("launch".into()),
            }
        }
    };
    let oxicc = compile_guarded(&source, &oxicc_options(cu, sm, 3))
        .and_then(|ptx| execute(&ptx, &launch, sm));
    let nvcc = nvcc_ptx(cu, sm).and_then(|ptx| execute(&ptx, &launch, sm));
    Row { name, oxicc, nvcc }
}

fn ratio(a: u64, b: u64) -> Option<f64> {
    (a > 0 && b > 0).then(|| a as f64 / b as f64)
}

fn geomean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some((values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}

fn cell(r: Option<f64>) -> String {
    r.map_or("-".into(), |r| format!("{r:.2}"))
}

fn main() {
    let mut filter = None;
    let mut worst = 10usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--filter" => filter = args.next(),
            "--worst" => worst = args.next().and_then(|v| v.parse().ok()).unwrap_or(10),
            _ => {
                eprintln!("usage: oxicc-dynamic [--filter TEXT] [--worst N]");
                std::process::exit(2);
            }
        }
    }
    let files: Vec<PathBuf> = launch_files()
        .into_iter()
        .filter(|p| match &filter {
            Some(f) => p.to_string_lossy().contains(f.as_str()),
            None => true,
        })
        .collect();
    let rows = parallel_map(&files, |f| measure(f));

    let width = rows
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(10)
        .max(10);
    print!(
        "{:<width$} {:>11} {:>11} {:>6}",
        "kernel", "oxicc", "nvcc", "ratio"
    );
    for c in &CLASSES[..SHOWN] {
        print!(" {:>6}", &c[..c.len().min(6)]);
    }
    println!(" {:>9} {:>9} {:>9}", "regs o/n", "local o/n", "spill o/n");
    let mut totals = Vec::new();
    let mut per_class: Vec<Vec<f64>> = vec![Vec::new(); SHOWN];
    let mut regs = Vec::new();
    let mut ranked = Vec::new();
    let mut failed = Vec::new();
    for row in &rows {
        let (o, n) = match (&row.oxicc, &row.nvcc) {
            (Ok(o), Ok(n)) => (o, n),
            (o, n) => {
                let why = o
                    .as_ref()
                    .err()
                    .or(n.as_ref().err())
                    .cloned()
                    .unwrap_or_default();
                failed.push(format!(
                    "{}: {}",
                    row.name,
                    why.lines().next().unwrap_or("")
                ));
                continue;
            }
        };
        let r = ratio(o.total, n.total);
        print!(
            "{:<width$} {:>11} {:>11} {:>6}",
            row.name,
            o.total,
            n.total,
            cell(r)
        );
        for (k, list) in per_class.iter_mut().enumerate() {
            let rk = ratio(o.classes[k], n.classes[k]);
            print!(" {:>6}", cell(rk));
            list.extend(rk);
        }
        println!(
            " {:>9} {:>9} {:>9}",
            format!("{}/{}", o.regs, n.regs),
            format!("{}/{}", o.local, n.local),
            format!("{}/{}", o.spills, n.spills)
        );
        if let Some(r) = r {
            totals.push(r);
            ranked.push((r, row.name.clone()));
        }
        regs.extend(ratio(o.regs as u64, n.regs as u64));
        if o.local > 0 && n.local == 0 {
            failed.push(format!(
                "{}: local memory {} B where nvcc has none",
                row.name, o.local
            ));
        }
    }
    print!(
        "{:<width$} {:>11} {:>11} {:>6}",
        "GEOMEAN",
        "",
        "",
        cell(geomean(&totals))
    );
    for list in &per_class {
        print!(" {:>6}", cell(geomean(list)));
    }
    println!(" {:>9}", cell(geomean(&regs)));
    println!(
        "{} kernels; above 1.15x: {}",
        totals.len(),
        totals.iter().filter(|&&r| r > 1.15).count()
    );
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("\nworst ratios:");
    for (r, name) in ranked.iter().take(worst) {
        println!("  {r:.3}  {name}");
    }
    if !failed.is_empty() {
        println!("\nnot compared / notes:");
        for f in failed {
            println!("  {f}");
        }
    }
}
