//! The device math library against CUDA's documented error bounds: every function of
//! `oxicc_tests::math_harness::functions` (float and double) is compiled by oxicc (PTX
//! checked by ptxas), run in the PTX interpreter on special values, dense samples of its
//! hard regions and random bit patterns, and compared with a reference (`f64` for the
//! float functions, double-double for the double ones); the test fails when one exceeds
//! its bound. nvcc's PTX (libdevice) runs on the same inputs and its error is printed
//! beside ours. The full measurement (2^20 inputs per function) is the `math-accuracy`
//! program.

use oxicc_tests::dd_ref::Dd;
use oxicc_tests::math_harness::{compile_all, functions, measure, ulp_error, Prec};

/// Inputs per function here: enough to find a wrong quadrant, a bad polynomial or a
/// wrong special case, cheap enough for CI (the interpreter runs about 100M
/// thread-instructions per second; a double function is a few hundred instructions).
const INPUTS: usize = 1 << 13;

#[test]
fn math_functions_are_within_cudas_bounds() {
    let dir = oxicc_tests::tools::repo_root().join("target/tmp/math-accuracy");
    let fs = functions();
    let compiled = compile_all(&fs, &dir);
    // nvcc's PTX must compile and run too (it is the yardstick).
    if let Err(e) = &compiled.nvcc {
        panic!("nvcc: {e}");
    }
    let results = measure(&fs, INPUTS, &compiled, |_, _| {});
    let mut failures = Vec::new();
    for (f, m) in fs.iter().zip(&results) {
        let nv = m
            .libdevice
            .as_ref()
            .unwrap_or_else(|e| panic!("{}: nvcc's PTX: {e}", f.name));
        let w = match &m.ours {
            Ok(w) => *w,
            Err(e) => {
                failures.push(format!("{}: {e}", f.name));
                continue;
            }
        };
        let (x, y) = w.ulp_at;
        println!(
            "{:14} bound {} ulp: oxicc {:.3} (at {x:e}, {y:e}), libdevice {:.3}",
            f.name, f.bound, w.ulp, nv.ulp
        );
        if let Some(a) = f.abs {
            let (x, y) = w.abs_at;
            println!(
                "{:14} bound {:e} absolute from |x| = {}: oxicc {:.3e} (at {x:e}, {y:e}), libdevice {:.3e}",
                f.name, a.bound, a.from, w.abs, nv.abs
            );
        }
        if w.ulp.is_nan() || w.abs.is_nan() || !w.within(f) {
            failures.push(format!(
                "{}: {} ulp at x = {:e} ({:#x}), bound {}; {:e} absolute at x = {:e}",
                f.name,
                w.ulp,
                w.ulp_at.0,
                w.ulp_at.0.to_bits(),
                f.bound,
                w.abs,
                w.abs_at.0,
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ulp_measure_is_right() {
    let f = |v: f64| Dd::new(v);
    assert_eq!(ulp_error(Prec::F32, 1.0, f(1.0)), 0.0);
    let next = f32::from_bits(1.0f32.to_bits() + 1) as f64;
    assert!((ulp_error(Prec::F32, next, f(1.0)) - 1.0).abs() < 1e-12);
    assert_eq!(ulp_error(Prec::F32, f64::NAN, f(f64::NAN)), 0.0);
    assert!(ulp_error(Prec::F32, 0.0, f(f64::NAN)).is_infinite());
    assert!(ulp_error(Prec::F32, f64::INFINITY, f(1.0)).is_infinite());
    assert_eq!(ulp_error(Prec::F32, f64::INFINITY, f(1e300)), 0.0);
    // Subnormals are measured in the smallest normal's ulp.
    let (s1, s2) = (f32::from_bits(1) as f64, f32::from_bits(2) as f64);
    assert!((ulp_error(Prec::F32, s2, f(s1)) - 1.0).abs() < 1e-12);
    // Doubles: one ulp at 1 is 2^-52, and the reference's low part counts.
    let next = f64::from_bits(1.0f64.to_bits() + 1);
    assert!((ulp_error(Prec::F64, next, f(1.0)) - 1.0).abs() < 1e-12);
    let half = Dd {
        hi: 1.0,
        lo: 2f64.powi(-53),
    };
    assert!((ulp_error(Prec::F64, 1.0, half) - 0.5).abs() < 1e-12);
    assert!((ulp_error(Prec::F64, next, half) - 0.5).abs() < 1e-12);
}

/// Names defined for float and double in different units, and units that include shared
/// helpers, link each unit once: the double `sincos` (`trigd.cuh`) must not pull in the
/// float `sincosf.cuh` a second time, `pow` both `logd.cuh` and `expd.cuh`, and the C++
/// overloads, `std::` names and classification resolve without `<math.h>`. The PTX must
/// pass ptxas.
#[test]
fn float_and_double_units_link_once_together() {
    let src = "__global__ void k(double *o, float *f, const double *a, const float *b)\n\
               {\n    double s, c; float sf, cf;\n    sincos(a[0], &s, &c);\n    \
               sincosf(b[0], &sf, &cf);\n    o[0] = s + c + pow(a[1], 2.5) + exp(a[2]) + \
               std::atan2(a[3], a[4]) + (isnan(a[5]) ? 1.0 : 0.0);\n    \
               f[0] = sf + cf + sin(b[1]) + std::pow(b[2], 2.0f) + powf(b[3], b[4]) + \
               erff(b[5]) + (std::isinf(b[6]) ? 1.0f : 0.0f) + sinpif(b[7]);\n}\n";
    let out = oxicc::compile("link.cu", src, &oxicc::Options::default());
    let ptx = out.text.unwrap_or_else(|| {
        panic!(
            "{}",
            out.diagnostics
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    oxicc_tests::ptxas_check(&ptx, 75).unwrap_or_else(|e| panic!("ptxas: {e}"));
}

/// `y0`, `y1`, `j0`, … are common variable names: as variables they link nothing (the
/// Bessel unit's coefficient tables would otherwise be emitted into the PTX), as calls
/// they link the unit.
#[test]
fn bessel_names_link_only_when_called() {
    let compile = |src: &str| {
        let out = oxicc::compile("bessel.cu", src, &oxicc::Options::default());
        let ptx = out.text.unwrap_or_else(|| {
            panic!(
                "{}",
                out.diagnostics
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        oxicc_tests::ptxas_check(&ptx, 75).unwrap_or_else(|e| panic!("ptxas: {e}"));
        ptx
    };
    let vars = compile(
        "__global__ void k(float *o, int y0, int y1)\n{\n    int j0 = y0 + y1;\n    o[j0] = 1.0f;\n}\n",
    );
    assert!(!vars.contains("__oxm_"), "{vars}");
    let call =
        compile("__global__ void k(double *o, const double *a)\n{\n    o[0] = y0(a[0]);\n}\n");
    assert!(call.contains("__oxm_y0_tab"), "{call}");
}

/// A linked unit's `static __device__` tables reach the PTX only where a function that
/// survives uses them (`global-dce`): `j0` alone needs `__oxm_j0_tab` and none of the
/// other Bessel tables; `cos(float)` links the double trigonometry too (the scan does not
/// know the argument's type) but needs only the float 2/pi table. A user's unused `static
/// __device__` variable stays (host code may name it; nvcc keeps it too).
#[test]
fn unused_internal_tables_are_dropped() {
    let compile = |src: &str| {
        let out = oxicc::compile("tables.cu", src, &oxicc::Options::default());
        let ptx = out.text.unwrap_or_else(|| {
            panic!(
                "{}",
                out.diagnostics
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        oxicc_tests::ptxas_check(&ptx, 75).unwrap_or_else(|e| panic!("ptxas: {e}"));
        ptx
    };
    let j0 = compile("__global__ void k(double *o, const double *a)\n{\n    o[0] = j0(a[0]);\n}\n");
    assert!(j0.contains("__oxm_j0_tab"), "{j0}");
    for t in ["__oxm_j1_tab", "__oxm_y0_tab", "__oxm_y1_tab"] {
        assert!(!j0.contains(t), "{t} in\n{j0}");
    }
    let cos = compile("__global__ void k(float *o, const float *a)\n{\n    o[0] = cos(a[0]);\n}\n");
    assert!(cos.contains("__oxm_2opi_bits"), "{cos}");
    assert!(!cos.contains("__oxm_2opi_bits64"), "{cos}");
    let user = compile(
        "static __device__ int unused_tab[4] = {1, 2, 3, 4};\n\
         __global__ void k(int *o, const float *a)\n{\n    o[0] = (int)sinf(a[0]);\n}\n",
    );
    assert!(user.contains("unused_tab"), "{user}");
}
