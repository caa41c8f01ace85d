//! Fuzz target: the `--emit=ptx` → interpreter round trip. The fuzzer's bytes are spliced
//! into a kernel; whatever oxicc compiles must be PTX the interpreter parses and decodes,
//! and the kernel must run on one block (faults such as out-of-bounds accesses are fine:
//! the bytes may be any program; panics are not).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let body = String::from_utf8_lossy(data);
    let source = format!(
        "__global__ void k(int* out, int n) {{\n int i = threadIdx.x;\n {body}\n}}\n"
    );
    let options = oxicc::Options {
        sm: 80,
        opt_level: 3,
        ..Default::default()
    };
    let Some(ptx) = oxicc::compile("fuzz.cu", &source, &options).text else {
        return;
    };
    let module = oxicc_emu::Module::parse(&ptx)
        .unwrap_or_else(|e| panic!("the interpreter rejects oxicc's PTX: {e}\n{ptx}"));
    let launch = oxicc_emu::Launch::from_json(
        "{\"grid\": [1], \"block\": [32], \"args\": [\
         {\"buffer\": \"out\", \"type\": \"i32\", \"len\": 64}, {\"scalar\": \"i32\", \"value\": 64}]}",
    )
    .expect("launch");
    let opts = oxicc_emu::RunOptions {
        max_instructions: 1_000_000,
        ..Default::default()
    };
    let _ = oxicc_emu::run(&module, &launch, &opts);
});
