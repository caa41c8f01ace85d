//! Build script: embeds every file under `runtime-libs/include` as a built-in header.
//!
//! It writes `$OUT_DIR/builtin_headers.rs`, a sorted table of `(name, include_str!(path))`
//! where the name is the path relative to the include folder with `/` separators (so
//! `sys/time.h` and `cooperative_groups/reduce.h` are found as written in `#include`).
//! Generating the table, rather than keeping it by hand, means adding a header is adding a
//! file, and two people adding headers never edit the same list.

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
}
