//! Name lookup in C++ lowering: the injected class name of class templates, out-of-class
//! definitions of class template members, hidden friends and argument-dependent lookup,
//! templates and classes in namespaces. The expected symbols were taken from `nvcc -ptx` on
//! the same sources (with `__noinline__`, so that nvcc keeps the functions).

use crate::sema_common;
use sema_common::*;

const CPLX: &str = r#"
#define NI __device__ __noinline__
template <typename T>
struct Cplx {
    T re, im;
    NI Cplx(T r, T i) : re(r), im(i) {}
    NI Cplx twice() const;
    NI Cplx& operator+=(const Cplx& o) { re += o.re; im += o.im; return *this; }
    NI Cplx add(Cplx o) const;
    NI static Cplx unit() { return Cplx(T(1), T(0)); }
};
template <typename T>
NI Cplx<T> Cplx<T>::twice() const { Cplx c = *this; c += *this; return c; }
template <typename U>
NI Cplx<U> Cplx<U>::add(Cplx o) const { return Cplx(re + o.re, im + o.im); }
__global__ void k(float* o) {
    Cplx<float> c(o[0], o[1]);
    Cplx<float> d = c.twice().add(Cplx<float>::unit());
    o[0] = d.re; o[1] = d.im;
}
__global__ void k2(double* o) { Cplx<double> c(o[0], o[1]); Cplx<double> d = c.add(c); o[0] = d.re; }
"#;

#[test]
fn injected_class_name_and_out_of_class_members_have_nvccs_names() {
    let m = lower_ok(CPLX);
    for name in [
        "_ZN4CplxIfE4unitEv",
        "_ZNK4CplxIfE3addES0_",
        "_ZNK4CplxIfE5twiceEv",
        "_ZN4CplxIfEpLERKS0_",
        "_ZNK4CplxIdE3addES0_",
        "_ZN4CplxIdEC1Edd",
        "_ZN4CplxIfEC1Eff",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn out_of_class_member_defined_after_the_instance_is_used() {
    // The kernel instantiates `Box<int>` before `Box<T>::get` is defined: the definition
    // is lowered for the existing instance when it is seen.
    let m = lower_ok(
        "template <class T> struct Box { T v; __device__ __noinline__ Box get() const; };
         __global__ void k(int* o) { Box<int> b{o[0]}; o[1] = b.get().v; }
         template <class T> __device__ __noinline__ Box<T> Box<T>::get() const { return Box{v + 1}; }",
    );
    has_function(&m, "_ZNK3BoxIiE3getEv");
}

#[test]
fn out_of_class_member_must_match_a_declaration() {
    let d = lower_err(
        "template <class T> struct Box { T v; __device__ Box get() const; };
         template <class T> __device__ Box<T> Box<T>::get(int k) const { return Box{v + k}; }
         __global__ void k(int* o) { Box<int> b{o[0]}; o[1] = b.get().v; }",
    );
    assert!(
        d.iter().any(|x| x.contains("declaration is incompatible")),
        "{d:?}"
    );
}

const ADL: &str = r#"
#define NI __device__ __noinline__
NI float len(float x) { return x; }
namespace geo {
struct P { float x; };
NI float len(P p) { return p.x * 2.0f; }
enum E { A, B };
NI int code(E e, int k) { return e + k; }
NI float sq(float x) { return x * x; }
template <class T> struct Cplx {
    T re, im;
    NI friend Cplx operator*(Cplx a, Cplx b) { return Cplx{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
    NI friend T dot(const Cplx& a, const Cplx& b) { return a.re * b.re + a.im * b.im; }
    NI T norm() const { return sq(re) + sq(im); }
};
struct Q : P { int k; };
}
__global__ void k(float* o, int* n) {
    geo::P p{o[0]};
    geo::Q q;
    q.x = o[5];
    geo::Cplx<float> a{o[1], o[2]}, b{o[3], o[4]};
    geo::Cplx<float> c = a * b;
    o[1] = len(p) + c.re + dot(a, c) + len(q) + len(o[6]) + c.norm();
    n[0] = code(geo::B, n[1]);
}
"#;

#[test]
fn hidden_friends_and_namespace_functions_are_found_by_argument_dependent_lookup() {
    // `len(p)`, `len(q)` (through the base `P`), `code(geo::B, …)` (an enum argument),
    // the hidden friends `operator*` and `dot` of `geo::Cplx<float>`; `len(o[6])` stays the
    // global one. `norm` calls `sq` of the template's namespace from outside it.
    let m = lower_ok(ADL);
    for name in [
        "_Z3lenf",
        "_ZN3geomlENS_4CplxIfEES1_",
        "_ZN3geo3lenENS_1PE",
        "_ZN3geo3dotERKNS_4CplxIfEES3_",
        "_ZNK3geo4CplxIfE4normEv",
        "_ZN3geo4codeENS_1EEi",
        "_ZN3geo2sqEf",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn hidden_friends_are_not_found_by_ordinary_lookup() {
    // nvcc: the friend is only visible through an argument of its class.
    let d = lower_err(
        "template <class T> struct W { T v; friend __device__ T get(W w) { return w.v; } };
         __global__ void k(int* o) { W<int> w{o[0]}; o[1] = get(w) + get(3); }",
    );
    assert!(
        d.iter()
            .any(|x| x.contains("identifier \"get\" is undefined")),
        "{d:?}"
    );
}

#[test]
fn classes_named_through_using_directives_and_anonymous_namespaces_are_complete() {
    let m = lower_ok(
        "namespace geo { struct C { float x; __device__ __noinline__ C(float a) : x(a) {} }; }
         namespace { struct D { int k; __device__ __noinline__ D(int a) : k(a) {} }; }
         using namespace geo;
         __global__ void k(float* o) { C a(o[0]); D d(3); o[1] = a.x + d.k; }",
    );
    has_function(&m, "_ZN3geo1CC1Ef");
}

#[test]
fn classes_nested_in_classes_are_members_named_through_their_class() {
    let m = lower_ok(
        "#define NI __device__ __noinline__
         struct Outer {
             struct Inner { int a; NI int get() const { return a * 2; } };
             Inner x;
             NI int twice() const { Inner t = x; return t.get() + x.get(); }
             NI static Inner make(int v) { Inner i; i.a = v; return i; }
         };
         namespace geo { struct Box { struct Pt { float x, y; NI Pt(float a, float b) : x(a), y(b) {} }; Pt lo; }; }
         NI int use(Outer::Inner i) { return i.a; }
         __global__ void k(int* o, float* f) {
             Outer out;
             out.x.a = o[0];
             Outer::Inner in = Outer::make(o[1]);
             o[2] = out.twice() + in.get() + use(in);
             geo::Box::Pt p(f[0], f[1]);
             f[2] = p.x + p.y;
         }",
    );
    for name in [
        "_ZNK5Outer5Inner3getEv",
        "_ZNK5Outer5twiceEv",
        "_ZN5Outer4makeEi",
        "_ZN3geo3Box2PtC1Eff",
        "_Z3useN5Outer5InnerE",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn classes_of_the_same_name_in_different_namespaces_keep_their_member_types() {
    // The parser finds `a::S`'s member types through `a`, not through the last `S`.
    lower_ok(
        "namespace a { struct S { typedef int T; static constexpr int k = 2; }; }
         namespace b { struct S { typedef float U; }; }
         __global__ void k(int* o, float* f) {
             a::S::T x = o[0] * a::S::k;
             b::S::U y = f[0];
             o[1] = x;
             f[1] = y;
         }",
    );
}

#[test]
fn scalar_builtins_stay_visible_beside_user_overloads_for_vector_types() {
    // helper_math.h's pattern: `min(int2, int2)` calls `min(int, int)`, which CUDA declares
    // as an overload; here it is a built-in that the user's overload must not hide.
    let m = lower_ok(
        "struct I2 { int x, y; };
         struct F2 { float x, y; };
         __device__ __noinline__ I2 min(I2 a, I2 b) { I2 r; r.x = min(a.x, b.x); r.y = min(a.y, b.y); return r; }
         __device__ __noinline__ F2 floorf(F2 v) { F2 r; r.x = floorf(v.x); r.y = floorf(v.y); return r; }
         __global__ void k(I2* o, F2* f) { o[0] = min(o[1], o[2]); f[0] = floorf(f[1]); o[3].x = max(o[4].x, 3); }",
    );
    has_function(&m, "_Z3min2I2S_");
    has_function(&m, "_Z6floorf2F2");
}
