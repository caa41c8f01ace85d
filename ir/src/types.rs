//! IR types: scalar integers and floats, and pointers tagged with a PTX address space.
//!
//! Integers are signless, as in LLVM: signedness lives in the operations (`sdiv`/`udiv`,
//! `slt`/`ult`, `sext`/`zext`). Aggregates (arrays, structs) do not exist as SSA values; they
//! live in memory (stack slots and globals) described by size and alignment, and the front end
//! turns member and element accesses into address arithmetic.

use std::fmt;

/// A PTX state space, numbered as in NVVM IR.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum AddrSpace {
    /// Generic addressing: may point into any of the windows below.
    Generic,
    /// Device memory (`.global`).
    Global,
    /// Per-CTA shared memory (`.shared`).
    Shared,
    /// Constant bank (`.const`).
    Const,
    /// Per-thread local memory (`.local`), where stack slots live.
    Local,
    /// Kernel parameter space (`.param`).
    Param,
}

impl AddrSpace {
    /// The NVVM address-space number.
    pub fn number(self) -> u32 {
        match self {
            AddrSpace::Generic => 0,
            AddrSpace::Global => 1,
            AddrSpace::Shared => 3,
            AddrSpace::Const => 4,
            AddrSpace::Local => 5,
            AddrSpace::Param => 101,
        }
    }
    /// The name used in the text format and in PTX (`global`, `shared`, …).
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Generic => "generic",
            AddrSpace::Global => "global",
            AddrSpace::Shared => "shared",
            AddrSpace::Const => "const",
            AddrSpace::Local => "local",
            AddrSpace::Param => "param",
        }
    }
    pub fn from_name(s: &str) -> Option<AddrSpace> {
        Some(match s {
            "generic" => AddrSpace::Generic,
            "global" => AddrSpace::Global,
            "shared" => AddrSpace::Shared,
            "const" => AddrSpace::Const,
            "local" => AddrSpace::Local,
            "param" => AddrSpace::Param,
            _ => return None,
        })
    }
}

impl fmt::Display for AddrSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The type of an SSA value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    F16,
    BF16,
    F32,
    F64,
    /// A 64-bit pointer into an address space.
    Ptr(AddrSpace),
}

impl Type {
    /// Size in bits (`i1` counts as 1; pointers are 64).
    pub fn bits(self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::F16 | Type::BF16 => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 | Type::Ptr(_) => 64,
            Type::I128 => 128,
        }
    }
    /// Size in bytes when stored in memory (`i1` takes a byte).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::I128
        )
    }
    pub fn is_float(self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64)
    }
    pub fn is_ptr(self) -> bool {
        matches!(self, Type::Ptr(_))
    }
    /// The integer type of the same width (`ptr` → `i64`).
    pub fn as_int(self) -> Type {
        match self.bits() {
            1 => Type::I1,
            8 => Type::I8,
            16 => Type::I16,
            32 => Type::I32,
            64 => Type::I64,
            _ => Type::I128,
        }
    }
    /// The address space of a pointer type.
    pub fn addr_space(self) -> Option<AddrSpace> {
        match self {
            Type::Ptr(s) => Some(s),
            _ => None,
        }
    }
    /// The integer type with `bits` bits, if there is one.
    pub fn int_with_bits(bits: u32) -> Option<Type> {
        Some(match bits {
            1 => Type::I1,
            8 => Type::I8,
            16 => Type::I16,
            32 => Type::I32,
            64 => Type::I64,
            128 => Type::I128,
            _ => return None,
        })
    }
    /// Parses the text-format spelling (`i32`, `f64`, `ptr.global`, `ptr` = generic).
    pub fn parse(s: &str) -> Option<Type> {
        Some(match s {
            "i1" => Type::I1,
            "i8" => Type::I8,
            "i16" => Type::I16,
            "i32" => Type::I32,
            "i64" => Type::I64,
            "i128" => Type::I128,
            "f16" => Type::F16,
            "bf16" => Type::BF16,
            "f32" => Type::F32,
            "f64" => Type::F64,
            "ptr" => Type::Ptr(AddrSpace::Generic),
            _ => Type::Ptr(AddrSpace::from_name(s.strip_prefix("ptr.")?)?),
        })
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Type::I1 => "i1",
            Type::I8 => "i8",
            Type::I16 => "i16",
            Type::I32 => "i32",
            Type::I64 => "i64",
            Type::I128 => "i128",
            Type::F16 => "f16",
            Type::BF16 => "bf16",
            Type::F32 => "f32",
            Type::F64 => "f64",
            Type::Ptr(AddrSpace::Generic) => "ptr",
            Type::Ptr(s) => return write!(f, "ptr.{}", s.name()),
        };
        f.write_str(s)
    }
}
