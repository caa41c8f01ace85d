//! Predefined macros: those nvcc's device-side preprocessing sees, then `-D`/`-U`.
//!
//! nvcc (13.5, checked with `nvcc -dryrun`) preprocesses device code with the host gcc and
//! `-D__CUDA_ARCH__=<sm*10> -D__CUDA_ARCH_LIST__=… -DCUDA_DOUBLE_MATH_FUNCTIONS -D__CUDACC__
//! -D__NVCC__ -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=5 -D__CUDACC_VER_BUILD__=37
//! -D__CUDA_API_VER_MAJOR__=13 -D__CUDA_API_VER_MINOR__=5 -D__NVCC_DIAG_PRAGMA_SUPPORT__=1
//! -D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1 -include cuda_runtime.h`. These, `__OXICC__` and
//! the user's `-D`/`-U` are the text of a file named `<built-in>` (so they have
//! definition locations for diagnostics). gcc 12.2's own predefined macros
//! (`__cplusplus` 201703L, `__GNUC__`, `__x86_64__`, `__SIZEOF_*__` …, all ~450 of
//! `g++ -dM`) come from `gcc_macros.rs`, defined on first use. NVRTC's `__CUDACC_RTC__`
//! is not defined: oxicc's library API preprocesses like nvcc (with `cuda_runtime.h`).
//! The dynamic macros (`__LINE__` …, `_Pragma`, the `__has_*` operators) are built in.

use std::rc::Rc;

use super::macros::{Builtin, Macro};
use super::Preprocessor;

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
        let mut s = String::with_capacity(1024);
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
        if o.relaxed_constexpr {
            // nvcc defines it for `--expt-relaxed-constexpr` (`nvcc -E -Xcompiler -dM`).
            s.push_str("#define __CUDACC_RELAXED_CONSTEXPR__ 1\n");
        }
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
