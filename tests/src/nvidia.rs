//! Running the NVIDIA referees: `ptxas` on PTX text, `nvcc -ptx` on a CUDA file, and
//! reading the `.entry` names out of PTX so two compilers' kernel sets can be compared.
//! Every call uses its own scratch files, so the helpers may run on many threads at once.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::kernels::include_dirs_for;
use crate::tools;

/// A file in the temp folder that no other call (thread or process) uses; removed on drop.
pub struct ScratchFile {
    path: PathBuf,
}

impl ScratchFile {
    /// A fresh path ending in `extension` (the file is not created).
    pub fn new(extension: &str) -> ScratchFile {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("oxicc-tests-{}-{n}.{extension}", std::process::id());
        ScratchFile {
            path: std::env::temp_dir().join(name),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for ScratchFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Assembles `ptx` with `ptxas -arch=sm_<sm>`; `Err` holds ptxas's messages.
/// Panics only when ptxas itself is missing or cannot be started.
pub fn ptxas_check(ptx: &str, sm: u32) -> Result<(), String> {
    ptxas_check_with(ptx, sm, &[])
}

/// [`ptxas_check`] for relocatable code (`-rdc=true` PTX): `ptxas -c`, as nvcc assembles it.
pub fn ptxas_check_relocatable(ptx: &str, sm: u32) -> Result<(), String> {
    ptxas_check_with(ptx, sm, &["-c"])
}

fn ptxas_check_with(ptx: &str, sm: u32, extra: &[&str]) -> Result<(), String> {
    let ptxas = tools::ptxas();
    let input = ScratchFile::new("ptx");
    let output = ScratchFile::new("cubin");
    std::fs::write(input.path(), ptx).expect("cannot write a scratch PTX file");
    let result = Command::new(&ptxas)
        .args(extra)
        .arg(format!("-arch=sm_{sm}"))
        .arg(input.path())
        .arg("-o")
        .arg(output.path())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", ptxas.display()));
    if result.status.success() {
        Ok(())
    } else {
        let mut message = String::from_utf8_lossy(&result.stderr).into_owned();
        message.push_str(&String::from_utf8_lossy(&result.stdout));
        // ptxas names the scratch file in every message; the name is noise in a report.
        let message = message.replace(&*input.path().to_string_lossy(), "<ptx>");
        Err(format!(
            "ptxas -arch=sm_{sm} failed ({}):\n{}",
            result.status,
            message.trim_end()
        ))
    }
}

/// The nvcc command line used for the reference PTX of `source_path`: `-ptx -arch=sm_<sm>`,
/// device optimization `-Xcicc -O<opt>`, and `-I` for the suite's `include/` folder.
pub fn nvcc_command(source_path: &Path, sm: u32, opt: u8, output: &Path) -> Command {
    let mut command = Command::new(tools::nvcc());
    command
        .arg("-ptx")
        .arg(format!("-arch=sm_{sm}"))
        .arg("-Xcicc")
        .arg(format!("-O{opt}"));
    for dir in include_dirs_for(source_path) {
        command.arg("-I").arg(dir);
    }
    command.arg(source_path).arg("-o").arg(output);
    command
}

/// Compiles `source_path` with `nvcc -ptx` (see [`nvcc_command`]); `Err` holds nvcc's
/// messages. Panics only when nvcc is missing or cannot be started.
pub fn try_nvcc_ptx(source_path: &Path, sm: u32, opt: u8) -> Result<String, String> {
    try_nvcc_ptx_with(source_path, sm, opt, &[])
}

/// [`try_nvcc_ptx`] with extra nvcc flags (`--expt-relaxed-constexpr`).
pub fn try_nvcc_ptx_with(
    source_path: &Path,
    sm: u32,
    opt: u8,
    flags: &[&str],
) -> Result<String, String> {
    let output = ScratchFile::new("ptx");
    let mut command = nvcc_command(source_path, sm, opt, output.path());
    command.args(flags);
    let result = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", command.get_program()));
    if !result.status.success() {
        return Err(format!(
            "nvcc -ptx -arch=sm_{sm} -Xcicc -O{opt} {} failed ({}):\n{}{}",
            source_path.display(),
            result.status,
            String::from_utf8_lossy(&result.stderr),
            String::from_utf8_lossy(&result.stdout)
        ));
    }
    std::fs::read_to_string(output.path()).map_err(|e| format!("nvcc wrote no PTX: {e}"))
}

/// Like [`try_nvcc_ptx`], but panics when nvcc rejects the file.
pub fn nvcc_ptx(source_path: &Path, sm: u32, opt: u8) -> String {
    try_nvcc_ptx(source_path, sm, opt).unwrap_or_else(|e| panic!("{e}"))
}

/// The names of the kernels (`.entry` directives) defined in `ptx`.
pub fn entry_names(ptx: &str) -> BTreeSet<String> {
    ptx.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once(".entry")?;
            // `.entry` must be a whole directive, followed by blanks and the name.
            if !rest.starts_with(char::is_whitespace) {
                return None;
            }
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_reads_visible_and_plain_entries() {
        let ptx = "// .globl\t_Z3fooPf\n.visible .entry _Z3fooPf(\n.param .u64 p\n)\n\
                   .entry bar()\n.func baz()\n";
        let names: Vec<_> = entry_names(ptx).into_iter().collect();
        assert_eq!(names, ["_Z3fooPf", "bar"]);
    }
}
