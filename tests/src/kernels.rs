//! The kernel suites: `tests/kernels/<suite>/*.cu`, one or more kernels per file, with an
//! optional `include/` folder beside the files that is on the include path of every
//! compile (oxicc's and nvcc's alike). `c` is the first-light suite (the C subset of
//! CUDA); `cpp` holds the C++ suite once it exists.

use std::path::{Path, PathBuf};

use crate::tools::repo_root;

/// The target SM versions every suite kernel must compile for.
pub const SUITE_SMS: [u32; 3] = [75, 80, 90];

/// The optimization levels every suite kernel must compile at.
pub const SUITE_OPT_LEVELS: [u8; 2] = [0, 3];

/// `tests/kernels`.
pub fn kernels_root() -> PathBuf {
    repo_root().join("tests/kernels")
}

/// The `.cu` files of suite `suite` (a folder under `tests/kernels`), sorted by name;
/// empty when the folder does not exist.
pub fn suite_kernels(suite: &str) -> Vec<PathBuf> {
    let dir = kernels_root().join(suite);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("cannot read a kernel folder entry").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "cu"))
        .collect();
    files.sort();
    files
}

/// The first-light suite: `tests/kernels/c/*.cu`.
pub fn c_kernels() -> Vec<PathBuf> {
    suite_kernels("c")
}

/// The C++ suite, `tests/kernels/cpp/*.cu` (empty until it exists).
pub fn cpp_kernels() -> Vec<PathBuf> {
    suite_kernels("cpp")
}

/// The short name of a kernel file (its stem), used in reports and snapshot names.
pub fn kernel_name(path: &Path) -> String {
    path.file_stem()
        .expect("a kernel file has a name")
        .to_string_lossy()
        .into_owned()
}

/// The `-I` folders for a kernel file: the `include/` folder beside it, if any.
pub fn include_dirs_for(kernel: &Path) -> Vec<PathBuf> {
    kernel
        .parent()
        .map(|dir| dir.join("include"))
        .filter(|dir| dir.is_dir())
        .into_iter()
        .collect()
}

/// The oxicc options matching the reference `nvcc -ptx -arch=sm_<sm> -Xcicc -O<opt>`.
pub fn oxicc_options(kernel: &Path, sm: u32, opt_level: u8) -> oxicc::Options {
    oxicc::Options {
        sm,
        opt_level,
        include_dirs: include_dirs_for(kernel),
        ..oxicc::Options::default()
    }
}

/// A kernel file read into memory, with the name oxicc is given for it (its full path, so
/// that `#include "…"` resolves beside it).
pub struct KernelSource {
    pub path: PathBuf,
    pub name: String,
    pub file_name: String,
    pub text: String,
}

impl KernelSource {
    pub fn load(path: &Path) -> KernelSource {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        KernelSource {
            path: path.to_path_buf(),
            name: kernel_name(path),
            file_name: path.to_string_lossy().into_owned(),
            text,
        }
    }
}

/// The kernels of a test folder (`tests/kernels/<name>`): the stems of its `.cu` files,
/// sorted.
pub fn kernel_names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".cu"))
                .map(str::to_string)
        })
        .collect();
    v.sort();
    v
}

/// The launch file `dir/name.json`.
pub fn launch_in(dir: &Path, name: &str) -> oxicc_emu::Launch {
    let p = dir.join(format!("{name}.json"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    oxicc_emu::Launch::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// oxicc's PTX of `dir/name.cu` for `sm_<sm>` at `-O<opt>` (with the suite's include
/// folders; a panic in the compiler is an error here, see `guard`).
pub fn oxicc_ptx_in(dir: &Path, name: &str, sm: u32, opt: u8) -> Result<String, String> {
    let path = dir.join(format!("{name}.cu"));
    let source = KernelSource::load(&path);
    crate::guard::compile_guarded(&source, &oxicc_options(&path, sm, opt))
        .map_err(|e| e.to_string())
}
