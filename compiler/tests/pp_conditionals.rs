//! `#if` arithmetic and conditional groups. Each expression's expected truth value is
//! computed here in plain Rust with the C rule it exercises (intmax_t/uintmax_t, usual
//! arithmetic conversions), not taken from the preprocessor.

// The expected values are written as the Rust counterparts of the C expressions, some of
// which are constant comparisons on purpose.
#![allow(
    clippy::absurd_extreme_comparisons,
    clippy::bad_bit_mask,
    clippy::nonminimal_bool,
    unused_comparisons
)]

use crate::pp_support;
use pp_support::{check, norm, run};

/// True when `#if expr` takes its branch (and produces no diagnostics).
fn if_true(expr: &str) -> bool {
    let r = run(&format!("#if {expr}\nyes\n#else\nno\n#endif\n"));
    assert!(r.diag_lines().is_empty(), "{expr}: {:?}", r.diag_lines());
    match r.text().as_str() {
        "yes" => true,
        "no" => false,
        other => panic!("{expr}: unexpected output {other:?}"),
    }
}

#[test]
fn integer_arithmetic() {
    let cases: &[(&str, bool)] = &[
        ("1 + 2 * 3 == 7", 1 + 2 * 3 == 7),
        ("(1 + 2) * 3 == 9", (1 + 2) * 3 == 9),
        ("10 / 3 == 3 && 10 % 3 == 1", 10 / 3 == 3 && 10 % 3 == 1),
        ("-7 / 2 == -3", -7 / 2 == -3),
        ("-7 % 2 == -1", -7 % 2 == -1),
        ("1 << 62 > 0", (1i64 << 62) > 0),
        ("1 << 63 < 0", (1i64 << 63) < 0),
        ("-16 >> 2 == -4", (-16i64 >> 2) == -4),
        (
            "0xffffffffffffffff == -1",
            0xffff_ffff_ffff_ffffu64 == (-1i64) as u64,
        ),
        ("-1 < 0u", (-1i64 as u64) < 0u64),
        ("-1 < 0", -1 < 0),
        ("0x7fffffffffffffff + 1 < 0", i64::MAX.wrapping_add(1) < 0),
        (
            "18446744073709551615u / 2 == 9223372036854775807",
            u64::MAX / 2 == i64::MAX as u64,
        ),
        ("~0u == 18446744073709551615u", !0u64 == u64::MAX),
        ("!0 == 1 && !5 == 0", true),
        ("(2 || 0) == 1 && (2 && 3) == 1", true),
        ("1 ? 2 : 3 == 2", true),
        ("0 ? 2 : 3", true),
        ("(0 ? 1 : -1u) > 0", (u64::MAX) > 0),
        ("'a' == 97 && '\\n' == 10 && '\\377' < 0", true),
        ("1'000'000 == 1000000", true),
        ("0b1010 == 10 && 017 == 15 && 0x1F == 31", true),
        ("(1, 0)", false),
        ("5 & 3 | 8 ^ 2", ((5 & 3) | (8 ^ 2)) != 0),
        ("3 >= 3 && 2 <= 1", false),
        ("10ULL > 9ll && 1L", true),
    ];
    for &(expr, want) in cases {
        assert_eq!(if_true(expr), want, "#if {expr}");
    }
}

#[test]
fn short_circuit_skips_division_by_zero() {
    assert!(!if_true("0 && 1 / 0"));
    assert!(if_true("1 || 1 / 0"));
    assert!(if_true("1 ? 1 : 1 / 0"));
}

#[test]
fn identifiers_and_defined() {
    assert!(!if_true("UNDEFINED_NAME"));
    assert!(if_true("true && !false"));
    assert!(if_true("defined __CUDACC__ && defined(__CUDA_ARCH__)"));
    assert!(!if_true("defined NOPE"));
    assert!(if_true("__CUDA_ARCH__ >= 700"));
    // `defined` produced by a macro (gcc evaluates it).
    check(
        "#define X\n#define HAS_X defined(X)\n#if HAS_X\nyes\n#endif",
        "yes",
    );
    // The operand of defined is not expanded.
    check(
        "#define A B\n#if defined A && !defined B\nyes\n#endif",
        "yes",
    );
}

#[test]
fn has_include_and_friends() {
    assert!(if_true("__has_include(<cuda_runtime.h>)"));
    assert!(if_true("__has_include(\"stdio.h\")"));
    assert!(!if_true("__has_include(<no_such_header.h>)"));
    // clang's feature tests do not exist in gcc 12 (nvcc's preprocessor); we say 0.
    assert!(!if_true("__has_feature(cxx_rvalue_references)"));
    assert!(!if_true("__has_extension(x) || defined(__has_feature)"));
    assert!(if_true(
        "defined(__has_include) && defined(__has_include_next) && defined(__has_builtin) \
         && defined(__has_attribute) && defined(__has_cpp_attribute)"
    ));
}

/// `__has_attribute`, `__has_cpp_attribute` and `__has_builtin` give gcc 12.2's values,
/// in `#if` and in text. Expected values: the output of
/// `g++ -E -P -std=gnu++17` (gcc 12.2.0, the host compiler nvcc 13.5 preprocesses with)
/// on the same lines.
#[test]
fn feature_tests_give_gcc_values() {
    let r = run(concat!(
        "__has_attribute(noinline) __has_attribute(__always_inline__) ",
        "__has_attribute(gnu::aligned) __has_attribute(__gnu__::noinline) ",
        "__has_attribute(clang::noinline) __has_attribute(host) ",
        "__has_attribute(launch_bounds) __has_attribute(fallthrough) ",
        "__has_attribute(unknown_thing)\n",
        "__has_cpp_attribute(nodiscard) __has_cpp_attribute(maybe_unused) ",
        "__has_cpp_attribute(deprecated) __has_cpp_attribute(noreturn) ",
        "__has_cpp_attribute(likely) __has_cpp_attribute(no_unique_address) ",
        "__has_cpp_attribute(carries_dependency) __has_cpp_attribute(__nodiscard__) ",
        "__has_cpp_attribute(gnu::fallthrough) __has_cpp_attribute(clang::fallthrough) ",
        "__has_cpp_attribute(noinline)\n",
        "__has_builtin(__builtin_expect) __has_builtin(__builtin_unreachable) ",
        "__has_builtin(__builtin_assume) __has_builtin(__is_trivially_copyable) ",
        "__has_builtin(__make_integer_seq) __has_builtin(__syncthreads) ",
        "__has_builtin(__builtin_bit_cast) __has_builtin(__builtin_va_arg)\n",
    ));
    assert!(r.diags.list.is_empty(), "{:?}", r.diag_lines());
    assert_eq!(
        r.text(),
        norm(
            "1 1 1 1 0 0 0 201603 0 \
             201907 201603 201309 200809 201803 201803 0 201907 1 0 1 \
             1 1 0 0 0 0 1 0"
        )
    );
    assert!(if_true("__has_cpp_attribute(nodiscard) >= 201603L"));
    assert!(if_true("__has_attribute(noinline) == 1"));
    assert!(!if_true("__has_builtin(__builtin_assume)"));
    let bad = run("#if __has_attribute(1)\n#endif\n#if __has_builtin\n#endif\n");
    assert_eq!(
        bad.diag_lines(),
        vec![
            "main.cu:1:21: error: macro \"__has_attribute\" requires an identifier",
            "main.cu:3:5: error: missing '(' after \"__has_builtin\"",
        ]
    );
    // Only `__has_include` is tied to `#if` (gcc's wording).
    let outside = run("int x = __has_include(<stdio.h>);");
    assert_eq!(
        outside.diag_lines(),
        vec!["main.cu:1:9: error: \"__has_include\" used outside of preprocessing directive"]
    );
}

#[test]
fn groups_and_nesting() {
    check("#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b");
    check("#ifdef X\na\n#else\nb\n#endif\n#ifndef X\nc\n#endif", "b c");
    check(
        "#if 1\n#if 0\na\n#else\nb\n#endif\n#else\n#if 1\nc\n#endif\n#endif",
        "b",
    );
    check("#define X\n#if 0\n#elifdef X\na\n#endif", "a");
    // Skipped groups may hold anything, including bad directives and expressions.
    check(
        "#if 0\n#bogus\n#if 1/0\n#endif\ndon't\n#else\nok\n#endif",
        "ok",
    );
}

#[test]
fn hash_inside_macro_body_is_not_a_directive() {
    check("#define H # define X 1\nH\nX", "# define X 1 X");
}
