//! Default arguments. They are evaluated when the function (or the template instance) is
//! declared, in its context: a constant expression becomes its value; a value-initialized
//! temporary `T()` / `T{}` (a functor argument's usual default: `Op op = Op()`) becomes
//! "a zero-initialized `T`". A call that leaves trailing arguments out gets these. Other
//! default arguments (which would need the declaration's context at each call) are "not
//! supported yet" when a call in device code uses them: host declarations carry such
//! defaults all the time (`const std::string &help = "none"`), and device code never
//! calls those.

use super::expr::Operand;
use super::Lowerer;
use crate::ast::{self, ExprKind};
use crate::sema::consteval::ConstValue;
use crate::sema::types::QualType;
use crate::source::Span;

/// A default argument, ready to be used at a call.
#[derive(Clone, Copy, Debug)]
pub(crate) enum DefaultArg {
    Const(ConstValue),
    /// A value-initialized object of this type (`T()`, `T{}`).
    ValueInit(QualType),
    /// Any other expression (at this span): an error if a call uses it.
    Unsupported(Span),
}

impl Lowerer<'_> {
    /// The default arguments of a parameter list; they must come last.
    pub fn default_args(
        &mut self,
        params: &[ast::ParamDecl<'_>],
    ) -> Option<Vec<Option<DefaultArg>>> {
        let mut out = Vec::with_capacity(params.len());
        let mut seen: Option<Span> = None;
        let mut ok = true;
        for p in params {
            match p.default {
                Some(e) => {
                    seen = seen.or(Some(e.span));
                    match self.default_arg(e) {
                        Some(d) => out.push(Some(d)),
                        None => {
                            ok = false;
                            out.push(None);
                        }
                    }
                }
                None => {
                    // nvcc reports it at the first default argument.
                    if let Some(at) = seen.take() {
                        self.error(at, "default argument not at end of parameter list");
                        ok = false;
                    }
                    out.push(None);
                }
            }
        }
        ok.then_some(out)
    }

    fn default_arg(&mut self, e: &ast::Expr<'_>) -> Option<DefaultArg> {
        let value_init = match &e.kind {
            ExprKind::Construct { ty, args: [], .. } => Some(*ty),
            ExprKind::InitList {
                ty: Some(ty),
                items: [],
            } => Some(*ty),
            _ => None,
        };
        if let Some(ty) = value_init {
            let t = self.resolve_type(ty)?;
            return Some(DefaultArg::ValueInit(t));
        }
        // Tried quietly first: a default that is not a constant is no error by itself.
        // The second evaluation (pure) keeps the warnings of one that is.
        if self
            .quietly(|l| crate::sema::consteval::eval(l, e).ok())
            .is_none()
        {
            return Some(DefaultArg::Unsupported(e.span));
        }
        match crate::sema::consteval::eval(self, e) {
            Ok(v) => Some(DefaultArg::Const(v)),
            Err(_) => Some(DefaultArg::Unsupported(e.span)),
        }
    }

    /// A default argument as the operand of a call.
    pub fn default_operand(&mut self, d: DefaultArg, pty: QualType, span: Span) -> Option<Operand> {
        match d {
            DefaultArg::Const(cv) => self.const_operand(cv, pty),
            DefaultArg::ValueInit(t) => self.braced_value(t, &[], span),
            DefaultArg::Unsupported(at) => {
                self.error(
                    at,
                    "a default argument that is not a constant expression is not supported yet",
                );
                None
            }
        }
    }
}
