//! The device intrinsics without a header of their own (issue 13): every kernel in
//! `tests/kernels/intrinsics/` (integer and SIMD intrinsics, conversions in every rounding
//! mode, cache-hint loads and stores, block votes and timers, address spaces, atomics of
//! every type and scope, 64-bit shuffles, `__grid_constant__`) is compiled by nvcc and by
//! oxicc (sm_75, sm_80, sm_90 at -O0 and -O3); every PTX goes through ptxas, oxicc's `.entry`
//! names must equal nvcc's, and every PTX runs in the interpreter, whose buffers are compared
//! with plain Rust written from the CUDA Math API's definitions (`intrinsics/expect.rs`).
//! The sm_90-only kernels (`tests/kernels/intrinsics_sm90/`: vector `atomicAdd`) run the
//! same way for sm_90 alone.

#[path = "intrinsics/conv.rs"]
mod conv;
#[path = "intrinsics/expect.rs"]
mod expect;
#[path = "intrinsics/memory_ext.rs"]
mod memory_ext;
#[path = "intrinsics/warp_atomic.rs"]
mod warp_atomic;

use oxicc_emu::RunOptions;
use oxicc_tests::kernels::{compare_folder_with_nvcc, kernel_names_in, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/intrinsics")
}

#[test]
fn intrinsic_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    assert!(!kernel_names_in(&dir()).is_empty());
    let failures = compare_folder_with_nvcc(&dir(), &[75], &[75, 80, 90], &|name, l, ptx| {
        expect::check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sm90_intrinsic_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/intrinsics_sm90");
    assert!(!kernel_names_in(&dir).is_empty());
    let failures = compare_folder_with_nvcc(&dir, &[90], &[90], &|name, l, ptx| {
        expect::check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
