//! Template template parameters (`template <template <class> class C, class T>`): their
//! arguments (a class template, `TArg::Template`), deduction from an argument of type
//! `Box<float>` for a parameter `C<T>` (`C` = `Box`, `T` = `float`), and, in a declared
//! signature, `C<T>` as the parameter applied to arguments (`T0_IS1_E` in
//! `_Z2ttIf3BoxET_PT0_IS1_E`). In an instance the parameter's name is bound to the class
//! template (`Binding::ClassTemplate`), so `C<int>` in the body is `Box<int>`.

use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast::{self, TemplateParamKind, TypeExpr};
use crate::intern::Symbol;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

impl<'x> Lowerer<'x> {
    /// The argument of a template template parameter: a class template's name.
    pub(super) fn template_template_arg(&mut self, a: &ast::TemplateArgExpr<'_>) -> Option<TArg> {
        let found = match a {
            ast::TemplateArgExpr::Type(TypeExpr::Named { name, .. }) => self.lookup_ordinary(*name),
            ast::TemplateArgExpr::Type(TypeExpr::Qual(q)) => self.lookup_qualified(q),
            ast::TemplateArgExpr::Expr(e) => match &e.kind {
                ast::ExprKind::Ident(name) => self.lookup_ordinary(*name),
                ast::ExprKind::Name(q) => self.lookup_qualified(q),
                _ => None,
            },
            _ => None,
        };
        match found {
            Some(Binding::ClassTemplate(c)) => self.class_template_arg(c),
            _ => {
                self.error(
                    self.cur_span,
                    "expected a class template as the template argument",
                );
                None
            }
        }
    }

    /// Class template `c` as a template argument (named in its namespace).
    pub(super) fn class_template_arg(&mut self, c: u32) -> Option<TArg> {
        let scope = match self.ns.class_template_ns.get(&c) {
            Some(&ns) => self.ns.ctxs[ns].path.clone(),
            None => Vec::new(),
        };
        let name = self.templates.classes[c as usize].decl.name?;
        Some(TArg::Template { id: c, scope, name })
    }

    /// Deduction for a parameter type `C<…>` whose template `C` is the template template
    /// parameter `params[i]`: binds it to the class template of the argument's type
    /// `a` and returns that template (`None`: `a` is not an instance, or `C` is bound to
    /// another template already).
    pub(super) fn deduce_template_template(
        &mut self,
        params: &[ast::TemplateParam<'_>],
        q: &ast::QualName<'_>,
        a: QualType,
        bound: &mut [Option<TArg>],
    ) -> Option<Option<u32>> {
        let [ast::NameSeg::TemplateId { name, .. }] = q.segments else {
            return Some(None);
        };
        let Some(i) = params.iter().position(|p| {
            p.name == Some(*name) && matches!(p.kind, TemplateParamKind::Template { .. })
        }) else {
            return Some(None);
        };
        let TypeKind::Record(r) = *self.types.kind(a.ty) else {
            return None;
        };
        let (c, _) = self.templates.instance_of.get(&r)?.clone();
        let arg = self.class_template_arg(c)?;
        match &bound[i] {
            Some(TArg::Template { id, .. }) if *id != c => return None,
            Some(_) => {}
            None => bound[i] = Some(arg),
        }
        Some(Some(c))
    }

    /// `C<args>` in a declared signature where `C` is the function template's template
    /// template parameter: `TypeKind::TemplateTemplateApp`.
    pub(super) fn template_template_app(
        &mut self,
        name: Symbol,
        args: &[ast::TemplateArgExpr<'_>],
        span: Span,
    ) -> Option<Option<QualType>> {
        let param = *self.templates.sig.template_params.get(&name)?;
        let mut out = Vec::new();
        for a in args {
            let arg = match a {
                ast::TemplateArgExpr::Type(te) => match self.resolve_type(te) {
                    Some(t) => TArg::Type(t),
                    None => return Some(None),
                },
                ast::TemplateArgExpr::Expr(e) => match self.dependent_targ(e) {
                    Some(d) => d,
                    None => {
                        let Some(v) = self.const_eval(e) else {
                            return Some(None);
                        };
                        let crate::sema::ConstValue::Int { kind, .. } = v else {
                            self.error(span, "expected an integral template argument");
                            return Some(None);
                        };
                        let ty = QualType::new(self.types.int(kind));
                        match self.nontype_arg(v, ty, e.span) {
                            Some(a) => a,
                            None => return Some(None),
                        }
                    }
                },
                ast::TemplateArgExpr::Pack(_) => {
                    self.error(span, "this pack expansion is not supported yet");
                    return Some(None);
                }
            };
            out.push(super::template::entity_arg(&arg));
        }
        let ty = self
            .types
            .intern(TypeKind::TemplateTemplateApp { param, args: out });
        Some(Some(QualType::new(ty)))
    }
}
