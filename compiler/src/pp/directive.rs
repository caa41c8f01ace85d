//! Directives: `#define #undef #include #include_next #if #ifdef #ifndef #elif #elifdef
//! #elifndef #else #endif #line #error #warning #pragma`, the GNU line marker `# 12 "f"`,
//! and the null directive.
//!
//! A directive is the rest of the line after a `#` that starts a line of a file. In a
//! skipped `#if` branch only the conditional directives are looked at. `#pragma unroll N`
//! becomes the tokens `__pragma_unroll ( N ) ;` (never macro-expanded, as nvcc does not
//! expand them either); `#pragma once`, `push_macro`/`pop_macro` and `GCC error/warning`
//! are handled here; other pragmas are dropped.

use std::rc::Rc;

use super::macros::{parse_define, MacroKind};
use super::{Cond, CondState, Guard, PpTok, Preprocessor, Src, MAX_INCLUDE_DEPTH};
use crate::diag::Diag;
use crate::lex::{spelling, Punct, Token, TokenKind};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Directive {
    Define,
    Undef,
    Include,
    IncludeNext,
    If,
    Ifdef,
    Ifndef,
    Elif,
    Elifdef,
    Elifndef,
    Else,
    Endif,
    Line,
    Error,
    Warning,
    Pragma,
    Ignored,
    Unknown,
}

impl Preprocessor<'_, '_> {
    /// Handles the directive whose `#` (`hash`) was just read from the top file source.
    pub(super) fn directive(&mut self, hash: Token) {
        let (toks, start, end) = {
            let Some(Src::File(f)) = self.stack.last_mut() else {
                return;
            };
            let start = f.pos;
            let mut end = start;
            while !f.toks[end].line_start {
                end += 1;
            }
            f.pos = end;
            (f.toks.clone(), start, end)
        };
        let line = &toks[start..end];
        // The parser never sees directive lines: report a comment that swallowed the rest
        // of the file here.
        if let Some(t) = line
            .iter()
            .find(|t| t.kind == TokenKind::Unknown(self.names.slash_star))
        {
            self.ctx.diags.error(t.span, "unterminated comment");
        }
        let skipping = self.skipping();
        let Some(first) = line.first() else {
            return; // the null directive
        };
        let kind = match first.kind {
            TokenKind::Ident(s) => match self.ctx.interner.resolve(s) {
                "define" => Directive::Define,
                "undef" => Directive::Undef,
                "include" | "import" => Directive::Include,
                "include_next" => Directive::IncludeNext,
                "if" => Directive::If,
                "ifdef" => Directive::Ifdef,
                "ifndef" => Directive::Ifndef,
                "elif" => Directive::Elif,
                "elifdef" => Directive::Elifdef,
                "elifndef" => Directive::Elifndef,
                "else" => Directive::Else,
                "endif" => Directive::Endif,
                "line" => Directive::Line,
                "error" => Directive::Error,
                "warning" => Directive::Warning,
                "pragma" => Directive::Pragma,
                "ident" | "sccs" | "assert" | "unassert" => Directive::Ignored,
                _ => Directive::Unknown,
            },
            // GNU line marker: `# 12 "file"`.
            TokenKind::Number(_) => Directive::Line,
            _ => Directive::Unknown,
        };
        let is_cond = matches!(
            kind,
            Directive::If
                | Directive::Ifdef
                | Directive::Ifndef
                | Directive::Elif
                | Directive::Elifdef
                | Directive::Elifndef
                | Directive::Else
                | Directive::Endif
        );
        if skipping && !is_cond {
            return;
        }
        self.track_guard(kind, line);
        let rest = &line[1..];
        let args = if kind == Directive::Line && matches!(first.kind, TokenKind::Number(_)) {
            line
        } else {
            rest
        };
        match kind {
            Directive::Define => self.do_define(rest, first),
            Directive::Undef => self.do_undef(rest, first),
            Directive::Include => self.do_include(rest, first, false),
            Directive::IncludeNext => self.do_include(rest, first, true),
            Directive::If | Directive::Ifdef | Directive::Ifndef => {
                let take = if skipping {
                    None
                } else {
                    Some(self.cond_value(kind, rest, first))
                };
                let state = match take {
                    None => CondState::Done,
                    Some(true) => CondState::Taking,
                    Some(false) => CondState::Seeking,
                };
                self.conds.push(Cond {
                    span: first.span,
                    state,
                    seen_else: false,
                });
            }
            Directive::Elif | Directive::Elifdef | Directive::Elifndef => {
                let Some(c) = self.open_cond(first, "#elif without #if") else {
                    return;
                };
                if c.seen_else {
                    self.after_else(first, "#elif after #else", c.span);
                }
                let state = match c.state {
                    CondState::Taking | CondState::Done => CondState::Done,
                    CondState::Seeking => {
                        if self.cond_value(kind, rest, first) {
                            CondState::Taking
                        } else {
                            CondState::Seeking
                        }
                    }
                };
                self.conds.last_mut().expect("open").state = state;
            }
            Directive::Else => {
                let Some(c) = self.open_cond(first, "#else without #if") else {
                    return;
                };
                if c.seen_else {
                    self.after_else(first, "#else after #else", c.span);
                }
                let top = self.conds.last_mut().expect("open");
                top.seen_else = true;
                top.state = match c.state {
                    CondState::Seeking => CondState::Taking,
                    _ => CondState::Done,
                };
                if !skipping && !rest.is_empty() {
                    self.warning_at(&rest[0], "extra tokens at end of #else directive");
                }
            }
            Directive::Endif => {
                if self.open_cond(first, "#endif without #if").is_none() {
                    return;
                }
                self.conds.pop();
                if !self.skipping() && !rest.is_empty() {
                    self.warning_at(&rest[0], "extra tokens at end of #endif directive");
                }
            }
            Directive::Line => self.do_line(args, first),
            Directive::Error | Directive::Warning => {
                let text = self.line_text(rest);
                let word = if kind == Directive::Error {
                    "#error"
                } else {
                    "#warning"
                };
                let msg = if text.is_empty() {
                    word.to_string()
                } else {
                    format!("{word} {text}")
                };
                if kind == Directive::Error {
                    self.ctx.diags.error(first.span, msg);
                } else {
                    self.ctx.diags.warning(first.span, msg);
                }
            }
            Directive::Pragma => self.pragma(rest, first),
            Directive::Ignored => {}
            Directive::Unknown => {
                let name = spelling(first, self.ctx.interner).to_string();
                self.ctx.diags.push(Diag::error(
                    hash.span.to(first.span),
                    format!("invalid preprocessing directive #{name}"),
                ));
            }
        }
    }

    /// `#else`/`#elif` after `#else`, with gcc's note at the `#if`.
    fn after_else(&mut self, at: &Token, msg: &str, cond: crate::source::Span) {
        let d = Diag::error(at.span, msg).with_note(cond, "the conditional began here");
        self.report(d, at.expansion);
    }

    /// The innermost open conditional of the current file, or an error `msg`.
    fn open_cond(&mut self, at: &Token, msg: &str) -> Option<Cond> {
        let base = match self.stack.last() {
            Some(Src::File(f)) => f.cond_base,
            _ => 0,
        };
        if self.conds.len() <= base {
            self.error_at(at, msg);
            return None;
        }
        self.conds.last().copied()
    }

    /// Updates the include-guard detection of the current file for directive `kind`.
    fn track_guard(&mut self, kind: Directive, line: &[Token]) {
        let depth = self.conds.len();
        let Some(Src::File(f)) = self.stack.last_mut() else {
            return;
        };
        f.guard = match (f.guard, kind) {
            (Guard::Start, Directive::Ifndef) => match line.get(1).and_then(|t| t.ident()) {
                Some(name) if line.len() == 2 => Guard::Inside(name, depth + 1),
                _ => Guard::No,
            },
            (Guard::Start | Guard::After(_), _) => Guard::No,
            (Guard::Inside(name, d), Directive::Endif) if depth == d => Guard::After(name),
            (
                Guard::Inside(_, d),
                Directive::Else | Directive::Elif | Directive::Elifdef | Directive::Elifndef,
            ) if depth == d => Guard::No,
            (g, _) => g,
        };
    }

    /// The value of the condition of `#if`/`#ifdef`/`#ifndef`/`#elif…`.
    fn cond_value(&mut self, kind: Directive, rest: &[Token], at: &Token) -> bool {
        match kind {
            Directive::If | Directive::Elif => self.eval_if(rest, at),
            _ => {
                let Some(name) = rest.first() else {
                    let msg = format!(
                        "no macro name given in #{} directive",
                        spelling(at, self.ctx.interner)
                    );
                    self.error_at(at, msg);
                    return false;
                };
                let Some(sym) = name.ident() else {
                    self.error_at(name, "macro names must be identifiers");
                    return false;
                };
                if let Some(extra) = rest.get(1) {
                    self.warning_at(extra, "extra tokens at end of conditional directive");
                }
                let defined = self.is_defined(sym);
                match kind {
                    Directive::Ifdef | Directive::Elifdef => defined,
                    _ => !defined,
                }
            }
        }
    }

    /// The source text of a directive's tokens (for `#error`), as written.
    fn line_text(&self, toks: &[Token]) -> String {
        let (Some(a), Some(b)) = (toks.first(), toks.last()) else {
            return String::new();
        };
        let text = &self.ctx.sources.file(a.span.file).text;
        text.get(a.span.start as usize..b.span.end as usize)
            .unwrap_or("")
            .to_string()
    }

    fn do_define(&mut self, rest: &[Token], at: &Token) {
        let m = match parse_define(rest, at.span, self.ctx.interner) {
            Ok(m) => m,
            Err((span, msg)) => {
                self.ctx.diags.error(span, msg);
                return;
            }
        };
        if let Some(old) = self.macro_of(m.name) {
            let name = self.ctx.interner.resolve(m.name).to_string();
            if let MacroKind::Builtin(_) = old.kind {
                self.ctx
                    .diags
                    .warning(m.def_span, format!("\"{name}\" redefined"));
            } else if !old.same_as(&m) {
                let mut d = Diag::warning(m.def_span, format!("\"{name}\" redefined"));
                // gcc's own macros (defined lazily) have no location to show.
                if old.def_span != crate::source::Span::default() {
                    d = d.with_note(
                        old.def_span,
                        "this is the location of the previous definition",
                    );
                }
                self.ctx.diags.push(d);
            }
        }
        self.set_macro(m.name, Some(Rc::new(m)));
    }

    fn do_undef(&mut self, rest: &[Token], at: &Token) {
        let Some(name) = rest.first() else {
            self.error_at(at, "no macro name given in #undef directive");
            return;
        };
        let Some(sym) = name.ident() else {
            self.error_at(name, "macro names must be identifiers");
            return;
        };
        if let Some(extra) = rest.get(1) {
            self.warning_at(extra, "extra tokens at end of #undef directive");
        }
        if let Some(MacroKind::Builtin(_)) = self.macro_of(sym).map(|m| m.kind) {
            let msg = format!("undefining \"{}\"", self.ctx.interner.resolve(sym));
            self.warning_at(name, msg);
        }
        self.set_macro(sym, None);
    }

    fn do_include(&mut self, rest: &[Token], at: &Token, next: bool) {
        let Some((name, angled, span)) = self.header_name(rest, at) else {
            return;
        };
        if self.files_open >= MAX_INCLUDE_DEPTH {
            self.ctx.diags.error(
                span,
                format!("#include nested too deeply (more than {MAX_INCLUDE_DEPTH} levels)"),
            );
            return;
        }
        let includer = self.current_file().unwrap_or(self.main);
        let after = if next {
            self.include_next_start(includer)
        } else {
            None
        };
        let Some(id) = self.resolve_include(&name, angled, includer, after) else {
            self.ctx.diags.error(
                span,
                // gcc's wording (nvcc runs gcc to preprocess).
                format!("{name}: No such file or directory"),
            );
            return;
        };
        let included = self.ctx.sources.file_mut(id);
        if included.included_from.is_none() && id != self.main {
            included.included_from = Some(span);
        }
        if self.once.contains(&id) {
            return;
        }
        if let Some(&g) = self.guards.get(&id) {
            if self.is_defined(g) {
                return;
            }
        }
        self.push_file(id);
    }

    /// Parses the operand of `#include`: `"name"`, `<name>`, or macros expanding to one.
    /// Returns the name, whether it was `<…>`, and the span to report problems at.
    fn header_name(
        &mut self,
        rest: &[Token],
        at: &Token,
    ) -> Option<(String, bool, crate::source::Span)> {
        let Some(first) = rest.first() else {
            self.error_at(at, "#include expects \"FILENAME\" or <FILENAME>");
            return None;
        };
        // Written directly: take the text between `<` and `>` as it is in the file.
        if first.is_punct(Punct::Lt) {
            let Some(gt) = rest.iter().position(|t| t.is_punct(Punct::Gt)) else {
                self.error_at(first, "missing terminating > character");
                return None;
            };
            let text = &self.ctx.sources.file(first.span.file).text;
            let name = text
                .get(first.span.end as usize..rest[gt].span.start as usize)
                .unwrap_or("")
                .to_string();
            if let Some(extra) = rest.get(gt + 1) {
                self.warning_at(extra, "extra tokens at end of #include directive");
            }
            return self.check_header_name(name, true, first.span.to(rest[gt].span), at);
        }
        if let TokenKind::Str(s) = first.kind {
            if let Some(extra) = rest.get(1) {
                self.warning_at(extra, "extra tokens at end of #include directive");
            }
            let lit = self.ctx.interner.resolve(s);
            let Some(name) = lit.strip_prefix('"').and_then(|x| x.strip_suffix('"')) else {
                self.error_at(first, "#include expects \"FILENAME\" or <FILENAME>");
                return None;
            };
            return self.check_header_name(name.to_string(), false, first.span, at);
        }
        // Computed include: expand, then look again.
        let raw: Vec<PpTok> = rest.iter().map(|t| PpTok::new(*t)).collect();
        let expanded = self.expand_list(&raw);
        self.header_name_from_tokens(&expanded, at)
    }

    /// A header name from macro-expanded tokens (spelled back into text).
    pub(super) fn header_name_from_tokens(
        &mut self,
        toks: &[PpTok],
        at: &Token,
    ) -> Option<(String, bool, crate::source::Span)> {
        let Some(first) = toks.first() else {
            self.error_at(at, "#include expects \"FILENAME\" or <FILENAME>");
            return None;
        };
        if let TokenKind::Str(s) = first.tok.kind {
            let lit = self.ctx.interner.resolve(s);
            if let Some(name) = lit.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                let name = name.to_string();
                return self.check_header_name(name, false, first.tok.span, at);
            }
        }
        if first.tok.is_punct(Punct::Lt) {
            let mut name = String::new();
            for (k, t) in toks[1..].iter().enumerate() {
                if t.tok.is_punct(Punct::Gt) {
                    return self.check_header_name(name, true, first.tok.span, at);
                }
                if k > 0 && t.tok.leading_space {
                    name.push(' ');
                }
                name.push_str(spelling(&t.tok, self.ctx.interner));
            }
            self.error_at(&first.tok, "missing terminating > character");
            return None;
        }
        self.error_at(&first.tok, "#include expects \"FILENAME\" or <FILENAME>");
        None
    }

    fn check_header_name(
        &mut self,
        name: String,
        angled: bool,
        span: crate::source::Span,
        at: &Token,
    ) -> Option<(String, bool, crate::source::Span)> {
        if name.is_empty() {
            self.error_at(at, "empty filename in #include");
            return None;
        }
        Some((name, angled, span))
    }

    /// `#line N ["file"]` and `# N "file" flags…`: affects `__LINE__` and `__FILE__`.
    fn do_line(&mut self, args: &[Token], at: &Token) {
        let raw: Vec<PpTok> = args.iter().map(|t| PpTok::new(*t)).collect();
        let toks = self.expand_list(&raw);
        let number = toks.first().and_then(|t| match t.tok.kind {
            TokenKind::Number(s) => {
                let text = self.ctx.interner.resolve(s);
                if text.bytes().all(|b| b.is_ascii_digit()) {
                    text.parse::<u32>().ok()
                } else {
                    None
                }
            }
            _ => None,
        });
        let Some(number) = number else {
            let t = toks.first().map_or(*at, |t| t.tok);
            let text = spelling(&t, self.ctx.interner).to_string();
            self.error_at(
                &t,
                format!("\"{text}\" after #line is not a positive integer"),
            );
            return;
        };
        let mut name = None;
        if let Some(t) = toks.get(1) {
            match t.tok.kind {
                TokenKind::Str(s) => {
                    let lit = self.ctx.interner.resolve(s).to_string();
                    match lit.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                        Some(n) => name = Some(n.to_string()),
                        None => {
                            self.bad_line_filename(&t.tok);
                            return;
                        }
                    }
                }
                _ if matches!(at.kind, TokenKind::Number(_)) => {}
                _ => {
                    self.bad_line_filename(&t.tok);
                    return;
                }
            }
        }
        let last = args.last().unwrap_or(at);
        let file = last.span.file;
        let phys = self.ctx.sources.file(file).line_col(last.span.end).0 + 1;
        self.ctx
            .sources
            .file_mut(file)
            .add_line_mark(phys, number, name.as_deref());
    }

    /// `#pragma message("a" M "b")` (parentheses optional, macros expanded): nvcc's remark
    /// `#pragma message: "ab"`, reported as a note.
    fn pragma_message(&mut self, operand: &[Token], at: &Token) {
        let raw: Vec<PpTok> = operand.iter().map(|t| PpTok::new(*t)).collect();
        let toks = self.expand_list(&raw);
        let mut text = String::new();
        for t in &toks {
            if let TokenKind::Str(s) = t.tok.kind {
                let lit = self.ctx.interner.resolve(s);
                let body = lit.find('"').map_or("", |i| &lit[i + 1..]);
                text.push_str(body.strip_suffix('"').unwrap_or(body));
            }
        }
        let d = Diag {
            severity: crate::api::Severity::Note,
            span: at.span,
            message: format!("#pragma message: \"{text}\""),
            notes: Vec::new(),
        };
        self.report(d, at.expansion);
    }

    fn bad_line_filename(&mut self, t: &Token) {
        let text = spelling(t, self.ctx.interner).to_string();
        self.error_at(t, format!("\"{text}\" is not a valid filename"));
    }

    /// Runs a pragma (the tokens after `pragma`); `at` is where it was written.
    pub(super) fn pragma(&mut self, line: &[Token], at: &Token) {
        let Some(first) = line.first() else {
            return;
        };
        let Some(word) = first.ident() else {
            return;
        };
        match self.ctx.interner.resolve(word) {
            "once" => {
                if let Some(f) = self.current_file() {
                    self.once.insert(f);
                }
            }
            "unroll" => {
                let span = first.span;
                let mk = |kind: TokenKind| {
                    let mut t = Token::new(kind, span);
                    t.expansion = first.expansion;
                    PpTok {
                        tok: t,
                        no_expand: true,
                    }
                };
                let mut out = self.take_buf();
                let mut head = mk(TokenKind::Ident(self.names.pragma_unroll));
                head.tok.line_start = true;
                head.tok.leading_space = at.leading_space;
                out.push(head);
                out.push(mk(TokenKind::Punct(Punct::LParen)));
                out.extend(line[1..].iter().map(|t| PpTok {
                    tok: *t,
                    no_expand: true,
                }));
                out.push(mk(TokenKind::Punct(Punct::RParen)));
                out.push(mk(TokenKind::Punct(Punct::Semi)));
                self.push_src(out, None);
            }
            "push_macro" | "pop_macro" => {
                let push = self.ctx.interner.resolve(word) == "push_macro";
                let name = match (line.get(1), line.get(2), line.get(3)) {
                    (Some(l), Some(s), Some(r))
                        if l.is_punct(Punct::LParen) && r.is_punct(Punct::RParen) =>
                    {
                        match s.kind {
                            TokenKind::Str(s) => {
                                let lit = self.ctx.interner.resolve(s);
                                lit.strip_prefix('"')
                                    .and_then(|x| x.strip_suffix('"'))
                                    .map(|n| n.to_string())
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let Some(name) = name else {
                    self.warning_at(first, "invalid #pragma push_macro/pop_macro");
                    return;
                };
                let sym = self.ctx.interner.intern(&name);
                if push {
                    let cur = self.macro_of(sym);
                    self.pushed_macros.entry(sym).or_default().push(cur);
                } else if let Some(prev) = self.pushed_macros.get_mut(&sym).and_then(|v| v.pop()) {
                    self.set_macro(sym, prev);
                }
            }
            "message" => self.pragma_message(&line[1..], first),
            "GCC" => {
                let Some(kind) = line.get(1).and_then(|t| t.ident()) else {
                    return;
                };
                let kind = self.ctx.interner.resolve(kind).to_string();
                if kind == "error" || kind == "warning" {
                    let text = match line.get(2).map(|t| t.kind) {
                        Some(TokenKind::Str(s)) => self.ctx.interner.resolve(s).to_string(),
                        _ => String::new(),
                    };
                    let d = if kind == "error" {
                        Diag::error(first.span, text)
                    } else {
                        Diag::warning(first.span, text)
                    };
                    self.report(d, first.expansion);
                }
            }
            _ => {}
        }
    }
}
