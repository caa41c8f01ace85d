//! The public compile API: options in, PTX (or IR text) or diagnostics out.

use std::path::PathBuf;

/// What the compile produces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// PTX assembly text (the default).
    #[default]
    Ptx,
    /// The optimized IR in `.oxir` text form.
    Ir,
    /// The preprocessed source (`-E`): what the parser reads, as text.
    Preprocessed,
    /// The typed tree of every function body semantic analysis covers (`--emit=sema`,
    /// like clang's `-ast-dump`): indented nodes with types, value categories and the
    /// implicit conversions.
    Sema,
}

/// Compile options, mirroring the nvcc flags that affect device code.
#[derive(Clone, Debug)]
pub struct Options {
    /// Target SM version times ten plus minor, e.g. 75 for `sm_75`, 90 for `sm_90`.
    pub sm: u32,
    /// Optimization level 0..=3.
    pub opt_level: u8,
    /// `-I` directories, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// `-isystem` directories, searched after the `-I` ones and before oxicc's built-in
    /// headers.
    pub system_include_dirs: Vec<PathBuf>,
    /// `-idirafter` directories, searched last, after the host toolchain's folders.
    pub after_include_dirs: Vec<PathBuf>,
    /// `--cuda-path`: a CUDA toolkit whose `include` folder (`cublas_v2.h`, `thrust/`,
    /// `cub/`, `nvtx3/`) is searched after oxicc's built-in headers, never instead of them.
    /// The command also takes it from `CUDA_PATH` or `CUDA_HOME`; the library reads no
    /// environment variable.
    pub cuda_path: Option<PathBuf>,
    /// `--host-headers`: search the host toolchain's include folders (gcc's C++ library
    /// folders, `/usr/local/include`, `/usr/include/<triple>`, `/usr/include`) after the
    /// built-in headers, for the headers oxicc does not have. The command's default is on
    /// (a drop-in `nvcc -ptx`); the library's is off, as NVRTC, which never reads the host's
    /// system folders (`--host-headers=true` turns it on).
    pub host_headers: bool,
    /// `--sysroot`: the root under which the host toolchain's folders are looked for.
    pub sysroot: Option<PathBuf>,
    /// `-nostdinc`: no host toolchain folder at all (oxicc's built-in headers remain: they
    /// are the compiler's own, as a resource directory is for gcc).
    pub no_std_inc: bool,
    /// `-nostdinc++`: no C++ library folder of the host toolchain.
    pub no_std_inc_cxx: bool,
    /// In-memory headers `(name, contents)`, searched before the file system.
    pub headers: Vec<(String, String)>,
    /// `-D` definitions `(name, value)`; a `None` value defines the macro as `1`.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U` names.
    pub undefines: Vec<String>,
    /// What to produce.
    pub emit: Emit,
    /// Run exactly these passes instead of the `-O` pipeline (`--passes=a,b`).
    pub passes: Option<Vec<String>>,
    /// Verify the IR after every pass (`--verify-each`).
    pub verify_each: bool,
    /// Record the IR after every pass into `CompileOutput::trace` (`--print-after-all`).
    pub print_after_all: bool,
    /// Record per-pass timings into `CompileOutput::trace` (`--time-passes`).
    pub time_passes: bool,
    /// Contract `a * b + c` into fused multiply-adds (`-fmad=true`, nvcc's default).
    pub fmad: bool,
    /// `--expt-relaxed-constexpr`: `constexpr` host functions may be called from device
    /// code (and `__CUDACC_RELAXED_CONSTEXPR__` is defined).
    pub relaxed_constexpr: bool,
    /// `-default-device` (`--device-as-default-execution-space`, what CuPy passes to
    /// NVRTC): functions without an execution-space specifier are `__device__`, and
    /// non-`const` namespace-scope variables without one are `__device__` variables.
    pub default_device: bool,
    /// `-lineinfo` (`--generate-line-info`): `.loc`/`.file` directives in the PTX.
    pub line_info: bool,
    /// `-rdc=true` / `-dc`: relocatable device code for separate compilation (`extern
    /// __device__` variables and functions as `.extern`, definitions as `.visible`).
    pub rdc: bool,
    /// `-include file` (`--pre-include`): headers included before the source, after the
    /// ones nvcc always includes.
    pub pre_includes: Vec<String>,
    /// `-ftz=true`: flush single-precision denormals to zero (parsed by `options/`).
    pub ftz: bool,
    /// `-prec-div=false` allows approximate single-precision division.
    pub prec_div: bool,
    /// `-prec-sqrt=false` allows an approximate single-precision square root.
    pub prec_sqrt: bool,
    /// `--use_fast_math` (also sets the three above and `fmad`).
    pub fast_math: bool,
    /// `-Werror`: warnings are errors (the compile fails).
    pub warnings_as_errors: bool,
    /// `-w`: warnings are not reported.
    pub no_warnings: bool,
    /// `--ptx-version=X.Y`: the `.version` to write (default: the target's minimum).
    pub ptx_version: Option<(u32, u32)>,
    /// `--lowering=typed` (the default): function bodies the semantic layer covers are
    /// lowered from the typed tree; `false` (`--lowering=one-walk`) lowers every body in
    /// the one walk, for comparing the two paths during the front-end redesign.
    pub typed_bodies: bool,
    /// `--fast-headers` (the default): skip work on built-in header code the file does not
    /// use, where that cannot change the output (`docs/host-and-device-headers.md`,
    /// "Speed"); `false` takes the plain path, for comparing the two.
    pub fast_headers: bool,
    /// `--report-dropped` (also set by the command's `-v`): a note for each file-scope
    /// declaration the parser skipped as host C++ it does not parse, with its include
    /// chain, system headers included. Off by default: nvcc hands such code to the host
    /// compiler, so skipping it is silent; the notes find what oxicc still lacks.
    pub report_dropped: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            sm: 75,
            opt_level: 3,
            include_dirs: Vec::new(),
            system_include_dirs: Vec::new(),
            after_include_dirs: Vec::new(),
            cuda_path: None,
            host_headers: false,
            sysroot: None,
            no_std_inc: false,
            no_std_inc_cxx: false,
            headers: Vec::new(),
            defines: Vec::new(),
            undefines: Vec::new(),
            emit: Emit::Ptx,
            passes: None,
            verify_each: false,
            print_after_all: false,
            time_passes: false,
            fmad: true,
            relaxed_constexpr: false,
            default_device: false,
            line_info: false,
            rdc: false,
            pre_includes: Vec::new(),
            ftz: false,
            prec_div: true,
            prec_sqrt: true,
            fast_math: false,
            warnings_as_errors: false,
            no_warnings: false,
            ptx_version: None,
            typed_bodies: true,
            fast_headers: true,
            report_dropped: false,
        }
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// One diagnostic: where, how bad, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// File name as the user wrote it (or the include path that found it).
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in bytes.
    pub column: u32,
    /// The human-readable message.
    pub message: String,
    /// The source line the caret points into (without the newline); empty when unknown.
    pub source_line: String,
}

impl std::fmt::Display for Diagnostic {
    /// Formats as `file:line:col: error: message`, then the source line and a caret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, sev, self.message
        )?;
        if !self.source_line.is_empty() {
            let pad: String = self
                .source_line
                .chars()
                .take(self.column.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n{}\n{}^", self.source_line, pad)?;
        }
        Ok(())
    }
}

/// The result of a compile.
#[derive(Clone, Debug)]
pub struct CompileOutput {
    /// PTX or IR text; `None` when an error occurred.
    pub text: Option<String>,
    /// Errors, warnings and notes, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// What `print_after_all` and `time_passes` asked for, in order.
    pub trace: Vec<String>,
    /// Every file the preprocessor read from the file system, in the order it first opened
    /// them (the main file is the caller's and not listed): a build's dependencies.
    pub opened_files: Vec<PathBuf>,
    /// The lowered (mangled) name of each name expression a `Program` asked for, in order;
    /// `None` where the compile failed before lowering.
    pub lowered_names: Vec<Option<String>>,
}

impl CompileOutput {
    /// True when the compile produced output (no errors).
    pub fn ok(&self) -> bool {
        self.text.is_some()
    }
}

/// The SM versions oxicc can target (`sm_75` is 75).
pub fn supported_sms() -> &'static [u32] {
    &[75, 80, 86, 89, 90, 100, 120]
}

/// Stack size of the thread a compile runs on. Every recursive stage has a depth limit;
/// this is the margin that makes those limits safe whatever the caller's own stack is.
const COMPILE_STACK_BYTES: usize = 256 << 20;

/// Compiles `source` (named `file_name` in diagnostics and for `#include "…"` lookups).
///
/// The compile runs on a scoped thread with a large stack, so it is safe to call from any
/// thread, including ones with small stacks.
pub fn compile(file_name: &str, source: &str, options: &Options) -> CompileOutput {
    compile_with_names(file_name, source, options, &[])
}

/// [`compile`], also answering name expressions (`"kernel<float, 4>"`, `"&ns::f"`) with the
/// mangled names of the entities they name, instantiating templates as needed
/// (`CompileOutput::lowered_names`), as NVRTC's `nvrtcGetLoweredName` does.
pub fn compile_with_names(
    file_name: &str,
    source: &str,
    options: &Options,
    name_expressions: &[String],
) -> CompileOutput {
    let input = crate::driver::Input {
        file_name,
        source,
        options,
        name_expressions,
        names_in_other_files: false,
    };
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("oxicc-compile".into())
            .stack_size(COMPILE_STACK_BYTES)
            .spawn_scoped(scope, || crate::driver::run_input(&input))
            .map(|h| h.join())
    });
    match result {
        Ok(Ok(out)) => apply_warning_options(out, options),
        // A panic is a compiler bug; report it as an internal error rather than unwinding
        // into the caller.
        Ok(Err(panic)) => internal_error(file_name, &panic),
        Err(e) => internal_error(
            file_name,
            &(Box::new(e.to_string()) as Box<dyn std::any::Any + Send>),
        ),
    }
}

/// Compiles several `.cu` files (`(name, source)`) into one PTX module, linked at the IR
/// level before optimization, so functions of one file are inlined into kernels of
/// another. Each file is compiled as for separate compilation (`extern __device__`
/// declarations name definitions of another file); with `Options::rdc` the linked module is
/// itself relocatable, otherwise its exported device symbols become module-local. A symbol
/// defined in two files is an error (file `<link>`).
pub fn compile_linked(files: &[(&str, &str)], options: &Options) -> CompileOutput {
    compile_linked_with_names(files, options, &[])
}

/// [`compile_linked`], also answering name expressions, each by the first file of the set
/// that names a function or variable with it (an expression no file answers is an error).
pub fn compile_linked_with_names(
    files: &[(&str, &str)],
    options: &Options,
    name_expressions: &[String],
) -> CompileOutput {
    let first = files.first().map_or("<link>", |f| f.0);
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("oxicc-compile".into())
            .stack_size(COMPILE_STACK_BYTES)
            .spawn_scoped(scope, || {
                crate::driver::run_linked(files, options, name_expressions)
            })
            .map(|h| h.join())
    });
    match result {
        Ok(Ok(out)) => apply_warning_options(out, options),
        Ok(Err(panic)) => internal_error(first, &panic),
        Err(e) => internal_error(
            first,
            &(Box::new(e.to_string()) as Box<dyn std::any::Any + Send>),
        ),
    }
}

fn internal_error(file_name: &str, payload: &Box<dyn std::any::Any + Send>) -> CompileOutput {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    CompileOutput {
        text: None,
        diagnostics: vec![Diagnostic {
            severity: Severity::Error,
            file: file_name.to_string(),
            line: 1,
            column: 1,
            message: format!("internal compiler error: {what}"),
            source_line: String::new(),
        }],
        trace: Vec::new(),
        opened_files: Vec::new(),
        lowered_names: Vec::new(),
    }
}

/// `-w` drops warnings (and the notes that follow them); `-Werror` makes them errors, and
/// a compile with one fails.
fn apply_warning_options(mut out: CompileOutput, options: &Options) -> CompileOutput {
    if options.no_warnings {
        let mut keep = true;
        out.diagnostics.retain(|d| {
            if d.severity != Severity::Note {
                keep = d.severity != Severity::Warning;
            }
            keep
        });
    } else if options.warnings_as_errors {
        let mut any = false;
        for d in &mut out.diagnostics {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
                any = true;
            }
        }
        if any {
            out.text = None;
        }
    }
    out
}
