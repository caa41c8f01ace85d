//! Machine IR: PTX instructions as data, before and after register assignment.
//!
//! An instruction is an opcode plus modifiers plus types (`cvt` `.rzi` `.s32.f32`), with
//! separate lists of defined and used operands so that liveness and register assignment can
//! see data flow without knowing each opcode. Registers are virtual (`VReg`), each with a
//! register class (`%p %rs %r %rd %f %fd`); the register assigner maps them onto a compact
//! set of PTX registers per class. The call sequence is one pseudo-instruction because PTX
//! wraps it in its own scope (`{ // callseq … }`) with `.param` declarations inside.

use std::fmt;

/// A PTX register class, one `.reg` declaration line each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegClass {
    /// `.pred %p`
    Pred,
    /// `.b16 %rs` (i8, i16, f16, bf16)
    B16,
    /// `.b32 %r`
    B32,
    /// `.b64 %rd` (i64 and pointers)
    B64,
    /// `.f32 %f`
    F32,
    /// `.f64 %fd`
    F64,
}

impl RegClass {
    /// All classes in nvcc 13's declaration order.
    pub const DECL_ORDER: [RegClass; 6] = [
        RegClass::Pred,
        RegClass::B16,
        RegClass::F32,
        RegClass::B32,
        RegClass::F64,
        RegClass::B64,
    ];
    /// The register name prefix.
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "%p",
            RegClass::B16 => "%rs",
            RegClass::B32 => "%r",
            RegClass::B64 => "%rd",
            RegClass::F32 => "%f",
            RegClass::F64 => "%fd",
        }
    }
    /// The `.reg` declaration type.
    pub fn decl_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 => ".b32",
            RegClass::B64 => ".b64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
        }
    }
    /// A dense index for per-class tables.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The `mov` type nvcc uses for copies in the class (`mov.u32`, `mov.f32`).
    pub fn mov_type(self) -> PtxType {
        match self {
            RegClass::Pred => PtxType::Pred,
            RegClass::B16 => PtxType::U16,
            RegClass::B32 => PtxType::U32,
            RegClass::B64 => PtxType::U64,
            RegClass::F32 => PtxType::F32,
            RegClass::F64 => PtxType::F64,
        }
    }
}

/// A virtual register: an index into `MFunction::vregs`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

impl VReg {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A PTX instruction type suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PtxType {
    Pred,
    B8,
    B16,
    B32,
    B64,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    Bf16,
    F32,
    F64,
}

impl PtxType {
    pub fn as_str(self) -> &'static str {
        match self {
            PtxType::Pred => "pred",
            PtxType::B8 => "b8",
            PtxType::B16 => "b16",
            PtxType::B32 => "b32",
            PtxType::B64 => "b64",
            PtxType::U8 => "u8",
            PtxType::U16 => "u16",
            PtxType::U32 => "u32",
            PtxType::U64 => "u64",
            PtxType::S8 => "s8",
            PtxType::S16 => "s16",
            PtxType::S32 => "s32",
            PtxType::S64 => "s64",
            PtxType::F16 => "f16",
            PtxType::Bf16 => "bf16",
            PtxType::F32 => "f32",
            PtxType::F64 => "f64",
        }
    }
}

/// The mnemonic of an instruction (the part before the first dot).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opc {
    Mov,
    Add,
    Sub,
    Mul,
    Mad,
    Fma,
    Div,
    Rem,
    Neg,
    Abs,
    Min,
    Max,
    Sqrt,
    Rsqrt,
    Rcp,
    Ex2,
    Lg2,
    Sin,
    Cos,
    And,
    Or,
    Xor,
    Not,
    Shl,
    Shr,
    Popc,
    Clz,
    Brev,
    Copysign,
    Setp,
    Selp,
    Cvt,
    Cvta,
    Ld,
    St,
    Atom,
    Red,
    Shfl,
    Vote,
    Bar,
    ActiveMask,
    Membar,
    Bra,
    Ret,
    Trap,
    Tex,
    Tld4,
    Suld,
    Sust,
}

impl Opc {
    pub fn as_str(self) -> &'static str {
        match self {
            Opc::Mov => "mov",
            Opc::Add => "add",
            Opc::Sub => "sub",
            Opc::Mul => "mul",
            Opc::Mad => "mad",
            Opc::Fma => "fma",
            Opc::Div => "div",
            Opc::Rem => "rem",
            Opc::Neg => "neg",
            Opc::Abs => "abs",
            Opc::Min => "min",
            Opc::Max => "max",
            Opc::Sqrt => "sqrt",
            Opc::Rsqrt => "rsqrt",
            Opc::Rcp => "rcp",
            Opc::Ex2 => "ex2",
            Opc::Lg2 => "lg2",
            Opc::Sin => "sin",
            Opc::Cos => "cos",
            Opc::And => "and",
            Opc::Or => "or",
            Opc::Xor => "xor",
            Opc::Not => "not",
            Opc::Shl => "shl",
            Opc::Shr => "shr",
            Opc::Popc => "popc",
            Opc::Clz => "clz",
            Opc::Brev => "brev",
            Opc::Copysign => "copysign",
            Opc::Setp => "setp",
            Opc::Selp => "selp",
            Opc::Cvt => "cvt",
            Opc::Cvta => "cvta",
            Opc::Ld => "ld",
            Opc::St => "st",
            Opc::Atom => "atom",
            Opc::Red => "red",
            Opc::Shfl => "shfl",
            Opc::Vote => "vote",
            Opc::Bar => "bar",
            Opc::ActiveMask => "activemask",
            Opc::Membar => "membar",
            Opc::Bra => "bra",
            Opc::Ret => "ret",
            Opc::Trap => "trap",
            Opc::Tex => "tex",
            Opc::Tld4 => "tld4",
            Opc::Suld => "suld",
            Opc::Sust => "sust",
        }
    }
}

/// A PTX state space as an instruction modifier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Global,
    Shared,
    Const,
    Local,
    Param,
}

impl Space {
    pub fn as_str(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Const => "const",
            Space::Local => "local",
            Space::Param => "param",
        }
    }
}

/// Comparison operators of `setp`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Lo,
    Ls,
    Hi,
    Hs,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

impl CmpOp {
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "eq",
            CmpOp::Ne => "ne",
            CmpOp::Lt => "lt",
            CmpOp::Le => "le",
            CmpOp::Gt => "gt",
            CmpOp::Ge => "ge",
            CmpOp::Lo => "lo",
            CmpOp::Ls => "ls",
            CmpOp::Hi => "hi",
            CmpOp::Hs => "hs",
            CmpOp::Equ => "equ",
            CmpOp::Neu => "neu",
            CmpOp::Ltu => "ltu",
            CmpOp::Leu => "leu",
            CmpOp::Gtu => "gtu",
            CmpOp::Geu => "geu",
            CmpOp::Num => "num",
            CmpOp::Nan => "nan",
        }
    }

    /// The condition that is true exactly when `self` is false (NaN-aware for floats).
    pub fn inverse(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Lo => CmpOp::Hs,
            CmpOp::Ls => CmpOp::Hi,
            CmpOp::Hi => CmpOp::Ls,
            CmpOp::Hs => CmpOp::Lo,
            CmpOp::Equ => CmpOp::Ne,
            CmpOp::Neu => CmpOp::Eq,
            CmpOp::Ltu => CmpOp::Ge,
            CmpOp::Leu => CmpOp::Gt,
            CmpOp::Gtu => CmpOp::Le,
            CmpOp::Geu => CmpOp::Lt,
            CmpOp::Num => CmpOp::Nan,
            CmpOp::Nan => CmpOp::Num,
        }
    }

    /// The float inverse: ordered and unordered swap (`lt` ↔ `geu`).
    pub fn float_inverse(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Neu,
            CmpOp::Ne => CmpOp::Equ,
            CmpOp::Lt => CmpOp::Geu,
            CmpOp::Le => CmpOp::Gtu,
            CmpOp::Gt => CmpOp::Leu,
            CmpOp::Ge => CmpOp::Ltu,
            CmpOp::Equ => CmpOp::Ne,
            CmpOp::Neu => CmpOp::Eq,
            CmpOp::Ltu => CmpOp::Ge,
            CmpOp::Leu => CmpOp::Gt,
            CmpOp::Gtu => CmpOp::Le,
            CmpOp::Geu => CmpOp::Lt,
            other => other.inverse(),
        }
    }
}

/// An instruction modifier, printed as `.name` between the mnemonic and the types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mod {
    Lo,
    Hi,
    Wide,
    Rn,
    Rz,
    Rm,
    Rp,
    Rni,
    Rzi,
    Rmi,
    Rpi,
    Ftz,
    Sat,
    Approx,
    Full,
    Uni,
    Sync,
    To,
    Volatile,
    /// `ld.global.nc`: through the non-coherent read-only cache.
    Nc,
    Space(Space),
    Cmp(CmpOp),
    /// Memory scope of an atomic (`.cta`, `.sys`; `.gpu` is the default and not printed).
    Cta,
    Sys,
    Gl,
    /// An operation word (`add`, `cas`, `idx`, `ballot`, …).
    Word(&'static str),
}

impl fmt::Display for Mod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Mod::Lo => "lo",
            Mod::Hi => "hi",
            Mod::Wide => "wide",
            Mod::Rn => "rn",
            Mod::Rz => "rz",
            Mod::Rm => "rm",
            Mod::Rp => "rp",
            Mod::Rni => "rni",
            Mod::Rzi => "rzi",
            Mod::Rmi => "rmi",
            Mod::Rpi => "rpi",
            Mod::Ftz => "ftz",
            Mod::Sat => "sat",
            Mod::Approx => "approx",
            Mod::Full => "full",
            Mod::Uni => "uni",
            Mod::Sync => "sync",
            Mod::To => "to",
            Mod::Volatile => "volatile",
            Mod::Nc => "nc",
            Mod::Space(s) => s.as_str(),
            Mod::Cmp(c) => c.as_str(),
            Mod::Cta => "cta",
            Mod::Sys => "sys",
            Mod::Gl => "gl",
            Mod::Word(w) => w,
        };
        f.write_str(s)
    }
}

/// How an instruction's operands are grouped in the text. Texture and surface instructions
/// put their results and coordinates in braces and their handle in brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `d, a, b`.
    Flat,
    /// `{d…}, [h, {c…}]`, then a level (`, %f`) or two braced gradients of `grad` elements;
    /// `suffix` is printed after the types (`suld.b.2d.b32.trap`).
    Fetch {
        coords: u8,
        level: bool,
        grad: u8,
        suffix: Option<&'static str>,
    },
    /// `[h, {c…}], {v…}` (`sust.b.2d.b32.trap`).
    Store { coords: u8, suffix: &'static str },
    /// A scalar `ld`/`st` printed as `Flat`, carrying the IR's alignment of its address for
    /// `vectorize.rs`.
    Access { align: u32 },
    /// A vector access: `{d…}, [a]` (load) or `[a], {v…}` (store).
    Vector { store: bool },
}

/// The opcode part of an instruction: mnemonic, modifiers, types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    pub opc: Opc,
    pub mods: Vec<Mod>,
    pub types: Vec<PtxType>,
    pub shape: Shape,
}

impl Op {
    pub fn new(opc: Opc, mods: &[Mod], types: &[PtxType]) -> Op {
        Op {
            opc,
            mods: mods.to_vec(),
            types: types.to_vec(),
            shape: Shape::Flat,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.opc.as_str())?;
        for m in &self.mods {
            write!(f, ".{m}")?;
        }
        for t in &self.types {
            write!(f, ".{}", t.as_str())?;
        }
        match self.shape {
            Shape::Fetch {
                suffix: Some(s), ..
            }
            | Shape::Store { suffix: s, .. } => write!(f, ".{s}"),
            _ => Ok(()),
        }
    }
}

/// The base of an address operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddrBase {
    Reg(VReg),
    /// A symbol: a global variable or a `.param` name.
    Sym(String),
    /// The local stack pointer `%SPL` (frame slots).
    StackLocal,
}

/// `[base+offset]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addr {
    pub base: AddrBase,
    pub offset: i64,
}

/// An MIR block index into `MFunction::blocks`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MBlockId(pub u32);

impl MBlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An instruction operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Reg(VReg),
    /// An integer immediate, printed in decimal as a signed value.
    Imm(i64),
    /// An `f32` immediate by bits (`0f3F800000`).
    F32(u32),
    /// An `f64` immediate by bits (`0d3FF0000000000000`).
    F64(u64),
    Addr(Addr),
    Label(MBlockId),
    /// A symbol used as a value (`mov.u64 %rd1, w;`).
    Sym(String),
    /// A special register or constant (`%tid.x`, `WARP_SZ`).
    Special(&'static str),
}

impl Operand {
    /// The register the operand reads, including an address base.
    pub fn reg(&self) -> Option<VReg> {
        match self {
            Operand::Reg(r) => Some(*r),
            Operand::Addr(Addr {
                base: AddrBase::Reg(r),
                ..
            }) => Some(*r),
            _ => None,
        }
    }
    pub fn reg_mut(&mut self) -> Option<&mut VReg> {
        match self {
            Operand::Reg(r) => Some(r),
            Operand::Addr(Addr {
                base: AddrBase::Reg(r),
                ..
            }) => Some(r),
            _ => None,
        }
    }
}

/// How a `.param` of a call is declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamDecl {
    /// `.param .b32 name` / `.param .b64 name`.
    Scalar(PtxType),
    /// `.param .align A .b8 name[N]`.
    Bytes { align: u32, size: u32 },
}

/// One argument of a call: its declaration and the stores that fill it.
#[derive(Clone, Debug, PartialEq)]
pub struct CallArg {
    pub decl: ParamDecl,
    /// `(offset, type, value)` for each `st.param`.
    pub stores: Vec<(u32, PtxType, Operand)>,
}

/// A complete call sequence (`{ // callseq N … }`).
#[derive(Clone, Debug, PartialEq)]
pub struct CallSeq {
    /// The function called by name (direct calls).
    pub callee: String,
    /// The register holding the callee's address, for indirect calls (then `callee` is
    /// unused and the call names a `.callprototype` built from the parameters).
    pub target: Option<VReg>,
    pub args: Vec<CallArg>,
    /// The return parameter and the `ld.param` that reads it.
    pub ret: Option<(ParamDecl, PtxType, VReg)>,
}

/// What an instruction does.
#[derive(Clone, Debug, PartialEq)]
pub enum MInstKind {
    /// `op defs…, uses…` (stores list no defs; their operands are all uses).
    Op {
        op: Op,
        defs: Vec<Operand>,
        uses: Vec<Operand>,
    },
    /// A call with its parameter traffic.
    Call(CallSeq),
    /// A directive inside the body, e.g. `.pragma "nounroll";` at a loop header.
    Pragma(&'static str),
    /// Inline PTX: `%N` in the template names `defs ++ uses`; `tied` are the registers of
    /// `+` outputs, read as well as written (their initial value was moved in before).
    /// Inputs stay live through the statement (`liveness.rs`), so no output shares a
    /// register with an input: a template may write an output before it reads the inputs,
    /// which nvcc's PTX (one register per value) allows.
    Asm {
        asm: Box<oxicc_ir::AsmBlock>,
        defs: Vec<VReg>,
        uses: Vec<Operand>,
        tied: Vec<VReg>,
    },
}

/// A machine instruction with an optional guard predicate (`@%p1` / `@!%p1`).
#[derive(Clone, Debug, PartialEq)]
pub struct MInst {
    pub guard: Option<(VReg, bool)>,
    pub kind: MInstKind,
    /// `-lineinfo`: set on the first instruction of a run from one source position, which
    /// the PTX precedes with `.loc` (a field rather than a marker instruction, so the
    /// peephole patterns see the same instructions with and without line information).
    pub loc: oxicc_ir::Loc,
}

impl MInst {
    pub fn op(op: Op, defs: Vec<Operand>, uses: Vec<Operand>) -> MInst {
        MInst {
            guard: None,
            kind: MInstKind::Op { op, defs, uses },
            loc: oxicc_ir::Loc::NONE,
        }
    }

    /// A register-to-register (or immediate-to-register) move.
    pub fn mov(class: RegClass, dst: VReg, src: Operand) -> MInst {
        MInst::op(
            Op::new(Opc::Mov, &[], &[class.mov_type()]),
            vec![Operand::Reg(dst)],
            vec![src],
        )
    }

    /// The `(dst, src)` of a plain register copy.
    pub fn as_copy(&self) -> Option<(VReg, VReg)> {
        match &self.kind {
            MInstKind::Op { op, defs, uses }
                if op.opc == Opc::Mov && self.guard.is_none() && defs.len() == 1 =>
            {
                match (&defs[0], &uses[0]) {
                    (Operand::Reg(d), Operand::Reg(s)) => Some((*d, *s)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Registers written.
    pub fn defs(&self) -> Vec<VReg> {
        match &self.kind {
            MInstKind::Op { defs, .. } => defs.iter().filter_map(|o| o.reg()).collect(),
            MInstKind::Call(c) => c.ret.iter().map(|r| r.2).collect(),
            MInstKind::Pragma(_) => Vec::new(),
            MInstKind::Asm { defs, .. } => defs.clone(),
        }
    }

    /// Registers read (address bases and the guard included).
    pub fn uses(&self) -> Vec<VReg> {
        let mut v: Vec<VReg> = self.guard.iter().map(|g| g.0).collect();
        match &self.kind {
            MInstKind::Op { uses, .. } => v.extend(uses.iter().filter_map(|o| o.reg())),
            MInstKind::Call(c) => {
                for a in &c.args {
                    v.extend(a.stores.iter().filter_map(|s| s.2.reg()));
                }
                v.extend(c.target);
            }
            MInstKind::Pragma(_) => {}
            MInstKind::Asm { uses, tied, .. } => {
                v.extend(uses.iter().filter_map(|o| o.reg()));
                v.extend(tied.iter().copied());
            }
        }
        v
    }

    /// Applies `f` to every register, defined or used.
    pub fn map_regs(&mut self, mut f: impl FnMut(VReg) -> VReg) {
        if let Some(g) = &mut self.guard {
            g.0 = f(g.0);
        }
        match &mut self.kind {
            MInstKind::Op { defs, uses, .. } => {
                for o in defs.iter_mut().chain(uses.iter_mut()) {
                    if let Some(r) = o.reg_mut() {
                        *r = f(*r);
                    }
                }
            }
            MInstKind::Call(c) => {
                for a in &mut c.args {
                    for s in &mut a.stores {
                        if let Some(r) = s.2.reg_mut() {
                            *r = f(*r);
                        }
                    }
                }
                if let Some(r) = &mut c.ret {
                    r.2 = f(r.2);
                }
                if let Some(t) = &mut c.target {
                    *t = f(*t);
                }
            }
            MInstKind::Pragma(_) => {}
            MInstKind::Asm {
                defs, uses, tied, ..
            } => {
                for r in defs.iter_mut().chain(tied.iter_mut()) {
                    *r = f(*r);
                }
                for o in uses.iter_mut() {
                    if let Some(r) = o.reg_mut() {
                        *r = f(*r);
                    }
                }
            }
        }
    }

    /// True for inline PTX, whose inputs stay live until after its outputs are written.
    pub fn is_asm(&self) -> bool {
        matches!(self.kind, MInstKind::Asm { .. })
    }

    /// The branch target if this is a `bra`.
    pub fn branch_target(&self) -> Option<MBlockId> {
        match &self.kind {
            MInstKind::Op { op, uses, .. } if op.opc == Opc::Bra => match uses.first() {
                Some(Operand::Label(b)) => Some(*b),
                _ => None,
            },
            _ => None,
        }
    }

    /// True for instructions after which control does not fall through.
    pub fn ends_flow(&self) -> bool {
        match &self.kind {
            MInstKind::Op { op, .. } => {
                self.guard.is_none() && matches!(op.opc, Opc::Bra | Opc::Ret | Opc::Trap)
            }
            MInstKind::Call(_) | MInstKind::Pragma(_) | MInstKind::Asm { .. } => false,
        }
    }
}

/// A machine basic block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MBlock {
    pub insts: Vec<MInst>,
}

/// A machine function: blocks in layout order (the `order` vector) and virtual registers.
#[derive(Clone, Debug, Default)]
pub struct MFunction {
    pub blocks: Vec<MBlock>,
    /// Layout order of blocks; the first is the entry.
    pub order: Vec<MBlockId>,
    /// The class of each virtual register.
    pub vregs: Vec<RegClass>,
    /// The IR function's inline sites, which the instructions' positions refer to.
    pub inline_sites: Vec<oxicc_ir::InlineSite>,
}

impl MFunction {
    pub fn new_vreg(&mut self, class: RegClass) -> VReg {
        self.vregs.push(class);
        VReg(self.vregs.len() as u32 - 1)
    }
    pub fn new_block(&mut self) -> MBlockId {
        self.blocks.push(MBlock::default());
        MBlockId(self.blocks.len() as u32 - 1)
    }
    pub fn class(&self, r: VReg) -> RegClass {
        self.vregs[r.index()]
    }

    /// Successors of a block in the layout: branch targets plus the fall-through block.
    pub fn successors(&self, pos: usize) -> Vec<MBlockId> {
        let b = &self.blocks[self.order[pos].index()];
        let mut out: Vec<MBlockId> = b.insts.iter().filter_map(|i| i.branch_target()).collect();
        let falls = !matches!(b.insts.last(), Some(i) if i.ends_flow());
        if falls {
            if let Some(next) = self.order.get(pos + 1) {
                out.push(*next);
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
