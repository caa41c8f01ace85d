//! C++ classes in the lowering: member declarations (member functions, constructors,
//! static data members, nested typedefs), base class subobjects, access control, `this`,
//! member lookup from inside member functions, and the bodies of member functions (lowered
//! when the class is complete, or where an out-of-class definition `S::f` appears).
//!
//! Layout: non-empty bases come first as unnamed fields (so the C field lookup finds their
//! members), empty bases take no space (as in nvcc). Member functions take `this` as their
//! first parameter (after a struct-result pointer). Constructors run their member
//! initializers, then default member initializers of the other fields, then the body.

use super::expr::{OpKind, Operand};
use super::overload::{ArgInfo, Candidate};
use super::{inline_hint, Binding, ExecSpace, FnId, FnInfo, Lowerer, OverloadId, Storage, VarInfo};
use crate::ast::{self, Access, NameSeg};
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::entity::{FunctionEntity, FunctionName, OperatorName};
use crate::sema::types::{QualType, Qualifiers, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::HashMap;
use oxicc_ir::Value;

/// What makes a function a member function.
#[derive(Clone, Debug)]
pub(crate) struct MemberFn {
    pub record: RecordId,
    pub is_const: bool,
    /// `f() volatile` (mangled `NV…E`).
    pub is_volatile: bool,
    /// `f() &` / `f() &&` (mangled `NR…E` / `NO…E`; viable only on lvalue / rvalue
    /// objects).
    pub ref_qual: Option<crate::sema::entity::RefQualifier>,
    pub is_static: bool,
    pub is_ctor: bool,
    pub is_explicit: bool,
    /// Declared `= delete`: a call is an error.
    pub is_deleted: bool,
    #[allow(dead_code)]
    pub access: Access,
}

/// The C++ part of a class.
#[derive(Default)]
pub(crate) struct ClassData {
    /// Member functions (as `Func`/`Overloads`), static data members (`Var`), nested
    /// typedefs (`Typedef`).
    pub members: HashMap<Symbol, Binding>,
    /// Access of members other than data members, and where they are declared.
    pub member_access: HashMap<Symbol, (Access, Span)>,
    /// Access of data members and where they are declared.
    pub field_access: HashMap<Symbol, (Access, Span)>,
    pub ctors: Vec<FnId>,
    /// A defaulted (or implicit) default constructor exists.
    pub trivial_default_ctor: bool,
    /// `S() = default;` was declared (it survives user-declared constructors).
    pub defaulted_default_ctor: bool,
    /// Conversion functions `operator T()`.
    pub conversions: Vec<FnId>,
    /// Base classes and their offsets.
    pub bases: Vec<(RecordId, u64)>,
    /// Default member initializers (constant ones): field offset, type, value.
    pub field_inits: Vec<(u64, QualType, ConstValue)>,
    /// Friend functions defined in the class (of class template instances), found by
    /// argument-dependent lookup (`adl.rs`, `hidden_friend.rs`).
    pub hidden_friends: Vec<FnId>,
    /// Friend function templates defined in the class (indices into
    /// `TemplateState::fns`), found by argument-dependent lookup (`template_adl.rs`).
    pub hidden_friend_templates: Vec<u32>,
    /// The user-declared destructor.
    pub dtor: Option<FnId>,
    /// Special member properties (see `class_copy.rs`).
    pub special: super::class_copy::Special,
    /// Friend declarations that only grant access: (class, function) names (`friend.rs`).
    pub friends: Vec<(Option<Symbol>, Option<Symbol>)>,
}

/// The operator function name of an overloaded operator with `arity` operands.
pub(crate) fn operator_name(op: ast::OverloadedOp, arity: usize) -> OperatorName {
    use ast::OverloadedOp as O;
    use OperatorName as N;
    let unary = arity == 1;
    match op {
        O::Plus if unary => N::UnaryPlus,
        O::Minus if unary => N::Negate,
        O::Star if unary => N::Deref,
        O::Amp if unary => N::AddressOf,
        O::Plus => N::Plus,
        O::Minus => N::Minus,
        O::Star => N::Mul,
        O::Slash => N::Div,
        O::Percent => N::Rem,
        O::Caret => N::BitXor,
        O::Amp => N::BitAnd,
        O::Pipe => N::BitOr,
        O::Tilde => N::Complement,
        O::Not => N::Not,
        O::Assign => N::Assign,
        O::Lt => N::Lt,
        O::Gt => N::Gt,
        O::PlusAssign => N::PlusAssign,
        O::MinusAssign => N::MinusAssign,
        O::StarAssign => N::MulAssign,
        O::SlashAssign => N::DivAssign,
        O::PercentAssign => N::RemAssign,
        O::CaretAssign => N::XorAssign,
        O::AmpAssign => N::AndAssign,
        O::PipeAssign => N::OrAssign,
        O::Shl => N::Shl,
        O::Shr => N::Shr,
        O::ShlAssign => N::ShlAssign,
        O::ShrAssign => N::ShrAssign,
        O::EqEq => N::Eq,
        O::NotEq => N::Ne,
        O::Le => N::Le,
        O::Ge => N::Ge,
        O::AndAnd => N::LogicalAnd,
        O::OrOr => N::LogicalOr,
        O::PlusPlus => N::Increment,
        O::MinusMinus => N::Decrement,
        O::Comma => N::Comma,
        O::ArrowStar => N::ArrowStar,
        O::Arrow => N::Arrow,
        O::Call => N::Call,
        O::Index => N::Index,
        O::New => N::New,
        O::Delete => N::Delete,
        O::NewArray => N::NewArray,
        O::DeleteArray => N::DeleteArray,
    }
}

/// Saved state of the function being lowered while another body is lowered.
pub(crate) struct SavedFn {
    f: Option<super::FnState>,
    member_class: Option<RecordId>,
    fn_scope_base: Option<usize>,
    this_val: Option<(Value, QualType)>,
    declaring_class: Option<RecordId>,
}

impl Lowerer<'_> {
    /// The symbol under which operator functions `operator@` are declared.
    pub fn operator_symbol(&self, op: ast::OverloadedOp) -> Option<Symbol> {
        self.interner.get(&format!("operator{}", op.spelling()))
    }

    /// Saves the function being lowered (CXX-DESIGN decision 4) so another body can be
    /// lowered; `restore_fn` puts it back.
    pub fn save_fn(&mut self) -> SavedFn {
        SavedFn {
            f: self.f.take(),
            member_class: self.member_class.take(),
            fn_scope_base: self.fn_scope_base.take(),
            this_val: self.this_val.take(),
            declaring_class: self.declaring_class.take(),
        }
    }

    pub fn restore_fn(&mut self, s: SavedFn) {
        self.f = s.f;
        self.member_class = s.member_class;
        self.fn_scope_base = s.fn_scope_base;
        self.this_val = s.this_val;
        self.declaring_class = s.declaring_class;
    }

    /// Lays out base classes: `(unnamed field, type, align)` entries for the non-empty ones
    /// (they come first), and the list of bases.
    pub fn class_bases(&mut self, rd: &ast::RecordDecl<'_>) -> Vec<RecordId> {
        let mut out = Vec::new();
        for b in rd.bases {
            let Some(t) = self.resolve_type(b.ty) else {
                continue;
            };
            match self.types.kind(t.ty).clone() {
                TypeKind::Record(br) if self.types.record(br).complete => {
                    self.check_base_not_final(br, b.span);
                    if b.is_virtual {
                        // Laid out as a non-virtual base it would give wrong offsets.
                        self.error(b.span, "a virtual base class is not supported yet");
                    }
                    out.push(br);
                }
                TypeKind::Record(_) => {
                    let n = self.show(t);
                    self.error(b.span, format!("incomplete type \"{n}\" is not allowed"));
                }
                _ => self.error(b.span, "not a class or struct name"),
            }
        }
        out
    }

    /// True for a class with no data (an empty base takes no space).
    pub fn is_empty_class(&self, r: RecordId) -> bool {
        let info = self.types.record(r);
        info.fields.is_empty()
            || (info.size <= 1
                && info.fields.iter().all(|f| {
                    f.name.is_none()
                        && matches!(self.types.kind(f.ty.ty), TypeKind::Record(b) if self.is_empty_class(*b))
                }))
    }

    /// The offset of base `base` inside `derived` (through any depth), if it is a base.
    pub fn base_offset(
        &self,
        derived: crate::sema::TypeId,
        base: crate::sema::TypeId,
    ) -> Option<u64> {
        let (TypeKind::Record(d), TypeKind::Record(b)) =
            (self.types.kind(derived), self.types.kind(base))
        else {
            return None;
        };
        self.record_base_offset(*d, *b, 0)
    }

    fn record_base_offset(&self, d: RecordId, b: RecordId, depth: u32) -> Option<u64> {
        if depth > 64 {
            return None;
        }
        let data = self.classes.get(&d)?;
        for &(br, off) in &data.bases {
            if br == b {
                return Some(off);
            }
            if let Some(o) = self.record_base_offset(br, b, depth + 1) {
                return Some(off + o);
            }
        }
        None
    }

    /// After a class's data members are laid out: its bases, access, member functions,
    /// static members and typedefs; then the bodies of its device member functions.
    pub fn define_class_members(
        &mut self,
        r: RecordId,
        rd: &ast::RecordDecl<'_>,
        bases: Vec<RecordId>,
    ) {
        let mut data = ClassData {
            trivial_default_ctor: true,
            ..ClassData::default()
        };
        // Base offsets: the unnamed fields of base type, in order; empty bases sit at 0.
        let fields = self.types.record(r).fields.clone();
        for b in bases {
            let off = fields
                .iter()
                .find(|f| {
                    f.name.is_none()
                        && matches!(self.types.kind(f.ty.ty), TypeKind::Record(x) if *x == b)
                })
                .map(|f| f.offset)
                .unwrap_or(0);
            data.bases.push((b, off));
        }
        if let Some(fs) = rd.fields {
            for f in fs {
                if let Some(n) = f.name {
                    data.field_access.insert(n, (f.access, f.span));
                    if let Some(ast::Init::Expr(e)) = &f.init {
                        let field = fields.iter().find(|x| x.name == Some(n)).cloned();
                        if let (Some(field), Ok(v)) = (field, crate::sema::consteval::eval(self, e))
                        {
                            let v = match self.arith_of(field.ty.ty) {
                                Some(a) => v.convert(a),
                                None => v,
                            };
                            data.field_inits.push((field.offset, field.ty, v));
                        } else {
                            self.error(e.span, "a default member initializer that is not a constant is not supported yet");
                        }
                    }
                }
            }
        }
        for (n, b) in self.early_members.remove(&r).unwrap_or_default() {
            data.members.insert(n, b);
        }
        self.classes.insert(r, data);
        let saved_decl = self.declaring_class.replace(r);
        let saved_member = self.member_class.replace(r);
        let mut bodies = Vec::new();
        let mut friends = Vec::new();
        let mut friend_templates = Vec::new();
        let mut host_members = Vec::new();
        let mut declared = Vec::new();
        let mut asserts = Vec::new();
        for m in rd.members {
            match &m.decl {
                ast::Decl::Function(fd) if fd.method.is_friend => friends.push(*fd),
                ast::Decl::Template(td) if super::template_adl::is_friend_template(td) => {
                    friend_templates.push(*td)
                }
                ast::Decl::Function(fd) => {
                    if fd.host_body_skipped && self.templates.defining.is_none() {
                        // Kernels launched by a host member function (`host_launch.rs`).
                        host_members.push(fd.name_span);
                    }
                    if let Some(fid) = self.declare_member_function_or_drop(r, fd, m.access) {
                        declared.push((fid, *fd));
                        self.note_constexpr_member(fid, fd);
                        if fd.body.is_some() {
                            bodies.push((fid, *fd));
                        }
                    }
                }
                ast::Decl::Var(vd) => self.static_data_member_or_drop(r, vd, m.access),
                ast::Decl::Template(td) => self.declare_member_template(r, td, m.access),
                ast::Decl::Typedef(td) => {
                    if let Some(t) = self.resolve_type(td.ty) {
                        self.class_data(r)
                            .members
                            .insert(td.name, Binding::Typedef(t));
                        self.class_data(r)
                            .member_access
                            .insert(td.name, (m.access, td.span));
                    }
                }
                ast::Decl::Friend { class, name, .. } => self.record_friend(r, *class, *name),
                ast::Decl::StaticAssert {
                    cond,
                    message,
                    span,
                } => asserts.push((*cond, *message, *span)),
                ast::Decl::UsingDecl { .. } => {
                    if let Some((n, t)) = self.member_using_type(&m.decl) {
                        self.class_data(r).members.insert(n, Binding::Typedef(t));
                    }
                }
                _ => {}
            }
        }
        // Checked once the members are declared, in the class's scope (an instance's
        // assertions with its template arguments: `static_assert(sizeof(T) == 8)`).
        for (cond, message, span) in asserts {
            self.member_static_assert(cond, message, span);
        }
        self.build_vtable(r, &declared);
        self.declaring_class = saved_decl;
        self.member_class = saved_member;
        for span in host_members {
            self.lower_member_host_launches(span, r);
        }
        self.define_hidden_friends(r, &friends);
        self.declare_hidden_friend_templates(r, &friend_templates);
        self.classify_special_members(r);
        // An instance's members wait for their first use (`lazy_bodies.rs`).
        let instance = self.templates.instance_of.contains_key(&r);
        for (fid, fd) in bodies {
            // Deferred while classes are nested (a CRTP base's members need the derived
            // class complete), then lowered or parked by `flush_member_bodies`.
            if self.record_depth > 1 {
                self.pending_bodies
                    .push((fid, fd as *const ast::FunctionDecl<'_> as *const ()));
            } else if let (true, Some(bindings)) = (instance, self.templates.defining.clone()) {
                self.define_instance_member_body(fid, fd, bindings);
            } else {
                self.define_member_body(fid, fd);
            }
        }
    }

    /// Lowers the member bodies deferred while classes were nested (with the template
    /// bindings of a class template instance re-established).
    pub fn flush_member_bodies(&mut self) {
        while let Some((fid, p)) = self.pending_bodies.pop() {
            // SAFETY: `p` points to a `FunctionDecl` in the AST arena, which outlives the
            // lowering; it was queued by a `define_record` call nested inside the outermost
            // one that is flushing now, whose AST is still borrowed by its caller.
            let fd: &ast::FunctionDecl<'_> = unsafe { &*(p as *const ast::FunctionDecl<'_>) };
            let record = self.func_info(fid).member.as_ref().map(|m| m.record);
            let bindings = record.and_then(|r| self.templates.record_bindings.get(&r).cloned());
            match bindings {
                Some((params, args)) => self.in_decl_context(|l| {
                    l.decl_ns = record.and_then(|r| l.adl.record_ns.get(&r).copied());
                    l.bind_template_params(params, &args);
                    l.define_instance_member_body(fid, fd, (params, args));
                }),
                None => self.define_member_body(fid, fd),
            }
        }
    }

    pub(super) fn class_data(&mut self, r: RecordId) -> &mut ClassData {
        self.classes.entry(r).or_default()
    }

    /// `static constexpr int k = 8;`: a constant usable in device code.
    pub(super) fn static_data_member(
        &mut self,
        r: RecordId,
        vd: &ast::VarDecl<'_>,
        access: Access,
    ) {
        let Some(ty) = self.resolve_type(vd.ty) else {
            return;
        };
        let const_value = match (&vd.init, ty.quals.konst || vd.specs.is_constexpr) {
            (Some(ast::Init::Expr(e)), true) => match crate::sema::consteval::eval(self, e) {
                Ok(v) => Some(match self.arith_of(ty.ty) {
                    Some(a) => v.convert(a),
                    None => v,
                }),
                Err(_) => None,
            },
            _ => None,
        };
        let object = self.is_constexpr_object(ty, vd);
        let s = vd.specs;
        let constant = const_value.is_some() || object;
        if !constant && (s.device || s.shared || s.constant || s.managed) {
            self.error(
                vd.span,
                "a static data member that is not a constant is not supported in device code yet",
            );
        }
        // Any other static data member is a host variable (`static bool testRunning;`):
        // device code may use it only as a constant, as a file-scope host variable.
        let ty = if constant {
            ty.with_quals(Qualifiers {
                konst: true,
                ..ty.quals
            })
        } else {
            ty
        };
        let id = self.add_var(VarInfo {
            name: vd.name,
            ty,
            storage: Storage::Host,
            const_value,
        });
        if object {
            self.constexpr_var_image(id, ty, vd);
            self.cx.members.insert(id);
        }
        let data = self.class_data(r);
        data.members.insert(vd.name, Binding::Var(id));
        data.member_access.insert(vd.name, (access, vd.span));
    }

    /// The mangling name of a function declared by `fd` (member or not).
    pub fn function_name_of(
        &mut self,
        fd: &ast::FunctionDecl<'_>,
        member_of: Option<RecordId>,
        nparams: usize,
    ) -> Option<FunctionName> {
        let arity = nparams + member_of.is_some() as usize;
        Some(match fd.qual.map(|q| q.last()) {
            Some(NameSeg::Operator { op, .. }) => FunctionName::Operator(operator_name(*op, arity)),
            Some(NameSeg::Conversion { ty, .. }) => {
                FunctionName::Conversion(self.resolve_type(ty)?)
            }
            Some(NameSeg::Destructor { .. }) => FunctionName::Destructor,
            _ => {
                let is_ctor = member_of
                    .and_then(|r| self.types.record(r).name)
                    .is_some_and(|n| n == fd.name);
                if is_ctor {
                    FunctionName::Constructor
                } else {
                    FunctionName::Ident(fd.name)
                }
            }
        })
    }

    /// Declares a member function of `r` (from inside the class body).
    pub(super) fn declare_member_function(
        &mut self,
        r: RecordId,
        fd: &ast::FunctionDecl<'_>,
        access: Access,
    ) -> Option<FnId> {
        // `auto` / `decltype(auto)` members defined in the class: deduced from the body,
        // which is lowered once the class is complete (see `auto_return.rs`).
        let ret_pending = Self::contains_auto(fd.ret) && fd.body.is_some();
        let ret = if ret_pending {
            QualType::new(self.types.void())
        } else {
            self.resolve_type(fd.ret)?
        };
        let params = self.param_types(fd.params)?;
        let defaults = self.default_args(fd.params)?;
        let fname = self.function_name_of(fd, Some(r), params.len())?;
        let is_ctor = fname == FunctionName::Constructor;
        // A conversion function returns its target type.
        let ret = match &fname {
            FunctionName::Conversion(t) => *t,
            _ => ret,
        };
        if matches!(
            fname,
            FunctionName::Operator(_) | FunctionName::Conversion(_)
        ) {
            self.has_operator_fns = true;
        }
        if fd.method.defaulted {
            // `S() = default;`, `S& operator=(const S&) = default;`, `~S() = default;` keep
            // the implicit member, also next to user-declared constructors.
            if is_ctor && params.is_empty() {
                let data = self.class_data(r);
                data.defaulted_default_ctor = true;
                data.trivial_default_ctor = true;
            }
            return None;
        }
        let s = &fd.specs;
        let space = if s.device && s.host {
            ExecSpace::HostDevice
        } else if s.device || s.global {
            ExecSpace::Device
        } else {
            self.exec_space(s)
        };
        let inline = inline_hint(s);
        let member = MemberFn {
            record: r,
            is_const: fd.method.is_const,
            is_volatile: fd.method.is_volatile,
            ref_qual: ref_qualifier(fd.method.ref_qual),
            is_static: s.is_static,
            is_ctor,
            is_explicit: fd.method.is_explicit,
            is_deleted: fd.method.deleted,
            access,
        };
        // A redeclaration of the same member (same parameters) is the same function.
        let data = self.class_data(r);
        let existing = data.members.get(&fd.name).copied();
        if let Some(b) = existing {
            for f in self.functions_of(b) {
                // `f()`, `f() const` and `f() const volatile` are three overloads.
                let same_const = self
                    .func_info(f)
                    .member
                    .as_ref()
                    .map(|m| (m.is_const, m.is_volatile, m.ref_qual))
                    == Some((
                        fd.method.is_const,
                        fd.method.is_volatile,
                        ref_qualifier(fd.method.ref_qual),
                    ));
                // Conversion functions all take no parameters; their target type tells
                // `operator float()` from `operator __half_raw()`.
                let same_name = self.func_info(f).fname == fname;
                if self.func_info(f).params == params && same_const && same_name && !is_ctor {
                    return Some(f);
                }
            }
        }
        let id = FnId(self.fns.len() as u32);
        self.fns.push(FnInfo {
            name: fd.name,
            params,
            ret,
            variadic: fd.variadic,
            space,
            extern_c: false,
            is_static: false,
            inline,
            ir: None,
            defined: false,
            span: fd.name_span,
            first_call: None,
            launch_bounds: None,
            mangled: None,
            entity: None,
            defaults,
            ret_pending,
            scope: FunctionEntity::member_scope(&self.types, r),
            fname: fname.clone(),
            member: Some(member),
        });
        if is_ctor {
            let data = self.class_data(r);
            data.ctors.push(id);
            if !self.func_info(id).params.is_empty() {
                // A user-declared constructor removes the implicit default constructor
                // unless one is declared (`= default` or with no parameters).
                let has_default = self.classes[&r].defaulted_default_ctor
                    || self.classes[&r]
                        .ctors
                        .iter()
                        .any(|&c| self.func_info(c).params.is_empty());
                self.class_data(r).trivial_default_ctor &= has_default;
            } else {
                self.class_data(r).trivial_default_ctor = false;
            }
            return Some(id);
        }
        if let FunctionName::Conversion(_) = fname {
            self.class_data(r).conversions.push(id);
        }
        if fname == FunctionName::Destructor {
            self.class_data(r).dtor = Some(id);
        }
        let data = self.class_data(r);
        data.member_access.insert(fd.name, (access, fd.name_span));
        let b = match data.members.get(&fd.name).copied() {
            Some(Binding::Func(prev)) => {
                self.overloads.push(vec![prev, id]);
                Binding::Overloads(OverloadId(self.overloads.len() as u32 - 1))
            }
            Some(Binding::Overloads(s)) => {
                self.overloads[s.0 as usize].push(id);
                Binding::Overloads(s)
            }
            _ => Binding::Func(id),
        };
        self.class_data(r).members.insert(fd.name, b);
        Some(id)
    }

    /// Lowers the body of member function `fid` (a device function) in its class.
    pub(super) fn define_member_body(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) {
        let info = self.func_info(fid).clone();
        if !info.space.on_device() {
            return;
        }
        if info.defined {
            let n = self.callee_signature(fid);
            self.error(
                fd.name_span,
                format!("function \"{n}\" has already been defined"),
            );
            return;
        }
        self.fns[fid.0 as usize].defined = true;
        let saved = self.save_fn();
        self.member_class = info.member.as_ref().map(|m| m.record);
        self.define_function_body(fid, fd);
        self.restore_fn(saved);
    }

    /// A member of class `r` (or of a base) other than a data member, by name.
    pub fn class_member_binding(&self, r: RecordId, name: Symbol) -> Option<Binding> {
        self.class_member_binding_depth(r, name, 0)
    }

    fn class_member_binding_depth(&self, r: RecordId, name: Symbol, depth: u32) -> Option<Binding> {
        if depth > 64 {
            return None;
        }
        let data = self.classes.get(&r);
        if let Some(b) = data.and_then(|d| d.members.get(&name)) {
            return Some(*b);
        }
        if data.is_none() {
            // A class being defined: the members known so far (`nested_class.rs`), the
            // latest of a name first.
            let early = self.early_members.get(&r).map(Vec::as_slice).unwrap_or(&[]);
            if let Some((_, b)) = early.iter().rev().find(|(n, _)| *n == name) {
                return Some(*b);
            }
        }
        let info = self.types.record(r);
        if info.fields.iter().any(|f| f.name == Some(name)) {
            return Some(Binding::Field(r));
        }
        for &(b, _) in data.map(|d| d.bases.as_slice()).unwrap_or(&[]) {
            if let Some(x) = self.class_member_binding_depth(b, name, depth + 1) {
                return Some(x);
            }
        }
        None
    }

    /// A class nested in `r` used as a qualifier (`Outer::Inner::x`).
    pub fn nested_class(
        &mut self,
        r: RecordId,
        name: Symbol,
    ) -> Option<super::namespace::Qualifier> {
        if self.types.record(r).name == Some(name) {
            return Some(super::namespace::Qualifier::Class(r));
        }
        match self.class_member_binding(r, name)? {
            Binding::Typedef(qt) => match self.types.kind(qt.ty) {
                TypeKind::Record(x) => Some(super::namespace::Qualifier::Class(*x)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A tag nested in class `r` (`S::Inner`): its typedef members of class type.
    pub fn class_nested_tag(&mut self, r: RecordId, name: Symbol) -> Option<super::Tag> {
        match self.class_member_binding(r, name)? {
            Binding::Typedef(qt) => match self.types.kind(qt.ty) {
                TypeKind::Record(x) => Some(super::Tag::Record(*x)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `x` naming a data member inside a member function: `this->x`.
    pub fn this_field(&mut self, name: Symbol, span: Span) -> Option<Operand> {
        let Some((this, tt)) = self.this_val else {
            self.error(
                span,
                format!(
                    "a nonstatic member reference must be relative to a specific object (\"{}\")",
                    self.name(name)
                ),
            );
            return None;
        };
        let rty = self.types.pointee(tt.ty)?;
        let TypeKind::Record(r) = self.types.kind(rty.ty).clone() else {
            return None;
        };
        let (off, fty) = self.field_of(r, name)?;
        let a = self.ptr_add_const(this, off);
        if let Some(referent) = self.referent(fty) {
            // A reference member holds the address of the object it names.
            let p = self.load_scalar(a, fty);
            return Some(Operand::lv(p, referent));
        }
        Some(Operand::lv(a, fty.with_quals(fty.quals.union(rty.quals))))
    }

    /// `this`.
    pub fn this_expr(&mut self, span: Span) -> Option<Operand> {
        match self.this_val {
            Some((v, t)) => Some(Operand::rv(v, t)),
            None => {
                self.error(
                    span,
                    "\"this\" may only be used inside a nonstatic member function",
                );
                None
            }
        }
    }

    /// Reports an access violation when `name` (a member of `r`) is not accessible from
    /// the current function (nvcc: `member "S::y" (declared at line 5) is inaccessible`).
    pub fn check_member_access(&mut self, r: RecordId, name: Symbol, is_fn: bool, span: Span) {
        let what = if is_fn { "function" } else { "member" };
        self.check_access_as(r, name, is_fn, what, span);
    }

    /// The access check of `check_member_access`; `what` names the kind of member in the
    /// message (`class` for member classes).
    pub(super) fn check_access_as(
        &mut self,
        r: RecordId,
        name: Symbol,
        is_fn: bool,
        what: &str,
        span: Span,
    ) {
        let Some(data) = self.classes.get(&r) else {
            return;
        };
        let access = if is_fn {
            data.member_access.get(&name)
        } else {
            data.field_access.get(&name)
        };
        let Some(&(access, decl_span)) = access else {
            return;
        };
        if access == Access::Public || self.friend_of == Some(r) || self.is_friend_here(r) {
            return;
        }
        // Members of the class itself (and, for protected, of derived classes) may use it.
        if let Some(cur) = self.member_class {
            if cur == r
                || (access == Access::Protected && self.record_base_offset(cur, r, 0).is_some())
            {
                return;
            }
        }
        let cls = self
            .types
            .record(r)
            .name
            .map(|n| self.name(n))
            .unwrap_or("<unnamed>");
        let line = self
            .sources
            .file(decl_span.file)
            .line_col(decl_span.start)
            .0;
        let msg = format!(
            "{what} \"{cls}::{}\" (declared at line {line}) is inaccessible",
            self.name(name)
        );
        self.error(span, msg);
    }

    /// Candidates of a member call: the functions `b` denotes.
    pub fn candidates(&self, b: Binding) -> Vec<Candidate> {
        self.functions_of(b)
            .into_iter()
            .map(|f| Candidate {
                f,
                is_template: false,
            })
            .collect()
    }

    /// Lowers call arguments once.
    pub fn lower_args(&mut self, args: &[&ast::Expr<'_>]) -> Option<Vec<(Operand, Span)>> {
        self.lower_args_for(args, None)
    }

    /// The arguments of a call of `b` when it is one function: a bare braced list takes
    /// its parameter's type (`sum({4, 5})` for a `std::initializer_list<int>` parameter).
    pub fn lower_args_for(
        &mut self,
        args: &[&ast::Expr<'_>],
        b: Option<Binding>,
    ) -> Option<Vec<(Operand, Span)>> {
        let params = match b {
            Some(Binding::Func(f)) => Some(self.func_info(f).params.clone()),
            _ => None,
        };
        let mut out = Vec::with_capacity(args.len());
        let mut ok = true;
        for (i, a) in args.iter().enumerate() {
            let target = match (&a.kind, params.as_ref().and_then(|p| p.get(i))) {
                (ast::ExprKind::InitList { ty: None, .. }, Some(&p)) => {
                    Some(self.referent(p).unwrap_or(p))
                }
                _ => None,
            };
            let o = match target {
                Some(t) => self.expr_for(a, t),
                None => self.expr(a),
            };
            match o {
                Some(o) => out.push((o, a.span)),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// Calls a member (or static member) function chosen from `b` on the object at `obj`
    /// (`None`: no object, e.g. `S::f(…)` outside a member function).
    pub fn member_call(
        &mut self,
        b: Binding,
        obj: Option<(Value, QualType)>,
        args: Vec<(Operand, Span)>,
        name: &str,
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let rvalue = std::mem::take(&mut self.this_arg_rvalue);
        let cands = self.candidates(b);
        let infos: Vec<ArgInfo> = args.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let f = if cands.len() == 1 {
            cands[0].f
        } else {
            self.this_arg_rvalue = rvalue;
            let f = self.resolve_overload(name, &cands, &infos, obj.map(|o| o.1), callee_span);
            self.this_arg_rvalue = false;
            f?
        };
        let info = self.func_info(f).clone();
        if let Some(m) = &info.member {
            let r = m.record;
            self.check_member_access(r, info.name, true, callee_span);
            if let (Some((_, ot)), false) = (obj, m.is_static) {
                if ot.quals.konst && !m.is_const {
                    let cls = self
                        .types
                        .record(r)
                        .name
                        .map(|n| self.name(n))
                        .unwrap_or("");
                    let n = format!("{cls}::{}", self.name(info.name));
                    let obj = self.show(ot);
                    self.error(callee_span, format!("the object has type qualifiers that are not compatible with the member function \"{n}\"\n            object type is: {obj}"));
                    return None;
                }
            }
            // The object is converted to the class that declares the function.
            let this = match obj {
                Some((addr, ot)) if !m.is_static => {
                    let rt = self.types.intern(TypeKind::Record(r));
                    let off = if ot.ty == rt {
                        0
                    } else {
                        self.base_offset(ot.ty, rt).unwrap_or(0)
                    };
                    Some(self.ptr_add_const(addr, off))
                }
                _ => None,
            };
            return self.call_fn(f, this, args, callee_span, span);
        }
        self.call_fn(f, None, args, callee_span, span)
    }

    /// The object of a member access `base.f` / `base->f`: its address and type.
    pub fn object_of(
        &mut self,
        base: &ast::Expr<'_>,
        arrow: bool,
        span: Span,
    ) -> Option<(Value, QualType)> {
        if arrow {
            return self.arrow_object(base, span);
        }
        let o = self.expr(base)?;
        // For ref-qualified member functions (`f() &&` is called on rvalues).
        self.object_rvalue = !o.is_lvalue();
        match o.kind {
            OpKind::LValue(a) => Some((a, o.ty)),
            _ => {
                self.error(span, "expression must have class type");
                None
            }
        }
    }

    /// The `this` type of a member function of `r`.
    pub fn this_type(&mut self, r: RecordId, is_const: bool) -> QualType {
        let rt = QualType::new(self.types.intern(TypeKind::Record(r))).with_quals(Qualifiers {
            konst: is_const,
            ..Qualifiers::NONE
        });
        QualType::new(self.types.pointer_to(rt))
    }

    /// Before a member function's parameters are bound: takes `this` off the parameter
    /// values and makes it and the class's members visible.
    pub fn enter_member_body(&mut self, fid: FnId, params: &mut Vec<Value>) {
        self.fn_scope_base = Some(self.scopes.depth());
        let Some(m) = self.func_info(fid).member.clone() else {
            return;
        };
        self.member_class = Some(m.record);
        if !m.is_static && !params.is_empty() {
            let this = params.remove(0);
            let t = self.this_type(m.record, m.is_const);
            self.this_val = Some((this, t));
        }
    }
}

/// The ref-qualifier of a member function as parsed (`Some(true)`: `&&`).
pub(crate) fn ref_qualifier(r: Option<bool>) -> Option<crate::sema::entity::RefQualifier> {
    r.map(|rvalue| {
        if rvalue {
            crate::sema::entity::RefQualifier::RValue
        } else {
            crate::sema::entity::RefQualifier::LValue
        }
    })
}
