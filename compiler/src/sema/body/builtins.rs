//! Calls of CUDA's built-in functions: which built-in a call names, and the type of its
//! result.
//!
//! Stage 2 of issue 11. The lowering's built-in table (`irgen/builtins*.rs`) still chooses
//! each built-in's overload and converts its arguments; the typed tree holds the arguments
//! as values (`BuiltinCall`), and the result type computed here is the one that table
//! gives. A built-in, or a form of one, that is not in this table (textures, `printf`,
//! vector `__ldg`, the half-precision intrinsics, a wrong argument count, an argument type
//! no overload takes) leaves the body to the one-walk lowering, which reports any error.

use super::{BodySema, Env};
use crate::ast::{self, ExprKind as A};
use crate::intern::Symbol;
use crate::sema::conv::{common_int, promote, Arith};
use crate::sema::tree::{ExprId, ExprKind};
use crate::sema::types::{FloatKind, IntKind, QualType};
use crate::source::Span;

/// What a built-in gives, before it is made a type.
enum Ret {
    Void,
    Arith(Arith),
    /// The type of an argument, or the element type it points to (atomics).
    Same(QualType),
}

impl<E: Env> BodySema<'_, E> {
    /// A call of the built-in `name` (the lowering's table would be consulted for it:
    /// [`Env::builtin_call_reaches`]).
    pub(super) fn builtin_call(
        &mut self,
        name: Symbol,
        args: &[&ast::Expr<'_>],
        span: Span,
        depth: u32,
    ) -> Option<ExprId> {
        let ids = self.builtin_args(name, args, depth)?;
        self.builtin_call_of(name, ids, span)
    }

    /// The arguments of a built-in call, analyzed as values.
    pub(super) fn builtin_args(
        &mut self,
        name: Symbol,
        args: &[&ast::Expr<'_>],
        depth: u32,
    ) -> Option<Vec<ExprId>> {
        // `abs(1.5)` is CUDA's float overload, which the lowering picks by the literal.
        if self.env.name(name) == "abs" && args.iter().any(|a| matches!(a.kind, A::FloatLit { .. }))
        {
            return self.why(|| "the call of \"abs\" on a floating literal".into());
        }
        let mut ids = Vec::with_capacity(args.len());
        for a in args {
            ids.push(self.rvalue(a, depth + 1)?);
        }
        Some(ids)
    }

    /// The call of the built-in `name` with the analyzed arguments `ids`.
    pub(super) fn builtin_call_of(
        &mut self,
        name: Symbol,
        ids: Vec<ExprId>,
        span: Span,
    ) -> Option<ExprId> {
        let n = self.env.name(name).to_string();
        let tys: Vec<QualType> = ids.iter().map(|&i| self.ty(i)).collect();
        let Some(ret) = self.builtin_result(&n, &tys) else {
            return self.why(|| format!("the built-in function \"{n}\""));
        };
        let ret = match ret {
            Ret::Void => QualType::new(self.env.types().void()),
            Ret::Arith(a) => self.arith_qual(a),
            Ret::Same(t) => t,
        };
        Some(self.builtin_node(name, ids, ret, span))
    }

    /// `max(a, b)` where the user's `max` overloads all take classes (`helper_math.h`'s
    /// `max(int2, int2)`) and the arguments are arithmetic: CUDA's own overload, the
    /// built-in, is called (the one-walk lowering's `builtin_overload_wins`). `None` with
    /// the reason where the user's overloads are the candidates.
    pub(super) fn overloaded_builtin_call(
        &mut self,
        name: Symbol,
        args: &[&ast::Expr<'_>],
        span: Span,
        depth: u32,
    ) -> Option<ExprId> {
        let ids = self.builtin_args(name, args, depth)?;
        let mut arithmetic = Vec::with_capacity(args.len());
        for (a, &id) in args.iter().zip(&ids) {
            let literal = matches!(a.kind, A::IntLit { .. } | A::FloatLit { .. });
            let t = self.ty(id);
            arithmetic.push(literal || self.env.types().is_arith(t.ty));
        }
        if !self.env.overloaded_builtin_wins(name, &arithmetic) {
            let n = self.env.name(name).to_string();
            return self.why(|| format!("the call of \"{n}\""));
        }
        self.builtin_call_of(name, ids, span)
    }

    fn builtin_node(&mut self, name: Symbol, args: Vec<ExprId>, ret: QualType, sp: Span) -> ExprId {
        self.body.add_expr(crate::sema::tree::Expr {
            kind: ExprKind::BuiltinCall { name, args },
            ty: ret,
            cat: crate::sema::tree::Category::PRValue,
            npc: false,
            span: sp,
        })
    }

    fn arith_qual(&mut self, a: Arith) -> QualType {
        QualType::new(match a {
            Arith::Int(k) => self.env.types().int(k),
            Arith::Float(k) => self.env.types().float(k),
        })
    }

    /// The result of the built-in `n` called with arguments of types `a` (values), or
    /// `None` where the table below does not cover the call.
    fn builtin_result(&mut self, n: &str, a: &[QualType]) -> Option<Ret> {
        use Arith::{Float as F, Int as I};
        use FloatKind::{Double, Float};
        let ar: Vec<Option<Arith>> = a.iter().map(|&t| self.arith(t)).collect();
        let arith_args = |k: usize| ar.len() == k && ar.iter().all(Option::is_some);
        let ret = |x: Arith| Some(Ret::Arith(x));
        match n {
            "__syncthreads"
            | "__syncwarp"
            | "__threadfence"
            | "__threadfence_block"
            | "__threadfence_system"
                if a.is_empty() =>
            {
                Some(Ret::Void)
            }
            "__syncwarp" if arith_args(1) => Some(Ret::Void),
            // The format, then values the lowering promotes (C's default promotions).
            "printf"
                if !a.is_empty()
                    && a.iter()
                        .all(|&t| self.arith(t).is_some() || self.env.types().is_pointer(t.ty)) =>
            {
                ret(I(IntKind::Int))
            }
            "__activemask" if a.is_empty() => ret(I(IntKind::UInt)),
            // The cycle counter: `clock_t` (`long`) and `long long`.
            "clock" if a.is_empty() => ret(I(IntKind::Long)),
            "clock64" if a.is_empty() => ret(I(IntKind::LongLong)),
            "__popc" | "__popcll" | "__clz" | "__clzll" | "__ffs" | "__ffsll" if arith_args(1) => {
                ret(I(IntKind::Int))
            }
            "__brev" if arith_args(1) => ret(I(IntKind::UInt)),
            "__brevll" if arith_args(1) => ret(I(IntKind::ULongLong)),
            "min" | "max" | "umin" | "umax" | "llmin" | "llmax" | "ullmin" | "ullmax"
                if arith_args(2) =>
            {
                ret(min_max_type(n, ar[0]?, ar[1]?))
            }
            "fminf" | "fmaxf" if arith_args(2) => ret(F(Float)),
            "fmin" | "fmax" if arith_args(2) => ret(F(Double)),
            "abs" if arith_args(1) => ret(I(IntKind::Int)),
            "labs" if arith_args(1) => ret(I(IntKind::Long)),
            "llabs" if arith_args(1) => ret(I(IntKind::LongLong)),
            "__fsqrt_rn" if arith_args(1) => ret(F(Float)),
            "__dsqrt_rn" if arith_args(1) => ret(F(Double)),
            "fabsf" | "fabs" | "sqrtf" | "sqrt" | "floorf" | "floor" | "ceilf" | "ceil"
            | "truncf" | "trunc" | "rintf" | "rint" | "nearbyintf" | "nearbyint"
                if arith_args(1) =>
            {
                ret(F(if n.ends_with('f') { Float } else { Double }))
            }
            "fmaf" | "__fmaf_rn" if arith_args(3) => ret(F(Float)),
            "fma" | "__fma_rn" if arith_args(3) => ret(F(Double)),
            "__fadd_rn" | "__fsub_rn" | "__fmul_rn" | "__fdiv_rn" if arith_args(2) => ret(F(Float)),
            "__dadd_rn" | "__dsub_rn" | "__dmul_rn" | "__ddiv_rn" if arith_args(2) => {
                ret(F(Double))
            }
            "__int_as_float" | "__uint_as_float" if arith_args(1) => ret(F(Float)),
            "__float_as_int" if arith_args(1) => ret(I(IntKind::Int)),
            "__float_as_uint" if arith_args(1) => ret(I(IntKind::UInt)),
            "__longlong_as_double" if arith_args(1) => ret(F(Double)),
            "__double_as_longlong" if arith_args(1) => ret(I(IntKind::LongLong)),
            "__umulhi" if arith_args(2) => ret(I(IntKind::UInt)),
            "__mulhi" | "__mul24" if arith_args(2) => ret(I(IntKind::Int)),
            "__umul24" if arith_args(2) => ret(I(IntKind::UInt)),
            "__umul64hi" if arith_args(2) => ret(I(IntKind::ULongLong)),
            "__mul64hi" if arith_args(2) => ret(I(IntKind::LongLong)),
            "__byte_perm" | "__funnelshift_l" | "__funnelshift_r" | "__funnelshift_lc"
            | "__funnelshift_rc"
                if arith_args(3) =>
            {
                ret(I(IntKind::UInt))
            }
            // The mask is converted; the predicate is any scalar (pointers too).
            "__ballot_sync" if a.len() == 2 && ar[0].is_some() => ret(I(IntKind::UInt)),
            "__all_sync" | "__any_sync" | "__uni_sync" if a.len() == 2 && ar[0].is_some() => {
                ret(I(IntKind::Int))
            }
            "__shfl_sync" | "__shfl_up_sync" | "__shfl_down_sync" | "__shfl_xor_sync"
                if (a.len() == 3 || a.len() == 4) && ar.iter().all(Option::is_some) =>
            {
                // Small integers are promoted as the overload set does; the others keep
                // their type (an enumeration included).
                match ar[1]? {
                    I(k) if k.bits() < 32 => ret(I(promote(k))),
                    _ => Some(Ret::Same(a[1].unqual())),
                }
            }
            "__fdividef" | "__powf" | "copysignf" if arith_args(2) => ret(F(Float)),
            "copysign" if arith_args(2) => ret(F(Double)),
            "__expf" | "__exp10f" | "__logf" | "__log10f" | "__log2f" | "__sinf" | "__cosf"
            | "__tanf" | "__saturatef" | "rsqrtf" | "roundf" | "__frcp_rn" | "__frcp_rz"
            | "__frcp_ru" | "__frcp_rd"
                if arith_args(1) =>
            {
                ret(F(Float))
            }
            "round" | "__drcp_rn" | "__drcp_rz" | "__drcp_ru" | "__drcp_rd" if arith_args(1) => {
                ret(F(Double))
            }
            "lrintf" | "lroundf" | "lrint" | "lround" if arith_args(1) => ret(I(IntKind::Long)),
            "llrintf" | "llroundf" | "llrint" | "llround" if arith_args(1) => {
                ret(I(IntKind::LongLong))
            }
            _ => {
                if let Some(r) = conversion_intrinsic(n) {
                    return arith_args(1).then_some(Ret::Arith(r));
                }
                if let Some(r) = directed_rounding_arith(n) {
                    return arith_args(2).then_some(Ret::Arith(r));
                }
                self.atomic_result(n, a, &ar)
            }
        }
    }

    /// `atomicAdd` and the rest (and their `_block`/`_system` forms): the element type
    /// the pointer argument points to, for the element types the lowering takes.
    fn atomic_result(&mut self, n: &str, a: &[QualType], ar: &[Option<Arith>]) -> Option<Ret> {
        let base = n
            .strip_suffix("_block")
            .or_else(|| n.strip_suffix("_system"))
            .unwrap_or(n);
        let want = match base {
            "atomicCAS" => 3,
            "atomicAdd" | "atomicSub" | "atomicExch" | "atomicMin" | "atomicMax" | "atomicInc"
            | "atomicDec" | "atomicAnd" | "atomicOr" | "atomicXor" => 2,
            _ => return None,
        };
        if a.len() != want || !ar[1..].iter().all(Option::is_some) {
            return None;
        }
        let types = self.env.types();
        let elem = types.pointee(a[0].ty)?.unqual();
        let int = types
            .int_kind(elem.ty)
            .filter(|k| k.bits() >= 32 && k.bits() <= 64);
        let float = types.float_kind(elem.ty);
        let takes = match (base, int, float) {
            ("atomicAdd", None, Some(FloatKind::Double)) => self.env.sm() >= 60,
            ("atomicAdd", None, Some(_)) | ("atomicExch", None, Some(FloatKind::Float)) => true,
            ("atomicInc" | "atomicDec", Some(k), _) => k == IntKind::UInt,
            (_, Some(_), _) => true,
            _ => false,
        };
        takes.then_some(Ret::Same(elem))
    }
}

/// CUDA's `min`/`max` family: the common type of the arguments (the `u`/`ll`/`ull` forms
/// fix it), as the lowering's `min_max` computes it.
fn min_max_type(n: &str, x: Arith, y: Arith) -> Arith {
    let forced = match n {
        "umin" | "umax" => Some(IntKind::UInt),
        "llmin" | "llmax" => Some(IntKind::LongLong),
        "ullmin" | "ullmax" => Some(IntKind::ULongLong),
        _ => None,
    };
    match (forced, x, y) {
        (Some(k), _, _) => Arith::Int(k),
        (None, Arith::Int(p), Arith::Int(q)) => Arith::Int(common_int(promote(p), promote(q))),
        (None, Arith::Float(FloatKind::Double), _) | (None, _, Arith::Float(FloatKind::Double)) => {
            Arith::Float(FloatKind::Double)
        }
        _ => Arith::Float(FloatKind::Float),
    }
}

/// A C type as the conversion intrinsics spell it.
fn spelled(s: &str) -> Option<Arith> {
    Some(match s {
        "int" => Arith::Int(IntKind::Int),
        "uint" => Arith::Int(IntKind::UInt),
        "ll" => Arith::Int(IntKind::LongLong),
        "ull" => Arith::Int(IntKind::ULongLong),
        "float" => Arith::Float(FloatKind::Float),
        "double" => Arith::Float(FloatKind::Double),
        _ => return None,
    })
}

/// `__float2int_rn` and the rest of the `__<from>2<to>_<rounding>` family that the
/// lowering takes (float to integer in the four roundings, the others to nearest): the
/// result type.
fn conversion_intrinsic(n: &str) -> Option<Arith> {
    let (conv, rounding) = n.strip_prefix("__")?.rsplit_once('_')?;
    let (from, to) = conv.split_once('2')?;
    let (from, to) = (spelled(from)?, spelled(to)?);
    let ok = match (from, to) {
        (Arith::Float(_), Arith::Int(_)) => matches!(rounding, "rn" | "rz" | "ru" | "rd"),
        _ => rounding == "rn",
    };
    ok.then_some(to)
}

/// `__fadd_rz` and the other arithmetic intrinsics with a directed rounding.
fn directed_rounding_arith(n: &str) -> Option<Arith> {
    let (base, mode) = n.strip_prefix("__")?.split_once('_')?;
    if !matches!(mode, "rz" | "ru" | "rd") {
        return None;
    }
    match base {
        "fadd" | "fsub" | "fmul" | "fdiv" => Some(Arith::Float(FloatKind::Float)),
        "dadd" | "dsub" | "dmul" | "ddiv" => Some(Arith::Float(FloatKind::Double)),
        _ => None,
    }
}
