//! Alias queries for the memory passes: may a store through one pointer change the bytes
//! a load through another reads?
//!
//! Four facts answer "no", each cheap after one sweep of the function:
//! - distinct non-generic address spaces never overlap;
//! - two pointers that are the same base value plus different constant byte offsets
//!   (`ptradd` with constant offsets and `addrspacecast`s followed back) overlap only when
//!   their byte ranges do;
//! - two distinct allocations (stack slots, module variables) never overlap, and a stack
//!   slot whose address never escapes (is only loaded from, stored to, offset and cast) is
//!   reached by no pointer that is not derived from its `stackaddr`;
//! - memory reached through a kernel's unescaped `__restrict__` parameter is reached through
//!   no pointer that is not derived from it (the parameter sets of
//!   `invariant_loads::pointer_objects`, computed only when the kernel has such a
//!   parameter).
//!
//! The roots and base offsets are computed in reverse post-order, where every operand of a
//! `ptradd` or cast is defined before its use, so a root is exact (never a truncated walk):
//! the escape test relies on that. Block parameters and `select`s are roots of their own, and
//! passing a slot's address to one counts as an escape. Linear in the function's size.

use crate::invariant_loads::{self, Objects};
use oxicc_ir::{
    AddrSpace, CastOp, Cfg, Function, GlobalId, InstData, SecondaryMap, StackSlot, Value,
};

/// Where a pointer comes from, through `ptradd`s and `addrspacecast`s.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
enum Root {
    /// Anything else: a parameter, a loaded pointer, a block parameter, a `select`.
    #[default]
    Other,
    Slot(StackSlot),
    Global(GlobalId),
}

/// The facts of one function, valid until it changes.
pub struct AliasInfo {
    root: SecondaryMap<Value, Root>,
    /// `v = base[v].0 + base[v].1` bytes.
    base: SecondaryMap<Value, Option<(Value, i64)>>,
    escaped: SecondaryMap<StackSlot, bool>,
    /// Parameter sets of every pointer and the unescaped `__restrict__` parameters, for a
    /// kernel that has some.
    restrict: Option<(SecondaryMap<Value, Objects>, Objects)>,
}

impl AliasInfo {
    pub fn compute(func: &Function, cfg: &Cfg) -> Self {
        let mut root: SecondaryMap<Value, Root> =
            SecondaryMap::with_capacity(func.values.len(), Root::Other);
        let mut base: SecondaryMap<Value, Option<(Value, i64)>> =
            SecondaryMap::with_capacity(func.values.len(), None);
        for &b in cfg.rpo() {
            for &i in &func.blocks[b].insts {
                let node = &func.insts[i];
                let Some(r) = node.result else { continue };
                match node.data {
                    InstData::StackAddr { slot } => root[r] = Root::Slot(slot),
                    InstData::GlobalAddr { global } => root[r] = Root::Global(global),
                    InstData::PtrAdd { ptr, offset } => {
                        root[r] = root[ptr];
                        if let Some((_, c)) = crate::util::const_value(func, offset) {
                            let (b0, c0) = base[ptr].unwrap_or((ptr, 0));
                            base[r] = (c as i64).checked_add(c0).map(|c| (b0, c));
                        }
                    }
                    InstData::Cast {
                        op: CastOp::AddrSpaceCast,
                        arg,
                        ..
                    } => {
                        root[r] = root[arg];
                        base[r] = Some(base[arg].unwrap_or((arg, 0)));
                    }
                    _ => {}
                }
            }
        }
        let mut escaped: SecondaryMap<StackSlot, bool> =
            SecondaryMap::with_capacity(func.stack_slots.len(), false);
        for &b in cfg.rpo() {
            for &i in &func.blocks[b].insts {
                let data = &func.insts[i].data;
                let tracked_use = |v: Value| match data {
                    InstData::Load { .. } | InstData::PtrAdd { .. } => true,
                    InstData::Cast {
                        op: CastOp::AddrSpaceCast,
                        ..
                    } => true,
                    InstData::Store { ptr, value, .. } => *ptr == v && *value != v,
                    _ => false,
                };
                data.for_each_arg(|v| {
                    if let Root::Slot(s) = root[v] {
                        if !tracked_use(v) {
                            escaped[s] = true;
                        }
                    }
                });
            }
        }
        let restrict = (!func.noalias_params.is_empty()).then(|| {
            let objects = invariant_loads::pointer_objects(func);
            let unescaped = invariant_loads::restrict_params(func)
                & !invariant_loads::escaped_params(func, &objects);
            (objects, unescaped)
        });
        AliasInfo {
            root,
            base,
            escaped,
            restrict,
        }
    }

    /// Whether `p` points into a stack slot whose address does not escape: nothing but
    /// accesses through pointers derived from its `stackaddr` reach it (not calls, barriers
    /// or fences, which cannot name it).
    pub fn is_private(&self, p: Value) -> bool {
        matches!(self.root[p], Root::Slot(s) if !self.escaped[s])
    }

    /// Whether `a_size` bytes at `a` and `b_size` bytes at `b` may overlap.
    pub fn may_alias(&self, func: &Function, a: Value, a_size: u32, b: Value, b_size: u32) -> bool {
        let space = |p: Value| func.value_type(p).addr_space();
        match (space(a), space(b)) {
            (Some(x), Some(y)) if x != y && x != AddrSpace::Generic && y != AddrSpace::Generic => {
                return false
            }
            _ => {}
        }
        let (ba, oa) = self.base[a].unwrap_or((a, 0));
        let (bb, ob) = self.base[b].unwrap_or((b, 0));
        if ba == bb {
            // Overlap of [oa, oa + a_size) and [ob, ob + b_size), in i128 against overflow.
            let (oa, ob) = (oa as i128, ob as i128);
            return oa < ob + b_size as i128 && ob < oa + a_size as i128;
        }
        match (self.root[a], self.root[b]) {
            (Root::Slot(x), Root::Slot(y)) if x != y => return false,
            (Root::Global(x), Root::Global(y)) if x != y => return false,
            (Root::Slot(_), Root::Global(_)) | (Root::Global(_), Root::Slot(_)) => return false,
            (Root::Slot(x), other) | (other, Root::Slot(x))
                if other != Root::Slot(x) && !self.escaped[x] =>
            {
                return false
            }
            _ => {}
        }
        if let Some((objects, unescaped)) = &self.restrict {
            let (oa, ob) = (objects[a], objects[b]);
            let only_restrict = |o: Objects| o != 0 && o & !unescaped == 0;
            if oa & ob == 0 && (only_restrict(oa) || only_restrict(ob)) {
                return false;
            }
        }
        true
    }
}
