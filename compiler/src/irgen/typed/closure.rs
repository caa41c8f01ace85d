//! Lambdas of the typed tree to IR: the closure object a `Lambda` node makes and the
//! `ClosureCall` of its call operator. Sema has made and completed the closure type and
//! chosen what each capture copies or refers to; the one-walk lowering's `closure_object`
//! and `call_closure_operator` (`irgen/lambda.rs`) number the type, lower the operator and pass the
//! arguments, so both paths give the same IR.

use super::TypedCx;
use crate::irgen::expr::Operand;
use crate::irgen::lambda::CapSource;
use crate::irgen::{Lowerer, Storage, VarId};
use crate::sema::tree::{Capture, CapturedVar, ExprId};
use crate::sema::types::RecordId;
use crate::source::Span;

impl Lowerer<'_> {
    /// The closure object of lambda `lambda` (of type `record`), its members initialized
    /// from `captures`.
    pub(super) fn typed_lambda(
        &mut self,
        cx: &mut TypedCx<'_>,
        lambda: u32,
        record: RecordId,
        captures: &[Capture],
        span: Span,
    ) -> Option<Operand> {
        let l = *self.lambdas.get(lambda as usize)?;
        let mut caps = Vec::with_capacity(captures.len());
        for c in captures {
            let src = match c.var {
                CapturedVar::Param(v) => CapSource::Var(VarId(v)),
                CapturedVar::Local(id) => match cx.slots[id.0 as usize]? {
                    Storage::Local(a) | Storage::ParamByVal(a) => CapSource::At(a),
                    _ => return None,
                },
            };
            caps.push((c.name, c.by_ref, c.ty, src));
        }
        self.closure_object(l, record, caps, None, false, span)
    }

    /// `f(args)` on the closure object `object` of type `record`: the object's address,
    /// then each argument lowered below its conversions (the call converts it), in turn.
    pub(super) fn typed_closure_call(
        &mut self,
        cx: &mut TypedCx<'_>,
        record: RecordId,
        object: ExprId,
        args: &[ExprId],
        span: Span,
    ) -> Option<Operand> {
        let obj = self.typed_place(cx, object)?;
        let fid = self.closures.get(&record)?.call?;
        self.call_closure_operator(fid, obj, args.len(), span, &mut |l, i, _| {
            let st = l.stage(cx, args[i]);
            let o = l.typed_expr(cx, st.core)?;
            Some((o, cx.body.expr(args[i]).span))
        })
    }
}
