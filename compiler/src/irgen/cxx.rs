//! Entry points from the C lowering into the C++ constructs (namespaces, qualified names,
//! classes, references); each dispatches to the file that handles the construct.

use super::expr::Operand;
use super::Lowerer;
use crate::ast::{self, Expr, TypeExpr};
use crate::sema::types::QualType;

impl Lowerer<'_> {
    /// A C++ type form (`N::T`, `S<int>`, `T&`).
    pub(super) fn resolve_type_cxx(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        let span = match te {
            TypeExpr::Qual(q) => q.span,
            _ => self.cur_span,
        };
        self.error(span, "this C++ type is not supported yet");
        None
    }

    /// A C++ expression form (`N::x`, `this`, `S(1, 2)`, `p->N::f`).
    pub(super) fn expr_cxx(&mut self, e: &Expr<'_>) -> Option<Operand> {
        self.error(e.span, "this C++ expression is not supported yet");
        None
    }

    /// A C++ declaration (`namespace`, `using`).
    pub(super) fn decl_cxx(&mut self, d: &ast::Decl<'_>) {
        let span = match d {
            ast::Decl::Namespace(n) => n.span,
            ast::Decl::UsingDirective { span, .. } | ast::Decl::UsingDecl { span, .. } => *span,
            _ => return,
        };
        self.error(span, "this C++ declaration is not supported yet");
    }
}
