//! The pass manager: the registry of every pass, and the driver loop that runs a pipeline
//! with `--verify-each`, `--print-after-all` and `--time-passes` support.

use crate::pipelines::pipeline_for_level;
use oxicc_ir::{Function, Module};
use std::fmt;
use std::time::{Duration, Instant};

/// How a pass is run.
#[derive(Copy, Clone)]
pub enum PassEntry {
    /// Over the whole module (may add, remove or renumber functions).
    Module(fn(&mut Module) -> bool),
    /// Over each function that has a body, independently.
    Function(fn(&mut Function) -> bool),
}

/// One registered pass.
#[derive(Copy, Clone)]
pub struct PassInfo {
    /// The name used by `--passes=` and in traces and timings.
    pub name: &'static str,
    /// One line saying what it does.
    pub description: &'static str,
    pub entry: PassEntry,
}

impl fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} — {}", self.name, self.description)
    }
}

static REGISTRY: &[PassInfo] = &[
    PassInfo {
        name: "byval-copy",
        description:
            "copy a device function's by-value parameter whose address escapes to the stack",
        entry: PassEntry::Function(crate::byval_copy::run),
    },
    PassInfo {
        name: "mem2reg",
        description: "promote stack slots accessed only by whole loads/stores to SSA values",
        entry: PassEntry::Function(crate::mem2reg::run),
    },
    PassInfo {
        name: "sroa",
        description:
            "split stack slots into one slot per accessed field (copies and punning included)",
        entry: PassEntry::Function(crate::sroa::run),
    },
    PassInfo {
        name: "const-call",
        description: "evaluate calls with constant arguments to functions that only compute",
        entry: PassEntry::Module(crate::const_call::run),
    },
    PassInfo {
        name: "const-globals",
        description: "fold loads from read-only globals at constant offsets, mark the rest .nc",
        entry: PassEntry::Module(crate::const_globals::run),
    },
    PassInfo {
        name: "const-fold",
        description: "fold constant expressions, algebraic identities and constant branches",
        entry: PassEntry::Function(crate::const_fold::run),
    },
    PassInfo {
        name: "dce",
        description: "delete unreachable blocks, dead instructions and dead block parameters",
        entry: PassEntry::Function(crate::dce::run),
    },
    PassInfo {
        name: "simplify-cfg",
        description: "merge straight-line blocks, bypass empty blocks, drop unused block params",
        entry: PassEntry::Function(crate::simplify_cfg::run),
    },
    PassInfo {
        name: "always-inline",
        description: "inline __forceinline__ callees only, then drop uncalled internal functions",
        entry: PassEntry::Module(crate::inline::run_always),
    },
    PassInfo {
        name: "global-dce",
        description: "drop internal module variables that no function uses",
        entry: PassEntry::Module(crate::global_dce::run),
    },
    PassInfo {
        name: "inline",
        description: "inline device functions by hint and size budget, drop uncalled internals",
        entry: PassEntry::Module(crate::inline::run),
    },
    PassInfo {
        name: "cse",
        description: "dominator-based common subexpression elimination of pure instructions",
        entry: PassEntry::Function(crate::cse::run),
    },
    PassInfo {
        name: "load-elim",
        description: "reuse loaded or stored values for later loads within extended blocks",
        entry: PassEntry::Function(crate::load_elim::run),
    },
    PassInfo {
        name: "infer-address-spaces",
        description: "use ld/st.global/shared/local/const where a generic pointer's space is known",
        entry: PassEntry::Function(crate::infer_address_spaces::run),
    },
    PassInfo {
        name: "fp-contract",
        description: "fuse fmul with the fadd/fsub using it into fma (nvcc's -fmad=true)",
        entry: PassEntry::Function(crate::fp_contract::run),
    },
    PassInfo {
        name: "mark-invariant-loads",
        description: "mark kernel loads of memory nothing writes (restrict params) ld.global.nc",
        entry: PassEntry::Function(crate::invariant_loads::run),
    },
    PassInfo {
        name: "pin-rounding",
        description: "mark float add/sub/mul as individually rounded (-fmad=false: .rn, no fma)",
        entry: PassEntry::Function(crate::fp_contract::pin_rounding),
    },
    PassInfo {
        name: "dse",
        description: "delete stores that a later store in the same block overwrites unread",
        entry: PassEntry::Function(crate::dse::run),
    },
    PassInfo {
        name: "ext-offsets",
        description:
            "move constant offsets out of extended, scaled indices into address immediates",
        entry: PassEntry::Function(crate::ext_offsets::run),
    },
    PassInfo {
        name: "slsr",
        description:
            "strided addresses of one block from an earlier one plus a multiple of the stride",
        entry: PassEntry::Function(crate::slsr::run),
    },
    PassInfo {
        name: "load-slice",
        description: "an i64 load used only as its two 32-bit halves into two i32 loads",
        entry: PassEntry::Function(crate::load_slice::run),
    },
    PassInfo {
        name: "minmax",
        description: "integer selects of a comparison of their arms into min/max (and clamps)",
        entry: PassEntry::Function(crate::minmax::run),
    },
    PassInfo {
        name: "licm",
        description: "hoist loop-invariant pure instructions into loop preheaders",
        entry: PassEntry::Function(crate::licm::run),
    },
    PassInfo {
        name: "loop-unroll",
        description: "unroll loops fully or by N per #pragma unroll, small counted loops fully",
        entry: PassEntry::Function(crate::loop_unroll::run),
    },
];

/// Every pass, in a fixed order.
pub fn registry() -> &'static [PassInfo] {
    REGISTRY
}

/// Looks a pass up by name.
pub fn find_pass(name: &str) -> Option<&'static PassInfo> {
    REGISTRY.iter().find(|p| p.name == name)
}

/// Runs one pass over a module; returns whether it changed anything.
pub fn run_pass(pass: &PassInfo, module: &mut Module) -> bool {
    match pass.entry {
        PassEntry::Module(f) => f(module),
        PassEntry::Function(f) => {
            let mut changed = false;
            for (_, func) in module.functions.iter_mut() {
                if !func.is_declaration() {
                    changed |= f(func);
                }
            }
            changed
        }
    }
}

/// What to run and which diagnostics to collect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineOptions {
    /// `-O0` … `-O3` (values above 3 act as 3).
    pub opt_level: u8,
    /// An explicit pass list (`--passes=a,b,c`) that replaces the level's pipeline.
    pub passes: Option<Vec<String>>,
    /// Verify the module after every pass (`--verify-each`).
    pub verify_each: bool,
    /// Record the printed module after every pass (`--print-after-all`).
    pub print_after_all: bool,
    /// Time every pass (`--time-passes`).
    pub time_passes: bool,
    /// Contract multiply-adds into `fma` (`-fmad=true`, nvcc's default); when false the
    /// `fp-contract` pass is replaced by `pin-rounding` (so ptxas does not contract either),
    /// also if `--passes=` names it.
    pub fmad: bool,
}

impl Default for PipelineOptions {
    fn default() -> Self {
        PipelineOptions {
            opt_level: 0,
            passes: None,
            verify_each: false,
            print_after_all: false,
            time_passes: false,
            fmad: true,
        }
    }
}

/// Time spent in one pass run.
#[derive(Clone, Debug)]
pub struct PassTiming {
    pub pass: String,
    pub time: Duration,
    pub changed: bool,
}

/// What a pipeline run collected.
#[derive(Clone, Debug, Default)]
pub struct PipelineReport {
    /// `(pass name, printed module after it)` for each pass run, when `print_after_all`.
    pub trace: Vec<(String, String)>,
    /// One entry per pass run, when `time_passes`.
    pub timings: Vec<PassTiming>,
}

impl PipelineReport {
    /// The `--time-passes` table: one line per pass run, then the total.
    pub fn timing_report(&self) -> String {
        let mut s = String::from("=== oxicc pass timings ===\n");
        let total: Duration = self.timings.iter().map(|t| t.time).sum();
        for t in &self.timings {
            s.push_str(&format!(
                "{:>10.3} ms  {}{}\n",
                t.time.as_secs_f64() * 1e3,
                t.pass,
                if t.changed { "" } else { " (no change)" }
            ));
        }
        s.push_str(&format!("{:>10.3} ms  total\n", total.as_secs_f64() * 1e3));
        s
    }
}

/// Why a pipeline stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PassError {
    /// `--passes=` named a pass that is not in the registry.
    UnknownPass(String),
    /// `--verify-each` found a broken invariant after a pass (a compiler bug).
    Verify {
        pass: String,
        function: String,
        message: String,
    },
}

impl fmt::Display for PassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassError::UnknownPass(n) => {
                let names: Vec<&str> = REGISTRY.iter().map(|p| p.name).collect();
                write!(f, "unknown pass '{n}' (known: {})", names.join(", "))
            }
            PassError::Verify {
                pass,
                function,
                message,
            } => write!(
                f,
                "IR verification failed after pass '{pass}' in function '{function}': {message}"
            ),
        }
    }
}

impl std::error::Error for PassError {}

/// Runs the pipeline and discards the report (see [`run_pipeline_with_report`]).
pub fn run_pipeline(module: &mut Module, opts: &PipelineOptions) -> Result<(), PassError> {
    run_pipeline_with_report(module, opts).map(|_| ())
}

/// Runs the `-O` level's pipeline, or `opts.passes` when given, and returns the trace and
/// timings the options asked for. Unknown pass names are rejected before anything runs.
pub fn run_pipeline_with_report(
    module: &mut Module,
    opts: &PipelineOptions,
) -> Result<PipelineReport, PassError> {
    let passes: Vec<&'static PassInfo> = match &opts.passes {
        Some(names) => names
            .iter()
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            .map(|n| find_pass(n).ok_or_else(|| PassError::UnknownPass(n.to_string())))
            .collect::<Result<_, _>>()?,
        None => pipeline_for_level(opts.opt_level)
            .iter()
            .map(|n| find_pass(n).expect("pipeline names a registered pass"))
            .collect(),
    };
    let pin = find_pass("pin-rounding").expect("registered");
    let passes = passes.into_iter().map(|p| {
        if !opts.fmad && p.name == "fp-contract" {
            pin
        } else {
            p
        }
    });
    let mut report = PipelineReport::default();
    if opts.verify_each || cfg!(debug_assertions) {
        // Blame broken input on whoever produced it, not on the first pass.
        check_module(module, "<input>")?;
    }
    for pass in passes {
        let start = Instant::now();
        let changed = run_pass(pass, module);
        let time = start.elapsed();
        if opts.time_passes {
            report.timings.push(PassTiming {
                pass: pass.name.to_string(),
                time,
                changed,
            });
        }
        if opts.verify_each || cfg!(debug_assertions) {
            check_module(module, pass.name)?;
        }
        if opts.print_after_all {
            report
                .trace
                .push((pass.name.to_string(), oxicc_ir::print_module(module)));
        }
    }
    Ok(report)
}

fn check_module(module: &Module, pass: &str) -> Result<(), PassError> {
    oxicc_ir::verify_module(module).map_err(|errors| {
        let function = errors
            .iter()
            .find_map(|e| e.func)
            .and_then(|id| module.functions.get(id))
            .map(|f| f.name.clone())
            .unwrap_or_default();
        PassError::Verify {
            pass: pass.to_string(),
            function,
            message: oxicc_ir::verify::format_errors(&errors),
        }
    })
}
