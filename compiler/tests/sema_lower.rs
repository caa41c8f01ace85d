//! Checked lowering: small CUDA snippets lowered to raw IR (before any pass), verified, and
//! checked for the structure the design promises.

mod sema_common;
use sema_common::*;

#[test]
fn saxpy_lowers_and_verifies() {
    let m = lower_ok(
        "__global__ void saxpy(int n, float a, const float* x, float* y) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) y[i] = a * x[i] + y[i];
        }",
    );
    println!("{m}");
    assert!(m.function_by_name("_Z5saxpyifPKfPf").is_some());
}
