//! `const-globals`: loads from read-only module variables (`GlobalVar::read_only`: `const`
//! or `constexpr` objects of arithmetic element type with a constant initializer, which
//! nothing may write, not even the host) are folded or sent through the read-only cache,
//! as nvcc does (`__device__ constexpr int k[6]`; checked against `nvcc -ptx`):
//! - a non-volatile load at a constant offset inside the initializer becomes the constant
//!   it reads (`k[2]` is `3`), little-endian bytes of `init` reinterpreted as the load's
//!   integer or `f32`/`f64` type;
//! - any other load from a `.global` pointer into such an object is marked `invariant`, so
//!   the backend prints `ld.global.nc` (`k[i & 3]`).
//!
//! A pointer's object is found by following `ptradd` (summing constant offsets; any other
//! offset makes the offset unknown but keeps the object) and `addrspacecast` back to a
//! `globaladdr`, at most [`MAX_DEPTH`] steps. `__constant__` variables are left alone: nvcc
//! does not fold them (the host may write them with `cudaMemcpyToSymbol`), and they are
//! already read through the constant cache. Cost: one sweep over the instructions, a bounded
//! walk per load; nothing at all when the module has no read-only global.

use oxicc_ir::{AddrSpace, CastOp, Function, GlobalId, GlobalVar, InstData, Module, Type, Value};

/// How many `ptradd`/`addrspacecast` steps a pointer is followed back.
const MAX_DEPTH: usize = 16;

pub fn run(module: &mut Module) -> bool {
    if !module.globals.values().any(|g| g.read_only) {
        return false;
    }
    let mut changed = false;
    let globals = &module.globals;
    for (_, func) in module.functions.iter_mut() {
        let (folded, marked) = run_function(func, |g| {
            let gv = &globals[g];
            gv.read_only.then_some(gv)
        });
        if folded {
            // Fold what the constants feed right away (the pipeline runs this pass after
            // `const-fold`, so that offsets computed from unrolled indices are constants).
            crate::const_fold::run(func);
        }
        changed |= folded || marked;
    }
    changed
}

/// Folds and marks the loads of `func`; returns whether any load was folded and whether
/// any was marked.
fn run_function<'g>(
    func: &mut Function,
    read_only: impl Fn(GlobalId) -> Option<&'g GlobalVar>,
) -> (bool, bool) {
    let (mut folded, mut marked) = (false, false);
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        for ii in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            let InstData::Load { ty, ptr, flags } = func.insts[i].data else {
                continue;
            };
            if flags.volatile {
                continue;
            }
            let Some((g, offset)) = object_of(func, ptr) else {
                continue;
            };
            let Some(gv) = read_only(g) else {
                continue;
            };
            if let Some(data) = offset.and_then(|off| constant_at(gv, off, ty)) {
                func.insts[i].data = data;
                folded = true;
            } else if !flags.invariant && func.value_type(ptr) == Type::Ptr(AddrSpace::Global) {
                if let InstData::Load { flags, .. } = &mut func.insts[i].data {
                    flags.invariant = true;
                    marked = true;
                }
            }
        }
    }
    (folded, marked)
}

/// The global `ptr` points into and its constant byte offset, if known.
fn object_of(func: &Function, mut ptr: Value) -> Option<(GlobalId, Option<i64>)> {
    let mut offset = Some(0i64);
    for _ in 0..MAX_DEPTH {
        let def = func.def_inst(ptr)?;
        match func.insts[def].data {
            InstData::GlobalAddr { global } => return Some((global, offset)),
            InstData::PtrAdd {
                ptr: base,
                offset: off,
            } => {
                offset = match (offset, crate::util::const_value(func, off)) {
                    (Some(o), Some((_, c))) => o.checked_add(c as i64),
                    _ => None,
                };
                ptr = base;
            }
            InstData::Cast {
                op: CastOp::AddrSpaceCast,
                arg,
                ..
            } => ptr = arg,
            _ => return None,
        }
    }
    None
}

/// The constant a load of `ty` at byte `offset` of `gv`'s initializer reads.
fn constant_at(gv: &GlobalVar, offset: i64, ty: Type) -> Option<InstData> {
    let init = gv.init.as_ref()?;
    if gv.space != AddrSpace::Global || !gv.func_addrs.is_empty() {
        return None;
    }
    let size = match ty {
        Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::F32 | Type::F64 => ty.bits() / 8,
        _ => return None,
    } as usize;
    let start = u64::try_from(offset).ok()?;
    if start.checked_add(size as u64)? > gv.size() {
        return None;
    }
    // Bytes past the end of a shorter initializer are zero.
    let mut bits = 0u64;
    for k in 0..size {
        let byte = init.get(start as usize + k).copied().unwrap_or(0);
        bits |= u64::from(byte) << (8 * k);
    }
    Some(if ty.is_float() {
        InstData::FConst { ty, bits }
    } else {
        InstData::IConst { ty, imm: bits }
    })
}
