//! oxicc's PTX backend: from verified IR modules to PTX text.
//!
//! The stages, in order (see `pipeline` below and `docs/backend.md`):
//! 1. `target` — resolve the SM and the `.version` to print;
//! 2. `frame` — lay out stack slots in the local depot;
//! 3. `isel` — select machine instructions per block (with `lower_args` for the parameter
//!    ABI and `out_of_ssa` for block arguments);
//! 4. `regalloc` — coalesce copies and assign compact registers per class (checked by
//!    `regalloc_check` in debug builds);
//! 5. `peephole` — fall through instead of branching;
//! 6. `emit` — renumber registers, build the PTX AST and print it.
//!
//! The backend accepts verified IR. Constructs it cannot lower yet (128-bit integers, some
//! half-precision arithmetic) are reported as `BackendError`s; broken IR invariants panic.

pub mod emit;
pub mod frame;
pub mod ftz;
mod isel;
pub mod liveness;
pub mod lower_args;
pub mod mir;
pub mod out_of_ssa;
pub mod peephole;
pub mod regalloc;
mod regalloc_check;
pub mod tail_dup;
pub mod target;
pub mod vectorize;

use emit::{FuncHeader, FuncKind as PtxFuncKind, ParamSpec, PtxModule};
use hashbrown::HashSet;
use lower_args::{func_param_decl, kernel_param_type, param_name};
use mir::ParamDecl;
use oxicc_ir::{FuncId, FuncKind, Function, InstData, Linkage, Module, ParamKind};
use std::fmt;
use std::time::{Duration, Instant};

/// What to generate code for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetOptions {
    /// The SM version: 75, 80, 86, 89, 90, 100 or 120.
    pub sm: u32,
    /// Overrides the `.version` directive (default: the minimum the SM needs).
    pub ptx_version: Option<(u32, u32)>,
    /// `-ftz=true`: `.ftz` on every f32 instruction that takes it (see [`ftz`]).
    pub ftz: bool,
}

impl Default for TargetOptions {
    fn default() -> Self {
        TargetOptions {
            sm: 75,
            ptx_version: None,
            ftz: false,
        }
    }
}

/// A target or IR construct the backend cannot handle (not a bug): a message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackendError {
    pub message: String,
}

impl BackendError {
    pub fn new(message: impl Into<String>) -> Self {
        BackendError {
            message: message.into(),
        }
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BackendError {}

/// The SM versions `emit_ptx` accepts.
pub fn supported_sms() -> &'static [u32] {
    target::SUPPORTED_SMS
}

/// Compiles a verified IR module to PTX text.
pub fn emit_ptx(module: &Module, opts: &TargetOptions) -> Result<String, BackendError> {
    let target = resolve_target(module, opts)?;
    pipeline(module, target, opts.ftz, &mut None).map(|m| m.to_string())
}

/// The target of `opts`; without an explicit `.version`, raised to what the module needs
/// beyond its instructions: PTX 8.1 for a kernel whose parameters take more than 4352 bytes
/// (up to 32764 are allowed from 8.1 on; nvcc's `.version` is always newer).
fn resolve_target(module: &Module, opts: &TargetOptions) -> Result<target::Target, BackendError> {
    let mut target = target::Target::resolve(opts.sm, opts.ptx_version)?;
    if opts.ptx_version.is_none() {
        let largest = module
            .functions
            .values()
            .filter(|f| f.kind == FuncKind::Kernel)
            .map(|f| kernel_param_bytes(&f.sig.params))
            .max()
            .unwrap_or(0);
        if largest > target::SMALL_KERNEL_PARAMS {
            target.ptx = target.ptx.max(target::LARGE_KERNEL_PARAMS_PTX);
        }
        target.ptx = target.ptx.max(inline_ptx_version(module));
    }
    Ok(target)
}

/// The `.version` the module's inline PTX needs beyond the target's minimum
/// ([`target::INLINE_PTX_VERSIONS`]); (0, 0) when nothing in it does.
fn inline_ptx_version(module: &Module) -> (u32, u32) {
    let mut need = (0, 0);
    for f in module.functions.values() {
        for node in f.insts.values() {
            let oxicc_ir::InstData::InlineAsm { asm, .. } = &node.data else {
                continue;
            };
            for piece in &asm.pieces {
                let oxicc_ir::AsmPiece::Text(text) = piece else {
                    continue;
                };
                for &(mnemonic, v) in target::INLINE_PTX_VERSIONS {
                    if text.contains(mnemonic) {
                        need = need.max(v);
                    }
                }
            }
        }
    }
    need
}

/// The bytes a kernel's parameters take in the parameter space, each at its alignment.
fn kernel_param_bytes(params: &[ParamKind]) -> u32 {
    params.iter().fold(0u32, |at, &k| {
        let (size, align) = match k {
            ParamKind::Value(t) => (t.bytes(), t.bytes().max(1)),
            ParamKind::ByVal { size, align } => (size, align.max(1)),
        };
        at.div_ceil(align) * align + size
    })
}

/// Time spent in each backend stage, summed over the module's functions (for the scaling
/// benchmark and `--time-passes`-style reports).
#[derive(Clone, Debug, Default)]
pub struct StageTimes {
    /// `(stage name, time)` in pipeline order.
    pub stages: Vec<(&'static str, Duration)>,
}

impl StageTimes {
    fn add(&mut self, stage: &'static str, time: Duration) {
        match self.stages.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, t)) => *t += time,
            None => self.stages.push((stage, time)),
        }
    }
}

/// Runs `f`, adding its time to `stage` when timings are collected.
pub(crate) fn timed<T>(
    times: &mut Option<&mut StageTimes>,
    stage: &'static str,
    f: impl FnOnce() -> T,
) -> T {
    match times {
        Some(t) => {
            let start = Instant::now();
            let r = f();
            t.add(stage, start.elapsed());
            r
        }
        None => f(),
    }
}

/// `emit_ptx`, also returning the time each stage took.
pub fn emit_ptx_timed(
    module: &Module,
    opts: &TargetOptions,
) -> Result<(String, StageTimes), BackendError> {
    let target = resolve_target(module, opts)?;
    let mut times = StageTimes::default();
    let m = pipeline(module, target, opts.ftz, &mut Some(&mut times))?;
    let text = timed(&mut Some(&mut times), "print", || m.to_string());
    Ok((text, times))
}

/// The local depot symbol of the function emitted `index`-th.
pub(crate) fn depot_name(index: usize) -> String {
    format!("__local_depot{index}")
}

/// Runs every stage and returns the PTX AST.
fn pipeline(
    module: &Module,
    target: target::Target,
    ftz: bool,
    times: &mut Option<&mut StageTimes>,
) -> Result<PtxModule, BackendError> {
    let order = emission_order(module);
    let mut defined: HashSet<FuncId> = HashSet::new();
    let mut decls = Vec::new();
    let mut declared: HashSet<FuncId> = HashSet::new();
    let mut funcs = Vec::new();
    let mut call_seq = 0u32;
    let mut lines = emit::LineTables::default();
    // Globals come before every function, so the functions their initializers name
    // (function tables, vtables) are declared first, as nvcc does.
    for g in module.globals.values() {
        for &(_, func) in &g.func_addrs {
            if declared.insert(func) {
                decls.push(header(module, func));
            }
        }
    }
    for (index, &id) in order.iter().enumerate() {
        let f = &module.functions[id];
        // Callees that are imports or not defined yet need a declaration first.
        for callee in callees(f) {
            if !defined.contains(&callee) && callee != id && declared.insert(callee) {
                decls.push(header(module, callee));
            }
        }
        let frame = timed(times, "frame", || frame::Frame::layout(f));
        let mut mf = timed(times, "isel", || {
            isel::select_function(module, f, target, &frame, index)
        })?;
        if ftz {
            timed(times, "ftz", || ftz::flush_subnormals(&mut mf));
        }
        timed(times, "vectorize", || {
            vectorize::vectorize_accesses(&mut mf)
        });
        regalloc::assign_registers_timed(&mut mf, times);
        timed(times, "peephole", || {
            tail_dup::duplicate_tails(&mut mf);
            peephole::simplify_branches(&mut mf)
        });
        let depot = (!frame.is_empty()).then(|| (depot_name(index), frame.align, frame.size));
        let lb = if f.kind == FuncKind::Kernel {
            f.launch_bounds
        } else {
            None
        };
        funcs.push(timed(times, "emit", || {
            emit::build_function(
                header(module, id),
                lb,
                depot,
                index,
                &mf,
                &mut call_seq,
                &mut lines,
            )
        }));
        defined.insert(id);
    }
    let globals = module
        .globals
        .values()
        .map(|g| emit::global_decl(g, &|f| module.functions[f].name.as_str()))
        .collect();
    // ptxas takes `.loc … inlined_at` and the `.debug_str` section from PTX 7.0 on.
    let version = if lines.names.is_empty() {
        target.ptx
    } else {
        target.ptx.max((7, 0))
    };
    Ok(PtxModule {
        version,
        sm: target.sm,
        decls,
        globals,
        funcs,
        files: lines
            .files
            .iter()
            .map(|&i| {
                module
                    .files
                    .get(i as usize)
                    .cloned()
                    .unwrap_or_else(|| format!("<file {i}>"))
            })
            .collect(),
        debug_strings: lines.names,
    })
}

/// The functions `f` calls or takes the address of, in order of first mention.
fn callees(f: &Function) -> Vec<FuncId> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            // A function whose address is taken must be declared before it is named, like
            // a callee.
            if let InstData::Call { callee, .. } | InstData::FuncAddr { func: callee } =
                f.insts[i].data
            {
                if !out.contains(&callee) {
                    out.push(callee);
                }
            }
        }
    }
    out
}

/// Defined functions, callees before callers where the call graph allows (depth-first
/// post-order from module order), so few prototypes are needed.
fn emission_order(module: &Module) -> Vec<FuncId> {
    fn visit(m: &Module, id: FuncId, seen: &mut HashSet<FuncId>, out: &mut Vec<FuncId>) {
        if !seen.insert(id) || m.functions[id].is_declaration() {
            return;
        }
        for c in callees(&m.functions[id]) {
            visit(m, c, seen, out);
        }
        out.push(id);
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for id in module.functions.keys() {
        visit(module, id, &mut seen, &mut out);
    }
    out
}

/// The PTX signature of a function.
fn header(module: &Module, id: FuncId) -> FuncHeader {
    let f = &module.functions[id];
    let kernel = f.kind == FuncKind::Kernel;
    let linkage = if f.is_declaration() || f.linkage == Linkage::Import {
        ".extern "
    } else if f.linkage == Linkage::External {
        ".visible "
    } else {
        ""
    };
    let params = f
        .sig
        .params
        .iter()
        .enumerate()
        .map(|(i, &k)| ParamSpec {
            name: param_name(&f.name, i),
            decl: match (kernel, k) {
                (true, ParamKind::Value(t)) => ParamDecl::Scalar(kernel_param_type(t)),
                (_, k) => func_param_decl(k),
            },
        })
        .collect();
    FuncHeader {
        linkage,
        kind: if kernel {
            PtxFuncKind::Entry
        } else {
            PtxFuncKind::Func
        },
        name: f.name.clone(),
        ret: if kernel {
            None
        } else {
            f.sig.ret.map(|t| func_param_decl(ParamKind::Value(t)))
        },
        params,
    }
}
