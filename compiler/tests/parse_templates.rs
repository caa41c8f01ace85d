//! Template parsing: template declarations (type, non-type, pack and defaulted parameters),
//! explicit instantiations and specializations, template-ids in expressions and types,
//! `>` closing argument lists, packs, folds, `sizeof...`, `if constexpr`, `static_assert`.
//! Snapshots of the compact AST print (form only).

use crate::parse_common;
use parse_common::parse_ok;

#[test]
fn function_templates_and_explicit_instantiation() {
    insta::assert_snapshot!(parse_ok(
        "template <typename T, int BLOCK = 128>
         __global__ void k(const T* in, T* out) { out[0] = in[BLOCK - 1]; }
         template __global__ void k<float, 64>(const float*, float*);
         template <class T> __device__ T twice(T x) { return twice<T>(x) + x; }"
    ));
}

#[test]
fn template_ids_close_on_greater_and_shift() {
    insta::assert_snapshot!(parse_ok(
        "template <typename T> struct Box { T v; };
         template <int N> __device__ int f() { return N; }
         __device__ int g(int a, int b) {
             Box<Box<int>> bb;
             return f<(3 > 2)>() + f<4>() + (a > b) + (a >> 1);
         }"
    ));
}

#[test]
fn packs_folds_and_sizeof_pack() {
    insta::assert_snapshot!(parse_ok(
        "template <typename T, typename... Rest>
         __device__ T vsum(T x, Rest... rest) { return x + vsum(rest...); }
         template <typename... Ts>
         __device__ int n(Ts... xs) { return (0 ^ ... ^ xs) + (xs + ...) + (... * xs)
                                             + sizeof...(Ts); }"
    ));
}

#[test]
fn if_constexpr_and_static_assert() {
    insta::assert_snapshot!(parse_ok(
        "static_assert(sizeof(int) == 4, \"int\");
         template <typename T> __device__ T h(T x) {
             static_assert(sizeof(T) >= 1);
             if constexpr (sizeof(T) == 8) { return x; } else { return x + x; }
         }"
    ));
}

#[test]
fn member_less_than_or_template_id_by_the_objects_class() {
    // `s.f < 3` compares (S's `f` is a data member) although A has a member template `f`;
    // `a.f<2>(x)` and `r.f<3>(x)` (A's, through a reference) are template-ids.
    insta::assert_snapshot!(parse_ok(
        "struct A { template <int N> __device__ int f(int x) const { return x * N; } };
         struct S { int f; };
         template <class T> struct B { T f; };
         __device__ int g(S s, const A& r, int x) {
             B<int> b{x};
             S* p = &s;
             return (s.f < 3) + (b.f < 4) + (p->f < 5) + (s.f < 3 > (x)) + r.f<3>(x);
         }"
    ));
}
