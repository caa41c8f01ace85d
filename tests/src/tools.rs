//! Discovery of the NVIDIA tools used as referees: `ptxas` (does ptxas accept our PTX?),
//! `nvcc` (the reference compile) and `libnvrtc.so.13` (for the benchmark only).
//!
//! They are installed from PyPI wheels by `tools/install-nvidia-tools.sh` into
//! `<repo>/.tools/nvidia`; `OXICC_NVIDIA_ROOT` may point at another CUDA root (the folder
//! holding `bin/`, `lib/`, `include/`). A missing tool is a panic that says how to install
//! it: the suites never skip silently.

use std::path::{Path, PathBuf};

/// What to tell the user when a tool is missing.
pub const INSTALL_HINT: &str =
    "run `tools/install-nvidia-tools.sh` from the repository root (./test.sh runs it for you)";

/// The repository root (the folder holding the workspace `Cargo.toml`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives one level below the repository root")
        .to_path_buf()
}

/// The CUDA root of the installed wheels: `$OXICC_NVIDIA_ROOT`, or
/// `<repo>/.tools/nvidia/nvidia/cu13` (the layout of the CUDA 13 wheels).
pub fn nvidia_root() -> PathBuf {
    match std::env::var_os("OXICC_NVIDIA_ROOT") {
        Some(root) if !root.is_empty() => PathBuf::from(root),
        _ => repo_root().join(".tools/nvidia/nvidia/cu13"),
    }
}

fn existing(path: PathBuf) -> Option<PathBuf> {
    path.is_file().then_some(path)
}

/// `ptxas`, if installed.
pub fn find_ptxas() -> Option<PathBuf> {
    existing(nvidia_root().join("bin/ptxas"))
}

/// `nvcc`, if installed (with the `nvvm/` and headers it needs beside it).
pub fn find_nvcc() -> Option<PathBuf> {
    let root = nvidia_root();
    let complete =
        root.join("nvvm/bin/cicc").is_file() && root.join("include/cuda_runtime.h").is_file();
    existing(root.join("bin/nvcc")).filter(|_| complete)
}

/// `libnvrtc.so.13`, if installed.
pub fn find_nvrtc_lib() -> Option<PathBuf> {
    existing(nvidia_root().join("lib/libnvrtc.so.13"))
}

fn required(tool: &str, found: Option<PathBuf>) -> PathBuf {
    found.unwrap_or_else(|| {
        panic!(
            "{tool} not found under {}: {INSTALL_HINT}",
            nvidia_root().display()
        )
    })
}

/// `ptxas`; panics with installation advice when it is missing.
pub fn ptxas() -> PathBuf {
    required("ptxas", find_ptxas())
}

/// `nvcc`; panics with installation advice when it is missing.
pub fn nvcc() -> PathBuf {
    required("nvcc (with nvvm/bin/cicc and include/)", find_nvcc())
}

/// `libnvrtc.so.13`; panics with installation advice when it is missing.
pub fn nvrtc_lib() -> PathBuf {
    required("libnvrtc.so.13", find_nvrtc_lib())
}
