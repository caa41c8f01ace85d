//! Lambda expressions and calls of closure objects (C++ [expr.prim.lambda]).
//!
//! A lambda is an object of a new class, its closure type, with a member per captured
//! variable. The analysis decides what is captured — the explicit captures, then with a
//! default capture (`[=]`/`[&]`) every variable of the enclosing function the body names,
//! in order of first use, as the one-walk lowering's syntactic scan finds them — makes the
//! closure type through the [`Env`], and gives the call operator its signature: the
//! parameters as written and the return type written (`-> T`) or deduced from the body,
//! which is analyzed for that (its own tree is made again when the operator is lowered).
//! The operator's body sees the captures as names for the members; lowering numbers the
//! closure type and lowers the operator where the lambda is (`irgen/typed/closure.rs`).
//!
//! This stage covers non-generic lambdas outside member functions, capturing automatic
//! locals and parameters of scalar, pointer, array or plain class type by copy or by
//! reference. Generic and variadic lambdas, init-captures, `this` captures, and bodies
//! naming a local constant of the enclosing body are left to the one-walk lowering.

use super::{BodySema, Env, EnvName, FnContext};
use crate::ast;
use crate::intern::Symbol;
use crate::sema::tree::{Capture, CapturedVar, Category, ExprId, ExprKind, Local, LocalStorage};
use crate::sema::types::{QualType, Qualifiers, RecordId, TypeKind};
use crate::source::Span;

/// The call operator of a closure type made in this body.
#[derive(Clone, Debug)]
pub struct ClosureSig {
    pub record: RecordId,
    pub params: Vec<QualType>,
    pub ret: QualType,
}

impl<E: Env> BodySema<'_, E> {
    /// A lambda expression: the closure object (an lvalue of the closure type).
    pub(super) fn lambda(&mut self, l: &ast::LambdaExpr<'_>, span: Span) -> Option<ExprId> {
        let generic = l
            .params
            .iter()
            .any(|p| p.pack || crate::irgen::Lowerer::contains_auto(p.ty));
        if generic || l.variadic {
            return self.why(|| "a generic or variadic lambda".into());
        }
        if self.env.this_type().is_some() {
            return self.why(|| "a lambda inside a member function".into());
        }
        let captures = self.lambda_captures(l)?;
        let mut params = Vec::with_capacity(l.params.len());
        for p in l.params {
            let Some(t) = self.env.param_type(p.ty) else {
                return self.why(|| "a lambda parameter of this type".into());
            };
            params.push(t);
        }
        let members: Vec<(Symbol, bool, QualType)> =
            captures.iter().map(|c| (c.name, c.by_ref, c.ty)).collect();
        let ty = self.env.closure_type(l.span, &members);
        let TypeKind::Record(record) = *self.env.types().kind(ty.ty) else {
            return None;
        };
        let ret = self.lambda_return(l, &params, &captures)?;
        self.closures.push(ClosureSig {
            record,
            params,
            ret,
        });
        Some(self.node(
            ExprKind::Lambda {
                lambda: l.index,
                record,
                captures,
            },
            ty,
            Category::LValue,
            span,
        ))
    }

    /// The captured variables: the explicit captures, then the variables the body names.
    fn lambda_captures(&mut self, l: &ast::LambdaExpr<'_>) -> Option<Vec<Capture>> {
        let mut out: Vec<Capture> = Vec::new();
        for c in l.captures {
            let (name, by_ref) = match c.kind {
                ast::CaptureKind::Copy(n) => (n, false),
                ast::CaptureKind::Ref(n) => (n, true),
                ast::CaptureKind::Init { .. } => return self.why(|| "an init-capture".into()),
                ast::CaptureKind::This | ast::CaptureKind::StarThis => return None,
            };
            // Not a variable, or captured twice: the one-walk lowering reports it.
            let (var, ty) = self.capturable(name)??;
            if out.iter().any(|o| o.name == name) {
                return None;
            }
            out.push(Capture {
                name,
                ty,
                by_ref,
                var,
            });
        }
        // The names the body uses (nested lambdas' bodies included), in order.
        let params: Vec<Symbol> = l.params.iter().filter_map(|p| p.name).collect();
        let mut used: Vec<Symbol> = Vec::new();
        crate::irgen::visit_stmt(l.body, &mut |e: &ast::Expr<'_>| {
            if let ast::ExprKind::Ident(n) = e.kind {
                used.push(n);
            }
        });
        for name in used {
            if params.contains(&name) || out.iter().any(|o| o.name == name) {
                continue;
            }
            let Some((var, ty)) = self.capturable(name)? else {
                continue;
            };
            let Some(d) = l.default_capture else {
                // Named without being captured: an error the lowering reports.
                return None;
            };
            out.push(Capture {
                name,
                ty,
                by_ref: d == ast::CaptureDefault::Ref,
                var,
            });
        }
        Some(out)
    }

    /// What a lambda can capture by the name `name`: `Some(Some(..))` a variable of the
    /// enclosing function in automatic storage (a local or a parameter) with its type,
    /// `Some(None)` a name that is not one (a module variable, a function, a type),
    /// `None` a local this stage does not capture (a constant, a static or `__shared__`
    /// local, a reference, which the operator's body could not see or would see wrongly).
    fn capturable(&mut self, name: Symbol) -> Option<Option<(CapturedVar, QualType)>> {
        if let Some(id) = self.local(name) {
            let local = self.body.local(id).clone();
            let reference = matches!(
                self.env.types().kind(local.ty.ty),
                TypeKind::Reference { .. }
            );
            if local.storage != LocalStorage::Automatic || local.const_value.is_some() || reference
            {
                let n = self.env.name(name).to_string();
                return self.why(|| format!("a lambda naming the local \"{n}\" of this kind"));
            }
            return Some(Some((CapturedVar::Local(id), local.ty)));
        }
        Some(
            self.env
                .capturable_parameter(name)
                .map(|(v, t)| (CapturedVar::Param(v), t)),
        )
    }

    /// The call operator's return type: as written, or deduced from the body, analyzed
    /// with the parameters and captures as its names (copies `const` unless the lambda is
    /// `mutable`). A scalar or `void`.
    fn lambda_return(
        &mut self,
        l: &ast::LambdaExpr<'_>,
        params: &[QualType],
        captures: &[Capture],
    ) -> Option<QualType> {
        if let Some(te) = l.ret {
            let t = self.env.resolve_type(te)?;
            if !self.env.types().is_void(t.ty) && !self.is_value_type(t) {
                return self.why(|| "a lambda returning this type".into());
            }
            return Some(t);
        }
        let void = QualType::new(self.env.types().void());
        let cx = FnContext {
            ret: void,
            deduce_ret: true,
        };
        let mut inner = BodySema::new(&mut *self.env, cx);
        let konst = Qualifiers {
            konst: !l.is_mutable,
            ..Qualifiers::NONE
        };
        let names = l.params.iter().map(|p| (p.name, p.span));
        let names = names.chain(captures.iter().map(|c| (Some(c.name), Span::default())));
        let types = params.iter().copied().chain(captures.iter().map(|c| {
            if c.by_ref {
                c.ty
            } else {
                c.ty.with_quals(Qualifiers {
                    konst: c.ty.quals.konst || konst.konst,
                    ..c.ty.quals
                })
            }
        }));
        for ((name, span), ty) in names.zip(types) {
            let Some(name) = name else { continue };
            let align = inner.env.types().align_of(ty.ty);
            let id = inner.body.add_local(Local {
                name,
                ty,
                storage: LocalStorage::Automatic,
                align,
                const_value: None,
                span,
            });
            inner.bind(name, id)?;
        }
        match inner.run_scoped(l.body) {
            Ok(body) => Some(body.deduced_ret.unwrap_or(void)),
            Err(why) => self.why(|| why),
        }
    }

    /// `f(args)` where the variable `f` is an object of class `record`: a closure's call
    /// operator, or the class's `operator()` (a member call on the object).
    pub(super) fn object_call(
        &mut self,
        record: RecordId,
        callee: &ast::Expr<'_>,
        args: &[&ast::Expr<'_>],
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let sig = match self.closures.iter().find(|c| c.record == record) {
            Some(c) => Some(Some((c.params.clone(), c.ret))),
            None => self.env.closure_signature(record),
        };
        let object = self.expr(callee, d)?;
        let (params, ret) = match sig {
            Some(Some(sig)) => sig,
            Some(None) => return self.why(|| "the call of a generic lambda".into()),
            None => {
                let name = self.env.operator_name(ast::OverloadedOp::Call)?;
                return self.method_call(Some(object), name, args, callee.span, span, d);
            }
        };
        if params.len() != args.len() {
            return None;
        }
        let mut conv = Vec::with_capacity(args.len());
        for (a, &p) in args.iter().zip(&params) {
            let x = self.expr(a, d)?;
            conv.push(self.pass_arg(x, p)?);
        }
        let (ty, cat) = self.call_result(ret)?;
        Some(self.node(
            ExprKind::ClosureCall {
                record,
                object,
                args: conv,
            },
            ty,
            cat,
            span,
        ))
    }

    /// The class of the object `name` names, when it names a variable of class type (a
    /// local of this body or a variable the declaration tables know).
    pub(super) fn class_object_named(&mut self, name: Symbol) -> Option<RecordId> {
        let ty = match self.local(name) {
            Some(id) => self.body.local(id).ty,
            None => match self.env.lookup(name)? {
                EnvName::Var { ty, .. } => ty,
                _ => return None,
            },
        };
        match *self.env.types().kind(ty.ty) {
            TypeKind::Record(r) => Some(r),
            _ => None,
        }
    }
}
