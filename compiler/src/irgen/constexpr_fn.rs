//! Constant evaluation of `constexpr` functions (`static_assert(choose(9, 4) == 126)`,
//! array bounds, template arguments, initializers of constexpr variables and of
//! `__device__`/`__constant__` variables): an interpreter over the function bodies —
//! locals and parameters of any literal type (scalars, arrays, classes, references),
//! `if`, loops, `switch`-free control flow, `return`, recursion, member functions and
//! constexpr constructors. Objects are byte images (`constexpr_mem.rs`), expressions are
//! `constexpr_expr.rs`, calls and construction `constexpr_call.rs`. A step limit and a
//! call-depth limit turn runaway evaluations into diagnostics.

use super::constexpr_mem::{CxVal, Memory, Place};
use super::{Binding, FnId, Lowerer};
use crate::ast::{self, Expr, Stmt, StmtKind, TypeExpr};
use crate::intern::Symbol;
use crate::sema::consteval::{ConstError, ConstValue};
use crate::source::Span;

/// Statements and loop iterations one top-level constant evaluation may run.
const MAX_STEPS: u64 = 1 << 22;
/// Nested constexpr calls in one evaluation.
pub(super) const MAX_CALL_DEPTH: u32 = 256;

/// What a statement did.
pub(super) enum Flow {
    Normal,
    Break,
    Continue,
    Return(CxVal),
}

/// One frame of the interpreter: the walk, the evaluation's memory, the block scopes of the
/// function being run (names and the memory mark at their entry, innermost last) and its
/// `this`.
pub(crate) struct FnEnv<'l, 'x> {
    pub l: &'l mut Lowerer<'x>,
    pub mem: &'l mut Memory,
    pub scopes: Vec<(Vec<(Symbol, Place)>, usize)>,
    pub this: Option<Place>,
    /// The function is a constructor (its object's `const` members may be initialized).
    pub is_ctor: bool,
    /// The declared return type of the function being run (`return {…};`).
    pub ret: Option<crate::sema::types::QualType>,
}

impl<'x> Lowerer<'x> {
    /// Records a constexpr function's definition for compile-time calls.
    pub fn note_constexpr_fn(&mut self, fd: &'x ast::FunctionDecl<'x>) {
        if !fd.specs.is_constexpr || fd.body.is_none() {
            return;
        }
        let fid = match self.scopes.lookup(fd.name).copied() {
            Some(Binding::Func(fid)) => Some(fid),
            // The newest member of an overload set is the function just declared.
            Some(Binding::Overloads(o)) => self.overloads[o.0 as usize].last().copied(),
            _ => None,
        };
        if let Some(fid) = fid {
            self.templates.constexpr_fns.insert(fid, fd);
        }
    }

    /// Records a constexpr member function or constructor (defined in its class or out of
    /// it, `constexpr int S::f() const {…}`) or a function defined as `N::f`.
    pub fn note_constexpr_member(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) {
        if fd.specs.is_constexpr && fd.body.is_some() {
            self.cx_members
                .insert(fid, fd as *const ast::FunctionDecl<'_> as *const ());
        }
    }

    /// The definition of constexpr function `fid`, if it has one.
    pub(super) fn cx_fn_decl(&self, fid: FnId) -> Option<&'x ast::FunctionDecl<'x>> {
        if let Some(fd) = self.templates.constexpr_fns.get(&fid) {
            return Some(fd);
        }
        let p = *self.cx_members.get(&fid)?;
        // SAFETY: `p` points to a `FunctionDecl` of the translation unit's AST or of the
        // walk's arena, both of which outlive the walk (see `pending_bodies`).
        Some(unsafe { &*(p as *const ast::FunctionDecl<'x>) })
    }

    /// Runs `f` in a fresh evaluation (its own memory) at the top level.
    pub(super) fn cx_root<R>(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut FnEnv<'_, 'x>) -> Result<R, ConstError>,
    ) -> Result<R, ConstError> {
        let top = self.templates.cx_depth == 0;
        if top {
            self.templates.cx_steps = 0;
        }
        let mut mem = Memory::default();
        let mut env = FnEnv {
            l: self,
            mem: &mut mem,
            scopes: Vec::new(),
            this: None,
            is_ctor: false,
            ret: None,
        };
        match f(&mut env) {
            // Too complex: nvcc notes the outermost expression.
            Err(ConstError::TooComplex(_)) if top => Err(ConstError::TooComplex(span)),
            r => r,
        }
    }

    /// A call in a constant expression (`consteval`'s hook).
    pub fn constexpr_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        self.cx_root(span, |env| {
            let v = env.call_expr(callee, args, span)?;
            env.scalar_of(v, span)
        })
    }

    /// Any other expression in a constant expression (member access, indexing, …).
    pub fn constexpr_other(&mut self, e: &Expr<'_>) -> Result<ConstValue, ConstError> {
        self.cx_root(e.span, |env| env.scalar(e))
    }

    /// The image of an object of type `ty` (class or array) initialized by `init` at
    /// compile time (constexpr variables, module variables built by constexpr functions).
    pub fn constexpr_object(
        &mut self,
        ty: crate::sema::types::QualType,
        init: Option<&ast::Init<'_>>,
        span: Span,
    ) -> Result<Vec<u8>, ConstError> {
        self.cx_root(span, |env| env.new_object(ty, init, span))
    }

    /// nvcc's error for a call of a function that is not constexpr in a constant
    /// expression (reported here, with the note naming the function).
    pub(super) fn not_constexpr(&mut self, fid: FnId, callee: Span, span: Span) -> ConstError {
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
}

impl FnEnv<'_, '_> {
    fn step(&mut self, span: Span) -> Result<(), ConstError> {
        self.l.templates.cx_steps += 1;
        if self.l.templates.cx_steps > MAX_STEPS {
            return Err(ConstError::TooComplex(span));
        }
        Ok(())
    }

    /// The place a local name denotes.
    pub fn local(&self, n: Symbol) -> Option<Place> {
        self.scopes
            .iter()
            .rev()
            .find_map(|(s, _)| s.iter().rev().find(|(m, _)| *m == n).map(|(_, p)| *p))
    }

    fn push_scope(&mut self) {
        let mark = self.mem.mark();
        self.scopes.push((Vec::new(), mark));
    }

    fn pop_scope(&mut self) {
        if let Some((_, mark)) = self.scopes.pop() {
            self.mem.release(mark);
        }
    }

    /// Runs `s` in a scope of its own.
    fn scoped(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Flow, ConstError>,
    ) -> Result<Flow, ConstError> {
        self.push_scope();
        let r = f(self);
        self.pop_scope();
        r
    }

    pub(super) fn exec(&mut self, s: &Stmt<'_>) -> Result<Flow, ConstError> {
        self.step(s.span)?;
        match &s.kind {
            StmtKind::Compound(ss) => self.scoped(|env| {
                for s in *ss {
                    let flow = env.exec(s)?;
                    if !matches!(flow, Flow::Normal) {
                        return Ok(flow);
                    }
                }
                Ok(Flow::Normal)
            }),
            StmtKind::Decl(decls) => {
                for d in *decls {
                    self.decl(d, s.span)?;
                }
                Ok(Flow::Normal)
            }
            StmtKind::Expr(e) => {
                // The temporaries of a full expression end with it.
                let mark = self.mem.mark();
                let r = self.operand(e);
                self.mem.release(mark);
                r.map(|_| Flow::Normal)
            }
            StmtKind::Return(Some(e)) => {
                let v = match &e.kind {
                    // `return {a, b};`: the function's return type.
                    ast::ExprKind::InitList { ty: None, items } => {
                        let t = self.return_type(s.span)?;
                        let init = ast::Init::List {
                            items,
                            span: e.span,
                        };
                        let b = self.new_object(t, Some(&init), e.span)?;
                        CxVal::Obj(t.unqual(), b)
                    }
                    _ => self.operand(e)?,
                };
                // The value leaves the function's scopes (whose objects end) unless the
                // function returns a reference.
                let by_ref = self.ret.is_some_and(|t| self.l.referent(t).is_some());
                let v = match v {
                    CxVal::Ref(p) if !by_ref => self.read(p, e.span)?,
                    v => v,
                };
                Ok(Flow::Return(v))
            }
            StmtKind::Return(None) => Ok(Flow::Return(CxVal::Scalar(ConstValue::int(
                0,
                crate::sema::IntKind::Int,
            )))),
            StmtKind::If {
                init,
                cond,
                then,
                els,
                ..
            } => self.scoped(|env| {
                if let Some(i) = init {
                    env.exec(i)?;
                }
                let c = env.condition(cond)?;
                if c {
                    env.exec(then)
                } else if let Some(e) = els {
                    env.exec(e)
                } else {
                    Ok(Flow::Normal)
                }
            }),
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => self.scoped(|env| {
                if let Some(i) = init {
                    env.exec(i)?;
                }
                env.run_loop(*cond, *step, body, false)
            }),
            StmtKind::While { cond, body, .. } => self.run_loop(Some(cond), None, body, false),
            StmtKind::DoWhile { body, cond, .. } => self.run_loop(Some(cond), None, body, true),
            StmtKind::Switch { init, cond, body } => self.scoped(|env| {
                if let Some(i) = init {
                    env.exec(i)?;
                }
                let v = env.scalar(cond)?;
                match env.run_switch(v, body)? {
                    Flow::Break => Ok(Flow::Normal),
                    f => Ok(f),
                }
            }),
            // Reached by falling through (or jumping to) a label: its statement.
            StmtKind::Case { body, .. } | StmtKind::Default { body } => self.exec(body),
            StmtKind::Break => Ok(Flow::Break),
            StmtKind::Continue => Ok(Flow::Continue),
            StmtKind::Empty => Ok(Flow::Normal),
            _ => Err(ConstError::NotConstant(s.span)),
        }
    }

    /// A `switch` body: runs from the statement labelled with `v`'s case (or `default`)
    /// to the end, falling through later labels. Labels must be on statements of the
    /// body's own block (not nested in other statements).
    fn run_switch(&mut self, v: ConstValue, body: &Stmt<'_>) -> Result<Flow, ConstError> {
        let ss: &[Stmt<'_>] = match &body.kind {
            StmtKind::Compound(ss) => ss,
            _ => std::slice::from_ref(body),
        };
        let want = v.as_int().ok_or(ConstError::NotConstant(body.span))?;
        let mut start = None;
        let mut default = None;
        for (i, s) in ss.iter().enumerate() {
            let mut l = s;
            loop {
                match &l.kind {
                    StmtKind::Case { value, body } => {
                        if self.scalar(value)?.as_int() == Some(want) && start.is_none() {
                            start = Some(i);
                        }
                        l = body;
                    }
                    StmtKind::Default { body } => {
                        default = default.or(Some(i));
                        l = body;
                    }
                    _ => break,
                }
            }
        }
        let Some(first) = start.or(default) else {
            return Ok(Flow::Normal);
        };
        self.scoped(|env| {
            for s in &ss[first..] {
                let flow = env.exec(s)?;
                if !matches!(flow, Flow::Normal) {
                    return Ok(flow);
                }
            }
            Ok(Flow::Normal)
        })
    }

    /// The declared return type of the function being run.
    fn return_type(&mut self, span: Span) -> Result<crate::sema::types::QualType, ConstError> {
        let t = self.ret.ok_or(ConstError::NotConstant(span))?;
        Ok(t)
    }

    fn condition(&mut self, c: &Expr<'_>) -> Result<bool, ConstError> {
        let mark = self.mem.mark();
        let r = self.scalar(c);
        self.mem.release(mark);
        Ok(!r?.is_zero())
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
                    if !self.condition(c)? {
                        return Ok(Flow::Normal);
                    }
                }
            }
            first = false;
            self.step(body.span)?;
            match self.scoped(|env| env.exec(body))? {
                Flow::Break => return Ok(Flow::Normal),
                r @ Flow::Return(_) => return Ok(r),
                Flow::Normal | Flow::Continue => {}
            }
            if let Some(s) = step {
                let mark = self.mem.mark();
                let r = self.operand(s);
                self.mem.release(mark);
                r?;
            }
        }
    }

    fn decl(&mut self, d: &ast::Decl<'_>, span: Span) -> Result<(), ConstError> {
        match d {
            ast::Decl::Var(vd) => {
                if vd.specs.is_static {
                    return Err(ConstError::NotConstant(vd.span));
                }
                let place = if let TypeExpr::Auto(_) = vd.ty {
                    // `auto x = e;`: the type of the value.
                    let Some(ast::Init::Expr(e)) = &vd.init else {
                        return Err(ConstError::NotConstant(vd.span));
                    };
                    let v = self.operand(e)?;
                    let t = match &v {
                        CxVal::Scalar(s) => self.l.cx_type_of_scalar(*s),
                        CxVal::Obj(t, _) => *t,
                        CxVal::Ref(p) => p.ty.unqual(),
                        CxVal::Ptr(_) => return Err(ConstError::NotConstant(vd.span)),
                    };
                    self.bind_value(v, t, vd.span)?
                } else {
                    let t = self.l.resolve_type(vd.ty).ok_or(ConstError::Reported)?;
                    if self.l.referent(t).is_some() {
                        let Some(ast::Init::Expr(e)) = &vd.init else {
                            return Err(ConstError::NotConstant(vd.span));
                        };
                        let v = self.operand(e)?;
                        self.bind_value(v, t, vd.span)?
                    } else {
                        let b = self.new_object(t, vd.init.as_ref(), vd.span)?;
                        Place {
                            base: super::constexpr_mem::Base::Slot(self.mem.alloc(b, span)?),
                            off: 0,
                            ty: t,
                        }
                    }
                };
                if let Some((s, _)) = self.scopes.last_mut() {
                    s.push((vd.name, place));
                }
                Ok(())
            }
            ast::Decl::StaticAssert { .. } | ast::Decl::Typedef(_) => Ok(()),
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    /// Signed integer overflow in `l op r` (undefined behavior: not a constant).
    pub fn check_overflow_op(
        &mut self,
        op: ast::BinaryOp,
        l: ConstValue,
        r: ConstValue,
        v: ConstValue,
        span: Span,
    ) -> Result<(), ConstError> {
        use ast::BinaryOp::*;
        let (ConstValue::Int { value: a, .. }, ConstValue::Int { value: b, .. }) = (l, r) else {
            return Ok(());
        };
        let ConstValue::Int { value: got, kind } = v else {
            return Ok(());
        };
        if !kind.signed() || kind == crate::sema::IntKind::Bool {
            return Ok(());
        }
        let exact = match op {
            Add => a.checked_add(b),
            Sub => a.checked_sub(b),
            Mul => a.checked_mul(b),
            _ => return Ok(()),
        };
        if exact != Some(got) {
            return Err(ConstError::Overflow(span, kind));
        }
        Ok(())
    }
}
