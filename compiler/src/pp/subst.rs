//! Argument substitution (C 6.10.3.1–6.10.3.3, C++20 `__VA_OPT__`): builds the
//! replacement of one macro call before it is rescanned.
//!
//! A parameter is replaced by its fully expanded argument, except next to `#` (stringized
//! from the unexpanded argument) or `##` (the unexpanded argument is pasted). An empty
//! argument next to `##` is a placemarker: `x ## <empty>` is `x`, `<empty> ## y` is `y`.
//! The GNU extension `, ## __VA_ARGS__` drops the comma when the variable arguments are
//! left out. Operands of `##` are pasted by respelling and re-lexing them; a result that is
//! not a single token is an error (both tokens are kept).

use std::ops::Range;

use super::macros::{matching_paren, Macro, NO_PARAM};
use super::{PpTok, Preprocessor};
use crate::diag::Diag;
use crate::lex::{spelling, Punct, Token, TokenKind};

/// The arguments of one macro call: all tokens in one buffer, a range per parameter, and
/// the fully expanded form of each, computed on first use.
#[derive(Default)]
pub(super) struct Args {
    pub toks: Vec<PpTok>,
    pub ranges: Vec<(usize, usize)>,
    /// The call gave no variable arguments at all (`G(1)` for `G(x, ...)`, and in gcc's
    /// GNU mode also `F()` for `F(...)`), as opposed to empty ones (`G(1,)`).
    pub va_omitted: bool,
    expanded: Vec<Option<Vec<PpTok>>>,
}

impl Args {
    fn raw(&self, p: usize) -> &[PpTok] {
        match self.ranges.get(p) {
            Some(&(a, b)) => &self.toks[a..b],
            None => &[],
        }
    }
}

impl Preprocessor<'_, '_> {
    /// Appends the substitution of `m.body[range]` to `out`. Body tokens get the span of
    /// the macro use `name` and expansion index `exp`; argument tokens keep theirs.
    /// Returns whether the result starts and ends with a placemarker (matters when it is
    /// a `__VA_OPT__` operand of `##`).
    pub(super) fn subst(
        &mut self,
        m: &Macro,
        range: Range<usize>,
        args: &mut Args,
        out: &mut Vec<PpTok>,
        exp: u32,
        name: &Token,
    ) -> (bool, bool) {
        let body = &m.body;
        let start_len = out.len();
        let mut i = range.start;
        // The result so far ends with a placemarker (the last operand was empty).
        let mut lhs_placemarker = false;
        // The result starts with a placemarker.
        let mut lead_placemarker: Option<bool> = None;
        while i < range.end {
            if body[i].is_punct(Punct::HashHash) {
                let rhs = i + 1;
                let mut tmp = self.take_buf();
                let (next, rhs_lead, rhs_trail) =
                    self.operand(m, rhs, true, args, &mut tmp, exp, name);
                i = next;
                let rhs_is_va = m.variadic && m.param_of[rhs] as usize == m.params.len() - 1;
                let lhs_is_comma =
                    !lhs_placemarker && out.last().is_some_and(|t| t.tok.is_punct(Punct::Comma));
                if rhs_is_va && lhs_is_comma {
                    // GNU: `, ## __VA_ARGS__` drops the comma when the variable arguments
                    // were left out (`G(1)`, not `G(1,)`), and otherwise just appends them.
                    if tmp.is_empty() && args.va_omitted {
                        out.pop();
                    } else {
                        out.extend_from_slice(&tmp);
                    }
                } else if tmp.is_empty() {
                    // `x ## placemarker` is `x` (and a placemarker stays one).
                } else {
                    if lhs_placemarker && out.len() == start_len {
                        lead_placemarker = Some(rhs_lead);
                    }
                    if lhs_placemarker || rhs_lead || out.len() == start_len {
                        out.extend_from_slice(&tmp);
                    } else {
                        let lhs = out.pop().expect("non-empty");
                        self.paste(lhs, tmp[0], out);
                        out.extend_from_slice(&tmp[1..]);
                    }
                    lhs_placemarker = rhs_trail;
                }
                self.recycle(tmp);
                continue;
            }
            let end = operand_end(m, i);
            let raw = end < range.end && body[end].is_punct(Punct::HashHash);
            let (next, lead, trail) = self.operand(m, i, raw, args, out, exp, name);
            i = next;
            lead_placemarker.get_or_insert(lead);
            lhs_placemarker = trail;
        }
        (
            lead_placemarker.unwrap_or(true),
            lhs_placemarker || out.len() == start_len,
        )
    }

    /// Appends one operand starting at `body[i]` (a `#` operation, a parameter, a
    /// `__VA_OPT__` group or a plain token). Returns the index after it and whether its
    /// result starts and ends with a placemarker. `raw`: use the unexpanded argument (the
    /// operand is next to `##`).
    #[allow(clippy::too_many_arguments)]
    fn operand(
        &mut self,
        m: &Macro,
        i: usize,
        raw: bool,
        args: &mut Args,
        out: &mut Vec<PpTok>,
        exp: u32,
        name: &Token,
    ) -> (usize, bool, bool) {
        let t = m.body[i];
        let end = operand_end(m, i);
        if m.is_function() && t.is_punct(Punct::Hash) {
            let j = i + 1;
            let text = if m.param_of[j] != NO_PARAM {
                self.stringize(args.raw(m.param_of[j] as usize))
            } else {
                let mut tmp = self.take_buf();
                self.va_opt(m, j, args, &mut tmp, exp, name);
                let s = self.stringize(&tmp);
                self.recycle(tmp);
                s
            };
            // Long strings count against the work limit (built by doubling pastes, they
            // could otherwise grow exponentially in a few lines).
            self.charge(text.len(), name.span);
            let mut s = Self::body_tok(&t, name, exp);
            s.tok.kind = TokenKind::Str(self.ctx.interner.intern(&text));
            out.push(s);
            return (end, false, false);
        }
        let p = m.param_of[i];
        if p != NO_PARAM {
            let p = p as usize;
            let start = out.len();
            if raw {
                out.extend_from_slice(args.raw(p));
            } else {
                self.ensure_expanded(args, p, name, exp);
                out.extend_from_slice(args.expanded[p].as_deref().unwrap_or(&[]));
            }
            // Argument tokens keep their spans, but an error at one of them also gets the
            // "in expansion of macro" notes of this call (as gcc gives them): those that
            // came from where the macro name came from now belong to this expansion.
            for a in &mut out[start..] {
                if a.tok.expansion == name.expansion {
                    a.tok.expansion = exp;
                }
            }
            if let Some(first) = out.get_mut(start) {
                first.tok.leading_space = t.leading_space;
            }
            let empty = out.len() == start;
            return (end, empty, empty);
        }
        if m.variadic && t.is_ident(self.names.va_opt) {
            let (lead, trail) = self.va_opt(m, i, args, out, exp, name);
            return (end, lead, trail);
        }
        out.push(Self::body_tok(&t, name, exp));
        (end, false, false)
    }

    /// `__VA_OPT__(content)` at `body[i]`: the substituted content when the variable
    /// arguments expand to at least one token, nothing otherwise. Returns placemarker
    /// flags as `subst` does.
    fn va_opt(
        &mut self,
        m: &Macro,
        i: usize,
        args: &mut Args,
        out: &mut Vec<PpTok>,
        exp: u32,
        name: &Token,
    ) -> (bool, bool) {
        let va = m.params.len() - 1;
        self.ensure_expanded(args, va, name, exp);
        if args.expanded[va].as_ref().is_none_or(|v| v.is_empty()) {
            return (true, true);
        }
        let close = matching_paren(&m.body, i + 1).unwrap_or(m.body.len());
        let start = out.len();
        let r = self.subst(m, i + 2..close, args, out, exp, name);
        if let Some(first) = out.get_mut(start) {
            first.tok.leading_space = m.body[i].leading_space;
        }
        r
    }

    /// Macro-expands argument `p` of the call of `name` (expansion `exp`) on first use.
    fn ensure_expanded(&mut self, args: &mut Args, p: usize, name: &Token, exp: u32) {
        if args.expanded.len() <= p {
            args.expanded.resize_with(p + 1, || None);
        }
        if args.expanded[p].is_none() {
            let (a, b) = args.ranges.get(p).copied().unwrap_or((0, 0));
            let first = self.expansions.len();
            let v = self.expand_list(&args.toks[a..b]);
            // Macros expanded inside the argument are nested in this call: their notes
            // continue with this macro's (`ID(USE(x))`: USE, then ID).
            for e in &mut self.expansions[first..] {
                if e.parent == name.expansion {
                    e.parent = exp;
                }
            }
            args.expanded[p] = Some(v);
        }
    }

    /// The string literal `#` makes of `toks` (C 6.10.3.2).
    fn stringize(&self, toks: &[PpTok]) -> String {
        let mut s = String::from("\"");
        for (k, t) in toks.iter().enumerate() {
            if k > 0 && (t.tok.leading_space || t.tok.line_start) {
                s.push(' ');
            }
            let text = spelling(&t.tok, self.ctx.interner);
            if matches!(t.tok.kind, TokenKind::Str(_) | TokenKind::Char(_)) {
                for c in text.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        s
    }

    /// Pastes `lhs ## rhs` and appends the result.
    fn paste(&mut self, lhs: PpTok, rhs: PpTok, out: &mut Vec<PpTok>) {
        let text = format!(
            "{}{}",
            spelling(&lhs.tok, self.ctx.interner),
            spelling(&rhs.tok, self.ctx.interner)
        );
        // `#define P(a) a##a` applied 30 times makes a 1 GiB identifier from 30 tokens:
        // pasted bytes count as work.
        if !self.charge(text.len(), lhs.tok.span) {
            out.push(lhs);
            return;
        }
        let toks = crate::lex::lex_str(&text, self.ctx.interner);
        let got = &toks[..toks.len() - 1];
        let single = got.len() == 1
            && got[0].span.start == 0
            && got[0].span.end as usize == text.len()
            && !matches!(got[0].kind, TokenKind::Unknown(_));
        // `>>` is one pp-token but two `>` tokens here.
        let shift = text == ">>" && got.len() == 2;
        if single || shift {
            for (k, r) in got.iter().enumerate() {
                out.push(PpTok {
                    tok: Token {
                        kind: r.kind,
                        span: lhs.tok.span,
                        leading_space: k == 0 && lhs.tok.leading_space,
                        line_start: false,
                        joined_next: r.joined_next,
                        expansion: lhs.tok.expansion,
                    },
                    no_expand: false,
                });
            }
            return;
        }
        let d = Diag::error(
            lhs.tok.span,
            format!(
                "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                spelling(&lhs.tok, self.ctx.interner),
                spelling(&rhs.tok, self.ctx.interner)
            ),
        );
        self.report(d, lhs.tok.expansion);
        out.push(lhs);
        out.push(rhs);
    }
}

/// The index after the operand starting at `body[i]`.
fn operand_end(m: &Macro, i: usize) -> usize {
    let body = &m.body;
    let va_opt_end = |j: usize| matching_paren(body, j + 1).map_or(body.len(), |c| c + 1);
    let is_va_opt =
        |j: usize| m.variadic && m.param_of[j] == NO_PARAM && is_va_opt_name(&body[j], m);
    if m.is_function() && body[i].is_punct(Punct::Hash) && i + 1 < body.len() {
        if is_va_opt(i + 1) {
            return va_opt_end(i + 1);
        }
        return i + 2;
    }
    if is_va_opt(i) {
        return va_opt_end(i);
    }
    i + 1
}

/// True when `t` is `__VA_OPT__` (only special in variadic macros).
fn is_va_opt_name(t: &Token, m: &Macro) -> bool {
    m.va_opt.is_some_and(|s| t.is_ident(s))
}
