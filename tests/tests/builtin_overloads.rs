//! User overloads of CUDA's overloaded built-ins, as cuda-samples' `helper_math.h` writes
//! them: `int2 min(int2 a, int2 b) { return make_int2(min(a.x, b.x), min(a.y, b.y)); }`.
//! Inside, `min(a.x, b.x)` takes `int`s, which no user overload accepts, so it is CUDA's
//! arithmetic `min` (NVIDIA's headers declare those overloads beside the user's). The PTX
//! is assembled by ptxas and run in the interpreter against plain Rust.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

const SOURCE: &str = r#"
inline __device__ int2 min(int2 a, int2 b) { return make_int2(min(a.x, b.x), min(a.y, b.y)); }
inline __device__ int2 max(int2 a, int2 b) { return make_int2(max(a.x, b.x), max(a.y, b.y)); }
inline __device__ int abs(int2 a) { return abs(a.x) + abs(a.y); }
__global__ void k(int *p) {
    int i = threadIdx.x;
    int2 a = make_int2(p[4 * i], p[4 * i + 1]);
    int2 b = make_int2(p[4 * i + 2], p[4 * i + 3]);
    int2 lo = min(a, b);
    int2 hi = max(a, b);
    p[4 * i] = lo.x;
    p[4 * i + 1] = lo.y;
    p[4 * i + 2] = hi.x + min(hi.y, 3);
    p[4 * i + 3] = abs(make_int2(a.x, -7)) + max(1, a.y);
}
"#;

#[test]
fn arithmetic_arguments_inside_a_user_overload_call_the_builtin() {
    let out = oxicc::Program::new("hm.cu", SOURCE)
        .compile(&["-arch=sm_80"])
        .unwrap();
    let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 80).unwrap();
    let module = Module::parse(&ptx).unwrap();
    let n = 32usize;
    let input: Vec<i32> = (0..4 * n as i32).map(|v| (v * 37 % 23) - 11).collect();
    let launch = Launch {
        kernel: module.kernels().into_iter().next(),
        grid: [1, 1, 1],
        block: [n as u32, 1, 1],
        dynamic_shared_bytes: 0,
        cooperative: false,
        args: vec![Arg::Buffer(0)],
        buffers: vec![Buffer {
            name: "p".into(),
            ty: Ty::S32,
            data: input.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }],
        globals: Vec::new(),
        images: Vec::new(),
    };
    let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
    let got =
        |j: usize| i32::from_le_bytes(r.buffers[0].data[4 * j..4 * j + 4].try_into().unwrap());
    for i in 0..n {
        let (ax, ay, bx, by) = (
            input[4 * i],
            input[4 * i + 1],
            input[4 * i + 2],
            input[4 * i + 3],
        );
        let want = [
            ax.min(bx),
            ay.min(by),
            ax.max(bx) + ay.max(by).min(3),
            ax.abs() + 7 + ay.max(1),
        ];
        for (k, w) in want.iter().enumerate() {
            assert_eq!(got(4 * i + k), *w, "thread {i}, element {k}");
        }
    }
}
