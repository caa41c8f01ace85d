//! The errors of virtual functions and `final`, in nvcc's (EDG's) wording: deriving from a
//! `final` class, overriding a `final` function, `final` on a function that is not virtual,
//! `virtual` on static members and constructors, and overriders whose return type is
//! neither the overridden function's nor covariant with it.

use super::{FnId, Lowerer};
use crate::ast;
use crate::sema::entity::FunctionName;
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;

impl Lowerer<'_> {
    /// `struct D : B {…}` where `B` was declared `final`.
    pub fn check_base_not_final(&mut self, base: RecordId, span: Span) {
        if self.final_classes.contains(&base) {
            self.error(
                span,
                "a \"final\" class type cannot be used as a base class",
            );
        }
    }

    /// Checks of a member function's own declaration: `virtual` on a static member
    /// function or a constructor. Returns false when `virtual` is not allowed (it is then
    /// ignored).
    pub fn check_virtual_allowed(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) -> bool {
        if !fd.method.is_virtual {
            return true;
        }
        let Some(m) = self.func_info(fid).member.clone() else {
            return true;
        };
        if m.is_static {
            self.error(fd.span, "only nonstatic member functions may be virtual");
            return false;
        }
        if m.is_ctor {
            self.error(fd.span, "\"virtual\" is not allowed");
            return false;
        }
        true
    }

    /// A member function that is not virtual (neither declared so nor overriding) but
    /// says `override` or `final`.
    pub fn report_not_overriding(&mut self, fd: &ast::FunctionDecl<'_>) {
        if fd.method.is_override {
            self.error(
                fd.name_span,
                "member function declared with \"override\" does not override a base class member",
            );
        } else if fd.method.is_final {
            self.error(
                fd.name_span,
                "nonvirtual function cannot be declared with \"final\" modifier",
            );
        }
    }

    /// `f` (declared by `fd`) overrides `g`: `g` must not be `final`, and `f`'s return
    /// type must be `g`'s or covariant with it.
    pub fn check_override(&mut self, f: FnId, fd: &ast::FunctionDecl<'_>, g: FnId, g_final: bool) {
        let g_name = self.qualified_fn_name(g);
        if g_final {
            let line = self.line_of(self.func_info(g).span);
            self.error(
                fd.name_span,
                format!(
                    "cannot override \"final\" function \"{g_name}\" (declared at line {line})"
                ),
            );
            return;
        }
        let (fr, gr) = (self.func_info(f).ret, self.func_info(g).ret);
        if fr.ty != gr.ty && !self.covariant_return(fr, gr) {
            let shown = self.show(gr);
            self.error(
                fd.name_span,
                format!("return type is not identical to nor covariant with return type \"{shown}\" of overridden virtual function \"{g_name}\""),
            );
        }
    }

    /// `D*` overriding `B*` (or references), `B` a base of `D`, no less qualified.
    fn covariant_return(&self, f: QualType, g: QualType) -> bool {
        let target = |t: QualType| match self.types.kind(t.ty) {
            TypeKind::Pointer(p) => Some((*p, false)),
            TypeKind::Reference { referent, .. } => Some((*referent, true)),
            _ => None,
        };
        let (Some((fp, fref)), Some((gp, gref))) = (target(f), target(g)) else {
            return false;
        };
        if fref != gref || (fp.quals.konst && !gp.quals.konst) {
            return false;
        }
        let (TypeKind::Record(_), TypeKind::Record(_)) =
            (self.types.kind(fp.ty), self.types.kind(gp.ty))
        else {
            return false;
        };
        fp.ty == gp.ty || self.base_offset(fp.ty, gp.ty).is_some()
    }

    /// `C::f` for a member function (`C::~C` for a destructor).
    fn qualified_fn_name(&mut self, g: FnId) -> String {
        let info = self.func_info(g).clone();
        let cls = match info.member.as_ref().map(|m| m.record) {
            Some(r) => {
                let rt = QualType::new(self.types.intern(TypeKind::Record(r)));
                self.show(rt)
            }
            None => String::new(),
        };
        let n = match info.fname {
            FunctionName::Destructor => format!("~{cls}"),
            _ => self.name(info.name).to_string(),
        };
        format!("{cls}::{n}")
    }

    /// The line of a declaration (for "declared at line N").
    fn line_of(&self, span: Span) -> u32 {
        self.sources.file(span.file).line_col(span.start).0
    }
}

impl Lowerer<'_> {
    /// nvcc's warning #997-D: `f` overrides nothing but has the name of a virtual function
    /// of a base (different parameters or `const`): `function "G::g() const" is hidden by
    /// "H::g" -- virtual function override intended?`.
    pub(super) fn warn_if_hiding(
        &mut self,
        vt: &super::virtual_fns::VTable,
        f: FnId,
        fd: &ast::FunctionDecl<'_>,
    ) {
        use super::virtual_fns::Slot;
        let name = self.func_info(f).name;
        let secondary = vt
            .secondaries
            .iter()
            .flat_map(|s| s.entries.iter().map(|e| e.slot));
        let hidden = vt
            .slots
            .iter()
            .copied()
            .chain(secondary)
            .find_map(|s| match s {
                Slot::Func(g) | Slot::Pure(g) if g != f && self.func_info(g).name == name => {
                    Some(g)
                }
                _ => None,
            });
        let Some(g) = hidden else {
            return;
        };
        let shown = self.callee_signature(g);
        let by = self.qualified_fn_name(f);
        self.warning(
            fd.name_span,
            format!(
                "function \"{shown}\" is hidden by \"{by}\" -- virtual function override intended?"
            ),
        );
    }
}
