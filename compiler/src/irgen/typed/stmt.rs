//! Statements of the typed tree to IR, in the block shapes of the one-walk lowering
//! (`irgen/stmt.rs`): a header block per loop carrying its unroll hint, `break` and
//! `continue` targets, `return` through the function's single return block.

use super::TypedCx;
use crate::irgen::expr::ConvCtx;
use crate::irgen::expr::OpKind;
use crate::irgen::{Lowerer, Storage};
use crate::sema::tree::{Decl, ExprId, ExprKind, LocalStorage, StmtId, StmtKind, Unroll};
use oxicc_ir::{AddrSpace, Block, UnrollHint};

impl Lowerer<'_> {
    pub(super) fn typed_stmt(&mut self, cx: &mut TypedCx<'_>, id: StmtId) {
        let s = cx.body.stmt(id).clone();
        if self.opts.line_info {
            self.set_loc(s.span.file, s.span.start, true);
        }
        match s.kind {
            StmtKind::Expr(e) => {
                self.typed_expr(cx, e);
            }
            StmtKind::Local {
                local,
                init,
                init_first,
            } => {
                let l = cx.body.local(local);
                let (ty, align, span) = (l.ty, l.align, l.span);
                if l.storage == LocalStorage::Reference {
                    // The referred object's address, generic as the one-walk
                    // `bind_reference` makes it.
                    if let Some(a) = init.and_then(|i| self.typed_place(cx, i)) {
                        let g = self.generic_ptr(a);
                        cx.slots[local.0 as usize] = Some(Storage::Local(g));
                    }
                    return;
                }
                if l.storage != LocalStorage::Automatic {
                    // A module variable with nvcc's local-entity name.
                    let (space, dynamic) = match l.storage {
                        LocalStorage::Shared { dynamic } => (AddrSpace::Shared, dynamic),
                        _ => (AddrSpace::Global, false),
                    };
                    let name = self.local_static_name(l.name);
                    // `align` is at least the type's: the written alignment, if any.
                    if let Some((g, _)) =
                        self.define_module_var(name, ty, space, span, Some(align), dynamic, None)
                    {
                        cx.slots[local.0 as usize] = Some(Storage::Global(g, space));
                    }
                    return;
                }
                let size = self.types.size_of(ty.ty).unwrap_or(1);
                // A deduced type: the initializer's expression first, then the storage,
                // then its read and conversion (as the one-walk lowering does).
                let staged = match (init_first, init) {
                    (true, Some(i)) => {
                        let st = self.stage(cx, i);
                        let Some(core) = self.typed_expr(cx, st.core) else {
                            return;
                        };
                        Some((st, core))
                    }
                    _ => None,
                };
                let Some(slot) = self.alloca(size, align, span) else {
                    return;
                };
                cx.slots[local.0 as usize] = Some(Storage::Local(slot));
                if let Some(ExprKind::Construct { args, from_expr }) =
                    init.map(|i| &cx.body.expr(i).kind)
                {
                    // A class with constructors: constructed in place, the arguments
                    // lowered first (the one-walk `construct_from_init`).
                    let (args, from_expr) = (args.clone(), *from_expr);
                    let args = self.typed_staged_args(cx, &args);
                    // `T t = u;` of another class converts by `u`'s conversion function
                    // to `T` when it has one (`thread_block_tile<8> t = tiled_partition<8>(b)`).
                    let args = match args {
                        Some(args) if from_expr && args.len() == 1 => {
                            let (o, at) = args[0];
                            match self.class_to_class(&o, ty, at) {
                                Some(Some(c)) => Some(vec![(c, at)]),
                                Some(None) => None,
                                None => Some(args),
                            }
                        }
                        args => args,
                    };
                    if let Some(args) = args {
                        // `T t = u;` that no constructor can take: nvcc's message.
                        let unconvertible = match &args[..] {
                            [(o, at)] => self.no_ctor_takes_one(ty, o, *at),
                            _ => false,
                        };
                        if !unconvertible {
                            self.construct_at(slot, ty, args, span);
                        }
                    }
                    // Destroyed at the end of its scope (or on a jump out of it).
                    self.register_local_dtor(slot, ty);
                    return;
                }
                if let Some(ExprKind::Aggregate { leaves }) = init.map(|i| &cx.body.expr(i).kind) {
                    let leaves = leaves.clone();
                    self.typed_aggregate_init(cx, slot, ty, &leaves);
                    self.register_local_dtor(slot, ty);
                    return;
                }
                if self.types.is_record(ty.ty) {
                    // A plain class: copied from its initializer (lowered already when
                    // the type is deduced), as the one-walk lowering copies it.
                    if let Some(init) = init {
                        let span = cx.body.expr(init).span;
                        let o = match staged {
                            Some((_, core)) => Some(core),
                            None => self.typed_expr(cx, init),
                        };
                        if let Some(o) = o {
                            self.copy_construct(slot, ty.unqual(), o, span);
                        }
                    }
                    self.register_local_dtor(slot, ty);
                    return;
                }
                let v = match (staged, init) {
                    (Some((st, core)), _) => self
                        .staged_read(cx, core, &st)
                        .map(|v| self.staged_convs(cx, v, &st)),
                    (None, Some(init)) => self.typed_value(cx, init),
                    (None, None) => None,
                };
                if let Some(v) = v {
                    self.store_scalar(slot, v, ty);
                }
            }
            // A block is a scope: its end destroys its objects (`pop_scope`), as in the
            // one-walk lowering, whose scope depths the destructor bookkeeping shares.
            StmtKind::Block(ref stmts) => {
                self.scopes.push();
                for &st in stmts {
                    self.typed_stmt(cx, st);
                }
                self.pop_scope();
            }
            StmtKind::Decls(ref stmts) => {
                for &st in stmts {
                    self.typed_stmt(cx, st);
                }
            }
            StmtKind::If { cond, then, els } => {
                let c = self.typed_value(cx, cond);
                let tb = self.new_block();
                let join = self.new_block();
                let eb = if els.is_some() {
                    self.new_block()
                } else {
                    join
                };
                match c {
                    Some(c) => self.branch(c, tb, eb),
                    None => self.jump_to(tb),
                }
                self.switch_to(tb);
                self.typed_scoped_stmt(cx, then);
                self.jump_to(join);
                if let Some(e) = els {
                    self.switch_to(eb);
                    self.typed_scoped_stmt(cx, e);
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
                self.typed_unroll(header, unroll);
                match self.typed_value(cx, cond) {
                    Some(c) => self.branch(c, bb, exit),
                    None => self.jump_to(exit),
                }
                self.switch_to(bb);
                self.typed_loop_body(cx, body, exit, header);
                self.jump_to(header);
                self.switch_to(exit);
            }
            StmtKind::DoWhile { body, cond, unroll } => {
                let bb = self.new_block();
                let cb = self.new_block();
                let exit = self.new_block();
                self.jump_to(bb);
                self.switch_to(bb);
                self.typed_unroll(bb, unroll);
                self.typed_loop_body(cx, body, exit, cb);
                self.jump_to(cb);
                self.switch_to(cb);
                match self.typed_value(cx, cond) {
                    Some(c) => self.branch(c, bb, exit),
                    None => self.jump_to(exit),
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
                    self.typed_stmt(cx, i);
                }
                let header = self.new_block();
                let bb = self.new_block();
                let sb = self.new_block();
                let exit = self.new_block();
                self.jump_to(header);
                self.switch_to(header);
                self.typed_unroll(header, unroll);
                match cond {
                    Some(c) => match self.typed_value(cx, c) {
                        Some(c) => self.branch(c, bb, exit),
                        None => self.jump_to(exit),
                    },
                    None => self.jump_to(bb),
                }
                self.switch_to(bb);
                self.typed_loop_body(cx, body, exit, sb);
                self.jump_to(sb);
                self.switch_to(sb);
                if let Some(st) = step {
                    self.typed_expr(cx, st);
                }
                self.jump_to(header);
                self.switch_to(exit);
                self.pop_scope();
            }
            StmtKind::Switch { cond, body } => {
                self.scopes.push();
                self.typed_switch(cx, cond, body);
                self.pop_scope();
            }
            StmtKind::Case { value, body } => {
                self.typed_case(Some(value));
                self.typed_stmt(cx, body);
            }
            StmtKind::Default { body } => {
                self.typed_case(None);
                self.typed_stmt(cx, body);
            }
            StmtKind::Break => {
                let b = *self.fs().breaks.last().expect("analysis checked the loop");
                self.cleanup_for_break();
                self.typed_jump(b);
            }
            StmtKind::Continue => {
                let b = *self
                    .fs()
                    .continues
                    .last()
                    .expect("analysis checked the loop");
                self.cleanup_for_continue();
                self.typed_jump(b);
            }
            StmtKind::Return(v) => {
                if self.fs().ret_pending {
                    // The first `return` of a function whose return type sema deduced.
                    let ty = cx.body.deduced_ret.unwrap_or(self.fs().ret_ty);
                    self.deduce_return_type(ty, s.span);
                }
                let ret_ty = self.fs().ret_ty;
                if let (Some(v), true) = (v, self.types.is_record(ret_ty.ty)) {
                    self.typed_return_class(cx, v);
                } else if let Some(v) = v {
                    let ret_ty = self.fs().ret_ty;
                    let val = if self.referent(ret_ty).is_some() {
                        // A reference result: the address of the lvalue, as the one-walk
                        // lowering binds it.
                        let span = cx.body.expr(v).span;
                        let op = self.typed_expr(cx, v);
                        op.and_then(|o| self.implicit(o, ret_ty, ConvCtx::Return, span))
                    } else {
                        self.typed_value(cx, v)
                    };
                    if let (Some(val), Some(slot)) = (val, self.fs().ret_slot) {
                        self.store_scalar(slot, val, ret_ty.unqual());
                    }
                }
                self.cleanup_for_return(None);
                let rb = self.fs().ret_block;
                self.typed_jump(rb);
            }
            StmtKind::Empty => {}
            StmtKind::LocalType { name, ty } => {
                self.scopes.bind(name, crate::irgen::Binding::Typedef(ty));
            }
            StmtKind::Asm(a) => self.typed_asm(cx, &a),
        }
    }

    /// An inline PTX statement: the outputs' places, then the register inputs' values, in
    /// the written order (as the one-walk lowering evaluates them), then the instruction.
    fn typed_asm(&mut self, cx: &mut TypedCx<'_>, a: &crate::sema::tree::AsmStmt) {
        let mut outputs = Vec::with_capacity(a.outputs.len());
        for o in &a.outputs {
            let Some(addr) = self.typed_place(cx, o.place) else {
                return;
            };
            outputs.push(crate::irgen::inline_asm::AsmOutput {
                reg: o.reg,
                addr,
                ty: cx.body.expr(o.place).ty,
                read_write: o.read_write,
            });
        }
        let mut inputs = Vec::with_capacity(a.inputs.len());
        for i in &a.inputs {
            let Some(v) = self.typed_value(cx, i.value) else {
                return;
            };
            inputs.push((i.reg, self.asm_in_value(v, i.reg)));
        }
        self.emit_asm(a.pieces.clone(), &outputs, &inputs, a.volatile, a.memory);
    }

    /// `return e;` of a plain class: copied into the result slot. A local object is
    /// returned by NRVO, which for a plain class is the same byte copy (the one-walk
    /// lowering's `return_stmt`).
    fn typed_return_class(&mut self, cx: &mut TypedCx<'_>, v: ExprId) {
        let ret_ty = self.fs().ret_ty;
        let span = cx.body.expr(v).span;
        let Some(o) = self.typed_expr(cx, v) else {
            return;
        };
        let (OpKind::LValue(src), Some(slot)) = (o.kind, self.fs().ret_slot) else {
            return;
        };
        let local = matches!(
            cx.body.expr(v).kind,
            ExprKind::Name(Decl::Local(l)) if cx.body.local(l).storage == LocalStorage::Automatic
        );
        if local {
            let size = self.types.size_of(ret_ty.ty).unwrap_or(0);
            let align = self.types.align_of(ret_ty.ty);
            self.copy_bytes(slot, src, size, align, false);
        } else {
            self.copy_construct(slot, ret_ty.unqual(), o, span);
        }
    }

    /// `switch`: one IR `Switch` at the end of the block that computed the condition, to
    /// case blocks that fall through into each other (as `irgen/stmt.rs`).
    fn typed_switch(&mut self, cx: &mut TypedCx<'_>, cond: ExprId, body: StmtId) {
        let Some(v) = self.typed_value(cx, cond) else {
            return;
        };
        let Some(kind) = self.types.int_kind(cx.body.expr(cond).ty.ty) else {
            return;
        };
        let (head, exit) = self.open_switch(kind);
        self.enter_breakable(false);
        self.typed_scoped_stmt(cx, body);
        self.leave_breakable(false);
        self.close_switch(head, v, exit);
    }

    /// `case`/`default`: a new block the previous case falls through into.
    fn typed_case(&mut self, value: Option<u64>) {
        let b = self.new_block();
        let ctx = self
            .fs()
            .switches
            .last_mut()
            .expect("analysis checked the switch");
        match value {
            Some(k) => ctx.cases.push((k, b)),
            None => ctx.default = Some(b),
        }
        self.jump_to(b);
        self.switch_to(b);
    }

    /// A jump from the current point even if the block already ended (into a dead block).
    fn typed_jump(&mut self, b: Block) {
        if self.terminated() {
            let d = self.new_block();
            self.switch_to(d);
        }
        self.jump_to(b);
    }

    fn typed_loop_body(&mut self, cx: &mut TypedCx<'_>, body: StmtId, brk: Block, cont: Block) {
        self.fs().breaks.push(brk);
        self.fs().continues.push(cont);
        let depth = self.scopes.depth();
        self.enter_breakable_at(depth);
        self.typed_scoped_stmt(cx, body);
        self.leave_breakable(true);
        self.fs().breaks.pop();
        self.fs().continues.pop();
    }

    /// A sub-statement of `if`, `switch` and loops: a scope of its own (C++
    /// [stmt.select], [stmt.iter]).
    fn typed_scoped_stmt(&mut self, cx: &mut TypedCx<'_>, s: StmtId) {
        self.scopes.push();
        self.typed_stmt(cx, s);
        self.pop_scope();
    }

    fn typed_unroll(&mut self, header: Block, unroll: Option<Unroll>) {
        let hint = match unroll {
            None => return,
            Some(Unroll::Full) => UnrollHint::Full,
            Some(Unroll::Count(n)) => UnrollHint::Count(n),
        };
        self.fs().func.blocks[header].unroll = hint;
    }
}
