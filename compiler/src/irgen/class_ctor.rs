//! Construction of class objects: constructor calls for declarations (`S s(1, 2)`) and
//! temporaries (`S(1, 2)`), converting constructors, default member initializers, and the
//! prologue of a constructor body (base and member initializer lists).

use super::expr::{ConvCtx, OpKind, Operand};
use super::overload::{ArgInfo, Candidate};
use super::{FnId, Lowerer};
use crate::ast::{self, Expr, ExprKind};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// True when objects of `t` are initialized by constructor calls or default member
    /// initializers (not as C aggregates).
    pub fn has_ctor_semantics(&self, t: QualType) -> bool {
        let Some(r) = self.is_class(t) else {
            return false;
        };
        let plain = match self.classes.get(&r) {
            Some(d) => !d.ctors.is_empty() || !d.field_inits.is_empty(),
            None => false,
        } || self.vtables.contains_key(&r);
        plain || self.has_ctor_templates(r)
    }

    /// Initializes the object at `addr` of class type `t` from `args` (a constructor call,
    /// or default/copy initialization when there are no constructors).
    pub fn construct_at(
        &mut self,
        addr: Value,
        t: QualType,
        args: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<()> {
        let r = self.is_class(t)?;
        // A base subobject of an abstract class is fine; a complete object is not.
        if !std::mem::take(&mut self.constructing_base) && !self.check_not_abstract(r, span) {
            return None;
        }
        // Copy or move from an object of the same class (elided for a prvalue).
        if args.len() == 1 && matches!(args[0].0.kind, OpKind::LValue(_)) && args[0].0.ty.ty == t.ty
        {
            let (o, sp) = args[0];
            return self.copy_construct(addr, t, o, sp);
        }
        let data = self.classes.get(&r);
        let ctors = data.map(|d| d.ctors.clone()).unwrap_or_default();
        let trivial_default = data.is_none_or(|d| d.trivial_default_ctor);
        if args.is_empty()
            && (ctors.is_empty()
                || trivial_default && !ctors.iter().any(|&c| self.func_info(c).params.is_empty()))
        {
            self.default_member_inits(addr, r);
            return Some(());
        }
        let ctor_template = self.ctor_template_candidate(r, &args, span);
        if ctors.is_empty() && ctor_template.is_none() {
            let n = self.show(t);
            self.error(
                span,
                format!("no instance of constructor \"{n}\" matches the argument list"),
            );
            return None;
        }
        let mut cands: Vec<Candidate> = ctors
            .iter()
            .map(|&f| Candidate {
                f,
                is_template: false,
            })
            .collect();
        if let Some(f) = ctor_template {
            cands.push(Candidate {
                f,
                is_template: true,
            });
        }
        let infos: Vec<ArgInfo> = args.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let name = self
            .types
            .record(r)
            .name
            .map(|n| self.name(n).to_string())
            .unwrap_or_default();
        let f = if cands.len() == 1 {
            cands[0].f
        } else {
            self.resolve_overload(&format!("{name}::{name}"), &cands, &infos, None, span)?
        };
        self.check_member_access(r, self.func_info(f).name, true, span);
        self.call_fn(f, Some(addr), args, span, span)?;
        Some(())
    }

    /// Stores the constant default member initializers of `r` (and its bases) at `addr`.
    pub fn default_member_inits(&mut self, addr: Value, r: RecordId) {
        let Some(d) = self.classes.get(&r) else {
            return;
        };
        let inits = d.field_inits.clone();
        let bases = d.bases.clone();
        let members_need_init = d.special.members_need_init;
        for (b, off) in bases {
            let a = self.ptr_add_const(addr, off);
            // The implicit default constructor calls each base's default constructor: a
            // user-provided one runs (a base of a base included), not only the default
            // member initializers.
            let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
            if self.classes.get(&b).is_some_and(|d| !d.ctors.is_empty()) {
                self.constructing_base = true;
                self.construct_at(a, bt, Vec::new(), self.cur_span);
            } else {
                self.default_member_inits(a, b);
            }
        }
        self.store_vptr(addr, r);
        if members_need_init {
            // Members (not bases) of class type with constructors.
            let fields = self.types.record(r).fields.clone();
            for f in fields {
                if f.name.is_some() && self.needs_default_construct(f.ty) {
                    let a = self.ptr_add_const(addr, f.offset);
                    self.default_construct(a, f.ty, self.cur_span);
                }
            }
        }
        for (off, ty, v) in inits {
            let a = self.ptr_add_const(addr, off);
            let vt = self.val_type(ty.ty);
            let val = match v {
                crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
            };
            self.store_scalar(a, val, ty.unqual());
        }
    }

    /// A temporary `T(args)`: a stack object constructed in place (an lvalue here).
    pub fn temporary(&mut self, t: QualType, args: &[&Expr<'_>], span: Span) -> Option<Operand> {
        if self.is_class(t).is_none() {
            if args.is_empty() {
                let vt = self.val_type(t.ty);
                let z = if self.types.is_float(t.ty) {
                    self.fconst(vt, 0.0)
                } else {
                    self.iconst(vt, 0)
                };
                return Some(Operand::rv(z, t.unqual()));
            }
            self.error(span, "too many initializer values");
            return None;
        }
        let args_l = self.lower_args(args)?;
        self.temporary_from(t, args_l, span)
    }

    pub(crate) fn temporary_from(
        &mut self,
        t: QualType,
        args: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<Operand> {
        let Some(size) = self.types.size_of(t.ty) else {
            let n = self.show(t);
            self.error(span, format!("incomplete type \"{n}\" is not allowed"));
            return None;
        };
        let align = self.types.align_of(t.ty);
        let slot = self.alloca(size, align, span)?;
        if !self.has_ctor_semantics(t) && !args.is_empty() {
            // An aggregate without constructors: `T(x)` copies.
            if let (1, OpKind::LValue(_)) = (args.len(), args[0].0.kind) {
                if args[0].0.ty.ty == t.ty {
                    let (o, sp) = args[0];
                    self.copy_construct(slot, t.unqual(), o, sp)?;
                    return Some(self.new_temporary(slot, t.unqual()));
                }
            }
        }
        self.construct_at(slot, t, args, span)?;
        Some(self.new_temporary(slot, t.unqual()))
    }

    /// A converting constructor of `r` that accepts `a` (non-explicit).
    pub fn converting_ctor(&mut self, r: RecordId, a: ArgInfo) -> Option<FnId> {
        let ctors = self.classes.get(&r)?.ctors.clone();
        ctors.into_iter().find(|&c| {
            let info = self.func_info(c).clone();
            let explicit = info.member.as_ref().is_some_and(|m| m.is_explicit);
            // Copy/move constructors are not conversions (and would recurse here).
            !explicit
                && self.self_ref_param(c, r).is_none()
                && info.params.len() == 1
                && !matches!(self.types.kind(info.params[0].ty), TypeKind::Record(_))
                && self
                    .conversion_rank(a, info.params[0])
                    .is_some_and(|rk| rk < super::overload::Rank::UserDefined)
        })
    }

    /// A converted class object made from `o` by a converting constructor.
    pub fn convert_to_class(&mut self, r: RecordId, o: Operand, span: Span) -> Option<Value> {
        self.converting_ctor(r, ArgInfo::of(&o))?;
        let t = QualType::new(self.types.intern(TypeKind::Record(r)));
        let tmp = self.temporary_from(t, vec![(o, span)], span)?;
        match tmp.kind {
            OpKind::LValue(a) => Some(a),
            _ => None,
        }
    }

    /// Initializes a class object with constructors from a declaration's initializer
    /// (`S s = x;`, `S s(x);`, `S s(a, b);`, `S s{a, b};`).
    pub fn construct_from_init(
        &mut self,
        addr: Value,
        ty: QualType,
        init: &ast::Init<'_>,
        span: Span,
    ) {
        let args = match init {
            ast::Init::Expr(Expr {
                kind: ExprKind::Construct { ty: cty, args, .. },
                ..
            }) if self.resolve_type(cty).is_some_and(|t| t.ty == ty.ty) => self.lower_args(args),
            // `T t = u;` of another class converts by `u`'s conversion function to `T`
            // (`thread_block_tile<8> t = tiled_partition<8>(block);`).
            ast::Init::Expr(e) => match self.expr(e) {
                Some(o) => match self.class_to_class(&o, ty, e.span) {
                    Some(Some(c)) => Some(vec![(c, e.span)]),
                    Some(None) => None,
                    None if self.no_ctor_takes_one(ty, &o, e.span) => None,
                    None => Some(vec![(o, e.span)]),
                },
                None => None,
            },
            ast::Init::List { items, .. } => {
                let mut out = Vec::new();
                let mut ok = true;
                for it in *items {
                    match it {
                        ast::Init::Expr(e) => match self.expr(e) {
                            Some(o) => out.push((o, e.span)),
                            None => ok = false,
                        },
                        ast::Init::List { span, .. } => {
                            self.error(*span, "a nested braced list for a constructor argument is not supported yet");
                            ok = false;
                        }
                    }
                }
                ok.then_some(out)
            }
        };
        let Some(args) = args else {
            return;
        };
        self.construct_at(addr, ty, args, span);
    }

    /// `T t = u;` (copy-initialization from another type) where no constructor of `T` can
    /// take one argument: nvcc's message (which depends on whether `u` has class type),
    /// reported here because the only candidate would report its arity instead. Classes
    /// with constructor templates are left to overload resolution.
    pub(crate) fn no_ctor_takes_one(&mut self, ty: QualType, o: &Operand, span: Span) -> bool {
        let Some(r) = self.is_class(ty) else {
            return false;
        };
        if o.ty.ty == ty.ty
            || self.base_offset(o.ty.ty, ty.ty).is_some()
            || self.has_ctor_templates(r)
        {
            return false;
        }
        let ctors = self
            .classes
            .get(&r)
            .map(|d| d.ctors.clone())
            .unwrap_or_default();
        let takes_one = |l: &mut Self, c: FnId| {
            let info = l.func_info(c);
            info.min_args() <= 1 && (!info.params.is_empty() || info.variadic)
        };
        if ctors.is_empty() || ctors.iter().any(|&c| takes_one(self, c)) {
            return false;
        }
        let (from, to) = (self.show(o.ty), self.show(ty));
        let msg = if self.is_class(o.ty).is_some() {
            format!("no suitable user-defined conversion from \"{from}\" to \"{to}\" exists")
        } else {
            format!("no suitable constructor exists to convert from \"{from}\" to \"{to}\"")
        };
        self.error(span, msg);
        true
    }

    /// A constructor's member initializers, then the default member initializers of the
    /// members it does not name (run before the body).
    pub fn ctor_prologue(&mut self, fid: FnId, ctor_inits: &[ast::MemInit<'_>]) {
        let Some((this, tt)) = self.this_val else {
            return;
        };
        let Some(r) = self.types.pointee(tt.ty).and_then(|t| self.is_class(t)) else {
            return;
        };
        let _ = fid;
        let mut named: Vec<crate::intern::Symbol> = Vec::new();
        let bases = self
            .classes
            .get(&r)
            .map(|d| d.bases.clone())
            .unwrap_or_default();
        let mut bases_done: Vec<RecordId> = Vec::new();
        for mi in ctor_inits {
            let Some(name) = mi.name.last().ident() else {
                continue;
            };
            let args = self.lower_args(mi.args);
            let Some(args) = args else {
                continue;
            };
            // A base class?
            let base = bases
                .iter()
                .find(|(b, _)| self.types.record(*b).name == Some(name))
                .copied();
            if let Some((b, off)) = base {
                let a = self.ptr_add_const(this, off);
                let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
                self.constructing_base = true;
                self.construct_at(a, bt, args, mi.span);
                bases_done.push(b);
                continue;
            }
            let Some((off, fty)) = self.field_of(r, name) else {
                let cls = self
                    .types
                    .record(r)
                    .name
                    .map(|n| self.name(n))
                    .unwrap_or("<unnamed>");
                self.error(
                    mi.span,
                    format!(
                        "\"{}\" is not a nonstatic data member or base class of class \"{cls}\"",
                        self.name(name)
                    ),
                );
                continue;
            };
            named.push(name);
            let a = self.ptr_add_const(this, off);
            if self.is_class(fty).is_some() {
                if self.has_ctor_semantics(fty) {
                    self.construct_at(a, fty, args, mi.span);
                } else if let Some((o, sp)) = args.into_iter().next() {
                    if matches!(o.kind, OpKind::LValue(_))
                        && (o.ty.ty == fty.ty || self.base_offset(o.ty.ty, fty.ty).is_some())
                    {
                        self.copy_construct(a, fty, o, sp);
                    } else if let Some(src) = self.class_object(o, fty, sp) {
                        let size = self.types.size_of(fty.ty).unwrap_or(0);
                        let align = self.types.align_of(fty.ty);
                        self.copy_bytes(a, src, size, align, false);
                    }
                } else if self.special_of(fty).members_need_init {
                    self.construct_at(a, fty, Vec::new(), mi.span);
                }
                continue;
            }
            match args.len() {
                0 => {
                    let vt = self.val_type(fty.ty);
                    let z = if self.types.is_float(fty.ty) {
                        self.fconst(vt, 0.0)
                    } else {
                        self.iconst(vt, 0)
                    };
                    self.store_scalar(a, z, fty.unqual());
                }
                1 => {
                    let (o, sp) = args.into_iter().next().expect("one argument");
                    if let Some(v) = self.implicit(o, fty.unqual(), ConvCtx::Init, sp) {
                        self.store_scalar(a, v, fty.unqual());
                    }
                }
                _ => self.error(mi.span, "too many initializer values"),
            }
        }
        for (b, off) in bases {
            if !bases_done.contains(&b) {
                let a = self.ptr_add_const(this, off);
                let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
                self.constructing_base = true;
                self.construct_at(a, bt, Vec::new(), self.cur_span);
            }
        }
        // After the bases, before the members: the object is now of this class.
        self.store_vptr(this, r);
        let fields = self.types.record(r).fields.clone();
        for f in &fields {
            // Members of class type not named above get their default constructors.
            let Some(n) = f.name else { continue };
            if named.contains(&n) {
                continue;
            }
            if self.needs_default_construct(f.ty) {
                let a = self.ptr_add_const(this, f.offset);
                self.default_construct(a, f.ty, self.cur_span);
            }
        }
        let inits = self
            .classes
            .get(&r)
            .map(|d| d.field_inits.clone())
            .unwrap_or_default();
        for (off, ty, v) in inits {
            let named_here = fields
                .iter()
                .any(|f| f.offset == off && f.name.is_some_and(|n| named.contains(&n)));
            if named_here {
                continue;
            }
            let a = self.ptr_add_const(this, off);
            let vt = self.val_type(ty.ty);
            let val = match v {
                crate::sema::ConstValue::Int { value, .. } => self.iconst(vt, value),
                crate::sema::ConstValue::Float { value, .. } => self.fconst(vt, value),
            };
            self.store_scalar(a, val, ty.unqual());
        }
    }
}
