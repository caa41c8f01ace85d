//! Interpreter benchmark (a program, not a test): compiles a 256x256x256 shared-memory tiled
//! matrix multiply and a 1M-element shared-memory reduction with the project's nvcc at run
//! time, runs each in the interpreter and prints thread-instructions per second.
//!
//! Usage: `cargo run --release -p oxicc-emu --bin emu-bench [-- --nvcc PATH]`.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};
use std::path::PathBuf;
use std::time::Instant;

fn nvcc_path() -> PathBuf {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--nvcc") {
        if let Some(p) = args.get(i + 1) {
            return PathBuf::from(p);
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tools/nvidia/nvidia/cu13/bin/nvcc")
}

fn kernel_source(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../kernels/harness/{name}.cu"))
}

fn compile(name: &str) -> Result<String, String> {
    let out =
        std::env::temp_dir().join(format!("oxicc-emu-bench-{}-{name}.ptx", std::process::id()));
    let status = std::process::Command::new(nvcc_path())
        .args(["-ptx", "-arch=sm_75", "-o"])
        .arg(&out)
        .arg(kernel_source(name))
        .status()
        .map_err(|e| format!("cannot run nvcc: {e}"))?;
    if !status.success() {
        return Err(format!("nvcc failed on {name}"));
    }
    let text = std::fs::read_to_string(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&out);
    Ok(text)
}

fn f32_buffer(name: &str, n: usize, seed: u32) -> Buffer {
    // A cheap deterministic pattern in [-1, 1).
    let data = (0..n)
        .flat_map(|k| {
            ((((k as u32).wrapping_mul(2_654_435_761).wrapping_add(seed)) >> 8) as f32
                / 8_388_608.0
                - 1.0)
                .to_le_bytes()
        })
        .collect();
    Buffer {
        name: name.into(),
        ty: Ty::F32,
        data,
    }
}

/// CPU time of this thread in seconds (Linux `schedstat`), so that the figure does not depend
/// on how busy the machine is; `None` elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(s.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

fn bench(label: &str, ptx: &str, launch: &Launch) -> Result<(), String> {
    let module = Module::parse(ptx).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let cpu0 = thread_cpu_seconds();
    let out = oxicc_emu::run(&module, launch, &RunOptions::default()).map_err(|e| e.to_string())?;
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    let n = out.instructions as f64;
    println!(
        "{label}: {} thread-instructions, {} threads; wall {wall:.3} s ({:.1} M/s), CPU {cpu:.3} s ({:.1} M thread-instructions/s)",
        out.instructions,
        out.threads,
        n / wall / 1e6,
        n / cpu / 1e6
    );
    Ok(())
}

fn main() {
    if let Err(e) = real_main() {
        eprintln!("emu-bench: {e}");
        std::process::exit(1);
    }
}

fn real_main() -> Result<(), String> {
    let n = 256usize;
    let matmul = Launch {
        kernel: None,
        grid: [16, 16, 1],
        block: [16, 16, 1],
        dynamic_shared_bytes: 0,
        cooperative: false,
        args: vec![
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Buffer(2),
            Arg::Scalar(Ty::S32, n as u64),
        ],
        buffers: vec![
            f32_buffer("A", n * n, 1),
            f32_buffer("B", n * n, 2),
            f32_buffer("C", n * n, 3),
        ],
        globals: Vec::new(),
        images: Vec::new(),
    };
    bench(
        "matmul_tiled 256x256x256",
        &compile("matmul_tiled")?,
        &matmul,
    )?;
    let len = 1 << 20;
    let ints = Buffer {
        name: "in".into(),
        ty: Ty::S32,
        data: (0..len as i32)
            .flat_map(|k| (k % 1000 - 500).to_le_bytes())
            .collect(),
    };
    let reduce = Launch {
        kernel: None,
        grid: [(len / 256) as u32, 1, 1],
        block: [256, 1, 1],
        dynamic_shared_bytes: 0,
        cooperative: false,
        args: vec![
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Scalar(Ty::S32, len as u64),
        ],
        buffers: vec![
            ints,
            Buffer {
                name: "partial".into(),
                ty: Ty::S32,
                data: vec![0; len / 256 * 4],
            },
        ],
        globals: Vec::new(),
        images: Vec::new(),
    };
    bench("reduce_shared 1M", &compile("reduce_shared")?, &reduce)?;
    Ok(())
}
