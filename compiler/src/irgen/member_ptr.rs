//! Pointers to members (Itanium C++ ABI, as nvcc): `int S::*p = &S::x; s.*p`, `p->*m`, and
//! pointers to member functions `int (S::*f)(int) = &S::g; (s.*f)(1)`.
//!
//! A pointer to a data member is the member's byte offset in the class (`i64`; null is
//! -1). A pointer to a member function is a `{ptr, adj}` pair of 64-bit words (a synthetic
//! record with `RecordInfo::member_fn_ptr`, so it is copied and passed like a struct:
//! `.param .align 8 .b8 [16]`): `ptr` is the function's address, or for a virtual function
//! its vtable offset + 1 (odd: function addresses are even); `adj` is added to `this`. A
//! call adds `adj` to the object's address and, when `ptr` is odd, loads the function from
//! the object's vtable.

use super::expr::{OpKind, Operand};
use super::{Binding, FnId, Lowerer, Tag};
use crate::ast::TagKind;
use crate::ast::{Expr, QualName, TypeExpr};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use oxicc_ir::{AddrSpace, CastOp, InstData, IntCC, MemFlags, Type, Value};

const ALIGN8: MemFlags = MemFlags::aligned(8);

impl Lowerer<'_> {
    /// `T C::*` (a `TypeExpr::MemberPointer`).
    pub(super) fn member_pointer_type(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        let TypeExpr::MemberPointer {
            class,
            pointee,
            quals,
            fn_const,
        } = te
        else {
            return None;
        };
        let Some(c) = self.member_pointer_class(class) else {
            let text = self.qual_name_text(class);
            self.error(class.span, format!("\"{text}\" is not a class"));
            return None;
        };
        let p = self.resolve_type(pointee)?;
        let t = match self.types.kind(p.ty) {
            TypeKind::Function { .. } => self.member_fn_ptr_type(c, p, *fn_const),
            _ => QualType::new(self.types.intern(TypeKind::MemberPointer {
                class: c,
                pointee: p,
            })),
        };
        Some(t.with_quals(crate::sema::types::Qualifiers {
            konst: quals.is_const,
            volatile: quals.is_volatile,
            ..Default::default()
        }))
    }

    /// The class a qualified name names (`S`, `N::S`, a typedef of a class).
    fn member_pointer_class(&mut self, q: &QualName<'_>) -> Option<RecordId> {
        if let Some(Tag::Record(r)) = self.lookup_qualified_tag(q) {
            return Some(r);
        }
        match self.lookup_qualified(q) {
            Some(Binding::Typedef(t)) => self.is_class(t),
            _ => None,
        }
    }

    /// The `{ptr, adj}` record standing for `fn_ty (class::*)(…) [const]` (one per type).
    fn member_fn_ptr_type(&mut self, class: RecordId, fn_ty: QualType, konst: bool) -> QualType {
        let key = (class, fn_ty.ty, konst);
        if let Some(&r) = self.member_fn_ptrs.get(&key) {
            return QualType::new(self.types.intern(TypeKind::Record(r)));
        }
        let span = self.types.record(class).span;
        let r = self.types.new_record(TagKind::Struct, None, span);
        let word = QualType::new(self.types.int(crate::sema::types::IntKind::Long));
        self.types
            .complete_record(r, vec![(None, word, 1), (None, word, 1)], 1);
        self.types.record_mut(r).member_fn_ptr = Some((class, fn_ty.unqual(), konst));
        self.member_fn_ptrs.insert(key, r);
        QualType::new(self.types.intern(TypeKind::Record(r)))
    }

    /// `&C::m` naming a non-static member: a pointer-to-member constant. `None`: `q` does
    /// not name one (an ordinary address-of).
    pub(super) fn member_pointer_constant(
        &mut self,
        q: &QualName<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if q.segments.len() < 2 {
            return None;
        }
        let c = match self.resolve_qualifier(q, q.segments.len() - 1) {
            Some(super::namespace::Qualifier::Class(c)) => c,
            _ => return None,
        };
        let b = self.lookup_qualified(q)?;
        match b {
            Binding::Field(_) => {
                let name = q.last().ident()?;
                let (off, fty) = self.field_of(c, name)?;
                let t = QualType::new(self.types.intern(TypeKind::MemberPointer {
                    class: c,
                    pointee: fty.unqual(),
                }));
                let v = self.iconst(Type::I64, off as i128);
                Some(Some(Operand::rv(v, t)))
            }
            Binding::Func(f) => {
                let m = self.func_info(f).member.clone()?;
                if m.is_static {
                    return None;
                }
                Some(self.member_fn_constant(c, f, m.is_const, span))
            }
            Binding::Overloads(_) => {
                self.error(
                    span,
                    "a pointer to an overloaded member function is not supported yet",
                );
                Some(None)
            }
            _ => None,
        }
    }

    /// `&C::f`: a `{ptr, adj}` temporary.
    fn member_fn_constant(
        &mut self,
        c: RecordId,
        f: FnId,
        konst: bool,
        span: Span,
    ) -> Option<Operand> {
        let info = self.func_info(f).clone();
        let fn_ty = QualType::new(self.types.intern(TypeKind::Function {
            ret: info.ret,
            params: info.params.clone(),
            variadic: false,
        }));
        let t = self.member_fn_ptr_type(c, fn_ty, konst);
        let owner = info.member.as_ref().map(|m| m.record)?;
        let slot = self
            .vtables
            .get(&owner)
            .and_then(|vt| vt.index.get(&f).copied());
        let ptr = match slot {
            Some(k) => self.iconst(Type::I64, 8 * k as i128 + 1),
            None => {
                let ir = self.ensure_ir(f)?;
                let a = self.ins_v(
                    InstData::FuncAddr { func: ir },
                    Type::Ptr(AddrSpace::Generic),
                );
                self.cast(CastOp::PtrToInt, a, Type::I64)
            }
        };
        // `adj`: the offset of the declaring class in `c` (`&Derived::base_fn`).
        let adj = if owner == c {
            0
        } else {
            let (ct, ot) = (
                self.types.intern(TypeKind::Record(c)),
                self.types.intern(TypeKind::Record(owner)),
            );
            self.base_offset(ct, ot).unwrap_or(0)
        };
        let adj = self.iconst(Type::I64, adj as i128);
        let addr = self.alloca(16, 8, span)?;
        self.store_word(addr, 0, ptr);
        self.store_word(addr, 8, adj);
        Some(Operand::lv(addr, t))
    }

    fn store_word(&mut self, addr: Value, at: u64, v: Value) {
        let p = self.ptr_add_const(addr, at);
        self.ins(
            InstData::Store {
                ptr: p,
                value: v,
                flags: ALIGN8,
            },
            None,
        );
    }

    fn load_word(&mut self, addr: Value, at: u64, ty: Type) -> Value {
        let p = self.ptr_add_const(addr, at);
        self.ins_v(
            InstData::Load {
                ty,
                ptr: p,
                flags: ALIGN8,
            },
            ty,
        )
    }

    /// The object of `base.*m` / `base->*m`, converted to the member pointer's class.
    fn member_ptr_object(
        &mut self,
        base: &Expr<'_>,
        arrow: bool,
        class: RecordId,
        span: Span,
    ) -> Option<(Value, QualType)> {
        let (addr, ot) = self.object_of(base, arrow, span)?;
        let ct = self.types.intern(TypeKind::Record(class));
        let off = if ot.ty == ct {
            Some(0)
        } else {
            self.base_offset(ot.ty, ct)
        };
        let Some(off) = off else {
            let (o, c) = (self.show(ot.unqual()), self.show(QualType::new(ct)));
            self.error(
                span,
                format!("the object of type \"{o}\" is not a \"{c}\" (for a pointer to a member of \"{c}\")"),
            );
            return None;
        };
        Some((
            self.ptr_add_const(addr, off),
            QualType::new(ct).with_quals(ot.quals),
        ))
    }

    /// `base.*m` / `base->*m` with `m` a pointer to a data member: the member (an lvalue).
    pub(super) fn member_ptr_expr(
        &mut self,
        base: &Expr<'_>,
        member: &Expr<'_>,
        arrow: bool,
        span: Span,
    ) -> Option<Operand> {
        let m = self.expr(member)?;
        if let TypeKind::Record(r) = self.types.kind(m.ty.ty) {
            if self.types.record(*r).member_fn_ptr.is_some() {
                self.error(
                    span,
                    "a pointer to a bound function may only be used to call the function",
                );
                return None;
            }
        }
        let TypeKind::MemberPointer { class, pointee } = self.types.kind(m.ty.ty).clone() else {
            let t = self.show(m.ty);
            self.error(
                member.span,
                format!("expression must have pointer-to-member type (it has type \"{t}\")"),
            );
            return None;
        };
        let (off, _) = self.rvalue(m, span)?;
        let (addr, ot) = self.member_ptr_object(base, arrow, class, span)?;
        let a = self.ptr_add(addr, off);
        Some(Operand::lv(a, pointee.with_quals(ot.quals)))
    }

    /// `(base.*f)(args)` / `(base->*f)(args)`: a call through a pointer to member function.
    pub(super) fn member_fn_ptr_call(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Option<Operand>> {
        let crate::ast::ExprKind::MemberPtr {
            base,
            member,
            arrow,
        } = callee.kind
        else {
            return None;
        };
        let m = self.expr(member);
        let Some(m) = m else {
            return Some(None);
        };
        let info = match self.types.kind(m.ty.ty) {
            TypeKind::Record(r) => self.types.record(*r).member_fn_ptr,
            _ => None,
        };
        let Some((class, fn_ty, _)) = info else {
            let t = self.show(m.ty);
            self.error(
                callee.span,
                format!("expression preceding parentheses of apparent call must have (pointer-to-) function type (it has type \"{t}\")"),
            );
            return Some(None);
        };
        let OpKind::LValue(pair) = m.kind else {
            return Some(None);
        };
        let TypeKind::Function { ret, params, .. } = self.types.kind(fn_ty.ty).clone() else {
            return Some(None);
        };
        let Some((obj, _)) = self.member_ptr_object(base, arrow, class, callee.span) else {
            return Some(None);
        };
        let ptr = self.load_word(pair, 0, Type::I64);
        let adj = self.load_word(pair, 8, Type::I64);
        let obj = self.generic_ptr(obj);
        let this = self.ptr_add(obj, adj);
        let direct = self.cast(CastOp::IntToPtr, ptr, Type::Ptr(AddrSpace::Generic));
        // A virtual function (odd `ptr`) is loaded from the object's vtable. Only a dynamic
        // class has one (reading a vptr from any other object would read past it).
        let target = if self.vtables.contains_key(&class) {
            let one = self.iconst(Type::I64, 1);
            let low = self.bin(oxicc_ir::BinaryOp::And, ptr, one);
            let zero = self.iconst(Type::I64, 0);
            let is_virtual = self.icmp(IntCC::Ne, low, zero);
            let (virt, join) = (self.new_block(), self.new_block());
            let target = self
                .fs()
                .func
                .append_block_param(join, Type::Ptr(AddrSpace::Generic));
            let direct_bb = self.new_block();
            self.branch(is_virtual, virt, direct_bb);
            self.switch_to(direct_bb);
            self.jump_with(join, vec![direct]);
            self.switch_to(virt);
            let vptr = self.load_word(this, 0, Type::Ptr(AddrSpace::Generic));
            let at = self.bin(oxicc_ir::BinaryOp::Sub, ptr, one);
            let slot = self.ptr_add(vptr, at);
            let loaded = self.load_word(slot, 0, Type::Ptr(AddrSpace::Generic));
            self.jump_with(join, vec![loaded]);
            self.switch_to(join);
            target
        } else {
            direct
        };
        let vals: Vec<(Option<Operand>, Span)> = args
            .iter()
            .zip(params.iter().map(Some).chain(std::iter::repeat(None)))
            .map(|(a, p)| {
                let o = match p {
                    Some(&p) => self.expr_for(a, p),
                    None => self.expr(a),
                };
                (o, a.span)
            })
            .collect();
        if vals.len() != params.len() {
            let msg = if vals.len() < params.len() {
                "too few arguments in function call"
            } else {
                "too many arguments in function call"
            };
            self.error(span, msg);
            return Some(None);
        }
        Some(self.indirect_call(
            target,
            Some(this),
            &params,
            ret,
            super::call::CallArgs::Lowered(vals),
            span,
        ))
    }
}

impl Lowerer<'_> {
    /// A null pointer constant converted to a pointer to data member: -1 (the Itanium null
    /// member offset). `None`: not such a conversion.
    pub(super) fn null_member_pointer(
        &mut self,
        o: &Operand,
        to: QualType,
    ) -> Option<Option<Value>> {
        if self.is_member_fn_ptr(to) && self.is_null_constant(o) {
            // A `{0, 0}` temporary (a record value is its address).
            let tmp = self.alloca(16, 8, Span::default())?;
            self.null_member_fn_ptr_init(tmp, to, o);
            return Some(Some(tmp));
        }
        if !matches!(self.types.kind(to.ty), TypeKind::MemberPointer { .. }) {
            return None;
        }
        let is_null = o.npc || matches!(self.types.kind(o.ty.ty), TypeKind::NullPtr);
        if !is_null {
            return None;
        }
        Some(Some(self.iconst(Type::I64, -1)))
    }

    /// `==` / `!=` with a pointer to data member on either side (the other one of the same
    /// type or a null pointer constant, which is -1). `None`: no member pointer involved.
    pub(super) fn member_pointer_compare(
        &mut self,
        op: crate::ast::BinaryOp,
        (lv, lt): (Value, QualType),
        (rv, rt): (Value, QualType),
        rnpc: bool,
        span: Span,
    ) -> Option<Option<Operand>> {
        let is_mp =
            |l: &Self, t: QualType| matches!(l.types.kind(t.ty), TypeKind::MemberPointer { .. });
        let (lm, rm) = (is_mp(self, lt), is_mp(self, rt));
        if !lm && !rm {
            return None;
        }
        use crate::ast::BinaryOp;
        let compatible = match (lm, rm) {
            (true, true) => lt.ty == rt.ty,
            (true, false) => rnpc || matches!(self.types.kind(rt.ty), TypeKind::NullPtr),
            _ => true,
        };
        if !matches!(op, BinaryOp::Eq | BinaryOp::Ne) || !compatible {
            let (a, b) = (self.show(lt), self.show(rt));
            self.error(
                span,
                format!("operand types are incompatible (\"{a}\" and \"{b}\")"),
            );
            return Some(None);
        }
        let a = if lm { lv } else { self.iconst(Type::I64, -1) };
        let b = if rm { rv } else { self.iconst(Type::I64, -1) };
        let long = self.types.int(crate::sema::types::IntKind::Long);
        let v = self.compare(op, a, b, long);
        let bt = self.bool_type();
        Some(Some(Operand::rv(v, bt)))
    }
}

impl Lowerer<'_> {
    /// A pointer to member function as a condition: true when its `ptr` word is not 0.
    pub(super) fn member_fn_ptr_truth(&mut self, o: &Operand) -> Option<Value> {
        let TypeKind::Record(r) = self.types.kind(o.ty.ty) else {
            return None;
        };
        self.types.record(*r).member_fn_ptr?;
        let OpKind::LValue(pair) = o.kind else {
            return None;
        };
        let ptr = self.load_word(pair, 0, Type::I64);
        let zero = self.iconst(Type::I64, 0);
        Some(self.icmp(IntCC::Ne, ptr, zero))
    }
}

impl Lowerer<'_> {
    /// True when `t` is a pointer to member function type.
    fn is_member_fn_ptr(&self, t: QualType) -> bool {
        matches!(self.types.kind(t.ty), TypeKind::Record(r) if self.types.record(*r).member_fn_ptr.is_some())
    }

    fn is_null_constant(&self, o: &Operand) -> bool {
        o.npc || matches!(self.types.kind(o.ty.ty), TypeKind::NullPtr)
    }

    /// `int (S::*f)() = nullptr;`: both words 0. False when `o` is not a null pointer
    /// constant initializing a pointer to member function.
    pub(super) fn null_member_fn_ptr_init(&mut self, dst: Value, t: QualType, o: &Operand) -> bool {
        if !self.is_member_fn_ptr(t) || !self.is_null_constant(o) {
            return false;
        }
        let zero = self.iconst(Type::I64, 0);
        self.store_word(dst, 0, zero);
        self.store_word(dst, 8, zero);
        true
    }

    /// `f == g`, `f != nullptr` on pointers to member functions (Itanium: equal when the
    /// `ptr`s are equal and either both are null or the `adj`s are equal).
    pub(super) fn member_fn_ptr_compare(
        &mut self,
        op: crate::ast::BinaryOp,
        a: &Operand,
        b: &Operand,
        span: Span,
    ) -> Option<Option<Operand>> {
        use crate::ast::BinaryOp;
        let (am, bm) = (self.is_member_fn_ptr(a.ty), self.is_member_fn_ptr(b.ty));
        if !am && !bm {
            return None;
        }
        let words = |l: &mut Self, o: &Operand, is_mfp: bool| -> Option<(Value, Value)> {
            if is_mfp {
                let OpKind::LValue(p) = o.kind else {
                    return None;
                };
                Some((l.load_word(p, 0, Type::I64), l.load_word(p, 8, Type::I64)))
            } else if l.is_null_constant(o) {
                let z = l.iconst(Type::I64, 0);
                Some((z, z))
            } else {
                None
            }
        };
        let same_type = !(am && bm) || a.ty.ty == b.ty.ty;
        let (wa, wb) = (words(self, a, am), words(self, b, bm));
        let (Some((pa, ja)), Some((pb, jb)), true, BinaryOp::Eq | BinaryOp::Ne) =
            (wa, wb, same_type, op)
        else {
            let (x, y) = (self.show(a.ty), self.show(b.ty));
            self.error(
                span,
                format!("operand types are incompatible (\"{x}\" and \"{y}\")"),
            );
            return Some(None);
        };
        let ptr_eq = self.icmp(IntCC::Eq, pa, pb);
        let zero = self.iconst(Type::I64, 0);
        let null = self.icmp(IntCC::Eq, pa, zero);
        let adj_eq = self.icmp(IntCC::Eq, ja, jb);
        let adj_ok = self.bin(oxicc_ir::BinaryOp::Or, null, adj_eq);
        let eq = self.bin(oxicc_ir::BinaryOp::And, ptr_eq, adj_ok);
        let v = match op {
            BinaryOp::Eq => eq,
            _ => {
                let one = self.iconst(Type::I1, 1);
                self.bin(oxicc_ir::BinaryOp::Xor, eq, one)
            }
        };
        let bt = self.bool_type();
        Some(Some(Operand::rv(v, bt)))
    }
}
