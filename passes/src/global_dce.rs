//! `global-dce`: drops the device math library's internal module variables that no
//! function uses any more.
//!
//! The library (`runtime-libs/include/oxicc_math/`) keeps its coefficient tables and
//! reduction constants in `static __device__` arrays named `__oxm_*` (a reserved name the
//! library owns: `trigd.cuh`'s 2/π bits, the Bessel tables). A unit is linked whole
//! wherever one of its names is called; once its uncalled functions are dropped (by
//! `inline`), their tables were still printed into the PTX, where libdevice's are dropped
//! by cicc's global DCE. Only the library's variables go: a user's `static __device__`
//! variable stays even when no device code uses it, because host code of the same file may
//! name it (`cudaMemcpyToSymbol`), and nvcc keeps it too (checked with `nvcc -ptx`). A
//! variable whose name an inline `asm` statement's text mentions stays (PTX may name it
//! directly). Variables referenced only by other variables' initializers do not exist: an
//! initializer holds bytes and function addresses (`GlobalVar::func_addrs`), never the
//! address of a variable.

use oxicc_ir::{AsmPiece, EntityMap, GlobalId, InstData, Linkage, Module};

/// The name prefix of the library's internal helpers and tables.
const LIBRARY_PREFIX: &str = "__oxm_";

/// Removes the library's unused internal variables and renumbers the references to the
/// rest.
/// Returns whether it removed any.
pub fn run(module: &mut Module) -> bool {
    let n = module.globals.len();
    let mut used: Vec<bool> = module
        .globals
        .values()
        .map(|g| g.linkage != Linkage::Internal || !g.name.starts_with(LIBRARY_PREFIX))
        .collect();
    let mut asm_text = String::new();
    // Only the instructions placed in blocks count: a deleted one stays in the arena.
    for f in module.functions.values() {
        let placed = f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter());
        for inst in placed.map(|&i| &f.insts[i]) {
            match &inst.data {
                InstData::GlobalAddr { global } => {
                    if let Some(u) = used.get_mut(global.as_u32() as usize) {
                        *u = true;
                    }
                }
                InstData::InlineAsm { asm, .. } => {
                    for p in &asm.pieces {
                        if let AsmPiece::Text(t) = p {
                            asm_text.push_str(t);
                            asm_text.push('\n');
                        }
                    }
                }
                _ => {}
            }
        }
    }
    if !asm_text.is_empty() {
        for (id, g) in module.globals.iter() {
            if asm_text.contains(g.name.as_str()) {
                used[id.as_u32() as usize] = true;
            }
        }
    }
    if used.iter().all(|&u| u) {
        return false;
    }
    let mut renumber: Vec<Option<GlobalId>> = vec![None; n];
    let mut kept = EntityMap::new();
    let old = std::mem::take(&mut module.globals);
    for (id, g) in old.iter() {
        if used[id.as_u32() as usize] {
            renumber[id.as_u32() as usize] = Some(kept.push(g.clone()));
        }
    }
    module.globals = kept;
    for (_, f) in module.functions.iter_mut() {
        for (_, inst) in f.insts.iter_mut() {
            if let InstData::GlobalAddr { global } = &mut inst.data {
                // A deleted instruction may name a removed variable: point it at any kept
                // one (variable 0, or itself when none is left); nothing reads it.
                *global = renumber[global.as_u32() as usize].unwrap_or(GlobalId::from_u32(0));
            }
        }
    }
    true
}
