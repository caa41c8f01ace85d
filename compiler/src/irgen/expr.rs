//! Expressions: operands (lvalues as addresses, rvalues as SSA values), names, literals,
//! member and element access, unary operators, casts, `?:`, `sizeof`, and the implicit
//! conversions of initialization, assignment, argument passing and `return`.

use super::{Binding, FnId, Lowerer, Storage, MAX_NESTING};
use crate::ast::{Expr, ExprKind, UnaryOp};
use crate::sema::conv::literal_kind;
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind};
use crate::source::Span;
use oxicc_ir::{AddrSpace, Block, InstData, Type, Value};

/// What an expression produced.
#[derive(Clone, Copy, Debug)]
pub(crate) enum OpKind {
    /// A value in a register.
    RValue(Value),
    /// An object in memory at this address (in whatever space it lives).
    LValue(Value),
    Void,
    /// A function designator.
    Func(FnId),
    /// A bit-field: `width` bits from bit `bit` of the storage unit (an object of the
    /// operand's type) at address `unit`.
    BitField {
        unit: Value,
        bit: u32,
        width: u32,
    },
}

/// The value category of an `OpKind::LValue` operand (C++ [basic.lval]); it matters for
/// class objects: a prvalue is a temporary this expression made (a copy of it may be
/// elided), an xvalue an object whose resources may be moved (`std::move(x)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // the standard's names for the categories
pub(crate) enum ValCat {
    LValue,
    XValue,
    PRValue,
}

/// A typed expression result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Operand {
    pub ty: QualType,
    pub kind: OpKind,
    /// A null pointer constant (`0`, `nullptr`).
    pub npc: bool,
    /// The value category of an object in memory (`LValue` for everything else).
    pub cat: ValCat,
}

impl Operand {
    pub fn rv(v: Value, ty: QualType) -> Operand {
        Operand {
            ty,
            kind: OpKind::RValue(v),
            npc: false,
            cat: ValCat::LValue,
        }
    }
    pub fn lv(addr: Value, ty: QualType) -> Operand {
        Operand {
            ty,
            kind: OpKind::LValue(addr),
            npc: false,
            cat: ValCat::LValue,
        }
    }
    /// A temporary object at `addr` (a class prvalue).
    pub fn temp(addr: Value, ty: QualType) -> Operand {
        Operand {
            cat: ValCat::PRValue,
            ..Operand::lv(addr, ty)
        }
    }
    /// An object whose resources may be moved (`static_cast<T&&>(x)`).
    pub fn xvalue(addr: Value, ty: QualType) -> Operand {
        Operand {
            cat: ValCat::XValue,
            ..Operand::lv(addr, ty)
        }
    }
    /// An lvalue designating an object (not a temporary or an xvalue).
    pub fn is_lvalue(&self) -> bool {
        matches!(self.kind, OpKind::LValue(_)) && self.cat == ValCat::LValue
    }
}

/// Where an implicit conversion happens (for nvcc's wording of the error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConvCtx {
    Init,
    Assign,
    Arg,
    Return,
}

impl Lowerer<'_> {
    /// Lowers an expression.
    pub fn expr(&mut self, e: &Expr<'_>) -> Option<Operand> {
        if let Some(o) = self.take_stashed(e) {
            return Some(o);
        }
        if let Some(o) = self.fold_host_constexpr_access(e) {
            return Some(o);
        }
        self.depth += 1;
        let r = if self.depth > MAX_NESTING {
            if self.depth == MAX_NESTING + 1 {
                self.error(e.span, "expression is nested too deeply");
            }
            None
        } else {
            let saved = std::mem::replace(&mut self.cur_span, e.span);
            if let ExprKind::Cond { .. } = e.kind {
                self.cond_lvalue = self.lvalue_wanted == e as *const Expr<'_> as usize;
            }
            let r = self.expr_inner(e);
            self.cur_span = saved;
            r
        };
        self.depth -= 1;
        r
    }

    /// Lowers an expression whose lvalue is wanted (a reference binds to it, it is
    /// assigned to): a `c ? a : b` of two lvalues is then an lvalue.
    pub fn expr_lvalue(&mut self, e: &Expr<'_>) -> Option<Operand> {
        let saved = std::mem::replace(&mut self.lvalue_wanted, e as *const Expr<'_> as usize);
        let r = self.expr(e);
        self.lvalue_wanted = saved;
        r
    }

    /// Lowers an expression to a value (lvalue-to-rvalue, array and function decay).
    pub fn expr_rv(&mut self, e: &Expr<'_>) -> Option<(Value, QualType)> {
        let op = self.expr(e)?;
        self.rvalue(op, e.span)
    }

    /// The value of an operand and its (unqualified, decayed) type.
    pub fn rvalue(&mut self, op: Operand, span: Span) -> Option<(Value, QualType)> {
        match op.kind {
            OpKind::RValue(v) => Some((v, op.ty.unqual())),
            OpKind::LValue(addr) => match self.types.kind(op.ty.ty).clone() {
                TypeKind::Array { elem, .. } => {
                    let p = QualType::new(self.types.pointer_to(elem));
                    Some((addr, p))
                }
                TypeKind::Record(_) => {
                    self.error(span, "a struct value cannot be used here");
                    None
                }
                TypeKind::Void => {
                    self.error(span, "expression must have a complete object type");
                    None
                }
                _ => Some((self.load_scalar(addr, op.ty), op.ty.unqual())),
            },
            OpKind::Void => {
                self.error(span, "expression must have a value (it has type \"void\")");
                None
            }
            OpKind::BitField { unit, bit, width } => {
                let v = self.load_bit_field(unit, op.ty, bit, width);
                Some((v, op.ty.unqual()))
            }
            OpKind::Func(f) => self.function_address(f, span),
        }
    }

    /// A condition as an `i1`.
    pub fn cond_value(&mut self, e: &Expr<'_>) -> Option<Value> {
        let mut op = self.expr(e)?;
        if let Some(v) = self.member_fn_ptr_truth(&op) {
            return Some(v);
        }
        if self.types.is_record(op.ty.ty) {
            if let Some(c) = self.class_condition(op, e.span) {
                op = c;
            }
        }
        let (v, t) = self.rvalue(op, e.span)?;
        if self.types.is_scoped_enum(t.ty) {
            self.error(
                e.span,
                "expression must have bool type (or be convertible to bool)",
            );
            return None;
        }
        if !self.types.is_scalar(t.ty) {
            self.error(
                e.span,
                format!(
                    "expression must have arithmetic or pointer type but it has type \"{}\"",
                    self.show(t)
                ),
            );
            return None;
        }
        Some(self.truth(v, t.ty))
    }

    fn expr_inner(&mut self, e: &Expr<'_>) -> Option<Operand> {
        match &e.kind {
            ExprKind::TypedArg(n) => self.typed_builtin_arg(*n),
            ExprKind::Name(q) if self.names_enumerator(q) => self.qual_ident(q, e.span),
            ExprKind::Name(q) if self.is_template_member(q) => self.template_member_expr(q, e.span),
            ExprKind::Name(q) if matches!(q.last(), crate::ast::NameSeg::TemplateId { .. }) => {
                match self.var_template_expr(q) {
                    Some(r) => r,
                    None => self.expr_cxx(e),
                }
            }
            ExprKind::Name(_)
            | ExprKind::This
            | ExprKind::Construct { .. }
            | ExprKind::QualMember { .. } => self.expr_cxx(e),
            ExprKind::IntLit {
                value,
                suffix,
                decimal,
            } => {
                let Some(k) = literal_kind(*value, suffix.unsigned, suffix.longs, *decimal) else {
                    self.error(e.span, "integer constant is too large");
                    return None;
                };
                let ty = QualType::new(self.types.int(k));
                let v = self.iconst(self.val_type(ty.ty), *value as i128);
                let mut op = Operand::rv(v, ty);
                op.npc = *value == 0;
                Some(op)
            }
            ExprKind::FloatLit {
                value,
                is_float,
                text,
            } => {
                if *is_float {
                    let f = self.float_literal_value(*text, *value);
                    let v = self.fconst(Type::F32, f as f64);
                    Some(Operand::rv(
                        v,
                        QualType::new(self.types.float(FloatKind::Float)),
                    ))
                } else {
                    let v = self.fconst(Type::F64, *value);
                    Some(Operand::rv(
                        v,
                        QualType::new(self.types.float(FloatKind::Double)),
                    ))
                }
            }
            ExprKind::CharLit(c) => {
                let v = self.iconst(Type::I8, *c as i128);
                Some(Operand::rv(v, QualType::new(self.types.int(IntKind::Char))))
            }
            ExprKind::BoolLit(b) => {
                let v = self.iconst(Type::I1, *b as i128);
                Some(Operand::rv(v, QualType::new(self.types.int(IntKind::Bool))))
            }
            ExprKind::Nullptr => {
                let z = self.iconst(Type::I64, 0);
                let p = self.cast(oxicc_ir::CastOp::IntToPtr, z, Type::Ptr(AddrSpace::Generic));
                let void = QualType::new(self.types.void());
                let mut op = Operand::rv(p, QualType::new(self.types.pointer_to(void)));
                op.npc = true;
                Some(op)
            }
            ExprKind::StrLit(bytes) => Some(self.string_literal(bytes)),
            ExprKind::Ident(name) => self.ident(*name, e.span),
            ExprKind::Unary { op, expr } => match self.unary_cxx(*op, expr, e.span) {
                Some(r) => r,
                None => self.unary(*op, expr, e.span),
            },
            ExprKind::Binary { op, lhs, rhs } => match self.binary_cxx(*op, lhs, rhs, e.span) {
                Some(r) => r,
                None => self.binary(*op, lhs, rhs, e.span),
            },
            ExprKind::Assign { op, lhs, rhs } => match self.assign_cxx(*op, lhs, rhs, e.span) {
                Some(r) => r,
                None => self.assign(*op, lhs, rhs, e.span),
            },
            ExprKind::Cond { cond, then, els } => self.conditional(cond, then, els, e.span),
            ExprKind::Cast { ty, expr, kind } => match self.class_cast(ty, expr, e.span) {
                Some(r) => r,
                None => self.cxx_cast(ty, expr, *kind, e.span),
            },
            ExprKind::InitList { ty, items } => self.init_list_expr(*ty, items, e.span),
            ExprKind::Lambda(l) => self.lambda_expr(l, e.span),
            ExprKind::Call { callee, args } => self.call(callee, args, e.span),
            ExprKind::Index { base, index } => match self.index_cxx(base, index, e.span) {
                Some(r) => r,
                None => self.index(base, index, e.span),
            },
            ExprKind::Member {
                base,
                name,
                name_span,
                arrow,
            } => self.member(base, *name, *name_span, *arrow, e.span),
            ExprKind::MemberPtr {
                base,
                member,
                arrow,
            } => self.member_ptr_expr(base, member, *arrow, e.span),
            ExprKind::New {
                placement,
                ty,
                count,
                args,
                braced,
            } => self.new_expr(*placement, ty, *count, *args, *braced, e.span),
            ExprKind::Delete { expr, array } => self.delete_expr(expr, *array, e.span),
            ExprKind::NotInDevice(op) => {
                self.error(
                    e.span,
                    format!("The operator '{op}' is not allowed in device code"),
                );
                None
            }
            ExprKind::SizeofType(ty) => {
                let t = self.resolve_type(ty)?;
                let s = self.sizeof_checked(t, e.span)?;
                Some(self.size_value(s))
            }
            ExprKind::SizeofExpr(x) => {
                let t = self.type_of_unevaluated(x)?;
                let s = self.sizeof_checked(t, e.span)?;
                Some(self.size_value(s))
            }
            ExprKind::AlignofType(ty) => {
                let t = self.resolve_type(ty)?;
                let a = self.types.align_of(t.ty);
                Some(self.size_value(a))
            }
            ExprKind::SizeofPack(_) | ExprKind::PackExpansion(_) | ExprKind::Fold { .. } => {
                self.template_expr(e)
            }
        }
    }

    pub fn size_value(&mut self, n: u64) -> Operand {
        let v = self.iconst(Type::I64, n as i128);
        Operand::rv(v, QualType::new(self.types.int(IntKind::ULong)))
    }

    /// The type of an expression without evaluating it (`sizeof expr`).
    pub fn type_of_unevaluated(&mut self, e: &Expr<'_>) -> Option<QualType> {
        if let Some(t) = self.unevaluated_member_type(e) {
            return Some(t);
        }
        if self.in_function() {
            return self.operand_of_unevaluated(e).map(|o| o.ty);
        }
        self.static_type(e)
    }

    /// The operand `e` would be (type and value category), lowered into a block that never
    /// enters the layout: its code is never run, and the temporaries it made are not
    /// destroyed. Blocks the lowering made current (the arms and join of a `?:`) leave the
    /// layout again, since their code uses values of the scratch block. Only inside a
    /// function.
    pub fn operand_of_unevaluated(&mut self, e: &Expr<'_>) -> Option<Operand> {
        let saved = self.fs().cur;
        let scratch = self.new_block();
        self.fs().cur = scratch;
        let mark = self.fs().cleanups.live.len();
        let layout_len = self.fs().func.layout.len();
        let op = self.expr(e);
        let fs = self.fs();
        fs.cleanups.live.truncate(mark);
        fs.func.layout.truncate(layout_len);
        fs.cur = saved;
        op
    }

    /// Types the few expression forms `sizeof` meets at file scope.
    fn static_type(&mut self, e: &Expr<'_>) -> Option<QualType> {
        match &e.kind {
            ExprKind::Ident(n) => match self.scopes.lookup(*n).copied() {
                Some(Binding::Var(v)) => Some(self.var(v).ty),
                Some(Binding::EnumConst(_, t)) => Some(t),
                // `extern "C" __typeof(uselocale) __uselocale;` (libstdc++'s `c++locale.h`).
                Some(Binding::Func(f)) => Some(self.function_type(f)),
                Some(b @ (Binding::Poisoned | Binding::Dropped(_))) => {
                    self.unusable_ident(b, *n, e.span);
                    None
                }
                _ => {
                    self.error(
                        e.span,
                        format!("identifier \"{}\" is undefined", self.name(*n)),
                    );
                    None
                }
            },
            ExprKind::Index { base, .. }
            | ExprKind::Unary {
                expr: base,
                op: UnaryOp::Deref,
            } => {
                let t = self.static_type(base)?;
                match self.types.kind(t.ty) {
                    TypeKind::Array { elem, .. } => Some(*elem),
                    TypeKind::Pointer(p) => Some(*p),
                    _ => {
                        self.error(e.span, "expression must have pointer type");
                        None
                    }
                }
            }
            // `typedef decltype(nullptr) nullptr_t;` (libstdc++'s `c++config.h`, gcc's
            // `stddef.h`).
            ExprKind::Nullptr => Some(QualType::new(self.types.intern(TypeKind::NullPtr))),
            ExprKind::StrLit(b) => {
                let c = QualType::new(self.types.int(IntKind::Char));
                Some(QualType::new(
                    self.types.array_of(c, Some(b.len() as u64 + 1)),
                ))
            }
            _ => match crate::sema::consteval::eval(self, e) {
                Ok(v) => {
                    let a = v.arith();
                    Some(QualType::new(self.arith_type(a)))
                }
                Err(_) => {
                    self.error(
                        e.span,
                        "sizeof of this expression at file scope is not supported yet",
                    );
                    None
                }
            },
        }
    }

    /// A string literal: a `$str` global holding the bytes and a NUL.
    pub(crate) fn string_literal(&mut self, bytes: &[u8]) -> Operand {
        let mut data = bytes.to_vec();
        data.push(0);
        let gid = self.string_global(&data);
        let addr = self.ins_v(
            InstData::GlobalAddr { global: gid },
            Type::Ptr(AddrSpace::Global),
        );
        let c = QualType::new(self.types.int(IntKind::Char)).with_quals(Qualifiers {
            konst: true,
            ..Qualifiers::NONE
        });
        let ty = QualType::new(self.types.array_of(c, Some(data.len() as u64)));
        Operand::lv(addr, ty)
    }

    /// A `.global .align 1 .b8 $str…[]` constant, named as nvcc names them.
    pub fn string_global(&mut self, data: &[u8]) -> oxicc_ir::GlobalId {
        if let Some(&g) = self.string_globals.get(data) {
            return g;
        }
        let name = if self.strings == 0 {
            "$str".to_string()
        } else {
            format!("$str${}", self.strings)
        };
        self.strings += 1;
        let g = self.module.add_global(oxicc_ir::GlobalVar {
            name,
            space: AddrSpace::Global,
            elem: Type::I8,
            count: Some(data.len() as u64),
            align: 1,
            init: Some(data.to_vec()),
            linkage: oxicc_ir::Linkage::Internal,
            extern_shared: false,
            managed: false,
            func_addrs: Vec::new(),
            read_only: false,
        });
        self.string_globals.insert(data.to_vec(), g);
        g
    }

    fn ident(&mut self, name: crate::intern::Symbol, span: Span) -> Option<Operand> {
        let b = match self.pack_element_binding(name) {
            Some(b) => Some(b),
            None => self.lookup_ordinary(name),
        };
        self.ident_binding(b, name, span)
    }

    /// The operand for a name bound to `b` (`None`: undeclared).
    pub fn ident_binding(
        &mut self,
        b: Option<Binding>,
        name: crate::intern::Symbol,
        span: Span,
    ) -> Option<Operand> {
        match b {
            Some(Binding::Field(_)) => self.this_field(name, span),
            Some(Binding::Address(v, ty)) => {
                let o = self.ident_binding(Some(Binding::Var(v)), name, span)?;
                match o.kind {
                    OpKind::LValue(addr) => Some(Operand::rv(addr, ty.unqual())),
                    _ => None,
                }
            }
            Some(Binding::Overloads(_)) => {
                self.error(
                    span,
                    format!(
                        "a pointer to the overloaded function \"{}\" is not supported yet",
                        self.name(name)
                    ),
                );
                None
            }
            Some(Binding::Var(id)) => {
                let info = self.var(id).clone();
                if let (Some(cv), false) = (info.const_value, info.ty.quals.volatile) {
                    let vt = self.val_type(info.ty.ty);
                    let v = match cv {
                        crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                        crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
                    };
                    return Some(Operand::rv(v, info.ty.unqual()));
                }
                match info.storage {
                    Storage::Local(addr) | Storage::ParamByVal(addr) => {
                        Some(Operand::lv(addr, info.ty))
                    }
                    Storage::Global(g, space) => {
                        let a = self.ins_v(InstData::GlobalAddr { global: g }, Type::Ptr(space));
                        Some(Operand::lv(a, info.ty))
                    }
                    Storage::Host => {
                        self.error(
                            span,
                            format!(
                                "identifier \"{}\" is undefined in device code",
                                self.name(name)
                            ),
                        );
                        None
                    }
                }
            }
            Some(Binding::Func(f)) => Some(Operand {
                ty: QualType::new(self.types.void()),
                kind: OpKind::Func(f),
                npc: false,
                cat: ValCat::LValue,
            }),
            Some(Binding::EnumConst(cv, ty)) => {
                let v = self.iconst(self.val_type(ty.ty), cv.as_int().unwrap_or(0));
                Some(Operand::rv(v, ty))
            }
            Some(Binding::Typedef(_) | Binding::ClassTemplate(_) | Binding::AliasTemplate(_)) => {
                self.error(span, "type name is not allowed");
                None
            }
            Some(Binding::FnTemplate(_)) => {
                self.error(
                    span,
                    format!(
                        "a function template name \"{}\" is only supported as a callee",
                        self.name(name)
                    ),
                );
                None
            }
            Some(Binding::VarTemplate(_)) => {
                let msg = format!(
                    "argument list for variable template \"{}\" is missing",
                    self.name(name)
                );
                self.error(span, msg);
                None
            }
            Some(b @ (Binding::Poisoned | Binding::Dropped(_))) => {
                self.unusable_ident(b, name, span);
                None
            }
            None => {
                if self.name(name) == "warpSize" {
                    let v = self.ins_v(
                        InstData::SpecialReg {
                            reg: oxicc_ir::SpecialReg::WarpSize,
                        },
                        Type::I32,
                    );
                    return Some(Operand::rv(v, QualType::new(self.types.int(IntKind::Int))));
                }
                let n = self.name(name).to_string();
                if let Some(r) = self.builtin_var_value(&n, span) {
                    return r;
                }
                self.error(
                    span,
                    format!("identifier \"{}\" is undefined", self.name(name)),
                );
                None
            }
        }
    }

    fn unary(&mut self, op: UnaryOp, x: &Expr<'_>, span: Span) -> Option<Operand> {
        match op {
            UnaryOp::Deref => {
                let (v, t) = self.expr_rv(x)?;
                let Some(p) = self.types.pointee(t.ty) else {
                    self.error(
                        span,
                        format!(
                            "operand of \"*\" must be a pointer but has type \"{}\"",
                            self.show(t)
                        ),
                    );
                    return None;
                };
                if self.types.is_void(p.ty) {
                    self.error(span, "a pointer to void cannot be dereferenced");
                    return None;
                }
                if self.types.is_function(p.ty) {
                    // `*fp` designates the function; every use but `&` and a call decays
                    // it back to the pointer, so the pointer stands for it.
                    return Some(Operand::rv(v, t));
                }
                Some(Operand::lv(v, p))
            }
            UnaryOp::AddrOf => {
                if let ExprKind::Name(q) = &x.kind {
                    if let Some(r) = self.member_pointer_constant(q, span) {
                        return r;
                    }
                }
                let o = self.expr(x)?;
                match o.kind {
                    OpKind::LValue(addr) => {
                        let pt = QualType::new(self.types.pointer_to(o.ty));
                        Some(Operand::rv(addr, pt))
                    }
                    OpKind::Func(f) => {
                        let (v, t) = self.function_address(f, span)?;
                        Some(Operand::rv(v, t))
                    }
                    OpKind::BitField { .. } => {
                        self.error(span, "taking the address of a bit field is not allowed");
                        None
                    }
                    _ => {
                        self.error(
                            span,
                            "expression must be an lvalue or a function designator",
                        );
                        None
                    }
                }
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                self.inc_dec(op, x, span)
            }
            UnaryOp::LogNot => {
                let c = self.cond_value(x)?;
                let v = self.un(oxicc_ir::UnaryOp::Not, c);
                Some(Operand::rv(v, QualType::new(self.types.int(IntKind::Bool))))
            }
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot => {
                let (v, t) = self.expr_rv(x)?;
                let ok = if op == UnaryOp::BitNot {
                    self.types.is_integer(t.ty)
                } else {
                    self.types.is_arith(t.ty)
                };
                if !ok {
                    let what = if op == UnaryOp::BitNot {
                        "expression must have integral or unscoped enum type"
                    } else {
                        "expression must have arithmetic type"
                    };
                    self.error(span, what);
                    return None;
                }
                let (v, pt) = self.promote_value(v, t.ty);
                let r = match op {
                    UnaryOp::Plus => v,
                    UnaryOp::Neg if self.types.is_float(pt) => self.un(oxicc_ir::UnaryOp::FNeg, v),
                    UnaryOp::Neg => self.un(oxicc_ir::UnaryOp::Neg, v),
                    _ => self.un(oxicc_ir::UnaryOp::Not, v),
                };
                Some(Operand::rv(r, QualType::new(pt)))
            }
        }
    }

    fn index(&mut self, base: &Expr<'_>, index: &Expr<'_>, span: Span) -> Option<Operand> {
        let (b, bt) = self.expr_rv(base)?;
        let (i, it) = self.expr_rv(index)?;
        // `i[p]` is `p[i]`.
        let (p, pt, i, it, index) = if self.types.is_pointer(bt.ty) {
            (b, bt, i, it, index)
        } else {
            (i, it, b, bt, base)
        };
        let Some(elem) = self.types.pointee(pt.ty) else {
            self.error(span, "expression must have pointer-to-object type");
            return None;
        };
        if !self.types.is_integer(it.ty) {
            self.error(span, "subscript must have integral type");
            return None;
        }
        let Some(size) = self.types.size_of(elem.ty) else {
            self.error(
                span,
                "expression must be a pointer to a complete object type",
            );
            return None;
        };
        let index_op = match index.kind {
            ExprKind::Binary { op, .. } => Some(op),
            _ => None,
        };
        let a = self.index_address(p, index_op, i, it.ty, size);
        Some(Operand::lv(a, elem))
    }

    fn member(
        &mut self,
        base: &Expr<'_>,
        name: crate::intern::Symbol,
        name_span: Span,
        arrow: bool,
        span: Span,
    ) -> Option<Operand> {
        if !arrow {
            if let ExprKind::Ident(b) = &base.kind {
                if let Some(op) = self.builtin_member(*b, name, name_span) {
                    return op;
                }
            }
        }
        let (addr, rty) = if arrow {
            self.arrow_object(base, span)?
        } else {
            let o = self.expr(base)?;
            match o.kind {
                OpKind::LValue(a) => (a, o.ty),
                _ => {
                    self.error(span, "expression must have class type");
                    return None;
                }
            }
        };
        self.field_of_object(addr, rty, name, name_span, arrow, span)
    }

    /// The field `name` of the object of type `rty` at `addr` (an lvalue or a bit-field).
    pub(super) fn field_of_object(
        &mut self,
        addr: Value,
        rty: QualType,
        name: crate::intern::Symbol,
        name_span: Span,
        arrow: bool,
        span: Span,
    ) -> Option<Operand> {
        let TypeKind::Record(r) = self.types.kind(rty.ty).clone() else {
            let what = if arrow {
                "expression must have pointer-to-class type"
            } else {
                "expression must have class type"
            };
            self.error(span, what);
            return None;
        };
        let info = self.types.record(r);
        if !info.complete {
            self.error(span, "incomplete type is not allowed");
            return None;
        }
        let Some((offset, fty, bits)) = self.find_field(r, name, 0) else {
            // `obj.kStatic`, `frag.num_elements`: a static data member or an enumerator of
            // the class, reached through an object (which has no side effects here: an
            // lvalue already computed).
            if let Some(b @ (Binding::Var(_) | Binding::EnumConst(..))) =
                self.class_member_binding(r, name)
            {
                return self.ident_binding(Some(b), name, name_span);
            }
            let info = self.types.record(r);
            let rn = info.name.map(|n| self.name(n)).unwrap_or("<unnamed>");
            self.error(
                name_span,
                format!("class \"{rn}\" has no member \"{}\"", self.name(name)),
            );
            return None;
        };
        if !self.classes.is_empty() {
            self.check_member_access(r, name, false, name_span);
        }
        let a = self.ptr_add_const(addr, offset);
        if let Some(referent) = self.referent(fty) {
            // A reference member holds the address of the object it names.
            let p = self.load_scalar(a, fty);
            return Some(Operand::lv(p, referent));
        }
        let ty = fty.with_quals(rty.quals);
        if let Some((bit, width)) = bits {
            return Some(Operand {
                ty,
                kind: OpKind::BitField {
                    unit: a,
                    bit,
                    width,
                },
                npc: false,
                cat: ValCat::LValue,
            });
        }
        Some(Operand::lv(a, ty))
    }

    /// A field by name, looking inside anonymous struct/union members too; returns its
    /// offset from the start of `r` and its type.
    pub(super) fn find_field(
        &self,
        r: crate::sema::types::RecordId,
        name: crate::intern::Symbol,
        depth: u32,
    ) -> Option<(u64, QualType, Option<crate::sema::types::BitRange>)> {
        let info = self.types.record(r);
        if let Some(f) = info.fields.iter().find(|f| f.name == Some(name)) {
            return Some((f.offset, f.ty, f.bits));
        }
        if depth > 32 {
            return None;
        }
        info.fields
            .iter()
            .filter(|f| f.name.is_none())
            .find_map(|f| {
                let TypeKind::Record(inner) = self.types.kind(f.ty.ty) else {
                    return None;
                };
                let (off, t, bits) = self.find_field(*inner, name, depth + 1)?;
                Some((f.offset + off, t.with_quals(f.ty.quals), bits))
            })
    }

    /// `threadIdx.x` and friends (when not shadowed by a user declaration).
    fn builtin_member(
        &mut self,
        base: crate::intern::Symbol,
        field: crate::intern::Symbol,
        span: Span,
    ) -> Option<Option<Operand>> {
        if let Some(Binding::Var(v)) = self.scopes.lookup(base) {
            if !matches!(self.var(*v).storage, Storage::Host) {
                return None;
            }
        }
        use oxicc_ir::{Dim, SpecialReg as R};
        let make: fn(Dim) -> R = match self.name(base) {
            "threadIdx" => R::Tid,
            "blockIdx" => R::CtaId,
            "blockDim" => R::NTid,
            "gridDim" => R::NCtaId,
            _ => return None,
        };
        let dim = match self.name(field) {
            "x" => Dim::X,
            "y" => Dim::Y,
            "z" => Dim::Z,
            f => {
                self.error(span, format!("class \"uint3\" has no member \"{f}\""));
                return Some(None);
            }
        };
        let v = self.ins_v(InstData::SpecialReg { reg: make(dim) }, Type::I32);
        Some(Some(Operand::rv(
            v,
            QualType::new(self.types.int(IntKind::UInt)),
        )))
    }

    /// The type an operand has after array decay (for typing without emitting code).
    pub fn decayed(&mut self, t: QualType) -> QualType {
        match self.types.kind(t.ty).clone() {
            TypeKind::Array { elem, .. } => QualType::new(self.types.pointer_to(elem)),
            _ => t,
        }
    }

    /// Converts an operand for initialization/assignment/argument/return to type `to`,
    /// with C++'s implicit conversion rules and nvcc's diagnostics.
    pub fn implicit(
        &mut self,
        o: Operand,
        to: QualType,
        ctx: ConvCtx,
        span: Span,
    ) -> Option<Value> {
        if let Some(r) = self.implicit_cxx(o, to, ctx, span) {
            return r;
        }
        if self.types.is_record(o.ty.ty) && o.ty.ty != to.ty {
            let msg = format!(
                "no suitable conversion function from \"{}\" to \"{}\" exists",
                self.show(o.ty.unqual()),
                self.show(to.unqual())
            );
            self.error(span, msg);
            return None;
        }
        let (v, from) = self.rvalue(o, span)?;
        if !self.assignable(from, to, o.npc) {
            let (f, t) = (self.show(from), self.show(to.unqual()));
            let msg = match ctx {
                ConvCtx::Init => {
                    format!("a value of type \"{f}\" cannot be used to initialize an entity of type \"{t}\"")
                }
                ConvCtx::Assign => {
                    format!(
                        "a value of type \"{f}\" cannot be assigned to an entity of type \"{t}\""
                    )
                }
                ConvCtx::Arg => {
                    format!(
                        "argument of type \"{f}\" is incompatible with parameter of type \"{t}\""
                    )
                }
                ConvCtx::Return => "return value type does not match the function type".to_string(),
            };
            self.error(span, msg);
            return None;
        }
        Some(self.convert(v, from.ty, to.ty))
    }

    /// C++ implicit convertibility between scalar types.
    fn assignable(&mut self, from: QualType, to: QualType, npc: bool) -> bool {
        let (ft, tt) = (from.ty, to.ty);
        if ft == tt {
            return true;
        }
        if let TypeKind::Enum(_) = self.types.kind(tt) {
            return false;
        }
        if self.types.is_arith(ft) && self.types.is_arith(tt) {
            return true;
        }
        if self.types.is_bool(tt) && self.types.is_pointer(ft) {
            return true;
        }
        if let Some(tp) = self.types.pointee(tt) {
            if npc && (self.types.is_integer(ft) || self.types.is_pointer(ft)) {
                return true;
            }
            if let Some(fp) = self.types.pointee(ft) {
                if !fp.quals.subset_of(tp.quals.union(Qualifiers {
                    restrict: true,
                    ..Qualifiers::NONE
                })) {
                    return false;
                }
                return fp.ty == tp.ty
                    || self.types.is_void(tp.ty) && !self.types.is_function(fp.ty);
            }
        }
        false
    }

    /// Lowers a statement-level expression and drops its value.
    pub fn expr_discard(&mut self, e: &Expr<'_>) {
        let _ = self.expr(e);
    }

    /// The block the cursor is in.
    pub fn cur_block(&mut self) -> Block {
        self.fs().cur
    }
}
