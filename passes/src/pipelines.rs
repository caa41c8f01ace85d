//! The pass lists of `-O0` … `-O3`.
//!
//! Every level starts with `byval-copy`, which gives a device function's by-value parameter
//! a local copy where its address escapes (a correctness step: PTX has no generic address
//! for a `.func`'s parameter space).
//!
//! Every level ends with `global-dce`, which drops the internal module variables nothing
//! uses any more (the math library's tables of functions that were not called).
//!
//! `-O0` otherwise runs only `always-inline`, `mem2reg` and `fp-contract`. That matches what NVIDIA's
//! cicc does at `-O0` (checked with `nvcc -Xcicc -O0`: locals live in registers, not
//! `.local`, calls to non-forceinline device functions stay calls, and no other cleanup
//! happens), and it keeps PTX free of `__local_depot` traffic for scalars. Arrays and
//! address-taken locals stay in stack slots and the backend gives them a frame. Contraction
//! into `fma` is part of `-O0` because under nvcc's default `-fmad=true` it is a language
//! decision, not an optimization: nvcc's `-O0` PTX fuses too, and results must not depend on
//! the optimization level.
//!
//! `-O1` adds the scalar cleanups (folding, DCE, CFG simplification) and size-budget
//! inlining; `-O2` adds CSE, load elimination, dead-store elimination and LICM and a
//! second cleanup round; `-O3` is `-O2` with one
//! more round after LICM, so that hoisted code is folded and deduplicated again.
//! `-O2`/`-O3` unroll loops (`loop-unroll`) once the IR is in clean SSA after inlining, after
//! a first `licm` (so an address that every copy of a guarded body would recompute in its
//! own conditional block, `&tile[ty][tx]` in a transpose, is computed once before the loop,
//! as nvcc's is), and fold the copies right away so that CSE and LICM see the simplified code; `ext-offsets`
//! then takes the constant offsets out of the copies' extended indices, so that CSE shares
//! one address between neighbouring accesses.

const O0: &[&str] = &[
    "byval-copy",
    "always-inline",
    "mem2reg",
    "fp-contract",
    "global-dce",
];

const O1: &[&str] = &[
    "byval-copy",
    "sroa",
    "mem2reg",
    "const-fold",
    "dce",
    "simplify-cfg",
    "inline",
    "sroa",
    "mem2reg",
    "infer-address-spaces",
    "const-fold",
    "const-globals",
    "minmax",
    "mark-invariant-loads",
    "fp-contract",
    "dce",
    "simplify-cfg",
    "global-dce",
];

const O2: &[&str] = &[
    "byval-copy",
    "sroa",
    "mem2reg",
    "const-fold",
    "dce",
    "simplify-cfg",
    "inline",
    "sroa",
    "mem2reg",
    "infer-address-spaces",
    "const-fold",
    "const-globals",
    "simplify-cfg",
    "licm",
    "loop-unroll",
    "const-fold",
    "const-globals",
    "const-call",
    "dce",
    "sroa",
    "mem2reg",
    "simplify-cfg",
    "load-slice",
    "ext-offsets",
    "cse",
    "slsr",
    "load-elim",
    "dse",
    "licm",
    "const-fold",
    "minmax",
    "mark-invariant-loads",
    "fp-contract",
    "dce",
    "simplify-cfg",
    "global-dce",
];

const O3: &[&str] = &[
    "byval-copy",
    "sroa",
    "mem2reg",
    "const-fold",
    "dce",
    "simplify-cfg",
    "inline",
    "sroa",
    "mem2reg",
    "infer-address-spaces",
    "const-fold",
    "const-globals",
    "simplify-cfg",
    "licm",
    "loop-unroll",
    "const-fold",
    "const-globals",
    "const-call",
    "dce",
    "sroa",
    "mem2reg",
    "simplify-cfg",
    "load-slice",
    "ext-offsets",
    "cse",
    "slsr",
    "load-elim",
    "dse",
    "licm",
    "const-fold",
    "minmax",
    "cse",
    "mark-invariant-loads",
    "fp-contract",
    "dce",
    "simplify-cfg",
    "global-dce",
];

/// The pass names run at `-O<level>` (levels above 3 use `-O3`).
pub fn pipeline_for_level(level: u8) -> &'static [&'static str] {
    match level {
        0 => O0,
        1 => O1,
        2 => O2,
        _ => O3,
    }
}
