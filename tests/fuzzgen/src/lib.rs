//! oxicc-fuzz: differential fuzzing of oxicc (issue 10, `docs/fuzzing.md`).
//!
//! The generator (`gen`) builds random CUDA programs that are valid and free of undefined
//! behaviour by construction, as a tree (`tree`) printed by `print`; feature switches
//! (`features`) choose the constructs. The oracles (`oracle`) compile a program with oxicc
//! at `-O0` and `-O3` and with nvcc, check the PTX with ptxas and run everything in the PTX
//! interpreter, comparing buffers bit for bit. `campaign` runs many seeds; `reduce` shrinks
//! a failing program on its tree while the failure persists.

pub mod aggregates;
pub mod campaign;
pub mod expr;
pub mod features;
pub mod gen;
pub mod gpu_prepare;
pub mod launch;
pub mod oracle;
pub mod prelude;
pub mod print;
pub mod reduce;
pub mod rng;
pub mod stmt;
pub mod timing;
pub mod tree;
pub mod types;

pub use features::Features;
pub use gen::{generate, generate_from};

/// A generated program as files: the `.cu` text and its launch JSON.
pub struct Case {
    pub source: String,
    pub launch: String,
}

pub fn case_of(p: &tree::Program) -> Case {
    Case {
        source: print::program(p),
        launch: launch::launch_json(p),
    }
}
