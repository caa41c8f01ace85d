//! Small helpers shared by the transforms: use counts, value replacement, batch removal of
//! instructions and block parameters, and materializing constants.
//!
//! Everything here is linear in the size of the function; passes call these once per sweep
//! instead of editing instruction vectors one element at a time.

use hashbrown::HashMap;
use oxicc_ir::{
    Block, CastOp, EntityRef, Function, Inst, InstData, SecondaryMap, Type, Value, ValueDef,
};

/// How many times each value is used by instructions in the layout (block arguments count).
pub fn use_counts(func: &Function) -> SecondaryMap<Value, u32> {
    let mut counts = SecondaryMap::with_capacity(func.values.len(), 0u32);
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            func.insts[i].data.for_each_arg(|v| counts[v] += 1);
        }
    }
    counts
}

/// A set of "use `to` instead of `from`" rewrites, resolved through chains.
#[derive(Default)]
pub struct Replacements {
    map: HashMap<Value, Value>,
}

impl Replacements {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Records `from → to`. `to` is resolved first so that no cycle can form.
    pub fn insert(&mut self, from: Value, to: Value) {
        let to = self.resolve(to);
        if to != from {
            self.map.insert(from, to);
        }
    }

    /// Follows the chain of rewrites from `v` to its final value.
    pub fn resolve(&self, mut v: Value) -> Value {
        // Chains are short; cap the walk anyway so a bug cannot hang the compiler.
        for _ in 0..1_000_000 {
            match self.map.get(&v) {
                Some(&n) if n != v => v = n,
                _ => return v,
            }
        }
        v
    }

    /// Rewrites every operand of every instruction in the layout. Returns true if any changed.
    pub fn apply(&self, func: &mut Function) -> bool {
        if self.map.is_empty() {
            return false;
        }
        let mut changed = false;
        for bi in 0..func.layout.len() {
            let b = func.layout[bi];
            for ii in 0..func.blocks[b].insts.len() {
                let i = func.blocks[b].insts[ii];
                func.insts[i].data.map_args(|v| {
                    let r = self.resolve(v);
                    changed |= r != v;
                    r
                });
            }
        }
        changed
    }
}

/// Drops from every block in the layout the instructions marked in `dead`.
pub fn remove_marked_insts(func: &mut Function, dead: &SecondaryMap<Inst, bool>) {
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        func.blocks[b].insts.retain(|&i| !dead[i]);
    }
}

/// Removes the block parameters for which `keep` is false (entry parameters are always
/// kept: they are the function's parameters) and the matching arguments of every branch
/// that targets their blocks. Renumbers the surviving parameters. Returns true on change.
pub fn prune_block_params(func: &mut Function, keep: &SecondaryMap<Value, bool>) -> bool {
    let entry = match func.layout.first() {
        Some(&e) => e,
        None => return false,
    };
    // For each block, which parameter positions survive (None = all of them).
    let mut masks: SecondaryMap<Block, Option<Vec<bool>>> =
        SecondaryMap::with_capacity(func.blocks.len(), None);
    let mut any = false;
    for &b in &func.layout {
        if b == entry {
            continue;
        }
        let params = &func.blocks[b].params;
        if params.iter().all(|&p| keep[p]) {
            continue;
        }
        masks[b] = Some(params.iter().map(|&p| keep[p]).collect());
        any = true;
    }
    if !any {
        return false;
    }
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        if let Some(mask) = masks[b].clone() {
            let params = std::mem::take(&mut func.blocks[b].params);
            let kept: Vec<Value> = params
                .into_iter()
                .zip(mask.iter())
                .filter_map(|(p, &k)| k.then_some(p))
                .collect();
            for (n, &p) in kept.iter().enumerate() {
                func.values[p].def = ValueDef::Param(b, n as u32);
            }
            func.blocks[b].params = kept;
        }
        if let Some(t) = func.terminator(b) {
            for call in func.insts[t].data.successors_mut() {
                if let Some(mask) = &masks[call.block] {
                    let mut it = mask.iter();
                    call.args.retain(|_| *it.next().unwrap_or(&true));
                }
            }
        }
    }
    true
}

/// Creates (unplaced) instructions computing the zero of `ty` and returns them with the
/// final value. There is no `undef` in the IR, so uninitialized reads read zero.
pub fn zero_of(func: &mut Function, ty: Type) -> (Vec<Inst>, Value) {
    match ty {
        Type::Ptr(_) => {
            let c = func.make_inst(
                InstData::IConst {
                    ty: Type::I64,
                    imm: 0,
                },
                Some(Type::I64),
            );
            let cv = func.result(c);
            let p = func.make_inst(
                InstData::Cast {
                    op: CastOp::IntToPtr,
                    arg: cv,
                    to: ty,
                },
                Some(ty),
            );
            (vec![c, p], func.result(p))
        }
        t if t.is_float() => {
            let c = func.make_inst(InstData::FConst { ty: t, bits: 0 }, Some(t));
            (vec![c], func.result(c))
        }
        t => {
            let c = func.make_inst(InstData::IConst { ty: t, imm: 0 }, Some(t));
            (vec![c], func.result(c))
        }
    }
}

/// Inserts `insts` at position `at` of `block`.
pub fn insert_insts(func: &mut Function, block: Block, at: usize, insts: &[Inst]) {
    let v = &mut func.blocks[block].insts;
    let at = at.min(v.len());
    v.splice(at..at, insts.iter().copied());
}

/// The constant an instruction result holds, as (type, bits), if it is an `iconst`/`fconst`.
pub fn const_value(func: &Function, v: Value) -> Option<(Type, u64)> {
    let i = func.def_inst(v)?;
    match func.insts[i].data {
        InstData::IConst { ty, imm } => Some((ty, imm)),
        InstData::FConst { ty, bits } => Some((ty, bits)),
        _ => None,
    }
}

/// Marks the blocks reachable from the entry and drops the others from the layout.
pub fn remove_unreachable_blocks(func: &mut Function) -> bool {
    let Some(&entry) = func.layout.first() else {
        return false;
    };
    let mut reach: SecondaryMap<Block, bool> =
        SecondaryMap::with_capacity(func.blocks.len(), false);
    let mut stack = vec![entry];
    reach[entry] = true;
    while let Some(b) = stack.pop() {
        for s in func.successors(b) {
            if !reach[s] {
                reach[s] = true;
                stack.push(s);
            }
        }
    }
    let before = func.layout.len();
    func.layout.retain(|&b| reach[b]);
    func.layout.len() != before
}

/// A mask with room for every entity of a map of `n` items.
pub fn mask<K: EntityRef>(n: usize) -> SecondaryMap<K, bool> {
    SecondaryMap::with_capacity(n, false)
}
