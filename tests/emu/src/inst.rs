//! The pre-decoded instruction form the interpreter executes: opcodes with their types and
//! modifiers resolved, operands as register indices (relative to the function's frame) or
//! immediates, branch targets as instruction indices.

/// A value type of PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    B8,
    B16,
    B32,
    B64,
    B128,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    BF16x2,
    F32,
    F64,
    Pred,
}

impl Ty {
    pub fn parse(s: &str) -> Option<Ty> {
        Some(match s {
            "b8" => Ty::B8,
            "b16" => Ty::B16,
            "b32" => Ty::B32,
            "b64" => Ty::B64,
            "b128" => Ty::B128,
            "u8" => Ty::U8,
            "u16" => Ty::U16,
            "u32" => Ty::U32,
            "u64" => Ty::U64,
            "s8" => Ty::S8,
            "s16" => Ty::S16,
            "s32" => Ty::S32,
            "s64" => Ty::S64,
            "f16" => Ty::F16,
            "f16x2" => Ty::F16x2,
            "bf16" => Ty::BF16,
            "bf16x2" => Ty::BF16x2,
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            "pred" => Ty::Pred,
            _ => return None,
        })
    }
    pub fn bits(self) -> u32 {
        match self {
            Ty::B8 | Ty::U8 | Ty::S8 => 8,
            Ty::B16 | Ty::U16 | Ty::S16 | Ty::F16 | Ty::BF16 => 16,
            Ty::B32 | Ty::U32 | Ty::S32 | Ty::F32 | Ty::F16x2 | Ty::BF16x2 => 32,
            Ty::B64 | Ty::U64 | Ty::S64 | Ty::F64 => 64,
            Ty::B128 => 128,
            Ty::Pred => 1,
        }
    }
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }
    pub fn is_signed(self) -> bool {
        matches!(self, Ty::S8 | Ty::S16 | Ty::S32 | Ty::S64)
    }
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Ty::F16 | Ty::F16x2 | Ty::BF16 | Ty::BF16x2 | Ty::F32 | Ty::F64
        )
    }
}

/// Rounding modes of float results (`.rn .rz .rm .rp`) and of float-to-integer rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rnd {
    #[default]
    Rn,
    Rz,
    Rm,
    Rp,
    /// `.rna` (ties away from zero, cvt to f16x2/tf32 only): treated like `.rn` elsewhere.
    Rna,
}

/// Float modifiers carried by float instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FMod {
    pub rnd: Rnd,
    pub ftz: bool,
    pub sat: bool,
    /// `.approx` / `.full` (the result is computed to within the documented bound).
    pub approx: bool,
}

/// Memory state spaces after decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Generic,
    Global,
    Shared,
    Local,
    Const,
    /// The kernel's own parameters (a launch-wide read-only buffer).
    KParam,
    /// Parameters of a `.func` frame and call-site `.param` variables.
    FParam,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoolOp {
    None,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
    Exch,
    Cas,
    Inc,
    Dec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

/// Special registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sreg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    WarpId,
    NWarpId,
    SmId,
    NSmId,
    GridId,
    LaneMaskEq,
    LaneMaskLe,
    LaneMaskLt,
    LaneMaskGe,
    LaneMaskGt,
    Clock,
    Clock64,
    GlobalTimer,
    DynSmem,
    TotalSmem,
    /// `%envregN`: 1 and 2 hold the grid barrier workspace's address (high, low) under a
    /// cooperative launch; every other one (and those outside one) reads 0.
    EnvReg(u8),
    /// `%reserved_smem_offset_begin/_end/_cap/_0/_1`: the CTA's reserved shared memory
    /// (`decode::RESERVED_SHARED` bytes after the dynamic shared memory, present only in
    /// programs that read one of these; `_1` is where CUDA 13's cooperative groups keep
    /// their multi-warp tiles' barriers on sm_80+).
    ReservedSmem(ReservedSmem),
    Zero,
}

/// Which `%reserved_smem_*` register (see `Sreg::ReservedSmem`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReservedSmem {
    Begin,
    End,
    Cap,
    Offset(u8),
}

/// Integer and bitwise operations evaluated by `alu::int_op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    MulLo,
    MulHi,
    MulWide,
    MadLo,
    MadHi,
    MadWide,
    Mul24Lo,
    Mul24Hi,
    Mad24Lo,
    Div,
    Rem,
    Min,
    Max,
    Abs,
    Neg,
    And,
    Or,
    Xor,
    Not,
    Cnot,
    Shl,
    Shr,
    Popc,
    Clz,
    Brev,
    Bfind,
    BfindShift,
    Bfe,
    /// `fns.b32 d, mask, base, offset`: the position of the offset-th set bit of `mask`
    /// counted from `base` (upward for a positive offset, downward for a negative one).
    Fns,
    Bfi,
    Sad,
    AddSat,
    SubSat,
    /// `add.cc` and friends: carry in/out through the thread's CC register.
    AddCc,
    AddC,
    AddCCc,
    SubCc,
    SubC,
    SubCCc,
    MadLoCc,
    MadHiCc,
    MadCLo,
    MadCHi,
    Dp4a(bool, bool),
    Dp2aLo(bool, bool),
    Dp2aHi(bool, bool),
    /// `bmsk.clamp/.wrap.b32`: a mask of `b` bits from bit `a` (`true` = wrap).
    Bmsk(bool),
    /// `szext.clamp/.wrap.{s32,u32}`: extends the low `b` bits of `a` (`true` = wrap).
    Szext(bool),
    /// The SIMD video instructions `vop2`/`vop4` (`lanes` 2 or 4) without lane masks or
    /// selectors (`alu::video`).
    Video(Video),
}

/// The operation and form of a SIMD video instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Video {
    pub op: VideoOp,
    pub lanes: u8,
    /// Signedness of the result, `a` and `b` lanes.
    pub sd: bool,
    pub sa: bool,
    pub sb: bool,
    pub sat: bool,
    /// `.add`: the lane results are summed into `c` instead of packed.
    pub add: bool,
    /// `.relu` (`min`/`max` on `.s16x2`): a negative lane result becomes 0.
    pub relu: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VideoOp {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
}

/// Float operations evaluated by `alu::float_op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Fma,
    Div,
    Min,
    Max,
    MinNan,
    MaxNan,
    Abs,
    Neg,
    Sqrt,
    Rsqrt,
    Rcp,
    Sin,
    Cos,
    Lg2,
    Ex2,
    Tanh,
    Copysign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrmtMode {
    Default,
    F4e,
    B4e,
    Rc8,
    Ecl,
    Ecr,
    Rc16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarKind {
    Sync,
    Arrive,
    RedPopc,
    RedAnd,
    RedOr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Nop,
    Mov,
    /// Reads a special register into `d[0]`.
    Sreg(Sreg),
    /// `d[0] = frame local base + off`: the address of a `.local` variable.
    LocalAddr,
    /// `d[0] = frame param base + off`: the address of a frame `.param` variable.
    FParamAddr,
    /// Packs `n` sources of `bits` each into `d[0]`.
    Pack {
        n: u8,
        bits: u8,
    },
    /// Unpacks `s[0]` into `n` destinations of `bits` each.
    Unpack {
        n: u8,
        bits: u8,
    },
    Int(IntOp, Ty),
    Float(FloatOp, Ty, FMod),
    /// `shf.l/.r` with `.wrap` (true) or `.clamp`.
    Shf {
        left: bool,
        wrap: bool,
    },
    Prmt(PrmtMode),
    /// `lop3.b32 d, a, b, c, lut`.
    Lop3,
    Setp {
        cmp: Cmp,
        bop: BoolOp,
        ty: Ty,
        ftz: bool,
    },
    /// `set.cmp.dtype.stype`: all ones (or 1.0f) on true.
    Set {
        cmp: Cmp,
        bop: BoolOp,
        dty: Ty,
        ty: Ty,
        ftz: bool,
    },
    Selp,
    /// `slct.dtype.stype`: `d = c >= 0 ? a : b`.
    Slct {
        cty: Ty,
        ftz: bool,
    },
    Testp {
        finite: bool,
        infinite: bool,
        number: bool,
        notanumber: bool,
        normal: bool,
        subnormal: bool,
        ty: Ty,
    },
    Cvt {
        dty: Ty,
        sty: Ty,
        rnd: Rnd,
        irnd: Option<Rnd>,
        sat: bool,
        ftz: bool,
        relu: bool,
    },
    /// `cvta.space` (to generic) or `cvta.to.space` (from generic).
    Cvta {
        to: bool,
        space: Space,
    },
    /// `isspacep.space`.
    IsSpace(Space),
    /// Load of `n` elements of `ty`, address `[s[0] + off]`.
    Ld {
        space: Space,
        ty: Ty,
        n: u8,
    },
    /// Store of `n` elements from `s[1..]`, address `[s[0] + off]`.
    St {
        space: Space,
        ty: Ty,
        n: u8,
    },
    /// `atom` (with a destination) and `red` (`has_dst` false); address `[s[0] + off]`, operands `s[1]`, `s[2]`.
    /// With `n` > 1 (`.v2`/`.v4`), element k's operand is register `aux + k` and its old
    /// value goes to `d[k]`; the elements are updated as one atomic access.
    Atom {
        space: Space,
        op: AtomOp,
        ty: Ty,
        has_dst: bool,
        n: u8,
    },
    /// Unconditional jump to `aux`; `uni` makes no difference here.
    Bra,
    /// Call of function `aux` with the arguments/returns recorded in the program's call table at `off`.
    Call,
    /// Call through the function address in `s[0]`; call site `aux` (callee `INDIRECT_CALLEE`)
    /// has the prototype's parameter layout.
    CallIndirect,
    /// Direct call of a function without a body (other than `vprintf`/`__assertfail`): an
    /// error when executed.
    CallMissing,
    Ret,
    Exit,
    Trap,
    /// `bar.sync a{, b}`: `s[0]` barrier id, `s[1]` thread count (or `None`).
    Bar {
        kind: BarKind,
        has_count: bool,
    },
    BarWarpSync,
    Shfl(ShflMode),
    Vote(VoteMode),
    Activemask,
    /// `elect.sync d|p, mask`: the lowest lane of the mask is elected.
    Elect,
    MatchAny(Ty),
    MatchAll(Ty),
    Redux(AtomOp, Ty),
    /// `__assertfail` / `vprintf` calls: handled by the interpreter directly.
    Vprintf,
    /// `malloc` / `free` calls: the device heap (`heap.rs`).
    Malloc,
    Free,
    /// `cp.async` to shared memory: copies `s[2]` bytes from global `s[1]` to shared `s[0]`,
    /// zero-filling past `s[3]` source bytes.
    CpAsync,
    /// `mbarrier.*` and `cp.async.mbarrier.arrive` (`mbarrier.rs`): object address in
    /// `s[0]` + `off`, count/token/parity in `s[1]`.
    Mbar {
        op: crate::mbarrier::MbarOp,
        space: Space,
    },
    AssertFail,
    /// `wmma.load/store/mma` (`wmma.rs`).
    Wmma(crate::wmma::WmmaSpec),
    /// `cvt.rna.tf32.f32`.
    CvtTf32,
    /// The fp8 `cvt` forms (`fp8.rs`): `kind` 0 from two f32, 1 from f16x2, 2 to f16x2.
    CvtFp8 {
        kind: u8,
        e5m2: bool,
        relu: bool,
    },
    /// `tex`/`tld4`: results in `d`, handle in `s[0]`, coordinates in registers from `off`
    /// (see `tex_ops.rs`).
    Tex(crate::tex_ops::TexSpec),
    /// `suld.b`: components in `d`, handle in `s[0]`, coordinates in registers from `off`.
    Suld(crate::tex_ops::SurfSpec),
    /// `sust.b`: handle in `s[0]`, coordinates then values in registers from `off`.
    Sust(crate::tex_ops::SurfSpec),
    /// `txq`/`suq`: one attribute of the image whose handle is `s[0]`, into `d[0]`.
    ImageQuery(crate::tex_ops::Query),
}

/// An instruction source: a frame-relative register or an immediate (already in register form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Reg(u32),
    Imm(u64),
}

/// Destination index meaning "no register".
pub const NO_REG: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct Inst {
    pub op: Op,
    /// `0` for an unguarded instruction, else `(reg + 1) << 1 | negated`.
    pub guard: u32,
    pub d: [u32; 4],
    pub s: [Src; 4],
    /// Address offset of memory operands, or a small constant (call table index, target pc).
    pub off: i64,
    pub aux: u32,
    /// Source line in the PTX text, for error messages.
    pub line: u32,
    /// `s` as frame slots: immediates live in constant slots after the function's registers
    /// (filled when the frame is created), so execution reads every source without a branch.
    pub r: [u32; 4],
}

/// Argument marshalling of one `call`: copies between the caller's and callee's param blocks.
#[derive(Clone, Debug, Default)]
pub struct CallSite {
    /// The function called, or `INDIRECT_CALLEE` for calls through a register.
    pub callee: u32,
    /// (caller frame-param offset or register, callee param offset, size in bytes).
    pub args: Vec<(CallArg, u32, u32)>,
    /// (caller destination, callee return offset, size).
    pub rets: Vec<(CallArg, u32, u32)>,
}

/// `CallSite::callee` of an indirect call: the callee is known only when the call runs.
pub const INDIRECT_CALLEE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub enum CallArg {
    /// A caller `.param` variable at this frame-param offset.
    Param(u32),
    Reg(u32),
    Imm(u64),
}
