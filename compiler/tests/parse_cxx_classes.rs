//! C++ parsing of the classes area: qualified names, namespaces, using-directives and
//! declarations, references, classes with members, constructors, operators. Snapshots of
//! the compact AST print (form only).

mod parse_common;
use parse_common::parse_ok;

#[test]
fn namespaces_nested_anonymous_inline_and_using() {
    insta::assert_snapshot!(parse_ok(
        "namespace a { namespace b { typedef int T; __device__ int f(T x); } }
         namespace a::c { __device__ b::T g(); }
         namespace { __device__ int hidden; }
         inline namespace v1 { struct S { int x; }; }
         using namespace a;
         using a::b::f;
         __device__ int h() { return ::a::b::f(1) + b::f(2) + hidden + sizeof(S) + sizeof(::a::b::T); }"
    ));
}

#[test]
fn qualified_names_in_expressions_and_types() {
    insta::assert_snapshot!(parse_ok(
        "namespace n { struct P { int x; }; __device__ int v; }
         __device__ int f(n::P *p, const n::P &r, n::P &&m) {
             n::P local = n::P(); n::v = n::v + p->x + r.x; return operator+(local, m);
         }"
    ));
}
