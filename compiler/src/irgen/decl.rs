//! Types as written (`ast::TypeExpr`) resolved to interned types; struct/union/enum
//! definitions and typedefs; constant-expression helpers that report their own errors.

use super::{Binding, Lowerer, Tag};
use crate::ast::{self, BuiltinType, TagKind, TypeExpr};
use crate::intern::Symbol;
use crate::sema::consteval::{self, ConstEnv, ConstError, ConstValue};
use crate::sema::conv::{wrap_int, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind};
use crate::source::Span;

/// Largest object oxicc accepts (bytes); beyond it "array is too large".
pub(crate) const MAX_OBJECT_SIZE: u64 = 1 << 40;

impl<'x> Lowerer<'x> {
    /// Resolves a written type. Reports errors and returns `None` on failure.
    pub fn resolve_type(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        let t = self.resolve_type_named(te)?;
        if !self.templates.forward_instances.is_empty() {
            if let TypeKind::Record(r) = *self.types.kind(t.ty) {
                self.complete_forward_instance(r);
            }
        }
        Some(t)
    }

    fn resolve_type_named(&mut self, te: &TypeExpr<'_>) -> Option<QualType> {
        if self.templates.sig.active {
            if let Some(t) = self.dependent_type_expr(te) {
                return Some(t);
            }
        }
        Some(match te {
            TypeExpr::Qual(q) if self.is_template_member(q) => {
                return self.template_member_type(q).flatten();
            }
            TypeExpr::Qual(q) if !q.global && q.segments.len() == 1 => {
                if let ast::NameSeg::TemplateId { name, args, span } = q.segments[0] {
                    // Found as `class_template_type` finds names: an instance's members
                    // (`in_decl_context`) also see its declaring namespaces (libstdc++'s
                    // `class allocator : public __allocator_base<_Tp>`).
                    let found = match self.scopes.lookup(name).copied() {
                        Some(b) => Some(b),
                        None => self.lookup_ordinary(name),
                    };
                    if let Some(Binding::AliasTemplate(a)) = found {
                        return self.alias_template_type(a, args);
                    }
                    return self.class_template_type(name, args, span);
                }
                return self.resolve_type_cxx(te);
            }
            TypeExpr::Qual(_) | TypeExpr::Reference { .. } => return self.resolve_type_cxx(te),
            TypeExpr::MemberPointer { .. } => return self.member_pointer_type(te),
            TypeExpr::Builtin(b) => QualType::new(self.builtin(*b)),
            TypeExpr::Named { name, span } => match self
                .pack_element_binding(*name)
                .or_else(|| self.lookup_ordinary(*name))
                .as_ref()
            {
                Some(Binding::Typedef(qt)) => *qt,
                Some(Binding::ClassTemplate(c)) => {
                    return self.injected_class_name(*c, *name, *span)
                }
                Some(&b @ (Binding::Poisoned | Binding::Dropped(_))) => {
                    self.unusable_ident(b, *name, *span);
                    return None;
                }
                Some(_) => {
                    self.error(
                        *span,
                        format!("\"{}\" is not a type name", self.name(*name)),
                    );
                    return None;
                }
                None => match self.name(*name) {
                    // nvcc's headers define these for every CUDA file.
                    "size_t" => QualType::new(self.types.int(IntKind::ULong)),
                    "ptrdiff_t" => QualType::new(self.types.int(IntKind::Long)),
                    n => {
                        self.error(*span, format!("identifier \"{n}\" is undefined"));
                        return None;
                    }
                },
            },
            TypeExpr::Tag { kind, name, span } => return self.tag_type(*kind, *name, *span),
            TypeExpr::Record(rd) => {
                let r = self.define_record(rd)?;
                QualType::new(self.types.intern(TypeKind::Record(r)))
            }
            TypeExpr::Enum(ed) => {
                let e = self.define_enum(ed)?;
                QualType::new(self.types.intern(TypeKind::Enum(e)))
            }
            TypeExpr::Qualified { quals, inner } => {
                let inner = self.resolve_type(inner)?;
                self.add_quals(inner, conv_quals(*quals))
            }
            TypeExpr::Pointer { pointee, quals } => {
                let p = self.resolve_type(pointee)?;
                QualType {
                    ty: self.types.pointer_to(p),
                    quals: conv_quals(*quals),
                }
            }
            TypeExpr::Array { elem, size } => {
                let e = self.resolve_type(elem)?;
                if self.types.is_function(e.ty) || self.types.is_void(e.ty) {
                    self.error(Span::default(), "array of this element type is not allowed");
                    return None;
                }
                let len = match size {
                    None => None,
                    Some(sz) => Some(self.array_len(sz, e)?),
                };
                QualType::new(self.types.array_of(e, len))
            }
            TypeExpr::Auto(span) => {
                self.error(*span, "\"auto\" is not allowed here");
                return None;
            }
            TypeExpr::DecltypeAuto(span) => {
                self.error(*span, "\"decltype(auto)\" is not allowed here");
                return None;
            }
            TypeExpr::Decltype(e) => self.decltype_of(e)?,
            TypeExpr::MemberType { base, name, span } => self.member_type(base, *name, *span)?,
            TypeExpr::Function {
                ret,
                params,
                variadic,
            } => {
                let r = self.resolve_type(ret)?;
                let ps = self.param_types(params)?;
                QualType::new(self.types.intern(TypeKind::Function {
                    ret: r,
                    params: ps,
                    variadic: *variadic,
                }))
            }
        })
    }

    /// Qualifiers on an array type apply to its elements (C11 6.7.3p9).
    pub fn add_quals(&mut self, qt: QualType, q: Qualifiers) -> QualType {
        if let TypeKind::Array { elem, len } = self.types.kind(qt.ty).clone() {
            let e = self.add_quals(elem, q);
            return QualType::new(self.types.array_of(e, len));
        }
        qt.with_quals(q)
    }

    /// Parameter types, adjusted: arrays and functions become pointers; `(void)` is empty.
    pub fn param_types(&mut self, params: &[ast::ParamDecl<'_>]) -> Option<Vec<QualType>> {
        if params.len() == 1
            && params[0].name.is_none()
            && matches!(params[0].ty, TypeExpr::Builtin(BuiltinType::Void))
        {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        let mut ok = true;
        for p in params {
            match self.resolve_type(p.ty) {
                Some(t) => {
                    if self.types.is_void(t.ty) {
                        self.error(p.span, "parameter may not have type \"void\"");
                        ok = false;
                    }
                    out.push(self.adjust_param(t));
                }
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// Array-to-pointer and function-to-pointer adjustment of a parameter type.
    pub fn adjust_param(&mut self, t: QualType) -> QualType {
        match self.types.kind(t.ty).clone() {
            TypeKind::Array { elem, .. } => QualType {
                ty: self.types.pointer_to(elem),
                quals: t.quals,
            },
            TypeKind::Function { .. } => QualType::new(self.types.pointer_to(t)),
            TypeKind::DependentArray { elem, .. } => QualType {
                ty: self.types.pointer_to(elem),
                quals: t.quals,
            },
            _ => t,
        }
    }

    fn builtin(&mut self, b: BuiltinType) -> crate::sema::TypeId {
        use BuiltinType as B;
        let k = match b {
            B::Void => return self.types.void(),
            B::Float => return self.types.float(FloatKind::Float),
            B::Double => return self.types.float(FloatKind::Double),
            B::LongDouble => return self.types.intern(TypeKind::LongDouble),
            B::Bool => IntKind::Bool,
            B::Char => IntKind::Char,
            B::SChar => IntKind::SChar,
            B::UChar => IntKind::UChar,
            B::Short => IntKind::Short,
            B::UShort => IntKind::UShort,
            B::Int => IntKind::Int,
            B::UInt => IntKind::UInt,
            B::Long => IntKind::Long,
            B::ULong => IntKind::ULong,
            B::LongLong => IntKind::LongLong,
            B::ULongLong => IntKind::ULongLong,
            B::Int128 => IntKind::Int128,
            B::UInt128 => IntKind::UInt128,
            // Until the type table has kinds of their own (see `ast::BuiltinType`): the
            // same size and signedness.
            B::WChar => IntKind::WChar,
            B::Char16 => IntKind::Char16,
            B::Char32 => IntKind::Char32,
        };
        self.types.int(k)
    }

    fn tag_type(&mut self, kind: TagKind, name: Symbol, span: Span) -> Option<QualType> {
        let mut found = self.lookup_tag_cxx(name);
        // A member class of the class whose member is being lowered, when no complete
        // class of that name is in scope: a member template's body is lowered in its
        // declaration context, where the class's own scope is not open.
        let incomplete = match found {
            None => true,
            Some(Tag::Record(r)) => !self.types.record(r).complete,
            Some(Tag::Enum(_)) => false,
        };
        if incomplete && kind != TagKind::Enum {
            if let Some(t) = self
                .member_class
                .or(self.declaring_class)
                .and_then(|r| self.class_nested_tag(r, name))
            {
                found = Some(t);
            }
        }
        let ty = match (kind, found) {
            (TagKind::Enum, Some(Tag::Enum(e))) => TypeKind::Enum(e),
            (TagKind::Enum, _) => {
                self.error(span, format!("enum \"{}\" is undefined", self.name(name)));
                return None;
            }
            (_, Some(Tag::Record(r))) => TypeKind::Record(r),
            (_, Some(Tag::Enum(_))) => {
                self.error(span, format!("\"{}\" is not a class name", self.name(name)));
                return None;
            }
            (_, None) => {
                // A use of an undeclared tag declares it (incomplete) in the current scope.
                let r = self.types.new_record(kind, Some(name), span);
                self.scopes.bind_tag(name, Tag::Record(r));
                TypeKind::Record(r)
            }
        };
        Some(QualType::new(self.types.intern(ty)))
    }

    /// A struct/union definition or forward declaration.
    pub fn define_record(
        &mut self,
        rd: &ast::RecordDecl<'_>,
    ) -> Option<crate::sema::types::RecordId> {
        // Member bodies of classes defined while another class is being defined (a CRTP
        // base `Shape<Rect>` instantiated by `Rect`'s base clause) wait until the outermost
        // class is complete.
        self.record_depth += 1;
        let mark = self.defining_records.len();
        let r = self.define_record_inner(rd);
        self.defining_records.truncate(mark);
        self.record_depth -= 1;
        if self.record_depth == 0 {
            self.flush_member_bodies();
        }
        r
    }

    fn define_record_inner(
        &mut self,
        rd: &ast::RecordDecl<'_>,
    ) -> Option<crate::sema::types::RecordId> {
        // An instance made while its class template was only declared is completed in
        // place when the definition comes (`complete_forward_instances`).
        let forward_instance = self
            .pending_instance
            .as_ref()
            .and_then(|k| self.templates.class_instances.get(k).copied().flatten())
            .filter(|&r| rd.fields.is_some() && !self.types.record(r).complete);
        let existing = forward_instance.map(Tag::Record).or_else(|| {
            rd.name.and_then(|n| match rd.fields {
                // A definition reuses a forward declaration from the same scope only.
                Some(_) => self.scopes.lookup_tag_local(n).copied(),
                None => self.scopes.lookup_tag(n).copied(),
            })
        });
        let r = match existing {
            Some(Tag::Record(r)) => {
                if rd.fields.is_some() && self.types.record(r).complete {
                    let n = self.name(rd.name.unwrap_or(Symbol(0)));
                    self.error(rd.span, format!("class \"{n}\" has already been defined"));
                    return None;
                }
                r
            }
            Some(Tag::Enum(_)) => {
                self.error(rd.span, "tag was previously declared as an enum");
                return None;
            }
            None => {
                let r = self.types.new_record(rd.kind, rd.name, rd.span);
                if let Some(n) = rd.name {
                    self.scopes.bind_tag(n, Tag::Record(r));
                }
                r
            }
        };
        if let Some(args) = self.pending_template_args.take() {
            self.types.record_mut(r).template_args = Some(args);
        }
        if let Some(key) = self.pending_instance.take() {
            // Known before the members are lowered: the injected class name needs it, and
            // so does `S<T>` written in S's own body (the instance being defined, not a
            // new instantiation that would recurse).
            self.templates.class_instances.insert(key.clone(), Some(r));
            self.templates.instance_of.insert(r, key);
        }
        self.defining_records.push(r);
        let ns = self.decl_ns();
        self.adl.record_ns.entry(r).or_insert(ns);
        let Some(fields) = rd.fields else {
            return Some(r);
        };
        if rd.is_final {
            self.final_classes.insert(r);
        }
        let nested = self.define_nested_classes(r, rd);
        let mut laid = Vec::new();
        let mut ok = true;
        let bases = self.class_bases(rd);
        if self.needs_own_vptr(rd, &bases) {
            // The vptr of a dynamic class without a dynamic base comes first.
            let void = QualType::new(self.types.void());
            let vptr = QualType::new(self.types.pointer_to(void));
            laid.push((None, vptr, 1, None));
        }
        // The primary (first dynamic) base comes first, whatever its declaration order;
        // the base offsets are read back from the layout (`define_class_members`).
        let primary = self.primary_base(&bases);
        let layout_order = primary.map(|i| bases[i]).into_iter().chain(
            (0..bases.len())
                .filter(|&i| Some(i) != primary)
                .map(|i| bases[i]),
        );
        for b in layout_order.collect::<Vec<_>>() {
            if !self.is_empty_class(b) {
                let bt = QualType::new(self.types.intern(TypeKind::Record(b)));
                laid.push((None, bt, 1, None));
            }
        }
        // Member typedefs name the types of the data members after them (`typedef T
        // value_type; value_type a;`), and so do the class's integral constants (`static
        // const int ndim = _ndim; ptrdiff_t shape_[ndim];`, CuPy's CArray).
        self.push_member_typedefs(r, rd);
        self.define_member_enums(r, rd);
        let constants = rd.members.iter().any(
            |m| matches!(m.decl, ast::Decl::Var(vd) if vd.specs.is_static && vd.init.is_some()),
        );
        if constants {
            self.bind_member_constants(rd);
        }
        let mut bad_align = false;
        let mut ref_fields = Vec::new();
        for f in fields {
            let Some(t) = self.resolve_type(f.ty) else {
                ok = false;
                continue;
            };
            let width = match f.bits {
                Some(b) => match self.bit_field_width(b, t, f.name, f.span) {
                    Some(w) => Some(w),
                    None => {
                        ok = false;
                        continue;
                    }
                },
                None => None,
            };
            // A flexible array member (`unsigned char data[];` last, glibc's `__flexarr`)
            // takes no room: laid out as an array of zero elements.
            let last = std::ptr::eq(f, fields.last().unwrap_or(f));
            let t = match self.types.kind(t.ty).clone() {
                TypeKind::Array { elem, len: None }
                    if last && self.types.size_of(elem.ty).is_some() =>
                {
                    QualType::new(self.types.array_of(elem, Some(0))).with_quals(t.quals)
                }
                _ => t,
            };
            // A reference member is laid out as the address it holds (`sizeof` of a
            // reference type is its referent's); its type is set back below.
            let t = match self.referent(t) {
                Some(referent) => {
                    ref_fields.push((f.name, t));
                    QualType::new(self.types.pointer_to(referent))
                }
                None => t,
            };
            if self.types.size_of(t.ty).is_none() {
                self.error(f.span, "incomplete type is not allowed");
                ok = false;
                continue;
            }
            let align = match f.align {
                Some(a) => match self.alignment(a) {
                    Some(a) => a,
                    None => {
                        bad_align = true;
                        break;
                    }
                },
                None => 1,
            };
            laid.push((f.name, t, align, width));
        }
        self.pop_member_typedefs();
        if bad_align {
            return None;
        }
        let min_align = match rd.align {
            Some(a) => self.alignment(a)?,
            None => 1,
        };
        // Members whose construction, copies or destruction call functions make this a
        // C++ class too (its implicit special members are not trivial).
        let special_members = !self.classes.is_empty()
            && laid.iter().any(|(_, t, _, _)| {
                let s = self.special_of(*t);
                s.nontrivial_dtor
                    || s.nontrivial_copy
                    || s.nontrivial_assign
                    || s.members_need_init
                    || self.needs_default_construct(*t)
            });
        // (A class with its own vptr declares virtual functions: not a POD either.)
        let members: Vec<QualType> = laid.iter().filter(|l| l.0.is_some()).map(|l| l.1).collect();
        let non_pod = self.non_pod_for_layout(rd, !bases.is_empty(), &members);
        self.types.complete_record_with_bits(r, laid, min_align);
        for (name, t) in ref_fields {
            let info = self.types.record_mut(r);
            if let Some(f) = info
                .fields
                .iter_mut()
                .find(|f| f.name == name && name.is_some())
            {
                f.ty = t;
            }
        }
        self.types.record_mut(r).tail_reusable = non_pod;
        if special_members
            || !rd.members.is_empty()
            || !bases.is_empty()
            || fields
                .iter()
                .any(|f| f.init.is_some() || f.access != ast::Access::Public)
        {
            let scope = self.cur_scope_path();
            let local = matches!(
                scope.last(),
                Some(crate::mangle::ScopeComponent::Function(_))
            );
            self.types.record_mut(r).scope = scope;
            if let (true, Some(name), Some(f)) = (local, rd.name, self.f.as_mut()) {
                let n = f.local_classes.entry(name).or_insert(0);
                self.types.record_mut(r).discriminator = *n;
                *n += 1;
            }
            // Member bodies lowered by `define_class_members` (and member template
            // instances, lowered outside the class's scope) find the member classes as
            // members of `r`.
            for &(n, nr, _, _) in &nested {
                let t = QualType::new(self.types.intern(TypeKind::Record(nr)));
                let early = self.early_members.entry(r).or_default();
                early.push((n, Binding::Typedef(t)));
            }
            self.define_class_members(r, rd, bases);
            self.bind_nested_classes(r, &nested);
        } else if self.cur_ns() != 0 || self.declaring_class.is_some() {
            let scope = self.cur_scope_path();
            self.types.record_mut(r).scope = scope;
        }
        ok.then_some(r)
    }

    /// Binds the `static const`/`constexpr` integral data members of `rd` whose
    /// initializers are constants, as constants of the current scope (for laying out the
    /// data members; the members themselves are declared with the class's other members).
    fn bind_member_constants(&mut self, rd: &ast::RecordDecl<'_>) {
        for m in rd.members {
            let ast::Decl::Var(vd) = m.decl else { continue };
            let constant = vd.specs.is_constexpr
                || matches!(vd.ty, TypeExpr::Qualified { quals, .. } if quals.is_const);
            let (true, true, Some(ast::Init::Expr(e))) = (vd.specs.is_static, constant, &vd.init)
            else {
                continue;
            };
            let found = self.quietly(|l| {
                let t = l.resolve_type(vd.ty)?;
                l.types.int_kind(t.ty)?;
                let v = l.const_int(e)?;
                Some((v, t))
            });
            if let Some((v, t)) = found {
                let cv = ConstValue::int(v, self.int_kind_of(t));
                self.scopes
                    .bind(vd.name, Binding::EnumConst(cv, t.unqual()));
            }
        }
    }

    /// An enum definition: binds its enumerators in the current scope.
    pub fn define_enum(&mut self, ed: &ast::EnumDecl<'_>) -> Option<crate::sema::types::EnumId> {
        let underlying = match ed.underlying {
            Some(t) => {
                let t = self.resolve_type(t)?;
                match self.types.kind(t.ty) {
                    TypeKind::Int(k) => Some(*k),
                    _ => {
                        self.error(ed.span, "invalid underlying type for an enum");
                        return None;
                    }
                }
            }
            None => None,
        };
        if ed.enumerators.is_empty() {
            if let Some(n) = ed.name {
                if let Some(Tag::Enum(e)) = self.scopes.lookup_tag(n).copied() {
                    return Some(e);
                }
            }
        }
        let e = self
            .types
            .new_enum(ed.name, underlying.unwrap_or(IntKind::Int), ed.span);
        if let Some(n) = ed.name {
            self.scopes.bind_tag(n, Tag::Enum(e));
        }
        let ns = self.decl_ns();
        self.adl.enum_ns.insert(e, ns);
        // Its mangled name is nested in its namespace or class (`N3geo1EE`).
        self.types.enums[e.0 as usize].scope = self.cur_scope_path();
        let ety = QualType::new(self.types.intern(TypeKind::Enum(e)));
        self.types.enums[e.0 as usize].scoped = ed.scoped;
        // A scoped enum's enumerators are visible unqualified only inside its body.
        if ed.scoped {
            self.scopes.push();
        }
        // Values first, then the underlying type that holds them all (int when they fit).
        let mut next: i128 = 0;
        let mut values = Vec::new();
        for en in ed.enumerators {
            let v = match en.value {
                Some(x) => self.const_int(x).unwrap_or(next),
                None => next,
            };
            // Visible to the following enumerators' values; rebound below with the final type.
            let provisional = ConstValue::Int {
                value: v,
                kind: IntKind::LongLong,
            };
            self.scopes
                .bind(en.name, Binding::EnumConst(provisional, ety));
            values.push((en.name, v));
            next = v + 1;
        }
        let (lo, hi) = values
            .iter()
            .fold((0i128, 0i128), |(lo, hi), (_, v)| (lo.min(*v), hi.max(*v)));
        if ed.scoped {
            self.scopes.pop();
        }
        // A scoped enum's underlying type defaults to `int`.
        let default_kind = if ed.scoped { Some(IntKind::Int) } else { None };
        let kind = underlying.or(default_kind).unwrap_or(
            if lo >= i32::MIN as i128 && hi <= i32::MAX as i128 {
                IntKind::Int
            } else if lo >= 0 && hi <= u32::MAX as i128 {
                IntKind::UInt
            } else if lo >= i64::MIN as i128 && hi <= i64::MAX as i128 {
                IntKind::Long
            } else {
                IntKind::ULong
            },
        );
        self.types.enums[e.0 as usize].underlying = kind;
        self.types.enums[e.0 as usize].complete = true;
        for (name, v) in values {
            let value = wrap_int(v, kind);
            self.types.enums[e.0 as usize]
                .enumerators
                .push((name, value));
            if !ed.scoped {
                let cv = ConstValue::Int { value, kind };
                self.scopes.bind(name, Binding::EnumConst(cv, ety));
            }
        }
        Some(e)
    }

    pub fn typedef_decl(&mut self, td: &ast::TypedefDecl<'_>) {
        let errors = self.diags.error_count();
        self.last_dropped = None;
        let Some(t) = self.resolve_type(td.ty) else {
            let b = self.failed_binding(td.span, "type alias", errors);
            self.scopes.bind(td.name, b);
            return;
        };
        self.bind_typedef(td, t);
    }

    fn bind_typedef(&mut self, td: &ast::TypedefDecl<'_>, t: QualType) {
        // `typedef struct { … } Name;` gives the record Name for mangling (C++ [dcl.typedef]).
        if let TypeKind::Record(r) = self.types.kind(t.ty).clone() {
            if self.types.record(r).name.is_none() {
                self.types.record_mut(r).name = Some(td.name);
            }
        }
        if let TypeKind::Enum(e) = self.types.kind(t.ty).clone() {
            if self.types.enum_info(e).name.is_none() {
                self.types.enums[e.0 as usize].name = Some(td.name);
            }
        }
        self.scopes.bind(td.name, Binding::Typedef(t));
    }

    /// A namespace-scope `typedef`/`using X = …;` of a system header. Naming a class
    /// template instance does not need the instance's members, and nvcc's front end does
    /// not instantiate them there: libstdc++'s `using pmr::string =
    /// basic_string<char, …, polymorphic_allocator<char>>;` names an allocator that is only
    /// declared. oxicc's one-walk lowering instantiates the whole class, so its errors there
    /// are held back; on any, the alias is dropped as host code (a later use in device code
    /// is reported at the use), with a note under `--report-dropped`.
    pub fn host_typedef_decl(&mut self, td: &ast::TypedefDecl<'_>) {
        let saved = std::mem::replace(self.diags, crate::diag::Diagnostics::new());
        self.last_dropped = None;
        let t = self.resolve_type(td.ty);
        let held = std::mem::replace(self.diags, saved);
        if !held.has_errors() {
            for d in held.list {
                self.diags.push(d);
            }
            match t {
                Some(t) => self.bind_typedef(td, t),
                None => {
                    // Quietly: it named a dropped declaration (chained) or a failed one.
                    let none = crate::diag::Diagnostics::new();
                    let b = self.dropped_binding(td.span, "type alias", &none);
                    self.scopes.bind(td.name, b);
                }
            }
            return;
        }
        let b = self.dropped_binding(td.span, "type alias", &held);
        self.scopes.bind(td.name, b);
        self.note_dropped(td.span, "type alias as host code whose type", &held);
    }

    /// The length of an array from its bound expression.
    fn array_len(&mut self, sz: &ast::Expr<'_>, elem: QualType) -> Option<u64> {
        let n = self.const_int(sz)?;
        // `unsigned char f_handle[0];` (glibc's `struct file_handle`): a zero-length array,
        // a GNU extension nvcc accepts.
        if n < 0 {
            self.error(sz.span, "the size of an array must be greater than zero");
            return None;
        }
        let esize = self.types.size_of(elem.ty).unwrap_or(1).max(1) as u128;
        if (n as u128).saturating_mul(esize) > MAX_OBJECT_SIZE as u128 {
            self.error(sz.span, "array is too large");
            return None;
        }
        Some(n as u64)
    }

    /// An `__align__(N)` value: a power of two.
    pub fn alignment(&mut self, e: &ast::Expr<'_>) -> Option<u64> {
        let n = self.const_int(e)?;
        let a = consteval::written_alignment(n);
        if a.is_none() {
            self.error(e.span, "alignment must be a power of two");
        }
        a
    }

    /// The alignment an optional `__align__`/`alignas` gives (`Some(None)`: none written;
    /// `None`: an invalid one, reported).
    pub fn written_align(&mut self, e: Option<&ast::Expr<'_>>) -> Option<Option<u64>> {
        match e {
            Some(e) => self.alignment(e).map(Some),
            None => Some(None),
        }
    }

    /// Evaluates an integer constant expression, reporting why when it is not one.
    pub fn const_int(&mut self, e: &ast::Expr<'_>) -> Option<i128> {
        match self.const_eval(e)? {
            ConstValue::Int { value, .. } => Some(value),
            ConstValue::Float { .. } => {
                self.error(e.span, "expression must have integral or enum type");
                None
            }
        }
    }

    /// Evaluates a constant expression, reporting why when it is not one.
    pub fn const_eval(&mut self, e: &ast::Expr<'_>) -> Option<ConstValue> {
        match consteval::eval(self, e) {
            Ok(v) => Some(v),
            Err(err) => {
                self.report_const_error(e.span, err);
                None
            }
        }
    }

    pub fn report_const_error(&mut self, span: Span, err: ConstError) {
        match err {
            ConstError::NotConstant(at) => {
                let d = crate::diag::Diag::error(span, "expression must have a constant value");
                let d = if at != span {
                    d.with_note(at, "this part is not a constant")
                } else {
                    d
                };
                self.diags.push(d);
            }
            ConstError::TooComplex(at) => {
                let d = crate::diag::Diag::error(span, "expression must have a constant value")
                    .with_note(
                        at,
                        "expression not folded to a constant due to excessive constexpr function call complexity",
                    );
                self.diags.push(d);
            }
            ConstError::Overflow(at, kind) => {
                let d = crate::diag::Diag::error(span, "expression must have a constant value")
                    .with_note(at, format!("value exceeds range of \"{}\"", kind.name()));
                self.diags.push(d);
            }
            ConstError::DivByZero(at) => {
                let d = crate::diag::Diag::error(span, "expression must have a constant value")
                    .with_note(at, "division by zero");
                self.diags.push(d);
            }
            ConstError::Reported => {}
        }
    }

    /// Rounds a `float` literal from its decimal text, or falls back to the `f64` value.
    pub fn float_literal_value(&self, text: Symbol, value: f64) -> f32 {
        let t = self.name(text);
        let t = t.trim_end_matches(['f', 'F', 'l', 'L']);
        if !t.starts_with("0x") && !t.starts_with("0X") {
            if let Ok(v) = t.parse::<f32>() {
                return v;
            }
        }
        value as f32
    }

    /// The arithmetic kind of a type, if it has one.
    pub fn arith_of(&self, ty: crate::sema::TypeId) -> Option<Arith> {
        if let Some(k) = self.types.int_kind(ty) {
            return Some(Arith::Int(k));
        }
        self.types.float_kind(ty).map(Arith::Float)
    }
}

pub(crate) use crate::sema::types::qualifiers_of as conv_quals;

impl ConstEnv for Lowerer<'_> {
    fn lookup_const(&mut self, name: Symbol) -> Option<ConstValue> {
        match self.lookup_ordinary(name)? {
            Binding::EnumConst(v, _) => Some(v),
            Binding::Var(v) => self.var(v).const_value,
            _ => None,
        }
    }

    fn cast_target(&mut self, ty: &TypeExpr<'_>) -> Result<Arith, ConstError> {
        let t = self.resolve_type(ty).ok_or(ConstError::Reported)?;
        self.arith_of(t.ty)
            .ok_or(ConstError::NotConstant(Span::default()))
    }

    fn sizeof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError> {
        let t = self.resolve_type(ty).ok_or(ConstError::Reported)?;
        self.sizeof_checked(t, Span::default())
            .ok_or(ConstError::Reported)
    }

    fn alignof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError> {
        let t = self.resolve_type(ty).ok_or(ConstError::Reported)?;
        Ok(self.types.align_of(t.ty))
    }

    fn sizeof_expr(&mut self, e: &ast::Expr<'_>) -> Result<u64, ConstError> {
        let t = self.type_of_unevaluated(e).ok_or(ConstError::Reported)?;
        self.sizeof_checked(t, e.span).ok_or(ConstError::Reported)
    }

    fn float_literal(&mut self, text: Symbol, value: f64) -> f32 {
        self.float_literal_value(text, value)
    }

    fn call(
        &mut self,
        callee: &ast::Expr<'_>,
        args: &[&ast::Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        self.constexpr_call(callee, args, span)
    }

    fn other(&mut self, e: &ast::Expr<'_>) -> Result<ConstValue, ConstError> {
        // `sizeof...(Ts)` of a pack of the instantiation (`Arr<sizeof...(Ts)>`).
        if let ast::ExprKind::SizeofPack(name) = e.kind {
            if let Some(n) = self.pack_len(name) {
                return Ok(ConstValue::int(n as i128, IntKind::ULong));
            }
        }
        self.constexpr_other(e)
    }

    fn lookup_qual_const(&mut self, q: &ast::QualName<'_>) -> Option<ConstValue> {
        if self.is_template_member(q) {
            return self.template_member_const(q).map(|(v, _)| v);
        }
        if let Some(r) = self.var_template_name_const(q) {
            return r.map(|(v, _)| v);
        }
        if let Some((value, ty)) = self.qual_enumerator(q, false) {
            let kind = self.types.int_kind(ty.ty)?;
            return Some(ConstValue::Int { value, kind });
        }
        // `N::k`, `S::kWidth`: constants of namespaces and classes.
        match self.lookup_qualified(q)? {
            Binding::EnumConst(v, _) => Some(v),
            Binding::Var(v) => self.var(v).const_value,
            _ => None,
        }
    }
}

impl Lowerer<'_> {
    /// `sizeof` of a type, with nvcc's error for incomplete types.
    pub fn sizeof_checked(&mut self, t: QualType, span: Span) -> Option<u64> {
        match self.types.size_of(t.ty) {
            Some(s) => Some(s),
            None => {
                self.error(span, "incomplete type is not allowed");
                None
            }
        }
    }
}
