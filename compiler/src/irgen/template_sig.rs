//! The declared signature of a function template instance, for its mangled name: the
//! return and parameter types as written in the template, resolved with the template's own
//! parameters standing for themselves (`T_`, `T0_`, …) — nvcc mangles them that way
//! (`_Z6reduceIfLi128EET_PKS0_PS0_`).
//!
//! While a declared signature is resolved (`SigState::active`), the parts that depend on the
//! parameters resolve to description-only kinds instead of failing: a member type of a
//! dependent type (`typename rr<T>::type` → `TypeKind::DependentMember`), an array bound
//! or a `decltype` of an expression of the parameters (`DependentArray`,
//! `DependentDecltype`), and a non-type template argument that is such an expression
//! (`TArg::Expr`: `Arr<N + 1>`, `enable_if<is_floating_point<T>::value, T>`). The
//! expressions are kept as written (`N < -2` is `ltT_ngLi2E`); names of constants that do
//! not depend on a parameter are folded to literals, as nvcc does (`N + K` → `plT_Li3E`).

use std::rc::Rc;

use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast::{self, BinaryOp, ExprKind, TemplateParamKind, TypeExpr, UnaryOp};
use crate::intern::Symbol;
use crate::mangle::{OperatorName, TemplateExpr};
use crate::sema::consteval::ConstValue;
use crate::sema::types::{QualType, TypeKind};
use hashbrown::HashMap;

/// What the names of a declared signature stand for while it is resolved.
#[derive(Default, Clone)]
pub(crate) struct SigState {
    /// A declared signature is being resolved.
    pub active: bool,
    /// Non-type parameters (and alias parameters bound to dependent values) by name.
    pub values: HashMap<Symbol, Rc<TemplateExpr>>,
    /// Template parameter packs by name and index (`sizeof...(Ts)` → `sZT_`).
    pub packs: HashMap<Symbol, u32>,
    /// The function's parameters by name: their index and whether their declared type
    /// depends on the template's parameters (`decltype(a + b)` → `DTplfp_fp0_E`).
    pub fn_params: HashMap<Symbol, (u32, bool)>,
    /// Template template parameters by name and index (`C<T>` → `T0_IS1_E`).
    pub template_params: HashMap<Symbol, u32>,
}

impl<'x> Lowerer<'x> {
    /// A function template's return and parameter types as declared, its own type
    /// parameters standing for themselves (`T_`, `T0_`, …; packs as `Dp…`).
    ///
    /// A declared type that does not resolve that way (a construct the description has
    /// no kind for) is written as the instance's type from `actual_ret`/`actual_params`
    /// (without packs, where the two line up): not nvcc's name, but one that keeps the
    /// template arguments, so two instances never share a symbol.
    pub fn declared_signature(
        &mut self,
        fd: &ast::FunctionDecl<'_>,
        tparams: &[ast::TemplateParam<'_>],
        actual_ret: Option<QualType>,
        actual_params: &[QualType],
    ) -> Option<(QualType, Vec<QualType>)> {
        self.scopes.push();
        let saved = std::mem::take(&mut self.templates.sig);
        self.templates.sig.active = true;
        for (i, p) in tparams.iter().enumerate() {
            let Some(n) = p.name else { continue };
            match &p.kind {
                TemplateParamKind::Type { .. } => {
                    let ty = self.types.intern(TypeKind::TemplateParam(i as u32));
                    self.scopes.bind(n, Binding::Typedef(QualType::new(ty)));
                    if p.pack {
                        self.templates.sig.packs.insert(n, i as u32);
                    }
                }
                TemplateParamKind::NonType { .. } if p.pack => {
                    self.templates.sig.packs.insert(n, i as u32);
                }
                TemplateParamKind::NonType { .. } => {
                    let e = Rc::new(TemplateExpr::Param(i as u32));
                    self.templates.sig.values.insert(n, e);
                }
                TemplateParamKind::Template { .. } => {
                    self.templates.sig.template_params.insert(n, i as u32);
                }
            }
        }
        let mut params = Vec::new();
        let mut ok = true;
        let lined_up = !fd.params.iter().any(|p| p.pack) && actual_params.len() == fd.params.len();
        for (i, p) in fd.params.iter().enumerate() {
            let resolved = if lined_up {
                self.quietly(|l| l.resolve_type(p.ty))
                    .or(Some(actual_params[i]))
            } else {
                self.resolve_type(p.ty)
            };
            match resolved {
                Some(t) => {
                    let t = self.adjust_param(t);
                    if let Some(n) = p.name {
                        let dependent = self.is_dependent_type(t);
                        self.templates
                            .sig
                            .fn_params
                            .insert(n, (i as u32, dependent));
                    }
                    let t = if p.pack {
                        QualType::new(self.types.intern(TypeKind::PackExpansion(t)))
                    } else {
                        t
                    };
                    params.push(t)
                }
                None => ok = false,
            }
        }
        let ret = if let ast::TypeExpr::DecltypeAuto(_) = fd.ret {
            Some(QualType::new(
                self.types.intern(TypeKind::DeducedDecltypeAuto),
            ))
        } else if Self::contains_auto(fd.ret) {
            Some(QualType::new(self.types.intern(TypeKind::DeducedAuto)))
        } else {
            self.quietly(|l| l.resolve_type(fd.ret)).or(actual_ret)
        };
        self.scopes.pop();
        self.templates.sig = saved;
        let ret = ret?;
        if !ok {
            return None;
        }
        Some((ret, params))
    }

    /// The forms of a declared signature's types that depend on its parameters: a member
    /// of a dependent type, an array with a dependent bound, `decltype` of a dependent
    /// expression. `None`: resolve `te` as usual.
    pub(super) fn dependent_type_expr(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        match te {
            TypeExpr::Qual(q) if q.segments.len() >= 2 => self.dependent_qual_type(q),
            TypeExpr::Array {
                elem,
                size: Some(size),
            } => {
                let bound = self.dependent_expr_of(size)?;
                let elem = self.resolve_type(elem)?;
                Some(QualType::new(
                    self.types.intern(TypeKind::DependentArray { elem, bound }),
                ))
            }
            TypeExpr::Decltype(e) => {
                let x = self.dependent_expr_of(e)?;
                Some(QualType::new(
                    self.types.intern(TypeKind::DependentDecltype(x)),
                ))
            }
            _ => None,
        }
    }

    /// Makes the parameters of an alias template used in a declared signature stand for
    /// their arguments where those depend on the signature's parameters.
    pub(super) fn bind_dependent_values(
        &mut self,
        params: &[ast::TemplateParam<'_>],
        args: &[TArg],
    ) {
        self.templates.sig.active = true;
        for (p, a) in params.iter().zip(args) {
            let Some(n) = p.name else { continue };
            let x = match a {
                TArg::ValueParam(i) => Rc::new(TemplateExpr::Param(*i)),
                TArg::Expr(x) => x.clone(),
                _ => continue,
            };
            self.templates.sig.values.insert(n, x);
        }
    }

    /// `typename S::name` where `S` depends on the parameters of the declared signature
    /// being resolved (`rr<T>::type`, `T::value_type`, `T::inner::value_type`).
    pub(super) fn dependent_qual_type(&mut self, q: &ast::QualName<'_>) -> Option<QualType> {
        let ast::NameSeg::Ident { name, .. } = q.last() else {
            return None;
        };
        let name = *name;
        let scope = self.dependent_qualifier(q)?;
        Some(QualType::new(
            self.types.intern(TypeKind::DependentMember { scope, name }),
        ))
    }

    /// The qualifier of `q` (all but its last segment) as a type, when it is one that
    /// depends on the declared signature's parameters.
    fn dependent_qualifier(&mut self, q: &ast::QualName<'_>) -> Option<QualType> {
        let n = q.segments.len();
        if n < 2 {
            return None;
        }
        let head = ast::QualName {
            global: q.global,
            segments: &q.segments[..n - 1],
            span: q.span,
        };
        let te = match head.segments {
            [ast::NameSeg::Ident { name, span }] if !head.global => TypeExpr::Named {
                name: *name,
                span: *span,
            },
            _ => TypeExpr::Qual(&head),
        };
        let t = self.quietly(|l| l.resolve_type(&te))?;
        self.is_dependent_type(t).then_some(t)
    }

    /// A non-type template argument of the declared signature that depends on its
    /// parameters: the template's own parameter alone (`TArg::ValueParam`, `XT_E`) or an
    /// expression (`TArg::Expr`). `None` when `e` does not depend on them (or is a form
    /// not described yet): the caller evaluates it.
    pub(super) fn dependent_targ(&mut self, e: &ast::Expr<'_>) -> Option<TArg> {
        if !self.templates.sig.active {
            return None;
        }
        let (x, dependent) = self.quietly(|l| l.dependent_expr(e))?;
        if !dependent {
            return None;
        }
        Some(match &*x {
            TemplateExpr::Param(i) => TArg::ValueParam(*i),
            _ => TArg::Expr(x),
        })
    }

    /// `S<T>::value` written where a non-type argument is expected (parsed as a type).
    pub(super) fn dependent_static_member_targ(&mut self, q: &ast::QualName<'_>) -> Option<TArg> {
        if !self.templates.sig.active {
            return None;
        }
        let ast::NameSeg::Ident { name, .. } = q.last() else {
            return None;
        };
        let name = *name;
        let scope = self.dependent_qualifier(q)?;
        Some(TArg::Expr(Rc::new(TemplateExpr::StaticMember {
            scope,
            name,
        })))
    }

    /// An array bound or `decltype` operand of the declared signature, when it depends on
    /// its parameters.
    pub(super) fn dependent_expr_of(&mut self, e: &ast::Expr<'_>) -> Option<Rc<TemplateExpr>> {
        if !self.templates.sig.active {
            return None;
        }
        let (x, dependent) = self.quietly(|l| l.dependent_expr(e))?;
        dependent.then_some(x)
    }

    /// `e` as written, and whether it depends on the signature's parameters; `None` for
    /// forms not described.
    fn dependent_expr(&mut self, e: &ast::Expr<'_>) -> Option<(Rc<TemplateExpr>, bool)> {
        Some(match &e.kind {
            ExprKind::IntLit { .. } | ExprKind::CharLit(_) | ExprKind::BoolLit(_) => {
                (self.folded_literal(e)?, false)
            }
            ExprKind::Ident(n) => {
                if let Some(x) = self.templates.sig.values.get(n) {
                    return Some((x.clone(), true));
                }
                if let Some(&(i, dependent)) = self.templates.sig.fn_params.get(n) {
                    return Some((Rc::new(TemplateExpr::FunctionParam(i)), dependent));
                }
                (self.folded_literal(e)?, false)
            }
            ExprKind::Name(q) => match self.dependent_qualifier(q) {
                Some(scope) => {
                    let name = q.last().ident()?;
                    (Rc::new(TemplateExpr::StaticMember { scope, name }), true)
                }
                None => (self.folded_literal(e)?, false),
            },
            ExprKind::Unary { op, expr } => {
                let op = match op {
                    UnaryOp::Plus => OperatorName::UnaryPlus,
                    UnaryOp::Neg => OperatorName::Negate,
                    UnaryOp::LogNot => OperatorName::Not,
                    UnaryOp::BitNot => OperatorName::Complement,
                    _ => return None,
                };
                let (x, d) = self.dependent_expr(expr)?;
                (Rc::new(TemplateExpr::Unary(op, x)), d)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let (a, da) = self.dependent_expr(lhs)?;
                let (b, db) = self.dependent_expr(rhs)?;
                (
                    Rc::new(TemplateExpr::Binary(binary_operator(*op), a, b)),
                    da || db,
                )
            }
            ExprKind::Cond { cond, then, els } => {
                let (c, dc) = self.dependent_expr(cond)?;
                let (a, da) = self.dependent_expr(then)?;
                let (b, db) = self.dependent_expr(els)?;
                (Rc::new(TemplateExpr::Conditional(c, a, b)), dc || da || db)
            }
            ExprKind::SizeofType(te) => {
                let t = self.resolve_type(te)?;
                let d = self.is_dependent_type(t);
                (Rc::new(TemplateExpr::SizeofType(t)), d)
            }
            ExprKind::SizeofPack(n) => {
                let i = *self.templates.sig.packs.get(n)?;
                (Rc::new(TemplateExpr::SizeofPack(i)), true)
            }
            _ => return None,
        })
    }

    /// A constant that does not depend on the parameters, as the literal nvcc writes.
    fn folded_literal(&mut self, e: &ast::Expr<'_>) -> Option<Rc<TemplateExpr>> {
        let ConstValue::Int { value, kind } = self.const_eval(e)? else {
            return None;
        };
        let ty = self.types.int(kind);
        Some(Rc::new(TemplateExpr::Literal { ty, value }))
    }
}

/// The operator of a binary expression in a dependent template argument, as mangled: the
/// name of the operator function it would call (`pl`, `lt`, …); `&&`, `||` and `,` are
/// not overloadable here but still have mangled names.
fn binary_operator(op: BinaryOp) -> OperatorName {
    match op {
        BinaryOp::LogAnd => OperatorName::LogicalAnd,
        BinaryOp::LogOr => OperatorName::LogicalOr,
        BinaryOp::Comma => OperatorName::Comma,
        _ => super::class::operator_name(op.overloaded().expect("an overloadable operator"), 2),
    }
}
