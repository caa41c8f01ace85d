//! The work of one `oxicc` invocation: options (parsed by `oxicc::options`, the parser the
//! library uses too), input, compile, output, dependency files, diagnostics.

use std::io::Write;
use std::path::{Path, PathBuf};

use oxicc::options::{expand_response_files, help_text, parse, Dialect, Parsed};
use oxicc::{Diagnostic, Emit, Severity};

/// What the command prints: lines for stderr and lines for stdout, and the exit code.
pub struct Outcome {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
    pub code: u8,
}

impl Outcome {
    fn error(lines: Vec<String>, code: u8) -> Outcome {
        Outcome {
            stdout: Vec::new(),
            stderr: lines,
            code,
        }
    }
}

/// `-v`'s include search list, in gcc's form.
fn search_list_lines(options: &oxicc::Options) -> Vec<String> {
    let mut lines = vec![
        "#include \"...\" search starts here:".to_string(),
        "#include <...> search starts here:".to_string(),
    ];
    lines.extend(
        oxicc::pp::search_list(options)
            .into_iter()
            .map(|d| format!(" {d}")),
    );
    lines.push("End of search list.".into());
    lines
}

/// Runs the command on its arguments (without the program name).
pub fn main_with(args: Vec<String>) -> Outcome {
    let parsed = expand_response_files(&args).and_then(|a| parse(&a, Dialect::Command));
    let mut p = match parsed {
        Ok(p) => p,
        Err(e) => return Outcome::error(vec![format!("oxicc: error: {e}")], 2),
    };
    // nvcc finds its toolkit through these; the library reads no environment.
    if p.options.cuda_path.is_none() {
        p.options.cuda_path = ["CUDA_PATH", "CUDA_HOME"]
            .iter()
            .find_map(|v| std::env::var_os(v).filter(|s| !s.is_empty()))
            .map(PathBuf::from);
    }
    if p.show_help {
        return Outcome {
            stdout: vec![help_text()],
            stderr: Vec::new(),
            code: 0,
        };
    }
    if p.show_version {
        return Outcome {
            stdout: vec![version_text()],
            stderr: Vec::new(),
            code: 0,
        };
    }
    let mut stderr = p.warnings.clone();
    if p.verbose {
        stderr.extend(search_list_lines(&p.options));
    }
    if p.inputs.is_empty() {
        stderr.push("oxicc: error: no input file".into());
        return Outcome::error(stderr, 2);
    }
    // As nvcc: several inputs each give their own output. With `-o`, oxicc links them at
    // the IR level into that one module (nvcc has no such mode: `-o` with several inputs
    // and `-ptx` is an error there); make dependencies need one input.
    let link = p.inputs.len() > 1 && p.output.is_some();
    if p.inputs.len() > 1
        && (p.deps.file.is_some() || (link && (p.deps.only || p.deps.with_compile)))
    {
        stderr.push(format!(
            "oxicc: error: -M, -MD and -MF need a single input file (given: {})",
            p.inputs.join(", ")
        ));
        return Outcome::error(stderr, 2);
    }
    // One compile in this process: lexing every built-in header up front (what makes
    // many compiles in one process fast) would cost more than it saves.
    if p.inputs.len() == 1 {
        oxicc::pp::use_header_cache(false);
    }
    let mut failed = false;
    if link {
        let inputs: Vec<&str> = p.inputs.iter().map(String::as_str).collect();
        failed = run(&p, &inputs, &mut stderr).is_err();
    } else {
        for input in &p.inputs {
            failed |= run(&p, &[input.as_str()], &mut stderr).is_err();
        }
    }
    Outcome {
        stdout: Vec::new(),
        stderr,
        code: if failed { 1 } else { 0 },
    }
}

fn version_text() -> String {
    format!(
        "oxicc {} — a CUDA C++ to PTX compiler in pure Rust (build {})\n\
         targets: {}; PTX ISA up to {}.{}; options and output follow nvcc 13.5 (nvcc -ptx)\n",
        env!("CARGO_PKG_VERSION"),
        oxicc::program::COMPILER_BUILD,
        oxicc::supported_sms()
            .iter()
            .map(|s| format!("sm_{s}"))
            .collect::<Vec<_>>()
            .join(", "),
        oxicc_backend_max().0,
        oxicc_backend_max().1,
    )
}

fn oxicc_backend_max() -> (u32, u32) {
    oxicc_backend::target::MAX_PTX
}

/// One compile as the options ask (of several inputs: linked into one module); every
/// message goes into `stderr`.
fn run(p: &Parsed, inputs: &[&str], stderr: &mut Vec<String>) -> Result<(), ()> {
    let input = inputs[0];
    let mut files = Vec::new();
    for i in inputs {
        files.push(read_input(i).map_err(|e| stderr.push(e))?);
    }
    let mut options = p.options.clone();
    if p.deps.only {
        // The dependencies are what preprocessing opens.
        options.emit = Emit::Preprocessed;
    }
    let out = if let [(file_name, source)] = files.as_slice() {
        oxicc::compile(file_name, source, &options)
    } else {
        let named: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, s)| (n.as_str(), s.as_str()))
            .collect();
        oxicc::compile_linked(&named, &options)
    };
    for t in &out.trace {
        stderr.push(t.clone());
    }
    // Diagnostics stay in the order they were reported (a note follows its error or
    // warning); the summary counts errors only.
    for d in &out.diagnostics {
        stderr.push(if p.diagnostics_json {
            diagnostic_json(d)
        } else {
            d.to_string()
        });
    }
    let emit = options.emit;
    let output_path = match &p.output {
        Some(o) => PathBuf::from(o),
        None if emit == Emit::Preprocessed || input == "-" => PathBuf::from("-"),
        None => {
            let ext = if emit == Emit::Ir { "oxir" } else { "ptx" };
            let stem = Path::new(input)
                .file_stem()
                .map(PathBuf::from)
                .unwrap_or_else(|| "out".into());
            stem.with_extension(ext)
        }
    };
    let Some(text) = out.text else {
        if !p.deps.only {
            remove_stale(&output_path);
        }
        let n = out
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        if !p.diagnostics_json {
            stderr.push(format!(
                "{n} error{} generated.",
                if n == 1 { "" } else { "s" }
            ));
        }
        return Err(());
    };
    if p.deps.only || p.deps.with_compile {
        let default_target = if p.deps.only {
            // nvcc -M names the object file it would build.
            let stem = Path::new(input).file_stem().unwrap_or_default();
            format!("{}.o", stem.to_string_lossy())
        } else {
            output_path.display().to_string()
        };
        let targets = if p.deps.targets.is_empty() {
            vec![default_target]
        } else {
            p.deps.targets.clone()
        };
        let mut deps = vec![input.to_string()];
        deps.extend(out.opened_files.iter().map(|f| f.display().to_string()));
        let rule = make_rule(&targets, &deps, p.deps.phony);
        let dep_path = match (&p.deps.file, p.deps.only) {
            (Some(f), _) => PathBuf::from(f),
            (None, true) => PathBuf::from("-"),
            (None, false) if output_path.as_os_str() == "-" => {
                PathBuf::from(Path::new(input).file_stem().unwrap_or_default()).with_extension("d")
            }
            (None, false) => output_path.with_extension("d"),
        };
        write_out(&dep_path, &rule).map_err(|e| stderr.push(e))?;
        if p.deps.only {
            return Ok(());
        }
    }
    write_out(&output_path, &text).map_err(|e| stderr.push(e))
}

/// A make rule `targets : deps`, one dependency per line as nvcc writes it; with `-MP` a
/// phony rule per header, so a deleted header does not break the build.
fn make_rule(targets: &[String], deps: &[String], phony: bool) -> String {
    let esc = |s: &str| s.replace(' ', "\\ ");
    let mut s = format!(
        "{} :",
        targets.iter().map(|t| esc(t)).collect::<Vec<_>>().join(" ")
    );
    for (i, d) in deps.iter().enumerate() {
        let sep = if i == 0 { " " } else { " \\\n    " };
        s.push_str(&format!("{sep}{}", esc(d)));
    }
    s.push('\n');
    if phony {
        for d in deps.iter().skip(1) {
            s.push_str(&format!("\n{} :\n", esc(d)));
        }
    }
    s
}

/// One diagnostic as a JSON object on one line (the fields of `oxicc::Diagnostic`).
fn diagnostic_json(d: &Diagnostic) -> String {
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    format!(
        "{{\"severity\":\"{sev}\",\"file\":{},\"line\":{},\"column\":{},\"message\":{},\"source_line\":{}}}",
        json_string(&d.file),
        d.line,
        d.column,
        json_string(&d.message),
        json_string(&d.source_line)
    )
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Leaves no stale output behind — but only ever removes a regular file: `-o /dev/null`
/// run as root must not delete the device.
fn remove_stale(path: &Path) {
    let is_regular_file = std::fs::symlink_metadata(path)
        .map(|m| m.file_type().is_file())
        .unwrap_or(false);
    if path.as_os_str() != "-" && is_regular_file {
        let _ = std::fs::remove_file(path);
    }
}

fn write_out(path: &Path, text: &str) -> Result<(), String> {
    if path.as_os_str() == "-" {
        std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("oxicc: error: writing output: {e}"))
    } else {
        std::fs::write(path, text)
            .map_err(|e| format!("oxicc: error: cannot write '{}': {e}", path.display()))
    }
}

fn read_input(path: &str) -> Result<(String, String), String> {
    if path == "-" {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("oxicc: error: reading standard input: {e}"))?;
        return Ok((
            "<stdin>".to_string(),
            String::from_utf8_lossy(&bytes).into_owned(),
        ));
    }
    let bytes =
        std::fs::read(path).map_err(|e| format!("oxicc: error: cannot read '{path}': {e}"))?;
    Ok((
        path.to_string(),
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}
