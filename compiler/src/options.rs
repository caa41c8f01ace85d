//! nvcc's command-line options: the one parser behind the `oxicc` command, [`crate::Program`]
//! and the NVRTC-compatible C library.
//!
//! Every option is a row of [`SPECS`]: its spellings, whether it takes a value, what it
//! touches ([`Scope`]) and a function that applies it. nvcc accepts each long option with
//! one or two dashes and its value after `=` or as the next argument (`-arch=sm_90`,
//! `--gpu-architecture sm_90`); short options take their value attached or next
//! (`-O3`, `-DN=4`, `-I dir`). To add an option, add a row.
//!
//! What the scope decides:
//! - `Device`: changes the PTX; oxicc implements it (or says in the row why it is a no-op).
//! - `Unsupported`: an nvcc option that changes device code and oxicc does not implement:
//!   an error that names it (a silent no-op would give different code than nvcc).
//! - `Host`: an nvcc option for the host compiler, linker or later stages: accepted with a
//!   warning by the command (which only writes PTX); the library, like NVRTC, rejects it.
//! - `Command`: only the command has it (output files, dependency files, `--version`).
//!
//! An argument that is no nvcc option at all is an error naming it (nvcc's "Unknown
//! option"). Response files (`@file`, nvcc's `--options-file file`) are expanded first.

use std::path::PathBuf;

use crate::api::{Emit, Options};

/// Who is parsing: the command accepts more than the library (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Command,
    Library,
}

/// What an option touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Device,
    Unsupported,
    Host,
    Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    /// No value (`-w`); `=value` is an error.
    Flag,
    /// A value after `=`, attached (short options) or as the next argument.
    Value,
    /// No value, or one after `=` only (`-Werror`, `-Werror=all-warnings`).
    OptEq,
}

/// `-M`, `-MD` and friends: what dependency output the command writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DepOptions {
    /// `-M`/`-MM`: write the dependencies instead of compiling.
    pub only: bool,
    /// `-MD`/`-MMD`: write them next to compiling.
    pub with_compile: bool,
    /// `-MF file`.
    pub file: Option<String>,
    /// `-MT target` (several allowed).
    pub targets: Vec<String>,
    /// `-MP`: a phony rule per dependency.
    pub phony: bool,
}

/// Everything one argument list says.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub options: Options,
    /// The input files (`-` is standard input), in order.
    pub inputs: Vec<String>,
    /// `-o file` (`-` is standard output).
    pub output: Option<String>,
    pub deps: DepOptions,
    /// `--diagnostics-format=json`: one JSON object per diagnostic on stderr.
    pub diagnostics_json: bool,
    pub show_version: bool,
    pub show_help: bool,
    /// Warnings about accepted-but-ignored options, as lines to print or log.
    pub warnings: Vec<String>,
    /// `-D` (true) and `-U` (false) in argument order (gcc applies them in that order).
    macro_ops: Vec<(bool, String)>,
}

/// A bad argument list: the message names the offending option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

type Apply = fn(&mut Parsed, &str) -> Result<(), String>;

struct Spec {
    /// Spellings without dashes; the first is the one help shows.
    names: &'static [&'static str],
    /// The value may be attached to a one-dash spelling (`-O3`, `-DX`, `-Idir`).
    attached: bool,
    arity: Arity,
    scope: Scope,
    apply: Apply,
    help: &'static str,
}

const fn spec(
    names: &'static [&'static str],
    arity: Arity,
    scope: Scope,
    apply: Apply,
    help: &'static str,
) -> Spec {
    Spec {
        names,
        attached: false,
        arity,
        scope,
        apply,
        help,
    }
}

const fn short(
    names: &'static [&'static str],
    scope: Scope,
    apply: Apply,
    help: &'static str,
) -> Spec {
    Spec {
        names,
        attached: true,
        arity: Arity::Value,
        scope,
        apply,
        help,
    }
}

fn nothing(_: &mut Parsed, _: &str) -> Result<(), String> {
    Ok(())
}

fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" | "1" | "on" => Ok(true),
        "false" | "0" | "off" => Ok(false),
        _ => Err(format!("expected true or false, found '{v}'")),
    }
}

/// `sm_90`, `compute_90`, `sm_90a` → 90.
pub fn parse_arch(arch: &str) -> Option<u32> {
    let digits = arch
        .strip_prefix("sm_")
        .or_else(|| arch.strip_prefix("compute_"))?;
    digits.trim_end_matches(['a', 'f']).parse().ok()
}

fn set_arch(p: &mut Parsed, v: &str) -> Result<(), String> {
    let sm = parse_arch(v)
        .filter(|sm| crate::api::supported_sms().contains(sm))
        .ok_or_else(|| {
            format!(
                "unsupported GPU architecture '{v}' (supported: {})",
                crate::api::supported_sms()
                    .iter()
                    .map(|s| format!("sm_{s}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
    p.options.sm = sm;
    Ok(())
}

/// `-gencode arch=compute_90,code=sm_90`: the virtual architecture decides the PTX.
fn set_gencode(p: &mut Parsed, v: &str) -> Result<(), String> {
    let arch = v
        .split(',')
        .find_map(|kv| kv.strip_prefix("arch="))
        .ok_or_else(|| format!("expected arch=compute_XX,code=…, found '{v}'"))?;
    set_arch(p, arch)
}

fn set_opt(p: &mut Parsed, v: &str) -> Result<(), String> {
    match v.parse::<u8>() {
        Ok(n) if n <= 3 => {
            p.options.opt_level = n;
            Ok(())
        }
        _ => Err(format!("invalid optimization level '{v}' (0 to 3)")),
    }
}

fn define(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.macro_ops.push((true, v.to_string()));
    Ok(())
}

fn undefine(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.macro_ops.push((false, v.to_string()));
    Ok(())
}

fn include_dir(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.include_dirs.push(PathBuf::from(v));
    Ok(())
}

fn pre_include(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.pre_includes.push(v.to_string());
    Ok(())
}

fn set_std(_: &mut Parsed, v: &str) -> Result<(), String> {
    // oxicc implements one dialect, nvcc's C++17 with what later standards kernels use;
    // every standard nvcc accepts compiles with it.
    match v {
        "c++03" | "c++11" | "c++14" | "c++17" | "c++20" => Ok(()),
        _ => Err(format!("unsupported C++ standard '{v}'")),
    }
}

fn set_fmad(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.fmad = parse_bool(v)?;
    Ok(())
}

fn set_ftz(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.ftz = parse_bool(v)?;
    Ok(())
}

fn set_prec_div(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.prec_div = parse_bool(v)?;
    Ok(())
}

fn set_prec_sqrt(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.prec_sqrt = parse_bool(v)?;
    Ok(())
}

/// nvcc: `--use_fast_math` implies `-ftz=true -prec-div=false -prec-sqrt=false -fmad=true`.
fn fast_math(p: &mut Parsed, _: &str) -> Result<(), String> {
    let o = &mut p.options;
    (o.ftz, o.prec_div, o.prec_sqrt, o.fmad, o.fast_math) = (true, false, false, true, true);
    Ok(())
}

fn relaxed_constexpr(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.relaxed_constexpr = true;
    Ok(())
}

fn rdc(_: &mut Parsed, v: &str) -> Result<(), String> {
    if parse_bool(v)? {
        Err("relocatable device code changes device code and is not supported by oxicc yet".into())
    } else {
        Ok(())
    }
}

fn set_emit(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.emit = match v {
        "ptx" => Emit::Ptx,
        "ir" => Emit::Ir,
        _ => return Err(format!("unknown --emit kind '{v}' (ptx or ir)")),
    };
    Ok(())
}

fn preprocess(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.emit = Emit::Preprocessed;
    Ok(())
}

fn set_passes(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.passes = Some(v.split(',').map(|s| s.trim().to_string()).collect());
    Ok(())
}

fn print_after_all(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.print_after_all = true;
    Ok(())
}

fn time_passes(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.time_passes = true;
    Ok(())
}

fn verify_each(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.verify_each = true;
    Ok(())
}

fn werror(p: &mut Parsed, v: &str) -> Result<(), String> {
    // nvcc: `-Werror all-warnings`; clang/gcc: `-Werror`.
    match v {
        "" | "all-warnings" => {
            p.options.warnings_as_errors = true;
            Ok(())
        }
        _ => Err(format!("unknown -Werror kind '{v}' (all-warnings)")),
    }
}

fn no_warnings(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.no_warnings = true;
    Ok(())
}

fn lineinfo(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.warnings
        .push("oxicc: warning: -lineinfo: line information is not written yet".into());
    Ok(())
}

/// `--ptx-version=8.0`, or `nvcc` for the version nvcc 13.5 writes for every target.
fn ptx_version(p: &mut Parsed, v: &str) -> Result<(), String> {
    let version = if v == "nvcc" {
        oxicc_backend::target::MAX_PTX
    } else {
        let (a, b) = v
            .split_once('.')
            .ok_or_else(|| format!("expected MAJOR.MINOR or 'nvcc', found '{v}'"))?;
        let parse = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| format!("expected MAJOR.MINOR or 'nvcc', found '{v}'"))
        };
        (parse(a)?, parse(b)?)
    };
    p.options.ptx_version = Some(version);
    Ok(())
}

fn language(_: &mut Parsed, v: &str) -> Result<(), String> {
    match v {
        "cu" => Ok(()),
        _ => Err(format!(
            "input language '{v}' is not supported (oxicc compiles -x cu)"
        )),
    }
}

fn output(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.output = Some(v.to_string());
    Ok(())
}

fn dep_only(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.deps.only = true;
    Ok(())
}

fn dep_with_compile(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.deps.with_compile = true;
    Ok(())
}

fn dep_file(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.deps.file = Some(v.to_string());
    Ok(())
}

fn dep_target(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.deps.targets.push(v.to_string());
    Ok(())
}

fn dep_phony(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.deps.phony = true;
    Ok(())
}

fn diagnostics_format(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.diagnostics_json = match v {
        "json" => true,
        "text" | "clang" => false,
        _ => return Err(format!("unknown diagnostics format '{v}' (text or json)")),
    };
    Ok(())
}

fn version(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.show_version = true;
    Ok(())
}

fn help(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.show_help = true;
    Ok(())
}

use Arity::{Flag, OptEq, Value};
use Scope::{Command, Device, Host, Unsupported};

/// The options, nvcc's spellings first. Order matters only for help.
const SPECS: &[Spec] = &[
    spec(
        &["arch", "gpu-architecture"],
        Value,
        Device,
        set_arch,
        "target: sm_75 … sm_120 or compute_XX",
    ),
    spec(
        &["gencode", "generate-code"],
        Value,
        Device,
        set_gencode,
        "arch=compute_XX,code=…: the PTX of compute_XX",
    ),
    short(
        &["O", "optimize"],
        Device,
        set_opt,
        "optimization level 0..3 (default 3)",
    ),
    short(
        &["D", "define-macro"],
        Device,
        define,
        "define a macro: NAME or NAME=VALUE",
    ),
    short(
        &["U", "undefine-macro"],
        Device,
        undefine,
        "undefine a macro",
    ),
    short(
        &["I", "include-path"],
        Device,
        include_dir,
        "add a directory to the include path",
    ),
    spec(
        &["include", "pre-include"],
        Value,
        Device,
        pre_include,
        "include a header before the source",
    ),
    spec(
        &["std"],
        Value,
        Device,
        set_std,
        "C++ standard (c++03 … c++20; one dialect)",
    ),
    spec(
        &["fmad"],
        Value,
        Device,
        set_fmad,
        "contract a*b+c into fma (true/false, default true)",
    ),
    spec(
        &["ftz"],
        Value,
        Device,
        set_ftz,
        "flush single-precision denormals to zero",
    ),
    spec(
        &["prec-div"],
        Value,
        Device,
        set_prec_div,
        "IEEE single-precision division",
    ),
    spec(
        &["prec-sqrt"],
        Value,
        Device,
        set_prec_sqrt,
        "IEEE single-precision square root",
    ),
    spec(
        &["use_fast_math", "use-fast-math"],
        Flag,
        Device,
        fast_math,
        "-ftz=true -prec-div=false -prec-sqrt=false -fmad=true",
    ),
    spec(
        &["expt-relaxed-constexpr", "relaxed-constexpr"],
        Flag,
        Device,
        relaxed_constexpr,
        "device code may call constexpr host functions",
    ),
    spec(
        &["expt-extended-lambda", "extended-lambda"],
        Flag,
        Device,
        nothing,
        "accepted: __device__ lambdas need no flag",
    ),
    spec(
        &["Werror"],
        OptEq,
        Device,
        werror,
        "treat warnings as errors (=all-warnings)",
    ),
    spec(
        &["w", "disable-warnings"],
        Flag,
        Device,
        no_warnings,
        "suppress warnings",
    ),
    spec(
        &["ptx-version"],
        Value,
        Device,
        ptx_version,
        "PTX ISA version to write (MAJOR.MINOR, or nvcc)",
    ),
    spec(
        &["lineinfo", "generate-line-info"],
        Flag,
        Device,
        lineinfo,
        "line information (accepted, not written yet)",
    ),
    spec(&["x"], Value, Device, language, "input language (cu)"),
    spec(
        &["extra-device-vectorization"],
        Flag,
        Device,
        nothing,
        "accepted (an optimization hint)",
    ),
    spec(
        &["rdc", "relocatable-device-code"],
        Value,
        Device,
        rdc,
        "relocatable device code (false only)",
    ),
    spec(
        &["emit"],
        Value,
        Device,
        set_emit,
        "oxicc: what to write, ptx or ir",
    ),
    spec(
        &["passes"],
        Value,
        Device,
        set_passes,
        "oxicc: run exactly these passes (a,b,…)",
    ),
    spec(
        &["print-after-all"],
        Flag,
        Device,
        print_after_all,
        "oxicc: print the IR after every pass",
    ),
    spec(
        &["time-passes"],
        Flag,
        Device,
        time_passes,
        "oxicc: print each pass's time",
    ),
    spec(
        &["verify-each"],
        Flag,
        Device,
        verify_each,
        "oxicc: verify the IR after every pass",
    ),
    spec(
        &["E", "preprocess"],
        Flag,
        Device,
        preprocess,
        "preprocess only",
    ),
    // nvcc options that change device code and oxicc does not implement.
    spec(&["G", "device-debug"], Flag, Unsupported, nothing, ""),
    spec(&["dc", "device-c"], Flag, Unsupported, nothing, ""),
    spec(&["dlto", "dlink-time-opt"], Flag, Unsupported, nothing, ""),
    spec(&["default-device"], Flag, Unsupported, nothing, ""),
    spec(&["restrict"], Flag, Unsupported, nothing, ""),
    spec(&["cubin"], Flag, Unsupported, nothing, ""),
    spec(&["fatbin"], Flag, Unsupported, nothing, ""),
    spec(&["c", "compile"], Flag, Unsupported, nothing, ""),
    spec(&["dopt"], Value, Unsupported, nothing, ""),
    // nvcc options for the host compiler, the linker or ptxas: no effect on PTX.
    spec(&["Xcompiler", "compiler-options"], Value, Host, nothing, ""),
    spec(&["ccbin", "compiler-bindir"], Value, Host, nothing, ""),
    spec(&["Xlinker", "linker-options"], Value, Host, nothing, ""),
    spec(&["Xptxas", "ptxas-options"], Value, Host, nothing, ""),
    spec(&["Xnvlink", "nvlink-options"], Value, Host, nothing, ""),
    spec(&["Xarchive", "archive-options"], Value, Host, nothing, ""),
    spec(&["maxrregcount"], Value, Host, nothing, ""),
    spec(&["code", "gpu-code"], Value, Host, nothing, ""),
    spec(&["cudart"], Value, Host, nothing, ""),
    spec(&["cudadevrt"], Value, Host, nothing, ""),
    spec(&["default-stream"], Value, Host, nothing, ""),
    spec(&["odir", "output-directory"], Value, Host, nothing, ""),
    spec(&["t", "threads"], Value, Host, nothing, ""),
    spec(&["diag-suppress"], Value, Host, nothing, ""),
    short(&["l", "library"], Host, nothing, ""),
    short(&["L", "library-path"], Host, nothing, ""),
    spec(&["g", "debug"], Flag, Host, nothing, ""),
    spec(&["m64"], Flag, Host, nothing, ""),
    spec(&["keep"], Flag, Host, nothing, ""),
    spec(&["v", "verbose"], Flag, Host, nothing, ""),
    spec(&["dryrun"], Flag, Host, nothing, ""),
    spec(&["res-usage", "resource-usage"], Flag, Host, nothing, ""),
    spec(&["shared"], Flag, Host, nothing, ""),
    spec(&["Wno-deprecated-gpu-targets"], Flag, Host, nothing, ""),
    spec(&["Wno-deprecated-declarations"], Flag, Host, nothing, ""),
    spec(&["allow-unsupported-compiler"], Flag, Host, nothing, ""),
    // The command's own.
    spec(
        &["o", "output-file", "output"],
        Value,
        Command,
        output,
        "output file (- for standard output)",
    ),
    spec(
        &["ptx"],
        Flag,
        Command,
        nothing,
        "write PTX (what oxicc always writes)",
    ),
    spec(
        &["M", "generate-dependencies", "MM"],
        Flag,
        Command,
        dep_only,
        "write make dependencies instead of PTX",
    ),
    spec(
        &["MD", "generate-dependencies-with-compile", "MMD"],
        Flag,
        Command,
        dep_with_compile,
        "write make dependencies too",
    ),
    spec(
        &["MF", "dependency-output"],
        Value,
        Command,
        dep_file,
        "the dependency file",
    ),
    spec(
        &["MT", "dependency-target-name"],
        Value,
        Command,
        dep_target,
        "the dependency rule's target",
    ),
    spec(
        &["MP", "generate-dependency-targets"],
        Flag,
        Command,
        dep_phony,
        "a phony target per dependency",
    ),
    spec(
        &["diagnostics-format", "fdiagnostics-format"],
        Value,
        Command,
        diagnostics_format,
        "text or json (one object per line)",
    ),
    spec(
        &["version", "V"],
        Flag,
        Command,
        version,
        "print the version",
    ),
    spec(&["help", "h"], Flag, Command, help, "print this help"),
];

/// Parses an argument list (response files already expanded by [`expand_response_files`]
/// for the command; the library passes option strings as given).
pub fn parse(args: &[String], dialect: Dialect) -> Result<Parsed, OptionError> {
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if arg == "-" || !arg.starts_with('-') {
            if dialect == Dialect::Library {
                return Err(OptionError(format!("unrecognized option '{arg}'")));
            }
            p.inputs.push(arg.clone());
            continue;
        }
        let (spec, written, value) = find(arg).ok_or_else(|| match dialect {
            Dialect::Command => OptionError(format!("unknown option '{arg}'")),
            Dialect::Library => OptionError(format!("unrecognized option '{arg}'")),
        })?;
        let value = match (spec.arity, value) {
            (Flag, Some(_)) => {
                return Err(OptionError(format!("option '{written}' takes no value")))
            }
            // nvcc spells `-Werror all-warnings` with a space too.
            (OptEq, None) if args.get(i).is_some_and(|n| n == "all-warnings") => {
                i += 1;
                "all-warnings".to_string()
            }
            (Flag, None) | (OptEq, None) => String::new(),
            (Value, None) => {
                let v = args
                    .get(i)
                    .ok_or_else(|| OptionError(format!("option '{written}' needs a value")))?;
                i += 1;
                v.clone()
            }
            (_, Some(v)) => v,
        };
        match (spec.scope, dialect) {
            (Scope::Unsupported, _) => {
                return Err(OptionError(format!(
                    "option '{written}' changes device code and is not supported by oxicc"
                )))
            }
            (Scope::Host, Dialect::Command) => {
                p.warnings.push(format!(
                    "oxicc: warning: option '{written}' does not affect device code; ignored"
                ));
                continue;
            }
            (Scope::Host | Scope::Command, Dialect::Library) => {
                return Err(OptionError(format!("unrecognized option '{written}'")))
            }
            _ => {}
        }
        (spec.apply)(&mut p, &value).map_err(|m| OptionError(format!("{written}: {m}")))?;
    }
    let (defines, undefines) = macro_options(&p.macro_ops);
    p.options.defines = defines;
    p.options.undefines = undefines;
    Ok(p)
}

/// The spec an argument names, the spelling as written (for messages) and its `=` or
/// attached value.
fn find(arg: &str) -> Option<(&'static Spec, String, Option<String>)> {
    let (body, one_dash) = match arg.strip_prefix("--") {
        Some(b) => (b, false),
        None => (&arg[1..], true),
    };
    let (name, eq_value) = match body.split_once('=') {
        Some((n, v)) => (n, Some(v.to_string())),
        None => (body, None),
    };
    let dashes = if one_dash { "-" } else { "--" };
    if let Some(s) = SPECS.iter().find(|s| s.names.contains(&name)) {
        return Some((s, format!("{dashes}{name}"), eq_value));
    }
    if one_dash {
        for s in SPECS.iter().filter(|s| s.attached) {
            let short = s.names[0];
            if let Some(rest) = body.strip_prefix(short).filter(|r| !r.is_empty()) {
                return Some((s, format!("-{short}"), Some(rest.to_string())));
            }
        }
    }
    None
}

/// `Options::defines`/`undefines` (applied all defines first, then all undefines) with the
/// effect of `-D`/`-U` applied in argument order: for each name only what follows its last
/// `-U` matters.
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

/// How deep response files may nest (one naming itself must end).
const MAX_RESPONSE_DEPTH: usize = 16;

/// Replaces `@file` and `--options-file file` (`-optf file`) by the arguments the file
/// holds: whitespace-separated, with `"…"`/`'…'` quoting and `\` escapes.
pub fn expand_response_files(args: &[String]) -> Result<Vec<String>, OptionError> {
    expand(args, 0)
}

fn expand(args: &[String], depth: usize) -> Result<Vec<String>, OptionError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        let file = if let Some(f) = a.strip_prefix('@').filter(|f| !f.is_empty()) {
            f.to_string()
        } else if ["--options-file", "-options-file", "-optf"].contains(&a.as_str()) {
            let f = args
                .get(i)
                .ok_or_else(|| OptionError(format!("option '{a}' needs a value")))?;
            i += 1;
            f.clone()
        } else if let Some(f) = ["--options-file=", "-options-file=", "-optf="]
            .iter()
            .find_map(|p| a.strip_prefix(p))
        {
            f.to_string()
        } else {
            out.push(a.clone());
            continue;
        };
        if depth >= MAX_RESPONSE_DEPTH {
            return Err(OptionError(format!(
                "response files nest too deeply at '{file}'"
            )));
        }
        let text = std::fs::read_to_string(&file)
            .map_err(|e| OptionError(format!("cannot read response file '{file}': {e}")))?;
        out.extend(expand(&split_response(&text), depth + 1)?);
    }
    Ok(out)
}

/// Splits a response file's text into arguments.
fn split_response(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut in_arg = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', q) if q != Some('\'') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_arg = true;
            }
            (q, Some(open)) if q == open => quote = None,
            (_, Some(_)) => cur.push(c),
            ('"' | '\'', None) => {
                quote = Some(c);
                in_arg = true;
            }
            (c, None) if c.is_whitespace() => {
                if in_arg {
                    args.push(std::mem::take(&mut cur));
                    in_arg = false;
                }
            }
            _ => {
                cur.push(c);
                in_arg = true;
            }
        }
    }
    if in_arg {
        args.push(cur);
    }
    args
}

/// The command's help text, from the table.
pub fn help_text() -> String {
    let mut s = String::from(
        "oxicc — compile CUDA C++ device code to PTX (a drop-in for `nvcc -ptx`)\n\n\
         usage: oxicc [options] file.cu [-o file.ptx]\n\noptions:\n",
    );
    for sp in SPECS.iter().filter(|s| !s.help.is_empty()) {
        let names: Vec<String> = sp
            .names
            .iter()
            .map(|n| {
                let dash = if n.len() == 1 || sp.attached {
                    "-"
                } else {
                    "--"
                };
                match sp.arity {
                    Value if n.len() == 1 => format!("{dash}{n} <v>"),
                    Value => format!("{dash}{n}=<v>"),
                    _ => format!("{dash}{n}"),
                }
            })
            .collect();
        s.push_str(&format!("  {:<44} {}\n", names.join(", "), sp.help));
    }
    s.push_str(
        "\nnvcc options for the host compiler, linker or ptxas are accepted with a warning;\n\
         nvcc options that change device code oxicc does not implement are errors.\n\
         @file and --options-file=file read arguments from a file.\n",
    );
    s
}
