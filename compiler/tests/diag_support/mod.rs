//! The `diag-cases/` corpus: loading cases, reading their expectations, and matching them
//! against a compile's diagnostics.
//!
//! A case is a file `diag-cases/NAME.cu`, or a folder `diag-cases/NAME/` whose `main.cu` is
//! compiled (the other files are headers it includes). The leading `//` lines of the main
//! file say what must happen:
//!
//! ```text
//! // expect: LINE: TEXT            an error on LINE of the main file containing TEXT
//! // expect: FILE:LINE: TEXT       … in another file of the case (a header)
//! // expect-warning: LINE: TEXT    a warning
//! // expect-note: [FILE:]LINE: TEXT  a note of the error/warning expected just above
//! // flags: -DNAME=1 -arch=sm_90 -O0   options (the runner knows -D, -U, -arch, -O)
//! // anything else                  a comment
//! ```
//!
//! TEXT is matched case-insensitively as a substring; it is written by hand in nvcc's
//! wording (run `nvcc -ptx` on the case), never copied from oxicc's output.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use oxicc::{Diagnostic, Severity};

/// One expected diagnostic.
#[derive(Debug)]
pub struct Expected {
    pub severity: Severity,
    /// `None`: the main file.
    pub file: Option<String>,
    pub line: u32,
    pub text: String,
    /// Notes that must follow this diagnostic.
    pub notes: Vec<Expected>,
}

/// A case: its name, main file, expectations and options.
pub struct Case {
    pub name: String,
    pub main: PathBuf,
    pub source: String,
    pub expected: Vec<Expected>,
    pub options: oxicc::Options,
}

/// Every case under `dir`, sorted by name.
pub fn load_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .map(|e| e.map(|e| e.path()).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "cu"))
        .map(|p| load_case(&p))
        .collect()
}

fn load_case(path: &Path) -> Result<Case, String> {
    let (name, main) = if path.is_dir() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        (name, path.join("main.cu"))
    } else {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        (name, path.to_path_buf())
    };
    let source = std::fs::read_to_string(&main).map_err(|e| format!("{}: {e}", main.display()))?;
    let mut expected: Vec<Expected> = Vec::new();
    let mut options = oxicc::Options {
        sm: 75,
        opt_level: 3,
        ..Default::default()
    };
    for line in source.lines().take_while(|l| l.starts_with("//")) {
        let err = |m: &str| format!("{}: `{line}`: {m}", main.display());
        let body = line.trim_start_matches('/').trim_start();
        if let Some(spec) = body.strip_prefix("expect:") {
            expected.push(parse_expected(Severity::Error, spec).map_err(|m| err(&m))?);
        } else if let Some(spec) = body.strip_prefix("expect-warning:") {
            expected.push(parse_expected(Severity::Warning, spec).map_err(|m| err(&m))?);
        } else if let Some(spec) = body.strip_prefix("expect-note:") {
            let note = parse_expected(Severity::Note, spec).map_err(|m| err(&m))?;
            expected
                .last_mut()
                .ok_or_else(|| err("a note needs an expected error or warning above it"))?
                .notes
                .push(note);
        } else if let Some(flags) = body.strip_prefix("flags:") {
            apply_flags(&mut options, flags).map_err(|m| err(&m))?;
        }
    }
    if expected.is_empty() {
        return Err(format!(
            "{}: no `// expect: LINE: TEXT` line at the top",
            main.display()
        ));
    }
    Ok(Case {
        name,
        main,
        source,
        expected,
        options,
    })
}

/// `[FILE:]LINE: TEXT`.
fn parse_expected(severity: Severity, spec: &str) -> Result<Expected, String> {
    let (place, text) = spec
        .trim()
        .split_once(": ")
        .ok_or("expected `[FILE:]LINE: TEXT`")?;
    let (file, line) = match place.rsplit_once(':') {
        Some((file, line)) => (Some(file.to_string()), line),
        None => (None, place),
    };
    let line = line
        .parse()
        .map_err(|_| format!("bad line number `{line}`"))?;
    Ok(Expected {
        severity,
        file,
        line,
        text: text.to_string(),
        notes: Vec::new(),
    })
}

fn apply_flags(options: &mut oxicc::Options, flags: &str) -> Result<(), String> {
    for flag in flags.split_whitespace() {
        if let Some(def) = flag.strip_prefix("-D") {
            let (name, value) = match def.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (def.to_string(), None),
            };
            options.defines.push((name, value));
        } else if let Some(name) = flag.strip_prefix("-U") {
            options.undefines.push(name.to_string());
        } else if let Some(arch) = flag.strip_prefix("-arch=sm_") {
            options.sm = arch.parse().map_err(|_| format!("bad flag {flag}"))?;
        } else if flag == "--expt-relaxed-constexpr" {
            options.relaxed_constexpr = true;
        } else if let Some(level) = flag.strip_prefix("-O") {
            options.opt_level = level.parse().map_err(|_| format!("bad flag {flag}"))?;
        } else {
            return Err(format!(
                "the diag runner does not know the flag {flag}: teach it"
            ));
        }
    }
    Ok(())
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn matches(e: &Expected, d: &Diagnostic, main_file: &str) -> bool {
    let file_ok = match &e.file {
        None => d.file == main_file,
        Some(f) => d.file == *f || Path::new(&d.file).ends_with(f),
    };
    d.severity == e.severity
        && file_ok
        && d.line == e.line
        && d.message.to_lowercase().contains(&e.text.to_lowercase())
}

/// The expectations of `case` that `diags` does not meet, in words.
pub fn unmet(case: &Case, diags: &[Diagnostic]) -> Vec<String> {
    let main_file = case.main.to_string_lossy();
    let mut problems = Vec::new();
    for e in &case.expected {
        let place = |e: &Expected| {
            format!(
                "{} on {}line {} containing {:?}",
                severity_name(e.severity),
                e.file.as_ref().map(|f| format!("{f} ")).unwrap_or_default(),
                e.line,
                e.text
            )
        };
        let Some(i) = diags.iter().position(|d| matches(e, d, &main_file)) else {
            problems.push(format!("no {}", place(e)));
            continue;
        };
        // The notes of diagnostic i are the Note diagnostics right after it.
        let notes: Vec<&Diagnostic> = diags[i + 1..]
            .iter()
            .take_while(|d| d.severity == Severity::Note)
            .collect();
        for n in &e.notes {
            if !notes.iter().any(|d| matches(n, d, &main_file)) {
                problems.push(format!("no {} after the {}", place(n), place(e)));
            }
        }
    }
    problems
}

/// The diagnostics rendered for a snapshot, with file names relative to the corpus folder.
pub fn render(diags: &[Diagnostic], corpus: &Path) -> String {
    let prefix = format!("{}/", corpus.to_string_lossy());
    diags
        .iter()
        .map(|d| {
            let mut d = d.clone();
            if let Some(rest) = d.file.strip_prefix(&prefix) {
                d.file = rest.to_string();
            }
            d.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
