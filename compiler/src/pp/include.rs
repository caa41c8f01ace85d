//! Finding and loading include files.
//!
//! The search chain, in order (each position numbered, so `#include_next` can continue
//! after the position where the current file was found):
//! - 0: the in-memory headers of `Options::headers`, matched by exact name;
//! - 1: for `#include "…"` only: the including file's directory (for a built-in header,
//!   the built-in headers), or the name itself when it is an absolute path;
//! - 2 …: the `-I` directories in order, then the `-isystem` ones;
//! - then: the built-in headers of `runtime-libs/include`;
//! - then: `--cuda-path`'s `include` folder (a toolkit's headers oxicc does not have) and
//!   its `include/cccl` (CUDA 13's `thrust/`, `cub/`, `cuda/std/`), as nvcc adds them;
//! - then: the host toolchain's folders (`host_dirs.rs`), for what the built-in headers
//!   do not have, unless `-nostdinc` (`-nostdinc++`: without the C++ library's), and only
//!   with `Options::host_headers`; they hold up to [`HOST_SLOTS`] positions;
//! - last: the `-idirafter` directories.
//!
//! A built-in header's own includes of built-in CUDA headers, and the implicit
//! `cuda_runtime.h`, skip the chain: they are always the built-in ones. Its includes of C
//! and C++ library headers search the chain, so that the host's glibc and libstdc++ put
//! ahead of the built-in set (`-isystem`) serve built-in and user code alike.
//!
//! A file found twice (by the same normalized path) is loaded and lexed once.

use std::path::{Component, Path, PathBuf};

use super::builtin_headers::builtin_header;
use super::{FileInfo, Origin, Preprocessor};
use crate::api::Options;
use crate::source::FileId;

const POS_MEMORY: usize = 0;
const POS_RELATIVE: usize = 1;
pub(super) const POS_FIRST_DIR: usize = 2;
/// Positions kept for the host toolchain's folders (there are at most nine).
const HOST_SLOTS: usize = 32;

/// What `-v` lists under `#include <...> search starts here:`, in search order (the
/// built-in headers as `<oxicc>/`, the names their diagnostics carry).
pub fn search_list(options: &Options) -> Vec<String> {
    let mut out: Vec<String> = options
        .include_dirs
        .iter()
        .chain(&options.system_include_dirs)
        .map(|d| d.display().to_string())
        .collect();
    out.push("<oxicc>/ (built-in headers)".into());
    out.extend(cuda_dirs(options).iter().map(|d| d.display().to_string()));
    out.extend(host_dirs(options).iter().map(|d| d.display().to_string()));
    out.extend(
        options
            .after_include_dirs
            .iter()
            .map(|d| d.display().to_string()),
    );
    out
}

/// `--cuda-path`'s folders: `include`, and `include/cccl` where the toolkit has it (nvcc's
/// profile adds it as a system folder since CUDA 13).
fn cuda_dirs(options: &Options) -> Vec<PathBuf> {
    let Some(root) = &options.cuda_path else {
        return Vec::new();
    };
    let include = root.join("include");
    let cccl = include.join("cccl");
    let has_cccl = cccl.is_dir();
    let mut dirs = vec![include];
    if has_cccl {
        dirs.push(cccl);
    }
    dirs
}

/// The host toolchain's folders the options ask for.
fn host_dirs(options: &Options) -> Vec<PathBuf> {
    if !options.host_headers || options.no_std_inc {
        return Vec::new();
    }
    super::host_dirs::host_include_dirs(options.sysroot.as_deref())
        .iter()
        .filter(|d| !(d.cxx && options.no_std_inc_cxx))
        .map(|d| d.path.clone())
        .collect()
}

impl Preprocessor<'_, '_> {
    /// Where `#include_next` from `file` continues: after the file's own position.
    pub(super) fn include_next_start(&self, file: FileId) -> Option<usize> {
        let info = self.file_info.get(&file)?;
        match info.origin {
            Origin::Memory | Origin::Fs | Origin::Builtin if file != self.main => {
                Some(info.search_pos.max(POS_RELATIVE))
            }
            _ => None,
        }
    }

    /// Finds (and loads, the first time) the file `#include` names. `after`: only search
    /// positions after this one (`#include_next`).
    pub(super) fn resolve_include(
        &mut self,
        name: &str,
        angled: bool,
        includer: FileId,
        after: Option<usize>,
    ) -> Option<FileId> {
        let first = after.map_or(0, |p| p + 1);
        let options = self.ctx.options;
        let n_dirs = options.include_dirs.len() + options.system_include_dirs.len();
        let pos_builtin = POS_FIRST_DIR + n_dirs;
        // oxicc's own headers include each other by name (`<vector_types.h>` from
        // `cuda_runtime.h`): those stay oxicc's even when a `-I` folder holds a CUDA
        // toolkit's headers of the same names (CuPy passes `-I<CUDA>/include`), which need
        // the host's C library and NVIDIA's front end.
        // The C and C++ library headers they include (`<string.h>`, `<time.h>` from
        // `cuda_runtime.h`) search as the user's includes do, as nvcc's do: with the
        // host's glibc or libstdc++ ahead of the built-in set (`-isystem`), both sides
        // then see one `struct timespec` and one `FILE`.
        let from_builtin = self.file_info.get(&includer).map(|i| i.origin) == Some(Origin::Builtin);
        if after.is_none() && from_builtin && is_cuda_header(name) && builtin_header(name).is_some()
        {
            return self.builtin(name, pos_builtin);
        }
        if first == POS_MEMORY {
            self.note_prelude_probe(name, false);
            let text = self
                .ctx
                .options
                .headers
                .iter()
                .find(|(h, _)| h == name)
                .map(|(_, t)| t.clone());
            if let Some(text) = text {
                let key = format!("\0mem:{name}");
                return Some(self.add_file(
                    key,
                    name.to_string(),
                    text,
                    Origin::Memory,
                    POS_MEMORY,
                ));
            }
        }
        if first <= POS_RELATIVE && !angled {
            let origin = self.file_info.get(&includer).map(|i| i.origin);
            if Path::new(name).is_absolute() {
                if let Some(id) = self.load_path(Path::new(name), POS_RELATIVE) {
                    return Some(id);
                }
            } else if origin == Some(Origin::Builtin) {
                // A built-in header in a folder (`cooperative_groups/reduce.h`) finds its
                // neighbours first, as a file on disk would.
                let including = &self.ctx.sources.file(includer).name;
                let dir = including
                    .strip_prefix("<oxicc>/")
                    .and_then(|n| n.rsplit_once('/'))
                    .map(|(d, _)| format!("{d}/{name}"));
                if let Some(id) = dir.and_then(|n| self.builtin(&n, POS_RELATIVE)) {
                    return Some(id);
                }
                if let Some(id) = self.builtin(name, POS_RELATIVE) {
                    return Some(id);
                }
            } else if origin == Some(Origin::Fs) {
                let including = &self.ctx.sources.file(includer).name;
                let dir = Path::new(including)
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                if let Some(id) = self.load_path(&dir.join(name), POS_RELATIVE) {
                    return Some(id);
                }
            }
        }
        if first <= POS_FIRST_DIR {
            self.note_prelude_probe(name, true);
        }
        let user_dirs = options
            .include_dirs
            .iter()
            .chain(&options.system_include_dirs);
        for (i, dir) in user_dirs.enumerate() {
            if POS_FIRST_DIR + i >= first {
                if let Some(id) = self.load_path(&dir.join(name), POS_FIRST_DIR + i) {
                    return Some(id);
                }
            }
        }
        if first <= pos_builtin {
            if let Some(id) = self.builtin(name, pos_builtin) {
                return Some(id);
            }
        }
        let pos_cuda = pos_builtin + 1;
        if options.cuda_path.is_some() {
            for (j, dir) in cuda_dirs(options).iter().enumerate() {
                if pos_cuda + j >= first {
                    if let Some(id) = self.load_path(&dir.join(name), pos_cuda + j) {
                        return Some(id);
                    }
                }
            }
        }
        // Then the host toolchain's own folders (`GL/gl.h`, `sys/socket.h`, `omp.h`):
        // what oxicc's headers do not provide, as a drop-in `nvcc -ptx` finds it.
        let pos_host = pos_cuda + 2;
        for (k, dir) in host_dirs(options).iter().enumerate() {
            if pos_host + k >= first {
                if let Some(id) = self.load_path(&dir.join(name), pos_host + k) {
                    return Some(id);
                }
            }
        }
        let pos_after = pos_host + HOST_SLOTS;
        for (j, dir) in options.after_include_dirs.iter().enumerate() {
            if pos_after + j >= first {
                if let Some(id) = self.load_path(&dir.join(name), pos_after + j) {
                    return Some(id);
                }
            }
        }
        None
    }

    /// The built-in header `name`, at the end of the search chain.
    pub(super) fn builtin_include(&mut self, name: &str) -> Option<FileId> {
        let o = self.ctx.options;
        let pos = POS_FIRST_DIR + o.include_dirs.len() + o.system_include_dirs.len();
        self.builtin(name, pos)
    }

    fn builtin(&mut self, name: &str, pos: usize) -> Option<FileId> {
        let text = builtin_header(name)?;
        let key = format!("\0builtin:{name}");
        if let Some(&id) = self.file_keys.get(&key) {
            return Some(id);
        }
        Some(self.add_file(
            key,
            format!("<oxicc>/{name}"),
            text.to_string(),
            Origin::Builtin,
            pos,
        ))
    }

    fn load_path(&mut self, path: &Path, pos: usize) -> Option<FileId> {
        let norm = normalize(path);
        let key = norm.to_string_lossy().into_owned();
        if let Some(&id) = self.file_keys.get(&key) {
            return Some(id);
        }
        let text = self.ctx.loader.load(&norm);
        self.note_prelude_load(&norm, text.is_some());
        let text = text?;
        let id = self.add_file(key.clone(), key, text, Origin::Fs, pos);
        if pos >= POS_FIRST_DIR + self.ctx.options.include_dirs.len() {
            self.ctx.sources.file_mut(id).system = true;
        }
        Some(id)
    }

    fn add_file(
        &mut self,
        key: String,
        display: String,
        text: String,
        origin: Origin,
        pos: usize,
    ) -> FileId {
        if let Some(&id) = self.file_keys.get(&key) {
            return id;
        }
        let id = self.ctx.sources.add(display, text);
        self.file_keys.insert(key, id);
        self.file_info.insert(
            id,
            FileInfo {
                origin,
                search_pos: pos,
            },
        );
        id
    }
}

/// A built-in header of CUDA's own (or oxicc's internal ones), not one of the C, POSIX or
/// C++ library headers the built-in set also provides.
fn is_cuda_header(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "__oxicc/",
        "oxicc_math/",
        "cuda",
        "cooperative_groups",
        "device_",
        "driver_types",
        "vector_types",
        "sm_",
        "texture_",
        "surface_",
        "mma.h",
    ];
    PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Removes `.` components (so `./a.h` and `a.h` are one file); `..` is kept, as a
/// symbolic link may make it mean something other than the parent.
pub(super) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        if c != Component::CurDir {
            out.push(c.as_os_str());
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}
