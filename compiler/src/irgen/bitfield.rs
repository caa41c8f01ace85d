//! Bit-fields: the width check of a declaration, reads (load the storage unit, shift and
//! mask, sign-extend a signed field), writes (read-modify-write of the unit), compound
//! assignment and `++`/`--`. The layout itself is `TypeTable::complete_record_with_bits`.
//!
//! The storage unit is an object of the field's declared type at the offset the layout
//! gives, so every access is one aligned load/store of that type, as nvcc emits them.

use super::expr::{ConvCtx, OpKind, Operand};
use super::Lowerer;
use crate::ast::{self, UnaryOp};
use crate::intern::Symbol;
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{BinaryOp as IrOp, IntCC, Value};

/// Where an assignment stores: an object's address or a bit-field.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Place {
    Addr(Value),
    Bits { unit: Value, bit: u32, width: u32 },
}

impl Lowerer<'_> {
    /// The width of a bit-field declaration, checked as nvcc does.
    pub fn bit_field_width(
        &mut self,
        e: &ast::Expr<'_>,
        ty: QualType,
        name: Option<Symbol>,
        span: Span,
    ) -> Option<u32> {
        if self.types.int_kind(ty.ty).is_none() {
            self.error(span, "invalid type for a bit field");
            return None;
        }
        let w = self.const_int(e)?;
        let bits = self.types.size_of(ty.ty).unwrap_or(0) as i128 * 8;
        if w < 0 {
            self.error(e.span, "invalid size for bit field");
            return None;
        }
        if w == 0 && name.is_some() {
            self.error(span, "zero-length bit field must be unnamed");
            return None;
        }
        if w > bits {
            self.warning(
                e.span,
                format!("declared size for bit field is larger than the size of the bit field type; truncated to {bits} bits"),
            );
            return Some(bits as u32);
        }
        Some(w as u32)
    }

    /// Reads a bit-field of type `ty`.
    pub fn load_bit_field(&mut self, unit: Value, ty: QualType, bit: u32, width: u32) -> Value {
        let mt = self.mem_type(ty.ty);
        let align = self.types.align_of(ty.ty);
        let raw = self.load(mt, unit, align, ty.quals.volatile);
        self.extract_bits(raw, ty, bit, width)
    }

    /// The field's value from the unit's bits.
    fn extract_bits(&mut self, raw: Value, ty: QualType, bit: u32, width: u32) -> Value {
        let mt = self.vty(raw);
        let unit_bits = mt.bits();
        let signed = self.types.int_kind(ty.ty).is_some_and(|k| k.signed());
        let v = if signed {
            let up = self.iconst(mt, (unit_bits - bit - width) as i128);
            let shl = self.bin(IrOp::Shl, raw, up);
            let down = self.iconst(mt, (unit_bits - width) as i128);
            self.bin(IrOp::AShr, shl, down)
        } else {
            let sh = self.iconst(mt, bit as i128);
            let shifted = self.bin(IrOp::LShr, raw, sh);
            if width == unit_bits {
                shifted
            } else {
                let mask = self.iconst(mt, (1i128 << width) - 1);
                self.bin(IrOp::And, shifted, mask)
            }
        };
        if self.types.is_bool(ty.ty) {
            let z = self.iconst(mt, 0);
            return self.icmp(IntCC::Ne, v, z);
        }
        v
    }

    /// Stores `v` (already of the field's type) into a bit-field; returns the value the
    /// field then holds (the assignment's result).
    fn store_bit_field(&mut self, place: Place, ty: QualType, v: Value) -> Value {
        let Place::Bits { unit, bit, width } = place else {
            unreachable!("a bit-field place")
        };
        let mt = self.mem_type(ty.ty);
        let align = self.types.align_of(ty.ty);
        let v = self.memory_repr(v, ty.ty);
        let old = self.load(mt, unit, align, ty.quals.volatile);
        let unit_bits = mt.bits();
        let field_mask: i128 = if width == unit_bits {
            -1
        } else {
            ((1i128 << width) - 1) << bit
        };
        let keep = self.iconst(mt, !field_mask);
        let kept = self.bin(IrOp::And, old, keep);
        let sh = self.iconst(mt, bit as i128);
        let placed = self.bin(IrOp::Shl, v, sh);
        let fm = self.iconst(mt, field_mask);
        let placed = self.bin(IrOp::And, placed, fm);
        let new = self.bin(IrOp::Or, kept, placed);
        self.store(unit, new, align, ty.quals.volatile);
        self.extract_bits(new, ty, bit, width)
    }

    /// `bf = e` / `bf op= e`.
    pub fn assign_bit_field(
        &mut self,
        op: Option<ast::BinaryOp>,
        place: Place,
        lt: QualType,
        ro: Operand,
        r_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let Place::Bits { unit, bit, width } = place else {
            unreachable!("a bit-field place")
        };
        let v = match op {
            None => self.implicit(ro, lt, ConvCtx::Assign, r_span)?,
            Some(bop) => {
                let old = self.load_bit_field(unit, lt, bit, width);
                let rnpc = ro.npc;
                let (rv, rt) = self.rvalue(ro, r_span)?;
                let res = self.binary_values(bop, (old, lt.unqual()), (rv, rt), rnpc, span)?;
                let OpKind::RValue(nv) = res.kind else {
                    return None;
                };
                self.implicit(Operand::rv(nv, res.ty), lt, ConvCtx::Assign, span)?
            }
        };
        let stored = self.store_bit_field(place, lt, v);
        Some(Operand::rv(stored, lt.unqual()))
    }

    /// `++bf`, `bf++`, `--bf`, `bf--`.
    pub fn inc_dec_bit_field(
        &mut self,
        op: UnaryOp,
        place: Place,
        t: QualType,
        span: Span,
    ) -> Option<Operand> {
        let Place::Bits { unit, bit, width } = place else {
            unreachable!("a bit-field place")
        };
        if self.types.is_bool(t.ty) {
            self.error(
                span,
                "a bool bit-field cannot be incremented or decremented",
            );
            return None;
        }
        let old = self.load_bit_field(unit, t, bit, width);
        let dec = matches!(op, UnaryOp::PreDec | UnaryOp::PostDec);
        let ty = self.vty(old);
        let one = self.iconst(ty, 1);
        let new = self.bin(if dec { IrOp::Sub } else { IrOp::Add }, old, one);
        let stored = self.store_bit_field(place, t, new);
        let post = matches!(op, UnaryOp::PostInc | UnaryOp::PostDec);
        Some(Operand::rv(if post { old } else { stored }, t.unqual()))
    }

    /// Initializes a bit-field member at `unit` from a value of any scalar type.
    pub fn init_bit_field(
        &mut self,
        unit: Value,
        ty: QualType,
        bits: (u32, u32),
        o: Operand,
        span: Span,
    ) {
        let Some(v) = self.implicit(o, ty, ConvCtx::Init, span) else {
            return;
        };
        let place = Place::Bits {
            unit,
            bit: bits.0,
            width: bits.1,
        };
        self.store_bit_field(place, ty.unqual(), v);
    }
}
