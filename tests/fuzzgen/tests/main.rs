//! The integration tests of `tests/fuzzgen/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).

mod generator;
mod mini_campaign;
mod regressions;
