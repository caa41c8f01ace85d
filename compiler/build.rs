//! Gives the compiler a fingerprint of its own sources (`OXICC_SOURCE_HASH`), which
//! `Program`'s cache puts into every key: a rebuilt compiler never reads entries an older
//! build wrote, even when the crate version did not change.

use std::path::Path;

/// The folders whose contents decide what the compiler emits.
const DIRS: &[&str] = &[
    "src",
    "../ir/src",
    "../passes/src",
    "../backend/src",
    "../runtime-libs",
];

fn main() {
    let mut files = Vec::new();
    for d in DIRS {
        println!("cargo:rerun-if-changed={d}");
        collect(Path::new(d), &mut files);
    }
    files.sort();
    // 64-bit FNV-1a over the paths and contents.
    let mut h: u64 = 0xcbf29ce484222325;
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_default();
        for b in f.to_string_lossy().bytes().chain(bytes) {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    println!("cargo:rustc-env=OXICC_SOURCE_HASH={h:016x}");
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}
