//! The typed tree: what semantic analysis makes of a function body, and what IR generation
//! lowers (issue 11's layer between the parser and `irgen`).
//!
//! Every expression node carries its type and value category, and the tree spells out what
//! the source leaves implicit: lvalue-to-rvalue reads, array decay, the usual arithmetic
//! conversions and the conversions of assignment, initialization, argument passing and
//! `return` are `Convert` nodes with their kind; a name is resolved to the entity it denotes
//! (a local of this body, a variable or function of the translation unit, an enumerator's
//! value); a call names the function it calls. Lowering therefore makes no decision that
//! needs lookup, overload resolution or conversion rules.
//!
//! Nodes live in one arena per body (`Body::exprs`, `Body::stmts`) and refer to each other
//! by index ([`ExprId`], [`StmtId`]); entities outside the body are referred to by the
//! index the declaration tables give them ([`EntityRef`]). No node holds a pointer into the
//! AST.
//!
//! This is stage 1 of the redesign: the tree covers the C subset of function bodies (see
//! `docs/frontend-sema-irgen.md`, "Typed tree"); `sema::body` builds it, `irgen::typed`
//! lowers it, and bodies it does not cover yet are lowered by the one-walk `Lowerer`.

use crate::ast::{BinaryOp, UnaryOp};
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::types::QualType;
use crate::source::Span;

/// An expression of a [`Body`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExprId(pub u32);

/// A statement of a [`Body`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StmtId(pub u32);

/// A local variable declared in a [`Body`] (parameters are the declaration tables').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// C++'s value categories ([basic.lval]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// Designates an object or function (`x`, `*p`, `a[i]`).
    LValue,
    /// A value (`x + 1`, a literal, a call returning a scalar).
    PRValue,
}

/// An entity declared outside the body, by the index its declaration table gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntityRef {
    /// A variable: a parameter, a file-scope or namespace-scope variable.
    Var(u32),
    /// A function.
    Func(u32),
    /// A function template's instance (`ExprKind::InstanceCall`'s handle).
    Instance(u32),
}

/// A variable a lambda captures: a member of its closure type holding a copy of the
/// variable (`by_ref`: its address).
#[derive(Clone, Debug)]
pub struct Capture {
    pub name: Symbol,
    /// The variable's type, qualifiers included.
    pub ty: QualType,
    pub by_ref: bool,
    pub var: CapturedVar,
}

/// The variable a capture copies or refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturedVar {
    Local(LocalId),
    /// A parameter of the enclosing function (the declaration tables' variable).
    Param(u32),
}

/// What a name in an expression denotes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decl {
    Local(LocalId),
    Entity(EntityRef),
}

/// The kind of an implicit or explicit conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvKind {
    /// Reads the object an lvalue designates ([conv.lval]).
    LValueToRValue,
    /// An array lvalue becomes a pointer to its first element ([conv.array]).
    ArrayToPointer,
    /// Between integer types, `bool` and unscoped enumerations, including promotions.
    Integral,
    /// Between floating types.
    Floating,
    /// Integer to floating.
    IntToFloat,
    /// Floating to integer (truncating).
    FloatToInt,
    /// Arithmetic or pointer to `bool` ([conv.bool]).
    ToBool,
    /// A null pointer constant to a pointer type.
    NullToPointer,
    /// Between pointer types: to `void *`, adding qualifiers, or an explicit cast.
    Pointer,
    /// An explicit cast between an integer and a pointer.
    IntPointer,
    /// To `void` (`(void)e`).
    ToVoid,
    /// A value (already converted to the node's type) materialized in a temporary that a
    /// `const T &` parameter binds to, or a class prvalue's own temporary; the temporary
    /// lives to the end of the full expression ([class.temporary]). The node is an lvalue
    /// of the temporary.
    Materialize,
}

/// An expression node.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    /// The type (for an lvalue, the type of the object, with its qualifiers).
    pub ty: QualType,
    pub cat: Category,
    /// A null pointer constant (`0` of integer type, `nullptr`).
    pub npc: bool,
    pub span: Span,
}

/// The built-in variables whose members read special registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinVar {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
}

/// The expression forms.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer (or `bool`, or character) constant, wrapped to its type.
    IntConst(i128),
    /// A floating constant (a `float` literal's value is already rounded to `f32`).
    FloatConst(f64),
    /// A string literal's bytes (without the terminating NUL): an lvalue of type
    /// `const char[N + 1]`.
    StrLit(Vec<u8>),
    /// A named variable, parameter or function.
    Name(Decl),
    /// An enumerator or a constant variable folded to its value.
    Const(ConstValue),
    /// `threadIdx.x` and friends: component 0, 1 or 2.
    BuiltinMember(BuiltinVar, u8),
    /// `warpSize` (when no declaration names it).
    WarpSize,
    /// `this` in a non-static member function: the object pointer (a prvalue).
    This,
    /// An implicit conversion of `expr` to the node's type.
    Convert { kind: ConvKind, expr: ExprId },
    /// An explicit cast (`(T)e`, `T(e)`, `static_cast<T>(e)`, …) of `expr` to the node's
    /// type, by the conversion `kind`.
    Cast { kind: ConvKind, expr: ExprId },
    /// Arithmetic, bitwise or comparison operator on operands already converted to their
    /// common type (shifts: the left operand promoted, the count converted to its type).
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        /// The type the operation is done in (the common type; for comparisons, not the
        /// `bool` result).
        op_ty: QualType,
    },
    /// `p + i`, `i + p`, `p - i` (`ptr` is the pointer operand; `sub` for `p - i`).
    PointerOffset {
        ptr: ExprId,
        index: ExprId,
        sub: bool,
    },
    /// `p += i`, `p -= i` (`sub`) on a modifiable pointer lvalue: the moved pointer is
    /// stored and is the result.
    PointerCompoundAssign {
        target: ExprId,
        index: ExprId,
        sub: bool,
    },
    /// `p - q`: the element count between two pointers of the same type.
    PointerDiff { lhs: ExprId, rhs: ExprId },
    /// `a && b`, `a || b` (operands are `bool`).
    Logical { and: bool, lhs: ExprId, rhs: ExprId },
    /// `a, b`.
    Comma { lhs: ExprId, rhs: ExprId },
    /// `-a`, `+a`, `~a`, `!a` (the operand converted already; `!` on `bool`).
    Unary { op: UnaryOp, expr: ExprId },
    /// `*p`: the object `p` points to.
    Deref(ExprId),
    /// `&x`: the address of an lvalue.
    AddrOf(ExprId),
    /// `++x`, `x--`, … on a modifiable scalar lvalue.
    IncDec { op: UnaryOp, target: ExprId },
    /// `a = b` (`value` converted to the target's type); the result is the stored value. Of
    /// a plain class (no `operator=`): a copy of `value`'s bytes, the result the target
    /// (an lvalue).
    Assign { target: ExprId, value: ExprId },
    /// `a op= b`: `target op value` computed in `op_ty` (the operands' common type),
    /// converted back to the target's type and stored.
    CompoundAssign {
        op: BinaryOp,
        target: ExprId,
        value: ExprId,
        op_ty: QualType,
    },
    /// `c ? a : b` on values (both arms converted to the result type). `select`: both
    /// arms are cheap and cannot trap (`sema::body::is_cheap`), so both are evaluated and
    /// one is selected; otherwise the arms are branches.
    Cond {
        cond: ExprId,
        then: ExprId,
        els: ExprId,
        select: bool,
    },
    /// `p[i]` (`ptr` a pointer, `index` an integer; `i[p]` is normalized).
    Index { ptr: ExprId, index: ExprId },
    /// The field at `offset` bytes of the record object `base` (an lvalue).
    Field {
        base: ExprId,
        name: Symbol,
        offset: u64,
    },
    /// A local object of a class with constructors, constructed from `args` (as written:
    /// the constructor is chosen when it is lowered, by the one-walk lowering's
    /// `construct_at`; no arguments: the default constructor). Only as a local's
    /// initializer. `from_expr`: initialized by one expression (`T t = e`, and `T t(e)`,
    /// which the parser reads the same), not by a `T(…)`: a conversion function of `e`'s
    /// class to `T` is tried before the constructors, as the one-walk lowering tries it.
    Construct { args: Vec<ExprId>, from_expr: bool },
    /// An array or a class without constructors initialized by a braced list (only as a
    /// local's initializer), as the one-walk `local_init` stores it: the object zeroed,
    /// then each scalar leaf the list's items reach after brace elision stored, in order.
    Aggregate { leaves: Vec<AggregateLeaf> },
    /// A temporary object of a class with constructors (`T(a, b)`, `T(a)`), constructed from
    /// `args` as written (the constructor is chosen when it is lowered, as for
    /// `Construct`); a prvalue.
    Temporary { args: Vec<ExprId> },
    /// A call of the built-in function `name` (a CUDA intrinsic no declaration names).
    BuiltinCall { name: Symbol, args: Vec<ExprId> },
    /// `new T…` of a scalar or pointer type `elem` (no placement): its storage from
    /// `malloc`, `count` elements (`new T[n]`, converted to `unsigned long`) or one,
    /// initialized as `init` says; a prvalue `T *`.
    New {
        elem: QualType,
        count: Option<ExprId>,
        init: NewInit,
    },
    /// `delete p` / `delete[] p` of a pointer to a complete scalar or pointer type: `free`.
    Delete { ptr: ExprId, array: bool },
    /// A call of the member function `func` on `object` (an lvalue of its class or a
    /// class derived from it: `*this` for a call inside a member function, `*p` for
    /// `p->f()`); `None` for a static member function called without an object.
    /// Arguments are converted to the parameter types.
    MemberCall {
        func: u32,
        object: Option<ExprId>,
        args: Vec<ExprId>,
        callee_span: Span,
    },
    /// A lambda expression: an object of its closure type `record` (an lvalue, as the
    /// one-walk lowering makes it), whose members are initialized from the captured
    /// variables in order. `lambda` is the lambda's index in the translation unit
    /// (`TranslationUnit::lambdas`): lowering completes the closure type, numbers it and
    /// lowers its call operator there.
    Lambda {
        lambda: u32,
        record: crate::sema::types::RecordId,
        captures: Vec<Capture>,
    },
    /// `f(args)` on an object of a closure type `record` (a non-generic lambda's): its
    /// call operator, with the object's address as the hidden first argument; arguments
    /// are converted to the operator's parameter types.
    ClosureCall {
        record: crate::sema::types::RecordId,
        object: ExprId,
        args: Vec<ExprId>,
    },
    /// A direct call of the function `func`; arguments are converted to the parameter
    /// types. `overloaded`: `func` was chosen from an overload set by overload
    /// resolution. `made_first`: `func` won over function templates of the same name,
    /// and the best template's instance (this handle, as `InstanceCall`'s) is still made
    /// where the call is lowered, before it: the one-walk lowering makes it to compare it.
    Call {
        func: u32,
        args: Vec<ExprId>,
        callee_span: Span,
        overloaded: bool,
        made_first: Option<u32>,
        /// An unqualified call of a name argument-dependent lookup applies to, where ADL
        /// adds nothing: the arguments are lowered below their conversions first and the
        /// call converts them, as the one-walk lowering's `adl_call` stages them.
        staged: bool,
    },
    /// A call of a function template's instance, deduced by sema and instantiated by the
    /// lowering where the call is lowered (`instance`: the handle `Env::template_call`
    /// gave); arguments are converted to the instance's parameter types. `on_this`: a
    /// member template of the class (or a base) called on `*this`; `object`: one called
    /// on that object (an lvalue of its class: `x.f(…)`, `p->f<T>(…)`). `resolved`: the
    /// instance won overload resolution against functions of the same name.
    InstanceCall {
        instance: u32,
        object: Option<ExprId>,
        args: Vec<ExprId>,
        callee_span: Span,
        on_this: bool,
        resolved: bool,
    },
}

/// How `new` initializes the one object it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewInit {
    /// `new T` (and every `new T[n]`): left as `malloc` gives it.
    Default,
    /// `new T()`, `new T{}`: zero.
    Zero,
    /// `new T(e)`: `e`, converted to `T`.
    Value(ExprId),
}

/// A statement node.
/// One scalar sub-object of an [`ExprKind::Aggregate`]: its byte offset in the object, its
/// type, and its item's value converted to that type.
#[derive(Clone, Copy, Debug)]
pub struct AggregateLeaf {
    pub offset: u64,
    pub ty: QualType,
    pub value: ExprId,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// `#pragma unroll` on a loop, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unroll {
    Full,
    Count(u32),
}

/// The statement forms.
#[derive(Clone, Debug)]
pub enum StmtKind {
    Expr(ExprId),
    /// A local variable and its initializer (converted to its type), if any.
    /// `init_first`: the variable's type is deduced from the initializer (`auto`), whose
    /// expression is then evaluated before the variable's storage is made.
    Local {
        local: LocalId,
        init: Option<ExprId>,
        init_first: bool,
    },
    /// A block: its statements in a scope of their own.
    Block(Vec<StmtId>),
    /// The declarators of one declaration statement (no scope of their own).
    Decls(Vec<StmtId>),
    If {
        cond: ExprId,
        then: StmtId,
        els: Option<StmtId>,
    },
    While {
        cond: ExprId,
        body: StmtId,
        unroll: Option<Unroll>,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
        unroll: Option<Unroll>,
    },
    For {
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
        unroll: Option<Unroll>,
    },
    /// `switch (cond) body`; `cond` is the promoted condition.
    Switch {
        cond: ExprId,
        body: StmtId,
    },
    /// `case value: body`; `value` is the label's bits in the condition's promoted type.
    Case {
        value: u64,
        body: StmtId,
    },
    /// `default: body`.
    Default {
        body: StmtId,
    },
    Break,
    Continue,
    /// `return e;` (`e` converted to the return type) or `return;`.
    Return(Option<ExprId>),
    Empty,
    /// A block-scope `typedef`/alias declaration: `name` denotes `ty` from here to the end
    /// of the block (for what the lowering still resolves by name: a lambda's body).
    LocalType {
        name: Symbol,
        ty: QualType,
    },
    /// An inline PTX statement, checked (`sema::asm`).
    Asm(Box<AsmStmt>),
}

/// An inline PTX statement: the template in the IR's form (operands numbered outputs
/// first, then register inputs; `n` inputs already substituted as text) and its operands.
/// The register kinds and template pieces are the IR's own types (`oxicc_ir::inline_asm`):
/// the statement is lowered to one `InlineAsm` instruction of that form.
#[derive(Clone, Debug)]
pub struct AsmStmt {
    pub pieces: Vec<oxicc_ir::AsmPiece>,
    pub outputs: Vec<AsmOutput>,
    /// The register inputs, in the written order.
    pub inputs: Vec<AsmInput>,
    pub volatile: bool,
    /// The `memory` clobber.
    pub memory: bool,
}

/// An output operand: a modifiable lvalue of the register's size and kind.
#[derive(Clone, Debug)]
pub struct AsmOutput {
    pub place: ExprId,
    pub reg: oxicc_ir::AsmReg,
    /// `+`: also read (a tied input).
    pub read_write: bool,
}

/// A register input operand: a value of the register's size and kind.
#[derive(Clone, Debug)]
pub struct AsmInput {
    pub value: ExprId,
    pub reg: oxicc_ir::AsmReg,
}

/// Where a local variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalStorage {
    /// On the stack (a slot of the function).
    Automatic,
    /// `__shared__` (a module variable in shared memory); `extern __shared__` is the
    /// dynamically sized array.
    Shared { dynamic: bool },
    /// `static` (a module variable in global memory, zero-initialized).
    Static,
    /// A reference (`T &r = x;`): no storage of its own, it names the object its
    /// initializer (an lvalue of the referred type) designates.
    Reference,
}

/// A local variable of a body.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: Symbol,
    pub ty: QualType,
    pub storage: LocalStorage,
    pub align: u64,
    /// The value of a `const` integer local with a constant initializer (uses read the
    /// constant, as C++ allows in constant expressions).
    pub const_value: Option<ConstValue>,
    pub span: Span,
}

/// The typed tree of one function body: its statements (the outermost block's, which
/// share the parameters' scope), locals and node arenas.
#[derive(Clone, Debug, Default)]
pub struct Body {
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    pub locals: Vec<Local>,
    /// The statements of the function's outermost block.
    pub top: Vec<StmtId>,
    /// The return type deduced from the first `return` of a function declared with
    /// `auto` (or a lambda without `-> T`); `None` when the type was written or no
    /// `return` was met (then it is `void`).
    pub deduced_ret: Option<QualType>,
}

impl Body {
    pub fn expr(&self, e: ExprId) -> &Expr {
        &self.exprs[e.0 as usize]
    }
    pub fn stmt(&self, s: StmtId) -> &Stmt {
        &self.stmts[s.0 as usize]
    }
    pub fn local(&self, l: LocalId) -> &Local {
        &self.locals[l.0 as usize]
    }
    pub fn add_expr(&mut self, e: Expr) -> ExprId {
        self.exprs.push(e);
        ExprId(self.exprs.len() as u32 - 1)
    }
    pub fn add_stmt(&mut self, s: Stmt) -> StmtId {
        self.stmts.push(s);
        StmtId(self.stmts.len() as u32 - 1)
    }
    pub fn add_local(&mut self, l: Local) -> LocalId {
        self.locals.push(l);
        LocalId(self.locals.len() as u32 - 1)
    }
}
