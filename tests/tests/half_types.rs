//! Half precision end to end (issue 13): every kernel in `tests/kernels/half/` includes
//! `cuda_fp16.h`/`cuda_bf16.h` and is compiled by nvcc (NVIDIA's headers) and by oxicc (its
//! own built-in headers, `runtime-libs/include/cuda_fp16.hpp`, `cuda_bf16.hpp`) at -O0 and
//! -O3 for sm_75 and sm_90; every PTX goes through ptxas, oxicc's `.entry` names must equal
//! nvcc's, and every PTX runs in the interpreter. The output buffers are compared bit for bit
//! with plain Rust (`half_types/f16.rs`: binary16 rounding from IEEE 754; bfloat16 as the top
//! half of an f32), `sizeof`/`alignof` with nvcc's values.

#[path = "half_types/bf16.rs"]
pub(crate) mod bf16;
#[path = "half_types/expect.rs"]
mod expect;
#[path = "half_types/f16.rs"]
pub(crate) mod f16;
#[path = "half_types/warp.rs"]
mod warp;

use oxicc_emu::{Launch, RunOptions};
use oxicc_tests::kernels::{compare_folder_with_nvcc, launch_in, run_ptx};
use std::path::{Path, PathBuf};

fn kernels_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("kernels")
        .join(sub)
}

fn kernels(dir: &Path) -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(dir)
}

fn run_and_check(name: &str, ptx: &str, l: &Launch) -> Result<(), String> {
    expect::check(name, l, &run_ptx(ptx, l, &RunOptions::default())?)
}

/// Every kernel of `dir` through nvcc (for `nvcc_sm`) and oxicc (for each of `sms`, -O0 and
/// -O3); the failures in words.
fn check_folder(dir: &Path, nvcc_sm: u32, sms: &[u32]) -> Vec<String> {
    compare_folder_with_nvcc(dir, &[nvcc_sm], sms, &|name, l, ptx| {
        run_and_check(name, ptx.text, l)
    })
}

#[test]
fn half_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let dir = kernels_dir("half");
    assert!(
        kernels(&dir).len() >= 3,
        "expected at least 3 half-precision kernels"
    );
    let failures = check_folder(&dir, 75, &[75, 90]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// bf16 arithmetic needs sm_80 in NVIDIA's header (nvcc rejects `__hfma` on bf16 below);
/// oxicc's header also serves sm_75, through f32.
#[test]
fn bf16_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let dir = kernels_dir("bf16");
    assert!(!kernels(&dir).is_empty());
    let failures = check_folder(&dir, 80, &[75, 80, 90]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Shuffles and atomics of the half types (`tests/kernels/half_warp/`): bf16 atomics
/// are `atom.add.noftz.bf16{,x2}` on sm_90 and a compare-and-swap loop on sm_80.
#[test]
fn half_warp_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let dir = kernels_dir("half_warp");
    assert!(!kernels(&dir).is_empty());
    let mut failures = check_folder(&dir, 80, &[80, 90]);
    // nvcc's sm_90 PTX too: its bf16 atomics are the native `atom` forms.
    for name in kernels(&dir) {
        let nv = oxicc_tests::nvcc_ptx(&dir.join(format!("{name}.cu")), 90, 3);
        if let Err(e) = run_and_check(&name, &nv, &launch_in(&dir, &name)) {
            failures.push(format!("{name} (nvcc sm_90 PTX): {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
