//! CUDA built-in functions and the device-library calls that map onto single IR operations:
//! barriers and fences, atomics, warp shuffles and votes, bit manipulation, `min`/`max`,
//! exact float operations (`sqrtf`, `fmaf`, rounding), bit casts, and `printf` (lowered to
//! `vprintf` with an argument buffer on the stack, as nvcc does).

use super::expr::{ConvCtx, OpKind, Operand, ValCat};
use super::Lowerer;
use crate::ast::{Expr, ExprKind};
use crate::intern::Symbol;
use crate::sema::conv::{common_int, promote, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, TypeId};
use crate::source::Span;
use oxicc_ir::{
    AsmReg, BinaryOp, CastOp, InstData, Scope, ShuffleMode, Type, UnaryOp, Value, VoteMode,
};

/// CUDA functions the IR cannot express yet. (`__syncthreads_count/_and/_or` and
/// `__nanosleep` are inline PTX in the built-in `__oxicc/sync_space.h`.)
const UNSUPPORTED: &[&str] = &["assert"];

pub(super) type Built = Option<Option<Operand>>;

impl Lowerer<'_> {
    /// Lowers a call to a built-in; `None` when `name` is not one.
    pub fn builtin_call(&mut self, name: Symbol, args: &[&Expr<'_>], span: Span) -> Built {
        let n = self.name(name);
        if let Some(r) = self.math_builtin(n, args, span) {
            return Some(r);
        }
        if n.starts_with("__oxicc_") {
            if let Some(r) = self.tex_builtin(n, args, span) {
                return Some(r);
            }
        }
        if UNSUPPORTED.contains(&n) {
            self.error(
                span,
                format!("the device function \"{n}\" is not supported yet"),
            );
            return Some(None);
        }
        Some(match n {
            "__syncthreads" => self.no_arg(args, span, |l| {
                l.ins(InstData::Barrier, None);
            }),
            "__syncwarp" => self.warp_sync(args, span),
            "__activemask" => self.active_mask(args, span),
            "clock" | "clock64" => self.clock_read(n, args, span),
            "__threadfence" => self.fence(args, span, Scope::Gpu),
            "__threadfence_block" => self.fence(args, span, Scope::Cta),
            "__threadfence_system" => self.fence(args, span, Scope::System),
            "printf" => self.printf(args, span),
            "__popc" | "__popcll" | "__clz" | "__clzll" => self.bit_count(n, args, span),
            "__brev" | "__brevll" => self.brev(n, args, span),
            "__ffs" | "__ffsll" => self.ffs(n, args, span),
            "min" | "max" | "umin" | "umax" | "llmin" | "llmax" | "ullmin" | "ullmax" => {
                self.min_max(n, args, span)
            }
            "fminf" | "fmaxf" | "fmin" | "fmax" => self.fmin_max(n, args, span),
            "abs" | "labs" | "llabs" => self.int_abs(n, args, span),
            "fabsf" | "fabs" => self.float_unary(n, args, span, UnaryOp::FAbs),
            "sqrtf" | "sqrt" | "__fsqrt_rn" | "__dsqrt_rn" => {
                self.float_unary(n, args, span, UnaryOp::FSqrt)
            }
            "floorf" | "floor" => self.float_unary(n, args, span, UnaryOp::FFloor),
            "ceilf" | "ceil" => self.float_unary(n, args, span, UnaryOp::FCeil),
            "truncf" | "trunc" => self.float_unary(n, args, span, UnaryOp::FTrunc),
            "rintf" | "rint" | "nearbyintf" | "nearbyint" => {
                self.float_unary(n, args, span, UnaryOp::FRint)
            }
            "fmaf" | "fma" | "__fmaf_rn" | "__fma_rn" => self.fma(n, args, span),
            "__fadd_rn" | "__dadd_rn" => self.float_binary(n, args, span, BinaryOp::FAddRn),
            "__fsub_rn" | "__dsub_rn" => self.float_binary(n, args, span, BinaryOp::FSubRn),
            "__fmul_rn" | "__dmul_rn" => self.float_binary(n, args, span, BinaryOp::FMulRn),
            "__fdiv_rn" | "__ddiv_rn" => self.float_binary(n, args, span, BinaryOp::FDiv),
            "__int_as_float" => self.bitcast(args, span, IntKind::Int, None),
            "__uint_as_float" => self.bitcast(args, span, IntKind::UInt, None),
            "__float_as_int" => self.bitcast(args, span, IntKind::Int, Some(FloatKind::Float)),
            "__float_as_uint" => self.bitcast(args, span, IntKind::UInt, Some(FloatKind::Float)),
            "__longlong_as_double" => self.bitcast(args, span, IntKind::LongLong, None),
            "__double_as_longlong" => {
                self.bitcast(args, span, IntKind::LongLong, Some(FloatKind::Double))
            }
            "__umulhi" => self.mul_hi(args, span, IntKind::UInt),
            "__mulhi" => self.mul_hi(args, span, IntKind::Int),
            "__umul64hi" => self.mul_hi(args, span, IntKind::ULongLong),
            "__mul64hi" => self.mul_hi(args, span, IntKind::LongLong),
            "__shfl_sync" => self.shuffle(args, span, ShuffleMode::Idx),
            "__shfl_up_sync" => self.shuffle(args, span, ShuffleMode::Up),
            "__shfl_down_sync" => self.shuffle(args, span, ShuffleMode::Down),
            "__shfl_xor_sync" => self.shuffle(args, span, ShuffleMode::Bfly),
            "__ballot_sync" => self.vote(args, span, VoteMode::Ballot),
            "__all_sync" => self.vote(args, span, VoteMode::All),
            "__any_sync" => self.vote(args, span, VoteMode::Any),
            "__uni_sync" => self.vote(args, span, VoteMode::Uni),
            _ if ieee_constant_bits(n).is_some() => self.ieee_constant(n),
            _ => {
                if let Some(r) = self.conv_builtin(n, args, span) {
                    return Some(r);
                }
                return self.atomic(n, args, span);
            }
        })
    }

    pub(super) fn argc(&mut self, args: &[&Expr<'_>], want: usize, span: Span) -> bool {
        if args.len() < want {
            self.error(span, "too few arguments in function call");
            false
        } else if args.len() > want {
            self.error(span, "too many arguments in function call");
            false
        } else {
            true
        }
    }

    pub(super) fn void_result(&mut self) -> Option<Operand> {
        Some(Operand {
            ty: QualType::new(self.types.void()),
            kind: OpKind::Void,
            npc: false,
            cat: ValCat::LValue,
        })
    }

    fn no_arg(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        f: impl FnOnce(&mut Self),
    ) -> Option<Operand> {
        if !self.argc(args, 0, span) {
            return None;
        }
        f(self);
        self.void_result()
    }

    fn fence(&mut self, args: &[&Expr<'_>], span: Span, scope: Scope) -> Option<Operand> {
        self.no_arg(args, span, |l| {
            l.ins(InstData::Fence { scope }, None);
        })
    }

    /// An argument converted to `ty` as a parameter of that type would be.
    pub(super) fn arg_as(&mut self, e: &Expr<'_>, ty: TypeId) -> Option<Value> {
        let o = self.expr(e)?;
        self.implicit(o, QualType::new(ty), ConvCtx::Arg, e.span)
    }

    pub(super) fn int_ty(&mut self, k: IntKind) -> TypeId {
        self.types.int(k)
    }

    fn bit_count(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let wide = n.ends_with("ll");
        let aty = self.int_ty(if wide {
            IntKind::ULongLong
        } else {
            IntKind::UInt
        });
        let v = self.arg_as(args[0], aty)?;
        let op = if n.starts_with("__popc") {
            UnaryOp::Popc
        } else {
            UnaryOp::Clz
        };
        let r = self.un(op, v);
        let r = if wide {
            self.cast(CastOp::Trunc, r, Type::I32)
        } else {
            r
        };
        let int = self.int_ty(IntKind::Int);
        Some(Operand::rv(r, QualType::new(int)))
    }

    fn brev(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let k = if n.ends_with("ll") {
            IntKind::ULongLong
        } else {
            IntKind::UInt
        };
        let aty = self.int_ty(k);
        let v = self.arg_as(args[0], aty)?;
        let r = self.un(UnaryOp::Brev, v);
        Some(Operand::rv(r, QualType::new(aty)))
    }

    /// `__ffs(x)`: 1 + index of the lowest set bit, 0 for 0, as nvcc emits it:
    /// `bfind.shiftamt(brev(x)) + 1` (`bfind` gives all ones, so -1, for a zero input).
    fn ffs(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let k = if n.ends_with("ll") {
            IntKind::LongLong
        } else {
            IntKind::Int
        };
        let aty = self.int_ty(k);
        let v = self.arg_as(args[0], aty)?;
        let ty = self.vty(v);
        let rev = self.un(UnaryOp::Brev, v);
        let t = if ty == Type::I64 {
            "bfind.shiftamt.u64 %0, %1;"
        } else {
            "bfind.shiftamt.u32 %0, %1;"
        };
        let amt = self.pure_ptx(t, AsmReg::R, &[rev]);
        let one = self.iconst(Type::I32, 1);
        let r = self.bin(BinaryOp::Add, amt, one);
        let int = self.int_ty(IntKind::Int);
        Some(Operand::rv(r, QualType::new(int)))
    }

    /// CUDA's `min`/`max` overloads: integer or floating by the argument types.
    fn min_max(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let (a, at) = self.expr_rv(args[0])?;
        let (b, bt) = self.expr_rv(args[1])?;
        let (Some(x), Some(y)) = (self.arith_of(at.ty), self.arith_of(bt.ty)) else {
            self.error(
                span,
                format!("no instance of overloaded function \"{n}\" matches the argument list"),
            );
            return None;
        };
        let forced = match n {
            "umin" | "umax" => Some(IntKind::UInt),
            "llmin" | "llmax" => Some(IntKind::LongLong),
            "ullmin" | "ullmax" => Some(IntKind::ULongLong),
            _ => None,
        };
        let common = match (forced, x, y) {
            (Some(k), _, _) => Arith::Int(k),
            (None, Arith::Int(p), Arith::Int(q)) => Arith::Int(common_int(promote(p), promote(q))),
            (None, Arith::Float(FloatKind::Double), _)
            | (None, _, Arith::Float(FloatKind::Double)) => Arith::Float(FloatKind::Double),
            _ => Arith::Float(FloatKind::Float),
        };
        let ct = self.arith_type(common);
        let a = self.convert(a, at.ty, ct);
        let b = self.convert(b, bt.ty, ct);
        let is_max = n.ends_with("max");
        let op = match common {
            Arith::Float(_) if is_max => BinaryOp::FMax,
            Arith::Float(_) => BinaryOp::FMin,
            Arith::Int(k) => match (k.signed(), is_max) {
                (true, true) => BinaryOp::SMax,
                (true, false) => BinaryOp::SMin,
                (false, true) => BinaryOp::UMax,
                (false, false) => BinaryOp::UMin,
            },
        };
        let r = self.bin(op, a, b);
        Some(Operand::rv(r, QualType::new(ct)))
    }

    fn float_kind_of_name(n: &str) -> FloatKind {
        if n.ends_with('f') || n.starts_with("__f") {
            FloatKind::Float
        } else {
            FloatKind::Double
        }
    }

    fn fmin_max(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        let op = if n.starts_with("fmax") {
            BinaryOp::FMax
        } else {
            BinaryOp::FMin
        };
        let k = if n.ends_with('f') {
            FloatKind::Float
        } else {
            FloatKind::Double
        };
        self.float_binary_kind(args, span, op, k)
    }

    fn float_binary(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
        op: BinaryOp,
    ) -> Option<Operand> {
        let k = if n.starts_with("__d") {
            FloatKind::Double
        } else {
            FloatKind::Float
        };
        self.float_binary_kind(args, span, op, k)
    }

    fn float_binary_kind(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        op: BinaryOp,
        k: FloatKind,
    ) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let ft = self.types.float(k);
        let a = self.arg_as(args[0], ft)?;
        let b = self.arg_as(args[1], ft)?;
        let r = self.bin(op, a, b);
        Some(Operand::rv(r, QualType::new(ft)))
    }

    fn float_unary(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
        op: UnaryOp,
    ) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let k = if n == "__fsqrt_rn" {
            FloatKind::Float
        } else if n == "__dsqrt_rn" {
            FloatKind::Double
        } else {
            Self::float_kind_of_name(n)
        };
        let ft = self.types.float(k);
        let a = self.arg_as(args[0], ft)?;
        let r = self.un(op, a);
        Some(Operand::rv(r, QualType::new(ft)))
    }

    fn fma(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 3, span) {
            return None;
        }
        let k = if n == "fmaf" || n == "__fmaf_rn" {
            FloatKind::Float
        } else {
            FloatKind::Double
        };
        let ft = self.types.float(k);
        let a = self.arg_as(args[0], ft)?;
        let b = self.arg_as(args[1], ft)?;
        let c = self.arg_as(args[2], ft)?;
        let r = self.ins_v(InstData::Fma { a, b, c }, self.vty(a));
        Some(Operand::rv(r, QualType::new(ft)))
    }

    fn int_abs(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let k = match n {
            "abs" => IntKind::Int,
            "labs" => IntKind::Long,
            _ => IntKind::LongLong,
        };
        // `abs` on a float argument is CUDA's float overload.
        if n == "abs" {
            if let ExprKind::FloatLit { .. } = args[0].kind {
                return self.float_unary("fabs", args, span, UnaryOp::FAbs);
            }
        }
        let it = self.int_ty(k);
        let v = self.arg_as(args[0], it)?;
        let ty = self.vty(v);
        let zero = self.iconst(ty, 0);
        let neg = self.bin(BinaryOp::Sub, zero, v);
        let r = self.bin(BinaryOp::SMax, v, neg);
        Some(Operand::rv(r, QualType::new(it)))
    }

    /// `__int_as_float` and friends: `from` is the integer side; `float_arg` says which way.
    fn bitcast(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        ik: IntKind,
        float_arg: Option<FloatKind>,
    ) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let it = self.int_ty(ik);
        let fk = float_arg.unwrap_or(if ik.bits() == 64 {
            FloatKind::Double
        } else {
            FloatKind::Float
        });
        let ft = self.types.float(fk);
        let (from, to) = if float_arg.is_some() {
            (ft, it)
        } else {
            (it, ft)
        };
        let v = self.arg_as(args[0], from)?;
        let r = self.cast(CastOp::Bitcast, v, self.val_type(to));
        Some(Operand::rv(r, QualType::new(to)))
    }

    fn mul_hi(&mut self, args: &[&Expr<'_>], span: Span, k: IntKind) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let t = self.int_ty(k);
        let a = self.arg_as(args[0], t)?;
        let b = self.arg_as(args[1], t)?;
        let op = if k.signed() {
            BinaryOp::SMulHi
        } else {
            BinaryOp::UMulHi
        };
        let r = self.bin(op, a, b);
        Some(Operand::rv(r, QualType::new(t)))
    }
}

/// The IEEE constants GCC's builtins give (`<limits>` uses them for `infinity()`,
/// `quiet_NaN()`, `signaling_NaN()`): the bits, and whether the type is `double`.
pub(crate) fn ieee_constant_bits(name: &str) -> Option<(u64, bool)> {
    Some(match name {
        "__builtin_huge_valf" | "__builtin_inff" => (0x7f80_0000, false),
        "__builtin_huge_val" | "__builtin_inf" => (0x7ff0_0000_0000_0000, true),
        "__builtin_nanf" => (0x7fc0_0000, false),
        "__builtin_nan" => (0x7ff8_0000_0000_0000, true),
        "__builtin_nansf" => (0x7fa0_0000, false),
        "__builtin_nans" => (0x7ff4_0000_0000_0000, true),
        _ => return None,
    })
}

/// The constant value of an IEEE-constant builtin (for constant expressions).
pub(crate) fn ieee_constant_value(name: &str) -> Option<crate::sema::ConstValue> {
    let (bits, double) = ieee_constant_bits(name)?;
    Some(if double {
        crate::sema::ConstValue::Float {
            value: f64::from_bits(bits),
            kind: FloatKind::Double,
        }
    } else {
        crate::sema::ConstValue::Float {
            value: f32::from_bits(bits as u32) as f64,
            kind: FloatKind::Float,
        }
    })
}

impl Lowerer<'_> {
    /// `__builtin_huge_valf()`, `__builtin_nan("")`, …: the constant, bit for bit (its
    /// argument, a tag string, is not used).
    fn ieee_constant(&mut self, name: &str) -> Option<Operand> {
        let (bits, double) = ieee_constant_bits(name)?;
        let (ty, kind) = if double {
            (Type::F64, FloatKind::Double)
        } else {
            (Type::F32, FloatKind::Float)
        };
        let v = self.ins_v(InstData::FConst { ty, bits }, ty);
        Some(Operand::rv(v, QualType::new(self.types.float(kind))))
    }
}
