//! `math-accuracy`: the device math library's error, measured on many inputs per function
//! (default 1,048,576), for oxicc's PTX and nvcc's (libdevice), both run in the PTX
//! interpreter; prints the table of `docs/math.md`.
//!
//! ```sh
//! cargo run --release -p oxicc-tests --bin math-accuracy -- [--inputs N] [--filter NAME]
//! ```

use oxicc_tests::math_harness::{functions, measure, nvcc_ptx_all};

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
    let fs: Vec<_> = functions()
        .into_iter()
        .filter(|f| f.name.contains(&filter))
        .collect();
    let nv = nvcc_ptx_all(&fs, &dir).unwrap_or_else(|e| panic!("nvcc: {e}"));
    println!("| function | CUDA bound (ulp) | oxicc max error (ulp) | at x (, y) | libdevice max error (ulp) | inputs |");
    println!("|---|---|---|---|---|---|");
    measure(&fs, n, &nv, |f, m| {
        let (ours, at) = match &m.ours {
            Ok((e, (x, y))) if f.arity() == 2 => (format!("{e:.3}"), format!("{x:e}, {y:e}")),
            Ok((e, (x, _))) => (format!("{e:.3}"), format!("{x:e}")),
            Err(e) => (
                format!("error: {}", e.lines().next().unwrap_or("")),
                String::new(),
            ),
        };
        let nv = match &m.libdevice {
            Ok(e) => format!("{e:.3}"),
            Err(e) => format!("error: {}", e.lines().next().unwrap_or("")),
        };
        println!(
            "| `{}` | {} | {} | {} | {} | {} |",
            f.name, f.bound, ours, at, nv, m.inputs
        );
    });
}
