//! The syntax tree the parser builds and sema/irgen consume.
//!
//! Nodes live in a `bumpalo` arena owned by the compile (`&'a` references and `&'a [T]`
//! slices), built once and never mutated. The tree is syntactic: names are `Symbol`s, not
//! yet resolved; types are written as the source spells them (`TypeExpr`), already combined
//! from declaration specifiers and declarators. The parser does track which names are types
//! (typedefs, tags, later classes and templates), since C++ cannot be parsed without it, so
//! `(T)x` is a `Cast` and `T * p;` a declaration here.
//!
//! Host-only function bodies (functions without `__device__`/`__global__`) are not parsed:
//! the parser skips their braces and records `FunctionDecl::body = None` with `host_body_skipped`.

use crate::intern::Symbol;
use crate::source::Span;

mod operators;
mod stmt;
pub use operators::{BinaryOp, OverloadedOp};
pub use stmt::*;

/// A translation unit: top-level declarations in source order.
#[derive(Debug)]
pub struct TranslationUnit<'a> {
    pub decls: &'a [Decl<'a>],
    /// Every lambda expression, by `LambdaExpr::index` (so that the lowering can find a
    /// generic lambda's body again when it instantiates its call operator).
    pub lambdas: &'a [&'a LambdaExpr<'a>],
    /// Kernel launches found in skipped host function bodies (`parse/host_launch.rs`).
    pub host_launches: &'a [HostLaunch<'a>],
    /// One note per file-scope declaration the parser skipped as host C++ it does not
    /// parse (`Decl::Unsupported`): where and why, reported under `--report-dropped`/`-v`.
    pub dropped: Vec<crate::diag::Diag>,
    /// The bodies kept for a later parse (`FunctionDecl::lazy_body`).
    pub lazy: crate::parse::LazyBodies,
}

/// A local constant of a skipped host body (`constexpr int groups = 2;`): its name, type
/// and initializer.
pub type HostConst<'a> = (Symbol, &'a TypeExpr<'a>, &'a Expr<'a>);

/// A kernel launch `k<float, 128><<<g, b>>>(d_x, n)` in a host function body the parser
/// skipped: what is needed to instantiate a template kernel as nvcc does.
#[derive(Debug)]
pub struct HostLaunch<'a> {
    /// The kernel as named (`k`, `k<float, 128>`, `ns::k<int>`).
    pub kernel: &'a QualName<'a>,
    /// The call's arguments, when they parsed.
    pub args: Option<&'a [&'a Expr<'a>]>,
    /// Variables declared before the launch in the host function (its parameters and the
    /// locals that parsed), innermost last: the arguments' types come from them.
    pub vars: &'a [(Symbol, &'a TypeExpr<'a>)],
    /// The `constexpr` and `const` locals with an initializer among `vars`, in order:
    /// template arguments may name them (`k<T, 1024 / groups><<<…>>>`).
    pub consts: &'a [HostConst<'a>],
    /// The host function's name (the launch is lowered with its declaration).
    pub in_fn: Span,
    pub span: Span,
    /// Not a launch but a host call `run<T>(d, n)` of a host function template that
    /// launches kernels (its launches are lowered with its template arguments bound).
    pub host_call: bool,
    /// The object of a host call of a member function template (`r.go(d)`).
    pub object: Option<&'a Expr<'a>>,
}

/// A lambda expression `[captures](params) mutable -> ret { body }`.
#[derive(Debug)]
pub struct LambdaExpr<'a> {
    /// Position in `TranslationUnit::lambdas`.
    pub index: u32,
    /// `[=]` or `[&]` (possibly followed by explicit captures).
    pub default_capture: Option<CaptureDefault>,
    pub captures: &'a [Capture],
    /// The initializers of the init-captures.
    pub inits: &'a [&'a Expr<'a>],
    pub params: &'a [ParamDecl<'a>],
    pub variadic: bool,
    /// `-> T`.
    pub ret: Option<&'a TypeExpr<'a>>,
    pub is_mutable: bool,
    /// `__device__`/`__host__` written after the captures (nvcc's extended lambdas).
    pub specs: DeclSpecs,
    pub body: &'a Stmt<'a>,
    pub span: Span,
}

/// A lambda's default capture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaptureDefault {
    /// `[=]`
    Copy,
    /// `[&]`
    Ref,
}

/// One explicit capture.
#[derive(Copy, Clone, Debug)]
pub struct Capture {
    pub kind: CaptureKind,
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaptureKind {
    /// `x`
    Copy(Symbol),
    /// `&x`
    Ref(Symbol),
    /// `this`
    This,
    /// `*this`
    StarThis,
    /// `x = e` / `&x = e` (an init-capture): `init` indexes `LambdaExpr::inits`.
    Init {
        name: Symbol,
        by_ref: bool,
        init: u32,
    },
}

/// Built-in arithmetic and void types, as spelled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinType {
    Void,
    Bool,
    /// Plain `char` (signed on nvcc's targets).
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    /// `long` is 64-bit on CUDA's 64-bit targets.
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
    Float,
    Double,
    /// `long double` — treated as `double` on the device, as nvcc does.
    LongDouble,
    /// `wchar_t`: 4 bytes, signed (Linux). Lowered as `int` until the type table has a
    /// kind of its own for it (its mangling is `w`, `int`'s `i`).
    WChar,
    /// `char16_t` (lowered as `unsigned short`; mangled `Ds` by nvcc).
    Char16,
    /// `char32_t` (lowered as `unsigned int`; mangled `Di` by nvcc).
    Char32,
}

/// Type qualifiers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Quals {
    pub is_const: bool,
    pub is_volatile: bool,
    /// `__restrict__` / `restrict`.
    pub is_restrict: bool,
}

/// `struct`, `union` or `class`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TagKind {
    Struct,
    Union,
    Class,
    Enum,
}

/// A type as written.
#[derive(Debug)]
pub enum TypeExpr<'a> {
    Builtin(BuiltinType),
    /// A typedef name (or later a class/template name) to be resolved by sema.
    Named {
        name: Symbol,
        span: Span,
    },
    /// `struct S` / `union U` / `enum E` used by name (possibly a forward reference).
    Tag {
        kind: TagKind,
        name: Symbol,
        span: Span,
    },
    /// An inline struct/union definition used as a type (`struct { int x; } v;`).
    Record(&'a RecordDecl<'a>),
    /// An inline enum definition used as a type.
    Enum(&'a EnumDecl<'a>),
    /// `quals T` (qualifiers applied to the inner type).
    Qualified {
        quals: Quals,
        inner: &'a TypeExpr<'a>,
    },
    /// `T *quals`.
    Pointer {
        pointee: &'a TypeExpr<'a>,
        quals: Quals,
    },
    /// `T [size]`; `None` size for `T []`.
    Array {
        elem: &'a TypeExpr<'a>,
        size: Option<&'a Expr<'a>>,
    },
    /// A function type (from a declarator like `int (*fp)(int)` or a function declaration).
    Function {
        ret: &'a TypeExpr<'a>,
        params: &'a [ParamDecl<'a>],
        variadic: bool,
    },
    /// A type named by a qualified name or a template-id (`N::T`, `::S`, `S<int>`,
    /// `Outer::Inner`). Plain one-word type names stay `Named`/`Tag`.
    Qual(&'a QualName<'a>),
    /// `T&` (`rvalue: false`) or `T&&`.
    Reference {
        referee: &'a TypeExpr<'a>,
        rvalue: bool,
    },
    /// `T C::*quals`: a pointer to a member of class `C` (a data member of type `T`, or a
    /// member function when `T` is a function type; `fn_const`: `int (C::*)() const`).
    MemberPointer {
        class: &'a QualName<'a>,
        pointee: &'a TypeExpr<'a>,
        quals: Quals,
        fn_const: bool,
    },
    /// The `auto` placeholder (a variable's or a function's deduced type).
    Auto(Span),
    /// `decltype(auto)`: a variable's or return type deduced with `decltype`'s rules.
    DecltypeAuto(Span),
    /// `decltype(expr)`.
    Decltype(&'a Expr<'a>),
    /// A member type of a type that is not a plain name: `decltype(x)::value_type`.
    MemberType {
        base: &'a TypeExpr<'a>,
        name: Symbol,
        span: Span,
    },
}

/// A possibly qualified name: `x`, `a::b::c`, `::x`, `S::operator+`, `V<int>::f`, `S::~S`.
/// `global` is a leading `::`. There is always at least one segment; the last one is the
/// name itself and the others name namespaces or classes. Used for expressions
/// (`ExprKind::Name`), types (`TypeExpr::Qual`) and declarator names (`FunctionDecl::qual`).
#[derive(Debug)]
pub struct QualName<'a> {
    pub global: bool,
    pub segments: &'a [NameSeg<'a>],
    pub span: Span,
}

impl<'a> QualName<'a> {
    /// The last segment (the declared or referenced name itself).
    pub fn last(&self) -> &NameSeg<'a> {
        self.segments
            .last()
            .expect("a qualified name has a segment")
    }

    /// The segments before the last (the qualifier).
    pub fn qualifier(&self) -> &[NameSeg<'a>] {
        &self.segments[..self.segments.len() - 1]
    }
}

/// One segment of a `QualName`.
#[derive(Debug)]
pub enum NameSeg<'a> {
    Ident {
        name: Symbol,
        span: Span,
    },
    /// `name<args>` (filled in by the template parser).
    TemplateId {
        name: Symbol,
        args: &'a [TemplateArgExpr<'a>],
        span: Span,
    },
    /// `operator+`, `operator()`, `operator[]`, …
    Operator {
        op: OverloadedOp,
        span: Span,
    },
    /// A conversion function `operator T`.
    Conversion {
        ty: &'a TypeExpr<'a>,
        span: Span,
    },
    /// `~S`.
    Destructor {
        name: Symbol,
        span: Span,
    },
}

impl NameSeg<'_> {
    pub fn span(&self) -> Span {
        match *self {
            NameSeg::Ident { span, .. }
            | NameSeg::TemplateId { span, .. }
            | NameSeg::Operator { span, .. }
            | NameSeg::Conversion { span, .. }
            | NameSeg::Destructor { span, .. } => span,
        }
    }

    /// The identifier of an `Ident`, `TemplateId` or `Destructor` segment.
    pub fn ident(&self) -> Option<Symbol> {
        match *self {
            NameSeg::Ident { name, .. }
            | NameSeg::TemplateId { name, .. }
            | NameSeg::Destructor { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// A template argument as written: a type or an expression (constant).
#[derive(Debug)]
pub enum TemplateArgExpr<'a> {
    Type(&'a TypeExpr<'a>),
    Expr(&'a Expr<'a>),
    /// `Ts...` / `xs...`: a pack expansion as a template argument.
    Pack(&'a TemplateArgExpr<'a>),
}

/// `public`, `protected`, `private`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Public,
    Protected,
    Private,
}

/// What kind of template parameter.
#[derive(Debug)]
pub enum TemplateParamKind<'a> {
    /// `typename T = default` / `class T`.
    Type { default: Option<&'a TypeExpr<'a>> },
    /// `int N = default`.
    NonType {
        ty: &'a TypeExpr<'a>,
        default: Option<&'a Expr<'a>>,
    },
    /// `template <class> class C`: a template template parameter (its argument is a class
    /// template; no default argument yet).
    Template { params: &'a [TemplateParam<'a>] },
}

#[derive(Debug)]
pub struct TemplateParam<'a> {
    pub name: Option<Symbol>,
    pub kind: TemplateParamKind<'a>,
    /// A parameter pack (`typename... Ts`).
    pub pack: bool,
    pub span: Span,
}

/// `template <params> decl`; an empty parameter list is an explicit specialization
/// (`template <> struct S<0> { … }`), whose declaration names its arguments.
#[derive(Debug)]
pub struct TemplateDecl<'a> {
    pub params: &'a [TemplateParam<'a>],
    pub decl: Decl<'a>,
    pub span: Span,
}

/// Storage class and CUDA specifiers of a declaration.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DeclSpecs {
    pub is_static: bool,
    pub is_extern: bool,
    /// `extern "C"` (directly or by an enclosing `extern "C" { }`).
    pub extern_c: bool,
    pub is_inline: bool,
    pub is_constexpr: bool,
    pub global: bool,
    pub device: bool,
    pub host: bool,
    pub shared: bool,
    pub constant: bool,
    pub managed: bool,
    pub forceinline: bool,
    pub noinline: bool,
    /// `register` (accepted, ignored).
    pub register: bool,
}

/// A declaration.
#[derive(Debug)]
pub enum Decl<'a> {
    Function(&'a FunctionDecl<'a>),
    /// One declared variable (a declaration with several declarators yields several).
    Var(&'a VarDecl<'a>),
    Typedef(&'a TypedefDecl<'a>),
    /// A struct/union definition or forward declaration on its own (`struct S { … };`).
    /// Named definitions are always emitted this way, before the declarators that use them
    /// (`struct S { … } s;` gives `Record(S)` then a `Var` of type `TypeExpr::Tag`), and so
    /// are named definitions nested in a struct body (before the enclosing struct).
    Record(&'a RecordDecl<'a>),
    Enum(&'a EnumDecl<'a>),
    /// `namespace N { … }`, `namespace a::b { … }` (nested names are split into nested
    /// `Namespace`s by the parser), `namespace { … }` (`name: None`), `inline namespace`.
    Namespace(&'a NamespaceDecl<'a>),
    /// `using namespace N;`
    UsingDirective {
        name: &'a QualName<'a>,
        span: Span,
    },
    /// `namespace A = N::M;` (a namespace alias).
    NamespaceAlias {
        alias: Symbol,
        target: &'a QualName<'a>,
        span: Span,
    },
    /// `using N::x;` (a using-declaration).
    UsingDecl {
        name: &'a QualName<'a>,
        span: Span,
    },
    /// A structured binding declaration `auto [a, b] = e;` (`auto& [a, b] = e;`).
    Bindings(&'a BindingDecl<'a>),
    /// `template <…> declaration` (and `template <>` explicit specializations).
    Template(&'a TemplateDecl<'a>),
    /// `template __global__ void k<float, 128>(const float *);` — an explicit instantiation
    /// of a function template (the declaration carries the template arguments).
    ExplicitInstantiation(&'a FunctionDecl<'a>),
    /// `static_assert(cond, "message");` (the message is optional).
    StaticAssert {
        cond: &'a Expr<'a>,
        message: Option<&'a [u8]>,
        span: Span,
    },
    /// File-scope host C++ the parser does not handle (templates, namespaces, classes with
    /// methods, `std::` types, …), skipped to its end. The parser reports no error for it
    /// (nvcc hands such code to the host compiler) and only produces it when the skipped
    /// text holds no device keyword; where device code was involved the parser reported the
    /// errors itself and kept what it parsed instead. Sema should ignore it (or report it
    /// only when device code uses a name it would have declared).
    Unsupported {
        what: &'static str,
        span: Span,
    },
    /// A friend declaration in a class body that only grants access: `friend class X;`
    /// (`class: Some(X)`, `name: None`), `friend T f(…);` (`name: Some(f)`),
    /// `friend T C::f(…);` (both).
    Friend {
        class: Option<Symbol>,
        name: Option<Symbol>,
        span: Span,
    },
}

#[derive(Debug)]
pub struct NamespaceDecl<'a> {
    pub name: Option<Symbol>,
    pub name_span: Span,
    pub is_inline: bool,
    pub decls: &'a [Decl<'a>],
    pub span: Span,
}

#[derive(Debug)]
pub struct ParamDecl<'a> {
    pub name: Option<Symbol>,
    pub ty: &'a TypeExpr<'a>,
    /// The default argument (`int step = 16`).
    pub default: Option<&'a Expr<'a>>,
    pub span: Span,
    /// A function parameter pack (`Ts... xs`); in an instantiated declaration, one element
    /// of the expanded pack.
    pub pack: bool,
}

/// `__launch_bounds__(max_threads [, min_blocks])`.
#[derive(Debug)]
pub struct LaunchBounds<'a> {
    pub max_threads: &'a Expr<'a>,
    pub min_blocks: Option<&'a Expr<'a>>,
}

#[derive(Debug)]
pub struct FunctionDecl<'a> {
    pub name: Symbol,
    /// Span of the name in the declarator.
    pub name_span: Span,
    pub specs: DeclSpecs,
    pub ret: &'a TypeExpr<'a>,
    pub params: &'a [ParamDecl<'a>],
    pub variadic: bool,
    pub launch_bounds: Option<LaunchBounds<'a>>,
    /// Template arguments written after the name (`k<float, 128>` in an explicit
    /// instantiation or specialization).
    pub template_args: Option<&'a [TemplateArgExpr<'a>]>,
    /// The body; `None` for a prototype or a skipped host-only body.
    pub body: Option<&'a Stmt<'a>>,
    /// True when a host-only body was present but skipped unparsed.
    pub host_body_skipped: bool,
    /// A built-in header's body kept as tokens, parsed when the lowering needs it
    /// (`TranslationUnit::lazy`, `parse/lazy_body.rs`); `body` is then `None`.
    pub lazy_body: Option<u32>,
    pub span: Span,
    /// The declarator's name when it is more than a plain identifier: `S::f`, `N::g`,
    /// `operator+`, `S::S`, `operator bool`. `name` is then the last segment's identifier
    /// (for operators the interned spelling `operator+`).
    pub qual: Option<&'a QualName<'a>>,
    /// C++ member-function details (defaults for free functions).
    pub method: MethodInfo<'a>,
}

impl FunctionDecl<'_> {
    /// A definition: its body parsed, kept for a later parse, or skipped as host code
    /// (`host_body_skipped` says which of the last).
    pub fn has_body(&self) -> bool {
        self.body.is_some() || self.lazy_body.is_some()
    }
}

/// What a member function declaration adds to a function declaration.
#[derive(Debug, Default)]
pub struct MethodInfo<'a> {
    /// `f() const`.
    pub is_const: bool,
    /// `f() volatile`.
    pub is_volatile: bool,
    /// A ref-qualifier: `f() &` (`Some(false)`) or `f() &&` (`Some(true)`).
    pub ref_qual: Option<bool>,
    /// `virtual`.
    pub is_virtual: bool,
    /// `override` after the parameter list.
    pub is_override: bool,
    /// `final` after the parameter list: no class may override it.
    pub is_final: bool,
    /// `= 0`: a pure virtual function.
    pub is_pure: bool,
    /// `explicit` (constructors and conversion functions).
    pub is_explicit: bool,
    /// `= default`.
    pub defaulted: bool,
    /// `= delete`.
    pub deleted: bool,
    /// A friend function defined in its class body: a namespace-scope function that may
    /// use the private members of the classes it is declared in.
    pub is_friend: bool,
    /// The class a friend function is defined in (whose private members it may use).
    pub friend_of: Option<Symbol>,
    /// A constructor's member initializer list (`: a(x), B(y)`).
    pub ctor_inits: &'a [MemInit<'a>],
}

/// One member initializer `name(args)` / `name{args}` of a constructor.
#[derive(Debug)]
pub struct MemInit<'a> {
    /// A member or base class name (`Base`, `ns::Base`, `Base<T>`).
    pub name: &'a QualName<'a>,
    pub args: &'a [&'a Expr<'a>],
    /// Written with braces.
    pub braced: bool,
    pub span: Span,
}

/// An initializer: an expression or a braced list (possibly nested).
#[derive(Debug)]
pub enum Init<'a> {
    Expr(&'a Expr<'a>),
    List { items: &'a [Init<'a>], span: Span },
}

#[derive(Debug)]
pub struct VarDecl<'a> {
    pub name: Symbol,
    pub name_span: Span,
    pub specs: DeclSpecs,
    pub ty: &'a TypeExpr<'a>,
    /// `__align__(N)` / `alignas(N)`.
    pub align: Option<&'a Expr<'a>>,
    pub init: Option<Init<'a>>,
    /// `T x{…}`: a braced initializer written without `=` (direct-list-initialization;
    /// `auto x = {…}` deduces `std::initializer_list`, `auto x{e}` the type of `e`).
    pub direct_braced: bool,
    pub span: Span,
}

/// `auto [a, b] = init;`: names bound to the elements or fields of `init`.
#[derive(Debug)]
pub struct BindingDecl<'a> {
    pub names: &'a [BoundName],
    pub specs: DeclSpecs,
    /// `const` etc. in front of `auto`.
    pub quals: Quals,
    /// `auto& [..]`: the names refer to the initializer's own elements.
    pub by_ref: bool,
    pub init: Init<'a>,
    pub span: Span,
}

#[derive(Debug)]
pub struct TypedefDecl<'a> {
    pub name: Symbol,
    pub ty: &'a TypeExpr<'a>,
    pub span: Span,
}

/// A struct or union member (C subset: data members only for now).
#[derive(Debug)]
pub struct FieldDecl<'a> {
    pub name: Option<Symbol>,
    pub ty: &'a TypeExpr<'a>,
    /// Bitfield width.
    pub bits: Option<&'a Expr<'a>>,
    pub align: Option<&'a Expr<'a>>,
    pub span: Span,
    /// Access of the member (`public` in a struct or union unless written otherwise).
    pub access: Access,
    /// A default member initializer (`int x = 0;`, `int x{0};`).
    pub init: Option<Init<'a>>,
}

/// A base class specifier (`public Base`, `Base<T>`).
#[derive(Debug)]
pub struct BaseSpec<'a> {
    pub ty: &'a TypeExpr<'a>,
    pub access: Access,
    pub is_virtual: bool,
    pub span: Span,
}

/// A class member other than a data member: a member function, a static data member, a
/// nested type, a using-declaration, … (the declaration as at namespace scope), with its
/// access.
#[derive(Debug)]
pub struct MemberDecl<'a> {
    pub access: Access,
    pub decl: Decl<'a>,
}

#[derive(Debug)]
pub struct RecordDecl<'a> {
    pub kind: TagKind,
    pub name: Option<Symbol>,
    /// `None` for a forward declaration (`struct S;`).
    pub fields: Option<&'a [FieldDecl<'a>]>,
    /// `__align__(N)` on the record.
    pub align: Option<&'a Expr<'a>>,
    pub span: Span,
    /// Base classes (C++).
    pub bases: &'a [BaseSpec<'a>],
    /// Members other than non-static data members, in declaration order (C++).
    pub members: &'a [MemberDecl<'a>],
    /// The arguments of a class template specialization (`struct S<T*, 1> { … }`).
    pub template_args: Option<&'a [TemplateArgExpr<'a>]>,
    /// `struct S final`: no class may derive from it.
    pub is_final: bool,
}

#[derive(Debug)]
pub struct Enumerator<'a> {
    pub name: Symbol,
    pub value: Option<&'a Expr<'a>>,
    pub span: Span,
}

#[derive(Debug)]
pub struct EnumDecl<'a> {
    pub name: Option<Symbol>,
    /// `enum class` / `enum struct`: enumerators are named `E::X` and do not convert to
    /// integers implicitly.
    pub scoped: bool,
    /// `enum E : unsigned char`.
    pub underlying: Option<&'a TypeExpr<'a>>,
    pub enumerators: &'a [Enumerator<'a>],
    pub span: Span,
}

/// Unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Plus,
    Neg,
    /// `!`
    LogNot,
    /// `~`
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

/// An integer literal's suffix.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct IntSuffix {
    pub unsigned: bool,
    /// 0 = none, 1 = `l`, 2 = `ll`.
    pub longs: u8,
}

#[derive(Debug)]
pub struct Expr<'a> {
    pub kind: ExprKind<'a>,
    pub span: Span,
}

#[derive(Debug)]
pub enum ExprKind<'a> {
    /// Never written by the parser. Transitional (issue 11): argument `n` of a built-in
    /// call in a body lowered from the typed tree. The built-ins still take AST arguments,
    /// so the typed lowering hands them these, and `irgen` lowers each from the typed tree
    /// when the built-in asks for it (`irgen/typed/builtin_args.rs`).
    TypedArg(u32),
    /// An integer literal, validated; `decimal` matters for C's literal typing rules.
    IntLit {
        value: u128,
        suffix: IntSuffix,
        decimal: bool,
    },
    /// A floating literal; `is_float` for the `f` suffix. The value is exactly the decimal
    /// rounded to `f64`; for a `float` literal it is the decimal rounded directly to `f32`
    /// (then widened, exactly), so `value as f32` is the literal without double rounding.
    /// `text` is the literal without digit separators and suffix.
    FloatLit {
        value: f64,
        is_float: bool,
        text: Symbol,
    },
    /// A character literal's value.
    CharLit(u32),
    /// A string literal's bytes (escapes resolved, adjacent literals concatenated, no NUL).
    StrLit(&'a [u8]),
    BoolLit(bool),
    Nullptr,
    Ident(Symbol),
    /// A qualified name, operator name or template-id used as an expression (`N::x`,
    /// `::f`, `S::kWidth`, `f<int>`, `operator+`). Plain identifiers stay `Ident`.
    Name(&'a QualName<'a>),
    /// `this`.
    This,
    /// `T(args)` with a class type, `T()`, or `T{args}`: a temporary constructed by a
    /// constructor or value-initialized (functional casts with one argument to a non-class
    /// type stay `Cast`).
    Construct {
        ty: &'a TypeExpr<'a>,
        args: &'a [&'a Expr<'a>],
        braced: bool,
    },
    /// `sizeof...(pack)`.
    SizeofPack(Symbol),
    /// A pack expansion `e...` (call arguments).
    PackExpansion(&'a Expr<'a>),
    /// A fold expression: `lhs`/`rhs` are the operands left and right of the `...`
    /// (`(... op p)` has no `lhs`, `(p op ...)` no `rhs`); in a binary fold
    /// `(a op ... op b)` the operand holding the pack decides the direction (sema).
    Fold {
        op: BinaryOp,
        lhs: Option<&'a Expr<'a>>,
        rhs: Option<&'a Expr<'a>>,
    },
    Unary {
        op: UnaryOp,
        expr: &'a Expr<'a>,
    },
    Binary {
        op: BinaryOp,
        lhs: &'a Expr<'a>,
        rhs: &'a Expr<'a>,
    },
    /// `lhs = rhs` (`op == None`) or `lhs op= rhs`.
    Assign {
        op: Option<BinaryOp>,
        lhs: &'a Expr<'a>,
        rhs: &'a Expr<'a>,
    },
    Cond {
        cond: &'a Expr<'a>,
        then: &'a Expr<'a>,
        els: &'a Expr<'a>,
    },
    /// A cast: C `(T)e`, functional `T(e)`, or a named C++ cast (`kind` says which).
    Cast {
        ty: &'a TypeExpr<'a>,
        expr: &'a Expr<'a>,
        kind: CastKind,
    },
    /// A lambda expression.
    Lambda(&'a LambdaExpr<'a>),
    /// A braced list as an expression: `T{a, b}` / `T{}` (with `ty`), or a bare `{a, b}`
    /// as a `return` value, a call argument or a range-`for` range (without).
    InitList {
        ty: Option<&'a TypeExpr<'a>>,
        items: &'a [Init<'a>],
    },
    Call {
        callee: &'a Expr<'a>,
        args: &'a [&'a Expr<'a>],
    },
    Index {
        base: &'a Expr<'a>,
        index: &'a Expr<'a>,
    },
    /// `base.name` or `base->name` (`arrow`).
    Member {
        base: &'a Expr<'a>,
        name: Symbol,
        name_span: Span,
        arrow: bool,
    },
    /// `new T`, `new T(args)`, `new T{args}`, `new T[count]`.
    New {
        /// `new (place) T…`: the placement arguments (one, the address, is supported).
        placement: Option<&'a [&'a Expr<'a>]>,
        ty: &'a TypeExpr<'a>,
        count: Option<&'a Expr<'a>>,
        /// The initializer: `None` for none (default-initialized).
        args: Option<&'a [&'a Expr<'a>]>,
        braced: bool,
    },
    /// `dynamic_cast<T>(e)` or `typeid(…)` (the operator's name): not allowed in device code.
    NotInDevice(&'static str),
    /// `delete p` / `delete[] p` (`array`).
    Delete {
        expr: &'a Expr<'a>,
        array: bool,
    },
    /// `base.*member` / `base->*member` (`arrow`): the member a pointer to member selects.
    MemberPtr {
        base: &'a Expr<'a>,
        member: &'a Expr<'a>,
        arrow: bool,
    },
    /// `base.N::name`, `base->operator+`, `base.template f<T>`, `base.~S`: a member access
    /// whose name is more than one identifier.
    QualMember {
        base: &'a Expr<'a>,
        name: &'a QualName<'a>,
        arrow: bool,
    },
    SizeofType(&'a TypeExpr<'a>),
    SizeofExpr(&'a Expr<'a>),
    AlignofType(&'a TypeExpr<'a>),
}

/// How a cast was written (C++ gives each form its own rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastKind {
    /// `(T)e`.
    C,
    /// `T(e)`.
    Functional,
    Static,
    Reinterpret,
    Const,
}

/// A name introduced by a structured binding.
#[derive(Copy, Clone, Debug)]
pub struct BoundName {
    pub name: Symbol,
    pub span: Span,
}
