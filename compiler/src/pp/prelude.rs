//! The prelude snapshot: the preprocessor's state right after the implicit
//! `cuda_runtime.h` (and the `<built-in>` file of predefined macros before it), kept so
//! that later compiles restore it instead of preprocessing the prelude again.
//!
//! Every compile starts the same way: the predefined macros, then `cuda_runtime.h` and
//! the ~90 KB of built-in headers it includes, before the first token of the user's file.
//! Nothing the user's file says can change that part (it comes before the file), so its
//! result depends only on what this module puts in the [`Key`] (the `<built-in>` text: the
//! SM, `-D`, `-U`, `--expt-relaxed-constexpr`; the host and CUDA search options; the
//! interner the compile starts with) and on what the prelude's includes find: a snapshot
//! is made only when the prelude read no file from disk, and it is used only while the
//! names its includes looked up are neither in-memory headers nor files in a `-I` or
//! `-isystem` folder of this run (those come before the built-in headers: a user's
//! `string.h`), and the files it missed are still missing. A snapshot holds everything
//! the rest of the run reads: macros (and which gcc macros were looked up), the interner,
//! the source files and their `FileId`s, include guards and `#pragma once` files, the
//! expansion table, `__COUNTER__`, the work count and the output tokens so far.
//!
//! Made on the first compile with a given key in a process (when the prelude gave no
//! diagnostic; not in a process that turned the header cache off, as the command does
//! for its one compile) and used by every later one; the command's first compile uses the
//! one built into the compiler (`prelude_file.rs`); `Options::fast_headers = false` turns it off,
//! and so does anything that makes the start differ (a `-include`, a source map or
//! interner that is not fresh). The restored run is the same run, so output is identical
//! (`tests/tests/fast_headers.rs`, `compiler/tests/pp_prelude.rs`).

use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::include::{normalize, POS_FIRST_DIR};
use super::macros::Macro;
use super::{Expansion, FileInfo, Origin, Preprocessor, NVCC_FORCE_INCLUDES};
use crate::api::Options;
use crate::intern::{Interner, Symbol};
use crate::lex::Token;
use crate::source::{FileId, Span};

/// What a prelude's result depends on, besides the built-in headers, the compiler, and the
/// `-I`/`-isystem` folders and in-memory headers (those are checked name by name: see
/// `Snapshot::probes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) predefined: String,
    /// Symbols in the interner at the start (keywords only, or the header cache's
    /// template); the snapshot's interner continues from it.
    pub(super) start_symbols: usize,
    pub(super) header_cache: bool,
    pub(super) work_limit: u64,
    pub(super) after_include_dirs: Vec<PathBuf>,
    pub(super) cuda_path: Option<PathBuf>,
    pub(super) sysroot: Option<PathBuf>,
    pub(super) host_headers: bool,
    pub(super) no_std_inc: bool,
    pub(super) no_std_inc_cxx: bool,
}

impl Key {
    fn new(pp: &Preprocessor<'_, '_>, predefined: String) -> Key {
        let o: &Options = pp.ctx.options;
        Key {
            predefined,
            start_symbols: pp.ctx.interner.len(),
            header_cache: pp.header_cache,
            work_limit: pp.ctx.work_limit,
            after_include_dirs: o.after_include_dirs.clone(),
            cuda_path: o.cuda_path.clone(),
            sysroot: o.sysroot.clone(),
            host_headers: o.host_headers,
            no_std_inc: o.no_std_inc,
            no_std_inc_cxx: o.no_std_inc_cxx,
        }
    }

    /// The same as `Key::new(pp, predefined) == *self`, without copying the options.
    fn matches(&self, pp: &Preprocessor<'_, '_>, predefined: &str) -> bool {
        let o: &Options = pp.ctx.options;
        self.predefined == predefined
            && self.start_symbols == pp.ctx.interner.len()
            && self.header_cache == pp.header_cache
            && self.work_limit == pp.ctx.work_limit
            && self.after_include_dirs == o.after_include_dirs
            && self.cuda_path == o.cuda_path
            && self.sysroot == o.sysroot
            && self.host_headers == o.host_headers
            && self.no_std_inc == o.no_std_inc
            && self.no_std_inc_cxx == o.no_std_inc_cxx
    }
}

/// A source file of the prelude, in a form that may cross threads.
#[derive(Debug)]
pub(super) struct FrozenFile {
    pub(super) name: String,
    pub(super) text: String,
    /// `#line` marks: (physical line, logical line, name).
    pub(super) marks: Vec<(u32, u32, String)>,
    pub(super) included_from: Option<Span>,
    pub(super) system: bool,
}

/// The preprocessor's state after the prelude (see the module comment).
#[derive(Debug)]
pub(super) struct Snapshot {
    pub(super) key: Key,
    pub(super) interner: Interner,
    /// The files after the main one (`FileId(1)` on), in order.
    pub(super) files: Vec<FrozenFile>,
    pub(super) macros: Vec<(Symbol, Macro)>,
    pub(super) gcc_checked: Vec<bool>,
    pub(super) expansions: Vec<Expansion>,
    pub(super) file_keys: Vec<(String, FileId)>,
    pub(super) file_info: Vec<(FileId, FileInfo)>,
    pub(super) once: Vec<FileId>,
    pub(super) guards: Vec<(FileId, Symbol)>,
    pub(super) counter: u32,
    pub(super) work: u64,
    pub(super) tokens: Vec<Token>,
    /// Every file the prelude tried to read from disk (none was found: a prelude that
    /// read a file from disk makes no snapshot).
    pub(super) loads: Vec<PathBuf>,
    /// The names the prelude's includes looked up among the in-memory headers (`false`)
    /// or also in the `-I`/`-isystem` folders (`true`), which come before the built-in
    /// headers: a snapshot holds only while none of them is found there.
    pub(super) probes: Vec<(String, bool)>,
    /// `-I` plus `-isystem` folders when it was made (the built-in headers' search
    /// position, for `#include_next`, comes after them).
    pub(super) user_dirs: usize,
}

/// Snapshots of this process, most recent last (a few keys: a test suite compiles for
/// several SMs).
static SNAPSHOTS: Mutex<Vec<Arc<Snapshot>>> = Mutex::new(Vec::new());
const MAX_SNAPSHOTS: usize = 8;

/// How many compiles of this process restored a snapshot.
static RESTORES: AtomicUsize = AtomicUsize::new(0);

/// How many compiles of this process restored a snapshot (for tests).
pub fn prelude_restores() -> usize {
    RESTORES.load(Ordering::Relaxed)
}

/// How many snapshots a process keeps made (for tests).
pub fn prelude_snapshots() -> usize {
    SNAPSHOTS.lock().map(|s| s.len()).unwrap_or(0)
}

/// Forgets every snapshot of this process (for tests).
pub fn clear_prelude_snapshots() {
    if let Ok(mut s) = SNAPSHOTS.lock() {
        s.clear();
    }
}

/// Where a run stands with the snapshot.
pub(super) enum PreludeState {
    /// Not taking part (the plain path, or a start that differs from a snapshot's).
    Off,
    /// Preprocessing the prelude to make a snapshot of the state after it.
    Capturing {
        key: Box<Key>,
        loads: Vec<(PathBuf, bool)>,
        probes: Vec<(String, bool)>,
        diags_before: usize,
    },
}

impl Preprocessor<'_, '_> {
    /// Whether this run starts as every compile does (only then is the prelude's result
    /// a function of the key).
    fn prelude_eligible(&self) -> bool {
        self.ctx.options.fast_headers
            && self.ctx.sources.len() == 1
            && self.main == FileId(0)
            && self.ctx.force_includes.len() == NVCC_FORCE_INCLUDES.len()
            && self
                .ctx
                .force_includes
                .iter()
                .zip(NVCC_FORCE_INCLUDES)
                .all(|(a, b)| a == b)
            && self.macros.is_empty()
            && self.expansions.is_empty()
            && self.file_keys.is_empty()
    }

    /// Restores the state after the prelude when a snapshot for this start exists
    /// (returns the output tokens so far); otherwise prepares to make one when the run is
    /// eligible. `predefined` is the `<built-in>` text of this run.
    pub(super) fn restore_prelude(&mut self, predefined: &str) -> Option<Vec<Token>> {
        if !self.prelude_eligible() {
            return None;
        }
        let found = if self.prelude_lookup {
            let made_here = SNAPSHOTS.lock().ok().and_then(|s| {
                s.iter()
                    .rev()
                    .find(|snap| snap.key.matches(self, predefined))
                    .cloned()
            });
            made_here.or_else(|| super::prelude_file::embedded(|k| k.matches(self, predefined)))
        } else {
            None
        };
        match found {
            Some(snap) if self.still_holds(&snap) => Some(self.restore(&snap)),
            Some(_) => None,
            // A process that compiles once (the command turns the header cache off for
            // that) would never use a snapshot: making one would only cost.
            None if self.prelude_lookup && !super::header_cache::enabled() => None,
            None => {
                self.prelude = PreludeState::Capturing {
                    key: Box::new(Key::new(self, predefined.to_string())),
                    loads: Vec::new(),
                    probes: Vec::new(),
                    diags_before: self.ctx.diags.list.len(),
                };
                None
            }
        }
    }

    /// Whether the prelude would find the same files now: the files it tried to read are
    /// still missing, and none of the names it looked up is an in-memory header or a file
    /// in a `-I`/`-isystem` folder of this run.
    fn still_holds(&self, snap: &Snapshot) -> bool {
        let o = self.ctx.options;
        let loader = self.ctx.loader;
        snap.loads.iter().all(|p| loader.load(p).is_none())
            && snap.probes.iter().all(|(name, dirs)| {
                let in_memory = o.headers.iter().any(|(h, _)| h == name);
                let in_dirs = *dirs
                    && (o.include_dirs.iter())
                        .chain(&o.system_include_dirs)
                        .any(|d| loader.load(&normalize(&d.join(name))).is_some());
                !in_memory && !in_dirs
            })
    }

    fn restore(&mut self, snap: &Snapshot) -> Vec<Token> {
        RESTORES.fetch_add(1, Ordering::Relaxed);
        *self.ctx.interner = snap.interner.clone();
        for f in &snap.files {
            let id = self.ctx.sources.add(f.name.clone(), f.text.clone());
            let file = self.ctx.sources.file_mut(id);
            for (phys, logical, name) in &f.marks {
                file.add_line_mark(*phys, *logical, Some(name));
            }
            file.included_from = f.included_from;
            file.system = f.system;
        }
        let len = snap.macros.last().map_or(0, |(s, _)| s.0 as usize + 1);
        self.macros = vec![None; len];
        for (s, m) in &snap.macros {
            self.macros[s.0 as usize] = Some(Rc::new(m.clone()));
        }
        self.gcc_checked = snap.gcc_checked.clone();
        self.expansions = snap.expansions.clone();
        self.file_keys = snap.file_keys.iter().cloned().collect();
        // Built-in headers found at the built-in position keep it for `#include_next`:
        // it moves with the number of user folders.
        let o = self.ctx.options;
        let dirs_now = o.include_dirs.len() + o.system_include_dirs.len();
        let builtin_then = POS_FIRST_DIR + snap.user_dirs;
        self.file_info
            .extend(snap.file_info.iter().map(|&(id, mut info)| {
                if info.origin == Origin::Builtin && info.search_pos == builtin_then {
                    info.search_pos = POS_FIRST_DIR + dirs_now;
                }
                (id, info)
            }));
        self.once = snap.once.iter().copied().collect();
        self.guards = snap.guards.iter().copied().collect();
        self.counter = snap.counter;
        self.work = snap.work;
        let mut tokens = Vec::with_capacity(snap.tokens.len() + 1024);
        tokens.extend_from_slice(&snap.tokens);
        tokens
    }

    /// Records a file read (`found` or not) while capturing the prelude.
    pub(super) fn note_prelude_load(&mut self, path: &std::path::Path, found: bool) {
        if let PreludeState::Capturing { loads, .. } = &mut self.prelude {
            loads.push((path.to_path_buf(), found));
        }
    }

    /// Records a name looked up among the in-memory headers (and the user's folders, when
    /// `dirs`) while capturing the prelude.
    pub(super) fn note_prelude_probe(&mut self, name: &str, dirs: bool) {
        if let PreludeState::Capturing { probes, .. } = &mut self.prelude {
            match probes.last_mut() {
                Some((last, d)) if last == name => *d |= dirs,
                _ => probes.push((name.to_string(), dirs)),
            }
        }
    }

    /// Called at each file's end while the prelude may be capturing: when only the main
    /// file is left, the prelude is done and the snapshot is made (if the prelude gave
    /// no diagnostic and left nothing pending).
    pub(super) fn prelude_file_done(&mut self, tokens: &[Token]) {
        if !matches!(self.prelude, PreludeState::Capturing { .. }) || self.files_open != 1 {
            return;
        }
        let PreludeState::Capturing {
            key,
            loads,
            probes,
            diags_before,
        } = std::mem::replace(&mut self.prelude, PreludeState::Off)
        else {
            return;
        };
        let clean = self.ctx.diags.list.len() == diags_before
            && !self.halted
            && self.stack.len() == 1
            && self.conds.is_empty()
            && self.pushed_macros.is_empty()
            && self.disabled.iter().all(|&d| d == 0)
            && loads.iter().all(|(_, found)| !found);
        if !clean {
            return;
        }
        let n = self.ctx.sources.len();
        let files = (1..n)
            .map(|i| {
                let f = self.ctx.sources.file(FileId(i as u32));
                FrozenFile {
                    name: f.name.clone(),
                    text: f.text.clone(),
                    marks: (f.line_marks().iter())
                        .map(|m| (m.phys, m.logical, m.name.to_string()))
                        .collect(),
                    included_from: f.included_from,
                    system: f.system,
                }
            })
            .collect();
        let macros = (self.macros.iter().enumerate())
            .filter_map(|(i, m)| Some((Symbol(i as u32), Macro::clone(m.as_ref()?))))
            .collect();
        let mut file_keys: Vec<_> = (self.file_keys.iter())
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        file_keys.sort_by_key(|(_, id)| id.0);
        let mut file_info: Vec<_> = (self.file_info.iter())
            .filter(|(id, _)| **id != self.main)
            .map(|(k, v)| (*k, *v))
            .collect();
        file_info.sort_by_key(|(id, _)| id.0);
        let mut once: Vec<_> = self.once.iter().copied().collect();
        once.sort_by_key(|id| id.0);
        let mut guards: Vec<_> = self.guards.iter().map(|(k, v)| (*k, *v)).collect();
        guards.sort_by_key(|(id, _)| id.0);
        let snap = Snapshot {
            key: *key,
            interner: self.ctx.interner.clone(),
            files,
            macros,
            gcc_checked: self.gcc_checked.clone(),
            expansions: self.expansions.clone(),
            file_keys,
            file_info,
            once,
            guards,
            counter: self.counter,
            work: self.work,
            tokens: tokens.to_vec(),
            loads: loads.into_iter().map(|(p, _)| p).collect(),
            probes,
            user_dirs: (self.ctx.options.include_dirs.len())
                + self.ctx.options.system_include_dirs.len(),
        };
        let snap = Arc::new(snap);
        self.prelude_made = Some(snap.clone());
        if let Ok(mut s) = SNAPSHOTS.lock() {
            if s.len() >= MAX_SNAPSHOTS {
                s.remove(0);
            }
            s.push(snap);
        }
    }
}

/// The snapshot file of the prelude under `options` (what `compiler/prelude/prelude.bin`
/// holds for the command's defaults: `compiler/tests/prelude_file.rs`). An error when the
/// prelude makes no snapshot (a diagnostic) or looks for files on disk (which would tie
/// the file to this machine's folders).
pub fn prelude_snapshot_file(options: &Options) -> Result<Vec<u8>, String> {
    let mut sources = crate::source::SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = crate::diag::Diagnostics::new();
    let main = sources.add("<prelude>", "");
    let loader = super::FsLoader;
    let mut ctx = super::PpContext::new(&mut sources, &mut interner, &mut diags, options, &loader);
    ctx.force_includes = NVCC_FORCE_INCLUDES.iter().map(|s| s.to_string()).collect();
    // Not `preprocess`: the interner stays fresh (no header cache template), as in a
    // process that compiles once.
    let mut pp = Preprocessor::new(&mut ctx, main);
    pp.prelude_lookup = false;
    pp.run();
    let snap = pp
        .prelude_made
        .take()
        .ok_or("the prelude made no snapshot (it gave a diagnostic or read a file)")?;
    if !snap.loads.is_empty() {
        return Err(format!(
            "the prelude looked for files on disk: {:?}",
            snap.loads
        ));
    }
    let bytes = super::prelude_file::encode(&snap);
    let back = super::prelude_file::decode(&bytes).ok_or("the snapshot file does not decode")?;
    let same_symbols = back.interner.len() == snap.interner.len()
        && (0..snap.interner.len() as u32)
            .all(|i| back.interner.resolve(Symbol(i)) == snap.interner.resolve(Symbol(i)));
    if !same_symbols || format!("{back:?}") != format!("{snap:?}") {
        return Err("the snapshot file decodes to another snapshot".into());
    }
    Ok(bytes)
}
