//! Texture and surface objects end to end (issue 13): every kernel in
//! `tests/kernels/textures/` is compiled by nvcc (against NVIDIA's real headers) and by oxicc
//! (its own `texture_indirect_functions.h` / `surface_indirect_functions.h`) at -O0 and -O3
//! for sm_75 and sm_90; every PTX goes through ptxas, oxicc's `.entry` names must equal
//! nvcc's, and every PTX runs in the interpreter with the kernel's launch file (images with
//! their formats and sampling modes). The output buffers are compared with results computed
//! in plain Rust from the CUDA Programming Guide's texture-fetching formulas
//! (`textures/expect.rs`), so the test checks oxicc's lowering and the interpreter at once.

#[path = "textures/expect.rs"]
mod expect;

use oxicc_emu::RunOptions;
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{compare_folder_with_nvcc, oxicc_options, run_ptx, KernelSource};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/textures")
}

fn kernels() -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(&dir())
}

#[test]
fn texture_kernels_match_the_guide_on_nvcc_and_oxicc_ptx() {
    assert!(kernels().len() >= 6, "expected at least 6 texture kernels");
    let failures = compare_folder_with_nvcc(&dir(), &[75], &[75, 90], &|name, l, ptx| {
        expect::check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The four components of one `float4` fetch are one `tex` instruction, and a fetch whose
/// value is unused disappears.
#[test]
fn one_tex_per_vector_fetch() {
    let path = dir().join("tex2d_point_modes.cu");
    let source = KernelSource::load(&path);
    let ptx = compile_guarded(&source, &oxicc_options(&path, 90, 3)).expect("compiles");
    let n = ptx
        .lines()
        .filter(|l| l.trim_start().starts_with("tex."))
        .count();
    assert_eq!(n, 4, "{ptx}");
}
