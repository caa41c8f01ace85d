//! Fuzz target: arbitrary text through the interpreter's PTX parser and decoder
//! (`oxicc_emu::Module::parse`); a module that decodes has its parameterless kernels run on
//! one thread with a small instruction budget. Bad PTX and faults are errors, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(module) = oxicc_emu::Module::parse(&text) else {
        return;
    };
    for kernel in module.kernels() {
        let launch = oxicc_emu::Launch {
            kernel: Some(kernel),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: Vec::new(),
            buffers: Vec::new(),
            globals: Vec::new(),
        };
        let opts = oxicc_emu::RunOptions {
            max_instructions: 100_000,
            ..Default::default()
        };
        let _ = oxicc_emu::run(&module, &launch, &opts);
    }
});
