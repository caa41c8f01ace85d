//! Bit plumbing for `sroa`: converting a value between same-width types, assembling a wide
//! load from the values of the partitions it spans (`zext`, `shl`, `or`), and cutting a wide
//! stored value into the partitions' pieces (`lshr`, `trunc`).
//!
//! Cutting first looks through the instructions that computed the wide value: when it was
//! assembled from pieces (an `int2` read whole from one split slot and stored whole into
//! another, possibly rounds or runs apart), the original piece is reused, so such copies
//! fold back to plain field values instead of shift chains. The walk is bounded in depth.

use oxicc_ir::{BinaryOp, CastOp, Function, Inst, InstData, Type, Value};

/// The cast turning a `from` value into a `to` one (`None` inside `Some` when they are
/// equal), or `None` when there is none of the same width.
pub(crate) fn convertible(from: Type, to: Type) -> Option<Option<CastOp>> {
    if from == to {
        return Some(None);
    }
    match (from.is_ptr(), to.is_ptr()) {
        (false, false) if from.bits() == to.bits() => Some(Some(CastOp::Bitcast)),
        (true, false) if to == Type::I64 => Some(Some(CastOp::PtrToInt)),
        (false, true) if from == Type::I64 => Some(Some(CastOp::IntToPtr)),
        _ => None,
    }
}

/// Instructions created for one rewrite, in order.
pub(crate) struct Emit<'a> {
    pub func: &'a mut Function,
    pub out: Vec<Inst>,
}

impl Emit<'_> {
    pub fn ins(&mut self, data: InstData, ty: Type) -> Value {
        let i = self.func.make_inst(data, Some(ty));
        self.out.push(i);
        self.func.result(i)
    }

    fn iconst(&mut self, ty: Type, imm: u64) -> Value {
        self.ins(InstData::IConst { ty, imm }, ty)
    }

    fn binary(&mut self, op: BinaryOp, lhs: Value, rhs: Value) -> Value {
        let ty = self.func.value_type(lhs);
        self.ins(
            InstData::Binary {
                op,
                lhs,
                rhs,
                nsw: false,
            },
            ty,
        )
    }

    fn cast(&mut self, op: CastOp, arg: Value, to: Type) -> Value {
        self.ins(InstData::Cast { op, arg, to }, to)
    }

    /// `v` as a value of type `to` (same width; see [`convertible`]).
    pub fn convert(&mut self, v: Value, to: Type) -> Value {
        match convertible(self.func.value_type(v), to).expect("same-width types") {
            None => v,
            Some(op) => self.cast(op, v, to),
        }
    }

    /// The `wide` value whose bytes are `pieces` (byte offset within it, value), which
    /// cover it without overlap.
    pub fn assemble(&mut self, pieces: &[(u32, Value)], wide: Type) -> Value {
        let int = wide.as_int();
        let mut acc: Option<Value> = None;
        for &(byte, v) in pieces {
            let ty = self.func.value_type(v);
            let mut x = self.convert(v, ty.as_int());
            if ty.bits() < int.bits() {
                x = self.cast(CastOp::ZExt, x, int);
            }
            if byte != 0 {
                let k = self.iconst(int, byte as u64 * 8);
                x = self.binary(BinaryOp::Shl, x, k);
            }
            acc = Some(match acc {
                None => x,
                Some(a) => self.binary(BinaryOp::Or, a, x),
            });
        }
        let acc = acc.expect("a wide access spans partitions");
        self.convert(acc, wide)
    }

    /// The bytes `[byte, byte + to.bytes())` of `v`, as a `to`.
    pub fn extract(&mut self, v: Value, byte: u32, to: Type) -> Value {
        if let Some(found) = find_bits(self.func, v, byte * 8, to.bits(), 0) {
            if convertible(self.func.value_type(found), to).is_some() {
                return self.convert(found, to);
            }
        }
        let ty = self.func.value_type(v);
        let mut x = self.convert(v, ty.as_int());
        if byte != 0 {
            let k = self.iconst(ty.as_int(), byte as u64 * 8);
            x = self.binary(BinaryOp::LShr, x, k);
        }
        if to.bits() < ty.bits() {
            x = self.cast(CastOp::Trunc, x, to.as_int());
        }
        self.convert(x, to)
    }
}

/// How deep `find_bits` looks through the computation of a value.
const MAX_DEPTH: u32 = 12;

/// A value that holds exactly bits `[lo, lo + width)` of `v`, found by looking through the
/// `or`/`shl`/`lshr`/`zext`/`bitcast` instructions that computed `v`.
fn find_bits(func: &Function, v: Value, lo: u32, width: u32, depth: u32) -> Option<Value> {
    let ty = func.value_type(v);
    if lo == 0 && width == ty.bits() {
        return Some(v);
    }
    if depth > MAX_DEPTH || lo + width > ty.bits() {
        return None;
    }
    let i = func.def_inst(v)?;
    match func.insts[i].data {
        InstData::Binary {
            op: BinaryOp::Or,
            lhs,
            rhs,
            ..
        } => {
            if known_zero(func, lhs, lo, width, depth + 1) {
                find_bits(func, rhs, lo, width, depth + 1)
            } else if known_zero(func, rhs, lo, width, depth + 1) {
                find_bits(func, lhs, lo, width, depth + 1)
            } else {
                None
            }
        }
        InstData::Binary {
            op: BinaryOp::Shl,
            lhs,
            rhs,
            ..
        } => {
            let c = shift_amount(func, rhs)?;
            (lo >= c).then(|| find_bits(func, lhs, lo - c, width, depth + 1))?
        }
        InstData::Binary {
            op: BinaryOp::LShr,
            lhs,
            rhs,
            ..
        } => {
            let c = shift_amount(func, rhs)?;
            find_bits(func, lhs, lo + c, width, depth + 1)
        }
        InstData::Cast {
            op: CastOp::ZExt | CastOp::Bitcast,
            arg,
            ..
        } => find_bits(func, arg, lo, width, depth + 1),
        _ => None,
    }
}

/// True when bits `[lo, lo + width)` of `v` are known to be zero.
fn known_zero(func: &Function, v: Value, lo: u32, width: u32, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let Some(i) = func.def_inst(v) else {
        return false;
    };
    match func.insts[i].data {
        InstData::IConst { imm, .. } => {
            let mask = if width >= 64 {
                u64::MAX
            } else {
                (1u64 << width) - 1
            };
            lo >= 64 || (imm >> lo) & mask == 0
        }
        InstData::Cast {
            op: CastOp::ZExt,
            arg,
            ..
        } => {
            let bits = func.value_type(arg).bits();
            lo >= bits || known_zero(func, arg, lo, width.min(bits - lo), depth + 1)
        }
        InstData::Binary {
            op: BinaryOp::Shl,
            lhs,
            rhs,
            ..
        } => match shift_amount(func, rhs) {
            Some(c) if lo + width <= c => true,
            Some(c) if lo >= c => known_zero(func, lhs, lo - c, width, depth + 1),
            _ => false,
        },
        InstData::Binary {
            op: BinaryOp::Or,
            lhs,
            rhs,
            ..
        } => {
            known_zero(func, lhs, lo, width, depth + 1)
                && known_zero(func, rhs, lo, width, depth + 1)
        }
        _ => false,
    }
}

/// A constant shift amount below the operand width.
fn shift_amount(func: &Function, v: Value) -> Option<u32> {
    let i = func.def_inst(v)?;
    match func.insts[i].data {
        InstData::IConst { ty, imm } if imm < ty.bits() as u64 => Some(imm as u32),
        _ => None,
    }
}
