//! Class templates: declarations and instances named by template-ids (`S<int, 4>`).
//! Instances are ordinary records, made by defining the template's record declaration
//! with the parameters bound, cached by arguments.

use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast;
use crate::intern::Symbol;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

/// A class template: its parameters and record declaration.
pub(crate) struct ClassTemplate<'x> {
    pub params: &'x [ast::TemplateParam<'x>],
    pub decl: &'x ast::RecordDecl<'x>,
}

impl<'x> Lowerer<'x> {
    /// `template <…> struct S { … };`
    pub fn class_template_decl(
        &mut self,
        td: &'x ast::TemplateDecl<'x>,
        rd: &'x ast::RecordDecl<'x>,
    ) {
        let Some(name) = rd.name else { return };
        if td.params.is_empty() {
            self.error(
                td.span,
                "explicit specialization of a class template is not supported yet",
            );
            return;
        }
        if let Some(Binding::ClassTemplate(c)) = self.scopes.lookup(name).copied() {
            // A definition after a forward declaration.
            if rd.fields.is_some() {
                self.templates.classes[c as usize] = ClassTemplate {
                    params: td.params,
                    decl: rd,
                };
            }
            return;
        }
        let id = self.templates.classes.len() as u32;
        self.templates.classes.push(ClassTemplate {
            params: td.params,
            decl: rd,
        });
        self.scopes.bind(name, Binding::ClassTemplate(id));
    }

    /// The record instance `name<args>`.
    pub fn class_template_type(
        &mut self,
        name: Symbol,
        args: &[ast::TemplateArgExpr<'_>],
        span: Span,
    ) -> Option<QualType> {
        let Some(Binding::ClassTemplate(c)) = self.scopes.lookup(name).copied() else {
            self.error(
                span,
                format!("\"{}\" is not a class template", self.name(name)),
            );
            return None;
        };
        let t = &self.templates.classes[c as usize];
        let (params, decl) = (t.params, t.decl);
        let bound = self.explicit_targs(params, args)?;
        let targs = self.fill_defaults(params, bound)?;
        let key = (c, targs);
        if let Some(r) = self.templates.class_instances.get(&key) {
            return r.map(|r| QualType::new(self.types.intern(TypeKind::Record(r))));
        }
        if self.templates.depth >= super::template::MAX_INSTANTIATION_DEPTH {
            let shown = self.show_with_params(name, params, &key.1, None);
            self.error(
                span,
                format!("excessive recursion at instantiation of class \"{shown}\""),
            );
            self.templates.class_instances.insert(key, None);
            return None;
        }
        self.templates.depth += 1;
        let targs: Vec<TArg> = key.1.clone();
        let r = self.in_decl_context(|l| {
            l.bind_template_params(params, &targs);
            l.define_record(decl)
        });
        self.templates.depth -= 1;
        if let Some(rid) = r {
            let args = key.1.iter().map(super::template::entity_arg).collect();
            self.types.record_mut(rid).template_args = Some(args);
        }
        self.templates.class_instances.insert(key, r);
        r.map(|r| QualType::new(self.types.intern(TypeKind::Record(r))))
    }
}
