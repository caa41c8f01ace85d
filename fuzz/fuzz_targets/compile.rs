//! Fuzz target: arbitrary bytes through the whole compile (lossy UTF-8, sm_75, -O3).
//!
//! The compiler must never panic, hang or overflow its stack, whatever the input: every
//! problem is a diagnostic. Run with `cargo fuzz run compile` (see docs/fuzzing.md).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let options = oxicc::Options { sm: 75, opt_level: 3, ..Default::default() };
    let out = oxicc::compile("fuzz.cu", &source, &options);
    // Either PTX or at least one error, never both missing.
    assert!(out.text.is_some() || !out.diagnostics.is_empty());
});
