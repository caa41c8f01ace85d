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
//! multiplies, the left one is fused, where "left" is decided the way cicc's `Reassociate`
//! orders the operands of a commutative add (see `operand_rank`); use counts play no part
//! (nvcc fuses `a*b` into both of `a*b + c*d` and `a*b + e`, leaving `c*d` a `mul`).
//! `c - x*K` with a single-use `x*K` is the addition `c + x*(-K)` (the DAG negates the
//! product), so a multiply `c` is fused there too, the left operand winning as written
//! (no reassociation has reordered it). Products by a negative constant flip that:
//! instcombine turns `c + y*(-K)` (either order) into `c - y*K`, so `c` is on the left and
//! wins a tie, and `c - y*(-K)` into `c + y*K`, an add ordered by rank (checked on nvcc:
//! `t*(-3.0) + u` fuses `u`, `u - t*(-3.0)` fuses `t*3.0` when `t` is loaded first).
//!
//! `m + m` counts as two fusable uses of `m` and becomes `fma(a, b, m)`, which keeps `m`
//! alive, as nvcc's `fma.rn.f32 d, a, b, m` does (`z*z` of a complex number:
//! `re*im + im*re`); the value is the same as `m + m`.
//!
//! The rewrite keeps the add's result value (its instruction becomes the `fma`), so no uses
//! need renaming; multiplies left without uses are removed. Linear in the function.
//! Under `-fmad=false` (`PipelineOptions::fmad`) the pipeline runs [`pin_rounding`] in its
//! place, which turns every `f32`/`f64` add, subtract and multiply into its `_rn` form:
//! the backend prints those with `.rn`, as nvcc does then, so ptxas does not fuse either.
//!
//! A multiply with a negated factor, `(-x)*y`, is not fused: instcombine pulls the negation
//! out (`-(x*y)`) and the add becomes a subtraction, so nvcc computes `1 - a*b` for
//! `-a*b + 1` (checked).

use crate::operand_rank::operand_ranks;
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
            let Some((op, lhs, rhs)) = add_or_sub(func, i) else {
                continue;
            };
            if lhs == rhs && op == BinaryOp::FSub {
                continue;
            }
            let mut any = false;
            for v in [lhs, rhs] {
                if fusable_operand(func, &uses, i, v) {
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

    // Ranks are needed only to break a tie between two multiplies of one `fadd`.
    let mut ranks: Option<SecondaryMap<Value, u32>> = None;
    let mut before: SecondaryMap<Inst, Vec<Inst>> =
        SecondaryMap::with_capacity(func.insts.len(), Vec::new());
    let mut fused_muls: Vec<Value> = Vec::new();
    let mut changed = false;
    for (b, i) in candidates {
        let Some((op, lhs, rhs)) = add_or_sub(func, i) else {
            continue;
        };
        let l_ok = fusable_operand(func, &uses, i, lhs) && contractible(lhs, b);
        let r_ok = fusable_operand(func, &uses, i, rhs) && contractible(rhs, b);
        // Which side to fuse: the left one, after `Reassociate` has put the lower-ranked
        // operand of an `fadd` on the left (use counts do not matter: checked on nvcc).
        let fuse_left = match (l_ok, r_ok) {
            (true, true) => {
                // Which order the operands reach NVPTX's combine in (see the module comment).
                let by_rank = |ranks: &mut Option<SecondaryMap<Value, u32>>| {
                    let rank = ranks.get_or_insert_with(|| operand_ranks(func));
                    rank[rhs] >= rank[lhs]
                };
                match op {
                    BinaryOp::FAdd if negatively_scaled(func, &uses, rhs) => true,
                    BinaryOp::FAdd if negatively_scaled(func, &uses, lhs) => false,
                    BinaryOp::FAdd => by_rank(&mut ranks),
                    _ if negatively_scaled(func, &uses, rhs) => by_rank(&mut ranks),
                    _ => true,
                }
            }
            (true, false) => true,
            (false, true) => false,
            (false, false) => continue,
        };
        let (m, other) = if fuse_left { (lhs, rhs) } else { (rhs, lhs) };
        if op == BinaryOp::FSub && fuse_left && scaled_by_constant(func, other) {
            // `negate` replaces the product by a new one; drop the old if it ends unused.
            fused_muls.push(other);
        }
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
    splice_and_drop_unused(func, before, &fused_muls);
    true
}

/// Puts `before[i]` (new constants, negations, products) right before instruction `i`, and
/// removes the multiplies among `products` that nothing uses any more.
fn splice_and_drop_unused(
    func: &mut Function,
    mut before: SecondaryMap<Inst, Vec<Inst>>,
    products: &[Value],
) {
    let uses = util::use_counts(func);
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    for &m in products {
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
}

/// `pin-rounding`: `fadd`/`fsub`/`fmul` → `fadd_rn`/`fsub_rn`/`fmul_rn` for `f32`/`f64`.
/// Like nvcc's DAG it first rewrites `x - y*C` (a single-use product by a constant) into
/// `x + y*(-C)`, which is how nvcc prints it (`mul.rn` by `-C`, `add.rn`).
pub fn pin_rounding(func: &mut Function) -> bool {
    let uses = util::use_counts(func);
    let mut before: SecondaryMap<Inst, Vec<Inst>> =
        SecondaryMap::with_capacity(func.insts.len(), Vec::new());
    let mut replaced: Vec<Value> = Vec::new();
    for bi in 0..func.layout.len() {
        for ii in 0..func.blocks[func.layout[bi]].insts.len() {
            let i = func.blocks[func.layout[bi]].insts[ii];
            let InstData::Binary {
                op: BinaryOp::FSub,
                lhs,
                rhs,
                ..
            } = func.insts[i].data
            else {
                continue;
            };
            if is_fused_type(func, lhs) && uses[rhs] == 1 && scaled_by_constant(func, rhs) {
                let negated = negate(func, rhs, &mut before[i]);
                func.insts[i].data = InstData::Binary {
                    op: BinaryOp::FAdd,
                    lhs,
                    rhs: negated,
                    nsw: false,
                };
                replaced.push(rhs);
            }
        }
    }
    splice_and_drop_unused(func, before, &replaced);
    let mut changed = false;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let pinned = match func.insts[i].data {
                InstData::Binary { op, lhs, .. } if is_fused_type(func, lhs) => match op {
                    BinaryOp::FAdd => BinaryOp::FAddRn,
                    BinaryOp::FSub => BinaryOp::FSubRn,
                    BinaryOp::FMul => BinaryOp::FMulRn,
                    _ => continue,
                },
                _ => continue,
            };
            if let InstData::Binary { op, .. } = &mut func.insts[i].data {
                *op = pinned;
                changed = true;
            }
        }
    }
    changed
}

/// `(op, lhs, rhs)` of an `f32`/`f64` `fadd` or `fsub`.
fn add_or_sub(func: &Function, i: Inst) -> Option<(BinaryOp, Value, Value)> {
    match func.insts[i].data {
        InstData::Binary { op, lhs, rhs, .. }
            if matches!(op, BinaryOp::FAdd | BinaryOp::FSub) && is_fused_type(func, lhs) =>
        {
            Some((op, lhs, rhs))
        }
        _ => None,
    }
}

/// Whether operand `v` of the add or subtract `i` is a multiply nvcc would fuse into it:
/// any multiply operand of an `fadd`; for an `fsub`, only the shapes that become additions
/// (see the module comment).
fn fusable_operand(func: &Function, uses: &SecondaryMap<Value, u32>, i: Inst, v: Value) -> bool {
    let Some((op, lhs, rhs)) = add_or_sub(func, i) else {
        return false;
    };
    let Some((a, b)) = fmul_operands(func, v) else {
        return false;
    };
    if is_fneg(func, a) != is_fneg(func, b) {
        // `(-x)*y` is `-(x*y)` for instcombine, and `c + -(x*y)` is a subtraction.
        return false;
    }
    match op {
        BinaryOp::FAdd => true,
        _ if v == lhs => {
            util::const_value(func, rhs).is_some()
                || is_fneg(func, rhs)
                || (uses[rhs] == 1 && scaled_by_constant(func, rhs))
        }
        _ => const_factor(func, a, b),
    }
}

/// Whether `v` is a single-use multiply by a negative constant, `y*(-C)`: instcombine
/// rewrites `x + y*(-C)` into `x - y*C` (and `x - y*(-C)` into `x + y*C`) before
/// `Reassociate` runs, which decides how the operands are ordered.
fn negatively_scaled(func: &Function, uses: &SecondaryMap<Value, u32>, v: Value) -> bool {
    let Some((a, b)) = fmul_operands(func, v) else {
        return false;
    };
    let negative = |c: Value| {
        util::const_value(func, c).is_some_and(|(ty, bits)| bits >> (ty.bits() - 1) & 1 == 1)
    };
    uses[v] == 1 && (negative(a) || negative(b))
}

/// Whether `v` is a multiply with a constant factor (`x*K`, negated for free by the DAG).
fn scaled_by_constant(func: &Function, v: Value) -> bool {
    fmul_operands(func, v).is_some_and(|(a, b)| const_factor(func, a, b))
}

fn const_factor(func: &Function, a: Value, b: Value) -> bool {
    util::const_value(func, a).is_some() || util::const_value(func, b).is_some()
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
            ..
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
            // x*K → x*(-K), a new multiply (the old one loses its only use).
            InstData::Binary {
                op: BinaryOp::FMul,
                lhs,
                rhs,
                ..
            } if const_factor(func, lhs, rhs) => {
                let (x, k) = if util::const_value(func, rhs).is_some() {
                    (lhs, rhs)
                } else {
                    (rhs, lhs)
                };
                let neg_k = negate(func, k, new_insts);
                let m = func.make_inst(
                    InstData::Binary {
                        op: BinaryOp::FMul,
                        lhs: x,
                        rhs: neg_k,
                        nsw: false,
                    },
                    Some(ty),
                );
                new_insts.push(m);
                return func.result(m);
            }
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
