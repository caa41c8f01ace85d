//! GPU built-ins with more than one instruction behind them: warp shuffles (with CUDA's
//! width/clamp encoding, 64-bit values as two halves), votes, atomics (by pointee type, with
//! `_block`/`_system` scopes) and `printf` → `vprintf` with a packed argument buffer.

use super::builtins::Built;
use super::expr::Operand;
use super::{Lowerer, Tag};
use crate::ast::Expr;
use crate::sema::conv::{promote, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind};
use crate::source::Span;
use oxicc_ir::{
    AddrSpace, AsmBlock, AsmPiece, AsmReg, AtomicOp, BinaryOp, CastOp, FuncKind, Function,
    InstData, Linkage, ParamKind, Scope, ShuffleMode, Signature, Type, Value, VoteMode,
};

impl Lowerer<'_> {
    /// `__shfl*_sync(mask, var, lane_or_delta, width = warpSize)`; 64-bit values are shuffled
    /// as two halves, floats as their bits, like CUDA's headers.
    pub(super) fn shuffle(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        mode: ShuffleMode,
    ) -> Option<Operand> {
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

    /// `__syncwarp(mask = 0xffffffff)`.
    pub(super) fn warp_sync(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if args.len() > 1 {
            self.argc(args, 1, span);
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let mask = match args.first() {
            Some(a) => self.arg_as(a, ut)?,
            None => self.iconst(Type::I32, 0xffff_ffff),
        };
        self.ins(InstData::WarpSync { mask }, None);
        self.void_result()
    }

    /// `__activemask()`.
    /// `threadIdx`, `blockIdx` (`const uint3`), `blockDim`, `gridDim` (`const dim3`) as whole
    /// values (`uint3 t = threadIdx;`): a temporary filled from the special registers.
    /// `None` for other names, outside a function, or when the header's types are hidden.
    pub(super) fn builtin_var_value(&mut self, name: &str, span: Span) -> Option<Option<Operand>> {
        use oxicc_ir::{Dim, SpecialReg as R};
        let (make, tag): (fn(Dim) -> R, &str) = match name {
            "threadIdx" => (R::Tid, "uint3"),
            "blockIdx" => (R::CtaId, "uint3"),
            "blockDim" => (R::NTid, "dim3"),
            "gridDim" => (R::NCtaId, "dim3"),
            _ => return None,
        };
        let sym = self.interner.get(tag)?;
        let Some(Tag::Record(r)) = self.scopes.lookup_tag_at(0, sym).copied() else {
            return None;
        };
        self.f.as_ref()?;
        let ty = QualType::new(self.types.intern(TypeKind::Record(r))).with_quals(Qualifiers {
            konst: true,
            ..Qualifiers::default()
        });
        let Some(slot) = self.alloca(12, 4, span) else {
            return Some(None);
        };
        let ut = QualType::new(self.types.int(IntKind::UInt));
        for (i, d) in [Dim::X, Dim::Y, Dim::Z].into_iter().enumerate() {
            let v = self.ins_v(InstData::SpecialReg { reg: make(d) }, Type::I32);
            let a = self.ptr_add_const(slot, 4 * i as u64);
            self.store_scalar(a, v, ut);
        }
        Some(Some(Operand::lv(slot, ty)))
    }

    /// `clock()` and `clock64()`: a read of the SM's 64-bit cycle counter, as nvcc (CUDA 13)
    /// lowers both (`mov.u64 %rd, %clock64;`). It is a volatile inline-PTX statement, so two
    /// reads are never merged or moved across memory operations; `clock()` returns it as
    /// `clock_t` (`long`).
    pub(super) fn clock_read(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        if !self.argc(args, 0, span) {
            return None;
        }
        let asm = AsmBlock {
            pieces: vec![
                AsmPiece::Text("mov.u64 ".into()),
                AsmPiece::Operand(0),
                AsmPiece::Text(", %clock64;".into()),
            ],
            outputs: vec![AsmReg::L],
            inputs: Vec::new(),
            tied: Vec::new(),
            volatile: true,
            memory: false,
        };
        let data = InstData::InlineAsm {
            asm: Box::new(asm),
            args: Vec::new(),
        };
        let r = self.ins_v(data, Type::I64);
        let kind = if n == "clock" {
            IntKind::Long
        } else {
            IntKind::LongLong
        };
        Some(Operand::rv(r, QualType::new(self.int_ty(kind))))
    }

    pub(super) fn active_mask(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if !self.argc(args, 0, span) {
            return None;
        }
        let ut = self.int_ty(IntKind::UInt);
        let r = self.ins_v(InstData::ActiveMask, Type::I32);
        Some(Operand::rv(r, QualType::new(ut)))
    }

    pub(super) fn vote(
        &mut self,
        args: &[&Expr<'_>],
        span: Span,
        mode: VoteMode,
    ) -> Option<Operand> {
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
    pub(super) fn atomic(&mut self, n: &str, args: &[&Expr<'_>], span: Span) -> Built {
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
        if self.vty(p) == Type::Ptr(AddrSpace::Const) {
            self.store_to_constant();
            let r = self.iconst(Type::I32, 0);
            let int = self.types.int(IntKind::Int);
            let r = self.convert(r, int, elem.ty);
            return Some(Operand::rv(r, elem));
        }
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
    pub(super) fn printf(&mut self, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
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
