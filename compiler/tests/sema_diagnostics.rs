//! Diagnostics of sema: one bad snippet per error kind; the messages follow nvcc's wording
//! (checked against `nvcc -ptx` output for the same snippets), the position is the line and
//! column of the offending construct.

use crate::sema_common;
use sema_common::*;

/// Asserts that lowering `src` fails with a diagnostic at `line:col` containing `msg`.
fn expect(src: &str, line_col: &str, msg: &str) {
    let d = lower_err(src);
    assert!(
        d.iter()
            .any(|x| x.starts_with(&format!("{line_col}:")) && x.contains(msg)),
        "wanted `{line_col}: …{msg}…`, got {d:#?}"
    );
}

#[test]
fn undeclared_identifier() {
    expect(
        "__device__ int f() {\n  return y;\n}",
        "2:10",
        "identifier \"y\" is undefined",
    );
}

#[test]
fn remainder_of_floats() {
    expect(
        "__device__ float g(float a, float b) { return a % b; }",
        "1:47",
        "expression must have integral or unscoped enum type",
    );
}

#[test]
fn assignment_to_const_and_to_rvalue() {
    expect(
        "__device__ void h() { const int c = 1; c = 2; }",
        "1:40",
        "expression must be a modifiable lvalue",
    );
    expect(
        "__device__ void h2(int a) { a + 1 = 3; }",
        "1:29",
        "expression must be a modifiable lvalue",
    );
}

#[test]
fn wrong_argument_counts() {
    let d = lower_err(
        "__device__ int f1(int x) { return x; }\n__device__ void h3() { f1(); f1(1, 2); }",
    );
    assert!(
        d.iter()
            .any(|x| x.contains("too few arguments in function call")),
        "{d:?}"
    );
    assert!(
        d.iter()
            .any(|x| x.contains("too many arguments in function call")),
        "{d:?}"
    );
}

#[test]
fn return_type_mismatches() {
    expect(
        "__device__ void v() { return 1; }",
        "1:30",
        "return value type does not match the function type",
    );
    expect(
        "__device__ int* r2(const int* p) { return p; }",
        "1:43",
        "return value type does not match the function type",
    );
    expect(
        "__global__ int k() { return 0; }",
        "1:1",
        "a __global__ function must have a void return type",
    );
}

#[test]
fn shared_with_initializer() {
    expect(
        "__device__ void sh() { __shared__ int s = 3; }",
        "1:24",
        "initializer not allowed for __shared__ variable",
    );
    expect(
        "__shared__ float t[4] = {1};",
        "1:1",
        "initializer not allowed for __shared__ variable",
    );
}

#[test]
fn incompatible_pointer_conversions() {
    expect(
        "__device__ void pc(const float* p) { float* q = p; }",
        "1:49",
        "a value of type \"const float *\" cannot be used to initialize an entity of type \"float *\"",
    );
    expect(
        "__device__ void pc(const float* p) { float* q; q = p; }",
        "1:52",
        "a value of type \"const float *\" cannot be assigned to an entity of type \"float *\"",
    );
    expect(
        "__device__ void pf(float* x) {}\n__device__ void pa(const float* p) { pf(p); }",
        "2:41",
        "argument of type \"const float *\" is incompatible with parameter of type \"float *\"",
    );
    expect(
        "__device__ void bi() { int x = 0; int* p = x; }",
        "1:44",
        "a value of type \"int\" cannot be used to initialize an entity of type \"int *\"",
    );
}

#[test]
fn constant_expressions() {
    expect(
        "__device__ void cx(int n) { int a[n]; }",
        "1:35",
        "expression must have a constant value",
    );
    expect(
        "__device__ void dz() { int a[1 / 0]; }",
        "1:30",
        "expression must have a constant value",
    );
    let d = lower_err("__device__ void dz() { int a[1 / 0]; }");
    assert!(d.iter().any(|x| x.contains("division by zero")), "{d:?}");
    expect(
        "__device__ void sw(int x, int y) { switch (x) { case y: break; } }",
        "1:54",
        "expression must have a constant value",
    );
}

#[test]
fn array_sizes() {
    expect(
        "__device__ void ar() { int a[-1]; }",
        "1:30",
        "the size of an array must be greater than zero",
    );
    expect(
        "__device__ int big[1099511627776];",
        "1:20",
        "array is too large",
    );
}

#[test]
fn statements_out_of_place() {
    expect(
        "__device__ void br() { break; }",
        "1:24",
        "a break statement may only be used within a loop or switch",
    );
    expect(
        "__device__ void co() { continue; }",
        "1:24",
        "a continue statement may only be used within a loop",
    );
    expect(
        "__device__ void sw(int x) { switch (x) { case 1: case 1: break; } }",
        "1:50",
        "case label value has already appeared in this switch",
    );
}

#[test]
fn execution_space_errors() {
    expect(
        "int hostf(int a);\n__global__ void kk(int* p) { p[0] = hostf(1); }",
        "2:37",
        "calling a __host__ function(\"hostf(int)\") from a __global__ function(\"kk\") is not allowed",
    );
    expect(
        "__global__ void kk(int* p) { kk(p); }",
        "1:30",
        "a __global__ function call must be configured",
    );
    expect(
        "int host_var = 3;\n__global__ void k(int* p) { p[0] = host_var; }",
        "2:36",
        "identifier \"host_var\" is undefined in device code",
    );
}

#[test]
fn member_and_pointer_errors() {
    expect(
        "__device__ void st() { struct S { int a; } s; s.b = 1; }",
        "1:49",
        "class \"S\" has no member \"b\"",
    );
    expect(
        "__device__ void dr() { int a = 0; *a = 1; }",
        "1:35",
        "operand of \"*\" must be a pointer but has type \"int\"",
    );
    expect(
        "__device__ void cl() { int a = 0; a(); }",
        "1:35",
        "expression preceding parentheses of apparent call must have (pointer-to-) function type",
    );
}

#[test]
fn unsupported_features_say_so() {
    // A device function that the built-in headers declare and nothing implements: not
    // here, and not through the `oxicc` command either (the math library links its units
    // there, so a math function such as `lgammaf` is no example of this).
    expect(
        "#include <cuda_runtime.h>\n__global__ void k() { __brkpt(); }",
        "2:23",
        "the device function \"__brkpt\" is not supported yet",
    );
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    // Deep enough to pass the parser's limit check path or ours; never a stack overflow.
    let mut s = String::from("__device__ int f(int x) { return ");
    for _ in 0..300 {
        s.push_str("-(");
    }
    s.push('x');
    for _ in 0..300 {
        s.push(')');
    }
    s.push_str("; }");
    let _ = lower(&s);
}

#[test]
fn host_device_calling_host_is_a_warning() {
    // nvcc: warning #20011-D, and the device code after the call is dropped.
    let m = lower_ok(
        "int h(int x);\n__host__ __device__ int hd(int x) { return h(x); }\n__global__ void k(int* p) { p[0] = hd(p[1]); }",
    );
    assert!(m.function_by_name("_Z1hi").is_none());
}

#[test]
fn library_functions_without_an_implementation_are_reported() {
    // `__lanemask_lt` is declared by oxicc's built-in headers but not implemented yet
    // (`__fsqrt_rz`, the example before, is implemented by the math library since).
    expect(
        "#include <cuda_runtime.h>\n__global__ void k(unsigned* p) { p[0] = __lanemask_lt(); }",
        "2:41",
        "the device function \"__lanemask_lt\" is not supported yet",
    );
    // A user's undefined device function stays an external call, as in nvcc.
    lower_ok("__device__ int f(int);\n__global__ void k(int* p) { p[0] = f(p[1]); }");
}

#[test]
fn string_initializer_needs_room_for_the_nul() {
    expect(
        "__device__ char s[3] = \"abc\";",
        "1:24",
        "a value of type \"const char [4]\" cannot be used to initialize an entity of type \"char [3]\"",
    );
}

#[test]
fn a_failed_declaration_does_not_cascade() {
    // nvcc reports the bad bound only, not later uses of `a`.
    let d = lower_err("__device__ int f() {\n  int a[-4];\n  return a[0];\n}");
    assert_eq!(
        d,
        vec!["2:9: the size of an array must be greater than zero".to_string()]
    );
    let d = lower_err("__device__ void g() {\n  __shared__ int s = 3;\n  s = 4;\n}");
    assert_eq!(d.len(), 1, "{d:?}");
}
