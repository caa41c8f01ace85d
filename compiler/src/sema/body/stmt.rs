//! Statements of the C subset and the locals they declare: blocks, expression statements,
//! local variables with a scalar or no initializer, `if`, the three loops with their
//! `#pragma unroll`, `break`, `continue`, `return`.

use super::{BodySema, Env};
use crate::ast::{self, StmtKind as A};
use crate::sema::tree::{Local, LocalStorage, Stmt, StmtId, StmtKind, Unroll};
use crate::sema::types::TypeKind;

impl<E: Env> BodySema<'_, E> {
    fn add(&mut self, kind: StmtKind, span: crate::source::Span) -> StmtId {
        self.body.add_stmt(Stmt { kind, span })
    }

    /// A statement; a form not covered that no inner part named is named here.
    pub fn stmt(&mut self, s: &ast::Stmt<'_>) -> Option<StmtId> {
        let r = self.stmt_node(s);
        if r.is_none() {
            self.why::<()>(|| format!("an uncovered {}", stmt_name(&s.kind)));
        }
        r
    }

    fn stmt_node(&mut self, s: &ast::Stmt<'_>) -> Option<StmtId> {
        let span = s.span;
        let kind = match &s.kind {
            A::Expr(e) => StmtKind::Expr(self.expr(e, 0)?),
            A::Decl(decls) => {
                // One statement per declarator, in a block that opens no scope.
                let mut v = Vec::with_capacity(decls.len());
                for d in *decls {
                    match d {
                        ast::Decl::Var(vd) => v.push(self.local_var(vd)?),
                        ast::Decl::Typedef(td) => {
                            let Some(ty) = self.env.local_typedef(td) else {
                                return self.why(|| "a local typedef of this type".into());
                            };
                            let kind = StmtKind::LocalType { name: td.name, ty };
                            v.push(self.add(kind, td.span));
                        }
                        _ => {
                            return self.why(|| "a local declaration that is not a variable".into())
                        }
                    }
                }
                if v.len() == 1 {
                    return v.pop();
                }
                StmtKind::Decls(v)
            }
            A::Compound(stmts) => {
                self.push_scope();
                let mut v = Vec::with_capacity(stmts.len());
                for st in *stmts {
                    let Some(id) = self.stmt(st) else {
                        self.pop_scope();
                        return None;
                    };
                    v.push(id);
                }
                self.pop_scope();
                StmtKind::Block(v)
            }
            A::If {
                init: None,
                cond,
                then,
                els,
                is_constexpr: false,
            } => {
                let cond = self.condition(cond, 0)?;
                let then = self.scoped(then)?;
                let els = match els {
                    Some(e) => Some(self.scoped(e)?),
                    None => None,
                };
                StmtKind::If { cond, then, els }
            }
            A::While { cond, body, unroll } => {
                let unroll = self.unroll(unroll)?;
                let cond = self.condition(cond, 0)?;
                let body = self.loop_body(body)?;
                StmtKind::While { cond, body, unroll }
            }
            A::DoWhile { body, cond, unroll } => {
                let unroll = self.unroll(unroll)?;
                let body = self.loop_body(body)?;
                let cond = self.condition(cond, 0)?;
                StmtKind::DoWhile { body, cond, unroll }
            }
            A::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                self.push_scope();
                let r = self.for_stmt(*init, *cond, *step, body, unroll);
                self.pop_scope();
                r?
            }
            A::Break if self.breakables == 0 => return None,
            A::Continue if self.loops == 0 => return None,
            A::Switch {
                init: None,
                cond,
                body,
            } => self.switch_stmt(cond, body)?,
            A::Case { value, body } => {
                let value = self.case_value(value)?;
                StmtKind::Case {
                    value,
                    body: self.stmt(body)?,
                }
            }
            A::Default { body } => {
                let sw = self.switches.last_mut()?;
                if std::mem::replace(&mut sw.has_default, true) {
                    return None;
                }
                StmtKind::Default {
                    body: self.stmt(body)?,
                }
            }
            A::Break => StmtKind::Break,
            A::Continue => StmtKind::Continue,
            A::Return(v) => self.return_stmt(*v)?,
            A::Empty => StmtKind::Empty,
            A::Asm(a) => self.asm_stmt(a)?,
            _ => return self.why(|| format!("the statement form {}", stmt_form(&s.kind))),
        };
        Some(self.add(kind, span))
    }

    fn for_stmt(
        &mut self,
        init: Option<&ast::Stmt<'_>>,
        cond: Option<&ast::Expr<'_>>,
        step: Option<&ast::Expr<'_>>,
        body: &ast::Stmt<'_>,
        unroll: &Option<ast::Unroll<'_>>,
    ) -> Option<StmtKind> {
        let init = match init {
            Some(i) => Some(self.stmt(i)?),
            None => None,
        };
        let unroll = self.unroll(unroll)?;
        let vars: Vec<_> = self.scopes.last()?.iter().map(|(n, _)| *n).collect();
        let cond = match cond {
            Some(c) => Some(self.condition(c, 0)?),
            None => None,
        };
        let step = match step {
            Some(e) => Some(self.expr(e, 0)?),
            None => None,
        };
        // The body's outermost block is the scope `loop_body_of_for` pushes.
        self.loop_vars.push((self.scopes.len() + 1, vars));
        let body = self.loop_body_of_for(body);
        self.loop_vars.pop();
        let body = body?;
        Some(StmtKind::For {
            init,
            cond,
            step,
            body,
            unroll,
        })
    }

    /// A sub-statement with a scope of its own (C++ [stmt.select], [stmt.iter]).
    fn scoped(&mut self, s: &ast::Stmt<'_>) -> Option<StmtId> {
        self.push_scope();
        let r = self.stmt(s);
        self.pop_scope();
        r
    }

    fn loop_body(&mut self, s: &ast::Stmt<'_>) -> Option<StmtId> {
        self.loops += 1;
        self.breakables += 1;
        let r = self.scoped(s);
        self.breakables -= 1;
        self.loops -= 1;
        r
    }

    /// A `for` body: its outermost block may not redeclare the loop's variables
    /// (`loop_vars`, checked in `local_var`); blocks inside it may.
    fn loop_body_of_for(&mut self, s: &ast::Stmt<'_>) -> Option<StmtId> {
        self.loops += 1;
        self.breakables += 1;
        self.push_scope();
        let r = match &s.kind {
            A::Compound(stmts) => {
                // The body's block is the scope just pushed.
                let mut v = Vec::with_capacity(stmts.len());
                let mut ok = true;
                for st in *stmts {
                    match self.stmt(st) {
                        Some(id) => v.push(id),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                ok.then(|| self.add(StmtKind::Block(v), s.span))
            }
            _ => self.stmt(s),
        };
        self.pop_scope();
        self.breakables -= 1;
        self.loops -= 1;
        r
    }

    /// `switch (c) body`: the condition is an integer or enumeration value, promoted.
    fn switch_stmt(&mut self, cond: &ast::Expr<'_>, body: &ast::Stmt<'_>) -> Option<StmtKind> {
        let c = self.rvalue(cond, 0)?;
        let t = self.body.expr(c).ty;
        let k = self.env.types().int_kind(t.ty)?;
        let pk = crate::sema::conv::promote(k);
        let pt = crate::sema::types::QualType::new(self.env.types().int(pk));
        let c = self.convert_to(c, pt)?;
        self.switches.push(super::SwitchScope {
            kind: pk,
            seen: hashbrown::HashSet::new(),
            has_default: false,
        });
        self.breakables += 1;
        let body = self.scoped(body);
        self.breakables -= 1;
        self.switches.pop();
        Some(StmtKind::Switch {
            cond: c,
            body: body?,
        })
    }

    /// A `case` label's value, as the bits of the condition's promoted type; `None` when
    /// it is not a constant, does not fit (a narrowing error) or repeats a label.
    fn case_value(&mut self, e: &ast::Expr<'_>) -> Option<u64> {
        if self.mentions_local(e) {
            return None;
        }
        let crate::sema::ConstValue::Int { value, .. } = self.env.const_eval(e)? else {
            return None;
        };
        let sw = self.switches.last_mut()?;
        let bits = sw.kind.bits();
        if !crate::sema::conv::int_fits(value, sw.kind) {
            return None;
        }
        let key = if bits >= 64 {
            value as u64
        } else {
            (value as u64) & ((1u64 << bits) - 1)
        };
        sw.seen.insert(key).then_some(key)
    }

    /// `#pragma unroll [N]`; `None` (not covered) for a count that is not a positive
    /// constant, which the lowering reports.
    fn unroll(&mut self, u: &Option<ast::Unroll<'_>>) -> Option<Option<Unroll>> {
        Some(match u {
            None => None,
            Some(ast::Unroll::Full) => Some(Unroll::Full),
            Some(ast::Unroll::Count(e)) => {
                if self.mentions_local(e) {
                    return None;
                }
                match self.env.const_eval(e)? {
                    crate::sema::ConstValue::Int { value, .. }
                        if value >= 1 && value <= u32::MAX as i128 =>
                    {
                        Some(Unroll::Count(value as u32))
                    }
                    _ => return None,
                }
            }
        })
    }

    fn return_stmt(&mut self, v: Option<&ast::Expr<'_>>) -> Option<StmtKind> {
        if self.deducing_ret {
            return self.deducing_return(v);
        }
        let ret = self.ret;
        let is_void = self.env.types().is_void(ret.ty);
        Some(match (v, is_void) {
            (None, true) => StmtKind::Return(None),
            (Some(e), false) => StmtKind::Return(Some(self.pass_to(e, ret, 0)?)),
            _ => return None,
        })
    }

    /// The alignment an `__align__(n)`/`alignas(n)` on a local gives.
    fn written_alignment(&mut self, e: &ast::Expr<'_>) -> Option<u64> {
        if self.mentions_local(e) {
            return self.why(|| "an alignment naming a local".into());
        }
        match self.env.const_eval(e) {
            Some(crate::sema::ConstValue::Int { value, .. }) => {
                crate::sema::consteval::written_alignment(value)
            }
            _ => self.why(|| "an alignment that is not a valid constant".into()),
        }
    }

    /// The first `return` of a function whose return type is deduced (C++
    /// [dcl.spec.auto]): the type of the returned value, decayed and unqualified (`void`
    /// for `return;`). This stage deduces scalars and `void`; later returns convert to
    /// the deduced type, as the one-walk lowering converts them.
    fn deducing_return(&mut self, v: Option<&ast::Expr<'_>>) -> Option<StmtKind> {
        let (kind, ty) = match v {
            None => (
                StmtKind::Return(None),
                crate::sema::QualType::new(self.env.types().void()),
            ),
            Some(e) => {
                let x = self.rvalue(e, 0)?;
                (StmtKind::Return(Some(x)), self.ty(x).unqual())
            }
        };
        self.deducing_ret = false;
        self.ret = ty;
        self.body.deduced_ret = Some(ty);
        Some(kind)
    }

    /// A local variable: automatic storage, of arithmetic or pointer type with an optional
    /// expression initializer, or an array without one.
    fn local_var(&mut self, vd: &ast::VarDecl<'_>) -> Option<StmtId> {
        let s = vd.specs;
        let storage = match (s.shared, s.is_static, s.is_extern) {
            (false, false, false) => LocalStorage::Automatic,
            (true, _, dynamic) => LocalStorage::Shared { dynamic },
            (false, true, false) => LocalStorage::Static,
            (false, _, true) => return self.why(|| "an extern local".into()),
        };
        if s.constant {
            return self.why(|| "a __constant__ local".into());
        }
        if storage != LocalStorage::Automatic && vd.init.is_some() {
            return self.why(|| "an initialized static or __shared__ local".into());
        }
        // `auto x{e}` and `T &r{e}` deduce and bind by rules of their own.
        if vd.direct_braced
            && (auto_quals(vd.ty).is_some() || matches!(vd.ty, ast::TypeExpr::Reference { .. }))
        {
            return self.why(|| "a brace-initialized local".into());
        }
        let written_align = match vd.align {
            Some(a) => Some(self.written_alignment(a)?),
            None => None,
        };
        // The outermost block shares the parameters' scope; a loop body's outermost
        // block may not redeclare the loop's own variables (the lowering reports both).
        let redeclared = self.bound_here(vd.name)
            || (self.scopes.len() == 1 && self.env.is_parameter(vd.name))
            || self
                .loop_vars
                .last()
                .is_some_and(|(depth, v)| *depth == self.scopes.len() && v.contains(&vd.name));
        if redeclared {
            return None;
        }
        if let Some(quals) = auto_quals(vd.ty) {
            if written_align.is_some() {
                return self.why(|| "an aligned auto local".into());
            }
            return self.auto_local(vd, quals);
        }
        if let ast::TypeExpr::Reference {
            referee,
            rvalue: false,
        } = vd.ty
        {
            if storage != LocalStorage::Automatic {
                return self.why(|| "a static or __shared__ reference".into());
            }
            return self.local_reference(vd, referee);
        }
        let ty = self.written_type(vd.ty)?;
        let types = self.env.types();
        let dynamic = storage == LocalStorage::Shared { dynamic: true };
        let array_elem = match types.kind(ty.ty) {
            // Only the dynamic shared array has no bound.
            TypeKind::Array { len, elem } if len.is_some() != dynamic => {
                // Arrays of arrays too (`float tile[16][16]`), down to scalars.
                let mut elem = *elem;
                while let Some(inner) = types.array_elem(elem.ty) {
                    elem = inner;
                }
                Some(elem)
            }
            _ if dynamic => return None,
            _ => None,
        };
        // Of scalars, or of classes whose objects are plain bytes (`float2 p[4]`).
        let is_array = array_elem.is_some_and(|elem| {
            let types = self.env.types();
            types.is_arith(elem.ty) || types.is_pointer(elem.ty) || self.env.plain_class(elem)
        });
        let types = self.env.types();
        if !dynamic {
            types.size_of(ty.ty)?;
        }
        let align = types.align_of(ty.ty).max(written_align.unwrap_or(1));
        let record = matches!(types.kind(ty.ty), TypeKind::Record(_));
        let class = record && self.env.plain_class(ty);
        let constructed = record && !class && self.env.local_class(ty);
        if !is_array && !class && !constructed && !self.is_scalar_object(ty) {
            let t = self.env.show(ty);
            return self.why(|| format!("a local of type \"{t}\""));
        }
        // The name is visible in its own initializer (C++ [basic.scope.pdecl]).
        let local = self.body.add_local(Local {
            name: vd.name,
            ty,
            storage,
            align,
            const_value: None,
            span: vd.span,
        });
        self.bind(vd.name, local)?;
        if constructed {
            if storage != LocalStorage::Automatic {
                return None;
            }
            let init = self.construct(ty, vd.init.as_ref(), vd.span)?;
            return Some(self.add(
                StmtKind::Local {
                    local,
                    init: Some(init),
                    init_first: false,
                },
                vd.span,
            ));
        }
        if s.is_constexpr {
            return self.constexpr_local(vd, local, ty, is_array || record);
        }
        let init = match &vd.init {
            None => None,
            Some(init @ ast::Init::List { .. }) if is_array || class => {
                Some(self.aggregate_init(ty, init, vd.span)?)
            }
            Some(_) if is_array => return self.why(|| "an initialized local array".into()),
            Some(ast::Init::Expr(e)) if class => Some(self.pass_to(e, ty, 0)?),
            Some(ast::Init::Expr(e)) => {
                let x = self.rvalue(e, 0)?;
                self.no_constant_loss(e, x, ty)?;
                let init = self.implicit(x, ty)?;
                if ty.quals.konst && !ty.quals.volatile && !self.mentions_local(e) {
                    // `const int n = 4;`: its uses read the constant, as the lowering does.
                    if let (Some(a), Some(v)) = (self.arith(ty), self.env.const_eval(e)) {
                        self.body.locals[local.0 as usize].const_value = Some(v.convert(a));
                    }
                }
                Some(init)
            }
            Some(ast::Init::List { items, .. }) => Some(self.braced_scalar(items, ty)?),
        };
        Some(self.add(
            StmtKind::Local {
                local,
                init,
                init_first: false,
            },
            vd.span,
        ))
    }

    /// `constexpr T n = e;` of arithmetic type: its value is computed now, and the local
    /// holds it (the one-walk lowering stores the constant, not `e`'s code, since `e` may
    /// read host constexpr objects); its uses read the constant. An initializer naming
    /// locals, and constexpr objects (classes, arrays), are not covered.
    fn constexpr_local(
        &mut self,
        vd: &ast::VarDecl<'_>,
        local: crate::sema::tree::LocalId,
        ty: crate::sema::types::QualType,
        object: bool,
    ) -> Option<StmtId> {
        let (Some(ast::Init::Expr(e)), Some(a)) = (&vd.init, self.arith(ty)) else {
            return self.why(|| "a constexpr local that is not an initialized scalar".into());
        };
        if object || ty.quals.volatile || self.mentions_local(e) {
            return self.why(|| "a constexpr local of this kind".into());
        }
        let Some(v) = self.env.const_eval(e) else {
            return self.why(|| "a constexpr local whose value is not a constant here".into());
        };
        let v = v.convert(a);
        self.body.locals[local.0 as usize].const_value = Some(v);
        let init = self.prvalue(crate::sema::tree::ExprKind::Const(v), ty.unqual(), vd.span);
        Some(self.add(
            StmtKind::Local {
                local,
                init: Some(init),
                init_first: false,
            },
            vd.span,
        ))
    }

    /// `T x{e}` / `T x = {e}` of a scalar `T` where `e` already has type `T` (no
    /// conversion, so no narrowing to check): the value of `e`, as the one-walk lowering's
    /// single leaf stores it. Other braced scalars (`{}`, converting items) are not
    /// covered.
    fn braced_scalar(
        &mut self,
        items: &[ast::Init<'_>],
        ty: crate::sema::types::QualType,
    ) -> Option<crate::sema::tree::ExprId> {
        let [ast::Init::Expr(e)] = items else {
            return self.why(|| "a braced scalar initializer of this form".into());
        };
        if matches!(e.kind, ast::ExprKind::InitList { .. }) {
            return self.why(|| "a nested braced scalar initializer".into());
        }
        let x = self.rvalue(e, 0)?;
        if self.ty(x).ty != ty.ty {
            return self.why(|| "a braced scalar initializer that converts".into());
        }
        Some(x)
    }

    /// `T &r = x;` with `x` an lvalue of type `T` (at most as qualified): `r` names that
    /// object from here on. Other bindings (to a base, to a temporary, with a conversion)
    /// are not covered.
    fn local_reference(
        &mut self,
        vd: &ast::VarDecl<'_>,
        referee: &ast::TypeExpr<'_>,
    ) -> Option<StmtId> {
        let referent = self.written_type(referee)?;
        let Some(ast::Init::Expr(e)) = &vd.init else {
            return None;
        };
        let x = self.expr(e, 0)?;
        let from = self.body.expr(x);
        let binds = from.cat == crate::sema::tree::Category::LValue
            && from.ty.ty == referent.ty
            && from.ty.quals.subset_of(referent.quals);
        if !binds {
            return self.why(|| "a reference bound to a temporary or converted value".into());
        }
        if matches!(self.kind_of(referent), TypeKind::Function { .. }) {
            return self.why(|| "a reference to a function".into());
        }
        let align = self.env.types().align_of(referent.ty);
        let local = self.body.add_local(Local {
            name: vd.name,
            ty: referent,
            storage: LocalStorage::Reference,
            align,
            const_value: None,
            span: vd.span,
        });
        // Bound after its initializer, as the lowering binds it.
        self.bind(vd.name, local)?;
        Some(self.add(
            StmtKind::Local {
                local,
                init: Some(x),
                init_first: false,
            },
            vd.span,
        ))
    }

    /// `auto x = e;` (and `const auto`): the type is the initializer's value type, with the
    /// written qualifiers (C++ [dcl.type.auto.deduct]); scalars only.
    fn auto_local(&mut self, vd: &ast::VarDecl<'_>, quals: ast::Quals) -> Option<StmtId> {
        let Some(ast::Init::Expr(e)) = &vd.init else {
            return self.why(|| "an auto local without an expression initializer".into());
        };
        // A deduced variable may not appear in its own initializer (the lowering says so).
        let mut self_reference = false;
        crate::irgen::visit_expr(
            e,
            &mut |x| self_reference |= matches!(x.kind, ast::ExprKind::Ident(n) if n == vd.name),
            0,
        );
        if self_reference {
            return None;
        }
        let x = self.expr(e, 0)?;
        let xt = self.ty(x);
        // A plain class (a closure type among them) is copied from its initializer, and
        // so is a class with constructors destroyed without calling functions (by its copy
        // constructor; a prvalue's copy is elided), as the one-walk `local_auto_var` does.
        let class = self.env.types().is_record(xt.ty)
            && (self.env.plain_class(xt) || self.env.constructible_class(xt));
        let x = if class { x } else { self.read_value(x)? };
        let vt = self.body.expr(x).ty.unqual();
        if !class && !self.is_scalar_object(vt) {
            return None;
        }
        let ty = vt.with_quals(crate::sema::types::qualifiers_of(quals));
        let align = self.env.types().align_of(ty.ty);
        let local = self.body.add_local(Local {
            name: vd.name,
            ty,
            storage: LocalStorage::Automatic,
            align,
            const_value: None,
            span: vd.span,
        });
        if ty.quals.konst && !ty.quals.volatile && !self.mentions_local(e) {
            if let (Some(a), Some(v)) = (self.arith(ty), self.env.const_eval(e)) {
                self.body.locals[local.0 as usize].const_value = Some(v.convert(a));
            }
        }
        self.bind(vd.name, local)?;
        Some(self.add(
            StmtKind::Local {
                local,
                init: Some(x),
                init_first: true,
            },
            vd.span,
        ))
    }

    /// `None` when a constant integer initializer does not fit the variable's integer type:
    /// nvcc warns about it, and so does the one-walk lowering, which takes the body.
    fn no_constant_loss(
        &mut self,
        e: &ast::Expr<'_>,
        x: crate::sema::tree::ExprId,
        to: crate::sema::types::QualType,
    ) -> Option<()> {
        let from = self.body.expr(x).ty;
        let types = self.env.types();
        let plain_int = |t: crate::sema::types::QualType| {
            !matches!(types.kind(t.ty), TypeKind::Enum(_)) && types.is_integer(t.ty)
        };
        if !plain_int(from) || !plain_int(to) || self.mentions_local(e) {
            return Some(());
        }
        let tk = self.env.types().int_kind(to.ty)?;
        match self.env.const_eval(e) {
            Some(crate::sema::ConstValue::Int { value, .. })
                if crate::sema::conv::constant_int_loss(value, tk).is_some() =>
            {
                self.why(|| "an initialization nvcc warns about".into())
            }
            _ => Some(()),
        }
    }

    /// The construction of a local of class type `ty` from its initializer, as the one-walk
    /// lowering's `construct_from_init` takes it: `T t(a, b)` / `T t = T(a, b)` pass `a, b`,
    /// `T t = e` passes `e`, no initializer default-constructs.
    fn construct(
        &mut self,
        ty: crate::sema::types::QualType,
        init: Option<&ast::Init<'_>>,
        span: crate::source::Span,
    ) -> Option<crate::sema::tree::ExprId> {
        let (written, from_expr): (Vec<&ast::Expr<'_>>, bool) = match init {
            None => (Vec::new(), false),
            Some(ast::Init::Expr(e)) => match &e.kind {
                ast::ExprKind::Construct {
                    ty: cty,
                    args,
                    braced: false,
                } if self.written_type(cty).is_some_and(|t| t.ty == ty.ty) => {
                    (args.to_vec(), false)
                }
                _ => (vec![*e], true),
            },
            Some(ast::Init::List { .. }) => {
                return self.why(|| "a braced initializer of a class with constructors".into())
            }
        };
        let args = written
            .iter()
            .map(|a| self.expr(a, 0))
            .collect::<Option<Vec<_>>>()?;
        let e = crate::sema::tree::Expr {
            kind: crate::sema::tree::ExprKind::Construct { args, from_expr },
            ty: ty.unqual(),
            cat: crate::sema::tree::Category::PRValue,
            npc: false,
            span,
        };
        Some(self.body.add_expr(e))
    }

    fn is_scalar_object(&mut self, t: crate::sema::types::QualType) -> bool {
        let types = self.env.types();
        (types.is_arith(t.ty) && !types.is_scoped_enum(t.ty)) || types.is_pointer(t.ty)
    }
}

/// The name of a statement form, for `--emit=sema`'s note on bodies not covered yet.
fn stmt_form(k: &A<'_>) -> &'static str {
    match k {
        A::If { .. } => "if with an initializer or constexpr",
        A::Switch { .. } => "switch",
        A::RangeFor { .. } => "range-for",
        A::Case { .. } | A::Default { .. } => "case label",
        A::Goto(_) => "goto",
        A::Label { .. } => "label",
        _ => "other",
    }
}

/// What a statement is, for the reason a body is lowered in one walk.
fn stmt_name(k: &A<'_>) -> &'static str {
    match k {
        A::Expr(_) => "expression statement",
        A::Decl(_) => "local declaration",
        A::Compound(_) => "block",
        A::If { .. } => "if statement",
        A::While { .. } => "while loop",
        A::DoWhile { .. } => "do loop",
        A::For { .. } => "for loop",
        A::Switch { .. } => "switch statement",
        A::RangeFor { .. } => "range-for loop",
        A::Case { .. } | A::Default { .. } => "case label",
        A::Break => "break",
        A::Continue => "continue",
        A::Return(_) => "return statement",
        A::Goto(_) => "goto",
        A::Label { .. } => "label",
        A::Asm(_) => "inline PTX statement",
        A::Empty => "empty statement",
    }
}

/// The qualifiers written on a plain `auto` type (`auto`, `const auto`), if it is one.
fn auto_quals(te: &ast::TypeExpr<'_>) -> Option<ast::Quals> {
    match te {
        ast::TypeExpr::Auto(_) => Some(ast::Quals::default()),
        ast::TypeExpr::Qualified {
            quals,
            inner: ast::TypeExpr::Auto(_),
        } => Some(*quals),
        _ => None,
    }
}
