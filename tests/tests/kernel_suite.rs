//! The first-light kernel suite (`tests/kernels/c`, the C subset of CUDA).
//!
//! Every file must compile with oxicc at -O0 and -O3 for sm_75, sm_80 and sm_90; ptxas for
//! the same target must accept every PTX; the kernel names must equal those of
//! `nvcc -ptx -arch=sm_75`; and the sm_75 -O3 PTX is snapshotted (one snapshot per file in
//! `snapshots/`; create or update them with `INSTA_UPDATE=always` or `cargo insta accept`).
//! Failures are collected over the whole suite and reported together, with a count of what
//! passes, so the report shows the compiler's progress.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use oxicc_tests::c_kernels;
use oxicc_tests::suite::{check_suite, nvcc_references, summary, KernelReport, NvccReference};
use oxicc_tests::tools::repo_root;

/// Issue 2 asks for at least 30 kernels; the suite promises a little more.
const MIN_KERNEL_FILES: usize = 34;

/// The suite's files and their nvcc references, computed once for both tests.
fn c_suite() -> &'static (Vec<PathBuf>, Vec<NvccReference>) {
    static SUITE: OnceLock<(Vec<PathBuf>, Vec<NvccReference>)> = OnceLock::new();
    SUITE.get_or_init(|| {
        let kernels = c_kernels();
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nvcc-reference-cache");
        let references = nvcc_references(&kernels, Some(&cache));
        (kernels, references)
    })
}

#[test]
fn nvcc_accepts_every_c_suite_kernel() {
    let (kernels, references) = c_suite();
    assert!(
        kernels.len() >= MIN_KERNEL_FILES,
        "expected at least {MIN_KERNEL_FILES} kernel files in tests/kernels/c, found {}",
        kernels.len()
    );
    let failures: Vec<String> = kernels
        .iter()
        .zip(references)
        .filter_map(|(kernel, reference)| {
            let error = reference.as_ref().err()?;
            Some(format!("{}:\n{error}", kernel.display()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} suite files are not valid CUDA for nvcc:\n{}",
        failures.len(),
        kernels.len(),
        failures.join("\n")
    );
}

/// Compares the snapshot of one kernel file; `Err` when it differs or is new.
fn check_snapshot(report: &KernelReport, ptx: &str) -> Result<(), String> {
    // Paths would make snapshots machine-specific; PTX should hold none, but be safe.
    let ptx = ptx.replace(&*repo_root().to_string_lossy(), "<repo>");
    let mut settings = insta::Settings::clone_current();
    settings.set_input_file(&report.path);
    settings.set_snapshot_path("snapshots");
    let name = report.name.as_str();
    catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(name, ptx));
    }))
    .map_err(|_| {
        format!(
            "snapshot of {name} (sm_75 -O3) is new or differs: review with `cargo insta review`"
        )
    })
}

#[test]
fn oxicc_compiles_every_c_suite_kernel() {
    let (kernels, references) = c_suite();
    assert!(!kernels.is_empty(), "no kernel files in tests/kernels/c");
    let reports = check_suite(kernels, references);
    let snapshot_failures: Vec<String> = reports
        .iter()
        .filter_map(|report| check_snapshot(report, report.snapshot_ptx()?).err())
        .collect();
    let mut text = summary("c", &reports);
    for failure in &snapshot_failures {
        text.push_str(&format!("SNAPSHOT {failure}\n"));
    }
    eprintln!("{text}");
    assert!(
        reports.iter().all(KernelReport::passed) && snapshot_failures.is_empty(),
        "the C kernel suite has failures (summary above)"
    );
}
