//! Dropping dead functions before the pipeline, where that cannot change its output.
//!
//! Every translation unit force-includes `cuda_runtime.h`, whose `static __device__`
//! helpers (`make_float4` and the rest, 66 of them for an empty file) are lowered to IR
//! whether or not the file calls them. The pipeline removes them at its first `inline` (or
//! `always-inline`), but every pass before it runs on each of them first: about a fifth of
//! the instructions of compiling a small kernel went there.
//!
//! Removing a dead function early gives the same module only when nothing the passes
//! decide elsewhere depends on it. Two things can: the inliner's "only call site" rule
//! counts the call sites of internal functions, dead callers included; and a dead
//! function's use of a global is visible to whatever looks at all of a global's uses. So
//! this removes only the dead internal functions that call or take the address of nothing
//! but other removed functions or non-internal ones (whose call-site counts the inliner
//! does not read), and use no global; a function that a kept dead function references is
//! kept too. What is left is removed by the pipeline as before.

use crate::inline::{live_functions, reference_lists, retain_functions};
use oxicc_ir::{InstData, Linkage, Module};

/// Removes the dead internal functions whose removal cannot change what the pipeline
/// makes of the rest (see the module comment). Returns whether it removed any.
pub fn remove_isolated_dead_functions(module: &mut Module) -> bool {
    let refs = reference_lists(module);
    let live = live_functions(module, &refs);
    let n = live.len();
    let internal: Vec<bool> = module
        .functions
        .values()
        .map(|f| f.linkage == Linkage::Internal)
        .collect();
    let uses_global: Vec<bool> = module
        .functions
        .values()
        .map(|f| {
            f.layout.iter().any(|&b| {
                f.blocks[b]
                    .insts
                    .iter()
                    .any(|&i| matches!(f.insts[i].data, InstData::GlobalAddr { .. }))
            })
        })
        .collect();
    // `keep[f]`: live, or dead but not removable. Grows until every function that a kept
    // function references is kept, and every dead function that references a kept
    // internal function is kept (its call sites still count).
    let mut keep: Vec<bool> = (0..n).map(|f| live[f] || uses_global[f]).collect();
    loop {
        let mut grew = false;
        for f in 0..n {
            if keep[f] {
                for &c in &refs[f] {
                    if c < n && !keep[c] {
                        keep[c] = true;
                        grew = true;
                    }
                }
            } else if refs[f].iter().any(|&c| c >= n || (internal[c] && keep[c])) {
                keep[f] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if keep.iter().all(|&k| k) {
        return false;
    }
    retain_functions(module, &keep);
    true
}
