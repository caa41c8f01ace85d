//! Overloaded operators on classes: finding the member and free candidates of `a + b`,
//! `a += b`, `-a`, `a[i]` and calling the chosen one, or handing the operands back to the
//! C lowering (through `Lowerer::stash`) when no operand has class type.

use super::expr::{OpKind, Operand};
use super::overload::{ArgInfo, Candidate};
use super::{FnId, Lowerer};
use crate::ast::{BinaryOp, Expr, OverloadedOp, UnaryOp};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// Candidates for operator `op` with `nops` operands whose first is of class `lhs`:
    /// member operators of that class and operator functions visible here.
    pub(super) fn operator_candidates(
        &mut self,
        op: OverloadedOp,
        lhs: Option<RecordId>,
    ) -> (Vec<Candidate>, Vec<bool>) {
        let Some(sym) = self.operator_symbol(op) else {
            return (Vec::new(), Vec::new());
        };
        let mut cands = Vec::new();
        let mut is_member = Vec::new();
        if let Some(r) = lhs {
            if let Some(b) = self.class_member_binding(r, sym) {
                for f in self.functions_of(b) {
                    cands.push(Candidate {
                        f,
                        is_template: false,
                    });
                    is_member.push(true);
                }
            }
        }
        let saved = self.member_class.take();
        let free = self.lookup_ordinary(sym);
        self.member_class = saved;
        if let Some(b) = free {
            for f in self.functions_of(b) {
                if self.func_info(f).member.is_none() {
                    cands.push(Candidate {
                        f,
                        is_template: false,
                    });
                    is_member.push(false);
                }
            }
        }
        (cands, is_member)
    }

    /// The operator functions (not templates) `a op b` may call: members of the left
    /// operand's class, free functions found by ordinary lookup, and by argument-dependent
    /// lookup the operator functions of the operands' namespaces and the hidden friends of
    /// their classes.
    pub(super) fn operator_function_candidates(
        &mut self,
        op: OverloadedOp,
        lhs: Option<RecordId>,
        tys: &[QualType],
    ) -> (Vec<Candidate>, Vec<bool>) {
        let (mut cands, mut is_member) = self.operator_candidates(op, lhs);
        if let Some(sym) = self.operator_symbol(op) {
            for f in self.adl_functions(sym, tys) {
                if !cands.iter().any(|c| c.f == f) {
                    cands.push(Candidate {
                        f,
                        is_template: false,
                    });
                    is_member.push(false);
                }
            }
        }
        (cands, is_member)
    }

    /// True when an operator function template could take part in `a op b` (found by
    /// ordinary or argument-dependent lookup, or a member template of the left operand's
    /// class): calling it would instantiate it.
    pub(super) fn operator_templates_exist(
        &mut self,
        op: OverloadedOp,
        lhs: Option<RecordId>,
        tys: &[QualType],
    ) -> bool {
        let Some(sym) = self.operator_symbol(op) else {
            return false;
        };
        let saved = self.member_class.take();
        let ordinary = self.lookup_ordinary(sym);
        self.member_class = saved;
        matches!(ordinary, Some(super::Binding::FnTemplate(_)))
            || !self.adl_templates(sym, tys).is_empty()
            || lhs.is_some_and(|r| self.member_template_set(r, sym).is_some())
    }

    /// Resolves and calls an overloaded operator on lowered operands; `None` when no
    /// operator function applies (builtin meaning). Errors give `Some(None)`.
    pub(super) fn call_operator(
        &mut self,
        op: OverloadedOp,
        ops: Vec<(Operand, Span)>,
        span: Span,
    ) -> Option<Option<Operand>> {
        let lhs_class = self.is_class(ops[0].0.ty);
        let any_class = ops.iter().any(|(o, _)| self.is_class(o.ty).is_some());
        if !any_class {
            return None;
        }
        let tys: Vec<QualType> = ops.iter().map(|(o, _)| o.ty).collect();
        let (mut cands, mut is_member) = self.operator_function_candidates(op, lhs_class, &tys);
        // Operator function templates (`template <class T> complex<T> operator*(const
        // complex<T>&, const T&)`), found by ordinary lookup and by ADL: each one whose
        // arguments deduce is instantiated and competes as a function.
        if let Some(sym) = self.operator_symbol(op) {
            for (f, member) in self.operator_template_instances(sym, lhs_class, &ops, span) {
                if !cands.iter().any(|c| c.f == f) {
                    cands.push(Candidate {
                        f,
                        is_template: true,
                    });
                    is_member.push(member);
                }
            }
        }
        let infos: Vec<ArgInfo> = ops.iter().map(|(o, _)| ArgInfo::of(o)).collect();
        let (f, member) = match self.choose_operator(op, &cands, &is_member, &infos, span)? {
            Some(choice) => choice,
            None => return Some(None),
        };
        let mut ops = ops;
        if member {
            let (obj, ospan) = ops.remove(0);
            let OpKind::LValue(addr) = obj.kind else {
                self.error(ospan, "expression must be an lvalue");
                return Some(None);
            };
            let r = self.func_info(f).member.as_ref().map(|m| m.record);
            if let Some(r) = r {
                self.check_member_access(r, self.func_info(f).name, true, span);
            }
            return Some(self.call_fn(f, Some(addr), ops, span, span));
        }
        Some(self.call_fn(f, None, ops, span, span))
    }

    /// Overload resolution among operator functions (`is_member[i]`: candidate `i` is a
    /// member, which takes the first operand as its object). `None`: no candidate is
    /// viable (the operator keeps its built-in meaning); `Some(None)`: ambiguous
    /// (reported).
    pub(super) fn choose_operator(
        &mut self,
        op: OverloadedOp,
        cands: &[Candidate],
        is_member: &[bool],
        infos: &[ArgInfo],
        span: Span,
    ) -> Option<Option<(FnId, bool)>> {
        // Members take the first operand as the object.
        let mut viable_cands = Vec::new();
        let mut ranks_ok = Vec::new();
        for (c, m) in cands.iter().zip(is_member.iter()) {
            let nparams = self.func_info(c.f).params.len();
            if (*m && nparams + 1 == infos.len()) || (!*m && nparams == infos.len()) {
                viable_cands.push(c.clone());
                ranks_ok.push(*m);
            }
        }
        if viable_cands.is_empty() {
            return None;
        }
        // Resolve with a uniform view: for members the object is not a parameter, so
        // compare on the remaining operands and let members and free functions compete
        // by their parameter ranks.
        let mut best: Option<(FnId, bool, Vec<super::overload::Rank>)> = None;
        let mut ambiguous = false;
        let mut best_vol = (0usize, 0usize);
        for (c, m) in viable_cands.iter().zip(ranks_ok.iter()) {
            let params = self.func_info(c.f).params.clone();
            let args = if *m { &infos[1..] } else { infos };
            let mut ranks = Vec::new();
            if *m {
                let konst = self
                    .func_info(c.f)
                    .member
                    .as_ref()
                    .is_some_and(|x| x.is_const);
                if infos[0].ty.quals.konst && !konst {
                    continue;
                }
                ranks.push(super::overload::Rank::Exact);
            }
            let mut ok = true;
            for (a, p) in args.iter().zip(params.iter()) {
                match self.conversion_rank(*a, *p) {
                    Some(r) => ranks.push(r),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            // Of two equally ranked reference bindings the less cv-qualified one is better
            // ([over.ics.rank]/3.2.6): `const C&` over `const volatile C&` for a
            // non-volatile operand (CuPy's complex has both `operator+` forms).
            // Likewise a non-const object binds better to a non-const member.
            let const_member = *m
                && !infos[0].ty.quals.konst
                && self
                    .func_info(c.f)
                    .member
                    .as_ref()
                    .is_some_and(|x| x.is_const);
            let vol = const_member as usize
                + args
                    .iter()
                    .zip(params.iter())
                    .filter(|(a, p)| {
                        !a.ty.quals.volatile
                            && matches!(self.types.kind(p.ty),
                            TypeKind::Reference { referent, .. } if referent.quals.volatile)
                    })
                    .count();
            // Then a function beats a template instance ([over.match.best]/2.4).
            let vol = (vol, c.is_template as usize);
            match &best {
                None => {
                    best = Some((c.f, *m, ranks));
                    best_vol = vol;
                }
                Some((_, _, br)) => {
                    let bvol = best_vol;
                    let all_le = ranks.iter().zip(br.iter()).all(|(x, y)| x <= y);
                    let all_ge = ranks.iter().zip(br.iter()).all(|(x, y)| x >= y);
                    let better = all_le && (ranks != *br || vol < bvol);
                    let worse = all_ge && (ranks != *br || vol > bvol);
                    if better {
                        best = Some((c.f, *m, ranks));
                        best_vol = vol;
                        ambiguous = false;
                    } else if !worse {
                        ambiguous = true;
                    }
                }
            }
        }
        let (f, member, _) = best?;
        if ambiguous {
            let tys: Vec<String> = infos.iter().map(|a| self.show(a.ty.unqual())).collect();
            self.error(span, format!("more than one operator \"{}\" matches these operands:\n            operand types are: {}", op.spelling(), tys.join(&format!(" {} ", op.spelling()))));
            return Some(None);
        }
        Some(Some((f, member)))
    }

    /// The instances of the free operator function templates named `sym` (ordinary
    /// lookup, then ADL) whose parameters deduce from the operands; a template that does
    /// not deduce is no candidate (no diagnostic).
    fn operator_template_instances(
        &mut self,
        sym: crate::intern::Symbol,
        lhs: Option<RecordId>,
        ops: &[(Operand, Span)],
        span: Span,
    ) -> Vec<(FnId, bool)> {
        let tys: Vec<QualType> = ops.iter().map(|(o, _)| o.ty).collect();
        let lvalues: Vec<bool> = ops
            .iter()
            .map(|(o, _)| matches!(o.kind, OpKind::LValue(_)))
            .collect();
        let saved = self.member_class.take();
        let ordinary = self.lookup_ordinary(sym);
        self.member_class = saved;
        let mut tpls: Vec<u32> = match ordinary {
            Some(super::Binding::FnTemplate(set)) => self.templates.sets[set as usize].clone(),
            _ => Vec::new(),
        };
        for t in self.adl_templates(sym, &tys) {
            if !tpls.contains(&t) {
                tpls.push(t);
            }
        }
        tpls.retain(|&t| self.templates.fns[t as usize].member.is_none());
        // Member operator templates of the left operand's class (`template <class U> T&
        // operator[](const U&)`, CuPy's 0-d CArray) deduce from the other operands.
        let mut members = Vec::new();
        if let Some(set) = lhs.and_then(|r| self.member_template_set(r, sym)) {
            members = self.templates.sets[set as usize].clone();
        }
        let mut out = Vec::new();
        let all = tpls.into_iter().map(|t| (t, false));
        for (tpl, member) in all.chain(members.into_iter().map(|t| (t, true))) {
            let skip = member as usize;
            let set = self.adl_template_set(vec![tpl]);
            let (t, lv) = (&tys[skip..], &lvalues[skip..]);
            let chosen =
                self.quietly(|l| l.choose_fn_template(set, sym, &[], (t, lv), span, false));
            if let Some((tpl, args)) = chosen {
                if let Some(f) = self.instantiate_fn(tpl, args, span) {
                    out.push((f, member));
                }
            }
        }
        out
    }

    /// `a op b` with class operands: an operator function call. `None`: builtin (the
    /// operands are stashed for the C code).
    pub fn binary_cxx(
        &mut self,
        op: BinaryOp,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = op.overloaded()?;
        let lo = self.expr(l);
        let ro = self.expr(r);
        let (Some(lo), Some(ro)) = (lo, ro) else {
            return Some(None);
        };
        let ops = vec![(lo, l.span), (ro, r.span)];
        if let Some(res) = self.call_operator(oop, ops, span) {
            return Some(res);
        }
        self.stash_put(l, lo);
        self.stash_put(r, ro);
        None
    }

    /// `a = b`, `a op= b` with a class left operand.
    pub fn assign_cxx(
        &mut self,
        op: Option<BinaryOp>,
        l: &Expr<'_>,
        r: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = match op {
            None => OverloadedOp::Assign,
            Some(b) => b.compound_overloaded()?,
        };
        let lo = self.expr_lvalue(l);
        let ro = self.expr(r);
        let (Some(lo), Some(ro)) = (lo, ro) else {
            return Some(None);
        };
        if self.is_class(lo.ty).is_some() {
            let ops = vec![(lo, l.span), (ro, r.span)];
            if let Some(res) = self.call_operator(oop, ops, span) {
                return Some(res);
            }
        }
        self.stash_put(l, lo);
        self.stash_put(r, ro);
        None
    }

    /// `-a`, `~a`, `!a`, `++a`, … with a class operand.
    pub fn unary_cxx(&mut self, op: UnaryOp, x: &Expr<'_>, span: Span) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let oop = match op {
            UnaryOp::Plus => OverloadedOp::Plus,
            UnaryOp::Neg => OverloadedOp::Minus,
            UnaryOp::LogNot => OverloadedOp::Not,
            UnaryOp::BitNot => OverloadedOp::Tilde,
            UnaryOp::Deref => OverloadedOp::Star,
            UnaryOp::PreInc => OverloadedOp::PlusPlus,
            UnaryOp::PreDec => OverloadedOp::MinusMinus,
            _ => return None,
        };
        let o = self.expr(x);
        let Some(o) = o else {
            return Some(None);
        };
        if self.is_class(o.ty).is_some() {
            if let Some(res) = self.call_operator(oop, vec![(o, x.span)], span) {
                return Some(res);
            }
            if op == UnaryOp::LogNot {
                // `!obj` through a conversion to bool.
                let (r, bt) = (self.is_class(o.ty)?, self.bool_type());
                if let Some(f) = self.conversion_function(r, bt, true) {
                    if let OpKind::LValue(a) = o.kind {
                        let b = self.call_fn(f, Some(a), Vec::new(), span, span);
                        let Some(b) = b else {
                            return Some(None);
                        };
                        let (v, _) = self.rvalue(b, span)?;
                        let one = self.iconst(oxicc_ir::Type::I1, 1);
                        let nv = self.bin(oxicc_ir::BinaryOp::Xor, v, one);
                        let bt = self.bool_type();
                        return Some(Some(Operand::rv(nv, bt)));
                    }
                }
            }
        }
        self.stash_put(x, o);
        None
    }

    /// `a[i]` with a class `a`.
    pub fn index_cxx(
        &mut self,
        base: &Expr<'_>,
        index: &Expr<'_>,
        span: Span,
    ) -> Option<Option<Operand>> {
        if !self.has_operator_fns {
            return None;
        }
        let bo = self.expr(base);
        let io = self.expr(index);
        let (Some(bo), Some(io)) = (bo, io) else {
            return Some(None);
        };
        if self.is_class(bo.ty).is_some() {
            let shown = format!(
                "{} [ {} ]",
                self.show(bo.ty.unqual()),
                self.show(io.ty.unqual())
            );
            let ops = vec![(bo, base.span), (io, index.span)];
            if let Some(res) = self.call_operator(OverloadedOp::Index, ops, span) {
                return Some(res);
            }
            // Said out loud: a silent `None` would drop the statement from the kernel.
            let d = crate::diag::Diag::error(span, "no operator \"[]\" matches these operands")
                .with_note(span, format!("operand types are: {shown}"));
            self.diags.push(d);
            return Some(None);
        }
        self.stash_put(base, bo);
        self.stash_put(index, io);
        None
    }

    /// The object `base->` designates: the pointee of a pointer, or for a class object
    /// what its `operator->()` returns (applied again while that is a class object, as
    /// C++ [over.ref] says).
    pub fn arrow_object(&mut self, base: &Expr<'_>, span: Span) -> Option<(Value, QualType)> {
        let mut o = self.expr(base)?;
        let mut applied = 0;
        while self.is_class(o.ty).is_some() {
            applied += 1;
            if applied > 64 {
                self.error(span, "circular sequence of operator-> functions");
                return None;
            }
            match self.call_operator(OverloadedOp::Arrow, vec![(o, base.span)], span) {
                Some(Some(r)) => o = r,
                Some(None) => return None,
                None => {
                    self.error(span, "expression must have pointer-to-class type");
                    return None;
                }
            }
        }
        let (p, pt) = self.rvalue(o, base.span)?;
        let Some(r) = self.types.pointee(pt.ty) else {
            self.error(span, "expression must have pointer-to-class type");
            return None;
        };
        Some((p, r))
    }

    /// The class `obj->` reaches through `operator->` when `t` is a class type (for
    /// member calls, without lowering anything).
    pub(super) fn arrow_target_type(&mut self, t: QualType) -> Option<QualType> {
        let mut t = t;
        for _ in 0..64 {
            let Some(r) = self.is_class(t) else {
                return self.types.pointee(t.ty);
            };
            let sym = self.operator_symbol(OverloadedOp::Arrow)?;
            let b = self.class_member_binding(r, sym)?;
            let f = *self.functions_of(b).first()?;
            t = self.func_info(f).ret;
        }
        None
    }
}
