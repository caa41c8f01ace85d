//! Fuzz target: arbitrary bytes through the preprocessor alone (`-E`). Macro expansion,
//! conditionals and directives must end in text or diagnostics, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let options = oxicc::Options {
        emit: oxicc::Emit::Preprocessed,
        ..Default::default()
    };
    let out = oxicc::compile("fuzz.cu", &source, &options);
    assert!(out.text.is_some() || !out.diagnostics.is_empty());
});
