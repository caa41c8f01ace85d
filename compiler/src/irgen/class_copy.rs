//! Copying, moving and assigning class objects (C++ [class.copy]), and which special
//! members a class has.
//!
//! A copy of a class object goes through [`Lowerer::copy_construct`]: a prvalue (a
//! temporary this expression made) is moved into place bitwise and its own destruction is
//! cancelled (guaranteed copy elision); otherwise the user's copy or move constructor is
//! chosen by overload resolution (an xvalue such as `std::move(x)` prefers `S(S&&)`), and a
//! class without user copy/move constructors is copied memberwise (bytes, then the members
//! and bases whose copies call functions). Assignment is the same with `operator=`
//! ([`Lowerer::assign_object`]). A class that declares a move constructor or move
//! assignment has its implicit copy operations deleted (nvcc's "(declared implicitly)
//! cannot be referenced -- it is a deleted function").
//!
//! The implicit special members are expanded inline at each use rather than emitted as
//! functions (nvcc inlines them too; their symbols never reach PTX at -O3).

use super::expr::{OpKind, Operand, ValCat};
use super::overload::{ArgInfo, Candidate};
use super::{Binding, FnId, Lowerer};
use crate::ast::OverloadedOp;
use crate::sema::types::{QualType, RecordId, TypeId, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

/// What a class's special member functions do (computed when the class is complete).
#[derive(Default, Clone, Copy, Debug)]
pub(crate) struct Special {
    /// Destroying an object calls functions (a user destructor here, in a base or member).
    pub nontrivial_dtor: bool,
    /// Copy/move construction calls functions (user copy/move constructors here, in a
    /// base or member).
    pub nontrivial_copy: bool,
    /// Assignment calls functions (a user `operator=` here, in a base or member).
    pub nontrivial_assign: bool,
    /// Default initialization constructs members or bases (they have constructors).
    pub members_need_init: bool,
    /// User-declared copy/move constructors and assignments.
    pub copy_ctor: bool,
    pub move_ctor: bool,
    pub copy_assign: bool,
    pub move_assign: bool,
}

/// Which special member an implicitly deleted function would have been.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Implicit {
    CopyCtor,
    CopyAssign,
}

impl Lowerer<'_> {
    /// The bytes a trivial copy assignment of class type `ty` copies: its data size when a
    /// derived class may keep members in its tail padding (the target may be such a base
    /// subobject, reached through a reference), else its size — as nvcc copies.
    pub fn trivial_assign_size(&self, ty: TypeId) -> u64 {
        match *self.types.kind(ty) {
            TypeKind::Record(r) if self.types.record(r).tail_reusable => {
                self.types.record(r).data_size
            }
            _ => self.types.size_of(ty).unwrap_or(0),
        }
    }

    /// The special-member properties of a class type (the element type of arrays).
    pub fn special_of(&self, t: QualType) -> Special {
        let mut t = t;
        while let TypeKind::Array { elem, .. } = self.types.kind(t.ty) {
            t = *elem;
        }
        match self.types.kind(t.ty) {
            TypeKind::Record(r) => self.classes.get(r).map(|d| d.special).unwrap_or_default(),
            _ => Special::default(),
        }
    }

    /// Copies of `t` call functions (a copy constructor here or in a member).
    pub fn needs_copy_call(&self, t: QualType) -> bool {
        !self.classes.is_empty() && self.is_class(t).is_some() && self.special_of(t).nontrivial_copy
    }

    /// Objects of `t` need a destructor call.
    pub fn needs_dtor(&self, t: QualType) -> bool {
        !self.classes.is_empty() && self.special_of(t).nontrivial_dtor
    }

    /// A by-value parameter of class type `t` is passed as the address of a temporary the
    /// caller makes and destroys (its copies or destruction call functions).
    pub fn passed_indirectly(&self, t: QualType) -> bool {
        if self.classes.is_empty() || !self.types.is_record(t.ty) {
            return false;
        }
        let s = self.special_of(t);
        s.nontrivial_copy || s.nontrivial_dtor
    }

    /// The parameter kind of a one-parameter constructor/assignment of `r`: `Some(false)`
    /// for `(const) S&`, `Some(true)` for `S&&`.
    pub(super) fn self_ref_param(&self, f: FnId, r: RecordId) -> Option<bool> {
        let p = &self.func_info(f).params;
        if p.len() != 1 {
            return None;
        }
        match self.types.kind(p[0].ty) {
            TypeKind::Reference { referent, rvalue } if matches!(self.types.kind(referent.ty), TypeKind::Record(x) if *x == r) => {
                Some(*rvalue)
            }
            _ => None,
        }
    }

    /// The user-declared `operator=` functions of `r`.
    fn assign_operators(&self, r: RecordId) -> Vec<FnId> {
        let Some(sym) = self.operator_symbol(OverloadedOp::Assign) else {
            return Vec::new();
        };
        match self
            .classes
            .get(&r)
            .and_then(|d| d.members.get(&sym))
            .copied()
        {
            Some(b @ (Binding::Func(_) | Binding::Overloads(_))) => self.functions_of(b),
            _ => Vec::new(),
        }
    }

    /// Computes `ClassData::special` once the members of `r` are declared.
    pub fn classify_special_members(&mut self, r: RecordId) {
        let mut sp = Special::default();
        let Some(d) = self.classes.get(&r) else {
            return;
        };
        let ctors = d.ctors.clone();
        let has_dtor = d.dtor.is_some();
        let has_ctors = !ctors.is_empty() || !d.field_inits.is_empty();
        for c in ctors {
            match self.self_ref_param(c, r) {
                Some(false) => sp.copy_ctor = true,
                Some(true) => sp.move_ctor = true,
                None => {}
            }
        }
        for f in self.assign_operators(r) {
            match self.self_ref_param(f, r) {
                Some(false) => sp.copy_assign = true,
                Some(true) => sp.move_assign = true,
                None => {
                    // `S& operator=(S)`: a copy assignment taking its argument by value.
                    let p = &self.func_info(f).params;
                    if p.len() == 1
                        && matches!(self.types.kind(p[0].ty), TypeKind::Record(x) if *x == r)
                    {
                        sp.copy_assign = true;
                    }
                }
            }
        }
        sp.nontrivial_dtor = has_dtor;
        sp.nontrivial_copy = sp.copy_ctor || sp.move_ctor;
        sp.nontrivial_assign = sp.copy_assign || sp.move_assign;
        let fields: Vec<QualType> = self.types.record(r).fields.iter().map(|f| f.ty).collect();
        for ft in fields {
            let m = self.special_of(ft);
            sp.nontrivial_dtor |= m.nontrivial_dtor;
            sp.nontrivial_copy |= m.nontrivial_copy;
            sp.nontrivial_assign |= m.nontrivial_assign;
            let member_class = {
                let mut t = ft;
                while let TypeKind::Array { elem, .. } = self.types.kind(t.ty) {
                    t = *elem;
                }
                t
            };
            sp.members_need_init |= m.members_need_init || self.has_ctor_semantics(member_class);
        }
        let _ = has_ctors;
        if sp.nontrivial_dtor || sp.nontrivial_copy || sp.nontrivial_assign {
            // Class assignments and copies go through the C++ hooks.
            self.has_operator_fns = true;
        }
        if let Some(d) = self.classes.get_mut(&r) {
            d.special = sp;
        }
    }

    /// Initializes the object at `dst` of class type `t` from the class object `o` (of type
    /// `t` or a class derived from it): elision of a prvalue, the user's copy or move
    /// constructor, or the implicit memberwise copy.
    pub fn copy_construct(
        &mut self,
        dst: Value,
        t: QualType,
        o: Operand,
        span: Span,
    ) -> Option<()> {
        if self.null_member_fn_ptr_init(dst, t, &o) {
            return Some(());
        }
        let OpKind::LValue(src0) = o.kind else {
            let msg = format!(
                "a value of type \"{}\" cannot be used to initialize an entity of type \"{}\"",
                self.show(o.ty),
                self.show(t)
            );
            self.error(span, msg);
            return None;
        };
        let r = self.is_class(t)?;
        let src = if o.ty.ty == t.ty {
            src0
        } else {
            let off = self.base_offset(o.ty.ty, t.ty)?;
            self.ptr_add_const(src0, off)
        };
        let size = self.types.size_of(t.ty).unwrap_or(0);
        let align = self.types.align_of(t.ty);
        if o.cat == ValCat::PRValue && o.ty.ty == t.ty {
            // Guaranteed copy elision: the temporary becomes the object.
            self.consume_temporary(src0);
            self.copy_bytes(dst, src, size, align, false);
            return Some(());
        }
        let sp = self.special_of(t);
        if sp.copy_ctor || sp.move_ctor {
            let ctors = self
                .classes
                .get(&r)
                .map(|d| d.ctors.clone())
                .unwrap_or_default();
            let arg = Operand {
                ty: t.with_quals(o.ty.quals),
                kind: OpKind::LValue(src),
                ..o
            };
            let rvalue = o.cat != ValCat::LValue;
            if !sp.copy_ctor && !rvalue {
                return self.implicitly_deleted(r, Implicit::CopyCtor, span);
            }
            let cands: Vec<Candidate> = ctors
                .iter()
                .map(|&f| Candidate {
                    f,
                    is_template: false,
                })
                .collect();
            let infos = [ArgInfo::of(&arg)];
            let name = self.class_name_text(r);
            let f =
                self.resolve_overload(&format!("{name}::{name}"), &cands, &infos, None, span)?;
            self.check_member_access(r, self.func_info(f).name, true, span);
            self.call_fn(f, Some(dst), vec![(arg, span)], span, span)?;
            return Some(());
        }
        if (sp.move_assign) && o.cat == ValCat::LValue {
            return self.implicitly_deleted(r, Implicit::CopyCtor, span);
        }
        self.copy_bytes(dst, src, size, align, false);
        if sp.nontrivial_copy {
            self.memberwise(dst, src, r, o.cat, span, false);
        }
        Some(())
    }

    /// Re-does the copies of the bases and members of `r` whose copy (or assignment, when
    /// `assign`) calls functions, after a bytewise copy of the whole object.
    fn memberwise(
        &mut self,
        dst: Value,
        src: Value,
        r: RecordId,
        cat: ValCat,
        span: Span,
        assign: bool,
    ) {
        let fields: Vec<(u64, QualType)> = self
            .types
            .record(r)
            .fields
            .iter()
            .map(|f| (f.offset, f.ty))
            .collect();
        for (off, ft) in fields {
            let sp = self.special_of(ft);
            let relevant = if assign {
                sp.nontrivial_assign || sp.move_ctor || sp.move_assign
            } else {
                sp.nontrivial_copy || sp.move_assign
            };
            if !relevant {
                continue;
            }
            let d = self.ptr_add_const(dst, off);
            let s = self.ptr_add_const(src, off);
            let mut copy_one = |l: &mut Self, d: Value, s: Option<Value>, t: QualType| {
                let Some(s) = s else { return };
                let o = Operand {
                    cat,
                    ..Operand::lv(s, t)
                };
                if assign {
                    l.assign_object(d, t, o, span);
                } else {
                    l.copy_construct(d, t, o, span);
                }
            };
            if self.flat_array(ft).is_some() {
                // An array member: element by element, in index order.
                self.for_each_element(d, Some(s), ft, 0, false, &mut copy_one);
            } else if self.is_class(ft).is_some() {
                copy_one(self, d, Some(s), ft);
            }
        }
    }

    /// `a = b` for class objects without a user `operator=` chosen by the operator hooks:
    /// the implicit copy/move assignment (memberwise), or nvcc's error when it is deleted.
    pub fn assign_object(&mut self, dst: Value, t: QualType, o: Operand, span: Span) -> Option<()> {
        let r = self.is_class(t)?;
        let OpKind::LValue(src0) = o.kind else {
            return None;
        };
        let src = if o.ty.ty == t.ty {
            src0
        } else {
            let off = self.base_offset(o.ty.ty, t.ty)?;
            self.ptr_add_const(src0, off)
        };
        let sp = self.special_of(t);
        if sp.copy_assign || sp.move_assign {
            let fns = self.assign_operators(r);
            let arg = Operand {
                ty: t.with_quals(o.ty.quals),
                kind: OpKind::LValue(src),
                ..o
            };
            if !sp.copy_assign && o.cat == ValCat::LValue {
                return self.implicitly_deleted(r, Implicit::CopyAssign, span);
            }
            let cands: Vec<Candidate> = fns
                .iter()
                .map(|&f| Candidate {
                    f,
                    is_template: false,
                })
                .collect();
            let infos = [ArgInfo::of(&arg)];
            let f = self.resolve_overload("operator=", &cands, &infos, Some(t), span)?;
            self.call_fn(f, Some(dst), vec![(arg, span)], span, span)?;
            return Some(());
        }
        if sp.move_ctor && o.cat == ValCat::LValue {
            return self.implicitly_deleted(r, Implicit::CopyAssign, span);
        }
        let size = self.types.size_of(t.ty).unwrap_or(0);
        let align = self.types.align_of(t.ty);
        if o.cat == ValCat::PRValue {
            // The temporary is still destroyed at the end of the full expression.
        }
        self.copy_bytes(dst, src, size, align, t.quals.volatile);
        if sp.nontrivial_assign || sp.nontrivial_copy {
            self.memberwise(dst, src, r, o.cat, span, true);
        }
        Some(())
    }

    /// nvcc's error for a use of an implicitly deleted copy constructor or assignment.
    fn implicitly_deleted(&mut self, r: RecordId, which: Implicit, span: Span) -> Option<()> {
        let n = self.class_name_text(r);
        let sig = match which {
            Implicit::CopyCtor => format!("{n}::{n}(const {n} &)"),
            Implicit::CopyAssign => format!("{n}::operator=(const {n} &)"),
        };
        self.error(
            span,
            format!("function \"{sig}\" (declared implicitly) cannot be referenced -- it is a deleted function"),
        );
        None
    }

    /// nvcc's error for a call of a function declared `= delete`; false when `f` is not.
    pub fn check_not_deleted(&mut self, f: FnId, span: Span) -> bool {
        let info = self.func_info(f);
        if !info.member.as_ref().is_some_and(|m| m.is_deleted) {
            return true;
        }
        let line = self
            .sources
            .file(info.span.file)
            .line_col(info.span.start)
            .0;
        let sig = self.callee_signature(f);
        self.error(
            span,
            format!("function \"{sig}\" (declared at line {line}) cannot be referenced -- it is a deleted function"),
        );
        false
    }

    /// The name of class `r` as diagnostics show it.
    pub fn class_name_text(&self, r: RecordId) -> String {
        self.types
            .record(r)
            .name
            .map(|n| self.name(n).to_string())
            .unwrap_or_default()
    }
}
