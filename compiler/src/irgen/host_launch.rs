//! Launches of template kernels in host code (`k<float, 128><<<g, b>>>(d, n)`,
//! `k<<<g, b>>>(d_x, n)`): the kernel instance they name is instantiated, as nvcc does.
//! The parser found the launches in skipped host bodies (`parse/host_launch.rs`); each is
//! lowered where its host function is declared (so that its namespace is open).
//!
//! Everything about a launch is resolved quietly — host code may use what oxicc cannot
//! lower, and nvcc would only complain about real errors — except the kernel instance's own
//! lowering (device code, whose errors nvcc reports too). The arguments' types come from
//! the variables the host function declares (parameters and parsed locals), literals, casts,
//! `&x`, `*p`, `p + i`, `p[i]`, data members and globals; a launch whose argument types are
//! unknown still instantiates a kernel whose template arguments are all given (or
//! defaulted). Integer `constexpr`/`const` locals declared before the launch are bound to
//! their values, so template arguments may name them.
//!
//! Host function templates: a host call `run<float>(d, n)` / `run(d, n)` of one whose body
//! launches kernels (found by the parser, `HostLaunch::host_call`) makes its instance, whose
//! launches (and host calls) are lowered with its template arguments bound
//! (`host_template_instance`). One called while only declared is made when its definition
//! arrives (`make_pending_host_instances`). Host member functions of (non-template) classes
//! have their launches lowered with the class.

use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast::{self, BinaryOp, Expr, ExprKind, HostLaunch, NameSeg, TypeExpr, UnaryOp};
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::conv::{promote, usual_arith, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, RecordId, TypeKind};
use crate::source::Span;

impl<'x> Lowerer<'x> {
    /// Remembers the launches found in host bodies, by their host function.
    pub fn note_host_launches(&mut self, launches: &'x [HostLaunch<'x>]) {
        for l in launches {
            self.templates
                .host_launches
                .entry((l.in_fn.file, l.in_fn.start))
                .or_default()
                .push(l);
        }
    }

    /// Instantiates the template kernels launched in the host function named at `name_span`.
    pub fn lower_host_launches(&mut self, name_span: Span) {
        let Some(launches) = self
            .templates
            .host_launches
            .remove(&(name_span.file, name_span.start))
        else {
            return;
        };
        for l in launches {
            self.host_launch(l);
        }
    }

    /// `lower_host_launches` for a host member function of class `r` (its data members
    /// name launch arguments).
    pub fn lower_member_host_launches(&mut self, name_span: Span, r: RecordId) {
        let saved = self.host_member.replace(r);
        self.lower_host_launches(name_span);
        self.host_member = saved;
    }

    fn host_launch(&mut self, l: &'x HostLaunch<'x>) {
        if self.templates.depth >= super::template::MAX_INSTANTIATION_DEPTH {
            return;
        }
        let member = self.host_member;
        let chosen = self.quietly(|s| {
            let m = member.or(s.member_class);
            let saved = std::mem::replace(&mut s.member_class, m);
            s.scopes.push();
            s.bind_host_consts(l);
            let r = s.resolve_host_launch(l);
            s.scopes.pop();
            s.member_class = saved;
            r
        });
        match chosen {
            Some((tpl, args)) if l.host_call => self.host_template_instance(tpl, args),
            Some((tpl, args)) => {
                if let Some(f) = self.instantiate_fn(tpl, args, l.span) {
                    self.note_launch_target(l, super::name_expr::NameTarget::Fn(f));
                }
            }
            None => self.plain_launch_target(l),
        }
    }

    /// Binds the integer constants the host body declared before the launch (`constexpr
    /// int groups = 2;`), so that template arguments such as `1024 / groups` evaluate.
    fn bind_host_consts(&mut self, l: &'x HostLaunch<'x>) {
        for &(name, te, e) in l.consts {
            // Each on its own: a local whose initializer is not a constant (`const int n =
            // f(size);`) is skipped without its error failing the launch's resolution.
            let Some(t) = self.quietly(|s| s.resolve_type(te)) else {
                continue;
            };
            let t = t.unqual();
            if !matches!(self.types.kind(t.ty), TypeKind::Int(_) | TypeKind::Enum(_)) {
                continue;
            }
            let Some(v) = self.quietly(|s| s.const_int(e)) else {
                continue;
            };
            let cv = ConstValue::int(v, self.int_kind_of(t));
            self.scopes.bind(name, Binding::EnumConst(cv, t));
        }
    }

    /// The template and arguments a launch (or host call) names.
    fn resolve_host_launch(&mut self, l: &'x HostLaunch<'x>) -> Option<(u32, Vec<TArg>)> {
        let s = self;
        {
            let q = l.kernel;
            let b = if let Some(obj) = l.object {
                // A member function template of the object's class.
                let t = s.host_arg_type(obj, l.vars)?;
                let TypeKind::Record(r) = *s.types.kind(t.ty) else {
                    return None;
                };
                let set = *s.templates.member_sets.get(&(r, q.last().ident()))?;
                Some(Binding::FnTemplate(set))
            } else if q.segments.len() == 1 && !q.global {
                s.lookup_ordinary(q.last().ident()?)
            } else {
                s.lookup_qualified(q)
            };
            let Some(Binding::FnTemplate(set)) = b else {
                return None;
            };
            let (name, explicit): (Symbol, &[ast::TemplateArgExpr<'_>]) = match q.last() {
                NameSeg::TemplateId { name, args, .. } => (*name, args),
                seg => (seg.ident()?, &[]),
            };
            let types: Option<Vec<QualType>> = l
                .args
                .and_then(|args| args.iter().map(|a| s.host_arg_type(a, l.vars)).collect());
            match types {
                Some(ts) => {
                    let lv = vec![true; ts.len()];
                    // Arguments deduction cannot take (`nullptr` for an explicitly
                    // given `T*`): the explicit arguments may still be complete.
                    s.quietly(|s| {
                        s.choose_fn_template(set, name, explicit, (&ts, &lv), l.span, false)
                    })
                    .or_else(|| s.explicitly_complete(set, explicit))
                }
                None => s.explicitly_complete(set, explicit),
            }
        }
    }

    /// The instance `args` of host function template `tpl` (called from host code): its
    /// body stays skipped, but the launches and host template calls found in it are
    /// lowered with its template parameters bound (once per instance).
    pub(super) fn host_template_instance(&mut self, tpl: u32, args: Vec<TArg>) {
        let t = &self.templates.fns[tpl as usize];
        let (params, fd) = (t.params, t.decl);
        if !fd.has_body() && !fd.host_body_skipped {
            // Declared, defined later (`template <class T> void run(); … run<float>();
            // … template <class T> void run() { k<T><<<…>>>(); }`): C++ instantiates it at
            // the end of the file, where the definition is known.
            let key = (tpl, args);
            if !self.templates.host_pending.contains(&key) {
                self.templates.host_pending.push(key);
            }
            return;
        }
        if !fd.host_body_skipped || !self.templates.host_instances.insert((tpl, args.clone())) {
            return;
        }
        let Some(launches) = self
            .templates
            .host_launches
            .get(&(fd.name_span.file, fd.name_span.start))
            .cloned()
        else {
            return;
        };
        self.templates.depth += 1;
        let member = self.templates.fns[tpl as usize]
            .member
            .as_ref()
            .map(|m| m.record);
        let saved = std::mem::replace(&mut self.host_member, member);
        self.in_decl_context(|s| {
            s.decl_ns = Some(s.templates.fns[tpl as usize].ns);
            s.in_template_scope(tpl, |s| {
                s.bind_member_outer(tpl);
                s.bind_template_params(params, &args);
                for l in launches {
                    s.host_launch(l);
                }
            })
        });
        self.host_member = saved;
        self.templates.depth -= 1;
    }

    /// Makes the instances of host function template `tpl` that were called before its
    /// definition replaced its declaration.
    pub(super) fn make_pending_host_instances(&mut self, tpl: u32) {
        if self.templates.host_pending.iter().all(|(t, _)| *t != tpl) {
            return;
        }
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.templates.host_pending)
            .into_iter()
            .partition(|(t, _)| *t == tpl);
        self.templates.host_pending = later;
        for (tpl, args) in now {
            self.host_template_instance(tpl, args);
        }
    }

    /// The first template of `set` whose parameters the explicit arguments (and defaults)
    /// give completely.
    fn explicitly_complete(
        &mut self,
        set: u32,
        explicit: &[ast::TemplateArgExpr<'_>],
    ) -> Option<(u32, Vec<TArg>)> {
        let cands = self.templates.sets[set as usize].clone();
        for tpl in cands {
            let params = self.templates.fns[tpl as usize].params;
            let r = self.quietly(|s| {
                let bound = s.explicit_targs(params, explicit)?;
                // A template parameter used only by deduction is missing: not this one.
                if params
                    .iter()
                    .zip(&bound)
                    .any(|(p, b)| b.is_none() && !p.pack && !has_default(p))
                {
                    return None;
                }
                s.fill_defaults(params, bound, None)
            });
            if let Some(args) = r {
                return Some((tpl, args));
            }
        }
        None
    }

    /// The type of a launch argument in host code, when it can be told.
    fn host_arg_type(
        &mut self,
        e: &Expr<'_>,
        vars: &[(Symbol, &'x TypeExpr<'x>)],
    ) -> Option<QualType> {
        Some(match &e.kind {
            ExprKind::Ident(n) => {
                let t = match vars.iter().rev().find(|(v, _)| v == n) {
                    Some((_, te)) => self.resolve_type(te)?,
                    // A data member (in a host member function) or a global.
                    None => match self.lookup_ordinary(*n)? {
                        Binding::Field(r) => self.find_field(r, *n, 0)?.1,
                        Binding::Var(v) => self.var(v).ty,
                        _ => return None,
                    },
                };
                // A reference parameter passes its referent.
                match self.types.kind(t.ty).clone() {
                    TypeKind::Reference { referent, .. } => referent,
                    _ => t,
                }
            }
            ExprKind::IntLit { .. } | ExprKind::CharLit(_) | ExprKind::BoolLit(_) => {
                let a = match self.const_eval(e)? {
                    ConstValue::Int { kind, .. } => Arith::Int(kind),
                    ConstValue::Float { kind, .. } => Arith::Float(kind),
                };
                QualType::new(self.arith_type(a))
            }
            ExprKind::FloatLit { is_float, .. } => QualType::new(self.types.float(if *is_float {
                FloatKind::Float
            } else {
                FloatKind::Double
            })),
            ExprKind::Nullptr => QualType::new(self.types.intern(TypeKind::NullPtr)),
            ExprKind::Cast { ty, .. } => self.resolve_type(ty)?,
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                expr,
            } => {
                let t = self.host_arg_type(expr, vars)?;
                QualType::new(self.types.pointer_to(t))
            }
            ExprKind::Unary {
                op: UnaryOp::Deref,
                expr,
            } => {
                let t = self.host_arg_type(expr, vars)?;
                let d = self.decayed(t);
                self.types.pointee(d.ty)?
            }
            ExprKind::Index { base, .. } => {
                let t = self.host_arg_type(base, vars)?;
                let d = self.decayed(t);
                self.types.pointee(d.ty)?
            }
            ExprKind::Unary {
                op: UnaryOp::Neg | UnaryOp::Plus,
                expr,
            } => self.host_arg_type(expr, vars)?,
            ExprKind::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div),
                lhs,
                rhs,
            } => {
                let a = self.host_arg_type(lhs, vars)?;
                let b = self.host_arg_type(rhs, vars)?;
                let (a, b) = (self.decayed(a), self.decayed(b));
                if self.types.pointee(a.ty).is_some() {
                    if *op == BinaryOp::Sub && self.types.pointee(b.ty).is_some() {
                        QualType::new(self.types.int(IntKind::Long))
                    } else {
                        a
                    }
                } else if self.types.pointee(b.ty).is_some() {
                    b
                } else {
                    let (x, y) = (self.arith_of(a.ty)?, self.arith_of(b.ty)?);
                    let up = |a: Arith| match a {
                        Arith::Int(k) => Arith::Int(promote(k)),
                        f => f,
                    };
                    let (x, y) = (up(x), up(y));
                    QualType::new(self.arith_type(usual_arith(x, y)))
                }
            }
            _ => return None,
        })
    }
}

fn has_default(p: &ast::TemplateParam<'_>) -> bool {
    match &p.kind {
        ast::TemplateParamKind::Type { default } => default.is_some(),
        ast::TemplateParamKind::NonType { default, .. } => default.is_some(),
        ast::TemplateParamKind::Template { .. } => false,
    }
}
