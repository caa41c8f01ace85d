//! Preprocessor features seen through a whole compile: `_Pragma("unroll N")` reaches the
//! loop unroller exactly as `#pragma unroll N` does (also from inside a macro), `-D`
//! options and `__CUDA_ARCH__` per target. Every PTX produced is assembled by ptxas.

use crate::ptxas_support;
use ptxas_support::assert_ptxas_accepts;

fn ptx(src: &str, sm: u32, defines: &[(&str, &str)]) -> String {
    let options = oxicc::Options {
        sm,
        opt_level: 3,
        defines: defines
            .iter()
            .map(|(n, v)| (n.to_string(), Some(v.to_string())))
            .collect(),
        ..Default::default()
    };
    let out = oxicc::compile("k.cu", src, &options);
    let text = out
        .text
        .unwrap_or_else(|| panic!("compile failed: {:?}", out.diagnostics));
    assert_ptxas_accepts(&text, sm, "pp_end_to_end");
    text
}

/// A loop of 64 stores after `LOOP_HEAD` (which `pragma` defines to set the unroll factor).
fn kernel(pragma: &str) -> String {
    format!(
        "{pragma}\n__global__ void k(int* p) {{\n  LOOP_HEAD\n  for (int i = 0; i < 64; ++i) p[i] = i * 3;\n}}\n"
    )
}

#[test]
fn pragma_operator_unrolls_like_pragma_directive() {
    let directive =
        |n: u32| kernel("").replace("  LOOP_HEAD\n", &format!("  #pragma unroll {n}\n"));
    // `_Pragma` written directly, and produced by a macro with a stringized operand.
    let operator = |n: u32| kernel(&format!("#define LOOP_HEAD _Pragma(\"unroll {n}\")"));
    let via_macro = |n: u32| {
        kernel(&format!(
            "#define UNROLL(n) _Pragma(#n)\n#define LOOP_HEAD UNROLL(unroll {n})"
        ))
    };
    let one = ptx(&directive(1), 75, &[]);
    let four = ptx(&directive(4), 75, &[]);
    assert_ne!(one, four, "the pragma changes the code");
    assert_eq!(ptx(&operator(1), 75, &[]), one);
    assert_eq!(ptx(&operator(4), 75, &[]), four);
    assert_eq!(ptx(&via_macro(4), 75, &[]), four);
    // CCCL's spelling: the operand is itself a macro call that makes the string
    // (`_Pragma(_CCCL_TO_STRING(x))`), expanded before `_Pragma` reads it.
    let nested = |n: u32| {
        kernel(&format!(
            "#define TO_STRING2(s) #s\n#define TO_STRING(s) TO_STRING2(s)\n\
             #define PRAGMA(a) _Pragma(TO_STRING(a))\n#define LOOP_HEAD PRAGMA(unroll {n})"
        ))
    };
    assert_eq!(ptx(&nested(4), 75, &[]), four);
    assert_eq!(ptx(&nested(1), 75, &[]), one);
}

#[test]
fn cudart_version_matches_the_compiler_version_as_cccl_checks() {
    // CCCL's cuda_toolkit.h: `#error` unless __CUDACC_VER_MAJOR__/MINOR__ equal
    // CUDART_VERSION / 1000 and (CUDART_VERSION % 1000) / 10.
    let src = "#if __CUDACC_VER_MAJOR__ != CUDART_VERSION / 1000 || \
               __CUDACC_VER_MINOR__ != (CUDART_VERSION % 1000) / 10\n\
               #error mismatch\n#endif\n\
               __global__ void k(int* p) { p[0] = CUDART_VERSION; }\n";
    let text = ptx(src, 80, &[]);
    assert!(text.contains("13050"), "{text}");
}

#[test]
fn defines_and_cuda_arch_reach_the_code() {
    let src = "__global__ void k(int* p) { p[0] = VALUE; p[1] = __CUDA_ARCH__; }\n";
    let literal = "__global__ void k(int* p) { p[0] = 1234567; p[1] = ARCH; }\n";
    for sm in [75, 90] {
        let arch = (sm * 10).to_string();
        assert_eq!(
            ptx(src, sm, &[("VALUE", "1234567")]),
            ptx(literal, sm, &[("ARCH", &arch)]),
        );
    }
    let text = ptx(src, 90, &[("VALUE", "1234567")]);
    assert!(text.contains("1234567") && text.contains("900"), "{text}");
}
