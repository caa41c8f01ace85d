//! Kernel parameters larger than 4352 bytes (cuda-samples' LargeKernelParameter passes an
//! 8000-int struct by value): CUDA 12.1+ allows up to 32764 bytes from PTX ISA 8.1 on, so
//! oxicc raises the default `.version` to 8.1 for such a module (ptxas rejects the
//! parameter under 7.8). The PTX is assembled by ptxas for sm_75 and sm_90 and run in the
//! interpreter: each thread reads its element of the struct, which plain Rust knows.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

const N: usize = 8000;

fn source() -> String {
    format!(
        "struct Big {{ int a[{N}]; }};\n\
         __global__ void k(Big b, int *out) {{\n\
         \x20   int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20   out[i] = b.a[i * 125 % {N}] * 3 + b.a[{N} - 1];\n\
         }}\n\
         __global__ void small(int *out) {{ out[threadIdx.x] = 1; }}\n"
    )
}

#[test]
fn a_kernel_with_32000_bytes_of_parameters_assembles_and_runs() {
    let program = oxicc::Program::new("big.cu", source());
    for sm in [75u32, 90] {
        let out = program.compile(&[&format!("-arch=sm_{sm}")]).unwrap();
        let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
        assert!(ptx.contains(".version 8.1"), "sm_{sm}:\n{}", &ptx[..200]);
        oxicc_tests::ptxas_check(&ptx, sm).unwrap();
        let module = Module::parse(&ptx).unwrap();
        let values: Vec<i32> = (0..N as i32).map(|i| i * 7 - 1000).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let threads = 64usize;
        let kernel = module
            .kernels()
            .into_iter()
            .find(|k| k.contains("1k"))
            .expect("the kernel k");
        let launch = Launch {
            kernel: Some(kernel),
            grid: [1, 1, 1],
            block: [threads as u32, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![Arg::Bytes(bytes, 4), Arg::Buffer(0)],
            buffers: vec![Buffer {
                name: "out".into(),
                ty: Ty::S32,
                data: vec![0; 4 * threads],
            }],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
        for i in 0..threads {
            let got = i32::from_le_bytes(r.buffers[0].data[4 * i..4 * i + 4].try_into().unwrap());
            let want = values[i * 125 % N] * 3 + values[N - 1];
            assert_eq!(got, want, "sm_{sm}: out[{i}]");
        }
    }
}

#[test]
fn small_parameters_keep_the_targets_version() {
    let src = "__global__ void small(int *out) { out[threadIdx.x] = 1; }\n";
    let out = oxicc::Program::new("small.cu", src)
        .compile(&["-arch=sm_90"])
        .unwrap();
    assert!(out.ptx.unwrap().contains(".version 7.8"));
}
