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

use oxicc_emu::{Launch, Module, RunOptions};
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{oxicc_options, KernelSource};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/textures")
}

fn kernels() -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(&dir())
}

fn launch(name: &str) -> Launch {
    oxicc_tests::kernels::launch_in(&dir(), name)
}

fn run_and_check(name: &str, ptx: &str, l: &Launch) -> Result<(), String> {
    let module = Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    let out =
        oxicc_emu::run(&module, l, &RunOptions::default()).map_err(|e| format!("run: {e}"))?;
    expect::check(name, l, &out)
}

#[test]
fn texture_kernels_match_the_guide_on_nvcc_and_oxicc_ptx() {
    let names = kernels();
    assert!(names.len() >= 6, "expected at least 6 texture kernels");
    let mut failures = Vec::new();
    for name in &names {
        let path = dir().join(format!("{name}.cu"));
        let l = launch(name);
        let nv = oxicc_tests::nvcc_ptx(&path, 75, 3);
        if let Err(e) = run_and_check(name, &nv, &l) {
            failures.push(format!("{name} (nvcc PTX): {e}"));
        }
        let want = oxicc_tests::entry_names(&nv);
        let source = KernelSource::load(&path);
        for sm in [75, 90] {
            for opt in [0u8, 3] {
                let what = format!("{name} (oxicc sm_{sm} -O{opt})");
                let ptx = match compile_guarded(&source, &oxicc_options(&path, sm, opt)) {
                    Ok(p) => p,
                    Err(e) => {
                        failures.push(format!("{what}: does not compile: {e}"));
                        continue;
                    }
                };
                if let Err(e) = oxicc_tests::ptxas_check(&ptx, sm) {
                    failures.push(format!("{what}: ptxas: {e}"));
                    continue;
                }
                if oxicc_tests::entry_names(&ptx) != want {
                    failures.push(format!("{what}: .entry names differ from nvcc's"));
                }
                if let Err(e) = run_and_check(name, &ptx, &l) {
                    failures.push(format!("{what}: {e}"));
                }
            }
        }
    }
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
