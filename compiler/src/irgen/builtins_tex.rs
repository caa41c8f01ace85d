//! The texture and surface primitives the built-in headers `texture_indirect_functions.h`
//! and `surface_indirect_functions.h` are written with (`docs/textures.md`):
//!
//! - `__oxicc_tex(KIND, GEOM, MODE, COMP, handle, coords…, level | gradients…)` and
//!   `__oxicc_texi(…)` (integer coordinates, `tex1Dfetch`): one component of a fetch, as a
//!   `float` holding the component's bits (KIND 0 `f32`, 1 `s32`, 2 `u32`; the header
//!   reinterprets integer kinds with `__float_as_int`, which folds away);
//! - `__oxicc_suld(BITS, GEOM, VEC, COMP, CLAMP, handle, coords…)`: one component of a
//!   surface load, zero-extended to `unsigned long long`;
//! - `__oxicc_sust(BITS, GEOM, VEC, CLAMP, handle, coords…, v0, v1, v2, v3)`: a store of the
//!   first VEC values (`unsigned long long`, truncated to BITS).
//!
//! The capitals are integer constant expressions: GEOM 0..6 is `1d 2d 3d a1d a2d cube acube`;
//! MODE 0 plain, 1 level, 2 grad, 4+c gather of component c; CLAMP is
//! `cudaSurfaceBoundaryMode` (0 zero, 1 clamp, 2 trap). Coordinates come in PTX's order, the
//! layer index first. One name per primitive with the kind as an argument lets the headers
//! stay templates over a traits class, instantiated only for the types a file uses.

use super::expr::Operand;
use super::Lowerer;
use crate::ast::Expr;
use crate::sema::types::{FloatKind, IntKind, QualType};
use crate::source::Span;
use oxicc_ir::{
    CastOp, InstData, SurfClamp, SurfOp, TexGeom, TexKind, TexMode, TexOp, Type, Value,
};

impl Lowerer<'_> {
    /// Lowers a texture/surface primitive; `None` when `n` is not one.
    pub(super) fn tex_builtin(
        &mut self,
        n: &str,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        Some(match n {
            "__oxicc_tex" => self.tex_fetch(false, args, span),
            "__oxicc_texi" => self.tex_fetch(true, args, span),
            "__oxicc_suld" => self.surf_access(false, args, span),
            "__oxicc_sust" => self.surf_access(true, args, span),
            _ => return None,
        })
    }

    /// An integer constant argument within `0..=max`.
    fn small_const(&mut self, e: &Expr<'_>, max: i128) -> Option<u8> {
        let v = self.const_int(e)?;
        if !(0..=max).contains(&v) {
            self.error(e.span, format!("argument must be between 0 and {max}"));
            return None;
        }
        Some(v as u8)
    }

    fn handle_arg(&mut self, e: &Expr<'_>) -> Option<Value> {
        let t = self.int_ty(IntKind::ULongLong);
        self.arg_as(e, t)
    }

    fn tex_fetch(&mut self, int_coords: bool, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if args.len() < 5 {
            self.argc(args, 5, span);
            return None;
        }
        let result =
            [TexKind::F32, TexKind::S32, TexKind::U32][self.small_const(args[0], 2)? as usize];
        let args = &args[1..];
        let geom = TexGeom::ALL[self.small_const(args[0], 6)? as usize];
        let mode = match self.small_const(args[1], 7)? {
            0 => TexMode::Plain,
            1 => TexMode::Level,
            2 => TexMode::Grad,
            3 => {
                self.error(args[1].span, "unknown texture fetch mode");
                return None;
            }
            c => TexMode::Gather(c - 4),
        };
        if matches!(mode, TexMode::Gather(_))
            && (int_coords || !matches!(geom, TexGeom::D2 | TexGeom::A2d))
        {
            self.error(
                span,
                "a texture gather needs a 2D texture and float coordinates",
            );
            return None;
        }
        let comp = self.small_const(args[2], 3)?;
        let op = TexOp {
            geom,
            mode,
            result,
            int_coords,
            comp,
        };
        if args.len() != 3 + op.operands() {
            self.argc(args, 3 + op.operands(), span);
            return None;
        }
        let int = self.int_ty(IntKind::Int);
        let float = self.types.float(FloatKind::Float);
        let mut vals = vec![self.handle_arg(args[3])?];
        let n = geom.coords();
        for (k, a) in args[4..].iter().enumerate() {
            let t = if k == 0 && geom.layered() || k < n && int_coords {
                int
            } else {
                float
            };
            vals.push(self.arg_as(a, t)?);
        }
        let r = self.ins_v(InstData::TexFetch { op, args: vals }, op.result_type());
        let r = if result == TexKind::F32 {
            r
        } else {
            self.cast(CastOp::Bitcast, r, Type::F32)
        };
        Some(Operand::rv(r, QualType::new(float)))
    }

    fn surf_access(&mut self, store: bool, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        // BITS GEOM VEC [COMP] CLAMP handle
        let fixed = if store { 5 } else { 6 };
        if args.len() < fixed {
            self.argc(args, fixed, span);
            return None;
        }
        let bits = self.small_const(args[0], 64)?;
        let geom = TexGeom::ALL[self.small_const(args[1], 4)? as usize];
        let vec = self.small_const(args[2], 4)?;
        let comp = if store {
            0
        } else {
            self.small_const(args[3], 3)?
        };
        let clamp = match self.small_const(args[fixed - 2], 2)? {
            0 => SurfClamp::Zero,
            1 => SurfClamp::Clamp,
            _ => SurfClamp::Trap,
        };
        let op = SurfOp {
            geom,
            bits,
            vec,
            comp,
            clamp,
        };
        if !op.valid() {
            self.error(span, "no surface access of this shape exists");
            return None;
        }
        let n = geom.coords();
        let want = fixed + n + if store { 4 } else { 0 };
        if !self.argc(args, want, span) {
            return None;
        }
        let int = self.int_ty(IntKind::Int);
        let ull = self.int_ty(IntKind::ULongLong);
        let vt = op.value_type();
        let mut vals = vec![self.handle_arg(args[fixed - 1])?];
        for (k, a) in args[fixed..].iter().enumerate() {
            if k < n {
                vals.push(self.arg_as(a, int)?);
            } else {
                let v = self.arg_as(a, ull)?;
                if k - n < vec as usize {
                    let v = if vt == Type::I64 {
                        v
                    } else {
                        self.cast(CastOp::Trunc, v, vt)
                    };
                    vals.push(v);
                }
            }
        }
        if store {
            self.ins(InstData::SurfWrite { op, args: vals }, None);
            return self.void_result();
        }
        let r = self.ins_v(InstData::SurfRead { op, args: vals }, vt);
        let r = if vt == Type::I64 {
            r
        } else {
            self.cast(CastOp::ZExt, r, Type::I64)
        };
        Some(Operand::rv(r, QualType::new(ull)))
    }
}
