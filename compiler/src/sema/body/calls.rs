//! Calls in function bodies: direct calls, calls of overload sets, member function
//! calls, overloaded operators, and how an argument or returned expression is passed to
//! its parameter or result type (converted, bound to a reference, or copied as a plain
//! class).

use super::{ArgType, BodySema, Env, EnvName};
use crate::ast::{self, ExprKind as A};
use crate::sema::tree::{Category, ConvKind, ExprId, ExprKind};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

impl<E: Env> BodySema<'_, E> {
    /// An argument or returned expression for the parameter or result type `to` (see
    /// [`Self::pass_expr`]).
    pub(super) fn pass_to(&mut self, e: &ast::Expr<'_>, to: QualType, d: u32) -> Option<ExprId> {
        let x = self.expr(e, d)?;
        self.pass_expr(x, to)
    }

    /// A call's argument `x` passed to the parameter type `to`: as [`Self::pass_expr`],
    /// and a `const T &` parameter also takes a class prvalue of type `T`, or for a scalar
    /// `T` a value of another type or category converted to `T`, bound to a temporary
    /// (the call makes it: the lowering hands the argument below its conversions to the
    /// one-walk call).
    pub(super) fn pass_arg(&mut self, x: ExprId, to: QualType) -> Option<ExprId> {
        if let TypeKind::Reference {
            referent,
            rvalue: false,
        } = self.kind_of(to)
        {
            let from = self.body.expr(x).clone();
            // An lvalue of the referred type binds directly (`pass_expr`).
            let direct = from.cat == Category::LValue && from.ty.ty == referent.ty;
            let konst = referent.quals.konst && !referent.quals.volatile;
            // A class prvalue of the referred type (a call result, `T(args)`) binds its own
            // temporary; a scalar of another type or category is converted into one.
            let class_temporary = konst
                && from.cat == Category::PRValue
                && from.ty.ty == referent.ty
                && self.class_value(referent);
            let scalar_temporary = konst && self.is_value_type(referent) && !direct;
            if class_temporary || scalar_temporary {
                let value = if class_temporary {
                    x
                } else {
                    let v = self.read_value(x)?;
                    self.implicit(v, referent.unqual())?
                };
                return Some(self.node(
                    ExprKind::Convert {
                        kind: ConvKind::Materialize,
                        expr: value,
                    },
                    referent,
                    Category::LValue,
                    from.span,
                ));
            }
        }
        self.pass_expr(x, to)
    }

    /// The analyzed expression `x` passed to the parameter or result type `to`: bound to
    /// it when `to` is an lvalue reference (`x` must be an lvalue of the referred type,
    /// with no more qualifiers: no temporary is made), itself when `to` is a class value
    /// ([`Self::class_value`]; `x` must be of that class: an lvalue or a call result,
    /// copied), else its value converted to `to`.
    pub(super) fn pass_expr(&mut self, x: ExprId, to: QualType) -> Option<ExprId> {
        match self.kind_of(to) {
            TypeKind::Record(_) => {
                if !self.class_value(to) {
                    let t = self.env.show(to);
                    return self.why(|| format!("a value of type \"{t}\""));
                }
                if self.ty(x).ty != to.ty {
                    return self.why(|| "a class value converted to another type".into());
                }
                Some(x)
            }
            TypeKind::Reference { referent, rvalue } => {
                let class = self.class_value(referent);
                if rvalue || !(class || self.is_value_type(referent)) {
                    return self.why(|| "a reference binding of this kind".into());
                }
                let from = self.body.expr(x).clone();
                let binds = from.cat == Category::LValue
                    && from.ty.ty == referent.ty
                    && from.ty.quals.subset_of(referent.quals);
                if !binds {
                    return self
                        .why(|| "a reference bound to a temporary or converted value".into());
                }
                Some(x)
            }
            _ => {
                let v = self.read_value(x)?;
                self.implicit(v, to)
            }
        }
    }

    /// The node type and category of a call returning `ret`: an lvalue of the referred
    /// type for an lvalue reference, else a prvalue (scalar or `void`).
    pub(super) fn call_result(&mut self, ret: QualType) -> Option<(QualType, Category)> {
        if let TypeKind::Reference { referent, rvalue } = self.kind_of(ret) {
            let class = self.class_value(referent);
            return (!rvalue && (class || self.is_value_type(referent)))
                .then_some((referent, Category::LValue));
        }
        let void = self.env.types().is_void(ret.ty);
        let class = self.class_value(ret);
        (void || class || self.is_value_type(ret)).then_some((ret.unqual(), Category::PRValue))
    }

    /// A class whose values are passed and returned here: a plain class (copied as bytes)
    /// or one with constructors that is destroyed without calls (copied by its copy
    /// constructor where the call is lowered).
    fn class_value(&mut self, t: QualType) -> bool {
        matches!(self.kind_of(t), TypeKind::Record(_))
            && (self.env.plain_class(t) || self.env.constructible_class(t))
    }

    /// `a op b` with a class operand: a call of the operator function overload resolution
    /// chooses, a member's object being the left operand.
    pub(super) fn operator_call(
        &mut self,
        op: crate::ast::OverloadedOp,
        operands: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        let args: Vec<ArgType> = operands.iter().map(|&x| self.arg_type(x)).collect();
        let found = self.env.operator_call(op, &args);
        if let (Some(None), crate::ast::OverloadedOp::Assign, &[t, v]) = (&found, op, operands) {
            return self.class_copy_assign(t, v, span);
        }
        let Some(Some((sig, member))) = found else {
            let o = op.spelling();
            return self.why(|| format!("the operator {o} on a class"));
        };
        let (ty, cat) = self.call_result(sig.ret)?;
        // A member takes the first operand as its object.
        let (object, rest) = if member {
            let (&a, rest) = operands.split_first()?;
            if self.body.expr(a).cat != Category::LValue {
                return self.why(|| "a member operator of a class value".into());
            }
            (Some(a), rest)
        } else {
            (None, operands)
        };
        let args = self.passed(rest, &sig.params)?;
        let kind = match object {
            Some(_) => ExprKind::MemberCall {
                func: sig.id,
                object,
                args,
                callee_span: span,
            },
            None => ExprKind::Call {
                func: sig.id,
                args,
                callee_span: span,
                overloaded: true,
                made_first: None,
                staged: false,
            },
        };
        Some(self.node(kind, ty, cat, span))
    }

    /// `a = b` of a plain class with no `operator=` of its own: a copy of the bytes (an
    /// lvalue of the target).
    pub(super) fn class_copy_assign(&mut self, t: ExprId, v: ExprId, span: Span) -> Option<ExprId> {
        let lt = self.ty(t);
        if lt.quals.konst || !self.env.plain_class(lt) || self.ty(v).ty != lt.ty {
            return self.why(|| "a class assignment of this kind".into());
        }
        Some(self.node(
            ExprKind::Assign {
                target: t,
                value: v,
            },
            lt,
            Category::LValue,
            span,
        ))
    }

    /// What overload resolution knows of an analyzed argument.
    pub(super) fn arg_type(&self, x: ExprId) -> ArgType {
        let e = self.body.expr(x);
        ArgType {
            ty: e.ty,
            lvalue: e.cat == Category::LValue,
            npc: e.npc,
        }
    }

    /// A call of the member function `name` on `obj`, or (`None`) on `*this` inside a
    /// member function. The arguments are analyzed first: an overload set of members is
    /// resolved on their types (and the object's).
    pub(super) fn method_call(
        &mut self,
        obj: Option<ExprId>,
        name: crate::intern::Symbol,
        args: &[&ast::Expr<'_>],
        callee_span: Span,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let this = self.env.this_type();
        let object_ty = match (obj, this) {
            (Some(o), _) => self.ty(o),
            (None, Some(tt)) => self.env.types().pointee(tt.ty)?,
            (None, None) => {
                return self.why(|| "a member function called in a static one".into());
            }
        };
        let TypeKind::Record(r) = self.kind_of(object_ty) else {
            return None;
        };
        let (xs, types) = self.analyzed_args(args, d)?;
        let f = self.env.member_function(r, name, object_ty, &types);
        let Some(m) = f.and_then(|f| self.env.method(f, r, object_ty.quals.konst)) else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the member function call \"{n}\""));
        };
        // `f()` inside a member function: on `*this` (a static one takes no object).
        let object = match (obj, m.is_static) {
            (Some(o), _) => Some(o),
            (None, true) => None,
            (None, false) => {
                let tt = this?;
                let t = self.prvalue(ExprKind::This, tt, callee_span);
                Some(self.node(ExprKind::Deref(t), object_ty, Category::LValue, callee_span))
            }
        };
        let conv = self.passed(&xs, &m.sig.params)?;
        let (ty, cat) = self.call_result(m.sig.ret)?;
        Some(self.node(
            ExprKind::MemberCall {
                func: m.sig.id,
                object,
                args: conv,
                callee_span,
            },
            ty,
            cat,
            span,
        ))
    }

    pub(super) fn call(
        &mut self,
        callee: &ast::Expr<'_>,
        args: &[&ast::Expr<'_>],
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let name = match callee.kind {
            A::Ident(name) => name,
            A::Member {
                base,
                name,
                name_span,
                arrow,
            } => {
                let obj = self.object(base, arrow, d)?;
                let r = match self.kind_of(self.ty(obj)) {
                    TypeKind::Record(r) => r,
                    _ => return None,
                };
                if self.env.only_member_templates(r, name) {
                    return self.member_template_call(obj, r, name, &[], args, name_span, span, d);
                }
                return self.method_call(Some(obj), name, args, name_span, span, d);
            }
            A::QualMember {
                base,
                name:
                    ast::QualName {
                        global: false,
                        segments:
                            [ast::NameSeg::TemplateId {
                                name,
                                args: targs,
                                span: name_span,
                            }],
                        ..
                    },
                arrow,
            } => {
                let obj = self.object(base, arrow, d)?;
                let r = match self.kind_of(self.ty(obj)) {
                    TypeKind::Record(r) => r,
                    _ => return None,
                };
                return self.member_template_call(obj, r, *name, targs, args, *name_span, span, d);
            }
            A::Name(q) if q.segments.len() > 1 && !q.global => {
                return self.qualified_call(q, args, callee.span, span, d);
            }
            A::Name(ast::QualName {
                global: false,
                segments:
                    [ast::NameSeg::TemplateId {
                        name, args: targs, ..
                    }],
                ..
            }) => {
                if self.local(*name).is_some() {
                    return None;
                }
                return self.template_call(*name, targs, args, callee.span, span, d);
            }
            ref k => {
                let form = match k {
                    A::Name(q) if q.segments.len() == 1 => "a template-id",
                    A::Name(_) => "a qualified name",
                    _ => super::expr::expr_form(k),
                };
                return self.why(|| format!("a call through an expression ({form})"));
            }
        };
        if let Some(r) = self.class_object_named(name) {
            return self.object_call(r, callee, args, span, d);
        }
        if self.local(name).is_some() {
            return None;
        }
        if self.env.builtin_call_reaches(name) || self.atomic_builtin_wins(name, args, d) {
            return self.builtin_call(name, args, span, d);
        }
        if self.env.overloaded_builtin_name(name) {
            return self.overloaded_builtin_call(name, args, span, d);
        }
        let Some(found) = self.env.lookup(name) else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the call of \"{n}\""));
        };
        if let EnvName::Method = found {
            return self.method_call(None, name, args, callee.span, span, d);
        }
        if let EnvName::Overloads = found {
            return self.overloaded_call(name, args, callee.span, span, d);
        }
        if let EnvName::Templates = found {
            return self.template_call(name, &[], args, callee.span, span, d);
        }
        let EnvName::Func(sig) = found else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the call of \"{n}\""));
        };
        if sig.params.len() != args.len() {
            return None;
        }
        let mut conv = Vec::with_capacity(args.len());
        let mut xs = Vec::with_capacity(args.len());
        for (a, &p) in args.iter().zip(&sig.params) {
            let x = self.expr(a, d)?;
            xs.push(x);
            conv.push(self.pass_arg(x, p)?);
        }
        // A name ADL applies to: covered where no argument has associated namespaces or
        // classes (ADL then adds nothing, and the one-walk lowering stages the arguments).
        let staged = self.env.adl_call_applies(name);
        if staged && !xs.iter().all(|&x| self.without_associated_entities(x)) {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the call of \"{n}\" with argument-dependent lookup"));
        }
        let (ty, cat) = self.call_result(sig.ret)?;
        Some(self.node(
            ExprKind::Call {
                func: sig.id,
                args: conv,
                callee_span: callee.span,
                overloaded: false,
                made_first: None,
                staged,
            },
            ty,
            cat,
            span,
        ))
    }

    /// A call of a qualified name (`ns::f(…)`): the arguments first, then the function
    /// the name denotes (overload resolution among several), then their conversions.
    fn qualified_call(
        &mut self,
        q: &ast::QualName<'_>,
        args: &[&ast::Expr<'_>],
        callee_span: Span,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let (xs, types) = self.analyzed_args(args, d)?;
        if let Some(callee) = self.env.qualified_template_call(q, &types) {
            return self.template_callee_node(callee, &xs, callee_span, span);
        }
        let Some((sig, static_member)) = self.env.qualified_call(q, &types) else {
            return self.why(|| "a call through an expression (a qualified name)".into());
        };
        if !static_member {
            return self.call_node(sig, &xs, callee_span, span, true);
        }
        let func = sig.id;
        self.passed_call(&sig, &xs, span, |args| ExprKind::MemberCall {
            func,
            object: None,
            args,
            callee_span,
        })
    }

    /// `obj.f(…)` / `obj.f<A…>(…)` of a member template of `obj`'s class `r`: the
    /// arguments, then the instance deduction chooses (made where the call is lowered),
    /// called on `obj`.
    #[allow(clippy::too_many_arguments)]
    fn member_template_call(
        &mut self,
        obj: ExprId,
        r: crate::sema::types::RecordId,
        name: crate::intern::Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[&ast::Expr<'_>],
        callee_span: Span,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let object_ty = self.ty(obj);
        let (xs, types) = self.analyzed_args(args, d)?;
        let Some(sig) = self
            .env
            .member_template_call(r, name, explicit, object_ty, &types)
        else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the member template call \"{n}\""));
        };
        self.instance_call_node(sig, (false, false), Some(obj), &xs, callee_span, span)
    }

    /// True when `name(args…)` is a call of CUDA's atomic built-in beside declared
    /// overloads of the name ([`super::Env::builtin_atomic_wins`]); the first argument is
    /// analyzed for its type only.
    fn atomic_builtin_wins(
        &mut self,
        name: crate::intern::Symbol,
        args: &[&ast::Expr<'_>],
        d: u32,
    ) -> bool {
        let [first, ..] = args else {
            return false;
        };
        if !self.env.name(name).starts_with("atomic") {
            return false;
        }
        let mark = self.body.exprs.len();
        let why = self.why.take();
        let t = self.expr(first, d).map(|x| self.ty(x));
        self.body.exprs.truncate(mark);
        self.why = why;
        t.is_some_and(|t| self.env.builtin_atomic_wins(name, t))
    }

    /// An `InstanceCall` of the template instance `sig` describes with the analyzed
    /// arguments `xs` passed to its parameters (on `object` when one is given; on
    /// `*this` when `on_this`; `resolved` against functions beside the templates).
    fn instance_call_node(
        &mut self,
        sig: super::FuncSig,
        (on_this, resolved): (bool, bool),
        object: Option<ExprId>,
        xs: &[ExprId],
        callee_span: Span,
        span: Span,
    ) -> Option<ExprId> {
        let instance = sig.id;
        self.passed_call(&sig, xs, span, |args| ExprKind::InstanceCall {
            instance,
            object,
            args,
            callee_span,
            on_this,
            resolved,
        })
    }

    /// The call node of what a call of a function template's name calls: its instance, or
    /// a function of the same name that overload resolution preferred.
    fn template_callee_node(
        &mut self,
        callee: super::TemplateCallee,
        xs: &[ExprId],
        callee_span: Span,
        span: Span,
    ) -> Option<ExprId> {
        match callee {
            super::TemplateCallee::Instance {
                sig,
                on_this,
                resolved,
            } => self.instance_call_node(sig, (on_this, resolved), None, xs, callee_span, span),
            super::TemplateCallee::Function { sig, made_first } => {
                let func = sig.id;
                self.passed_call(&sig, xs, span, |args| ExprKind::Call {
                    func,
                    args,
                    callee_span,
                    overloaded: true,
                    made_first,
                    staged: false,
                })
            }
        }
    }

    /// The call node `kind` makes of the analyzed arguments `xs` passed to `sig`'s
    /// parameters, typed by its result.
    fn passed_call(
        &mut self,
        sig: &super::FuncSig,
        xs: &[ExprId],
        span: Span,
        kind: impl FnOnce(Vec<ExprId>) -> ExprKind,
    ) -> Option<ExprId> {
        let conv = self.passed(xs, &sig.params)?;
        let (ty, cat) = self.call_result(sig.ret)?;
        Some(self.node(kind(conv), ty, cat, span))
    }

    /// Call arguments analyzed as written (before overload resolution chooses what they
    /// are passed to), with what resolution knows of each.
    fn analyzed_args(
        &mut self,
        args: &[&ast::Expr<'_>],
        d: u32,
    ) -> Option<(Vec<ExprId>, Vec<ArgType>)> {
        let xs = args
            .iter()
            .map(|a| self.expr(a, d))
            .collect::<Option<Vec<ExprId>>>()?;
        let types = xs.iter().map(|&x| self.arg_type(x)).collect();
        Some((xs, types))
    }

    /// The analyzed arguments `xs` passed to `params` (one each; default arguments are not
    /// covered).
    fn passed(&mut self, xs: &[ExprId], params: &[QualType]) -> Option<Vec<ExprId>> {
        if params.len() != xs.len() {
            return None;
        }
        xs.iter()
            .zip(params)
            .map(|(&x, &p)| self.pass_arg(x, p))
            .collect()
    }

    /// A `Call` of `sig` with the analyzed arguments `xs` passed to its parameters.
    fn call_node(
        &mut self,
        sig: super::FuncSig,
        xs: &[ExprId],
        callee_span: Span,
        span: Span,
        overloaded: bool,
    ) -> Option<ExprId> {
        let func = sig.id;
        self.passed_call(&sig, xs, span, |args| ExprKind::Call {
            func,
            args,
            callee_span,
            overloaded,
            made_first: None,
            staged: false,
        })
    }

    /// The expression's type has no associated namespaces or classes for argument-dependent
    /// lookup: an arithmetic type (not an enum), or a pointer to one or to `void`.
    fn without_associated_entities(&mut self, x: ExprId) -> bool {
        let t = self.body.expr(x).ty;
        let t = match self.kind_of(t) {
            TypeKind::Pointer(p) => p,
            _ => t,
        };
        matches!(
            self.kind_of(t),
            TypeKind::Int(_) | TypeKind::Float(_) | TypeKind::Void
        )
    }

    /// A call of a function template (`f(…)`, `f<A…>(…)`): the arguments first, then the
    /// instance deduction chooses for their types, then their conversions to its
    /// parameters. The instance is made when the call is lowered.
    fn template_call(
        &mut self,
        name: crate::intern::Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[&ast::Expr<'_>],
        callee_span: Span,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let (xs, types) = self.analyzed_args(args, d)?;
        let Some(callee) = self.env.template_call(name, explicit, &types) else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the call of the function template \"{n}\""));
        };
        self.template_callee_node(callee, &xs, callee_span, span)
    }

    /// A call of an overload set: the arguments first, then the function overload
    /// resolution chooses for their types, then their conversions to its parameters.
    pub(super) fn overloaded_call(
        &mut self,
        name: crate::intern::Symbol,
        args: &[&ast::Expr<'_>],
        callee_span: Span,
        span: Span,
        d: u32,
    ) -> Option<ExprId> {
        let (xs, types) = self.analyzed_args(args, d)?;
        let Some(sig) = self.env.overload_call(name, &types) else {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the overloaded call of \"{n}\""));
        };
        self.call_node(sig, &xs, callee_span, span, true)
    }
}
