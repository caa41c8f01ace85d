//! Shared helpers of the end-to-end test suites and the benchmark: where the NVIDIA
//! reference tools live ([`tools`]), running them on PTX and CUDA files ([`nvidia`]), which
//! kernel files form a suite and how oxicc is asked to compile them ([`kernels`]), a
//! compile guard that turns a compiler panic or hang into a reportable error ([`guard`]),
//! a parallel map ([`parallel`]), and the checks every kernel suite runs ([`suite`]).

pub mod cpu_time;
pub mod dd_bessel;
pub mod dd_bessel_j;
pub mod dd_gamma;
pub mod dd_ref;
pub mod dd_special;
pub mod dd_trig;
pub mod guard;
pub mod kernels;
pub mod math_fns;
pub mod math_fns_bessel;
pub mod math_fns_special;
pub mod math_harness;
mod math_refs;
mod math_worst;
pub mod nvidia;
pub mod parallel;
pub mod small_kernels;
pub mod suite;
pub mod tools;

pub use kernels::{c_kernels, cpp_kernels, suite_kernels};
pub use nvidia::{entry_names, nvcc_ptx, ptxas_check, try_nvcc_ptx};
