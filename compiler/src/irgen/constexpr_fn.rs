//! Calls of `constexpr` functions in constant expressions (`static_assert(choose(9, 4) ==
//! 126)`, array bounds, template arguments): the body is interpreted over constants —
//! scalar locals and parameters (converted to their declared types after every store, so
//! results are bit-identical to the device's), `if`, loops, `return`, recursion — with
//! expressions evaluated by `sema::consteval` through an environment that sees the locals.
//! A step limit and a call-depth limit turn runaway evaluations into diagnostics.

use super::{Binding, FnId, Lowerer};
use crate::ast::{self, BinaryOp, Expr, ExprKind, Init, Stmt, StmtKind, TypeExpr, UnaryOp};
use crate::intern::Symbol;
use crate::sema::consteval::{self, binary_op, ConstEnv, ConstError, ConstValue};
use crate::sema::conv::Arith;
use crate::source::Span;
use hashbrown::HashMap;

/// Statements and loop iterations one top-level constant evaluation may run.
const MAX_STEPS: u64 = 1 << 20;
/// Nested constexpr calls in one evaluation.
const MAX_CALL_DEPTH: u32 = 256;

/// What a statement did.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(ConstValue),
}

/// The evaluation of one constexpr call: the walk, the locals (block scopes, innermost
/// last) with their declared arithmetic types.
struct FnEnv<'l, 'x> {
    l: &'l mut Lowerer<'x>,
    scopes: Vec<HashMap<Symbol, (ConstValue, Arith)>>,
}

impl<'x> Lowerer<'x> {
    /// Records a constexpr function's definition for compile-time calls.
    pub fn note_constexpr_fn(&mut self, fd: &'x ast::FunctionDecl<'x>) {
        if !fd.specs.is_constexpr || fd.body.is_none() {
            return;
        }
        if let Some(Binding::Func(fid)) = self.scopes.lookup(fd.name).copied() {
            self.templates.constexpr_fns.insert(fid, fd);
        }
    }

    /// A call in a constant expression: `callee` must name a constexpr function.
    pub fn constexpr_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        let ExprKind::Ident(name) = callee.kind else {
            return Err(ConstError::NotConstant(span));
        };
        let Some(Binding::Func(fid)) = self.scopes.lookup(name).copied() else {
            return Err(ConstError::NotConstant(span));
        };
        let Some(&fd) = self.templates.constexpr_fns.get(&fid) else {
            return Err(self.not_constexpr(fid, callee.span, span));
        };
        let mut vals = Vec::new();
        for a in args {
            vals.push(consteval::eval(self, a)?);
        }
        self.run_constexpr(fid, fd, vals, span)
    }

    /// nvcc's error for a call of a function that is not constexpr in a constant
    /// expression (reported here, with the note naming the function).
    fn not_constexpr(&mut self, fid: FnId, callee: Span, span: Span) -> ConstError {
        let info = self.func_info(fid);
        let name = self.name(info.name).to_string();
        let file = self.sources.file(info.span.file);
        let (line, _) = file.line_col(info.span.start);
        let (_, line) = file.presumed_line(line);
        let d = crate::diag::Diag::error(span, "expression must have a constant value").with_note(
            callee,
            format!("cannot call non-constexpr function \"{name}\" (declared at line {line})"),
        );
        self.diags.push(d);
        ConstError::Reported
    }

    fn run_constexpr(
        &mut self,
        fid: FnId,
        fd: &'x ast::FunctionDecl<'x>,
        args: Vec<ConstValue>,
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        let info = self.func_info(fid).clone();
        if args.len() != info.params.len() {
            return Err(ConstError::NotConstant(span));
        }
        if self.templates.cx_depth >= MAX_CALL_DEPTH {
            return Err(ConstError::TooComplex(span));
        }
        let top = self.templates.cx_depth == 0;
        if top {
            self.templates.cx_steps = 0;
        }
        let mut frame = HashMap::new();
        for (p, (v, t)) in fd.params.iter().zip(args.into_iter().zip(&info.params)) {
            let a = self.arith_of(t.ty).ok_or(ConstError::NotConstant(p.span))?;
            if let Some(n) = p.name {
                frame.insert(n, (v.convert(a), a));
            }
        }
        let ret = self.arith_of(info.ret.ty);
        let body = fd.body.ok_or(ConstError::NotConstant(span))?;
        self.templates.cx_depth += 1;
        let r = {
            let mut env = FnEnv {
                l: self,
                scopes: vec![frame],
            };
            env.exec(body)
        };
        self.templates.cx_depth -= 1;
        // Too complex: nvcc notes the outermost call.
        let r = match r {
            Err(ConstError::TooComplex(_)) if top => Err(ConstError::TooComplex(span)),
            r => r,
        };
        match r? {
            Flow::Return(v) => match ret {
                Some(a) => Ok(v.convert(a)),
                None => Err(ConstError::NotConstant(span)),
            },
            _ => Err(ConstError::NotConstant(span)),
        }
    }
}

impl FnEnv<'_, '_> {
    fn step(&mut self, span: Span) -> Result<(), ConstError> {
        self.l.templates.cx_steps += 1;
        if self.l.templates.cx_steps > MAX_STEPS {
            return Err(ConstError::TooComplex(span));
        }
        Ok(())
    }

    fn local(&mut self, n: Symbol) -> Option<&mut (ConstValue, Arith)> {
        self.scopes.iter_mut().rev().find_map(|s| s.get_mut(&n))
    }

    fn exec(&mut self, s: &Stmt<'_>) -> Result<Flow, ConstError> {
        self.step(s.span)?;
        match &s.kind {
            StmtKind::Compound(ss) => {
                self.scopes.push(HashMap::new());
                let mut flow = Flow::Normal;
                for s in *ss {
                    flow = self.exec(s)?;
                    if !matches!(flow, Flow::Normal) {
                        break;
                    }
                }
                self.scopes.pop();
                Ok(flow)
            }
            StmtKind::Decl(decls) => {
                for d in *decls {
                    self.decl(d, s.span)?;
                }
                Ok(Flow::Normal)
            }
            StmtKind::Expr(e) => {
                self.effect(e)?;
                Ok(Flow::Normal)
            }
            StmtKind::Return(Some(e)) => Ok(Flow::Return(consteval::eval(self, e)?)),
            StmtKind::If {
                init,
                cond,
                then,
                els,
                ..
            } => {
                self.scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.exec(i)?;
                }
                let c = consteval::eval(self, cond)?;
                let r = if !c.is_zero() {
                    self.exec(then)
                } else if let Some(e) = els {
                    self.exec(e)
                } else {
                    Ok(Flow::Normal)
                };
                self.scopes.pop();
                r
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.exec(i)?;
                }
                let r = self.run_loop(*cond, *step, body, false);
                self.scopes.pop();
                r
            }
            StmtKind::While { cond, body, .. } => self.run_loop(Some(cond), None, body, false),
            StmtKind::DoWhile { body, cond, .. } => self.run_loop(Some(cond), None, body, true),
            StmtKind::Break => Ok(Flow::Break),
            StmtKind::Continue => Ok(Flow::Continue),
            StmtKind::Empty => Ok(Flow::Normal),
            _ => Err(ConstError::NotConstant(s.span)),
        }
    }

    fn run_loop(
        &mut self,
        cond: Option<&Expr<'_>>,
        step: Option<&Expr<'_>>,
        body: &Stmt<'_>,
        body_first: bool,
    ) -> Result<Flow, ConstError> {
        let mut first = body_first;
        loop {
            if !first {
                if let Some(c) = cond {
                    if consteval::eval(self, c)?.is_zero() {
                        return Ok(Flow::Normal);
                    }
                }
            }
            first = false;
            self.step(body.span)?;
            match self.exec(body)? {
                Flow::Break => return Ok(Flow::Normal),
                r @ Flow::Return(_) => return Ok(r),
                Flow::Normal | Flow::Continue => {}
            }
            if let Some(s) = step {
                self.effect(s)?;
            }
        }
    }

    fn decl(&mut self, d: &ast::Decl<'_>, span: Span) -> Result<(), ConstError> {
        match d {
            ast::Decl::Var(vd) => {
                let a = self.arith_of_type(vd.ty, vd.span)?;
                let v = match &vd.init {
                    Some(Init::Expr(e)) => consteval::eval(self, e)?,
                    None => ConstValue::int(0, crate::sema::IntKind::Int),
                    _ => return Err(ConstError::NotConstant(vd.span)),
                };
                if let Some(s) = self.scopes.last_mut() {
                    s.insert(vd.name, (v.convert(a), a));
                }
                Ok(())
            }
            ast::Decl::StaticAssert { .. } | ast::Decl::Typedef(_) => Ok(()),
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    fn arith_of_type(&mut self, te: &TypeExpr<'_>, span: Span) -> Result<Arith, ConstError> {
        let t = self.l.resolve_type(te).ok_or(ConstError::Reported)?;
        self.l.arith_of(t.ty).ok_or(ConstError::NotConstant(span))
    }

    /// An expression evaluated for its effect: assignments and increments of locals.
    fn effect(&mut self, e: &Expr<'_>) -> Result<(), ConstError> {
        match &e.kind {
            ExprKind::Assign { op, lhs, rhs } => {
                let ExprKind::Ident(n) = lhs.kind else {
                    return Err(ConstError::NotConstant(lhs.span));
                };
                let r = consteval::eval(self, rhs)?;
                let (cur, a) = *self.local(n).ok_or(ConstError::NotConstant(lhs.span))?;
                let v = match op {
                    Some(op) => binary_op(*op, cur, r, e.span)?,
                    None => r,
                };
                *self.local(n).ok_or(ConstError::NotConstant(lhs.span))? = (v.convert(a), a);
                Ok(())
            }
            ExprKind::Unary {
                op: op @ (UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec),
                expr,
            } => {
                let ExprKind::Ident(n) = expr.kind else {
                    return Err(ConstError::NotConstant(expr.span));
                };
                let (cur, a) = *self.local(n).ok_or(ConstError::NotConstant(expr.span))?;
                let one = ConstValue::int(1, crate::sema::IntKind::Int);
                let bop = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    BinaryOp::Add
                } else {
                    BinaryOp::Sub
                };
                let v = binary_op(bop, cur, one, e.span)?;
                *self.local(n).ok_or(ConstError::NotConstant(expr.span))? = (v.convert(a), a);
                Ok(())
            }
            ExprKind::Binary {
                op: BinaryOp::Comma,
                lhs,
                rhs,
            } => {
                self.effect(lhs)?;
                self.effect(rhs)
            }
            _ => consteval::eval(self, e).map(|_| ()),
        }
    }
}

impl ConstEnv for FnEnv<'_, '_> {
    fn lookup_const(&mut self, name: Symbol) -> Option<ConstValue> {
        match self.local(name) {
            Some((v, _)) => Some(*v),
            None => self.l.lookup_const(name),
        }
    }
    fn cast_target(&mut self, ty: &TypeExpr<'_>) -> Result<Arith, ConstError> {
        self.l.cast_target(ty)
    }
    fn sizeof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError> {
        self.l.sizeof_type(ty)
    }
    fn alignof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError> {
        self.l.alignof_type(ty)
    }
    fn sizeof_expr(&mut self, e: &Expr<'_>) -> Result<u64, ConstError> {
        self.l.sizeof_expr(e)
    }
    fn float_literal(&mut self, text: Symbol, value: f64) -> f32 {
        self.l.float_literal(text, value)
    }
    fn lookup_qual_const(&mut self, q: &ast::QualName<'_>) -> Option<ConstValue> {
        self.l.lookup_qual_const(q)
    }
    fn call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(consteval::eval(self, a)?);
        }
        let ExprKind::Ident(name) = callee.kind else {
            return Err(ConstError::NotConstant(span));
        };
        let Some(Binding::Func(fid)) = self.l.scopes.lookup(name).copied() else {
            return Err(ConstError::NotConstant(span));
        };
        let Some(&fd) = self.l.templates.constexpr_fns.get(&fid) else {
            return Err(self.l.not_constexpr(fid, callee.span, span));
        };
        self.l.run_constexpr(fid, fd, vals, span)
    }
}
