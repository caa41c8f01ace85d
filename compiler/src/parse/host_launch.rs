//! Kernel launches in host function bodies. Host bodies are skipped (they may hold any C++
//! the parser does not handle), but a launch of a template kernel
//! (`k<float, 128><<<g, b>>>(d_x, n)`, or deduced: `k<<<g, b>>>(d_x, n)`) instantiates the
//! kernel, as nvcc does. So a skipped body that holds `<<<` is scanned once more, statement
//! by statement, everything speculatively (errors there are never reported):
//!
//! - a statement with a `<<<` at its top level is a launch: the kernel's name (a possibly
//!   qualified template-id), the configuration skipped to `>>>`, the call's arguments;
//! - any other statement is tried as a declaration; the variables it declares (with their
//!   types as written) are recorded, so that the arguments' types can be found later;
//! - control keywords (`for (…)`, `if (…)`, `while (…)`, `else`, `do`) are stepped over, the
//!   declarations in a `for` initializer included; braces only separate statements (scoping
//!   is ignored: the latest declaration of a name wins).
//!
//! The lowering (`irgen/host_launch.rs`) resolves each launch's kernel and argument types
//! quietly and instantiates the template kernels it can name. A file-scope body that calls
//! a host template known to launch kernels only later (defined below it) is scanned at the
//! end of the file (`rescan_deferred_host_bodies`).

use super::{DeclContext, Parser};
use crate::ast::{Decl, HostConst, HostLaunch, Init, ParamDecl, TypeExpr};
use crate::intern::{kw, Symbol};
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

/// A skipped host body kept for `rescan_deferred_host_bodies`, with the launching
/// templates it called when it was last scanned.
pub(super) struct DeferredBody<'a> {
    open: usize,
    end: usize,
    params: &'a [ParamDecl<'a>],
    in_fn: Span,
    name: Symbol,
    in_template: bool,
    seen: Vec<Symbol>,
}

impl<'a, 'c> Parser<'a, 'c> {
    /// Scans the host body at tokens `open..end` (`{` … `}`) for kernel launches.
    /// Keeps the host body `open..self.pos` (just skipped, and scanned if it called a
    /// known launching template) for `rescan_deferred_host_bodies`.
    pub(super) fn defer_host_body(
        &mut self,
        open: usize,
        params: &'a [ParamDecl<'a>],
        in_fn: Span,
        name: Symbol,
    ) {
        let end = self.pos;
        if !self.toks[open..end]
            .iter()
            .any(|t| matches!(t.kind, TokenKind::Ident(_)))
        {
            return;
        }
        let seen = self.launching_calls(open, end);
        self.deferred_host_bodies.push(DeferredBody {
            open,
            end,
            params,
            in_fn,
            name,
            in_template: self.in_template,
            seen,
        });
    }

    /// The launching templates named in `open..end`, each once.
    fn launching_calls(&self, open: usize, end: usize) -> Vec<Symbol> {
        let mut out = Vec::new();
        for t in &self.toks[open..end] {
            if let TokenKind::Ident(n) = t.kind {
                if self.launching_templates.contains(&n) && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// At the end of the file: scans again the host bodies that call a host template found
    /// to launch kernels only after them (`run<float>()` in `main`, `run` defined below), and
    /// keeps the host calls found (their launches were found by the first scan). A template
    /// found launching this way makes its callers scanned in the next round.
    pub(super) fn rescan_deferred_host_bodies(&mut self) {
        let mut bodies = std::mem::take(&mut self.deferred_host_bodies);
        if self.launching_templates.is_empty() {
            return;
        }
        loop {
            let mut scanned_any = false;
            for b in bodies.iter_mut() {
                let now = self.launching_calls(b.open, b.end);
                if now.iter().all(|n| b.seen.contains(n)) {
                    continue;
                }
                b.seen = now;
                let before = self.host_launches.len();
                self.scan_host_launches(b.open, b.end, b.params, b.in_fn);
                // Launches (`<<<`) were found by the first scan, which every body holding
                // one had: keep only the host calls.
                let found = self.host_launches.split_off(before);
                self.host_launches
                    .extend(found.into_iter().filter(|l| l.host_call));
                if b.in_template && self.host_launches.len() > before {
                    self.launching_templates.insert(b.name);
                }
                scanned_any = true;
            }
            if !scanned_any || self.fatal.is_some() {
                break;
            }
        }
    }

    pub(super) fn scan_host_launches(
        &mut self,
        open: usize,
        end: usize,
        params: &'a [ParamDecl<'a>],
        in_fn: Span,
    ) {
        let saved_pos = self.pos;
        let depth = self.scopes.depth();
        self.scopes.push();
        let mut vars: Vec<(Symbol, &'a TypeExpr<'a>)> = Vec::new();
        let mut consts: Vec<HostConst<'a>> = Vec::new();
        for p in params {
            if let Some(n) = p.name {
                self.scopes.declare(n, super::scope::NameKind::Value);
                vars.push((n, p.ty));
            }
        }
        let last = end.saturating_sub(1);
        self.pos = open + 1;
        let mut guard = 0usize;
        while self.pos < last && self.fatal.is_none() {
            guard += 1;
            if guard > end - open + 16 {
                break;
            }
            match self.kind() {
                TokenKind::Punct(Punct::LBrace | Punct::RBrace | Punct::Semi) => {
                    self.bump();
                    continue;
                }
                TokenKind::Ident(kw::ELSE | kw::DO) => {
                    self.bump();
                    continue;
                }
                // Labels (`case 512:`, `default:`, `retry:`) come before the statement
                // they label, which may be a launch.
                TokenKind::Ident(kw::CASE) => {
                    self.skip_case_label(last);
                    continue;
                }
                TokenKind::Ident(_) if self.peek_at(1).is_punct(Punct::Colon) => {
                    self.bump();
                    self.bump();
                    continue;
                }
                TokenKind::Ident(kw::FOR | kw::IF | kw::WHILE | kw::SWITCH)
                    if self.peek_at(1).is_punct(Punct::LParen) =>
                {
                    self.bump();
                    self.bump();
                    // `for (int i = 0; …)`: the initializer may declare a variable.
                    let stmt_end = self.statement_end(last);
                    if stmt_end > self.pos {
                        self.record_declaration(stmt_end, &mut vars, &mut consts);
                    }
                    self.skip_to_paren_close(last);
                    continue;
                }
                _ => {}
            }
            let stmt_end = self.statement_end(last);
            let has_launch = self.toks[self.pos..stmt_end]
                .iter()
                .any(|t| t.kind == TokenKind::LaunchOpen);
            if has_launch {
                let start = self.pos;
                if let Some(l) = self.speculate(|p| p.launch_statement(stmt_end, in_fn)) {
                    let mut l = l;
                    l.vars = self.arena.alloc_slice_copy(&vars);
                    l.consts = self.arena.alloc_slice_copy(&consts);
                    self.host_launches.push(l);
                }
                let _ = start;
            } else if self.toks[self.pos..stmt_end].iter().any(
                |t| matches!(t.kind, TokenKind::Ident(n) if self.launching_templates.contains(&n)),
            ) {
                match self.host_call_in(stmt_end, in_fn) {
                    Some(mut l) => {
                        l.vars = self.arena.alloc_slice_copy(&vars);
                        l.consts = self.arena.alloc_slice_copy(&consts);
                        self.host_launches.push(l);
                    }
                    None => self.record_declaration(stmt_end, &mut vars, &mut consts),
                }
            } else {
                self.record_declaration(stmt_end, &mut vars, &mut consts);
            }
            self.pos = stmt_end.max(self.pos + 1).min(last);
            if self.pos >= last {
                break;
            }
        }
        self.scopes.truncate(depth);
        self.pos = saved_pos;
    }

    /// The position of the `;` (or `{`/`}` starting or ending a block) that ends the
    /// statement at the cursor, parentheses and initializer braces skipped.
    fn statement_end(&self, last: usize) -> usize {
        let mut paren = 0usize;
        let mut brace = 0usize;
        let mut i = self.pos;
        while i < last {
            match self.toks[i].kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => paren += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    if paren == 0 {
                        return i;
                    }
                    paren -= 1;
                }
                TokenKind::Punct(Punct::Semi) if paren == 0 && brace == 0 => return i,
                TokenKind::Punct(Punct::LBrace) => {
                    // `= {…}` / `T x{…}` / `f({…})`: an initializer, not a block.
                    let init = i > self.pos
                        && (paren > 0
                            || matches!(
                                self.toks[i - 1].kind,
                                TokenKind::Punct(Punct::Assign | Punct::Comma)
                                    | TokenKind::Ident(_)
                            ));
                    if !init && brace == 0 {
                        return i;
                    }
                    brace += 1;
                }
                TokenKind::Punct(Punct::RBrace) => {
                    if brace == 0 {
                        return i;
                    }
                    brace -= 1;
                }
                _ => {}
            }
            i += 1;
        }
        last
    }

    /// Steps past `case expr :` (the `:` outside parentheses; `?:` in the expression
    /// pairs its own `:`).
    fn skip_case_label(&mut self, last: usize) {
        self.bump();
        let (mut paren, mut cond) = (0usize, 0usize);
        while self.pos < last {
            match self.bump().kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => paren += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    paren = paren.saturating_sub(1)
                }
                TokenKind::Punct(Punct::Question) => cond += 1,
                TokenKind::Punct(Punct::Colon) if cond > 0 => cond -= 1,
                TokenKind::Punct(Punct::Colon) if paren == 0 => return,
                _ => {}
            }
        }
    }

    /// Steps past the `)` closing the parenthesis the cursor is inside of.
    fn skip_to_paren_close(&mut self, last: usize) {
        let mut depth = 1usize;
        while self.pos < last {
            match self.bump().kind {
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Tries the statement at the cursor (ending at `stmt_end`) as a declaration and records
    /// the variables it declares. The cursor is left where it was.
    fn record_declaration(
        &mut self,
        stmt_end: usize,
        vars: &mut Vec<(Symbol, &'a TypeExpr<'a>)>,
        consts: &mut Vec<HostConst<'a>>,
    ) {
        let start = self.pos;
        let decls = self.speculate(|p| {
            if !p.at_decl_start() {
                return Err(super::Failed);
            }
            let mut out = Vec::new();
            p.declaration(DeclContext::Block, &mut out)?;
            if p.pos > stmt_end + 1 {
                return Err(super::Failed);
            }
            Ok(out)
        });
        for d in decls.unwrap_or_default() {
            if let Decl::Var(v) = d {
                vars.push((v.name, v.ty));
                let is_const = v.specs.is_constexpr
                    || matches!(v.ty, TypeExpr::Qualified { quals, .. } if quals.is_const);
                if let (true, Some(Init::Expr(e))) = (is_const, &v.init) {
                    consts.push((v.name, v.ty, e));
                }
            }
        }
        self.pos = start;
    }

    /// `name<args><<<config>>>(args);` at the cursor.
    fn launch_statement(&mut self, stmt_end: usize, in_fn: Span) -> super::PResult<HostLaunch<'a>> {
        let start = self.span();
        let kernel = self.qual_name()?;
        if !self.at_launch_open() {
            return Err(super::Failed);
        }
        // The configuration is host code: skipped.
        while self.pos < stmt_end && self.kind() != TokenKind::LaunchClose {
            self.bump();
        }
        if self.kind() != TokenKind::LaunchClose {
            return Err(super::Failed);
        }
        self.bump();
        self.expect(Punct::LParen, "after the launch configuration")?;
        let args = self.speculate(|p| p.call_args());
        let span = start.to(self.prev_span());
        Ok(HostLaunch {
            kernel,
            args,
            vars: &[],
            consts: &[],
            in_fn,
            span,
            host_call: false,
            object: None,
        })
    }

    /// A call of a launching host function template in the statement at the cursor: the
    /// whole statement (`run<float>(d, n);`), else a call inside it (`failures +=
    /// runTest<uint8>(1, size);`, `int r = run<T>(…);`, `return run(…);`), the first one
    /// that parses. The cursor is left where it was.
    fn host_call_in(&mut self, stmt_end: usize, in_fn: Span) -> Option<HostLaunch<'a>> {
        let start = self.pos;
        if let Some(l) = self.speculate(|p| p.host_call_statement(stmt_end, in_fn, true)) {
            self.pos = start;
            return Some(l);
        }
        let mut found = None;
        for i in start + 1..stmt_end {
            let TokenKind::Ident(n) = self.toks[i].kind else {
                continue;
            };
            if !self.launching_templates.contains(&n) {
                continue;
            }
            // `obj.f(…)` / `p->f(…)` starts at the object.
            let member = i >= start + 2
                && (self.toks[i - 1].is_punct(Punct::Dot)
                    || self.toks[i - 1].is_punct(Punct::Arrow))
                && matches!(self.toks[i - 2].kind, TokenKind::Ident(_));
            self.pos = if member { i - 2 } else { i };
            found = self.speculate(|p| p.host_call_statement(stmt_end, in_fn, false));
            if found.is_some() {
                break;
            }
        }
        self.pos = start;
        found
    }

    /// `name<args>(args)` at the cursor, `name` a launching host function template; with
    /// `whole`, it must be the whole statement.
    fn host_call_statement(
        &mut self,
        stmt_end: usize,
        in_fn: Span,
        whole: bool,
    ) -> super::PResult<HostLaunch<'a>> {
        let start = self.span();
        // `obj.f(args)` / `p->f(args)`: a member function template.
        let object = if matches!(self.kind(), TokenKind::Ident(_))
            && (self.peek_at(1).is_punct(Punct::Dot) || self.peek_at(1).is_punct(Punct::Arrow))
        {
            let t = self.bump();
            let TokenKind::Ident(n) = t.kind else {
                return Err(super::Failed);
            };
            let arrow = self.bump().is_punct(Punct::Arrow);
            let e = self.mk(crate::ast::ExprKind::Ident(n), t.span);
            Some(if arrow {
                self.mk(
                    crate::ast::ExprKind::Unary {
                        op: crate::ast::UnaryOp::Deref,
                        expr: e,
                    },
                    t.span,
                )
            } else {
                e
            })
        } else {
            None
        };
        let callee = self.qual_name()?;
        let name = match callee.last() {
            crate::ast::NameSeg::TemplateId { name, .. } => *name,
            seg => seg.ident().ok_or(super::Failed)?,
        };
        if !self.launching_templates.contains(&name) {
            return Err(super::Failed);
        }
        self.expect(Punct::LParen, "after a function name")?;
        let args = self.call_args()?;
        if whole && self.pos != stmt_end || self.pos > stmt_end {
            return Err(super::Failed);
        }
        Ok(HostLaunch {
            kernel: callee,
            args: Some(args),
            vars: &[],
            consts: &[],
            in_fn,
            span: start.to(self.prev_span()),
            host_call: true,
            object,
        })
    }

    fn at_launch_open(&self) -> bool {
        self.kind() == TokenKind::LaunchOpen
    }
}
