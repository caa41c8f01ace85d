//! Where a campaign's time goes: each stage of the oracles adds its wall time (summed over
//! all jobs) to a process-wide counter, and the campaign's summary prints the split, so
//! that a slow campaign says whether the generator, oxicc, the interpreter, ptxas or nvcc
//! is the cost.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Generating and printing the program and its launch file.
    Generate,
    /// oxicc, in process (all optimization levels).
    Compile,
    /// The PTX interpreter (parsing and running every PTX file).
    Interpret,
    /// ptxas subprocesses.
    Ptxas,
    /// nvcc subprocesses and reads of nvcc's cache.
    Nvcc,
}

impl Stage {
    pub const ALL: [Stage; 5] = [
        Stage::Generate,
        Stage::Compile,
        Stage::Interpret,
        Stage::Ptxas,
        Stage::Nvcc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Generate => "generate",
            Stage::Compile => "oxicc",
            Stage::Interpret => "interpreter",
            Stage::Ptxas => "ptxas",
            Stage::Nvcc => "nvcc",
        }
    }
}

static NANOS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

/// Runs `f`, adding its wall time to `stage`.
pub fn timed<T>(stage: Stage, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    NANOS[stage as usize].fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    out
}

/// Seconds spent so far in each stage (in the order of [`Stage::ALL`]).
pub fn seconds() -> [f64; 5] {
    Stage::ALL.map(|s| NANOS[s as usize].load(Ordering::Relaxed) as f64 * 1e-9)
}
