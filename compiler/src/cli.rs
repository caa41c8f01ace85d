//! Command-line parsing and the work of one `oxicc` invocation.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Parser;
use oxicc::{Emit, Options, Severity};

/// oxicc — compile CUDA C++ device code to PTX (a drop-in for `nvcc -ptx`).
#[derive(Parser, Debug)]
#[command(name = "oxicc", version, about, long_about = None)]
pub struct Args {
    /// Input `.cu` file (`-` for standard input).
    pub input: PathBuf,
    /// Output file (`-` for standard output). Default: the input name with `.ptx` (or `.oxir`).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Target GPU: `sm_75`, `sm_80`, `sm_86`, `sm_89`, `sm_90`, `sm_100`, `sm_120` (or
    /// `compute_XX`).
    #[arg(
        long = "arch",
        visible_alias = "gpu-architecture",
        default_value = "sm_75"
    )]
    pub arch: String,
    /// Optimization level 0..3.
    #[arg(short = 'O', default_value = "3")]
    pub opt: u8,
    /// Add a directory to the include search path.
    #[arg(short = 'I', long = "include-path")]
    pub include: Vec<PathBuf>,
    /// Define a macro: `NAME` or `NAME=VALUE`.
    #[arg(short = 'D', long = "define-macro")]
    pub define: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', long = "undefine-macro")]
    pub undefine: Vec<String>,
    /// What to write: `ptx` (default) or `ir` (the optimized `.oxir` text).
    #[arg(long = "emit", default_value = "ptx")]
    pub emit: String,
    /// Accepted for nvcc compatibility (oxicc always produces PTX).
    #[arg(long = "ptx")]
    pub ptx: bool,
    /// Preprocess only (as `nvcc -E` does for device code): write the preprocessed text,
    /// to standard output unless `-o` is given.
    #[arg(short = 'E', long = "preprocess")]
    pub preprocess: bool,
    /// Run exactly these passes, comma-separated, instead of the -O pipeline.
    #[arg(long = "passes")]
    pub passes: Option<String>,
    /// Print the IR after every pass to stderr.
    #[arg(long = "print-after-all")]
    pub print_after_all: bool,
    /// Print the time each pass took to stderr.
    #[arg(long = "time-passes")]
    pub time_passes: bool,
    /// Run the IR verifier after every pass.
    #[arg(long = "verify-each")]
    pub verify_each: bool,
    /// Contract floating-point multiplies and adds into fused multiply-adds (`true`/`false`).
    #[arg(long = "fmad", default_value = "true", action = clap::ArgAction::Set)]
    pub fmad: bool,
    /// Flush single-precision subnormals to zero (`true`/`false`).
    #[arg(long = "ftz", default_value = "false", action = clap::ArgAction::Set)]
    pub ftz: bool,
    /// IEEE single-precision division (`false`: `div.full.f32`).
    #[arg(long = "prec-div", default_value = "true", action = clap::ArgAction::Set)]
    pub prec_div: bool,
    /// IEEE single-precision square root (`false`: `sqrt.approx.f32`).
    #[arg(long = "prec-sqrt", default_value = "true", action = clap::ArgAction::Set)]
    pub prec_sqrt: bool,
    /// `-ftz=true -prec-div=false -prec-sqrt=false` and the fast `__` intrinsics for the
    /// standard float functions.
    #[arg(long = "use_fast_math", alias = "use-fast-math")]
    pub fast_math: bool,
    /// Allow device code to call `constexpr` host functions (nvcc's experimental flag).
    #[arg(long = "expt-relaxed-constexpr")]
    pub relaxed_constexpr: bool,
    /// `-D` (true) and `-U` (false) in command-line order, filled by `parse_args`: gcc
    /// (nvcc's preprocessor) applies them in that order.
    #[arg(skip)]
    pub macro_order: Vec<(bool, String)>,
}

/// The nvcc options spelled with one dash that clap must see with two.
const NVCC_LONG_OPTIONS: &[&str] = &[
    "arch",
    "gpu-architecture",
    "ptx",
    "preprocess",
    "output",
    "include-path",
    "define-macro",
    "undefine-macro",
    "emit",
    "passes",
    "print-after-all",
    "time-passes",
    "verify-each",
    "fmad",
    "ftz",
    "prec-div",
    "prec-sqrt",
    "use_fast_math",
    "expt-relaxed-constexpr",
];

/// Rewrites nvcc's single-dash long options (`-arch=sm_90`, `-arch sm_90`, `-ptx`) into
/// clap's double-dash form; everything else passes through.
pub fn normalize_args(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut out = vec![OsString::from("oxicc")];
    for a in args {
        let s = a.to_string_lossy();
        if let Some(rest) = s.strip_prefix('-') {
            if !rest.starts_with('-') {
                let name = rest.split('=').next().unwrap_or("");
                if NVCC_LONG_OPTIONS.contains(&name) {
                    out.push(OsString::from(format!("-{s}")));
                    continue;
                }
            }
        }
        out.push(a);
    }
    out
}

pub fn parse_args(args: impl Iterator<Item = OsString>) -> Result<Args, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Args::command().try_get_matches_from(normalize_args(args))?;
    let mut parsed = Args::from_arg_matches(&matches)?;
    let mut ops: Vec<(usize, bool, String)> = Vec::new();
    for (id, define) in [("define", true), ("undefine", false)] {
        if let (Some(at), Some(values)) = (matches.indices_of(id), matches.get_many::<String>(id)) {
            ops.extend(at.zip(values).map(|(i, v)| (i, define, v.clone())));
        }
    }
    ops.sort_by_key(|o| o.0);
    parsed.macro_order = ops.into_iter().map(|(_, d, v)| (d, v)).collect();
    Ok(parsed)
}

/// `Options::defines`/`undefines` (applied all defines first, then all undefines) with the
/// effect of `-D`/`-U` applied in command-line order: for each name only what follows its
/// last `-U` matters.
fn macro_options(ops: &[(bool, String)]) -> (Vec<(String, Option<String>)>, Vec<String>) {
    let name_of = |s: &str| s.split(['=', '(']).next().unwrap_or("").to_string();
    let mut last_undef = std::collections::HashMap::new();
    for (i, (define, text)) in ops.iter().enumerate() {
        if !define {
            last_undef.insert(text.clone(), i);
        }
    }
    let mut defines = Vec::new();
    let mut redefined = std::collections::HashSet::new();
    for (i, (define, text)) in ops.iter().enumerate() {
        let name = name_of(text);
        if *define && last_undef.get(&name).is_none_or(|&u| i > u) {
            defines.push(match text.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (text.clone(), None),
            });
            redefined.insert(name);
        }
    }
    let mut undefines = Vec::new();
    for (define, text) in ops {
        if !define && !redefined.contains(text) && !undefines.contains(text) {
            undefines.push(text.clone());
        }
    }
    (defines, undefines)
}

/// What a successful run leaves to report.
pub struct RunOutput {
    pub warnings: Vec<String>,
}

/// Parses `sm_XX` / `compute_XX` into the SM number.
fn parse_arch(arch: &str) -> Option<u32> {
    let digits = arch
        .strip_prefix("sm_")
        .or_else(|| arch.strip_prefix("compute_"))?;
    let digits = digits.trim_end_matches(['a', 'f']);
    digits.parse().ok()
}

/// Runs one compile as the command line asks. Errors are the lines to print.
pub fn run(args: &Args) -> Result<RunOutput, Vec<String>> {
    let sm = parse_arch(&args.arch)
        .filter(|sm| oxicc::supported_sms().contains(sm))
        .ok_or_else(|| {
            vec![format!(
                "oxicc: error: unsupported GPU architecture '{}' (supported: {})",
                args.arch,
                oxicc::supported_sms()
                    .iter()
                    .map(|s| format!("sm_{s}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )]
        })?;
    if args.opt > 3 {
        return Err(vec![format!(
            "oxicc: error: invalid optimization level -O{}",
            args.opt
        )]);
    }
    let emit = match args.emit.as_str() {
        _ if args.preprocess => Emit::Preprocessed,
        "ptx" => Emit::Ptx,
        "ir" => Emit::Ir,
        other => return Err(vec![format!("oxicc: error: unknown --emit kind '{other}'")]),
    };
    let (file_name, source) = read_input(&args.input)?;
    // `Args` built without `parse_args` has no order: defines first, then undefines.
    let fallback: Vec<(bool, String)>;
    let order = if args.macro_order.is_empty() {
        fallback = (args.define.iter().map(|d| (true, d.clone())))
            .chain(args.undefine.iter().map(|u| (false, u.clone())))
            .collect();
        &fallback
    } else {
        &args.macro_order
    };
    let (defines, undefines) = macro_options(order);
    let options = Options {
        sm,
        opt_level: args.opt,
        include_dirs: args.include.clone(),
        headers: Vec::new(),
        defines,
        undefines,
        emit,
        passes: args
            .passes
            .as_ref()
            .map(|p| p.split(',').map(|s| s.trim().to_string()).collect()),
        verify_each: args.verify_each,
        print_after_all: args.print_after_all,
        time_passes: args.time_passes,
        fmad: args.fmad,
        relaxed_constexpr: args.relaxed_constexpr,
        ftz: args.ftz || args.fast_math,
        prec_div: args.prec_div && !args.fast_math,
        prec_sqrt: args.prec_sqrt && !args.fast_math,
        fast_math: args.fast_math,
    };
    let out = oxicc::compile(&file_name, &source, &options);
    for t in &out.trace {
        eprintln!("{t}");
    }
    // Diagnostics stay in the order they were reported (a note follows its error or
    // warning); the summary counts errors only.
    let mut warnings: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    let n = out
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let output_path = match &args.output {
        Some(p) => p.clone(),
        None if emit == Emit::Preprocessed => PathBuf::from("-"),
        None => {
            let ext = if emit == Emit::Ir { "oxir" } else { "ptx" };
            let stem = args
                .input
                .file_stem()
                .map(PathBuf::from)
                .unwrap_or_else(|| "out".into());
            stem.with_extension(ext)
        }
    };
    let Some(text) = out.text else {
        // Leave no stale output behind — but only ever remove a regular file: `-o /dev/null`
        // run as root must not delete the device.
        let is_regular_file = std::fs::symlink_metadata(&output_path)
            .map(|m| m.file_type().is_file())
            .unwrap_or(false);
        if output_path.as_os_str() != "-" && is_regular_file {
            let _ = std::fs::remove_file(&output_path);
        }
        warnings.push(format!(
            "{n} error{} generated.",
            if n == 1 { "" } else { "s" }
        ));
        return Err(warnings);
    };
    if output_path.as_os_str() == "-" {
        use std::io::Write;
        std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| vec![format!("oxicc: error: writing output: {e}")])?;
    } else {
        std::fs::write(&output_path, text).map_err(|e| {
            vec![format!(
                "oxicc: error: cannot write '{}': {e}",
                output_path.display()
            )]
        })?;
    }
    Ok(RunOutput { warnings })
}

fn read_input(path: &PathBuf) -> Result<(String, String), Vec<String>> {
    if path.as_os_str() == "-" {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| vec![format!("oxicc: error: reading standard input: {e}")])?;
        return Ok((
            "<stdin>".to_string(),
            String::from_utf8_lossy(&bytes).into_owned(),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        vec![format!(
            "oxicc: error: cannot read '{}': {e}",
            path.display()
        )]
    })?;
    Ok((
        path.display().to_string(),
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}
