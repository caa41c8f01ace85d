//! Warp matrix multiply-accumulate (`mma.h`, issue 13) end to end: every kernel in
//! `tests/kernels/wmma/` (f16 with f32 and f16 accumulators, bf16, tf32, u8, f64; A and B in
//! both layouts, accumulators loaded and stored in both) is compiled by nvcc against
//! NVIDIA's `mma.h` and by oxicc against its own (sm_80 and sm_90, -O0 and -O3); every PTX
//! goes through ptxas, oxicc's `.entry` names must equal nvcc's, and every PTX runs in the
//! interpreter, whose output buffers are compared bit for bit with plain Rust
//! (`wmma/expect.rs`: the products summed over k in order as fused multiply-adds, the
//! interpreter's documented definition; `docs/emulator.md`).

#[path = "wmma/expect.rs"]
mod expect;

use oxicc_emu::RunOptions;
use oxicc_tests::kernels::{compare_folder_with_nvcc, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/wmma")
}

fn kernels() -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(&dir())
}

fn oxicc_ptx(name: &str, sm: u32, opt: u8) -> Result<String, String> {
    oxicc_tests::kernels::oxicc_ptx_in(&dir(), name, sm, opt)
}

#[test]
fn wmma_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    assert!(kernels().len() >= 6, "expected at least 6 wmma kernels");
    let failures = compare_folder_with_nvcc(&dir(), &[80, 90], &[80, 90], &|name, l, ptx| {
        expect::check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The instructions are nvcc's (`wmma.load.a.sync.aligned.row.m16n16k16.f16`, …, with the
/// same register counts), though oxicc's use generic addresses where nvcc's builtins
/// know the state space.
#[test]
fn wmma_lowers_to_the_wmma_instructions_nvcc_uses() {
    let forms = |ptx: &str| -> Vec<String> {
        let mut v: Vec<String> = ptx
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("wmma."))
            .map(|l| {
                let (op, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
                let op = op.replace(".global", "").replace(".shared", "");
                let regs = rest.matches('%').count();
                format!("{op} ({regs} operands)")
            })
            .collect();
        v.sort();
        v.dedup();
        v
    };
    for name in kernels() {
        let nv = oxicc_tests::nvcc_ptx(&dir().join(format!("{name}.cu")), 90, 3);
        let ox = oxicc_ptx(&name, 90, 3).expect("compiles");
        assert_eq!(forms(&ox), forms(&nv), "{name}");
    }
}
