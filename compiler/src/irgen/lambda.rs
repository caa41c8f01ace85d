//! Lambdas. A lambda expression is an object of a new unnamed class, its closure type, whose
//! members are the captured variables (by value: a copy; by reference: the variable's
//! address), plus a call operator: a device function whose first parameter is the closure's
//! address (`this`) and whose body sees the captures as names for those members.
//!
//! - Captures: explicit ones (`[x, &y]`) and, with `[=]`/`[&]`, every local variable of the
//!   enclosing function the body (nested lambdas included) names. Constants (`const int N =
//!   4`), types and enumerators are not captured: the body sees them directly, because the
//!   call operator is lowered with the enclosing function's non-variable names re-bound
//!   (its local variables are not visible: they are captured or an error).
//! - A non-generic lambda's call operator is lowered at once (the enclosing function's
//!   state is saved and restored around it). A generic lambda's (`auto` parameters) is a
//!   template: it is instantiated at each call with new argument types, from the lambda's
//!   AST (`TranslationUnit::lambdas`) and the names saved at its definition.
//! - `f(args)` on a closure object calls its operator with the object's address first.
//! - Names follow nvcc's: the closure type is local to the enclosing function
//!   (`Z <function> E Ul <params> E [n] _`) and the operator is `cl`, `const` unless the
//!   lambda is `mutable` (`_ZZ1kPiiENKUliE_clEi`).

use super::expr::{OpKind, Operand};
use super::{Binding, ExecSpace, FnId, FnInfo, Lowerer, Storage, Tag};
use crate::ast::{self, CaptureDefault, CaptureKind, Expr, ExprKind};
use crate::intern::{kw, Symbol};
use crate::mangle::{self, ClosureSig, FunctionEntity, FunctionName, OperatorName, ScopeComponent};
use crate::sema::types::{QualType, Qualifiers, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::HashMap;
use oxicc_ir::{AddrSpace, FuncKind, Function, InlineHint, Linkage, Type};
use std::rc::Rc;

/// The hidden first parameter of a call operator.
const THIS: Symbol = kw::sym("this");
/// The name call operators carry in messages.
const OPERATOR: Symbol = kw::sym("operator");

/// Names a lambda body sees besides file scope: ordinary names and tags.
#[derive(Clone, Debug, Default)]
pub(crate) struct Context {
    pub names: Vec<(Symbol, Binding)>,
    pub tags: Vec<(Symbol, Tag)>,
}

/// Where a capture's member gets its value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CapSource {
    /// A local variable of the enclosing function.
    Var(super::VarId),
    /// The variable whose object is at this address (a local of a typed body).
    At(oxicc_ir::Value),
    /// An init-capture's value: a scalar, a class object, or (by reference) an address.
    Scalar(oxicc_ir::Value),
    Object(Operand),
    Addr(oxicc_ir::Value),
}

/// `[this]` or `[*this]`: where the closure keeps the enclosing object.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ThisCapture {
    pub offset: u64,
    /// The enclosing `this` type (a pointer to the class).
    pub ty: QualType,
    pub class: Option<RecordId>,
    /// `[*this]`: the member is a copy of the object, not its address.
    pub by_copy: bool,
}

/// One captured variable: a member of the closure.
#[derive(Clone, Debug)]
pub(crate) struct CaptureField {
    pub name: Symbol,
    /// The variable's type (the member is a pointer to it when captured by reference).
    pub var_ty: QualType,
    pub by_ref: bool,
    pub offset: u64,
}

/// What the lowering knows about a closure type.
#[derive(Clone, Debug)]
pub(crate) struct ClosureInfo {
    pub captures: Vec<CaptureField>,
    pub is_mutable: bool,
    /// The call operator of a non-generic lambda.
    pub call: Option<FnId>,
    /// The lambda (its index in `TranslationUnit::lambdas`).
    pub lambda: u32,
    /// Instances of a generic lambda's call operator, by argument types.
    pub instances: HashMap<Vec<QualType>, FnId>,
    /// The non-variable names visible where the lambda was written.
    pub context: Context,
    pub space: ExecSpace,
    /// The enclosing function (the closure type is local to it).
    pub enclosing: Rc<FunctionEntity>,
    /// The parameter types as written, for the closure's mangled name.
    pub sig: Vec<QualType>,
    /// `[this]` (or a default capture in a member function): the member holding the
    /// enclosing `this`, its type and the class whose members the body may name.
    pub this_capture: Option<ThisCapture>,
}

impl<'x> Lowerer<'x> {
    /// A lambda expression: the closure object, initialized from the captures.
    pub fn lambda_expr(&mut self, l: &ast::LambdaExpr<'_>, span: Span) -> Option<Operand> {
        if self.f.is_none() {
            self.error(span, "a lambda outside a function is not supported yet");
            return None;
        }
        let caps = self.lambda_captures(l)?;
        // `this`: captured by `[this]`/`[*this]`-less explicit request or by a default
        // capture inside a member function (C++17 captures it implicitly there).
        let by_copy = l.captures.iter().any(|c| c.kind == CaptureKind::StarThis);
        let wants_this = by_copy
            || l.captures.iter().any(|c| c.kind == CaptureKind::This)
            || l.default_capture.is_some();
        let this_cap = match (wants_this, self.this_val) {
            (true, Some((_, t))) => Some((t, self.member_class)),
            _ => None,
        };
        let members: Vec<(Symbol, bool, QualType)> = caps.iter().map(|c| (c.0, c.1, c.2)).collect();
        let this_member = this_cap.map(|(t, _)| match self.types.pointee(t.ty) {
            Some(obj) if by_copy => obj.unqual(),
            _ => t,
        });
        let r = self.closure_record(l.span, &members, this_member);
        self.closure_object(l, r, caps, this_cap, by_copy, span)
    }

    /// A new closure type, complete: a member per capture (by copy the variable's type, by
    /// reference a pointer to it), then the member holding the enclosing `this` (a pointer,
    /// or by `[*this]` a copy of the object).
    pub(crate) fn closure_record(
        &mut self,
        span: Span,
        captures: &[(Symbol, bool, QualType)],
        this_member: Option<QualType>,
    ) -> RecordId {
        let r = self.types.new_record(ast::TagKind::Class, None, span);
        let mut fields = Vec::new();
        for &(name, by_ref, ty) in captures {
            let t = if by_ref {
                QualType::new(self.types.pointer_to(ty))
            } else {
                ty.unqual()
            };
            fields.push((Some(name), t, 1));
        }
        if let Some(t) = this_member {
            fields.push((Some(THIS), t, 1));
        }
        self.types.complete_record(r, fields, 1);
        r
    }

    /// The object of the closure type `r` (made by [`Self::closure_record`] from `caps`):
    /// the type numbered and named, its members initialized from the captures, and a
    /// non-generic lambda's call operator lowered.
    pub(crate) fn closure_object(
        &mut self,
        l: &ast::LambdaExpr<'_>,
        r: RecordId,
        caps: Vec<(Symbol, bool, QualType, CapSource)>,
        this_cap: Option<(QualType, Option<RecordId>)>,
        by_copy: bool,
        span: Span,
    ) -> Option<Operand> {
        let enclosing_fn = self.f.as_ref()?.fn_id;
        let generic = l.params.iter().any(|p| Self::contains_auto(p.ty));
        // The parameter types as written (a generic lambda's `auto`s are template params).
        let mut sig = Vec::new();
        let mut auto_index = 0;
        for p in l.params {
            if Self::contains_auto(p.ty) {
                sig.push(QualType::new(
                    self.types.intern(TypeKind::TemplateParam(auto_index)),
                ));
                auto_index += 1;
            } else {
                let t = self.resolve_type(p.ty)?;
                sig.push(self.adjust_param(t));
            }
        }
        let this_capture = this_cap.map(|(t, mc)| {
            let off = self
                .types
                .record(r)
                .fields
                .last()
                .map(|f| f.offset)
                .unwrap_or(0);
            ThisCapture {
                offset: off,
                ty: t,
                class: mc,
                by_copy,
            }
        });
        let enclosing = Rc::new(self.function_entity(enclosing_fn));
        let scope = vec![ScopeComponent::Function(enclosing.clone())];
        let index = self.closure_numbering.next(&scope, &sig);
        {
            let rec = self.types.record_mut(r);
            rec.scope = scope;
            rec.closure = Some(ClosureSig {
                params: sig.clone(),
                index,
            });
        }
        let captures: Vec<CaptureField> = caps
            .iter()
            .zip(&self.types.record(r).fields)
            .map(|(c, f)| CaptureField {
                name: c.0,
                var_ty: c.2,
                by_ref: c.1,
                offset: f.offset,
            })
            .collect();
        let context = self.context_snapshot();
        let space = match self.func_info(enclosing_fn).space {
            ExecSpace::HostDevice => ExecSpace::HostDevice,
            _ => ExecSpace::Device,
        };
        self.closures.insert(
            r,
            ClosureInfo {
                captures: captures.clone(),
                is_mutable: l.is_mutable,
                call: None,
                lambda: l.index,
                instances: HashMap::new(),
                context,
                space,
                enclosing,
                sig,
                this_capture,
            },
        );
        // The object.
        let rec_ty = QualType::new(self.types.intern(TypeKind::Record(r)));
        let size = self.types.size_of(rec_ty.ty).unwrap_or(1);
        let align = self.types.align_of(rec_ty.ty);
        let slot = self.alloca(size, align, span)?;
        for (c, f) in caps.iter().zip(&captures) {
            let dst = self.ptr_add_const(slot, f.offset);
            let src = match c.3 {
                CapSource::Var(v) => self.var_address(v)?,
                CapSource::At(a) => a,
                CapSource::Scalar(v) => {
                    self.store_scalar(dst, v, c.2.unqual());
                    continue;
                }
                CapSource::Object(o) => {
                    self.copy_construct(dst, c.2.unqual(), o, span);
                    continue;
                }
                CapSource::Addr(a) => {
                    let p = self.generic_ptr(a);
                    self.store(dst, p, 8, false);
                    continue;
                }
            };
            if self.needs_copy_call(c.2) && !c.1 {
                // A captured class object with a copy constructor.
                let o = Operand::lv(src, c.2);
                self.copy_construct(dst, c.2.unqual(), o, span);
                continue;
            }
            if c.1 {
                let p = self.generic_ptr(src);
                self.store(dst, p, 8, false);
            } else if self.types.is_record(c.2.ty) || self.types.is_array(c.2.ty) {
                let n = self.types.size_of(c.2.ty).unwrap_or(0);
                let a = self.types.align_of(c.2.ty);
                self.copy_bytes(dst, src, n, a, false);
            } else {
                let v = self.load_scalar(src, c.2);
                self.store_scalar(dst, v, c.2.unqual());
            }
        }
        if let (Some(tc), Some((tv, tt))) = (this_capture, self.this_val) {
            let dst = self.ptr_add_const(slot, tc.offset);
            match self.types.pointee(tt.ty) {
                Some(obj) if tc.by_copy => {
                    let o = Operand::lv(tv, obj);
                    self.copy_construct(dst, obj.unqual(), o, span);
                }
                _ => {
                    let p = self.generic_ptr(tv);
                    self.store(dst, p, 8, false);
                }
            }
        }
        if !generic {
            let fid = self.lower_call_operator(r, l, None)?;
            if let Some(ci) = self.closures.get_mut(&r) {
                ci.call = Some(fid);
            }
        }
        Some(Operand::lv(slot, rec_ty))
    }

    /// The address of a local variable's object.
    fn var_address(&mut self, v: super::VarId) -> Option<oxicc_ir::Value> {
        match self.var(v).storage {
            Storage::Local(a) | Storage::ParamByVal(a) => Some(a),
            _ => None,
        }
    }

    /// The captured variables: (name, by reference, type, variable), in order of first use.
    fn lambda_captures(
        &mut self,
        l: &ast::LambdaExpr<'_>,
    ) -> Option<Vec<(Symbol, bool, QualType, CapSource)>> {
        let mut out: Vec<(Symbol, bool, QualType, CapSource)> = Vec::new();
        let mut ok = true;
        for c in l.captures {
            let (n, by_ref) = match c.kind {
                CaptureKind::Init { name, by_ref, init } => {
                    // `[y = e]`: a member of the type `auto y = e` deduces; `[&y = e]`
                    // refers to the lvalue `e`.
                    let e = l.inits[init as usize];
                    let Some(o) = self.expr(e) else {
                        ok = false;
                        continue;
                    };
                    let src = if by_ref {
                        match o.kind {
                            OpKind::LValue(a) if o.is_lvalue() => (o.ty, CapSource::Addr(a)),
                            _ => {
                                self.error(
                                    e.span,
                                    "initial value of reference to non-const must be an lvalue",
                                );
                                ok = false;
                                continue;
                            }
                        }
                    } else if self.types.is_record(o.ty.ty) {
                        (o.ty.unqual(), CapSource::Object(o))
                    } else {
                        let Some((v, t)) = self.rvalue(o, e.span) else {
                            ok = false;
                            continue;
                        };
                        (t.unqual(), CapSource::Scalar(v))
                    };
                    out.push((name, by_ref, src.0, src.1));
                    continue;
                }
                CaptureKind::Copy(n) => (n, false),
                CaptureKind::Ref(n) => (n, true),
                CaptureKind::This if self.this_val.is_some() => continue,
                CaptureKind::This => {
                    self.error(
                        c.span,
                        "\"this\" may only be used inside a nonstatic member function",
                    );
                    ok = false;
                    continue;
                }
                CaptureKind::StarThis if self.this_val.is_some() => continue,
                CaptureKind::StarThis => {
                    self.error(
                        c.span,
                        "\"this\" may only be used inside a nonstatic member function",
                    );
                    ok = false;
                    continue;
                }
            };
            match self.runtime_local(n) {
                Some((v, t)) => {
                    if out.iter().any(|o| o.0 == n) {
                        let msg = format!("\"{}\" has already been captured", self.name(n));
                        self.error(c.span, msg);
                        ok = false;
                        continue;
                    }
                    out.push((n, by_ref, t, CapSource::Var(v)));
                }
                None => {
                    let msg = if self.scopes.lookup(n).is_none() {
                        format!("identifier \"{}\" is undefined", self.name(n))
                    } else {
                        format!(
                            "\"{}\" is not a local variable of the enclosing function and cannot be captured",
                            self.name(n)
                        )
                    };
                    self.error(c.span, msg);
                    ok = false;
                }
            }
        }
        // Implicit captures: the local variables the body names.
        let params: Vec<Symbol> = l.params.iter().filter_map(|p| p.name).collect();
        let mut used: Vec<(Symbol, Span)> = Vec::new();
        super::func::visit_stmt(l.body, &mut |e: &Expr<'_>| {
            if let ExprKind::Ident(n) = e.kind {
                used.push((n, e.span));
            }
        });
        for (n, at) in used {
            if params.contains(&n) || out.iter().any(|o| o.0 == n) {
                continue;
            }
            let Some((v, t)) = self.runtime_local(n) else {
                continue;
            };
            match l.default_capture {
                Some(d) => out.push((n, d == CaptureDefault::Ref, t, CapSource::Var(v))),
                None => {
                    self.error(
                        at,
                        "an enclosing-function local variable cannot be referenced in a lambda body unless it is in the capture list",
                    );
                    ok = false;
                    // Once per name.
                    out.push((n, false, t, CapSource::Var(v)));
                }
            }
        }
        ok.then_some(out)
    }

    /// A local variable of the enclosing function that lives in memory (what a capture can
    /// refer to): not a constant, not a module variable.
    pub(crate) fn runtime_local(&self, n: Symbol) -> Option<(super::VarId, QualType)> {
        match self.scopes.lookup(n).copied()? {
            Binding::Var(v) => {
                let info = self.var(v);
                let local = matches!(info.storage, Storage::Local(_) | Storage::ParamByVal(_));
                (local && info.const_value.is_none()).then_some((v, info.ty))
            }
            _ => None,
        }
    }

    /// The names of the block scopes a lambda body may still see: everything but variables
    /// in memory (constants, types, enumerators, functions), and the tags.
    fn context_snapshot(&self) -> Context {
        let names = self
            .scopes
            .block_bindings()
            .filter(|(_, b)| match b {
                Binding::Var(v) => self.var(*v).const_value.is_some(),
                _ => true,
            })
            .map(|(n, b)| (n, *b))
            .collect();
        let tags = self.scopes.block_tags().map(|(n, t)| (n, *t)).collect();
        Context { names, tags }
    }

    /// Lowers a call operator: at once for a non-generic lambda (`arg_tys: None`), or the
    /// instance of a generic one for these argument types.
    fn lower_call_operator(
        &mut self,
        r: RecordId,
        l: &ast::LambdaExpr<'_>,
        arg_tys: Option<&[QualType]>,
    ) -> Option<FnId> {
        let ci = self.closures.get(&r)?.clone();
        // Switch to the lambda's context: no enclosing locals, its other names re-bound.
        let saved_f = self.save_fn();
        let saved_blocks = self.scopes.take_blocks();
        self.scopes.push();
        for (n, b) in &ci.context.names {
            self.scopes.bind(*n, *b);
        }
        for (n, t) in &ci.context.tags {
            self.scopes.bind_tag(*n, *t);
        }
        let r2 = self.lower_call_operator_here(r, &ci, l, arg_tys);
        self.scopes.pop();
        self.scopes.restore_blocks(saved_blocks);
        self.restore_fn(saved_f);
        r2
    }

    fn lower_call_operator_here(
        &mut self,
        r: RecordId,
        ci: &ClosureInfo,
        l: &ast::LambdaExpr<'_>,
        arg_tys: Option<&[QualType]>,
    ) -> Option<FnId> {
        let mut params = Vec::new();
        for (i, p) in l.params.iter().enumerate() {
            let t = match arg_tys {
                Some(args) if Self::contains_auto(p.ty) => {
                    let a = *args.get(i)?;
                    self.deduce_auto(p.ty, a, p.span)?
                }
                _ => self.resolve_type(p.ty)?,
            };
            params.push(self.adjust_param(t));
        }
        let this_quals = Qualifiers {
            konst: !ci.is_mutable,
            ..Qualifiers::NONE
        };
        let rec_ty = QualType::new(self.types.intern(TypeKind::Record(r)));
        let this_ty = QualType::new(self.types.pointer_to(rec_ty.with_quals(this_quals)));
        let (ret, ret_pending) = match l.ret {
            Some(t) => (self.resolve_type(t)?, false),
            None => (QualType::new(self.types.void()), true),
        };
        let mut entity = FunctionEntity::new(
            vec![
                ScopeComponent::Function(ci.enclosing.clone()),
                ScopeComponent::Record(r),
            ],
            FunctionName::Operator(OperatorName::Call),
            params.clone(),
        );
        entity.this_quals = this_quals;
        if let Some(args) = arg_tys {
            // A generic lambda's operator is a template: `cl I <args> E Da <declared params>`.
            let n_auto = l
                .params
                .iter()
                .filter(|p| Self::contains_auto(p.ty))
                .count();
            let targs = l
                .params
                .iter()
                .zip(&params)
                .filter(|(p, _)| Self::contains_auto(p.ty))
                .map(|(_, t)| mangle::TemplateArg::Type(t.unqual()))
                .take(n_auto)
                .collect();
            entity.template_args = Some(targs);
            entity.ret = Some(QualType::new(self.types.intern(TypeKind::DeducedAuto)));
            entity.params = ci.sig.clone();
            let _ = args;
        }
        let mangled = mangle::mangle_function_entity(&self.types, self.interner, &entity);
        let mut all = vec![this_ty];
        all.extend(params.iter().copied());
        let fid = FnId(self.fns.len() as u32);
        self.fns.push(FnInfo {
            name: OPERATOR,
            params: all,
            ret,
            variadic: false,
            space: ci.space,
            extern_c: false,
            is_static: false,
            inline: InlineHint::Default,
            ir: None,
            defined: true,
            span: l.span,
            first_call: None,
            launch_bounds: None,
            defaults: vec![None; l.params.len() + 1],
            ret_pending,
            mangled: Some(mangled),
            entity: Some(Rc::new(entity)),
            // Its `this` is an ordinary first parameter here (not `FnInfo::member`).
            scope: Vec::new(),
            fname: crate::sema::entity::FunctionName::Operator(
                crate::sema::entity::OperatorName::Call,
            ),
            member: None,
        });
        // Known before its body is lowered: a generic lambda that calls itself (through a
        // parameter) finds this instance instead of instantiating without end.
        if let Some(args) = arg_tys {
            if let Some(c) = self.closures.get_mut(&r) {
                c.instances.insert(args.to_vec(), fid);
            }
        }
        let info = self.func_info(fid).clone();
        let sig = self.signature(&info, l.span)?;
        let mut func = Function::new(self.symbol_name(fid), sig, FuncKind::Device);
        func.linkage = Linkage::Internal;
        self.ensure_ir(fid);
        // The declarations the body is lowered with: `this`, then the lambda's own.
        let void = ast::TypeExpr::Builtin(ast::BuiltinType::Void);
        let mut decls = vec![ast::ParamDecl {
            name: Some(THIS),
            ty: &void,
            default: None,
            span: l.span,
            pack: false,
        }];
        for p in l.params {
            decls.push(ast::ParamDecl {
                name: p.name,
                ty: p.ty,
                default: None,
                span: p.span,
                pack: p.pack,
            });
        }
        self.pending_closure = Some(r);
        self.lower_body_parts(fid, &decls, l.body, l.span, func, &[]);
        self.pending_closure = None;
        Some(fid)
    }

    /// At the top of a call operator's body: the captures as names for the members of
    /// `*this`.
    pub fn bind_captures(&mut self, r: RecordId) {
        let Some(ci) = self.closures.get(&r).cloned() else {
            return;
        };
        let Some(Binding::Var(this)) = self.scopes.lookup(THIS).copied() else {
            return;
        };
        let Storage::Local(slot) = self.var(this).storage else {
            return;
        };
        let obj = self.load(Type::Ptr(AddrSpace::Generic), slot, 8, false);
        if let Some(tc) = ci.this_capture {
            let a = self.ptr_add_const(obj, tc.offset);
            if tc.by_copy {
                // `[*this]`: `this` is the closure's copy (const unless `mutable`).
                let t = match tc.class {
                    Some(r) => self.this_type(r, !ci.is_mutable),
                    None => tc.ty,
                };
                self.this_val = Some((a, t));
            } else {
                let p = self.load(Type::Ptr(AddrSpace::Generic), a, 8, false);
                self.this_val = Some((p, tc.ty));
            }
            self.member_class = tc.class;
        }
        for c in &ci.captures {
            let addr = self.ptr_add_const(obj, c.offset);
            if c.by_ref {
                let p = self.load(Type::Ptr(AddrSpace::Generic), addr, 8, false);
                self.bind_alias(c.name, p, c.var_ty, Span::default());
            } else {
                let konst = Qualifiers {
                    konst: !ci.is_mutable,
                    ..Qualifiers::NONE
                };
                let t = self.add_quals(c.var_ty, konst);
                self.bind_alias(c.name, addr, t, Span::default());
            }
        }
    }

    /// The closure type a callee names, when the callee is a closure object variable.
    pub fn closure_callee(&self, callee: &Expr<'_>) -> Option<RecordId> {
        let ExprKind::Ident(n) = callee.kind else {
            return None;
        };
        let Some(Binding::Var(v)) = self.scopes.lookup(n).copied() else {
            return None;
        };
        match self.types.kind(self.var(v).ty.ty) {
            TypeKind::Record(r) if self.closures.contains_key(r) => Some(*r),
            _ => None,
        }
    }

    /// `f(args)` on a closure object: a call of its operator with the object's address.
    pub fn call_closure(
        &mut self,
        callee: &Expr<'_>,
        r: RecordId,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        let o = self.expr(callee)?;
        let OpKind::LValue(obj) = o.kind else {
            self.error(callee.span, "a closure object must be an lvalue here");
            return None;
        };
        self.call_closure_at(obj, r, args, span)
    }

    /// A call of closure `r`'s operator on the object at `obj` (also for callees that are
    /// not names: `make_adder(3)(4)`, through the classes' functor calls).
    pub fn call_closure_at(
        &mut self,
        obj: oxicc_ir::Value,
        r: RecordId,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        let ci = self.closures.get(&r)?.clone();
        let fid = match ci.call {
            Some(f) => f,
            None => {
                // A generic lambda: the argument types pick (or make) the instance.
                let mut tys = Vec::new();
                for a in args {
                    let t = self.type_of_unevaluated(a)?;
                    tys.push(self.decayed(t).unqual());
                }
                match ci.instances.get(&tys) {
                    Some(f) => *f,
                    None => {
                        let l = *self.lambdas.get(ci.lambda as usize)?;
                        let f = self.lower_call_operator(r, l, Some(&tys))?;
                        if let Some(c) = self.closures.get_mut(&r) {
                            c.instances.insert(tys, f);
                        }
                        f
                    }
                }
            }
        };
        self.call_closure_operator(fid, obj, args.len(), span, &mut |l, i, pty| {
            let o = l.expr_for(args[i], pty)?;
            Some((o, args[i].span))
        })
    }

    /// A call of the call operator `fid` on the closure object at `obj` with `n_args`
    /// arguments, each lowered by `lower_arg` (given its index and parameter type) after
    /// the object's address and the arguments before it are passed.
    #[allow(clippy::type_complexity)]
    pub(crate) fn call_closure_operator(
        &mut self,
        fid: FnId,
        obj: oxicc_ir::Value,
        n_args: usize,
        span: Span,
        lower_arg: &mut dyn FnMut(&mut Self, usize, QualType) -> Option<(Operand, Span)>,
    ) -> Option<Operand> {
        let info = self.func_info(fid).clone();
        if info.ret_pending {
            let msg = "a lambda with a deduced return type cannot be called before its return type is deduced";
            self.error(span, msg);
            return None;
        }
        let n_params = info.params.len() - 1;
        if n_args < n_params {
            self.error(span, "too few arguments in function call");
            return None;
        }
        if n_args > n_params {
            self.error(span, "too many arguments in function call");
            return None;
        }
        let ir = self.ensure_ir(fid)?;
        let sret = self.returns_struct(&info);
        let kinds = self.module.functions[ir].sig.params[sret as usize..].to_vec();
        let ret = self.module.functions[ir].sig.ret;
        let mut vals = Vec::new();
        let result_slot = self.result_slot(sret, info.ret, span, &mut vals)?;
        vals.push(self.generic_ptr(obj));
        let mut ok = true;
        for i in 0..n_args {
            let pty = info.params[i + 1];
            let Some((o, at)) = lower_arg(self, i, pty) else {
                ok = false;
                continue;
            };
            ok &= self.push_call_arg(o, pty, kinds[i + 1], at, &mut vals);
        }
        if !ok {
            return None;
        }
        self.emit_call(ir, vals, ret, result_slot, info.ret)
    }

    /// The mangling description of a function: a template instance's own entity, or the
    /// one built from its scope, name kind and parameters.
    pub(crate) fn function_entity(&self, f: FnId) -> FunctionEntity {
        let info = self.func_info(f);
        if let Some(e) = &info.entity {
            return (**e).clone();
        }
        let mut e =
            FunctionEntity::new(info.scope.clone(), info.fname.clone(), info.params.clone());
        e.variadic = info.variadic;
        if let Some(m) = &info.member {
            e.this_quals = crate::sema::types::Qualifiers {
                konst: m.is_const,
                volatile: m.is_volatile,
                restrict: false,
            };
            e.ref_qual = m.ref_qual;
        }
        // nvcc's file-specific outer component for internal-linkage functions (not kernels,
        // not members).
        mangle::add_internal_component(&mut e, info.is_static, info.space == ExecSpace::Global);
        e
    }
}
