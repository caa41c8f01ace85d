//! The C++ kernel suite (`tests/kernels/cpp/*.cu`, issue 4's test list), checked end to end.
//!
//! nvcc half: every file is compiled by `nvcc -ptx -arch=sm_75`, its PTX is assembled by
//! ptxas and run in the PTX interpreter (`oxicc-emu`) with the launch file `NAME.json`
//! beside it, and every output buffer is compared with results computed in plain Rust
//! (`cpp_suite/expect_*.rs`). That checks the interpreter and the expectations.
//!
//! oxicc half: every file is compiled by oxicc at -O0 and -O3 for sm_75 and sm_90; each PTX
//! must name its target, be accepted by ptxas for that target, define exactly nvcc's
//! `.entry` names (mangling included), and run in the interpreter to the same CPU-computed
//! results. The kernels oxicc cannot compile yet are listed in `OXICC_NOT_YET`, and the
//! list must tell the truth: a listed kernel that compiles fails the test (remove it from
//! the list), as does an unlisted one that does not. A panic or hang of oxicc always fails.

#[path = "cpp_suite/check.rs"]
mod check;
#[path = "cpp_suite/expect_classes.rs"]
mod expect_classes;
#[path = "cpp_suite/expect_device.rs"]
mod expect_device;
#[path = "cpp_suite/expect_templates.rs"]
mod expect_templates;
#[path = "cpp_suite/expect_values.rs"]
mod expect_values;
#[path = "cpp_suite/expect_virtual.rs"]
mod expect_virtual;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use oxicc_emu::{Launch, Module, RunOptions};
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{kernel_name, oxicc_options, KernelSource};
use oxicc_tests::{cpp_kernels, entry_names, ptxas_check, try_nvcc_ptx};

/// Issue 4 asks for at least 40 C++ kernels.
const MIN_KERNELS: usize = 40;

/// The targets and optimization levels every kernel is compiled for by oxicc.
const OXICC_SMS: [u32; 2] = [75, 90];
const OXICC_OPT_LEVELS: [u8; 2] = [0, 3];

/// Kernels oxicc does not compile yet (in any configuration). Keep it exact: the test fails
/// when a listed kernel compiles and when an unlisted one does not; its output prints the
/// list that would be true.
const OXICC_NOT_YET: &[&str] = &[];

/// Kernels whose nvcc PTX the interpreter cannot run yet or runs wrongly, with the text its
/// error (or the first wrong output) must contain. Their launch file is `NAME.pending.json`
/// (so that the differential harness, which runs every `NAME.json` of the suites, stays
/// green). When the interpreter is fixed this test fails: rename the launch file to
/// `NAME.json` and remove the entry.
const AWAITING_INTERPRETER: &[(&str, &str)] = &[];

/// nvcc processes in flight at once: nvcc mostly waits on its sub-processes, so a few more
/// than the cores keep a busy 2-core machine full.
const NVCC_WORKERS: usize = 6;

/// What oxicc did with one kernel file.
enum OxiccStatus {
    /// Compiled in every configuration (whether the PTX passed every check is in
    /// `KernelResult::failures`).
    Compiles,
    /// Did not compile in some configuration: the first line of its diagnostics.
    NotYet(String),
}

/// What happened to one kernel file.
struct KernelResult {
    name: String,
    /// nvcc's `.entry` names (empty when nvcc failed).
    entries: Vec<String>,
    /// Failures of the nvcc/ptxas/interpreter/expectation path, or of a compiled oxicc PTX.
    failures: Vec<String>,
    /// What oxicc did with the file.
    oxicc: OxiccStatus,
}

fn launch_path(cu: &Path) -> PathBuf {
    let name = kernel_name(cu);
    if AWAITING_INTERPRETER.iter().any(|(n, _)| *n == name) {
        cu.with_file_name(format!("{name}.pending.json"))
    } else {
        cu.with_extension("json")
    }
}

fn load_launch(cu: &Path) -> Result<Launch, String> {
    let path = launch_path(cu);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Launch::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs `ptx` with `launch` and compares every output with the CPU computation.
fn run_and_check(name: &str, ptx: &str, launch: &Launch) -> Result<(), String> {
    let module = Module::parse(ptx).map_err(|e| format!("interpreter parse: {e}"))?;
    let outcome = oxicc_emu::run(&module, launch, &RunOptions::default())
        .map_err(|e| format!("interpreter run: {e}"))?;
    expected(name, launch, &outcome)
}

fn expected(name: &str, launch: &Launch, outcome: &oxicc_emu::Outcome) -> Result<(), String> {
    expect_templates::check(name, launch, outcome)
        .or_else(|| expect_classes::check(name, launch, outcome))
        .or_else(|| expect_virtual::check(name, launch, outcome))
        .or_else(|| expect_values::check(name, launch, outcome))
        .or_else(|| expect_device::check(name, launch, outcome))
        .unwrap_or_else(|| Err(format!("no CPU expectation for kernel `{name}`")))
}

/// The nvcc half: compile, assemble, run, compare (or, for a kernel awaiting the
/// interpreter, check that it still fails the known way).
fn check_with_nvcc(cu: &Path, name: &str, launch: &Launch, result: &mut KernelResult) {
    let ptx = match try_nvcc_ptx(cu, 75, 3) {
        Ok(ptx) => ptx,
        Err(e) => {
            result.failures.push(format!("nvcc: {e}"));
            return;
        }
    };
    result.entries = entry_names(&ptx).into_iter().collect();
    if let Err(e) = ptxas_check(&ptx, 75) {
        result.failures.push(format!("nvcc PTX: {e}"));
    }
    let outcome = run_and_check(name, &ptx, launch);
    match AWAITING_INTERPRETER.iter().find(|(n, _)| *n == name) {
        None => {
            if let Err(e) = outcome {
                result.failures.push(format!("nvcc PTX: {e}"));
            }
        }
        Some((_, known)) => match outcome {
            Err(e) if e.contains(known) => {
                println!("pending {name}: known interpreter bug: {e}");
            }
            Err(e) => result.failures.push(format!(
                "nvcc PTX: expected the known interpreter error `{known}`, got: {e}"
            )),
            Ok(()) => result.failures.push(format!(
                "the interpreter now runs {name} correctly: rename {name}.pending.json to \
                 {name}.json and remove it from AWAITING_INTERPRETER"
            )),
        },
    }
}

/// The oxicc half: every configuration is compiled and checked like nvcc's PTX.
fn check_with_oxicc(cu: &Path, name: &str, launch: &Launch, result: &mut KernelResult) {
    let source = KernelSource::load(cu);
    let listed = OXICC_NOT_YET.contains(&name);
    let expected_entries: BTreeSet<String> = result.entries.iter().cloned().collect();
    let mut not_compiled = None;
    let mut compiled_in = Vec::new();
    for sm in OXICC_SMS {
        for opt in OXICC_OPT_LEVELS {
            let config = format!("sm_{sm} -O{opt}");
            let ptx = match compile_guarded(&source, &oxicc_options(cu, sm, opt)) {
                Ok(ptx) => ptx,
                Err(e) => {
                    // compile_guarded reports a panic or a hang in these words.
                    if e.starts_with("oxicc panicked") || e.starts_with("oxicc did not finish") {
                        result.failures.push(format!("{config}: {e}"));
                    }
                    let first: String = e.lines().next().unwrap_or("").chars().take(160).collect();
                    not_compiled.get_or_insert(format!("{config}: {first}"));
                    continue;
                }
            };
            compiled_in.push(config.clone());
            let mut problems = Vec::new();
            if let Err(e) = ptxas_check(&ptx, sm) {
                problems.push(e);
            }
            let entries = entry_names(&ptx);
            if !expected_entries.is_empty() && entries != expected_entries {
                let missing: Vec<_> = expected_entries.difference(&entries).collect();
                let unexpected: Vec<_> = entries.difference(&expected_entries).collect();
                problems.push(format!(
                    ".entry names differ from nvcc's: missing {missing:?}, unexpected {unexpected:?}"
                ));
            }
            if let Err(e) = run_and_check(name, &ptx, launch) {
                problems.push(e);
            }
            for p in problems {
                result.failures.push(format!("oxicc PTX ({config}): {p}"));
            }
        }
    }
    match (&not_compiled, listed) {
        (None, true) => result.failures.push(format!(
            "oxicc compiles {name} now: remove it from OXICC_NOT_YET"
        )),
        (Some(e), false) => result
            .failures
            .push(format!("oxicc does not compile it: {e}")),
        (Some(_), true) if !compiled_in.is_empty() => result.failures.push(format!(
            "oxicc compiles {name} in {} but not in every configuration",
            compiled_in.join(", ")
        )),
        _ => {}
    }
    result.oxicc = match not_compiled {
        None => OxiccStatus::Compiles,
        Some(e) => OxiccStatus::NotYet(e),
    };
}

fn check_kernel(cu: &Path) -> KernelResult {
    let name = kernel_name(cu);
    let mut result = KernelResult {
        name: name.clone(),
        entries: Vec::new(),
        failures: Vec::new(),
        oxicc: OxiccStatus::NotYet("not tried".to_string()),
    };
    let launch = match load_launch(cu) {
        Ok(launch) => launch,
        Err(e) => {
            result.failures.push(e);
            return result;
        }
    };
    check_with_nvcc(cu, &name, &launch, &mut result);
    check_with_oxicc(cu, &name, &launch, &mut result);
    result
}

/// [`check_kernel`] over every file on [`NVCC_WORKERS`] threads, results in file order.
fn check_all(kernels: &[PathBuf]) -> Vec<KernelResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<KernelResult>>> =
        Mutex::new((0..kernels.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..NVCC_WORKERS.min(kernels.len()) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(cu) = kernels.get(k) else { break };
                let result = check_kernel(cu);
                results.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every kernel was checked"))
        .collect()
}

#[test]
fn cpp_suite_compiles_and_runs_correctly() {
    let kernels = cpp_kernels();
    assert!(
        kernels.len() >= MIN_KERNELS,
        "expected at least {MIN_KERNELS} kernels in tests/kernels/cpp, found {}",
        kernels.len()
    );
    let results = check_all(&kernels);
    let mut failures = Vec::new();
    for r in &results {
        // The mangled names nvcc gives this file's kernels, for issue 4 to compare with.
        println!("entries {}: {}", r.name, r.entries.join(" "));
        match &r.oxicc {
            OxiccStatus::Compiles => println!("oxicc {}: compiles", r.name),
            OxiccStatus::NotYet(e) => println!("oxicc {}: not yet: {e}", r.name),
        }
        failures.extend(r.failures.iter().map(|f| format!("{}: {f}", r.name)));
    }
    let not_yet: Vec<&str> = results
        .iter()
        .filter(|r| matches!(r.oxicc, OxiccStatus::NotYet(_)))
        .map(|r| r.name.as_str())
        .collect();
    println!(
        "oxicc compiles {}/{} C++ kernels; the true OXICC_NOT_YET is {not_yet:?}",
        results.len() - not_yet.len(),
        results.len(),
    );
    assert!(
        failures.is_empty(),
        "{} C++ suite failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
