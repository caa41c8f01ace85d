//! `-default-device` / `--device-as-default-execution-space`, which CuPy passes to NVRTC
//! with every `RawModule`: functions without an execution-space specifier are `__device__`
//! and non-`const` namespace-scope variables without one are `__device__` variables (the
//! rule NVRTC applies). The kernel calls an unannotated function and reads unannotated
//! variables; its PTX is assembled by ptxas and run in the interpreter against plain Rust.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

const SOURCE: &str = "float twice(float x) { return 2.0f * x; }\n\
    __device__ float thrice(float x) { return 3.0f * x; }\n\
    int g = 5;\n\
    static int sg = 7;\n\
    const int cg = 3;\n\
    __global__ void k(float *p) {\n\
    \x20   int i = threadIdx.x;\n\
    \x20   g += 0; sg += 0;\n\
    \x20   p[i] = twice(p[i]) + thrice(1.0f) + g + sg + cg;\n\
    }\n";

#[test]
fn unannotated_functions_and_variables_are_device_ones_under_the_flag() {
    let program = oxicc::Program::new("dd.cu", SOURCE);
    for flag in ["--device-as-default-execution-space", "-default-device"] {
        let out = program.compile(&["-arch=compute_75", flag]).unwrap();
        let ptx = out
            .ptx
            .clone()
            .unwrap_or_else(|| panic!("{flag}: {}", out.log));
        oxicc_tests::ptxas_check(&ptx, 75).unwrap();
        // The built-in headers' declarations (`extern "C" FILE *stdin;`) stay declarations.
        assert!(!ptx.contains("stdin"), "{flag}:\n{ptx}");
        let module = Module::parse(&ptx).unwrap();
        let n = 32usize;
        let input: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 3.0).collect();
        let launch = Launch {
            kernel: module.kernels().into_iter().next(),
            grid: [1, 1, 1],
            block: [n as u32, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![Arg::Buffer(0)],
            buffers: vec![Buffer {
                name: "p".into(),
                ty: Ty::F32,
                data: input.iter().flat_map(|v| v.to_le_bytes()).collect(),
            }],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
        for (i, x) in input.iter().enumerate() {
            let got = f32::from_le_bytes(r.buffers[0].data[4 * i..4 * i + 4].try_into().unwrap());
            // Same order of operations as the source, in f32 (2x + 3 may fuse into one
            // fma: both are exact for these inputs).
            let want = 2.0f32 * x + 3.0 + 5.0 + 7.0 + 3.0;
            assert_eq!(got, want, "{flag}: p[{i}]");
        }
    }
}

#[test]
fn without_the_flag_an_unannotated_function_is_a_host_function() {
    let out = oxicc::Program::new("dd.cu", SOURCE)
        .compile(&["-arch=compute_75"])
        .unwrap();
    assert!(out.ptx.is_none());
    assert!(
        out.log
            .contains("calling a __host__ function(\"twice(float)\") from a __global__ function(\"k\") is not allowed"),
        "{}",
        out.log
    );
}

#[test]
fn an_explicit_host_function_stays_on_the_host() {
    let src = "__host__ float h(float x) { return x; }\n\
               __global__ void k(float *p) { p[0] = h(p[0]); }\n";
    let out = oxicc::Program::new("h.cu", src)
        .compile(&["-arch=compute_75", "-default-device"])
        .unwrap();
    assert!(out.ptx.is_none(), "{:?}", out.ptx);
    assert!(
        out.log.contains("calling a __host__ function"),
        "{}",
        out.log
    );
}

#[test]
fn name_expressions_resolve_under_the_flag() {
    // What CuPy's RawModule(name_expressions=[...]) sends; the name is NVIDIA NVRTC's
    // answer for the same source and options.
    let src = "template <typename T> __global__ void scale(T *x, T a, int n)\n\
               { int i = threadIdx.x; if (i < n) x[i] *= a; }\n";
    let out = oxicc::Program::new("s.cu", src)
        .name_expression("scale<float>")
        .compile(&[
            "--gpu-architecture=compute_75",
            "--device-as-default-execution-space",
        ])
        .unwrap();
    let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 75).unwrap();
    assert_eq!(
        out.lowered_name("scale<float>"),
        Some("_Z5scaleIfEvPT_S0_i")
    );
}
