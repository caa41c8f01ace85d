//! `wchar_t`, `char16_t` and `char32_t` are types of their own: they mangle as the Itanium
//! ABI says (`w`, `Ds`, `Di`; nvcc's `.entry _Z1kwDsDiPi` for the kernel below), overload
//! apart from `int`, and promote as C++ says (`wchar_t`, `char16_t` to `int`; `char32_t`
//! stays unsigned). Sizes are checked through
//! constant expressions that size local arrays.

use crate::ptxas_support;
use crate::sema_common;
use sema_common::*;

#[test]
fn character_types_mangle_as_nvcc_does() {
    let src = "__global__ void k(wchar_t a, char16_t b, char32_t c, int *p) { *p = a + b + c; }";
    let options = oxicc::Options::default();
    let out = oxicc::compile("chars.cu", src, &options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let ptx = out.text.expect("PTX");
    assert!(ptx.contains(".entry _Z1kwDsDiPi("), "{ptx}");
    ptxas_support::assert_ptxas_accepts(&ptx, options.sm, "character types");
}

#[test]
fn character_types_overload_apart_from_int_and_promote_to_int() {
    let m = lower_ok(
        "__device__ char h(int);
         __device__ double h(wchar_t);
         __device__ int f(wchar_t w, char16_t b, char32_t c) {
           char a[sizeof(w) + sizeof(b) * 10 + sizeof(c) * 100 + sizeof(w + b) * 1000];
           char o[sizeof(h(w)) * 10 + sizeof(h(0))];
           // char32_t arithmetic stays unsigned: 0xF0000000 >> 28 is 15, not -1.
           char u[(char32_t)0xF0000000u >> 28];
           a[0] = 1; o[0] = 2;
           return a[0] + o[0];
         }",
    );
    let f = m
        .functions
        .values()
        .find(|f| f.name == "_Z1fwDsDi")
        .expect("f mangled as _Z1fwDsDi");
    let sizes: Vec<u32> = f.stack_slots.values().map(|s| s.size).collect();
    // 4 + 2 * 10 + 4 * 100 + sizeof(int) * 1000; h(wchar_t) returns a double (8), h(int)
    // a char (1); a logical shift of a char32_t.
    for want in [4424, 81, 15] {
        assert!(
            sizes.contains(&want),
            "no slot of {want} bytes in {sizes:?}"
        );
    }
}
