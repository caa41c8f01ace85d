//! Statements of the syntax tree: C's statements plus range-`for`, `if`/`switch` with
//! initializers, `if constexpr`, and the `#pragma unroll` hint of a loop.

use super::{Decl, Expr, VarDecl};
use crate::intern::Symbol;
use crate::source::Span;

/// `#pragma unroll` on a loop.
#[derive(Copy, Clone, Debug)]
pub enum Unroll<'a> {
    /// `#pragma unroll`.
    Full,
    /// `#pragma unroll N` (N is a constant expression).
    Count(&'a Expr<'a>),
}

#[derive(Debug)]
pub struct Stmt<'a> {
    pub kind: StmtKind<'a>,
    pub span: Span,
}

#[derive(Debug)]
pub enum StmtKind<'a> {
    Expr(&'a Expr<'a>),
    /// A local declaration statement (one or more declarators).
    Decl(&'a [Decl<'a>]),
    Compound(&'a [Stmt<'a>]),
    /// `if (init; cond)`; a declaration as the condition (`if (T x = e)`) is parsed as
    /// `init: T x = e`, `cond: x`, which means the same. When both are present
    /// (`if (a; T x = e)`), `init` is a `Compound` of the two whose statements belong to the
    /// condition's scope (no scope of their own). The same holds for `Switch`.
    If {
        init: Option<&'a Stmt<'a>>,
        cond: &'a Expr<'a>,
        then: &'a Stmt<'a>,
        els: Option<&'a Stmt<'a>>,
        /// `if constexpr`: only the taken branch is lowered.
        is_constexpr: bool,
    },
    While {
        cond: &'a Expr<'a>,
        body: &'a Stmt<'a>,
        unroll: Option<Unroll<'a>>,
    },
    DoWhile {
        body: &'a Stmt<'a>,
        cond: &'a Expr<'a>,
        unroll: Option<Unroll<'a>>,
    },
    For {
        /// A declaration or expression statement (or `None`).
        init: Option<&'a Stmt<'a>>,
        cond: Option<&'a Expr<'a>>,
        step: Option<&'a Expr<'a>>,
        body: &'a Stmt<'a>,
        unroll: Option<Unroll<'a>>,
    },
    Switch {
        init: Option<&'a Stmt<'a>>,
        cond: &'a Expr<'a>,
        body: &'a Stmt<'a>,
    },
    /// `for (decl : range) body`; `var.init` is `None`. A braced range is an
    /// `ExprKind::InitList` without a type.
    RangeFor {
        var: &'a VarDecl<'a>,
        /// The declared variable is a reference (`T& x`, `auto& x`).
        by_ref: bool,
        range: &'a Expr<'a>,
        body: &'a Stmt<'a>,
        unroll: Option<Unroll<'a>>,
    },
    Case {
        value: &'a Expr<'a>,
        body: &'a Stmt<'a>,
    },
    Default {
        body: &'a Stmt<'a>,
    },
    Break,
    Continue,
    Return(Option<&'a Expr<'a>>),
    Goto(Symbol),
    Label {
        name: Symbol,
        body: &'a Stmt<'a>,
    },
    /// `asm [volatile] ("template" : outputs : inputs : clobbers);` (inline PTX).
    Asm(&'a AsmStmt<'a>),
    Empty,
}

/// An inline assembly statement. Strings are the bytes of their (concatenated) literals;
/// each keeps its span for diagnostics.
#[derive(Debug)]
pub struct AsmStmt<'a> {
    pub volatile: bool,
    pub template: &'a [u8],
    pub template_span: Span,
    pub outputs: &'a [AsmOperand<'a>],
    pub inputs: &'a [AsmOperand<'a>],
    pub clobbers: &'a [(&'a [u8], Span)],
}

/// `"constraint"(expr)`.
#[derive(Debug)]
pub struct AsmOperand<'a> {
    pub constraint: &'a [u8],
    pub constraint_span: Span,
    pub expr: &'a Expr<'a>,
}
