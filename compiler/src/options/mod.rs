//! nvcc's command-line options: the one parser behind the `oxicc` command, [`crate::Program`]
//! and the NVRTC-compatible C library.
//!
//! Every option is a row of `table::SPECS`: its spellings, whether it takes a value, what it
//! touches (`Scope`) and a function that applies it. nvcc accepts each long option with
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
//! option"). Response files (`@file`, nvcc's `--options-file file`) are expanded first
//! (`response.rs`). The table and the functions that apply each option are `table.rs`.

mod response;
mod search;
mod table;

pub use response::expand_response_files;
pub use table::parse_arch;

use crate::api::Options;
use table::SPECS;
use Arity::{Flag, OptEq, Value};

/// Who is parsing: the command accepts more than the library (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Command,
    Library,
}

/// What an option touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Device,
    Unsupported,
    Host,
    Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arity {
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
    /// `-v`: print the include search list (the command, on stderr).
    pub verbose: bool,
    /// Warnings about accepted-but-ignored options, as lines to print or log.
    pub warnings: Vec<String>,
    /// `-D` (true) and `-U` (false) in argument order (gcc applies them in that order).
    pub(crate) macro_ops: Vec<(bool, String)>,
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

pub(crate) type Apply = fn(&mut Parsed, &str) -> Result<(), String>;

pub(crate) struct Spec {
    /// Spellings without dashes; the first is the one help shows.
    pub(crate) names: &'static [&'static str],
    /// The value may be attached to a one-dash spelling (`-O3`, `-DX`, `-Idir`).
    pub(crate) attached: bool,
    pub(crate) arity: Arity,
    pub(crate) scope: Scope,
    pub(crate) apply: Apply,
    pub(crate) help: &'static str,
}

pub(crate) const fn spec(
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

pub(crate) const fn short(
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

/// Parses an argument list (response files already expanded by [`expand_response_files`]
/// for the command; the library passes option strings as given).
pub fn parse(args: &[String], dialect: Dialect) -> Result<Parsed, OptionError> {
    let mut p = Parsed::default();
    // A drop-in `nvcc -ptx` finds the host's headers; the library, as NVRTC, only where
    // asked (`--host-headers`).
    p.options.host_headers = dialect == Dialect::Command;
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
