//! Predefined macros: the set nvcc's device pass sees (nvcc's `-D`s plus gcc 12.2's own
//! macros), `-D`/`-U` from the options, and how user definitions interact with gcc's
//! lazily defined macros.

use crate::pp_support;
use pp_support::{check, norm, run, run_with};

/// The device-pass view of a list of macros. Expected text: nvcc 13.5's device
/// preprocessing of the same line, i.e. the command `nvcc -dryrun -ptx -arch=sm_90` shows:
/// `gcc -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=900 -E -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS
/// -D__CUDACC__ -D__NVCC__ -I…/include -isystem …/include/cccl -D__CUDACC_VER_MAJOR__=13
/// -D__CUDACC_VER_MINOR__=5 -D__CUDACC_VER_BUILD__=37 -D__CUDA_API_VER_MAJOR__=13
/// -D__CUDA_API_VER_MINOR__=5 -D__NVCC_DIAG_PRAGMA_SUPPORT__=1
/// -D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1 -include cuda_runtime.h -m64 names.cu`
/// (gcc 12.2.0), output whitespace normalized.
#[test]
fn device_pass_macros_match_nvcc() {
    let names = "\
        __CUDACC__ __NVCC__ __CUDA_ARCH__ __CUDA_ARCH_LIST__ __CUDACC_VER_MAJOR__ \
        __CUDACC_VER_MINOR__ __CUDACC_VER_BUILD__ __CUDA_API_VER_MAJOR__ \
        __CUDA_API_VER_MINOR__ __NVCC_DIAG_PRAGMA_SUPPORT__ \
        __CUDACC_DEVICE_ATOMIC_BUILTINS__ CUDA_DOUBLE_MATH_FUNCTIONS \
        __cplusplus __GNUC__ __GNUC_MINOR__ __GNUG__ __x86_64__ __LP64__ __linux__ linux \
        unix __CHAR_BIT__ __SIZEOF_LONG__ __SIZEOF_POINTER__ \
        __ATOMIC_RELAXED __ATOMIC_SEQ_CST __GCC_ATOMIC_INT_LOCK_FREE __GCC_DESTRUCTIVE_SIZE \
        __BIGGEST_ALIGNMENT__ __FLT_EVAL_METHOD__ \
        __INT64_C(5) __UINT32_C(7) __INTMAX_C(1) __FLT_DIG__ __DBL_MAX_EXP__ __SSE2__ \
        __STDC_IEC_559__ __NO_INLINE__ __OPTIMIZE__ \
        __cpp_if_constexpr __cpp_aligned_new __CUDACC_RTC__ __CUDACC_EXTENDED_LAMBDA__ \
        __CUDACC_RELAXED_CONSTEXPR__ __clang__ __STRICT_ANSI__";
    let nvcc = "1 1 900 900 13 5 37 13 5 1 1 1 201703L 12 2 12 1 1 1 1 1 8 8 8 0 5 2 64 16 0 \
        5L 7U 1L 6 1024 1 1 1 __OPTIMIZE__ 201606L 201606L __CUDACC_RTC__ \
        __CUDACC_EXTENDED_LAMBDA__ __CUDACC_RELAXED_CONSTEXPR__ __clang__ __STRICT_ANSI__";
    let opts = oxicc::Options {
        sm: 90,
        ..Default::default()
    };
    let r = run_with(names, &[], &opts);
    assert!(r.diags.list.is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), norm(nvcc));
}

#[test]
fn gcc_macros_work_in_conditionals() {
    check(
        "#if defined(__x86_64__) && __SIZEOF_POINTER__ == 8 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__\nok\n#endif",
        "ok",
    );
    check("#ifdef __GCC_ATOMIC_INT_LOCK_FREE\nok\n#endif", "ok");
    check("#ifndef __clang__\nok\n#endif", "ok");
    // Used as an argument (pre-expanded) and stringized after expansion.
    check(
        "#define S_(x) #x\n#define S(x) S_(x)\nS(__GNUC__) S_(__GNUC__)",
        "\"12\" \"__GNUC__\"",
    );
}

#[test]
fn user_definitions_replace_gcc_macros() {
    // `#undef` hides gcc's macro for good; a new definition replaces it, with gcc's warning.
    check(
        "#undef __SSE2__\n#ifdef __SSE2__\nbad\n#endif\n__SSE2__",
        "__SSE2__",
    );
    let r = run("#define __GNUC__ 5\n__GNUC__");
    assert_eq!(r.text(), "5");
    assert_eq!(
        r.diag_lines(),
        vec!["main.cu:1:9: warning: \"__GNUC__\" redefined"]
    );
    // A user macro of an unrelated name that starts with `_` is simply a user macro.
    check("#define _MY_FLAG 3\n_MY_FLAG", "3");
    // push/pop of a gcc macro.
    check(
        "#pragma push_macro(\"__GNUC__\")\n#undef __GNUC__\n__GNUC__\n#pragma pop_macro(\"__GNUC__\")\n__GNUC__",
        "__GNUC__ 12",
    );
}

#[test]
fn dash_d_and_dash_u_options() {
    let opts = oxicc::Options {
        defines: vec![
            ("ONE".into(), None),
            ("PAIR".into(), Some("a b".into())),
            ("F(x)".into(), Some("x+x".into())),
            ("EMPTY".into(), Some(String::new())),
        ],
        undefines: vec!["__GNUC__".into(), "__CUDACC__".into()],
        ..Default::default()
    };
    let r = run_with("ONE PAIR F(2) [EMPTY] __GNUC__ __CUDACC__", &[], &opts);
    assert!(r.diags.list.is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), norm("1 a b 2+2 [] __GNUC__ __CUDACC__"));
}
