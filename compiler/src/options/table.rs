//! The table of nvcc's options ([`SPECS`]) and the functions that apply each one to
//! [`Parsed`]. To add an option: write its function, add its row.

use std::path::PathBuf;

use super::search::{
    after_dir, cuda_path, host_headers, no_std_inc, no_std_inc_cxx, report_dropped, sysroot,
    system_dir, verbose,
};
use super::{short, spec, Arity, Parsed, Scope, Spec};
use crate::api::Emit;

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

fn default_device(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.default_device = true;
    Ok(())
}

fn rdc(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.rdc = parse_bool(v)?;
    Ok(())
}

/// `-dc`: nvcc's `-rdc=true -c`; oxicc writes the relocatable PTX.
fn device_c(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.rdc = true;
    Ok(())
}

fn set_emit(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.emit = match v {
        "ptx" => Emit::Ptx,
        "ir" => Emit::Ir,
        "sema" => Emit::Sema,
        _ => return Err(format!("unknown --emit kind '{v}' (ptx, ir or sema)")),
    };
    Ok(())
}

/// `--lowering=typed|one-walk`: whether bodies the semantic layer covers are lowered from
/// the typed tree (the default) or all by the one-walk lowering (to compare the two while
/// the front end is redesigned).
fn set_lowering(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.typed_bodies = match v {
        "typed" => true,
        "one-walk" => false,
        _ => return Err(format!("unknown --lowering kind '{v}' (typed or one-walk)")),
    };
    Ok(())
}

/// `--fast-headers[=true|false]`: whether the fast paths that skip work on unused
/// built-in header code are taken (the default) or the plain path (to compare the two).
fn set_fast_headers(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.fast_headers = match v {
        "" | "true" | "1" | "on" => true,
        "false" | "0" | "off" => false,
        _ => return Err(format!("expected true or false, found '{v}'")),
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
    p.options.line_info = true;
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
pub(crate) const SPECS: &[Spec] = &[
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
    short(
        &["isystem", "system-include"],
        Device,
        system_dir,
        "add a system directory, searched after -I, before the built-in headers",
    ),
    short(
        &["idirafter"],
        Device,
        after_dir,
        "add a directory searched last, after the host toolchain's",
    ),
    spec(
        &["sysroot"],
        Value,
        Device,
        sysroot,
        "look for the host toolchain's headers under this root",
    ),
    spec(
        &["nostdinc"],
        Flag,
        Device,
        no_std_inc,
        "no host toolchain header folder (the built-in headers remain)",
    ),
    spec(
        &["nostdinc++"],
        Flag,
        Device,
        no_std_inc_cxx,
        "no host C++ library header folder",
    ),
    spec(
        &["cuda-path"],
        Value,
        Device,
        cuda_path,
        "a CUDA toolkit whose include/ is searched after the built-in headers",
    ),
    spec(
        &["host-headers"],
        OptEq,
        Device,
        host_headers,
        "oxicc: search the host toolchain's headers (=false: not; the command's default)",
    ),
    spec(
        &["report-dropped"],
        OptEq,
        Device,
        report_dropped,
        "oxicc: a note for each declaration skipped as host code oxicc does not parse",
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
        &["default-device", "device-as-default-execution-space"],
        Flag,
        Device,
        default_device,
        "unannotated functions and variables are __device__",
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
        "relocatable device code for separate compilation (true/false)",
    ),
    spec(
        &["dc", "device-c"],
        Flag,
        Device,
        device_c,
        "relocatable device code (-rdc=true)",
    ),
    spec(
        &["emit"],
        Value,
        Device,
        set_emit,
        "oxicc: what to write, ptx, ir or sema (the typed tree of each function body)",
    ),
    spec(
        &["lowering"],
        Value,
        Device,
        set_lowering,
        "oxicc: lower function bodies from the typed tree (typed) or in one walk (one-walk)",
    ),
    spec(
        &["fast-headers"],
        OptEq,
        Device,
        set_fast_headers,
        "oxicc: skip work on built-in header code the file does not use (=false: the plain path)",
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
    spec(&["dlto", "dlink-time-opt"], Flag, Unsupported, nothing, ""),
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
    spec(&["dryrun"], Flag, Host, nothing, ""),
    spec(&["res-usage", "resource-usage"], Flag, Host, nothing, ""),
    spec(&["shared"], Flag, Host, nothing, ""),
    spec(&["Wno-deprecated-gpu-targets"], Flag, Host, nothing, ""),
    spec(&["Wno-deprecated-declarations"], Flag, Host, nothing, ""),
    spec(&["allow-unsupported-compiler"], Flag, Host, nothing, ""),
    // More of nvcc's driver, host and tool options (nvcc 13.5 --help): no effect on PTX.
    spec(&["Xfatbin", "fatbin-options"], Value, Host, nothing, ""),
    spec(&["Xnvprune", "nvprune-options"], Value, Host, nothing, ""),
    spec(&["arbin", "archiver-binary"], Value, Host, nothing, ""),
    spec(&["keep-dir"], Value, Host, nothing, ""),
    spec(&["time"], Value, Host, nothing, ""),
    spec(&["run-args"], Value, Host, nothing, ""),
    spec(&["idp", "input-drive-prefix"], Value, Host, nothing, ""),
    spec(
        &["target-dir", "target-directory"],
        Value,
        Host,
        nothing,
        "",
    ),
    spec(&["split-compile"], Value, Host, nothing, ""),
    spec(&["fmax-errors"], Value, Host, nothing, ""),
    spec(&["save-temps"], Flag, Host, nothing, ""),
    spec(&["clean", "clean-targets"], Flag, Host, nothing, ""),
    spec(&["use-local-env"], Flag, Host, nothing, ""),
    spec(&["force-cl-env-setup"], Flag, Host, nothing, ""),
    spec(&["objtemp", "objdir-as-tempdir"], Flag, Host, nothing, ""),
    spec(
        &["forward-unknown-to-host-compiler"],
        Flag,
        Host,
        nothing,
        "",
    ),
    spec(&["forward-unknown-to-host-linker"], Flag, Host, nothing, ""),
    spec(&["forward-unknown-opts"], Flag, Host, nothing, ""),
    spec(&["noprof", "dont-use-profile"], Flag, Host, nothing, ""),
    spec(&["pg", "profile"], Flag, Host, nothing, ""),
    spec(&["run"], Flag, Host, nothing, ""),
    spec(&["link"], Flag, Host, nothing, ""),
    spec(&["lib"], Flag, Host, nothing, ""),
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
    spec(
        &["v", "verbose"],
        Flag,
        Command,
        verbose,
        "print the include search list and the skipped host declarations on stderr",
    ),
];
