//! Declared signatures with dependent parts, through the mangling API, against nvcc.
//!
//! `mangle_cases/dependent.cu` holds function templates whose declared signatures have
//! dependent member types (`typename rr<T>::type&`, `std::forward`/`std::move`,
//! `typename T::inner::value_type`), `enable_if` conditions (expressions: `sr`, operators,
//! `sizeof`, literals), non-type parameters in array bounds and template arguments
//! (`RAT0__`, `XplT_Li1EE`, `sZT_`), `decltype` return types and template template
//! parameters (`T0_IS1_E`). `NVCC_NAMES` is every `_Z` symbol of nvcc's PTX for it (with
//! `-Xcicc -O0`, which keeps every instance), re-checked by running nvcc. The builders
//! describe each instance the way the lowering does and must produce exactly those names;
//! the file compiled by oxicc must name its symbols the same.

use crate::ptxas_support;
use ptxas_support::assert_ptxas_accepts;

use crate::mangle_support;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

use mangle_support::{nvcc_symbols_with, B, CONST};
use oxicc::mangle::{OperatorName as Op, ScopeComponent, TemplateArg, TemplateExpr};
use oxicc::sema::types::{IntKind, QualType, TypeKind};

const NVCC_FLAGS: &[&str] = &["-Xcicc", "-O0"];

const NVCC_NAMES: &[&str] = &[
    "_Z11k_dependentPfPi",
    "_Z1hIRiET_OS1_",
    "_Z2d1IfiEDTplfp_fp0_ET_T0_",
    "_Z2d2IfEDTmlfp_Li2EET_",
    "_Z2e1IfENSt9enable_ifIXsr2rrIT_EE5valueES1_E4typeES1_P2rrIS1_E",
    "_Z2e2I1WENSt9enable_ifIXeqsrT_5valueLi1EEiE4typeES2_PSt17is_floating_pointIS2_E",
    "_Z2e6IfENSt9enable_ifIXaagtstT_Li2Entsr3std7is_sameIS1_iEE5valueES1_E4typeES1_",
    "_Z2e7ILb1EENSt9enable_ifIXT_EiE4typeEi",
    "_Z2e8ILi2EENSt9enable_ifIXooeqanT_Li1ELi0EltT_ngLi2EEiE4typeEi",
    "_Z2e9ILin5EENSt9enable_ifIXgtngT_Lj2EEiE4typeEi",
    "_Z2f1IiET_RN2rrIS0_E4typeE",
    "_Z2f2IiEN2rrIT_E4typeES1_S3_",
    "_Z2f3IN1W2InEENT_10value_typeES2_S3_",
    "_Z2f4IifEN2rrIT0_E4typeENS0_IT_E4typeEPS3_S4_",
    "_Z2f5I1WENT_5inner10value_typeES1_S2_",
    "_Z2f6IN1W2InEEN2rrIT_E4type10value_typeES5_",
    "_Z2g1IfENSt9enable_ifIXsr3std17is_floating_pointIT_EE5valueES1_E4typeES1_",
    "_Z2g1IiENSt9enable_ifIXntsr3std17is_floating_pointIT_EE5valueES1_E4typeES1_",
    "_Z2g2IiENSt9enable_ifIXaasr3std11is_integralIT_EE5valueeqstS1_Li4EES1_E4typeES1_",
    "_Z2g4ILi2EENSt9enable_ifIXgtT_Li1EEiE4typeEi",
    "_Z2g5ILi2EENSt9enable_ifIXeqplT_Li1ELi3EEiE4typeEi",
    "_Z2lzILi2EEiP4PairIiXplT_Li3EEE",
    "_Z2n1ILi4EEiRAT__Ki",
    "_Z2n2IfLi2EET_RAT0__S0_PS1_",
    "_Z2n3ILi2EEiP3ArrIXplT_Li1EEEPS0_IXT_EEPS0_IXmimlT_Li2ELi1EEE",
    "_Z2n4IJiifEEiP3ArrIXsZT_EEDpT_",
    "_Z2ttIf3BoxET_PT0_IS1_E",
    "_Z3tt2I3BoxfET0_S1_PT_IS1_EPS2_IiE",
    "_Z3tt2IN2ns4CellEfET0_S2_PT_IS2_EPS3_IiE",
    "_Z3tt3I4PairfET0_PT_IS1_Li2EE",
    "_Z3tt4I3BoxEiT_IfES1_IiE",
    "_ZSt4moveIRfEONSt16remove_referenceIT_E4typeEOS2_",
    "_ZSt4moveIRiEONSt16remove_referenceIT_E4typeEOS2_",
    "_ZSt7forwardIRiEOT_RNSt16remove_referenceIS1_E4typeE",
    "_ZSt7forwardIiEOT_RNSt16remove_referenceIS0_E4typeE",
];

fn case_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mangle_cases/dependent.cu")
}

fn expected() -> BTreeSet<String> {
    NVCC_NAMES.iter().map(|s| s.to_string()).collect()
}

#[test]
fn nvcc_still_produces_the_expected_names() {
    let got = nvcc_symbols_with(&case_file(), NVCC_FLAGS);
    assert_eq!(got, expected(), "nvcc's names for dependent.cu changed");
}

/// Helpers for dependent descriptions.
trait Dep {
    fn dm(&mut self, scope: QualType, name: &str) -> QualType;
    fn shell(&mut self, name: &str, scope: Vec<ScopeComponent>, args: Vec<TemplateArg>)
        -> QualType;
    fn lit(&mut self, k: IntKind, v: i128) -> Rc<TemplateExpr>;
    fn sm(&mut self, scope: QualType, name: &str) -> Rc<TemplateExpr>;
}

impl Dep for B {
    fn dm(&mut self, scope: QualType, name: &str) -> QualType {
        let name = self.sym(name);
        self.ty(TypeKind::DependentMember { scope, name })
    }
    fn shell(
        &mut self,
        name: &str,
        scope: Vec<ScopeComponent>,
        args: Vec<TemplateArg>,
    ) -> QualType {
        self.record(name, scope, Some(args)).1
    }
    fn lit(&mut self, k: IntKind, v: i128) -> Rc<TemplateExpr> {
        let ty = self.int(k).ty;
        Rc::new(TemplateExpr::Literal { ty, value: v })
    }
    fn sm(&mut self, scope: QualType, name: &str) -> Rc<TemplateExpr> {
        let name = self.sym(name);
        Rc::new(TemplateExpr::StaticMember { scope, name })
    }
}

fn ty(t: QualType) -> TemplateArg {
    TemplateArg::Type(t)
}

fn x(e: Rc<TemplateExpr>) -> TemplateArg {
    TemplateArg::Expr(e)
}

fn bin(op: Op, a: Rc<TemplateExpr>, b: Rc<TemplateExpr>) -> Rc<TemplateExpr> {
    Rc::new(TemplateExpr::Binary(op, a, b))
}

fn un(op: Op, a: Rc<TemplateExpr>) -> Rc<TemplateExpr> {
    Rc::new(TemplateExpr::Unary(op, a))
}

fn param(i: u32) -> Rc<TemplateExpr> {
    Rc::new(TemplateExpr::Param(i))
}

/// `std::enable_if<cond, T>::type`.
fn enable_if(b: &mut B, cond: TemplateArg, t: QualType) -> QualType {
    let std = b.ns(&["std"]);
    let ei = b.shell("enable_if", std, vec![cond, ty(t)]);
    b.dm(ei, "type")
}

fn dependent_member_types(b: &mut B) -> Vec<String> {
    let (i, f) = (b.i(), b.f());
    let (t0, t1) = (b.tparam(0), b.tparam(1));
    let mut out = Vec::new();
    let std = b.ns(&["std"]);
    // std::forward<int&>, std::forward<int>: `T&& forward(typename remove_reference<T>::type&)`.
    let rr_std = b.shell("remove_reference", std.clone(), vec![ty(t0)]);
    let rr_std_type = b.dm(rr_std, "type");
    let ref_rr_type = b.lref(rr_std_type);
    let rref_t0 = b.rref(t0);
    for a in [b.lref(i), i] {
        let fw = b.template_fn(
            std.clone(),
            "forward",
            vec![ty(a)],
            rref_t0,
            vec![ref_rr_type],
        );
        out.push(b.mangle(&fw));
    }
    // std::move: `typename remove_reference<T>::type&& move(T&&)`.
    let rref_rr_type = b.rref(rr_std_type);
    for a in [b.lref(i), b.lref(f)] {
        let mv = b.template_fn(
            std.clone(),
            "move",
            vec![ty(a)],
            rref_rr_type,
            vec![rref_t0],
        );
        out.push(b.mangle(&mv));
    }
    // f1..f6 over `template <class T> struct rr { typedef T type; }`.
    let rr0 = b.shell("rr", vec![], vec![ty(t0)]);
    let rr0_type = b.dm(rr0, "type");
    let r = b.lref(rr0_type);
    out.push(tf(b, "f1", vec![ty(i)], t0, vec![r]));
    out.push(tf(b, "f2", vec![ty(i)], rr0_type, vec![t0, rr0_type]));
    let w = b.record("W", vec![], None).0;
    let w_in = b.record("In", vec![ScopeComponent::Record(w)], None).1;
    let w_t = b.ty(TypeKind::Record(w));
    let vt = b.dm(t0, "value_type");
    out.push(tf(b, "f3", vec![ty(w_in)], vt, vec![t0, vt]));
    let rr1 = b.shell("rr", vec![], vec![ty(t1)]);
    let rr1_type = b.dm(rr1, "type");
    let p_rr1_type = b.ptr(rr1_type);
    let args = vec![ty(i), ty(f)];
    out.push(tf(b, "f4", args, rr1_type, vec![rr0_type, p_rr1_type, t0]));
    let inner = b.dm(t0, "inner");
    let inner_vt = b.dm(inner, "value_type");
    out.push(tf(b, "f5", vec![ty(w_t)], inner_vt, vec![t0, inner]));
    let rr_type_vt = b.dm(rr0_type, "value_type");
    out.push(tf(b, "f6", vec![ty(w_in)], rr_type_vt, vec![rr0_type]));
    let ri = b.lref(i);
    out.push(tf(b, "h", vec![ty(ri)], t0, vec![rref_t0]));
    out
}

/// The name of the instance `name<args>` of a global function template.
fn tf(
    b: &mut B,
    name: &str,
    args: Vec<TemplateArg>,
    ret: QualType,
    params: Vec<QualType>,
) -> String {
    let f = b.template_fn(vec![], name, args, ret, params);
    b.mangle(&f)
}

fn enable_if_conditions(b: &mut B) -> Vec<String> {
    let (i, f) = (b.i(), b.f());
    let t0 = b.tparam(0);
    let mut out = Vec::new();
    let std = b.ns(&["std"]);
    // g1: `is_floating_point<T>::value` and its negation.
    let isfp = b.shell("is_floating_point", std.clone(), vec![ty(t0)]);
    let isfp_value = b.sm(isfp, "value");
    for (a, cond) in [(f, isfp_value.clone()), (i, un(Op::Not, isfp_value))] {
        let ret = enable_if(b, x(cond), t0);
        out.push(tf(b, "g1", vec![ty(a)], ret, vec![t0]));
    }
    // g2: `enable_if_t<is_integral<T>::value && sizeof(T) == 4, T>`.
    let isint = b.shell("is_integral", std.clone(), vec![ty(t0)]);
    let st = Rc::new(TemplateExpr::SizeofType(t0));
    let four = b.lit(IntKind::Int, 4);
    let cond = bin(
        Op::LogicalAnd,
        b.sm(isint, "value"),
        bin(Op::Eq, st.clone(), four),
    );
    let ret = enable_if(b, x(cond), t0);
    out.push(tf(b, "g2", vec![ty(i)], ret, vec![t0]));
    // g4: `N > 1`; g5: `N + 1 == 3`.
    let two = b.int_arg(IntKind::Int, 2);
    let one = b.lit(IntKind::Int, 1);
    let ret = enable_if(b, x(bin(Op::Gt, param(0), one.clone())), i);
    out.push(tf(b, "g4", vec![two.clone()], ret, vec![i]));
    let three = b.lit(IntKind::Int, 3);
    let cond = bin(Op::Eq, bin(Op::Plus, param(0), one.clone()), three);
    let ret = enable_if(b, x(cond), i);
    out.push(tf(b, "g5", vec![two.clone()], ret, vec![i]));
    // e1: a class template in the global namespace (`sr2rrIT_EE5value`), spelled out
    // again later (`P2rrIS1_E`: no candidates in an `sr` qualifier).
    let rr0 = b.shell("rr", vec![], vec![ty(t0)]);
    let rr0_value = b.sm(rr0, "value");
    let ret = enable_if(b, x(rr0_value), t0);
    let prr = b.ptr(rr0);
    out.push(tf(b, "e1", vec![ty(f)], ret, vec![t0, prr]));
    // e2: `T::value == 1` (`srT_5value`).
    let w = b.record("W", vec![], None).1;
    let cond = bin(Op::Eq, b.sm(t0, "value"), one.clone());
    let ret = enable_if(b, x(cond), i);
    let pisfp = b.ptr(isfp);
    out.push(tf(b, "e2", vec![ty(w)], ret, vec![t0, pisfp]));
    // e6: `(sizeof(T) > 2) && !std::is_same<T, int>::value`.
    let same = b.shell("is_same", std.clone(), vec![ty(t0), ty(i)]);
    let cond = bin(
        Op::LogicalAnd,
        bin(Op::Gt, st, b.lit(IntKind::Int, 2)),
        un(Op::Not, b.sm(same, "value")),
    );
    let ret = enable_if(b, x(cond), t0);
    out.push(tf(b, "e6", vec![ty(f)], ret, vec![t0]));
    // e7: `enable_if<B, int>` (`XT_E`).
    let ret = enable_if(b, TemplateArg::ValueParam(0), i);
    let t = b.int_arg(IntKind::Bool, 1);
    out.push(tf(b, "e7", vec![t], ret, vec![i]));
    // e8: `(N & 1) == 0 || N < -2`; e9: `-N > 2u`.
    let cond = bin(
        Op::LogicalOr,
        bin(
            Op::Eq,
            bin(Op::BitAnd, param(0), one),
            b.lit(IntKind::Int, 0),
        ),
        bin(Op::Lt, param(0), un(Op::Negate, b.lit(IntKind::Int, 2))),
    );
    let ret = enable_if(b, x(cond), i);
    out.push(tf(b, "e8", vec![two], ret, vec![i]));
    let cond = bin(Op::Gt, un(Op::Negate, param(0)), b.lit(IntKind::UInt, 2));
    let ret = enable_if(b, x(cond), i);
    let m5 = b.int_arg(IntKind::Int, -5);
    out.push(tf(b, "e9", vec![m5], ret, vec![i]));
    out
}

fn arrays_packs_and_decltype(b: &mut B) -> Vec<String> {
    let (i, f) = (b.i(), b.f());
    let (t0, t1) = (b.tparam(0), b.tparam(1));
    let mut out = Vec::new();
    // n1: `const int (&)[N]`; n2: `T (&)[N]`, `T (*)[N]`.
    let ci = i.with_quals(CONST);
    let a = b.ty(TypeKind::DependentArray {
        elem: ci,
        bound: param(0),
    });
    let ra = b.lref(a);
    let n4 = b.int_arg(IntKind::Int, 4);
    out.push(tf(b, "n1", vec![n4], i, vec![ra]));
    let a = b.ty(TypeKind::DependentArray {
        elem: t0,
        bound: param(1),
    });
    let (ra, pa) = (b.lref(a), b.ptr(a));
    let n2 = b.int_arg(IntKind::Int, 2);
    out.push(tf(b, "n2", vec![ty(f), n2.clone()], t0, vec![ra, pa]));
    // n3: `Arr<N + 1>*, Arr<N>*, Arr<N * 2 - 1>*`.
    let one = b.lit(IntKind::Int, 1);
    let arr_a = b.shell("Arr", vec![], vec![x(bin(Op::Plus, param(0), one.clone()))]);
    let arr_b = b.shell("Arr", vec![], vec![TemplateArg::ValueParam(0)]);
    let twice = bin(Op::Mul, param(0), b.lit(IntKind::Int, 2));
    let arr_c = b.shell("Arr", vec![], vec![x(bin(Op::Minus, twice, one))]);
    let ps = vec![b.ptr(arr_a), b.ptr(arr_b), b.ptr(arr_c)];
    out.push(tf(b, "n3", vec![n2.clone()], i, ps));
    // n4: `Arr<sizeof...(Ts)>*, Ts...`.
    let arr_n = b.shell("Arr", vec![], vec![x(Rc::new(TemplateExpr::SizeofPack(0)))]);
    let pack = b.ty(TypeKind::PackExpansion(t0));
    let ts = TemplateArg::Pack(vec![ty(i), ty(i), ty(f)]);
    let parr = b.ptr(arr_n);
    out.push(tf(b, "n4", vec![ts], i, vec![parr, pack]));
    // lz: `Pair<int, N + K>` with `constexpr int K = 3` folded.
    let k3 = b.lit(IntKind::Int, 3);
    let pair = b.shell("Pair", vec![], vec![ty(i), x(bin(Op::Plus, param(0), k3))]);
    let ppair = b.ptr(pair);
    out.push(tf(b, "lz", vec![n2], i, vec![ppair]));
    // d1: `decltype(a + b)`; d2: `decltype(a * 2)`.
    let fp = |n| Rc::new(TemplateExpr::FunctionParam(n));
    let dt = b.ty(TypeKind::DependentDecltype(bin(Op::Plus, fp(0), fp(1))));
    out.push(tf(b, "d1", vec![ty(f), ty(i)], dt, vec![t0, t1]));
    let two = b.lit(IntKind::Int, 2);
    let dt = b.ty(TypeKind::DependentDecltype(bin(Op::Mul, fp(0), two)));
    out.push(tf(b, "d2", vec![ty(f)], dt, vec![t0]));
    out
}

fn template_template_parameters(b: &mut B) -> Vec<String> {
    let (i, f) = (b.i(), b.f());
    let (t0, t1) = (b.tparam(0), b.tparam(1));
    let mut out = Vec::new();
    let tmpl = |b: &mut B, scope: Vec<ScopeComponent>, name: &str| TemplateArg::Template {
        scope,
        name: b.sym(name),
    };
    let app = |b: &mut B, param: u32, args: Vec<TemplateArg>| {
        b.ty(TypeKind::TemplateTemplateApp { param, args })
    };
    // tt<float, Box>(C<T>*).
    let c_t = app(b, 1, vec![ty(t0)]);
    let pc = b.ptr(c_t);
    let bx = tmpl(b, vec![], "Box");
    out.push(tf(b, "tt", vec![ty(f), bx.clone()], t0, vec![pc]));
    // tt2<Box, float>, tt2<ns::Cell, float>: `(T, C<T>*, C<int>*)`.
    let ct = app(b, 0, vec![ty(t1)]);
    let ci = app(b, 0, vec![ty(i)]);
    let (pct, pci) = (b.ptr(ct), b.ptr(ci));
    let ns = b.ns(&["ns"]);
    let cell = tmpl(b, ns, "Cell");
    for c in [bx.clone(), cell] {
        out.push(tf(b, "tt2", vec![c, ty(f)], t1, vec![t1, pct, pci]));
    }
    // tt3<Pair, float>(C<T, 2>*).
    let two = b.int_arg(IntKind::Int, 2);
    let c2 = app(b, 0, vec![ty(t1), two]);
    let pc2 = b.ptr(c2);
    let pair = tmpl(b, vec![], "Pair");
    out.push(tf(b, "tt3", vec![pair, ty(f)], t1, vec![pc2]));
    // tt4<Box>(C<float>, C<int>).
    let cf = app(b, 0, vec![ty(f)]);
    out.push(tf(b, "tt4", vec![bx], i, vec![cf, ci]));
    out
}

/// The builders' names, each from a fresh description table (as one translation unit).
fn built() -> Vec<String> {
    let mut out = Vec::new();
    for builder in [
        dependent_member_types,
        enable_if_conditions,
        arrays_packs_and_decltype,
        template_template_parameters,
    ] {
        let mut b = B::new();
        out.extend(builder(&mut b));
    }
    let mut b = B::new();
    let (f, i) = (b.f(), b.i());
    let (pf, pi) = (b.ptr(f), b.ptr(i));
    let k = b.func(vec![], "k_dependent", vec![pf, pi]);
    out.push(b.mangle(&k));
    out
}

#[test]
fn the_api_builds_exactly_nvccs_names() {
    let got: BTreeSet<String> = built().into_iter().collect();
    let expected = expected();
    let wrong: Vec<_> = got.difference(&expected).collect();
    let missing: Vec<_> = expected.difference(&got).collect();
    assert!(
        wrong.is_empty() && missing.is_empty(),
        "not nvcc's: {wrong:#?}\nnot built: {missing:#?}"
    );
}

/// End to end: oxicc names the case file's functions exactly as nvcc does (at -O0, where
/// both keep every instance; at -O3 oxicc's names are a subset of nvcc's).
#[test]
fn oxicc_names_the_case_file_as_nvcc_does() {
    let path = case_file();
    let source = std::fs::read_to_string(&path).unwrap();
    for opt_level in [0, 3] {
        let options = oxicc::Options {
            sm: 75,
            opt_level,
            ..Default::default()
        };
        let out = oxicc::compile(&path.to_string_lossy(), &source, &options);
        let Some(ptx) = out.text else {
            let diags: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
            panic!("dependent.cu does not compile: {}", diags.join("\n"));
        };
        assert_ptxas_accepts(&ptx, 75, "dependent.cu");
        let ours: BTreeSet<String> = ptx
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("_Z") && !w.contains("_param_"))
            .map(str::to_string)
            .collect();
        if opt_level == 0 {
            assert_eq!(ours, expected(), "-O0: oxicc's names (left) vs nvcc's");
        } else {
            let nvcc = expected();
            let extra: Vec<_> = ours.difference(&nvcc).collect();
            assert!(extra.is_empty(), "-O3: names nvcc does not have: {extra:?}");
        }
    }
}
