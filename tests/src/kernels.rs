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

/// One PTX text of a kernel under comparison: whose it is and for which target.
pub struct PtxUnderTest<'a> {
    pub text: &'a str,
    pub sm: u32,
    /// `None` for nvcc's PTX (always `-O3`), the optimization level for oxicc's.
    pub oxicc_opt: Option<u8>,
}

impl PtxUnderTest<'_> {
    /// How failures name this PTX: `nvcc PTX sm_80` or `oxicc sm_90 -O0`.
    pub fn describe(&self) -> String {
        match self.oxicc_opt {
            None => format!("nvcc PTX sm_{}", self.sm),
            Some(opt) => format!("oxicc sm_{} -O{opt}", self.sm),
        }
    }
}

/// Runs `ptx` in the interpreter with launch `l` under `opts`; errors in words.
pub fn run_ptx(
    ptx: &str,
    l: &oxicc_emu::Launch,
    opts: &oxicc_emu::RunOptions,
) -> Result<oxicc_emu::Outcome, String> {
    let module = oxicc_emu::Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    oxicc_emu::run(&module, l, opts).map_err(|e| format!("run: {e}"))
}

/// The comparison every device-API test makes for kernel `dir/name.cu`: nvcc's PTX for each
/// of `nvcc_sms` (at `-O3`, against NVIDIA's headers) and oxicc's for each of `sms` at `-O0`
/// and `-O3` (against its own). Every oxicc PTX must pass ptxas and have the `.entry` names
/// of nvcc's PTX for the nearest target at or below its own (else the first); `check` then
/// runs on every PTX, nvcc's included (typically: run it in the interpreter and compare the
/// buffers with plain Rust). Returns the failures in words, each naming kernel and PTX.
pub fn compare_with_nvcc(
    dir: &Path,
    name: &str,
    nvcc_sms: &[u32],
    sms: &[u32],
    check: &mut dyn FnMut(&PtxUnderTest) -> Result<(), String>,
) -> Vec<String> {
    let path = dir.join(format!("{name}.cu"));
    let mut failures = Vec::new();
    let mut nvcc_entries: Vec<(u32, std::collections::BTreeSet<String>)> = Vec::new();
    for &sm in nvcc_sms {
        let text = crate::nvcc_ptx(&path, sm, 3);
        let ptx = PtxUnderTest {
            text: &text,
            sm,
            oxicc_opt: None,
        };
        if let Err(e) = check(&ptx) {
            failures.push(format!("{name} ({}): {e}", ptx.describe()));
        }
        nvcc_entries.push((sm, crate::entry_names(&text)));
    }
    for &sm in sms {
        let want = nvcc_entries
            .iter()
            .filter(|(nv_sm, _)| *nv_sm <= sm)
            .max_by_key(|(nv_sm, _)| *nv_sm)
            .or(nvcc_entries.first())
            .map(|(_, names)| names.clone());
        for opt in [0u8, 3] {
            let what = format!("{name} (oxicc sm_{sm} -O{opt})");
            let text = match oxicc_ptx_in(dir, name, sm, opt) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{what}: does not compile: {e}"));
                    continue;
                }
            };
            if let Err(e) = crate::ptxas_check(&text, sm) {
                failures.push(format!("{what}: ptxas: {e}"));
                continue;
            }
            if want.as_ref() != Some(&crate::entry_names(&text)) {
                failures.push(format!("{what}: .entry names differ from nvcc's"));
            }
            let ptx = PtxUnderTest {
                text: &text,
                sm,
                oxicc_opt: Some(opt),
            };
            if let Err(e) = check(&ptx) {
                failures.push(format!("{what}: {e}"));
            }
        }
    }
    failures
}

/// [`compare_with_nvcc`] for every kernel of `dir`, each run with its launch file
/// `NAME.json`: `check(name, launch, ptx)`.
pub fn compare_folder_with_nvcc(
    dir: &Path,
    nvcc_sms: &[u32],
    sms: &[u32],
    check: &dyn Fn(&str, &oxicc_emu::Launch, &PtxUnderTest) -> Result<(), String>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for name in kernel_names_in(dir) {
        let l = launch_in(dir, &name);
        failures.extend(compare_with_nvcc(dir, &name, nvcc_sms, sms, &mut |ptx| {
            check(&name, &l, ptx)
        }));
    }
    failures
}
