//! The object model of constant evaluation: every object (local variable, parameter,
//! temporary) is a little-endian byte image of its type, exactly as the device lays it out,
//! so that aggregates (`struct Table { unsigned v[256]; }`) are built in place (an
//! assignment `t.v[i] = c` writes four bytes, no copying of whole arrays) and a finished
//! object is a module variable's initializer as it is.
//!
//! A `Place` names a sub-object: a slot of the evaluation's `Memory` (or a constexpr
//! variable's finished image, read-only) and a byte offset with the sub-object's type.
//! Scalars are encoded and decoded at their type on every store and load, so a value is
//! always converted to the declared type of the object it is stored in (bit-identical to
//! the device's arithmetic).

use super::{Lowerer, VarId};
use crate::sema::consteval::{ConstError, ConstValue};
use crate::sema::conv::Arith;
use crate::sema::types::{FloatKind, IntKind, QualType, TypeKind};
use crate::source::Span;
use std::rc::Rc;

/// Where an object's bytes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base {
    /// A slot of the current evaluation's memory.
    Slot(u32),
    /// The finished image of a constexpr variable (read-only).
    Var(VarId),
}

/// A sub-object: its storage, offset and type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    pub base: Base,
    pub off: u64,
    pub ty: QualType,
}

/// The result of evaluating an expression.
#[derive(Clone, Debug)]
pub(crate) enum CxVal {
    /// An arithmetic (or enum) value.
    Scalar(ConstValue),
    /// A prvalue of class or array type: its type and bytes.
    Obj(QualType, Vec<u8>),
    /// An lvalue (or a reference): the object it designates.
    Ref(Place),
    /// A pointer to an object (`this`, `&x`).
    Ptr(Place),
}

/// Constexpr variables of class or array type, finished: their images by variable.
#[derive(Default)]
pub(crate) struct CxObjects {
    pub images: hashbrown::HashMap<VarId, (QualType, Rc<[u8]>)>,
    /// Those that are `static constexpr` data members (device code may read them where
    /// the access folds to a constant; namespace-scope ones only in constant expressions).
    pub members: hashbrown::HashSet<VarId>,
    /// Host `const char s[] = "…"` variables (not constexpr, so not in `images`: constant
    /// evaluation may not read them): their bytes, which the `C` asm constraint pastes.
    pub const_strings: hashbrown::HashMap<VarId, Rc<[u8]>>,
}

/// Bytes the live objects of one evaluation may hold (a runaway evaluation is "too
/// complex", not an out-of-memory abort).
const MAX_LIVE_BYTES: usize = 1 << 28;

/// The objects of one evaluation; slots are released in stack order (`mark`/`release`).
#[derive(Default)]
pub(crate) struct Memory {
    slots: Vec<Vec<u8>>,
    live: usize,
}

impl Memory {
    pub fn alloc(&mut self, bytes: Vec<u8>, span: Span) -> Result<u32, ConstError> {
        self.live += bytes.len();
        if self.live > MAX_LIVE_BYTES {
            return Err(ConstError::TooComplex(span));
        }
        self.slots.push(bytes);
        Ok(self.slots.len() as u32 - 1)
    }
    pub fn mark(&self) -> usize {
        self.slots.len()
    }
    pub fn release(&mut self, mark: usize) {
        for s in self.slots.drain(mark.min(self.slots.len())..) {
            self.live -= s.len();
        }
    }
}

impl Lowerer<'_> {
    /// The byte size of an object of type `t` in constant evaluation.
    pub fn cx_size(&self, t: QualType, span: Span) -> Result<u64, ConstError> {
        match self.types.size_of(t.ty) {
            Some(s) if s <= 1 << 24 => Ok(s),
            _ => Err(ConstError::NotConstant(span)),
        }
    }

    /// The bytes of scalar `v` converted to type `t` (arithmetic or enum).
    pub fn cx_encode(&self, v: ConstValue, t: QualType, span: Span) -> Result<Vec<u8>, ConstError> {
        let a = self.arith_of(t.ty).ok_or(ConstError::NotConstant(span))?;
        let size = self.cx_size(t, span)? as usize;
        Ok(match v.convert(a) {
            ConstValue::Int { value, .. } => (value as u128).to_le_bytes()[..size.min(16)].to_vec(),
            ConstValue::Float { value, kind } => match kind {
                FloatKind::Float => (value as f32).to_bits().to_le_bytes().to_vec(),
                _ => value.to_bits().to_le_bytes().to_vec(),
            },
        })
    }

    /// The scalar of type `t` stored in `b`.
    pub fn cx_decode(&self, b: &[u8], t: QualType, span: Span) -> Result<ConstValue, ConstError> {
        let a = self.arith_of(t.ty).ok_or(ConstError::NotConstant(span))?;
        Ok(match a {
            Arith::Int(k) => {
                let mut w = [0u8; 16];
                let n = b.len().min(16);
                w[..n].copy_from_slice(&b[..n]);
                let raw = u128::from_le_bytes(w);
                let bits = (n * 8) as u32;
                let value = if k.signed() && bits < 128 {
                    let sh = 128 - bits;
                    ((raw << sh) as i128) >> sh
                } else {
                    raw as i128
                };
                let value = if k == IntKind::Bool {
                    (value != 0) as i128
                } else {
                    value
                };
                ConstValue::int(value, k)
            }
            Arith::Float(FloatKind::Float) => {
                let w: [u8; 4] = b.try_into().map_err(|_| ConstError::NotConstant(span))?;
                ConstValue::Float {
                    value: f32::from_le_bytes(w) as f64,
                    kind: FloatKind::Float,
                }
            }
            Arith::Float(k) => {
                let w: [u8; 8] = b.try_into().map_err(|_| ConstError::NotConstant(span))?;
                ConstValue::Float {
                    value: f64::from_le_bytes(w),
                    kind: k,
                }
            }
        })
    }

    /// True when objects of `t` are handled as byte images (classes and arrays).
    pub fn cx_is_object(&self, t: QualType) -> bool {
        matches!(
            self.types.kind(t.ty),
            TypeKind::Record(_) | TypeKind::Array { .. }
        )
    }

    /// The arithmetic type's `TypeId` (for overload resolution on constant arguments).
    pub fn cx_type_of_scalar(&mut self, v: ConstValue) -> QualType {
        QualType::new(match v {
            ConstValue::Int { kind, .. } => self.types.int(kind),
            ConstValue::Float { kind, .. } => self.types.float(kind),
        })
    }
}

impl Memory {
    /// The bytes of `p` (bounds-checked: a dangling place is not a constant).
    pub fn bytes<'a>(
        &'a self,
        objs: &'a CxObjects,
        p: Place,
        size: u64,
        span: Span,
    ) -> Result<&'a [u8], ConstError> {
        let whole: &[u8] = match p.base {
            Base::Slot(s) => self
                .slots
                .get(s as usize)
                .ok_or(ConstError::NotConstant(span))?,
            Base::Var(v) => &objs.images.get(&v).ok_or(ConstError::NotConstant(span))?.1,
        };
        let end = p
            .off
            .checked_add(size)
            .ok_or(ConstError::NotConstant(span))?;
        whole
            .get(p.off as usize..end as usize)
            .ok_or(ConstError::NotConstant(span))
    }

    /// Overwrites the bytes of `p` (only slots are writable: a constexpr variable is not
    /// modifiable).
    pub fn write(&mut self, p: Place, b: &[u8], span: Span) -> Result<(), ConstError> {
        let Base::Slot(s) = p.base else {
            return Err(ConstError::NotConstant(span));
        };
        let slot = self
            .slots
            .get_mut(s as usize)
            .ok_or(ConstError::NotConstant(span))?;
        let end = (p.off as usize)
            .checked_add(b.len())
            .ok_or(ConstError::NotConstant(span))?;
        slot.get_mut(p.off as usize..end)
            .ok_or(ConstError::NotConstant(span))?
            .copy_from_slice(b);
        Ok(())
    }
}
