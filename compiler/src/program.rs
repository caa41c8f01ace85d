//! `Program`: what NVRTC offers, as a Rust API — a source and its name, in-memory headers,
//! options spelled as for nvcc (parsed by `options/`, the command's parser), and name
//! expressions answered with their lowered (mangled) names.
//!
//! A `Program` is plain data (`Send + Sync`); compiling it borrows it immutably, so one
//! program may be compiled from many threads at once, and every compile gives the same
//! bytes. An optional [`Cache`] skips compiles whose inputs were seen before.

use std::path::PathBuf;
use std::sync::Arc;

use crate::api::{compile_with_names, Diagnostic, Severity};
use crate::cache::Cache;
use crate::options::{parse, Dialect, OptionError};

/// A CUDA source to compile, with what NVRTC's `nvrtcCreateProgram` and
/// `nvrtcAddNameExpression` take.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    name: String,
    source: String,
    headers: Vec<(String, String)>,
    name_expressions: Vec<String>,
}

/// What one compile gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The PTX; `None` when the compile failed.
    pub ptx: Option<String>,
    /// Warnings about options, then every diagnostic, as text (NVRTC's program log).
    pub log: String,
    /// The diagnostics as data.
    pub diagnostics: Vec<Diagnostic>,
    /// Each name expression and its lowered name (`None` when the compile failed).
    pub lowered_names: Vec<(String, Option<String>)>,
    /// The files the preprocessor read from the file system (a build's dependencies).
    pub opened_files: Vec<PathBuf>,
}

impl Compiled {
    /// True when the compile produced PTX.
    pub fn ok(&self) -> bool {
        self.ptx.is_some()
    }

    /// The lowered name of a name expression added to the program (as it was added).
    pub fn lowered_name(&self, expr: &str) -> Option<&str> {
        self.lowered_names
            .iter()
            .find(|(e, _)| e == expr)
            .and_then(|(_, n)| n.as_deref())
    }
}

impl Program {
    /// A program named `name` (shown in diagnostics; `#include "…"` looks next to it when
    /// it is a path) with the given source text.
    pub fn new(name: impl Into<String>, source: impl Into<String>) -> Program {
        Program {
            name: name.into(),
            source: source.into(),
            ..Program::default()
        }
    }

    /// Adds an in-memory header: `#include "name"` and `#include <name>` find it before
    /// any directory.
    pub fn header(mut self, name: impl Into<String>, contents: impl Into<String>) -> Program {
        self.headers.push((name.into(), contents.into()));
        self
    }

    /// Adds a name expression (`"kernel<float, 4>"`, `"&ns::f"`): the compile instantiates
    /// what it names and reports its mangled name. A repeated expression is kept once.
    pub fn name_expression(mut self, expr: impl Into<String>) -> Program {
        let e = expr.into();
        if !self.name_expressions.contains(&e) {
            self.name_expressions.push(e);
        }
        self
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    pub fn name_expressions(&self) -> &[String] {
        &self.name_expressions
    }

    /// Compiles with nvcc-spelled options (`"-arch=sm_90"`, `"-O3"`, `"-DN=4"`, `"-I…"`,
    /// `"--use_fast_math"`, `"-std=c++17"`). An option oxicc does not know, or one only
    /// the command has, is an `OptionError`; everything about the source is in the result.
    pub fn compile<S: AsRef<str>>(&self, options: &[S]) -> Result<Compiled, OptionError> {
        let args: Vec<String> = options.iter().map(|s| s.as_ref().to_string()).collect();
        let mut parsed = parse(&args, Dialect::Library)?;
        parsed.options.headers.extend(self.headers.iter().cloned());
        let out = compile_with_names(
            &self.name,
            &self.source,
            &parsed.options,
            &self.name_expressions,
        );
        let log = program_log(&parsed.warnings, &out.diagnostics, &self.name);
        let lowered_names = self
            .name_expressions
            .iter()
            .cloned()
            .zip(out.lowered_names.into_iter().chain(std::iter::repeat(None)))
            .collect();
        Ok(Compiled {
            ptx: out.text,
            log,
            diagnostics: out.diagnostics,
            lowered_names,
            opened_files: out.opened_files,
        })
    }

    /// Compiles a set of programs into one PTX module, linked at the IR level before
    /// optimization ([`crate::compile_linked`]): an `extern __device__` declaration in one
    /// names the definition in another, and functions are inlined across programs. The
    /// in-memory headers of every program are visible to all. The name expressions of every
    /// program are answered by the first program that names something with them; one that
    /// none answers is an error.
    pub fn link<S: AsRef<str>>(
        programs: &[Program],
        options: &[S],
    ) -> Result<Compiled, OptionError> {
        let args: Vec<String> = options.iter().map(|s| s.as_ref().to_string()).collect();
        let mut parsed = parse(&args, Dialect::Library)?;
        for p in programs {
            parsed.options.headers.extend(p.headers.iter().cloned());
        }
        let files: Vec<(&str, &str)> = programs
            .iter()
            .map(|p| (p.name.as_str(), p.source.as_str()))
            .collect();
        // Every program's name expressions, once each, in order.
        let mut exprs: Vec<String> = Vec::new();
        for e in programs.iter().flat_map(|p| &p.name_expressions) {
            if !exprs.contains(e) {
                exprs.push(e.clone());
            }
        }
        let out = crate::api::compile_linked_with_names(&files, &parsed.options, &exprs);
        let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
        Ok(Compiled {
            ptx: out.text,
            log: program_log(&parsed.warnings, &out.diagnostics, &names.join(", ")),
            diagnostics: out.diagnostics,
            lowered_names: exprs
                .into_iter()
                .zip(out.lowered_names.into_iter().chain(std::iter::repeat(None)))
                .collect(),
            opened_files: out.opened_files,
        })
    }

    /// [`Program::compile`] through a cache: a compile whose source, name, headers, name
    /// expressions, options and compiler build were all seen before (and whose included
    /// files are unchanged) is answered from it. Only successful compiles are kept.
    pub fn compile_cached<S: AsRef<str>>(
        &self,
        options: &[S],
        cache: &Cache,
    ) -> Result<Arc<Compiled>, OptionError> {
        let options: Vec<&str> = options.iter().map(|s| s.as_ref()).collect();
        let key = cache_key(self, &options);
        if let Some(hit) = cache.get(key) {
            return Ok(hit);
        }
        let out = Arc::new(self.compile(&options)?);
        if out.ok() {
            cache.put(key, &out);
        }
        Ok(out)
    }
}

/// The compiler build, for cache keys: the crate version and a hash of the compiler's
/// sources (`build.rs`), so a changed compiler never reads an old entry.
pub const COMPILER_BUILD: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("OXICC_SOURCE_HASH"));

/// The cache key of a compile: a 128-bit FNV-1a hash over every input, each
/// length-prefixed so that no two different inputs concatenate alike.
fn cache_key(p: &Program, options: &[&str]) -> u128 {
    let mut h = crate::cache::Fnv128::new();
    h.field(COMPILER_BUILD.as_bytes());
    h.field(p.name.as_bytes());
    h.field(p.source.as_bytes());
    h.count(p.headers.len());
    for (n, t) in &p.headers {
        h.field(n.as_bytes());
        h.field(t.as_bytes());
    }
    h.count(p.name_expressions.len());
    for e in &p.name_expressions {
        h.field(e.as_bytes());
    }
    h.count(options.len());
    for o in options {
        h.field(o.as_bytes());
    }
    h.finish()
}

/// NVRTC's program log: the option warnings, every diagnostic, and the error count.
fn program_log(warnings: &[String], diagnostics: &[crate::api::Diagnostic], name: &str) -> String {
    let mut log = String::new();
    for w in warnings {
        log.push_str(w);
        log.push('\n');
    }
    for d in diagnostics {
        log.push_str(&d.to_string());
        log.push('\n');
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if errors > 0 {
        log.push_str(&format!(
            "{errors} error{} detected in the compilation of \"{name}\".\n",
            if errors == 1 { "" } else { "s" },
        ));
    }
    log
}
