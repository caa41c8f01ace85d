//! The integration tests of `backend/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).

mod common;

mod cast_copies;
mod edge_cases;
mod execute;
mod execute_conv;
mod ext_load;
mod gpu_ops;
mod half;
mod indirect_calls;
mod kernels;
mod random_programs;
mod tail_dup;
mod vectorize;
