//! C++ declaration and statement forms that are neither classes nor templates: conditions
//! with an init-statement or a declaration (`if (auto x = f(); x > 0)`, `switch (int k = g())`),
//! the head of a range-based `for`, `using X = T;` aliases, and structured bindings
//! (`auto [a, b] = e;`, `auto& [a, b] = arr;`).
//!
//! A declaration used as a condition (`if (T x = e)`) is parsed as the init-statement
//! `T x = e;` followed by the condition `x`: the variable is in scope in both branches
//! and its value converted to `bool` is the condition, which is exactly C++'s meaning.

use super::declarator::DeclaratorMode;
use super::scope::NameKind;
use super::specs::SpecContext;
use super::{DeclContext, Failed, PResult, Parser};
use crate::ast::{
    BindingDecl, BoundName, Decl, Expr, ExprKind, Init, Stmt, StmtKind, TypeExpr, TypedefDecl,
    VarDecl,
};
use crate::lex::token::{Punct, TokenKind};

impl<'a, 'c> Parser<'a, 'c> {
    /// `( [init-statement] condition )` after `if`/`switch`: the init-statement (a
    /// declaration or an expression statement) and the condition expression.
    pub(super) fn condition_clause(
        &mut self,
        what: &str,
    ) -> PResult<(Option<&'a Stmt<'a>>, &'a Expr<'a>)> {
        self.expect(Punct::LParen, &format!("after `{what}`"))?;
        let start = self.span();
        let mut init;
        if self.at_decl_start() {
            // `T x = e; cond` (a full declaration), else `T x = e` (the condition itself).
            if let Some(decls) = self.speculate(|p| {
                let mut decls = Vec::new();
                p.declaration(DeclContext::Block, &mut decls)?;
                Ok(decls)
            }) {
                init = Some(self.alloc(Stmt {
                    kind: StmtKind::Decl(self.alloc_slice(decls)),
                    span: start.to(self.prev_span()),
                }));
            } else {
                let (decl, cond) = self.condition_declaration()?;
                self.expect(Punct::RParen, &format!("after `{what}` condition"))?;
                return Ok((Some(decl), cond));
            }
        } else {
            let e = self.expr()?;
            if !self.eat(Punct::Semi) {
                self.expect(Punct::RParen, &format!("after `{what}` condition"))?;
                return Ok((None, e));
            }
            init = Some(self.alloc(Stmt {
                kind: StmtKind::Expr(e),
                span: start.to(self.prev_span()),
            }));
        }
        // After the init-statement: the condition, itself possibly a declaration.
        let cond = if self.at_decl_start() {
            let (decl, cond) = self.condition_declaration()?;
            let span = start.to(self.prev_span());
            // Both go into `init` as a `Compound` whose statements the lowering runs in the
            // condition's own scope (see `ast::StmtKind::If`).
            let first = init.expect("set above");
            let both = self.alloc_slice(vec![
                Stmt {
                    kind: first.kind.share(),
                    span: first.span,
                },
                Stmt {
                    kind: decl.kind.share(),
                    span: decl.span,
                },
            ]);
            init = Some(self.alloc(Stmt {
                kind: StmtKind::Compound(both),
                span,
            }));
            cond
        } else {
            self.expr()?
        };
        self.expect(Punct::RParen, &format!("after `{what}` condition"))?;
        Ok((init, cond))
    }

    /// `while (T x = e) body` (after `while`): the variable is made anew for every test,
    /// so it is parsed as `for (;;) { T x = e; if (!x) break; body }`, which means the same.
    pub(super) fn while_with_declaration(
        &mut self,
        start: crate::source::Span,
        unroll: Option<crate::ast::Unroll<'a>>,
    ) -> PResult<Stmt<'a>> {
        self.expect(Punct::LParen, "after `while`")?;
        let depth = self.scopes.depth();
        self.scopes.push();
        let r = self.condition_declaration().and_then(|(decl, cond)| {
            self.expect(Punct::RParen, "after `while` condition")?;
            let body = self.sub_statement()?;
            Ok((decl, cond, body))
        });
        self.scopes.truncate(depth);
        let (decl, cond, body) = r?;
        let not = self.alloc(Expr {
            kind: ExprKind::Unary {
                op: crate::ast::UnaryOp::LogNot,
                expr: cond,
            },
            span: cond.span,
        });
        let brk = self.alloc(Stmt {
            kind: StmtKind::Break,
            span: cond.span,
        });
        let test = Stmt {
            kind: StmtKind::If {
                init: None,
                cond: not,
                then: brk,
                els: None,
                is_constexpr: false,
            },
            span: cond.span,
        };
        let span = start.to(self.prev_span());
        let block = Stmt {
            kind: StmtKind::Compound(self.alloc_slice(vec![
                Stmt {
                    kind: decl.kind.share(),
                    span: decl.span,
                },
                test,
                Stmt {
                    kind: StmtKind::Compound(std::slice::from_ref(body)),
                    span: body.span,
                },
            ])),
            span,
        };
        Ok(Stmt {
            kind: StmtKind::For {
                init: None,
                cond: None,
                step: None,
                body: self.alloc(block),
                unroll,
            },
            span,
        })
    }

    /// `T x = e` / `T x{e}` as a condition: the declaration and a use of `x`.
    fn condition_declaration(&mut self) -> PResult<(&'a Stmt<'a>, &'a Expr<'a>)> {
        let start = self.span();
        let specs = self.decl_specifiers(SpecContext::Decl)?;
        let base = self.specs_type(&specs)?;
        let d = self.declarator(base, DeclaratorMode::Named)?;
        let Some((name, name_span)) = d.name else {
            return Err(self.error(d.span, "expected a name in declaration"));
        };
        self.scopes.declare(name, NameKind::Value);
        let direct_braced = self.at(Punct::LBrace);
        let init = if self.eat(Punct::Assign) || self.at(Punct::LBrace) {
            self.initializer()?
        } else {
            return Err(self.error_here("a declaration in a condition must have an initializer"));
        };
        let var = self.alloc(VarDecl {
            name,
            name_span,
            specs: specs.decl,
            ty: d.ty,
            align: specs.align,
            init: Some(init),
            direct_braced,
            span: start.to(self.prev_span()),
        });
        let decl = self.alloc(Stmt {
            kind: StmtKind::Decl(self.alloc_slice(vec![Decl::Var(var)])),
            span: start.to(self.prev_span()),
        });
        let cond = self.alloc(Expr {
            kind: ExprKind::Ident(name),
            span: name_span,
        });
        Ok((decl, cond))
    }

    /// `T x :` / `T& x :` / `auto&& x :` after `for (`: the loop variable of a range-based
    /// `for` (the cursor is left after the `:`), or `None` (nothing consumed).
    pub(super) fn range_for_head(&mut self) -> Option<(&'a VarDecl<'a>, bool)> {
        if !self.at_decl_start() {
            return None;
        }
        // Cheap check first: a `:` at bracket depth 0 before the first `;` or `)`.
        let mut depth = 0usize;
        let mut i = self.pos;
        loop {
            match self.toks.get(i)?.kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return None;
                    }
                    depth -= 1;
                }
                TokenKind::Punct(Punct::Semi) | TokenKind::Eof => return None,
                TokenKind::Punct(Punct::Colon) if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        self.speculate(|p| {
            let start = p.span();
            let specs = p.decl_specifiers(SpecContext::Decl)?;
            let base = p.specs_type(&specs)?;
            let by_ref = p.eat(Punct::Amp) || p.eat(Punct::AmpAmp);
            let d = p.declarator(base, DeclaratorMode::Named)?;
            let Some((name, name_span)) = d.name else {
                return Err(Failed);
            };
            if !p.eat(Punct::Colon) {
                return Err(Failed);
            }
            p.scopes.declare(name, NameKind::Value);
            let var = p.alloc(VarDecl {
                name,
                name_span,
                specs: specs.decl,
                ty: d.ty,
                align: specs.align,
                init: None,
                direct_braced: false,
                span: start.to(p.prev_span()),
            });
            Ok((var, by_ref))
        })
    }

    /// `using Name = type-id ;` (an alias declaration: a typedef).
    pub(super) fn alias_declaration(&mut self, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        let start = self.bump().span;
        let Some((name, _)) = self.eat_plain_ident() else {
            return Err(self.error_here("expected a name after `using`"));
        };
        self.expect(Punct::Assign, "after the alias name")?;
        let ty = self.type_name()?;
        self.expect(Punct::Semi, "after alias declaration")?;
        self.scopes.declare(name, NameKind::Typedef);
        out.push(Decl::Typedef(self.alloc(TypedefDecl {
            name,
            ty,
            span: start.to(self.prev_span()),
        })));
        Ok(())
    }

    /// At `[` or `&` `[` after `auto` specifiers: a structured binding declaration.
    pub(super) fn at_structured_binding(&self, base: &TypeExpr<'_>) -> bool {
        let is_auto = match base {
            TypeExpr::Auto(_) => true,
            TypeExpr::Qualified { inner, .. } => matches!(inner, TypeExpr::Auto(_)),
            _ => false,
        };
        is_auto
            && (self.at(Punct::LBracket)
                || ((self.at(Punct::Amp) || self.at(Punct::AmpAmp))
                    && self.peek_at(1).is_punct(Punct::LBracket)))
    }

    /// `[a, b, …] = init ;` (or `{init}` / `(init)`) after `auto`/`auto&`.
    pub(super) fn structured_binding(
        &mut self,
        specs: &super::specs::Specs<'a>,
        start: crate::source::Span,
        out: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        let by_ref = self.eat(Punct::Amp) || self.eat(Punct::AmpAmp);
        self.expect(Punct::LBracket, "to begin a structured binding")?;
        let mut names = Vec::new();
        loop {
            let Some((name, span)) = self.eat_plain_ident() else {
                return Err(self.error_here("expected an identifier"));
            };
            names.push(BoundName { name, span });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::RBracket, "to close the structured binding")?;
        let init = if self.eat(Punct::Assign) || self.at(Punct::LBrace) {
            self.initializer()?
        } else if self.eat(Punct::LParen) {
            let e = self.expr()?;
            self.expect(Punct::RParen, "to close the initializer")?;
            Init::Expr(e)
        } else {
            return Err(
                self.error_here("a structured binding declaration must have an initializer")
            );
        };
        self.expect(Punct::Semi, "after declaration")?;
        for n in &names {
            self.scopes.declare(n.name, NameKind::Value);
        }
        out.push(Decl::Bindings(self.alloc(BindingDecl {
            names: self.alloc_slice(names),
            specs: specs.decl,
            quals: specs.quals,
            by_ref,
            init,
            span: start.to(self.prev_span()),
        })));
        Ok(())
    }
}

impl<'a> StmtKind<'a> {
    /// A copy of an init-statement's kind (a declaration or an expression statement; the
    /// nodes it points to are shared arena data).
    fn share(&self) -> StmtKind<'a> {
        match self {
            StmtKind::Decl(ds) => StmtKind::Decl(ds),
            StmtKind::Expr(e) => StmtKind::Expr(e),
            _ => StmtKind::Empty,
        }
    }
}
