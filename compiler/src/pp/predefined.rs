//! Predefined macros: those nvcc's device-side preprocessing sees, then `-D`/`-U`.
//!
//! nvcc (13.5, checked with `nvcc -dryrun`) preprocesses device code with the host gcc and
//! `-D__CUDA_ARCH__=<sm*10> -D__CUDA_ARCH_LIST__=… -DCUDA_DOUBLE_MATH_FUNCTIONS -D__CUDACC__
//! -D__NVCC__ -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=5 -D__CUDACC_VER_BUILD__=37
//! -D__CUDA_API_VER_MAJOR__=13 -D__CUDA_API_VER_MINOR__=5 -D__NVCC_DIAG_PRAGMA_SUPPORT__=1
//! -D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1 -include cuda_runtime.h`. Of gcc 12's own x86-64
//! C++17 macros we keep those code tests for (language, data model, byte order, sizes,
//! limits, compiler version); the values are gcc 12.2's. The text is preprocessed as a
//! file named `<built-in>`, so the definitions have locations for diagnostics.

use std::rc::Rc;

use super::macros::{Builtin, Macro};
use super::Preprocessor;

/// gcc 12.2 x86-64 `-std=c++17` macros that code commonly tests.
const HOST_MACROS: &str = "\
#define __cplusplus 201703L
#define __STDC__ 1
#define __STDC_HOSTED__ 1
#define __STDC_UTF_16__ 1
#define __STDC_UTF_32__ 1
#define __STDCPP_DEFAULT_NEW_ALIGNMENT__ 16
#define __GNUC__ 12
#define __GNUC_MINOR__ 2
#define __GNUC_PATCHLEVEL__ 0
#define __GNUG__ 12
#define __GXX_ABI_VERSION 1017
#define __GXX_RTTI 1
#define __GXX_WEAK__ 1
#define __GXX_EXPERIMENTAL_CXX0X__ 1
#define __EXCEPTIONS 1
#define _GNU_SOURCE 1
#define __VERSION__ \"12.2.0\"
#define __x86_64__ 1
#define __x86_64 1
#define __amd64__ 1
#define __amd64 1
#define __linux__ 1
#define __linux 1
#define __gnu_linux__ 1
#define __unix__ 1
#define __unix 1
#define __ELF__ 1
#define __LP64__ 1
#define _LP64 1
#define __CHAR_BIT__ 8
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 8
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_POINTER__ 8
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_LONG_DOUBLE__ 16
#define __SIZEOF_SIZE_T__ 8
#define __SIZEOF_PTRDIFF_T__ 8
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __SIZEOF_INT128__ 16
#define __SCHAR_MAX__ 0x7f
#define __SHRT_MAX__ 0x7fff
#define __INT_MAX__ 0x7fffffff
#define __LONG_MAX__ 0x7fffffffffffffffL
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __WCHAR_MAX__ 0x7fffffff
#define __WCHAR_MIN__ (-__WCHAR_MAX__ - 1)
#define __INTMAX_MAX__ 0x7fffffffffffffffL
#define __UINTMAX_MAX__ 0xffffffffffffffffUL
#define __SIZE_MAX__ 0xffffffffffffffffUL
#define __PTRDIFF_MAX__ 0x7fffffffffffffffL
#define __INTPTR_MAX__ 0x7fffffffffffffffL
#define __UINTPTR_MAX__ 0xffffffffffffffffUL
#define __SIZE_TYPE__ long unsigned int
#define __PTRDIFF_TYPE__ long int
#define __WCHAR_TYPE__ int
#define __INTMAX_TYPE__ long int
#define __UINTMAX_TYPE__ long unsigned int
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR32_TYPE__ unsigned int
#define __INT8_TYPE__ signed char
#define __INT16_TYPE__ short int
#define __INT32_TYPE__ int
#define __INT64_TYPE__ long int
#define __UINT8_TYPE__ unsigned char
#define __UINT16_TYPE__ short unsigned int
#define __UINT32_TYPE__ unsigned int
#define __UINT64_TYPE__ long unsigned int
#define __INTPTR_TYPE__ long int
#define __UINTPTR_TYPE__ long unsigned int
#define __INT8_MAX__ 0x7f
#define __INT16_MAX__ 0x7fff
#define __INT32_MAX__ 0x7fffffff
#define __INT64_MAX__ 0x7fffffffffffffffL
#define __UINT8_MAX__ 0xff
#define __UINT16_MAX__ 0xffff
#define __UINT32_MAX__ 0xffffffffU
#define __UINT64_MAX__ 0xffffffffffffffffUL
#define __FLT_MAX__ 3.40282346638528859811704183484516925e+38F
#define __FLT_MIN__ 1.17549435082228750796873653722224568e-38F
#define __FLT_EPSILON__ 1.19209289550781250000000000000000000e-7F
#define __DBL_MAX__ double(1.79769313486231570814527423731704357e+308L)
#define __DBL_MIN__ double(2.22507385850720138309023271733240406e-308L)
#define __DBL_EPSILON__ double(2.22044604925031308084726333618164062e-16L)
#define __FLT_MANT_DIG__ 24
#define __DBL_MANT_DIG__ 53
#define __cpp_rtti 199711L
#define __cpp_exceptions 199711L
#define __cpp_constexpr 201603L
#define __cpp_if_constexpr 201606L
#define __cpp_static_assert 201411L
#define __cpp_variadic_templates 200704L
#define __cpp_decltype 200707L
#define __cpp_lambdas 200907L
#define __cpp_range_based_for 201603L
#define __cpp_rvalue_references 200610L
#define __cpp_alias_templates 200704L
#define __cpp_structured_bindings 201606L
#define __cpp_fold_expressions 201603L
#define __cpp_nontype_template_args 201411L
#define __cpp_inline_variables 201606L
#define __cpp_deduction_guides 201703L
#define __cpp_initializer_lists 200806L
#define __cpp_delegating_constructors 200604L
#define __cpp_nsdmi 200809L
#define __cpp_attributes 200809L
#define __cpp_unicode_characters 201411L
#define __cpp_unicode_literals 200710L
#define __cpp_user_defined_literals 200809L
#define __cpp_raw_strings 200710L
#define __cpp_digit_separators 201309L
#define __cpp_binary_literals 201304L
#define __cpp_enumerator_attributes 201411L
#define __cpp_namespace_attributes 201411L
#define __cpp_variable_templates 201304L
#define __cpp_generic_lambdas 201304L
#define __cpp_decltype_auto 201304L
#define __cpp_return_type_deduction 201304L
#define __cpp_aggregate_nsdmi 201304L
#define __cpp_init_captures 201304L
#define __cpp_hex_float 201603L
#define __cpp_capture_star_this 201603L
#define __cpp_template_auto 201606L
";

impl Preprocessor<'_, '_> {
    /// Registers the macros whose value is computed at each use.
    pub(super) fn define_builtins(&mut self) {
        let list: &[(&str, Builtin)] = &[
            ("__LINE__", Builtin::Line),
            ("__FILE__", Builtin::File),
            ("__BASE_FILE__", Builtin::BaseFile),
            ("__COUNTER__", Builtin::Counter),
            ("__INCLUDE_LEVEL__", Builtin::IncludeLevel),
            ("__DATE__", Builtin::Date),
            ("__TIME__", Builtin::Time),
            ("_Pragma", Builtin::Pragma),
            ("__has_include", Builtin::IfOnly),
            ("__has_include_next", Builtin::IfOnly),
            ("__has_attribute", Builtin::HasAttributeOp),
            ("__has_cpp_attribute", Builtin::HasCppAttributeOp),
            ("__has_builtin", Builtin::HasBuiltinOp),
        ];
        for &(name, b) in list {
            let sym = self.ctx.interner.intern(name);
            self.set_macro(sym, Some(Rc::new(Macro::builtin(sym, b))));
        }
    }

    /// The text of the `<built-in>` file: predefined macros, then `-D`, then `-U`.
    pub(super) fn predefined_text(&self) -> String {
        let o = self.ctx.options;
        let arch = o.sm * 10;
        let mut s = String::with_capacity(HOST_MACROS.len() + 1024);
        s.push_str(HOST_MACROS);
        s.push_str(&format!(
            "#define __CUDA_ARCH__ {arch}\n\
             #define __CUDA_ARCH_LIST__ {arch}\n\
             #define CUDA_DOUBLE_MATH_FUNCTIONS 1\n\
             #define __CUDACC__ 1\n\
             #define __NVCC__ 1\n\
             #define __CUDACC_VER_MAJOR__ 13\n\
             #define __CUDACC_VER_MINOR__ 5\n\
             #define __CUDACC_VER_BUILD__ 37\n\
             #define __CUDA_API_VER_MAJOR__ 13\n\
             #define __CUDA_API_VER_MINOR__ 5\n\
             #define __NVCC_DIAG_PRAGMA_SUPPORT__ 1\n\
             #define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1\n\
             #define __OXICC__ 1\n"
        ));
        for (name, value) in &o.defines {
            // A newline would end the directive early (gcc also stops there).
            let one_line = |t: &str| t.split(['\n', '\r']).next().unwrap_or("").to_string();
            s.push_str("#define ");
            s.push_str(&one_line(name));
            s.push(' ');
            s.push_str(&one_line(value.as_deref().unwrap_or("1")));
            s.push('\n');
        }
        for name in &o.undefines {
            s.push_str("#undef ");
            s.push_str(name.split(['\n', '\r']).next().unwrap_or(""));
            s.push('\n');
        }
        s
    }
}
