//! The `oxicc` command: a drop-in for `nvcc -ptx`.
fn main() {}
