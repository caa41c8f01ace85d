//! Packs in instantiated bodies: `xs...` in call arguments (the pattern is lowered once per
//! element with `pack_index` set, and a pack name then means its element), `sizeof...`,
//! and fold expressions (`(xs + ...)`, `(0 ^ ... ^ xs)`), plus the expression forms a
//! template adds (`f<int>` outside a call).

use super::expr::Operand;
use super::template::Pack;
use super::{Binding, Lowerer};
use crate::ast::{BinaryOp, Expr, ExprKind};
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::types::QualType;
use crate::source::Span;
use oxicc_ir::{BlockCall, InstData, Type};

impl Lowerer<'_> {
    /// The number of elements of the packs a pattern expands (they must agree).
    pub fn pack_len_in(&mut self, pattern: &Expr<'_>, span: Span) -> Option<usize> {
        let mut names: Vec<Symbol> = Vec::new();
        super::func::visit_expr(
            pattern,
            &mut |e| {
                if let ExprKind::Ident(n) = e.kind {
                    names.push(n);
                }
            },
            0,
        );
        let mut len = None;
        for n in names {
            if let Some(k) = self.pack_len(n) {
                if len.is_some_and(|l| l != k) {
                    self.error(span, "mismatched argument pack lengths in an expansion");
                    return None;
                }
                len = Some(k);
            }
        }
        if len.is_none() {
            self.error(
                span,
                "the pattern of a pack expansion must contain a parameter pack",
            );
        }
        len
    }

    /// The length of pack `name` in the current instantiation, if it is one.
    pub fn pack_len(&self, name: Symbol) -> Option<usize> {
        Some(match self.templates.frames.last()?.packs.get(&name)? {
            Pack::Types(v) => v.len(),
            Pack::Values(v) => v.len(),
            Pack::Params(v) => v.len(),
        })
    }

    /// What a pack name means while one element of an expansion is lowered.
    pub fn pack_element_binding(&mut self, name: Symbol) -> Option<Binding> {
        let k = self.templates.pack_index?;
        match self.templates.frames.last()?.packs.get(&name)? {
            Pack::Params(v) => v.get(k).map(|id| Binding::Var(*id)),
            Pack::Values(v) => {
                let (value, ty) = *v.get(k)?;
                let cv = ConstValue::int(value, self.int_kind_of(ty));
                Some(Binding::EnumConst(cv, ty))
            }
            Pack::Types(v) => v.get(k).map(|t| Binding::Typedef(*t)),
        }
    }

    /// The template forms of expressions (see `ExprKind`).
    pub fn template_expr(&mut self, e: &Expr<'_>) -> Option<Operand> {
        match &e.kind {
            ExprKind::SizeofPack(name) => {
                let Some(n) = self.pack_len(*name) else {
                    self.error(
                        e.span,
                        format!("\"{}\" is not a parameter pack", self.name(*name)),
                    );
                    return None;
                };
                Some(self.size_value(n as u64))
            }
            ExprKind::Fold { op, lhs, rhs } => self.fold(*op, *lhs, *rhs, e.span),
            ExprKind::PackExpansion(_) => {
                self.error(e.span, "a pack expansion is not allowed here");
                None
            }
            _ => None,
        }
    }

    /// A fold expression: the operand holding the pack is expanded; `(... op p)` and
    /// `(i op ... op p)` fold from the left, `(p op ...)` and `(p op ... op i)` from the
    /// right.
    fn fold(
        &mut self,
        op: BinaryOp,
        lhs: Option<&Expr<'_>>,
        rhs: Option<&Expr<'_>>,
        span: Span,
    ) -> Option<Operand> {
        let lhs_is_pack = lhs.is_some_and(|l| self.mentions_pack(l));
        let (pattern, init, left) = match (lhs, rhs) {
            (Some(l), None) => (l, None, false),
            (None, Some(r)) => (r, None, true),
            (Some(l), Some(r)) if lhs_is_pack => (l, Some(r), false),
            (Some(l), Some(r)) => (r, Some(l), true),
            (None, None) => return None,
        };
        let n = self.pack_len_in(pattern, span)?;
        if matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr | BinaryOp::Comma) {
            // Operands in the order written: the initializer first in a left fold.
            let mut items: Vec<(&Expr<'_>, Option<usize>)> = Vec::new();
            if let (true, Some(i)) = (left, init) {
                items.push((i, None));
            }
            items.extend((0..n).map(|k| (pattern, Some(k))));
            if let (false, Some(i)) = (left, init) {
                items.push((i, None));
            }
            return if op == BinaryOp::Comma {
                self.fold_comma(&items)
            } else {
                self.fold_logical(op, &items)
            };
        }
        let mut vals = Vec::new();
        if left {
            if let Some(i) = init {
                let o = self.expr(i)?;
                vals.push((self.rvalue(o, i.span)?, i.span));
            }
        }
        for k in 0..n {
            let saved = self.templates.pack_index.replace(k);
            let o = self.expr(pattern);
            self.templates.pack_index = saved;
            vals.push((self.rvalue(o?, pattern.span)?, pattern.span));
        }
        if !left {
            if let Some(i) = init {
                let o = self.expr(i)?;
                vals.push((self.rvalue(o, i.span)?, i.span));
            }
        }
        if vals.is_empty() {
            self.error(
                span,
                "a unary fold over an empty pack has no value for this operator",
            );
            return None;
        }
        let mut acc;
        if left {
            let mut it = vals.into_iter();
            acc = it.next()?.0;
            for (v, _) in it {
                let r = self.binary_values(op, acc, v, false, span)?;
                acc = self.rvalue(r, span)?;
            }
        } else {
            let mut it = vals.into_iter().rev();
            acc = it.next()?.0;
            for (v, _) in it {
                let r = self.binary_values(op, v, acc, false, span)?;
                acc = self.rvalue(r, span)?;
            }
        }
        Some(Operand::rv(acc.0, acc.1))
    }

    /// Lowers `e` with the packs it mentions standing for element `k` (`None`: as is).
    fn with_pack_element<R>(&mut self, k: Option<usize>, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = match k {
            Some(k) => self.templates.pack_index.replace(k),
            None => self.templates.pack_index,
        };
        let r = f(self);
        self.templates.pack_index = saved;
        r
    }

    /// An `&&` or `||` fold: the operands short-circuit left to right; over an empty pack
    /// `&&` is `true` and `||` is `false`.
    fn fold_logical(
        &mut self,
        op: BinaryOp,
        items: &[(&Expr<'_>, Option<usize>)],
    ) -> Option<Operand> {
        let and = op == BinaryOp::LogAnd;
        let bt = self.bool_type();
        if items.is_empty() {
            let v = self.iconst(Type::I1, and as i128);
            return Some(Operand::rv(v, bt));
        }
        let join = self.new_block();
        let p = self.fs().func.append_block_param(join, Type::I1);
        for (i, (e, k)) in items.iter().enumerate() {
            let mark = self.cleanup_mark();
            let v = self.with_pack_element(*k, |l| l.cond_value(e));
            if i > 0 {
                self.flag_conditional_temps(mark);
            }
            let Some(v) = v else {
                self.jump_to(join);
                return None;
            };
            if i + 1 == items.len() {
                self.jump_with(join, vec![v]);
                break;
            }
            let next = self.new_block();
            let short = self.iconst(Type::I1, !and as i128);
            let (then_dest, else_dest) = if and {
                (BlockCall::plain(next), BlockCall::new(join, vec![short]))
            } else {
                (BlockCall::new(join, vec![short]), BlockCall::plain(next))
            };
            self.ins(
                InstData::Branch {
                    cond: v,
                    then_dest,
                    else_dest,
                },
                None,
            );
            self.switch_to(next);
        }
        self.switch_to(join);
        Some(Operand::rv(p, bt))
    }

    /// A `,` fold: every operand in order, the value of the last; over an empty pack `void()`.
    fn fold_comma(&mut self, items: &[(&Expr<'_>, Option<usize>)]) -> Option<Operand> {
        let mut last = None;
        for (i, (e, k)) in items.iter().enumerate() {
            if i + 1 == items.len() {
                last = Some(self.with_pack_element(*k, |l| l.expr(e))?);
            } else {
                self.with_pack_element(*k, |l| l.expr_discard(e));
            }
        }
        Some(last.unwrap_or(Operand {
            ty: QualType::new(self.types.void()),
            kind: super::expr::OpKind::Void,
            npc: false,
            cat: super::expr::ValCat::PRValue,
        }))
    }

    fn mentions_pack(&self, e: &Expr<'_>) -> bool {
        let mut found = false;
        super::func::visit_expr(
            e,
            &mut |x| {
                if let ExprKind::Ident(n) = x.kind {
                    found |= self.pack_len(n).is_some();
                }
            },
            0,
        );
        found
    }
}
