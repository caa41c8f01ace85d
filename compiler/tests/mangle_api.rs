//! The structured mangling API (`oxicc::mangle`) against nvcc's names.
//!
//! `mangle_cases/*.cu` are small CUDA files; `NVCC_NAMES` lists, per file, every `_Z` symbol
//! in the PTX that `nvcc -ptx -arch=sm_75` (CUDA 13.5) produces for it — and the test
//! `nvcc_still_produces_the_expected_names` re-runs nvcc to confirm the list, so the
//! expectations stay an independent oracle. The other tests build the description of each
//! entity the way the lowering does (scopes, records, template arguments, declared
//! signatures with template parameters) and compare the API's output with nvcc's name.

use crate::mangle_support;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

use mangle_support::{nvcc_symbols, B, CONST, RESTRICT};
use oxicc::mangle::{
    mangle_local_static_in, mangle_local_static_of_symbol, mangle_variable, ClosureNumbering,
    FunctionName, OperatorName as Op, RefQualifier, ScopeComponent, TemplateArg,
};
use oxicc::sema::types::{IntKind, Qualifiers, TypeKind};

const NVCC_NAMES: &[(&str, &[&str])] = &[
    (
        "classes",
        &[
            "_Z2rrPiPVKfRA4_fOi",
            "_Z3ldfePf",
            "_Z3nulDnPi",
            "_Z5twicePi",
            "_Z9k_classesPiPf",
            "_ZN2ns5inner1V4sgetEi",
            "_ZN2ns5inner1VC1Ef",
            "_ZN2ns5inner1VC1Ev",
            "_ZN2ns5inner1VaSERKS1_",
            "_ZN2ns5inner1VclEf",
            "_ZN2ns5inner1VpLERKS1_",
            "_ZN2ns5inner1fENS0_1VERS1_RKS1_",
            "_ZN3DerC1Ei",
            "_ZN3geo3mixEPNS_1PENS_4ModeES1_",
            "_ZN3geo7counterE",
            "_ZN4BaseC1Ei",
            "_ZNK2ns5inner1VcvfEv",
            "_ZNK2ns5inner1VeqERKS1_",
            "_ZNK2ns5inner1VixEi",
            "_ZNK2ns5inner1VltERKS1_",
            "_ZNK2ns5inner1VngEv",
            "_ZNK2ns5inner1VplERKS1_",
            "_ZNR2ns5inner1V2rvEOf",
            "_ZNVK2ns5inner1V3getEv",
            "_ZSt4sabsi",
            "_ZZ5twicePiE1x",
            "_ZZ5twicePiE1x_0",
        ],
    ),
    (
        "templates",
        &[
            "_Z2bbILb0EEii",
            "_Z2bbILb1EEii",
            "_Z2ktIfEvPT_e",
            "_Z2pkIJEEiPiDpT_",
            "_Z2pkIJPiS0_EEiS0_DpT_",
            "_Z2pkIJifEEiPiDpT_",
            "_Z3colIL5Color1EEii",
            "_Z3ipkIJEEiPi",
            "_Z3ipkIJLi1ELi2ELi3EEEiPi",
            "_Z3redIfLi256E3AddEvPKT_PS1_T1_",
            "_Z4col2IL2E21EEii",
            "_Z4litsILln2ELj3ELc97ELy5EEiPi",
            "_Z4negtILin3EEiPi",
            "_Z6reduceIfLi128EET_PKS0_PS0_",
            "_ZN3BoxIfE2atEi",
            "_ZN3geo4bothEPNS_3VecIfEEPNS0_IiEES2_NS_4ModeE",
            "_ZN3geo4modeILNS_4ModeE1EEEii",
            "_ZN3geomlIfEENS_3VecIT_EES3_S2_",
            "_ZNK3AddclEff",
            "_ZNK3ArrIfLi4EE3sumEv",
            "_ZNK3BoxIfE3mixIdEEffT_",
            "_ZNK3BoxIfE3mixIiEEffT_",
            "_ZNK3geo1PcvNS_3VecIfEEEv",
            "_ZNSt3limIiE2mxEi",
            "_ZZN3BoxIfE2atEiE5calls",
        ],
    ),
    (
        "lambdas",
        &[
            "_Z3appIZ9k_lambdasPiPfEUlfE0_EfT_f",
            "_Z3appIZ9k_lambdasPiPfEUlfE1_EfT_f",
            "_Z3appIZ9k_lambdasPiPfEUlfE_EfT_f",
            "_Z3appIZ9k_lambdasPiPfEUliE_EfT_f",
            "_Z9k_lambdasPiPf",
            "_ZZ9k_lambdasPiPfENK3Loc3getEv",
            "_ZZ9k_lambdasPiPfENKUlT_E_clIfEEDaS1_",
            "_ZZ9k_lambdasPiPfENKUlT_E_clIiEEDaS1_",
            "_ZZ9k_lambdasPiPfENKUlfE2_clEf",
        ],
    ),
];

fn expected(file: &str) -> BTreeSet<String> {
    let (_, names) = NVCC_NAMES.iter().find(|(f, _)| *f == file).unwrap();
    names.iter().map(|s| s.to_string()).collect()
}

/// Records `got` as the API's name for an entity of `file`.
fn check(out: &mut Names, file: &'static str, got: &str) {
    out.push((file, got.to_string()));
}

#[test]
fn nvcc_still_produces_the_expected_names() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mangle_cases");
    for (file, _) in NVCC_NAMES {
        let got = nvcc_symbols(&dir.join(format!("{file}.cu")));
        assert_eq!(got, expected(file), "nvcc's names for {file}.cu changed");
    }
}

type Names = Vec<(&'static str, String)>;

fn namespaces_members_operators_and_references(out: &mut Names) {
    let mut b = B::new();
    let inner = b.ns(&["ns", "inner"]);
    let (v, vt) = b.record("V", inner.clone(), None);
    let (f, i) = (b.f(), b.i());
    let cref = b.lref(B::konst(vt));
    let vref = b.lref(vt);
    let frref = b.rref(f);
    let get = b.sym("get");
    let sget = b.sym("sget");
    let rv = b.sym("rv");
    let mut conversion = b.member(v, FunctionName::Conversion(f), vec![]);
    conversion.this_quals = CONST;
    let mut volatile_get = b.member(v, FunctionName::Ident(get), vec![]);
    volatile_get.this_quals = Qualifiers {
        konst: true,
        volatile: true,
        restrict: false,
    };
    let cases = [
        b.member(v, FunctionName::Constructor, vec![f]),
        b.member(v, FunctionName::Constructor, vec![]),
        b.op(v, Op::Plus, vec![cref], true),
        b.op(v, Op::PlusAssign, vec![cref], false),
        b.op(v, Op::Assign, vec![cref], false),
        b.op(v, Op::Negate, vec![], true),
        b.op(v, Op::Index, vec![i], true),
        b.op(v, Op::Call, vec![f], false),
        b.op(v, Op::Eq, vec![cref], true),
        b.op(v, Op::Lt, vec![cref], true),
        conversion,
        volatile_get,
        b.member(v, FunctionName::Ident(sget), vec![i]),
        B::with_ref(
            b.member(v, FunctionName::Ident(rv), vec![frref]),
            RefQualifier::LValue,
        ),
        b.func(inner.clone(), "f", vec![vt, vref, cref]),
    ];
    for c in &cases {
        check(out, "classes", &b.mangle(c));
    }
}

fn constructors_builtins_restrict_arrays_and_std(out: &mut Names) {
    let mut b = B::new();
    let (base, _) = b.record("Base", vec![], None);
    let (der, _) = b.record("Der", vec![], None);
    let (i, f) = (b.i(), b.f());
    let base_ctor = b.member(base, FunctionName::Constructor, vec![i]);
    check(out, "classes", &b.mangle(&base_ctor));
    let der_ctor = b.member(der, FunctionName::Constructor, vec![i]);
    check(out, "classes", &b.mangle(&der_ctor));
    let nullptr = b.ty(TypeKind::NullPtr);
    let pi = b.ptr(i);
    let nul = b.func(vec![], "nul", vec![nullptr, pi]);
    check(out, "classes", &b.mangle(&nul));
    // `int* __restrict__ a`: the top-level restrict is not part of the function's type.
    let restrict_pi = pi.with_quals(RESTRICT);
    let cvf = f.with_quals(Qualifiers {
        konst: true,
        volatile: true,
        restrict: false,
    });
    let pcvf = b.ptr(cvf);
    let arr = b.ty(TypeKind::Array {
        elem: f,
        len: Some(4),
    });
    let arr_ref = b.lref(arr);
    let int_rref = b.rref(i);
    let rr = b.func(vec![], "rr", vec![restrict_pi, pcvf, arr_ref, int_rref]);
    check(out, "classes", &b.mangle(&rr));
    let ld = b.ty(TypeKind::LongDouble);
    let pf = b.ptr(f);
    let ldf = b.func(vec![], "ldf", vec![ld, pf]);
    check(out, "classes", &b.mangle(&ldf));
    let std = b.ns(&["std"]);
    let sabs = b.func(std, "sabs", vec![i]);
    check(out, "classes", &b.mangle(&sabs));
    let kernel = b.func(vec![], "k_classes", vec![pi, pf]);
    check(out, "classes", &b.mangle(&kernel));
}

fn enums_variables_and_local_statics_in_namespaces(out: &mut Names) {
    let mut b = B::new();
    let geo = b.ns(&["geo"]);
    let (_, p) = b.record("P", geo.clone(), None);
    let (_, mode) = b.enumeration("Mode", geo.clone());
    let pp = b.ptr(p);
    let mix = b.func(geo.clone(), "mix", vec![pp, mode, pp]);
    check(out, "classes", &b.mangle(&mix));
    let counter = b.sym("counter");
    check(
        out,
        "classes",
        &mangle_variable(&b.types, &b.interner, &geo, counter),
    );
    let i = b.i();
    let pi = b.ptr(i);
    let twice = b.func(vec![], "twice", vec![pi]);
    check(out, "classes", &b.mangle(&twice));
    let x = b.sym("x");
    for d in 0..2 {
        let name = mangle_local_static_in(&b.types, &b.interner, &twice, x, d);
        check(out, "classes", &name);
    }
}

fn function_templates_mangle_their_declared_signature(out: &mut Names) {
    let mut b = B::new();
    let (f, i, void) = (b.f(), b.i(), b.void());
    let t0 = b.tparam(0);
    let ct0 = B::konst(t0);
    let pct0 = b.ptr(ct0);
    let pt0 = b.ptr(t0);
    let n128 = b.int_arg(IntKind::Int, 128);
    let reduce = b.template_fn(
        vec![],
        "reduce",
        vec![TemplateArg::Type(f), n128],
        t0,
        vec![pct0, pt0],
    );
    check(out, "templates", &b.mangle(&reduce));
    // The kernel template `kt<float>(T*, long double)`.
    let ld = b.ty(TypeKind::LongDouble);
    let kt = b.template_fn(
        vec![],
        "kt",
        vec![TemplateArg::Type(f)],
        void,
        vec![pt0, ld],
    );
    check(out, "templates", &b.mangle(&kt));
    // Non-type arguments: bool, enum, enum class, negative, long/unsigned/char/ull.
    for v in [0, 1] {
        let arg = b.int_arg(IntKind::Bool, v);
        let bb = b.template_fn(vec![], "bb", vec![arg], i, vec![i]);
        check(out, "templates", &b.mangle(&bb));
    }
    let (_, color) = b.enumeration("Color", vec![]);
    let green = TemplateArg::Value {
        ty: color.ty,
        value: 1,
    };
    let col = b.template_fn(vec![], "col", vec![green], i, vec![i]);
    check(out, "templates", &b.mangle(&col));
    let (_, e2) = b.enumeration("E2", vec![]);
    let e2b = TemplateArg::Value {
        ty: e2.ty,
        value: 1,
    };
    let col2 = b.template_fn(vec![], "col2", vec![e2b], i, vec![i]);
    check(out, "templates", &b.mangle(&col2));
    let pi = b.ptr(i);
    let m3 = b.int_arg(IntKind::Int, -3);
    let negt = b.template_fn(vec![], "negt", vec![m3], i, vec![pi]);
    check(out, "templates", &b.mangle(&negt));
    let lits = vec![
        b.int_arg(IntKind::Long, -2),
        b.int_arg(IntKind::UInt, 3),
        b.int_arg(IntKind::Char, 97),
        b.int_arg(IntKind::ULongLong, 5),
    ];
    let lits = b.template_fn(vec![], "lits", lits, i, vec![pi]);
    check(out, "templates", &b.mangle(&lits));
    // `red<float, 256, Add>(const T* __restrict__, T*, Op)`: T1_ names the third parameter.
    let (_, add) = b.record("Add", vec![], None);
    let restrict_pct0 = pct0.with_quals(RESTRICT);
    let t2 = b.tparam(2);
    let n256 = b.int_arg(IntKind::Int, 256);
    let red = b.template_fn(
        vec![],
        "red",
        vec![TemplateArg::Type(f), n256, TemplateArg::Type(add)],
        void,
        vec![restrict_pct0, pt0, t2],
    );
    check(out, "templates", &b.mangle(&red));
}

fn parameter_packs(out: &mut Names) {
    let mut b = B::new();
    let (f, i) = (b.f(), b.i());
    let pi = b.ptr(i);
    let t0 = b.tparam(0);
    let pack = b.ty(TypeKind::PackExpansion(t0));
    let packs = [
        vec![],
        vec![TemplateArg::Type(i), TemplateArg::Type(f)],
        vec![TemplateArg::Type(pi), TemplateArg::Type(pi)],
    ];
    for p in packs {
        let pk = b.template_fn(vec![], "pk", vec![TemplateArg::Pack(p)], i, vec![pi, pack]);
        check(out, "templates", &b.mangle(&pk));
    }
    let ns = vec![
        b.int_arg(IntKind::Int, 1),
        b.int_arg(IntKind::Int, 2),
        b.int_arg(IntKind::Int, 3),
    ];
    for p in [vec![], ns] {
        let ipk = b.template_fn(vec![], "ipk", vec![TemplateArg::Pack(p)], i, vec![pi]);
        check(out, "templates", &b.mangle(&ipk));
    }
}

fn class_templates_and_member_templates(out: &mut Names) {
    let mut b = B::new();
    let (f, i, d) = (b.f(), b.i(), b.d());
    let n4 = b.int_arg(IntKind::Int, 4);
    let (arr, _) = b.record("Arr", vec![], Some(vec![TemplateArg::Type(f), n4]));
    let sum = b.sym("sum");
    let mut arr_sum = b.member(arr, FunctionName::Ident(sum), vec![]);
    arr_sum.this_quals = CONST;
    check(out, "templates", &b.mangle(&arr_sum));
    let (bx, _) = b.record("Box", vec![], Some(vec![TemplateArg::Type(f)]));
    let at = b.sym("at");
    let box_at = b.member(bx, FunctionName::Ident(at), vec![i]);
    check(out, "templates", &b.mangle(&box_at));
    let calls = b.sym("calls");
    let calls = mangle_local_static_in(&b.types, &b.interner, &box_at, calls, 0);
    check(out, "templates", &calls);
    let spliced = mangle_local_static_of_symbol(&b.mangle(&box_at), "calls", 0);
    check(out, "templates", &spliced);
    // `template <class U> T Box<T>::mix(T, U) const`: the class's T is replaced, U is T_.
    let t0 = b.tparam(0);
    let mix = b.sym("mix");
    for u in [d, i] {
        let mut m = b.member(bx, FunctionName::Ident(mix), vec![f, t0]);
        m.template_args = Some(vec![TemplateArg::Type(u)]);
        m.ret = Some(f);
        m.this_quals = CONST;
        check(out, "templates", &b.mangle(&m));
    }
    // A member of a class template in `std`.
    let std = b.ns(&["std"]);
    let (lim, _) = b.record("lim", std, Some(vec![TemplateArg::Type(i)]));
    let mx = b.sym("mx");
    let lim_mx = b.member(lim, FunctionName::Ident(mx), vec![i]);
    check(out, "templates", &b.mangle(&lim_mx));
    // `Add::operator()(float, float) const`.
    let (add, _) = b.record("Add", vec![], None);
    let call = b.op(add, Op::Call, vec![f, f], true);
    check(out, "templates", &b.mangle(&call));
}

fn template_prefix_substitutions_in_namespaces(out: &mut Names) {
    let mut b = B::new();
    let (f, i) = (b.f(), b.i());
    let t0 = b.tparam(0);
    // geo::both(Vec<float>*, Vec<int>*, Vec<float>*, Mode): `NS0_IiEE` reuses the
    // template name `geo::Vec` for the second instance.
    let geo = b.ns(&["geo"]);
    let (_, vf) = b.record("Vec", geo.clone(), Some(vec![TemplateArg::Type(f)]));
    let (_, vi) = b.record("Vec", geo.clone(), Some(vec![TemplateArg::Type(i)]));
    let (_, mode) = b.enumeration("Mode", geo.clone());
    let (pvf, pvi) = (b.ptr(vf), b.ptr(vi));
    let both = b.func(geo.clone(), "both", vec![pvf, pvi, pvf, mode]);
    check(out, "templates", &b.mangle(&both));
    let slow = TemplateArg::Value {
        ty: mode.ty,
        value: 1,
    };
    let mode_fn = b.template_fn(geo.clone(), "mode", vec![slow], i, vec![i]);
    check(out, "templates", &b.mangle(&mode_fn));
    // `template <class T> Vec<T> operator*(Vec<T>, T)`: `Vec<T>` in the declared signature
    // is the class template applied to the template parameter.
    let (_, vt) = b.record("Vec", geo.clone(), Some(vec![TemplateArg::Type(t0)]));
    let mut mul = b.template_fn(
        geo.clone(),
        "mul",
        vec![TemplateArg::Type(f)],
        vt,
        vec![vt, t0],
    );
    mul.name = FunctionName::Operator(Op::Mul);
    check(out, "templates", &b.mangle(&mul));
    // `geo::P::operator Vec<float>() const`.
    let (p, _) = b.record("P", geo.clone(), None);
    let mut conv = b.member(p, FunctionName::Conversion(vf), vec![]);
    conv.this_quals = CONST;
    check(out, "templates", &b.mangle(&conv));
}

fn lambdas_and_local_classes(out: &mut Names) {
    let mut b = B::new();
    let (f, i) = (b.f(), b.i());
    let (pi, pf) = (b.ptr(i), b.ptr(f));
    let kernel = b.func(vec![], "k_lambdas", vec![pi, pf]);
    check(out, "lambdas", &b.mangle(&kernel));
    let t0 = b.tparam(0);
    // Closures are numbered per parameter list: float lambdas 0, 1, 2, 3; int lambda 0.
    let mut numbering = ClosureNumbering::default();
    let scope = vec![ScopeComponent::Function(Rc::new(kernel.clone()))];
    for param in [f, f, i, f] {
        let index = numbering.next(&scope, &[param]);
        let (_, closure) = b.closure(&kernel, vec![param], index);
        let app = b.template_fn(
            vec![],
            "app",
            vec![TemplateArg::Type(closure)],
            f,
            vec![t0, f],
        );
        check(out, "lambdas", &b.mangle(&app));
    }
    // The call operator of the fourth float lambda (`UlfE2_`) is a const member.
    let index = numbering.next(&scope, &[f]);
    assert_eq!(index, 3);
    let (lam, _) = b.closure(&kernel, vec![f], index);
    let call = b.op(lam, Op::Call, vec![f], true);
    check(out, "lambdas", &b.mangle(&call));
    // A generic lambda: `UlT_E_`, its call operator a template returning `auto` (`Da`).
    let (generic, _) = b.closure(&kernel, vec![t0], 0);
    let auto = b.ty(TypeKind::DeducedAuto);
    for arg in [f, i] {
        let mut call = b.op(generic, Op::Call, vec![t0], true);
        call.template_args = Some(vec![TemplateArg::Type(arg)]);
        call.ret = Some(auto);
        check(out, "lambdas", &b.mangle(&call));
    }
    // A local class's member function.
    let (loc, _) = b.record(
        "Loc",
        vec![ScopeComponent::Function(Rc::new(kernel.clone()))],
        None,
    );
    let get = b.sym("get");
    let mut m = b.member(loc, FunctionName::Ident(get), vec![]);
    m.this_quals = CONST;
    check(out, "lambdas", &b.mangle(&m));
}

/// A named test case: builds descriptions and records their mangled names.
type Builder = (&'static str, fn(&mut Names));

const BUILDERS: &[Builder] = &[
    (
        "namespaces_members_operators_and_references",
        namespaces_members_operators_and_references,
    ),
    (
        "constructors_builtins_restrict_arrays_and_std",
        constructors_builtins_restrict_arrays_and_std,
    ),
    (
        "enums_variables_and_local_statics_in_namespaces",
        enums_variables_and_local_statics_in_namespaces,
    ),
    (
        "function_templates_mangle_their_declared_signature",
        function_templates_mangle_their_declared_signature,
    ),
    ("parameter_packs", parameter_packs),
    (
        "class_templates_and_member_templates",
        class_templates_and_member_templates,
    ),
    (
        "template_prefix_substitutions_in_namespaces",
        template_prefix_substitutions_in_namespaces,
    ),
    ("lambdas_and_local_classes", lambdas_and_local_classes),
];

#[test]
fn the_api_builds_nvccs_names() {
    let mut failures = Vec::new();
    for (name, builder) in BUILDERS {
        let mut out = Vec::new();
        builder(&mut out);
        for (file, got) in out {
            if !expected(file).contains(&got) {
                failures.push(format!(
                    "{name}: {got} is not among nvcc's names for {file}.cu"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every name nvcc produces for the case files is built by one of the builders.
#[test]
fn every_nvcc_name_is_built_by_a_builder() {
    let mut out = Vec::new();
    for (_, builder) in BUILDERS {
        builder(&mut out);
    }
    let built: BTreeSet<(&str, String)> = out.into_iter().collect();
    let mut missing = Vec::new();
    for (file, names) in NVCC_NAMES {
        for n in *names {
            if !built.contains(&(*file, n.to_string())) {
                missing.push(format!("{n} ({file}.cu)"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no builder makes: {}",
        missing.join(", ")
    );
}

/// `static` device functions get nvcc's file-specific `_INTERNAL_…` names: the same file,
/// at the same absolute path, compiled by nvcc and by oxicc.
#[test]
fn internal_linkage_names_equal_nvccs() {
    let dir = std::env::temp_dir().join(format!("oxicc-internal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The first external definition is a host function with a long name (hashed); then a
    // second file whose first external definition is a short kernel name (kept).
    let cases = [
        (
            "internal-names.cu",
            "inline __device__ int inl(int x) { return x; }
             int host_function(int x) { return x; }
             static __device__ __noinline__ int st(int x) { return x * 5; }
             static __device__ __noinline__ float st2(float* p) { return p[0]; }
             static __global__ void sk(int* o) { o[0] = st(o[1]); }
             __global__ void k_internal(int* o, float* f) { o[0] = st(o[2]) + inl(o[1]); f[0] = st2(f); }\n",
        ),
        (
            "s.cu",
            "static __device__ __noinline__ int st(int x) { return x * 5; }
             __global__ void k2(int* o) { o[0] = st(o[2]); }\n",
        ),
        (
            // An out-of-line member definition is the first external definition.
            "om.cu",
            "struct S { int v; __device__ int get() const; };
             __device__ __noinline__ int S::get() const { return v; }
             static __device__ __noinline__ int st(int x) { return x * 5; }
             __global__ void zz(int* o) { S s; s.v = o[1]; o[0] = st(o[2]) + s.get(); }\n",
        ),
        (
            "vars.cu",
            "namespace geo { __device__ int counter; static __device__ int hidden; __constant__ float cf[4];
                 namespace { __device__ int an; } }
             namespace geo { static __device__ __noinline__ int sf(int x) { return x + hidden; } }
             namespace { __device__ __noinline__ int af(int x) { return x * 2; } }
             __global__ void kv(int* o) {
                 geo::counter = o[0]; geo::hidden = o[1]; geo::an = o[2]; o[3] = geo::cf[o[4]] + geo::sf(o[5]);
                 o[7] = af(o[8]);
             }\n",
        ),
    ];
    for (file, source) in cases {
        let path = dir.join(file);
        std::fs::write(&path, source).unwrap();
        let nvcc = nvcc_symbols(&path);
        let options = oxicc::Options {
            sm: 75,
            opt_level: 3,
            ..Default::default()
        };
        let out = oxicc::compile(&path.to_string_lossy(), source, &options);
        let ptx = out.text.expect("oxicc compiles the file");
        let ours: BTreeSet<String> = ptx
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("_Z") && !w.contains("_param_"))
            .map(str::to_string)
            .collect();
        assert!(
            nvcc.iter().any(|n| n.contains("_INTERNAL_")),
            "{file}: nvcc's names {nvcc:?}"
        );
        // oxicc may inline a function nvcc keeps; it never names one differently, and the
        // internal names are all there.
        assert!(ours.is_subset(&nvcc), "{file}: {ours:?} ⊄ {nvcc:?}");
        let internal = |names: &BTreeSet<String>| -> BTreeSet<String> {
            names
                .iter()
                .filter(|n| n.contains("_INTERNAL_") || n.contains("_GLOBAL__N_"))
                .cloned()
                .collect()
        };
        assert_eq!(internal(&ours), internal(&nvcc), "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Case files the front end cannot compile yet; the list must be exact (a listed file that
/// compiles fails the test, as does an unlisted one that does not).
const FRONT_END_NOT_YET: &[&str] = &["classes", "templates"];

/// End to end: every `_Z` symbol in oxicc's PTX of a case file is one of nvcc's names for
/// it (oxicc may inline some function nvcc keeps, never name one differently).
#[test]
fn oxicc_names_for_the_case_files_are_nvccs() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mangle_cases");
    let options = oxicc::Options {
        sm: 75,
        opt_level: 3,
        ..Default::default()
    };
    let mut failures = Vec::new();
    for (file, _) in NVCC_NAMES {
        let path = dir.join(format!("{file}.cu"));
        let source = std::fs::read_to_string(&path).unwrap();
        let out = oxicc::compile(&path.to_string_lossy(), &source, &options);
        let listed = FRONT_END_NOT_YET.contains(file);
        let Some(ptx) = out.text else {
            if !listed {
                let first = out.diagnostics.first().map(|d| d.to_string());
                failures.push(format!("{file}.cu does not compile: {first:?}"));
            }
            continue;
        };
        if listed {
            failures.push(format!(
                "{file}.cu compiles now: remove it from FRONT_END_NOT_YET"
            ));
        }
        let expected = expected(file);
        let ours: BTreeSet<String> = ptx
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("_Z") && !w.contains("_param_"))
            .map(str::to_string)
            .collect();
        for name in ours.difference(&expected) {
            failures.push(format!(
                "{file}.cu: oxicc names a symbol {name} that nvcc does not"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Namespace-scope variables and internal-linkage functions in namespaces, against the
/// names nvcc gave this file at `/tmp/mg/vars.cu` (its first external definition is the
/// kernel `_Z2kvPi`):
///
/// ```text
/// namespace geo { __device__ int counter; static __device__ int hidden; __constant__ float cf[4];
///                 namespace { __device__ int an; } }
/// namespace geo { static __device__ __noinline__ int sf(int x) { return x + hidden; } }
/// namespace { struct Hid { int h; __device__ __noinline__ int get() const { return h; } };
///             __device__ __noinline__ int af(int x) { return x * 2; } }
/// __global__ void kv(int* o) { … }
/// ```
#[test]
fn namespace_variables_and_internal_functions_follow_nvcc() {
    use oxicc::mangle::internal::{finish_internal_names, internal_suffix};
    use oxicc::mangle::{add_internal_component, mangle_namespace_variable};
    let mut b = B::new();
    let suffix = internal_suffix("/tmp/mg/vars.cu", Some("_Z2kvPi"));
    let geo = b.ns(&["geo"]);
    let mut geo_anon = geo.clone();
    geo_anon.push(ScopeComponent::AnonymousNamespace);
    let var = |b: &mut B, scope: &[ScopeComponent], name: &str, is_static: bool| {
        let n = b.sym(name);
        let m = mangle_namespace_variable(&b.types, &b.interner, scope, n, is_static);
        finish_internal_names(&m, &suffix)
    };
    assert_eq!(var(&mut b, &geo, "counter", false), "_ZN3geo7counterE");
    assert_eq!(var(&mut b, &geo, "cf", false), "_ZN3geo2cfE");
    assert_eq!(
        var(&mut b, &geo, "hidden", true),
        "_ZN36_INTERNAL_5605c226_7_vars_cu__Z2kvPi3geo6hiddenE"
    );
    assert_eq!(
        var(&mut b, &geo_anon, "an", false),
        "_ZN36_INTERNAL_5605c226_7_vars_cu__Z2kvPi3geo38_GLOBAL__N__5605c226_7_vars_cu__Z2kvPi2anE"
    );
    assert_eq!(var(&mut b, &[], "svar", true), "svar");
    let i = b.i();
    let func = |b: &mut B, scope: Vec<ScopeComponent>, name: &str, is_static: bool| {
        let mut f = b.func(scope, name, vec![i]);
        add_internal_component(&mut f, is_static, false);
        finish_internal_names(&b.mangle(&f), &suffix)
    };
    assert_eq!(
        func(&mut b, geo.clone(), "sf", true),
        "_ZN36_INTERNAL_5605c226_7_vars_cu__Z2kvPi3geo2sfEi"
    );
    assert_eq!(
        func(
            &mut b,
            vec![ScopeComponent::AnonymousNamespace],
            "af",
            false
        ),
        "_ZN36_INTERNAL_5605c226_7_vars_cu__Z2kvPi38_GLOBAL__N__5605c226_7_vars_cu__Z2kvPi2afEi"
    );
    // A member function of a class in an anonymous namespace has no `_INTERNAL` part.
    let (hid, _) = b.record("Hid", vec![ScopeComponent::AnonymousNamespace], None);
    let get = b.sym("get");
    let mut m = b.member(hid, FunctionName::Ident(get), vec![]);
    m.this_quals = CONST;
    add_internal_component(&mut m, false, false);
    assert_eq!(
        finish_internal_names(&b.mangle(&m), &suffix),
        "_ZNK38_GLOBAL__N__5605c226_7_vars_cu__Z2kvPi3Hid3getEv"
    );
}
