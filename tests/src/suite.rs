//! The checks a kernel suite runs on every file, kept out of the test files so that every
//! suite (`c`, later `cpp`) checks the same things and reports them the same way:
//!
//! - the reference: `nvcc -ptx -arch=sm_75` compiles the file, ptxas accepts nvcc's PTX,
//!   and its `.entry` names are the kernels oxicc must produce;
//! - for every target in [`SUITE_SMS`] and level in [`SUITE_OPT_LEVELS`]: oxicc compiles
//!   the file, the PTX says `.target sm_XX`, ptxas for that target accepts it, and its
//!   `.entry` names equal nvcc's; the snapshot configuration is also compiled twice and
//!   must give the same bytes.
//!
//! Problems are collected, not asserted one by one, so one run shows every failing kernel.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::guard::compile_guarded;
use crate::kernels::{include_dirs_for, oxicc_options, KernelSource, SUITE_OPT_LEVELS, SUITE_SMS};
use crate::nvidia::{entry_names, ptxas_check, try_nvcc_ptx};
use crate::parallel::parallel_map;
use crate::tools;

/// The target of the reference nvcc compile whose kernel names every configuration must match.
pub const REFERENCE_SM: u32 = 75;

/// The configuration whose PTX is snapshotted.
pub const SNAPSHOT_CONFIG: Config = Config { sm: 75, opt: 3 };

/// The most lines of one problem shown in a report (ptxas can print hundreds).
const MAX_PROBLEM_LINES: usize = 12;

/// One target and optimization level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Config {
    pub sm: u32,
    pub opt: u8,
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sm_{} -O{}", self.sm, self.opt)
    }
}

/// Every configuration a suite kernel must compile in.
pub fn suite_configs() -> Vec<Config> {
    SUITE_SMS
        .iter()
        .flat_map(|&sm| SUITE_OPT_LEVELS.iter().map(move |&opt| Config { sm, opt }))
        .collect()
}

/// What nvcc says about one kernel file: its kernel names, or why it failed.
pub type NvccReference = Result<BTreeSet<String>, String>;

/// Compiles `kernel` with nvcc for [`REFERENCE_SM`], checks nvcc's PTX with ptxas, and
/// returns the kernel names.
pub fn nvcc_reference(kernel: &Path) -> NvccReference {
    let ptx = try_nvcc_ptx(kernel, REFERENCE_SM, 3)?;
    ptxas_check(&ptx, REFERENCE_SM).map_err(|e| format!("ptxas rejects nvcc's own PTX: {e}"))?;
    let entries = entry_names(&ptx);
    if entries.is_empty() {
        return Err("nvcc's PTX defines no kernel (.entry)".to_string());
    }
    Ok(entries)
}

/// The nvcc references of many files, computed in parallel. With a `cache_dir`, successful
/// references are kept there (keyed by a hash of the file, its include folder, the nvcc
/// installation and the flags), because nvcc takes most of a suite's time and its answer
/// only changes when those do.
pub fn nvcc_references(kernels: &[PathBuf], cache_dir: Option<&Path>) -> Vec<NvccReference> {
    parallel_map(kernels, |kernel| match cache_dir {
        Some(dir) => cached_nvcc_reference(kernel, dir),
        None => nvcc_reference(kernel),
    })
}

fn cached_nvcc_reference(kernel: &Path, cache_dir: &Path) -> NvccReference {
    let cache_file = cache_dir.join(format!("nvcc-entries-{:016x}.txt", reference_key(kernel)));
    if let Ok(text) = std::fs::read_to_string(&cache_file) {
        let entries: BTreeSet<String> = text.lines().map(str::to_string).collect();
        if !entries.is_empty() {
            return Ok(entries);
        }
    }
    let entries = nvcc_reference(kernel)?;
    // A failed write only costs the next run time.
    let _ = std::fs::create_dir_all(cache_dir);
    let text: String = entries.iter().map(|e| format!("{e}\n")).collect();
    let _ = std::fs::write(&cache_file, text);
    Ok(entries)
}

/// A hash of everything the nvcc reference of `kernel` depends on.
fn reference_key(kernel: &Path) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (REFERENCE_SM, "entries-v1").hash(&mut hasher);
    std::fs::read(kernel).unwrap_or_default().hash(&mut hasher);
    for dir in include_dirs_for(kernel) {
        let mut headers: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        headers.sort();
        for header in headers {
            header.hash(&mut hasher);
            std::fs::read(&header).unwrap_or_default().hash(&mut hasher);
        }
    }
    let nvcc = tools::nvcc();
    nvcc.hash(&mut hasher);
    if let Ok(meta) = std::fs::metadata(&nvcc) {
        meta.len().hash(&mut hasher);
        meta.modified().ok().hash(&mut hasher);
    }
    hasher.finish()
}

/// The result of one kernel file in one configuration.
pub struct ConfigOutcome {
    pub config: Config,
    /// The PTX, when oxicc produced some.
    pub ptx: Option<String>,
    /// Everything that went wrong; empty when the configuration passed.
    pub problems: Vec<String>,
}

/// The results of one kernel file in every configuration.
pub struct KernelReport {
    pub name: String,
    pub path: PathBuf,
    pub outcomes: Vec<ConfigOutcome>,
}

impl KernelReport {
    pub fn passed(&self) -> bool {
        self.outcomes.iter().all(|o| o.problems.is_empty())
    }

    /// The PTX to snapshot: that of [`SNAPSHOT_CONFIG`], when it passed every check (a
    /// snapshot of PTX that ptxas rejects would only be accepted by mistake).
    pub fn snapshot_ptx(&self) -> Option<&str> {
        self.outcomes
            .iter()
            .find(|o| o.config == SNAPSHOT_CONFIG && o.problems.is_empty())
            .and_then(|o| o.ptx.as_deref())
    }
}

/// Runs every check of every configuration of `kernel`; `reference` is its nvcc result.
pub fn check_config(
    kernel: &KernelSource,
    config: Config,
    reference: &NvccReference,
) -> ConfigOutcome {
    let options = oxicc_options(&kernel.path, config.sm, config.opt);
    let mut problems = Vec::new();
    let ptx = match compile_guarded(kernel, &options) {
        Ok(ptx) => ptx,
        Err(error) => {
            problems.push(format!("oxicc failed: {error}"));
            return ConfigOutcome {
                config,
                ptx: None,
                problems,
            };
        }
    };
    let target_line = format!(".target sm_{}", config.sm);
    if !ptx.lines().any(|line| {
        line.trim() == target_line || line.trim().starts_with(&format!("{target_line},"))
    }) {
        problems.push(format!("the PTX lacks the line `{target_line}`"));
    }
    if let Err(error) = ptxas_check(&ptx, config.sm) {
        problems.push(error);
    }
    match reference {
        Ok(expected) => {
            let actual = entry_names(&ptx);
            if &actual != expected {
                let missing: Vec<_> = expected.difference(&actual).collect();
                let unexpected: Vec<_> = actual.difference(expected).collect();
                problems.push(format!(
                    "kernel names differ from nvcc's: missing {missing:?}, unexpected {unexpected:?}"
                ));
            }
        }
        Err(_) => problems.push("no nvcc reference to compare kernel names with".to_string()),
    }
    if config == SNAPSHOT_CONFIG {
        match compile_guarded(kernel, &options) {
            Ok(again) if again == ptx => {}
            Ok(_) => problems.push("output differs between two identical compiles".to_string()),
            Err(error) => problems.push(format!("second identical compile failed: {error}")),
        }
    }
    ConfigOutcome {
        config,
        ptx: Some(ptx),
        problems,
    }
}

/// Checks every kernel file in every configuration, in parallel.
/// `references[i]` is the nvcc reference of `kernels[i]`.
pub fn check_suite(kernels: &[PathBuf], references: &[NvccReference]) -> Vec<KernelReport> {
    assert_eq!(kernels.len(), references.len());
    let sources: Vec<KernelSource> = kernels.iter().map(|k| KernelSource::load(k)).collect();
    let configs = suite_configs();
    let jobs: Vec<(usize, Config)> = (0..sources.len())
        .flat_map(|k| configs.iter().map(move |&c| (k, c)))
        .collect();
    let mut outcomes = parallel_map(&jobs, |&(k, config)| {
        (k, check_config(&sources[k], config, &references[k]))
    })
    .into_iter();
    sources
        .iter()
        .map(|source| KernelReport {
            name: source.name.clone(),
            path: source.path.clone(),
            outcomes: outcomes
                .by_ref()
                .take(configs.len())
                .map(|(_, o)| o)
                .collect(),
        })
        .collect()
}

fn shorten(problem: &str) -> String {
    let lines: Vec<&str> = problem.lines().collect();
    if lines.len() <= MAX_PROBLEM_LINES {
        return problem.to_string();
    }
    let mut text = lines[..MAX_PROBLEM_LINES].join("\n");
    text.push_str(&format!(
        "\n... ({} more lines)",
        lines.len() - MAX_PROBLEM_LINES
    ));
    text
}

fn indent(text: &str, prefix: &str) -> String {
    text.lines().map(|l| format!("{prefix}{l}\n")).collect()
}

/// A report of every failing kernel (identical problems of several configurations shown
/// once), preceded by a count of passing files and configurations.
pub fn summary(suite: &str, reports: &[KernelReport]) -> String {
    let passed_files = reports.iter().filter(|r| r.passed()).count();
    let configs: Vec<&ConfigOutcome> = reports.iter().flat_map(|r| &r.outcomes).collect();
    let passed_configs = configs.iter().filter(|o| o.problems.is_empty()).count();
    let mut text = format!(
        "kernel suite `{suite}`: {passed_files}/{} files pass every configuration \
         ({passed_configs}/{} file-configurations pass)\n",
        reports.len(),
        configs.len()
    );
    for report in reports.iter().filter(|r| !r.passed()) {
        text.push_str(&format!(
            "FAIL {} ({})\n",
            report.name,
            report.path.display()
        ));
        let mut grouped: BTreeMap<String, Vec<Config>> = BTreeMap::new();
        for outcome in &report.outcomes {
            for problem in &outcome.problems {
                grouped
                    .entry(shorten(problem))
                    .or_default()
                    .push(outcome.config);
            }
        }
        for (problem, configs) in grouped {
            let names: Vec<String> = configs.iter().map(|c| c.to_string()).collect();
            text.push_str(&format!("  [{}]\n", names.join(", ")));
            text.push_str(&indent(&problem, "    "));
        }
    }
    for report in reports.iter().filter(|r| r.passed()) {
        text.push_str(&format!("pass {}\n", report.name));
    }
    text
}
