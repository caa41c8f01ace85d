//! Fuzz target: arbitrary text through the `.oxir` parser and, when it parses, the verifier;
//! a verified module must print and parse back to the same text. Errors are values, never
//! panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(module) = oxicc_ir::parse_module(&text) {
        if oxicc_ir::verify_module(&module).is_ok() {
            let printed = oxicc_ir::print_module(&module);
            let again = oxicc_ir::parse_module(&printed).expect("printed .oxir parses");
            assert_eq!(oxicc_ir::print_module(&again), printed);
        }
    }
});
