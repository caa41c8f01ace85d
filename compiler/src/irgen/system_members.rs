//! Host member functions of classes in system headers whose declarations oxicc cannot
//! form: libstdc++'s `chrono::duration` declares `constexpr duration<typename
//! common_type<rep>::type, period> operator+() const;`, and `common_type` rests on
//! `decltype` overload tricks oxicc does not evaluate. nvcc hands such members to the host
//! compiler; failing the whole class would drop `duration` and everything after it. The
//! member's errors are held back and the member is left out (a device use finds no such
//! member and is reported there); `--report-dropped` notes it with the first error, as it
//! does a dropped type alias (`decl.rs`, `host_typedef_decl`).
//!
//! The out-of-class definition of such a member then matches no declaration, and so do a
//! few others oxicc's matching misses (`pair`'s constructor template in `<tuple>`,
//! `complex<float>::complex(const complex<double>&)` of a dropped specialization): a
//! system header's host definition that matches none is left to the host compiler too.

use super::Lowerer;
use crate::ast::{self, Access};
use crate::sema::types::RecordId;

impl<'x> Lowerer<'x> {
    /// A host function defined in a system header (`ostream.tcc`, `<tuple>`).
    pub(super) fn host_system_def(&self, fd: &ast::FunctionDecl<'_>) -> bool {
        !fd.specs.device && !fd.specs.global && self.sources.file(fd.span.file).system
    }

    /// `declare_member_function`, with a system header's host member that fails left out
    /// quietly instead.
    pub(super) fn declare_member_function_or_drop(
        &mut self,
        r: RecordId,
        fd: &ast::FunctionDecl<'_>,
        access: Access,
    ) -> Option<super::FnId> {
        if !self.host_system_def(fd) {
            return self.declare_member_function(r, fd, access);
        }
        let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
        let f = self.declare_member_function(r, fd, access);
        let held = std::mem::replace(self.diags, saved);
        if !held.has_errors() {
            for d in held.list {
                self.diags.push(d);
            }
            return f;
        }
        self.note_dropped_member("member function", fd.span, &held);
        // Even if it was entered, a failed declaration has no body for oxicc to lower.
        None
    }

    /// A system header's host static data member whose type or constant value oxicc cannot
    /// form (`chrono`'s `static constexpr chrono::seconds _S_epoch_diff{6437664000};`,
    /// through `duration`'s constrained constructor template) is host code: its errors are
    /// held back and the member is left out (a device use is reported there).
    pub(super) fn static_data_member_or_drop(
        &mut self,
        r: RecordId,
        vd: &ast::VarDecl<'_>,
        access: Access,
    ) {
        let s = vd.specs;
        let host = !(s.device || s.shared || s.constant || s.managed);
        if !host || !self.sources.file(vd.span.file).system {
            return self.static_data_member(r, vd, access);
        }
        let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
        self.static_data_member(r, vd, access);
        let held = std::mem::replace(self.diags, saved);
        if !held.has_errors() {
            for d in held.list {
                self.diags.push(d);
            }
            return;
        }
        // A device use is reported with the first error (`dropped.rs`).
        let b = self.dropped_binding(vd.span, "static data member", &held);
        self.class_data(r).members.insert(vd.name, b);
        self.note_dropped_member("static data member", vd.span, &held);
    }

    /// `--report-dropped`'s note for a member left to the host compiler, with its first
    /// error.
    fn note_dropped_member(
        &mut self,
        what: &str,
        span: crate::source::Span,
        held: &crate::diag::Diagnostics,
    ) {
        self.note_dropped(
            span,
            &format!("{what} as host code whose declaration"),
            held,
        );
    }

    /// `--report-dropped`'s note "oxicc dropped this {what} it cannot form: …" at `span`,
    /// naming the first error of the diagnostics `held` back while it was tried.
    pub(super) fn note_dropped(
        &mut self,
        span: crate::source::Span,
        what: &str,
        held: &crate::diag::Diagnostics,
    ) {
        if !self.opts.report_dropped {
            return;
        }
        let first = held
            .list
            .iter()
            .find(|d| d.severity == crate::api::Severity::Error);
        let why = first.map_or("no error recorded", |d| d.message.as_str());
        let mut note = crate::diag::Diag {
            severity: crate::api::Severity::Note,
            span,
            message: format!("oxicc dropped this {what} it cannot form: {why}"),
            notes: Vec::new(),
        };
        if let Some(d) = first {
            note = note.with_note(d.span, "the first error is here");
        }
        self.diags.push(note);
    }
}
