//! The `oxicc-emu` command.
fn main() {}
