//! Alias templates (`template <class T> using make_unsigned_t = typename make_unsigned<T>::type;`)
//! and variable templates (`template <class T> inline constexpr bool is_integral_v = …;`).
//! Like the other templates they are instantiated by resolving their declared type (and,
//! for a variable, evaluating its initializer as a constant) with the parameters bound;
//! results are cached by template and arguments.

use super::expr::Operand;
use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast;
use crate::sema::consteval::ConstValue;
use crate::sema::types::QualType;
use crate::source::Span;

/// An alias template or a variable template: its parameters and declaration.
pub(crate) struct AliasTemplate<'x> {
    pub params: &'x [ast::TemplateParam<'x>],
    pub decl: AliasDecl<'x>,
    /// The namespace it was declared in: its names are visible in the definition.
    pub ns: super::namespace::NsId,
    /// The class it is a member of: its members are visible in the definition too
    /// (`<future>`'s `template <class R> using _Ptr = unique_ptr<R,
    /// _Result_base::_Deleter>;` names a member class of `__future_base`).
    pub class: Option<crate::sema::types::RecordId>,
}

#[derive(Clone, Copy)]
pub(crate) enum AliasDecl<'x> {
    Type(&'x ast::TypedefDecl<'x>),
    Var(&'x ast::VarDecl<'x>),
}

impl<'x> Lowerer<'x> {
    /// `template <…> using X = type;` or `template <…> constexpr T x = init;`.
    pub fn alias_template_decl(&mut self, td: &'x ast::TemplateDecl<'x>, decl: AliasDecl<'x>) {
        let id = self.templates.aliases.len() as u32;
        self.templates.aliases.push(AliasTemplate {
            params: td.params,
            decl,
            ns: self.cur_ns(),
            class: self.declaring_class,
        });
        match decl {
            AliasDecl::Type(t) => self.scopes.bind(t.name, Binding::AliasTemplate(id)),
            AliasDecl::Var(v) => self.scopes.bind(v.name, Binding::VarTemplate(id)),
        };
    }

    /// The template arguments of `X<args>` for alias or variable template `a`.
    fn alias_targs(&mut self, a: u32, args: &[ast::TemplateArgExpr<'_>]) -> Option<Vec<TArg>> {
        let params = self.templates.aliases[a as usize].params;
        let bound = self.explicit_targs(params, args)?;
        self.fill_defaults(params, bound, None)
    }

    /// The type `X<args>` of alias template `a`.
    pub fn alias_template_type(
        &mut self,
        a: u32,
        args: &[ast::TemplateArgExpr<'_>],
    ) -> Option<QualType> {
        let targs = self.alias_targs(a, args)?;
        let key = (a, targs);
        if let Some(r) = self.templates.alias_instances.get(&key) {
            return r.map(|(_, t)| t);
        }
        let t = &self.templates.aliases[a as usize];
        let (params, AliasDecl::Type(decl)) = (t.params, t.decl) else {
            return None;
        };
        let (ns, class) = (t.ns, t.class);
        let in_signature = self.templates.sig.active;
        let r = self.in_decl_context(|l| {
            l.with_ns_open(ns, |l| {
                if class.is_some() {
                    l.member_class = class;
                }
                l.bind_template_params(params, &key.1);
                if in_signature {
                    // `enable_if_t<cond, T>` in a declared signature: its parameters stand
                    // for the dependent arguments (`template_sig.rs`).
                    l.bind_dependent_values(params, &key.1);
                }
                l.resolve_type(decl.ty)
            })
        });
        self.templates
            .alias_instances
            .insert(key, r.map(|t| (None, t)));
        r
    }

    /// The value and type of `x<args>` for variable template `a` (constexpr variables only).
    pub fn var_template_const(
        &mut self,
        a: u32,
        args: &[ast::TemplateArgExpr<'_>],
        span: Span,
    ) -> Option<(ConstValue, QualType)> {
        let targs = self.alias_targs(a, args)?;
        let key = (a, targs);
        if let Some(r) = self.templates.alias_instances.get(&key) {
            return r.and_then(|(v, t)| Some((v?, t)));
        }
        let t = &self.templates.aliases[a as usize];
        let (params, AliasDecl::Var(decl)) = (t.params, t.decl) else {
            return None;
        };
        let ns = self.templates.aliases[a as usize].ns;
        let r = match &decl.init {
            Some(ast::Init::Expr(init)) if decl.specs.is_constexpr => self.in_decl_context(|l| {
                l.with_ns_open(ns, |l| {
                    l.bind_template_params(params, &key.1);
                    let ty = l.resolve_type(decl.ty)?;
                    let v = l.const_eval(init)?;
                    let a = l.arith_of(ty.ty)?;
                    Some((v.convert(a), ty.unqual()))
                })
            }),
            _ => {
                self.error(
                    span,
                    "only constexpr variable templates with an initializer are supported yet",
                );
                None
            }
        };
        self.templates
            .alias_instances
            .insert(key, r.map(|(v, t)| (Some(v), t)));
        r
    }

    /// The variable template and arguments `q` names (`std::is_integral_v<T>`), if any.
    fn var_template_of<'q>(
        &mut self,
        q: &'q ast::QualName<'q>,
    ) -> Option<(u32, &'q [ast::TemplateArgExpr<'q>])> {
        let ast::NameSeg::TemplateId { args, .. } = q.last() else {
            return None;
        };
        match self.lookup_qualified(q)? {
            Binding::VarTemplate(a) => Some((a, args)),
            _ => None,
        }
    }

    /// The constant value of `q` when it names a variable template instance.
    pub fn var_template_name_const(
        &mut self,
        q: &ast::QualName<'_>,
    ) -> Option<Option<(ConstValue, QualType)>> {
        let (a, args) = self.var_template_of(q)?;
        Some(self.var_template_const(a, args, q.span))
    }

    /// `x<args>` as a value in an expression, when `q` names a variable template.
    pub fn var_template_expr(&mut self, q: &ast::QualName<'_>) -> Option<Option<Operand>> {
        let r = self.var_template_name_const(q)?;
        Some(r.and_then(|(cv, ty)| self.const_operand(cv, ty)))
    }

    /// Runs `f` with namespace `ns`'s names visible (when it is not open already), in a
    /// fresh scope above them for the template parameters.
    pub(super) fn with_ns_open<R>(
        &mut self,
        ns: super::namespace::NsId,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        if self.ns.ctxs[ns].open_level.is_some() {
            self.scopes.push();
            let r = f(self);
            self.scopes.pop();
            return r;
        }
        let names = std::mem::take(&mut self.ns.ctxs[ns].names);
        let tags = std::mem::take(&mut self.ns.ctxs[ns].tags);
        self.scopes.push_with(names, tags);
        self.ns.ctxs[ns].open_level = Some(self.scopes.depth() - 1);
        self.ns.ctxs[ns].open_gen = self.outer_blocks.len();
        self.ns.open.push(ns);
        self.scopes.push();
        let r = f(self);
        self.scopes.pop();
        self.ns.open.pop();
        let (names, tags) = self.scopes.pop_take();
        let ctx = &mut self.ns.ctxs[ns];
        ctx.names = names;
        ctx.tags = tags;
        ctx.open_level = None;
        r
    }
}
