//! Arrays of class objects (C++ [dcl.init.aggr], [class.dtor]): their elements are
//! constructed one by one in index order (`Vec3 a[4];` calls the default constructor four
//! times, `Vec3 a[3] = {Vec3(1, 2, 3), {4, 5, 6}}` constructs the first two from the list
//! and default-constructs the third), copied and destroyed element by element (destruction
//! in reverse index order). Arrays as class members are handled by the same helpers from the
//! memberwise construction, copy and destruction code.
//!
//! Small arrays are expanded inline; bigger ones get an index loop, so a `T a[1024]` does not
//! produce a thousand calls.

use super::Lowerer;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use hashbrown::HashSet;
use oxicc_ir::{BinaryOp, IntCC, Type, Value};

/// Arrays of at most this many class elements are expanded inline.
const INLINE_ELEMENTS: u64 = 4;

/// What one element callback gets: the element's address, the source element's address
/// (copies), and the element's class type.
pub(super) type EachElement<'f, 'l> =
    dyn FnMut(&mut Lowerer<'l>, Value, Option<Value>, QualType) + 'f;

impl<'l> Lowerer<'l> {
    /// The innermost element type of a (multi-dimensional) array type, the number of such
    /// elements and their size; `None` for other types and arrays of unknown bound.
    pub(super) fn flat_array(&self, ty: QualType) -> Option<(QualType, u64, u64)> {
        let mut t = ty;
        let mut n = 1u64;
        let mut any = false;
        while let TypeKind::Array { elem, len } = self.types.kind(t.ty) {
            n = n.checked_mul((*len)?)?;
            t = elem.with_quals(t.quals);
            any = true;
        }
        let size = self.types.size_of(t.ty)?;
        any.then_some((t, n, size))
    }

    /// Default initialization of an object of type `ty` (a class, or an array of them)
    /// calls constructors.
    pub fn needs_default_construct(&self, ty: QualType) -> bool {
        let t = self.flat_array(ty).map(|(t, _, _)| t).unwrap_or(ty);
        self.is_class(t).is_some()
            && (self.has_ctor_semantics(t) || self.special_of(t).members_need_init)
    }

    /// Default-constructs the object at `addr`: a class object, or every element of an
    /// array of class objects in index order.
    pub fn default_construct(&mut self, addr: Value, ty: QualType, span: Span) {
        if self.flat_array(ty).is_none() {
            self.construct_at(addr, ty, Vec::new(), span);
            return;
        }
        self.for_each_element(addr, None, ty, 0, false, &mut |l, a, _, t| {
            l.construct_at(a, t, Vec::new(), span);
        });
    }

    /// Calls `each` for the innermost elements `from..` of the array at `addr` (with the
    /// matching element of the array at `src`), last first when `reverse`.
    pub(super) fn for_each_element(
        &mut self,
        addr: Value,
        src: Option<Value>,
        ty: QualType,
        from: u64,
        reverse: bool,
        each: &mut EachElement<'_, 'l>,
    ) {
        let Some((elem, n, esize)) = self.flat_array(ty) else {
            return;
        };
        if from >= n {
            return;
        }
        if n - from <= INLINE_ELEMENTS {
            let order: Vec<u64> = if reverse {
                (from..n).rev().collect()
            } else {
                (from..n).collect()
            };
            for i in order {
                let a = self.ptr_add_const(addr, i * esize);
                let s = src.map(|s| self.ptr_add_const(s, i * esize));
                each(self, a, s, elem);
            }
            return;
        }
        // for (i = first; i != end; i += step) each(addr + i * esize)
        let span = self.cur_span;
        let Some(idx) = self.alloca(8, 8, span) else {
            return;
        };
        let (first, end, step) = if reverse {
            (n as i128 - 1, from as i128 - 1, -1)
        } else {
            (from as i128, n as i128, 1)
        };
        let v = self.iconst(Type::I64, first);
        self.store(idx, v, 8, false);
        let header = self.new_block();
        let body = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        let i = self.load(Type::I64, idx, 8, false);
        let e = self.iconst(Type::I64, end);
        let c = self.icmp(IntCC::Ne, i, e);
        self.branch(c, body, exit);
        self.switch_to(body);
        let size = self.iconst(Type::I64, esize as i128);
        let off = self.bin(BinaryOp::Mul, i, size);
        let a = self.ptr_add(addr, off);
        let s = src.map(|s| self.ptr_add(s, off));
        each(self, a, s, elem);
        let i = self.load(Type::I64, idx, 8, false);
        let st = self.iconst(Type::I64, step);
        let next = self.bin(BinaryOp::Add, i, st);
        self.store(idx, next, 8, false);
        self.jump_to(header);
        self.switch_to(exit);
    }

    /// After a braced list initialized the class objects at the offsets in `done`,
    /// default-constructs the other class objects of the aggregate at `addr` (array
    /// elements and members the list did not reach).
    pub(super) fn construct_uncovered(
        &mut self,
        addr: Value,
        ty: QualType,
        base: u64,
        done: &HashSet<u64>,
        span: Span,
    ) {
        if !self.needs_default_construct(ty) {
            return;
        }
        if let TypeKind::Array { elem, len } = self.types.kind(ty.ty).clone() {
            let (Some(len), Some(esize)) = (len, self.types.size_of(elem.ty)) else {
                return;
            };
            if self.is_class(elem).is_some() {
                // The list covers a prefix of the elements (a class with constructors is
                // never brace-elided): construct the rest with one loop.
                let first = (0..len)
                    .rev()
                    .find(|i| done.contains(&(base + i * esize)))
                    .map_or(0, |i| i + 1);
                for i in 0..first {
                    if !done.contains(&(base + i * esize)) {
                        let a = self.ptr_add_const(addr, i * esize);
                        self.default_construct(a, elem, span);
                    }
                }
                let sub = self.types.array_of(elem, Some(len));
                self.for_each_element(
                    addr,
                    None,
                    QualType::new(sub),
                    first,
                    false,
                    &mut |l, a, _, t| {
                        l.construct_at(a, t, Vec::new(), span);
                    },
                );
                return;
            }
            for i in 0..len {
                let a = self.ptr_add_const(addr, i * esize);
                self.construct_uncovered(a, elem, base + i * esize, done, span);
            }
            return;
        }
        if self.has_ctor_semantics(ty) {
            if !done.contains(&base) {
                self.construct_at(addr, ty, Vec::new(), span);
            }
            return;
        }
        // An aggregate class whose members have constructors.
        let Some(r) = self.is_class(ty) else {
            return;
        };
        let fields = self.types.record(r).fields.clone();
        for f in fields {
            if f.name.is_none() {
                continue;
            }
            let a = self.ptr_add_const(addr, f.offset);
            self.construct_uncovered(a, f.ty, base + f.offset, done, span);
        }
    }
}
