//! Classes defined inside a class (C++ member classes, as the parser keeps them for class
//! templates): each is defined with the enclosing class as its declaration context, so a
//! member class of a class template instance is instantiated with that instance's template
//! bindings and mangled inside it (`_ZN4SpanIiE8iteratorC1EPii`), and it is a member type
//! of the enclosing class (`Span<int>::iterator`). Classes nested in non-template classes
//! are members the same way (`Outer::Inner`, `_ZNK5Outer5Inner3getEv`), with access checks.

use super::{Binding, Lowerer};
use crate::ast;
use crate::intern::Symbol;
use crate::sema::types::{QualType, RecordId, TypeKind};

impl<'x> Lowerer<'x> {
    /// Defines the member classes of `r` (before its data members, which may use them).
    /// Their member bodies wait until the outermost class is complete (`define_record`).
    pub(super) fn define_nested_classes(
        &mut self,
        r: RecordId,
        rd: &ast::RecordDecl<'_>,
    ) -> Vec<(Symbol, RecordId, ast::Access, crate::source::Span)> {
        let mut out = Vec::new();
        if !rd
            .members
            .iter()
            .any(|m| matches!(m.decl, ast::Decl::Record(_)))
        {
            return out;
        }
        // The enclosing class's own context first: the member classes' scope extends it.
        let scope = self.cur_scope_path();
        self.types.record_mut(r).scope = scope;
        let saved = self.declaring_class.replace(r);
        // Member typedefs and member classes declared before a member class are visible in
        // it (`using Acc = …; struct TempStorage { Acc data[N]; };`).
        self.scopes.push();
        for m in rd.members {
            match &m.decl {
                ast::Decl::Record(nrd) => {
                    if let (Some(n), Some(nr)) = (nrd.name, self.define_record(nrd)) {
                        let t = QualType::new(self.types.intern(TypeKind::Record(nr)));
                        self.scopes.bind(n, Binding::Typedef(t));
                        // Found by the member alias templates' definitions, which do not
                        // see this scope (`template_alias.rs`).
                        self.early_member(r, n, Binding::Typedef(t));
                        out.push((n, nr, m.access, nrd.span));
                    }
                }
                ast::Decl::Typedef(td) => {
                    if let Some(t) = self.quietly(|l| l.resolve_type(td.ty)) {
                        self.scopes.bind(td.name, Binding::Typedef(t));
                        self.early_member(r, td.name, Binding::Typedef(t));
                    }
                }
                // A member alias template (`<future>`: `typedef _Ptr<_Result_base>
                // _Ptr_type;` in `__future_base::_State_baseV2`, where `_Ptr` is
                // `__future_base`'s). Declared again as a member later.
                ast::Decl::Template(td) => {
                    let td = super::template_member::template_decl_for(td);
                    if let ast::Decl::Typedef(t) = &td.decl {
                        self.alias_template_decl(td, super::template_alias::AliasDecl::Type(t));
                    }
                }
                _ => {}
            }
        }
        // The member classes' tags (declared by `define_record` in the pushed scope) stay
        // visible where they were before; the typedef bindings go.
        let (_, tags) = self.scopes.pop_take();
        for (n, t) in tags {
            self.scopes.bind_tag(n, t);
        }
        self.declaring_class = saved;
        out
    }

    /// Opens a scope with the member typedefs of `rd`, in declaration order, for the types
    /// of its data members (the class's member table is filled only after its layout).
    /// Errors in them are reported when they are declared as members; with
    /// `--report-dropped` a failed one is noted here too, with its first error.
    /// They are also early members of `r`: `ios_base::event_callback` written inside
    /// `ios_base` (in a member class or a data member) is found before the class's member
    /// table exists.
    pub(super) fn push_member_typedefs(&mut self, r: RecordId, rd: &ast::RecordDecl<'_>) {
        self.scopes.push();
        for m in rd.members {
            if let ast::Decl::Typedef(td) = &m.decl {
                // Errors held back here; `--report-dropped` names the first, since a use
                // of the typedef in a data member is the next error seen otherwise.
                let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
                let t = self.resolve_type(td.ty);
                let held = std::mem::replace(self.diags, saved);
                match t {
                    Some(t) if !held.has_errors() => {
                        self.scopes.bind(td.name, Binding::Typedef(t));
                        self.early_member(r, td.name, Binding::Typedef(t));
                    }
                    _ => self.note_early_typedef(td.span, &held),
                }
            }
            if let Some((n, t)) = self.member_using_type(&m.decl) {
                self.scopes.bind(n, Binding::Typedef(t));
                self.early_member(r, n, Binding::Typedef(t));
            }
            // A member alias template, for the typedefs and data members after it (as in
            // `define_nested_classes`, for the member classes).
            // A member class template and its partial specializations, for the same
            // (`using pointer = typename _Ptr<_Tp, _Dp>::type;` in libstdc++'s
            // `__uniq_ptr_impl`, then `tuple<pointer, _Dp> _M_t;`). Declared again, as the
            // same template, with the member table.
            if let ast::Decl::Template(td) = &m.decl {
                let td = super::template_member::template_decl_for(td);
                let saved = self.declaring_class.replace(r);
                match &td.decl {
                    ast::Decl::Typedef(t) => {
                        self.alias_template_decl(td, super::template_alias::AliasDecl::Type(t));
                    }
                    ast::Decl::Record(crd) => {
                        self.member_class_template(r, td, crd, m.access);
                        if let (None, Some(n)) = (crd.template_args, crd.name) {
                            if let Some(b @ Binding::ClassTemplate(_)) =
                                self.scopes.lookup(n).copied()
                            {
                                self.early_member(r, n, b);
                            }
                        }
                    }
                    _ => {}
                }
                self.declaring_class = saved;
            }
        }
    }

    /// `--report-dropped`'s note for a member typedef that could not be formed for the data
    /// members after it (`<future>`'s `_Ptr_type`, whose failure showed only as an undefined
    /// name at the data member). It may still be formed with the member table, when the
    /// class's bases and constants are known (`<ratio>`'s `typedef ratio<num, den> type;`),
    /// so the note says "for the data members", not "dropped".
    fn note_early_typedef(&mut self, span: crate::source::Span, held: &crate::diag::Diagnostics) {
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
            message: format!(
                "oxicc could not form this member typedef for the data members after it: {why}"
            ),
            notes: Vec::new(),
        };
        if let Some(d) = first {
            note = note.with_note(d.span, "the first error is here");
        }
        self.diags.push(note);
    }

    /// Keeps a member of `r` known before `define_class_members` makes its member table
    /// (which takes these first and then declares every member again, with diagnostics).
    fn early_member(&mut self, r: RecordId, name: Symbol, b: Binding) {
        self.early_members.entry(r).or_default().push((name, b));
    }

    /// `using typename Base::type;` in a class: the type it names, with its name (`None`
    /// for a using-declaration of anything else, which the lowering does not act on:
    /// base members stay found through the base).
    pub(super) fn member_using_type(&mut self, d: &ast::Decl<'_>) -> Option<(Symbol, QualType)> {
        let ast::Decl::UsingDecl { name, .. } = d else {
            return None;
        };
        let last = name.last().ident()?;
        let te = ast::TypeExpr::Qual(name);
        let t = self.quietly(|l| l.resolve_type(&te))?;
        Some((last, t))
    }

    /// Defines the member enums of `rd` (kept as members in a template, see
    /// `parse::class`) in the scope `push_member_typedefs` opened, where the data members
    /// see them, and keeps their enumerators and names as members of `r` for
    /// `define_class_members` (member bodies, `S<4>::N`, `Buf::N`).
    pub(super) fn define_member_enums(&mut self, r: RecordId, rd: &ast::RecordDecl<'_>) {
        let mut members = Vec::new();
        for m in rd.members {
            let ast::Decl::Enum(ed) = &m.decl else {
                continue;
            };
            let Some(e) = self.define_enum(ed) else {
                continue;
            };
            let ety = QualType::new(self.types.intern(TypeKind::Enum(e)));
            if let Some(n) = ed.name {
                members.push((n, Binding::Typedef(ety)));
            }
            if !ed.scoped {
                let info = &self.types.enums[e.0 as usize];
                for &(n, value) in &info.enumerators {
                    let cv = crate::sema::ConstValue::Int {
                        value,
                        kind: info.underlying,
                    };
                    members.push((n, Binding::EnumConst(cv, ety)));
                }
            }
        }
        if !members.is_empty() {
            self.early_members.entry(r).or_default().extend(members);
        }
    }

    /// Closes `push_member_typedefs`' scope; tags declared in it stay visible.
    pub(super) fn pop_member_typedefs(&mut self) {
        let (_, tags) = self.scopes.pop_take();
        for (n, t) in tags {
            self.scopes.bind_tag(n, t);
        }
    }

    /// Makes the member classes of `r` member types of it (`Outer::Inner`).
    pub(super) fn bind_nested_classes(
        &mut self,
        r: RecordId,
        nested: &[(Symbol, RecordId, ast::Access, crate::source::Span)],
    ) {
        for &(n, nr, access, span) in nested {
            let t = QualType::new(self.types.intern(TypeKind::Record(nr)));
            let data = self.classes.entry(r).or_default();
            data.members.insert(n, Binding::Typedef(t));
            data.member_access.insert(n, (access, span));
        }
    }

    /// `Outer::Inner` names a member class: it must be accessible here (nvcc's `class
    /// "Outer::Secret" (declared at line N) is inaccessible`).
    pub(super) fn check_member_class_access(&mut self, q: &ast::QualName<'_>) {
        if q.segments.len() < 2 {
            return;
        }
        let Some(super::namespace::Qualifier::Class(outer)) =
            self.resolve_qualifier(q, q.segments.len() - 1)
        else {
            return;
        };
        let Some(name) = q.last().ident() else {
            return;
        };
        let span = q.last().span();
        self.check_access_as(outer, name, true, "class", span);
    }
}
