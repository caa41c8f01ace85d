//! Qualified member access: `obj.Base::f()`, `p->Base::f()`, `this->Base::x`; and the
//! null-preserving adjustment of class pointers converted between a class and its base.
//!
//! The qualifier names the object's class or one of its bases; the object is converted to
//! that class first. A call named this way is never virtual (C++ [class.virtual]: explicit
//! qualification suppresses the virtual call mechanism), which is how an overrider calls
//! the function it overrides.

use super::expr::Operand;
use super::namespace::Qualifier;
use super::{Binding, Lowerer};
use crate::ast::{Expr, QualName};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{AddrSpace, CastOp, IntCC, Type, Value};

impl Lowerer<'_> {
    /// The object of `base.Q::name` / `base->Q::name` converted to the class `Q` names,
    /// with the binding of `name` in that class.
    fn qualified_object(
        &mut self,
        base: &Expr<'_>,
        q: &QualName<'_>,
        arrow: bool,
        span: Span,
    ) -> Option<(Value, QualType, Binding)> {
        let (addr, ot) = self.object_of(base, arrow, span)?;
        let Some(obj_rec) = self.is_class(ot) else {
            let what = if arrow {
                "expression must have pointer-to-class type"
            } else {
                "expression must have class type"
            };
            self.error(span, what);
            return None;
        };
        let owner = match self.resolve_qualifier(q, q.segments.len() - 1) {
            Some(Qualifier::Class(r)) => Some(r),
            _ => None,
        };
        let rt = owner.map(|r| self.types.intern(TypeKind::Record(r)));
        let offset = match rt {
            Some(rt) if rt == ot.ty => Some(0),
            Some(rt) => self.base_offset(ot.ty, rt),
            None => None,
        };
        let binding = owner.and_then(|_| self.lookup_qualified(q));
        let (Some(rt), Some(offset), Some(binding)) = (rt, offset, binding) else {
            let obj_t = QualType::new(self.types.intern(TypeKind::Record(obj_rec)));
            let cls = self.show(obj_t);
            self.error(
                q.span,
                format!("qualified name is not a member of class \"{cls}\" or its base classes"),
            );
            return None;
        };
        let addr = self.ptr_add_const(addr, offset);
        Some((addr, QualType::new(rt).with_quals(ot.quals), binding))
    }

    /// `base.Q::f(args)`: a direct (non-virtual) call of the member function `Q::f`.
    pub(super) fn qualified_member_call(
        &mut self,
        base: &Expr<'_>,
        q: &QualName<'_>,
        arrow: bool,
        args: &[&Expr<'_>],
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        // `x.operator float2()` (the parser's one-segment name): every conversion function
        // has one symbol, so the one called is the one returning the named type.
        if let [crate::ast::NameSeg::Conversion { ty, .. }] = q.segments {
            let (addr, ot) = self.object_of(base, arrow, callee_span)?;
            let to = self.resolve_type(ty)?;
            let f = self
                .is_class(ot)
                .and_then(|r| self.conversion_function(r, to, true))
                .filter(|&f| self.func_info(f).ret.ty == to.ty);
            let Some(f) = f else {
                let (o, t) = (self.show(ot), self.show(to));
                self.error(
                    q.span,
                    format!("class \"{o}\" has no conversion function to \"{t}\""),
                );
                return None;
            };
            let args = self.lower_args(args)?;
            return self.call_fn(f, Some(addr), args, callee_span, span);
        }
        let (addr, t, b) = self.qualified_object(base, q, arrow, callee_span)?;
        if !matches!(b, Binding::Func(_) | Binding::Overloads(_)) {
            let text = self.qual_name_text(q);
            self.error(
                callee_span,
                format!("expression preceding parentheses of apparent call must have (pointer-to-) function type\n            \"{text}\" is not a function"),
            );
            return None;
        }
        let args = self.lower_args(args)?;
        let n = self.qual_name_text(q);
        self.virtual_dispatch = false;
        self.member_call(b, Some((addr, t)), args, &n, q.span, span)
    }

    /// `base.Q::x`: the data member `x` of the `Q` part of the object.
    pub(super) fn qualified_member_field(
        &mut self,
        base: &Expr<'_>,
        q: &QualName<'_>,
        arrow: bool,
        span: Span,
    ) -> Option<Operand> {
        let (addr, t, b) = self.qualified_object(base, q, arrow, span)?;
        let name = q.last().ident();
        match (b, name) {
            (Binding::Field(_), Some(name)) => {
                self.field_of_object(addr, t, name, q.span, arrow, span)
            }
            _ => {
                let text = self.qual_name_text(q);
                self.error(
                    q.span,
                    format!("this member access (\"{text}\") is not supported yet"),
                );
                None
            }
        }
    }
}

impl Lowerer<'_> {
    /// A class pointer moved by `delta` bytes (derived → base: `+offset`, base → derived:
    /// `-offset`) where a null pointer stays null, as C++ requires and nvcc emits (a
    /// secondary base sits at a nonzero offset).
    pub(super) fn adjust_class_ptr(&mut self, v: Value, delta: i64) -> Value {
        if delta == 0 {
            return v;
        }
        // The address of a local or shared object is never null in C++, and 0 is a valid
        // address in those spaces: no check.
        if matches!(self.vty(v), Type::Ptr(AddrSpace::Local | AddrSpace::Shared)) {
            let d = self.iconst(Type::I64, delta as i128);
            return self.ptr_add(v, d);
        }
        let as_int = self.cast(CastOp::PtrToInt, v, Type::I64);
        let zero = self.iconst(Type::I64, 0);
        let is_null = self.icmp(IntCC::Eq, as_int, zero);
        let d = self.iconst(Type::I64, delta as i128);
        let moved = self.ptr_add(v, d);
        self.select(is_null, v, moved)
    }
}
