//! Partial ordering of function templates ([temp.func.order]), simplified: when several
//! templates of an overload set are viable for a call, the one that is more specialized
//! than every other wins (`la::dot(Vec<T>, Vec<T>)` over `::dot(T, T)` for `Vec<float>`
//! arguments). Template `a` is at least as specialized as `b` when `b`'s parameters can be
//! deduced from `a`'s declared parameter types with `a`'s own parameters standing for
//! themselves (unique types: `TypeKind::TemplateParam`, class template-ids as shells);
//! references and top-level qualifiers are dropped first. Templates with parameter packs
//! are ordered by the older rule (a template without a pack wins), before this one.

use super::Lowerer;
use crate::sema::types::{QualType, TypeKind};

impl<'x> Lowerer<'x> {
    /// The index in `tpls` of the template more specialized than all the others, if one is.
    pub(super) fn most_specialized(&mut self, tpls: &[u32]) -> Option<usize> {
        if tpls.len() < 2 || tpls.len() > 16 {
            return None;
        }
        (0..tpls.len()).find(|&i| {
            (0..tpls.len()).all(|j| {
                i == j
                    || tpls[i] == tpls[j]
                    || (self.at_least_as_specialized(tpls[i], tpls[j])
                        && !self.at_least_as_specialized(tpls[j], tpls[i]))
            })
        })
    }

    /// True when `b`'s parameters deduce from `a`'s declared parameter types.
    fn at_least_as_specialized(&mut self, a: u32, b: u32) -> bool {
        let (ta, tb) = (
            &self.templates.fns[a as usize],
            &self.templates.fns[b as usize],
        );
        let (pa, fa, pb, fb) = (ta.params, ta.decl, tb.params, tb.decl);
        if fa.params.iter().chain(fb.params).any(|p| p.pack) {
            return false;
        }
        let saved = std::mem::replace(&mut self.templates.ordering, true);
        let r = self.quietly(|l| {
            l.in_decl_context(|l| {
                let types = l.in_template_scope(a, |l| {
                    l.bind_member_outer(a);
                    let (_, params) = l.declared_signature(fa, pa, None, &[])?;
                    Some(params)
                })?;
                let types: Vec<QualType> = types
                    .into_iter()
                    .map(|t| match l.types.kind(t.ty) {
                        TypeKind::Reference { referent, .. } => referent.unqual(),
                        _ => t.unqual(),
                    })
                    .collect();
                l.in_template_scope(b, |l| {
                    l.bind_member_outer(b);
                    l.deduce(pb, fb, vec![None; pb.len()], &types, &[])
                })
            })
        });
        self.templates.ordering = saved;
        r.is_some()
    }
}
