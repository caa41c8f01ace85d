//! `std::initializer_list<E>` objects built from braced lists (C++ [dcl.init.list]/5):
//! `auto x = {1, 2, 3};`, `std::initializer_list<int> l = {…};`, and a braced argument or
//! return value whose target type is an `initializer_list`. The elements are stored in a
//! `const E[n]` array (converted as copy-initialization), and the object's two members
//! (`runtime-libs/include/initializer_list`: the first element's address, then the count)
//! are set directly, as the header documents.

use super::expr::Operand;
use super::template::TArg;
use super::{Binding, Lowerer};
use crate::ast::Init;
use crate::sema::types::{QualType, Qualifiers, TypeKind};
use crate::source::Span;
use oxicc_ir::{Type, Value};

impl Lowerer<'_> {
    /// The class template `std::initializer_list` (when `<initializer_list>` was included).
    fn init_list_template(&self) -> Option<u32> {
        let std = self.ns.ctxs[0].children.get(&self.interner.get("std")?)?;
        match self.ns_binding(*std, self.interner.get("initializer_list")?)? {
            Binding::ClassTemplate(c) => Some(c),
            _ => None,
        }
    }

    /// `E` when `t` is `std::initializer_list<E>`.
    pub fn init_list_elem(&self, t: QualType) -> Option<QualType> {
        let TypeKind::Record(r) = self.types.kind(t.ty) else {
            return None;
        };
        let (c, args) = self.templates.instance_of.get(r)?;
        if Some(*c) != self.init_list_template() {
            return None;
        }
        match args.first()? {
            TArg::Type(e) => Some(*e),
            _ => None,
        }
    }

    /// The type `std::initializer_list<elem>`, or nvcc's error when the header is missing.
    fn init_list_type(&mut self, elem: QualType, span: Span) -> Option<QualType> {
        let Some(c) = self.init_list_template() else {
            self.error(
                span,
                "this operation requires the \"std::initializer_list\" class template, which is not defined (did you forget to include <initializer_list>?)",
            );
            return None;
        };
        let name = self.interner.get("initializer_list")?;
        self.class_template_instance_of(c, name, vec![TArg::Type(elem.unqual())], span)
    }

    /// The element type `auto x = {a, b, …}` deduces: every element's decayed, unqualified
    /// type, which must be the same (nvcc: `cannot deduce "auto" type`).
    pub fn deduce_init_list_elem(&mut self, items: &[Init<'_>], span: Span) -> Option<QualType> {
        let mut elem: Option<QualType> = None;
        for it in items {
            let Init::Expr(e) = it else {
                self.error(span, "cannot deduce \"auto\" type");
                return None;
            };
            let t = self.type_of_unevaluated(e)?;
            let t = self.decayed(t).unqual();
            match elem {
                Some(p) if p.ty != t.ty => {
                    self.error(span, "cannot deduce \"auto\" type");
                    return None;
                }
                _ => elem = Some(t),
            }
        }
        if elem.is_none() {
            self.error(span, "cannot deduce \"auto\" type");
        }
        elem
    }

    /// A `std::initializer_list<elem>` for `items` deduced by `auto x = {…}`: its type.
    pub fn auto_init_list_type(&mut self, items: &[Init<'_>], span: Span) -> Option<QualType> {
        let elem = self.deduce_init_list_elem(items, span)?;
        self.init_list_type(elem, span)
    }

    /// Initializes the `std::initializer_list` object of type `il` at `addr` from `items`:
    /// the elements go to a new `const E[n]` array, which lives as long as the enclosing
    /// function's frame (a class element array is destroyed with the full expression, or
    /// with the variable when `for_variable`).
    pub fn init_list_at(
        &mut self,
        addr: Value,
        il: QualType,
        items: &[Init<'_>],
        span: Span,
        for_variable: bool,
    ) -> Option<()> {
        let elem = self.init_list_elem(il)?;
        let n = items.len() as u64;
        let first = if n == 0 {
            let z = self.iconst(Type::I64, 0);
            self.cast(
                oxicc_ir::CastOp::IntToPtr,
                z,
                Type::Ptr(oxicc_ir::AddrSpace::Generic),
            )
        } else {
            let konst = Qualifiers {
                konst: true,
                ..Default::default()
            };
            let arr = QualType::new(self.types.array_of(elem.with_quals(konst), Some(n)));
            let size = self.sizeof_checked(arr, span)?;
            let align = self.types.align_of(arr.ty);
            let slot = self.alloca(size, align, span)?;
            let init = Init::List { items, span };
            self.local_init(slot, arr, &init, span);
            if for_variable {
                self.register_local_dtor(slot, arr);
            } else if self.needs_dtor(arr) {
                self.new_temporary(slot, arr);
            }
            self.generic_ptr(slot)
        };
        let TypeKind::Record(r) = *self.types.kind(il.ty) else {
            return None;
        };
        let fields: Vec<(u64, QualType)> = self
            .types
            .record(r)
            .fields
            .iter()
            .map(|f| (f.offset, f.ty))
            .collect();
        let [(p_off, p_ty), (n_off, n_ty)] = fields[..] else {
            self.error(span, "unexpected layout of \"std::initializer_list\"");
            return None;
        };
        let p = self.ptr_add_const(addr, p_off);
        self.store_scalar(p, first, p_ty.unqual());
        let q = self.ptr_add_const(addr, n_off);
        let vt = self.val_type(n_ty.ty);
        let len = self.iconst(vt, n as i128);
        self.store_scalar(q, len, n_ty.unqual());
        Some(())
    }

    /// A temporary `std::initializer_list` of type `il` made from a braced list.
    pub fn init_list_temporary(
        &mut self,
        il: QualType,
        items: &[Init<'_>],
        span: Span,
    ) -> Option<Operand> {
        let size = self.types.size_of(il.ty)?;
        let align = self.types.align_of(il.ty);
        let slot = self.alloca(size, align, span)?;
        self.init_list_at(slot, il.unqual(), items, span, false)?;
        Some(self.new_temporary(slot, il.unqual()))
    }
}
