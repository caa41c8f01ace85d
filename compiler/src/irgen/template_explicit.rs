//! Explicit template arguments of a function template call (`f<int, 4>(x)`): packs in the
//! written list expanded, each argument assigned to its parameter (a parameter pack takes
//! the rest), type arguments resolved, non-type arguments evaluated and converted to the
//! parameter's type.

use super::template::TArg;
use super::template_deduce::{type_mentions, type_span};
use super::Lowerer;
use crate::ast::{self, Expr, ExprKind, TemplateParam, TemplateParamKind, TypeExpr};
use crate::sema::conv::Arith;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;

/// An explicit template argument after pack expansion: still as written, or resolved (the
/// elements of an expanded pack).
enum Explicit<'e, 'a> {
    Ast(&'e ast::TemplateArgExpr<'a>),
    Resolved(TArg),
}

impl<'x> Lowerer<'x> {
    /// Explicit template arguments assigned to parameters (a pack takes the rest).
    /// `None` after an error.
    pub fn explicit_targs(
        &mut self,
        params: &[TemplateParam<'_>],
        explicit: &[ast::TemplateArgExpr<'_>],
    ) -> Option<Vec<Option<TArg>>> {
        let mut flat: Vec<Explicit<'_, '_>> = Vec::new();
        for a in explicit {
            match a {
                ast::TemplateArgExpr::Pack(inner) => flat.extend(self.expand_targ_pack(inner)?),
                _ => flat.push(Explicit::Ast(a)),
            }
        }
        let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
        let mut items = flat.into_iter();
        for (i, p) in params.iter().enumerate() {
            if p.pack {
                let mut elems = Vec::new();
                for a in items.by_ref() {
                    let pty = self.nontype_param_type(params, i, &bound);
                    elems.push(self.one_targ(p, a, pty)?);
                }
                if !elems.is_empty() {
                    bound[i] = Some(TArg::Pack(elems));
                }
                break;
            }
            let Some(a) = items.next() else { break };
            let pty = self.nontype_param_type(params, i, &bound);
            bound[i] = Some(self.one_targ(p, a, pty)?);
        }
        if let Some(extra) = items.next() {
            let span = match extra {
                Explicit::Ast(ast::TemplateArgExpr::Type(t)) => type_span(t),
                Explicit::Ast(ast::TemplateArgExpr::Expr(e)) => e.span,
                _ => self.cur_span,
            };
            self.error(span, "too many arguments for template");
            return None;
        }
        Some(bound)
    }

    /// `Ts...` as a template argument: the elements of the pack in the current frame.
    fn expand_targ_pack<'e, 'a>(
        &mut self,
        inner: &'e ast::TemplateArgExpr<'a>,
    ) -> Option<Vec<Explicit<'e, 'a>>> {
        let name = match inner {
            ast::TemplateArgExpr::Type(TypeExpr::Named { name, .. }) => *name,
            ast::TemplateArgExpr::Expr(Expr {
                kind: ExprKind::Ident(name),
                ..
            }) => *name,
            _ => {
                self.error(self.cur_span, "this pack expansion is not supported yet");
                return None;
            }
        };
        let pack = self.templates.frames.last()?.packs.get(&name).cloned()?;
        Some(match pack {
            super::template::Pack::Types(ts) => ts
                .into_iter()
                .map(|t| Explicit::Resolved(TArg::Type(t)))
                .collect(),
            super::template::Pack::Values(vs) => vs
                .into_iter()
                .map(|(v, t)| Explicit::Resolved(TArg::Value(v, t)))
                .collect(),
            super::template::Pack::Params(_) => {
                self.error(
                    self.cur_span,
                    "a function parameter pack is not a template argument",
                );
                return None;
            }
        })
    }

    /// The type of non-type parameter `i` when it names earlier parameters
    /// (`template <class T, T v>`), resolved with their arguments bound; `None` for other
    /// parameters and plain types (resolved where the argument is).
    fn nontype_param_type(
        &mut self,
        params: &[TemplateParam<'_>],
        i: usize,
        bound: &[Option<TArg>],
    ) -> Option<Option<QualType>> {
        let TemplateParamKind::NonType { ty, .. } = &params[i].kind else {
            return None;
        };
        if matches!(ty, TypeExpr::Auto(_)) {
            // `template <auto V>`: the argument's own type.
            return Some(None);
        }
        let names_earlier = params[..i].iter().any(|q| {
            matches!(q.kind, TemplateParamKind::Type { .. })
                && q.name.is_some_and(|n| type_mentions(ty, n))
        });
        if !names_earlier || bound[..i].iter().any(|b| b.is_none()) {
            return None;
        }
        let before: Vec<TArg> = bound[..i].iter().map(|b| b.clone().unwrap()).collect();
        let t = self.in_decl_context(|l| {
            l.bind_template_params(&params[..i], &before);
            l.resolve_type(ty)
        })?;
        Some(Some(t.unqual()))
    }

    /// One explicit argument for parameter `p`; `pty`: its type when it depends on
    /// earlier parameters (`Some(None)`: `auto`, the argument's type).
    fn one_targ(
        &mut self,
        p: &TemplateParam<'_>,
        a: Explicit<'_, '_>,
        pty: Option<Option<QualType>>,
    ) -> Option<TArg> {
        let a = match a {
            Explicit::Resolved(r) => return Some(r),
            Explicit::Ast(a) => a,
        };
        // In a declared signature: an expression of the template's own parameters.
        match (&p.kind, a) {
            (TemplateParamKind::NonType { .. }, ast::TemplateArgExpr::Expr(e)) => {
                if let Some(d) = self.dependent_targ(e) {
                    return Some(d);
                }
            }
            (TemplateParamKind::NonType { .. }, ast::TemplateArgExpr::Type(TypeExpr::Qual(q))) => {
                if let Some(d) = self.dependent_static_member_targ(q) {
                    return Some(d);
                }
            }
            _ => {}
        }
        if let (Some(pty), TemplateParamKind::NonType { .. }, ast::TemplateArgExpr::Expr(e)) =
            (pty, &p.kind, a)
        {
            let v = self.const_eval(e)?;
            let pty = match pty {
                Some(t) => t,
                None => {
                    match v {
                        crate::sema::ConstValue::Int { kind, .. } => {
                            QualType::new(self.types.int(kind))
                        }
                        crate::sema::ConstValue::Float { .. } => {
                            self.error(e.span, "a non-type template parameter of floating type is not supported yet");
                            return None;
                        }
                    }
                }
            };
            return self.nontype_arg(v, pty, e.span);
        }
        match (&p.kind, a) {
            (TemplateParamKind::Template { .. }, a) => self.template_template_arg(a),
            (TemplateParamKind::Type { .. }, ast::TemplateArgExpr::Type(te)) => {
                Some(TArg::Type(self.resolve_type(te)?))
            }
            (TemplateParamKind::NonType { ty, .. }, ast::TemplateArgExpr::Expr(e)) => {
                let pty = self.resolve_type(ty)?.unqual();
                // A pointer or reference parameter takes a variable (`template_nttp.rs`).
                if let Some(r) = self.entity_targ(e, pty) {
                    return r;
                }
                let v = self.const_eval(e)?;
                self.nontype_arg(v, pty, e.span)
            }
            (TemplateParamKind::Type { .. }, ast::TemplateArgExpr::Expr(e)) => {
                self.error(e.span, "expected a type, got an expression");
                None
            }
            (
                TemplateParamKind::NonType { ty, .. },
                ast::TemplateArgExpr::Type(TypeExpr::Qual(q)),
            ) => {
                // `S<T>::value` parsed as a type (see `parse/template.rs`); the parameter's
                // type may name earlier parameters (`template <class T, T v>`, `<ratio>`'s
                // `integral_constant<intmax_t, __static_abs<_Pn>::value>`).
                let pty = match pty {
                    Some(Some(t)) => t,
                    _ => self.resolve_type(ty)?.unqual(),
                };
                let Some(v) = crate::sema::consteval::ConstEnv::lookup_qual_const(self, q) else {
                    self.error(q.span, "expression must have a constant value");
                    return None;
                };
                self.nontype_arg(v, pty, q.span)
            }
            (TemplateParamKind::NonType { .. }, ast::TemplateArgExpr::Type(te)) => {
                self.error(type_span(te), "expected an expression, got a type");
                None
            }
            (_, ast::TemplateArgExpr::Pack(_)) => None,
        }
    }

    /// A constant converted to a non-type parameter's type.
    pub fn nontype_arg(
        &mut self,
        v: crate::sema::ConstValue,
        pty: QualType,
        span: Span,
    ) -> Option<TArg> {
        if !(self.types.is_integer(pty.ty) || matches!(self.types.kind(pty.ty), TypeKind::Enum(_)))
        {
            self.error(
                span,
                format!(
                    "a non-type template parameter of type \"{}\" is not supported yet",
                    self.show(pty)
                ),
            );
            return None;
        }
        let kind = self.int_kind_of(pty);
        let Some(value) = v.convert(Arith::Int(kind)).as_int() else {
            self.error(span, "expression must have integral or enum type");
            return None;
        };
        Some(TArg::Value(value, pty))
    }
}
