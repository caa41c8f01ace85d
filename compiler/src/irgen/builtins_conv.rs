//! Conversion and bit-manipulation intrinsics built from a few IR operations:
//! `__float2int_rn` and the rest of the `__<from>2<to>_<rounding>` family (rounding first,
//! then a truncating conversion, which is exact because the value is then integral),
//! `__byte_perm` and `__funnelshift_l/r/lc/rc` (one pure inline-PTX `prmt`/`shf` each, as
//! nvcc emits them: no IR operation expresses a byte permute or a 64-bit-wide shift of two
//! words in one step), and `__ldg` (a plain load).

use super::expr::Operand;
use super::Lowerer;
use crate::ast::Expr;
use crate::sema::types::{FloatKind, IntKind, QualType};
use crate::source::Span;
use oxicc_ir::{AsmBlock, AsmReg, BinaryOp, CastOp, InstData, Type, UnaryOp, Value};

/// The C type named in an intrinsic's spelling (`int`, `uint`, `ll`, `ull`, `float`, `double`).
enum Side {
    Int(IntKind),
    Float(FloatKind),
}

fn side(s: &str) -> Option<Side> {
    Some(match s {
        "int" => Side::Int(IntKind::Int),
        "uint" => Side::Int(IntKind::UInt),
        "ll" => Side::Int(IntKind::LongLong),
        "ull" => Side::Int(IntKind::ULongLong),
        "float" => Side::Float(FloatKind::Float),
        "double" => Side::Float(FloatKind::Double),
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// Lowers a conversion/bit intrinsic; `None` when `n` is not one.
    pub(super) fn conv_builtin(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        match n {
            "__byte_perm" => return Some(self.byte_perm(args, span)),
            "__funnelshift_l" | "__funnelshift_r" | "__funnelshift_lc" | "__funnelshift_rc" => {
                return Some(self.funnel_shift(n, args, span))
            }
            // `__ldg` of a vector type is an overload in `__oxicc/cache_loads.h`.
            "__ldg" if !self.ldg_of_vector(args) => return Some(self.ldg(args, span)),
            "memcpy" | "memset" => return Some(self.mem_loop(n == "memcpy", args, span)),
            _ => {}
        }
        let body = n.strip_prefix("__")?;
        let (conv, rounding) = body.rsplit_once('_')?;
        let (from, to) = conv.split_once('2')?;
        let (from, to) = (side(from)?, side(to)?);
        Some(self.convert_intrinsic(n, from, to, rounding, args, span))
    }

    fn convert_intrinsic(
        &mut self,
        n: &str,
        from: Side,
        to: Side,
        rounding: &str,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let from_ty = match from {
            Side::Int(k) => self.types.int(k),
            Side::Float(k) => self.types.float(k),
        };
        let to_ty = match to {
            Side::Int(k) => self.types.int(k),
            Side::Float(k) => self.types.float(k),
        };
        let v = self.arg_as(args[0], from_ty)?;
        let r = match (&from, &to) {
            (Side::Float(_), Side::Int(_)) => {
                let rounded = match rounding {
                    "rn" => self.un(UnaryOp::FRint, v),
                    "rd" => self.un(UnaryOp::FFloor, v),
                    "ru" => self.un(UnaryOp::FCeil, v),
                    "rz" => v,
                    _ => return self.unsupported_rounding(n, span),
                };
                self.convert(rounded, from_ty, to_ty)
            }
            // The IR's conversions round to nearest; the directed forms of a conversion to
            // a float are one pure `cvt.{rz,rp,rm}` each, as nvcc emits them.
            _ if rounding == "rn" => self.convert(v, from_ty, to_ty),
            (_, Side::Float(to_kind)) => {
                let mode = match rounding {
                    "rz" => "rz",
                    "ru" => "rp",
                    "rd" => "rm",
                    _ => return self.unsupported_rounding(n, span),
                };
                let (to_ptx, out) = match to_kind {
                    FloatKind::Double => ("f64", AsmReg::D),
                    _ => ("f32", AsmReg::F),
                };
                let from_ptx = match from {
                    Side::Int(IntKind::Int) => "s32",
                    Side::Int(IntKind::UInt) => "u32",
                    Side::Int(IntKind::LongLong) => "s64",
                    Side::Int(_) => "u64",
                    Side::Float(FloatKind::Double) => "f64",
                    Side::Float(_) => "f32",
                };
                self.pure_ptx(
                    &format!("cvt.{mode}.{to_ptx}.{from_ptx} %0, %1;"),
                    out,
                    &[v],
                )
            }
            _ => return self.unsupported_rounding(n, span),
        };
        Some(Operand::rv(r, QualType::new(to_ty)))
    }

    fn unsupported_rounding(&mut self, n: &str, span: Span) -> Option<Operand> {
        self.error(
            span,
            format!("the device function \"{n}\" is not supported yet (directed rounding)"),
        );
        None
    }

    /// One PTX instruction as a pure (non-volatile, no memory) inline-PTX statement: output
    /// `%0` of register kind `out`, inputs `%1…` in the kinds their IR types give. Passes may
    /// merge, move or delete it like any pure operation.
    pub(super) fn pure_ptx(&mut self, template: &str, out: AsmReg, args: &[Value]) -> Value {
        let inputs = args
            .iter()
            .map(|&v| match self.vty(v) {
                Type::I64 => AsmReg::L,
                Type::F64 => AsmReg::D,
                Type::F32 => AsmReg::F,
                _ => AsmReg::R,
            })
            .collect();
        let pieces = oxicc_ir::inline_asm::parse_template(template).unwrap_or_default();
        let asm = AsmBlock {
            pieces,
            outputs: vec![out],
            inputs,
            tied: Vec::new(),
            volatile: false,
            memory: false,
        };
        let data = InstData::InlineAsm {
            asm: Box::new(asm),
            args: args.to_vec(),
        };
        self.ins_v(data, out.ty())
    }

    /// `__byte_perm(x, y, s)`: byte `i` of the result is byte `(s >> 4i) & 7` of `{y, x}`,
    /// which is PTX's `prmt.b32` in its default mode (selector bit 3 of each nibble, the
    /// sign-replicate flag, is masked off first, as CUDA defines the intrinsic).
    fn byte_perm(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 3, span) {
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let x = self.arg_as(args[0], ut)?;
        let y = self.arg_as(args[1], ut)?;
        let s = self.arg_as(args[2], ut)?;
        let m = self.iconst(Type::I32, 0x7777);
        let s = self.bin(BinaryOp::And, s, m);
        let r = self.pure_ptx("prmt.b32 %0, %1, %2, %3;", AsmReg::R, &[x, y, s]);
        Some(Operand::rv(r, QualType::new(ut)))
    }

    /// `__funnelshift_l(lo, hi, s)`: the high word of `{hi, lo} << (s & 31)`; `_r`: the low
    /// word of `{hi, lo} >> (s & 31)`; the `c` forms clamp the amount to 32 instead. These
    /// are exactly PTX's `shf.{l,r}.{wrap,clamp}.b32 d, lo, hi, s` (which masks or clamps
    /// the amount itself).
    fn funnel_shift(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 3, span) {
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let lo = self.arg_as(args[0], ut)?;
        let hi = self.arg_as(args[1], ut)?;
        let s = self.arg_as(args[2], ut)?;
        let dir = if n.starts_with("__funnelshift_l") {
            "l"
        } else {
            "r"
        };
        let mode = if n.ends_with('c') { "clamp" } else { "wrap" };
        let t = format!("shf.{dir}.{mode}.b32 %0, %1, %2, %3;");
        let r = self.pure_ptx(&t, AsmReg::R, &[lo, hi, s]);
        Some(Operand::rv(r, QualType::new(ut)))
    }

    /// `memcpy(dst, src, n)` / `memset(dst, c, n)`: a byte loop (nvcc expands them inline
    /// too); the result is `dst`.
    fn mem_loop(&mut self, copy: bool, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 3, span) {
            return None;
        }
        let (dst, dt) = self.expr_rv(args[0])?;
        if !self.types.is_pointer(dt.ty) {
            self.error(args[0].span, "argument must be a pointer");
            return None;
        }
        let src = if copy {
            let (s, st) = self.expr_rv(args[1])?;
            if !self.types.is_pointer(st.ty) {
                self.error(args[1].span, "argument must be a pointer");
                return None;
            }
            s
        } else {
            let int = self.int_ty(IntKind::Int);
            let c = self.arg_as(args[1], int)?;
            self.cast(CastOp::Trunc, c, Type::I8)
        };
        let ulong = self.int_ty(IntKind::ULong);
        let n = self.arg_as(args[2], ulong)?;
        let counter = self.alloca(8, 8, span)?;
        let zero = self.iconst(Type::I64, 0);
        self.store(counter, zero, 8, false);
        let header = self.new_block();
        let body = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        let i = self.load(Type::I64, counter, 8, false);
        let more = self.icmp(oxicc_ir::IntCC::Ult, i, n);
        self.branch(more, body, exit);
        self.switch_to(body);
        let byte = if copy {
            let from = self.ptr_add(src, i);
            self.load(Type::I8, from, 1, false)
        } else {
            src
        };
        let to = self.ptr_add(dst, i);
        self.store(to, byte, 1, false);
        let one = self.iconst(Type::I64, 1);
        let next = self.bin(BinaryOp::Add, i, one);
        self.store(counter, next, 8, false);
        self.jump_to(header);
        self.switch_to(exit);
        let void = QualType::new(self.types.void());
        let vp = QualType::new(self.types.pointer_to(void));
        Some(Operand::rv(dst, vp))
    }

    /// `__ldg(p)`: a read of `*p` (the read-only cache path is the backend's choice).
    /// Whether `__ldg(args)` reads a vector type (`float4`, `int2`, …): a pointer argument
    /// whose element is not a scalar.
    pub(super) fn ldg_of_vector(&mut self, args: &[&Expr<'_>]) -> bool {
        let [arg] = args else { return false };
        self.type_of_unevaluated(arg)
            .and_then(|t| self.types.pointee(t.ty))
            .is_some_and(|e| !self.types.is_scalar(e.ty))
    }

    fn ldg(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 1, span) {
            return None;
        }
        let (p, pt) = self.expr_rv(args[0])?;
        let Some(elem) = self
            .types
            .pointee(pt.ty)
            .filter(|e| self.types.is_scalar(e.ty))
        else {
            self.error(
                span,
                "no instance of overloaded function \"__ldg\" matches the argument list",
            );
            return None;
        };
        let v = self.load_scalar(p, elem);
        Some(Operand::rv(v, elem.unqual()))
    }
}
