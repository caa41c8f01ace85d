//! A file-scope variable declared `extern` and then defined in the same file is one
//! module variable with the definition's initializer (nvcc writes one `.global g = 5`,
//! with no warning), with and without `-rdc=true`; a repeated `extern` after the
//! definition changes nothing. The PTX is assembled by ptxas and run in the interpreter
//! against values plain Rust knows.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

const SOURCE: &str = "extern __device__ int g;
__device__ int use_g(int x) { return x + g; }
__device__ int g = 5;
extern __device__ int g;
extern __constant__ float c[2];
__constant__ float c[2] = {1.5f, 2.5f};
__global__ void k(int *o, float *f) { o[0] = use_g(o[1]); f[0] = c[1]; }
";

#[test]
fn an_extern_declaration_and_its_definition_are_one_variable() {
    let program = oxicc::Program::new("ext.cu", SOURCE);
    for rdc in [false, true] {
        let mut opts = vec!["-arch=sm_90".to_string()];
        if rdc {
            opts.push("-rdc=true".into());
        }
        let out = program.compile(&opts).unwrap();
        let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
        assert!(out.log.is_empty(), "rdc={rdc}: {}", out.log);
        assert_eq!(ptx.matches(".u32 g = 5;").count(), 1, "rdc={rdc}:\n{ptx}");
        if rdc {
            // Relocatable code is assembled with -c (nvcc's -rdc PTX is too).
            oxicc_tests::nvidia::ptxas_check_relocatable(&ptx, 90).unwrap();
            assert!(
                ptx.contains(".visible .global .align 4 .u32 g = 5;"),
                "{ptx}"
            );
            continue;
        }
        oxicc_tests::ptxas_check(&ptx, 90).unwrap();
        let module = Module::parse(&ptx).unwrap();
        let kernel = module.kernels().into_iter().next().expect("the kernel");
        let launch = Launch {
            kernel: Some(kernel),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            buffers: vec![
                Buffer {
                    name: "o".into(),
                    ty: Ty::S32,
                    data: [0i32, 37].iter().flat_map(|v| v.to_le_bytes()).collect(),
                },
                Buffer {
                    name: "f".into(),
                    ty: Ty::F32,
                    data: vec![0; 4],
                },
            ],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
        let o0 = i32::from_le_bytes(r.buffers[0].data[0..4].try_into().unwrap());
        let f0 = f32::from_le_bytes(r.buffers[1].data[0..4].try_into().unwrap());
        assert_eq!(o0, 37 + 5);
        assert_eq!(f0, 2.5);
    }
}
