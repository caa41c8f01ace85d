//! Fuzz target: the fuzzer's bytes spliced into a kernel template, so that mutations land in
//! statement and expression positions the parser and the later stages actually reach.
//!
//! Run with `cargo fuzz run compile_structured` (see docs/fuzzing.md).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let body = String::from_utf8_lossy(data);
    let source = format!(
        "__device__ int helper(int a, float b) {{ return a + (int)b; }}\n\
         __global__ void k(int n, float* out, const int* in) {{\n\
         int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         {body}\n}}\n"
    );
    for opt_level in [0, 3] {
        let options = oxicc::Options { sm: 80, opt_level, ..Default::default() };
        let out = oxicc::compile("fuzz.cu", &source, &options);
        assert!(out.text.is_some() || !out.diagnostics.is_empty());
    }
});
