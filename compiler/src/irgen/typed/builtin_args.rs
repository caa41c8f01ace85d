//! Built-in calls with arguments, lowered from the typed tree.
//!
//! Transitional (issue 11, stage 2). The built-ins (`irgen/builtins*.rs`) take their
//! arguments as AST expressions and lower each when they need it, converting it as the
//! built-in's overloads say. A typed body has no AST to give them, so the call hands them
//! placeholders (`ast::ExprKind::TypedArg(n)`) and keeps the argument nodes here; when a
//! built-in lowers placeholder `n`, [`Lowerer::typed_builtin_arg`] lowers node `n` from the
//! typed tree. The arguments are thus lowered in the order, and at the moment, the
//! built-in asks for them — the one-walk lowering's order, so both paths give the same IR.
//! When the built-ins move into sema (their overloads resolved and their conversions made
//! `Convert` nodes), this file and the placeholder go.

use super::TypedCx;
use crate::ast;
use crate::intern::Symbol;
use crate::irgen::expr::Operand;
use crate::irgen::{Lowerer, Storage};
use crate::sema::tree::{Body, ExprId};
use crate::source::Span;
use std::rc::Rc;

/// The argument nodes of the built-in call being lowered, and what lowering them needs.
pub(crate) struct TypedBuiltinArgs {
    body: Rc<Body>,
    /// The storage of the body's locals at the call (arguments declare none).
    slots: Vec<Option<Storage>>,
    args: Vec<ExprId>,
}

impl Lowerer<'_> {
    /// Lowers the call of the built-in `name` with the argument nodes `args`.
    pub(super) fn typed_builtin_call(
        &mut self,
        cx: &mut TypedCx<'_>,
        name: Symbol,
        args: &[ExprId],
        span: Span,
    ) -> Option<Operand> {
        let placeholders: Vec<ast::Expr<'static>> = args
            .iter()
            .enumerate()
            .map(|(n, &a)| ast::Expr {
                kind: ast::ExprKind::TypedArg(n as u32),
                span: cx.body.expr(a).span,
            })
            .collect();
        let refs: Vec<&ast::Expr<'_>> = placeholders.iter().collect();
        let outer = self.typed_builtin_args.replace(TypedBuiltinArgs {
            body: Rc::clone(cx.body),
            slots: cx.slots.clone(),
            args: args.to_vec(),
        });
        let r = self.builtin_call(name, &refs, span).flatten();
        self.typed_builtin_args = outer;
        r
    }

    /// Placeholder `n` of the built-in call being lowered (see the module doc).
    pub(crate) fn typed_builtin_arg(&mut self, n: u32) -> Option<Operand> {
        let TypedBuiltinArgs { body, slots, args } = self
            .typed_builtin_args
            .take()
            .expect("a typed built-in argument outside a typed built-in call");
        let mut cx = TypedCx { body: &body, slots };
        // An argument may itself call a built-in, which installs its own arguments and
        // puts these back when it is done.
        let r = self.typed_expr(&mut cx, args[n as usize]);
        let slots = cx.slots;
        self.typed_builtin_args = Some(TypedBuiltinArgs { body, slots, args });
        r
    }
}
