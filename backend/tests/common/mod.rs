//! Shared helpers for the backend tests: compile a module for several targets and have
//! the real `ptxas` assemble every result.
//!
//! `ptxas` comes from the NVIDIA wheel installed under `.tools/` at the repository root (or
//! `$PTXAS`). A missing `ptxas` fails the tests: they never skip.

#![allow(dead_code)]

pub mod build;
pub mod run;

use oxicc_backend::{emit_ptx, TargetOptions};
use oxicc_ir::Module;
use std::path::PathBuf;
use std::process::Command;

/// The `ptxas` binary the tests run.
pub fn ptxas() -> PathBuf {
    if let Ok(p) = std::env::var("PTXAS") {
        return PathBuf::from(p);
    }
    let p =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.tools/nvidia/nvidia/cu13/bin/ptxas");
    assert!(
        p.exists(),
        "ptxas not found at {} (install the nvidia-cuda-nvcc wheel into .tools, or set PTXAS)",
        p.display()
    );
    p
}

/// Assembles `ptx` for `sm_<sm>` and panics with ptxas's message if it is rejected.
pub fn assemble(ptx: &str, sm: u32, name: &str) {
    let dir = std::env::temp_dir().join(format!("oxicc-backend-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}_sm{sm}.ptx"));
    std::fs::write(&file, ptx).unwrap();
    let out = Command::new(ptxas())
        .arg(format!("-arch=sm_{sm}"))
        .arg(&file)
        .arg("-o")
        .arg("/dev/null")
        .output()
        .expect("running ptxas");
    assert!(
        out.status.success(),
        "ptxas rejected {name} for sm_{sm}:\n{}\n--- PTX ---\n{ptx}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Compiles for sm_75, sm_80 and sm_90, assembles each, and returns the sm_75 text.
pub fn compile_and_assemble(m: &Module, name: &str) -> String {
    let mut first = None;
    for sm in [75, 80, 90] {
        let ptx = emit_ptx(
            m,
            &TargetOptions {
                sm,
                ptx_version: None,
                ftz: false,
            },
        )
        .unwrap_or_else(|e| panic!("{name}: backend error for sm_{sm}: {e}"));
        assemble(&ptx, sm, name);
        // Output is deterministic.
        let again = emit_ptx(
            m,
            &TargetOptions {
                sm,
                ptx_version: None,
                ftz: false,
            },
        )
        .unwrap();
        assert_eq!(ptx, again, "{name}: output differs between two runs");
        first.get_or_insert(ptx);
    }
    first.unwrap()
}
