//! Lowering of C++ value semantics beyond single objects: arrays of class objects (element
//! construction, destruction, member arrays), temporaries of one arm of `?:`/`&&`/`||`,
//! `std::initializer_list` objects, `decltype(auto)`, and friend declarations that only
//! grant access. Function names are nvcc's (from `nvcc -ptx -rdc=true` on the same source);
//! call counts are what C++'s rules require of the unoptimized lowering.

use crate::ptxas_support;
use crate::sema_common;
use ptxas_support::assert_ptxas_accepts;
use sema_common::*;

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

const TAG: &str = r#"
#define NI __device__ __noinline__
struct Tag { int id;
  NI Tag() : id(0) {}
  NI Tag(int i) : id(i) {}
  NI Tag(const Tag& o) : id(o.id) {}
  NI ~Tag() { id = -1; }
};
"#;

#[test]
fn small_arrays_of_class_objects_are_constructed_element_by_element() {
    let m = lower_ok(&format!(
        "{TAG}
         __global__ void k(int* o) {{ Tag a[3]; Tag b[4] = {{Tag(5), {{6}}}}; o[0] = a[1].id + b[3].id; }}"
    ));
    // a: three default constructions; b: Tag(5), {{6}} and two defaults.
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1Ev"), 3 + 2);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1Ei"), 2);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagD1Ev"), 3 + 4);
}

#[test]
fn big_arrays_of_class_objects_use_one_loop_per_operation() {
    let m = lower_ok(&format!(
        "{TAG}
         struct Row {{ Tag t[64]; }};
         __global__ void k(int* o) {{ Tag a[100]; Row r; Row s = r; o[0] = a[99].id + s.t[3].id; }}"
    ));
    // One call in a loop each for a, r.t; one copy loop for s; destruction of s, r, a.
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1Ev"), 2);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1ERKS_"), 1);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagD1Ev"), 3);
}

#[test]
fn range_for_by_value_copies_each_class_element_and_destroys_the_copy() {
    let m = lower_ok(&format!(
        "{TAG}
         __global__ void k(int* o) {{ Tag a[2]; int s = 0; for (Tag t : a) {{ if (t.id) continue; s += t.id; }} o[0] = s; }}"
    ));
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1ERKS_"), 1);
    // The copy dies at `continue` and at the end of the body; then a[1], a[0].
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagD1Ev"), 2 + 2);
}

#[test]
fn conditional_of_two_class_prvalues_is_a_prvalue() {
    // C++17: `c ? Tag(1) : Tag(2)` initializes `t` directly (nvcc calls no copy
    // constructor); each arm's temporary is not destroyed separately.
    let m = lower_ok(&format!(
        "{TAG}
         __global__ void k(int* o) {{ Tag t = o[0] ? Tag(1) : Tag(2); o[1] = t.id; }}"
    ));
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1ERKS_"), 0);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagC1Ei"), 2);
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagD1Ev"), 1);
}

#[test]
fn temporaries_of_one_arm_are_destroyed_under_their_flag() {
    // Each arm's temporary has its own conditional destructor call at the end of the
    // full expression; the left operand of `&&` is destroyed unconditionally.
    let m = lower_ok(&format!(
        "{TAG}
         __global__ void k(int* o) {{ o[0] = o[1] ? Tag(1).id : Tag(2).id; o[2] = Tag(3).id && Tag(4).id; }}"
    ));
    assert_eq!(calls_to(&m, "_Z1kPi", "_ZN3TagD1Ev"), 4);
    let f = &m.functions[m.function_by_name("_Z1kPi").unwrap()];
    // Three flags: the two arms and the right operand of `&&`, each a one-byte slot.
    let one_byte = f.stack_slots.values().filter(|s| s.size == 1).count();
    assert_eq!(one_byte, 3);
}

#[test]
fn initializer_lists_and_decltype_auto_have_nvccs_names() {
    // From `nvcc -ptx -rdc=true`: an initializer_list parameter is `St16initializer_listIiE`,
    // a decltype(auto) return in a function template's signature is `Dc`.
    let m = lower_ok(
        r#"
#include <initializer_list>
__device__ __noinline__ int sum(std::initializer_list<int> l) { int s = 0; for (int x : l) s += x; return s; }
template <class T> __device__ __noinline__ decltype(auto) ident(T&& t) { return static_cast<T&&>(t); }
__device__ int g;
__device__ __noinline__ decltype(auto) refg() { return (g); }
__global__ void k(int* o) {
  auto x = {1, 2, 3};
  decltype(auto) r = o[1];
  r = sum(x) + sum({4, 5}) + ident(o[2]);
  refg() = 3;
}
"#,
    );
    for name in [
        "_Z3sumSt16initializer_listIiE",
        "_Z5identIRiEDcOT_",
        "_Z4refgv",
    ] {
        has_function(&m, name);
    }
    // refg returns a reference (a pointer), not an int.
    let f = &m.functions[m.function_by_name("_Z4refgv").unwrap()];
    assert!(matches!(f.sig.ret, Some(oxicc_ir::Type::Ptr(_))));
}

#[test]
fn friend_declarations_without_bodies_grant_access() {
    // nvcc accepts all of these (a friend class, its nested class, a friend function, a
    // friend member function of another class, and a friend of a class template instance).
    lower_ok(
        r#"
struct C2;
struct C2 { __device__ int get(const struct A& a) const; };
class A {
    int x = 3;
    friend class B;
    friend __device__ int peek(const A &a);
    friend int C2::get(const A&) const;
public:
    __device__ A() {}
};
__device__ int C2::get(const A &a) const { return a.x + 5; }
struct B { __device__ int get(const A &a) const { return a.x; }
           struct Inner { __device__ int get(const A &a) const { return a.x + 1; } }; };
__device__ int peek(const A &a) { return a.x * 2; }
template <class T> class Box { T v{}; friend struct Reader; public: __device__ Box() {} };
struct Reader { template <class T> __device__ T read(const Box<T>& b) const { return b.v; } };
__global__ void k(int *o) {
    A a; Box<int> bx;
    o[0] = B().get(a) + B::Inner().get(a) + peek(a) + C2().get(a) + Reader().read(bx);
}
"#,
    );
}

#[test]
fn nested_namespace_template_instances_see_the_outer_namespaces() {
    // Instances of a::b::S and a::b::g find names of `a` (a function and a class) as well
    // as of `a::b`; nvcc's names at -O0 with -rdc=true.
    let m = lower_ok(
        r#"
namespace a {
__device__ int outer_helper(int x) { return x + 100; }
struct Outer { int v; };
namespace b {
__device__ int inner_helper(int x) { return x * 2; }
template <class T> struct S {
    T v;
    __device__ T f() const { Outer o{3}; return inner_helper(v) + outer_helper(v) + o.v; }
};
template <class T> __device__ T g(T x) { Outer o{1}; return outer_helper(x) + o.v; }
}
}
__global__ void k(int *o) { a::b::S<int> s{o[0]}; o[1] = s.f() + a::b::g(o[2]); }
"#,
    );
    for name in [
        "_ZNK1a1b1SIiE1fEv",
        "_ZN1a1b1gIiEET_S2_",
        "_ZN1a1b12inner_helperEi",
        "_ZN1a12outer_helperEi",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn device_arrays_of_constexpr_classes_default_construct_the_rest() {
    // `__device__ V g[3] = {V(1, 2), {3, 4}};`: g[2] is V() = (7, 8), as nvcc's .b8 list.
    let src = r#"
struct V { float x, y;
  __host__ __device__ constexpr V() : x(7), y(8) {}
  __host__ __device__ constexpr V(float a, float b) : x(a), y(b) {} };
__device__ V g[3] = {V(1, 2), {3, 4}};
__global__ void k(float *o) { o[0] = g[0].x + g[1].y * 10 + g[2].x * 100; }
"#;
    let out = oxicc::compile("g.cu", src, &oxicc::Options::default());
    let ptx = out.text.expect("compiles");
    assert_ptxas_accepts(&ptx, 75, "g.cu");
    let bytes: Vec<String> = [1.0f32, 2.0, 3.0, 4.0, 7.0, 8.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .map(|b| b.to_string())
        .collect();
    let want = format!(".b8 g[24] = {{{}}};", bytes.join(", "));
    assert!(ptx.contains(&want), "wanted {want} in\n{ptx}");
}

#[test]
fn unevaluated_conditionals_leave_no_blocks_behind() {
    // `decltype(auto)` of a parenthesized element lowers the operand once more only for its
    // type; the arms and join of its `?:` must not stay in the function (they used values
    // of the discarded scratch block, and the IR did not verify).
    let m = lower_ok(
        r#"
struct View { float* data; int n;
    __device__ decltype(auto) at(int i) { return (data[i < 0 ? 0 : (i >= n ? n - 1 : i)]); } };
__global__ void k(float* o, int n) { View v{o, n}; v.at(3) = 1.0f; }
"#,
    );
    has_function(&m, "_ZN4View2atEi");
}

#[test]
fn nullptr_initializes_device_pointers_and_pointer_arrays() {
    // `nullptr` in a `__device__` pointer's initializer is the null pointer (it used to
    // be "expression must have a constant value"). The declarations are nvcc's for the
    // same file (`nvcc -ptx -arch=sm_90`): no initializer where every byte is zero.
    let src = "typedef int (*F)(int);
         __device__ int twice(int x) { return 2 * x; }
         __device__ const int *p[2] = {nullptr, 0};
         __device__ int *q = nullptr;
         __device__ F table[2] = {twice, nullptr};
         __global__ void g(int *o) {
           o[0] = (p[0] == nullptr) + (q == 0) + (table[1] == nullptr);
           o[1] = table[0](o[2]);
         }";
    let out = oxicc::compile("t.cu", src, &oxicc::Options::default());
    let ptx = out.text.unwrap_or_else(|| panic!("{:#?}", out.diagnostics));
    for want in [
        ".global .align 8 .b8 p[16];",
        ".global .align 8 .u64 q;",
        ".global .align 8 .u64 table[2] = {_Z5twicei, 0};",
    ] {
        assert!(ptx.contains(want), "{want}\n{ptx}");
    }
    assert_ptxas_accepts(&ptx, 75, "nullptr_initializers");
}
