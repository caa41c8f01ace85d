//! C++ parsing of the classes area: qualified names, namespaces, using-directives and
//! declarations, references, classes with members, constructors, operators. Snapshots of
//! the compact AST print (form only).

use crate::parse_common;
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

#[test]
fn class_members_constructors_operators_and_access() {
    insta::assert_snapshot!(parse_ok(
        "class Fixed {
         public:
             static constexpr int kFrac = 16;
             __device__ explicit Fixed(int r) : raw_(r), other{1} {}
             __device__ Fixed() = default;
             __device__ Fixed operator+(const Fixed &o) const { return Fixed(raw_ + o.raw_); }
             __device__ Fixed &operator+=(Fixed o) { raw_ += o.raw_; return *this; }
             __device__ explicit operator bool() const { return raw_ != 0; }
             __device__ int operator()(int x) const;
             __device__ static Fixed make(int v);
             __device__ ~Fixed() {}
             typedef int raw_type;
         private:
             int raw_ = 0;
             int other;
         };
         struct Other { int o; };
         struct Derived : Fixed, private Other { raw_type r; };
         __device__ int Fixed::operator()(int x) const { return x + raw_; }
         __device__ Fixed Fixed::make(int v) { return Fixed(v); }
         __device__ int use(Fixed f) { Fixed::raw_type t = Fixed::kFrac; return f(t) + (f + f).raw_; }"
    ));
}
