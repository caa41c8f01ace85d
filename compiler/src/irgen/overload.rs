//! Overload sets and overload resolution (C++ [over.match]), and calls of a chosen function
//! with already-lowered arguments (member functions get `this` first).
//!
//! A name declared as several functions binds `Binding::Overloads`. A call lowers its
//! arguments once, ranks each viable candidate's implicit conversion sequences
//! (`conversion_rank`: exact match < promotion < conversion < user-defined, with "binds a
//! reference without adding `const`" preferred) and picks the candidate that is no worse
//! for every argument and better for one; otherwise nvcc's "more than one instance" or
//! "no instance of overloaded function" errors with the candidates as notes.
//!
//! Extension point for templates: [`Lowerer::resolve_overload`] takes a list of
//! [`Candidate`]s — the templates helper adds deduced function template specializations to
//! the list (with `is_template` set, which loses ties against non-templates).

use super::expr::{ConvCtx, OpKind, Operand};
use super::{Binding, ExecSpace, FnId, Lowerer};
use crate::diag::Diag;
use crate::intern::Symbol;
use crate::sema::conv::promote;
use crate::sema::entity::RefQualifier;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{InstData, ParamKind, Value};

/// How good an implicit conversion sequence is (smaller is better).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rank {
    Exact,
    /// Exact, but a reference binding that adds `const` (loses to one that does not).
    ExactAddConst,
    Promotion,
    Conversion,
    UserDefined,
}

/// One function considered by overload resolution.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub f: FnId,
    /// A function template specialization (loses ties against a non-template).
    pub is_template: bool,
}

/// What overload resolution compares of a candidate: its parameters, how many arguments it
/// needs, and its member-function qualifiers.
#[derive(Clone, Copy)]
pub(crate) struct CandidateSig<'a> {
    pub params: &'a [QualType],
    pub min_args: usize,
    pub variadic: bool,
    pub member: Option<&'a super::class::MemberFn>,
}

/// The best of the viable candidates (`(candidate index, conversion ranks)`): no worse for
/// every argument than each other one and better for one (or binding its object better:
/// `obj_penalty`), a non-template winning a tie against a template. `None`: no viable
/// candidate, or no best one (an ambiguity).
pub(crate) fn best_viable(
    viable: &[(usize, Vec<Rank>)],
    obj_penalty: &[u8],
    is_template: &[bool],
) -> Option<usize> {
    let better = |a: &(usize, Vec<Rank>), b: &(usize, Vec<Rank>)| -> bool {
        let mut strictly = false;
        for (x, y) in a.1.iter().zip(b.1.iter()) {
            if x > y {
                return false;
            }
            if x < y {
                strictly = true;
            }
        }
        match obj_penalty[a.0].cmp(&obj_penalty[b.0]) {
            std::cmp::Ordering::Greater => return false,
            std::cmp::Ordering::Less => strictly = true,
            std::cmp::Ordering::Equal => {}
        }
        strictly || (!is_template[a.0] && is_template[b.0])
    };
    (0..viable.len()).find(|&i| (0..viable.len()).all(|j| j == i || better(&viable[i], &viable[j])))
}

/// An argument as overload resolution sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ArgInfo {
    pub ty: QualType,
    pub lvalue: bool,
    pub npc: bool,
}

impl ArgInfo {
    pub fn of(o: &Operand) -> ArgInfo {
        ArgInfo {
            ty: o.ty,
            lvalue: o.is_lvalue(),
            npc: o.npc,
        }
    }
}

impl Lowerer<'_> {
    /// An earlier declaration of the same function (same name, same scope, same parameter
    /// types) that `name` already denotes here.
    pub fn redeclared_function(
        &mut self,
        name: Symbol,
        params: &[QualType],
        variadic: bool,
    ) -> Option<FnId> {
        let scope = self.cur_scope_path();
        let fns: Vec<FnId> = match self.scopes.lookup(name).copied() {
            Some(Binding::Func(f)) => vec![f],
            Some(Binding::Overloads(s)) => self.overloads[s.0 as usize].clone(),
            _ => return None,
        };
        fns.into_iter().find(|&f| {
            let i = self.func_info(f);
            i.params == params && i.variadic == variadic && i.scope == scope
        })
    }

    /// Binds `name` to `f` in the current scope, adding it to the overload set when the
    /// name already denotes functions there.
    pub fn bind_function(&mut self, name: Symbol, f: FnId) {
        let existing = self.scopes.lookup_local(name).copied();
        let b = match existing {
            Some(Binding::Func(prev)) if prev != f => {
                self.overloads.push(vec![prev, f]);
                Binding::Overloads(super::OverloadId(self.overloads.len() as u32 - 1))
            }
            Some(Binding::Overloads(s)) => {
                if !self.overloads[s.0 as usize].contains(&f) {
                    self.overloads[s.0 as usize].push(f);
                }
                Binding::Overloads(s)
            }
            // A function named like function templates joins their set (`template_adl.rs`).
            Some(Binding::FnTemplate(s)) if !self.is_member_set(s) => {
                let fns = self.templates.set_fns.entry(s).or_default();
                if !fns.contains(&f) {
                    fns.push(f);
                }
                return;
            }
            _ => Binding::Func(f),
        };
        self.scopes.bind(name, b);
    }

    /// The functions a binding denotes.
    pub fn functions_of(&self, b: Binding) -> Vec<FnId> {
        match b {
            Binding::Func(f) => vec![f],
            Binding::Overloads(s) => self.overloads[s.0 as usize].clone(),
            Binding::FnTemplate(s) => self.templates.set_fns.get(&s).cloned().unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The rank of converting an argument to a parameter type; `None`: not viable.
    pub fn conversion_rank(&mut self, a: ArgInfo, to: QualType) -> Option<Rank> {
        if let TypeKind::Reference { referent, rvalue } = self.types.kind(to.ty).clone() {
            // `long[1]` binds to `const long (&)[1]`: an array's qualifiers are its
            // element's (CuPy's `operator[](const Int (&idx)[ndim])`).
            let add_const_array = match (self.types.kind(a.ty.ty), self.types.kind(referent.ty)) {
                (TypeKind::Array { elem: ea, len: la }, TypeKind::Array { elem: eb, len: lb }) => {
                    la == lb
                        && ea.ty == eb.ty
                        && ea.quals != eb.quals
                        && ea.quals.subset_of(eb.quals)
                }
                _ => false,
            };
            let same = a.ty.ty == referent.ty
                || add_const_array
                || self.base_offset(a.ty.ty, referent.ty).is_some();
            let konst_ref = referent.quals.konst || add_const_array;
            if same && (a.lvalue != rvalue || konst_ref && !rvalue) {
                if !a.ty.quals.subset_of(referent.quals) {
                    return None;
                }
                let derived = a.ty.ty != referent.ty && !add_const_array;
                return Some(if derived {
                    Rank::Conversion
                } else if add_const_array || referent.quals.konst && !a.ty.quals.konst {
                    Rank::ExactAddConst
                } else {
                    Rank::Exact
                });
            }
            // A temporary: `const T&` or `T&&` binds to a converted value.
            if !(referent.quals.konst || rvalue) || (same && a.lvalue && rvalue) {
                return None;
            }
            return self
                .conversion_rank(ArgInfo { lvalue: false, ..a }, referent.unqual())
                .map(|r| r.max(Rank::ExactAddConst));
        }
        let (ft, tt) = (a.ty.ty, to.ty);
        if ft == tt {
            return Some(Rank::Exact);
        }
        let tk = self.types.kind(tt).clone();
        let fk = self.types.kind(ft).clone();
        if let TypeKind::Record(tr) = tk {
            if self.base_offset(ft, tt).is_some() {
                return Some(Rank::Conversion);
            }
            return self.converting_ctor(tr, a).map(|_| Rank::UserDefined);
        }
        if let TypeKind::Record(fr) = fk {
            return self
                .conversion_function(fr, to, false)
                .map(|_| Rank::UserDefined);
        }
        if let TypeKind::Array { elem, .. } = fk {
            let p = QualType::new(self.types.pointer_to(elem));
            return self.conversion_rank(
                ArgInfo {
                    ty: p,
                    lvalue: false,
                    npc: false,
                },
                to,
            );
        }
        if self.types.is_arith(ft) && self.types.is_arith(tt) {
            if matches!(tk, TypeKind::Enum(_)) {
                return None;
            }
            if let (Some(fi), Some(ti)) = (self.types.int_kind(ft), self.types.int_kind(tt)) {
                if (matches!(fk, TypeKind::Enum(_)) || fi.rank() < crate::sema::IntKind::Int.rank())
                    && promote(fi) == ti
                {
                    return Some(Rank::Promotion);
                }
                return Some(Rank::Conversion);
            }
            if self.types.float_kind(ft) == Some(crate::sema::FloatKind::Float)
                && self.types.float_kind(tt) == Some(crate::sema::FloatKind::Double)
            {
                return Some(Rank::Promotion);
            }
            return Some(Rank::Conversion);
        }
        if self.types.is_bool(tt) && self.types.is_pointer(ft) {
            return Some(Rank::Conversion);
        }
        if let Some(tp) = self.types.pointee(tt) {
            if a.npc && (self.types.is_integer(ft) || self.types.is_pointer(ft)) {
                return Some(Rank::Conversion);
            }
            if let Some(fp) = self.types.pointee(ft) {
                if !fp
                    .quals
                    .subset_of(tp.quals.union(crate::sema::types::Qualifiers {
                        restrict: true,
                        ..crate::sema::types::Qualifiers::NONE
                    }))
                {
                    return None;
                }
                if fp.ty == tp.ty {
                    return Some(Rank::Exact);
                }
                if self.types.is_void(tp.ty) && !self.types.is_function(fp.ty) {
                    return Some(Rank::Conversion);
                }
                if self.base_offset(fp.ty, tp.ty).is_some() {
                    return Some(Rank::Conversion);
                }
            }
        }
        None
    }

    /// The conversion ranks of `args` passed to a candidate with signature `sig`, when it
    /// is viable (`this_arg`: the object of a member call).
    pub(crate) fn viable_ranks(
        &mut self,
        sig: CandidateSig<'_>,
        args: &[ArgInfo],
        this_arg: Option<QualType>,
    ) -> Option<Vec<Rank>> {
        if args.len() < sig.min_args || (args.len() > sig.params.len() && !sig.variadic) {
            return None;
        }
        if let (Some(obj), Some(m)) = (this_arg, sig.member) {
            if obj.quals.konst && !m.is_const && !m.is_static {
                return None;
            }
            if obj.quals.volatile && !m.is_volatile && !m.is_static {
                return None;
            }
            // `f() &` binds lvalues (and rvalues when `const`), `f() &&` rvalues.
            let viable = match m.ref_qual {
                Some(RefQualifier::LValue) => !self.this_arg_rvalue || m.is_const,
                Some(RefQualifier::RValue) => self.this_arg_rvalue,
                None => true,
            };
            if !viable {
                return None;
            }
        }
        args.iter()
            .zip(sig.params.iter())
            .map(|(a, p)| self.conversion_rank(*a, *p))
            .collect()
    }

    /// Picks the best viable candidate for `args` (`this_arg`: the object of a member call,
    /// checked against `const` member functions). Reports the ambiguity or the absence of
    /// a viable function (nvcc's wording) and returns `None` then.
    pub fn resolve_overload(
        &mut self,
        name: &str,
        cands: &[Candidate],
        args: &[ArgInfo],
        this_arg: Option<QualType>,
        span: Span,
    ) -> Option<FnId> {
        let mut viable: Vec<(usize, Vec<Rank>)> = Vec::new();
        for (ci, c) in cands.iter().enumerate() {
            let info = self.func_info(c.f).clone();
            let sig = CandidateSig {
                params: &info.params,
                min_args: info.min_args(),
                variadic: info.variadic,
                member: info.member.as_ref(),
            };
            if let Some(ranks) = self.viable_ranks(sig, args, this_arg) {
                viable.push((ci, ranks));
            }
        }
        // The implicit object parameter: a non-const object binds better to a non-const
        // member function than to a const one (`begin()` vs `begin() const`), and a
        // non-volatile one to a non-volatile member (`real() const` vs `real() const
        // volatile`, CuPy's complex).
        let obj_penalty: Vec<u8> = cands
            .iter()
            .map(|c| match (this_arg, &self.func_info(c.f).member) {
                (Some(obj), Some(m)) if !m.is_static => {
                    (!obj.quals.konst && m.is_const) as u8
                        + (!obj.quals.volatile && m.is_volatile) as u8
                }
                _ => 0,
            })
            .collect();
        let is_template: Vec<bool> = cands.iter().map(|c| c.is_template).collect();
        if let Some(b) = best_viable(&viable, &obj_penalty, &is_template) {
            return Some(cands[viable[b].0].f);
        }
        let arg_list: Vec<String> = args.iter().map(|a| self.show(a.ty.unqual())).collect();
        if viable.is_empty() {
            let mut d = Diag::error(
                span,
                format!(
                    "no instance of overloaded function \"{name}\" matches the argument list\n            argument types are: ({})",
                    arg_list.join(", ")
                ),
            );
            for c in cands.iter().rev() {
                let info = self.func_info(c.f).clone();
                let why = if info.params.len() != args.len() {
                    "too many arguments"
                } else {
                    "argument does not match parameter"
                };
                let shown = self.callee_signature(c.f);
                let msg = if why == "too many arguments" {
                    let few = args.len() < info.params.len();
                    let w = if few { "too few arguments" } else { why };
                    format!("function \"{shown}\" does not match because of {w}")
                } else {
                    let idx = self.first_mismatch(c.f, args);
                    format!(
                        "function \"{shown}\" does not match because argument #{idx} does not match parameter"
                    )
                };
                d = d.with_note(info.span, msg);
            }
            self.diags.push(d);
            return None;
        }
        let mut lines = String::new();
        for (ci, _) in &viable {
            let f = cands[*ci].f;
            let sp = self.func_info(f).span;
            let line = self.sources.file(sp.file).line_col(sp.start).0;
            lines.push_str(&format!(
                "\n            function \"{}\" (declared at line {line})",
                self.callee_signature(f)
            ));
        }
        self.error(
            span,
            format!(
                "more than one instance of overloaded function \"{name}\" matches the argument list:{lines}\n            argument types are: ({})",
                arg_list.join(", ")
            ),
        );
        None
    }

    fn first_mismatch(&mut self, f: FnId, args: &[ArgInfo]) -> usize {
        let params = self.func_info(f).params.clone();
        for (i, (a, p)) in args.iter().zip(params.iter()).enumerate() {
            if self.conversion_rank(*a, *p).is_none() {
                return i + 1;
            }
        }
        1
    }

    /// `S::f(int, float *)` as nvcc shows a function in overload diagnostics.
    pub fn callee_signature(&self, f: FnId) -> String {
        let info = self.func_info(f);
        let ps: Vec<String> = info.params.iter().map(|p| self.show(*p)).collect();
        let mut name = String::new();
        if let Some(m) = &info.member {
            if let Some(n) = self.types.record(m.record).name {
                name.push_str(self.name(n));
                name.push_str("::");
            }
        }
        name.push_str(self.name(info.name));
        let konst = match &info.member {
            Some(m) if m.is_const => " const",
            _ => "",
        };
        format!("{name}({}){konst}", ps.join(", "))
    }

    /// Calls `f` with lowered arguments (and `this` for a non-static member function):
    /// execution-space check, argument conversions (references bind addresses, classes are
    /// copied), the call, and the result (a reference result is an lvalue).
    pub fn call_fn(
        &mut self,
        f: FnId,
        this: Option<Value>,
        args: Vec<(Operand, Span)>,
        callee_span: Span,
        span: Span,
    ) -> Option<Operand> {
        let info = self.func_info(f).clone();
        let dispatch = std::mem::take(&mut self.virtual_dispatch);
        if !self.check_not_deleted(f, callee_span) || !self.check_callable(f, callee_span, span) {
            return None;
        }
        let mut args = args;
        if args.len() < info.params.len() && args.len() >= info.min_args() {
            // Missing trailing arguments are the parameters' defaults.
            for i in args.len()..info.params.len() {
                let cv = info.defaults.get(i).copied().flatten()?;
                let o = self.default_operand(cv, info.params[i], span)?;
                args.push((o, span));
            }
        }
        if args.len() != info.params.len() {
            let msg = if args.len() < info.params.len() {
                "too few arguments in function call"
            } else {
                "too many arguments in function call"
            };
            self.error(span, msg);
            return None;
        }
        // A virtual function called through a pointer, a reference or `this` is found in
        // the object's vtable (its IR signature is computed without declaring it: a pure
        // virtual function has no definition).
        let virtual_target = match this {
            Some(t) if dispatch => self.virtual_target(f, t),
            _ => None,
        };
        let ir = match virtual_target {
            Some(_) => None,
            None => Some(self.ensure_ir(f)?),
        };
        if self.fns[f.0 as usize].first_call.is_none() {
            self.fns[f.0 as usize].first_call = Some(callee_span);
        }
        let sig = match ir {
            Some(ir) => self.module.functions[ir].sig.clone(),
            None => self.signature(&info, span)?,
        };
        let sret = self.returns_struct(&info);
        let has_this = info.member.as_ref().is_some_and(|m| !m.is_static);
        let skip = sret as usize + has_this as usize;
        let kinds = sig.params[skip..].to_vec();
        let ret = sig.ret;
        let mut vals: Vec<Value> = Vec::new();
        let result_slot = self.result_slot(sret, info.ret, span, &mut vals)?;
        if has_this {
            let Some(t) = this else {
                self.error(
                    callee_span,
                    "a nonstatic member reference must be relative to a specific object",
                );
                return None;
            };
            vals.push(self.generic_ptr(t));
        }
        let mut ok = true;
        for (i, (o, aspan)) in args.into_iter().enumerate() {
            let pty = info.params[i];
            if info.space != ExecSpace::Global && self.passed_indirectly(pty) {
                match self.indirect_argument(o, pty, aspan) {
                    Some(p) => vals.push(p),
                    None => ok = false,
                }
                continue;
            }
            match kinds.get(i) {
                Some(ParamKind::ByVal { size, align }) => {
                    let Some(src) = self.class_object(o, pty, aspan) else {
                        ok = false;
                        continue;
                    };
                    let Some(slot) = self.alloca(*size as u64, *align as u64, aspan) else {
                        ok = false;
                        continue;
                    };
                    self.copy_bytes(slot, src, *size as u64, *align as u64, false);
                    vals.push(slot);
                }
                _ => match self.implicit(o, pty, ConvCtx::Arg, aspan) {
                    Some(v) => {
                        let v = self.memory_repr(v, pty.ty);
                        vals.push(v);
                    }
                    None => ok = false,
                },
            }
        }
        if !ok {
            return None;
        }
        match (ir, virtual_target) {
            (Some(ir), _) => self.emit_call(ir, vals, ret, result_slot, info.ret),
            (None, target) => {
                let r = self.ins(
                    InstData::CallIndirect {
                        target: target?,
                        sig,
                        args: vals,
                    },
                    ret,
                );
                self.call_result(r, result_slot, info.ret)
            }
        }
    }

    /// The execution-space rule of a call from the current function (nvcc's errors).
    fn check_callable(&mut self, f: FnId, callee_span: Span, span: Span) -> bool {
        let info = self.func_info(f).clone();
        let caller = self.f.as_ref().expect("inside a function").fn_id;
        let caller_info = self.func_info(caller).clone();
        match info.space {
            ExecSpace::Host if self.is_constexpr_host_fn(f) => {
                self.constexpr_host_call(f, callee_span);
                false
            }
            ExecSpace::Host => {
                let msg = format!(
                    "calling a __host__ function(\"{}\") from a {} function(\"{}\") is not allowed",
                    self.callee_signature(f),
                    caller_info.space.words(),
                    self.name(caller_info.name)
                );
                self.error(callee_span, msg);
                false
            }
            ExecSpace::Global => {
                self.error(span, "a __global__ function call must be configured");
                false
            }
            _ => true,
        }
    }

    /// The argument for a class parameter passed by address (not trivially copyable or
    /// destructible): the parameter object, copied/moved from `o` (or the elided
    /// temporary) into a caller slot that is destroyed at the end of the full expression.
    pub(super) fn indirect_argument(
        &mut self,
        o: Operand,
        pty: QualType,
        aspan: Span,
    ) -> Option<Value> {
        let size = self.types.size_of(pty.ty).unwrap_or(1);
        let align = self.types.align_of(pty.ty);
        let slot = self.alloca(size, align, aspan)?;
        if matches!(o.kind, OpKind::LValue(_))
            && (o.ty.ty == pty.ty || self.base_offset(o.ty.ty, pty.ty).is_some())
        {
            self.copy_construct(slot, pty.unqual(), o, aspan)?;
        } else {
            self.construct_at(slot, pty.unqual(), vec![(o, aspan)], aspan)?;
        }
        self.new_temporary(slot, pty.unqual());
        Some(self.generic_ptr(slot))
    }

    /// The address of a class object to pass by value as type `to` (a derived object is
    /// sliced to its base; a value converts through a converting constructor).
    pub fn class_object(&mut self, o: Operand, to: QualType, span: Span) -> Option<Value> {
        if let OpKind::LValue(src) = o.kind {
            if o.ty.ty == to.ty {
                return Some(src);
            }
            if let Some(off) = self.base_offset(o.ty.ty, to.ty) {
                return Some(self.ptr_add_const(src, off));
            }
        }
        // Another class's conversion function to `to` (a tile of a known parent passed
        // as `thread_block_tile<N>`).
        if let Some(Some(c)) = self.class_to_class(&o, to, span) {
            if let OpKind::LValue(obj) = c.kind {
                return Some(obj);
            }
        }
        if let TypeKind::Record(r) = self.types.kind(to.ty).clone() {
            if let Some(obj) = self.convert_to_class(r, o, span) {
                return Some(obj);
            }
        }
        // nvcc's words: which conversion is missing depends on the argument's kind.
        let (from, to) = (self.show(o.ty), self.show(to));
        let msg = if self.types.is_record(o.ty.ty) {
            format!("no suitable user-defined conversion from \"{from}\" to \"{to}\" exists")
        } else {
            format!("no suitable constructor exists to convert from \"{from}\" to \"{to}\"")
        };
        self.error(span, msg);
        None
    }
}
