//! `const-fold`: constant folding plus a small instruction combiner.
//!
//! One walk over the reachable blocks in reverse post-order (so operands are seen before
//! their uses) that, per instruction:
//! - folds operations whose operands are all constants (`fold_int`, `fold_float`), turning
//!   the instruction into an `iconst`/`fconst` in place;
//! - applies algebraic identities: `x+0`, `x-0`, `x*1`, `x|0`, `x^0`, `x<<0`, `x/1` → `x`;
//!   `x*0`, `x&0`, `x-x`, `x^x`, `x%1` → 0; `x&x`, `x|x`, `min(x,x)` → `x`; `x*2^k` → `x<<k`;
//!   `udiv x,2^k` → `lshr`; `urem x,2^k` → `and`; `x-c` → `x+(-c)`; `(x op c1) op c2` →
//!   `x op (c1 op c2)` for `add mul and or xor`; `ptradd (ptradd p, c1), c2` →
//!   `ptradd p, c1+c2`; exact float identities (`x*1.0`, `x/1.0`,
//!   `x+(-0.0)`, `x-0.0`); double negations; `select` with a constant condition or equal
//!   arms; `select` on `i1` with a constant arm → `and`/`or`; `icmp ne (zext b), 0` → `b`;
//!   `trunc (zext x)` back to `x`'s type → `x`; `trunc (ext a + c)` and the like computed
//!   in the narrow type (`fold_trunc`); negations met in sums (`fold_neg`:
//!   `x + (-y)` → `x - y`, `(x + y) - x` → `y`, …);
//!   constants of commutative operations move to the right so CSE sees one form;
//! - turns a `branch` on a constant, or with two identical targets, and a `switch` on a
//!   constant, into a `jump`; a `branch` or `select` on `not c` uses `c` with its arms
//!   swapped;
//! - replaces a block parameter that receives the same value on every edge (or itself, on
//!   back edges) by that value, or by a fresh constant when every edge passes equal ones.
//!
//! Instructions whose result was replaced by another value are deleted; constants left
//! unused and blocks made unreachable are left to `dce`.

use crate::util::{self, Replacements};
use crate::{fold_float, fold_int, fold_neg, fold_trunc};
use oxicc_ir::Cfg;
use oxicc_ir::{
    BinaryOp, Block, BlockCall, CastOp, Function, Inst, InstData, IntCC, SecondaryMap, Type,
    UnaryOp, Value,
};

/// What simplifying one instruction produced.
enum Outcome {
    /// Nothing to do.
    Keep,
    /// The instruction becomes this one (same result value).
    Rewrite(InstData),
    /// Its result is this existing value; the instruction goes away.
    Forward(Value),
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let mut repl = Replacements::new();
    let mut dead: SecondaryMap<Inst, bool> = util::mask(func.insts.len());
    let mut changed = false;
    let entry = func.entry();
    for &b in cfg.rpo() {
        let mut inserted: Vec<Inst> = Vec::new();
        if b != entry {
            changed |= fold_params(func, &cfg, b, &mut repl, &mut inserted);
        }
        let mut new_list: Vec<Inst> = Vec::with_capacity(func.blocks[b].insts.len());
        new_list.extend(inserted);
        for idx in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[idx];
            func.insts[i].data.map_args(|v| repl.resolve(v));
            let mut extra: Vec<Inst> = Vec::new();
            // Rewrites can enable further rewrites (swap, then identity): a few rounds.
            for _ in 0..4 {
                match simplify(func, i, &mut extra) {
                    Outcome::Keep => break,
                    Outcome::Rewrite(data) => {
                        func.insts[i].data = data;
                        changed = true;
                    }
                    Outcome::Forward(v) => {
                        let r = func.result(i);
                        repl.insert(r, v);
                        dead[i] = true;
                        changed = true;
                        break;
                    }
                }
            }
            new_list.extend(extra);
            if !dead[i] {
                new_list.push(i);
            }
        }
        func.blocks[b].insts = new_list;
    }
    repl.apply(func);
    changed
}

/// Replaces parameters of `b` that receive one value on every edge.
fn fold_params(
    func: &mut Function,
    cfg: &Cfg,
    b: Block,
    repl: &mut Replacements,
    inserted: &mut Vec<Inst>,
) -> bool {
    let nparams = func.blocks[b].params.len();
    if nparams == 0 {
        return false;
    }
    let mut changed = false;
    for n in 0..nparams {
        let p = func.blocks[b].params[n];
        if repl.resolve(p) != p {
            continue;
        }
        let mut same: Option<Value> = None;
        let mut same_const: Option<(Type, u64)> = None;
        let mut all_same = true;
        let mut all_const = true;
        let mut edges = 0usize;
        for &pred in cfg.preds(b) {
            let Some(t) = func.terminator(pred) else {
                continue;
            };
            for call in func.insts[t].data.successors() {
                if call.block != b {
                    continue;
                }
                let Some(&a) = call.args.get(n) else { continue };
                let a = repl.resolve(a);
                if a == p {
                    continue;
                }
                edges += 1;
                match same {
                    None => same = Some(a),
                    Some(s) if s == a => {}
                    Some(_) => all_same = false,
                }
                match (util::const_value(func, a), same_const) {
                    (Some(c), None) if all_const => same_const = Some(c),
                    (Some(c), Some(s)) if c == s => {}
                    _ => all_const = false,
                }
            }
        }
        if edges == 0 {
            continue;
        }
        if all_same {
            if let Some(v) = same {
                repl.insert(p, v);
                changed = true;
            }
        } else if all_const {
            if let Some((ty, bits)) = same_const {
                let data = if ty.is_float() {
                    InstData::FConst { ty, bits }
                } else {
                    InstData::IConst { ty, imm: bits }
                };
                let c = func.make_inst(data, Some(ty));
                inserted.push(c);
                repl.insert(p, func.result(c));
                changed = true;
            }
        }
    }
    changed
}

fn iconst(ty: Type, imm: u64) -> InstData {
    InstData::IConst {
        ty,
        imm: fold_int::mask(imm, ty.bits()),
    }
}

fn bool_const(b: bool) -> InstData {
    InstData::IConst {
        ty: Type::I1,
        imm: b as u64,
    }
}

/// The result type of `i` (only called on instructions with results).
fn result_ty(func: &Function, i: Inst) -> Type {
    func.value_type(func.result(i))
}

fn simplify(func: &mut Function, i: Inst, extra: &mut Vec<Inst>) -> Outcome {
    let c = |v: Value| util::const_value(func, v).map(|(_, bits)| bits);
    match func.insts[i].data.clone() {
        InstData::Unary { op, arg } => {
            let ty = func.value_type(arg);
            if let Some(a) = c(arg) {
                let folded = if ty.is_float() {
                    fold_float::unary(op, a, ty).map(|bits| InstData::FConst { ty, bits })
                } else {
                    fold_int::unary(op, a, ty).map(|imm| iconst(ty, imm))
                };
                if let Some(d) = folded {
                    return Outcome::Rewrite(d);
                }
            }
            // Double negation / complement.
            if matches!(op, UnaryOp::Neg | UnaryOp::Not | UnaryOp::FNeg) {
                if let Some(di) = func.def_inst(arg) {
                    if let InstData::Unary { op: op2, arg: x } = func.insts[di].data {
                        if op2 == op {
                            return Outcome::Forward(x);
                        }
                    }
                }
            }
            Outcome::Keep
        }
        InstData::Binary { op, lhs, rhs, nsw } => {
            simplify_binary(func, i, op, lhs, rhs, nsw, extra)
        }
        InstData::Fma { a, b, c: cc } => {
            let ty = func.value_type(a);
            match (c(a), c(b), c(cc)) {
                (Some(x), Some(y), Some(z)) => fold_float::fma(x, y, z, ty)
                    .map_or(Outcome::Keep, |bits| {
                        Outcome::Rewrite(InstData::FConst { ty, bits })
                    }),
                _ => Outcome::Keep,
            }
        }
        InstData::ICmp { cond, lhs, rhs } => {
            let ty = func.value_type(lhs);
            if let (Some(a), Some(b)) = (c(lhs), c(rhs)) {
                if let Some(r) = fold_int::icmp(cond, a, b, ty) {
                    return Outcome::Rewrite(bool_const(r));
                }
            }
            if lhs == rhs {
                let r = matches!(
                    cond,
                    IntCC::Eq | IntCC::Sle | IntCC::Sge | IntCC::Ule | IntCC::Uge
                );
                return Outcome::Rewrite(bool_const(r));
            }
            // A constant on the left moves to the right with the mirrored condition.
            if c(lhs).is_some() && c(rhs).is_none() {
                return Outcome::Rewrite(InstData::ICmp {
                    cond: cond.swapped(),
                    lhs: rhs,
                    rhs: lhs,
                });
            }
            // `icmp ne (zext b), 0` is `b`; `icmp eq (zext b), 0` is `not b`.
            if c(rhs) == Some(0) && matches!(cond, IntCC::Ne | IntCC::Eq) {
                if let Some(di) = func.def_inst(lhs) {
                    if let InstData::Cast {
                        op: CastOp::ZExt,
                        arg,
                        ..
                    } = func.insts[di].data
                    {
                        if func.value_type(arg) == Type::I1 {
                            return if cond == IntCC::Ne {
                                Outcome::Forward(arg)
                            } else {
                                Outcome::Rewrite(InstData::Unary {
                                    op: UnaryOp::Not,
                                    arg,
                                })
                            };
                        }
                    }
                }
            }
            // `icmp ne (select b, A, B), 0` with constants of which one is zero: `b` or
            // `not b` (`(a > 0 ? 1 : 0) != 0`, the front end's bool round trips).
            if c(rhs) == Some(0) && matches!(cond, IntCC::Ne | IntCC::Eq) {
                if let Some(di) = func.def_inst(lhs) {
                    if let InstData::Select {
                        cond: b,
                        if_true,
                        if_false,
                    } = func.insts[di].data
                    {
                        if let (Some(t), Some(f)) = (c(if_true), c(if_false)) {
                            let (t, f) = (t != 0, f != 0);
                            if t != f {
                                // The compare is true exactly when `b` is (for `ne` with a
                                // non-zero true arm) or when it is false.
                                return if (cond == IntCC::Ne) == t {
                                    Outcome::Forward(b)
                                } else {
                                    Outcome::Rewrite(InstData::Unary {
                                        op: UnaryOp::Not,
                                        arg: b,
                                    })
                                };
                            }
                        }
                    }
                }
            }
            // On `i1`: `x != 0` and `x == 1` are `x`.
            if ty == Type::I1
                && ((cond == IntCC::Ne && c(rhs) == Some(0))
                    || (cond == IntCC::Eq && c(rhs) == Some(1)))
            {
                return Outcome::Forward(lhs);
            }
            Outcome::Keep
        }
        InstData::FCmp { cond, lhs, rhs } => {
            let ty = func.value_type(lhs);
            match (c(lhs), c(rhs)) {
                (Some(a), Some(b)) => fold_float::fcmp(cond, a, b, ty)
                    .map_or(Outcome::Keep, |r| Outcome::Rewrite(bool_const(r))),
                _ => Outcome::Keep,
            }
        }
        InstData::Select {
            cond,
            if_true,
            if_false,
        } => {
            if let Some(k) = c(cond) {
                return Outcome::Forward(if k & 1 == 1 { if_true } else { if_false });
            }
            if if_true == if_false {
                return Outcome::Forward(if_true);
            }
            if func.value_type(if_true) == Type::I1
                && c(if_true) == Some(1)
                && c(if_false) == Some(0)
            {
                return Outcome::Forward(cond);
            }
            // `select (y != 0), 1, 0` is `y` when `y` is 0 or 1 (`y = x & 1`):
            // `(x & 1) ? 1 : 0`.
            if c(if_true) == Some(1) && c(if_false) == Some(0) {
                if let Some(y) = nonzero_test_of_bit(func, cond) {
                    if func.value_type(y) == func.value_type(if_true) {
                        return Outcome::Forward(y);
                    }
                }
            }
            // On `i1`: `select c, x, false` is `c & x`; `select c, true, x` is `c | x`.
            if func.value_type(if_true) == Type::I1 {
                if c(if_false) == Some(0) {
                    return Outcome::Rewrite(InstData::Binary {
                        op: BinaryOp::And,
                        lhs: cond,
                        rhs: if_true,
                        nsw: false,
                    });
                }
                if c(if_true) == Some(1) {
                    return Outcome::Rewrite(InstData::Binary {
                        op: BinaryOp::Or,
                        lhs: cond,
                        rhs: if_false,
                        nsw: false,
                    });
                }
            }
            // `select (not c), a, b` is `select c, b, a`.
            if let Some(x) = negated(func, cond) {
                return Outcome::Rewrite(InstData::Select {
                    cond: x,
                    if_true: if_false,
                    if_false: if_true,
                });
            }
            Outcome::Keep
        }
        InstData::Cast { op, arg, to } => {
            let from = func.value_type(arg);
            if let Some(a) = c(arg) {
                let folded = match op {
                    CastOp::Trunc | CastOp::ZExt | CastOp::SExt => {
                        fold_int::cast(op, a, from, to).map(|imm| iconst(to, imm))
                    }
                    _ => fold_float::cast(op, a, from, to).map(|bits| {
                        if to.is_float() {
                            InstData::FConst { ty: to, bits }
                        } else {
                            iconst(to, bits)
                        }
                    }),
                };
                if let Some(d) = folded {
                    return Outcome::Rewrite(d);
                }
            }
            if from == to && matches!(op, CastOp::Bitcast | CastOp::AddrSpaceCast) {
                return Outcome::Forward(arg);
            }
            // `trunc (zext/sext x)` back to x's own type.
            if op == CastOp::Trunc {
                if let Some(di) = func.def_inst(arg) {
                    if let InstData::Cast {
                        op: CastOp::ZExt | CastOp::SExt,
                        arg: x,
                        ..
                    } = func.insts[di].data
                    {
                        if func.value_type(x) == to {
                            return Outcome::Forward(x);
                        }
                    }
                }
                // `trunc (ext a op ext b)` computed narrow (`fold_trunc`).
                if let Some((op, a, b)) = fold_trunc::narrowed(func, arg, to) {
                    let mut operand = |n: fold_trunc::Narrow| match n {
                        fold_trunc::Narrow::Value(v) => v,
                        fold_trunc::Narrow::Const(k) => new_const(func, extra, to, k),
                    };
                    let (lhs, rhs) = (operand(a), operand(b));
                    return Outcome::Rewrite(InstData::Binary {
                        op,
                        lhs,
                        rhs,
                        nsw: false,
                    });
                }
            }
            Outcome::Keep
        }
        InstData::PtrAdd { ptr, offset } => {
            let Some(k) = c(offset) else {
                return Outcome::Keep;
            };
            if k == 0 {
                return Outcome::Forward(ptr);
            }
            // `ptradd (ptradd p, c1), c2` is `ptradd p, c1+c2`: one address-mode offset.
            if let Some((p, k1)) = with_const_operand(func, ptr, |d| match *d {
                InstData::PtrAdd { ptr, offset } => Some((ptr, offset)),
                _ => None,
            }) {
                let r = new_const(func, extra, Type::I64, k1.wrapping_add(k));
                return Outcome::Rewrite(InstData::PtrAdd { ptr: p, offset: r });
            }
            Outcome::Keep
        }
        InstData::Branch {
            cond,
            then_dest,
            else_dest,
        } => {
            if let Some(k) = c(cond) {
                let dest = if k & 1 == 1 { then_dest } else { else_dest };
                return Outcome::Rewrite(InstData::Jump { dest });
            }
            if then_dest == else_dest {
                return Outcome::Rewrite(InstData::Jump { dest: then_dest });
            }
            // `brif (not c), a, b` is `brif c, b, a`.
            if let Some(x) = negated(func, cond) {
                return Outcome::Rewrite(InstData::Branch {
                    cond: x,
                    then_dest: else_dest,
                    else_dest: then_dest,
                });
            }
            Outcome::Keep
        }
        InstData::Switch {
            arg,
            cases,
            default,
        } => {
            if let Some(k) = c(arg) {
                let dest: BlockCall = cases
                    .iter()
                    .find(|(v, _)| *v == k)
                    .map(|(_, d)| d.clone())
                    .unwrap_or(default);
                return Outcome::Rewrite(InstData::Jump { dest });
            }
            if cases.iter().all(|(_, d)| *d == default) {
                return Outcome::Rewrite(InstData::Jump { dest: default });
            }
            Outcome::Keep
        }
        _ => {
            let _ = i;
            Outcome::Keep
        }
    }
}

/// `x` when `v` is `not x` on `i1`.
fn negated(func: &Function, v: Value) -> Option<Value> {
    let d = func.def_inst(v)?;
    match func.insts[d].data {
        InstData::Unary {
            op: UnaryOp::Not,
            arg,
        } if func.value_type(arg) == Type::I1 => Some(arg),
        _ => None,
    }
}

/// Creates an unplaced `iconst` (queued in `extra`, which goes before the instruction).
/// `c = icmp ne y, 0` where `y = x & 1` (a value that is 0 or 1): `y`.
fn nonzero_test_of_bit(func: &Function, c: Value) -> Option<Value> {
    let InstData::ICmp {
        cond: IntCC::Ne,
        lhs,
        rhs,
    } = func.insts[func.def_inst(c)?].data
    else {
        return None;
    };
    if util::const_value(func, rhs).map(|(_, k)| k) != Some(0) {
        return None;
    }
    let InstData::Binary {
        op: BinaryOp::And,
        lhs: a,
        rhs: b,
        ..
    } = func.insts[func.def_inst(lhs)?].data
    else {
        return None;
    };
    let one = |v: Value| util::const_value(func, v).map(|(_, k)| k) == Some(1);
    (one(a) || one(b)).then_some(lhs)
}

fn new_const(func: &mut Function, extra: &mut Vec<Inst>, ty: Type, imm: u64) -> Value {
    let i = func.make_inst(iconst(ty, imm), Some(ty));
    extra.push(i);
    func.result(i)
}

/// Whether `a op b` (`add`/`mul` of two `bits`-wide constants read as signed) fits the type.
fn signed_exact(op: BinaryOp, a: u64, b: u64, bits: u32) -> bool {
    let sx = |v: u64| ((v << (64 - bits)) as i64 >> (64 - bits)) as i128;
    let r = match op {
        BinaryOp::Add => sx(a) + sx(b),
        BinaryOp::Mul => sx(a) * sx(b),
        _ => return false,
    };
    let half = 1i128 << (bits - 1);
    (-half..half).contains(&r)
}

fn simplify_binary(
    func: &mut Function,
    i: Inst,
    op: BinaryOp,
    lhs: Value,
    rhs: Value,
    nsw: bool,
    extra: &mut Vec<Inst>,
) -> Outcome {
    let ty = result_ty(func, i);
    let c = |v: Value| util::const_value(func, v).map(|(_, bits)| bits);
    let (ca, cb) = (c(lhs), c(rhs));
    if let (Some(a), Some(b)) = (ca, cb) {
        let folded = if ty.is_float() {
            fold_float::binary(op, a, b, ty).map(|bits| InstData::FConst { ty, bits })
        } else {
            fold_int::binary(op, a, b, ty).map(|imm| iconst(ty, imm))
        };
        return folded.map_or(Outcome::Keep, Outcome::Rewrite);
    }
    if fold_int::is_commutative(op) && ca.is_some() && cb.is_none() {
        return Outcome::Rewrite(InstData::Binary {
            op,
            lhs: rhs,
            rhs: lhs,
            nsw,
        });
    }
    if ty.is_float() {
        return simplify_float_binary(ty, op, lhs, cb);
    }
    if !ty.is_int() || ty.bits() > 64 {
        return Outcome::Keep;
    }
    let bits = ty.bits();
    let ones = fold_int::mask(u64::MAX, bits);
    let zero = || Outcome::Rewrite(iconst(ty, 0));
    if lhs == rhs {
        match op {
            BinaryOp::Sub | BinaryOp::Xor => return zero(),
            BinaryOp::And
            | BinaryOp::Or
            | BinaryOp::SMin
            | BinaryOp::SMax
            | BinaryOp::UMin
            | BinaryOp::UMax => return Outcome::Forward(lhs),
            _ => {}
        }
    }
    if let Some(o) = fold_neg::simplify(func, op, lhs, rhs) {
        return match o {
            fold_neg::NegFold::Rewrite(d) => Outcome::Rewrite(d),
            fold_neg::NegFold::Forward(v) => Outcome::Forward(v),
        };
    }
    let Some(k) = cb else {
        return Outcome::Keep;
    };
    let pow2 = k.is_power_of_two().then(|| k.trailing_zeros() as u64);
    match op {
        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or | BinaryOp::Xor if k == 0 => {
            Outcome::Forward(lhs)
        }
        BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr if k == 0 => Outcome::Forward(lhs),
        BinaryOp::Shl | BinaryOp::LShr if k >= bits as u64 => zero(),
        BinaryOp::Mul | BinaryOp::And if k == 0 => zero(),
        BinaryOp::Mul | BinaryOp::UDiv | BinaryOp::SDiv if k == 1 => Outcome::Forward(lhs),
        BinaryOp::URem | BinaryOp::SRem if k == 1 => zero(),
        BinaryOp::And if k == ones => Outcome::Forward(lhs),
        BinaryOp::Or if k == ones => Outcome::Rewrite(iconst(ty, ones)),
        BinaryOp::UMin if k == 0 => zero(),
        BinaryOp::UMax if k == 0 => Outcome::Forward(lhs),
        BinaryOp::UMin if k == ones => Outcome::Forward(lhs),
        BinaryOp::UMax if k == ones => Outcome::Rewrite(iconst(ty, ones)),
        BinaryOp::Mul | BinaryOp::UDiv | BinaryOp::URem if pow2.is_some() && bits > 1 => {
            let s = pow2.unwrap_or(0);
            let (new_op, amount) = match op {
                BinaryOp::Mul => (BinaryOp::Shl, s),
                BinaryOp::UDiv => (BinaryOp::LShr, s),
                _ => (BinaryOp::And, k - 1),
            };
            let r = new_const(func, extra, ty, amount);
            Outcome::Rewrite(InstData::Binary {
                op: new_op,
                lhs,
                rhs: r,
                nsw: false,
            })
        }
        // `x - c` is `x + (-c)`, so constant offsets meet in one form (as LLVM does);
        // no signed wrap stays true unless `-c` itself wraps (`c` = the type's minimum).
        BinaryOp::Sub if bits > 1 => {
            let r = new_const(func, extra, ty, k.wrapping_neg());
            Outcome::Rewrite(InstData::Binary {
                op: BinaryOp::Add,
                lhs,
                rhs: r,
                nsw: nsw && k != 1u64 << (bits - 1),
            })
        }
        // `(x op c1) op c2` is `x op (c1 op c2)` for associative operations.
        BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {
            let inner = with_const_operand(func, lhs, |d| match *d {
                InstData::Binary {
                    op: inner_op,
                    lhs,
                    rhs,
                    ..
                } if inner_op == op => Some((lhs, rhs)),
                _ => None,
            });
            let inner_nsw = func
                .def_inst(lhs)
                .is_some_and(|d| matches!(func.insts[d].data, InstData::Binary { nsw: true, .. }));
            match inner.and_then(|(x, k1)| Some((x, k1, fold_int::binary(op, k1, k, ty)?))) {
                Some((x, k1, k2)) => {
                    let r = new_const(func, extra, ty, k2);
                    // Both steps exact and `c1 op c2` exact: `x op (c1 op c2)` is the same
                    // exact value, so it does not wrap either.
                    let nsw = nsw && inner_nsw && signed_exact(op, k1, k, bits);
                    Outcome::Rewrite(InstData::Binary {
                        op,
                        lhs: x,
                        rhs: r,
                        nsw,
                    })
                }
                None => Outcome::Keep,
            }
        }
        _ => Outcome::Keep,
    }
}

/// When `v` is defined by an instruction that `pick` splits into `(x, operand)` and the
/// operand is an integer constant, returns `(x, constant)`.
fn with_const_operand(
    func: &Function,
    v: Value,
    pick: impl Fn(&InstData) -> Option<(Value, Value)>,
) -> Option<(Value, u64)> {
    let d = func.def_inst(v)?;
    let (x, operand) = pick(&func.insts[d].data)?;
    let (ty, bits) = util::const_value(func, operand)?;
    ty.is_int().then_some((x, bits))
}

/// Float identities that hold bit for bit for every input, NaN and signed zero included
/// (up to NaN payloads, which PTX canonicalizes anyway).
fn simplify_float_binary(ty: Type, op: BinaryOp, lhs: Value, cb: Option<u64>) -> Outcome {
    let Some(k) = cb else { return Outcome::Keep };
    let (one, pos_zero, neg_zero) = match ty {
        Type::F32 => (1.0f32.to_bits() as u64, 0u64, (-0.0f32).to_bits() as u64),
        Type::F64 => (1.0f64.to_bits(), 0u64, (-0.0f64).to_bits()),
        _ => return Outcome::Keep,
    };
    match op {
        BinaryOp::FMul | BinaryOp::FMulRn | BinaryOp::FDiv if k == one => Outcome::Forward(lhs),
        BinaryOp::FAdd | BinaryOp::FAddRn if k == neg_zero => Outcome::Forward(lhs),
        BinaryOp::FSub | BinaryOp::FSubRn if k == pos_zero => Outcome::Forward(lhs),
        _ => Outcome::Keep,
    }
}
