//! Statements of the typed tree to IR, in the block shapes of the one-walk lowering
//! (`irgen/stmt.rs`): a header block per loop carrying its unroll hint, `break` and
//! `continue` targets, `return` through the function's single return block.

use super::TypedCx;
use crate::irgen::Lowerer;
use crate::sema::tree::{StmtId, StmtKind, Unroll};
use oxicc_ir::{Block, UnrollHint};

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
            StmtKind::Local { local, init } => {
                let l = cx.body.local(local);
                let (ty, align, span) = (l.ty, l.align, l.span);
                let size = self.types.size_of(ty.ty).unwrap_or(1);
                let Some(slot) = self.alloca(size, align, span) else {
                    return;
                };
                cx.slots[local.0 as usize] = Some(slot);
                if let Some(init) = init {
                    if let Some(v) = self.typed_value(cx, init) {
                        self.store_scalar(slot, v, ty);
                    }
                }
            }
            StmtKind::Block(ref stmts) | StmtKind::Decls(ref stmts) => {
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
                self.typed_stmt(cx, then);
                self.jump_to(join);
                if let Some(e) = els {
                    self.switch_to(eb);
                    self.typed_stmt(cx, e);
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
            }
            StmtKind::Break => {
                let b = *self.fs().breaks.last().expect("analysis checked the loop");
                self.typed_jump(b);
            }
            StmtKind::Continue => {
                let b = *self
                    .fs()
                    .continues
                    .last()
                    .expect("analysis checked the loop");
                self.typed_jump(b);
            }
            StmtKind::Return(v) => {
                if let Some(v) = v {
                    let ret_ty = self.fs().ret_ty;
                    if let (Some(val), Some(slot)) = (self.typed_value(cx, v), self.fs().ret_slot) {
                        self.store_scalar(slot, val, ret_ty.unqual());
                    }
                }
                let rb = self.fs().ret_block;
                self.typed_jump(rb);
            }
            StmtKind::Empty => {}
        }
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
        self.typed_stmt(cx, body);
        self.fs().breaks.pop();
        self.fs().continues.pop();
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
