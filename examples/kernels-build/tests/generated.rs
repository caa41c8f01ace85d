//! What build.rs generated: PTX that ptxas accepts, with the kernels under NVRTC's names;
//! and the launch, which either runs correctly (on a machine with a GPU) or says why not.

#[path = "../../../compiler/tests/ptxas_support/mod.rs"]
mod ptxas_support;

use oxicc_example_kernels_build::{saxpy, saxpy_on_gpu, scale};

#[test]
fn the_generated_module_holds_assemblable_ptx_and_nvrtcs_names() {
    // NVRTC 13.5's nvrtcGetLoweredName answers for these expressions.
    assert_eq!(saxpy::lowered("saxpy"), Some("_Z5saxpyifPKfPf"));
    assert_eq!(
        scale::lowered("scale<float, 4>"),
        Some("_Z5scaleIfLi4EEvPT_i")
    );
    assert_eq!(
        scale::lowered("scale<int, 3>"),
        Some("_Z5scaleIiLi3EEvPT_i")
    );
    for (ptx, names) in [(saxpy::PTX, saxpy::LOWERED), (scale::PTX, scale::LOWERED)] {
        assert!(ptx.contains(".target sm_80"));
        for (_, n) in names {
            assert!(ptx.contains(&format!(".entry {n}(")), "{n}");
        }
        ptxas_support::assert_ptxas_accepts(ptx, 80, "kernels-build example");
    }
}

#[test]
fn saxpy_runs_right_or_says_why_not() {
    let x: Vec<f32> = (0..100).map(|i| i as f32 * 0.5).collect();
    let y: Vec<f32> = (0..100).map(|i| 100.0 - i as f32).collect();
    match saxpy_on_gpu(3.0, &x, &y) {
        Ok(out) => {
            for i in 0..x.len() {
                assert_eq!(out[i], 3.0f32.mul_add(x[i], y[i]), "element {i}");
            }
        }
        Err(why) => assert!(!why.is_empty()),
    }
}
