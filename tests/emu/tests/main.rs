//! The integration tests of `tests/emu/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).

mod common;

mod cli;
mod device_heap;
mod fp8;
mod indirect_calls;
mod instructions;
mod launch_exact;
mod matrix_forms;
mod robustness;
mod scheduling;
mod textures;
mod warp_semantics;
