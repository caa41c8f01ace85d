//! Prints what oxicc-build generated, then runs saxpy on the GPU when there is one and
//! checks it against the CPU.

use oxicc_example_kernels_build::{saxpy, saxpy_on_gpu, scale};

fn main() {
    println!(
        "saxpy.ptx: {} bytes, kernel {}",
        saxpy::PTX.len(),
        saxpy::lowered("saxpy").unwrap_or("?")
    );
    for (expr, name) in scale::LOWERED {
        println!("scale.ptx: {expr} is {name}");
    }
    let x: Vec<f32> = (0..1000).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..1000).map(|i| (i % 7) as f32).collect();
    match saxpy_on_gpu(2.0, &x, &y) {
        Ok(out) => {
            let bad = (0..x.len())
                .filter(|&i| out[i] != 2.0 * x[i] + y[i])
                .count();
            println!("saxpy on the GPU: {} of {} results wrong", bad, x.len());
            if bad > 0 {
                std::process::exit(1);
            }
        }
        Err(why) => println!("not launched: {why}"),
    }
}
