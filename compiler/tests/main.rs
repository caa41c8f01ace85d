//! The integration tests of `compiler/` as one test binary: each file beside this one is a
//! module of it. One binary links the compiler once instead of once per file, which keeps
//! the build small and fast (a hundred separately linked test binaries filled the CI disk).
//! Files that switch process-wide state are binaries of their own (`Cargo.toml`).

mod diag_support;
mod mangle_support;
mod parse_common;
mod pp_support;
mod ptxas_support;
mod sema_common;
mod sema_tree_support;

mod all_headers;
mod builtin_headers;
mod char_types;
mod cli;
mod cli_conventions;
mod constexpr_objects;
mod cxx_classes_lower;
mod cxx_lookup_lower;
mod cxx_misc_lower;
mod cxx_values_lower;
mod cxx_virtual_lower;
mod diagnostics;
mod dropped_decls;
mod dropped_uses;
mod gnu_dialect;
mod lazy_bodies;
mod lex_tokens;
mod mangle_api;
mod mangle_dependent;
mod mangle_nvcc;
mod mangle_random;
mod member_alias_templates;
mod options;
mod parse_cxx_classes;
mod parse_cxx_misc;
mod parse_decls;
mod parse_errors;
mod parse_exprs;
mod parse_headers;
mod parse_host;
mod parse_kernels;
mod parse_literals;
mod parse_stmts;
mod parse_templates;
mod pp_cases;
mod pp_conditionals;
mod pp_diagnostics;
mod pp_end_to_end;
mod pp_include;
mod pp_locations;
mod pp_macros;
mod pp_predefined;
mod pp_robustness;
mod prelude_file;
mod program;
mod search_path;
mod sema_diagnostics;
mod sema_lower;
mod sema_tree;
mod sema_tree_aggregates;
mod sema_tree_locals;
mod sema_tree_names;
mod sema_tree_templates;
mod templates_lookup;
mod templates_lower;
