//! Function pointers in device code: a function designator decays to its address (an IR
//! `funcaddr`, PTX `mov.u64 %rd, f;`), `&f` is the same, `*fp` designates the function again
//! (kept as the pointer, since every use but a call decays it back), and a call through an
//! expression of pointer-to-function type is an indirect call (`callind`, PTX `call` with a
//! `.callprototype`). Module variables initialized with function addresses record them as
//! `GlobalVar::func_addrs` (nvcc prints such variables as `.u64` words naming the functions).

use super::call::CallArgs;
use super::expr::{OpKind, Operand};
use super::{Binding, FnId, Lowerer};
use crate::ast::{Expr, ExprKind, UnaryOp};
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::{AddrSpace, FuncId, InstData, ParamKind, Signature, Type, Value};

impl Lowerer<'_> {
    /// The type `R(P…)` of function `f` (a member function's type without `this`).
    pub fn function_type(&mut self, f: FnId) -> QualType {
        let info = self.func_info(f);
        let kind = TypeKind::Function {
            ret: info.ret,
            params: info.params.clone(),
            variadic: info.variadic,
        };
        QualType::new(self.types.intern(kind))
    }

    /// The address of function `f` as a pointer-to-function rvalue (function-to-pointer
    /// conversion, or `&f`).
    pub fn function_address(&mut self, f: FnId, span: Span) -> Option<(Value, QualType)> {
        let info = self.func_info(f).clone();
        if info.member.as_ref().is_some_and(|m| !m.is_static) {
            self.error(span, "pointers to member functions are not supported yet");
            return None;
        }
        if !info.space.on_device() || info.space == super::ExecSpace::Global {
            let n = self.name(info.name);
            self.error(
                span,
                format!(
                    "the address of the non-device function \"{n}\" cannot be used in device code"
                ),
            );
            return None;
        }
        let ir = self.ensure_ir(f)?;
        self.note_address_taken(f, span);
        let v = self.ins_v(
            InstData::FuncAddr { func: ir },
            Type::Ptr(AddrSpace::Generic),
        );
        let ft = self.function_type(f);
        Some((v, QualType::new(self.types.pointer_to(ft))))
    }

    /// A function designator decayed to its address; other operands unchanged.
    pub fn decay_function(&mut self, o: Operand, span: Span) -> Option<Operand> {
        match o.kind {
            OpKind::Func(f) => {
                let (v, t) = self.function_address(f, span)?;
                Some(Operand::rv(v, t))
            }
            _ => Some(o),
        }
    }

    /// Records that `f` is used (for errors about functions declared but never defined).
    fn note_address_taken(&mut self, f: FnId, span: Span) {
        if self.fns[f.0 as usize].first_call.is_none() {
            self.fns[f.0 as usize].first_call = Some(span);
        }
    }

    /// `ret` and `params` of a pointer-to-function type, if `t` is one.
    pub fn fn_pointer_parts(&self, t: QualType) -> Option<(QualType, Vec<QualType>, bool)> {
        let p = self.types.pointee(t.ty)?;
        match self.types.kind(p.ty) {
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => Some((*ret, params.clone(), *variadic)),
            _ => None,
        }
    }

    /// The IR signature of a function of type `ret(params…)`, with a leading `this` for
    /// member functions: what `signature` computes for a declared function.
    pub fn signature_of(
        &mut self,
        this: bool,
        params: &[QualType],
        ret: QualType,
        span: Span,
    ) -> Option<Signature> {
        let mut kinds = Vec::new();
        if this {
            kinds.push(ParamKind::Value(Type::Ptr(AddrSpace::Generic)));
        }
        for p in params {
            kinds.push(self.param_kind(*p, false, span)?);
        }
        let ret = if self.types.is_void(ret.ty) {
            None
        } else if self.types.is_scalar(ret.ty) {
            Some(self.mem_type(ret.ty))
        } else if self.types.is_record(ret.ty) {
            if self.types.size_of(ret.ty).is_none() {
                self.error(span, "incomplete type is not allowed");
                return None;
            }
            // The struct result goes through a hidden first parameter, as for direct calls.
            kinds.insert(0, ParamKind::Value(Type::Ptr(AddrSpace::Generic)));
            None
        } else {
            self.error(span, "a function may not return an array");
            return None;
        };
        Some(Signature { params: kinds, ret })
    }

    /// A call whose callee is not a function name: through a pointer to function (`fp(x)`,
    /// `(*fp)(x)`, `table[i](x)`), else nvcc's error for calling a non-function.
    pub fn call_through_pointer(
        &mut self,
        callee: &Expr<'_>,
        args: &[&Expr<'_>],
        span: Span,
    ) -> Option<Operand> {
        let (target, t) = self.expr_rv(callee)?;
        let Some((ret, params, variadic)) = self.fn_pointer_parts(t) else {
            for a in args {
                self.expr_discard(a);
            }
            self.error(
                callee.span,
                "expression preceding parentheses of apparent call must have (pointer-to-) function type",
            );
            return None;
        };
        if variadic {
            self.error(
                span,
                "calling a variadic device function is not supported yet",
            );
            return None;
        }
        if args.len() < params.len() {
            self.error(span, "too few arguments in function call");
            return None;
        }
        if args.len() > params.len() {
            self.error(span, "too many arguments in function call");
            return None;
        }
        let vals: Vec<(Option<Operand>, Span)> = args
            .iter()
            .zip(&params)
            .map(|(a, &p)| (self.expr_for(a, p), a.span))
            .collect();
        self.indirect_call(target, None, &params, ret, CallArgs::Lowered(vals), span)
    }

    /// Calls the function at `target` of type `ret(params…)` (with `this` first when given:
    /// virtual calls) with arguments converted as for a direct call.
    pub fn indirect_call(
        &mut self,
        target: Value,
        this: Option<Value>,
        params: &[QualType],
        ret: QualType,
        args: CallArgs<'_, '_>,
        span: Span,
    ) -> Option<Operand> {
        let sig = self.signature_of(this.is_some(), params, ret, span)?;
        let sret = self.types.is_record(ret.ty);
        let mut vals: Vec<Value> = Vec::new();
        let result_slot = self.result_slot(sret, ret, span, &mut vals)?;
        vals.extend(this);
        let first = vals.len();
        let kinds = sig.params[first..].to_vec();
        let lowered: Vec<(Option<Operand>, Span)> = match args {
            CallArgs::Lowered(v) => v,
            CallArgs::Typed(f, n) => (0..n).map(|i| f(self, i)).collect(),
            CallArgs::Exprs(es) => es
                .iter()
                .zip(params)
                .map(|(a, &p)| (self.expr_for(a, p), a.span))
                .collect(),
        };
        let mut ok = true;
        for ((o, a_span), (&pty, kind)) in lowered.into_iter().zip(params.iter().zip(&kinds)) {
            let Some(o) = o else {
                ok = false;
                continue;
            };
            ok &= self.push_call_arg(o, pty, *kind, a_span, &mut vals);
        }
        if !ok {
            return None;
        }
        let r = self.ins(
            InstData::CallIndirect {
                target,
                sig: sig.clone(),
                args: vals,
            },
            sig.ret,
        );
        self.call_result(r, result_slot, ret)
    }

    /// The function an initializer expression designates, for module variables of
    /// pointer-to-function type: `f`, `&f`, `(f)`.
    pub fn const_function_designator(&mut self, e: &Expr<'_>) -> Option<FnId> {
        match &e.kind {
            ExprKind::Ident(name) => match self.lookup_ordinary(*name) {
                Some(Binding::Func(f)) => Some(f),
                _ => None,
            },
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                expr,
            } => self.const_function_designator(expr),
            _ => None,
        }
    }

    /// The IR function whose address a module variable's initializer stores, checked
    /// like `function_address`.
    pub fn const_function_address(&mut self, f: FnId, span: Span) -> Option<FuncId> {
        let info = self.func_info(f).clone();
        if !info.space.on_device() || info.space == super::ExecSpace::Global {
            let n = self.name(info.name);
            self.error(
                span,
                format!(
                    "the address of the non-device function \"{n}\" cannot be used in device code"
                ),
            );
            return None;
        }
        self.note_address_taken(f, span);
        self.ensure_ir(f)
    }
}
