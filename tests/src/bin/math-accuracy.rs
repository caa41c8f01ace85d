//! `math-accuracy`: the device math library's error, measured on many inputs per function
//! (default 1,048,576), for oxicc's PTX and nvcc's (libdevice), both run in the PTX
//! interpreter; prints the table of `docs/math.md`.
//!
//! ```sh
//! cargo run --release -p oxicc-tests --bin math-accuracy -- [--inputs N] [--filter NAME]
//! ```

use oxicc_tests::math_harness::{functions, inputs, max_error, nvcc_ptx, oxicc_ptx, run};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut n = 1 << 20;
    let mut filter = String::new();
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--inputs" => n = args[i + 1].parse().expect("--inputs N"),
            "--filter" => filter = args[i + 1].clone(),
            a => panic!("unknown argument {a}"),
        }
        i += 2;
    }
    let dir = oxicc_tests::tools::repo_root().join("target/tmp/math-accuracy");
    println!("| function | CUDA bound (ulp) | oxicc max error (ulp) | at x | libdevice max error (ulp) | inputs |");
    println!("|---|---|---|---|---|---|");
    for f in functions().iter().filter(|f| f.name.contains(&filter)) {
        let xs = inputs(f, n);
        let ours = oxicc_ptx(f)
            .and_then(|p| run(&p, &xs))
            .map(|ys| max_error(f, &xs, &ys));
        let nv = nvcc_ptx(f, &dir)
            .and_then(|p| run(&p, &xs))
            .map(|ys| max_error(f, &xs, &ys));
        let show = |r: &Result<(f64, f32), String>| match r {
            Ok((e, _)) => format!("{e:.3}"),
            Err(e) => format!("error: {}", e.lines().next().unwrap_or("")),
        };
        let at = ours
            .as_ref()
            .map(|(_, x)| format!("{x:e}"))
            .unwrap_or_default();
        println!(
            "| `{}` | {} | {} | {} | {} | {} |",
            f.name,
            f.bound,
            show(&ours),
            at,
            show(&nv),
            xs.len()
        );
    }
}
