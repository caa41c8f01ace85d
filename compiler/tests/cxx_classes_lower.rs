//! Lowering of namespaces, classes, references and overloading: the functions oxicc creates
//! carry nvcc's names (the expected symbols were taken from `nvcc -ptx` on the same source),
//! and the errors of the classes area use nvcc's wording.

use crate::sema_common;
use sema_common::*;

const PROGRAM: &str = r#"
#define NI __device__ __noinline__
namespace geo { namespace detail {
NI int scale(int v) { return v * 3; }
}
using namespace detail;
NI int twice(int v) { return scale(v) + v; }
struct Vec { float x, y;
  NI Vec(float a, float b) : x(a), y(b) {}
  NI Vec operator+(const Vec& o) const { return Vec(x + o.x, y + o.y); }
  NI Vec& operator+=(const Vec& o) { x += o.x; y += o.y; return *this; }
  NI float dot(const Vec& o) const { return x * o.x + y * o.y; }
  NI static Vec unit() { return Vec(1.0f, 0.0f); }
};
}
NI int pick(int) { return 1; }
NI int pick(unsigned) { return 2; }
NI int pick(double) { return 3; }
NI int& slot(int* p, int i) { return p[i]; }
struct Base { int b; NI int get() const { return b; } };
struct Der : Base { int d; NI Der(int v) : d(v) { b = v + 1; } };
__global__ void k(int* o, float* f) {
  using geo::Vec;
  Vec a(f[0], f[1]), b = Vec::unit();
  a += b;
  f[2] = (a + b).dot(a);
  o[0] = geo::twice(o[1]) + pick(short(1)) * 10 + pick(2u) * 100 + pick(1.5f) * 1000;
  slot(o, 3) = 7;
  Der d(o[4]);
  o[5] = d.get() + d.d;
}
"#;

#[test]
fn members_constructors_operators_and_namespaces_have_nvccs_names() {
    let m = lower_ok(PROGRAM);
    for name in [
        "_Z1kPiPf",
        "_Z4slotPii",
        "_ZN3DerC1Ei",
        "_ZN3geo3Vec4unitEv",
        "_ZN3geo3VecC1Eff",
        "_ZN3geo3VecpLERKS0_",
        "_ZN3geo5twiceEi",
        "_ZN3geo6detail5scaleEi",
        "_ZNK3geo3Vec3dotERKS0_",
        "_ZNK3geo3VecplERKS0_",
        "_ZNK4Base3getEv",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn overload_resolution_picks_by_conversion_rank() {
    // short → int is a promotion (beats int → unsigned/double conversions); float → double
    // is a promotion; unsigned is an exact match.
    let m = lower_ok(
        "__device__ __noinline__ int pick(int) { return 1; }
         __device__ __noinline__ int pick(unsigned) { return 2; }
         __device__ __noinline__ int pick(double) { return 3; }
         __global__ void k(int* o) { o[0] = pick(short(1)) + pick(2u) + pick(1.5f) + pick('c'); }",
    );
    for name in ["_Z4picki", "_Z4pickj", "_Z4pickd"] {
        has_function(&m, name);
    }
}

#[test]
fn const_objects_call_only_const_members() {
    let d = lower_err(
        "struct S { int v; __device__ int get() { return v; } };
         __global__ void k(int* o) { const S s = S(); o[0] = s.get(); }",
    );
    assert!(
        d.iter().any(|x| x.contains(
            "the object has type qualifiers that are not compatible with the member function"
        )),
        "{d:?}"
    );
}

#[test]
fn references_bind_lvalues_and_const_references_bind_temporaries() {
    let d = lower_err(
        "__device__ void inc(int& r) { r++; }
         __global__ void k(int* o) { inc(o[0] + 1); }",
    );
    assert!(
        d.iter()
            .any(|x| x.contains("initial value of reference to non-const must be an lvalue")),
        "{d:?}"
    );
    lower_ok(
        "__device__ int get(const int& r) { return r; }
         __global__ void k(int* o) { const int& t = o[1]; o[0] = get(o[1] + 1) + t; }",
    );
}

#[test]
fn friend_functions_defined_in_a_class_are_namespace_scope_functions() {
    // The names are nvcc's for the same source; the friends' bodies use private members.
    let m = lower_ok(
        "#define NI __device__ __noinline__
         namespace geo {
         class C {
           float r_, i_;
         public:
           NI C(float a, float b) : r_(a), i_(b) {}
           NI float re() const { return r_; }
           friend NI C operator*(C a, C b) { return C(a.r_ * b.r_ - a.i_ * b.i_, a.r_ * b.i_ + a.i_ * b.r_); }
           NI friend C conj(const C& z) { return C(z.r_, -z.i_); }
           friend class D;
           friend NI float im(const C& z);
         };
         NI float im(const C& z) { return z.re(); }
         }
         __global__ void k(float* o) {
           using namespace geo;
           geo::C a(o[0], o[1]), b(o[2], o[3]);
           geo::C c = a * conj(b);
           o[0] = c.re() + im(c);
         }",
    );
    for name in [
        "_ZN3geomlENS_1CES0_",
        "_ZN3geo4conjERKNS_1CE",
        "_ZN3geo2imERKNS_1CE",
        "_ZNK3geo1C2reEv",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn cuda_vector_types_and_their_make_functions_are_predeclared() {
    // nvcc's names for user operators on int2/int4 (the types come from cuda_runtime.h).
    let m = lower_ok(
        "#include <cuda_runtime.h>
         __device__ __noinline__ int2 operator+(int2 a, int2 b) { return make_int2(a.x + b.x, a.y + b.y); }
         __device__ __noinline__ int dot(int4 a, int4 b) { return a.x * b.x + a.w * b.w; }
         __global__ void k(const int4* a, int2* o, float4* f) {
           o[0] = o[1] + make_int2(a[0].x, a[0].y);
           o[2].x = dot(a[0], a[1]);
           f[0] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
         }",
    );
    for name in ["_Zpl4int2S_", "_Z3dot4int4S_"] {
        has_function(&m, name);
    }
}

#[test]
fn copy_move_and_destructor_calls() {
    // Symbols from `nvcc -ptx` on the same source: copy/move constructors and
    // assignments, the destructor, and `operator->`/`operator*` of a class template.
    let m = lower_ok(
        r#"
#define NI __device__ __noinline__
struct D { int v;
  NI D(int x) : v(x) {}
  NI D(const D& o) : v(o.v) {}
  NI D(D&& o) : v(o.v) { o.v = 0; }
  NI D& operator=(const D& o) { v = o.v; return *this; }
  NI D& operator=(D&& o) { v = o.v; return *this; }
  NI ~D() { v = 0; }
};
template <class T> struct Ptr { T* p; NI T* operator->() const { return p; } NI T& operator*() const { return *p; } };
NI int take(D d) { return d.v; }
__global__ void k(int* o) {
  D a(o[0]); D b = a; D c = static_cast<D&&>(b); a = c; b = static_cast<D&&>(c);
  Ptr<D> p{&a};
  o[1] = p->v + (*p).v + take(a);
}
"#,
    );
    for name in [
        "_Z1kPi",
        "_Z4take1D",
        "_ZN1DC1EOS_",
        "_ZN1DC1ERKS_",
        "_ZN1DC1Ei",
        "_ZN1DD1Ev",
        "_ZN1DaSEOS_",
        "_ZN1DaSERKS_",
        "_ZNK3PtrI1DEdeEv",
        "_ZNK3PtrI1DEptEv",
    ] {
        has_function(&m, name);
    }
}

/// The number of calls of `callee` in function `caller`.
fn calls_to(m: &oxicc_ir::Module, caller: &str, callee: &str) -> usize {
    let f = &m.functions[m.function_by_name(caller).expect("caller exists")];
    let target = m.function_by_name(callee).expect("callee exists");
    f.layout
        .iter()
        .flat_map(|b| f.blocks[*b].insts.iter())
        .filter(|i| matches!(&f.insts[**i].data, oxicc_ir::InstData::Call { callee, .. } if *callee == target))
        .count()
}

#[test]
fn destructors_run_on_every_exit_of_a_scope() {
    // C++ [stmt.jump]: `d` is destroyed on the `break`, on the `continue` and at the end of
    // each iteration (3 calls), `e` on the `return` and at the end of the body (2), and the
    // temporary `D(5)` at the end of its full expression (1); `D(6)` is elided into `f`,
    // which is returned by NRVO and so not destroyed.
    let m = lower_ok(
        r#"
struct D { int v; __device__ D(int x) : v(x) {} __device__ __noinline__ ~D() { v = 0; } };
__device__ __noinline__ D make(int* o) {
  for (int i = 0; i < o[0]; i++) {
    D d(i);
    if (o[i] == 1) break;
    if (o[i] == 2) continue;
    o[i] = d.v;
  }
  D e(1);
  if (o[1] == 3) return D(2);
  o[2] = D(5).v + e.v;
  D f = D(6);
  return f;
}
__global__ void k(int* o) { o[3] = make(o).v; }
"#,
    );
    assert_eq!(calls_to(&m, "_Z4makePi", "_ZN1DD1Ev"), 3 + 2 + 1);
}
