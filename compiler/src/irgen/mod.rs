//! Checked lowering of the C subset of CUDA: one walk over the AST that resolves names,
//! checks types and emits IR (see `docs/frontend-sema-irgen.md`).
//!
//! The walk keeps the module being built, the type table, the scope stack, and while inside
//! a function body the function under construction (`FnState`). Every user error becomes a
//! diagnostic; lowering then goes on where it can (an erroneous expression yields `None` and
//! its parents give up quietly), and the module is discarded if any error was reported.
//!
//! Files: `decl.rs` (types as written → `TypeId`, records, enums, typedefs), `global.rs`
//! (file-scope variables and functions), `func.rs` (function bodies and the IR emitter),
//! `stmt.rs`, `expr.rs` (operands, names, unary operators, casts, implicit conversions),
//! `binop.rs` (binary operators and assignment), `cond.rs` (`?:`), `call.rs`, `ops.rs`
//! (IR representations and conversions), `init.rs` (initializers), `builtins.rs` and
//! `builtins_gpu.rs` (CUDA built-ins, atomics, warp operations, `printf`), `builtins_conv.rs`
//! (conversion and bit intrinsics).

mod adl;
mod auto_return;
mod binop;
mod bitfield;
mod builtins;
mod builtins_conv;
mod builtins_gpu;
mod builtins_math;
mod builtins_tex;
mod inline_asm;
mod inline_asm_c;
pub(crate) use builtins_math::fast_math_name;
mod call;
mod class;
mod class_array;
mod class_copy;
mod class_ctor;
mod class_operators;
mod class_ops;
mod class_qualified;
mod cleanup;
mod cond;
mod cond_temps;
mod constexpr_call;
mod constexpr_expr;
mod constexpr_fn;
mod constexpr_mem;
mod constexpr_relaxed;
mod constexpr_template;
mod constexpr_vars;
mod cxx;
mod cxx_expr;
mod cxx_stmt;
mod decl;
mod decltype_auto;
mod default_args;
mod dropped;
mod expr;
mod friend;
mod func;
mod funcptr;
mod global;
mod hidden_friend;
mod host_launch;
mod index_offset;
mod init;
mod init_list;
mod injected;
pub(crate) mod lambda;
mod layout_pod;
mod lazy_bodies;
mod member_ptr;
mod name_expr;
mod namespace;
mod narrowing;
mod nested_class;
mod new_delete;
mod ops;
mod overload;
mod qual_member;
mod stmt;
mod system_members;
mod template;
mod template_adl;
mod template_alias;
mod template_class;
mod template_deduce;
mod template_explicit;
mod template_member;
mod template_nttp;
mod template_order;
mod template_pack;
mod template_sig;
mod template_spec;
mod template_template;
mod typed;
mod unevaluated_member;
mod virtual_checks;
mod virtual_fns;
mod vtable_emit;

use crate::ast;
use crate::diag::{Diag, Diagnostics};
use crate::intern::{Interner, Symbol};
use crate::sema::consteval::ConstValue;
use crate::sema::scope::Scopes;
use crate::sema::types::{EnumId, QualType, RecordId, TypeTable};
use crate::source::{SourceMap, Span};
use oxicc_ir::{AddrSpace, FuncId, GlobalId, InlineHint, Module, Value};

pub(crate) use func::{visit_expr, visit_stmt, FnState};

/// Options of the lowering that depend on the target.
#[derive(Clone, Debug)]
pub struct LowerOptions {
    /// SM version times ten (75 for `sm_75`).
    pub sm: u32,
    /// `--expt-relaxed-constexpr`: device code may call `constexpr` host functions.
    pub relaxed_constexpr: bool,
    /// `-default-device`: unannotated functions and variables are `__device__`.
    pub default_device: bool,
    /// `-lineinfo`: instructions record the statement they come from (`Function::locs`).
    pub line_info: bool,
    /// `-rdc=true`: separate compilation (`.extern`/`.visible` as nvcc writes them).
    pub rdc: bool,
    /// The file holding the name expressions' launches (`name_expr.rs`), if any.
    pub name_expr_file: Option<crate::source::FileId>,
    /// The flags that choose how float division, square roots and the math functions
    /// are lowered.
    pub math: MathOptions,
    /// Function bodies that semantic analysis covers are lowered from the typed tree
    /// (`sema::body`, `irgen::typed`); off, every body takes the one-walk lowering. On by
    /// default; off only to compare the two paths while the redesign is under way.
    pub typed_bodies: bool,
    /// `--emit=sema`: keep a text dump of every typed tree made (`Lowerer::sema_dump`).
    pub dump_sema: bool,
    /// Lower the built-in headers' helper functions only when something uses them
    /// (`lazy_bodies.rs`); the others become empty internal functions for `prestrip`.
    pub lazy_header_bodies: bool,
    /// `--report-dropped`: a note for each system-header type alias whose type could not
    /// be formed and was dropped as host code (`decl::host_typedef_decl`).
    pub report_dropped: bool,
}

/// nvcc's `-prec-div`, `-prec-sqrt` and `--use_fast_math` as irgen sees them (`-ftz`
/// is the backend's, `-fmad` the passes').
#[derive(Clone, Copy, Debug)]
pub struct MathOptions {
    /// `-prec-div=true`: `/` on floats is IEEE division (else `div.full.f32`).
    pub prec_div: bool,
    /// `-prec-sqrt=true`: `sqrtf` is `sqrt.rn.f32` (else `sqrt.approx.f32`).
    pub prec_sqrt: bool,
    /// `--use_fast_math`: `sinf` & co. become their `__` intrinsics.
    pub fast_math: bool,
}

impl Default for MathOptions {
    fn default() -> Self {
        MathOptions {
            prec_div: true,
            prec_sqrt: true,
            fast_math: false,
        }
    }
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions {
            sm: 75,
            relaxed_constexpr: false,
            default_device: false,
            line_info: false,
            rdc: false,
            name_expr_file: None,
            math: MathOptions::default(),
            typed_bodies: true,
            dump_sema: false,
            lazy_header_bodies: false,
            report_dropped: false,
        }
    }
}

/// Lowers a translation unit to an IR module; `None` when errors were reported.
pub fn lower_translation_unit(
    tu: &ast::TranslationUnit<'_>,
    interner: &Interner,
    sources: &SourceMap,
    diags: &mut Diagnostics,
    opts: &LowerOptions,
) -> Option<Module> {
    lower_translation_unit_with_names(tu, interner, sources, diags, opts).map(|(m, _, _)| m)
}

/// The lowered module, the mangled names of the name expressions' launches by span, and
/// the `--emit=sema` text.
pub type Lowered = (Module, Vec<(Span, String)>, String);

/// [`lower_translation_unit`], also returning the mangled name of the function each launch
/// in `opts.name_expr_file` names, by the launch's span, and (with `opts.dump_sema`) the
/// typed trees of the bodies semantic analysis covered, as text.
pub fn lower_translation_unit_with_names(
    tu: &ast::TranslationUnit<'_>,
    interner: &Interner,
    sources: &SourceMap,
    diags: &mut Diagnostics,
    opts: &LowerOptions,
) -> Option<Lowered> {
    let errors_before = diags.error_count();
    // Template instances are lowered from declarations the walk keeps (and from AST nodes
    // it synthesizes, in this arena), so the walk's lifetime is the tree's.
    let arena = bumpalo::Bump::new();
    let mut l = Lowerer::new(interner, sources, diags, opts, &arena);
    l.lambdas = tu.lambdas;
    l.lazy_parse = Some(&tu.lazy);
    l.note_host_launches(tu.host_launches);
    for d in tu.decls {
        if let ast::Decl::Var(vd) = d {
            if !vd.specs.is_extern {
                l.defined_vars.insert(vd.name);
            }
        }
    }
    for d in tu.decls {
        if l.diags.too_many() {
            break;
        }
        l.file_decl(d);
    }
    l.lower_used_parked_bodies();
    l.check_library_calls();
    if l.diags.error_count() > errors_before {
        return None;
    }
    l.finish_internal_names();
    let names = l.name_target_names();
    if !opts.lazy_header_bodies && !l.parked.unused.is_empty() {
        // No `prestrip` will remove the unused parked bodies' stubs (`lazy_bodies.rs`).
        let mut live = vec![true; l.module.functions.len()];
        for ir in &l.parked.unused {
            live[ir.as_u32() as usize] = false;
        }
        oxicc_passes::inline::retain_functions(&mut l.module, &live);
    }
    Some((l.module, names, l.sema_dump))
}

/// What an ordinary identifier is bound to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Binding {
    Var(VarId),
    Func(FnId),
    Typedef(QualType),
    /// An enumerator: its value and the enum's type.
    EnumConst(ConstValue, QualType),
    /// A declaration that failed (already reported): uses stay quiet instead of cascading
    /// into "identifier is undefined" (`dropped.rs`).
    Poisoned,
    /// A system header's host declaration left to the host compiler with its errors held
    /// back: nothing was reported, so a device use is (`dropped.rs`, `Lowerer::dropped_decls`).
    Dropped(u32),
    /// A function template overload set (`template::TemplateState::sets`).
    FnTemplate(u32),
    /// A class template (`template::TemplateState::classes`).
    ClassTemplate(u32),
    /// An alias template (`template_alias.rs`, `TemplateState::aliases`).
    AliasTemplate(u32),
    /// A variable template (`template_alias.rs`, `TemplateState::aliases`).
    VarTemplate(u32),
    /// Several functions of one name (an overload set, `Lowerer::overloads`).
    Overloads(OverloadId),
    /// A non-static data member of the class, named inside a member function (`this->x`).
    Field(RecordId),
    /// A pointer non-type template parameter bound to a variable's address, of the
    /// parameter's type (`template_nttp.rs`).
    Address(VarId, QualType),
}

/// Index of an overload set in `Lowerer::overloads`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OverloadId(pub u32);

/// What a tag names.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Tag {
    Record(RecordId),
    Enum(EnumId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct VarId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FnId(pub u32);

/// Where a variable lives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Storage {
    /// A stack slot; the value is its `ptr.local` address.
    Local(Value),
    /// A module variable in an address space.
    Global(GlobalId, AddrSpace),
    /// A by-value aggregate kernel/function parameter read in place (`ptr.param`).
    ParamByVal(Value),
    /// A host-only file-scope variable: usable in device code only as a constant.
    Host,
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    /// The declared name (kept for diagnostics about the variable).
    #[allow(dead_code)]
    pub name: Symbol,
    pub ty: QualType,
    pub storage: Storage,
    /// The value of a `const` integer variable with a constant initializer.
    pub const_value: Option<ConstValue>,
}

/// CUDA execution space of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExecSpace {
    Host,
    Device,
    HostDevice,
    Global,
}

impl ExecSpace {
    /// The execution space a function's specifiers give it.
    pub fn of(s: &ast::DeclSpecs) -> ExecSpace {
        if s.global {
            ExecSpace::Global
        } else if s.device && s.host {
            ExecSpace::HostDevice
        } else if s.device {
            ExecSpace::Device
        } else {
            ExecSpace::Host
        }
    }
    /// True when the function is compiled for the device.
    pub fn on_device(self) -> bool {
        self != ExecSpace::Host
    }
    /// nvcc's wording in diagnostics (`__global__`).
    pub fn words(self) -> &'static str {
        match self {
            ExecSpace::Host => "__host__",
            ExecSpace::Device => "__device__",
            ExecSpace::HostDevice => "__host__ __device__",
            ExecSpace::Global => "__global__",
        }
    }
}

/// The inlining request of `__forceinline__` / `__noinline__`.
pub(crate) fn inline_hint(s: &ast::DeclSpecs) -> InlineHint {
    if s.forceinline {
        InlineHint::Always
    } else if s.noinline {
        InlineHint::Never
    } else {
        InlineHint::Default
    }
}

#[derive(Clone, Debug)]
pub(crate) struct FnInfo {
    pub name: Symbol,
    pub params: Vec<QualType>,
    pub ret: QualType,
    pub variadic: bool,
    pub space: ExecSpace,
    pub extern_c: bool,
    pub is_static: bool,
    pub inline: InlineHint,
    /// The IR function, once declared in the module (at definition or first call).
    pub ir: Option<FuncId>,
    pub defined: bool,
    pub span: Span,
    /// Where device code first called it (for errors about missing definitions).
    pub first_call: Option<Span>,
    /// `__launch_bounds__(max, min)` from any declaration of a kernel.
    pub launch_bounds: Option<(u32, u32)>,
    /// Default arguments by parameter (constants; trailing parameters only).
    pub defaults: Vec<Option<default_args::DefaultArg>>,
    /// The return type is `auto` and not deduced yet (its body has not been lowered).
    pub ret_pending: bool,
    /// The symbol, when it is not the plain mangling of `name` and `params`: a template
    /// specialization (its mangling needs the template's declaration, so it is computed
    /// when the instance is made) or a lambda's call operator.
    pub mangled: Option<String>,
    /// The mangling description when it is not the plain one (template instances): a
    /// lambda's closure type is local to it.
    pub entity: Option<std::rc::Rc<crate::mangle::FunctionEntity>>,
    /// The declaration context (namespaces, then the class of a member), for mangling.
    pub scope: Vec<crate::sema::entity::ScopeComponent>,
    /// What kind of name it has (identifier, operator, constructor, …), for mangling.
    pub fname: crate::sema::entity::FunctionName,
    /// For a member function: its class and kind.
    pub member: Option<class::MemberFn>,
}

impl FnInfo {
    /// The fewest arguments a call may pass (parameters without a default argument).
    pub fn min_args(&self) -> usize {
        self.params.len()
            - self
                .defaults
                .iter()
                .rev()
                .take_while(|d| d.is_some())
                .count()
    }
}

/// The state of the walk.
pub(crate) struct Lowerer<'x> {
    pub interner: &'x Interner,
    pub sources: &'x SourceMap,
    pub diags: &'x mut Diagnostics,
    pub opts: &'x LowerOptions,
    pub types: TypeTable,
    pub scopes: Scopes<Binding, Tag>,
    pub vars: Vec<VarInfo>,
    pub fns: Vec<FnInfo>,
    pub module: Module,
    /// The function being lowered.
    pub f: Option<FnState>,
    /// Counter for `$str`, `$str$1`, … string literal globals.
    pub strings: u32,
    /// String literal globals by contents: identical literals share one (as in nvcc).
    pub string_globals: hashbrown::HashMap<Vec<u8>, GlobalId>,
    /// The `vprintf` import, once a `printf` was seen.
    pub vprintf: Option<FuncId>,
    /// Current expression nesting, to turn runaway recursion into a diagnostic.
    pub depth: u32,
    /// The expression being lowered (for diagnostics raised deep inside the emitter).
    pub cur_span: Span,
    /// Function and class templates, their instances and the instantiation state.
    pub templates: template::TemplateState<'x>,
    /// Where synthesized AST nodes (instantiated declarations) live.
    pub arena: &'x bumpalo::Bump,
    /// Every lambda of the translation unit (a generic lambda's body is found here again).
    pub lambdas: &'x [&'x ast::LambdaExpr<'x>],
    /// Closure types of lambdas: captures and call operators.
    pub closures: hashbrown::HashMap<RecordId, lambda::ClosureInfo>,
    /// Set while a call operator's body is being started: its captures are bound then.
    pub pending_closure: Option<RecordId>,
    /// nvcc's numbering of closure types per enclosing function and parameter list.
    pub closure_numbering: crate::mangle::ClosureNumbering,
    /// The symbol of the file's first non-inline, non-template external function
    /// definition: part of nvcc's names for internal-linkage entities (`mangle::internal`).
    pub first_external_definition: Option<String>,
    /// Namespaces (see `namespace.rs`).
    pub ns: namespace::Namespaces,
    /// Overload sets named by `Binding::Overloads`.
    pub overloads: Vec<Vec<FnId>>,
    /// C++ class data of records with members (see `class.rs`).
    pub classes: hashbrown::HashMap<RecordId, class::ClassData>,
    /// The class whose member declarations are being lowered (their mangling scope).
    pub declaring_class: Option<RecordId>,
    /// The class of the member function whose body is being lowered (its members are
    /// found by unqualified lookup).
    pub member_class: Option<RecordId>,
    /// While the body of a friend function defined in a class is lowered: that class,
    /// whose private and protected members it may use.
    pub friend_of: Option<RecordId>,
    /// The expression (by address) whose lvalue a reference binding or an assignment
    /// wants: a `c ? a : b` there selects between the two objects (C++ [expr.cond]/4)
    /// instead of their values (kept for C's and every other `?:`).
    pub lvalue_wanted: usize,
    /// Set by `expr` for the `?:` that `lvalue_wanted` names; taken by `conditional`.
    pub cond_lvalue: bool,
    /// The scope depth where the current function's parameter scope starts.
    pub fn_scope_base: Option<usize>,
    /// The scope level holding the template parameters of the member function template
    /// being instantiated: they hide the class's members ([temp.local]/7), which the
    /// class template's own parameters do not.
    pub member_tparams: Option<usize>,
    /// `this` in the current member function: the pointer and its type.
    pub this_val: Option<(Value, QualType)>,
    /// Operands already lowered for expressions that are lowered again by the C code
    /// after a C++ hook looked at them (see `class_ops.rs`).
    pub stash: Vec<(*const (), expr::Operand)>,
    /// The arguments of the built-in call being lowered from a typed tree, which its
    /// `ast::ExprKind::TypedArg` placeholders stand for (`typed/builtin_args.rs`).
    pub typed_builtin_args: Option<typed::TypedBuiltinArgs>,
    /// Some class declares an operator function (operands are checked for overloads).
    pub has_operator_fns: bool,
    /// Argument-dependent lookup's tables (`adl.rs`).
    pub adl: adl::AdlState,
    /// The namespace of the template whose instance is being defined in
    /// `in_decl_context` (its names are visible; its declarations are mangled in it).
    pub decl_ns: Option<namespace::NsId>,
    /// The block scopes `in_decl_context` took off the stack, outermost call first.
    #[allow(clippy::type_complexity)]
    pub outer_blocks: Vec<(
        Vec<hashbrown::HashMap<Symbol, Binding>>,
        Vec<hashbrown::HashMap<Symbol, Tag>>,
    )>,
    /// The template arguments of the class template instance `define_record` is about to
    /// define (set by the template instantiation, taken by `define_record`).
    pub pending_template_args: Option<Vec<crate::sema::entity::TemplateArg>>,
    /// The class template and arguments of the instance `define_record` is about to
    /// define (taken with `pending_template_args`; see `injected.rs`).
    pub pending_instance: Option<(u32, Vec<template::TArg>)>,
    /// Records whose definitions are being lowered, innermost last (their injected class
    /// names are visible).
    pub defining_records: Vec<RecordId>,
    /// The class whose host member function's launches are being lowered (`host_launch.rs`).
    pub host_member: Option<RecordId>,
    /// Nesting of `define_record` (see `class.rs`, deferred member bodies).
    pub record_depth: u32,
    /// Member function bodies waiting for the outermost class definition to complete.
    pub pending_bodies: Vec<(FnId, *const ())>,
    /// Constexpr variables of class and array type: their images (`constexpr_mem.rs`).
    pub cx: constexpr_mem::CxObjects,
    /// Definitions of constexpr member functions and constructors (AST pointers, as in
    /// `pending_bodies`), for compile-time calls.
    pub cx_members: hashbrown::HashMap<FnId, *const ()>,
    /// Calls of constexpr host functions from device code already reported (one
    /// diagnostic per call site, whether it was evaluated or lowered first).
    pub cx_host_calls_reported: hashbrown::HashSet<Span>,
    /// Nesting of the typed analysis's quiet queries (`typed::without_diagnostics`), whose
    /// diagnostics are rolled back: what they report is not remembered as reported.
    pub quiet_queries: u32,
    /// What class template instances made inside quiet queries reported: the instance is
    /// cached, so nobody would report it again once the query rolls back; the outermost
    /// query reports it after its rollback (`typed::without_diagnostics`).
    pub quiet_instance_diags: Vec<crate::diag::Diag>,
    /// True while such an instance is being made (nested instances are inside its report).
    pub capturing_instance: bool,
    /// Vtables of dynamic classes (`virtual_fns.rs`).
    pub vtables: hashbrown::HashMap<RecordId, virtual_fns::VTable>,
    /// Classes declared `final` (no class may derive from them).
    pub final_classes: hashbrown::HashSet<RecordId>,
    /// Members of a class known before `define_class_members` makes its member table:
    /// the enumerators (and enum names) of its member enums, defined with its data
    /// members, and its member classes.
    pub early_members: hashbrown::HashMap<RecordId, Vec<(Symbol, Binding)>>,
    /// Declarations left to the host compiler that `Binding::Dropped` names (`dropped.rs`).
    pub dropped_decls: Vec<dropped::DroppedDecl>,
    /// The dropped declaration a host declaration being formed last named (`dropped.rs`).
    pub last_dropped: Option<u32>,
    /// The `{ptr, adj}` records of pointer-to-member-function types, by (class, function
    /// type, `const`).
    pub member_fn_ptrs: hashbrown::HashMap<(RecordId, crate::sema::TypeId, bool), RecordId>,
    /// Set by the call paths where a virtual function is dispatched through the vtable
    /// (calls through pointers, references and `this`); taken by `call_fn`.
    pub virtual_dispatch: bool,
    /// The object of the member call being lowered is an rvalue (set by `object_of`, taken
    /// by `member_call` for ref-qualified member functions).
    pub object_rvalue: bool,
    /// The object of the overload resolution under way is an rvalue.
    pub this_arg_rvalue: bool,
    /// Set while a constructor constructs a base subobject (which may be abstract);
    /// taken by `construct_at`.
    pub constructing_base: bool,
    /// Variables that name an object bound elsewhere (references, structured bindings):
    /// their dynamic type is unknown, so virtual calls on them dispatch.
    pub reference_vars: hashbrown::HashSet<u32>,
    /// The functions the name expressions' launches chose (`name_expr.rs`).
    pub name_targets: Vec<(Span, name_expr::NameTarget)>,
    /// The body about to be lowered returns `decltype(auto)` (taken into
    /// `FnState::ret_decltype`).
    pub next_ret_decltype: bool,
    /// `--emit=sema`: the typed trees made so far, as text.
    pub sema_dump: String,
    /// The function template instances typed trees call (`ExprKind::InstanceCall`'s
    /// handle indexes it): template and arguments, instantiated when the call is lowered.
    pub typed_instances: Vec<(u32, Vec<template::TArg>)>,
    /// The scope level of the parameters of each body being analyzed (innermost last):
    /// the analysis opens type scopes above it (`Env::push_type_scope`).
    pub analysis_param_levels: Vec<usize>,
    /// File-scope variables declared `extern` and not defined yet (a later definition
    /// completes the same module variable).
    pub extern_vars: hashbrown::HashSet<u32>,
    /// Names of the variables the translation unit defines at file scope (not `extern`):
    /// an `extern` declaration of one of them is not "treated as a static definition".
    pub defined_vars: hashbrown::HashSet<Symbol>,
    /// Bodies that wait for a use: built-in header helpers and members of class template
    /// instances (`lazy_bodies.rs`).
    pub parked: lazy_bodies::ParkedBodies<'x>,
    /// The bindings of the class template instance whose member `define_member_body` is
    /// about to lower (set and cleared around the call, taken by `park_body`).
    #[allow(clippy::type_complexity)]
    pub instance_body: Option<(&'x [ast::TemplateParam<'x>], Vec<template::TArg>)>,
    /// The built-in headers' bodies the parser kept as tokens (`parse/lazy_body.rs`).
    pub lazy_parse: Option<&'x crate::parse::LazyBodies>,
}

/// Deepest expression/statement nesting lowered before a diagnostic. Above the parser's
/// tree-depth limit, so whatever parses also lowers; safe because `api::compile` runs on a
/// 256 MiB stack.
pub(crate) const MAX_NESTING: u32 = 2048;

impl<'x> Lowerer<'x> {
    fn new(
        interner: &'x Interner,
        sources: &'x SourceMap,
        diags: &'x mut Diagnostics,
        opts: &'x LowerOptions,
        arena: &'x bumpalo::Bump,
    ) -> Self {
        Lowerer {
            interner,
            sources,
            diags,
            opts,
            types: TypeTable::new(),
            scopes: Scopes::new(),
            vars: Vec::new(),
            fns: Vec::new(),
            module: Module::new(),
            f: None,
            strings: 0,
            string_globals: hashbrown::HashMap::new(),
            vprintf: None,
            depth: 0,
            cur_span: Span::default(),
            templates: template::TemplateState::default(),
            arena,
            lambdas: &[],
            closures: hashbrown::HashMap::new(),
            pending_closure: None,
            closure_numbering: Default::default(),
            first_external_definition: None,
            ns: Default::default(),
            overloads: Vec::new(),
            classes: hashbrown::HashMap::new(),
            declaring_class: None,
            member_class: None,
            friend_of: None,
            lvalue_wanted: 0,
            cond_lvalue: false,
            fn_scope_base: None,
            member_tparams: None,
            this_val: None,
            stash: Vec::new(),
            typed_builtin_args: None,
            has_operator_fns: false,
            adl: adl::AdlState::default(),
            decl_ns: None,
            outer_blocks: Vec::new(),
            pending_template_args: None,
            pending_instance: None,
            defining_records: Vec::new(),
            host_member: None,
            record_depth: 0,
            pending_bodies: Vec::new(),
            cx: Default::default(),
            cx_members: hashbrown::HashMap::new(),
            cx_host_calls_reported: hashbrown::HashSet::new(),
            quiet_queries: 0,
            quiet_instance_diags: Vec::new(),
            capturing_instance: false,
            vtables: hashbrown::HashMap::new(),
            final_classes: hashbrown::HashSet::new(),
            early_members: hashbrown::HashMap::new(),
            dropped_decls: Vec::new(),
            last_dropped: None,
            member_fn_ptrs: hashbrown::HashMap::new(),
            virtual_dispatch: false,
            object_rvalue: false,
            this_arg_rvalue: false,
            constructing_base: false,
            reference_vars: hashbrown::HashSet::new(),
            name_targets: Vec::new(),
            next_ret_decltype: false,
            sema_dump: String::new(),
            typed_instances: Vec::new(),
            analysis_param_levels: Vec::new(),
            extern_vars: hashbrown::HashSet::new(),
            defined_vars: hashbrown::HashSet::new(),
            parked: Default::default(),
            instance_body: None,
            lazy_parse: None,
        }
    }

    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diag::error(span, msg));
    }

    pub fn warning(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diag::warning(span, msg));
    }

    pub fn name(&self, s: Symbol) -> &'x str {
        self.interner.resolve(s)
    }

    /// `"const float *"` for messages.
    pub fn show(&self, qt: QualType) -> String {
        self.types.display(qt, self.interner)
    }

    pub fn add_var(&mut self, v: VarInfo) -> VarId {
        self.vars.push(v);
        VarId(self.vars.len() as u32 - 1)
    }

    pub fn var(&self, id: VarId) -> &VarInfo {
        &self.vars[id.0 as usize]
    }

    pub fn func_info(&self, id: FnId) -> &FnInfo {
        &self.fns[id.0 as usize]
    }

    /// Calls to functions that only oxicc's built-in headers declare (device library
    /// functions without an implementation yet) are errors; other undefined functions stay
    /// `.extern` calls, as in nvcc.
    fn check_library_calls(&mut self) {
        for i in 0..self.fns.len() {
            let f = &self.fns[i];
            let (Some(call), false) = (f.first_call, f.defined) else {
                continue;
            };
            let from_builtin_header = self.sources.file(f.span.file).name.starts_with("<oxicc>/");
            // The CUDA driver provides these to every module (nvcc calls them as `.extern`).
            let provided = matches!(
                self.name(f.name),
                "__assertfail" | "malloc" | "free" | "cudaGraphSetConditional"
            );
            if from_builtin_header && !provided {
                let n = self.name(f.name);
                self.error(
                    call,
                    format!("the device function \"{n}\" is not supported yet"),
                );
            }
        }
    }

    /// One file-scope declaration.
    fn file_decl(&mut self, d: &'x ast::Decl<'x>) {
        match d {
            ast::Decl::Namespace(_)
            | ast::Decl::UsingDirective { .. }
            | ast::Decl::NamespaceAlias { .. }
            | ast::Decl::UsingDecl { .. } => self.decl_cxx(d),
            ast::Decl::Function(fd) => {
                self.function_decl(fd);
                self.note_constexpr_fn(fd);
                if fd.host_body_skipped {
                    self.lower_host_launches(fd.name_span);
                }
            }
            ast::Decl::Var(vd) => self.global_var(vd),
            ast::Decl::Typedef(td) if self.sources.file(td.span.file).system => {
                self.host_typedef_decl(td)
            }
            ast::Decl::Typedef(td) => self.typedef_decl(td),
            ast::Decl::Record(rd) => {
                self.define_record(rd);
            }
            ast::Decl::Enum(ed) => {
                self.define_enum(ed);
            }
            ast::Decl::Bindings(b) => {
                self.error(
                    b.span,
                    "a structured binding at namespace scope is not supported yet",
                );
            }
            // File-scope `Unsupported` is host-only C++ the parser skipped without an error
            // (it reports device uses of what it declares itself): nothing to compile.
            ast::Decl::Unsupported { .. } | ast::Decl::Friend { .. } => {}
            ast::Decl::Template(td) => self.template_decl(td),
            ast::Decl::ExplicitInstantiation(fd) => self.explicit_instantiation(fd),
            ast::Decl::StaticAssert {
                cond,
                message,
                span,
            } => self.static_assert(cond, *message, *span),
        }
    }
}
