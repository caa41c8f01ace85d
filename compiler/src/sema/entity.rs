//! How a C++ entity is named: the scope it is declared in, its template arguments, and (for
//! functions) the name kind and signature — the description that `crate::mangle` turns into
//! an Itanium name and that diagnostics can print.
//!
//! The lowering builds these as it declares things: a record's `scope`/`template_args`/
//! `closure` live in its `RecordInfo`, an enum's `scope` in its `EnumInfo`, and a function's
//! [`FunctionEntity`] is built from its `FnInfo` when its PTX symbol is needed. Scopes are
//! absolute (outermost first, the global namespace is the empty list), so two equal scope
//! lists denote the same declaration context.

use std::rc::Rc;

use crate::intern::Symbol;
use crate::sema::types::{QualType, Qualifiers, RecordId, TypeId};

/// One level of a declaration context, outermost first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScopeComponent {
    /// `namespace name { … }` (an inline namespace is a component too: it is mangled).
    Namespace(Symbol),
    /// `namespace { … }`: nvcc's `_GLOBAL__N_<file suffix>` (see `mangle::internal`).
    AnonymousNamespace,
    /// The outer `_INTERNAL<file suffix>` component nvcc puts first in the names of
    /// internal-linkage functions that are not kernels (`static`, or in an anonymous
    /// namespace) and of variables in anonymous namespaces (see `mangle::internal`).
    InternalLinkage,
    /// A class scope. Its name, template arguments (and closure signature) come from the
    /// record's `RecordInfo`; the components before it in the list are that record's scope.
    Record(RecordId),
    /// The body of a function: what follows is local to it (`Z <encoding> E …`).
    Function(Rc<FunctionEntity>),
}

/// A template argument of a class or function template instance. Also the key of the
/// instantiation caches, so it is `Eq + Hash`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateArg {
    /// A type argument (`float`, `Vec3`, a closure type).
    Type(QualType),
    /// A non-type argument of integral, `bool` or enumeration type `ty` (`Li128E`, `Lb1E`,
    /// `L5Color2E`); `value` is the converted value.
    Value { ty: TypeId, value: i128 },
    /// The arguments bound to a template parameter pack (`J … E`).
    Pack(Vec<TemplateArg>),
    /// The function template's own non-type parameter `i` standing for itself, in a
    /// declared signature (`Arr<N>` → `XT_E`).
    ValueParam(u32),
    /// A template template argument: the class template named `name` in `scope`.
    Template {
        scope: Vec<ScopeComponent>,
        name: Symbol,
    },
    /// A non-type argument that is an expression of the function template's parameters,
    /// in a declared signature (`Arr<N + 1>` → `XplT_Li1EE`).
    Expr(Rc<TemplateExpr>),
    /// A variable with linkage as a pointer (`addr`: `XadL_Z5g_tabEE`) or reference
    /// (`L_Z5g_valE`) argument; `symbol` is the variable's symbol (`g_tab`, `_ZN2ns1vE`).
    Entity { symbol: String, addr: bool },
}

/// An expression that depends on a function template's parameters, as written in its
/// declared signature (a non-type template argument, an array bound, a `decltype`). nvcc
/// mangles it as written (`N + 1` → `plT_Li1E`); constants not depending on a parameter are
/// folded to literals (`N + K` with `constexpr int K = 3` → `plT_Li3E`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateExpr {
    /// The function template's non-type parameter `i` (`T_`, `T0_`; no substitution).
    Param(u32),
    /// An integral or `bool` literal of type `ty` (`Li1E`, `Lj2E`, `Lb1E`).
    Literal { ty: TypeId, value: i128 },
    /// A unary operator (`-N` → `ngT_`, `!B` → `ntT_`, `~N` → `coT_`, `+N` → `psT_`).
    Unary(OperatorName, Rc<TemplateExpr>),
    /// A binary operator (`N * 2` → `mlT_Li2E`).
    Binary(OperatorName, Rc<TemplateExpr>, Rc<TemplateExpr>),
    /// `c ? a : b` (`qu`).
    Conditional(Rc<TemplateExpr>, Rc<TemplateExpr>, Rc<TemplateExpr>),
    /// `sizeof(type)` (`st <type>`).
    SizeofType(QualType),
    /// `sizeof...(P)` for the template parameter pack `i` (`sZT_`).
    SizeofPack(u32),
    /// `S::name` where `S` depends on the parameters (`is_floating_point<T>::value` →
    /// `sr3std17is_floating_pointIT_EE5value`, `T::value` → `srT_5value`).
    StaticMember { scope: QualType, name: Symbol },
    /// The function's parameter `i` (in a `decltype` return type: `fp_`, `fp0_`).
    FunctionParam(u32),
}

/// The name of a closure type: `Ul <parameter types> E [n] _`, where `index` numbers the
/// lambdas of the same parameter list in the same scope from 0 (nvcc: `UlfE_`, `UlfE0_`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClosureSig {
    /// The call operator's parameter types as written (a generic lambda's `auto` parameters
    /// are `TypeKind::TemplateParam`s).
    pub params: Vec<QualType>,
    pub index: u32,
}

/// An overloadable operator, as a function name (`operator+` is `Plus`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OperatorName {
    New,
    NewArray,
    Delete,
    DeleteArray,
    /// Unary `+`.
    UnaryPlus,
    /// Unary `-`.
    Negate,
    /// Unary `&`.
    AddressOf,
    /// Unary `*`.
    Deref,
    Complement,
    Plus,
    Minus,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Assign,
    PlusAssign,
    MinusAssign,
    MulAssign,
    DivAssign,
    RemAssign,
    AndAssign,
    OrAssign,
    XorAssign,
    Shl,
    Shr,
    ShlAssign,
    ShrAssign,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Not,
    LogicalAnd,
    LogicalOr,
    Increment,
    Decrement,
    Comma,
    ArrowStar,
    Arrow,
    Call,
    Index,
}

/// What kind of name a function has.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FunctionName {
    Ident(Symbol),
    Operator(OperatorName),
    /// A constructor. nvcc emits only the complete-object constructor `C1`, also where a
    /// derived class constructs its base (no virtual bases in device code).
    Constructor,
    /// A destructor (`D1`, complete-object).
    Destructor,
    /// `operator T()`: `cv <type>`.
    Conversion(QualType),
}

/// `&` / `&&` after a member function's parameter list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RefQualifier {
    LValue,
    RValue,
}

/// Everything the mangled name of a function depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionEntity {
    /// The declaration context: namespaces and, for a member function, its class last
    /// (see [`FunctionEntity::member_scope`]).
    pub scope: Vec<ScopeComponent>,
    pub name: FunctionName,
    /// `Some` for an instance of a function template (even with no explicit arguments).
    pub template_args: Option<Vec<TemplateArg>>,
    /// The return type, mangled only for function template instances. Like `params`, it
    /// is the type AS DECLARED in the template: the function template's own parameters
    /// appear as `TypeKind::TemplateParam(i)` (`T_`, `T0_`, …) and packs as
    /// `TypeKind::PackExpansion`; an enclosing class template's parameters are already
    /// replaced by their arguments (nvcc: `_ZNK3BoxIfE3mixIdEEffT_`).
    pub ret: Option<QualType>,
    /// Parameter types (for a template instance: as declared, see `ret`). Top-level
    /// qualifiers are dropped when mangling; arrays and functions must already be adjusted
    /// to pointers.
    pub params: Vec<QualType>,
    pub variadic: bool,
    /// cv-qualifiers of `this` (`const` member function: `NK…E`).
    pub this_quals: Qualifiers,
    pub ref_qual: Option<RefQualifier>,
}

impl FunctionEntity {
    /// A plain function `name(params)` declared in `scope`.
    pub fn new(scope: Vec<ScopeComponent>, name: FunctionName, params: Vec<QualType>) -> Self {
        FunctionEntity {
            scope,
            name,
            template_args: None,
            ret: None,
            params,
            variadic: false,
            this_quals: Qualifiers::NONE,
            ref_qual: None,
        }
    }

    /// The scope of a member of `record`: the record's own scope, then the record.
    pub fn member_scope(
        types: &crate::sema::types::TypeTable,
        record: RecordId,
    ) -> Vec<ScopeComponent> {
        let mut scope = types.record(record).scope.clone();
        scope.push(ScopeComponent::Record(record));
        scope
    }
}

/// Numbers closure types as nvcc does: from 0, separately for each enclosing function
/// and each call-operator parameter list (three `float` lambdas and one `int` lambda in
/// one kernel are `UlfE_`, `UlfE0_`, `UlfE1_`, `UliE_`).
#[derive(Default, Debug)]
pub struct ClosureNumbering {
    next: hashbrown::HashMap<(Vec<ScopeComponent>, Vec<QualType>), u32>,
}

impl ClosureNumbering {
    /// The `index` of the next closure declared in `scope` with parameter types `params`.
    pub fn next(&mut self, scope: &[ScopeComponent], params: &[QualType]) -> u32 {
        let n = self
            .next
            .entry((scope.to_vec(), params.to_vec()))
            .or_insert(0);
        *n += 1;
        *n - 1
    }
}
