//! Names whose declarations oxicc left out, and what a use of one reports.
//!
//! Two bindings stand for a declaration that did not become an entity:
//! - `Binding::Poisoned`: the declaration failed and its error was reported, so the compile
//!   fails anyway; a use stays quiet instead of cascading into "identifier is undefined".
//! - `Binding::Dropped(id)`: a system header's host declaration that oxicc cannot form
//!   (`host_typedef_decl`, `static_data_member_or_drop`) was left to the host compiler with
//!   its errors held back. Nothing was reported, so a use in device code must be: quietly
//!   yielding no value there removed the whole statement from the kernel (`*p = X::m;`
//!   lowered to an empty kernel). The use gets an error at its own position, with notes at
//!   the dropped declaration and at the first error oxicc met there.
//!
//! A dropped name met while forming another host declaration (a host function whose
//! parameter type is a dropped alias) drops that declaration too, chained to the first
//! (`last_dropped`), so that a device use of it is reported with the original cause.
//!
//! A `Poisoned` binding met while no error has been reported at all (a failure that said
//! nothing) is reported at the use too: the compile must not succeed without the code.

use super::{Binding, Lowerer};
use crate::diag::{Diag, Diagnostics};
use crate::intern::Symbol;
use crate::source::Span;

/// One declaration left to the host compiler (`Lowerer::dropped_decls`).
#[derive(Clone, Debug)]
pub(crate) struct DroppedDecl {
    /// The declaration's start.
    pub span: Span,
    /// What it declared, for the message ("type alias", "static data member").
    pub what: &'static str,
    /// The first error oxicc met forming it, and where.
    pub why: Option<(Span, String)>,
}

impl<'x> Lowerer<'x> {
    /// Records a dropped declaration whose held-back diagnostics are `held`; returns the
    /// binding its name gets.
    pub(super) fn dropped_binding(
        &mut self,
        span: Span,
        what: &'static str,
        held: &Diagnostics,
    ) -> Binding {
        let why = held
            .list
            .iter()
            .find(|d| d.severity == crate::api::Severity::Error)
            .map(|d| (d.span, d.message.clone()));
        let why = why.or_else(|| self.chained_cause());
        self.dropped_decls.push(DroppedDecl { span, what, why });
        Binding::Dropped(self.dropped_decls.len() as u32 - 1)
    }

    /// The binding for a declaration that failed: `Poisoned` if it reported an error
    /// (`errors_before` is the error count when it started), else `Dropped`, chained to the
    /// dropped name its type met, or with a note that no error was recorded.
    pub(super) fn failed_binding(
        &mut self,
        span: Span,
        what: &'static str,
        errors_before: usize,
    ) -> Binding {
        if self.diags.error_count() > errors_before {
            return Binding::Poisoned;
        }
        let why = self.chained_cause();
        self.dropped_decls.push(DroppedDecl { span, what, why });
        Binding::Dropped(self.dropped_decls.len() as u32 - 1)
    }

    /// The cause of the dropped declaration last met in a host declaration, taken.
    fn chained_cause(&mut self) -> Option<(Span, String)> {
        let id = self.last_dropped.take()?;
        let d = &self.dropped_decls[id as usize];
        let why = d.why.as_ref().map_or("", |(_, m)| m.as_str());
        Some((
            d.span,
            format!("it names a {} that oxicc left out: {why}", d.what),
        ))
    }

    /// A use of a name bound `Poisoned` or `Dropped` where a value or a type is needed.
    /// `Dropped` in a function body being lowered is an error; outside one (a declaration,
    /// which may be host code nvcc hands on) it is remembered (`last_dropped`) for the
    /// declaration's own binding, which a device use then reports.
    /// `Poisoned` is an error only if nothing was reported yet.
    pub(super) fn unusable_name(&mut self, b: Binding, name: &str, span: Span) {
        match b {
            Binding::Dropped(id) => {
                if self.f.is_none() {
                    self.last_dropped = Some(id);
                    return;
                }
                let d = self.dropped_decls[id as usize].clone();
                let mut e = Diag::error(
                    span,
                    format!(
                        "\"{name}\" was not declared because oxicc could not form its \
                         declaration (a {} left to the host compiler)",
                        d.what
                    ),
                )
                .with_note(d.span, "the declaration oxicc left out is here");
                if let Some((s, m)) = d.why {
                    e = e.with_note(s, format!("the first error there: {m}"));
                }
                self.diags.push(e);
            }
            Binding::Poisoned if !self.diags.has_errors() => {
                self.error(
                    span,
                    format!(
                        "internal error: \"{name}\" was not declared because its declaration \
                         failed without a diagnostic"
                    ),
                );
            }
            _ => {}
        }
    }

    /// `unusable_name` for an identifier.
    pub(super) fn unusable_ident(&mut self, b: Binding, name: Symbol, span: Span) {
        let n = self.name(name);
        self.unusable_name(b, n, span);
    }

    /// A device function or kernel whose declaration failed without an error (it named a
    /// dropped declaration): the code would be missing from the PTX, so say so. Not in a
    /// system header, whose device functions nvcc compiles only when used.
    pub(super) fn device_function_not_dropped(
        &mut self,
        fd: &crate::ast::FunctionDecl<'_>,
        errors_before: usize,
    ) {
        let device = fd.specs.device || fd.specs.global;
        if !device
            || self.diags.error_count() > errors_before
            || self.sources.file(fd.span.file).system
        {
            return;
        }
        let name = self.name(fd.name);
        let mut e = Diag::error(
            fd.name_span,
            format!(
                "\"{name}\" cannot be declared: its declaration names a declaration oxicc left out"
            ),
        );
        if let Some(id) = self.last_dropped {
            let d = self.dropped_decls[id as usize].clone();
            e = e.with_note(d.span, format!("the {} oxicc left out is here", d.what));
            if let Some((s, m)) = d.why {
                e = e.with_note(s, format!("the first error there: {m}"));
            }
        }
        self.diags.push(e);
    }
}
