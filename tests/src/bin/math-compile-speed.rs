//! `math-compile-speed`: what calling the device math library costs a compile. Compiles
//! (in process, `sm_75 -O3`, median of `--reps`, default 200) a kernel that calls `sinf`,
//! one that calls `expf`, `logf` and `sinf`, the same kernel with a small user function
//! instead, and a kernel that calls nothing, and prints the medians.
//!
//! ```sh
//! cargo run --release -p oxicc-tests --bin math-compile-speed -- [--reps N]
//! ```

use std::time::Instant;

const KERNELS: &[(&str, &str)] = &[
    (
        "no call",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = a[i] * 2.0f; }",
    ),
    (
        "small user function",
        "__device__ float f(float x) { return x * x + 1.0f; }\n\
         __global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = f(a[i]); }",
    ),
    (
        "sinf",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = sinf(a[i]); }",
    ),
    (
        "expf",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = expf(a[i]); }",
    ),
    (
        "expf + logf + sinf",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x;\n\
         o[i] = expf(a[i]) + logf(a[i]) + sinf(a[i]); }",
    ),
    (
        "sin(float) (C++ overload: links the double unit too)",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = sin(a[i]); }",
    ),
    (
        "powf",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = powf(a[i], 2.5f); }",
    ),
    (
        "sin (double)",
        "__global__ void k(double *o, const double *a) { int i = threadIdx.x; o[i] = sin(a[i]); }",
    ),
    (
        "exp (double)",
        "__global__ void k(double *o, const double *a) { int i = threadIdx.x; o[i] = exp(a[i]); }",
    ),
    (
        "pow (double)",
        "__global__ void k(double *o, const double *a) { int i = threadIdx.x; o[i] = pow(a[i], 2.5); }",
    ),
    (
        "__expf (intrinsic)",
        "__global__ void k(float *o, const float *a) { int i = threadIdx.x; o[i] = __expf(a[i]); }",
    ),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reps: usize = match args.iter().position(|a| a == "--reps") {
        Some(i) => args[i + 1].parse().expect("--reps N"),
        None => 200,
    };
    let options = oxicc::Options::default();
    println!("| kernel | median compile time (µs) | PTX lines |");
    println!("|---|---|---|");
    for (name, src) in KERNELS {
        let mut times = Vec::with_capacity(reps);
        let mut lines = 0;
        for _ in 0..reps {
            let t = Instant::now();
            let out = oxicc::compile("k.cu", src, &options);
            times.push(t.elapsed().as_secs_f64() * 1e6);
            let text = out
                .text
                .unwrap_or_else(|| panic!("{name}: {:?}", out.diagnostics));
            lines = text.lines().count();
        }
        times.sort_by(f64::total_cmp);
        println!("| {name} | {:.0} | {lines} |", times[reps / 2]);
    }
}
