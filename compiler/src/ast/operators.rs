//! Operators in the syntax tree: the binary operators of expressions and the operators
//! an `operator@` function name can spell, and how the two correspond (`a + b` on a class
//! calls `operator+`, `a += b` calls `operator+=`).

/// Binary operators (assignment is separate).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
    Comma,
}

impl BinaryOp {
    /// The operator function a class operand's `a op b` calls (`operator+`); `None` for
    /// the operators that cannot be overloaded this way (`&&`, `||`, `,`).
    pub fn overloaded(self) -> Option<OverloadedOp> {
        use OverloadedOp as O;
        Some(match self {
            BinaryOp::Mul => O::Star,
            BinaryOp::Div => O::Slash,
            BinaryOp::Rem => O::Percent,
            BinaryOp::Add => O::Plus,
            BinaryOp::Sub => O::Minus,
            BinaryOp::Shl => O::Shl,
            BinaryOp::Shr => O::Shr,
            BinaryOp::Lt => O::Lt,
            BinaryOp::Gt => O::Gt,
            BinaryOp::Le => O::Le,
            BinaryOp::Ge => O::Ge,
            BinaryOp::Eq => O::EqEq,
            BinaryOp::Ne => O::NotEq,
            BinaryOp::BitAnd => O::Amp,
            BinaryOp::BitXor => O::Caret,
            BinaryOp::BitOr => O::Pipe,
            BinaryOp::LogAnd | BinaryOp::LogOr | BinaryOp::Comma => return None,
        })
    }

    /// The operator function of the compound assignment `a op= b` (`operator+=`).
    pub fn compound_overloaded(self) -> Option<OverloadedOp> {
        use OverloadedOp as O;
        Some(match self {
            BinaryOp::Mul => O::StarAssign,
            BinaryOp::Div => O::SlashAssign,
            BinaryOp::Rem => O::PercentAssign,
            BinaryOp::Add => O::PlusAssign,
            BinaryOp::Sub => O::MinusAssign,
            BinaryOp::Shl => O::ShlAssign,
            BinaryOp::Shr => O::ShrAssign,
            BinaryOp::BitAnd => O::AmpAssign,
            BinaryOp::BitXor => O::CaretAssign,
            BinaryOp::BitOr => O::PipeAssign,
            _ => return None,
        })
    }
}

/// The operator of an `operator@` function name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OverloadedOp {
    /// `+` (binary or unary, by arity).
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Amp,
    Pipe,
    Tilde,
    Not,
    Assign,
    Lt,
    Gt,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    CaretAssign,
    AmpAssign,
    PipeAssign,
    Shl,
    Shr,
    ShlAssign,
    ShrAssign,
    EqEq,
    NotEq,
    Le,
    Ge,
    AndAnd,
    OrOr,
    PlusPlus,
    MinusMinus,
    Comma,
    ArrowStar,
    Arrow,
    /// `()`
    Call,
    /// `[]`
    Index,
    New,
    Delete,
    NewArray,
    DeleteArray,
}

impl OverloadedOp {
    /// The operator's spelling (`+`, `()`, `new[]`).
    pub fn spelling(self) -> &'static str {
        use OverloadedOp::*;
        match self {
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Caret => "^",
            Amp => "&",
            Pipe => "|",
            Tilde => "~",
            Not => "!",
            Assign => "=",
            Lt => "<",
            Gt => ">",
            PlusAssign => "+=",
            MinusAssign => "-=",
            StarAssign => "*=",
            SlashAssign => "/=",
            PercentAssign => "%=",
            CaretAssign => "^=",
            AmpAssign => "&=",
            PipeAssign => "|=",
            Shl => "<<",
            Shr => ">>",
            ShlAssign => "<<=",
            ShrAssign => ">>=",
            EqEq => "==",
            NotEq => "!=",
            Le => "<=",
            Ge => ">=",
            AndAnd => "&&",
            OrOr => "||",
            PlusPlus => "++",
            MinusMinus => "--",
            Comma => ",",
            ArrowStar => "->*",
            Arrow => "->",
            Call => "()",
            Index => "[]",
            New => "new",
            Delete => "delete",
            NewArray => "new[]",
            DeleteArray => "delete[]",
        }
    }
}
