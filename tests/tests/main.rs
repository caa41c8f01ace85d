//! The integration tests of `tests/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).
//! Files that switch process-wide state are binaries of their own (`Cargo.toml`).

mod async_copy;
mod builtin_overloads;
mod cg_algorithms;
mod constexpr_eval;
mod cooperative;
mod cpp_suite;
mod default_device;
mod device_runtime_calls;
mod differential;
mod emitted_functions;
mod extern_then_defined;
mod fast_headers;
mod fp8;
mod half_math;
mod half_types;
mod inherited_constants;
mod inline_asm;
mod intrinsics;
mod ir_link;
mod kernel_suite;
mod large_kernel_params;
mod line_info;
mod math_accuracy;
mod math_flags;
mod math_kernels;
mod member_class_template_typedefs;
mod mma_sync;
mod mma_sync_forms;
mod ptx_conventions;
mod qualified_own_template_name;
mod separate_compilation;
mod simd;
mod speed_suite;
mod textures;
mod tool_helpers;
mod unevaluated_members_and_null_args;
mod wmma;
