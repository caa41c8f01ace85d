//! The spellings of operations, conditions and modifiers in the `.oxir` text format.
//!
//! Each table below is written once and generates both directions (`name` for the printer,
//! `from_name` for the parser), so the two can never disagree.

use crate::function::{InlineHint, Linkage};
use crate::inst::{
    AtomicOp, BinaryOp, CastOp, Dim, FloatCC, IntCC, Scope, ShuffleMode, SpecialReg, UnaryOp,
    VoteMode,
};

macro_rules! spellings {
    ($ty:ty { $($variant:ident => $name:literal),* $(,)? }) => {
        impl $ty {
            /// The spelling in the `.oxir` text format.
            pub fn name(self) -> &'static str {
                match self {
                    $(<$ty>::$variant => $name,)*
                }
            }
            /// Parses the `.oxir` spelling.
            pub fn from_name(s: &str) -> Option<Self> {
                match s {
                    $($name => Some(<$ty>::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

spellings!(UnaryOp {
    Neg => "neg", Not => "not", FNeg => "fneg", FAbs => "fabs", FSqrt => "fsqrt",
    Popc => "popc", Clz => "clz", Brev => "brev", FRint => "frint", FTrunc => "ftrunc",
    FFloor => "ffloor", FCeil => "fceil", FSqrtApprox => "fsqrt_approx",
    FRsqrtApprox => "frsqrt_approx", FRcpApprox => "frcp_approx", FEx2Approx => "fex2_approx",
    FEx2ApproxFtz => "fex2_approx_ftz", FLg2Approx => "flg2_approx",
    FSinApprox => "fsin_approx", FCosApprox => "fcos_approx",
});

spellings!(BinaryOp {
    Add => "add", Sub => "sub", Mul => "mul", SDiv => "sdiv", UDiv => "udiv",
    SRem => "srem", URem => "urem", SMulHi => "smulhi", UMulHi => "umulhi",
    And => "and", Or => "or", Xor => "xor", Shl => "shl", LShr => "lshr", AShr => "ashr",
    SMin => "smin", SMax => "smax", UMin => "umin", UMax => "umax",
    FAdd => "fadd", FSub => "fsub", FMul => "fmul", FDiv => "fdiv", FRem => "frem",
    FMin => "fmin", FMax => "fmax", FAddRn => "fadd_rn", FSubRn => "fsub_rn",
    FMulRn => "fmul_rn", FAddRz => "fadd_rz", FAddRm => "fadd_rm", FAddRp => "fadd_rp",
    FSubRz => "fsub_rz", FSubRm => "fsub_rm", FSubRp => "fsub_rp", FMulRz => "fmul_rz",
    FMulRm => "fmul_rm", FMulRp => "fmul_rp", FDivRz => "fdiv_rz", FDivRm => "fdiv_rm",
    FDivRp => "fdiv_rp", FDivApprox => "fdiv_approx", FDivFull => "fdiv_full",
    FCopysign => "fcopysign",
});

spellings!(IntCC {
    Eq => "eq", Ne => "ne", Slt => "slt", Sle => "sle", Sgt => "sgt", Sge => "sge",
    Ult => "ult", Ule => "ule", Ugt => "ugt", Uge => "uge",
});

spellings!(FloatCC {
    Oeq => "oeq", One => "one", Olt => "olt", Ole => "ole", Ogt => "ogt", Oge => "oge",
    Ord => "ord", Ueq => "ueq", Une => "une", Ult => "ult", Ule => "ule", Ugt => "ugt",
    Uge => "uge", Uno => "uno",
});

spellings!(CastOp {
    Trunc => "trunc", ZExt => "zext", SExt => "sext", FpToSi => "fptosi", FpToUi => "fptoui",
    SiToFp => "sitofp", UiToFp => "uitofp", FpExt => "fpext", FpTrunc => "fptrunc",
    Bitcast => "bitcast", PtrToInt => "ptrtoint", IntToPtr => "inttoptr",
    AddrSpaceCast => "addrspacecast",
});

spellings!(AtomicOp {
    Add => "add", FAdd => "fadd", Sub => "sub", And => "and", Or => "or", Xor => "xor",
    Exch => "exch", SMin => "smin", SMax => "smax", UMin => "umin", UMax => "umax",
    Inc => "inc", Dec => "dec",
});

spellings!(Scope { Cta => "cta", Gpu => "gpu", System => "sys" });

spellings!(ShuffleMode { Idx => "idx", Up => "up", Down => "down", Bfly => "bfly" });

spellings!(VoteMode { All => "all", Any => "any", Uni => "uni", Ballot => "ballot" });

spellings!(Dim { X => "x", Y => "y", Z => "z" });

spellings!(Linkage { External => "external", Internal => "internal", Import => "import" });

spellings!(InlineHint { Default => "default", Always => "forceinline", Never => "noinline" });

impl SpecialReg {
    /// The spelling in the text format, with its `%` (`%tid.x`, `%warpsize`, `%laneid`).
    pub fn name(self) -> String {
        let (base, dim) = match self {
            SpecialReg::Tid(d) => ("tid", d),
            SpecialReg::NTid(d) => ("ntid", d),
            SpecialReg::CtaId(d) => ("ctaid", d),
            SpecialReg::NCtaId(d) => ("nctaid", d),
            SpecialReg::WarpSize => return "%warpsize".to_string(),
            SpecialReg::LaneId => return "%laneid".to_string(),
        };
        format!("%{base}.{}", dim.name())
    }

    /// Parses the spelling produced by [`SpecialReg::name`] (with or without the `%`).
    pub fn from_name(s: &str) -> Option<SpecialReg> {
        let s = s.strip_prefix('%').unwrap_or(s);
        match s {
            "warpsize" => return Some(SpecialReg::WarpSize),
            "laneid" => return Some(SpecialReg::LaneId),
            _ => {}
        }
        let (base, dim) = s.split_once('.')?;
        let dim = Dim::from_name(dim)?;
        Some(match base {
            "tid" => SpecialReg::Tid(dim),
            "ntid" => SpecialReg::NTid(dim),
            "ctaid" => SpecialReg::CtaId(dim),
            "nctaid" => SpecialReg::NCtaId(dim),
            _ => return None,
        })
    }
}
