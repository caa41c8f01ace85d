//! `fp-contract`: fuses a float multiply and the add or subtract that consumes it into one
//! `fma` (one rounding instead of two), as nvcc does by default (`-fmad=true`).
//!
//! For `f32` and `f64`, with `m = fmul a, b`:
//! - `fadd m, c` and `fadd c, m` → `fma a, b, c`
//! - `fsub m, C` (`C` a constant or an `fneg`) → `fma a, b, -C`
//! - `fsub c, m` where a factor of `m` is a constant `K` → `fma a, -K, c`
//!
//! Any other subtraction stays a `mul` and a `sub`: nvcc fuses only additions. The two
//! subtractions it does fuse are those LLVM's instcombine first rewrites into additions
//! (`x - C` → `x + (-C)`, `x - y*K` → `x + y*(-K)`); checked against nvcc 13 for `f32` and
//! `f64`, e.g. `a*b - c*d` and `a*b - c` stay `mul` + `sub`.
//!
//! When to fuse follows NVPTX's combine (what cicc does): a multiply is fused when every use
//! of it is such an add or subtract and it has at most four uses; with more uses, or any
//! other use (a store, a compare), the multiply would stay alive anyway and fusing would only
//! lengthen the live ranges of its operands. A multiply with several uses is fused only into
//! users in its own block (cicc's selection sees one block at a time); a multiply with a
//! single use may be fused into a user in another block, as LLVM sinks such a multiply into
//! its user's block first, unless the user sits in a loop the multiply is outside of (that
//! would move a hoisted multiply back into the loop). When an add has two fusable
//! multiplies, the one with fewer uses is fused (the left one on a tie), as LLVM does.
//!
//! The rewrite keeps the add's result value (its instruction becomes the `fma`), so no uses
//! need renaming; multiplies left without uses are removed. Linear in the function.
//! The pipeline skips this pass under `-fmad=false` (`PipelineOptions::fmad`).

use crate::util;
use oxicc_ir::{
    BinaryOp, Block, Cfg, DomTree, Function, Inst, InstData, LoopInfo, SecondaryMap, Type, UnaryOp,
    Value,
};

/// The most uses a multiply may have and still be fused into all of them (NVPTX's limit).
const MAX_FUSED_USES: u32 = 4;

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let uses = util::use_counts(func);
    let nvals = func.values.len();
    // Where each instruction result is defined, and how many of its uses are fusable.
    let mut def_block: SecondaryMap<Value, Option<Block>> =
        SecondaryMap::with_capacity(nvals, None);
    let mut fusable_uses: SecondaryMap<Value, u32> = SecondaryMap::with_capacity(nvals, 0);
    // Fusable uses in another block than the multiply.
    let mut remote_uses: SecondaryMap<Value, u32> = SecondaryMap::with_capacity(nvals, 0);
    let mut candidates: Vec<(Block, Inst)> = Vec::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            if let Some(r) = func.insts[i].result {
                def_block[r] = Some(b);
            }
            let Some((_, lhs, rhs)) = add_or_sub(func, i) else {
                continue;
            };
            if lhs == rhs {
                // `m + m` keeps `m` alive whatever happens; leave it to the backend.
                continue;
            }
            let mut any = false;
            for v in [lhs, rhs] {
                if fusable_operand(func, i, v) {
                    fusable_uses[v] += 1;
                    if def_block[v] != Some(b) {
                        remote_uses[v] += 1;
                    }
                    any = true;
                }
            }
            if any {
                candidates.push((b, i));
            }
        }
    }
    if candidates.is_empty() {
        return false;
    }
    let loops = if candidates
        .iter()
        .any(|&(_, i)| has_remote_operand(func, i, &def_block, &remote_uses))
    {
        let cfg = Cfg::compute(func);
        let dom = DomTree::compute(func, &cfg);
        Some(LoopInfo::compute(func, &cfg, &dom))
    } else {
        None
    };
    // Whether multiply `m` may be fused into a user in block `user`.
    let contractible = |m: Value, user: Block| -> bool {
        let n = uses[m];
        if n == 0 || n != fusable_uses[m] || n > MAX_FUSED_USES {
            return false;
        }
        let Some(home) = def_block[m] else {
            return false;
        };
        if home == user {
            return remote_uses[m] == 0 || n == 1;
        }
        if n != 1 {
            return false;
        }
        // One use in another block: fine unless that block is in a loop without the multiply.
        match &loops {
            Some(l) => match l.innermost_loop(user) {
                None => true,
                Some(lp) => l.contains(lp, home),
            },
            None => false,
        }
    };

    let mut before: SecondaryMap<Inst, Vec<Inst>> =
        SecondaryMap::with_capacity(func.insts.len(), Vec::new());
    let mut fused_muls: Vec<Value> = Vec::new();
    let mut changed = false;
    for (b, i) in candidates {
        let Some((op, lhs, rhs)) = add_or_sub(func, i) else {
            continue;
        };
        let l_ok = fusable_operand(func, i, lhs) && contractible(lhs, b);
        let r_ok = fusable_operand(func, i, rhs) && contractible(rhs, b);
        // Which side to fuse: the multiply with fewer uses, the left one on a tie.
        let fuse_left = match (l_ok, r_ok) {
            (true, true) => uses[lhs] <= uses[rhs],
            (true, false) => true,
            (false, true) => false,
            (false, false) => continue,
        };
        let (m, other) = if fuse_left { (lhs, rhs) } else { (rhs, lhs) };
        let Some((a, bb)) = fmul_operands(func, m) else {
            continue;
        };
        let mut new_insts = Vec::new();
        let data = match (op, fuse_left) {
            (BinaryOp::FAdd, _) => InstData::Fma { a, b: bb, c: other },
            // m - c = a*b + (-c)
            (_, true) => InstData::Fma {
                a,
                b: bb,
                c: negate(func, other, &mut new_insts),
            },
            // c - m = (-a)*b + c, negating whichever factor is a constant
            (_, false) => {
                if util::const_value(func, bb).is_some() && util::const_value(func, a).is_none() {
                    InstData::Fma {
                        a,
                        b: negate(func, bb, &mut new_insts),
                        c: other,
                    }
                } else {
                    InstData::Fma {
                        a: negate(func, a, &mut new_insts),
                        b: bb,
                        c: other,
                    }
                }
            }
        };
        func.insts[i].data = data;
        before[i] = new_insts;
        fused_muls.push(m);
        changed = true;
    }
    if !changed {
        return false;
    }
    // Splice the new negations in and drop the multiplies nothing uses any more.
    let uses = util::use_counts(func);
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    for m in fused_muls {
        if uses[m] == 0 {
            if let Some(d) = func.def_inst(m) {
                dead[d] = true;
            }
        }
    }
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        for i in old {
            if dead[i] {
                continue;
            }
            insts.append(&mut before[i]);
            insts.push(i);
        }
        func.blocks[b].insts = insts;
    }
    true
}

/// `(op, lhs, rhs)` of an `f32`/`f64` `fadd` or `fsub`.
fn add_or_sub(func: &Function, i: Inst) -> Option<(BinaryOp, Value, Value)> {
    match func.insts[i].data {
        InstData::Binary { op, lhs, rhs }
            if matches!(op, BinaryOp::FAdd | BinaryOp::FSub) && is_fused_type(func, lhs) =>
        {
            Some((op, lhs, rhs))
        }
        _ => None,
    }
}

/// Whether operand `v` of the add or subtract `i` is a multiply nvcc would fuse into it:
/// any multiply operand of an `fadd`; for an `fsub`, only the shapes instcombine turns into
/// additions (see the module comment).
fn fusable_operand(func: &Function, i: Inst, v: Value) -> bool {
    let Some((op, lhs, rhs)) = add_or_sub(func, i) else {
        return false;
    };
    let Some((a, b)) = fmul_operands(func, v) else {
        return false;
    };
    match op {
        BinaryOp::FAdd => true,
        _ if v == lhs => util::const_value(func, rhs).is_some() || is_fneg(func, rhs),
        _ => util::const_value(func, a).is_some() || util::const_value(func, b).is_some(),
    }
}

fn is_fneg(func: &Function, v: Value) -> bool {
    func.def_inst(v).is_some_and(|d| {
        matches!(
            func.insts[d].data,
            InstData::Unary {
                op: UnaryOp::FNeg,
                ..
            }
        )
    })
}

fn is_fused_type(func: &Function, v: Value) -> bool {
    matches!(func.value_type(v), Type::F32 | Type::F64)
}

/// The factors of `v` when it is an `f32`/`f64` `fmul`.
fn fmul_operands(func: &Function, v: Value) -> Option<(Value, Value)> {
    match func.insts[func.def_inst(v)?].data {
        InstData::Binary {
            op: BinaryOp::FMul,
            lhs,
            rhs,
        } if is_fused_type(func, v) => Some((lhs, rhs)),
        _ => None,
    }
}

/// Whether an add/sub has a multiply operand defined in another block.
fn has_remote_operand(
    func: &Function,
    i: Inst,
    def_block: &SecondaryMap<Value, Option<Block>>,
    remote_uses: &SecondaryMap<Value, u32>,
) -> bool {
    let mut any = false;
    func.insts[i].data.for_each_arg(|v| {
        any |= remote_uses[v] > 0 && def_block[v].is_some();
    });
    any
}

/// `-v`: a new constant for a constant, the operand of an `fneg`, or a new `fneg`
/// (pushed to `new_insts`, to be placed before the user).
fn negate(func: &mut Function, v: Value, new_insts: &mut Vec<Inst>) -> Value {
    let ty = func.value_type(v);
    if let Some(d) = func.def_inst(v) {
        match func.insts[d].data {
            InstData::FConst { ty, bits } => {
                let sign = 1u64 << (ty.bits() - 1);
                let c = func.make_inst(
                    InstData::FConst {
                        ty,
                        bits: bits ^ sign,
                    },
                    Some(ty),
                );
                new_insts.push(c);
                return func.result(c);
            }
            InstData::Unary {
                op: UnaryOp::FNeg,
                arg,
            } => return arg,
            _ => {}
        }
    }
    let n = func.make_inst(
        InstData::Unary {
            op: UnaryOp::FNeg,
            arg: v,
        },
        Some(ty),
    );
    new_insts.push(n);
    func.result(n)
}
