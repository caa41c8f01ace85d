//! Expression parsing: C precedence and associativity, casts versus parenthesized
//! expressions (decided by the type-name scopes), C++ casts, `sizeof`, postfix chains.
//! Expected forms are written by hand from the C grammar.

use crate::parse_common;
use parse_common::expr_form;

fn e(src: &str) -> String {
    expr_form("", src)
}

#[test]
fn binary_precedence_and_associativity() {
    assert_eq!(e("a + b * c"), "(+ a (* b c))");
    assert_eq!(e("a * b + c"), "(+ (* a b) c)");
    assert_eq!(e("a - b - c"), "(- (- a b) c)");
    assert_eq!(e("a / b % c * d"), "(* (% (/ a b) c) d)");
    assert_eq!(e("a << b + c"), "(<< a (+ b c))");
    assert_eq!(e("a >> 1 >> 2"), "(>> (>> a 1) 2)");
    assert_eq!(e("a < b == c < d"), "(== (< a b) (< c d))");
    assert_eq!(e("a <= b != c >= d"), "(!= (<= a b) (>= c d))");
    assert_eq!(e("a > b"), "(> a b)");
    assert_eq!(e("a & b ^ c | d"), "(| (^ (& a b) c) d)");
    assert_eq!(e("a | b ^ c & d"), "(| a (^ b (& c d)))");
    assert_eq!(e("a || b && c"), "(|| a (&& b c))");
    assert_eq!(e("a && b || c && d"), "(|| (&& a b) (&& c d))");
    assert_eq!(e("a == b & c"), "(& (== a b) c)");
    assert_eq!(e("(a, b)"), "(, a b)");
    assert_eq!(e("(a, b, c)"), "(, (, a b) c)");
}

#[test]
fn assignment_and_conditional() {
    assert_eq!(e("a = b"), "(= a b)");
    assert_eq!(e("a = b = c"), "(= a (= b c))");
    assert_eq!(e("a += b -= c"), "(+= a (-= b c))");
    assert_eq!(e("a >>= 2"), "(>>= a 2)");
    assert_eq!(e("a <<= 2"), "(<<= a 2)");
    assert_eq!(e("a %= 3"), "(%= a 3)");
    assert_eq!(e("a &= b |= c ^= d"), "(&= a (|= b (^= c d)))");
    assert_eq!(e("a *= b /= c"), "(*= a (/= b c))");
    assert_eq!(e("a ? b : c"), "(? a b c)");
    assert_eq!(e("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(e("a ? b ? c : d : e"), "(? a (? b c d) e)");
    assert_eq!(e("a || b ? c : d"), "(? (|| a b) c d)");
    assert_eq!(e("a ? b : c = d"), "(? a b (= c d))");
    assert_eq!(e("a ? b, c : d"), "(? a (, b c) d)");
}

#[test]
fn unary_and_postfix() {
    assert_eq!(e("-a++"), "(- (post++ a))");
    assert_eq!(e("*p++"), "(deref (post++ p))");
    assert_eq!(e("++*p"), "(pre++ (deref p))");
    assert_eq!(e("!~-+a"), "(! (~ (- (+ a))))");
    assert_eq!(e("&a[3]"), "(addr (index a 3))");
    assert_eq!(e("- -a"), "(- (- a))");
    assert_eq!(e("a--"), "(post-- a)");
    assert_eq!(e("--a"), "(pre-- a)");
    assert_eq!(e("p->x.y[3]"), "(index (. (-> p x) y) 3)");
    assert_eq!(e("f(a, b)(c)"), "(call (call f a b) c)");
    assert_eq!(e("f()"), "(call f)");
    assert_eq!(e("f((a, b), c)"), "(call f (, a b) c)");
    assert_eq!(e("a[i][j]"), "(index (index a i) j)");
    assert_eq!(e("-a * b"), "(* (- a) b)");
    assert_eq!(
        e("threadIdx.x + blockIdx.x * blockDim.x"),
        "(+ (. threadIdx x) (* (. blockIdx x) (. blockDim x)))"
    );
}

#[test]
fn casts_and_sizeof() {
    let td = "typedef float T; struct S { int a; };";
    assert_eq!(expr_form(td, "(T)x"), "(cast T x)");
    assert_eq!(expr_form(td, "(T)-1"), "(cast T (- 1))");
    assert_eq!(expr_form(td, "(x)-1"), "(- x 1)");
    assert_eq!(expr_form(td, "(x)(1)"), "(call x 1)");
    assert_eq!(expr_form(td, "(const T *)p"), "(cast (* (const T)) p)");
    assert_eq!(
        expr_form(td, "(unsigned long long)x << 2"),
        "(<< (cast unsigned-long-long x) 2)"
    );
    assert_eq!(expr_form(td, "(int)(float)x"), "(cast int (cast float x))");
    assert_eq!(expr_form(td, "(S *)p"), "(cast (* struct S) p)");
    assert_eq!(expr_form(td, "(struct S *)p"), "(cast (* struct S) p)");
    assert_eq!(expr_form(td, "(int (*)[4])p"), "(cast (* (array int 4)) p)");
    assert_eq!(
        expr_form(td, "(void (*)(int))p"),
        "(cast (* (fn-type void (params (_ int)))) p)"
    );
    assert_eq!(expr_form(td, "sizeof(T)"), "(sizeof-type T)");
    assert_eq!(
        expr_form(td, "sizeof(int[4])"),
        "(sizeof-type (array int 4))"
    );
    assert_eq!(expr_form(td, "sizeof x"), "(sizeof x)");
    assert_eq!(expr_form(td, "sizeof(x) + 1"), "(+ (sizeof x) 1)");
    assert_eq!(expr_form(td, "sizeof(T) * 2"), "(* (sizeof-type T) 2)");
    assert_eq!(expr_form(td, "sizeof -x"), "(sizeof (- x))");
    assert_eq!(expr_form(td, "sizeof *p"), "(sizeof (deref p))");
    assert_eq!(expr_form(td, "alignof(double)"), "(alignof double)");
}

#[test]
fn cxx_casts() {
    let td = "typedef float T;";
    assert_eq!(expr_form(td, "int(x)"), "(cast int x)");
    assert_eq!(expr_form(td, "float(a + b)"), "(cast float (+ a b))");
    assert_eq!(expr_form(td, "T(x) * 2"), "(* (cast T x) 2)");
    assert_eq!(expr_form(td, "unsigned()"), "(cast unsigned 0)");
    assert_eq!(expr_form(td, "(int(x) + 1)"), "(+ (cast int x) 1)");
    assert_eq!(expr_form(td, "static_cast<int>(f)"), "(static_cast int f)");
    assert_eq!(
        expr_form(td, "reinterpret_cast<float *>(p)"),
        "(reinterpret_cast (* float) p)"
    );
    assert_eq!(
        expr_form(td, "const_cast<int *>(p)"),
        "(const_cast (* int) p)"
    );
    assert_eq!(
        expr_form(td, "static_cast<unsigned>(x) >> 1"),
        "(>> (static_cast unsigned x) 1)"
    );
}

#[test]
fn type_names_shadowed_by_variables() {
    // Inside the function `T` is a variable, so `(T)*3` is a multiplication.
    let src = "typedef int T;\n__device__ void f() { int T = 2; __x = (T)*3; }";
    let dump = parse_common::parse_ok(src);
    assert!(dump.contains("(expr (= __x (* T 3)))"), "{dump}");
    // Outside that scope it is a type again.
    let src = "typedef int T;\n__device__ void f() { { int T = 2; } __x = (T)*p; }";
    let dump = parse_common::parse_ok(src);
    assert!(dump.contains("(expr (= __x (cast T (deref p))))"), "{dump}");
    // A parameter hides a typedef too.
    let src = "typedef int T;\n__device__ void f(int T) { __x = (T) - 1; }";
    let dump = parse_common::parse_ok(src);
    assert!(dump.contains("(expr (= __x (- T 1)))"), "{dump}");
}

#[test]
fn literals_in_expressions() {
    assert_eq!(
        e("0x1Fu + 10ul + 7LL + 3llu"),
        "(+ (+ (+ 31u 10ul) 7ll) 3ull)"
    );
    assert_eq!(e("1.5f + 2.0 + 1e3 + .5L"), "(+ (+ (+ 1.5f 2.0) 1e3) .5)");
    assert_eq!(e("'a' + '\\n'"), "(+ (char 97) (char 10))");
    assert_eq!(e("\"ab\" \"cd\""), "\"abcd\"");
    assert_eq!(e("true && !false"), "(&& true (! false))");
    assert_eq!(e("p == nullptr"), "(== p nullptr)");
    assert_eq!(e("1'000'000"), "1000000");
}
