//! Semantic analysis of function bodies: the AST of a body → the typed tree
//! (`sema::tree`).
//!
//! Map of this folder: `mod.rs` (the [`Env`] the declaration tables answer through, the
//! analysis state and its entry point), `expr.rs` (expressions: names, operators, the
//! implicit conversions), `builtins.rs` (calls of built-in functions), `stmt.rs`
//! (statements and locals), `cheap.rs` (which `?:` arms may be evaluated unconditionally).
//!
//! Stages 1 to 3 of issue 11: the analysis covers the C subset of device code, calls of
//! CUDA's scalar built-in functions, member functions and member calls, lvalue references
//! to scalars, plain classes by value and calls of overload sets. Where a body uses
//! anything else (class templates, constructors, overloaded operators, `goto`, …) or has
//! an error, [`analyze_body`] answers
//! `None` without a diagnostic, and the one-walk lowering (`irgen`) handles the body as
//! before and reports what is wrong. Declarations (file-scope variables and functions,
//! types) are still the lowering's: the analysis sees them through [`Env`].

mod aggregate;
mod asm;
mod builtins;
mod calls;
mod cheap;
mod expr;
mod lambda;
mod names;
mod new_delete;
mod stmt;

pub(crate) use cheap::is_cheap;

use std::collections::HashMap;

use crate::ast;
use crate::intern::Symbol;
use crate::sema::consteval::ConstValue;
use crate::sema::tree::{Body, BuiltinVar, LocalId};
use crate::sema::types::{BitRange, QualType, RecordId, TypeTable};

/// What a name outside the body denotes, as the declaration tables answer it.
#[derive(Clone, Debug)]
pub enum EnvName {
    /// A variable usable in device code: a parameter or a module variable (references
    /// are seen as the object they name).
    Var { id: u32, ty: QualType },
    /// A function this stage can call directly.
    Func(FuncSig),
    /// A set of overloaded functions (no templates): [`Env::overload_call`] chooses.
    Overloads,
    /// A member function, or an overload set of them, of the class whose member function
    /// is analyzed (or of a base): `f()` means `this->f()` ([`Env::member_function`]).
    Method,
    /// A constant: an enumerator's value and its enumeration type, or a host variable's
    /// folded value (a non-volatile `const` of arithmetic type with a constant initializer,
    /// which device code may read: the one-walk lowering folds it the same way).
    Const(ConstValue, QualType),
    /// A data member of the class whose member function is analyzed (or of a base):
    /// `x` means `this->x`.
    Field,
    /// An overload set of function templates only (no functions beside them, not
    /// members): [`Env::template_call`] deduces.
    Templates,
    /// Anything else (a type, a class template, a host variable, …).
    Other,
}

/// What overload resolution knows of an argument: its type, whether it is an lvalue,
/// whether it is a null pointer constant.
#[derive(Clone, Copy, Debug)]
pub struct ArgType {
    pub ty: QualType,
    pub lvalue: bool,
    pub npc: bool,
}

/// A member function a call names, as [`Env::method`] answers it.
#[derive(Clone, Debug)]
pub struct MethodSig {
    pub sig: FuncSig,
    pub is_static: bool,
}

/// The signature of a directly callable function.
#[derive(Clone, Debug)]
pub struct FuncSig {
    pub id: u32,
    pub params: Vec<QualType>,
    pub ret: QualType,
}

/// What a call of a function template's name calls, as [`Env::template_call`] answers.
#[derive(Clone, Debug)]
pub enum TemplateCallee {
    /// The best template's instance: its signature (`id`: the handle for
    /// [`ExprKind::InstanceCall`](crate::sema::tree::ExprKind::InstanceCall)); `on_this`: a
    /// member template called on `*this`; `resolved`: it won overload resolution against
    /// functions of the same name.
    Instance {
        sig: FuncSig,
        on_this: bool,
        resolved: bool,
    },
    /// A function declared beside the templates, preferred by overload resolution;
    /// `made_first`: the handle of the best template's instance, which the lowering still
    /// makes before the call (the one-walk lowering makes it to compare it).
    Function {
        sig: FuncSig,
        made_first: Option<u32>,
    },
}

/// The declaration tables as the analysis of a body sees them. Every method is quiet:
/// it reports nothing, and answers `None`/`Other` where the lowering would report an error
/// or the form is not covered.
pub trait Env {
    fn types(&mut self) -> &mut TypeTable;
    fn name(&self, s: Symbol) -> &str;
    /// A type as diagnostics print it (`const float *`).
    fn show(&self, t: QualType) -> String;
    /// An unqualified name, outside the body's own locals.
    fn lookup(&mut self, name: Symbol) -> Option<EnvName>;
    /// What a qualified name used as an expression denotes (`ns::x`, `S::k`, `E::X`: more
    /// than one segment, an identifier last, not `::x`), as [`Env::lookup`] answers for
    /// an unqualified one; `None` where this stage does not cover the form (data members,
    /// members of class template instances, functions).
    fn qualified_name(&mut self, q: &ast::QualName<'_>) -> Option<EnvName>;
    /// An unqualified call of `name` with arithmetic or pointer arguments goes to the
    /// built-in table: no declaration defines it (a declaration without a definition, as
    /// the CUDA headers have, does not count), no overload set or template has the name,
    /// and argument-dependent lookup does not apply.
    fn builtin_call_reaches(&mut self, name: Symbol) -> bool;
    /// An unqualified call of `name` goes through argument-dependent lookup (a name some
    /// namespace declares a function of, found as non-member functions).
    fn adl_call_applies(&mut self, name: Symbol) -> bool;
    /// `name` is one of the built-ins CUDA declares as overloads beside the user's
    /// (`min`, `fabsf`, …) and names a user overload set (not a template).
    fn overloaded_builtin_name(&mut self, name: Symbol) -> bool;
    /// Such a call with arguments that are arithmetic or not (`arithmetic[i]`) calls the
    /// built-in: every user overload that is defined needs a class where an arithmetic
    /// value is passed.
    fn overloaded_builtin_wins(&mut self, name: Symbol, arithmetic: &[bool]) -> bool;
    /// The target's SM version times ten (`75` for `sm_75`).
    fn sm(&self) -> u32;
    /// The type of `this` in the non-static member function whose body is analyzed.
    fn this_type(&self) -> Option<QualType>;
    /// A complete class type whose objects are created, copied and destroyed without
    /// calling functions (no constructors, default member initializers, user copy or move
    /// members, destructors or virtual functions): its values are copied as bytes.
    fn plain_class(&mut self, t: QualType) -> bool;
    /// A complete class type with constructors whose objects are destroyed without calling
    /// functions and that has no virtual functions: its locals are constructed in place.
    fn constructible_class(&mut self, t: QualType) -> bool;
    /// A complete class type with constructors and no virtual functions, destroyed by a
    /// destructor call or not: its locals are constructed in place and destroyed at the
    /// end of their scope (and on `break`, `continue` and `return` out of it). Its values
    /// are not copied, passed or returned at this stage unless `constructible_class`.
    fn local_class(&mut self, t: QualType) -> bool;
    /// The function an unqualified call of the overload set `name` with these arguments
    /// calls, when this stage covers it: no argument-dependent lookup, a best viable
    /// function that this stage could call directly.
    fn overload_call(&mut self, name: Symbol, args: &[ArgType]) -> Option<FuncSig>;
    /// The operator function `a op b` (`op a` for one argument) calls when an operand has
    /// class type, and whether it is a member of the first operand's class (which is then
    /// its object), when this stage covers it: no operator templates, a best viable
    /// function this stage could call. `Some(None)`: no operator function applies (the
    /// built-in meaning, e.g. a trivial copy assignment).
    fn operator_call(
        &mut self,
        op: crate::ast::OverloadedOp,
        args: &[ArgType],
    ) -> Option<Option<(FuncSig, bool)>>;
    /// The function a call of the qualified name `q` (`ns::f(…)`, `C<N>::f(…)`; not
    /// `::f`, not a template-id last) with these arguments calls, when this stage covers
    /// it: a function or an overload set of non-member functions, or of static member
    /// functions (then `true`), the best viable one directly callable.
    fn qualified_call(
        &mut self,
        q: &ast::QualName<'_>,
        args: &[ArgType],
    ) -> Option<(FuncSig, bool)>;
    /// What a call of the function template set `name` (`f(…)`, or `f<A…>(…)` with
    /// `explicit` arguments) with these arguments calls, when this stage covers it: no
    /// argument-dependent lookup or built-in competes, the best template deduces without
    /// packs, and the instance's return type is declared (not `auto` or `decltype`);
    /// functions declared beside the templates compete with its instance by overload
    /// resolution. The lowering instantiates it where the call is lowered, as the one-walk
    /// lowering does.
    fn template_call(
        &mut self,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        args: &[ArgType],
    ) -> Option<TemplateCallee>;
    /// [`Env::template_call`] for a qualified name (`ns::f(…)`, `cg::tiled_partition<32>(…)`,
    /// not `::f`) that names a set of non-member function templates.
    fn qualified_template_call(
        &mut self,
        q: &ast::QualName<'_>,
        args: &[ArgType],
    ) -> Option<TemplateCallee>;
    /// The member function `name` of class `r` (or of a base) that a call on an object of
    /// type `object` with these arguments calls: the one function the name denotes, or
    /// the best of an overload set of member functions (no templates). Its id, for
    /// [`Env::method`].
    fn member_function(
        &mut self,
        r: RecordId,
        name: Symbol,
        object: QualType,
        args: &[ArgType],
    ) -> Option<u32>;
    /// Member function `f` called on an object of class `r` (`const_obj`: a `const`
    /// one), when this stage covers the call: not virtual, deleted, ref-qualified or
    /// variadic, callable on such an object, accessible, with scalar parameters and a
    /// scalar or `void` result.
    fn method(&mut self, f: u32, r: RecordId, const_obj: bool) -> Option<MethodSig>;
    /// Opens a scope for the body's local type names (a block's `typedef`s), in step with
    /// the analysis's own block scopes.
    fn push_type_scope(&mut self);
    /// Closes the innermost scope [`Env::push_type_scope`] opened.
    fn pop_type_scope(&mut self);
    /// A block-scope `typedef` or alias declaration: its name bound to its type in the
    /// innermost type scope, as the lowering binds it; `None` where not covered (a type
    /// that is not simple, or an unnamed class or enumeration, which the typedef names).
    fn local_typedef(&mut self, td: &ast::TypedefDecl<'_>) -> Option<QualType>;
    /// The analysis of a function's body starts, with its parameters' scope innermost.
    fn begin_body_analysis(&mut self);
    /// The analysis [`Env::begin_body_analysis`] began ends.
    fn end_body_analysis(&mut self);
    /// `name` is a parameter of the function whose body is analyzed.
    fn is_parameter(&self, name: Symbol) -> bool;
    /// `threadIdx` and friends when `name` is not a user declaration.
    fn builtin_var(&mut self, name: Symbol) -> Option<BuiltinVar>;
    /// A type as written (the simple forms: built-ins, typedef names, pointers, arrays).
    fn resolve_type(&mut self, te: &ast::TypeExpr<'_>) -> Option<QualType>;
    /// The scalar leaves of the braced initializer `init` of a local aggregate of type `ty`
    /// (an array, or a class without constructors) as the one-walk lowering flattens it
    /// (brace elision included): byte offset, type and item of each, in order. `None`
    /// where that lowering would report, or a leaf is not a scalar item (a string, a
    /// bit-field, a class object, a nested list), or brace elision depends on an item's
    /// type (which the lowering reads from its own scopes).
    #[allow(clippy::type_complexity)]
    fn aggregate_leaves<'e, 'a>(
        &mut self,
        ty: QualType,
        init: &'e ast::Init<'a>,
    ) -> Option<Vec<(u64, QualType, &'e ast::Expr<'a>)>>;
    /// True when the lowering diagnoses the item `e` of type `from` converted to `to` in a
    /// braced list (a narrowing conversion).
    fn braced_item_narrows(&mut self, e: &ast::Expr<'_>, from: QualType, to: QualType) -> bool;
    /// A constant expression that names nothing declared in the body.
    fn const_eval(&mut self, e: &ast::Expr<'_>) -> Option<ConstValue>;
    /// A `float` literal's value, rounded once from its text.
    fn float_literal(&self, text: Symbol, value: f64) -> f32;
    /// The data member `name` of a record (members of bases and anonymous members
    /// included) that the function may access: its offset, type and bits. `None` for
    /// reference members.
    fn field(&mut self, r: RecordId, name: Symbol) -> Option<(u64, QualType, Option<BitRange>)>;
    /// The type of a parameter written `te` (arrays and functions adjusted to pointers);
    /// `None` for a placeholder (`auto`) or a type this stage does not resolve.
    fn param_type(&mut self, te: &ast::TypeExpr<'_>) -> Option<QualType>;
    /// A new closure type, complete, with a member per capture (its name, whether by
    /// reference, the variable's type).
    fn closure_type(
        &mut self,
        span: crate::source::Span,
        captures: &[(Symbol, bool, QualType)],
    ) -> QualType;
    /// For a closure type `r` lowering made already (`None`: `r` is not one): the
    /// parameter types (the object's excluded) and the result of its call operator when
    /// this stage calls it (a non-generic lambda's, its return type known).
    #[allow(clippy::type_complexity)]
    fn closure_signature(&mut self, r: RecordId) -> Option<Option<(Vec<QualType>, QualType)>>;
    /// True when a call of the atomic `name` whose first argument has type `first` is
    /// CUDA's built-in although the program (or oxicc's headers) declares overloads of
    /// the name: `first` points to a type CUDA declares the atomic for and no declared
    /// overload takes that pointer (the one-walk `builtin_atomic_wins`).
    fn builtin_atomic_wins(&mut self, name: Symbol, first: QualType) -> bool;
    /// True when the member functions of the class `r` (or a base) named `name` are all
    /// templates (with ordinary members beside them, a call is taken as an ordinary
    /// member call: [`Env::member_function`]).
    fn only_member_templates(&mut self, r: RecordId, name: Symbol) -> bool;
    /// [`Env::template_call`] for a member template of `r` called on an object of type
    /// `object` (`x.f(…)`, `x.f<A…>(…)`): not when ordinary members of the name compete,
    /// nor on a `const` or `volatile` object.
    fn member_template_call(
        &mut self,
        r: RecordId,
        name: Symbol,
        explicit: &[ast::TemplateArgExpr<'_>],
        object: QualType,
        args: &[ArgType],
    ) -> Option<FuncSig>;
    /// The name member functions for the overloaded operator `op` have.
    fn operator_name(&mut self, op: ast::OverloadedOp) -> Option<Symbol>;
    /// A parameter of the analyzed function that a lambda can capture (in memory, not a
    /// constant): its variable and type.
    fn capturable_parameter(&mut self, name: Symbol) -> Option<(u32, QualType)>;
}

/// An enclosing `switch` during the analysis.
pub(crate) struct SwitchScope {
    pub kind: crate::sema::types::IntKind,
    pub seen: hashbrown::HashSet<u64>,
    pub has_default: bool,
}

/// The function whose body is analyzed.
pub struct FnContext {
    pub ret: QualType,
    /// The return type is `auto`: the first `return` deduces it (and `ret` is unused
    /// until then).
    pub deduce_ret: bool,
}

/// Analysis state of one body.
pub(crate) struct BodySema<'e, E: Env> {
    pub env: &'e mut E,
    pub body: Body,
    /// Block scopes of the body's locals, innermost last (changed only through
    /// `push_scope`, `pop_scope` and `bind`, which keep `bound` in step).
    pub scopes: Vec<Vec<(Symbol, LocalId)>>,
    /// Per name, the innermost local it is bound to and that local's scope depth, once
    /// the body has `INDEX_FROM` locals in scope: name lookup in constant time, so a body
    /// of n declarations is analyzed in O(n), not O(n²) by scanning the scopes (issue 16,
    /// `oxicc-scaling`). Smaller bodies (nearly all) scan, which costs less than hashing.
    pub bound: Option<HashMap<Symbol, (usize, LocalId), BuildSymbolHasher>>,
    /// Per binding in `scopes`, in order, what the name was bound to before (restored
    /// by `pop_scope`); kept only while `bound` is.
    pub shadowed: Vec<(Symbol, Option<(usize, LocalId)>)>,
    /// How many locals `scopes` holds.
    pub in_scope: usize,
    pub ret: QualType,
    /// The return type is still to be deduced from the first `return`.
    pub deducing_ret: bool,
    /// Loops enclosing the current statement (for `continue`).
    pub loops: u32,
    /// Enclosing `switch` statements, innermost last: the promoted condition kind and the
    /// case values seen (for `case` labels and `break`).
    pub switches: Vec<SwitchScope>,
    /// Loops and `switch`es enclosing the current statement (for `break`): their nesting
    /// order does not matter to the analysis, only that there is one.
    pub breakables: u32,
    /// The variables of the enclosing `for` statements' initializers, with the scope
    /// depth of each loop body's outermost block (which may not redeclare them).
    pub loop_vars: Vec<(usize, Vec<Symbol>)>,
    /// The first form met that this stage does not cover (for `--emit=sema`).
    pub why: Option<String>,
    /// The closure types of the lambdas analyzed so far, with their call operators.
    pub closures: Vec<lambda::ClosureSig>,
    /// Block scopes open in the environment's type scopes ([`Env::push_type_scope`]).
    type_scopes: usize,
}

/// The typed tree of a function body, or (`Err`) the first form met that this stage does
/// not cover, in words ("an unsupported form" where an operand's type is the reason, or
/// the body has an error the lowering will report).
pub fn analyze_body<E: Env>(
    env: &mut E,
    cx: FnContext,
    body: &ast::Stmt<'_>,
) -> Result<Body, String> {
    env.begin_body_analysis();
    let result = BodySema::new(env, cx).run_scoped(body);
    env.end_body_analysis();
    result
}

impl<'e, E: Env> BodySema<'e, E> {
    fn new(env: &'e mut E, cx: FnContext) -> Self {
        BodySema {
            env,
            body: Body::default(),
            scopes: vec![Vec::new()],
            bound: None,
            shadowed: Vec::new(),
            in_scope: 0,
            ret: cx.ret,
            deducing_ret: cx.deduce_ret,
            loops: 0,
            switches: Vec::new(),
            breakables: 0,
            loop_vars: Vec::new(),
            why: None,
            closures: Vec::new(),
            type_scopes: 0,
        }
    }

    /// [`Self::run`] inside a type scope of the environment's, closing every one the
    /// analysis opened (a body given up on may leave block scopes open).
    fn run_scoped(&mut self, body: &ast::Stmt<'_>) -> Result<Body, String> {
        self.env.push_type_scope();
        let result = self.run(body);
        for _ in 0..=self.type_scopes {
            self.env.pop_type_scope();
        }
        self.type_scopes = 0;
        result
    }

    /// Analyzes the statements of `body` (a function's outermost block) in the scope
    /// holding what was bound before.
    fn run(&mut self, body: &ast::Stmt<'_>) -> Result<Body, String> {
        let stmts: &[ast::Stmt<'_>] = match &body.kind {
            ast::StmtKind::Compound(stmts) => stmts,
            _ => std::slice::from_ref(body),
        };
        let mut top = Vec::with_capacity(stmts.len());
        for st in stmts {
            match self.stmt(st) {
                Some(id) => top.push(id),
                None => {
                    return Err(self
                        .why
                        .take()
                        .unwrap_or_else(|| "an unsupported form".into()))
                }
            }
        }
        self.body.top = top;
        Ok(std::mem::take(&mut self.body))
    }
}

impl<E: Env> BodySema<'_, E> {
    /// Gives up on the body, remembering why (the first reason met, the innermost).
    pub fn why<T>(&mut self, reason: impl FnOnce() -> String) -> Option<T> {
        if self.why.is_none() {
            self.why = Some(reason());
        }
        None
    }

    /// The local `name` is bound to, innermost scope first.
    fn local(&self, name: Symbol) -> Option<LocalId> {
        match &self.bound {
            Some(map) => map.get(&name).map(|&(_, l)| l),
            None => self
                .scopes
                .iter()
                .rev()
                .find_map(|sc| sc.iter().rev().find(|(n, _)| *n == name).map(|(_, l)| *l)),
        }
    }

    /// True when `name` is declared in the innermost scope.
    fn bound_here(&self, name: Symbol) -> bool {
        match &self.bound {
            Some(map) => map
                .get(&name)
                .is_some_and(|&(depth, _)| depth == self.scopes.len()),
            None => self
                .scopes
                .last()
                .is_some_and(|sc| sc.iter().any(|(n, _)| *n == name)),
        }
    }

    /// Opens a block scope.
    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
        self.env.push_type_scope();
        self.type_scopes += 1;
    }

    /// Closes the innermost block scope, restoring what its names shadowed.
    fn pop_scope(&mut self) {
        self.env.pop_type_scope();
        self.type_scopes -= 1;
        let n = self.scopes.pop().map_or(0, |sc| sc.len());
        self.in_scope -= n;
        if let Some(map) = &mut self.bound {
            let keep = self.shadowed.len() - n;
            for (name, before) in self.shadowed.drain(keep..).rev() {
                match before {
                    Some(b) => map.insert(name, b),
                    None => map.remove(&name),
                };
            }
        }
    }

    /// Binds `name` to `local` in the innermost scope.
    fn bind(&mut self, name: Symbol, local: LocalId) -> Option<()> {
        let depth = self.scopes.len();
        self.scopes.last_mut()?.push((name, local));
        self.in_scope += 1;
        if let Some(map) = &mut self.bound {
            let before = map.insert(name, (depth, local));
            self.shadowed.push((name, before));
        } else if self.in_scope >= INDEX_FROM {
            // Index every binding in scope, outermost first, as if indexed all along.
            let mut map = HashMap::default();
            for (d, sc) in self.scopes.iter().enumerate() {
                for &(n, l) in sc {
                    let before = map.insert(n, (d + 1, l));
                    self.shadowed.push((n, before));
                }
            }
            self.bound = Some(map);
        }
        Some(())
    }

    /// True when `e` names one of the body's locals: the declaration tables cannot
    /// evaluate it (and an outer declaration of the same name must not answer for it).
    fn mentions_local(&self, e: &ast::Expr<'_>) -> bool {
        let mut found = false;
        crate::irgen::visit_expr(
            e,
            &mut |x| {
                if let ast::ExprKind::Ident(n) = x.kind {
                    found |= self.local(n).is_some();
                }
            },
            0,
        );
        found
    }

    fn type_mentions_local(&self, te: &ast::TypeExpr<'_>) -> bool {
        match te {
            ast::TypeExpr::Builtin(_) => false,
            ast::TypeExpr::Named { name, .. } => self.local(*name).is_some(),
            ast::TypeExpr::Qualified { inner, .. } => self.type_mentions_local(inner),
            ast::TypeExpr::Pointer { pointee, .. } => self.type_mentions_local(pointee),
            ast::TypeExpr::Array { elem, size } => {
                self.type_mentions_local(elem) || size.is_some_and(|e| self.mentions_local(e))
            }
            // The other forms are not resolved by the analysis (`Env::resolve_type`).
            _ => false,
        }
    }

    /// A type written in the body (only the simple forms).
    fn written_type(&mut self, te: &ast::TypeExpr<'_>) -> Option<QualType> {
        if self.type_mentions_local(te) {
            return self.why(|| "a type naming a local".into());
        }
        match self.env.resolve_type(te) {
            Some(t) => Some(t),
            None => self.why(|| "a type written as a class, template or qualified name".into()),
        }
    }
}

/// How many locals in scope make `BodySema` index them by name.
const INDEX_FROM: usize = 32;

/// Hashes a `Symbol` (a small interned index) with one multiplication (Fibonacci
/// hashing): the default SipHash costs more than the linear scan it replaces in the many
/// small bodies of the suites.
#[derive(Default, Clone, Copy)]
pub(crate) struct BuildSymbolHasher;

#[derive(Default)]
pub(crate) struct SymbolHasher(u64);

impl std::hash::BuildHasher for BuildSymbolHasher {
    type Hasher = SymbolHasher;
    fn build_hasher(&self) -> SymbolHasher {
        SymbolHasher(0)
    }
}

impl std::hash::Hasher for SymbolHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}
