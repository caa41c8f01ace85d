//! The device math library against CUDA's documented error bounds: every function of
//! `oxicc_tests::math_harness::functions` is compiled by oxicc (PTX checked by ptxas), run
//! in the PTX interpreter on special values, dense samples of its hard regions and random
//! bit patterns, and compared with an f64 reference; the test fails when one exceeds its
//! bound. nvcc's PTX (libdevice) runs on the same inputs and its error is printed beside
//! ours. The full measurement (2^20 inputs per function) is the `math-accuracy` program.

use oxicc_tests::math_harness::{functions, inputs, max_error, nvcc_ptx, oxicc_ptx, run};

/// Inputs per function here; enough to find a wrong quadrant or a bad polynomial, cheap
/// enough for CI (the interpreter runs about 100M thread-instructions per second).
const INPUTS: usize = 1 << 15;

#[test]
fn math_functions_are_within_cudas_bounds() {
    let dir = oxicc_tests::tools::repo_root().join("target/tmp/math-accuracy");
    let mut failures = Vec::new();
    for f in functions() {
        let xs = inputs(&f, INPUTS);
        let ys = match oxicc_ptx(&f).and_then(|p| run(&p, &xs)) {
            Ok(ys) => ys,
            Err(e) => {
                failures.push(format!("{}: {e}", f.name));
                continue;
            }
        };
        let (err, at) = max_error(&f, &xs, &ys);
        let nv = nvcc_ptx(&f, &dir)
            .and_then(|p| run(&p, &xs))
            .map(|ys| max_error(&f, &xs, &ys).0);
        // nvcc's PTX must run too (it is the yardstick).
        let nv = nv.unwrap_or_else(|e| panic!("{}: nvcc's PTX: {e}", f.name));
        println!(
            "{:8} bound {} ulp: oxicc {err:.3} (at {at:e}), libdevice {nv:.3}",
            f.name, f.bound
        );
        if err.is_nan() || err > f.bound {
            failures.push(format!(
                "{}: {err} ulp at x = {at:e} ({:#010x}), bound {}",
                f.name,
                at.to_bits(),
                f.bound
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ulp_measure_is_right() {
    use oxicc_tests::math_harness::ulp_error;
    assert_eq!(ulp_error(1.0, 1.0), 0.0);
    let next = f32::from_bits(1.0f32.to_bits() + 1);
    assert!((ulp_error(next, 1.0) - 1.0).abs() < 1e-12);
    assert_eq!(ulp_error(f32::NAN, f64::NAN), 0.0);
    assert!(ulp_error(0.0, f64::NAN).is_infinite());
    assert!(ulp_error(f32::INFINITY, 1.0).is_infinite());
    assert_eq!(ulp_error(f32::INFINITY, 1e300), 0.0);
    // Subnormals are measured in the smallest normal's ulp.
    assert!((ulp_error(f32::from_bits(2), f32::from_bits(1) as f64) - 1.0).abs() < 1e-12);
}
