//! Name lookup around templates, against nvcc: argument-dependent lookup of function
//! templates (namespace templates, hidden friend templates, ordinary functions of the same
//! name winning ties, partial ordering between a namespace's `dot(Vec<T>, Vec<T>)` and a
//! global `dot(T, T)`). Expected symbols are nvcc's (`nvcc -ptx -rdc=true -Xcicc -O0` on the
//! same source).

use crate::sema_common;
use sema_common::*;

#[test]
fn adl_finds_namespace_and_hidden_friend_templates() {
    let m = lower_ok(
        "namespace la {
         template <class T> struct Vec { T x, y; };
         template <class T> __device__ T dot(Vec<T> a, Vec<T> b) { return a.x * b.x + a.y * b.y; }
         struct M { float v; };
         template <class T> __device__ float scale(const M& m, T k) { return m.v * k; }
         template <class T> struct Box {
           T v;
           template <class U> friend __device__ T mix(Box a, U u) { return a.v + (T)u; }
           friend __device__ T twice(Box a) { return a.v * 2; }
         };
         }
         __global__ void k(float* out, int* o2) {
           la::Vec<float> a{1, 2}, b{3, 4};
           out[0] = dot(a, b);
           la::M m{2.5f};
           out[1] = scale(m, 3);
           la::Box<int> bx{5};
           o2[0] = mix(bx, 2.5);
           o2[1] = twice(bx);
         }",
    );
    for name in [
        "_ZN2la3dotIfEET_NS_3VecIS1_EES3_",
        "_ZN2la5scaleIiEEfRKNS_1MET_",
        "_ZN2la3mixIdEEiNS_3BoxIiEET_",
        "_ZN2la5twiceENS_3BoxIiEE",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn adl_templates_compete_with_functions_and_other_templates() {
    let m = lower_ok(
        "namespace la {
         template <class T> struct Vec { T x, y; };
         template <class T> __device__ T dot(Vec<T> a, Vec<T> b) { return a.x * b.x + a.y * b.y; }
         __device__ int norm1(Vec<int> a) { return a.x + a.y; }
         template <class T> __device__ T norm1(Vec<T> a) { return a.x - a.y; }
         }
         template <class T> __device__ T dot(T a, T b) { return a * b; }
         template <class... A> __device__ int sum_dots(A... a) { return (dot(a, a) + ...); }
         __global__ void k(float* out, int* o) {
           la::Vec<float> a{1, 2};
           la::Vec<int> b{3, 4};
           out[0] = dot(a, a);
           out[1] = dot(2.f, 3.f);
           o[0] = norm1(b);
           o[1] = norm1(la::Vec<long>{5, 6});
           o[2] = sum_dots(b, b);
         }",
    );
    for name in [
        "_ZN2la3dotIiEET_NS_3VecIS1_EES3_",
        "_ZN2la3dotIfEET_NS_3VecIS1_EES3_",
        "_ZN2la5norm1ENS_3VecIiEE",
        "_ZN2la5norm1IlEET_NS_3VecIS1_EE",
        "_Z3dotIfET_S0_S0_",
        "_Z8sum_dotsIJN2la3VecIiEES2_EEiDpT_",
    ] {
        has_function(&m, name);
    }
    // `dot(a, a)` chose `la::dot` (more specialized), not `::dot<la::Vec<float>>` (whose
    // body would not compile). Which instances reach the PTX (no `norm1<int>`: the
    // non-template wins the tie) is checked in tests/tests/emitted_functions.rs.
    assert!(m.function_by_name("_Z3dotIN2la3VecIfEEET_S3_S3_").is_none());
}

#[test]
fn global_functions_and_templates_of_one_name_overload() {
    // nvcc: `f(int)` wins for an int, the template for a double, both orders of declaration.
    let m = lower_ok(
        "__device__ int f(int x) { return x + 1; }
         template <class T> __device__ T f(T x) { return x * 2; }
         template <class T> __device__ T g(T x) { return x * 2; }
         __device__ int g(int x) { return x + 1; }
         __global__ void k(int* p, double* d) {
           p[0] = f(p[1]); d[0] = f(d[1]);
           p[2] = g(p[3]); d[1] = g(d[2]);
         }",
    );
    for name in ["_Z1fi", "_Z1fIdET_S0_", "_Z1gi", "_Z1gIdET_S0_"] {
        has_function(&m, name);
    }
}

#[test]
fn host_template_instances_instantiate_their_launched_kernels() {
    // Entry names are nvcc's for the same source.
    let m = lower_ok(
        "template <class T, int B> __global__ void k1(T* d, int n) { d[n] *= B; }
         template <class T> __global__ void k7(T* d, int n) { d[n] = 5; }
         template <class T> __global__ void k3(T* d) { d[0] = 1; }
         template <class T> void fill(T* d, int n) { k7<<<1, 1>>>(d, n); }
         template <class T> void run(T* d, int n) { k1<T, 128><<<1, 128>>>(d, n); fill(d + 1, n); }
         struct Runner { double* d; void go() { k3<<<1, 1>>>(d); } };
         int main() { float* df = nullptr; run(df, 4); run<short>(nullptr, 2); return 0; }",
    );
    for name in [
        "_Z2k1IfLi128EEvPT_i",
        "_Z2k7IfEvPT_i",
        "_Z2k1IsLi128EEvPT_i",
        "_Z2k7IsEvPT_i",
        "_Z2k3IdEvPT_",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn member_less_than_and_member_template_calls_by_the_objects_class() {
    // nvcc: `s.f < 3` with S's data member `f` compares, A's `f<2>` is a member template
    // (`_ZNK1A1fILi2EEEii`, `_ZNK1A1fILi3EEEii`).
    let m = lower_ok(
        "struct A { template <int N> __device__ int f(int x) const { return x * N; } };
         struct S { int f; };
         template <class T> struct B { T f; };
         __global__ void k(int* o, S s, A a) {
           B<int> b{o[1]};
           S* p = &s;
           o[0] = s.f < 3;
           o[1] = a.f<2>(o[2]);
           o[2] = (b.f < 4) + (p->f < 5);
           o[3] = s.f < 3 > (o[4]);
         }
         __device__ int g(const A& r, int x) { return r.f<3>(x); }",
    );
    has_function(&m, "_ZNK1A1fILi2EEEii");
    has_function(&m, "_ZNK1A1fILi3EEEii");
}

#[test]
fn pointer_and_reference_nontype_parameters() {
    // nvcc's names: a pointer argument `XadL_Z5g_tabEE` (an array or `&x`), a reference
    // `L_Z5g_valE`; the instance reads the variable itself.
    let m = lower_ok(
        "__device__ int g_tab[4] = {1, 2, 3, 4};
         __device__ int g_val = 7;
         template <const int* P> __device__ int getp(int i) { return P[i]; }
         template <int& R> __device__ int getr() { return R + 1; }
         template <const int* P, int N> struct Tab { __device__ static int at(int i) { return P[i % N]; } };
         __global__ void k(int* o) {
           o[0] = getp<g_tab>(o[1]);
           o[1] = getr<g_val>();
           o[2] = Tab<g_tab, 4>::at(o[3]);
           o[3] = getp<&g_val>(0);
         }",
    );
    for name in [
        "_Z4getpIXadL_Z5g_tabEEEii",
        "_Z4getrIL_Z5g_valEEiv",
        "_ZN3TabIXadL_Z5g_tabEELi4EE2atEi",
        "_Z4getpIXadL_Z5g_valEEEii",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn member_classes_see_earlier_member_typedefs() {
    // CUB-style: `using Acc = …; struct TempStorage { Acc data[BLOCK]; };` in a class
    // template (nvcc accepts it; the storage is 128 ints for <short, 128>).
    let m = lower_ok(
        "template <bool B, class A, class C> struct cond { using type = A; };
         template <class A, class C> struct cond<false, A, C> { using type = C; };
         template <class T, int BLOCK> struct BlockReduce {
           using Acc = typename cond<(sizeof(T) < 4), int, T>::type;
           struct TempStorage { Acc data[BLOCK]; };
         };
         __global__ void k(int* o) {
           __shared__ BlockReduce<short, 128>::TempStorage tmp;
           tmp.data[threadIdx.x] = o[threadIdx.x];
           o[0] = sizeof(tmp) + tmp.data[1];
         }",
    );
    has_function(&m, "_Z1kPi");
}

#[test]
fn default_template_arguments_name_the_templates_namespace() {
    // `traits` is found from `lib` (where `box` is declared), not from the global scope of
    // the use; before, this failed with "traits is not a class template".
    let m = lower_ok(
        "namespace lib {
         template <class C> struct traits { static const int v = 2; };
         template <class T, class Tr = traits<T> > struct box {
           T x;
           __device__ T get() const { return x * Tr::v; }
         };
         }
         template <class B> __device__ __noinline__ int use(B b) { return b.get(); }
         __global__ void k(int *o) { lib::box<int> b{3}; o[0] = use(b); }",
    );
    for name in [
        "_Z3useIN3lib3boxIiNS0_6traitsIiEEEEEiT_",
        "_ZNK3lib3boxIiNS_6traitsIiEEE3getEv",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn default_arguments_of_a_forward_declaration_serve_the_later_definition() {
    // `P = void` is given only where `T` is first declared; `T<32>` is `T<32, void>`, the
    // partial specialization (before, `T<32>` failed without a diagnostic and every use of
    // `w` was dropped from the kernel). Names are nvcc's.
    let m = lower_ok(
        "template <unsigned S, class P = void> class T;
         template <unsigned S> class T<S, void> {
         public:
           __device__ static unsigned rank() { return threadIdx.x & (S - 1); }
         };
         template <unsigned S, class P> class T : public T<S, void> {};
         template <class X> __device__ __noinline__ unsigned use(X x) { return x.rank(); }
         __global__ void k(unsigned *o) { T<32> w; o[0] = use(w); o[1] = 7; }",
    );
    has_function(&m, "_Z3useI1TILj32EvEEjT_");
}

#[test]
fn a_template_instance_calls_a_template_of_its_reopened_namespace() {
    // The two-argument `scan` (instantiated inside `lib::v1`) calls the three-argument one:
    // its instantiation runs inside the first one's, where `tile` was not found before
    // ("tile is not a class template"). Names are nvcc's.
    let m = lower_ok(
        "namespace lib { namespace v1 {
           template <unsigned N> struct tile { __device__ unsigned n() const { return N; } };
         } using namespace v1; }
         namespace lib { namespace v1 {
           struct plus { __device__ int operator()(int a, int b) const { return a + b; } };
           template <class T, class Op, unsigned N>
           __device__ __noinline__ T scan(const tile<N> &g, T v, Op op) { return op(v, (T)g.n()); }
           template <class T, unsigned N>
           __device__ __noinline__ T scan(const tile<N> &g, T v) { return scan(g, v, plus()); }
         } }
         __global__ void k(int *o) { lib::tile<8> t; o[0] = lib::scan(t, 3); }",
    );
    for name in [
        "_ZN3lib2v14scanIiLj8EEET_RKNS0_4tileIXT0_EEES2_",
        "_ZN3lib2v14scanIiNS0_4plusELj8EEET_RKNS0_4tileIXT1_EEES3_T0_",
    ] {
        has_function(&m, name);
    }
}
