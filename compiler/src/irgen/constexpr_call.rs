//! Calls and object construction in constant evaluation: free and member constexpr
//! functions chosen by overload resolution on the constant arguments' types, constexpr
//! constructors (member initializers, default member initializers, body) and overloaded
//! operators of literal classes, and the initialization of new objects from initializers
//! (aggregate brace lists with C's brace elision, constructor arguments, copies).

use super::constexpr_fn::{Flow, FnEnv};
use super::constexpr_mem::{Base, CxVal, Place};
use super::overload::{ArgInfo, Candidate};
use super::{Binding, FnId};
use crate::ast::{self, BinaryOp, Expr, ExprKind, Init, OverloadedOp, UnaryOp};
use crate::sema::consteval::{ConstError, ConstValue};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;

/// A chosen callee: the function and the object of a member call.
struct Callee {
    f: FnId,
    this: Option<Place>,
}

impl FnEnv<'_, '_> {
    /// `callee(args)`.
    pub fn call_expr(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<CxVal, ConstError> {
        if let ExprKind::Ident(n) = &callee.kind {
            if let Some(v) = super::builtins::ieee_constant_value(self.l.name(*n)) {
                return Ok(CxVal::Scalar(v));
            }
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.operand(a)?);
        }
        let nc = ConstError::NotConstant(span);
        let (binding, this, name) = match &callee.kind {
            ExprKind::Ident(n) => {
                // A member of the class of the member function being evaluated first.
                let member = self
                    .this
                    .and_then(|t| self.l.is_class(t.ty).map(|r| (t, r)))
                    .and_then(|(t, r)| Some((self.l.class_member_binding(r, *n)?, t)));
                match member {
                    Some((b @ (Binding::Func(_) | Binding::Overloads(_)), t)) => (b, Some(t), *n),
                    _ => (self.l.lookup_ordinary(*n).ok_or(nc.clone())?, None, *n),
                }
            }
            ExprKind::Name(q) => {
                let name = q.last().ident().ok_or(nc.clone())?;
                (self.l.lookup_qualified(q).ok_or(nc.clone())?, None, name)
            }
            ExprKind::Member {
                base, name, arrow, ..
            } => {
                let obj = if *arrow {
                    match self.operand(base)? {
                        CxVal::Ptr(p) => p,
                        _ => return Err(nc),
                    }
                } else {
                    self.object_place(base)?
                };
                let r = self.l.is_class(obj.ty).ok_or(nc.clone())?;
                let b = self.l.class_member_binding(r, *name).ok_or(nc.clone())?;
                (b, Some(obj), *name)
            }
            _ => return Err(nc),
        };
        if let Binding::FnTemplate(set) = binding {
            return self.call_template(set, callee, name, vals, span);
        }
        if !matches!(binding, Binding::Func(_) | Binding::Overloads(_)) {
            return Err(nc);
        }
        let cands = self.l.candidates(binding);
        let label = self.l.name(name).to_string();
        let f = self.choose(&label, &cands, &vals, this.map(|t| t.ty), span)?;
        let is_static = self
            .l
            .func_info(f)
            .member
            .as_ref()
            .is_none_or(|m| m.is_static);
        let c = Callee {
            f,
            this: if is_static { None } else { this },
        };
        self.invoke(c, vals, callee.span, span)
    }

    /// Overload resolution on constant arguments.
    fn choose(
        &mut self,
        name: &str,
        cands: &[Candidate],
        vals: &[CxVal],
        this: Option<QualType>,
        span: Span,
    ) -> Result<FnId, ConstError> {
        if cands.len() == 1 {
            return Ok(cands[0].f);
        }
        let infos = self.arg_infos_of(vals);
        self.l
            .resolve_overload(name, cands, &infos, this, span)
            .ok_or(ConstError::Reported)
    }

    pub(super) fn arg_infos_of(&mut self, vals: &[CxVal]) -> Vec<ArgInfo> {
        vals.iter()
            .map(|v| {
                let (ty, lvalue) = match v {
                    CxVal::Scalar(s) => (self.l.cx_type_of_scalar(*s), false),
                    CxVal::Obj(t, _) => (*t, false),
                    CxVal::Ref(p) => (p.ty, true),
                    CxVal::Ptr(p) => (QualType::new(self.l.types.pointer_to(p.ty)), false),
                };
                ArgInfo {
                    ty,
                    lvalue,
                    npc: false,
                }
            })
            .collect()
    }

    /// Runs a chosen function (which must be constexpr) on evaluated arguments.
    fn invoke(
        &mut self,
        c: Callee,
        vals: Vec<CxVal>,
        callee_span: Span,
        span: Span,
    ) -> Result<CxVal, ConstError> {
        let Some(fd) = self.l.cx_fn_decl(c.f) else {
            return Err(self.l.not_constexpr(c.f, callee_span, span));
        };
        // Called from device code (not from another constexpr function): nvcc's rule.
        if self.l.templates.cx_depth == 0
            && self.l.is_constexpr_host_fn(c.f)
            && !self.l.constexpr_host_call(c.f, callee_span)
        {
            return Err(ConstError::Reported);
        }
        self.run_fn(c.f, fd, vals, c.this, span)
    }

    /// Calls `fid` (declared by `fd`): binds the parameters in a new frame, runs the body
    /// (a constructor's initializers first), and returns its result, copied out of the
    /// frame unless it is a reference.
    pub fn run_fn(
        &mut self,
        fid: FnId,
        fd: &ast::FunctionDecl<'_>,
        vals: Vec<CxVal>,
        this: Option<Place>,
        span: Span,
    ) -> Result<CxVal, ConstError> {
        let info = self.l.func_info(fid).clone();
        if vals.len() > info.params.len() {
            return Err(ConstError::NotConstant(span));
        }
        if self.l.templates.cx_depth >= super::constexpr_fn::MAX_CALL_DEPTH {
            return Err(ConstError::TooComplex(span));
        }
        let mark = self.mem.mark();
        let mut frame = Vec::new();
        for (i, (p, t)) in fd.params.iter().zip(&info.params).enumerate() {
            let v = match vals.get(i) {
                Some(v) => v.clone(),
                None => match info.defaults.get(i).cloned().flatten() {
                    Some(super::default_args::DefaultArg::Const(c)) => CxVal::Scalar(c),
                    _ => return Err(ConstError::NotConstant(span)),
                },
            };
            let place = self.bind_value(v, *t, p.span)?;
            if let Some(n) = p.name {
                frame.push((n, place));
            }
        }
        let is_ctor = info.member.as_ref().is_some_and(|m| m.is_ctor);
        let body = fd.body.ok_or(ConstError::NotConstant(span))?;
        self.l.templates.cx_depth += 1;
        let r = {
            let mut env = FnEnv {
                l: &mut *self.l,
                mem: &mut *self.mem,
                scopes: vec![(frame, mark)],
                this,
                is_ctor,
                ret: Some(info.ret),
            };
            let pre = if is_ctor {
                env.ctor_prologue(fd, span)
            } else {
                Ok(())
            };
            pre.and_then(|()| env.exec(body))
        };
        self.l.templates.cx_depth -= 1;
        let flow = r.inspect_err(|_| self.mem.release(mark))?;
        let ret = info.ret;
        let out = match flow {
            _ if is_ctor => Ok(CxVal::Scalar(ConstValue::int(0, crate::sema::IntKind::Int))),
            Flow::Return(v) => {
                if let Some(referent) = self.l.referent(ret) {
                    match v {
                        CxVal::Ref(p) if !self.in_frame(p, mark) => {
                            Ok(CxVal::Ref(Place { ty: referent, ..p }))
                        }
                        _ => Err(ConstError::NotConstant(span)),
                    }
                } else if self.l.cx_is_object(ret) {
                    self.object_bytes(v, ret, span)
                        .map(|b| CxVal::Obj(ret.unqual(), b))
                } else {
                    let s = self.scalar_of(v, span)?;
                    match self.l.arith_of(ret.ty) {
                        Some(a) => Ok(CxVal::Scalar(s.convert(a))),
                        None => Err(ConstError::NotConstant(span)),
                    }
                }
            }
            _ if self.l.types.is_void(ret.ty) => {
                Ok(CxVal::Scalar(ConstValue::int(0, crate::sema::IntKind::Int)))
            }
            _ => Err(ConstError::NotConstant(span)),
        };
        self.mem.release(mark);
        out
    }

    fn in_frame(&self, p: Place, mark: usize) -> bool {
        matches!(p.base, Base::Slot(s) if s as usize >= mark)
    }

    /// The place a parameter or local of type `t` gets from `v`: a reference binds to an
    /// lvalue (or a temporary), a value is copied into a new slot.
    pub fn bind_value(&mut self, v: CxVal, t: QualType, span: Span) -> Result<Place, ConstError> {
        if let Some(referent) = self.l.referent(t) {
            let v = match v {
                CxVal::Ref(p) if p.ty.ty == referent.ty => CxVal::Ref(p),
                CxVal::Ref(_) | CxVal::Scalar(_) if !self.l.cx_is_object(referent) => {
                    let s = self.scalar_of(v, span)?;
                    let b = self.l.cx_encode(s, referent, span)?;
                    CxVal::Obj(referent, b)
                }
                v => v,
            };
            let p = self.materialize(v, span)?;
            return Ok(Place { ty: referent, ..p });
        }
        let b = self.value_bytes(v, t, span)?;
        Ok(Place {
            base: Base::Slot(self.mem.alloc(b, span)?),
            off: 0,
            ty: t,
        })
    }

    /// The bytes of an object of type `t` initialized from value `v` (copy, converting
    /// constructor, or scalar conversion).
    fn value_bytes(&mut self, v: CxVal, t: QualType, span: Span) -> Result<Vec<u8>, ConstError> {
        if self.l.cx_is_object(t) {
            let same = match &v {
                CxVal::Obj(ot, _) => ot.ty == t.ty,
                CxVal::Ref(p) => p.ty.ty == t.ty,
                _ => false,
            };
            if same {
                return self.object_bytes(v, t, span);
            }
            // A converting constructor.
            let p = self.alloc_zeroed(t, span)?;
            self.construct_at(p, vec![v], span)?;
            return self.object_bytes(CxVal::Ref(p), t, span);
        }
        let s = self.scalar_of(v, span)?;
        self.l.cx_encode(s, t, span)
    }

    fn alloc_zeroed(&mut self, t: QualType, span: Span) -> Result<Place, ConstError> {
        let size = self.l.cx_size(t, span)?;
        Ok(Place {
            base: Base::Slot(self.mem.alloc(vec![0; size as usize], span)?),
            off: 0,
            ty: t.unqual(),
        })
    }

    /// A new object of class type `t` constructed from `args`.
    pub fn construct_new(
        &mut self,
        t: QualType,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Result<Vec<u8>, ConstError> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.operand(a)?);
        }
        if self.l.is_class(t).is_none() {
            // An array `T{}`: zero.
            if vals.is_empty() {
                return Ok(vec![0; self.l.cx_size(t, span)? as usize]);
            }
            return Err(ConstError::NotConstant(span));
        }
        let mark = self.mem.mark();
        let p = self.alloc_zeroed(t, span)?;
        let r = self
            .construct_at(p, vals, span)
            .and_then(|()| self.object_bytes(CxVal::Ref(p), t.unqual(), span));
        self.mem.release(mark);
        r
    }

    /// Initializes the (zeroed) class object at `p` from constructor arguments.
    pub fn construct_at(
        &mut self,
        p: Place,
        vals: Vec<CxVal>,
        span: Span,
    ) -> Result<(), ConstError> {
        let r = self.l.is_class(p.ty).ok_or(ConstError::NotConstant(span))?;
        let data = self.l.classes.get(&r);
        let ctors = data.map(|d| d.ctors.clone()).unwrap_or_default();
        // A copy (the implicit copy constructor).
        if vals.len() == 1 {
            let same = match &vals[0] {
                CxVal::Obj(t, _) => t.ty == p.ty.ty,
                CxVal::Ref(q) => q.ty.ty == p.ty.ty,
                _ => false,
            };
            if same {
                let b = self.object_bytes(vals[0].clone(), p.ty, span)?;
                return self.mem.write(p, &b, span);
            }
        }
        let trivial_default = data.is_none_or(|d| d.trivial_default_ctor);
        if vals.is_empty()
            && (ctors.is_empty()
                || trivial_default && !ctors.iter().any(|&c| self.l.func_info(c).params.is_empty()))
        {
            return self.default_member_inits(p, r, span);
        }
        if ctors.is_empty() {
            // An aggregate initialized by parenthesized values (C++20) is not supported.
            return Err(ConstError::NotConstant(span));
        }
        let cands: Vec<Candidate> = ctors
            .iter()
            .map(|&f| Candidate {
                f,
                is_template: false,
            })
            .collect();
        let name = self
            .l
            .types
            .record(r)
            .name
            .map(|n| self.l.name(n).to_string())
            .unwrap_or_default();
        let f = self.choose(&format!("{name}::{name}"), &cands, &vals, None, span)?;
        self.invoke(Callee { f, this: Some(p) }, vals, span, span)
            .map(|_| ())
    }

    /// The constant default member initializers of `r` and its bases, at `p`.
    fn default_member_inits(
        &mut self,
        p: Place,
        r: RecordId,
        span: Span,
    ) -> Result<(), ConstError> {
        let Some(d) = self.l.classes.get(&r) else {
            return Ok(());
        };
        let inits = d.field_inits.clone();
        let bases = d.bases.clone();
        for (b, off) in bases {
            let bt = QualType::new(self.l.types.intern(TypeKind::Record(b)));
            self.default_member_inits(
                Place {
                    off: p.off + off,
                    ty: bt,
                    ..p
                },
                b,
                span,
            )?;
        }
        for (off, ty, v) in inits {
            let b = self.l.cx_encode(v, ty, span)?;
            self.mem.write(
                Place {
                    off: p.off + off,
                    ty,
                    ..p
                },
                &b,
                span,
            )?;
        }
        Ok(())
    }

    /// A constructor's default member initializers, then its member initializer list.
    fn ctor_prologue(&mut self, fd: &ast::FunctionDecl<'_>, span: Span) -> Result<(), ConstError> {
        let this = self.this.ok_or(ConstError::NotConstant(span))?;
        let r = self
            .l
            .is_class(this.ty)
            .ok_or(ConstError::NotConstant(span))?;
        self.default_member_inits(this, r, span)?;
        let bases = self
            .l
            .classes
            .get(&r)
            .map(|d| d.bases.clone())
            .unwrap_or_default();
        for mi in fd.method.ctor_inits {
            let name = mi
                .name
                .last()
                .ident()
                .ok_or(ConstError::NotConstant(mi.span))?;
            let mut vals = Vec::with_capacity(mi.args.len());
            for a in mi.args {
                vals.push(self.operand(a)?);
            }
            let base = bases
                .iter()
                .find(|(b, _)| self.l.types.record(*b).name == Some(name))
                .copied();
            let target = match base {
                Some((b, off)) => Place {
                    off: this.off + off,
                    ty: QualType::new(self.l.types.intern(TypeKind::Record(b))),
                    ..this
                },
                None => self.field(this, name, mi.span)?,
            };
            let size = self.l.cx_size(target.ty, mi.span)?;
            self.mem.write(target, &vec![0; size as usize], mi.span)?;
            if self.l.is_class(target.ty).is_some() {
                self.construct_at(target, vals, mi.span)?;
            } else if let Some(v) = vals.pop() {
                let b = self.value_bytes(v, target.ty, mi.span)?;
                self.mem.write(target, &b, mi.span)?;
            }
        }
        Ok(())
    }

    /// The bytes of a new object of type `t` initialized by `init` (`None`: default
    /// initialization).
    pub fn new_object(
        &mut self,
        t: QualType,
        init: Option<&Init<'_>>,
        span: Span,
    ) -> Result<Vec<u8>, ConstError> {
        let size = self.l.cx_size(t, span)?;
        let is_class = self.l.is_class(t).is_some();
        match init {
            None if is_class => self.construct_new(t, &[], span),
            None => Ok(vec![0; size as usize]),
            Some(Init::Expr(e)) => {
                // `char s[8] = "add.u32"`: the literal's bytes, zero-padded to the array.
                if let (ExprKind::StrLit(b), Some(Some(n))) = (&e.kind, self.l.is_char_array(t)) {
                    let mut bytes = b.to_vec();
                    bytes.resize(n as usize, 0);
                    return Ok(bytes);
                }
                let v = self.operand(e)?;
                self.value_bytes(v, t, e.span)
            }
            Some(Init::List { items, span: lspan }) => {
                if !self.l.cx_is_object(t) {
                    return match items {
                        [] => Ok(vec![0; size as usize]),
                        [Init::Expr(e)] => {
                            let v = self.operand(e)?;
                            self.value_bytes(v, t, e.span)
                        }
                        _ => Err(ConstError::NotConstant(*lspan)),
                    };
                }
                if self.l.has_ctor_semantics(t) {
                    let mut args = Vec::with_capacity(items.len());
                    for i in *items {
                        match i {
                            Init::Expr(e) => args.push(*e),
                            Init::List { span, .. } => return Err(ConstError::NotConstant(*span)),
                        }
                    }
                    return self.construct_new(t, &args, span);
                }
                self.aggregate(t, init.expect("a list"), size, span)
            }
        }
    }

    /// An aggregate from a brace list (C's brace elision, via the initializer flattening
    /// the lowering uses for module variables).
    fn aggregate(
        &mut self,
        t: QualType,
        init: &Init<'_>,
        size: u64,
        span: Span,
    ) -> Result<Vec<u8>, ConstError> {
        let leaves = self.l.init_leaves(t, init).ok_or(ConstError::Reported)?;
        let mark = self.mem.mark();
        let p = Place {
            base: Base::Slot(self.mem.alloc(vec![0; size as usize], span)?),
            off: 0,
            ty: t,
        };
        let mut r = Ok(());
        // Elements of an array of classes with constructors that the list does not reach
        // are default-constructed.
        let mut covered = hashbrown::HashSet::new();
        for (off, lt, _, _) in &leaves {
            if self.l.has_ctor_semantics(*lt) {
                covered.insert(*off);
            }
        }
        if let Some((elem, n, esize)) = self.l.flat_array(t) {
            if self.l.has_ctor_semantics(elem) {
                for i in 0..n {
                    if r.is_err() {
                        break;
                    }
                    if !covered.contains(&(i * esize)) {
                        let at = Place {
                            off: i * esize,
                            ty: elem,
                            ..p
                        };
                        r = self
                            .construct_new(elem, &[], span)
                            .and_then(|b| self.mem.write(at, &b, span));
                    }
                }
            }
        }
        for (off, lt, leaf, bits) in leaves {
            if r.is_err() {
                break;
            }
            let at = Place { off, ty: lt, ..p };
            r = match (leaf, bits) {
                (super::init::LeafRef::Str(b), _) => self.mem.write(at, &b, span),
                (super::init::LeafRef::Scalar(e), None) => self
                    .operand(e)
                    .and_then(|v| self.value_bytes(v, lt, e.span))
                    .and_then(|b| self.mem.write(at, &b, e.span)),
                (super::init::LeafRef::Scalar(e), Some(_)) => Err(ConstError::NotConstant(e.span)),
                (super::init::LeafRef::Ctor(items, lspan), _) => items
                    .iter()
                    .map(|i| match i {
                        Init::Expr(e) => Ok(*e),
                        Init::List { span, .. } => Err(ConstError::NotConstant(*span)),
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .and_then(|args| self.construct_new(lt, &args, lspan))
                    .and_then(|b| self.mem.write(at, &b, lspan)),
            };
            if r.is_err() {
                break;
            }
        }
        let out = r.and_then(|()| self.object_bytes(CxVal::Ref(p), t, span));
        self.mem.release(mark);
        out
    }

    // ---- overloaded operators of literal classes -------------------------------------

    fn call_operator(
        &mut self,
        op: OverloadedOp,
        vals: Vec<CxVal>,
        span: Span,
    ) -> Result<Option<CxVal>, ConstError> {
        let class_of = |l: &super::Lowerer<'_>, v: &CxVal| match v {
            CxVal::Obj(t, _) => l.is_class(*t),
            CxVal::Ref(p) => l.is_class(p.ty),
            _ => None,
        };
        let lhs = class_of(self.l, &vals[0]);
        if lhs.is_none() && !vals.iter().any(|v| class_of(self.l, v).is_some()) {
            return Ok(None);
        }
        let (cands, is_member) = self.l.operator_candidates(op, lhs);
        let n = vals.len();
        let mut members = Vec::new();
        let mut free = Vec::new();
        for (c, m) in cands.into_iter().zip(is_member) {
            let np = self.l.func_info(c.f).params.len();
            if m && np + 1 == n {
                members.push(c);
            } else if !m && np == n {
                free.push(c);
            }
        }
        let sym = self
            .l
            .operator_symbol(op)
            .ok_or(ConstError::NotConstant(span))?;
        let label = self.l.name(sym).to_string();
        if !members.is_empty() {
            let obj = self.materialize(vals[0].clone(), span)?;
            let f = self.choose(&label, &members, &vals[1..], Some(obj.ty), span)?;
            let c = Callee { f, this: Some(obj) };
            return self.invoke(c, vals[1..].to_vec(), span, span).map(Some);
        }
        if !free.is_empty() {
            let f = self.choose(&label, &free, &vals, None, span)?;
            return self
                .invoke(Callee { f, this: None }, vals, span, span)
                .map(Some);
        }
        Err(ConstError::NotConstant(span))
    }

    pub fn class_operator_binary(
        &mut self,
        op: BinaryOp,
        l: &CxVal,
        r: &CxVal,
        span: Span,
    ) -> Result<Option<CxVal>, ConstError> {
        if !self.l.has_operator_fns {
            return Ok(None);
        }
        let Some(o) = op.overloaded() else {
            return Ok(None);
        };
        self.call_operator(o, vec![l.clone(), r.clone()], span)
    }

    pub fn class_operator_unary(
        &mut self,
        op: UnaryOp,
        v: &CxVal,
        span: Span,
    ) -> Result<Option<CxVal>, ConstError> {
        if !self.l.has_operator_fns {
            return Ok(None);
        }
        let o = match op {
            UnaryOp::Plus => OverloadedOp::Plus,
            UnaryOp::Neg => OverloadedOp::Minus,
            UnaryOp::LogNot => OverloadedOp::Not,
            UnaryOp::BitNot => OverloadedOp::Tilde,
            _ => return Ok(None),
        };
        self.call_operator(o, vec![v.clone()], span)
    }

    pub fn class_operator_assign(
        &mut self,
        op: Option<BinaryOp>,
        p: Place,
        r: &CxVal,
        span: Span,
    ) -> Result<Option<CxVal>, ConstError> {
        if !self.l.has_operator_fns || self.l.is_class(p.ty).is_none() {
            return Ok(None);
        }
        let o = match op {
            None => OverloadedOp::Assign,
            Some(b) => match b.compound_overloaded() {
                Some(o) => o,
                None => return Ok(None),
            },
        };
        let lhs = self.l.is_class(p.ty);
        let (cands, _) = self.l.operator_candidates(o, lhs);
        if cands.is_empty() {
            return Ok(None);
        }
        self.call_operator(o, vec![CxVal::Ref(p), r.clone()], span)
    }
}
