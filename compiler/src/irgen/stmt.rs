//! Statements: blocks and local declarations, `if`, loops (with `break`/`continue` targets
//! and `#pragma unroll` on the header block), `switch` (an IR `Switch` to case blocks that
//! fall through into each other), `return` through the single return block, `goto`.

use super::expr::{ConvCtx, OpKind};
use super::func::SwitchCtx;
use super::{Binding, Lowerer, Storage, VarInfo, MAX_NESTING};
use crate::ast::{self, Stmt, StmtKind};
use crate::sema::conv::promote;
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{AddrSpace, Block, BlockCall, InstData, UnrollHint};

impl Lowerer<'_> {
    pub fn stmt(&mut self, s: &Stmt<'_>) {
        if self.diags.too_many() {
            return;
        }
        self.depth += 1;
        if self.depth > MAX_NESTING {
            if self.depth == MAX_NESTING + 1 {
                self.error(s.span, "statement is nested too deeply");
            }
        } else {
            if self.opts.line_info {
                self.set_loc(s.span.file, s.span.start, true);
            }
            self.stmt_inner(s);
        }
        self.depth -= 1;
    }

    /// `-lineinfo`: the instructions made from now on come from `offset` in `file` (column
    /// 0 with `col` false, as nvcc marks a function's entry).
    pub fn set_loc(&mut self, file: crate::source::FileId, offset: u32, col: bool) {
        let (line, c) = self.sources.file(file).line_col(offset);
        if let Some(fs) = self.f.as_mut() {
            fs.func.cur_loc = oxicc_ir::Loc::new(file.0, line, if col { c } else { 0 });
        }
    }

    fn stmt_inner(&mut self, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Expr(e) => {
                let m = self.full_expr_mark();
                let op = self.expr(e);
                self.end_full_expr(m);
                // An expression yields no operand only after an error (a void one yields a
                // void operand): with none reported at all, the statement would be left out
                // of the kernel silently (`dropped.rs`).
                if op.is_none() && !self.diags.has_errors() {
                    self.error(
                        e.span,
                        "internal error: oxicc could not lower this expression",
                    );
                }
            }
            StmtKind::Decl(ds) => {
                for d in *ds {
                    self.local_decl(d);
                }
            }
            StmtKind::Compound(ss) => {
                self.scopes.push();
                for s in *ss {
                    self.stmt(s);
                }
                self.pop_scope();
            }
            StmtKind::If {
                init: Some(init),
                cond,
                then,
                els,
                is_constexpr,
            } => {
                // The init-statement's names live until the end of the `if` (both arms).
                self.scopes.push();
                self.init_statement(init);
                let plain = ast::StmtKind::If {
                    init: None,
                    cond,
                    then,
                    els: *els,
                    is_constexpr: *is_constexpr,
                };
                self.stmt_inner(&Stmt {
                    kind: plain,
                    span: s.span,
                });
                self.pop_scope();
            }
            StmtKind::If {
                init: None,
                cond,
                then,
                els,
                is_constexpr: true,
            } => {
                // Only the taken branch is lowered (the other may not be valid for this
                // instantiation).
                let Some(v) = self.const_eval(cond) else {
                    return;
                };
                if !v.is_zero() {
                    self.scoped_stmt(then);
                } else if let Some(e) = els {
                    self.scoped_stmt(e);
                }
            }
            StmtKind::If {
                init: None,
                cond,
                then,
                els,
                is_constexpr: false,
            } => {
                let m = self.full_expr_mark();
                let c = self.cond_value(cond);
                self.end_full_expr(m);
                let tb = self.new_block();
                let join = self.new_block();
                let eb = if els.is_some() {
                    self.new_block()
                } else {
                    join
                };
                if let Some(c) = c {
                    self.branch(c, tb, eb);
                } else {
                    self.jump_to(tb);
                }
                self.switch_to(tb);
                self.scoped_stmt(then);
                self.jump_to(join);
                if let Some(e) = els {
                    self.switch_to(eb);
                    self.scoped_stmt(e);
                    self.jump_to(join);
                }
                self.switch_to(join);
            }
            StmtKind::While { cond, body, unroll } => {
                let header = self.new_block();
                let bb = self.new_block();
                let exit = self.new_block();
                self.jump_to(header);
                self.switch_to(header);
                self.set_unroll(header, unroll);
                let m = self.full_expr_mark();
                let c = self.cond_value(cond);
                self.end_full_expr(m);
                if let Some(c) = c {
                    self.branch(c, bb, exit);
                } else {
                    self.jump_to(exit);
                }
                self.switch_to(bb);
                self.loop_body(body, exit, header);
                self.jump_to(header);
                self.switch_to(exit);
            }
            StmtKind::DoWhile { body, cond, unroll } => {
                let bb = self.new_block();
                let cb = self.new_block();
                let exit = self.new_block();
                self.jump_to(bb);
                self.switch_to(bb);
                self.set_unroll(bb, unroll);
                self.loop_body(body, exit, cb);
                self.jump_to(cb);
                self.switch_to(cb);
                let m = self.full_expr_mark();
                let c = self.cond_value(cond);
                self.end_full_expr(m);
                if let Some(c) = c {
                    self.branch(c, bb, exit);
                } else {
                    self.jump_to(exit);
                }
                self.switch_to(exit);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                self.scopes.push();
                if let Some(i) = init {
                    self.stmt(i);
                }
                let header = self.new_block();
                let bb = self.new_block();
                let sb = self.new_block();
                let exit = self.new_block();
                self.jump_to(header);
                self.switch_to(header);
                self.set_unroll(header, unroll);
                let m = self.full_expr_mark();
                let c = match cond {
                    Some(c) => self.cond_value(c),
                    None => None,
                };
                self.end_full_expr(m);
                match cond {
                    Some(_) => match c {
                        Some(c) => self.branch(c, bb, exit),
                        None => self.jump_to(exit),
                    },
                    None => self.jump_to(bb),
                }
                self.switch_to(bb);
                self.check_for_body_redeclarations(body);
                self.loop_body(body, exit, sb);
                self.jump_to(sb);
                self.switch_to(sb);
                if let Some(st) = step {
                    let m = self.full_expr_mark();
                    self.expr_discard(st);
                    self.end_full_expr(m);
                }
                self.jump_to(header);
                self.switch_to(exit);
                self.pop_scope();
            }
            StmtKind::Switch { init, cond, body } => {
                self.scopes.push();
                if let Some(i) = init {
                    self.init_statement(i);
                }
                self.switch_stmt(cond, body);
                self.pop_scope();
            }
            StmtKind::RangeFor {
                var,
                by_ref,
                range,
                body,
                unroll,
            } => self.range_for(var, *by_ref, range, body, unroll),
            StmtKind::Case { value, body } => {
                self.case_label(Some(value), s.span);
                self.stmt(body);
            }
            StmtKind::Default { body } => {
                self.case_label(None, s.span);
                self.stmt(body);
            }
            StmtKind::Break => match self.fs().breaks.last().copied() {
                Some(b) => {
                    self.cleanup_for_break();
                    self.jump_to_always(b)
                }
                None => self.error(
                    s.span,
                    "a break statement may only be used within a loop or switch",
                ),
            },
            StmtKind::Continue => match self.fs().continues.last().copied() {
                Some(b) => {
                    self.cleanup_for_continue();
                    self.jump_to_always(b)
                }
                None => self.error(
                    s.span,
                    "a continue statement may only be used within a loop",
                ),
            },
            StmtKind::Return(v) => self.return_stmt(*v, s.span),
            StmtKind::Goto(name) => {
                let b = self.label_block(*name, s.span, false);
                if self.terminated() {
                    let d = self.new_block();
                    self.switch_to(d);
                }
                let b = self.goto_target(*name, b);
                self.jump_to_always(b);
            }
            StmtKind::Label { name, body } => {
                let b = self.label_block(*name, s.span, true);
                self.define_label_cleanups(*name, b);
                self.jump_to(b);
                self.switch_to(b);
                self.stmt(body);
            }
            StmtKind::Asm(a) => self.asm_stmt(a),
            StmtKind::Empty => {}
        }
    }

    /// The outermost block of a `for` body may not redeclare a variable of the loop's
    /// initializer (C++ [stmt.for]; nvcc's message). Called with the initializer's scope
    /// innermost.
    fn check_for_body_redeclarations(&mut self, body: &Stmt<'_>) {
        let StmtKind::Compound(stmts) = &body.kind else {
            return;
        };
        for st in *stmts {
            let StmtKind::Decl(decls) = &st.kind else {
                continue;
            };
            for d in *decls {
                if let ast::Decl::Var(vd) = d {
                    if self.scopes.lookup_local(vd.name).is_some() {
                        let n = self.name(vd.name);
                        self.error(
                            vd.name_span,
                            format!(
                                "\"{n}\", declared in for-loop initialization, may not be redeclared in this scope"
                            ),
                        );
                    }
                }
            }
        }
    }

    /// A jump from the current point even if the block already ended (into a dead block).
    fn jump_to_always(&mut self, b: Block) {
        if self.terminated() {
            let d = self.new_block();
            self.switch_to(d);
        }
        self.jump_to(b);
    }

    /// A sub-statement of `if`/loops gets its own scope (C++ [stmt.select]).
    fn scoped_stmt(&mut self, s: &Stmt<'_>) {
        self.scopes.push();
        self.stmt(s);
        self.pop_scope();
    }

    pub(super) fn loop_body(&mut self, body: &Stmt<'_>, brk: Block, cont: Block) {
        self.loop_body_at(body, brk, cont, self.scopes.depth());
    }

    /// The body of a range-based `for`, whose loop variable lives in the current scope and
    /// so dies on `break` and `continue` too.
    pub(super) fn loop_body_with_var(&mut self, body: &Stmt<'_>, brk: Block, cont: Block) {
        self.loop_body_at(body, brk, cont, self.scopes.depth().saturating_sub(1));
    }

    fn loop_body_at(&mut self, body: &Stmt<'_>, brk: Block, cont: Block, depth: usize) {
        self.fs().breaks.push(brk);
        self.fs().continues.push(cont);
        self.enter_breakable_at(depth);
        self.scoped_stmt(body);
        self.leave_breakable(true);
        self.fs().breaks.pop();
        self.fs().continues.pop();
    }

    pub(super) fn set_unroll(&mut self, header: Block, unroll: &Option<ast::Unroll<'_>>) {
        let hint = match unroll {
            None => return,
            Some(ast::Unroll::Full) => UnrollHint::Full,
            Some(ast::Unroll::Count(e)) => match self.const_int(e) {
                Some(n) if n >= 1 && n <= u32::MAX as i128 => UnrollHint::Count(n as u32),
                Some(_) => {
                    self.error(e.span, "the unroll count must be a positive integer");
                    return;
                }
                None => return,
            },
        };
        self.fs().func.blocks[header].unroll = hint;
    }

    fn label_block(&mut self, name: crate::intern::Symbol, span: Span, define: bool) -> Block {
        if let Some(&(b, defined, _)) = self.fs().labels.get(&name) {
            if define {
                if defined {
                    self.error(
                        span,
                        format!("label \"{}\" was already defined", self.name(name)),
                    );
                }
                self.fs().labels.insert(name, (b, true, span));
            }
            return b;
        }
        let b = self.new_block();
        self.fs().labels.insert(name, (b, define, span));
        b
    }

    fn switch_stmt(&mut self, cond: &ast::Expr<'_>, body: &Stmt<'_>) {
        let Some((v, t)) = self.expr_rv(cond) else {
            return;
        };
        let Some(k) = self.types.int_kind(t.ty) else {
            self.error(cond.span, "expression must have integral or enum type");
            return;
        };
        let pk = promote(k);
        let pt = self.types.int(pk);
        let v = self.convert(v, t.ty, pt);
        let (head, exit) = self.open_switch(pk);
        self.enter_breakable(false);
        self.scoped_stmt(body);
        self.leave_breakable(false);
        self.close_switch(head, v, exit);
    }

    /// Starts a `switch` on a value of the (promoted) kind `kind` computed in the current
    /// block: returns that block and the exit block, with the body's statements before
    /// the first label going into a dead block, and `break` leading to the exit.
    pub(super) fn open_switch(&mut self, kind: crate::sema::types::IntKind) -> (Block, Block) {
        let head = self.cur_block();
        let exit = self.new_block();
        // Statements before the first label are unreachable; they go into a dead block.
        let dead = self.new_block();
        self.switch_to(dead);
        self.fs().switches.push(SwitchCtx {
            kind,
            cases: Vec::new(),
            seen: hashbrown::HashSet::new(),
            default: None,
        });
        self.fs().breaks.push(exit);
        (head, exit)
    }

    /// Ends the `switch` `open_switch` started: one IR `Switch` on `v` at the end of
    /// `head`, to the case blocks, the default or the exit.
    pub(super) fn close_switch(&mut self, head: Block, v: oxicc_ir::Value, exit: Block) {
        self.fs().breaks.pop();
        let ctx = self.fs().switches.pop().expect("pushed by open_switch");
        self.jump_to(exit);
        let default = ctx.default.unwrap_or(exit);
        let cases = ctx
            .cases
            .iter()
            .map(|(val, b)| (*val, BlockCall::plain(*b)))
            .collect();
        let fs = self.fs();
        let inst = fs.func.make_inst(
            InstData::Switch {
                arg: v,
                cases,
                default: BlockCall::plain(default),
            },
            None,
        );
        fs.func.blocks[head].insts.push(inst);
        self.switch_to(exit);
    }

    /// `case v:` / `default:`: a new block the previous case falls through into.
    fn case_label(&mut self, value: Option<&ast::Expr<'_>>, span: Span) {
        if self.fs().switches.is_empty() {
            let what = if value.is_some() { "case" } else { "default" };
            self.error(
                span,
                format!("a {what} label may only be used within a switch"),
            );
            return;
        }
        let key = match value {
            Some(e) => {
                let Some(n) = self.const_int(e) else {
                    return;
                };
                let k = self.fs().switches.last().expect("checked").kind;
                // A case label is a converted constant expression of the condition's
                // (promoted) type: a value that does not fit is a narrowing error.
                if !crate::sema::conv::int_fits(n, k) {
                    let from = match self.quietly(|l| crate::sema::consteval::eval(l, e).ok()) {
                        Some(crate::sema::ConstValue::Int { kind, .. }) => kind.name(),
                        _ => "long long",
                    };
                    self.error(
                        e.span,
                        format!(
                            "invalid narrowing conversion from \"{from}\" to \"{}\": constant value does not fit in destination type",
                            k.name()
                        ),
                    );
                    return;
                }
                let bits = k.bits();
                let masked = if bits >= 64 {
                    n as u64
                } else {
                    (n as u64) & ((1u64 << bits) - 1)
                };
                Some(masked)
            }
            None => None,
        };
        let b = self.new_block();
        let ctx = self.fs().switches.last_mut().expect("checked");
        match key {
            Some(k) => {
                if !ctx.seen.insert(k) {
                    self.error(span, "case label value has already appeared in this switch");
                    return;
                }
                ctx.cases.push((k, b));
            }
            None => {
                if ctx.default.is_some() {
                    self.error(span, "default label has already appeared in this switch");
                    return;
                }
                ctx.default = Some(b);
            }
        }
        self.jump_to(b);
        self.switch_to(b);
    }

    fn return_stmt(&mut self, v: Option<&ast::Expr<'_>>, span: Span) {
        if self.deducing_return(v, span) {
            return;
        }
        let ret_ty = self.fs().ret_ty;
        let is_void = self.types.is_void(ret_ty.ty);
        // The variable returned by NRVO (not destroyed).
        let mut skip = None;
        match (v, is_void) {
            (Some(e), true) => {
                // `return f();` with a void `f` is allowed in C++.
                if let Some(o) = self.expr(e) {
                    if !self.types.is_void(o.ty.ty) {
                        self.error(e.span, "return value type does not match the function type");
                    }
                }
            }
            (Some(e), false) if self.types.is_record(ret_ty.ty) => {
                let m = self.full_expr_mark();
                if let Some(o) = self.expr_for(e, ret_ty) {
                    match o.kind {
                        OpKind::LValue(src)
                            if o.ty.ty == ret_ty.ty
                                || self.base_offset(o.ty.ty, ret_ty.ty).is_some() =>
                        {
                            let Some(slot) = self.fs().ret_slot else {
                                return;
                            };
                            let (o, nrvo) = self.returned_object(e, o, ret_ty);
                            if nrvo {
                                let size = self.types.size_of(ret_ty.ty).unwrap_or(0);
                                let align = self.types.align_of(ret_ty.ty);
                                self.copy_bytes(slot, src, size, align, false);
                                skip = Some(src);
                            } else {
                                self.copy_construct(slot, ret_ty.unqual(), o, e.span);
                            }
                        }
                        _ => {
                            self.error(e.span, "return value type does not match the function type")
                        }
                    }
                }
                self.end_full_expr(m);
            }
            (Some(e), false) => {
                let m = self.full_expr_mark();
                let o = if self.referent(ret_ty).is_some() {
                    self.expr_lvalue(e)
                } else {
                    self.expr_for(e, ret_ty)
                };
                if let Some(o) = o {
                    let val = self.implicit(o, ret_ty, ConvCtx::Return, e.span);
                    // The slot is missing only when its allocation was already reported.
                    if let (Some(val), Some(slot)) = (val, self.fs().ret_slot) {
                        self.store_scalar(slot, val, ret_ty.unqual());
                    }
                }
                self.end_full_expr(m);
            }
            (None, false) => {
                let fid = self.fs().fn_id;
                let name = self.func_info(fid).name;
                self.warning(
                    span,
                    format!(
                        "non-void function \"{}\" should return a value",
                        self.name(name)
                    ),
                );
            }
            (None, true) => {}
        }
        self.cleanup_for_return(skip);
        let rb = self.fs().ret_block;
        self.jump_to_always(rb);
    }

    /// A declaration inside a function body.
    fn local_decl(&mut self, d: &ast::Decl<'_>) {
        match d {
            ast::Decl::Namespace(_)
            | ast::Decl::UsingDirective { .. }
            | ast::Decl::NamespaceAlias { .. }
            | ast::Decl::UsingDecl { .. } => self.local_decl_cxx(d),
            ast::Decl::Var(vd) => self.local_var(vd),
            ast::Decl::Typedef(td) => self.typedef_decl(td),
            ast::Decl::Record(rd) => {
                self.define_record(rd);
            }
            ast::Decl::Enum(ed) => {
                self.define_enum(ed);
            }
            ast::Decl::Bindings(b) => self.structured_binding(b),
            ast::Decl::Function(fd) => {
                if fd.body.is_some() {
                    self.error(
                        fd.span,
                        "function definitions are not allowed inside a function",
                    );
                } else {
                    self.function_decl(fd);
                }
            }
            ast::Decl::Unsupported { what, span } => {
                self.error(*span, format!("{what} is not supported yet"));
            }
            ast::Decl::Friend { .. } => {}
            ast::Decl::StaticAssert {
                cond,
                message,
                span,
            } => self.static_assert(cond, *message, *span),
            ast::Decl::Template(t) => {
                self.error(t.span, "a template declaration is not allowed here");
            }
            ast::Decl::ExplicitInstantiation(fd) => {
                self.error(fd.span, "an explicit instantiation is not allowed here");
            }
        }
    }

    pub(super) fn local_var(&mut self, vd: &ast::VarDecl<'_>) {
        let errors = self.diags.error_count();
        let m = self.full_expr_mark();
        self.local_var_inner(vd);
        self.end_full_expr(m);
        // A declaration that failed still declares its name (no cascade of "undefined").
        if self.scopes.lookup_local(vd.name).is_none() {
            // Every later use of a poisoned name is dropped quietly, so a failure that
            // reported nothing would silently remove code from the kernel: say so.
            if self.diags.error_count() == errors {
                self.error(
                    vd.name_span,
                    format!(
                        "internal error: oxicc could not lower the declaration of \"{}\"",
                        self.name(vd.name)
                    ),
                );
            }
            self.scopes.bind(vd.name, Binding::Poisoned);
        }
    }

    fn local_var_inner(&mut self, vd: &ast::VarDecl<'_>) {
        let ty = if let ast::TypeExpr::DecltypeAuto(span) = vd.ty {
            // `decltype(auto) x = e;`: the declaration as if written with decltype(e).
            match &vd.init {
                Some(ast::Init::Expr(e)) => self.decltype_auto_type(e),
                _ => {
                    self.error(*span, "cannot deduce \"decltype(auto)\" type");
                    None
                }
            }
        } else if Self::contains_auto(vd.ty) && !(vd.specs.shared || vd.specs.is_static) {
            return self.local_auto(vd);
        } else {
            self.resolve_type(vd.ty)
        };
        let Some(ty) = ty else {
            return;
        };
        if self.scopes.lookup_local(vd.name).is_some() {
            self.error(
                vd.name_span,
                format!(
                    "\"{}\" has already been declared in the current scope",
                    self.name(vd.name)
                ),
            );
            return;
        }
        let s = vd.specs;
        if s.constant {
            self.error(
                vd.span,
                "a \"__constant__\" variable declaration is not allowed inside a function body",
            );
            return;
        }
        if s.is_extern && !s.shared {
            self.error(
                vd.span,
                "extern declarations inside functions are not supported yet",
            );
            return;
        }
        if s.shared || s.is_static {
            // Function-scope `__shared__` and `static` variables are module variables with
            // nvcc's local-entity names.
            let space = if s.shared {
                AddrSpace::Shared
            } else {
                AddrSpace::Global
            };
            let name = self.local_static_name(vd.name);
            let extern_shared = s.is_extern && s.shared;
            let Some(written_align) = self.written_align(vd.align) else {
                return;
            };
            let Some((gid, ty)) = self.define_module_var(
                name,
                ty,
                space,
                vd.span,
                written_align,
                extern_shared,
                vd.init.as_ref(),
            ) else {
                return;
            };
            // A constexpr variable is const (what the `C` asm constraint asks of it).
            let ty = if s.is_constexpr {
                ty.with_quals(crate::sema::types::Qualifiers {
                    konst: true,
                    ..ty.quals
                })
            } else {
                ty
            };
            let id = self.add_var(VarInfo {
                name: vd.name,
                ty,
                storage: Storage::Global(gid, space),
                const_value: None,
            });
            self.scopes.bind(vd.name, Binding::Var(id));
            return;
        }
        if let Some(referent) = self.referent(ty) {
            let rvalue = matches!(
                self.types.kind(ty.ty),
                crate::sema::types::TypeKind::Reference { rvalue: true, .. }
            );
            self.local_reference(vd, referent, rvalue);
            return;
        }
        let ty = match &vd.init {
            Some(i) => self.complete_array_from_init(ty, i),
            None => ty,
        };
        if self.types.is_function(ty.ty) {
            self.error(
                vd.span,
                "function declarations of this form are not supported yet",
            );
            return;
        }
        let Some(size) = self.types.size_of(ty.ty) else {
            self.error(vd.span, "incomplete type is not allowed");
            return;
        };
        let mut align = self.types.align_of(ty.ty);
        if let Some(a) = vd.align {
            match self.alignment(a) {
                Some(a) => align = align.max(a),
                None => return,
            }
        }
        let Some(slot) = self.alloca(size, align, vd.span) else {
            return;
        };
        let const_value = self.local_const_value(ty, vd);
        let id = self.add_var(VarInfo {
            name: vd.name,
            ty,
            storage: Storage::Local(slot),
            const_value,
        });
        // The name is visible in its own initializer (C++ [basic.scope.pdecl]).
        self.scopes.bind(vd.name, Binding::Var(id));
        if self.is_constexpr_object(ty, vd) {
            self.constexpr_local(id, slot, ty, vd);
        } else if let Some(cv) = const_value.filter(|_| vd.specs.is_constexpr) {
            // Its value is known (the initializer may name host constexpr objects that
            // only constant evaluation may read).
            let vt = self.val_type(ty.ty);
            let v = match cv {
                crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
            };
            self.store_scalar(slot, v, ty.unqual());
        } else if let (Some(ast::Init::List { items, span }), Some(_)) =
            (&vd.init, self.init_list_elem(ty))
        {
            self.init_list_at(slot, ty.unqual(), items, *span, true);
        } else if let Some(init) = &vd.init {
            self.local_init(slot, ty, init, vd.span);
        } else if self.needs_default_construct(ty) {
            self.default_construct(slot, ty, vd.span);
        }
        self.register_local_dtor(slot, ty);
        if self.is_class(ty).is_some() {
            self.fs().cleanups.local_objects.insert(id.0);
        }
    }

    /// A local `auto` variable: typed and initialized from its initializer.
    fn local_auto(&mut self, vd: &ast::VarDecl<'_>) {
        if self.scopes.lookup_local(vd.name).is_some() {
            self.error(
                vd.name_span,
                format!(
                    "\"{}\" has already been declared in the current scope",
                    self.name(vd.name)
                ),
            );
            return;
        }
        let Some((slot, ty)) = self.local_auto_var(vd) else {
            return;
        };
        let const_value = self.local_const_value(ty, vd);
        let id = self.add_var(VarInfo {
            name: vd.name,
            ty,
            storage: Storage::Local(slot),
            const_value,
        });
        self.scopes.bind(vd.name, Binding::Var(id));
        self.register_local_dtor(slot, ty);
        if self.is_class(ty).is_some() {
            self.fs().cleanups.local_objects.insert(id.0);
        }
    }

    /// `const int N = 16;` inside a function is a constant expression in C++.
    fn local_const_value(
        &mut self,
        ty: QualType,
        vd: &ast::VarDecl<'_>,
    ) -> Option<crate::sema::ConstValue> {
        if !(ty.quals.konst || vd.specs.is_constexpr) || ty.quals.volatile {
            return None;
        }
        let a = self.arith_of(ty.ty)?;
        let Some(ast::Init::Expr(e)) = &vd.init else {
            return None;
        };
        // A `const` variable whose initializer is not a constant (a call of a function
        // that is not constexpr) is simply not a constant: nothing is reported. A
        // `constexpr` one must be, and its errors stand.
        let v = if vd.specs.is_constexpr {
            crate::sema::consteval::eval(self, e).ok()?
        } else {
            self.quietly(|l| crate::sema::consteval::eval(l, e).ok())?
        };
        Some(v.convert(a))
    }
}
