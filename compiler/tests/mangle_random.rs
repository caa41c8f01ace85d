//! Random declarations mangled by the API and by nvcc.
//!
//! A seeded generator makes random device functions — free functions in nested namespaces,
//! member functions (const, static, operators, constructors, conversions) of a global and a
//! namespaced class, and explicit instantiations of function templates — with random
//! parameter types built from builtins, classes, enums, class template instances
//! (`Box<T>`, `n1::Arr<T, N>`), cv-qualified and `__restrict__` pointers, references,
//! pointers to arrays and function pointers, and in function templates dependent member
//! types (`typename rr<T*>::type`, `typename n1::id<Box<T>>::type`) and `enable_if`-style
//! return types whose condition is an expression (`sizeof(T) > 0`, `!(sizeof(T) == 0u)`).
//! Each is written both as CUDA source and as the
//! description the lowering would build. nvcc (`-rdc=true`, so every function is kept)
//! compiles the source; the set of names the API gives must equal the set of `_Z` names in
//! nvcc's PTX. The substitution rules get a workout no hand-written list gives them.

use crate::mangle_support;

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use mangle_support::{nvcc_symbols_with, B};
use oxicc::mangle::{FunctionName, OperatorName, TemplateArg, TemplateExpr};
use oxicc::sema::types::{FloatKind, IntKind, QualType, Qualifiers, RecordId, TypeKind};
use std::rc::Rc;

/// xorshift64*: deterministic, good enough to pick shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const BUILTINS: &[(&str, Option<IntKind>)] = &[
    ("bool", Some(IntKind::Bool)),
    ("char", Some(IntKind::Char)),
    ("signed char", Some(IntKind::SChar)),
    ("unsigned char", Some(IntKind::UChar)),
    ("short", Some(IntKind::Short)),
    ("unsigned short", Some(IntKind::UShort)),
    ("int", Some(IntKind::Int)),
    ("unsigned", Some(IntKind::UInt)),
    ("long", Some(IntKind::Long)),
    ("unsigned long", Some(IntKind::ULong)),
    ("long long", Some(IntKind::LongLong)),
    ("unsigned long long", Some(IntKind::ULongLong)),
    ("float", None),
    ("double", None),
];

/// The named types of the generated file's universe, as spelled from anywhere.
const NAMED: &[&str] = &["n1::A", "n1::n2::B", "n1::n2::E", "C", "G", "n1::D"];

const UNIVERSE: &str = "namespace n1 { struct A { int x; }; struct D; namespace n2 { struct B { int y; }; enum E { E0, E1 }; } }
enum G { G0, G1 };
template <class T> struct Box { T v; };
namespace n1 { template <class T, int N> struct Arr { T v[N]; }; }
template <class T> struct rr { typedef T type; };
namespace n1 { template <class T> struct id { typedef T type; }; }
template <bool B, class T> struct en_if {};
template <class T> struct en_if<true, T> { typedef T type; };
";

#[derive(Clone, Copy)]
struct Cv {
    konst: bool,
    volatile: bool,
    restrict: bool,
}

/// A type, structurally, so it can be both spelled and described.
#[derive(Clone)]
enum Ty {
    Void,
    Builtin(usize),
    Named(usize),
    Box(Box<Ty>),
    Arr(Box<Ty>, u8),
    /// `T` of a function template.
    Param,
    /// `typename rr<X>::type` (`false`) or `typename n1::id<X>::type` (`true`): `X` itself,
    /// a dependent member type when `X` mentions `T`.
    Member(Box<Ty>, bool),
    Qual(Box<Ty>, Cv),
    Ptr(Box<Ty>),
    Ref(Box<Ty>, bool),
    Array(Box<Ty>, u8),
    Func(Box<Ty>, Vec<Ty>),
}

impl Ty {
    fn needs_parens(&self) -> bool {
        match self {
            Ty::Array(..) | Ty::Func(..) => true,
            Ty::Qual(t, _) => t.needs_parens(),
            _ => false,
        }
    }
    fn mentions_param(&self) -> bool {
        match self {
            Ty::Param => true,
            Ty::Box(t)
            | Ty::Arr(t, _)
            | Ty::Qual(t, _)
            | Ty::Ptr(t)
            | Ty::Ref(t, _)
            | Ty::Member(t, _) => t.mentions_param(),
            Ty::Array(t, _) => t.mentions_param(),
            Ty::Func(r, ps) => r.mentions_param() || ps.iter().any(Ty::mentions_param),
            _ => false,
        }
    }
}

fn cv_text(cv: Cv) -> String {
    let mut s = String::new();
    if cv.konst {
        s.push_str("const ");
    }
    if cv.volatile {
        s.push_str("volatile ");
    }
    if cv.restrict {
        s.push_str("__restrict__ ");
    }
    s
}

/// The declaration of `inner` (a declarator, possibly empty) with type `ty`; `param` spells
/// the template parameter (`T`, or the argument it is instantiated with).
fn spell(ty: &Ty, inner: &str, param: &str) -> String {
    match ty {
        Ty::Void => format!("void {inner}"),
        Ty::Builtin(i) => format!("{} {inner}", BUILTINS[*i].0),
        Ty::Named(i) => format!("{} {inner}", NAMED[*i]),
        Ty::Box(t) => format!("Box<{}> {inner}", spell(t, "", param).trim()),
        Ty::Arr(t, n) => format!("n1::Arr<{}, {n}> {inner}", spell(t, "", param).trim()),
        Ty::Param => format!("{param} {inner}"),
        Ty::Member(t, ns) => format!(
            "typename {}<{}>::type {inner}",
            if *ns { "n1::id" } else { "rr" },
            spell(t, "", param).trim()
        ),
        Ty::Qual(t, cv) => match &**t {
            Ty::Ptr(p) => pointer(p, &format!("* {}{inner}", cv_text(*cv)), param),
            _ => format!("{}{}", cv_text(*cv), spell(t, inner, param)),
        },
        Ty::Ptr(p) => pointer(p, &format!("*{inner}"), param),
        Ty::Ref(p, rvalue) => pointer(
            p,
            &format!("{}{inner}", if *rvalue { "&&" } else { "&" }),
            param,
        ),
        Ty::Array(t, n) => spell(t, &format!("{inner}[{n}]"), param),
        Ty::Func(r, ps) => {
            let ps: Vec<String> = ps
                .iter()
                .map(|p| spell(p, "", param).trim().to_string())
                .collect();
            spell(r, &format!("{inner}({})", ps.join(", ")), param)
        }
    }
}

fn pointer(pointee: &Ty, declarator: &str, param: &str) -> String {
    if pointee.needs_parens() {
        spell(pointee, &format!("({declarator})"), param)
    } else {
        spell(pointee, declarator, param)
    }
}

/// The universe's types as described for mangling, with class template instances cached
/// (one `RecordId` per argument list, as the instantiation cache gives).
struct Universe {
    b: B,
    named: Vec<QualType>,
    c: RecordId,
    d: RecordId,
    boxes: HashMap<QualType, QualType>,
    arrs: HashMap<(QualType, u8), QualType>,
    /// Class template shells of declared signatures (`rr<T_*>`), by template and argument.
    shells: HashMap<(&'static str, QualType), QualType>,
}

impl Universe {
    fn new() -> Universe {
        let mut b = B::new();
        let n1 = b.ns(&["n1"]);
        let n2 = b.ns(&["n1", "n2"]);
        let (_, a) = b.record("A", n1.clone(), None);
        let (_, bb) = b.record("B", n2.clone(), None);
        let (_, e) = b.enumeration("E", n2);
        let (c, ct) = b.record("C", vec![], None);
        let (_, g) = b.enumeration("G", vec![]);
        let (d, dt) = b.record("D", n1, None);
        Universe {
            b,
            named: vec![a, bb, e, ct, g, dt],
            c,
            d,
            boxes: HashMap::new(),
            arrs: HashMap::new(),
            shells: HashMap::new(),
        }
    }

    fn qt(&mut self, ty: &Ty, param: QualType) -> QualType {
        let b = &mut self.b;
        match ty {
            Ty::Void => b.void(),
            Ty::Builtin(i) => match BUILTINS[*i].1 {
                Some(k) => b.int(k),
                None if BUILTINS[*i].0 == "float" => b.ty(TypeKind::Float(FloatKind::Float)),
                None => b.ty(TypeKind::Float(FloatKind::Double)),
            },
            Ty::Named(i) => self.named[*i],
            Ty::Box(t) => {
                let arg = self.qt(t, param);
                if let Some(&r) = self.boxes.get(&arg) {
                    return r;
                }
                let (_, r) = self
                    .b
                    .record("Box", vec![], Some(vec![TemplateArg::Type(arg)]));
                self.boxes.insert(arg, r);
                r
            }
            Ty::Arr(t, n) => {
                let arg = self.qt(t, param);
                if let Some(&r) = self.arrs.get(&(arg, *n)) {
                    return r;
                }
                let scope = self.b.ns(&["n1"]);
                let len = self.b.int_arg(IntKind::Int, *n as i128);
                let (_, r) = self
                    .b
                    .record("Arr", scope, Some(vec![TemplateArg::Type(arg), len]));
                self.arrs.insert((arg, *n), r);
                r
            }
            Ty::Param => param,
            Ty::Member(t, ns) => {
                let arg = self.qt(t, param);
                if !t.mentions_param()
                    || !matches!(self.b.types.kind(param.ty), TypeKind::TemplateParam(_))
                {
                    return arg;
                }
                let name = if *ns { "id" } else { "rr" };
                let shell = self.shell(name, arg);
                let sym = self.b.sym("type");
                self.b.ty(TypeKind::DependentMember {
                    scope: shell,
                    name: sym,
                })
            }
            Ty::Qual(t, cv) => {
                let t = self.qt(t, param);
                t.with_quals(Qualifiers {
                    konst: cv.konst,
                    volatile: cv.volatile,
                    restrict: cv.restrict,
                })
            }
            Ty::Ptr(t) => {
                let t = self.qt(t, param);
                self.b.ptr(t)
            }
            Ty::Ref(t, rvalue) => {
                let t = self.qt(t, param);
                if *rvalue {
                    self.b.rref(t)
                } else {
                    self.b.lref(t)
                }
            }
            Ty::Array(t, n) => {
                let elem = self.qt(t, param);
                self.b.ty(TypeKind::Array {
                    elem,
                    len: Some(*n as u64),
                })
            }
            Ty::Func(r, ps) => {
                let ret = self.qt(r, param);
                let params = ps.iter().map(|p| self.qt(p, param)).collect();
                self.b.ty(TypeKind::Function {
                    ret,
                    params,
                    variadic: false,
                })
            }
        }
    }
}

impl Universe {
    /// The shell `name<arg>` (`rr` global, `id` in `n1`), one per argument.
    fn shell(&mut self, name: &'static str, arg: QualType) -> QualType {
        if let Some(&r) = self.shells.get(&(name, arg)) {
            return r;
        }
        let scope = if name == "id" {
            self.b.ns(&["n1"])
        } else {
            vec![]
        };
        let (_, r) = self
            .b
            .record(name, scope, Some(vec![TemplateArg::Type(arg)]));
        self.shells.insert((name, arg), r);
        r
    }
}

/// A type that can stand alone as a value (leaf): builtin, named, or a template instance.
fn leaf(rng: &mut Rng, with_param: bool) -> Ty {
    match rng.below(if with_param { 12 } else { 10 }) {
        0..=4 => Ty::Builtin(rng.below(BUILTINS.len())),
        5..=6 => Ty::Named(rng.below(NAMED.len())),
        7 => Ty::Box(Box::new(leaf(rng, with_param))),
        8 => Ty::Arr(Box::new(leaf(rng, with_param)), 1 + rng.below(8) as u8),
        9 => Ty::Box(Box::new(Ty::Ptr(Box::new(leaf(rng, with_param))))),
        10 if rng.chance(50) => Ty::Member(Box::new(leaf(rng, with_param)), rng.chance(50)),
        _ => Ty::Param,
    }
}

fn random_cv(rng: &mut Rng) -> Cv {
    Cv {
        konst: rng.chance(50),
        volatile: rng.chance(20),
        restrict: false,
    }
}

/// A type usable below a pointer.
fn object(rng: &mut Rng, depth: u32, with_param: bool) -> Ty {
    let base = if depth > 0 && rng.chance(35) {
        match rng.below(3) {
            0 => Ty::Ptr(Box::new(object(rng, depth - 1, with_param))),
            1 => Ty::Array(Box::new(leaf(rng, with_param)), 2 + rng.below(6) as u8),
            _ => {
                let ret = if rng.chance(30) {
                    Ty::Void
                } else {
                    leaf(rng, with_param)
                };
                let ps = (0..rng.below(3)).map(|_| leaf(rng, with_param)).collect();
                Ty::Func(Box::new(ret), ps)
            }
        }
    } else {
        leaf(rng, with_param)
    };
    match base {
        Ty::Func(..) | Ty::Array(..) => base,
        Ty::Ptr(ref p) if rng.chance(30) => {
            let cv = Cv {
                // `__restrict__` is not allowed on a pointer to a function.
                restrict: !matches!(**p, Ty::Func(..)) && rng.chance(50),
                ..random_cv(rng)
            };
            Ty::Qual(Box::new(base), cv)
        }
        _ if rng.chance(40) => Ty::Qual(Box::new(base), random_cv(rng)),
        _ => base,
    }
}

/// A parameter type.
fn param_type(rng: &mut Rng, with_param: bool) -> Ty {
    let t = match rng.below(10) {
        0..=2 => leaf(rng, with_param),
        3..=6 => Ty::Ptr(Box::new(object(rng, 2, with_param))),
        7..=8 => Ty::Ref(Box::new(object(rng, 1, with_param)), rng.chance(30)),
        _ => Ty::Ptr(Box::new(Ty::Array(
            Box::new(leaf(rng, with_param)),
            2 + rng.below(6) as u8,
        ))),
    };
    // Top-level qualifiers (not part of the function's type).
    match t {
        Ty::Ptr(ref p) if !matches!(**p, Ty::Func(..)) && rng.chance(25) => Ty::Qual(
            Box::new(t),
            Cv {
                konst: rng.chance(50),
                volatile: false,
                restrict: true,
            },
        ),
        Ty::Builtin(_) if rng.chance(20) => Ty::Qual(Box::new(t), random_cv(rng)),
        _ => t,
    }
}

const OPERATORS: &[(OperatorName, &str, Option<usize>)] = &[
    (OperatorName::Plus, "+", Some(1)),
    (OperatorName::Minus, "-", Some(1)),
    (OperatorName::Mul, "*", Some(1)),
    (OperatorName::Eq, "==", Some(1)),
    (OperatorName::Lt, "<", Some(1)),
    (OperatorName::PlusAssign, "+=", Some(1)),
    (OperatorName::Index, "[]", Some(1)),
    (OperatorName::Call, "()", None),
    (OperatorName::Negate, "-", Some(0)),
    (OperatorName::Not, "!", Some(0)),
    (OperatorName::Shl, "<<", Some(1)),
    (OperatorName::BitAnd, "&", Some(1)),
];

type CondBuilder = fn(&mut B, QualType) -> Rc<TemplateExpr>;

/// Conditions of `en_if` return types (all true) and their descriptions.
const COND_FORMS: &[(&str, CondBuilder)] = &[
    ("(sizeof(T) > 0)", |b, t| {
        bin(OperatorName::Gt, st(t), lit(b, IntKind::Int, 0))
    }),
    ("sizeof(T) != 0u", |b, t| {
        bin(OperatorName::Ne, st(t), lit(b, IntKind::UInt, 0))
    }),
    ("!(sizeof(T) == 0)", |b, t| {
        let eq = bin(OperatorName::Eq, st(t), lit(b, IntKind::Int, 0));
        Rc::new(TemplateExpr::Unary(OperatorName::Not, eq))
    }),
    ("(sizeof(T) * 2 >= 2 && true)", |b, t| {
        let two = lit(b, IntKind::Int, 2);
        let ge = bin(
            OperatorName::Ge,
            bin(OperatorName::Mul, st(t), two.clone()),
            two,
        );
        bin(OperatorName::LogicalAnd, ge, lit(b, IntKind::Bool, 1))
    }),
];

fn st(t: QualType) -> Rc<TemplateExpr> {
    Rc::new(TemplateExpr::SizeofType(t))
}

fn lit(b: &mut B, k: IntKind, value: i128) -> Rc<TemplateExpr> {
    let ty = b.int(k).ty;
    Rc::new(TemplateExpr::Literal { ty, value })
}

fn bin(op: OperatorName, a: Rc<TemplateExpr>, c: Rc<TemplateExpr>) -> Rc<TemplateExpr> {
    Rc::new(TemplateExpr::Binary(op, a, c))
}

/// One generated file: its source and the names the API gives its functions.
struct Generated {
    source: String,
    names: Vec<(String, String)>,
}

fn generate(seed: u64, functions: usize) -> Generated {
    let mut rng = Rng(seed);
    let mut u = Universe::new();
    let mut class_members: [String; 2] = [String::new(), String::new()];
    let mut defs = String::new();
    let mut names = Vec::new();
    let mut used_ops: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut has_ctor = [false, false];
    let mut has_conv = [false, false];
    let dummy = u.b.i();
    for k in 0..functions {
        let kind = rng.below(10);
        let mut params: Vec<Ty> = (0..rng.below(5))
            .map(|_| param_type(&mut rng, false))
            .collect();
        let params_text = |params: &[Ty], param: &str| -> String {
            params
                .iter()
                .map(|p| spell(p, "", param).trim().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if kind < 4 {
            // A free function in a random namespace.
            let (open, close, scope): (&str, &str, &[&str]) = match rng.below(3) {
                0 => ("", "", &[]),
                1 => ("namespace n1 { ", " }", &["n1"]),
                _ => ("namespace n1 { namespace n2 { ", " } }", &["n1", "n2"]),
            };
            let text = params_text(&params, "");
            writeln!(defs, "{open}__device__ void f{k}({text}) {{}}{close}").unwrap();
            let scope = u.b.ns(scope);
            let qts = params.iter().map(|p| u.qt(p, dummy)).collect();
            let f = u.b.func(scope, &format!("f{k}"), qts);
            names.push((format!("f{k}({text})"), u.b.mangle(&f)));
        } else if kind < 8 {
            // A member of C or n1::D.
            let which = rng.below(2);
            let (class, rid) = if which == 0 {
                ("C", u.c)
            } else {
                ("n1::D", u.d)
            };
            let konst = rng.chance(40);
            let mut name = FunctionName::Ident(u.b.sym(&format!("m{k}")));
            let mut spelled = format!("m{k}");
            let mut ret = "void".to_string();
            let mut is_static = false;
            let choice = rng.below(10);
            if choice < 3 {
                let free: Vec<usize> = (0..OPERATORS.len())
                    .filter(|i| !used_ops[which].contains(i))
                    .collect();
                if !free.is_empty() {
                    let op = free[rng.below(free.len())];
                    used_ops[which].push(op);
                    let (o, text, arity) = OPERATORS[op];
                    if let Some(n) = arity {
                        params.truncate(n);
                        while params.len() < n {
                            params.push(param_type(&mut rng, false));
                        }
                    }
                    name = FunctionName::Operator(o);
                    spelled = format!("operator{text}");
                }
            } else if choice == 3 && !has_ctor[which] {
                has_ctor[which] = true;
                if params.is_empty() {
                    params.push(Ty::Builtin(6));
                }
                name = FunctionName::Constructor;
                spelled = if which == 0 { "C".into() } else { "D".into() };
                ret = String::new();
            } else if choice == 4 && !has_conv[which] {
                has_conv[which] = true;
                let target = leaf(&mut rng, false);
                params.clear();
                spelled = format!("operator {}", spell(&target, "", "").trim());
                name = FunctionName::Conversion(u.qt(&target, dummy));
                ret = String::new();
            } else if choice == 5 {
                is_static = true;
            }
            let konst = konst && !is_static && !matches!(name, FunctionName::Constructor);
            let text = params_text(&params, "");
            let cq = if konst { " const" } else { "" };
            let st = if is_static { "static " } else { "" };
            writeln!(
                class_members[which],
                "  {st}__device__ {ret} {spelled}({text}){cq};"
            )
            .unwrap();
            let qualified = if which == 0 {
                "C".to_string()
            } else {
                "n1::D".to_string()
            };
            writeln!(
                defs,
                "__device__ {ret} {qualified}::{spelled}({text}){cq} {{}}"
            )
            .unwrap();
            let qts = params.iter().map(|p| u.qt(p, dummy)).collect();
            let mut f = u.b.member(rid, name, qts);
            if konst {
                f.this_quals = mangle_support::CONST;
            }
            let mangled = u.b.mangle(&f);
            if matches!(f.name, FunctionName::Constructor) {
                // An out-of-line constructor is also emitted as the base-object constructor
                // `C2` under -rdc (calls always use `C1`, which is what oxicc emits).
                let base = mangled.replacen("C1E", "C2E", 1);
                names.push((format!("{class}::{spelled}({text}) [base object]"), base));
            }
            names.push((format!("{class}::{spelled}({text}){cq}"), mangled));
        } else {
            // An explicit instantiation of a function template.
            let mut tparams: Vec<Ty> = (0..1 + rng.below(3))
                .map(|_| param_type(&mut rng, true))
                .collect();
            if !tparams.iter().any(Ty::mentions_param) {
                tparams.push(Ty::Ptr(Box::new(Ty::Param)));
            }
            let ret = match rng.below(3) {
                0 => Ty::Void,
                1 => Ty::Param,
                _ => Ty::Ptr(Box::new(Ty::Param)),
            };
            // `typename en_if<cond, R>::type` with a condition on `sizeof(T)` that holds.
            let cond = rng.chance(40).then(|| rng.below(COND_FORMS.len()));
            let arg = match rng.below(3) {
                0 => Ty::Builtin(rng.below(BUILTINS.len())),
                1 => Ty::Named(rng.below(NAMED.len())),
                _ => Ty::Box(Box::new(Ty::Builtin(rng.below(BUILTINS.len())))),
            };
            let arg_text = spell(&arg, "", "").trim().to_string();
            let mut decl_ret = spell(&ret, "", "T").trim().to_string();
            let mut inst_ret = spell(&ret, "", &arg_text).trim().to_string();
            if let Some(c) = cond {
                let form = COND_FORMS[c].0;
                decl_ret = format!("typename en_if<{form}, {decl_ret}>::type");
                inst_ret = format!(
                    "typename en_if<{}, {inst_ret}>::type",
                    form.replace("(T)", &format!("({arg_text})"))
                );
            }
            let body = match ret {
                Ty::Void => "",
                Ty::Param => "return *(T*)0;",
                _ => "return (T*)0;",
            };
            writeln!(
                defs,
                "template <class T> __device__ {decl_ret} t{k}({}) {{ {body} }}",
                params_text(&tparams, "T")
            )
            .unwrap();
            writeln!(
                defs,
                "template __device__ {inst_ret} t{k}<{arg_text}>({});",
                params_text(&tparams, &arg_text)
            )
            .unwrap();
            let t0 = u.b.tparam(0);
            let arg_qt = u.qt(&arg, dummy);
            let qts = tparams.iter().map(|p| u.qt(p, t0)).collect();
            let mut ret_qt = u.qt(&ret, t0);
            if let Some(c) = cond {
                let expr = (COND_FORMS[c].1)(&mut u.b, t0);
                let (_, en_if) = u.b.record(
                    "en_if",
                    vec![],
                    Some(vec![TemplateArg::Expr(expr), TemplateArg::Type(ret_qt)]),
                );
                let sym = u.b.sym("type");
                ret_qt = u.b.ty(TypeKind::DependentMember {
                    scope: en_if,
                    name: sym,
                });
            }
            let f = u.b.template_fn(
                vec![],
                &format!("t{k}"),
                vec![TemplateArg::Type(arg_qt)],
                ret_qt,
                qts,
            );
            names.push((format!("t{k}<{arg_text}>"), u.b.mangle(&f)));
        }
    }
    let source = format!(
        "{UNIVERSE}struct C {{ int z;\n{}}};\nnamespace n1 {{ struct D {{ int w;\n{}}}; }}\n{defs}",
        class_members[0], class_members[1]
    );
    Generated { source, names }
}

#[test]
fn random_declarations_mangle_like_nvcc() {
    let dir = std::env::temp_dir().join(format!("oxicc-mangle-random-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut sources = String::new();
    for seed in [
        0x9E37_79B9_7F4A_7C15u64,
        0xD1B5_4A32_D192_ED03,
        0x8CB9_2BA7_2F3D_8DD7,
    ] {
        let generated = generate(seed, 70);
        let cu = dir.join(format!("random_{seed:x}.cu"));
        std::fs::write(&cu, &generated.source).unwrap();
        sources.push_str(&generated.source);
        let nvcc: BTreeSet<String> = nvcc_symbols_with(&cu, &["-rdc=true"]);
        let ours: BTreeSet<String> = generated.names.iter().map(|(_, n)| n.clone()).collect();
        for (decl, name) in &generated.names {
            if !nvcc.contains(name) {
                failures.push(format!("seed {seed:x}: {decl}: oxicc {name}"));
            }
        }
        for name in nvcc.difference(&ours) {
            failures.push(format!(
                "seed {seed:x}: nvcc has {name} that oxicc never produced"
            ));
        }
        if !failures.is_empty() {
            failures.push(format!("source kept at {}", cu.display()));
            break;
        }
    }
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    // The seeds exercise the dependent forms of declared signatures.
    for form in [
        "typename rr<T",
        "typename n1::id<",
        "typename en_if<(sizeof(T) > 0)",
    ] {
        assert!(
            sources.contains(form),
            "no `{form}` in the generated sources"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
