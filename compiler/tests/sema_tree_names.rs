//! Qualified names used as expressions in the typed tree (session 16): a namespace's
//! variable and constant, a static data member and enumerators named through their
//! namespace or enum take the typed path, with the values the declarations give, and
//! lower to the same PTX as in one walk; a data member named through its class and a
//! static member of a class template instance stay in one walk.

use crate::sema_tree_support::{same_ptx_both_ways, sema};

#[test]
fn qualified_variables_constants_and_enumerators_take_the_typed_path() {
    let src = "namespace ns { __device__ int counter; constexpr int k = 7; enum Color { Red = 2, Green = 5 }; }
         struct S { static constexpr int n = 11; };
         __device__ int g(int x) { ns::counter += x; return ns::k * x + ns::Green + S::n + ns::Color::Red; }
         __global__ void k(int *p) { p[0] = g(p[1]); }";
    let text = sema(src);
    for line in [
        "Function g (int) -> `int`\n  Expr\n    CompoundAssign Add in `int` : `int` prvalue\n      Name counter : `int` lvalue\n",
        "            Const Int { value: 7, kind: Int } : `int` prvalue\n",
        "            Const Int { value: 5, kind: Int } : `Color` prvalue\n",
        "        Const Int { value: 11, kind: Int } : `int` prvalue\n",
        "        Const Int { value: 2, kind: Int } : `Color` prvalue\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "qualified_names");
}

#[test]
fn data_members_through_their_class_and_template_members_stay_in_one_walk() {
    let src = "struct B { int v; };
         struct D : B { __device__ int get() { return B::v; } };
         template <class T> struct W { static constexpr int n = sizeof(T); };
         __device__ int h(int x) { return x + W<double>::n; }
         __global__ void k(int *p) { D d; d.v = p[0]; p[1] = d.get() + h(p[2]); }";
    let text = sema(src);
    for line in [
        "Function get () -> `int` lowered in one walk: a qualified name of this kind\n",
        "Function h (int) -> `int` lowered in one walk: a qualified name of this kind\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "qualified_names_one_walk");
}
