//! oxicc-emu: a PTX interpreter with CUDA's execution model, for running kernels on the CPU
//! in tests without a GPU.
//!
//! `Module::parse` turns PTX text into pre-decoded instructions; `run` executes one kernel
//! launch (described by a [`Launch`], usually read from a launch JSON file) on a grid of CTAs
//! whose threads each have their own registers and program counter, and returns the final
//! contents of every buffer plus the device `printf` output. See `docs/emulator.md`.

mod alu;
mod decode;
mod exec;
mod float;
mod fops;
mod fp8;
mod heap;
mod inst;
mod launch;
mod mbarrier;
mod memory;
mod mma_sync;
mod opcodes;
mod operands;
mod parse;
mod printf;
mod sched;
mod tex_ops;
mod texture;
mod video;
mod wmma;

pub use inst::Ty;
pub use launch::{Arg, Buffer, Launch};
pub use sched::{RunOptions, Schedule};
pub use texture::{AddrMode, Image};

/// An error of the interpreter: bad PTX, a bad launch, or a fault while running. The text
/// is one line and names the instruction line, thread and address where they apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmuError(pub String);

impl std::fmt::Display for EmuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EmuError {}

/// A parsed and decoded PTX module, ready to launch any number of times.
#[derive(Clone, Debug)]
pub struct Module {
    prog: decode::Program,
}

impl Module {
    pub fn parse(ptx: &str) -> Result<Module, EmuError> {
        let tree = parse::parse_module(ptx)?;
        Ok(Module {
            prog: decode::Program {
                source: ptx.lines().map(|l| l.trim().to_string()).collect(),
                ..decode::decode_module(&tree)?
            },
        })
    }

    /// Names of the module's kernels (`.entry` functions).
    /// Checks `launch` against the module's kernel parameters without running it (a launch
    /// sized for a GPU); returns the kernel's index, as [`run`] would use it.
    pub fn validate(&self, launch: &Launch) -> Result<u32, EmuError> {
        launch.validate(&self.prog)
    }

    pub fn kernels(&self) -> Vec<String> {
        self.prog
            .funcs
            .iter()
            .filter(|f| f.is_entry)
            .map(|f| f.name.clone())
            .collect()
    }
}

/// What a launch produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every buffer of the launch, in argument order, with its final contents.
    pub buffers: Vec<Buffer>,
    /// Device `printf` output in execution order.
    pub printf: String,
    /// Thread-instructions executed (guarded-off instructions included).
    pub instructions: u64,
    pub threads: u64,
    /// With `RunOptions::profile`, thread-instructions per instruction of the module (see
    /// [`class_counts`]); empty otherwise.
    pub pc_counts: Vec<u64>,
}

impl Outcome {
    pub fn buffer(&self, name: &str) -> Option<&Buffer> {
        self.buffers.iter().find(|b| b.name == name)
    }

    /// The result object of the command line.
    pub fn to_json(&self) -> String {
        let bufs: Vec<String> = self
            .buffers
            .iter()
            .map(|b| {
                format!(
                    "{}: {}",
                    serde_json::Value::String(b.name.clone()),
                    b.to_json()
                )
            })
            .collect();
        format!(
            "{{\"buffers\": {{{}}}, \"printf\": {}, \"stats\": {{\"instructions\": {}, \"threads\": {}}}}}",
            bufs.join(", "),
            serde_json::Value::String(self.printf.clone()),
            self.instructions,
            self.threads
        )
    }
}

/// Runs one launch of a module. The launch is validated before anything runs.
pub fn run(module: &Module, launch: &Launch, opts: &RunOptions) -> Result<Outcome, EmuError> {
    let prog = &module.prog;
    let kernel = launch.validate(prog)?;
    let mut mem = memory::Memory::default();
    for g in &prog.globals {
        let mut data = g.init.clone();
        if let Some((_, _, d)) = launch.globals.iter().find(|(n, _, _)| n == &g.name) {
            data[..d.len()].copy_from_slice(d);
        }
        mem.alloc(&g.name, data);
    }
    let mut addrs = Vec::new();
    for b in &launch.buffers {
        addrs.push(mem.alloc(&b.name, b.data.clone()));
    }
    let nglob = prog.globals.len();
    mem.images = launch
        .images
        .iter()
        .map(|im| texture::Image {
            seg: nglob + im.seg,
            ..im.clone()
        })
        .collect();
    let f = &prog.funcs[kernel as usize];
    let mut kparams = vec![0u8; f.kparam_size as usize];
    for (a, p) in launch.args.iter().zip(&f.params) {
        let at = p.offset as usize;
        match a {
            Arg::Buffer(i) => kparams[at..at + 8].copy_from_slice(&addrs[*i].to_le_bytes()),
            Arg::Scalar(t, v) => {
                let n = t.bytes() as usize;
                kparams[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
            }
            Arg::Bytes(b, _) => kparams[at..at + b.len()].copy_from_slice(b),
        }
    }
    mem.kparams = kparams;
    // The grid barrier's workspace (a cooperative launch): a zeroed global word pair after
    // the buffers, so it is in no output.
    let grid_ws = if launch.cooperative {
        mem.alloc("__oxicc_grid_workspace", vec![0u8; 16])
    } else {
        0
    };
    let mut g = sched::GridRun {
        prog,
        mem: &mut mem,
        kernel,
        grid: launch.grid,
        block: launch.block,
        dyn_smem: launch.dynamic_shared_bytes,
        grid_ws,
        opts,
        printf: String::new(),
        instructions: 0,
        pc_counts: if opts.profile {
            vec![0; prog.insts.len()]
        } else {
            Vec::new()
        },
    };
    g.run()?;
    let pc_counts = std::mem::take(&mut g.pc_counts);
    let printf = std::mem::take(&mut g.printf);
    let instructions = g.instructions;
    let buffers = launch
        .buffers
        .iter()
        .enumerate()
        .map(|(i, b)| Buffer {
            name: b.name.clone(),
            ty: b.ty,
            data: std::mem::take(&mut mem.segs[nglob + i]),
        })
        .collect();
    let threads = launch
        .grid
        .iter()
        .chain(&launch.block)
        .map(|&x| x as u64)
        .product();
    Ok(Outcome {
        buffers,
        printf,
        instructions,
        threads,
        pc_counts,
    })
}

/// Parses PTX and a launch JSON text and runs them.
pub fn run_text(ptx: &str, launch_json: &str, opts: &RunOptions) -> Result<Outcome, EmuError> {
    let launch = Launch::from_json(launch_json)?;
    let module = Module::parse(ptx)?;
    run(&module, &launch, opts)
}

/// Instruction classes for the executed-instruction breakdown (`class_counts`).
pub const CLASSES: [&str; 6] = [
    "memory",
    "arithmetic",
    "control",
    "conversion",
    "move",
    "other",
];

/// Sums profiled executions (`Outcome::pc_counts`) by instruction class, in the order of
/// [`CLASSES`]: memory (`ld`, `st`, `atom`, `red`, `cp.async`, `mbarrier`), arithmetic (integer and
/// float operations, `setp`, `selp`, `lop3`, `prmt`, …), control (`bra`, calls, `ret`,
/// `exit`, `bar`), conversion (`cvt`, `cvta`, `isspacep`), move (`mov`, special registers,
/// addresses, packing) and other (warp collectives, `printf`, `malloc`, `nop`).
pub fn class_counts(module: &Module, pc_counts: &[u64]) -> [u64; 6] {
    use inst::Op;
    let mut out = [0u64; 6];
    for (i, &n) in module.prog.insts.iter().zip(pc_counts) {
        let class = match i.op {
            Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } | Op::CpAsync | Op::Mbar { .. } => 0,
            Op::Int(..)
            | Op::Float(..)
            | Op::Shf { .. }
            | Op::Prmt(_)
            | Op::Lop3
            | Op::Setp { .. }
            | Op::Set { .. }
            | Op::Selp
            | Op::Slct { .. }
            | Op::Testp { .. } => 1,
            Op::Bra
            | Op::Call
            | Op::CallIndirect
            | Op::CallMissing
            | Op::Ret
            | Op::Exit
            | Op::Trap
            | Op::Bar { .. }
            | Op::BarWarpSync => 2,
            Op::Cvt { .. } | Op::Cvta { .. } | Op::IsSpace(_) => 3,
            Op::Mov
            | Op::Sreg(_)
            | Op::LocalAddr
            | Op::FParamAddr
            | Op::Pack { .. }
            | Op::Unpack { .. } => 4,
            _ => 5,
        };
        out[class] += n;
    }
    out
}
