//! ABI lowering: how parameters and return values travel through the `.param` space.
//!
//! Kernels (`.entry`) declare each parameter with its own type (`.param .u32`, `.param .f32`,
//! `.param .u64` for pointers, `.param .u8`/`.u16` for small integers) and read it with
//! `ld.param`. Device functions (`.func`) follow nvcc's convention: every scalar is a
//! `.b32` or `.b64` parameter (small integers widened to 32 bits by the caller), the return
//! value is `func_retval0`, and a call is a `{ // callseq }` scope that declares `param0…`,
//! fills them with `st.param`, calls, and reads `retval0` with `ld.param`. Aggregates passed
//! by value are `.param .align A .b8 name[N]`; in the body they are a `ptr.param` whose loads
//! become `ld.param [name+off]`.

use crate::mir::{ParamDecl, PtxType, RegClass};
use crate::BackendError;
use oxicc_ir::{ParamKind, Type};

/// The `.param` symbol of parameter `i` of `func` (`_Z5saxpyifPKfPf_param_0`).
pub fn param_name(func: &str, i: usize) -> String {
    format!("{func}_param_{i}")
}

/// The register class holding a value of type `t`.
pub fn class_of(t: Type) -> Result<RegClass, BackendError> {
    Ok(match t {
        Type::I1 => RegClass::Pred,
        Type::I8 | Type::I16 | Type::F16 | Type::BF16 => RegClass::B16,
        Type::I32 => RegClass::B32,
        Type::I64 | Type::Ptr(_) => RegClass::B64,
        Type::F32 => RegClass::F32,
        Type::F64 => RegClass::F64,
        Type::I128 => {
            return Err(BackendError::new(
                "128-bit integers are not supported by the PTX backend yet",
            ))
        }
    })
}

/// The memory type used to load or store a value of type `t` (`i1` travels as a byte).
pub fn mem_type(t: Type) -> PtxType {
    match t {
        Type::I1 | Type::I8 => PtxType::U8,
        Type::I16 => PtxType::U16,
        Type::I32 => PtxType::U32,
        Type::I64 | Type::Ptr(_) | Type::I128 => PtxType::U64,
        Type::F16 | Type::BF16 => PtxType::B16,
        Type::F32 => PtxType::F32,
        Type::F64 => PtxType::F64,
    }
}

/// The declared type of a scalar kernel parameter (`.param .u32 k_param_0`).
pub fn kernel_param_type(t: Type) -> PtxType {
    match t {
        Type::F16 | Type::BF16 => PtxType::B16,
        _ => mem_type(t),
    }
}

/// The declaration of a device-function parameter or return value.
pub fn func_param_decl(kind: ParamKind) -> ParamDecl {
    match kind {
        ParamKind::Value(t) => ParamDecl::Scalar(if t.bits() > 32 {
            PtxType::B64
        } else {
            PtxType::B32
        }),
        ParamKind::ByVal { size, align } => ParamDecl::Bytes { align, size },
    }
}

/// The type of the `st.param`/`ld.param` that moves a scalar across a call boundary after
/// widening (`f32`/`f64` keep their float type, integers are `.b32`/`.b64`).
pub fn call_slot_type(t: Type) -> PtxType {
    match t {
        Type::F32 => PtxType::F32,
        Type::F64 => PtxType::F64,
        _ if t.bits() > 32 => PtxType::B64,
        _ => PtxType::B32,
    }
}

/// True when a scalar of type `t` is widened to 32 bits for a `.func` parameter or return.
pub fn widened(t: Type) -> bool {
    t.bits() < 32
}
