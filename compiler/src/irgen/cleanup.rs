//! Destructors (C++ [class.dtor], [stmt.jump], [class.temporary]): the objects with
//! non-trivial destructors that are alive in the function being lowered, and the calls
//! that end their lifetimes.
//!
//! Every such object is a [`Cleanup`] on one stack per function (`FnState::cleanups`):
//! automatic variables carry the block-scope depth they were declared at, temporaries are
//! marked `temp`. A block's end destroys its variables in reverse order
//! ([`Lowerer::pop_scope`]); `break`/`continue` destroy the variables of the scopes they
//! leave, `return` all of them (after the return value is built), and `goto` the ones that
//! are alive at the jump but not at the label (a forward `goto` jumps to a block that is
//! filled in when the label is reached). A full expression ends with the destruction of
//! its temporaries in reverse order of construction ([`Lowerer::end_full_expr`]); a
//! temporary whose copy is elided is taken off the stack ([`Lowerer::consume_temporary`]),
//! one bound to a local reference lives as long as the reference
//! ([`Lowerer::extend_temporary`]).
//!
//! Classes without a non-trivial destructor never reach this stack, so C code is unchanged.
//! Temporaries created in only one arm of `?:`/`&&`/`||` carry a flag (`cond_temps.rs`).

use super::expr::Operand;
use super::Lowerer;
use crate::intern::Symbol;
use crate::sema::types::QualType;
use crate::source::Span;
use hashbrown::HashMap;
use oxicc_ir::{Block, Value};

/// One object to destroy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cleanup {
    pub addr: Value,
    pub ty: QualType,
    /// The block-scope depth of a variable (its scope's end destroys it).
    pub depth: usize,
    /// A temporary (destroyed at the end of its full expression).
    pub temp: bool,
    /// A temporary of one arm of `?:`/`&&`/`||`: the flag slot saying it was constructed.
    pub flag: Option<Value>,
}

/// The destructor bookkeeping of one function.
#[derive(Default)]
pub(crate) struct Cleanups {
    pub live: Vec<Cleanup>,
    /// Scope depths outside the innermost loop/switch body (`break`) and loop body
    /// (`continue`), parallel to `FnState::breaks`/`continues`.
    pub break_depths: Vec<usize>,
    pub continue_depths: Vec<usize>,
    /// The objects alive at each label defined so far.
    pub label_live: HashMap<Symbol, Vec<Value>>,
    /// Forward `goto`s that left live objects: the block the jump went to (filled in with
    /// the destructor calls when the label is defined) and the objects alive at the jump.
    pub pending_gotos: Vec<(Symbol, Block, Vec<Cleanup>)>,
    /// Local class objects (`return x;` of one is NRVO) and by-value class parameters
    /// (`return p;` moves), by variable id.
    pub local_objects: hashbrown::HashSet<u32>,
    pub byval_params: hashbrown::HashSet<u32>,
}

impl Lowerer<'_> {
    fn cleanups(&mut self) -> &mut Cleanups {
        &mut self.fs().cleanups
    }

    /// A class temporary at `slot` made by this expression (a prvalue), registered for
    /// destruction at the end of the full expression.
    pub fn new_temporary(&mut self, slot: Value, ty: QualType) -> Operand {
        if self.in_function() && self.needs_dtor(ty) {
            let depth = self.scopes.depth();
            self.cleanups().live.push(Cleanup {
                addr: slot,
                ty,
                depth,
                temp: true,
                flag: None,
            });
        }
        Operand::temp(slot, ty)
    }

    /// Registers the automatic variable at `addr` for destruction at the end of its scope.
    pub fn register_local_dtor(&mut self, addr: Value, ty: QualType) {
        if self.in_function() && self.needs_dtor(ty) {
            let depth = self.scopes.depth();
            self.cleanups().live.push(Cleanup {
                addr,
                ty,
                depth,
                temp: false,
                flag: None,
            });
        }
    }

    /// The temporary at `addr` became another object (its copy was elided): it is not
    /// destroyed.
    pub fn consume_temporary(&mut self, addr: Value) {
        if !self.in_function() {
            return;
        }
        let live = &mut self.cleanups().live;
        if let Some(i) = live.iter().rposition(|c| c.temp && c.addr == addr) {
            live.remove(i);
        }
    }

    /// The temporary at `addr` is bound to a reference declared in the current scope: it
    /// lives until the end of that scope.
    pub fn extend_temporary(&mut self, addr: Value) {
        let depth = self.scopes.depth();
        if let Some(c) = self
            .cleanups()
            .live
            .iter_mut()
            .rev()
            .find(|c| c.temp && c.addr == addr)
        {
            c.temp = false;
            c.depth = depth;
        }
    }

    /// The start of a full expression (pass to `end_full_expr`).
    pub fn full_expr_mark(&mut self) -> usize {
        if self.in_function() {
            self.cleanups().live.len()
        } else {
            0
        }
    }

    /// Destroys the temporaries made since `mark`, last first.
    pub fn end_full_expr(&mut self, mark: usize) {
        if !self.in_function() || self.cleanups().live.len() <= mark {
            return;
        }
        let tail = self.cleanups().live.split_off(mark);
        let (temps, keep): (Vec<Cleanup>, Vec<Cleanup>) = tail.into_iter().partition(|c| c.temp);
        self.cleanups().live.extend(keep);
        let span = self.cur_span;
        for c in temps.iter().rev() {
            self.destroy_cleanup(c, span);
        }
    }

    /// Ends a block scope: destroys its variables (unless control never reaches its end)
    /// and pops its names.
    pub fn pop_scope(&mut self) {
        if self.in_function() {
            let depth = self.scopes.depth();
            let live = &self.fs().cleanups.live;
            if live.last().is_some_and(|c| c.depth >= depth) {
                let at = live
                    .iter()
                    .position(|c| c.depth >= depth)
                    .unwrap_or(live.len());
                let gone = self.cleanups().live.split_off(at);
                if !self.terminated() {
                    let span = self.cur_span;
                    for c in gone.iter().rev() {
                        self.destroy_cleanup(c, span);
                    }
                }
            }
        }
        self.scopes.pop();
    }

    /// Destroys (without forgetting them) the variables in scopes deeper than `depth`:
    /// before a jump out of them.
    fn destroy_deeper_than(&mut self, depth: usize, skip: Option<Value>) {
        let objs: Vec<Cleanup> = self
            .fs()
            .cleanups
            .live
            .iter()
            .filter(|c| c.depth > depth && Some(c.addr) != skip)
            .copied()
            .collect();
        let span = self.cur_span;
        for c in objs.iter().rev() {
            self.destroy_cleanup(c, span);
        }
    }

    /// Before `break`: the variables of the loop or switch body.
    pub fn cleanup_for_break(&mut self) {
        if let Some(&d) = self.fs().cleanups.break_depths.last() {
            self.destroy_deeper_than(d, None);
        }
    }

    /// Before `continue`: the variables of the loop body.
    pub fn cleanup_for_continue(&mut self) {
        if let Some(&d) = self.fs().cleanups.continue_depths.last() {
            self.destroy_deeper_than(d, None);
        }
    }

    /// Before `return`: every live object but `skip` (the variable returned by NRVO).
    pub fn cleanup_for_return(&mut self, skip: Option<Value>) {
        if !self.fs().cleanups.live.is_empty() {
            self.destroy_deeper_than(0, skip);
        }
    }

    /// Enters a loop or switch body (`continue_too`: a loop).
    pub fn enter_breakable(&mut self, continue_too: bool) {
        let d = self.scopes.depth();
        let c = self.cleanups();
        c.break_depths.push(d);
        if continue_too {
            c.continue_depths.push(d);
        }
    }

    /// Enters a loop body whose `break`/`continue` destroy the objects deeper than `d`.
    pub fn enter_breakable_at(&mut self, d: usize) {
        let c = self.cleanups();
        c.break_depths.push(d);
        c.continue_depths.push(d);
    }

    pub fn leave_breakable(&mut self, continue_too: bool) {
        let c = self.cleanups();
        c.break_depths.pop();
        if continue_too {
            c.continue_depths.pop();
        }
    }

    /// `goto name`: the block to jump to (which destroys the objects the jump leaves).
    pub fn goto_target(&mut self, name: Symbol, label: Block) -> Block {
        if self.fs().cleanups.live.iter().all(|c| c.temp) {
            return label;
        }
        if let Some(at_label) = self.fs().cleanups.label_live.get(&name).cloned() {
            let objs: Vec<Cleanup> = self
                .fs()
                .cleanups
                .live
                .iter()
                .filter(|c| !c.temp && !at_label.contains(&c.addr))
                .copied()
                .collect();
            let span = self.cur_span;
            for c in objs.iter().rev() {
                self.destroy_cleanup(c, span);
            }
            return label;
        }
        let b = self.new_block();
        let live: Vec<Cleanup> = self
            .fs()
            .cleanups
            .live
            .iter()
            .filter(|c| !c.temp)
            .copied()
            .collect();
        self.cleanups().pending_gotos.push((name, b, live));
        b
    }

    /// A label is defined at the current point (before the jump into `label`): fills in
    /// the forward `goto`s to it.
    pub fn define_label_cleanups(&mut self, name: Symbol, label: Block) {
        let here: Vec<Value> = self
            .fs()
            .cleanups
            .live
            .iter()
            .filter(|c| !c.temp)
            .map(|c| c.addr)
            .collect();
        let pending: Vec<(Symbol, Block, Vec<Cleanup>)> = {
            let p = &mut self.cleanups().pending_gotos;
            let (mine, rest): (Vec<_>, Vec<_>) = p.drain(..).partition(|g| g.0 == name);
            *p = rest;
            mine
        };
        if !pending.is_empty() {
            let back = self.fs().cur;
            for (_, b, live) in pending {
                self.switch_to(b);
                let span = self.cur_span;
                for c in live.iter().rev().filter(|c| !here.contains(&c.addr)) {
                    self.destroy_cleanup(c, span);
                }
                self.jump_to(label);
            }
            self.switch_to(back);
        }
        self.cleanups().label_live.insert(name, here);
    }

    /// How `return e;` initializes a class result: `(operand, true)` for a local variable
    /// of the result's class (named return value optimization, as nvcc does: the variable
    /// becomes the result, bitwise, and is not destroyed), an xvalue for a by-value
    /// parameter (C++'s implicit move on return), else the operand as it is.
    pub fn returned_object(
        &mut self,
        e: &crate::ast::Expr<'_>,
        o: Operand,
        ret: QualType,
    ) -> (Operand, bool) {
        let crate::ast::ExprKind::Ident(n) = e.kind else {
            return (o, false);
        };
        let Some(super::Binding::Var(v)) = self.lookup_ordinary(n) else {
            return (o, false);
        };
        if self.var(v).ty.ty != ret.ty || o.cat != super::expr::ValCat::LValue {
            return (o, false);
        }
        let c = &self.fs().cleanups;
        if c.local_objects.contains(&v.0) {
            return (o, true);
        }
        if c.byval_params.contains(&v.0) {
            let moved = Operand {
                cat: super::expr::ValCat::XValue,
                ..o
            };
            return (moved, false);
        }
        (o, false)
    }

    /// Calls the destructor of the object at `addr` (the implicit destructor: of its
    /// members and bases).
    pub fn destroy_object(&mut self, addr: Value, ty: QualType, span: Span) {
        if self.flat_array(ty).is_some() {
            self.for_each_element(addr, None, ty, 0, true, &mut |l, a, _, t| {
                l.destroy_object(a, t, span)
            });
            return;
        }
        let Some(r) = self.is_class(ty) else {
            return;
        };
        match self.classes.get(&r).and_then(|d| d.dtor) {
            Some(f) => {
                self.call_fn(f, Some(addr), Vec::new(), span, span);
            }
            None => self.destroy_members(addr, r, span),
        }
    }

    /// The members (last first), then the bases of the object of class `r` at `addr`: the
    /// implicit destructor, and what runs after a user destructor's body.
    pub fn destroy_members(&mut self, addr: Value, r: crate::sema::types::RecordId, span: Span) {
        let fields: Vec<(u64, QualType)> = self
            .types
            .record(r)
            .fields
            .iter()
            .map(|f| (f.offset, f.ty))
            .collect();
        for (off, ft) in fields.into_iter().rev() {
            if self.needs_dtor(ft) {
                let a = self.ptr_add_const(addr, off);
                self.destroy_object(a, ft, span);
            }
        }
    }
}
