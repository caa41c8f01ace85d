//! `oxicc-fuzz run`: a campaign over consecutive seeds on `--jobs` threads (until
//! `--count` programs ran or `--time-limit` seconds passed). Each seed gets
//! its feature switches from the seed (or `--features`), is generated, and goes through the
//! oracles; nvcc is consulted on every `--nvcc-every`-th program and ptxas on every
//! `--ptxas-every`-th (both 1 = always; 0 = never). Failures are written to `--save DIR`
//! (`SEED.cu`, `SEED.json`, `SEED.txt` with the oracle and its message). The summary
//! counts programs, compiles, mismatches, crashes, unsupported programs and the time per
//! program.

use crate::features::Features;
use crate::oracle::{self, Checks, Oracle, Verdict};
use crate::timing::{self, timed, Stage};
use crate::{case_of, generate};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Campaign {
    pub seed_start: u64,
    pub count: u64,
    pub jobs: usize,
    pub features: Option<Features>,
    pub nvcc_every: u64,
    pub ptxas_every: u64,
    pub save: Option<PathBuf>,
    pub cache: Option<PathBuf>,
    /// Print a progress line every this many programs (0: never).
    pub progress: u64,
    /// Stop taking new seeds after this many seconds (0: no limit); the summary says how
    /// many programs ran.
    pub time_limit: u64,
}

#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub programs: u64,
    /// Programs oxicc compiled (all three configurations).
    pub compiled: u64,
    pub unsupported: u64,
    pub nvcc_checked: u64,
    pub ptxas_checked: u64,
    /// Failures per oracle, with the seeds.
    pub failures: BTreeMap<Oracle, Vec<u64>>,
    /// The first message of each failing seed.
    pub messages: BTreeMap<u64, String>,
    pub seconds: f64,
    /// How often each feature switch was on.
    pub feature_use: BTreeMap<&'static str, u64>,
    /// Seconds spent in each stage ([`Stage::ALL`]), summed over the jobs.
    pub stage_seconds: [f64; 5],
}

impl Summary {
    pub fn failed(&self) -> u64 {
        self.failures.values().map(|v| v.len() as u64).sum()
    }

    pub fn text(&self) -> String {
        let count = |o: Oracle| self.failures.get(&o).map_or(0, Vec::len);
        let mut s = format!(
            "programs {}, compiles {}, unsupported {}, mismatches {} (-O0/-On {}, oxicc/nvcc {}), \
             crashes {}, rejects {}, ptxas {}, faults {}, generator {}; nvcc checked {}, ptxas checked {}; \
             {:.1} s, {:.1} ms per program, {:.2} programs/s",
            self.programs,
            self.compiled,
            self.unsupported,
            count(Oracle::OptMismatch) + count(Oracle::NvccMismatch),
            count(Oracle::OptMismatch),
            count(Oracle::NvccMismatch),
            count(Oracle::Crash),
            count(Oracle::Reject),
            count(Oracle::Ptxas),
            count(Oracle::Fault),
            count(Oracle::Generator),
            self.nvcc_checked,
            self.ptxas_checked,
            self.seconds,
            1000.0 * self.seconds / self.programs.max(1) as f64,
            self.programs as f64 / self.seconds.max(1e-9),
        );
        let uses: Vec<String> = self
            .feature_use
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        s.push_str(&format!("\nfeature use: {}", uses.join(", ")));
        let total: f64 = self.stage_seconds.iter().sum::<f64>().max(1e-9);
        let stages: Vec<String> = Stage::ALL
            .iter()
            .zip(self.stage_seconds)
            .map(|(st, t)| format!("{} {t:.1} s ({:.0}%)", st.name(), 100.0 * t / total))
            .collect();
        s.push_str(&format!(
            "\ntime by stage (summed over jobs): {}",
            stages.join(", ")
        ));
        for (o, seeds) in &self.failures {
            let shown: Vec<String> = seeds.iter().take(10).map(u64::to_string).collect();
            s.push_str(&format!("\n{}: seeds {}", o.name(), shown.join(" ")));
            if let Some(m) = seeds.first().and_then(|k| self.messages.get(k)) {
                let first: String = m.lines().next().unwrap_or("").chars().take(200).collect();
                s.push_str(&format!("\n  first: {first}"));
            }
        }
        s
    }
}

/// The features of one campaign seed.
pub fn features_of(c: &Campaign, seed: u64) -> Features {
    c.features.unwrap_or_else(|| Features::for_seed(seed))
}

/// The target of one campaign seed: sm_75, sm_80 or sm_90 (they select different
/// instructions in both compilers).
pub fn sm_of(seed: u64) -> u32 {
    [75, 80, 90][(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as usize % 3]
}

/// Runs one seed through the oracles.
pub fn check_seed(c: &Campaign, seed: u64, index: u64) -> (Features, Checks, Verdict) {
    let features = features_of(c, seed);
    let case = timed(Stage::Generate, || case_of(&generate(seed, features)));
    let checks = Checks {
        sm: sm_of(seed),
        ptxas: c.ptxas_every > 0 && index.is_multiple_of(c.ptxas_every),
        ptxas_only: Some((index / c.ptxas_every.max(1) % 3) as u8),
        nvcc: c.nvcc_every > 0 && index.is_multiple_of(c.nvcc_every),
        cache: c.cache.clone(),
    };
    let v = oracle::check(&case.source, &case.launch, &checks);
    if let (Verdict::Fail(o, msg), Some(dir)) = (&v, &c.save) {
        let _ = std::fs::create_dir_all(dir);
        let base = dir.join(seed.to_string());
        let _ = std::fs::write(base.with_extension("cu"), &case.source);
        let _ = std::fs::write(base.with_extension("json"), &case.launch);
        let _ = std::fs::write(
            base.with_extension("txt"),
            format!(
                "seed {seed}\nfeatures {}\noracle {}\n{msg}\n",
                features.names().join(","),
                o.name()
            ),
        );
    }
    (features, checks, v)
}

/// How long programs still running after `--time-limit` may take before the campaign
/// gives up on them (a normal program takes well under 10 s, nvcc included).
const GRACE: Duration = Duration::from_secs(60);

pub fn run(c: &Campaign) -> Summary {
    let start = Instant::now();
    let stages_before = timing::seconds();
    let next = AtomicU64::new(0);
    let summary = Mutex::new(Summary::default());
    // Seeds being checked, and workers finished: for the watchdog of a timed campaign.
    let running = Mutex::new(BTreeSet::new());
    let finished = AtomicUsize::new(0);
    let jobs = c.jobs.max(1);
    std::thread::scope(|scope| {
        if c.time_limit > 0 {
            scope.spawn(|| watchdog(c, start, stages_before, &summary, &running, &finished, jobs));
        }
        for _ in 0..jobs {
            scope.spawn(|| {
                work(c, start, &next, &summary, &running);
                finished.fetch_add(1, Ordering::Relaxed);
            });
        }
    });
    let mut s = summary.into_inner().unwrap_or_else(|e| e.into_inner());
    finish(&mut s, start, stages_before);
    s
}

/// A timed campaign must end with its summary even if a program hangs (in oxicc, ptxas or
/// nvcc): past `--time-limit` + [`GRACE`], print the summary so far, name the seeds still
/// running, and exit with status 3.
fn watchdog(
    c: &Campaign,
    start: Instant,
    stages_before: [f64; 5],
    summary: &Mutex<Summary>,
    running: &Mutex<BTreeSet<u64>>,
    finished: &AtomicUsize,
    jobs: usize,
) {
    let deadline = Duration::from_secs(c.time_limit) + GRACE;
    while finished.load(Ordering::Relaxed) < jobs {
        if start.elapsed() > deadline {
            let mut s = summary.lock().unwrap_or_else(|e| e.into_inner()).clone();
            finish(&mut s, start, stages_before);
            let stuck: Vec<String> = running
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .map(u64::to_string)
                .collect();
            println!("{}", s.text());
            println!(
                "stopped: seeds still running {} s after the time limit (a hang?): {}",
                GRACE.as_secs(),
                stuck.join(" ")
            );
            std::process::exit(3);
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// One job: takes seeds until the count or the time limit is reached.
fn work(
    c: &Campaign,
    start: Instant,
    next: &AtomicU64,
    summary: &Mutex<Summary>,
    running: &Mutex<BTreeSet<u64>>,
) {
    loop {
        if c.time_limit > 0 && start.elapsed().as_secs() >= c.time_limit {
            break;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= c.count {
            break;
        }
        let seed = c.seed_start + index;
        running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(seed);
        let (features, checks, v) = check_seed(c, seed, index);
        running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&seed);
        let mut s = summary.lock().unwrap_or_else(|e| e.into_inner());
        s.programs += 1;
        s.nvcc_checked += checks.nvcc as u64;
        s.ptxas_checked += checks.ptxas as u64;
        for name in features.names() {
            *s.feature_use.entry(name).or_default() += 1;
        }
        match v {
            Verdict::Pass => s.compiled += 1,
            Verdict::Unsupported(_) => s.unsupported += 1,
            Verdict::Fail(o, msg) => {
                if !matches!(o, Oracle::Crash | Oracle::Reject) {
                    s.compiled += 1;
                }
                s.failures.entry(o).or_default().push(seed);
                s.messages.insert(seed, msg);
            }
        }
        if c.progress > 0 && s.programs.is_multiple_of(c.progress) {
            s.seconds = start.elapsed().as_secs_f64();
            eprintln!("{}", s.text().lines().next().unwrap_or(""));
        }
    }
}

/// Sorts the failing seeds and fills in the times.
fn finish(s: &mut Summary, start: Instant, stages_before: [f64; 5]) {
    for seeds in s.failures.values_mut() {
        seeds.sort();
    }
    s.seconds = start.elapsed().as_secs_f64();
    let stages_after = timing::seconds();
    for k in 0..5 {
        s.stage_seconds[k] = stages_after[k] - stages_before[k];
    }
}

fn value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let k = args.iter().position(|a| a == flag)?;
    args.get(k + 1).map(String::as_str)
}

fn num(args: &[String], flag: &str, default: u64) -> u64 {
    value(args, flag).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("{flag} needs a number, not `{v}`"))
    })
}

/// Checks, before the campaign, that the NVIDIA tools it will call work: ptxas assembles a
/// trivial kernel and nvcc compiles one, so that a missing toolkit (or one without a host
/// compiler for nvcc) is one clear message, not a failure on every program.
pub fn preflight(c: &Campaign) -> Result<(), String> {
    let root = oxicc_tests::tools::nvidia_root();
    let hint = format!(
        "under {} (set OXICC_NVIDIA_ROOT or --nvidia-root to the CUDA root holding bin/ptxas and bin/nvcc)",
        root.display()
    );
    if c.ptxas_every > 0 {
        if oxicc_tests::tools::find_ptxas().is_none() {
            return Err(format!("ptxas not found {hint}"));
        }
        let ptx =
            ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n";
        oxicc_tests::ptxas_check(ptx, 75).map_err(|e| format!("ptxas does not work: {e}"))?;
    }
    if c.nvcc_every > 0 {
        if oxicc_tests::tools::find_nvcc().is_none() {
            return Err(format!(
                "nvcc (with nvvm/bin/cicc and include/cuda_runtime.h) not found {hint}"
            ));
        }
        let checks = Checks {
            sm: 75,
            ptxas: false,
            ptxas_only: None,
            nvcc: true,
            cache: None,
        };
        oracle::nvcc_ptx(
            "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n",
            &checks,
        )
        .map_err(|e| format!("nvcc does not work: {e}"))?;
    }
    Ok(())
}

/// `oxicc-fuzz run …`.
pub fn main(args: &[String]) {
    let features =
        value(args, "--features").map(|f| Features::parse(f).unwrap_or_else(|e| panic!("{e}")));
    let c = Campaign {
        seed_start: num(args, "--seed-start", 0),
        count: num(args, "--count", 100),
        jobs: num(args, "--jobs", 1) as usize,
        features,
        nvcc_every: num(args, "--nvcc-every", 50),
        ptxas_every: num(args, "--ptxas-every", 1),
        save: Some(value(args, "--save").map_or_else(
            || oracle::work_dir().join("oxicc-fuzz-failures"),
            PathBuf::from,
        )),
        cache: Some(value(args, "--cache").map_or_else(oracle::default_cache, PathBuf::from)),
        progress: num(args, "--progress", 1000),
        time_limit: num(args, "--time-limit", 0),
    };
    if let Err(e) = preflight(&c) {
        eprintln!("oxicc-fuzz run: {e}");
        std::process::exit(2);
    }
    let s = run(&c);
    println!("{}", s.text());
    if s.failed() > 0 {
        std::process::exit(1);
    }
}
