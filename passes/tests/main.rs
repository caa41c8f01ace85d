//! The integration tests of `passes/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).

mod common;

mod const_call;
mod const_fold;
mod const_globals;
mod cse_licm;
mod dce;
mod dse;
mod ext_offsets;
mod fold_neg;
mod fold_trunc;
mod fp_contract;
mod infer_address_spaces;
mod infer_address_spaces_random;
mod inline;
mod inline_asm;
mod invariant_loads;
mod licm_before_unroll;
mod load_elim;
mod load_elim_alias;
mod load_slice;
mod loop_unroll;
mod loop_unroll_cost;
mod loop_unroll_nest;
mod loop_unroll_ptr;
mod loop_unroll_random;
mod manager;
mod mem2reg;
mod minmax;
mod nsw;
mod prestrip;
mod random_programs;
mod simplify_cfg;
mod slsr;
mod snapshots;
mod sroa;
