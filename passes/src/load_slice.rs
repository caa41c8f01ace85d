//! `load-slice`: an `i64` load whose value is only ever used as its two 32-bit halves
//! (`trunc.i32 x` and `trunc.i32 (lshr x, 32)`) becomes two `i32` loads, one per half,
//! as LLVM's load slicing does. The front end copies structs in 8-byte chunks
//! (`copy_bytes`); when `sroa` splits the destination into `int` fields but the source is
//! memory it cannot split (`int4 x = a[i]`), the chunk stays one `i64` load taken apart with
//! a shift and two conversions. Two `i32` loads need none of those, and the backend then
//! pairs them with their neighbours into `ld.v4.u32` (`backend/src/vectorize.rs`).
//!
//! Memory is little-endian: the low half is at the load's address, the high half 4 bytes
//! past it. Only non-volatile loads; the new loads go right after the old one (nothing runs
//! in between), the first keeps its alignment and the second gets at most 4. The old load,
//! the shifts and the truncations are left for `dce`. One sweep for the uses, one for the
//! rewrite: linear in the function.

use oxicc_ir::{BinaryOp, CastOp, Function, InstData, MemFlags, SecondaryMap, Type, Value};

use crate::util::{const_value, insert_insts, use_counts, Replacements};

pub fn run(func: &mut Function) -> bool {
    let counts = use_counts(func);
    // How many uses of each value are `trunc.i32` of it, and for each `i64` value the
    // `lshr x, 32` results that read it.
    let mut trunc_uses: SecondaryMap<Value, u32> =
        SecondaryMap::with_capacity(func.values.len(), 0);
    let mut shifts: SecondaryMap<Value, u32> = SecondaryMap::with_capacity(func.values.len(), 0);
    let mut high_of: Vec<(Value, Value)> = Vec::new();
    let mut truncs: Vec<(Value, Value)> = Vec::new();
    let mut any_load = false;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let Some(r) = func.insts[i].result else {
                continue;
            };
            match func.insts[i].data {
                InstData::Cast {
                    op: CastOp::Trunc,
                    arg,
                    ..
                } if func.value_type(r) == Type::I32 && func.value_type(arg) == Type::I64 => {
                    trunc_uses[arg] += 1;
                    truncs.push((arg, r));
                }
                InstData::Binary {
                    op: BinaryOp::LShr,
                    lhs,
                    rhs,
                    ..
                } if func.value_type(lhs) == Type::I64
                    && const_value(func, rhs).is_some_and(|(_, c)| c == 32) =>
                {
                    shifts[lhs] += 1;
                    high_of.push((lhs, r));
                }
                InstData::Load {
                    ty: Type::I64,
                    flags,
                    ..
                } if !flags.volatile => any_load = true,
                _ => {}
            }
        }
    }
    if !any_load {
        return false;
    }
    // A shift qualifies when every use of it is a truncation; a load when every use is a
    // truncation or a qualifying shift.
    let shift_ok = |s: Value| trunc_uses[s] == counts[s];
    let mut bad_shifts: SecondaryMap<Value, bool> =
        SecondaryMap::with_capacity(func.values.len(), false);
    for &(x, s) in &high_of {
        if !shift_ok(s) {
            bad_shifts[x] = true;
        }
    }
    let mut rep = Replacements::new();
    // (low, high) loads of each sliced load's result.
    let mut halves: SecondaryMap<Value, Option<(Value, Value)>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let mut ii = 0;
        while ii < func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            ii += 1;
            let InstData::Load {
                ty: Type::I64,
                ptr,
                flags,
            } = func.insts[i].data
            else {
                continue;
            };
            let Some(x) = func.insts[i].result else {
                continue;
            };
            if flags.volatile
                || counts[x] == 0
                || bad_shifts[x]
                || trunc_uses[x] + shifts[x] != counts[x]
            {
                continue;
            }
            let loc = func.loc(i);
            let pty = func.value_type(ptr);
            let lo = func.make_inst(
                InstData::Load {
                    ty: Type::I32,
                    ptr,
                    flags,
                },
                Some(Type::I32),
            );
            let four = func.make_inst(
                InstData::IConst {
                    ty: Type::I64,
                    imm: 4,
                },
                Some(Type::I64),
            );
            let four_v = func.insts[four].result.expect("iconst has a result");
            let p4 = func.make_inst(
                InstData::PtrAdd {
                    ptr,
                    offset: four_v,
                },
                Some(pty),
            );
            let p4_v = func.insts[p4].result.expect("ptradd has a result");
            let hi = func.make_inst(
                InstData::Load {
                    ty: Type::I32,
                    ptr: p4_v,
                    flags: MemFlags {
                        align: flags.align.min(4),
                        ..flags
                    },
                },
                Some(Type::I32),
            );
            for n in [lo, four, p4, hi] {
                func.set_loc(n, loc);
            }
            insert_insts(func, b, ii, &[lo, four, p4, hi]);
            ii += 4;
            halves[x] = Some((
                func.insts[lo].result.expect("load has a result"),
                func.insts[hi].result.expect("load has a result"),
            ));
        }
    }
    let mut changed = false;
    // The high halves: `trunc (lshr x, 32)` reads the high load.
    let mut high: SecondaryMap<Value, Option<Value>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    for &(x, s) in &high_of {
        if let Some((_, h)) = halves[x] {
            high[s] = Some(h);
        }
    }
    for &(arg, t) in &truncs {
        if let Some((l, _)) = halves[arg] {
            rep.insert(t, l);
            changed = true;
        } else if let Some(h) = high[arg] {
            rep.insert(t, h);
            changed = true;
        }
    }
    rep.apply(func);
    changed
}
