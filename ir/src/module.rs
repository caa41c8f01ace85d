//! Modules: the functions and module-scope variables of one translation unit.

use crate::entity::EntityMap;
use crate::function::{Function, Linkage};
use crate::types::{AddrSpace, Type};
use crate::{FuncId, GlobalId};

/// A module-scope variable: `__device__`, `__constant__`, `__shared__`, or a string literal.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVar {
    pub name: String,
    pub space: AddrSpace,
    /// Element type used for printing (`.f32 w[5]`); aggregates use `I8` (`.b8 s[20]`).
    pub elem: Type,
    /// Number of elements for arrays, `None` for a scalar.
    pub count: Option<u64>,
    pub align: u32,
    /// Initial bytes in memory order (little-endian); `None` means zero / uninitialized.
    pub init: Option<Vec<u8>>,
    pub linkage: Linkage,
    /// `extern __shared__ T x[];` — dynamic shared memory of unknown size.
    pub extern_shared: bool,
    /// `__managed__`: unified memory the host maps too; PTX marks it
    /// `.attribute(.managed)`, device code reads and writes it as any global.
    pub managed: bool,
    /// Function addresses in the initial value: (byte offset, function), each an 8-byte
    /// generic pointer whose bytes in `init` are zero (function-pointer tables, vtables).
    pub func_addrs: Vec<(u64, FuncId)>,
    /// A `const` object: nothing (device code or host) may write it after its
    /// initialization, so loads from it may be folded from `init` or read through the
    /// read-only data cache (`ld.global.nc`), as nvcc does.
    pub read_only: bool,
}

impl GlobalVar {
    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.elem.bytes() as u64 * self.count.unwrap_or(1)
    }
}

/// A translation unit.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub functions: EntityMap<FuncId, Function>,
    pub globals: EntityMap<GlobalId, GlobalVar>,
    /// The source file names that instruction positions ([`crate::Loc`]) number; empty
    /// without `-lineinfo`.
    pub files: Vec<String>,
}

impl Module {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add_function(&mut self, f: Function) -> FuncId {
        self.functions.push(f)
    }
    pub fn add_global(&mut self, g: GlobalVar) -> GlobalId {
        self.globals.push(g)
    }
    /// Finds a function by symbol name (linear; for tests and tools).
    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(k, _)| k)
    }
    /// Finds a global by symbol name (linear; for tests and tools).
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals
            .iter()
            .find(|(_, g)| g.name == name)
            .map(|(k, _)| k)
    }
}
