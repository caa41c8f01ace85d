//! Temporaries made in only one arm of `?:`, `&&`, `||` (or a later operand of a `&&`/`||`
//! fold): C++ [class.temporary] destroys at the end of the full expression exactly the
//! temporaries that were created, so each such temporary gets a flag (a stack slot set to
//! false on entry to the function, true after the construction in its arm) and its
//! destruction is `if (flag) { ~T(); flag = false; }` (the reset matters when the expression
//! runs again in a loop). nvcc does the same with its cleanup flags.

use super::cleanup::Cleanup;
use super::Lowerer;
use crate::source::Span;
use oxicc_ir::{InstData, MemFlags, Type, Value};

impl Lowerer<'_> {
    /// The number of live cleanups: pass to [`Lowerer::flag_conditional_temps`] after
    /// lowering a conditionally evaluated operand.
    pub fn cleanup_mark(&mut self) -> usize {
        if self.in_function() {
            self.fs().cleanups.live.len()
        } else {
            0
        }
    }

    /// Gives every unflagged temporary made since `mark` a flag set here (the current block
    /// is on the path that constructed them).
    pub fn flag_conditional_temps(&mut self, mark: usize) {
        if !self.in_function() || self.fs().cleanups.live.len() <= mark {
            return;
        }
        for i in mark..self.fs().cleanups.live.len() {
            let c = self.fs().cleanups.live[i];
            if !c.temp || c.flag.is_some() {
                continue;
            }
            let Some(flag) = self.entry_false_flag() else {
                return;
            };
            let t = self.iconst(Type::I8, 1);
            self.store(flag, t, 1, false);
            self.fs().cleanups.live[i].flag = Some(flag);
        }
    }

    /// A one-byte stack slot holding 0 from the start of the function (the store is placed
    /// after the entry block's stack addresses, so it runs before anything else).
    fn entry_false_flag(&mut self) -> Option<Value> {
        let slot = self.alloca(1, 1, self.cur_span)?;
        let fs = self.fs();
        let zero = fs.func.make_inst(
            InstData::IConst {
                ty: Type::I8,
                imm: 0,
            },
            Some(Type::I8),
        );
        let zv = fs.func.result(zero);
        let store = fs.func.make_inst(
            InstData::Store {
                ptr: slot,
                value: zv,
                flags: MemFlags::aligned(1),
            },
            None,
        );
        fs.prologue.extend([zero, store]);
        Some(slot)
    }

    /// Destroys the object of cleanup `c`: unconditionally, or when its flag says it was
    /// constructed (resetting the flag).
    pub(super) fn destroy_cleanup(&mut self, c: &Cleanup, span: Span) {
        let Some(flag) = c.flag else {
            self.destroy_object(c.addr, c.ty, span);
            return;
        };
        let f = self.load(Type::I8, flag, 1, false);
        let zero = self.iconst(Type::I8, 0);
        let made = self.icmp(oxicc_ir::IntCC::Ne, f, zero);
        let yes = self.new_block();
        let done = self.new_block();
        self.branch(made, yes, done);
        self.switch_to(yes);
        self.destroy_object(c.addr, c.ty, span);
        let zero = self.iconst(Type::I8, 0);
        self.store(flag, zero, 1, false);
        self.jump_to(done);
        self.switch_to(done);
    }
}
