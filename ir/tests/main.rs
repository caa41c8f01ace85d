//! The integration tests of `ir/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).

mod common;

mod dominators;
mod loops;
mod text_roundtrip;
mod verify;
