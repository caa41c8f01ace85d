//! CUDA built-in functions and the device-library calls that map onto single IR operations:
//! barriers and fences, atomics, warp shuffles and votes, bit manipulation, `min`/`max`,
//! exact float operations (`sqrtf`, `fmaf`, rounding), bit casts, and `printf` (lowered to
//! `vprintf` with an argument buffer on the stack, as nvcc does).

use super::expr::{ConvCtx, OpKind, Operand};
use super::Lowerer;
use crate::ast::{Expr, ExprKind};
use crate::intern::Symbol;
use crate::sema::conv::{common_int, promote, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, TypeId};
use crate::source::Span;
use oxicc_ir::{
    AddrSpace, AtomicOp, BinaryOp, CastOp, FuncKind, Function, InstData, IntCC, Linkage, ParamKind,
    Scope, ShuffleMode, Signature, Type, UnaryOp, Value, VoteMode,
};

/// Library functions that need the device math library (not written yet).
const UNSUPPORTED_MATH: &[&str] = &[
    "sinf",
    "cosf",
    "tanf",
    "asinf",
    "acosf",
    "atanf",
    "atan2f",
    "sinhf",
    "coshf",
    "tanhf",
    "expf",
    "exp2f",
    "exp10f",
    "expm1f",
    "logf",
    "log2f",
    "log10f",
    "log1pf",
    "powf",
    "cbrtf",
    "rsqrtf",
    "erff",
    "erfcf",
    "hypotf",
    "fmodf",
    "remainderf",
    "roundf",
    "lroundf",
    "sincosf",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "pow",
    "cbrt",
    "rsqrt",
    "erf",
    "erfc",
    "hypot",
    "fmod",
    "remainder",
    "round",
    "lround",
    "sincos",
    "__sinf",
    "__cosf",
    "__tanf",
    "__expf",
    "__exp10f",
    "__logf",
    "__log2f",
    "__log10f",
    "__powf",
    "__fdividef",
    "__saturatef",
    "tgammaf",
    "lgammaf",
    "tgamma",
    "lgamma",
    "ldexpf",
    "ldexp",
    "frexpf",
    "frexp",
    "modff",
    "modf",
    "copysignf",
    "copysign",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
    "__syncwarp",
    "__activemask",
    "clock",
    "clock64",
    "__nanosleep",
    "__ldg",
    "malloc",
    "free",
    "memcpy",
    "memset",
    "assert",
];

type Built = Option<Option<Operand>>;

impl Lowerer<'_> {
    /// Lowers a call to a built-in; `None` when `name` is not one.
    pub fn builtin_call(&mut self, name: Symbol, args: &[&Expr<'_>], span: Span) -> Built {
        let n = self.name(name);
        if UNSUPPORTED_MATH.contains(&n) {
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
            "__fadd_rn" | "__dadd_rn" => self.float_binary(n, args, span, BinaryOp::FAdd),
            "__fsub_rn" | "__dsub_rn" => self.float_binary(n, args, span, BinaryOp::FSub),
            "__fmul_rn" | "__dmul_rn" => self.float_binary(n, args, span, BinaryOp::FMul),
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
            _ => return self.atomic(n, args, span),
        })
    }

    fn argc(&mut self, args: &[&Expr<'_>], want: usize, span: Span) -> bool {
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

    fn void_result(&mut self) -> Option<Operand> {
        Some(Operand {
            ty: QualType::new(self.types.void()),
            kind: OpKind::Void,
            npc: false,
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
    fn arg_as(&mut self, e: &Expr<'_>, ty: TypeId) -> Option<Value> {
        let o = self.expr(e)?;
        self.implicit(o, QualType::new(ty), ConvCtx::Arg, e.span)
    }

    fn int_ty(&mut self, k: IntKind) -> TypeId {
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

    /// `__ffs(x)`: 1 + index of the lowest set bit, 0 for 0 (= clz(brev(x)) + 1).
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
        let tz = self.un(UnaryOp::Clz, rev);
        let one = self.iconst(ty, 1);
        let pos = self.bin(BinaryOp::Add, tz, one);
        let zero = self.iconst(ty, 0);
        let is_zero = self.icmp(IntCC::Eq, v, zero);
        let r = self.select(is_zero, zero, pos);
        let r = if ty == Type::I64 {
            self.cast(CastOp::Trunc, r, Type::I32)
        } else {
            r
        };
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

    /// `__shfl*_sync(mask, var, lane_or_delta, width = warpSize)`; 64-bit values are shuffled
    /// as two halves, floats as their bits, like CUDA's headers.
    fn shuffle(&mut self, args: &[&Expr<'_>], span: Span, mode: ShuffleMode) -> Option<Operand> {
        if args.len() < 3 || args.len() > 4 {
            let m = if args.len() < 3 {
                "too few"
            } else {
                "too many"
            };
            self.error(span, format!("{m} arguments in function call"));
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let int = self.int_ty(IntKind::Int);
        let mask = self.arg_as(args[0], ut)?;
        let (v, vt) = self.expr_rv(args[1])?;
        let Some(a) = self.arith_of(vt.ty) else {
            self.error(
                args[1].span,
                "no instance of overloaded function matches the argument list",
            );
            return None;
        };
        // Promote small integers to int like the overload set does.
        let (v, vt) = match a {
            Arith::Int(k) if k.bits() < 32 => {
                let t = self.int_ty(promote(k));
                (self.convert(v, vt.ty, t), QualType::new(t))
            }
            _ => (v, vt.unqual()),
        };
        let lane = if mode == ShuffleMode::Idx {
            self.arg_as(args[2], int)?
        } else {
            self.arg_as(args[2], ut)?
        };
        let width = match args.get(3) {
            Some(w) => self.arg_as(w, int)?,
            None => self.iconst(Type::I32, 32),
        };
        // c = ((32 - width) << 8) | 0x1f, and without the 0x1f for shfl.up (CUDA's headers).
        let c32 = self.iconst(Type::I32, 32);
        let d = self.bin(BinaryOp::Sub, c32, width);
        let eight = self.iconst(Type::I32, 8);
        let sh = self.bin(BinaryOp::Shl, d, eight);
        let clamp = if mode == ShuffleMode::Up {
            sh
        } else {
            let f = self.iconst(Type::I32, 0x1f);
            self.bin(BinaryOp::Or, sh, f)
        };
        let ty = self.vty(v);
        let one = |l: &mut Self, x: Value| -> Value {
            l.ins_v(
                InstData::Shuffle {
                    mode,
                    mask,
                    value: x,
                    lane,
                    clamp,
                },
                Type::I32,
            )
        };
        let r = match ty {
            Type::I32 => one(self, v),
            Type::F32 => {
                let bits = self.cast(CastOp::Bitcast, v, Type::I32);
                let s = one(self, bits);
                self.cast(CastOp::Bitcast, s, Type::F32)
            }
            Type::I64 | Type::F64 => {
                let bits = if ty == Type::F64 {
                    self.cast(CastOp::Bitcast, v, Type::I64)
                } else {
                    v
                };
                let lo = self.cast(CastOp::Trunc, bits, Type::I32);
                let s32 = self.iconst(Type::I64, 32);
                let hi64 = self.bin(BinaryOp::LShr, bits, s32);
                let hi = self.cast(CastOp::Trunc, hi64, Type::I32);
                let lo = one(self, lo);
                let hi = one(self, hi);
                let lo = self.cast(CastOp::ZExt, lo, Type::I64);
                let hi = self.cast(CastOp::ZExt, hi, Type::I64);
                let hi = self.bin(BinaryOp::Shl, hi, s32);
                let w = self.bin(BinaryOp::Or, hi, lo);
                if ty == Type::F64 {
                    self.cast(CastOp::Bitcast, w, Type::F64)
                } else {
                    w
                }
            }
            _ => {
                self.error(
                    args[1].span,
                    "no instance of overloaded function matches the argument list",
                );
                return None;
            }
        };
        Some(Operand::rv(r, vt))
    }

    fn vote(&mut self, args: &[&Expr<'_>], span: Span, mode: VoteMode) -> Option<Operand> {
        if !self.argc(args, 2, span) {
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let mask = self.arg_as(args[0], ut)?;
        let pred = self.cond_value(args[1])?;
        if mode == VoteMode::Ballot {
            let r = self.ins_v(InstData::Vote { mode, mask, pred }, Type::I32);
            return Some(Operand::rv(r, QualType::new(ut)));
        }
        let r = self.ins_v(InstData::Vote { mode, mask, pred }, Type::I1);
        let r = self.cast(CastOp::ZExt, r, Type::I32);
        let int = self.int_ty(IntKind::Int);
        Some(Operand::rv(r, QualType::new(int)))
    }

    /// `atomicAdd(p, v)` and the rest; `_block`/`_system` suffixes pick the scope.
    fn atomic(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Built {
        let (base, scope) = if let Some(b) = n.strip_suffix("_block") {
            (b, Scope::Cta)
        } else if let Some(b) = n.strip_suffix("_system") {
            (b, Scope::System)
        } else {
            (n, Scope::Gpu)
        };
        let known = [
            "atomicAdd",
            "atomicSub",
            "atomicExch",
            "atomicMin",
            "atomicMax",
            "atomicInc",
            "atomicDec",
            "atomicAnd",
            "atomicOr",
            "atomicXor",
            "atomicCAS",
        ];
        if !known.contains(&base) {
            return None;
        }
        Some(self.atomic_op(base, args, span, scope))
    }

    fn atomic_op(
        &mut self,
        base: &str,
        args: &[&Expr<'_>],
        span: Span,
        scope: Scope,
    ) -> Option<Operand> {
        let want = if base == "atomicCAS" { 3 } else { 2 };
        if !self.argc(args, want, span) {
            return None;
        }
        let (p, pt) = self.expr_rv(args[0])?;
        let elem = self.types.pointee(pt.ty).map(|q| q.unqual());
        let no_match = |l: &mut Self| {
            l.error(
                span,
                format!("no instance of overloaded function \"{base}\" matches the argument list"),
            );
            None
        };
        let Some(elem) = elem else {
            return no_match(self);
        };
        let ik = self
            .types
            .int_kind(elem.ty)
            .filter(|k| k.bits() >= 32 && k.bits() <= 64);
        let fk = self.types.float_kind(elem.ty);
        let op = match (base, ik, fk) {
            ("atomicAdd", Some(_), _) => AtomicOp::Add,
            ("atomicAdd", _, Some(FloatKind::Double)) if self.opts.sm < 60 => {
                self.error(span, "atomicAdd on double requires sm_60 or newer");
                return None;
            }
            ("atomicAdd", _, Some(_)) => AtomicOp::FAdd,
            ("atomicSub", Some(_), _) => AtomicOp::Sub,
            ("atomicExch", Some(_), _) | ("atomicExch", _, Some(FloatKind::Float)) => {
                AtomicOp::Exch
            }
            ("atomicMin", Some(k), _) => {
                if k.signed() {
                    AtomicOp::SMin
                } else {
                    AtomicOp::UMin
                }
            }
            ("atomicMax", Some(k), _) => {
                if k.signed() {
                    AtomicOp::SMax
                } else {
                    AtomicOp::UMax
                }
            }
            ("atomicInc", Some(IntKind::UInt), _) => AtomicOp::Inc,
            ("atomicDec", Some(IntKind::UInt), _) => AtomicOp::Dec,
            ("atomicAnd", Some(_), _) => AtomicOp::And,
            ("atomicOr", Some(_), _) => AtomicOp::Or,
            ("atomicXor", Some(_), _) => AtomicOp::Xor,
            ("atomicCAS", Some(_), _) => AtomicOp::Add, // unused: CAS below
            _ => return no_match(self),
        };
        let v = self.arg_as(args[1], elem.ty)?;
        if base == "atomicCAS" {
            let nv = self.arg_as(args[2], elem.ty)?;
            let r = self.ins_v(
                InstData::AtomicCas {
                    ptr: p,
                    expected: v,
                    new: nv,
                    scope,
                },
                self.vty(v),
            );
            return Some(Operand::rv(r, elem));
        }
        // Float exchange works on the bits.
        let (v, back) = if op == AtomicOp::Exch && fk.is_some() {
            (self.cast(CastOp::Bitcast, v, Type::I32), true)
        } else {
            (v, false)
        };
        let r = self.ins_v(
            InstData::AtomicRmw {
                op,
                ptr: p,
                value: v,
                scope,
            },
            self.vty(v),
        );
        let r = if back {
            self.cast(CastOp::Bitcast, r, Type::F32)
        } else {
            r
        };
        Some(Operand::rv(r, elem))
    }

    /// `printf(fmt, …)` → `vprintf(fmt, buf)` with the promoted arguments packed into a stack
    /// buffer at their natural alignment (float → double, small integers → int).
    fn printf(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if args.is_empty() {
            self.error(span, "too few arguments in function call");
            return None;
        }
        let (fmt, ft) = self.expr_rv(args[0])?;
        let is_char_ptr = self.types.pointee(ft.ty).is_some_and(|p| {
            matches!(
                self.types.int_kind(p.ty),
                Some(IntKind::Char | IntKind::SChar | IntKind::UChar)
            )
        });
        if !is_char_ptr {
            self.error(
                args[0].span,
                "the format of printf must be a character string",
            );
            return None;
        }
        let fmt = self.generic_ptr(fmt);
        let mut packed: Vec<(u64, Value, u64)> = Vec::new();
        let mut off = 0u64;
        let mut max_align = 1u64;
        for a in &args[1..] {
            let (v, t) = self.expr_rv(a)?;
            let v = if let Some(k) = self.types.int_kind(t.ty) {
                let pk = promote(k);
                let pt = self.int_ty(pk);
                self.convert(v, t.ty, pt)
            } else if self.types.float_kind(t.ty) == Some(FloatKind::Float) {
                self.cast(CastOp::FpExt, v, Type::F64)
            } else if self.types.is_pointer(t.ty) || self.types.is_float(t.ty) {
                self.generic_ptr(v)
            } else {
                self.error(a.span, "a struct cannot be passed to printf");
                return None;
            };
            let size = self.vty(v).bytes() as u64;
            off = off.div_ceil(size) * size;
            packed.push((off, v, size));
            off += size;
            max_align = max_align.max(size);
        }
        let buf = if packed.is_empty() {
            let z = self.iconst(Type::I64, 0);
            self.cast(CastOp::IntToPtr, z, Type::Ptr(AddrSpace::Generic))
        } else {
            let slot = self.alloca(off.div_ceil(max_align) * max_align, max_align, span)?;
            for (o, v, size) in packed {
                let p = self.ptr_add_const(slot, o);
                self.store(p, v, size, false);
            }
            self.generic_ptr(slot)
        };
        let callee = self.vprintf_decl();
        let r = self.ins_v(
            InstData::Call {
                callee,
                args: vec![fmt, buf],
            },
            Type::I32,
        );
        let int = self.int_ty(IntKind::Int);
        Some(Operand::rv(r, QualType::new(int)))
    }

    fn vprintf_decl(&mut self) -> oxicc_ir::FuncId {
        if let Some(f) = self.vprintf {
            return f;
        }
        let sig = Signature {
            params: vec![
                ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
                ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
            ],
            ret: Some(Type::I32),
        };
        let mut f = Function::declaration("vprintf", sig, FuncKind::Device);
        f.linkage = Linkage::Import;
        let id = self.module.add_function(f);
        self.vprintf = Some(id);
        id
    }
}
