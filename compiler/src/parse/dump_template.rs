//! The dump of template declarations, template arguments and the pack/fold expressions
//! (kept apart from `dump.rs` so that each file stays small).

use super::{binary_name, Dumper};
use crate::ast::*;
use std::fmt::Write;

impl Dumper<'_> {
    pub(super) fn template_decl(&mut self, t: &TemplateDecl<'_>, indent: usize) {
        self.out.push_str("(template (");
        for (i, p) in t.params.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            match &p.kind {
                TemplateParamKind::Type { default } => {
                    self.out.push_str("typename");
                    if p.pack {
                        self.out.push_str("...");
                    }
                    if let Some(n) = p.name {
                        self.out.push(' ');
                        self.name(n);
                    }
                    if let Some(d) = default {
                        self.out.push_str(" = ");
                        self.ty(d);
                    }
                }
                TemplateParamKind::NonType { ty, default } => {
                    self.ty(ty);
                    if p.pack {
                        self.out.push_str("...");
                    }
                    if let Some(n) = p.name {
                        self.out.push(' ');
                        self.name(n);
                    }
                    if let Some(d) = default {
                        self.out.push_str(" = ");
                        self.expr(d);
                    }
                }
                TemplateParamKind::Template { params } => {
                    let _ = write!(self.out, "(template {}) class", params.len());
                    if p.pack {
                        self.out.push_str("...");
                    }
                    if let Some(n) = p.name {
                        self.out.push(' ');
                        self.name(n);
                    }
                }
            }
        }
        self.out.push(')');
        self.decl(&t.decl, indent + 1);
        self.out.push(')');
    }

    pub(super) fn template_args(&mut self, args: &[TemplateArgExpr<'_>]) {
        self.out.push('<');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.template_arg(a);
        }
        self.out.push('>');
    }

    pub(super) fn template_arg(&mut self, a: &TemplateArgExpr<'_>) {
        match a {
            TemplateArgExpr::Type(t) => self.ty(t),
            TemplateArgExpr::Expr(e) => self.expr(e),
            TemplateArgExpr::Pack(inner) => {
                self.template_arg(inner);
                self.out.push_str("...");
            }
        }
    }

    pub(super) fn template_expr(&mut self, e: &Expr<'_>) {
        match &e.kind {
            ExprKind::SizeofPack(n) => {
                self.out.push_str("(sizeof... ");
                self.name(*n);
                self.out.push(')');
            }
            ExprKind::PackExpansion(inner) => {
                self.expr(inner);
                self.out.push_str("...");
            }
            ExprKind::Fold { op, lhs, rhs } => {
                let _ = write!(self.out, "(fold {} ", binary_name(*op));
                match lhs {
                    Some(l) => self.expr(l),
                    None => self.out.push('_'),
                }
                self.out.push_str(" ... ");
                match rhs {
                    Some(r) => self.expr(r),
                    None => self.out.push('_'),
                }
                self.out.push(')');
            }
            _ => {}
        }
    }
}
