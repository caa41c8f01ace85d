//! oxicc's optimizer: a pass manager with a registry, the `-O0` … `-O3` pipelines, and the
//! transforms that turn the front end's memory-heavy IR into clean SSA.
//!
//! Every pass lives in its own file and has one entry point, either over a whole module
//! (`fn(&mut Module) -> bool`) or over one function (`fn(&mut Function) -> bool`); the
//! boolean says whether anything changed. [`registry`] lists them all with a one-line
//! description; [`run_pipeline`] runs the pipeline of an `-O` level, or an explicit list of
//! pass names (`--passes=a,b,c`), with optional verification, IR printing and timing after
//! every pass. See `docs/passes.md` for the pipelines and how to add a pass.

mod alias;
pub mod byval_copy;
pub mod const_call;
pub mod const_fold;
pub mod const_globals;
pub mod cse;
pub mod dce;
mod dom_conds;
pub mod dse;
pub mod ext_offsets;
mod fold_float;
mod fold_int;
mod fold_neg;
mod fold_trunc;
pub mod fp_contract;
pub mod global_dce;
pub mod infer_address_spaces;
pub mod inline;
mod inline_byval;
pub mod invariant_loads;
mod known_zeros;
pub mod licm;
pub mod load_elim;
pub mod load_slice;
pub mod loop_unroll;
pub mod manager;
pub mod mem2reg;
pub mod minmax;
mod operand_rank;
pub mod pipelines;
pub mod prestrip;
pub mod simplify_cfg;
pub mod slsr;
pub mod sroa;
mod sroa_bits;
mod sroa_select;
mod sroa_slices;
pub mod trip_count;
pub mod trip_count_ptr;
mod unroll_clone;
mod unroll_runtime;
pub mod util;

pub use manager::{
    find_pass, registry, run_pass, run_pipeline, run_pipeline_with_report, PassEntry, PassError,
    PassInfo, PassTiming, PipelineOptions, PipelineReport,
};
pub use pipelines::pipeline_for_level;
