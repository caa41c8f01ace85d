//! The host toolchain's include folders, searched after oxicc's built-in headers: gcc's
//! C++ library folders, its own `include` (`omp.h`, intrinsics), `/usr/local/include`,
//! `/usr/include/<triple>` and `/usr/include`, in gcc's order (`g++ -xc++ -E -v`). They
//! are found as gcc finds its own: the highest version under `/usr/lib/gcc/<triple>/`
//! (and `/usr/include/c++/<version>`), probed once per process and only when an include
//! is not among the built-in headers, so a file that needs nothing else costs nothing.
//! A folder that does not exist is left out; a machine without a toolchain has none.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The target triple of the host folders (oxicc's host macros are x86-64 Linux's).
const TRIPLE: &str = "x86_64-linux-gnu";

/// The host include folders, in search order.
pub(crate) fn host_include_dirs() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| probe(Path::new("/")))
}

/// The folders under the file system root `root`.
fn probe(root: &Path) -> Vec<PathBuf> {
    let gcc = highest_version(&root.join("usr/lib/gcc").join(TRIPLE));
    let cxx = highest_version(&root.join("usr/include/c++"));
    let mut dirs = Vec::new();
    if let Some(v) = &cxx {
        dirs.push(root.join("usr/include/c++").join(v));
        dirs.push(root.join("usr/include").join(TRIPLE).join("c++").join(v));
        dirs.push(root.join("usr/include/c++").join(v).join("backward"));
    }
    if let Some(v) = &gcc {
        dirs.push(
            root.join("usr/lib/gcc")
                .join(TRIPLE)
                .join(v)
                .join("include"),
        );
    }
    dirs.push(root.join("usr/local/include"));
    dirs.push(root.join("usr/include").join(TRIPLE));
    dirs.push(root.join("usr/include"));
    dirs.retain(|d| d.is_dir());
    dirs
}

/// The name of the sub-folder of `dir` with the highest version number (`12`, `12.2.0`).
fn highest_version(dir: &Path) -> Option<String> {
    let mut best: Option<(Vec<u32>, String)> = None;
    for e in std::fs::read_dir(dir).ok()?.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(v) = name
            .split('.')
            .map(|p| p.parse::<u32>().ok())
            .collect::<Option<Vec<u32>>>()
        else {
            continue;
        };
        if e.path().is_dir() && best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, name));
        }
    }
    best.map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_version_is_numeric_not_textual() {
        let t = std::env::temp_dir().join(format!("oxicc-hostdirs-{}", std::process::id()));
        let gcc = t.join("usr/lib/gcc").join(TRIPLE);
        for v in ["9", "12", "10.2.1", "notes"] {
            std::fs::create_dir_all(gcc.join(v).join("include")).unwrap();
        }
        std::fs::create_dir_all(t.join("usr/include")).unwrap();
        let dirs = probe(&t);
        std::fs::remove_dir_all(&t).unwrap();
        assert_eq!(
            dirs,
            vec![gcc.join("12").join("include"), t.join("usr/include")]
        );
    }
}
