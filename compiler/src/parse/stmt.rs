//! Statements: blocks, declarations, expressions, `if`/`switch`, the three loops, jumps,
//! labels, and `#pragma unroll` (which the preprocessor turns into `__pragma_unroll(N);`
//! and which attaches to the next loop).
//!
//! A statement that fails to parse is skipped to its `;` (or the `}` of its block) and the
//! block goes on, so one function can report several errors.

use super::{DeclContext, PResult, Parser};
use crate::ast::{Expr, Stmt, StmtKind, Unroll};
use crate::intern::kw;
use crate::intern::Symbol;
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

impl<'a, 'c> Parser<'a, 'c> {
    /// `{ statements }` in a new scope.
    pub(super) fn compound_statement(&mut self) -> PResult<Stmt<'a>> {
        let open = self.expect(Punct::LBrace, "to begin a block")?;
        let depth = self.scopes.depth();
        self.scopes.push();
        let mut stmts = Vec::new();
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let start = self.pos;
            match self.statement() {
                Ok(s) => stmts.push(s),
                Err(_) => self.recover_statement_from(start),
            }
        }
        self.scopes.truncate(depth);
        if let Some((_, span)) = self.pending_unroll.take() {
            self.warning(
                span,
                "`#pragma unroll` is not followed by a loop; it is ignored",
            );
        }
        if !self.at(Punct::RBrace) {
            return Err(self.error_unclosed_at_eof("expected `}` at end of block", open));
        }
        let close = self.bump().span;
        Ok(Stmt {
            kind: StmtKind::Compound(self.alloc_slice(stmts)),
            span: open.to(close),
        })
    }

    /// One statement.
    pub(super) fn statement(&mut self) -> PResult<Stmt<'a>> {
        self.nested(|p| p.statement_inner())
    }

    /// A statement used as the body of `if`/loops/labels, allocated.
    pub(super) fn sub_statement(&mut self) -> PResult<&'a Stmt<'a>> {
        let s = self.statement()?;
        Ok(self.alloc(s))
    }

    fn statement_inner(&mut self) -> PResult<Stmt<'a>> {
        let start = self.span();
        let t = *self.peek();
        let kind = match t.kind {
            TokenKind::Punct(Punct::LBrace) => return self.compound_statement(),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                StmtKind::Empty
            }
            TokenKind::Ident(kw::IF) => return self.if_statement(),
            TokenKind::Ident(kw::WHILE) => return self.while_statement(),
            TokenKind::Ident(kw::DO) => return self.do_statement(),
            TokenKind::Ident(kw::FOR) => return self.for_statement(),
            TokenKind::Ident(kw::SWITCH) => {
                self.bump();
                let depth = self.scopes.depth();
                self.scopes.push();
                let r = self.condition_clause("switch").and_then(|(init, cond)| {
                    let body = self.sub_statement()?;
                    Ok(StmtKind::Switch { init, cond, body })
                });
                self.scopes.truncate(depth);
                r?
            }
            TokenKind::Punct(Punct::LBracket) if self.peek_at(1).is_punct(Punct::LBracket) => {
                // A statement attribute (`[[fallthrough]];`, `[[likely]]`): skipped.
                match self.matching_close(self.pos) {
                    Some(end) => self.pos = end,
                    None => return Err(self.error_here("unbalanced `[[`")),
                }
                if self.eat(Punct::Semi) {
                    StmtKind::Empty
                } else {
                    return self.statement_inner();
                }
            }
            TokenKind::Ident(kw::CASE | kw::DEFAULT) => return self.labeled_statement(),
            TokenKind::Ident(kw::BREAK) => {
                self.bump();
                self.expect(Punct::Semi, "after `break`")?;
                StmtKind::Break
            }
            TokenKind::Ident(kw::CONTINUE) => {
                self.bump();
                self.expect(Punct::Semi, "after `continue`")?;
                StmtKind::Continue
            }
            TokenKind::Ident(kw::RETURN) => {
                self.bump();
                let value = if self.at(Punct::Semi) {
                    None
                } else if self.at(Punct::LBrace) {
                    Some(self.assign_or_braced()?)
                } else {
                    Some(self.expr()?)
                };
                self.expect(Punct::Semi, "after return statement")?;
                StmtKind::Return(value)
            }
            TokenKind::Ident(kw::GOTO) => {
                self.bump();
                let Some((label, _)) = self.eat_plain_ident() else {
                    return Err(self.error_here("expected a label name after `goto`"));
                };
                self.expect(Punct::Semi, "after goto statement")?;
                StmtKind::Goto(label)
            }
            TokenKind::Ident(s) if s == self.pragma_unroll => {
                return self.pragma_unroll_statement()
            }
            TokenKind::Ident(s) if !s.is_keyword() && self.peek_at(1).is_punct(Punct::Colon) => {
                return self.labeled_statement()
            }
            TokenKind::Ident(kw::USING)
                if matches!(self.peek_at(1).kind, TokenKind::Ident(n) if !n.is_keyword())
                    && self.peek_at(2).is_punct(Punct::Assign) =>
            {
                let mut decls = Vec::new();
                self.alias_declaration(&mut decls)?;
                StmtKind::Decl(self.alloc_slice(decls))
            }
            TokenKind::Ident(kw::STATIC_ASSERT) => {
                let mut decls = Vec::new();
                self.static_assert_declaration(&mut decls)?;
                StmtKind::Decl(self.alloc_slice(decls))
            }
            TokenKind::Ident(kw::USING) => {
                // `using namespace N;` / `using N::x;` in a block.
                let mut decls = Vec::new();
                self.namespace_item(&mut decls)?;
                StmtKind::Decl(self.alloc_slice(decls))
            }
            TokenKind::Ident(s) if s == super::specs::KW_ASM || s == super::specs::KW_ASM_GNU => {
                self.asm_statement()?
            }
            _ if !self.at_class_template_member_call()
                && (self.at_decl_start() || self.is_unknown_type_at(0)) =>
            {
                let mut decls = Vec::new();
                self.declaration(DeclContext::Block, &mut decls)?;
                StmtKind::Decl(self.alloc_slice(decls))
            }
            _ => {
                let e = self.expr()?;
                self.expect(Punct::Semi, "after expression")?;
                StmtKind::Expr(e)
            }
        };
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    /// A run of labels (`case 1: case 2: L: default:`) and the statement after them. The
    /// run is read in a loop, so stacked labels deepen the tree but not the recursion.
    fn labeled_statement(&mut self) -> PResult<Stmt<'a>> {
        let saved = self.chain_depth;
        let r = self.labeled_run();
        self.chain_depth = saved;
        r
    }

    fn labeled_run(&mut self) -> PResult<Stmt<'a>> {
        let mut labels = Vec::new();
        loop {
            let start = self.span();
            let label = match self.kind() {
                TokenKind::Ident(kw::CASE) => {
                    self.bump();
                    let value = self.cond_expr()?;
                    if self.at(Punct::Ellipsis) {
                        let span = self.span();
                        return Err(self.unsupported(span, "a case range"));
                    }
                    self.expect(Punct::Colon, "after `case` value")?;
                    Label::Case(value)
                }
                TokenKind::Ident(kw::DEFAULT) => {
                    self.bump();
                    self.expect(Punct::Colon, "after `default`")?;
                    Label::Default
                }
                TokenKind::Ident(s)
                    if !s.is_keyword() && self.peek_at(1).is_punct(Punct::Colon) =>
                {
                    self.bump();
                    self.bump();
                    Label::Named(s)
                }
                _ => break,
            };
            labels.push((label, start));
            self.chain_link()?;
        }
        let mut stmt = self.label_body()?;
        let end = self.prev_span();
        for (label, start) in labels.into_iter().rev() {
            let body = self.alloc(stmt);
            let kind = match label {
                Label::Case(value) => StmtKind::Case { value, body },
                Label::Default => StmtKind::Default { body },
                Label::Named(name) => StmtKind::Label { name, body },
            };
            stmt = Stmt {
                kind,
                span: start.to(end),
            };
        }
        Ok(stmt)
    }

    /// The statement after a label, `case` or `default`; a label right before `}` gets an
    /// empty statement (C23/C++23 allow it and nvcc accepts it).
    fn label_body(&mut self) -> PResult<Stmt<'a>> {
        if self.at(Punct::RBrace) {
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span: self.prev_span(),
            });
        }
        self.statement()
    }

    /// `( expr )` after `if`/`while`/`switch`.
    fn paren_condition(&mut self, what: &str) -> PResult<&'a crate::ast::Expr<'a>> {
        self.expect(Punct::LParen, &format!("after `{what}`"))?;
        if self.at_decl_start() {
            let span = self.span();
            return Err(self.unsupported(span, "a declaration in a condition"));
        }
        let e = self.expr()?;
        self.expect(Punct::RParen, &format!("after `{what}` condition"))?;
        Ok(e)
    }

    /// `if (…) … else if (…) … else …`: the `else if` chain is read in a loop, so a long
    /// chain deepens the tree but not the recursion.
    fn if_statement(&mut self) -> PResult<Stmt<'a>> {
        let saved = self.chain_depth;
        let depth = self.scopes.depth();
        let r = self.if_chain();
        self.scopes.truncate(depth);
        self.chain_depth = saved;
        r
    }

    fn if_chain(&mut self) -> PResult<Stmt<'a>> {
        let mut arms = Vec::new();
        let mut els = None;
        loop {
            let start = self.bump().span;
            let is_constexpr = self.eat_kw(kw::CONSTEXPR);
            // The condition's declarations are visible in both branches (and not after).
            self.scopes.push();
            let (init, cond) = self.condition_clause("if")?;
            let then = self.sub_statement()?;
            arms.push((start, init, cond, then, is_constexpr));
            if self.at_kw(kw::ELSE) && self.peek_at(1).is_ident(kw::IF) {
                self.bump();
                self.chain_link()?;
                continue;
            }
            if self.eat_kw(kw::ELSE) {
                els = Some(self.sub_statement()?);
            }
            break;
        }
        let end = self.prev_span();
        let mut chain: Option<Stmt<'a>> = None;
        for (start, init, cond, then, is_constexpr) in arms.into_iter().rev() {
            let els = match chain.take() {
                Some(s) => Some(self.alloc(s)),
                None => els,
            };
            chain = Some(Stmt {
                kind: StmtKind::If {
                    init,
                    cond,
                    then,
                    els,
                    is_constexpr,
                },
                span: start.to(end),
            });
        }
        chain.ok_or(super::Failed)
    }

    fn while_statement(&mut self) -> PResult<Stmt<'a>> {
        let unroll = self.take_unroll();
        let start = self.bump().span;
        if self.at(Punct::LParen) && self.is_decl_start_at(1) {
            return self.while_with_declaration(start, unroll);
        }
        let cond = self.paren_condition("while")?;
        let body = self.sub_statement()?;
        Ok(Stmt {
            kind: StmtKind::While { cond, body, unroll },
            span: start.to(self.prev_span()),
        })
    }

    fn do_statement(&mut self) -> PResult<Stmt<'a>> {
        let unroll = self.take_unroll();
        let start = self.bump().span;
        let body = self.sub_statement()?;
        if !self.eat_kw(kw::WHILE) {
            return Err(self.error_here("expected `while` after `do` body"));
        }
        let cond = self.paren_condition("while")?;
        self.expect(Punct::Semi, "after do-while statement")?;
        Ok(Stmt {
            kind: StmtKind::DoWhile { body, cond, unroll },
            span: start.to(self.prev_span()),
        })
    }

    fn for_statement(&mut self) -> PResult<Stmt<'a>> {
        let unroll = self.take_unroll();
        let start = self.bump().span;
        self.expect(Punct::LParen, "after `for`")?;
        let depth = self.scopes.depth();
        self.scopes.push();
        let r = self.for_rest(start, unroll);
        self.scopes.truncate(depth);
        r
    }

    fn for_rest(&mut self, start: Span, unroll: Option<Unroll<'a>>) -> PResult<Stmt<'a>> {
        let init_start = self.span();
        if let Some((var, by_ref)) = self.range_for_head() {
            let range = self.assign_or_braced()?;
            self.expect(Punct::RParen, "after the range of a range-based `for`")?;
            let body = self.sub_statement()?;
            return Ok(Stmt {
                kind: StmtKind::RangeFor {
                    var,
                    by_ref,
                    range,
                    body,
                    unroll,
                },
                span: start.to(self.prev_span()),
            });
        }
        let init = if self.eat(Punct::Semi) {
            None
        } else if self.at_decl_start() || self.is_unknown_type_at(0) {
            let mut decls = Vec::new();
            self.declaration(DeclContext::Block, &mut decls)?;
            if self.at(Punct::Colon) {
                let span = self.span();
                return Err(self.unsupported(span, "a range-based `for`"));
            }
            Some(self.alloc(Stmt {
                kind: StmtKind::Decl(self.alloc_slice(decls)),
                span: init_start.to(self.prev_span()),
            }))
        } else {
            let e = self.expr()?;
            self.expect(Punct::Semi, "after `for` initializer")?;
            Some(self.alloc(Stmt {
                kind: StmtKind::Expr(e),
                span: init_start.to(self.prev_span()),
            }))
        };
        let cond = if self.at(Punct::Semi) {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(Punct::Semi, "after `for` condition")?;
        let step = if self.at(Punct::RParen) {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(Punct::RParen, "after `for` clauses")?;
        let body = self.sub_statement()?;
        Ok(Stmt {
            kind: StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            },
            span: start.to(self.prev_span()),
        })
    }

    fn take_unroll(&mut self) -> Option<Unroll<'a>> {
        self.pending_unroll.take().map(|(u, _)| u)
    }

    /// `__pragma_unroll ( [N] ) ;` then the statement it applies to.
    fn pragma_unroll_statement(&mut self) -> PResult<Stmt<'a>> {
        let span = self.bump().span;
        self.expect(Punct::LParen, "after `#pragma unroll`")?;
        let unroll = if self.at(Punct::RParen) {
            Unroll::Full
        } else {
            Unroll::Count(self.cond_expr()?)
        };
        self.expect(Punct::RParen, "after `#pragma unroll` count")?;
        self.expect(Punct::Semi, "after `#pragma unroll`")?;
        if let Some((_, old)) = self.pending_unroll.replace((unroll, span)) {
            self.warning(
                old,
                "`#pragma unroll` is not followed by a loop; it is ignored",
            );
        }
        if self.at(Punct::RBrace) || self.at_eof() {
            // Reported by the enclosing block.
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        let is_loop = matches!(self.kind(), TokenKind::Ident(kw::FOR | kw::WHILE | kw::DO))
            || self.kind() == TokenKind::Ident(self.pragma_unroll);
        if !is_loop {
            self.pending_unroll = None;
            self.warning(
                span,
                "`#pragma unroll` is not followed by a loop; it is ignored",
            );
        }
        self.statement()
    }
}

/// A label in a run of labels.
enum Label<'a> {
    Case(&'a Expr<'a>),
    Default,
    Named(Symbol),
}
