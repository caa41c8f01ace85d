//! `oxicc-build`: compile a crate's CUDA kernels to PTX from its `build.rs`, with oxicc
//! (pure Rust — no CUDA toolkit on the build machine).
//!
//! ```text
//! // build.rs
//! fn main() {
//!     oxicc_build::Build::new()
//!         .arch("sm_80")
//!         .name_expression("scale", "scale<float, 4>")
//!         .compile_or_exit();
//! }
//! ```
//! ```text
//! // src/main.rs
//! include!(concat!(env!("OUT_DIR"), "/oxicc_kernels.rs"));
//! // kernels/saxpy.cu → `saxpy::PTX`; kernels/scale.cu → `scale::PTX`, and
//! // `scale::lowered("scale<float, 4>")` → Some("_Z5scaleIfLi4EEvPT_").
//! ```
//!
//! Every `kernels/*.cu` (the folder is settable) is compiled with the given nvcc-spelled
//! options; its PTX is written to `OUT_DIR` and the generated module holds it as a
//! `&'static str`. `cargo:rerun-if-changed` is printed for the folder, every source and
//! every file the preprocessor opened, so editing a header rebuilds. Compiles go through
//! an on-disk cache in `OUT_DIR` (on by default: a rebuild after an unrelated change skips
//! them). Errors are printed with file, line, source line and caret, and fail the build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What to compile and how.
#[derive(Clone, Debug)]
pub struct Build {
    dir: PathBuf,
    options: Vec<String>,
    name_expressions: Vec<(String, String)>,
    cache: bool,
    out_dir: Option<PathBuf>,
    module: String,
}

/// A failed build: every message, ready to print.
#[derive(Debug)]
pub struct BuildError {
    pub messages: Vec<String>,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.messages.join("\n"))
    }
}

impl std::error::Error for BuildError {}

/// What a successful [`Build::compile`] did.
#[derive(Clone, Debug)]
pub struct Built {
    /// The generated module (`include!` it).
    pub module: PathBuf,
    /// Every path printed as `cargo:rerun-if-changed`: the kernel folder, each source and
    /// each file the preprocessor opened.
    pub rerun_if_changed: Vec<PathBuf>,
}

impl Default for Build {
    fn default() -> Self {
        Self::new()
    }
}

impl Build {
    /// `kernels/` next to `Cargo.toml`, no options (oxicc's defaults: `sm_75`, `-O3`).
    pub fn new() -> Build {
        let root = std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .unwrap_or_default();
        Build {
            dir: root.join("kernels"),
            options: Vec::new(),
            name_expressions: Vec::new(),
            cache: true,
            out_dir: None,
            module: "oxicc_kernels.rs".into(),
        }
    }

    /// The folder whose `*.cu` files are compiled.
    pub fn kernels_dir(mut self, dir: impl Into<PathBuf>) -> Build {
        self.dir = dir.into();
        self
    }

    /// An nvcc-spelled option (`"-O3"`, `"-DN=4"`, `"-I…"`, `"--use_fast_math"`).
    pub fn option(mut self, o: impl Into<String>) -> Build {
        self.options.push(o.into());
        self
    }

    /// `-arch=<arch>` (`"sm_80"`).
    pub fn arch(self, arch: &str) -> Build {
        self.option(format!("-arch={arch}"))
    }

    /// Instantiates `expr` (`"scale<float, 4>"`) in `kernels/<file>.cu` and records its
    /// lowered name in the generated module.
    pub fn name_expression(mut self, file: impl Into<String>, expr: impl Into<String>) -> Build {
        self.name_expressions.push((file.into(), expr.into()));
        self
    }

    /// Turns the on-disk cache off (on by default).
    pub fn cache(mut self, on: bool) -> Build {
        self.cache = on;
        self
    }

    /// Where the PTX files and the module go (default: `$OUT_DIR`).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Build {
        self.out_dir = Some(dir.into());
        self
    }

    /// Compiles every kernel and writes the module. Prints the `cargo:rerun-if-changed`
    /// lines (also on failure, so that fixing the error reruns the build).
    pub fn compile(&self) -> Result<Built, BuildError> {
        let mut rerun = Vec::new();
        let r = self.compile_into(&mut rerun);
        for p in &rerun {
            println!("cargo:rerun-if-changed={}", p.display());
        }
        r.map(|module| Built {
            module,
            rerun_if_changed: rerun,
        })
    }

    fn compile_into(&self, rerun: &mut Vec<PathBuf>) -> Result<PathBuf, BuildError> {
        let fail = |m: String| BuildError { messages: vec![m] };
        let out_dir = match &self.out_dir {
            Some(d) => d.clone(),
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
                fail("OUT_DIR is not set: call oxicc-build from build.rs".into())
            })?),
        };
        std::fs::create_dir_all(&out_dir)
            .map_err(|e| fail(format!("cannot create {}: {e}", out_dir.display())))?;
        rerun.push(self.dir.clone());
        let mut sources: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .map_err(|e| fail(format!("cannot read {}: {e}", self.dir.display())))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "cu"))
            .collect();
        sources.sort();
        for (file, _) in &self.name_expressions {
            if !sources.iter().any(|s| stem(s) == *file) {
                return Err(fail(format!(
                    "name expression for kernels/{file}.cu, which does not exist"
                )));
            }
        }
        let cache = if self.cache {
            oxicc::Cache::on_disk(out_dir.join("oxicc-cache"))
        } else {
            oxicc::Cache::default()
        };
        let mut module = String::from(
            "// Generated by oxicc-build: the PTX of each kernel file and the lowered names.\n",
        );
        let mut errors = Vec::new();
        for src in &sources {
            rerun.push(src.clone());
            let name = stem(src);
            let text = std::fs::read_to_string(src)
                .map_err(|e| fail(format!("cannot read {}: {e}", src.display())))?;
            let mut program = oxicc::Program::new(src.display().to_string(), text);
            for (_, e) in self.name_expressions.iter().filter(|(f, _)| *f == name) {
                program = program.name_expression(e.clone());
            }
            let out = program
                .compile_cached(&self.options, &cache)
                .map_err(|e| fail(format!("oxicc: {e}")))?;
            for f in &out.opened_files {
                if !rerun.contains(f) {
                    rerun.push(f.clone());
                }
            }
            for d in &out.diagnostics {
                if d.severity == oxicc::Severity::Warning {
                    for line in d.to_string().lines() {
                        println!("cargo:warning={line}");
                    }
                }
            }
            let Some(ptx) = &out.ptx else {
                errors.extend(out.diagnostics.iter().map(|d| d.to_string()));
                continue;
            };
            let ptx_path = out_dir.join(format!("{name}.ptx"));
            std::fs::write(&ptx_path, ptx)
                .map_err(|e| fail(format!("cannot write {}: {e}", ptx_path.display())))?;
            let _ = writeln!(
                module,
                "\n/// `{}` compiled by oxicc.\npub mod {} {{",
                src.display(),
                rust_ident(&name)
            );
            let _ = writeln!(
                module,
                "    /// The PTX text.\n    pub const PTX: &str = include_str!({:?});",
                ptx_path.display().to_string()
            );
            let _ = writeln!(module, "    /// Each requested name expression and its lowered (mangled) name.\n    pub const LOWERED: &[(&str, &str)] = &[");
            for (e, n) in &out.lowered_names {
                let _ = writeln!(module, "        ({e:?}, {:?}),", n.as_deref().unwrap_or(""));
            }
            let _ = writeln!(
                module,
                "    ];\n    /// The lowered name of a requested name expression.\n    #[allow(dead_code)]\n    pub fn lowered(expr: &str) -> Option<&'static str> {{\n        LOWERED.iter().find(|(e, _)| *e == expr).map(|(_, n)| *n)\n    }}\n}}"
            );
        }
        if !errors.is_empty() {
            return Err(BuildError { messages: errors });
        }
        let path = out_dir.join(&self.module);
        std::fs::write(&path, module)
            .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))?;
        Ok(path)
    }

    /// [`Build::compile`], printing the errors (with file, line and caret) and exiting with
    /// status 1 on failure, as a build script should.
    pub fn compile_or_exit(&self) -> Built {
        match self.compile() {
            Ok(b) => b,
            Err(e) => {
                // `cargo::error=` makes each an `error:` line of cargo's own output (one
                // line each: the location and message); stderr, which cargo shows for a
                // failed build script, has them in full with the source line and caret.
                for m in &e.messages {
                    println!("cargo::error={}", m.lines().next().unwrap_or(""));
                    eprintln!("{m}");
                }
                std::process::exit(1);
            }
        }
    }
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A file stem as a Rust module name (`my-kernel` → `my_kernel`, `2d` → `_2d`).
fn rust_ident(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    // A keyword cannot name a module: `type.cu` → `type_`.
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else",
        "enum", "extern", "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match",
        "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait",
        "true", "try", "type", "unsafe", "use", "where", "while", "yield",
    ];
    if KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}
