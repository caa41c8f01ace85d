//! Initializers: braced lists flattened to (offset, scalar type, expression) leaves with C's
//! brace elision, then either stored (locals: the object is zeroed first, then each leaf is
//! converted and stored) or evaluated to bytes (module variables: exact constant folding,
//! little-endian).

use super::expr::{ConvCtx, OpKind};
use super::Lowerer;
use crate::ast::{Expr, ExprKind, Init};
use crate::sema::consteval::ConstValue;
use crate::sema::types::{IntKind, QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{Type, Value};

/// The value at the end of a path through an initializer.
enum Leaf<'e, 'a> {
    Scalar(&'e Expr<'a>),
    /// A braced list initializing a class object with constructors (`{4, 5, 6}` for a
    /// `Vec3` element): a constructor call, not brace elision into its members.
    Ctor(&'a [Init<'a>], Span),
    /// A string literal initializing a `char` array of `len` elements.
    Str(&'a [u8], u64, Span),
}

struct Flat<'e, 'a> {
    off: u64,
    ty: QualType,
    leaf: Leaf<'e, 'a>,
    /// A bit-field member: (first bit, width) in the unit at `off`.
    bits: Option<(u32, u32)>,
}

/// A leaf of an initializer as the constexpr interpreter sees it.
pub(super) enum LeafRef<'e, 'a> {
    Scalar(&'e Expr<'a>),
    /// A braced list for a class object with constructors: the constructor's arguments.
    Ctor(&'a [Init<'a>], Span),
    /// The bytes a string literal stores into its `char` array (without the padding).
    Str(Vec<u8>),
}

/// Function addresses in a module variable's initial value: (byte offset, function).
pub type FuncAddrs = Vec<(u64, oxicc_ir::FuncId)>;

impl Lowerer<'_> {
    /// The leaves of an initializer for an object of type `ty`: offset, type, value and
    /// bit-field position (for the constexpr interpreter).
    #[allow(clippy::type_complexity)]
    pub(super) fn init_leaves<'e, 'a>(
        &mut self,
        ty: QualType,
        init: &'e Init<'a>,
    ) -> Option<Vec<(u64, QualType, LeafRef<'e, 'a>, Option<(u32, u32)>)>> {
        let leaves = self.leaves(ty, init)?;
        let mut out = Vec::with_capacity(leaves.len());
        for l in leaves {
            let leaf = match l.leaf {
                Leaf::Scalar(e) => LeafRef::Scalar(e),
                Leaf::Ctor(items, span) => LeafRef::Ctor(items, span),
                Leaf::Str(b, len, span) => {
                    if !self.check_string_fits(b, len, span) {
                        return None;
                    }
                    LeafRef::Str(b.to_vec())
                }
            };
            out.push((l.off, l.ty, leaf, l.bits));
        }
        Some(out)
    }

    pub(super) fn is_aggregate(&self, t: QualType) -> bool {
        match self.types.kind(t.ty) {
            TypeKind::Array { .. } => true,
            // A pointer to member function is a pair in memory, but one value in C++.
            TypeKind::Record(r) => self.types.record(*r).member_fn_ptr.is_none(),
            _ => false,
        }
    }

    pub(super) fn is_char_array(&self, t: QualType) -> Option<Option<u64>> {
        match self.types.kind(t.ty) {
            TypeKind::Array { elem, len } => matches!(
                self.types.int_kind(elem.ty),
                Some(IntKind::Char | IntKind::SChar | IntKind::UChar)
            )
            .then_some(*len),
            _ => None,
        }
    }

    /// Completes `T x[] = …` from the initializer.
    pub fn complete_array_from_init(&mut self, ty: QualType, init: &Init<'_>) -> QualType {
        let TypeKind::Array { elem, len: None } = self.types.kind(ty.ty).clone() else {
            return ty;
        };
        let n = match init {
            Init::Expr(Expr {
                kind: ExprKind::StrLit(b),
                ..
            }) if self.is_char_array(ty).is_some() => b.len() as u64 + 1,
            Init::List { items, .. } => {
                let per = self.leaf_count(elem).max(1);
                if items.iter().all(|i| matches!(i, Init::List { .. })) || per == 1 {
                    items.len() as u64
                } else {
                    (items.len() as u64).div_ceil(per)
                }
            }
            _ => return ty,
        };
        if n == 0 {
            return ty;
        }
        QualType {
            ty: self.types.array_of(elem, Some(n)),
            quals: ty.quals,
        }
    }

    /// How many scalars an object of type `t` holds (for brace elision counting).
    fn leaf_count(&self, t: QualType) -> u64 {
        match self.types.kind(t.ty) {
            TypeKind::Array { elem, len } => {
                len.unwrap_or(1).saturating_mul(self.leaf_count(*elem))
            }
            TypeKind::Record(r) => {
                let info = self.types.record(*r);
                if info.kind == crate::ast::TagKind::Union {
                    info.fields
                        .first()
                        .map(|f| self.leaf_count(f.ty))
                        .unwrap_or(0)
                } else {
                    info.fields.iter().map(|f| self.leaf_count(f.ty)).sum()
                }
            }
            _ => 1,
        }
    }

    /// The sub-objects of an aggregate in initialization order (`None` length: unbounded).
    fn sub_object(
        &self,
        t: QualType,
        i: u64,
    ) -> Option<(u64, QualType, Option<crate::sema::types::BitRange>)> {
        match self.types.kind(t.ty) {
            TypeKind::Array { elem, len } => {
                if len.is_some_and(|n| i >= n) {
                    return None;
                }
                let size = self.types.size_of(elem.ty)?;
                Some((i * size, elem.with_quals(t.quals), None))
            }
            TypeKind::Record(r) => {
                let info = self.types.record(*r);
                if info.kind == crate::ast::TagKind::Union && i > 0 {
                    return None;
                }
                let f = info.fields.get(i as usize)?;
                Some((f.offset, f.ty.with_quals(t.quals), f.bits))
            }
            _ => None,
        }
    }

    fn flatten_braced<'e, 'a>(
        &mut self,
        ty: QualType,
        items: &'e [Init<'a>],
        base: u64,
        span: Span,
        out: &mut Vec<Flat<'e, 'a>>,
    ) -> Option<()> {
        if self.is_aggregate(ty) {
            let mut pos = 0;
            self.fill(ty, items, &mut pos, base, out)?;
            if pos < items.len() {
                self.error(span, "too many initializer values");
                return None;
            }
            return Some(());
        }
        match items {
            [] => Some(()),
            [Init::Expr(e)] => {
                out.push(Flat {
                    off: base,
                    ty,
                    leaf: Leaf::Scalar(e),
                    bits: None,
                });
                Some(())
            }
            [Init::List { items, span }] => self.flatten_braced(ty, items, base, *span, out),
            _ => {
                self.error(span, "too many initializer values");
                None
            }
        }
    }

    /// The type of a simple expression (name, call, member, element), without diagnostics;
    /// `None` when it cannot tell.
    fn quick_type(&mut self, e: &Expr<'_>, depth: u32) -> Option<crate::sema::TypeId> {
        if depth > 64 {
            return None;
        }
        match &e.kind {
            ExprKind::Ident(n) => match self.scopes.lookup(*n).copied()? {
                super::Binding::Var(v) => Some(self.var(v).ty.ty),
                _ => None,
            },
            ExprKind::Call { callee, .. } => match &callee.kind {
                ExprKind::Ident(n) => match self.scopes.lookup(*n).copied()? {
                    super::Binding::Func(f) => Some(self.func_info(f).ret.ty),
                    _ => None,
                },
                _ => None,
            },
            ExprKind::Index { base, .. } => {
                let t = self.quick_type(base, depth + 1)?;
                self.types
                    .array_elem(t)
                    .or_else(|| self.types.pointee(t))
                    .map(|q| q.ty)
            }
            ExprKind::Unary {
                op: crate::ast::UnaryOp::Deref,
                expr,
            } => {
                let t = self.quick_type(expr, depth + 1)?;
                self.types.pointee(t).map(|q| q.ty)
            }
            ExprKind::Member {
                base, name, arrow, ..
            } => {
                let t = self.quick_type(base, depth + 1)?;
                let rt = if *arrow { self.types.pointee(t)?.ty } else { t };
                let TypeKind::Record(r) = self.types.kind(rt) else {
                    return None;
                };
                let f = self
                    .types
                    .record(*r)
                    .fields
                    .iter()
                    .find(|f| f.name == Some(*name))?;
                Some(f.ty.ty)
            }
            _ => None,
        }
    }

    /// Consumes items from `pos` into the sub-objects of aggregate `ty` (brace elision).
    fn fill<'e, 'a>(
        &mut self,
        ty: QualType,
        items: &'e [Init<'a>],
        pos: &mut usize,
        base: u64,
        out: &mut Vec<Flat<'e, 'a>>,
    ) -> Option<()> {
        let mut i = 0u64;
        while *pos < items.len() {
            let Some((off, st, bits)) = self.sub_object(ty, i) else {
                break;
            };
            i += 1;
            match &items[*pos] {
                Init::List { items: sub, span } => {
                    if self.has_ctor_semantics(st) {
                        out.push(Flat {
                            off: base + off,
                            ty: st,
                            leaf: Leaf::Ctor(sub, *span),
                            bits: None,
                        });
                    } else {
                        self.flatten_braced(st, sub, base + off, *span, out)?;
                    }
                    *pos += 1;
                }
                Init::Expr(e) => {
                    if let (Some(len), ExprKind::StrLit(b)) = (self.is_char_array(st), &e.kind) {
                        out.push(Flat {
                            off: base + off,
                            ty: st,
                            leaf: Leaf::Str(b, len.unwrap_or(b.len() as u64 + 1), e.span),
                            bits: None,
                        });
                        *pos += 1;
                    } else if self.is_aggregate(st)
                        && !self.has_ctor_semantics(st)
                        && self.quick_type(e, 0) != Some(st.ty)
                    {
                        // Brace elision, unless the expression is a whole struct of the
                        // member's type (C++ [dcl.init.aggr]: it initializes the member).
                        self.fill(st, items, pos, base + off, out)?;
                    } else {
                        out.push(Flat {
                            off: base + off,
                            ty: st,
                            leaf: Leaf::Scalar(e),
                            bits,
                        });
                        *pos += 1;
                    }
                }
            }
        }
        Some(())
    }

    /// The leaves of any initializer for an object of type `ty`.
    fn leaves<'e, 'a>(&mut self, ty: QualType, init: &'e Init<'a>) -> Option<Vec<Flat<'e, 'a>>> {
        let mut out = Vec::new();
        match init {
            Init::List { items, span } => self.flatten_braced(ty, items, 0, *span, &mut out)?,
            Init::Expr(e) => match (self.is_char_array(ty), &e.kind) {
                (Some(len), ExprKind::StrLit(b)) => out.push(Flat {
                    off: 0,
                    ty,
                    leaf: Leaf::Str(b, len.unwrap_or(b.len() as u64 + 1), e.span),
                    bits: None,
                }),
                _ => out.push(Flat {
                    off: 0,
                    ty,
                    leaf: Leaf::Scalar(e),
                    bits: None,
                }),
            },
        }
        Some(out)
    }

    fn check_string_fits(&mut self, b: &[u8], len: u64, span: Span) -> bool {
        // C++ (unlike C) needs room for the terminating NUL ([dcl.init.string]).
        if b.len() as u64 + 1 > len {
            let msg = format!(
                "a value of type \"const char [{}]\" cannot be used to initialize an entity of type \"char [{len}]\"",
                b.len() + 1
            );
            self.error(span, msg);
            return false;
        }
        true
    }

    /// Bytes of a module variable's initial value.
    /// Function addresses (function-pointer members and elements) are returned as
    /// (byte offset, function) with zero bytes in their place.
    pub fn global_init_bytes(
        &mut self,
        ty: QualType,
        init: &Init<'_>,
        size: u64,
    ) -> Option<(Vec<u8>, FuncAddrs)> {
        if size > (1 << 28) {
            self.error(Span::default(), "initialized variable is too large");
            return None;
        }
        // Objects built by constexpr functions and constructors, evaluated at compile time.
        let by_constexpr = match init {
            Init::Expr(e) => self.is_aggregate(ty) && !matches!(e.kind, ExprKind::StrLit(_)),
            Init::List { .. } => self.has_ctor_semantics(ty) || self.needs_default_construct(ty),
        };
        if by_constexpr {
            return match self.constexpr_object(ty, Some(init), init_span(init)) {
                Ok(b) if b.len() as u64 == size => Some((b, Vec::new())),
                Ok(_) => None,
                Err(err) => {
                    self.report_const_error(init_span(init), err);
                    None
                }
            };
        }
        let leaves = self.leaves(ty, init)?;
        let mut bytes = vec![0u8; size as usize];
        let mut func_addrs = Vec::new();
        let mut ok = true;
        for l in leaves {
            match l.leaf {
                Leaf::Str(b, len, span) => {
                    if !self.check_string_fits(b, len, span) {
                        ok = false;
                        continue;
                    }
                    let at = l.off as usize;
                    bytes[at..at + b.len()].copy_from_slice(b);
                }
                Leaf::Ctor(_, lspan) => {
                    self.error(
                        lspan,
                        "dynamic initialization is not supported for a __device__ variable",
                    );
                    ok = false;
                }
                Leaf::Scalar(e) => {
                    if self.is_aggregate(l.ty) {
                        self.error(
                            e.span,
                            "initialization with \"{...}\" expected for aggregate object",
                        );
                        ok = false;
                        continue;
                    }
                    // `nullptr` for a pointer: all zero bits, as the bytes already are (it
                    // is no integer constant the evaluator folds).
                    if self.types.is_pointer(l.ty.ty) && matches!(e.kind, ExprKind::Nullptr) {
                        continue;
                    }
                    if self.fn_pointer_parts(l.ty).is_some() {
                        if let Some(f) = self.const_function_designator(e) {
                            match self.const_function_address(f, e.span) {
                                Some(ir) => func_addrs.push((l.off, ir)),
                                None => ok = false,
                            }
                            continue;
                        }
                    }
                    let Some(v) = self.const_eval(e) else {
                        ok = false;
                        continue;
                    };
                    let Some(b) = self.const_bytes(v, l.ty, e.span) else {
                        ok = false;
                        continue;
                    };
                    let at = l.off as usize;
                    match l.bits {
                        Some((bit, width)) => {
                            insert_bits(&mut bytes[at..at + b.len()], &b, bit, width)
                        }
                        None => bytes[at..at + b.len()].copy_from_slice(&b),
                    }
                }
            }
        }
        ok.then_some((bytes, func_addrs))
    }

    /// A constant converted to scalar type `ty`, as little-endian bytes.
    fn const_bytes(&mut self, v: ConstValue, ty: QualType, span: Span) -> Option<Vec<u8>> {
        if self.types.is_pointer(ty.ty) {
            if v.as_int() == Some(0) {
                return Some(vec![0; 8]);
            }
            self.error(
                span,
                "address constants in initializers are not supported yet",
            );
            return None;
        }
        let Some(a) = self.arith_of(ty.ty) else {
            self.error(span, "a value of this type cannot initialize this object");
            return None;
        };
        if let TypeKind::Enum(_) = self.types.kind(ty.ty) {
            // Enumerators carry the enum's underlying kind; other integers do not convert.
        }
        let size = self.types.size_of(ty.ty).unwrap_or(4) as usize;
        Some(match v.convert(a) {
            ConstValue::Int { value, .. } => (value as u128).to_le_bytes()[..size].to_vec(),
            ConstValue::Float { value, .. } => {
                if size == 4 {
                    (value as f32).to_bits().to_le_bytes().to_vec()
                } else {
                    value.to_bits().to_le_bytes().to_vec()
                }
            }
        })
    }

    /// Initializes a local object at `addr`.
    pub fn local_init(&mut self, addr: Value, ty: QualType, init: &Init<'_>, span: Span) {
        if self.has_ctor_semantics(ty) {
            self.construct_from_init(addr, ty, init, span);
            return;
        }
        // A scalar or a struct copy from an expression.
        if let Init::Expr(e) = init {
            if self.types.is_record(ty.ty) {
                let Some(o) = self.expr(e) else {
                    return;
                };
                let o = match self.class_to_class(&o, ty, e.span) {
                    Some(Some(c)) => c,
                    Some(None) => return,
                    None => o,
                };
                match o.kind {
                    OpKind::LValue(_) if o.ty.ty == ty.ty => {
                        self.copy_construct(addr, ty.unqual(), o, e.span);
                    }
                    _ if self.null_member_fn_ptr_init(addr, ty, &o) => {}
                    _ => {
                        let msg = format!(
                            "a value of type \"{}\" cannot be used to initialize an entity of type \"{}\"",
                            self.show(o.ty),
                            self.show(ty)
                        );
                        self.error(e.span, msg);
                    }
                }
                return;
            }
            if !self.is_aggregate(ty) {
                let Some(o) = self.expr(e) else {
                    return;
                };
                self.check_init_narrowing(e, o.ty, ty, false, e.span);
                if let Some(v) = self.implicit(o, ty, ConvCtx::Init, e.span) {
                    self.store_scalar(addr, v, ty.unqual());
                }
                return;
            }
        }
        let Some(leaves) = self.leaves(ty, init) else {
            return;
        };
        let size = self.types.size_of(ty.ty).unwrap_or(0);
        let align = self.types.align_of(ty.ty);
        if self.is_aggregate(ty) {
            self.zero_bytes(addr, size, align);
        }
        // The class objects with constructors the list initializes (by offset); the others
        // are default-constructed afterwards.
        let mut constructed = hashbrown::HashSet::new();
        let braced = matches!(init, Init::List { .. });
        for l in leaves {
            let p = self.ptr_add_const(addr, l.off);
            if self.has_ctor_semantics(l.ty) {
                constructed.insert(l.off);
            }
            match l.leaf {
                Leaf::Ctor(items, lspan) => {
                    let init = Init::List { items, span: lspan };
                    self.construct_from_init(p, l.ty.unqual(), &init, lspan);
                }
                Leaf::Str(b, len, sspan) => {
                    if !self.check_string_fits(b, len, sspan) {
                        continue;
                    }
                    for (i, byte) in b.iter().enumerate() {
                        let q = self.ptr_add_const(p, i as u64);
                        let v = self.iconst(Type::I8, *byte as i128);
                        self.store(q, v, 1, false);
                    }
                }
                Leaf::Scalar(e) => {
                    let Some(o) = self.expr_for(e, l.ty) else {
                        continue;
                    };
                    if let Some(bits) = l.bits {
                        self.init_bit_field(p, l.ty, bits, o, e.span);
                        continue;
                    }
                    if self.types.is_record(l.ty.ty) {
                        if let (OpKind::LValue(_), true) = (o.kind, o.ty.ty == l.ty.ty) {
                            self.copy_construct(p, l.ty.unqual(), o, e.span);
                            continue;
                        }
                        if self.has_ctor_semantics(l.ty) {
                            // A member with constructors: copy-initialized from the item.
                            self.construct_at(p, l.ty.unqual(), vec![(o, e.span)], e.span);
                            continue;
                        }
                    }
                    if self.is_aggregate(l.ty) {
                        self.error(
                            span,
                            "initialization with \"{...}\" expected for aggregate object",
                        );
                        continue;
                    }
                    self.check_init_narrowing(e, o.ty, l.ty, braced, e.span);
                    if let Some(v) = self.implicit(o, l.ty, ConvCtx::Init, e.span) {
                        self.store_scalar(p, v, l.ty.unqual());
                    }
                }
            }
        }
        if self.needs_default_construct(ty) {
            self.construct_uncovered(addr, ty, 0, &constructed, span);
        }
    }

    /// Stores zeros over `size` bytes at `addr`.
    pub(super) fn zero_bytes(&mut self, addr: Value, size: u64, align: u64) {
        let chunk = super::func::chunk_size(size, align);
        let ty = Type::int_with_bits(chunk as u32 * 8).unwrap_or(Type::I8);
        let z = self.iconst(ty, 0);
        let mut off = 0;
        while off < size {
            let p = self.ptr_add_const(addr, off);
            self.store(p, z, chunk, false);
            off += chunk;
        }
    }
}

/// Writes the low `width` bits of the little-endian value `v` into the little-endian unit
/// `unit` at bit `bit` (a bit-field's initial value).
/// Where an initializer is written.
fn init_span(init: &Init<'_>) -> Span {
    match init {
        Init::Expr(e) => e.span,
        Init::List { span, .. } => *span,
    }
}

fn insert_bits(unit: &mut [u8], v: &[u8], bit: u32, width: u32) {
    let mut u = [0u8; 16];
    u[..unit.len()].copy_from_slice(unit);
    let mut x = [0u8; 16];
    x[..v.len()].copy_from_slice(v);
    let (u, x) = (u128::from_le_bytes(u), u128::from_le_bytes(x));
    let mask = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    let r = (u & !(mask << bit)) | ((x & mask) << bit);
    let n = unit.len();
    unit.copy_from_slice(&r.to_le_bytes()[..n]);
}
