//! `math-accuracy`: the device math library's error, measured on many inputs per function
//! (default 1,048,576), for oxicc's PTX and nvcc's (libdevice), both run in the PTX
//! interpreter; prints the table of `docs/math.md`.
//!
//! ```sh
//! cargo run --release -p oxicc-tests --bin math-accuracy -- [--inputs N] [--filter NAME]
//! ```

use oxicc_tests::math_harness::{compile_all, functions, measure};

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
    let compiled = compile_all(&fs, &dir);
    if let Err(e) = &compiled.nvcc {
        panic!("nvcc: {e}");
    }
    println!(
        "| function | CUDA bound | oxicc max error | at x (, y) | libdevice max error | inputs |"
    );
    println!("|---|---|---|---|---|---|");
    measure(&fs, n, &compiled, |f, m| {
        let at = |(x, y): (f64, f64)| {
            if f.arity() == 2 {
                format!("{x:e}, {y:e}")
            } else {
                format!("{x:e}")
            }
        };
        // Functions with an absolute-error region get a second figure: "ulps; absolute".
        let fmt = |w: &oxicc_tests::math_harness::Worst| match f.abs {
            Some(_) => format!("{:.3}; {:.2e}", w.ulp, w.abs),
            None => format!("{:.3}", w.ulp),
        };
        let (ours, at) = match &m.ours {
            Ok(w) => (
                fmt(w),
                match f.abs {
                    Some(_) => format!("{}; {}", at(w.ulp_at), at(w.abs_at)),
                    None => at(w.ulp_at),
                },
            ),
            Err(e) => (
                format!("error: {}", e.lines().next().unwrap_or("")),
                String::new(),
            ),
        };
        let nv = match &m.libdevice {
            Ok(w) => fmt(w),
            Err(e) => format!("error: {}", e.lines().next().unwrap_or("")),
        };
        let bound = match f.abs {
            Some(a) => format!("{} ulp; {:e} from {}", f.bound, a.bound, a.from),
            None => format!("{}", f.bound),
        };
        println!(
            "| `{}` | {} | {} | {} | {} | {} |",
            f.name, bound, ours, at, nv, m.inputs
        );
    });
}
