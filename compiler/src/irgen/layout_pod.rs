//! Which classes are PODs for the purpose of layout (Itanium C++ ABI; the C++03 definition
//! of POD, which nvcc's layout follows): a derived class places its members in the tail
//! padding of a base that is not one (`struct A { int x; char c; A(); }; struct B : A {
//! char d; };` has `sizeof(B) == 8`).

use super::Lowerer;
use crate::ast::{self, Access, NameSeg, OverloadedOp};
use crate::sema::types::{QualType, TypeKind};

impl Lowerer<'_> {
    /// True when the class `rd` defines is not a POD for layout: it has base classes, a
    /// vptr, non-public data members, members of reference or non-POD class type, or
    /// user-declared constructors, destructor, copy assignment or virtual functions.
    pub fn non_pod_for_layout(
        &self,
        rd: &ast::RecordDecl<'_>,
        has_bases: bool,
        members: &[QualType],
    ) -> bool {
        if has_bases {
            return true;
        }
        let fields = rd.fields.unwrap_or(&[]);
        if fields.iter().any(|f| f.access != Access::Public) {
            return true;
        }
        let non_pod_member = members.iter().any(|t| {
            let mut ty = t.ty;
            while let TypeKind::Array { elem, .. } = self.types.kind(ty) {
                ty = elem.ty;
            }
            match self.types.kind(ty) {
                TypeKind::Reference { .. } => true,
                TypeKind::Record(r) => self.types.record(*r).tail_reusable,
                _ => false,
            }
        });
        non_pod_member
            || rd.members.iter().any(|m| match &m.decl {
                ast::Decl::Function(fd) => {
                    fd.method.is_virtual
                        || fd.method.is_pure
                        || match fd.qual.map(|q| q.last()) {
                            Some(NameSeg::Destructor { .. }) => true,
                            Some(NameSeg::Operator {
                                op: OverloadedOp::Assign,
                                ..
                            }) => true,
                            None | Some(NameSeg::Ident { .. }) => {
                                fd.qual.is_none() && Some(fd.name) == rd.name
                            }
                            _ => false,
                        }
                }
                _ => false,
            })
    }
}
