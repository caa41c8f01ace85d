//! `slsr`: straight-line strength reduction of strided addresses. After runtime unrolling,
//! `B[i * n + col]` becomes one address per copy, `B + 8 * sext((i + c) * n + col)` for
//! `c = 0, 1, 2, 3`, each a multiply-add, a widening and an add. nvcc computes the first one
//! and advances the pointer by `8 * n` for the next. This pass does the same inside a block:
//! an address `ptradd P, scale * sext((i + c) * n + b)` whose block holds an earlier address
//! of the same `P`, `scale`, `i`, `n` and `b` with another constant `c0` becomes
//! `ptradd earlier, (c - c0) * scale * sext(n)`; the old index computation is left for
//! `dce`, and the stride, invariant in a loop, for `licm`.
//!
//! Why it is exact: with the `sext`, every operation of both indices must be `nsw` (C's
//! signed arithmetic, whose overflow is undefined), so both are the exact integers
//! `(i + c) * n + b` and `(i + c0) * n + b`, whose difference is `(c - c0) * n`; without an
//! extension (64-bit indices) the identity holds in wrapping arithmetic with no flag. The
//! earlier address is in the same block, so it is computed whenever the later one is (the
//! unrolled copies of one body); nothing is taken from another path.
//!
//! Forms matched: the offset is `shl idx, K`, `mul idx, C` (either side) or `idx` itself;
//! `idx` is `sext.i64 x` of an `i32` or an `i64` value; `x` is `m + b`, `b + m` or `m`, with
//! `m = (i + c) * n` in either operand order (`c = 0` when no operand is an add of a
//! constant; then both orders are recorded, since either may be the basis of a later
//! `(i + c) * n`).
//!
//! Cost: one sweep over the instructions, a hash map per block and at most eight
//! decompositions per `ptradd`, each a few definition lookups: linear.

use hashbrown::HashMap;
use oxicc_ir::{BinaryOp, CastOp, Function, InstData, Type, Value};

use crate::util::{const_value, Replacements};

/// A decomposed address: `ptr + scale * ext((i + c) * n + b)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    ptr: Value,
    scale: u64,
    ext: bool,
    i: Value,
    n: Value,
    b: Option<Value>,
}

/// `v = lhs op rhs` (with the `nsw` flag when `need_nsw`): `(lhs, rhs)`.
fn binary(func: &Function, v: Value, op: BinaryOp, need_nsw: bool) -> Option<(Value, Value)> {
    match func.insts[func.def_inst(v)?].data {
        InstData::Binary {
            op: o,
            lhs,
            rhs,
            nsw,
        } if o == op && (nsw || !need_nsw) => Some((lhs, rhs)),
        _ => None,
    }
}

/// A constant as a signed value of its type's width.
fn signed_const(func: &Function, v: Value) -> Option<i64> {
    let (ty, imm) = const_value(func, v)?;
    match ty {
        Type::I32 => Some(imm as u32 as i32 as i64),
        Type::I64 => Some(imm as i64),
        _ => None,
    }
}

/// `off` = `idx << K`, `idx * C`, `C * idx` or `idx`: `(idx, scale)`.
fn scaled(func: &Function, off: Value) -> (Value, u64) {
    if let Some((l, r)) = binary(func, off, BinaryOp::Shl, false) {
        if let Some(k) = signed_const(func, r).filter(|k| (0..64).contains(k)) {
            return (l, 1u64 << k);
        }
    }
    if let Some((l, r)) = binary(func, off, BinaryOp::Mul, false) {
        match (signed_const(func, l), signed_const(func, r)) {
            (None, Some(c)) => return (l, c as u64),
            (Some(c), None) => return (r, c as u64),
            _ => {}
        }
    }
    (off, 1)
}

/// The ways `ptradd ptr, off` reads as `ptr + scale * ext((i + c) * n + b)`, with their `c`.
fn decompose(func: &Function, ptr: Value, off: Value, out: &mut Vec<(Key, i64)>) {
    out.clear();
    if func.value_type(off) != Type::I64 {
        return;
    }
    let (idx, scale) = scaled(func, off);
    let (x, ext) = match func.def_inst(idx).map(|d| &func.insts[d].data) {
        Some(&InstData::Cast {
            op: CastOp::SExt,
            arg,
            to: Type::I64,
        }) if func.value_type(arg) == Type::I32 => (arg, true),
        _ => (idx, false),
    };
    // Without the extension the identity holds in wrapping arithmetic; with it, only for
    // operations that do not overflow.
    let nsw = ext;
    let mut terms: Vec<(Value, Option<Value>)> = Vec::with_capacity(3);
    if let Some((l, r)) = binary(func, x, BinaryOp::Add, nsw) {
        terms.push((l, Some(r)));
        terms.push((r, Some(l)));
    }
    terms.push((x, None));
    for (m, b) in terms {
        let Some((a1, a2)) = binary(func, m, BinaryOp::Mul, nsw) else {
            continue;
        };
        for (j, n) in [(a1, a2), (a2, a1)] {
            let (i, c) = match binary(func, j, BinaryOp::Add, nsw) {
                Some((l, r)) => match (signed_const(func, l), signed_const(func, r)) {
                    (None, Some(c)) => (l, c),
                    (Some(c), None) => (r, c),
                    _ => (j, 0),
                },
                None => (j, 0),
            };
            out.push((
                Key {
                    ptr,
                    scale,
                    ext,
                    i,
                    n,
                    b,
                },
                c,
            ));
        }
    }
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    let mut reps = Replacements::new();
    let mut seen: HashMap<Key, (i64, Value)> = HashMap::new();
    // `(n, ext, scale * delta)` → the stride value made in this block.
    let mut strides: HashMap<(Value, bool, u64), Value> = HashMap::new();
    let mut forms = Vec::new();
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        seen.clear();
        strides.clear();
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        for i in old {
            let InstData::PtrAdd { ptr, offset } = func.insts[i].data else {
                insts.push(i);
                continue;
            };
            let Some(result) = func.insts[i].result else {
                insts.push(i);
                continue;
            };
            let ptr = reps.resolve(ptr);
            decompose(func, ptr, offset, &mut forms);
            let basis = forms.iter().find_map(|&(key, c)| {
                let &(c0, a0) = seen.get(&key)?;
                (c0 != c).then_some((key, c.wrapping_sub(c0), a0))
            });
            let mut now = result;
            if let Some((key, delta, a0)) = basis {
                let factor = key.scale.wrapping_mul(delta as u64);
                let stride = match strides.get(&(key.n, key.ext, factor)) {
                    Some(&s) => s,
                    None => {
                        let mut n = key.n;
                        if key.ext {
                            let e = InstData::Cast {
                                op: CastOp::SExt,
                                arg: n,
                                to: Type::I64,
                            };
                            let e = func.make_inst(e, Some(Type::I64));
                            insts.push(e);
                            n = func.result(e);
                        }
                        let k = InstData::IConst {
                            ty: Type::I64,
                            imm: factor,
                        };
                        let k = func.make_inst(k, Some(Type::I64));
                        insts.push(k);
                        let m = InstData::Binary {
                            op: BinaryOp::Mul,
                            lhs: n,
                            rhs: func.result(k),
                            nsw: false,
                        };
                        let m = func.make_inst(m, Some(Type::I64));
                        insts.push(m);
                        let s = func.result(m);
                        strides.insert((key.n, key.ext, factor), s);
                        s
                    }
                };
                let ty = func.value_type(result);
                let a = func.make_inst(
                    InstData::PtrAdd {
                        ptr: a0,
                        offset: stride,
                    },
                    Some(ty),
                );
                insts.push(a);
                now = func.result(a);
                reps.insert(result, now);
            }
            insts.push(i);
            for &(key, c) in &forms {
                seen.insert(key, (c, now));
            }
        }
        func.blocks[b].insts = insts;
    }
    reps.apply(func)
}
