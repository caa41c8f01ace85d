//! Inline assembly statements: `asm [volatile] ("template" : outputs : inputs : clobbers);`
//! (also spelled `__asm__`/`__volatile__`). Each section is optional from the right; `::`
//! is two empty separators. Operands are `"constraint"(expression)`, separated by commas
//! (which nvcc lets one leave out). The constraints and
//! the template are checked where the statement is lowered (`irgen/inline_asm.rs`).

use super::specs::KW_VOLATILE_GNU;
use super::{PResult, Parser};
use crate::ast::{AsmOperand, AsmStmt, ExprKind, StmtKind};
use crate::intern::kw;
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

impl<'a, 'c> Parser<'a, 'c> {
    /// The statement after its `asm` keyword was seen (not yet consumed).
    pub(super) fn asm_statement(&mut self) -> PResult<StmtKind<'a>> {
        self.bump();
        let mut volatile = false;
        while self.eat_kw(kw::VOLATILE) || self.eat_kw(KW_VOLATILE_GNU) {
            volatile = true;
        }
        self.expect(Punct::LParen, "after `asm`")?;
        let (template, template_span) = self.asm_string("the assembler template")?;
        // Sections: 1 outputs, 2 inputs, 3 clobbers. A `::` closes two at once.
        let mut section = 0;
        let mut outputs = Vec::new();
        let mut inputs = Vec::new();
        let mut clobbers = Vec::new();
        loop {
            if self.eat(Punct::ColonColon) {
                section += 2;
            } else if self.eat(Punct::Colon) {
                section += 1;
            } else {
                break;
            }
            if section > 3 {
                return Err(self.error_here("too many `:` sections in an asm statement"));
            }
            if self.at(Punct::Colon) || self.at(Punct::ColonColon) || self.at(Punct::RParen) {
                continue;
            }
            loop {
                if section == 3 {
                    clobbers.push(self.asm_string("a clobber")?);
                } else {
                    let (constraint, constraint_span) = self.asm_string("a constraint")?;
                    self.expect(Punct::LParen, "around the asm operand")?;
                    let expr = self.expr()?;
                    self.expect(Punct::RParen, "after the asm operand")?;
                    let op = AsmOperand {
                        constraint,
                        constraint_span,
                        expr,
                    };
                    if section == 1 {
                        outputs.push(op);
                    } else {
                        inputs.push(op);
                    }
                }
                // nvcc also reads operands without the comma between them (a sample in
                // NVIDIA's cuda-samples relies on it).
                if !self.eat(Punct::Comma) && !matches!(self.kind(), TokenKind::Str(_)) {
                    break;
                }
            }
        }
        self.expect(Punct::RParen, "to close the asm statement")?;
        self.expect(Punct::Semi, "after the asm statement")?;
        let stmt = AsmStmt {
            volatile,
            template,
            template_span,
            outputs: self.alloc_slice(outputs),
            inputs: self.alloc_slice(inputs),
            clobbers: self.alloc_slice(clobbers),
        };
        Ok(StmtKind::Asm(self.alloc(stmt)))
    }

    /// Adjacent string literals, concatenated.
    fn asm_string(&mut self, what: &str) -> PResult<(&'a [u8], Span)> {
        if !matches!(self.kind(), TokenKind::Str(_)) {
            return Err(self.error_here(format!("expected a string literal as {what}")));
        }
        let e = self.string_literal();
        match e.kind {
            ExprKind::StrLit(b) => Ok((b, e.span)),
            _ => Err(self.error(e.span, format!("expected a string literal as {what}"))),
        }
    }
}
