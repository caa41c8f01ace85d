//! `cse`: dominator-based common subexpression elimination of pure instructions.
//!
//! A walk of the dominator tree keeps a scoped table from "operation + operands" to the
//! value that first computed it; an instruction whose key is already in scope is replaced
//! by that value. Only operations without memory access or side effects take part
//! (arithmetic, comparisons, selects, casts, address arithmetic, slot and global addresses,
//! special registers). Constants are not merged (they are immediates in PTX, and merging
//! them would only lengthen live ranges), but equal constants count as the same operand.
//! Commutative operands are ordered so `a+b` and `b+a` meet. Linear in the function (one hash lookup per instruction).

use crate::fold_int::is_commutative;
use crate::util::{self, Replacements};
use hashbrown::HashMap;
use oxicc_ir::{
    BinaryOp, Block, CastOp, FloatCC, FuncId, Function, GlobalId, Inst, InstData, IntCC,
    SecondaryMap, SpecialReg, StackSlot, Type, UnaryOp, Value,
};
use oxicc_ir::{Cfg, DomTree};

/// The identity of a pure computation.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Unary(UnaryOp, Value),
    /// With the `nsw` flag: an `add` that may wrap never reuses one that may not.
    Binary(BinaryOp, bool, Value, Value),
    Fma(Value, Value, Value),
    ICmp(IntCC, Value, Value),
    FCmp(FloatCC, Value, Value),
    Select(Value, Value, Value),
    Cast(CastOp, Value, Type),
    PtrAdd(Value, Value),
    StackAddr(StackSlot),
    GlobalAddr(GlobalId, Type),
    FuncAddr(FuncId),
    SpecialReg(SpecialReg),
    /// Constants are keyed only to find one representative per value (see `run`).
    Const(Type, u64),
}

/// The key of instruction `i`, with constant operands replaced by their representative
/// (`canon`), so `shl x, 2` matches `shl x, 2` even when the two `2`s are distinct
/// instructions.
fn key_of(func: &Function, i: Inst, canon: &SecondaryMap<Value, Option<Value>>) -> Option<Key> {
    let node = &func.insts[i];
    let result = node.result?;
    let mut data = node.data.clone();
    data.map_args(|v| canon[v].unwrap_or(v));
    Some(match data {
        InstData::IConst { ty, imm } => Key::Const(ty, imm),
        InstData::FConst { ty, bits } => Key::Const(ty, bits),
        InstData::Unary { op, arg } => Key::Unary(op, arg),
        InstData::Binary { op, lhs, rhs, nsw } => {
            let (a, b) = if is_commutative(op) && rhs < lhs {
                (rhs, lhs)
            } else {
                (lhs, rhs)
            };
            Key::Binary(op, nsw, a, b)
        }
        InstData::Fma { a, b, c } => Key::Fma(a, b, c),
        InstData::ICmp { cond, lhs, rhs } => Key::ICmp(cond, lhs, rhs),
        InstData::FCmp { cond, lhs, rhs } => Key::FCmp(cond, lhs, rhs),
        InstData::Select {
            cond,
            if_true,
            if_false,
        } => Key::Select(cond, if_true, if_false),
        InstData::Cast { op, arg, to } => Key::Cast(op, arg, to),
        InstData::PtrAdd { ptr, offset } => Key::PtrAdd(ptr, offset),
        InstData::StackAddr { slot } => Key::StackAddr(slot),
        InstData::GlobalAddr { global } => Key::GlobalAddr(global, func.value_type(result)),
        InstData::FuncAddr { func } => Key::FuncAddr(func),
        InstData::SpecialReg { reg } => Key::SpecialReg(reg),
        _ => return None,
    })
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let mut table: HashMap<Key, Value> = HashMap::new();
    // Keys added in the current dominator subtree, popped when the walk leaves it.
    let mut added: Vec<Key> = Vec::new();
    let mut repl = Replacements::new();
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    // A constant's representative: an equal constant that dominates it. Not scoped: a
    // value is only used where its definition, and so its representative, dominates.
    let mut canon: SecondaryMap<Value, Option<Value>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    let mut changed = false;
    let entry = func.entry();
    let mut visit =
        |func: &mut Function, b: Block, table: &mut HashMap<Key, Value>, added: &mut Vec<Key>| {
            for idx in 0..func.blocks[b].insts.len() {
                let i = func.blocks[b].insts[idx];
                func.insts[i].data.map_args(|v| repl.resolve(v));
                let Some(key) = key_of(func, i, &canon) else {
                    continue;
                };
                match table.get(&key) {
                    Some(&v) if matches!(key, Key::Const(..)) => {
                        // Constants stay (they are immediates); later keys use the first.
                        canon[func.result(i)] = Some(v);
                    }
                    Some(&v) => {
                        repl.insert(func.result(i), v);
                        dead[i] = true;
                        changed = true;
                    }
                    None => {
                        table.insert(key.clone(), func.result(i));
                        added.push(key);
                    }
                }
            }
        };
    visit(func, entry, &mut table, &mut added);
    let mut stack: Vec<(Block, usize, usize)> = vec![(entry, 0, 0)];
    while let Some(&mut (b, ref mut child, mark)) = stack.last_mut() {
        let children = dom.children(b);
        if *child < children.len() {
            let c = children[*child];
            *child += 1;
            let m = added.len();
            stack.push((c, 0, m));
            visit(func, c, &mut table, &mut added);
        } else {
            while added.len() > mark {
                if let Some(k) = added.pop() {
                    table.remove(&k);
                }
            }
            stack.pop();
        }
    }
    util::remove_marked_insts(func, &dead);
    repl.apply(func);
    changed
}
