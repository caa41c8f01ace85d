//! The host toolchain's include folders, searched after oxicc's built-in headers: gcc's
//! C++ library folders, its own `include` (`omp.h`, intrinsics), `/usr/local/include`,
//! `include-fixed`, `/usr/include/<triple>` and `/usr/include`, in gcc's order (`g++ -xc++
//! -E -v`). They are found as gcc finds its own, by looking at the file system only: the
//! triple is the name of gcc's folder under `/usr/lib/gcc/` (the one of oxicc's machine
//! type, `x86_64-…`; Debian's `x86_64-linux-gnu`, Fedora's `x86_64-redhat-linux`, Arch's
//! `x86_64-pc-linux-gnu`), or of glibc's multiarch folder `/usr/include/<triple>` on a
//! machine without gcc; the version is the highest under `/usr/lib/gcc/<triple>/`, and the
//! C++ library's is gcc's own when `/usr/include/c++/<it>` exists (else the highest there).
//! The probe runs once per root (`/` or `--sysroot`) per process, and only when an include
//! is not among the built-in headers, so a file that needs nothing else costs nothing.
//! A folder that does not exist is left out; a machine without a toolchain has none.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// One host include folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HostDir {
    pub(crate) path: PathBuf,
    /// A C++ library folder (left out by `-nostdinc++`).
    pub(crate) cxx: bool,
}

/// The host include folders under `root` (`None`: the file system root), in search order.
pub(crate) fn host_include_dirs(root: Option<&Path>) -> Arc<[HostDir]> {
    static CACHE: Mutex<Vec<(PathBuf, Arc<[HostDir]>)>> = Mutex::new(Vec::new());
    let root = root.unwrap_or(Path::new("/")).to_path_buf();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, dirs)) = cache.iter().find(|(r, _)| *r == root) {
        return dirs.clone();
    }
    let dirs: Arc<[HostDir]> = probe(&root).into();
    cache.push((root, dirs.clone()));
    dirs
}

/// The target triple of the toolchain under `root`: a folder of `usr/lib/gcc` (holding a
/// version folder) whose machine is oxicc's own, else a multiarch folder of `usr/include`;
/// among several, the multiarch one, then the first by name.
fn find_triple(root: &Path) -> Option<String> {
    let machine = format!("{}-", std::env::consts::ARCH);
    let names_in = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(&machine) && n.contains("linux"))
            .collect();
        v.sort();
        v
    };
    let gcc: Vec<String> = names_in(&root.join("usr/lib/gcc"))
        .into_iter()
        .filter(|t| highest_version(&root.join("usr/lib/gcc").join(t)).is_some())
        .collect();
    let multiarch = names_in(&root.join("usr/include"));
    gcc.iter()
        .find(|t| multiarch.contains(t))
        .or(gcc.first())
        .or(multiarch.first())
        .cloned()
}

/// The folders under the file system root `root`.
fn probe(root: &Path) -> Vec<HostDir> {
    let triple = find_triple(root);
    let gcc_dir = triple.as_ref().and_then(|t| {
        let base = root.join("usr/lib/gcc").join(t);
        highest_version(&base).map(|v| (base.join(&v), v))
    });
    let cxx_base = root.join("usr/include/c++");
    let cxx = match &gcc_dir {
        Some((_, v)) if cxx_base.join(v).is_dir() => Some(v.clone()),
        _ => highest_version(&cxx_base),
    };
    let mut dirs = Vec::new();
    let mut push = |path: PathBuf, cxx: bool| dirs.push(HostDir { path, cxx });
    if let Some(v) = &cxx {
        push(cxx_base.join(v), true);
        if let Some(t) = &triple {
            // Debian puts the target's C++ configuration under the multiarch folder,
            // Fedora and Arch under the library's own.
            push(root.join("usr/include").join(t).join("c++").join(v), true);
            push(cxx_base.join(v).join(t), true);
        }
        push(cxx_base.join(v).join("backward"), true);
    }
    if let Some((dir, _)) = &gcc_dir {
        push(dir.join("include"), false);
    }
    push(root.join("usr/local/include"), false);
    if let Some((dir, _)) = &gcc_dir {
        push(dir.join("include-fixed"), false);
    }
    if let Some(t) = &triple {
        push(root.join("usr/include").join(t), false);
    }
    push(root.join("usr/include"), false);
    dirs.retain(|d| d.path.is_dir());
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

    fn tree(name: &str, dirs: &[&str]) -> PathBuf {
        let t = std::env::temp_dir().join(format!("oxicc-hostdirs-{name}-{}", std::process::id()));
        for d in dirs {
            std::fs::create_dir_all(t.join(d)).unwrap();
        }
        t
    }

    fn paths(root: &Path) -> Vec<String> {
        probe(root)
            .iter()
            .map(|d| {
                let rel = d.path.strip_prefix(root).unwrap().display().to_string();
                if d.cxx {
                    format!("c++ {rel}")
                } else {
                    rel
                }
            })
            .collect()
    }

    #[test]
    fn highest_version_is_numeric_not_textual() {
        let m = std::env::consts::ARCH;
        let t = tree(
            "num",
            &[
                &format!("usr/lib/gcc/{m}-linux-gnu/9/include"),
                &format!("usr/lib/gcc/{m}-linux-gnu/12/include"),
                &format!("usr/lib/gcc/{m}-linux-gnu/10.2.1/include"),
                &format!("usr/lib/gcc/{m}-linux-gnu/notes"),
                "usr/include",
            ],
        );
        let got = paths(&t);
        std::fs::remove_dir_all(&t).unwrap();
        assert_eq!(
            got,
            vec![
                format!("usr/lib/gcc/{m}-linux-gnu/12/include"),
                "usr/include".into()
            ]
        );
    }

    /// Debian's layout (multiarch folders), in `g++ -v`'s order on Debian 12.
    #[test]
    fn debian_layout_in_gcc_order() {
        let m = std::env::consts::ARCH;
        let tr = format!("{m}-linux-gnu");
        let t = tree(
            "deb",
            &[
                &format!("usr/lib/gcc/{tr}/12/include"),
                "usr/include/c++/12/backward",
                &format!("usr/include/{tr}/c++/12"),
                "usr/local/include",
                // a cross compiler's folders are another machine's: not this triple
                "usr/lib/gcc/zz80-linux-gnu/12/include",
            ],
        );
        let got = paths(&t);
        std::fs::remove_dir_all(&t).unwrap();
        assert_eq!(
            got,
            vec![
                "c++ usr/include/c++/12".to_string(),
                format!("c++ usr/include/{tr}/c++/12"),
                "c++ usr/include/c++/12/backward".into(),
                format!("usr/lib/gcc/{tr}/12/include"),
                "usr/local/include".into(),
                format!("usr/include/{tr}"),
                "usr/include".into(),
            ]
        );
    }

    /// Fedora's layout: no multiarch folder, the target's C++ folder inside the library's,
    /// the C++ library of gcc's own version though a higher one exists.
    #[test]
    fn fedora_layout_finds_the_triple_from_gcc() {
        let m = std::env::consts::ARCH;
        let tr = format!("{m}-redhat-linux");
        let t = tree(
            "fed",
            &[
                &format!("usr/lib/gcc/{tr}/13/include"),
                &format!("usr/include/c++/13/{tr}"),
                "usr/include/c++/14",
            ],
        );
        let got = paths(&t);
        std::fs::remove_dir_all(&t).unwrap();
        assert_eq!(
            got,
            vec![
                "c++ usr/include/c++/13".to_string(),
                format!("c++ usr/include/c++/13/{tr}"),
                format!("usr/lib/gcc/{tr}/13/include"),
                "usr/include".into(),
            ]
        );
    }
}
