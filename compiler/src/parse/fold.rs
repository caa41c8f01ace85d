//! Fold expressions of C++17: `(pack op ...)`, `(... op pack)` and `(init op ... op pack)`,
//! entered from the parenthesized-expression parse once it sees `...` next to a binary
//! operator (the operator tokens are the binary ones of `expr.rs`).

use super::{PResult, Parser};
use crate::ast::{BinaryOp, Expr, ExprKind};
use crate::lex::token::Punct;

impl<'a, 'c> Parser<'a, 'c> {
    /// After `lhs op` at `...`: the rest of a fold expression `(lhs op ...)` or
    /// `(lhs op ... op rhs)`, up to (not including) the closing parenthesis.
    pub(super) fn fold_rest(
        &mut self,
        lhs: &'a Expr<'a>,
        op: BinaryOp,
        prec: u8,
    ) -> PResult<&'a Expr<'a>> {
        self.bump();
        let mut rhs = None;
        if let Some((op2, _, ntoks)) = self.peek_binop() {
            if op2 != op {
                return Err(self.error_here("mismatched operators in a fold expression"));
            }
            for _ in 0..ntoks {
                self.bump();
            }
            rhs = Some(self.binary_expr(prec + 1)?);
        }
        if !self.at(Punct::RParen) {
            return Err(self.error_here("expected `)` after a fold expression"));
        }
        let span = lhs.span.to(self.prev_span());
        Ok(self.mk(
            ExprKind::Fold {
                op,
                lhs: Some(lhs),
                rhs,
            },
            span,
        ))
    }

    /// `( ... op pack )`.
    pub(super) fn left_unary_fold(&mut self) -> PResult<&'a Expr<'a>> {
        let start = self.bump().span;
        self.bump();
        if self.eat(Punct::Comma) {
            // `(... , pattern)`.
            let rhs = self.assign_expr()?;
            self.expect(Punct::RParen, "to close the fold expression")?;
            let kind = ExprKind::Fold {
                op: BinaryOp::Comma,
                lhs: None,
                rhs: Some(rhs),
            };
            return Ok(self.mk(kind, start.to(self.prev_span())));
        }
        let Some((op, prec, ntoks)) = self.peek_binop() else {
            return Err(self.error_here("expected an operator in a fold expression"));
        };
        for _ in 0..ntoks {
            self.bump();
        }
        let rhs = self.binary_expr(prec + 1)?;
        self.expect(Punct::RParen, "to close the fold expression")?;
        Ok(self.mk(
            ExprKind::Fold {
                op,
                lhs: None,
                rhs: Some(rhs),
            },
            start.to(self.prev_span()),
        ))
    }
}
