//! Lowering of C++ value semantics beyond single objects: arrays of class objects (element
//! construction, destruction, member arrays), temporaries of one arm of `?:`/`&&`/`||`,
//! `std::initializer_list` objects, `decltype(auto)`, and friend declarations that only
//! grant access. Function names are nvcc's (from `nvcc -ptx -rdc=true` on the same source);
//! call counts are what C++'s rules require of the unoptimized lowering.

mod sema_common;
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
