//! `-ftz=true`: single-precision instructions flush subnormal inputs and results to zero.
//! nvcc puts `.ftz` on every f32 instruction that takes it (`add.ftz.f32`,
//! `setp.lt.ftz.f32`, `cvt.rzi.ftz.s32.f32`, `sqrt.rn.ftz.f32`, `ex2.approx.ftz.f32`, …);
//! this pass does the same after instruction selection, so nothing upstream needs to know.
//! Moves, selects, loads, stores and `copysign` have no `.ftz` form.

use crate::mir::{MFunction, MInstKind, Mod, Op, Opc, PtxType};

/// Whether `op` takes `.ftz` and is an f32 operation.
fn takes_ftz(op: &Op) -> bool {
    let f32_operand = match op.opc {
        // cvt.ftz flushes an f32 input or result: f32 to anything, and float to f32
        // (`cvt.rn.ftz.f32.f64`); integer to f32 makes no subnormal.
        Opc::Cvt => {
            let float = |t: Option<&PtxType>| matches!(t, Some(PtxType::F32 | PtxType::F64));
            op.types.last() == Some(&PtxType::F32)
                || (op.types.first() == Some(&PtxType::F32) && float(op.types.last()))
        }
        Opc::Add
        | Opc::Sub
        | Opc::Mul
        | Opc::Fma
        | Opc::Mad
        | Opc::Div
        | Opc::Sqrt
        | Opc::Rsqrt
        | Opc::Rcp
        | Opc::Ex2
        | Opc::Lg2
        | Opc::Sin
        | Opc::Cos
        | Opc::Min
        | Opc::Max
        | Opc::Abs
        | Opc::Neg
        | Opc::Setp => op.types.first() == Some(&PtxType::F32),
        _ => false,
    };
    f32_operand && !op.mods.contains(&Mod::Ftz)
}

/// Adds `.ftz` to every f32 instruction of `mf` that takes it, where nvcc prints it: after
/// the rounding, approximation and comparison modifiers, before `.sat`
/// (`cvt.ftz.sat.f32.f32`, `cvt.rni.ftz.s32.f32`).
pub fn flush_subnormals(mf: &mut MFunction) {
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            if let MInstKind::Op { op, .. } = &mut inst.kind {
                if takes_ftz(op) {
                    let at = op
                        .mods
                        .iter()
                        .position(|m| *m == Mod::Sat)
                        .unwrap_or(op.mods.len());
                    op.mods.insert(at, Mod::Ftz);
                }
            }
        }
    }
}
