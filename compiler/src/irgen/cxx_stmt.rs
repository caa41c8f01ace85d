//! C++ statements and declarations that are neither classes nor templates: the
//! init-statement of `if`/`switch`, range-based `for` over arrays and braced lists, and
//! structured bindings of structs and arrays.
//!
//! A name that refers to an existing object (a by-reference loop variable, a structured
//! binding) is bound as a variable whose storage is that object's address: uses of the
//! name are then lvalues of the element or field, exactly what C++ means by them.

use super::expr::OpKind;
use super::{Binding, Lowerer, Storage, VarInfo};
use crate::ast::{self, Expr, ExprKind, Init, Stmt, StmtKind};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{IntCC, Type, Value};

impl Lowerer<'_> {
    /// The init-statement of `if`/`switch`, in the condition's scope (a `Compound` here is
    /// an init-statement plus a condition declaration, see `ast::StmtKind::If`).
    pub fn init_statement(&mut self, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Compound(ss) => {
                for s in *ss {
                    self.stmt(s);
                }
            }
            _ => self.stmt(s),
        }
    }

    /// Binds `name` to the object at `addr` (a reference-like name).
    pub fn bind_alias(
        &mut self,
        name: crate::intern::Symbol,
        addr: Value,
        ty: QualType,
        span: Span,
    ) {
        if self.scopes.lookup_local(name).is_some() {
            self.error(
                span,
                format!(
                    "\"{}\" has already been declared in the current scope",
                    self.name(name)
                ),
            );
            return;
        }
        let id = self.add_var(VarInfo {
            name,
            ty,
            storage: Storage::Local(addr),
            const_value: None,
        });
        self.reference_vars.insert(id.0);
        self.scopes.bind(name, Binding::Var(id));
    }

    /// `for (T x : range) body` over an array or a braced list.
    pub fn range_for(
        &mut self,
        var: &ast::VarDecl<'_>,
        by_ref: bool,
        range: &Expr<'_>,
        body: &Stmt<'_>,
        unroll: &Option<ast::Unroll<'_>>,
    ) {
        self.scopes.push();
        self.range_for_inner(var, by_ref, range, body, unroll);
        self.pop_scope();
    }

    fn range_for_inner(
        &mut self,
        var: &ast::VarDecl<'_>,
        by_ref: bool,
        range: &Expr<'_>,
        body: &Stmt<'_>,
        unroll: &Option<ast::Unroll<'_>>,
    ) {
        if let ExprKind::InitList { ty: None, .. } = range.kind {
        } else if let Some(t) = self.type_of_unevaluated(range) {
            if self.types.is_record(t.ty) {
                return self.range_for_class(var, by_ref, range, body, unroll);
            }
        }
        let Some((base, elem, len)) = self.range_array(range) else {
            return;
        };
        // The loop variable's type: written, or deduced from the element type.
        let var_ty = if Self::contains_auto(var.ty) {
            match self.deduce_auto(var.ty, elem, var.span) {
                Some(t) if by_ref => t.with_quals(elem.quals),
                Some(t) => t,
                None => return,
            }
        } else {
            match self.resolve_type(var.ty) {
                Some(t) => t,
                None => return,
            }
        };
        if by_ref && var_ty.ty != elem.ty {
            let msg = format!(
                "a reference of type \"{} &\" cannot be bound to an element of type \"{}\"",
                self.show(var_ty),
                self.show(elem)
            );
            self.error(var.span, msg);
            return;
        }
        let Some(esize) = self.types.size_of(elem.ty) else {
            self.error(range.span, "incomplete type is not allowed");
            return;
        };
        let value_slot = if by_ref {
            None
        } else {
            let Some(size) = self.sizeof_checked(var_ty, var.span) else {
                return;
            };
            let align = self.types.align_of(var_ty.ty);
            match self.alloca(size, align, var.span) {
                Some(s) => Some(s),
                None => return,
            }
        };
        let Some(idx) = self.alloca(8, 8, var.span) else {
            return;
        };
        let zero = self.iconst(Type::I64, 0);
        self.store(idx, zero, 8, false);
        let header = self.new_block();
        let bb = self.new_block();
        let step = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        self.set_unroll(header, unroll);
        let i = self.load(Type::I64, idx, 8, false);
        let n = self.iconst(Type::I64, len as i128);
        let c = self.icmp(IntCC::Ult, i, n);
        self.branch(c, bb, exit);
        self.switch_to(bb);
        let size = self.iconst(Type::I64, esize as i128);
        let off = self.bin(oxicc_ir::BinaryOp::Mul, i, size);
        let addr = self.ptr_add(base, off);
        self.scopes.push();
        match value_slot {
            None => self.bind_alias(var.name, addr, var_ty, var.name_span),
            Some(slot) => {
                if self.types.is_record(var_ty.ty) {
                    if var_ty.ty != elem.ty {
                        let msg = format!(
                            "a value of type \"{}\" cannot be used to initialize an entity of type \"{}\"",
                            self.show(elem),
                            self.show(var_ty)
                        );
                        self.error(var.span, msg);
                    } else {
                        // A copy (its copy constructor), destroyed at the end of the
                        // iteration.
                        let o = super::expr::Operand::lv(addr, elem);
                        self.copy_construct(slot, var_ty.unqual(), o, var.span);
                        self.register_local_dtor(slot, var_ty);
                    }
                } else {
                    let o = super::expr::Operand::lv(addr, elem);
                    if let Some(v) =
                        self.implicit(o, var_ty, super::expr::ConvCtx::Init, range.span)
                    {
                        self.store_scalar(slot, v, var_ty.unqual());
                    }
                }
                self.bind_alias(var.name, slot, var_ty, var.name_span);
            }
        }
        self.loop_body_with_var(body, exit, step);
        self.pop_scope();
        self.jump_to(step);
        self.switch_to(step);
        let i = self.load(Type::I64, idx, 8, false);
        let one = self.iconst(Type::I64, 1);
        let next = self.bin(oxicc_ir::BinaryOp::Add, i, one);
        self.store(idx, next, 8, false);
        self.jump_to(header);
        self.switch_to(exit);
    }

    /// `for (x : r)` over a class: C++'s expansion, `auto&& __range = r; auto __begin =
    /// __range.begin(), __end = __range.end(); for (; __begin != __end; ++__begin) { x =
    /// *__begin; body }`. The member calls and the iterator's operators are lowered from
    /// expressions built here (naming the hidden variables by keywords, which no source
    /// identifier can be), so they go through the classes' overload resolution.
    fn range_for_class(
        &mut self,
        var: &ast::VarDecl<'_>,
        by_ref: bool,
        range: &Expr<'_>,
        body: &Stmt<'_>,
        unroll: &Option<ast::Unroll<'_>>,
    ) {
        const RANGE: crate::intern::Symbol = crate::intern::kw::WHILE;
        const BEGIN: crate::intern::Symbol = crate::intern::kw::FOR;
        const END: crate::intern::Symbol = crate::intern::kw::DO;
        let sp = range.span;
        let (Some(begin_name), Some(end_name)) =
            (self.interner.get("begin"), self.interner.get("end"))
        else {
            self.error(
                sp,
                "this range-based \"for\" statement requires a suitable \"begin\" function and none was found",
            );
            return;
        };
        let Some(o) = self.expr(range) else {
            return;
        };
        let OpKind::LValue(addr) = o.kind else {
            self.error(
                sp,
                "the range of a range-based `for` must be an object here",
            );
            return;
        };
        self.bind_alias(RANGE, addr, o.ty, sp);
        let ident = |n| Expr {
            kind: ExprKind::Ident(n),
            span: sp,
        };
        let range_ident = ident(RANGE);
        let member = |name, base| Expr {
            kind: ExprKind::Member {
                base,
                name,
                name_span: sp,
                arrow: false,
            },
            span: sp,
        };
        let begin_callee = member(begin_name, &range_ident);
        let end_callee = member(end_name, &range_ident);
        let begin_call = Expr {
            kind: ExprKind::Call {
                callee: &begin_callee,
                args: &[],
            },
            span: sp,
        };
        let end_call = Expr {
            kind: ExprKind::Call {
                callee: &end_callee,
                args: &[],
            },
            span: sp,
        };
        let auto = ast::TypeExpr::Auto(sp);
        for (name, init) in [(BEGIN, &begin_call), (END, &end_call)] {
            let vd = ast::VarDecl {
                name,
                name_span: sp,
                specs: Default::default(),
                ty: &auto,
                align: None,
                init: Some(Init::Expr(init)),
                direct_braced: false,
                span: sp,
            };
            self.local_var(&vd);
            if !matches!(self.scopes.lookup_local(name), Some(Binding::Var(_))) {
                return;
            }
        }
        let (b, e) = (ident(BEGIN), ident(END));
        let cond = Expr {
            kind: ExprKind::Binary {
                op: ast::BinaryOp::Ne,
                lhs: &b,
                rhs: &e,
            },
            span: sp,
        };
        let deref = Expr {
            kind: ExprKind::Unary {
                op: ast::UnaryOp::Deref,
                expr: &b,
            },
            span: sp,
        };
        let step = Expr {
            kind: ExprKind::Unary {
                op: ast::UnaryOp::PreInc,
                expr: &b,
            },
            span: sp,
        };
        let header = self.new_block();
        let bb = self.new_block();
        let sb = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        self.set_unroll(header, unroll);
        match self.cond_value(&cond) {
            Some(c) => self.branch(c, bb, exit),
            None => {
                self.jump_to(exit);
                self.switch_to(exit);
                return;
            }
        }
        self.switch_to(bb);
        self.scopes.push();
        if let Some(elem) = self.expr(&deref) {
            self.bind_loop_var(var, by_ref, elem, sp);
        }
        self.loop_body_with_var(body, exit, sb);
        self.pop_scope();
        self.jump_to(sb);
        self.switch_to(sb);
        self.expr_discard(&step);
        self.jump_to(header);
        self.switch_to(exit);
    }

    /// Binds the loop variable of a range-based `for` to the current element: a name for
    /// the element itself (`T&`/`auto&`) or a copy.
    fn bind_loop_var(
        &mut self,
        var: &ast::VarDecl<'_>,
        by_ref: bool,
        elem: super::expr::Operand,
        span: Span,
    ) {
        let ety = elem.ty;
        let var_ty = if Self::contains_auto(var.ty) {
            match self.deduce_auto(var.ty, ety, var.span) {
                Some(t) if by_ref => t.with_quals(ety.quals),
                Some(t) => t,
                None => return,
            }
        } else {
            match self.resolve_type(var.ty) {
                Some(t) => t,
                None => return,
            }
        };
        if by_ref {
            let OpKind::LValue(addr) = elem.kind else {
                self.error(
                    span,
                    "a reference loop variable needs an element that is an lvalue",
                );
                return;
            };
            self.bind_alias(var.name, addr, var_ty, var.name_span);
            return;
        }
        let Some(size) = self.sizeof_checked(var_ty, var.span) else {
            return;
        };
        let align = self.types.align_of(var_ty.ty);
        let Some(slot) = self.alloca(size, align, var.span) else {
            return;
        };
        if self.types.is_record(var_ty.ty) {
            match elem.kind {
                OpKind::LValue(_) if ety.ty == var_ty.ty => {
                    self.copy_construct(slot, var_ty.unqual(), elem, span);
                    self.register_local_dtor(slot, var_ty);
                }
                _ => {
                    let msg = format!(
                        "a value of type \"{}\" cannot be used to initialize an entity of type \"{}\"",
                        self.show(ety),
                        self.show(var_ty)
                    );
                    self.error(var.span, msg);
                }
            }
        } else if let Some(v) = self.implicit(elem, var_ty, super::expr::ConvCtx::Init, span) {
            self.store_scalar(slot, v, var_ty.unqual());
        }
        self.bind_alias(var.name, slot, var_ty, var.name_span);
    }

    /// The range of a range-based `for` as (address of the first element, element type,
    /// length): an array object, or a braced list materialized as a temporary array.
    fn range_array(&mut self, range: &Expr<'_>) -> Option<(Value, QualType, u64)> {
        if let ExprKind::InitList { ty: None, items } = &range.kind {
            return self.list_as_array(items, range.span);
        }
        let o = self.expr(range)?;
        match (self.types.kind(o.ty.ty).clone(), o.kind) {
            (TypeKind::Array { elem, len: Some(n) }, OpKind::LValue(a)) => {
                Some((a, elem.with_quals(o.ty.quals), n))
            }
            _ => {
                self.error(
                    range.span,
                    "this range-based \"for\" statement requires a suitable \"begin\" function and none was found",
                );
                None
            }
        }
    }

    /// `{a, b, c}` as the range: a `const` array of the (common) element type.
    fn list_as_array(&mut self, items: &[Init<'_>], span: Span) -> Option<(Value, QualType, u64)> {
        let Some(Init::Expr(first)) = items.first() else {
            self.error(
                span,
                "cannot deduce the element type of this initializer list",
            );
            return None;
        };
        let t = self.type_of_unevaluated(first)?;
        let elem = self.decayed(t).unqual();
        if !self.types.is_scalar(elem.ty) && !self.types.is_record(elem.ty) {
            self.error(
                span,
                "cannot deduce the element type of this initializer list",
            );
            return None;
        }
        for it in &items[1..] {
            if let Init::Expr(e) = it {
                let t2 = self.type_of_unevaluated(e)?;
                if self.decayed(t2).ty != elem.ty {
                    let msg = format!(
                        "the elements of an initializer list must have one type (\"{}\" and \"{}\")",
                        self.show(elem),
                        self.show(t2.unqual())
                    );
                    self.error(e.span, msg);
                    return None;
                }
            }
        }
        let n = items.len() as u64;
        let arr = QualType::new(self.types.array_of(elem, Some(n)));
        let size = self.sizeof_checked(arr, span)?;
        let align = self.types.align_of(arr.ty);
        let slot = self.alloca(size, align, span)?;
        let init = Init::List { items, span };
        self.local_init(slot, arr, &init, span);
        let konst = crate::sema::types::Qualifiers {
            konst: true,
            ..Default::default()
        };
        Some((slot, elem.with_quals(konst), n))
    }

    /// `auto [a, b] = e;` / `auto& [a, b] = e;` over a struct or an array.
    pub fn structured_binding(&mut self, b: &ast::BindingDecl<'_>) {
        let e = match &b.init {
            Init::Expr(e) => *e,
            Init::List {
                items: [Init::Expr(e)],
                ..
            } => *e,
            Init::List { span, .. } => {
                self.error(
                    *span,
                    "a structured binding needs one initializer expression",
                );
                self.poison_names(b);
                return;
            }
        };
        let Some(o) = self.expr(e) else {
            self.poison_names(b);
            return;
        };
        let OpKind::LValue(src) = o.kind else {
            let msg = format!(
                "type \"{}\" has no components to bind to",
                self.show(o.ty.unqual())
            );
            self.error(b.names.first().map(|n| n.span).unwrap_or(b.span), msg);
            self.poison_names(b);
            return;
        };
        let quals = super::decl::conv_quals(b.quals);
        let parts: Vec<(u64, QualType)> = match self.types.kind(o.ty.ty).clone() {
            TypeKind::Array { elem, len: Some(n) } => {
                let size = self.types.size_of(elem.ty).unwrap_or(0);
                (0..n).map(|i| (i * size, elem)).collect()
            }
            TypeKind::Record(r) => {
                let info = self.types.record(r);
                if info.fields.iter().any(|f| f.bits.is_some()) {
                    self.error(
                        e.span,
                        "a structured binding of a class with bit-fields is not supported yet",
                    );
                    self.poison_names(b);
                    return;
                }
                if info.fields.iter().any(|f| f.name.is_none()) {
                    self.error(
                        e.span,
                        "a structured binding of a class with anonymous members is not supported yet",
                    );
                    self.poison_names(b);
                    return;
                }
                info.fields.iter().map(|f| (f.offset, f.ty)).collect()
            }
            _ => {
                let msg = format!(
                    "type \"{}\" has no components to bind to",
                    self.show(o.ty.unqual())
                );
                self.error(b.names.first().map(|n| n.span).unwrap_or(b.span), msg);
                self.poison_names(b);
                return;
            }
        };
        if parts.len() != b.names.len() {
            let msg = if b.names.len() > parts.len() {
                "too many identifiers"
            } else {
                "too few identifiers"
            };
            let at = b.names.get(parts.len()).map(|n| n.span).unwrap_or(b.span);
            self.error(at, msg);
            self.poison_names(b);
            return;
        }
        // By value: the names refer to the fields of a hidden copy of the object.
        let base = if b.by_ref {
            src
        } else {
            let size = self.types.size_of(o.ty.ty).unwrap_or(0);
            let align = self.types.align_of(o.ty.ty);
            let Some(slot) = self.alloca(size, align, b.span) else {
                return;
            };
            self.copy_bytes(slot, src, size, align, false);
            slot
        };
        let outer_quals = if b.by_ref { o.ty.quals } else { quals };
        for (name, (off, fty)) in b.names.iter().zip(parts) {
            let addr = self.ptr_add_const(base, off);
            let ty = fty.with_quals(outer_quals).with_quals(quals);
            self.bind_alias(name.name, addr, ty, name.span);
        }
    }

    /// After a failed structured binding: its names stay quiet.
    fn poison_names(&mut self, b: &ast::BindingDecl<'_>) {
        for n in b.names {
            if self.scopes.lookup_local(n.name).is_none() {
                self.scopes.bind(n.name, Binding::Poisoned);
            }
        }
    }
}
