//! Instructions: their operands (`InstData`) and their properties (`Opcode::info`).
//!
//! Every instruction defines at most one SSA value. Its result type is stored on the value,
//! not here, except where the operation needs it to be meaningful (constants, casts, loads).
//! Control flow passes values to successor blocks as block arguments (`BlockCall`), so the
//! IR has no phi instructions: a block's parameters are its phis.
//!
//! The table in `Opcode::info` is the one place that says whether an operation is a
//! terminator, touches memory, has side effects, may trap, or is convergent (must not be
//! made control-dependent on more or fewer values: barriers, warp collectives).

use crate::entity::EntityMap;
use crate::function::Signature;
pub use crate::inline_asm::{AsmBlock, AsmPiece, AsmReg};
pub use crate::texture::{SurfClamp, SurfOp, TexGeom, TexKind, TexMode, TexOp};
use crate::types::Type;
use crate::{Block, FuncId, GlobalId, StackSlot, Value};

/// A branch target together with the arguments passed to its block parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockCall {
    pub block: Block,
    pub args: Vec<Value>,
}

impl BlockCall {
    pub fn new(block: Block, args: Vec<Value>) -> Self {
        BlockCall { block, args }
    }
    /// A target that passes no arguments.
    pub fn plain(block: Block) -> Self {
        BlockCall {
            block,
            args: Vec::new(),
        }
    }
}

/// Unary operations; the result has the operand's type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Two's-complement negation.
    Neg,
    /// Bitwise complement (logical not on `i1`).
    Not,
    /// Float negation (flips the sign bit).
    FNeg,
    /// Float absolute value.
    FAbs,
    /// Correctly rounded square root.
    FSqrt,
    /// Population count (result has the operand's type).
    Popc,
    /// Count leading zeros.
    Clz,
    /// Bit reverse.
    Brev,
    /// Round a float to the nearest integer value, ties to even (`rint`).
    FRint,
    /// Round toward zero (`trunc`).
    FTrunc,
    /// Round toward minus infinity (`floor`).
    FFloor,
    /// Round toward plus infinity (`ceil`).
    FCeil,
    /// PTX's approximate square root (`sqrt.approx`, f32 only): `-prec-sqrt=false`.
    FSqrtApprox,
    /// Approximate reciprocal square root (`rsqrt.approx`): `rsqrtf`, `rsqrt`.
    FRsqrtApprox,
    /// Approximate reciprocal (`rcp.approx`, f32 only).
    FRcpApprox,
    /// Approximate base-2 exponential (`ex2.approx`, f32 only).
    FEx2Approx,
    /// `ex2.approx.ftz` whatever `-ftz` says: the library uses it where a subnormal
    /// result cannot occur or is flushed on purpose (nvcc's `__expf` does the same).
    FEx2ApproxFtz,
    /// Approximate base-2 logarithm (`lg2.approx`, f32 only).
    FLg2Approx,
    /// Approximate sine and cosine (`sin.approx`, `cos.approx`, f32 only).
    FSinApprox,
    FCosApprox,
}

/// Binary operations; both operands and the result have one type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Signed division, truncating; division by zero is undefined.
    SDiv,
    UDiv,
    SRem,
    URem,
    /// High half of the signed full product.
    SMulHi,
    /// High half of the unsigned full product.
    UMulHi,
    And,
    Or,
    Xor,
    /// Shifts by an amount of the same type; amounts ≥ the width give 0 (or the sign) as PTX does.
    Shl,
    LShr,
    AShr,
    SMin,
    SMax,
    UMin,
    UMax,
    FAdd,
    FSub,
    FMul,
    /// `FAdd`/`FSub`/`FMul` that must stay one correctly rounded operation: never contracted
    /// into an `fma`, by oxicc or by ptxas (printed with an explicit `.rn`). From
    /// `__fadd_rn`/`__fsub_rn`/`__fmul_rn` (and the `__d*_rn` forms), and for every float
    /// add, subtract and multiply under `-fmad=false`.
    FAddRn,
    FSubRn,
    FMulRn,
    /// Add, subtract, multiply and divide with a directed rounding (`.rz`, `.rm`, `.rp`),
    /// from `__fadd_rz` & co. and the library; never contracted or reassociated.
    FAddRz,
    FAddRm,
    FAddRp,
    FSubRz,
    FSubRm,
    FSubRp,
    FMulRz,
    FMulRm,
    FMulRp,
    FDivRz,
    FDivRm,
    FDivRp,
    /// Correctly rounded IEEE division.
    FDiv,
    /// Approximate f32 division `div.approx` (`__fdividef`; 2 ulp for |b| in
    /// [2^-126, 2^126], 0 beyond) and `div.full` (2 ulp over the full range;
    /// `-prec-div=false`).
    FDivApprox,
    FDivFull,
    /// `copysign(a, b)`: the magnitude of `a` with the sign of `b` (C's order; PTX's
    /// `copysign` takes the sign source first).
    FCopysign,
    /// C `fmod` semantics.
    FRem,
    /// IEEE minNum/maxNum (NaN operands lose), as PTX `min.f32`.
    FMin,
    FMax,
}

/// Integer comparison conditions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntCC {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl IntCC {
    /// The condition with its operands exchanged: `a cc b` ⇔ `b cc.swapped() a`.
    pub fn swapped(self) -> IntCC {
        match self {
            IntCC::Eq => IntCC::Eq,
            IntCC::Ne => IntCC::Ne,
            IntCC::Slt => IntCC::Sgt,
            IntCC::Sle => IntCC::Sge,
            IntCC::Sgt => IntCC::Slt,
            IntCC::Sge => IntCC::Sle,
            IntCC::Ult => IntCC::Ugt,
            IntCC::Ule => IntCC::Uge,
            IntCC::Ugt => IntCC::Ult,
            IntCC::Uge => IntCC::Ule,
        }
    }

    /// The condition that holds exactly when this one does not: `!(a cc b)` ⇔
    /// `a cc.inverse() b`.
    pub fn inverse(self) -> IntCC {
        match self {
            IntCC::Eq => IntCC::Ne,
            IntCC::Ne => IntCC::Eq,
            IntCC::Slt => IntCC::Sge,
            IntCC::Sle => IntCC::Sgt,
            IntCC::Sgt => IntCC::Sle,
            IntCC::Sge => IntCC::Slt,
            IntCC::Ult => IntCC::Uge,
            IntCC::Ule => IntCC::Ugt,
            IntCC::Ugt => IntCC::Ule,
            IntCC::Uge => IntCC::Ult,
        }
    }
}

/// Float comparison conditions: ordered (false on NaN) or unordered (true on NaN).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatCC {
    Oeq,
    One,
    Olt,
    Ole,
    Ogt,
    Oge,
    Ord,
    Ueq,
    Une,
    Ult,
    Ule,
    Ugt,
    Uge,
    Uno,
}

/// Conversions between types; the target type is part of the instruction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    /// Float to signed integer, rounding toward zero (saturating as PTX `cvt.rzi`).
    FpToSi,
    FpToUi,
    /// Integer to float, round to nearest even.
    SiToFp,
    UiToFp,
    FpExt,
    FpTrunc,
    /// Same-width reinterpretation (`f32` ↔ `i32`).
    Bitcast,
    PtrToInt,
    IntToPtr,
    /// Pointer between address spaces (`cvta` / `cvta.to`).
    AddrSpaceCast,
}

/// Read-modify-write atomic operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    FAdd,
    Sub,
    And,
    Or,
    Xor,
    Exch,
    SMin,
    SMax,
    UMin,
    UMax,
    /// `((old >= v) ? 0 : old + 1)` — CUDA `atomicInc`.
    Inc,
    /// `((old == 0) | (old > v)) ? v : old - 1` — CUDA `atomicDec`.
    Dec,
}

/// The scope of an atomic or fence.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Cta,
    Gpu,
    System,
}

/// Warp shuffle modes (`shfl.sync.{idx,up,down,bfly}`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ShuffleMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// Warp vote modes (`vote.sync.{all,any,uni,ballot}`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    /// Result is an `i32` mask instead of `i1`.
    Ballot,
}

/// A dimension of a special register.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    X,
    Y,
    Z,
}

/// PTX special registers read by `sreg`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SpecialReg {
    Tid(Dim),
    NTid(Dim),
    CtaId(Dim),
    NCtaId(Dim),
    /// `WARP_SZ` (32).
    WarpSize,
    LaneId,
}

/// Attributes of a memory access.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemFlags {
    /// Alignment in bytes (a power of two; at least 1).
    pub align: u32,
    pub volatile: bool,
    /// A load of memory that nothing writes while the kernel runs, so it may go through the
    /// non-coherent read-only cache (`ld.global.nc`); set by `mark-invariant-loads`.
    pub invariant: bool,
}

impl MemFlags {
    pub const fn aligned(align: u32) -> Self {
        MemFlags {
            align,
            volatile: false,
            invariant: false,
        }
    }
}

/// One instruction's operation and operands.
#[derive(Clone, Debug, PartialEq)]
pub enum InstData {
    /// Integer constant; `imm` holds the value's bits, zero-extended.
    IConst {
        ty: Type,
        imm: u64,
    },
    /// Float constant; `bits` holds the IEEE bits (`f32` in the low 32 bits).
    FConst {
        ty: Type,
        bits: u64,
    },
    Unary {
        op: UnaryOp,
        arg: Value,
    },
    /// `nsw` ("no signed wrap", only on `add`/`sub`/`mul`): the operation comes from C
    /// arithmetic whose signed overflow is undefined, so passes may assume the exact
    /// result fits the type (`sext(a + c) == sext(a) + c`). An overflowing `nsw`
    /// operation gives an unspecified value (LLVM's poison: nothing that only moves or
    /// duplicates the instruction turns it into undefined behaviour). Interpreters wrap.
    /// A pass that rewrites the operation into another one must drop the flag unless it
    /// proves the new one cannot overflow either.
    Binary {
        op: BinaryOp,
        lhs: Value,
        rhs: Value,
        nsw: bool,
    },
    /// Fused multiply-add `a * b + c` with one rounding.
    Fma {
        a: Value,
        b: Value,
        c: Value,
    },
    ICmp {
        cond: IntCC,
        lhs: Value,
        rhs: Value,
    },
    FCmp {
        cond: FloatCC,
        lhs: Value,
        rhs: Value,
    },
    Select {
        cond: Value,
        if_true: Value,
        if_false: Value,
    },
    Cast {
        op: CastOp,
        arg: Value,
        to: Type,
    },
    Load {
        ty: Type,
        ptr: Value,
        flags: MemFlags,
    },
    Store {
        ptr: Value,
        value: Value,
        flags: MemFlags,
    },
    /// `ptr + offset` in bytes; `offset` is an `i64`; the result has `ptr`'s type.
    PtrAdd {
        ptr: Value,
        offset: Value,
    },
    /// The address of a stack slot, a `ptr.local`.
    StackAddr {
        slot: StackSlot,
    },
    /// The address of a module variable, a pointer into its address space.
    GlobalAddr {
        global: GlobalId,
    },
    Call {
        callee: FuncId,
        args: Vec<Value>,
    },
    /// The address of a function (a generic pointer; PTX `mov.u64 %rd, f;`): function
    /// pointers and vtable entries.
    FuncAddr {
        func: FuncId,
    },
    /// A call through a function address: `target` is a generic pointer to a device function
    /// whose signature must be `sig` (PTX `call (…), %rd, (…), prototype;`). Calling a
    /// function of another signature is undefined, as in C.
    CallIndirect {
        target: Value,
        sig: Signature,
        args: Vec<Value>,
    },
    /// Reads a special register (an `i32`).
    SpecialReg {
        reg: SpecialReg,
    },
    /// `__syncthreads()`: CTA-wide barrier.
    Barrier,
    /// `__syncwarp(mask)`: the lanes of `mask` (an `i32`) wait for each other
    /// (`bar.warp.sync`).
    WarpSync {
        mask: Value,
    },
    /// `__activemask()`: the lanes of the warp executing this instruction together (an
    /// `i32`). Convergent and never merged with another one: its result depends on where
    /// it executes.
    ActiveMask,
    /// Memory fence at a scope (`__threadfence*`).
    Fence {
        scope: Scope,
    },
    AtomicRmw {
        op: AtomicOp,
        ptr: Value,
        value: Value,
        scope: Scope,
    },
    AtomicCas {
        ptr: Value,
        expected: Value,
        new: Value,
        scope: Scope,
    },
    /// `shfl.sync`: result has `value`'s type (32-bit).
    Shuffle {
        mode: ShuffleMode,
        mask: Value,
        value: Value,
        lane: Value,
        clamp: Value,
    },
    Vote {
        mode: VoteMode,
        mask: Value,
        pred: Value,
    },
    /// One component of a texture fetch (`tex`, `tld4`): `args` are the handle (`i64`), the
    /// coordinates and the level or gradients (see `texture.rs`). The result is `f32` or `i32`
    /// by `op.result`.
    TexFetch {
        op: TexOp,
        args: Vec<Value>,
    },
    /// One component of a surface load (`suld.b`): `args` are the handle and the `i32`
    /// coordinates; the result is `op.value_type()`.
    SurfRead {
        op: SurfOp,
        args: Vec<Value>,
    },
    /// A surface store (`sust.b`): `args` are the handle, the coordinates and `op.vec` values.
    SurfWrite {
        op: SurfOp,
        args: Vec<Value>,
    },
    /// Inline PTX (`inline_asm.rs`): `args` are the inputs, then the initial values of the
    /// `+` outputs (`asm.tied`). The result is the first output, if there is one.
    InlineAsm {
        asm: Box<AsmBlock>,
        args: Vec<Value>,
    },
    /// Output `index` (at least 1) of the `InlineAsm` whose result is `asm`.
    AsmOutput {
        asm: Value,
        index: u32,
    },
    Jump {
        dest: BlockCall,
    },
    Branch {
        cond: Value,
        then_dest: BlockCall,
        else_dest: BlockCall,
    },
    /// Multi-way branch on an integer; case values are zero-extended bits of `arg`'s type.
    Switch {
        arg: Value,
        cases: Vec<(u64, BlockCall)>,
        default: BlockCall,
    },
    Return {
        value: Option<Value>,
    },
    Unreachable,
}

/// The operation of an instruction without its operands; the key of the property table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    IConst,
    FConst,
    Unary,
    Binary,
    Fma,
    ICmp,
    FCmp,
    Select,
    Cast,
    Load,
    Store,
    PtrAdd,
    StackAddr,
    GlobalAddr,
    Call,
    FuncAddr,
    CallIndirect,
    SpecialReg,
    Barrier,
    WarpSync,
    ActiveMask,
    Fence,
    AtomicRmw,
    AtomicCas,
    Shuffle,
    Vote,
    TexFetch,
    SurfRead,
    SurfWrite,
    /// Inline PTX without effects: outputs computed from inputs only.
    InlineAsm,
    /// `asm volatile`, a `"memory"` clobber, or no outputs.
    InlineAsmVolatile,
    AsmOutput,
    Jump,
    Branch,
    Switch,
    Return,
    Unreachable,
}

/// Properties of an opcode, used by every pass that moves or deletes instructions.
#[derive(Copy, Clone, Debug)]
pub struct OpInfo {
    /// Ends a block.
    pub terminator: bool,
    /// Reads memory.
    pub reads_memory: bool,
    /// Writes memory.
    pub writes_memory: bool,
    /// Must not be deleted even when its result is unused.
    pub side_effects: bool,
    /// May fault or trap (so must not be hoisted speculatively).
    pub may_trap: bool,
    /// Synchronizes threads: must not be moved into or out of control flow.
    pub convergent: bool,
}

impl Opcode {
    /// The property table. One line per opcode; `calls` are conservatively everything.
    pub fn info(self) -> OpInfo {
        const fn p(t: bool, r: bool, w: bool, s: bool, m: bool, c: bool) -> OpInfo {
            OpInfo {
                terminator: t,
                reads_memory: r,
                writes_memory: w,
                side_effects: s,
                may_trap: m,
                convergent: c,
            }
        }
        //                              term   read   write  side   trap   conv
        match self {
            Opcode::IConst => p(false, false, false, false, false, false),
            Opcode::FConst => p(false, false, false, false, false, false),
            Opcode::Unary => p(false, false, false, false, false, false),
            // Integer division by zero is undefined behaviour in C but does not trap on PTX.
            Opcode::Binary => p(false, false, false, false, false, false),
            Opcode::Fma => p(false, false, false, false, false, false),
            Opcode::ICmp => p(false, false, false, false, false, false),
            Opcode::FCmp => p(false, false, false, false, false, false),
            Opcode::Select => p(false, false, false, false, false, false),
            Opcode::Cast => p(false, false, false, false, false, false),
            Opcode::Load => p(false, true, false, false, true, false),
            Opcode::Store => p(false, false, true, true, true, false),
            Opcode::PtrAdd => p(false, false, false, false, false, false),
            Opcode::StackAddr => p(false, false, false, false, false, false),
            Opcode::GlobalAddr => p(false, false, false, false, false, false),
            Opcode::Call => p(false, true, true, true, true, true),
            Opcode::FuncAddr => p(false, false, false, false, false, false),
            Opcode::CallIndirect => p(false, true, true, true, true, true),
            Opcode::SpecialReg => p(false, false, false, false, false, false),
            Opcode::Barrier => p(false, true, true, true, false, true),
            Opcode::WarpSync => p(false, true, true, true, false, true),
            Opcode::ActiveMask => p(false, false, false, true, false, true),
            Opcode::Fence => p(false, true, true, true, false, false),
            Opcode::AtomicRmw => p(false, true, true, true, true, false),
            Opcode::AtomicCas => p(false, true, true, true, true, false),
            Opcode::Shuffle => p(false, false, false, true, false, true),
            Opcode::Vote => p(false, false, false, true, false, true),
            // Texture memory is read-only while a kernel runs, so a fetch reads no memory
            // that anything could write; it may fault on a bad handle, so it is not hoisted.
            Opcode::TexFetch => p(false, false, false, false, true, false),
            Opcode::SurfRead => p(false, true, false, false, true, false),
            Opcode::SurfWrite => p(false, false, true, true, true, false),
            // Inline PTX is opaque: it may trap and may contain warp-synchronous code, so it
            // is never speculated or moved across control flow; a pure one may be deleted
            // when its outputs are unused, a pinned one is a barrier to memory optimizations.
            Opcode::InlineAsm => p(false, false, false, false, true, true),
            Opcode::InlineAsmVolatile => p(false, true, true, true, true, true),
            Opcode::AsmOutput => p(false, false, false, false, false, false),
            Opcode::Jump => p(true, false, false, true, false, false),
            Opcode::Branch => p(true, false, false, true, false, false),
            Opcode::Switch => p(true, false, false, true, false, false),
            Opcode::Return => p(true, false, false, true, false, false),
            Opcode::Unreachable => p(true, false, false, true, false, false),
        }
    }
}

/// The operand walk shared by `InstData::for_each_arg` and `InstData::map_args`: one match
/// over every variant, instantiated once for shared and once for mutable references (the
/// patterns are the same; only `iter`/`iter_mut` differ), so the two cannot drift apart.
macro_rules! visit_operands {
    ($data:expr, $f:ident, $iter:ident) => {
        match $data {
            InstData::IConst { .. }
            | InstData::FConst { .. }
            | InstData::StackAddr { .. }
            | InstData::GlobalAddr { .. }
            | InstData::FuncAddr { .. }
            | InstData::SpecialReg { .. }
            | InstData::Barrier
            | InstData::ActiveMask
            | InstData::Fence { .. }
            | InstData::Unreachable => {}
            InstData::WarpSync { mask } => $f(mask),
            InstData::Unary { arg, .. } | InstData::Cast { arg, .. } => $f(arg),
            InstData::Binary { lhs, rhs, .. }
            | InstData::ICmp { lhs, rhs, .. }
            | InstData::FCmp { lhs, rhs, .. } => {
                $f(lhs);
                $f(rhs)
            }
            InstData::Fma { a, b, c } => {
                $f(a);
                $f(b);
                $f(c)
            }
            InstData::Select {
                cond,
                if_true,
                if_false,
            } => {
                $f(cond);
                $f(if_true);
                $f(if_false)
            }
            InstData::Load { ptr, .. } => $f(ptr),
            InstData::Store { ptr, value, .. } => {
                $f(ptr);
                $f(value)
            }
            InstData::PtrAdd { ptr, offset } => {
                $f(ptr);
                $f(offset)
            }
            InstData::Call { args, .. }
            | InstData::TexFetch { args, .. }
            | InstData::SurfRead { args, .. }
            | InstData::SurfWrite { args, .. }
            | InstData::InlineAsm { args, .. } => args.$iter().for_each($f),
            InstData::AsmOutput { asm, .. } => $f(asm),
            InstData::CallIndirect { target, args, .. } => {
                $f(target);
                args.$iter().for_each($f)
            }
            InstData::AtomicRmw { ptr, value, .. } => {
                $f(ptr);
                $f(value)
            }
            InstData::AtomicCas {
                ptr, expected, new, ..
            } => {
                $f(ptr);
                $f(expected);
                $f(new)
            }
            InstData::Shuffle {
                mask,
                value,
                lane,
                clamp,
                ..
            } => {
                $f(mask);
                $f(value);
                $f(lane);
                $f(clamp)
            }
            InstData::Vote { mask, pred, .. } => {
                $f(mask);
                $f(pred)
            }
            InstData::Jump { dest } => dest.args.$iter().for_each($f),
            InstData::Branch {
                cond,
                then_dest,
                else_dest,
            } => {
                $f(cond);
                then_dest.args.$iter().for_each(&mut *$f);
                else_dest.args.$iter().for_each($f)
            }
            InstData::Switch {
                arg,
                cases,
                default,
            } => {
                $f(arg);
                for (_, c) in cases {
                    c.args.$iter().for_each(&mut *$f);
                }
                default.args.$iter().for_each($f)
            }
            InstData::Return { value } => value.$iter().for_each($f),
        }
    };
}

impl InstData {
    pub fn opcode(&self) -> Opcode {
        match self {
            InstData::IConst { .. } => Opcode::IConst,
            InstData::FConst { .. } => Opcode::FConst,
            InstData::Unary { .. } => Opcode::Unary,
            InstData::Binary { .. } => Opcode::Binary,
            InstData::Fma { .. } => Opcode::Fma,
            InstData::ICmp { .. } => Opcode::ICmp,
            InstData::FCmp { .. } => Opcode::FCmp,
            InstData::Select { .. } => Opcode::Select,
            InstData::Cast { .. } => Opcode::Cast,
            InstData::Load { .. } => Opcode::Load,
            InstData::Store { .. } => Opcode::Store,
            InstData::PtrAdd { .. } => Opcode::PtrAdd,
            InstData::StackAddr { .. } => Opcode::StackAddr,
            InstData::GlobalAddr { .. } => Opcode::GlobalAddr,
            InstData::Call { .. } => Opcode::Call,
            InstData::FuncAddr { .. } => Opcode::FuncAddr,
            InstData::CallIndirect { .. } => Opcode::CallIndirect,
            InstData::SpecialReg { .. } => Opcode::SpecialReg,
            InstData::Barrier => Opcode::Barrier,
            InstData::WarpSync { .. } => Opcode::WarpSync,
            InstData::ActiveMask => Opcode::ActiveMask,
            InstData::Fence { .. } => Opcode::Fence,
            InstData::AtomicRmw { .. } => Opcode::AtomicRmw,
            InstData::AtomicCas { .. } => Opcode::AtomicCas,
            InstData::Shuffle { .. } => Opcode::Shuffle,
            InstData::Vote { .. } => Opcode::Vote,
            InstData::TexFetch { .. } => Opcode::TexFetch,
            InstData::SurfRead { .. } => Opcode::SurfRead,
            InstData::SurfWrite { .. } => Opcode::SurfWrite,
            InstData::InlineAsm { asm, .. } if asm.pinned() => Opcode::InlineAsmVolatile,
            InstData::InlineAsm { .. } => Opcode::InlineAsm,
            InstData::AsmOutput { .. } => Opcode::AsmOutput,
            InstData::Jump { .. } => Opcode::Jump,
            InstData::Branch { .. } => Opcode::Branch,
            InstData::Switch { .. } => Opcode::Switch,
            InstData::Return { .. } => Opcode::Return,
            InstData::Unreachable => Opcode::Unreachable,
        }
    }

    pub fn info(&self) -> OpInfo {
        self.opcode().info()
    }

    pub fn is_terminator(&self) -> bool {
        self.info().terminator
    }

    /// Calls `f` on every value operand, block arguments included, in a fixed order.
    pub fn for_each_arg(&self, mut f: impl FnMut(Value)) {
        let mut g = |v: &Value| f(*v);
        self.visit_args(&mut g);
    }

    fn visit_args(&self, f: &mut dyn FnMut(&Value)) {
        visit_operands!(self, f, iter)
    }

    /// Replaces every value operand (block arguments included) by `f(operand)`.
    pub fn map_args(&mut self, mut f: impl FnMut(Value) -> Value) {
        let mut g = |v: &mut Value| *v = f(*v);
        self.visit_args_mut(&mut g);
    }

    fn visit_args_mut(&mut self, f: &mut dyn FnMut(&mut Value)) {
        visit_operands!(self, f, iter_mut)
    }

    /// The successor targets of a terminator (empty for other instructions).
    pub fn successors(&self) -> Vec<&BlockCall> {
        match self {
            InstData::Jump { dest } => vec![dest],
            InstData::Branch {
                then_dest,
                else_dest,
                ..
            } => vec![then_dest, else_dest],
            InstData::Switch { cases, default, .. } => {
                let mut v: Vec<&BlockCall> = cases.iter().map(|(_, c)| c).collect();
                v.push(default);
                v
            }
            _ => Vec::new(),
        }
    }

    /// Mutable access to the successor targets of a terminator.
    pub fn successors_mut(&mut self) -> Vec<&mut BlockCall> {
        match self {
            InstData::Jump { dest } => vec![dest],
            InstData::Branch {
                then_dest,
                else_dest,
                ..
            } => vec![then_dest, else_dest],
            InstData::Switch { cases, default, .. } => {
                let mut v: Vec<&mut BlockCall> = cases.iter_mut().map(|(_, c)| c).collect();
                v.push(default);
                v
            }
            _ => Vec::new(),
        }
    }
}

/// An instruction in a function: its data and the value it defines, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct InstNode {
    pub data: InstData,
    pub result: Option<Value>,
}

/// All instructions of a function (including ones no longer in the layout).
pub type InstMap = EntityMap<crate::Inst, InstNode>;
