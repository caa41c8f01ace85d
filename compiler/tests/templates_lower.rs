//! Templates in the lowering: instances get nvcc's symbols (expected names are nvcc's,
//! from `nvcc -ptx -rdc=true` on the same source), deduction, explicit arguments, defaults,
//! packs, `if constexpr` discarding the other branch, `static_assert`, and the errors.

use crate::sema_common;
use sema_common::*;

fn has(m: &oxicc_ir::Module, name: &str) -> bool {
    m.function_by_name(name).is_some()
}

#[test]
fn instances_have_nvcc_symbols() {
    let m = lower_ok(
        "template <typename T> __device__ T add(T a, T b) { return a + b; }
         template <typename T, int N> __device__ T scale(const T* p) { return p[0] * N; }
         template <typename T> __device__ T vsum(T x) { return x; }
         template <typename T, typename... Rest>
         __device__ T vsum(T x, Rest... rest) { return x + vsum(rest...); }
         template <typename T, int B = 4> __device__ T dflt(T x) { return x * B; }
         __global__ void k(int* p, float* q, double* d) {
             p[0] = add(p[1], p[2]);
             q[0] = add<float>(q[1], 2);
             q[1] = scale<float, -3>(q);
             p[3] = vsum(p[4], 5, 6L);
             d[0] = dflt(d[1]);
         }",
    );
    for name in [
        "_Z3addIiET_S0_S0_",
        "_Z3addIfET_S0_S0_",
        "_Z5scaleIfLin3EET_PKS0_",
        "_Z4vsumIiJilEET_S0_DpT0_",
        "_Z4vsumIiJlEET_S0_DpT0_",
        "_Z4vsumIlET_S0_",
        "_Z4dfltIdLi4EET_S0_",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

#[test]
fn explicit_instantiations_name_kernels_like_nvcc() {
    let m = lower_ok(
        "template <typename T, int BLOCK>
         __global__ void k(const T* in, T* out, int n) {
             __shared__ T tile[BLOCK];
             tile[threadIdx.x] = in[threadIdx.x];
             out[0] = tile[BLOCK - 1];
         }
         template __global__ void k<float, 128>(const float*, float*, int);
         template __global__ void k<int, 64>(const int*, int*, int);
         template <typename T, typename R>
         __global__ void e(const T* in, R* out, int n) { out[0] = in[0]; }
         template __global__ void e<int, unsigned>(const int*, unsigned*, int);",
    );
    for name in [
        "_Z1kIfLi128EEvPKT_PS0_i",
        "_Z1kIiLi64EEvPKT_PS0_i",
        "_Z1eIijEvPKT_PT0_i",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
    // The shared tile is named after the instance (nvcc: _ZZ1kIfLi128EEvPKT_PS0_iE4tile).
    let text = format!("{m}");
    assert!(text.contains("_ZZ1kIfLi128EEvPKT_PS0_iE4tile"), "{text}");
}

#[test]
fn if_constexpr_lowers_only_the_taken_branch() {
    // `undefined_name` in the discarded branch is never looked up.
    let m = lower_ok(
        "template <typename T> __device__ T pick(T x) {
             if constexpr (sizeof(T) == 8) { return undefined_name(x); } else { return x + x; }
         }
         __global__ void k(int* p) { p[0] = pick(p[1]); }",
    );
    assert!(has(&m, "_Z4pickIiET_S0_"));
}

#[test]
fn static_assert_passes_and_fails_with_its_message() {
    lower_ok("static_assert(sizeof(long) == 8, \"long\"); __global__ void k() {}");
    let errs = lower("static_assert(1 + 1 == 3, \"math\"); __global__ void k() {}").unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.contains("static assertion failed with \"math\"")),
        "{errs:?}"
    );
}

#[test]
fn runaway_instantiation_is_a_diagnostic() {
    let errs = lower(
        "template <int N> __device__ int f() { return f<N + 1>() + 1; }
         __global__ void k(int* p) { p[0] = f<0>(); }",
    )
    .unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.contains("excessive recursion at instantiation of function")),
        "{errs:?}"
    );
}

#[test]
fn a_failed_deduction_lists_the_argument_types() {
    let errs = lower(
        "template <typename T> __device__ T add(T a, T b) { return a + b; }
         __global__ void k(float* p, int n) { p[0] = add(p[1], n); }",
    )
    .unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e
                .contains("no instance of function template \"add\" matches the argument list")),
        "{errs:?}"
    );
}

#[test]
fn class_templates_pick_partial_and_explicit_specializations() {
    // Sizes by the layout rules: 3 ints; one double; two pointers; one int.
    lower_ok(
        "template <typename T, int N> struct Arr { T v[N]; };
         template <typename T> struct Arr<T, 1> { T only; };
         template <typename T> struct Arr<T*, 2> { T* a; T* b; };
         template <> struct Arr<char, 5> { int special; };
         static_assert(sizeof(Arr<int, 3>) == 12, \"primary\");
         static_assert(sizeof(Arr<double, 1>) == 8, \"partial on N\");
         static_assert(sizeof(Arr<int*, 2>) == 16, \"partial on a pointer\");
         static_assert(sizeof(Arr<char, 5>) == 4, \"explicit\");
         __global__ void k(int* p) { Arr<float, 1> b; b.only = 2; p[0] = b.only; }",
    );
}

#[test]
fn constexpr_functions_are_evaluated_at_compile_time() {
    // Expected values: C(9,4) = 126; 2^10; the CRC-32 table entry for 1 (0x77073096, the
    // standard reflected polynomial 0xEDB88320); 0 + 1 + … + 99 = 4950.
    lower_ok(
        "__host__ __device__ constexpr int ipow(int b, int e) { return e == 0 ? 1 : b * ipow(b, e - 1); }
         __host__ __device__ constexpr int choose(int n, int k) {
             return k == 0 ? 1 : choose(n - 1, k - 1) * n / k;
         }
         constexpr unsigned crc1(unsigned c) {
             for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
             return c;
         }
         constexpr int loop_sum(int n) { int s = 0; int i = 0; while (i < n) { s += i; i++; } return s; }
         static_assert(choose(9, 4) == 126, \"binomial\");
         static_assert(ipow(2, 10) == 1024, \"pow\");
         static_assert(crc1(1) == 0x77073096u, \"crc\");
         static_assert(loop_sum(100) == 4950, \"sum\");
         __global__ void k(int* p) { int a[ipow(2, 3)]; a[7] = 1; p[0] = a[7]; }",
    );
}

#[test]
fn static_constexpr_members_and_member_types_of_instances() {
    // 5! = 120; the partial specialization for pointers says true.
    lower_ok(
        "template <int N> struct Factorial { static constexpr long long value = N * Factorial<N - 1>::value; };
         template <> struct Factorial<0> { static constexpr long long value = 1; };
         template <typename T> struct Id { typedef T type; };
         template <typename T> struct IsPtr { static constexpr bool value = false; };
         template <typename T> struct IsPtr<T*> { static constexpr bool value = true; };
         static_assert(Factorial<5>::value == 120, \"fact\");
         static_assert(IsPtr<int*>::value && !IsPtr<int>::value, \"ptr\");
         static_assert(sizeof(Id<double>::type) == 8, \"member type\");
         __global__ void k(long long* p) { Id<long long>::type x = Factorial<12>::value; p[0] = x; }",
    );
}

#[test]
fn static_member_functions_of_instances_have_nvcc_symbols() {
    // Names from nvcc -rdc=true on the same source.
    let m = lower_ok(
        "template <typename T, int N> struct Scale { __device__ static T apply(T x) { return x * N; } };
         __global__ void k(float* p, int* q) {
             p[0] = Scale<float, 3>::apply(p[1]);
             q[0] = Scale<int, -2>::apply(q[1]);
         }",
    );
    assert!(has(&m, "_ZN5ScaleIfLi3EE5applyEf"), "{m}");
    assert!(has(&m, "_ZN5ScaleIiLin2EE5applyEi"), "{m}");
}

#[test]
fn type_traits_and_enable_if_select_overloads() {
    // is_integral<int> and is_floating_point<float> hold; enable_if drops the overloads whose
    // condition is false (SFINAE in a default template argument and in a return type).
    lower_ok(
        "#include <type_traits>
         static_assert(std::is_integral<int>::value && !std::is_integral<float>::value, \"i\");
         static_assert(std::is_same<std::remove_cv<const int>::type, int>::value, \"cv\");
         template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
         __device__ T twice(T a) { return a + a; }
         template <typename T>
         __device__ typename std::enable_if<std::is_floating_point<T>::value, T>::type twice(T a) {
             return a * 2;
         }
         __global__ void k(int* p, float* q) { p[0] = twice(p[1]); q[0] = twice(q[1]); }",
    );
}

#[test]
fn member_classes_of_class_templates_are_instantiated_with_the_instance() {
    // Expected symbols: `nvcc -ptx -G` on the same source.
    let m = lower_ok(
        "template <typename T> struct Box {
             struct Node { T v; __device__ T get() const { return v; } };
             Node n;
             __device__ T val() const { return n.get(); }
         };
         template <typename T> class Span {
         public:
             class iterator {
             public:
                 __device__ iterator(T* p) : p_(p) {}
                 __device__ bool operator!=(const iterator& o) const { return p_ != o.p_; }
             private:
                 T* p_;
             };
             __device__ iterator begin() const { return iterator(p_); }
             T* p_;
         };
         __global__ void k(float* f, int* i) {
             Box<float> a; a.n.v = f[0];
             Box<int>::Node b; b.v = i[0];
             Box<int> c; c.n = b;
             f[1] = a.val(); i[1] = c.val() + b.get();
             Span<int> s; s.p_ = i;
             Span<int>::iterator e(i + 1); i[2] = s.begin() != e;
         }",
    );
    for name in [
        "_ZNK3BoxIfE4Node3getEv",
        "_ZNK3BoxIiE4Node3getEv",
        "_ZNK3BoxIfE3valEv",
        "_ZN4SpanIiE8iteratorC1EPi",
        "_ZNK4SpanIiE8iteratorneERKS1_",
        "_ZNK4SpanIiE5beginEv",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

#[test]
fn alias_and_variable_templates_resolve_with_their_arguments() {
    // sizeof: unsigned short 2, double 8, long 8; `is_big_v` is true exactly for 8 bytes.
    lower_ok(
        "template <typename T> struct Unsigned { typedef unsigned type; };
         template <> struct Unsigned<short> { typedef unsigned short type; };
         template <typename T> using unsigned_t = typename Unsigned<T>::type;
         template <typename T> inline constexpr bool is_big_v = sizeof(T) == 8;
         template <typename T, typename U> constexpr bool same_size_v = sizeof(T) == sizeof(U);
         namespace N {
             template <typename T> struct Box { static constexpr int value = sizeof(T); };
             template <typename T> inline constexpr int box_v = Box<T>::value;
             template <typename T> using ptr_t = T*;
         }
         static_assert(sizeof(unsigned_t<short>) == 2, \"alias\");
         static_assert(is_big_v<double> && !is_big_v<int>, \"var\");
         static_assert(same_size_v<long, double>, \"two parameters\");
         static_assert(N::box_v<double> == 8, \"qualified, names of its namespace\");
         static_assert(sizeof(N::ptr_t<char>) == 8, \"qualified alias\");
         template <typename T> __device__ T pick(T x) {
             using P = N::ptr_t<T>;
             P p = &x;
             if constexpr (is_big_v<T>) { return *p * 2; } else { return *p + 1; }
         }
         __global__ void k(int* p, double* d) { p[0] = pick(p[1]); d[0] = pick(d[1]); }",
    );
}

#[test]
fn a_variable_template_without_arguments_is_an_error() {
    let errs = lower_err(
        "template <class T> inline constexpr bool is_big_v = sizeof(T) > 4;
         __global__ void k(int* p) { p[0] = is_big_v; }",
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("argument list for variable template \"is_big_v\" is missing")),
        "{errs:?}"
    );
}

#[test]
fn deduction_through_reference_parameters() {
    let m = lower_ok(
        "template <typename T> __device__ __noinline__ void swp(T& a, T& b) { T t = a; a = b; b = t; }
         template <typename T> __device__ __noinline__ T first(const T& a) { return a; }
         template <typename T> __device__ __noinline__ int fwd(T&& a) { T b = a; return (int)b; }
         template <typename T, int N> __device__ __noinline__ T last(const T (&a)[N]) { return a[N - 1]; }
         __global__ void k(int* p, float* q) {
             swp(p[0], p[1]);
             const float c = q[2];
             q[0] = first(c) + first(q[1]);
             p[2] = fwd(p[3]) + fwd(4.0);
             float arr[3] = {q[0], q[1], q[2]};
             q[3] = last(arr);
         }",
    );
    for name in [
        "_Z3swpIiEvRT_S1_",
        "_Z5firstIfET_RKS0_",
        "_Z3fwdIRiEiOT_",
        "_Z3fwdIdEiOT_",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
    // `T` and `N` deduced from `float[3]`. (nvcc names it `_Z4lastIfLi3EET_RAT0__KS0_`; a
    // non-type parameter in the declared signature is not mangled as itself yet.)
    assert!(
        m.functions
            .iter()
            .any(|(_, f)| f.name.starts_with("_Z4lastIfLi3EE")),
        "no last<float, 3>:\n{m}"
    );
}

#[test]
fn deduction_from_a_derived_class_of_a_template_instance() {
    let m = lower_ok(
        "template <typename D> struct Base {
             int v;
             __device__ __noinline__ int get() const { return static_cast<const D*>(this)->w; }
         };
         struct Der : Base<Der> { int w; };
         struct Der2 : Der { int z; };
         template <int N> struct Tag { int t; };
         struct Tagged : Tag<7> { int u; };
         template <typename S> __device__ __noinline__ int viaref(const Base<S>& b) { return b.get(); }
         template <typename S> __device__ __noinline__ int viaptr(Base<S>* b) { return b->v; }
         template <int N> __device__ __noinline__ int tagof(const Tag<N>& t) { return N + t.t; }
         __global__ void k(int* p) {
             Der d; d.v = p[0]; d.w = p[1];
             Der2 e; e.v = p[2]; e.w = p[3];
             Tagged t; t.t = p[4];
             p[5] = viaref(d) + viaptr(&d) + viaref(e) + tagof(t);
         }",
    );
    for name in [
        "_Z6viarefI3DerEiRK4BaseIT_E",
        "_Z6viaptrI3DerEiP4BaseIT_E",
        "_ZNK4BaseI3DerE3getEv",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
    // `N` deduced as 7 from `Tagged`'s base `Tag<7>`. (nvcc names it
    // `_Z5tagofILi7EEiRK3TagIXT_EE`; a non-type parameter inside a template-id of the
    // declared signature is not mangled as itself yet.)
    assert!(
        m.functions
            .iter()
            .any(|(_, f)| f.name.starts_with("_Z5tagofILi7EE")),
        "no tagof<7>:\n{m}"
    );
}

/// Member function templates (in classes and class templates, defined in the class and
/// outside it), template constructors, calls with deduction and with explicit arguments,
/// `obj.template f<U>()` and `C<T>::template g<U>()`. The expected names are nvcc's
/// (`nvcc -ptx -rdc=true` on this source with `__noinline__` functions).
#[test]
fn member_templates_have_nvcc_symbols() {
    let m = lower_ok(
        "struct Acc {
             float s;
             template <class U> __device__ void add(U x) { s += (float)x; }
             template <class U, int N> __device__ U scaled(U x) const { return x * N; }
             template <class U> __device__ Acc(U x) : s((float)x) {}
             template <class U> __device__ U get() const;
         };
         template <class U> __device__ U Acc::get() const { return (U)s; }
         template <class T> struct Box {
             T v;
             template <class U> __device__ T mix(T a, U b) const { return a + (T)b + v; }
             template <class U> __device__ U conv() const;
             template <class U> static __device__ U twice(U x) { return x + x; }
         };
         template <class T> template <class U> __device__ U Box<T>::conv() const { return (U)v; }
         template <class T> __device__ T use_dep(Box<T> b) {
             return b.template conv<T>() + Box<T>::template twice<T>(b.v);
         }
         __global__ void k(float* out, int* io) {
             Acc a(3);
             a.add(2.5);
             a.add<int>(1);
             out[0] = a.s + a.scaled<float, 4>(1.0f) + a.get<int>();
             Box<float> b{1.0f};
             out[1] = b.mix(2.0f, 3) + b.conv<int>() + b.template conv<double>();
             out[2] = Box<int>::twice(4) + use_dep(b);
         }",
    );
    for name in [
        "_Z7use_depIfET_3BoxIS0_E",
        "_ZN3Acc3addIdEEvT_",
        "_ZN3Acc3addIiEEvT_",
        "_ZN3AccC1IiEET_",
        "_ZN3BoxIfE5twiceIfEET_S2_",
        "_ZN3BoxIiE5twiceIiEET_S2_",
        "_ZNK3Acc3getIiEET_v",
        "_ZNK3Acc6scaledIfLi4EEET_S1_",
        "_ZNK3BoxIfE3mixIiEEffT_",
        "_ZNK3BoxIfE4convIdEET_v",
        "_ZNK3BoxIfE4convIfEET_v",
        "_ZNK3BoxIfE4convIiEET_v",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

/// Out-of-class definitions of ordinary members of a class template, and a member
/// template called unqualified from another member (on `*this`), with explicit arguments
/// and deduced.
#[test]
fn class_template_members_defined_outside_the_class() {
    let m = lower_ok(
        "template <class T> struct Pair {
             T x, y;
             __device__ T dot(T a, T b) const;
             template <class S> __device__ T scaled(S s) const { return x * s + y; }
             __device__ T twice() const { return scaled<int>(2) + scaled(1.5); }
         };
         template <class T> __device__ T Pair<T>::dot(T a, T b) const { return x * a + y * b; }
         __global__ void k(float* out) {
             Pair<float> a{1.0f, 2.0f};
             out[0] = a.dot(a.twice(), 3.0f);
         }",
    );
    for name in [
        "_ZNK4PairIfE3dotEff",
        "_ZNK4PairIfE5twiceEv",
        "_ZNK4PairIfE6scaledIdEEfT_",
        "_ZNK4PairIfE6scaledIiEEfT_",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

/// Explicit specializations of function templates replace the primary's instance for
/// their arguments (given or deduced from the declared types), keep the instance's name
/// (nvcc: `_Z1fIfET_S0_`), and a `__global__` one is emitted unused. Function templates in
/// namespaces are called qualified and mangled inside the namespace.
#[test]
fn explicit_specializations_replace_the_primary() {
    let m = lower_ok(
        "template <class T> __device__ T f(T x) { return x + 1; }
         template <> __device__ float f<float>(float x) { return x * 2; }
         template <> __device__ double f(double x) { return x * 3; }
         template <class T, int N> __device__ T g(const T* p) { return p[N]; }
         template <> __device__ int g<int, 2>(const int* p) { return -p[0]; }
         template <class T> __global__ void kk(T* p) { p[0] = 1; }
         template <> __global__ void kk<int>(int* p) { p[0] = 2; }
         namespace ns {
             template <class T> __device__ T h(T x) { return x; }
             template <> __device__ int h<int>(int x) { return x * 5; }
         }
         __global__ void k(float* out, double* d, int* ip) {
             out[0] = f(out[1]) + f<float>(1.0f);
             d[0] = f(d[1]);
             ip[0] = f(ip[1]) + g<int, 2>(ip) + g<int, 1>(ip) + ns::h(ip[3]) + ns::h<long>(4);
         }",
    );
    for name in [
        "_Z1fIdET_S0_",
        "_Z1fIfET_S0_",
        "_Z1fIiET_S0_",
        "_Z1gIiLi1EET_PKS0_",
        "_Z1gIiLi2EET_PKS0_",
        "_Z2kkIiEvPT_",
        "_ZN2ns1hIiEET_S1_",
        "_ZN2ns1hIlEET_S1_",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
    // The specializations' bodies: `x * 2`, `x * 3`, `-p[0]`, `x * 5` (not the primary's).
    let text = format!("{m}");
    let body = |n: &str| {
        let start = text.find(&format!("internal @{n}(")).unwrap();
        let end = text[start..].find("\n}\n").unwrap();
        text[start..start + end].to_string()
    };
    assert!(body("_Z1fIfET_S0_").contains("fmul.f32"), "{text}");
    assert!(body("_Z1fIdET_S0_").contains("fmul.f64"), "{text}");
    // Signed `int` arithmetic carries the no-signed-wrap flag.
    assert!(body("_Z1fIiET_S0_").contains("add.nsw.i32"), "{text}");
    assert!(body("_ZN2ns1hIiEET_S1_").contains("mul.nsw.i32"), "{text}");
    assert!(!body("_ZN2ns1hIlEET_S1_").contains("mul"), "{text}");
    assert!(
        body("_Z1gIiLi2EET_PKS0_").contains("neg") || body("_Z1gIiLi2EET_PKS0_").contains("sub"),
        "{text}"
    );
}

/// Launches of template kernels in host functions instantiate them, as nvcc does: with
/// explicit arguments, deduced from the host function's parameters and locals (through
/// casts, `p + i`, literals), defaulted, in namespaces, inside loops; host code oxicc does
/// not lower (`cudaMalloc`, `printf`, `dim3`) is no error. Names from nvcc.
#[test]
fn host_launches_instantiate_template_kernels() {
    let m = lower_ok(
        "template <class T, int B> __global__ void k(T* p, int n) { if (threadIdx.x < B) p[0] = n; }
         template <class T> __global__ void fill(T* p, T v, int n) { p[threadIdx.x] = v; }
         template <class T, class U = int> __global__ void conv(const T* in, U* out) { out[0] = in[0]; }
         namespace ns { template <class T> __global__ void nk(T* p) { p[0] = 1; } }
         struct S { int a; };
         template <class T> __global__ void sk(T s, int* out) { out[0] = s.a; }
         template <class T> __global__ void unused(T* p) { p[0] = 1; }
         void run(float* d, int n, double* dd) {
             k<float, 128><<<1, 128>>>(d, n);
             int* di;
             cudaMalloc(&di, n * sizeof(int));
             fill<<<1, 32>>>(di, 7, n);
             fill<<<1, 32>>>(dd, 2.0, n);
             for (int i = 0; i < 3; ++i) {
                 unsigned char* uc = (unsigned char*)d;
                 fill<<<dim3(1), dim3(32)>>>(uc + i, (unsigned char)1, n);
             }
             conv<<<1, 1>>>(d, di);
             conv<double><<<1, 1>>>(dd, di);
             ns::nk<<<1, 1>>>(di);
             S s{1};
             sk<<<1, 1>>>(s, di);
             std::vector<float> host_only(n);
             printf(\"done %d\\n\", n);
         }
         namespace host { void go(long* p) { ns::nk<<<1, 1>>>(p); } }",
    );
    let text = format!("{m}");
    let mut kernels: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("kernel @"))
        .map(|l| &l[..l.find('(').unwrap()])
        .collect();
    kernels.sort();
    assert_eq!(
        kernels,
        [
            "_Z1kIfLi128EEvPT_i",
            "_Z2skI1SEvT_Pi",
            "_Z4convIdiEvPKT_PT0_",
            "_Z4convIfiEvPKT_PT0_",
            "_Z4fillIdEvPT_S0_i",
            "_Z4fillIhEvPT_S0_i",
            "_Z4fillIiEvPT_S0_i",
            "_ZN2ns2nkIiEEvPT_",
            "_ZN2ns2nkIlEEvPT_",
        ]
    );
}

/// Launches under `case`/`default` labels of a host `switch` (how cuda-samples pick the
/// kernel to run) instantiate their kernels too; a scoped enumerator qualified by its
/// namespace (`ns::role::consumer`) is a template argument. Names from nvcc.
#[test]
fn host_launches_under_case_labels_instantiate_template_kernels() {
    let m = lower_ok(
        "template <int B> __global__ void kA(float *c) { c[threadIdx.x] = B; }
         namespace ns { enum class role { producer, consumer }; }
         template <ns::role R> __global__ void kR(int *o) { o[0] = (int)R; }
         enum sel { one, two };
         void run(sel s, float *d, int *o) {
             switch (s) {
             case one:
                 kA<16><<<1, 1>>>(d);
                 break;
             case sel::two: {
                 kA<8><<<1, 1>>>(d);
                 break;
             }
             default:
                 kR<ns::role::consumer><<<1, 1>>>(o);
             }
         }",
    );
    let text = format!("{m}");
    let mut kernels: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("kernel @"))
        .map(|l| &l[..l.find('(').unwrap()])
        .collect();
    kernels.sort();
    assert_eq!(
        kernels,
        [
            "_Z2kAILi16EEvPf",
            "_Z2kAILi8EEvPf",
            "_Z2kRILN2ns4roleE1EEvPi"
        ]
    );
}

/// Template arguments of a host launch may name integer `constexpr`/`const` locals of the
/// skipped host body (cuda-samples' reduction: `constexpr int numOfMultiWarpGroups = 2;`
/// under a `case` label, then `k<T, 1024, 1024 / numOfMultiWarpGroups><<<…>>>`); a `const`
/// local that is not a constant (`m`) is skipped without failing the launch. Names from nvcc.
#[test]
fn host_launch_template_arguments_name_local_constants() {
    let m = lower_ok(
        "template <class T, unsigned long B, unsigned long M> __global__ void kk(T *p) { p[0] = B + M; }
         template <class T> void run(T *p, int w) {
             switch (w) {
             case 9:
                 constexpr int groups = 2;
                 kk<T, 1024, 1024 / groups><<<1, 1>>>(p);
                 break;
             }
         }
         int count(int x);
         void go(float *p) {
             const int n = 8;
             const int m = count(n);
             kk<float, 64, 64 / n><<<1, 1>>>(p);
             run(p, 9);
         }",
    );
    let text = format!("{m}");
    let mut kernels: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("kernel @"))
        .map(|l| &l[..l.find('(').unwrap()])
        .collect();
    kernels.sort();
    assert_eq!(
        kernels,
        ["_Z2kkIfLm1024ELm512EEvPT_", "_Z2kkIfLm64ELm8EEvPT_"]
    );
}

/// `&&`, `||` and `,` folds (empty packs included), `template <class T, T v>` and
/// `template <auto V>`: instances named as nvcc names them (`nvcc -rdc=true -std=c++17`).
/// Their values are checked by the C++ suite's `fold_logic`.
#[test]
fn logical_and_comma_folds_and_typed_nontype_parameters() {
    let m = lower_ok(
        "template <class T, T v> struct IC { static constexpr T value = v; };
         template <auto V> __device__ int av() { return V * 2; }
         template <class T, T v> __device__ T tv(T x) { return x + v; }
         template <class... B> __device__ bool all(B... b) { return (... && b); }
         template <class... B> __device__ bool any(B... b) { return (b || ...); }
         template <class... B> __device__ bool all_init(B... b) { return (true && ... && b); }
         template <class... B> __device__ int count_calls(int* c, B... b) { ((c[0] += b), ...); return c[0]; }
         template <class... B> __device__ void nothing(B... b) { return (b , ...); }
         __global__ void k(int* out) {
             out[0] = all(1, 2, 3) + all() * 10 + any() * 100 + any(0, 0, 5) * 1000;
             out[2] = all_init(1, 0) + count_calls(out + 3, 1, 2, 3);
             nothing();
             out[5] = IC<int, 7>::value + av<3>() + av<'a'>() + tv<short, 4>(1) + IC<unsigned, 9u>::value;
         }",
    );
    for name in [
        "_Z11count_callsIJiiiEEiPiDpT_",
        "_Z2tvIsLs4EET_S0_",
        "_Z3allIJiiiEEbDpT_",
        "_Z3allIJEEbDpT_",
        "_Z3anyIJiiiEEbDpT_",
        "_Z8all_initIJiiEEbDpT_",
        "_Z2avILi3EEiv",
        "_Z2avILc97EEiv",
        "_Z7nothingIJEEvDpT_",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

/// A function template's non-type parameter used as a template argument in its declared
/// signature is mangled as the parameter (`XT_E`), as nvcc does.
#[test]
fn nontype_parameters_in_declared_signatures() {
    let m = lower_ok(
        "template <int N> struct Arr { int v[N]; };
         template <class T, int N> struct Tag { T x; };
         template <int N> __device__ int first(Arr<N>* a) { return a->v[0]; }
         template <class T, int N> __device__ T tagged(Tag<T, N> t) { return t.x; }
         __global__ void k(float* out) {
             Arr<3> ar; ar.v[0] = 1;
             Tag<float, 7> t{2.0f};
             out[0] = first(&ar) + tagged(t);
         }",
    );
    for name in [
        "_Z5firstILi3EEiP3ArrIXT_EE",
        "_Z6taggedIfLi7EET_3TagIS0_XT0_EE",
    ] {
        assert!(has(&m, name), "no {name}:\n{m}");
    }
}

/// nvcc names `fw<int&>` `_Z2fwIRiEOT_RN2rrIS1_E4typeE`: the dependent member type
/// `rr<T>::type` is not written as nvcc does yet, but instances for `int` and `int&` must
/// still get different symbols that start with nvcc's (two `.func`s of one name are a ptxas
/// error).
#[test]
fn dependent_member_types_in_signatures_keep_instances_apart() {
    let m = lower_ok(
        "template <class T> struct rr { typedef T type; };
         template <class T> struct rr<T&> { typedef T type; };
         template <class T> __device__ T&& fw(typename rr<T>::type& t) { return static_cast<T&&>(t); }
         __global__ void k(int* o) { int a = o[0]; o[1] = fw<int&>(a) + fw<int>(a); }",
    );
    let names: Vec<String> = m
        .functions
        .iter()
        .map(|(_, f)| f.name.clone())
        .filter(|n| n.starts_with("_Z2fw"))
        .collect();
    assert_eq!(names.len(), 2, "{m}");
    assert!(
        names.iter().any(|n| n.starts_with("_Z2fwIRiEOT_")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.starts_with("_Z2fwIiEOT_")),
        "{names:?}"
    );
}
