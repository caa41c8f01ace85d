//! `ptxas` for the compiler crate's own tests: every PTX file a test produces is assembled.
//!
//! The same lookup as `oxicc_tests::tools` (`$OXICC_NVIDIA_ROOT`, else the wheels that
//! `tools/install-nvidia-tools.sh` puts in `<repo>/.tools/nvidia/nvidia/cu13`, found from any
//! crate of the workspace), kept small
//! here because the compiler crate cannot depend on the test crate that depends on it.

use std::path::PathBuf;
use std::process::Command;

fn ptxas() -> PathBuf {
    let root = match std::env::var_os("OXICC_NVIDIA_ROOT") {
        Some(r) if !r.is_empty() => PathBuf::from(r),
        // The repository root is the nearest folder above the crate holding `.tools`
        // (crates sit one or two levels down: `compiler/`, `examples/kernels-build/`).
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join(".tools/nvidia/nvidia/cu13"))
            .find(|d| d.is_dir())
            .unwrap_or_else(|| PathBuf::from(".tools/nvidia/nvidia/cu13")),
    };
    let p = root.join("bin/ptxas");
    assert!(
        p.is_file(),
        "ptxas not found at {}: run tools/install-nvidia-tools.sh",
        p.display()
    );
    p
}

/// Assembles `ptx` for `sm_<sm>`; panics with ptxas's message when it is rejected.
pub fn assert_ptxas_accepts(ptx: &str, sm: u32, what: &str) {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("oxicc-ptxas-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.ptx");
    std::fs::write(&file, ptx).unwrap();
    let out = Command::new(ptxas())
        .arg(format!("-arch=sm_{sm}"))
        .arg(&file)
        .arg("-o")
        .arg(dir.join("k.cubin"))
        .output()
        .expect("ptxas runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "ptxas rejects the PTX of {what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
