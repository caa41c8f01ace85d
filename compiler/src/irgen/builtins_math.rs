//! The math intrinsics that are one PTX instruction or a short fixed sequence, lowered
//! directly to IR as nvcc lowers them: the fast `__expf` family (`.approx` instructions
//! with nvcc's scale constants), `__fdividef`, `__saturatef`, `rsqrtf`, `copysign`,
//! `roundf` (nvcc's `add.rz` + `cvt.rzi`), `lrintf`, `__mul24`/`__umul24`, arithmetic
//! with an explicit rounding mode (`__fadd_rz` …), and the primitives the device math library in
//! `runtime-libs/include/oxicc_math/` is written with (`__oxicc_ex2_approx_ftz`, …; see `docs/math.md`).
//! Everything else in `<math.h>` is a C++ function of that library.

use super::expr::Operand;
use super::Lowerer;
use crate::ast::Expr;
use crate::sema::types::{FloatKind, IntKind, QualType, TypeId};
use crate::source::Span;
use oxicc_ir::{BinaryOp, Type, UnaryOp};

/// `log2(e)`, `ln 2`, `log10 2` and `log2 10` rounded to float: the scale factors of nvcc's
/// `__expf`, `__logf`, `__log10f` and `__exp10f` (bits as nvcc prints them).
const LOG2E_F: u32 = 0x3FB8_AA3B;
const LN2_F: u32 = 0x3F31_7218;
const LOG10_2_F: u32 = 0x3E9A_209B;
const LOG2_10_F: u32 = 0x4054_9A78;

/// The standard functions `--use_fast_math` replaces by their intrinsic.
pub(crate) fn fast_math_name(n: &str) -> Option<&'static str> {
    Some(match n {
        "sinf" => "__sinf",
        "cosf" => "__cosf",
        "tanf" => "__tanf",
        "expf" => "__expf",
        "exp10f" => "__exp10f",
        "logf" => "__logf",
        "log2f" => "__log2f",
        "log10f" => "__log10f",
        "powf" => "__powf",
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// Lowers a math intrinsic; `None` when `n` is not one.
    pub(super) fn math_builtin(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        // GCC's spellings of the rounding functions (`__builtin_roundf`), as nvcc accepts.
        let n = match n {
            "__builtin_roundf" | "__builtin_round" | "__builtin_lrintf" | "__builtin_lroundf" => {
                &n[10..]
            }
            _ => n,
        };
        let n = if self.opts.math.fast_math {
            fast_math_name(n).unwrap_or(n)
        } else {
            n
        };
        use BinaryOp as B;
        use UnaryOp as U;
        let f = FloatKind::Float;
        let d = FloatKind::Double;
        Some(match n {
            "__fdividef" => self.math_bin(args, span, f, |l, a, b| l.bin(B::FDivApprox, a, b)),
            "__expf" => self.math_un(args, span, f, |l, x| {
                l.scaled_then(x, LOG2E_F, U::FEx2Approx)
            }),
            "__exp10f" => self.math_un(args, span, f, |l, x| {
                l.scaled_then(x, LOG2_10_F, U::FEx2Approx)
            }),
            "__logf" => self.math_un(args, span, f, |l, x| l.then_scaled(x, U::FLg2Approx, LN2_F)),
            "__log10f" => self.math_un(args, span, f, |l, x| {
                l.then_scaled(x, U::FLg2Approx, LOG10_2_F)
            }),
            "__log2f" | "__oxicc_lg2_approx" => {
                self.math_un(args, span, f, |l, x| l.un(U::FLg2Approx, x))
            }
            "__sinf" | "__oxicc_sin_approx" => {
                self.math_un(args, span, f, |l, x| l.un(U::FSinApprox, x))
            }
            "__cosf" | "__oxicc_cos_approx" => {
                self.math_un(args, span, f, |l, x| l.un(U::FCosApprox, x))
            }
            "__tanf" => self.math_un(args, span, f, |l, x| {
                let s = l.un(U::FSinApprox, x);
                let c = l.un(U::FCosApprox, x);
                l.bin(B::FDivApprox, s, c)
            }),
            "__powf" => self.math_bin(args, span, f, |l, x, y| {
                let lg = l.un(U::FLg2Approx, x);
                let p = l.bin(B::FMul, y, lg);
                l.un(U::FEx2Approx, p)
            }),
            "__oxicc_ex2_approx" => self.math_un(args, span, f, |l, x| l.un(U::FEx2Approx, x)),
            "__oxicc_ex2_approx_ftz" => {
                self.math_un(args, span, f, |l, x| l.un(U::FEx2ApproxFtz, x))
            }
            "__oxicc_rcp_approx" => self.math_un(args, span, f, |l, x| l.un(U::FRcpApprox, x)),
            "__oxicc_rsqrt_approx" | "rsqrtf" => {
                self.math_un(args, span, f, |l, x| l.un(U::FRsqrtApprox, x))
            }
            "__oxicc_rsqrt_approx_d" => {
                self.math_un(args, span, d, |l, x| l.un(U::FRsqrtApprox, x))
            }
            // `rcp.approx.ftz.f64` (PTX has no f64 form without `.ftz`): the first guess of
            // a reciprocal that the library refines by Newton steps (atand.cuh).
            "__oxicc_rcp_approx_d" => self.math_un(args, span, d, |l, x| l.un(U::FRcpApprox, x)),
            "__saturatef" => self.math_un(args, span, f, |l, x| {
                // max(NaN, 0) is 0 in PTX, as __saturatef(NaN) must be.
                let zero = l.fconst(Type::F32, 0.0);
                let one = l.fconst(Type::F32, 1.0);
                let lo = l.bin(B::FMax, x, zero);
                l.bin(B::FMin, lo, one)
            }),
            "sqrtf" if !self.opts.math.prec_sqrt => {
                self.math_un(args, span, f, |l, x| l.un(U::FSqrtApprox, x))
            }
            "copysignf" => self.math_bin(args, span, f, |l, a, b| l.bin(B::FCopysign, a, b)),
            "copysign" => self.math_bin(args, span, d, |l, a, b| l.bin(B::FCopysign, a, b)),
            "roundf" | "__oxicc_roundf" => self.math_un(args, span, f, |l, x| l.round_half_away(x)),
            "round" => self.math_un(args, span, d, |l, x| l.round_half_away(x)),
            "lrintf" | "llrintf" | "lroundf" | "llroundf" => self.round_to_long(n, args, span, f),
            "lrint" | "llrint" | "lround" | "llround" => self.round_to_long(n, args, span, d),
            "__frcp_rn" | "__frcp_rz" | "__frcp_ru" | "__frcp_rd" => {
                let op = rounded_op(B::FDiv, &n[7..]);
                self.math_un(args, span, f, |l, x| {
                    let one = l.fconst(Type::F32, 1.0);
                    l.bin(op, one, x)
                })
            }
            "__mul24" | "__umul24" => self.mul24(n == "__mul24", args, span),
            "__drcp_rn" | "__drcp_rz" | "__drcp_ru" | "__drcp_rd" => {
                let op = rounded_op(B::FDiv, &n[7..]);
                self.math_un(args, span, d, |l, x| {
                    let one = l.fconst(Type::F64, 1.0);
                    l.bin(op, one, x)
                })
            }
            _ => {
                let (base, mode) = n.strip_prefix("__")?.split_once('_')?;
                let (op, k) = match base {
                    "fadd" => (B::FAdd, f),
                    "fsub" => (B::FSub, f),
                    "fmul" => (B::FMul, f),
                    "fdiv" => (B::FDiv, f),
                    "dadd" => (B::FAdd, d),
                    "dsub" => (B::FSub, d),
                    "dmul" => (B::FMul, d),
                    "ddiv" => (B::FDiv, d),
                    _ => return None,
                };
                if !matches!(mode, "rz" | "ru" | "rd") {
                    return None;
                }
                let op = rounded_op(op, mode);
                self.math_bin(args, span, k, |l, a, b| l.bin(op, a, b))
            }
        })
    }

    /// `__mul24`/`__umul24`: the low 32 bits of the product of the operands' low 24 bits
    /// (sign-extended for `__mul24`), which is PTX's `mul24.lo`.
    fn mul24(&mut self, signed: bool, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let t = self.int_ty(if signed { IntKind::Int } else { IntKind::UInt });
        let a = self.arg_as(args[0], t)?;
        let b = self.arg_as(args[1], t)?;
        let low24 = |l: &mut Self, v: oxicc_ir::Value| {
            if signed {
                let eight = l.iconst(Type::I32, 8);
                let up = l.bin(BinaryOp::Shl, v, eight);
                l.bin(BinaryOp::AShr, up, eight)
            } else {
                let mask = l.iconst(Type::I32, 0xff_ffff);
                l.bin(BinaryOp::And, v, mask)
            }
        };
        let a = low24(self, a);
        let b = low24(self, b);
        let r = self.bin(BinaryOp::Mul, a, b);
        Some(Operand::rv(r, QualType::new(t)))
    }

    fn float_ty(&mut self, k: FloatKind) -> TypeId {
        self.types.float(k)
    }

    fn math_un(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        k: FloatKind,
        f: impl FnOnce(&mut Self, oxicc_ir::Value) -> oxicc_ir::Value,
    ) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let ft = self.float_ty(k);
        let a = self.arg_as(args[0], ft)?;
        let r = f(self, a);
        Some(Operand::rv(r, QualType::new(ft)))
    }

    fn math_bin(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        k: FloatKind,
        f: impl FnOnce(&mut Self, oxicc_ir::Value, oxicc_ir::Value) -> oxicc_ir::Value,
    ) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let ft = self.float_ty(k);
        let a = self.arg_as(args[0], ft)?;
        let b = self.arg_as(args[1], ft)?;
        let r = f(self, a, b);
        Some(Operand::rv(r, QualType::new(ft)))
    }

    fn f32_bits(&mut self, bits: u32) -> oxicc_ir::Value {
        self.fconst(Type::F32, f32::from_bits(bits) as f64)
    }

    /// `op(x * c)`: `__expf`, `__exp10f`.
    fn scaled_then(&mut self, x: oxicc_ir::Value, c: u32, op: UnaryOp) -> oxicc_ir::Value {
        let c = self.f32_bits(c);
        let p = self.bin(BinaryOp::FMul, x, c);
        self.un(op, p)
    }

    /// `op(x) * c`: `__logf`, `__log10f`.
    fn then_scaled(&mut self, x: oxicc_ir::Value, op: UnaryOp, c: u32) -> oxicc_ir::Value {
        let r = self.un(op, x);
        let c = self.f32_bits(c);
        self.bin(BinaryOp::FMul, r, c)
    }

    /// Round half away from zero, as nvcc does it: `trunc(x +rz copysign(0.5, x))`. Adding
    /// toward zero never carries a value just below a half up to the next integer, and
    /// leaves values of 2^23 (2^52) and beyond, which are integers, unchanged.
    fn round_half_away(&mut self, x: oxicc_ir::Value) -> oxicc_ir::Value {
        let ty = self.vty(x);
        let half = self.fconst(ty, 0.5);
        let h = self.bin(BinaryOp::FCopysign, half, x);
        let s = self.bin(BinaryOp::FAddRz, x, h);
        self.un(UnaryOp::FTrunc, s)
    }

    /// `lrintf` & co.: round (to nearest even, or half away for `lround`) then convert,
    /// which is exact because the value is integral (out-of-range values saturate as
    /// PTX's `cvt` does; C leaves them undefined).
    fn round_to_long(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
        k: FloatKind,
    ) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let ft = self.float_ty(k);
        let x = self.arg_as(args[0], ft)?;
        let r = if n.contains("round") {
            self.round_half_away(x)
        } else {
            self.un(UnaryOp::FRint, x)
        };
        let ik = if n.starts_with("ll") {
            IntKind::LongLong
        } else {
            IntKind::Long
        };
        let it = self.int_ty(ik);
        let v = self.convert(r, ft, it);
        Some(Operand::rv(v, QualType::new(it)))
    }
}

/// The directed-rounding form of `op` for a CUDA rounding suffix (`rn` keeps `op` exactly
/// rounded to nearest; `ru` is toward +inf, `rd` toward -inf).
fn rounded_op(op: BinaryOp, mode: &str) -> BinaryOp {
    use BinaryOp::*;
    match (op, mode) {
        (FAdd, "rn") => FAddRn,
        (FSub, "rn") => FSubRn,
        (FMul, "rn") => FMulRn,
        (FAdd, "rz") => FAddRz,
        (FAdd, "rd") => FAddRm,
        (FAdd, "ru") => FAddRp,
        (FSub, "rz") => FSubRz,
        (FSub, "rd") => FSubRm,
        (FSub, "ru") => FSubRp,
        (FMul, "rz") => FMulRz,
        (FMul, "rd") => FMulRm,
        (FMul, "ru") => FMulRp,
        (FDiv, "rz") => FDivRz,
        (FDiv, "rd") => FDivRm,
        (FDiv, "ru") => FDivRp,
        (op, _) => op,
    }
}
