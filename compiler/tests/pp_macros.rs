//! Macro expansion tests. Expected outputs are the results printed in the C standard
//! (C11 6.10.3.5 examples 3, 4, 5, 7; C++20 [cpp.subst] for `__VA_OPT__`) or worked out
//! by hand from the rules; they are compared token by token, ignoring layout.

use crate::pp_support;
use pp_support::{check, norm, run, run_with};

#[test]
fn object_and_function_like() {
    check("#define N 10\nint a[N];", "int a[10];");
    check("#define SQ(x) ((x)*(x))\nSQ(a+1)", "((a+1)*(a+1))");
    check("#define F(x) x\nF", "F");
    check("#define F(x) [x]\nF (1) F\n(2)", "[1] [2]");
    check("#define E\n<E>", "< >");
    check("#define P (1)\nP", "(1)");
    check("#define G() g\nG() G( )", "g g");
    check("#define F(a, b) a + b\nF((1, 2), [3])", "(1, 2) + [3]");
    // Only parentheses group: the comma inside brackets separates arguments.
    let r = run("#define F(a, b) a + b\nF((1, 2), [3, 4])");
    assert_eq!(r.text(), "");
    assert_eq!(
        r.diag_lines(),
        vec![
            "main.cu:2:1: error: macro \"F\" passed 3 arguments, but takes just 2",
            "main.cu:1:9: note: macro \"F\" defined here"
        ]
    );
}

#[test]
fn recursion_stops_with_hide_sets() {
    check("#define foo foo\nfoo", "foo");
    check("#define a b\n#define b a\na b", "a b");
    check("#define f(x) f(x)\nf(f(1))", "f(f(1))");
    check("#define f(x) x g\n#define g f\nf(1)(2)", "1 f(2)");
}

/// Cases where the C standard leaves room and implementations differ; nvcc preprocesses
/// with gcc, so the expected outputs are gcc 12's (`gcc -E -P`, checked by hand).
#[test]
fn rescanning_matches_gcc() {
    check("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "2*9*g");
    check(
        "#define AA(x) x BB\n#define BB(x) AA(x)\nAA(1)(2)(3)(4)",
        "1 2 BB(3)(4)",
    );
    check("#define h g(h)\n#define g(x) x\nh", "h");
    // Deferred expansion (the EVAL/DEFER idiom): expands one more step, as gcc does.
    check(
        "#define EMPTY()\n#define DEFER(id) id EMPTY()\n#define EXPAND(...) __VA_ARGS__\n\
         #define A() 123\nDEFER(A)() EXPAND(DEFER(A)())\n\
         #define REPEAT_INDIRECT() REPEAT\n#define REPEAT(n) n REPEAT_INDIRECT EMPTY() () (n)\n\
         EXPAND(REPEAT(1))",
        "A () 123 1 1 REPEAT_INDIRECT () (1)",
    );
    check("#define OBJ (1 + OBJ)\nOBJ", "(1 + OBJ)");
    check(
        "#define FN(x) FN(x) + x\nFN(FN(2))",
        "FN(FN(2) + 2) + FN(2) + 2",
    );
    check(
        "#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n\
         #define join(c, d) in_between(c hash_hash d)\njoin(x, y)",
        "\"x ## y\"",
    );
    check(
        "#define LPAREN (\n#define F1(x, y) x + y\n#define ELLIP_FUNC(...) __VA_ARGS__\n\
         ELLIP_FUNC(F1, LPAREN, 'a', 'b', ')');",
        "F1, (, 'a', 'b', ')';",
    );
    check(
        "#define COUNT(...) COUNT_(__VA_ARGS__, 3, 2, 1, 0)\n#define COUNT_(a, b, c, n, ...) n\n\
         COUNT(x) COUNT(x, y) COUNT(x, y, z)",
        "1 2 3",
    );
}

#[test]
fn c11_example_3() {
    let src = r#"
#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"#;
    let expected = r#"
f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };
"#;
    check(src, expected);
}

#[test]
fn c11_example_4() {
    let src = r#"
#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"#;
    let expected = r#"
printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
from_vers2
"hello";
"hello" ", world"
"#;
    let r = run_with(src, &[("vers2.h", "from_vers2\n")], &Default::default());
    assert_eq!(r.text(), norm(expected));
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
}

#[test]
fn c11_example_5_placemarkers() {
    check(
        "#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n t(10,,), t(,11,), t(,,12), t(,,) };",
        "int j[] = { 123, 45, 67, 89, 10, 11, 12, };",
    );
}

#[test]
fn c11_example_7_variadic() {
    let src = r#"
#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"#;
    let expected = r#"
fprintf(stderr, "Flag");
fprintf(stderr, "X = %d\n", x);
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
"#;
    check(src, expected);
}

#[test]
fn cpp20_va_opt() {
    let src = r#"
#define F(...) f(0 __VA_OPT__(,) __VA_ARGS__)
#define G(X, ...) f(0, X __VA_OPT__(,) __VA_ARGS__)
#define SDEF(sname, ...) S sname __VA_OPT__(= { __VA_ARGS__ })
#define EMP
F(a,b,c)
F()
F(EMP)
G(a,b,c)
G(a,)
G(a)
SDEF(foo);
SDEF(bar, 1, 2);
#define H2(X, Y, ...) __VA_OPT__(X ## Y,) __VA_ARGS__
H2(a, b, c, d)
#define H3(X, ...) #__VA_OPT__(X##X X##X)
H3(, 0)
#define H4(X, ...) __VA_OPT__(a X ## X) ## b
H4(, 1)
#define H5A(...) __VA_OPT__()/**/__VA_OPT__()
#define H5B(X) a ## X ## b
#define H5C(X) H5B(X)
H5C(H5A())
"#;
    let expected = r#"
f(0, a, b, c)
f(0)
f(0)
f(0, a, b, c)
f(0, a)
f(0, a)
S foo;
S bar = { 1, 2 };
ab, c, d
""
a b
ab
"#;
    check(src, expected);
}

#[test]
fn gnu_comma_paste_and_named_variadics() {
    let src = r#"
#define LOG(fmt, ...) printf(fmt, ##__VA_ARGS__)
LOG("a");
LOG("b", 1, 2);
#define E(args...) g(args)
E(1, 2)
"#;
    check(src, r#"printf("a"); printf("b", 1, 2); g(1, 2)"#);
}

#[test]
fn stringize_spacing_and_escapes() {
    check(
        "#define S(x) #x\nS(  a   +\n  b  ) S(\"q\\n\") S('\"') S(L\"w\")",
        r#""a + b" "\"q\\n\"" "'\"'" "L\"w\"""#,
    );
}

#[test]
fn pasting_forms_tokens() {
    check(
        "#define C(a,b) a##b\nC(x,1) C(1,e) C(+,=) C(<,<) C(.,5) C(-,>)",
        "x1 1e += << .5 ->",
    );
    // A pasted name is rescanned.
    check("#define C(a,b) a##b\n#define xy 42\nC(x,y)", "42");
    // `>>` stays two joined `>` tokens.
    let r = run("#define C(a,b) a##b\nC(>,>)");
    assert_eq!(r.text(), ">>".replace(">>", "> >"));
    assert!(r.tokens()[0].joined_next);
}

#[test]
fn arguments_are_expanded_before_substitution_but_not_for_hash() {
    check(
        "#define A 1\n#define S(x) #x\n#define XS(x) S(x)\n#define C(x) x ## 2\nS(A) XS(A) C(A)",
        r#""A" "1" A2"#,
    );
}

#[test]
fn function_like_name_from_expansion_takes_file_arguments() {
    check("#define f(x) (x)\n#define g f\ng(1)", "(1)");
    check("#define f(x) (x)\n#define g f (\ng 2)", "(2)");
}

#[test]
fn undef_and_redefinition() {
    check("#define A 1\n#undef A\nA", "A");
    check("#define A 1\n#define A 1\nA", "1");
    let r = run("#define A 1\n#define A 2\nA");
    assert_eq!(r.text(), "2");
    assert!(
        r.diag_lines()[0].contains("warning: \"A\" redefined"),
        "{:?}",
        r.diag_lines()
    );
}

#[test]
fn dynamic_macros() {
    check(
        "a __LINE__\nb __LINE__\n#define L __LINE__\n\nL",
        "a 1 b 2 5",
    );
    check("__FILE__", "\"main.cu\"");
    check("__COUNTER__ __COUNTER__ __COUNTER__", "0 1 2");
    check("#line 100\n__LINE__\n__LINE__", "100 101");
    check("#line 7 \"x.cu\"\n__LINE__ __FILE__", "7 \"x.cu\"");
    check("#ifdef __has_include\nyes\n#endif", "yes");
}

#[test]
fn pragma_unroll_and_pragma_operator() {
    check("#pragma unroll\nfor", "__pragma_unroll ( ) ; for");
    check(
        "#define N 4\n#pragma unroll N\nfor",
        "__pragma_unroll ( N ) ; for",
    );
    check(
        "#pragma unroll 2 * 2\nfor",
        "__pragma_unroll ( 2 * 2 ) ; for",
    );
    check(
        "#define U _Pragma(\"unroll 8\") for\nU",
        "__pragma_unroll ( 8 ) ; for",
    );
    check("#pragma omp parallel for\nx #pragma", "x # pragma");
    check(
        "#define P(x) _Pragma(#x)\nP(unroll) y",
        "__pragma_unroll ( ) ; y",
    );
}

#[test]
fn push_and_pop_macro() {
    check(
        "#define X 1\n#pragma push_macro(\"X\")\n#undef X\n#define X 2\nX\n#pragma pop_macro(\"X\")\nX",
        "2 1",
    );
}

#[test]
fn predefined_macros() {
    check(
        "__CUDACC__ __NVCC__ __CUDA_ARCH__ __cplusplus __CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ __LP64__",
        "1 1 750 201703L 13 5 1",
    );
    let opts = oxicc::Options {
        sm: 90,
        defines: vec![("FOO".into(), None), ("BAR".into(), Some("a b".into()))],
        undefines: vec!["__NVCC__".into()],
        ..Default::default()
    };
    let r = run_with("__CUDA_ARCH__ FOO BAR __NVCC__", &[], &opts);
    assert_eq!(r.text(), "900 1 a b __NVCC__");
}
