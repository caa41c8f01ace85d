//! The GNU dialect that glibc and libstdc++ are written in (issue 12): GCC's spellings of
//! keywords, attributes around namespace names and in `[[gnu::…]]` form, reopened inline
//! namespaces, `__builtin_va_list`, the type-trait intrinsics (parsed, not evaluated), and
//! the member templates libstdc++'s class templates hold (partial specializations of member
//! class templates, member alias templates: accepted, so the class template is kept).
//!
//! Values are checked through constant expressions that size local arrays: the stack
//! slots then have sizes computed in the test from the C++ rules.

use crate::ptxas_support;
use crate::sema_common;
use sema_common::*;

/// The sizes of the stack slots of the function whose name contains `part`.
fn slot_sizes(m: &oxicc_ir::Module, part: &str) -> Vec<u32> {
    let f = m
        .functions
        .values()
        .find(|f| f.name.contains(part))
        .unwrap_or_else(|| panic!("no function named like {part}"));
    f.stack_slots.values().map(|s| s.size).collect()
}

#[test]
fn gnu_spellings_and_attributes_mean_the_standard_forms() {
    let m = lower_ok(
        "namespace outer __attribute__((__visibility__(\"default\"))) {
           inline namespace v1 __attribute__((__abi_tag__(\"cxx11\"))) { struct P { char c[3]; }; }
           namespace v1 { struct Q { char c[5]; }; }
         }
         namespace [[gnu::visibility(\"default\")]] other { typedef int I; }
         __extension__ typedef __signed__ char s8;
         typedef __const int cint;
         [[gnu::always_inline]] __inline __device__ int f(const int *__restrict p)
             __attribute__((__nothrow__)) [[gnu::leaf]] {
           other::I x = *p;
           __typeof__(x) y = x;
           char a[sizeof(outer::P) + 10 * sizeof(outer::Q)];
           char b[__alignof__(double) + 100];
           char c[sizeof(s8) + sizeof(cint) * 50 + 200];
           int *n = __null;
           return a[0] + b[0] + c[0] + y + (n == 0);
         }",
    );
    let sizes = slot_sizes(&m, "1f");
    // P and Q are found through the inline namespace `v1` (reopened without `inline`):
    // 3 + 10 * 5; alignof(double) = 8; sizeof(signed char) = 1, sizeof(const int) = 4.
    for want in [53, 108, 401] {
        assert!(
            sizes.contains(&want),
            "no slot of {want} bytes in {sizes:?}"
        );
    }
}

/// `__attribute` (GCC's other spelling, libstdc++'s `_GLIBCXX_ABI_TAG_CXX11`) before a
/// member declaration whose type is a member typedef: the class template is kept (it was
/// dropped, and `_Rb_tree` with it).
#[test]
fn the_short_attribute_spelling_before_a_member_keeps_the_class() {
    let m = lower_ok(
        "template <class T> struct Tr {
           typedef T elem[3];
           typedef T *iterator;
         public:
           __attribute ((__abi_tag__ (\"cxx11\")))
           iterator
           erase(iterator p) { return p; }
         };
         __device__ int g() {
           Tr<short>::iterator p = 0;
           char a[sizeof(Tr<short>::elem) + 7];
           return a[0] + (p == 0);
         }",
    );
    // 3 shorts + 7.
    let sizes = slot_sizes(&m, "1g");
    assert!(sizes.contains(&13), "no slot of 13 bytes in {sizes:?}");
}

#[test]
fn type_trait_intrinsics_parse_in_templates() {
    // libstdc++'s forms: a value trait in an enumerator and a static member, one with a
    // pack, `__underlying_type` as a type. Templates never instantiated: nothing to
    // evaluate.
    let m = lower_ok(
        "template <class T> struct W { enum { v = __is_trivially_copyable(T) }; };
         template <class T, class... A> struct X { static const bool b = __is_constructible(T, A...); };
         template <class T, class U> struct S { static const bool b = __is_same(T, U) && __is_class(T); };
         template <class T> struct E { typedef __underlying_type(T) type; };
         __device__ int g(int i) { char a[17]; a[0] = i; return a[0]; }",
    );
    assert!(slot_sizes(&m, "1g").contains(&17));
}

#[test]
fn a_type_trait_oxicc_does_not_evaluate_is_reported_where_it_is_used() {
    let d = lower_err("__device__ bool h() { return __is_same(int, int); }");
    assert!(
        d.iter()
            .any(|x| x.starts_with("1:30:") && x.contains("__is_same")),
        "{d:?}"
    );
}

#[test]
fn class_templates_holding_member_specializations_and_alias_templates_are_kept() {
    // libstdc++'s `__ptr_traits_impl` holds both; such a class template used to be
    // dropped whole (`"I" is not a class template` at its next use).
    let m = lower_ok(
        "template <class P> struct I {
           template <class T, class U> struct D { enum { v = 1 }; };
           template <class T> struct D<T, int> { enum { v = 2 }; };
           template <class U> using ptr = U *;
           P x;
         };
         template <class P> struct I<P *> { char c[3]; };
         __device__ int f(int i) {
           char a[sizeof(I<double>) + 10];
           char b[sizeof(I<int *>) + 30];
           a[0] = i; b[0] = i;
           return a[0] + b[0];
         }",
    );
    let sizes = slot_sizes(&m, "1f");
    // I<double> holds one double (8); I<int *> is the partial specialization (3).
    for want in [18, 33] {
        assert!(
            sizes.contains(&want),
            "no slot of {want} bytes in {sizes:?}"
        );
    }
}

#[test]
fn gcc_builtin_va_list_is_a_type_for_host_declarations() {
    // gcc's own `<stdarg.h>` and glibc's `<stdio.h>` declare with it.
    let src = "typedef __builtin_va_list __gnuc_va_list;
               extern \"C\" int vprintf(const char *, __gnuc_va_list);
               __global__ void k(int *p) { *p = sizeof(__gnuc_va_list); }";
    let options = oxicc::Options::default();
    let out = oxicc::compile("va.cu", src, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let ptx = out.text.expect("PTX");
    ptxas_support::assert_ptxas_accepts(&ptx, options.sm, "__builtin_va_list");
}

#[test]
fn zero_length_array_members_and_gnu_thread_storage() {
    // glibc's `struct file_handle` and libstdc++'s `<mutex>`.
    let m = lower_ok(
        "struct FH { unsigned int n; int t; unsigned char h[0]; };
         extern __thread void *__once_callable;
         __device__ int f(int i) {
           char a[sizeof(FH) + 40];
           a[0] = i;
           return a[0];
         }",
    );
    // Two 4-byte members and no bytes for the empty array.
    assert!(slot_sizes(&m, "1f").contains(&48));
}

/// libstdc++'s forms that used to drop their declaration as host code (`exception_ptr.h`,
/// `c++locale.h`, the containers): a class forward-declared in a namespace and named by a
/// using-declaration, a friend function template, an elaborated qualified name,
/// `static_assert` and using-declarations in a class, a host function declared through
/// `__typeof` of another.
const LIBSTDCXX_FORMS: &str = "namespace n { class E; }
     using n::E;
     void rethrow(E) __attribute__((__noreturn__));
     namespace n {
       using ::rethrow;
       class E {
         char c[5];
         template <class X> friend E make(X);
         friend void ::rethrow(E);
       public:
         E();
       };
     }
     namespace std { class type_info; }
     struct B { typedef short half; int f(); };
     template <class T> struct TB { typedef T value_type; };
     struct D : B {
       static_assert(sizeof(int) == 4, \"int\");
       using B::f;
       using typename B::half;
       half h[3];
       const class std::type_info *ti;
     };
     template <class T> struct TD : TB<T> {
       using typename TB<T>::value_type;
       static_assert(sizeof(T) > 0, \"complete\");
       value_type v[2];
     };
     template <class A> struct Vec {
       static constexpr bool nothrow() { return noexcept(A()); }
       A make() { return typename TB<A>::value_type{}; }
       template <class U, class... As> void construct(U *p, As &&...as) noexcept(noexcept(U(as...)));
     };
     extern \"C\" int uselocale_(int);
     namespace g { extern \"C\" __typeof(uselocale_) uselocale2; }
     __device__ int f(int i) {
       char a[sizeof(D) + 100];
       char b[sizeof(n::E) + 200];
       char c[sizeof(TD<double>) + 300];
       a[0] = i; b[0] = i; c[0] = i;
       return a[0] + b[0] + c[0];
     }
     __global__ void k(int *p) { *p = f(*p); }";

#[test]
fn libstdcxx_class_forms_are_kept_not_dropped() {
    let sizes = slot_sizes(&lower_ok(LIBSTDCXX_FORMS), "1f");
    // D: an empty base, three shorts (6 bytes), then an 8-aligned pointer: 16.
    // n::E: five chars. TD<double>: two doubles.
    for want in [116, 205, 316] {
        assert!(
            sizes.contains(&want),
            "no slot of {want} bytes in {sizes:?}"
        );
    }
    // Nothing was skipped as host code.
    let options = oxicc::Options {
        report_dropped: true,
        ..oxicc::Options::default()
    };
    let out = oxicc::compile("forms.cu", LIBSTDCXX_FORMS, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    ptxas_support::assert_ptxas_accepts(&out.text.expect("PTX"), options.sm, "forms");
}

#[test]
fn a_host_function_declared_through_typeof_is_not_device_code() {
    let d = lower_err(
        "extern \"C\" int ul(int);
         namespace g { extern \"C\" __typeof(ul) ul2; }
         __device__ int h() { return g::ul2(1); }",
    );
    assert!(
        d.iter()
            .any(|x| x.starts_with("3:38:") && x.contains("ul2")),
        "{d:?}"
    );
}

#[test]
fn typename_functional_casts_are_casts_and_noexcept_is_reported_in_device_code() {
    let src = "struct W { typedef int type; };
         template <class T> __device__ int g(int x) { return typename T::type(x) + typename T::type{4}; }
         __global__ void k(int *p) { *p = g<W>(3); }";
    let options = oxicc::Options::default();
    let out = oxicc::compile("cast.cu", src, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let ptx = out.text.expect("PTX");
    // int(3) + int{4}.
    assert!(ptx.contains("st.global.u32 \t[%rd1], 7;"), "{ptx}");
    ptxas_support::assert_ptxas_accepts(&ptx, options.sm, "typename casts");
    // oxicc does not evaluate `noexcept(e)`: an error where device code needs its value.
    let d = lower_err("__device__ int f(); __device__ bool h() { return noexcept(f()); }");
    assert!(
        d.iter()
            .any(|x| x.starts_with("1:50:") && x.contains("noexcept")),
        "{d:?}"
    );
}

/// `ios_base`'s forms: a member class and a data member naming the enclosing class's
/// member typedefs by qualified name (`ios_base::event_callback`, a function-pointer
/// typedef, and `ios_base::iostate`) while that class is still being defined; and `class
/// locale::facet {…}`, a member class defined outside its class, which oxicc skips as host
/// code without making `locale` itself a skipped name.
const IOS_BASE_FORMS: &str = "
     class locale { public: class facet; typedef int category; int id; };
     class locale::facet { facet(const facet &) = delete; int refs; };
     class ios_base {
     public:
       enum event { erase_event, imbue_event };
       typedef void (*event_callback)(event e, ios_base &b, int i);
       typedef unsigned short iostate;
       ios_base::iostate state;
       struct callback_list {
         callback_list *next;
         ios_base::event_callback fn;
         ios_base::iostate st;
         int index;
       };
       locale::category cat;
     };
     __device__ int f(int i) {
       char a[sizeof(ios_base::callback_list) + 100];
       char b[sizeof(ios_base) + 200];
       char c[sizeof(locale) + sizeof(locale::category) * 10 + 300];
       a[0] = i; b[0] = i; c[0] = i;
       return a[0] + b[0] + c[0];
     }
     __global__ void k(int *p) { *p = f(*p); }";

#[test]
fn enclosing_class_members_by_qualified_name_and_skipped_out_of_class_member_classes() {
    let sizes = slot_sizes(&lower_ok(IOS_BASE_FORMS), "1f");
    // callback_list: pointer 8, function pointer 8, unsigned short 2 (+2), int 4: 24.
    // ios_base: unsigned short 2 (+2), int 4: 8. locale: int 4; category int 4 (* 10).
    for want in [124, 208, 344] {
        assert!(
            sizes.contains(&want),
            "no slot of {want} bytes in {sizes:?}"
        );
    }
    let options = oxicc::Options::default();
    let out = oxicc::compile("ios_base.cu", IOS_BASE_FORMS, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    ptxas_support::assert_ptxas_accepts(&out.text.expect("PTX"), options.sm, "ios_base");
}

/// `basic_ostream<C, T>::sentry::sentry(…)` (`ostream.tcc`): a host member of a member
/// class of a class template, defined outside both, is left to the host compiler, as
/// nvcc does; and `template <> const char *C<char>::names[14];` (`__timepunct_cache`), an
/// explicit specialization of a host static data member, too. A device one is still an
/// error.
#[test]
fn host_members_of_member_classes_of_templates_are_left_to_the_host_compiler() {
    let src = "template <class C, class T> class O {
       public:
         class S { public: explicit S(O<C, T> &o); bool ok; };
         int v;
         static const char *names[14];
       };
       template <class C, class T>
       O<C, T>::S::S(O<C, T> &o) : ok(false) { if (o.v) ok = true; }
       template <> const char *O<char, int>::names[14];
       __global__ void k(int *p) { *p = sizeof(O<int, int>) + sizeof(O<int, int>::S); }";
    let options = oxicc::Options::default();
    let out = oxicc::compile("sentry.cu", src, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let ptx = out.text.expect("PTX");
    // O<int, int> holds the int only (`names` is static): 4; S holds one bool: 1.
    assert!(ptx.contains("st.global.u32 \t[%rd1], 5;"), "{ptx}");
    ptxas_support::assert_ptxas_accepts(&ptx, options.sm, "sentry");
    let d = lower_err(
        "template <class C> class O { public: class S { public: __device__ S(int); int x; }; };
         template <class C> __device__ O<C>::S::S(int v) : x(v) {}",
    );
    assert!(!d.is_empty(), "a device member must not be dropped quietly");
}

/// `std::thread`'s and `__shared_ptr`'s forms: a member class template declared only
/// (`template <typename> struct __result;`) with a partial specialization after it, in a
/// member class template of a plain class; an attribute after a parameter's name
/// (`const type_info &ti [[gnu::unused]]`); and `typename C<T>::type()` in a member
/// initializer.
const THREAD_FORMS: &str = "
     template <class T> struct is_ptr { typedef char type; };
     template <class T> struct is_ptr<T *> { typedef short type; };
     class th {
     public:
       template <typename T> struct inv {
         T t;
         template <typename> struct res;
         template <typename F> struct res<F *> { typedef F type; };
       };
       int id;
     };
     template <class T> struct sp {
       int tag;
       __device__ sp(T *p, int u [[gnu::unused]]) : tag(typename is_ptr<T *>::type(7) + 1) {}
     };
     __device__ int f(int i) {
       sp<int> s(nullptr, i);
       char a[sizeof(th) + sizeof(th::inv<double>) * 10 + 100];
       a[0] = i;
       return a[0] + s.tag;
     }
     __global__ void k(int *p) { *p = f(*p); }";

#[test]
fn member_class_templates_declared_only_and_attributes_after_parameter_names() {
    let m = lower_ok(THREAD_FORMS);
    let sizes = slot_sizes(&m, "1f");
    // th: one int (4); inv<double>: one double (8): 4 + 8 * 10 + 100 = 184 bytes.
    assert!(sizes.contains(&184), "no slot of 184 bytes in {sizes:?}");
    let options = oxicc::Options::default();
    let out = oxicc::compile("thread.cu", THREAD_FORMS, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    ptxas_support::assert_ptxas_accepts(&out.text.expect("PTX"), options.sm, "thread");
}
