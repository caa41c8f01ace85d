//! Reading tokens and expanding macros.
//!
//! `next_raw` takes the next token from the input stack (handling directives met at the
//! start of a line of a file, and skipping inactive `#if` branches); `next_expanded` does
//! macro expansion on top of it. An expansion is pushed as a new source on the stack, so
//! its tokens are rescanned together with the rest of the input (which is how a
//! function-like macro's name in one expansion can take its arguments from the file).
//! Arguments are collected unexpanded, and fully expanded on first use in isolation
//! (`expand_list`), as C requires.

use std::rc::Rc;

use super::macros::{Builtin, Macro, MacroKind};
use super::subst::Args;
use super::{Expansion, FileSrc, Guard, PpTok, Preprocessor, Src, MAX_ARG_DEPTH};
use crate::diag::Diag;
use crate::intern::Symbol;
use crate::lex::{Punct, Token, TokenKind};
use crate::source::{FileId, Span};

impl Preprocessor<'_, '_> {
    /// Pushes tokens to be read next: the expansion of macro `expanding` (disabled until
    /// the buffer is popped), or other synthesized tokens.
    pub(super) fn push_src(&mut self, toks: Vec<PpTok>, expanding: Option<Symbol>) {
        if toks.is_empty() {
            self.recycle(toks);
            return;
        }
        self.work += toks.len() as u64;
        if self.work > self.ctx.work_limit {
            let span = toks[0].tok.span;
            self.recycle(toks);
            self.halt(span);
            return;
        }
        if let Some(m) = expanding {
            let i = m.0 as usize;
            if i >= self.disabled.len() {
                self.disabled.resize(i + 1, 0);
            }
            self.disabled[i] += 1;
        }
        self.stack.push(Src::Toks {
            toks,
            pos: 0,
            expanding,
        });
    }

    /// Pops the top source, which must be a token buffer, re-enabling its macro.
    fn pop_toks(&mut self) {
        if let Some(Src::Toks {
            toks, expanding, ..
        }) = self.stack.pop()
        {
            if let Some(m) = expanding {
                self.disabled[m.0 as usize] -= 1;
            }
            self.recycle(toks);
        }
    }

    /// Puts back an input stack saved by `take_stack`, closing what is left above it.
    pub(super) fn restore_stack(&mut self, saved: Vec<Src>) {
        while matches!(self.stack.last(), Some(Src::Toks { .. })) {
            self.pop_toks();
        }
        self.stack = saved;
    }

    fn is_disabled(&self, name: Symbol) -> bool {
        self.disabled.get(name.0 as usize).is_some_and(|&n| n > 0)
    }

    /// Starts reading a file (lexing it on first use).
    pub(super) fn push_file(&mut self, file: FileId) {
        let toks = match self.lexed.get(&file) {
            Some(t) => t.clone(),
            None => {
                let ctx = &mut *self.ctx;
                let src = ctx.sources.file(file);
                let cached = match src.name.strip_prefix("<oxicc>/") {
                    Some(name)
                        if self.header_cache
                            && self
                                .file_info
                                .get(&file)
                                .is_some_and(|i| i.origin == super::Origin::Builtin) =>
                    {
                        super::header_cache::cached_tokens(name, file)
                    }
                    _ => None,
                };
                let v =
                    cached.unwrap_or_else(|| crate::lex::lex_file(file, &src.text, ctx.interner));
                let rc = Rc::new(v);
                self.lexed.insert(file, rc.clone());
                rc
            }
        };
        self.stack.push(Src::File(FileSrc {
            file,
            toks,
            pos: 0,
            cond_base: self.conds.len(),
            guard: Guard::Start,
        }));
        self.files_open += 1;
    }

    /// Ends the file on top of the stack (at its `Eof`).
    fn end_file(&mut self) {
        let Some(Src::File(f)) = self.stack.pop() else {
            return;
        };
        self.files_open -= 1;
        while self.conds.len() > f.cond_base {
            let c = self.conds.pop().expect("checked length");
            self.ctx.diags.error(
                c.span,
                "unterminated conditional directive (missing #endif)",
            );
        }
        if let Guard::After(name) = f.guard {
            self.guards.insert(f.file, name);
        }
    }

    /// True while the current `#if` branch is not taken.
    pub(super) fn skipping(&self) -> bool {
        self.conds
            .last()
            .is_some_and(|c| c.state != super::CondState::Taking)
    }

    /// The file being read (the topmost file source), if any.
    pub(super) fn current_file(&self) -> Option<FileId> {
        self.stack.iter().rev().find_map(|s| match s {
            Src::File(f) => Some(f.file),
            Src::Toks { .. } => None,
        })
    }

    /// Counts `n` units of work (bytes of a pasted or stringized token); false (after the
    /// error) once the work limit is passed.
    pub(super) fn charge(&mut self, n: usize, span: Span) -> bool {
        self.work += n as u64;
        if self.work > self.ctx.work_limit {
            self.halt(span);
            return false;
        }
        true
    }

    fn halt(&mut self, span: Span) {
        if !self.halted {
            self.halted = true;
            self.ctx.diags.error(
                span,
                "preprocessing stopped: the input expands to too many tokens (macro or include recursion?)",
            );
        }
    }

    /// The next token before macro expansion. File `Eof`s are returned (after the file is
    /// closed); `None` means the stack is empty (or preprocessing was halted).
    pub(super) fn next_raw(&mut self) -> Option<PpTok> {
        loop {
            if self.halted {
                return None;
            }
            let skipping = self.skipping();
            match self.stack.last_mut()? {
                Src::Toks { toks, pos, .. } => {
                    if let Some(t) = toks.get(*pos) {
                        *pos += 1;
                        return Some(*t);
                    }
                    self.pop_toks();
                }
                Src::File(f) => {
                    // Files end with `Eof`, and `pos` never moves past it.
                    let t = f.toks[f.pos];
                    if t.kind == TokenKind::Eof {
                        self.end_file();
                        return Some(PpTok::new(t));
                    }
                    f.pos += 1;
                    self.work += 1;
                    if self.work > self.ctx.work_limit {
                        self.halt(t.span);
                        return None;
                    }
                    if t.line_start && t.is_punct(Punct::Hash) {
                        self.directive(t);
                        continue;
                    }
                    if skipping {
                        if t.kind == TokenKind::Unknown(self.names.slash_star) {
                            // The parser never sees skipped tokens: report it here.
                            self.ctx.diags.error(t.span, "unterminated comment");
                        }
                        continue;
                    }
                    if matches!(f.guard, Guard::Start | Guard::After(_)) {
                        f.guard = Guard::No;
                    }
                    return Some(PpTok::new(t));
                }
            }
        }
    }

    /// True when the next raw token is `(` (looking through finished expansions, but not
    /// past the end of a file).
    fn peek_is_lparen(&self) -> bool {
        for src in self.stack.iter().rev() {
            match src {
                Src::Toks { toks, pos, .. } => {
                    if let Some(t) = toks.get(*pos) {
                        return t.tok.is_punct(Punct::LParen);
                    }
                }
                Src::File(f) => return f.toks[f.pos].is_punct(Punct::LParen),
            }
        }
        false
    }

    /// The next token after macro expansion; `None` at the end of the input.
    pub(super) fn next_expanded(&mut self) -> Option<PpTok> {
        loop {
            let mut t = self.next_raw()?;
            let TokenKind::Ident(name) = t.tok.kind else {
                return Some(t);
            };
            if t.no_expand {
                return Some(t);
            }
            let Some(m) = self.macro_of(name) else {
                return Some(t);
            };
            if self.in_if && self.names.is_if_operator(name) {
                return Some(t);
            }
            if self.is_disabled(name) {
                // Painted blue: stays unexpandable wherever it goes.
                t.no_expand = true;
                return Some(t);
            }
            match m.kind {
                MacroKind::Object => self.expand_object(&m, t),
                MacroKind::Function => {
                    if !self.peek_is_lparen() {
                        return Some(t);
                    }
                    self.expand_function(&m, t);
                }
                MacroKind::Builtin(b) => {
                    if let Some(r) = self.expand_builtin(b, t) {
                        return Some(r);
                    }
                }
            }
        }
    }

    fn new_expansion(&mut self, m: &Macro, name: &Token) -> u32 {
        self.expansions.push(Expansion {
            name: m.name,
            def_span: m.def_span,
            use_span: name.span,
            parent: name.expansion,
        });
        self.expansions.len() as u32 - 1
    }

    /// A body token as it appears in an expansion: at the macro use, in expansion `exp`.
    pub(super) fn body_tok(body: &Token, name: &Token, exp: u32) -> PpTok {
        PpTok {
            tok: Token {
                kind: body.kind,
                span: name.span,
                leading_space: body.leading_space,
                line_start: false,
                joined_next: body.joined_next,
                expansion: exp,
            },
            no_expand: false,
        }
    }

    fn expand_object(&mut self, m: &Macro, name: PpTok) {
        let exp = self.new_expansion(m, &name.tok);
        let mut out = self.take_buf();
        if m.needs_subst {
            let mut args = Args::default();
            self.subst(m, 0..m.body.len(), &mut args, &mut out, exp, &name.tok);
        } else {
            out.extend(m.body.iter().map(|b| Self::body_tok(b, &name.tok, exp)));
        }
        self.finish_expansion(out, m.name, &name.tok);
    }

    fn finish_expansion(&mut self, mut out: Vec<PpTok>, macro_name: Symbol, name: &Token) {
        if let Some(first) = out.first_mut() {
            first.tok.leading_space = name.leading_space;
            // Only for layout (`tokens_to_text`); directives are recognized in files only.
            first.tok.line_start = name.line_start;
        }
        self.push_src(out, Some(macro_name));
    }

    fn expand_function(&mut self, m: &Macro, name: PpTok) {
        let _lparen = self.next_raw();
        let Some(mut args) = self.collect_args(m, &name) else {
            return;
        };
        let exp = self.new_expansion(m, &name.tok);
        let mut out = self.take_buf();
        self.subst(m, 0..m.body.len(), &mut args, &mut out, exp, &name.tok);
        self.finish_expansion(out, m.name, &name.tok);
    }

    /// Collects the arguments of a function-like macro call (the `(` is consumed), or
    /// returns `None` after reporting an error.
    fn collect_args(&mut self, m: &Macro, name: &PpTok) -> Option<Args> {
        let nparams = m.params.len();
        let mut args = Args::default();
        let mut start = 0;
        let mut depth = 0u32;
        loop {
            let Some(mut t) = self.next_raw() else {
                self.unterminated_call(m, name);
                return None;
            };
            match t.tok.kind {
                TokenKind::Eof => {
                    self.unterminated_call(m, name);
                    // Deliver the end of the file to the main loop again.
                    let mut v = self.take_buf();
                    v.push(t);
                    self.push_src(v, None);
                    return None;
                }
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) => {
                    if depth == 0 {
                        args.ranges.push((start, args.toks.len()));
                        break;
                    }
                    depth -= 1;
                }
                TokenKind::Punct(Punct::Comma)
                    if depth == 0 && !(m.variadic && args.ranges.len() + 1 >= nparams) =>
                {
                    args.ranges.push((start, args.toks.len()));
                    start = args.toks.len();
                    continue;
                }
                _ => {}
            }
            // A newline inside the arguments is whitespace.
            if t.tok.line_start {
                t.tok.line_start = false;
                t.tok.leading_space = true;
            }
            args.toks.push(t);
        }
        let given = args.ranges.len();
        let macro_name = self.ctx.interner.resolve(m.name).to_string();
        if !m.variadic {
            if nparams == 0 && given == 1 && args.ranges[0].0 == args.ranges[0].1 {
                args.ranges.clear();
            } else if given != nparams {
                let msg = if given > nparams {
                    format!(
                        "macro \"{macro_name}\" passed {given} arguments, but takes just {nparams}"
                    )
                } else {
                    format!(
                        "macro \"{macro_name}\" requires {nparams} arguments, but only {given} given"
                    )
                };
                self.arg_count_error(m, name, msg);
                return None;
            }
        } else if given + 1 == nparams {
            // The variable arguments were left out entirely.
            let end = args.toks.len();
            args.ranges.push((end, end));
            args.va_omitted = true;
        } else if nparams == 1 && args.ranges[0].0 == args.ranges[0].1 {
            // `F()` for `F(...)`: gcc (GNU mode, as nvcc runs it) counts this as left out.
            args.va_omitted = true;
        } else if given < nparams {
            let msg = format!(
                "macro \"{macro_name}\" requires at least {} arguments, but only {given} given",
                nparams - 1
            );
            self.arg_count_error(m, name, msg);
            return None;
        }
        Some(args)
    }

    /// A wrong number of arguments, with gcc's note at the definition.
    fn arg_count_error(&mut self, m: &Macro, name: &PpTok, msg: String) {
        let note = format!(
            "macro \"{}\" defined here",
            self.ctx.interner.resolve(m.name)
        );
        let d = Diag::error(name.tok.span, msg).with_note(m.def_span, note);
        self.report(d, name.tok.expansion);
    }

    fn unterminated_call(&mut self, m: &Macro, name: &PpTok) {
        let msg = format!(
            "unterminated argument list invoking macro \"{}\"",
            self.ctx.interner.resolve(m.name)
        );
        self.error_at(&name.tok, msg);
    }

    /// Fully macro-expands a token list in isolation (a macro argument, an `#if` line).
    pub(super) fn expand_list(&mut self, raw: &[PpTok]) -> Vec<PpTok> {
        // Fast path: nothing in the list can expand.
        let expandable = raw.iter().any(|t| match t.tok.kind {
            TokenKind::Ident(s) => !t.no_expand && self.may_be_macro(s),
            _ => false,
        });
        if !expandable {
            return raw.to_vec();
        }
        if self.arg_depth >= MAX_ARG_DEPTH {
            if let Some(t) = raw.first() {
                let d = Diag::error(t.tok.span, "macro arguments nested too deeply");
                self.report(d, t.tok.expansion);
            }
            self.halted = true;
            return raw.to_vec();
        }
        self.arg_depth += 1;
        let saved = std::mem::take(&mut self.stack);
        let mut buf = self.take_buf();
        buf.extend_from_slice(raw);
        self.push_src(buf, None);
        let mut out = Vec::with_capacity(raw.len());
        while let Some(t) = self.next_expanded() {
            out.push(t);
        }
        self.restore_stack(saved);
        self.arg_depth -= 1;
        out
    }

    /// Expands a dynamic macro. Returns the token to hand on, or `None` when the result
    /// was pushed to the input (or there is none).
    fn expand_builtin(&mut self, b: Builtin, t: PpTok) -> Option<PpTok> {
        let kind = match b {
            Builtin::Line => {
                let line = self.logical_line(t.tok.span).0;
                TokenKind::Number(self.ctx.interner.intern(&line.to_string()))
            }
            Builtin::File => {
                let name = self.logical_line(t.tok.span).1;
                TokenKind::Str(self.ctx.interner.intern(&quote(&name)))
            }
            Builtin::BaseFile => {
                let name = quote(&self.ctx.sources.file(self.main).name);
                TokenKind::Str(self.ctx.interner.intern(&name))
            }
            Builtin::Counter => {
                let n = self.counter;
                self.counter += 1;
                TokenKind::Number(self.ctx.interner.intern(&n.to_string()))
            }
            Builtin::IncludeLevel => {
                let n = self.files_open.saturating_sub(1);
                TokenKind::Number(self.ctx.interner.intern(&n.to_string()))
            }
            // Fixed, so that output is deterministic.
            Builtin::Date => TokenKind::Str(self.ctx.interner.intern("\"Jan  1 1970\"")),
            Builtin::Time => TokenKind::Str(self.ctx.interner.intern("\"00:00:00\"")),
            Builtin::Pragma => {
                self.pragma_operator(t);
                return None;
            }
            Builtin::IfOnly => {
                // gcc's wording.
                let msg = format!(
                    "\"{}\" used outside of preprocessing directive",
                    crate::lex::spelling(&t.tok, self.ctx.interner)
                );
                self.error_at(&t.tok, msg);
                return Some(t);
            }
            Builtin::HasAttributeOp | Builtin::HasCppAttributeOp | Builtin::HasBuiltinOp => {
                let v = self.feature_test_value(&t, b)?;
                TokenKind::Number(self.ctx.interner.intern(&v.to_string()))
            }
        };
        let mut r = t;
        r.tok.kind = kind;
        Some(r)
    }

    /// `_Pragma ( string-literal )`: destringizes the operand and runs it as `#pragma`. The
    /// operand is macro-expanded first, as gcc and clang do: CCCL writes
    /// `_Pragma(_CCCL_TO_STRING(x))`.
    fn pragma_operator(&mut self, at: PpTok) {
        if !self.peek_is_lparen() {
            self.error_at(&at.tok, "_Pragma takes a parenthesized string literal");
            return;
        }
        let _lparen = self.next_raw();
        let mut text = None;
        if let Some(s) = self.next_expanded() {
            if let TokenKind::Str(sym) = s.tok.kind {
                text = Some(destringize(self.ctx.interner.resolve(sym)));
            } else if s.tok.kind == TokenKind::Eof {
                self.push_src(vec![s], None);
            }
        }
        let closed = text.is_some() && {
            let r = self.next_expanded();
            match r {
                Some(r) if r.tok.is_punct(Punct::RParen) => true,
                Some(r) => {
                    if r.tok.kind == TokenKind::Eof {
                        self.push_src(vec![r], None);
                    }
                    false
                }
                None => false,
            }
        };
        let Some(text) = text.filter(|_| closed) else {
            self.error_at(&at.tok, "_Pragma takes a parenthesized string literal");
            return;
        };
        let mut line = crate::lex::lex_str(&text, self.ctx.interner);
        line.pop(); // Eof
        for t in &mut line {
            t.span = at.tok.span;
            t.expansion = at.tok.expansion;
            t.line_start = false;
        }
        self.pragma(&line, &at.tok);
    }

    /// `(line, file name)` of a span, after `#line` remapping.
    pub(super) fn logical_line(&self, span: Span) -> (u32, String) {
        let file = self.ctx.sources.file(span.file);
        let (name, line) = file.presumed_line(file.line_col(span.start).0);
        (line, name.to_string())
    }
}

/// `s` as a string literal (for `__FILE__`).
pub(super) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The operand of `_Pragma`: prefix and quotes removed, `\"` and `\\` unescaped.
fn destringize(lit: &str) -> String {
    let start = lit.find('"').map_or(0, |i| i + 1);
    let end = lit.rfind('"').filter(|&e| e >= start).unwrap_or(lit.len());
    let body = &lit[start..end];
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"') | Some('\\')) {
            out.push(chars.next().expect("peeked"));
        } else {
            out.push(c);
        }
    }
    out
}
