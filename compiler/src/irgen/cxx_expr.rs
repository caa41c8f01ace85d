//! C++ expressions that are neither classes nor templates: scoped enumerators (`Op::Add`),
//! the C++ casts with their rules (`static_cast`, `reinterpret_cast`, `const_cast`,
//! functional `T(x)`), braced lists as values (`T{a, b}`, `T{}`, and a bare `{a, b}` where
//! the target type is known: `return {a, b};`, `f({1, 2})`), and `auto`/`decltype`.
//!
//! A braced list of aggregate type becomes a fresh stack slot initialized like a local
//! (`local_init`), used as an lvalue: struct values are addresses throughout the lowering.

use super::expr::{ConvCtx, OpKind, Operand, ValCat};
use super::{Binding, Lowerer, Tag};
use crate::ast::{self, CastKind, Expr, ExprKind, Init, QualName, TypeExpr};
use crate::sema::consteval::ConstValue;
use crate::sema::types::{QualType, Qualifiers, TypeKind};
use crate::source::Span;
use oxicc_ir::{AddrSpace, CastOp, Type};

impl Lowerer<'_> {
    /// The enumerator `E::X` (scoped or not), as its value.
    pub fn qual_ident(&mut self, q: &QualName<'_>, span: Span) -> Option<Operand> {
        let (v, ty) = self.qual_enumerator(q, true)?;
        let c = self.iconst(self.val_type(ty.ty), v);
        let _ = span;
        Some(Operand::rv(c, ty))
    }

    /// True when `q` is `E::X` with `E` an enum (scoped or not) visible here, or
    /// `N::E::X` / `S::E::X` with `E` found through its qualifier.
    pub fn names_enumerator(&mut self, q: &QualName<'_>) -> bool {
        q.segments.len() >= 2 && self.enum_scope(q).is_some()
    }

    /// The enum that `q`'s qualifier (all but its last segment) names.
    fn enum_scope(&mut self, q: &QualName<'_>) -> Option<crate::sema::types::EnumId> {
        let n = q.segments.len();
        if n == 2 && !q.global {
            if let Some(e) = q.segments[0].ident().and_then(|s| self.enum_named(s)) {
                return Some(e);
            }
        }
        if n < 2 || (n == 2 && !q.global) {
            return None;
        }
        let scope = QualName {
            global: q.global,
            segments: &q.segments[..n - 1],
            span: q.span,
        };
        match self.lookup_qualified_tag(&scope) {
            Some(Tag::Enum(e)) => Some(e),
            _ => None,
        }
    }

    /// The enum a name denotes (its tag, or a typedef/alias of it).
    fn enum_named(&self, n: crate::intern::Symbol) -> Option<crate::sema::types::EnumId> {
        match self.scopes.lookup(n).copied() {
            Some(Binding::Typedef(t)) => match self.types.kind(t.ty) {
                TypeKind::Enum(e) => Some(*e),
                _ => None,
            },
            _ => match self.scopes.lookup_tag(n).copied() {
                Some(Tag::Enum(e)) => Some(e),
                _ => None,
            },
        }
    }

    /// Looks up `E::X`: the enumerator's value and the enum type.
    pub fn qual_enumerator(&mut self, q: &QualName<'_>, report: bool) -> Option<(i128, QualType)> {
        let [.., scope, member] = q.segments else {
            return None;
        };
        let e = self.enum_scope(q);
        let Some(e) = e else {
            if report {
                self.error(
                    scope.span(),
                    "name followed by \"::\" must be a class or namespace name",
                );
            }
            return None;
        };
        let member_name = member.ident();
        let info = self.types.enum_info(e);
        let found = info
            .enumerators
            .iter()
            .find(|(n, _)| Some(*n) == member_name)
            .map(|(_, v)| *v);
        let ty = QualType::new(self.types.intern(TypeKind::Enum(e)));
        match found {
            Some(v) => Some((v, ty)),
            None => {
                if report {
                    let msg = format!(
                        "enum \"{}\" has no member \"{}\"",
                        self.show(ty),
                        member_name.map(|n| self.name(n)).unwrap_or("?")
                    );
                    self.error(member.span(), msg);
                }
                None
            }
        }
    }

    /// A binary operator with an `enum class` operand: only comparisons of two values of
    /// the same scoped enum exist (no promotion to `int`).
    pub fn scoped_enum_binary(
        &mut self,
        op: ast::BinaryOp,
        (lv, lt): (oxicc_ir::Value, QualType),
        (rv, rt): (oxicc_ir::Value, QualType),
        span: Span,
    ) -> Option<Operand> {
        use ast::BinaryOp as B;
        let cmp = matches!(op, B::Lt | B::Gt | B::Le | B::Ge | B::Eq | B::Ne);
        if cmp && lt.ty == rt.ty {
            let v = self.compare(op, lv, rv, lt.ty);
            return Some(Operand::rv(v, self.bool_type()));
        }
        self.no_operator_matches(op, lt.unqual(), rt.unqual(), span);
        None
    }

    /// nvcc's error for a binary operator whose operands no built-in operator and no
    /// operator function accepts (a class operand without an `operator+`), with the
    /// operand types as given.
    pub fn no_operator_matches(
        &mut self,
        op: ast::BinaryOp,
        lt: QualType,
        rt: QualType,
        span: Span,
    ) {
        let sym = binary_spelling(op);
        let d = crate::diag::Diag::error(
            span,
            format!("no operator \"{sym}\" matches these operands"),
        )
        .with_note(
            span,
            format!(
                "operand types are: {} {sym} {}",
                self.show(lt),
                self.show(rt)
            ),
        );
        self.diags.push(d);
    }

    /// A cast expression of any form.
    pub fn cxx_cast(
        &mut self,
        ty: &TypeExpr<'_>,
        x: &Expr<'_>,
        kind: CastKind,
        span: Span,
    ) -> Option<Operand> {
        let to = self.resolve_type(ty)?;
        let o = self.expr(x)?;
        if self.types.is_void(to.ty) {
            return Some(Operand {
                ty: to,
                kind: OpKind::Void,
                npc: false,
                cat: ValCat::LValue,
            });
        }
        if let TypeKind::Reference { referent, rvalue } = self.types.kind(to.ty).clone() {
            // `static_cast<T&&>(x)` (std::move) is an xvalue, `static_cast<T&>(x)` an lvalue.
            if let OpKind::LValue(a) = o.kind {
                // `reinterpret_cast<long long&>(u)`: the same object seen as another type
                // (CuPy's `atomicMax(double*, double)`).
                let addr = if o.ty.ty == referent.ty || kind == CastKind::Reinterpret {
                    Some(a)
                } else {
                    self.base_offset(o.ty.ty, referent.ty)
                        .map(|off| self.ptr_add_const(a, off))
                };
                if let Some(addr) = addr {
                    // `const_cast<T&>(c)` sets the qualifiers; the other casts keep the
                    // operand's (`static_cast<const B&>(d)` adds to them).
                    let ty = if kind == CastKind::Const {
                        referent
                    } else {
                        referent.with_quals(o.ty.quals.union(referent.quals))
                    };
                    return Some(if rvalue {
                        Operand::xvalue(addr, ty)
                    } else {
                        Operand::lv(addr, ty)
                    });
                }
            }
        }
        if self.types.is_record(to.ty) {
            if self.types.is_record(o.ty.ty) && o.ty.ty == to.ty {
                return Some(o);
            }
            self.error(span, "casts to struct types are not supported");
            return None;
        }
        if kind == CastKind::Const && !self.types.is_pointer(to.ty) {
            self.error(
                span,
                "the type in a const_cast must be a pointer, reference, or pointer to member to an object type",
            );
            return None;
        }
        let (v, from) = self.rvalue(o, x.span)?;
        if !self.cast_allowed(kind, from, to, span) {
            return None;
        }
        let r = self.convert(v, from.ty, to.ty);
        let mut out = Operand::rv(r, to.unqual());
        out.npc = o.npc && self.types.is_pointer(to.ty);
        Some(out)
    }

    /// C++'s rules for which scalar conversions each cast form may perform; reports the
    /// error (nvcc's wording) when it may not.
    fn cast_allowed(&mut self, kind: CastKind, from: QualType, to: QualType, span: Span) -> bool {
        let t = &self.types;
        let (fp, tp) = (t.is_pointer(from.ty), t.is_pointer(to.ty));
        let (fi, ti) = (t.int_kind(from.ty).is_some(), t.int_kind(to.ty).is_some());
        let (ff, tf) = (t.is_float(from.ty), t.is_float(to.ty));
        let casts_away_const =
            |t: &crate::sema::types::TypeTable| match (t.pointee(from.ty), t.pointee(to.ty)) {
                (Some(a), Some(b)) => !a.quals.subset_of(b.quals.union(Qualifiers {
                    restrict: true,
                    ..Qualifiers::NONE
                })),
                _ => false,
            };
        let ok = match kind {
            CastKind::C | CastKind::Functional => {
                (fi || ff || fp) && (ti || tf || tp) && !(ff && tp) && !(fp && tf)
            }
            CastKind::Static => {
                if fp && tp && casts_away_const(t) {
                    self.error(
                        span,
                        "static_cast cannot cast away const or other type qualifiers",
                    );
                    return false;
                }
                let void_ptr = |q: Option<QualType>| q.is_some_and(|p| t.is_void(p.ty));
                (fi || ff) && (ti || tf)
                    || fp && tp && {
                        let (a, b) = (t.pointee(from.ty), t.pointee(to.ty));
                        a.map(|p| p.ty) == b.map(|p| p.ty) || void_ptr(a) || void_ptr(b)
                    }
            }
            CastKind::Reinterpret => {
                if fp && tp && casts_away_const(t) {
                    self.error(
                        span,
                        "reinterpret_cast cannot cast away const or other type qualifiers",
                    );
                    return false;
                }
                let wide = |k: Option<crate::sema::IntKind>| k.is_some_and(|k| k.bits() >= 64);
                fp && (tp || wide(t.int_kind(to.ty))) || tp && fi || from.ty == to.ty
            }
            CastKind::Const => {
                fp && tp && {
                    let (a, b) = (t.pointee(from.ty), t.pointee(to.ty));
                    a.map(|p| p.ty) == b.map(|p| p.ty)
                }
            }
        };
        if !ok {
            let msg = match kind {
                CastKind::C | CastKind::Functional => format!(
                    "invalid type conversion from \"{}\" to \"{}\"",
                    self.show(from),
                    self.show(to)
                ),
                _ => "invalid type conversion".to_string(),
            };
            self.error(span, msg);
        }
        ok
    }

    /// `T{…}` / `{…}` as an expression; a bare list needs a target type from its context.
    pub fn init_list_expr(
        &mut self,
        ty: Option<&TypeExpr<'_>>,
        items: &[Init<'_>],
        span: Span,
    ) -> Option<Operand> {
        let Some(ty) = ty else {
            self.error(span, "an initializer list cannot be used here");
            return None;
        };
        let t = self.resolve_type(ty)?;
        self.braced_value(t, items, span)
    }

    /// A braced list converted to type `t`: a scalar value, or a temporary aggregate.
    pub fn braced_value(&mut self, t: QualType, items: &[Init<'_>], span: Span) -> Option<Operand> {
        if self.types.is_void(t.ty) {
            if !items.is_empty() {
                self.error(span, "too many initializer values");
                return None;
            }
            return Some(Operand {
                ty: t,
                kind: OpKind::Void,
                npc: false,
                cat: ValCat::LValue,
            });
        }
        if self.init_list_elem(t).is_some() {
            return self.init_list_temporary(t, items, span);
        }
        if self.types.is_record(t.ty) || self.types.is_array(t.ty) {
            let Some(size) = self.types.size_of(t.ty) else {
                self.error(span, "incomplete type is not allowed");
                return None;
            };
            let align = self.types.align_of(t.ty);
            let slot = self.alloca(size, align, span)?;
            let init = Init::List { items, span };
            self.local_init(slot, t.unqual(), &init, span);
            return Some(self.new_temporary(slot, t.unqual()));
        }
        match items {
            [] => {
                let v = self.zero_value(t);
                Some(Operand::rv(v, t.unqual()))
            }
            [Init::Expr(e)] => {
                let o = self.expr(e)?;
                self.check_init_narrowing(e, o.ty, t, true, e.span);
                let v = self.implicit(o, t.unqual(), ConvCtx::Init, e.span)?;
                Some(Operand::rv(v, t.unqual()))
            }
            [Init::List { items, span }] => self.braced_value(t, items, *span),
            _ => {
                self.error(span, "too many initializer values");
                None
            }
        }
    }

    /// The zero of a scalar type (value-initialization).
    pub fn zero_value(&mut self, t: QualType) -> oxicc_ir::Value {
        let vt = self.val_type(t.ty);
        match vt {
            Type::F32 | Type::F64 => self.fconst(vt, 0.0),
            Type::Ptr(_) => {
                let z = self.iconst(Type::I64, 0);
                self.cast(CastOp::IntToPtr, z, Type::Ptr(AddrSpace::Generic))
            }
            _ => self.iconst(vt, 0),
        }
    }

    /// Lowers `e` where a value of type `target` is expected: a bare braced list takes
    /// that type (`return {a, b};`, `f({1, 2})`); anything else lowers as usual.
    pub fn expr_for(&mut self, e: &Expr<'_>, target: QualType) -> Option<Operand> {
        match &e.kind {
            ExprKind::InitList { ty: None, items } => self.braced_value(target, items, e.span),
            _ => self.expr(e),
        }
    }

    /// A constant converted to `ty`, as a value (default arguments).
    pub fn const_operand(&mut self, cv: ConstValue, ty: QualType) -> Option<Operand> {
        let vt = self.val_type(ty.ty);
        let a = self.arith_of(ty.ty);
        let v = match (a, vt) {
            (Some(a), _) => match cv.convert(a) {
                ConstValue::Int { value, .. } => self.iconst(vt, value),
                ConstValue::Float { value, .. } => self.fconst(vt, value),
            },
            (None, Type::Ptr(_)) => self.zero_value(ty),
            _ => return None,
        };
        let mut o = Operand::rv(v, ty.unqual());
        o.npc = self.types.is_pointer(ty.ty);
        Some(o)
    }

    /// True when a function's return type is deduced from its body: `auto`, or a
    /// trailing `decltype(…)` naming the parameters (`auto f(A a, B b) -> decltype(a + b)`),
    /// which is not in scope before the body: oxicc takes the type of the returned
    /// expression for it (the same type for the usual `-> decltype(expr) { return expr; }`).
    pub fn return_deduced(&mut self, te: &TypeExpr<'_>) -> bool {
        Self::contains_auto(te)
            || matches!(te, TypeExpr::Decltype(_)) && self.quietly(|l| l.resolve_type(te)).is_none()
    }

    /// True when a written type is (or is built on) the `auto` placeholder.
    pub fn contains_auto(te: &TypeExpr<'_>) -> bool {
        match te {
            TypeExpr::Auto(_) | TypeExpr::DecltypeAuto(_) => true,
            TypeExpr::Qualified { inner, .. } => Self::contains_auto(inner),
            TypeExpr::Pointer { pointee, .. } => Self::contains_auto(pointee),
            _ => false,
        }
    }

    /// Deduces `auto`, `const auto`, `auto *`, … from the type of an initializer (C++'s
    /// template-argument deduction for a by-value parameter: arrays decay, top-level
    /// qualifiers of the initializer are dropped).
    pub fn deduce_auto(
        &mut self,
        te: &TypeExpr<'_>,
        init: QualType,
        span: Span,
    ) -> Option<QualType> {
        match te {
            TypeExpr::Auto(_) => {
                let d = self.decayed(init);
                if self.types.is_function(d.ty) {
                    self.error(span, "function pointers are not supported yet");
                    return None;
                }
                Some(d.unqual())
            }
            TypeExpr::Qualified { quals, inner } => {
                let t = self.deduce_auto(inner, init, span)?;
                Some(self.add_quals(t, super::decl::conv_quals(*quals)))
            }
            TypeExpr::Pointer { pointee, quals } => {
                let d = self.decayed(init);
                let Some(p) = self.types.pointee(d.ty) else {
                    let msg = format!(
                        "a value of type \"{}\" cannot be used to initialize an entity of type \"auto *\"",
                        self.show(init)
                    );
                    self.error(span, msg);
                    return None;
                };
                let inner = self.deduce_pointee(pointee, p, span)?;
                Some(QualType {
                    ty: self.types.pointer_to(inner),
                    quals: super::decl::conv_quals(*quals),
                })
            }
            _ => self.resolve_type(te),
        }
    }

    /// The pointee part of `auto *`: keeps the pointee's own qualifiers.
    fn deduce_pointee(&mut self, te: &TypeExpr<'_>, p: QualType, span: Span) -> Option<QualType> {
        match te {
            TypeExpr::Auto(_) => Some(p),
            TypeExpr::Qualified { quals, inner } => {
                let t = self.deduce_pointee(inner, p, span)?;
                Some(t.with_quals(super::decl::conv_quals(*quals)))
            }
            _ => self.deduce_auto(te, p, span),
        }
    }

    /// `decltype(e)`: the declared type of a named variable, else the expression's type.
    pub fn decltype_of(&mut self, e: &Expr<'_>) -> Option<QualType> {
        if let ExprKind::Ident(n) = e.kind {
            if let Some(Binding::Var(v)) = self.scopes.lookup(n).copied() {
                return Some(self.var(v).ty);
            }
        }
        self.type_of_unevaluated(e)
    }

    /// `T::name` for a type `T` that is not a plain name (`decltype(x)::value_type`): a
    /// member type or alias of the class `T`.
    pub fn member_type(
        &mut self,
        base: &TypeExpr<'_>,
        name: crate::intern::Symbol,
        span: Span,
    ) -> Option<QualType> {
        let t = self.resolve_type(base)?;
        let n = self.name(name);
        let msg = match self.types.kind(t.ty).clone() {
            TypeKind::Record(r) => match self.class_member_binding(r, name) {
                Some(Binding::Typedef(t)) => return Some(t),
                Some(_) => format!("\"{n}\" is not a type name"),
                None => match self.class_nested_tag(r, name) {
                    Some(Tag::Record(nr)) => {
                        return Some(QualType::new(self.types.intern(TypeKind::Record(nr))))
                    }
                    Some(Tag::Enum(e)) => {
                        return Some(QualType::new(self.types.intern(TypeKind::Enum(e))))
                    }
                    None => format!("class \"{}\" has no member \"{n}\"", self.show(t.unqual())),
                },
            },
            _ => "name followed by \"::\" must be a class or namespace name".to_string(),
        };
        self.error(span, msg);
        None
    }

    /// A local variable declared with `auto`: its type comes from the initializer.
    pub fn local_auto_var(&mut self, vd: &ast::VarDecl<'_>) -> Option<(oxicc_ir::Value, QualType)> {
        let e = match &vd.init {
            Some(Init::Expr(e)) => *e,
            Some(Init::List {
                items: [Init::Expr(e)],
                ..
            }) if vd.direct_braced => *e,
            Some(Init::List { span, .. }) if vd.direct_braced => {
                self.error(
                    *span,
                    "braced initialization of a variable declared with a placeholder type but without `=` requires exactly one element inside the braces",
                );
                return None;
            }
            Some(Init::List { items, span }) => {
                // `auto x = {…}`: a std::initializer_list.
                let il = self.auto_init_list_type(items, vd.span)?;
                let ty = self.deduce_auto(vd.ty, il, *span)?;
                let size = self.sizeof_checked(ty, vd.span)?;
                let slot = self.alloca(size, self.types.align_of(ty.ty), vd.span)?;
                self.init_list_at(slot, ty.unqual(), items, *span, true)?;
                return Some((slot, ty));
            }
            None => {
                self.error(
                    vd.name_span,
                    "cannot deduce \"auto\" type (initializer required)",
                );
                return None;
            }
        };
        let o = self.expr(e)?;
        if matches!(o.kind, OpKind::Void) {
            self.error(e.span, "variable cannot have incomplete type \"void\"");
            return None;
        }
        let ty = self.deduce_auto(vd.ty, o.ty, e.span)?;
        let size = self.sizeof_checked(ty, vd.span)?;
        let mut align = self.types.align_of(ty.ty);
        if let Some(a) = vd.align {
            align = align.max(self.alignment(a)?);
        }
        let slot = self.alloca(size, align, vd.span)?;
        if self.types.is_record(ty.ty) {
            if !matches!(o.kind, OpKind::LValue(_)) {
                return None;
            }
            // A copy (its copy constructor; a prvalue is elided).
            self.copy_construct(slot, ty.unqual(), o, e.span)?;
        } else {
            let v = self.implicit(o, ty, ConvCtx::Init, e.span)?;
            self.store_scalar(slot, v, ty.unqual());
        }
        Some((slot, ty))
    }
}

/// The spelling of a binary operator in messages.
fn binary_spelling(op: ast::BinaryOp) -> &'static str {
    use ast::BinaryOp as B;
    match op {
        B::Mul => "*",
        B::Div => "/",
        B::Rem => "%",
        B::Add => "+",
        B::Sub => "-",
        B::Shl => "<<",
        B::Shr => ">>",
        B::Lt => "<",
        B::Gt => ">",
        B::Le => "<=",
        B::Ge => ">=",
        B::Eq => "==",
        B::Ne => "!=",
        B::BitAnd => "&",
        B::BitXor => "^",
        B::BitOr => "|",
        B::LogAnd => "&&",
        B::LogOr => "||",
        B::Comma => ",",
    }
}
