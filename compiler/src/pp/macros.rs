//! Macro definitions: what `#define` records, how it is parsed and checked, and when two
//! definitions are the same (redefinition with a different body is a warning).

use crate::intern::{Interner, Symbol};
use crate::lex::{Punct, Token, TokenKind};
use crate::source::Span;

/// Body tokens that are not a parameter have this `param_of` entry.
pub(super) const NO_PARAM: u16 = u16::MAX;

/// Macros whose expansion is computed when used.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    Line,
    File,
    BaseFile,
    Counter,
    IncludeLevel,
    Date,
    Time,
    /// `_Pragma("…")`.
    Pragma,
    /// `__has_include` and `__has_include_next`: only meaningful inside `#if`, but
    /// defined so that `#ifdef __has_include` is true.
    IfOnly,
    /// `__has_attribute(x)`, `__has_cpp_attribute(x)`, `__has_builtin(x)`: a number,
    /// inside `#if` or anywhere else (as in gcc).
    HasAttributeOp,
    HasCppAttributeOp,
    HasBuiltinOp,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum MacroKind {
    Object,
    Function,
    Builtin(Builtin),
}

#[derive(Clone, Debug)]
pub(super) struct Macro {
    pub name: Symbol,
    pub kind: MacroKind,
    /// Parameter names; for a variadic macro the last one is `__VA_ARGS__` (or the GNU
    /// named form `args...`).
    pub params: Vec<Symbol>,
    pub variadic: bool,
    /// The `__VA_OPT__` symbol when the macro is variadic (where it is special).
    pub va_opt: Option<Symbol>,
    pub body: Box<[Token]>,
    /// For each body token, the index of the parameter it names, or `NO_PARAM`.
    pub param_of: Box<[u16]>,
    /// The body needs the general substitution path (`#`, `##` or `__VA_OPT__`).
    pub needs_subst: bool,
    /// The macro name in its `#define`.
    pub def_span: Span,
}

impl Macro {
    pub fn builtin(name: Symbol, b: Builtin) -> Macro {
        Macro {
            name,
            kind: MacroKind::Builtin(b),
            params: Vec::new(),
            variadic: false,
            va_opt: None,
            body: Box::new([]),
            param_of: Box::new([]),
            needs_subst: false,
            def_span: Span::default(),
        }
    }

    pub fn is_function(&self) -> bool {
        self.kind == MacroKind::Function
    }

    /// True when both definitions are the same (C 6.10.3p2: same parameters, same
    /// replacement list with the same whitespace separation).
    pub fn same_as(&self, other: &Macro) -> bool {
        self.kind == other.kind
            && self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(other.body.iter())
                .enumerate()
                .all(|(i, (a, b))| {
                    a.kind == b.kind && (i == 0 || a.leading_space == b.leading_space)
                })
    }
}

/// A `#define` error: where and what.
pub(super) type DefineError = (Span, String);

/// Parses the tokens of a `#define` line (after `define`). `directive` is the span of the
/// directive name, for errors about a missing macro name.
pub(super) fn parse_define(
    line: &[Token],
    directive: Span,
    interner: &mut Interner,
) -> Result<Macro, DefineError> {
    let defined = interner.intern("defined");
    let va_args = interner.intern("__VA_ARGS__");
    let va_opt = interner.intern("__VA_OPT__");
    let Some(name_tok) = line.first() else {
        return Err((directive, "no macro name given in #define directive".into()));
    };
    let TokenKind::Ident(name) = name_tok.kind else {
        return Err((name_tok.span, "macro names must be identifiers".into()));
    };
    if name == defined {
        return Err((
            name_tok.span,
            "\"defined\" cannot be used as a macro name".into(),
        ));
    }
    let mut i = 1;
    let mut params = Vec::new();
    let mut variadic = false;
    let is_function = line
        .get(1)
        .is_some_and(|t| t.is_punct(Punct::LParen) && !t.leading_space);
    if is_function {
        i = 2;
        loop {
            let Some(t) = line.get(i) else {
                return Err((
                    line[i - 1].span,
                    "missing ')' in macro parameter list".into(),
                ));
            };
            i += 1;
            match t.kind {
                TokenKind::Punct(Punct::RParen) if params.is_empty() => break,
                TokenKind::Punct(Punct::Ellipsis) => {
                    variadic = true;
                    params.push(va_args);
                }
                TokenKind::Ident(p) => {
                    if p == va_args {
                        return Err((
                            t.span,
                            "__VA_ARGS__ can not be used as a parameter name".into(),
                        ));
                    }
                    if params.contains(&p) {
                        return Err((
                            t.span,
                            format!("duplicate macro parameter \"{}\"", interner.resolve(p)),
                        ));
                    }
                    params.push(p);
                    // GNU named variadic parameter: `args...`.
                    if line.get(i).is_some_and(|t| t.is_punct(Punct::Ellipsis)) {
                        variadic = true;
                        i += 1;
                    }
                }
                _ => {
                    return Err((
                        t.span,
                        "expected parameter name in macro parameter list".into(),
                    ));
                }
            }
            match line.get(i) {
                Some(t) if t.is_punct(Punct::RParen) => {
                    i += 1;
                    break;
                }
                Some(t) if t.is_punct(Punct::Comma) && !variadic => i += 1,
                Some(t) => {
                    let found = crate::lex::spelling(t, interner);
                    return Err((t.span, format!("expected ',' or ')', found \"{found}\"")));
                }
                None => {
                    return Err((
                        line[i - 1].span,
                        "missing ')' in macro parameter list".into(),
                    ));
                }
            }
        }
        if params.len() >= NO_PARAM as usize - 1 {
            return Err((name_tok.span, "too many macro parameters".into()));
        }
    }
    let mut body: Vec<Token> = line[i..].to_vec();
    if let Some(first) = body.first_mut() {
        first.leading_space = false;
    }
    for t in &mut body {
        t.line_start = false;
    }
    let param_of: Vec<u16> = body
        .iter()
        .map(|t| match t.kind {
            TokenKind::Ident(s) if is_function => params
                .iter()
                .position(|&p| p == s)
                .map_or(NO_PARAM, |p| p as u16),
            _ => NO_PARAM,
        })
        .collect();
    let mut needs_subst = false;
    if body.first().is_some_and(|t| t.is_punct(Punct::HashHash)) {
        return Err((
            body[0].span,
            "'##' cannot appear at either end of a macro expansion".into(),
        ));
    }
    if body.last().is_some_and(|t| t.is_punct(Punct::HashHash)) {
        let t = body.last().unwrap();
        return Err((
            t.span,
            "'##' cannot appear at either end of a macro expansion".into(),
        ));
    }
    let mut j = 0;
    while j < body.len() {
        let t = &body[j];
        if t.is_punct(Punct::HashHash) {
            needs_subst = true;
        } else if t.is_punct(Punct::Hash) && is_function {
            needs_subst = true;
            let next = body.get(j + 1);
            let ok = next
                .is_some_and(|n| param_of[j + 1] != NO_PARAM || (variadic && n.is_ident(va_opt)));
            if !ok {
                return Err((t.span, "'#' is not followed by a macro parameter".into()));
            }
        } else if t.is_ident(va_opt) && variadic {
            needs_subst = true;
            let Some(open) = body.get(j + 1) else {
                return Err((
                    t.span,
                    "__VA_OPT__ must be followed by an open parenthesis".into(),
                ));
            };
            if !open.is_punct(Punct::LParen) {
                return Err((
                    open.span,
                    "__VA_OPT__ must be followed by an open parenthesis".into(),
                ));
            }
            let close = match matching_paren(&body, j + 1) {
                Some(c) => c,
                None => return Err((t.span, "unterminated __VA_OPT__".into())),
            };
            if body[j + 2..close].iter().any(|x| x.is_ident(va_opt)) {
                return Err((
                    t.span,
                    "__VA_OPT__ may not appear in a __VA_OPT__ operand".into(),
                ));
            }
            let inner = &body[j + 2..close];
            if inner.first().is_some_and(|x| x.is_punct(Punct::HashHash))
                || inner.last().is_some_and(|x| x.is_punct(Punct::HashHash))
            {
                return Err((
                    t.span,
                    "'##' cannot appear at either end of __VA_OPT__".into(),
                ));
            }
        } else if !variadic && (t.is_ident(va_args) || t.is_ident(va_opt)) {
            return Err((
                t.span,
                format!(
                    "{} can only appear in the expansion of a variadic macro",
                    interner.resolve(t.ident().unwrap_or(va_args))
                ),
            ));
        }
        j += 1;
    }
    Ok(Macro {
        name,
        kind: if is_function {
            MacroKind::Function
        } else {
            MacroKind::Object
        },
        params,
        variadic,
        va_opt: variadic.then_some(va_opt),
        body: body.into_boxed_slice(),
        param_of: param_of.into_boxed_slice(),
        needs_subst,
        def_span: name_tok.span,
    })
}

/// The index of the `)` matching the `(` at `open`.
pub(super) fn matching_paren(toks: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        if t.is_punct(Punct::LParen) {
            depth += 1;
        } else if t.is_punct(Punct::RParen) {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}
