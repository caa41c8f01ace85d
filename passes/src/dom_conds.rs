//! Facts from dominating branches: inside `if (x >= 4) { … }` the block knows `x >= 4`.
//! Used by `ext-offsets` to move a constant out of `zext(x - 4)` (which may wrap in
//! general), as in `buf[threadIdx.x - offset]` under `if (threadIdx.x >= offset)`.
//!
//! A block learns the condition of a `brif` when it is the only target of one of the
//! branch's edges and has no other predecessor; every block it dominates learns it too.
//! A query walks the dominator tree upwards at most `MAX_STEPS` blocks, so each costs
//! constant time.

use oxicc_ir::{Block, Cfg, DomTree, Function, InstData, IntCC, Type, Value};

use crate::util::const_value;

const MAX_STEPS: usize = 32;

pub struct DomConds {
    cfg: Cfg,
    dom: DomTree,
}

impl DomConds {
    pub fn new(func: &Function) -> DomConds {
        let cfg = Cfg::compute(func);
        let dom = DomTree::compute(func, &cfg);
        DomConds { cfg, dom }
    }

    /// Whether a dominating branch proves `x >= k` (unsigned `i32`) in block `b`.
    pub fn unsigned_at_least(&self, func: &Function, b: Block, x: Value, k: u32) -> bool {
        if func.value_type(x) != Type::I32 {
            return false;
        }
        let mut cur = b;
        for _ in 0..MAX_STEPS {
            if let Some(holds) = self.entry_condition(func, cur) {
                if lower_bound(func, holds, x).is_some_and(|lo| lo >= k as u64) {
                    return true;
                }
            }
            match self.dom.idom(cur) {
                Some(up) if up != cur => cur = up,
                _ => return false,
            }
        }
        false
    }

    /// `(comparison, true or false)` that holds on entry to `b`: `b` has one predecessor,
    /// which ends in a `brif` on an `icmp` with `b` on exactly one of its edges.
    fn entry_condition(&self, func: &Function, b: Block) -> Option<(Value, bool)> {
        let [p] = self.cfg.preds(b) else {
            return None;
        };
        let t = func.terminator(*p)?;
        let InstData::Branch {
            cond,
            ref then_dest,
            ref else_dest,
        } = func.insts[t].data
        else {
            return None;
        };
        match (then_dest.block == b, else_dest.block == b) {
            (true, false) => Some((cond, true)),
            (false, true) => Some((cond, false)),
            _ => None,
        }
    }
}

/// The unsigned lower bound of `x` implied by `cond` being `holds`, if `cond` compares `x`
/// with a constant.
fn lower_bound(func: &Function, (cond, holds): (Value, bool), x: Value) -> Option<u64> {
    let InstData::ICmp { cond: cc, lhs, rhs } = func.insts[func.def_inst(cond)?].data else {
        return None;
    };
    let (cc, k) = if same(func, lhs, x) {
        (cc, const_value(func, rhs)?.1)
    } else if same(func, rhs, x) {
        (cc.swapped(), const_value(func, lhs)?.1)
    } else {
        return None;
    };
    let k = k & u32::MAX as u64;
    // `x cc k` (or its negation) as a lower bound.
    match (cc, holds) {
        (IntCC::Uge, true) | (IntCC::Ult, false) => Some(k),
        (IntCC::Ugt, true) | (IntCC::Ule, false) => Some(k + 1),
        (IntCC::Ne, true) | (IntCC::Eq, false) if k == 0 => Some(1),
        _ => None,
    }
}

/// One value, or two reads of the same special register (`cse` has not merged the front
/// end's repeated `threadIdx.x` reads yet when `ext-offsets` runs).
fn same(func: &Function, a: Value, b: Value) -> bool {
    let sreg = |v: Value| match func.def_inst(v).map(|i| &func.insts[i].data) {
        Some(InstData::SpecialReg { reg }) => Some(*reg),
        _ => None,
    };
    a == b || sreg(a).is_some_and(|r| sreg(b) == Some(r))
}
