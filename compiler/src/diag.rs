//! Diagnostics inside the compiler: collected while compiling, rendered at the end.
//!
//! Stages report user errors into a `Diagnostics` sink and keep going where they can, so one
//! compile reports several errors. Each diagnostic has a primary span and optional notes
//! (each with its own span), e.g. "in expansion of macro `M`" or "candidate is here".
//! Rendering turns spans into file/line/column with the source line and a caret.

use crate::api::{Diagnostic, Severity};
use crate::source::{SourceMap, Span};

/// A diagnostic with spans not yet resolved to lines and columns.
#[derive(Clone, Debug)]
pub struct Diag {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Secondary messages, each pointing somewhere (a `Severity::Note` when rendered).
    pub notes: Vec<(Span, String)>,
}

impl Diag {
    pub fn error(span: Span, message: impl Into<String>) -> Diag {
        Diag {
            severity: Severity::Error,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn warning(span: Span, message: impl Into<String>) -> Diag {
        Diag {
            severity: Severity::Warning,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Diag {
        self.notes.push((span, message.into()));
        self
    }
}

/// The sink every stage reports into.
#[derive(Debug, Default)]
pub struct Diagnostics {
    pub list: Vec<Diag>,
    errors: usize,
}

/// Past this many errors a compile stops reporting (and stops early).
pub const MAX_ERRORS: usize = 50;

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn push(&mut self, d: Diag) {
        if d.severity == Severity::Error {
            self.errors += 1;
            if self.errors > MAX_ERRORS {
                return;
            }
        }
        self.list.push(d);
    }
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.push(Diag::error(span, message));
    }
    pub fn warning(&mut self, span: Span, message: impl Into<String>) {
        self.push(Diag::warning(span, message));
    }
    /// Removes every diagnostic whose primary position is in `file`.
    pub fn remove_file(&mut self, file: crate::source::FileId) {
        self.list.retain(|d| d.span.file != file);
        self.errors = self
            .list
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
    }
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }
    pub fn error_count(&self) -> usize {
        self.errors
    }
    /// The point to which [`Diagnostics::rollback`] returns.
    pub fn mark(&self) -> (usize, usize) {
        (self.list.len(), self.errors)
    }
    /// Forgets what was reported since `mark` (a quiet query that tried a path which
    /// reports: semantic analysis asking the lowering's tables).
    pub fn rollback(&mut self, mark: (usize, usize)) {
        self.list.truncate(mark.0);
        self.errors = mark.1;
    }
    /// What was reported since `mark`.
    pub fn since(&self, mark: (usize, usize)) -> &[Diag] {
        &self.list[mark.0.min(self.list.len())..]
    }
    /// True once so many errors were reported that stages should stop.
    pub fn too_many(&self) -> bool {
        self.errors > MAX_ERRORS
    }

    /// Resolves spans into the public `Diagnostic` form (notes follow their diagnostic).
    /// A diagnostic in an included file is followed by its include chain, innermost first
    /// (gcc's "In file included from", as notes at each `#include`).
    pub fn render(&self, sources: &SourceMap) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for d in &self.list {
            if d.severity == Severity::Warning && sources.file(d.span.file).system {
                continue;
            }
            out.push(resolve(sources, d.severity, d.span, &d.message));
            for (span, msg) in &d.notes {
                out.push(resolve(sources, Severity::Note, *span, msg));
            }
            let mut file = d.span.file;
            // A chain is finite (a file records the first include only, which comes from
            // a file opened before it); the bound guards against a cycle all the same.
            for _ in 0..crate::pp::MAX_INCLUDE_DEPTH {
                let Some(at) = sources.file(file).included_from else {
                    break;
                };
                out.push(resolve(
                    sources,
                    Severity::Note,
                    at,
                    "in file included from here",
                ));
                file = at.file;
            }
        }
        out
    }
}

fn resolve(sources: &SourceMap, severity: Severity, span: Span, message: &str) -> Diagnostic {
    let file = sources.file(span.file);
    let (line, column) = file.line_col(span.start);
    // `#line` renames the file and renumbers its lines; the text shown is still the
    // physical line (as gcc and nvcc do).
    let (name, presumed) = file.presumed_line(line);
    Diagnostic {
        severity,
        file: name.to_string(),
        line: presumed,
        column,
        message: message.to_string(),
        source_line: file.line_text(line).to_string(),
    }
}
