//! The steps shared by the tests that check a front-end form by what its code computes:
//! a small kernel source compiled by oxicc (failing with its diagnostics) and by nvcc,
//! each PTX assembled by ptxas and run in the interpreter on a launch file.

use oxicc_emu::{Launch, Module, Outcome, RunOptions};

/// `ptx` assembled by ptxas for `sm` (a failure panics), then run on `launch` (JSON).
pub fn run_checked(ptx: &str, launch: &str, sm: u32) -> Outcome {
    crate::ptxas_check(ptx, sm).unwrap_or_else(|e| panic!("{e}"));
    let module = Module::parse(ptx).unwrap_or_else(|e| panic!("parse: {e}"));
    let launch = Launch::from_json(launch).expect("launch");
    oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// oxicc's PTX for `src`; its diagnostics are the panic message where it fails.
pub fn oxicc_ptx(name: &str, src: &str, options: &oxicc::Options) -> String {
    let out = oxicc::compile(name, src, options);
    let errors: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    out.text.unwrap_or_else(|| panic!("{}", errors.join("\n")))
}

/// nvcc's PTX for `src` (`-O3`, `sm`).
pub fn nvcc_ptx_of_source(src: &str, sm: u32) -> String {
    let cu = crate::nvidia::ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    crate::nvidia::try_nvcc_ptx_with(cu.path(), sm, 3, &[]).unwrap_or_else(|e| panic!("{e}"))
}
