//! Shared helpers of the interpreter's tests: wrapping a kernel body into a PTX module and
//! running it with a launch written inline.

#![allow(dead_code)]

use oxicc_emu::{run_text, EmuError, Outcome, RunOptions};

/// A module with one kernel `k(.param .u64 out, .param .u64 in)` and the given body
/// (which may declare more registers).
pub fn kernel(body: &str) -> String {
    format!(
        ".version 8.0\n.target sm_75\n.address_size 64\n.visible .entry k(\n.param .u64 out,\n.param .u64 in\n)\n{{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<20>;\n.reg .pred %p<10>;\n.reg .f32 %f<20>;\n.reg .f64 %fd<10>;\n.reg .b16 %rs<10>;\n\
         ld.param.u64 %rd1, [out];\nld.param.u64 %rd2, [in];\nmov.u32 %r1, %tid.x;\n{body}\nret;\n}}\n"
    )
}

/// Runs `ptx` on `threads` threads of one block with `out` (u32 x out_len) and `in` (u32 data).
pub fn run_u32(
    ptx: &str,
    threads: u32,
    out_len: usize,
    input: &[u32],
) -> Result<Vec<u32>, EmuError> {
    let launch = format!(
        r#"{{"grid": [1], "block": [{threads}], "args": [
            {{"buffer": "out", "type": "u32", "len": {out_len}, "fill": {{"value": 0}}}},
            {{"buffer": "in", "type": "u32", "data": {:?}}}]}}"#,
        if input.is_empty() {
            vec![0]
        } else {
            input.to_vec()
        }
    );
    let o: Outcome = run_text(ptx, &launch, &RunOptions::default())?;
    Ok(o.buffer("out")
        .expect("out")
        .to_i64()
        .into_iter()
        .map(|v| v as u32)
        .collect())
}

/// Runs a single-thread kernel whose body stores u32 results at `[%rd1 + 4k]`.
pub fn single(body: &str, out_len: usize) -> Vec<u32> {
    run_u32(&kernel(body), 1, out_len, &[]).unwrap_or_else(|e| panic!("{e}"))
}
