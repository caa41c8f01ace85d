//! The program tree: what the generator builds, the printer prints and the reducer shrinks.
//! Safety lives in the printer (wrapping arithmetic in unsigned types, guarded division,
//! masked shift counts, indices taken modulo the array length, guarded float-to-integer
//! casts), so any edit the reducer makes to an expression keeps the program free of
//! undefined behaviour. `Raw` nodes are fixed text with `{0}`, `{1}`… holes for children.

use crate::types::Ty;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A literal from raw bits (floats: a finite value).
    Lit(Ty, u64),
    /// A named value: a local, a parameter, a struct member (`s0.a`), a dereference.
    Var(String, Ty),
    /// Both operands have the node's type (shift counts too; the printer masks them).
    Bin(BinOp, Ty, Box<Expr>, Box<Expr>),
    /// Operands of one type; the result is `Bool`.
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    /// `&&` (true) or `||` (false) of two `Bool`s.
    Logic(bool, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// Negation (wrapping for integers).
    Neg(Ty, Box<Expr>),
    BitNot(Ty, Box<Expr>),
    Cast(Ty, Box<Expr>),
    /// `c ? a : b`; `a` and `b` have one type.
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Array element `name[(unsigned)(idx) % len]`; `idx` is an integer.
    Index(String, Ty, u32, Box<Expr>),
    /// Fixed text with holes `{k}` for the children, of type `Ty`.
    Raw(Ty, String, Vec<Expr>),
}

impl Expr {
    pub fn ty(&self) -> Ty {
        match self {
            Expr::Lit(t, _) | Expr::Var(_, t) | Expr::Bin(_, t, _, _) => *t,
            Expr::Neg(t, _) | Expr::BitNot(t, _) | Expr::Cast(t, _) => *t,
            Expr::Index(_, t, _, _) | Expr::Raw(t, _, _) => *t,
            Expr::Cmp(..) | Expr::Logic(..) | Expr::Not(_) => Ty::Bool,
            Expr::Select(_, a, _) => a.ty(),
        }
    }

    pub fn children_mut(&mut self) -> Vec<&mut Expr> {
        match self {
            Expr::Lit(..) | Expr::Var(..) => vec![],
            Expr::Bin(_, _, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => vec![a, b],
            Expr::Not(a) | Expr::Neg(_, a) | Expr::BitNot(_, a) | Expr::Cast(_, a) => vec![a],
            Expr::Index(_, _, _, i) => vec![i],
            Expr::Select(c, a, b) => vec![c, a, b],
            Expr::Raw(_, _, k) => k.iter_mut().collect(),
        }
    }

    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Lit(..) | Expr::Var(..) => vec![],
            Expr::Bin(_, _, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => vec![a, b],
            Expr::Not(a) | Expr::Neg(_, a) | Expr::BitNot(_, a) | Expr::Cast(_, a) => vec![a],
            Expr::Index(_, _, _, i) => vec![i],
            Expr::Select(c, a, b) => vec![c, a, b],
            Expr::Raw(_, _, k) => k.iter().collect(),
        }
    }

    pub fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }
}

/// Where an assignment stores.
#[derive(Clone, Debug, PartialEq)]
pub enum LVal {
    Var(String, Ty),
    /// `name[(unsigned)(idx) % len]`.
    Index(String, Ty, u32, Expr),
    /// Fixed text with holes (`gbuf[tid * 8 + (unsigned)({0}) % 8u]`).
    Raw(String, Ty, Vec<Expr>),
}

impl LVal {
    pub fn ty(&self) -> Ty {
        match self {
            LVal::Var(_, t) | LVal::Index(_, t, _, _) | LVal::Raw(_, t, _) => *t,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    For,
    While,
    DoWhile,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Assign(LVal, Expr),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// A loop with its own counter (never assigned by the body) and a fixed trip count.
    Loop(LoopKind, String, u32, Vec<Stmt>),
    /// `for (int i = 0; i < (int)((unsigned)(bound) % (max + 1)); i++)`: a trip count known
    /// only at run time (the bound is re-read every iteration, so at most `max` trips).
    DynLoop(String, u32, Expr, Vec<Stmt>),
    /// `switch ((int)((unsigned)(e) % n))` with cases `0..n`; each case's body, and whether
    /// it ends in `break` (else it falls through); then the `default` body.
    /// With `labels` (one per case, bits of the switched expression's type, distinct), the
    /// switch is on the expression itself: `switch (e) { case L0: … }`, sparse values.
    Switch(Expr, Vec<(Vec<Stmt>, bool)>, Vec<Stmt>, Vec<u64>),
    Break,
    Continue,
    /// A statement of fixed text with holes (atomics).
    Raw(String, Vec<Expr>),
    /// Statements that only make sense together (shared-memory exchanges around
    /// `__syncthreads`, warp collectives): the reducer removes the group whole or simplifies
    /// its expressions, never deletes a part of it. Only at the top level of the kernel,
    /// where control flow is uniform.
    Sealed(Vec<Stmt>),
}

/// A declaration at the top of a function body (printed verbatim before the statements).
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub text: String,
    /// Values declared here that the kernel stores to `out` at the end (name, type).
    pub outputs: Vec<(String, Ty)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// `template<…>` line, if any.
    pub template: Option<String>,
    pub ret: Ty,
    pub params: Vec<(String, Ty)>,
    pub decls: Vec<Decl>,
    pub body: Vec<Stmt>,
    pub result: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// Type definitions, `__constant__` arrays, templates: printed verbatim after the prelude.
    pub globals: Vec<String>,
    pub functions: Vec<Function>,
    pub kernel_decls: Vec<Decl>,
    pub kernel_body: Vec<Stmt>,
    pub grid: u32,
    pub block: u32,
    /// Initial values of the `in` buffer (8 per thread) and of `gbuf` (8 per thread).
    pub inputs: Vec<u64>,
    pub gbuf: Vec<i32>,
}

/// Values per thread in `in`, `gbuf`.
pub const IN_PER_THREAD: u32 = 8;
pub const GBUF_PER_THREAD: u32 = 8;
/// Slots of the `acc` atomics buffer and their operations (commutative per slot).
pub const ACC_OPS: &[(&str, u32)] = &[
    ("atomicAdd", 0),
    ("atomicAdd", 0),
    ("atomicXor", 0),
    ("atomicOr", 0),
    ("atomicAnd", 0xffff_ffff),
    ("atomicMax", 0),
    ("atomicMin", 0xffff_ffff),
    ("atomicXor", 0x1234_5678),
];
