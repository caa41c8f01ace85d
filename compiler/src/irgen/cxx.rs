//! Entry points from the C lowering into the C++ constructs (namespaces, qualified names,
//! classes, references); each dispatches to the file that handles the construct.

use super::expr::Operand;
use super::{Binding, Lowerer, Tag};
use crate::ast::{self, Expr, TypeExpr};
use crate::sema::types::{QualType, TypeKind};

impl<'x> Lowerer<'x> {
    /// A C++ type form (`N::T`, `S<int>`, `T&`).
    pub(super) fn resolve_type_cxx(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        match te {
            TypeExpr::Reference { referee, rvalue } => {
                let r = self.resolve_type(referee)?;
                if let TypeKind::Reference { .. } = self.types.kind(r.ty) {
                    // Reference collapsing (`T& &` is `T&`).
                    return Some(r);
                }
                Some(QualType::new(self.types.intern(TypeKind::Reference {
                    referent: r,
                    rvalue: *rvalue,
                })))
            }
            TypeExpr::Qual(q) => {
                if let Some(Tag::Record(r)) = self.lookup_qualified_tag(q) {
                    self.check_member_class_access(q);
                    return Some(QualType::new(self.types.intern(TypeKind::Record(r))));
                }
                if let Some(Tag::Enum(e)) = self.lookup_qualified_tag(q) {
                    return Some(QualType::new(self.types.intern(TypeKind::Enum(e))));
                }
                match self.lookup_qualified(q) {
                    Some(Binding::Typedef(t)) => Some(t),
                    Some(Binding::ClassTemplate(c)) => match q.last() {
                        ast::NameSeg::TemplateId { name, args, span } => {
                            self.class_template_instance(c, *name, args, *span)
                        }
                        _ => {
                            let text = self.qual_name_text(q);
                            self.error(
                                q.span,
                                format!("argument list for class template \"{text}\" is missing"),
                            );
                            None
                        }
                    },
                    Some(Binding::AliasTemplate(a)) => match q.last() {
                        ast::NameSeg::TemplateId { args, .. } => self.alias_template_type(a, args),
                        _ => {
                            let text = self.qual_name_text(q);
                            self.error(
                                q.span,
                                format!("argument list for alias template \"{text}\" is missing"),
                            );
                            None
                        }
                    },
                    Some(b @ (Binding::Poisoned | Binding::Dropped(_))) => {
                        let text = self.qual_name_text(q);
                        self.unusable_name(b, &text, q.span);
                        None
                    }
                    _ => {
                        let text = self.qual_name_text(q);
                        self.error(q.span, format!("\"{text}\" is not a type name"));
                        None
                    }
                }
            }
            _ => None,
        }
    }

    /// A C++ expression form (`N::x`, `this`, `S(1, 2)`, `p->N::f`).
    pub(super) fn expr_cxx(&mut self, e: &Expr<'_>) -> Option<Operand> {
        self.lower_cxx_expr(e)
    }

    /// A C++ declaration (`namespace`, `using`).
    pub(super) fn decl_cxx(&mut self, d: &'x ast::Decl<'x>) {
        self.namespace_decl(d);
    }

    /// A using-directive or using-declaration in a function body.
    pub(super) fn local_decl_cxx(&mut self, d: &ast::Decl<'_>) {
        match d {
            ast::Decl::UsingDirective { name, span } => self.using_directive(name, *span),
            ast::Decl::UsingDecl { name, span } => self.using_declaration(name, *span),
            ast::Decl::NamespaceAlias {
                alias,
                target,
                span,
            } => self.namespace_alias(*alias, target, *span),
            ast::Decl::Namespace(nd) => {
                self.error(nd.span, "a namespace definition is not allowed here")
            }
            _ => {}
        }
    }
}
