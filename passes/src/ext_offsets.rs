//! `ext-offsets`: moves constant offsets out of extended, scaled array indices, so that
//! neighbouring accesses share one address and differ by an immediate (`[%rd1+4]`), as nvcc's
//! do: `tmp[l + 1]`, `tmp[l + 2]` … after unrolling.
//!
//! Three rewrites, in layout order (each result replaces the old value; the old
//! instructions are left for `dce`):
//! 1. `sext.i64 (x + C)` → `sext.i64 x + C` when `x + C` cannot overflow `i32`: the add is
//!    `nsw` (C's signed arithmetic, whose overflow is undefined) or provably in range
//!    (and `zext.i64 (x + C)` → `zext.i64 x + C` when it provably stays in `[0, 2^32)`,
//!    by the ranges below or, for `C < 0`, a dominating branch on `x >= -C`: `dom_conds.rs`;
//!    either extension also when `x` has `k` known zero low bits and `0 <= C < 2^k`, so the
//!    add only fills them: `known_zeros.rs`).
//!    The proof is a small interval analysis over `i32` values: constants, the special
//!    registers' ranges (`%tid.x`/`.y` < 1024, `%tid.z` < 64, `%ntid.x`/`.y` ≤ 1024,
//!    `%ntid.z` ≤ 64, `%ctaid.y`/`.z` < 65535, `%laneid` < 32, …: CUDA's launch limits),
//!    `+`, `-`, `*`, `& C`, shifts right by constants, `urem` by a constant.
//!    1b. `sext.i64 (a + (b + C))` with both adds `nsw` → `(sext a + sext b) + C`, and
//!    then also `sext.i64 (a + b)` (`nsw`) → `sext a + sext b`, to share the sum.
//! 2. `(y + C) << K` → `(y << K) + (C << K)`, `(y + C) * K` → `y * K + C * K` (64-bit,
//!    exact in wrapping arithmetic), when the add came from rule 1 or has no other use.
//! 3. `ptradd p, (y + C)` → `ptradd (ptradd p, y), C`, under the same condition; the
//!    backend folds the outer constant `ptradd` into the access (`[%rd+C]`), and `cse`
//!    shares `ptradd p, y` between the neighbours.
//!
//! Linear in the function (the interval analysis follows at most `MAX_DEPTH` definitions
//! per query).

use hashbrown::HashSet;
use oxicc_ir::{BinaryOp, CastOp, Dim, Function, InstData, SpecialReg, Type, Value};

use crate::dom_conds::DomConds;
use crate::known_zeros::trailing_zeros;
use crate::util::{const_value, use_counts, Replacements};

const MAX_DEPTH: u32 = 8;

/// The signed range `[lo, hi]` of an `i32` value, when known.
fn range(func: &Function, v: Value, depth: u32) -> Option<(i64, i64)> {
    if func.value_type(v) != Type::I32 {
        return None;
    }
    if let Some((_, c)) = const_value(func, v) {
        let c = c as u32 as i32 as i64;
        return Some((c, c));
    }
    if depth == 0 {
        return None;
    }
    let fits = |lo: i64, hi: i64| {
        (lo >= i32::MIN as i64 && hi <= i32::MAX as i64 && lo <= hi).then_some((lo, hi))
    };
    match func.insts[func.def_inst(v)?].data {
        InstData::SpecialReg { reg } => Some(match reg {
            SpecialReg::Tid(Dim::X | Dim::Y) => (0, 1023),
            SpecialReg::Tid(Dim::Z) => (0, 63),
            SpecialReg::NTid(Dim::X | Dim::Y) => (1, 1024),
            SpecialReg::NTid(Dim::Z) => (1, 64),
            SpecialReg::CtaId(Dim::X) => (0, i32::MAX as i64 - 1),
            SpecialReg::CtaId(_) => (0, 65534),
            SpecialReg::NCtaId(Dim::X) => (1, i32::MAX as i64),
            SpecialReg::NCtaId(_) => (1, 65535),
            SpecialReg::WarpSize => (32, 32),
            SpecialReg::LaneId => (0, 31),
        }),
        InstData::Binary { op, lhs, rhs, .. } => {
            let c = |x: Value| const_value(func, x).map(|(_, c)| c as u32 as i32 as i64);
            match op {
                BinaryOp::And => match (c(lhs), c(rhs)) {
                    (_, Some(m)) | (Some(m), _) if m >= 0 => Some((0, m)),
                    _ => None,
                },
                BinaryOp::URem => match c(rhs) {
                    Some(m) if m > 0 => Some((0, m - 1)),
                    _ => None,
                },
                BinaryOp::LShr | BinaryOp::AShr => {
                    let k = c(rhs).filter(|k| (0..32).contains(k))?;
                    let (lo, hi) = range(func, lhs, depth - 1)?;
                    (lo >= 0).then_some((lo >> k, hi >> k))
                }
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul => {
                    let (a, b) = range(func, lhs, depth - 1)?;
                    let (x, y) = range(func, rhs, depth - 1)?;
                    match op {
                        BinaryOp::Add => fits(a + x, b + y),
                        BinaryOp::Sub => fits(a - y, b - x),
                        _ => {
                            let p = [a * x, a * y, b * x, b * y];
                            fits(*p.iter().min()?, *p.iter().max()?)
                        }
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// `v = y + C` (`C` a constant): `(y, C)`; with `nsw`, only an add that carries the
/// no-signed-wrap flag.
fn add_const_of(func: &Function, v: Value, nsw: bool) -> Option<(Value, u64)> {
    let InstData::Binary {
        op: BinaryOp::Add,
        lhs,
        rhs,
        nsw: flagged,
    } = func.insts[func.def_inst(v)?].data
    else {
        return None;
    };
    if nsw && !flagged {
        return None;
    }
    match (const_value(func, lhs), const_value(func, rhs)) {
        (None, Some((_, c))) => Some((lhs, c)),
        (Some((_, c)), None) => Some((rhs, c)),
        _ => None,
    }
}

/// `v = y + C` (64-bit, `C` a constant): `(y, C)`.
fn add_const(func: &Function, v: Value) -> Option<(Value, u64)> {
    add_const_of(func, v, false)
}

/// `v = y + C`, an `nsw` add of an `i32` constant: `(y, C)`.
fn nsw_add_const(func: &Function, v: Value) -> Option<(Value, u64)> {
    add_const_of(func, v, true)
}

/// A value up to recomputation: the unrolled copies of a loop each recompute the invariant
/// `row * k` (`cse` runs after this pass), so values are compared by what computes them,
/// a few operations deep.
#[derive(Clone, PartialEq, Eq, Hash)]
enum VKey {
    Val(Value),
    Const(Type, u64),
    Sreg(SpecialReg),
    Bin(BinaryOp, bool, Box<VKey>, Box<VKey>),
}

fn vkey(func: &Function, v: Value, depth: u32) -> VKey {
    let Some(d) = func.def_inst(v) else {
        return VKey::Val(v);
    };
    match func.insts[d].data {
        InstData::IConst { ty, imm } => VKey::Const(ty, imm),
        InstData::SpecialReg { reg } => VKey::Sreg(reg),
        InstData::Binary { op, lhs, rhs, nsw } if depth > 0 => VKey::Bin(
            op,
            nsw,
            Box::new(vkey(func, lhs, depth - 1)),
            Box::new(vkey(func, rhs, depth - 1)),
        ),
        _ => VKey::Val(v),
    }
}

/// How deep `vkey` looks.
const KEY_DEPTH: u32 = 3;

/// The `(a, b)` of every `sext(a +nsw (b +nsw c))` (rule 1b): a plain `sext(a +nsw b)` is
/// rewritten too, so that it shares `sext(a) + sext(b)` with its neighbours instead of
/// computing its own address (the first copy of an unrolled round).
fn nested_pairs(func: &Function) -> HashSet<(VKey, VKey)> {
    let mut pairs = HashSet::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let InstData::Cast {
                op: CastOp::SExt,
                arg,
                to: Type::I64,
            } = func.insts[i].data
            else {
                continue;
            };
            let Some(d) = func.def_inst(arg) else {
                continue;
            };
            if let InstData::Binary {
                op: BinaryOp::Add,
                lhs,
                rhs,
                nsw: true,
            } = func.insts[d].data
            {
                let key = |v: Value| vkey(func, v, KEY_DEPTH);
                for (a, inner) in [(lhs, rhs), (rhs, lhs)] {
                    if let Some((x, _)) = nsw_add_const(func, inner) {
                        pairs.insert((key(a), key(x)));
                        pairs.insert((key(x), key(a)));
                    }
                }
            }
        }
    }
    pairs
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let uses = use_counts(func);
    let conds = DomConds::new(func);
    let pairs = nested_pairs(func);
    let mut reps = Replacements::new();
    // Adds created by rule 1 (their old counterpart's uses now read them).
    let mut fresh: HashSet<Value> = HashSet::new();
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        for i in old {
            let Some(result) = func.insts[i].result else {
                insts.push(i);
                continue;
            };
            let may_split = |v: Value, fresh: &HashSet<Value>| fresh.contains(&v) || uses[v] == 1;
            let new: Option<(Vec<InstData>, bool)> = match func.insts[i].data {
                InstData::Cast {
                    op: op @ (CastOp::SExt | CastOp::ZExt),
                    arg,
                    to: Type::I64,
                } => {
                    let arg = reps.resolve(arg);
                    let ok = |x: Value, c: u64, nsw: bool| {
                        let c = c as u32 as i32 as i64;
                        // C's signed add may not overflow (`nsw`): no range needed.
                        if nsw && op == CastOp::SExt {
                            return Some(c);
                        }
                        // Under `if (x >= -c)`, `x + c` does not wrap below zero.
                        if op == CastOp::ZExt
                            && c < 0
                            && conds.unsigned_at_least(func, b, x, (-c) as u32)
                        {
                            return Some(c);
                        }
                        // `x` has `k` zero low bits and `0 <= c < 2^k`: `x + c` is
                        // `x | c`, which wraps neither way (`known_zeros.rs`).
                        let tz = trailing_zeros(func, x, MAX_DEPTH).min(32);
                        if c >= 0 && c < (1i64 << tz) {
                            return Some(c);
                        }
                        let (x_lo, x_hi) = range(func, x, MAX_DEPTH)?;
                        let (lo, hi) = (x_lo + c, x_hi + c);
                        let fits = match op {
                            CastOp::SExt => lo >= i32::MIN as i64 && hi <= i32::MAX as i64,
                            _ => x_lo >= 0 && lo >= 0 && hi <= u32::MAX as i64,
                        };
                        fits.then_some(c)
                    };
                    match func
                        .insts
                        .get(func.def_inst(arg).unwrap_or(i))
                        .map(|d| &d.data)
                    {
                        Some(&InstData::Binary {
                            op: BinaryOp::Add,
                            lhs,
                            rhs,
                            nsw,
                        }) if func.value_type(arg) == Type::I32 => {
                            let split = match (const_value(func, lhs), const_value(func, rhs)) {
                                (None, Some((_, c))) => Some((lhs, c)),
                                (Some((_, c)), None) => Some((rhs, c)),
                                _ => None,
                            };
                            // `sext(a + (b + c))`, both adds `nsw`: the exact sum, so
                            // `(sext(a) + sext(b)) + c` (rule 1b; `A[row * k + (i + 1)]`
                            // after unrolling shares `A + 8 * (row * k + i)`).
                            let nested = (split.is_none() && nsw && op == CastOp::SExt)
                                .then(|| {
                                    nsw_add_const(func, rhs)
                                        .map(|(b, c)| (lhs, b, c))
                                        .or_else(|| {
                                            nsw_add_const(func, lhs).map(|(b, c)| (rhs, b, c))
                                        })
                                        .or_else(|| {
                                            // The round's first copy, `sext(a + b)`.
                                            if pairs.is_empty() {
                                                return None;
                                            }
                                            let key = (
                                                vkey(func, lhs, KEY_DEPTH),
                                                vkey(func, rhs, KEY_DEPTH),
                                            );
                                            pairs.contains(&key).then_some((lhs, rhs, 0))
                                        })
                                })
                                .flatten();
                            if let Some((a, b, c)) = nested {
                                let ext = |v: Value| InstData::Cast {
                                    op: CastOp::SExt,
                                    arg: v,
                                    to: Type::I64,
                                };
                                let imm = c as u32 as i32 as i64 as u64;
                                Some((
                                    vec![ext(a), ext(b), InstData::IConst { ty: Type::I64, imm }],
                                    true,
                                ))
                            } else {
                                split.and_then(|(x, c)| ok(x, c, nsw).map(|c| (x, c))).map(
                                    |(x, c)| {
                                        (
                                            vec![
                                                InstData::Cast {
                                                    op,
                                                    arg: x,
                                                    to: Type::I64,
                                                },
                                                InstData::IConst {
                                                    ty: Type::I64,
                                                    imm: c as u64,
                                                },
                                            ],
                                            true,
                                        )
                                    },
                                )
                            }
                        }
                        _ => None,
                    }
                }
                InstData::Binary {
                    op: op @ (BinaryOp::Shl | BinaryOp::Mul),
                    lhs,
                    rhs,
                    ..
                } if func.value_type(result) == Type::I64 => {
                    let y = reps.resolve(lhs);
                    match (add_const(func, y), const_value(func, rhs)) {
                        (Some((x, c)), Some((_, k))) if may_split(y, &fresh) => {
                            let scaled = match op {
                                BinaryOp::Shl if k < 64 => Some(c << k),
                                BinaryOp::Mul => Some(c.wrapping_mul(k)),
                                _ => None,
                            };
                            scaled.map(|s| {
                                (
                                    vec![
                                        InstData::Binary {
                                            op,
                                            lhs: x,
                                            rhs,
                                            nsw: false,
                                        },
                                        InstData::IConst {
                                            ty: Type::I64,
                                            imm: s,
                                        },
                                    ],
                                    true,
                                )
                            })
                        }
                        _ => None,
                    }
                }
                InstData::PtrAdd { ptr, offset } => {
                    let o = reps.resolve(offset);
                    match add_const(func, o) {
                        Some((y, c)) if may_split(o, &fresh) => Some((
                            vec![
                                InstData::PtrAdd {
                                    ptr: reps.resolve(ptr),
                                    offset: y,
                                },
                                InstData::IConst {
                                    ty: Type::I64,
                                    imm: c,
                                },
                            ],
                            false,
                        )),
                        _ => None,
                    }
                }
                _ => None,
            };
            insts.push(i);
            let Some((parts, is_add)) = new else {
                continue;
            };
            // `parts` = [the operation on the variable part, the constant] (rule 1b: the
            // two extensions to add, then the constant); then combine.
            let mut made = Vec::new();
            for data in parts {
                let ty = match &data {
                    InstData::PtrAdd { .. } => func.value_type(result),
                    _ => Type::I64,
                };
                let n = func.make_inst(data, Some(ty));
                made.push(func.result(n));
                insts.push(n);
            }
            if made.len() == 3 {
                let sum = InstData::Binary {
                    op: BinaryOp::Add,
                    lhs: made[0],
                    rhs: made[1],
                    nsw: false,
                };
                let n = func.make_inst(sum, Some(Type::I64));
                insts.push(n);
                made = vec![func.result(n), made[2]];
            }
            let combined = if is_add {
                InstData::Binary {
                    op: BinaryOp::Add,
                    lhs: made[0],
                    rhs: made[1],
                    nsw: false,
                }
            } else {
                InstData::PtrAdd {
                    ptr: made[0],
                    offset: made[1],
                }
            };
            let ty = func.value_type(result);
            let n = func.make_inst(combined, Some(ty));
            let r = func.result(n);
            insts.push(n);
            if is_add {
                fresh.insert(r);
            }
            reps.insert(result, r);
        }
        func.blocks[b].insts = insts;
    }
    reps.apply(func)
}
