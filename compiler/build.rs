//! Build script: embeds every file under `runtime-libs/include` as a built-in header, and
//! gives the compiler a fingerprint of its own sources.
//!
//! It writes `$OUT_DIR/builtin_headers.rs`, a sorted table of `(name, include_str!(path))`
//! where the name is the path relative to the include folder with `/` separators (so
//! `sys/time.h` and `cooperative_groups/reduce.h` are found as written in `#include`).
//! Generating the table, rather than keeping it by hand, means adding a header is adding a
//! file, and two people adding headers never edit the same list.
//!
//! The fingerprint (`OXICC_SOURCE_HASH`, see `source_fingerprint`) goes into every key of
//! `Program`'s cache, so a rebuilt compiler never reads entries an older build wrote, even
//! when the crate version did not change.

use std::fs;
use std::path::{Path, PathBuf};

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else {
            let rel = path.strip_prefix(root).expect("under the include folder");
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_str().expect("header names are UTF-8"))
                .collect::<Vec<_>>()
                .join("/");
            out.push((name, path.canonicalize().expect("header path")));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let include = manifest.join("../runtime-libs/include");
    println!("cargo:rerun-if-changed={}", include.display());
    let mut headers = Vec::new();
    collect(&include, &include, &mut headers);
    headers.sort_by(|a, b| a.0.cmp(&b.0));

    let mut table =
        String::from("/// `(name, contents)` of every built-in header, sorted by name.\n");
    table.push_str("const HEADERS: &[(&str, &str)] = &[\n");
    for (name, path) in &headers {
        table.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    table.push_str("];\n\n/// The names of all built-in headers, sorted.\n");
    table.push_str("pub const BUILTIN_HEADER_NAMES: &[&str] = &[\n");
    for (name, _) in &headers {
        table.push_str(&format!("    {name:?},\n"));
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    fs::write(out.join("builtin_headers.rs"), table).expect("writing the header table");
    source_fingerprint(&manifest);
    prelude_fingerprint(&manifest);
}

/// What decides the contents of a prelude snapshot besides its key (`pp/prelude_file.rs`):
/// the built-in headers and the code that preprocesses them.
const PRELUDE_INPUTS: &[&str] = &[
    "../runtime-libs/include",
    "src/pp",
    "src/lex",
    "src/intern.rs",
    "src/source.rs",
];

/// `OXICC_PRELUDE_INPUTS`: a fingerprint of `PRELUDE_INPUTS`; the built-in prelude
/// snapshot is used only by a build with the fingerprint it was made with.
fn prelude_fingerprint(manifest: &Path) {
    let mut files = Vec::new();
    for p in PRELUDE_INPUTS {
        let path = manifest.join(p);
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_dir() {
            all_files(&path, &mut files);
        } else {
            files.push(path);
        }
    }
    println!(
        "cargo:rustc-env=OXICC_PRELUDE_INPUTS={:016x}",
        fnv_files(manifest, &files)
    );
}

/// The folders whose contents decide what the compiler emits.
const SOURCE_DIRS: &[&str] = &[
    "src",
    "../ir/src",
    "../passes/src",
    "../backend/src",
    "../runtime-libs",
];

/// 64-bit FNV-1a over the paths and contents of every file in `SOURCE_DIRS`.
fn source_fingerprint(manifest: &Path) {
    let mut files = Vec::new();
    for d in SOURCE_DIRS {
        let dir = manifest.join(d);
        println!("cargo:rerun-if-changed={}", dir.display());
        all_files(&dir, &mut files);
    }
    let h = fnv_files(manifest, &files);
    println!("cargo:rustc-env=OXICC_SOURCE_HASH={h:016x}");
}

/// 64-bit FNV-1a over the paths (relative to the crate) and contents of `files`, sorted.
fn fnv_files(manifest: &Path, files: &[PathBuf]) -> u64 {
    let mut files = files.to_vec();
    files.sort();
    let mut h: u64 = 0xcbf29ce484222325;
    for f in &files {
        let rel = f.strip_prefix(manifest).unwrap_or(f);
        let bytes = fs::read(f).unwrap_or_default();
        for b in rel.to_string_lossy().bytes().chain(bytes) {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    h
}

fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            all_files(&p, out);
        } else {
            out.push(p);
        }
    }
}
