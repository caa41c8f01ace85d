//! `__has_attribute(x)`, `__has_cpp_attribute(x)` and `__has_builtin(x)`: the values nvcc's
//! device-side preprocessing sees.
//!
//! nvcc preprocesses device code with the host gcc (12.2 for CUDA 13.5 here), so these
//! answer what gcc 12.2 answers with `-std=gnu++17` (checked with
//! `g++ -E -P -std=gnu++17` on a file of `__has_attribute(NAME)` lines, one per name below).
//! Standard C++ attributes give their feature date (`nodiscard` → 201907), GNU attributes 1,
//! unknown names and other scopes (`clang::`) 0. `__x__` spellings equal `x`, and the
//! scope `gnu` (or `__gnu__`) is the GNU attribute namespace. gcc accepts the three
//! anywhere, not only in `#if` (`int v = __has_builtin(__builtin_expect);` is `1`); so do
//! we. The lists are the common names, not all of gcc's: a name missing here gives 0.

use super::macros::Builtin;
use super::{PpTok, Preprocessor};
use crate::lex::{spelling, Punct, TokenKind};

/// Standard attributes and their `__has_cpp_attribute` value in gcc 12.2 `-std=gnu++17`
/// (sorted by name). `carries_dependency` and `assume` are 0 there, so they are absent.
const STANDARD_ATTRIBUTES: &[(&str, i64)] = &[
    ("deprecated", 201309),
    ("fallthrough", 201603),
    ("likely", 201803),
    ("maybe_unused", 201603),
    ("no_unique_address", 201803),
    ("nodiscard", 201907),
    ("noreturn", 200809),
    ("unlikely", 201803),
];

/// GNU attributes gcc 12.2 knows (value 1), sorted. CUDA's `host`/`device`/`global`/
/// `launch_bounds` are not gcc attributes: gcc (and so nvcc's preprocessing) says 0.
const GNU_ATTRIBUTES: &[&str] = &[
    "abi_tag",
    "access",
    "alias",
    "aligned",
    "alloc_align",
    "alloc_size",
    "always_inline",
    "artificial",
    "assume_aligned",
    "cdecl",
    "cleanup",
    "cold",
    "common",
    "const",
    "constructor",
    "copy",
    "designated_init",
    "destructor",
    "error",
    "externally_visible",
    "fastcall",
    "flatten",
    "force_align_arg_pointer",
    "format",
    "format_arg",
    "gnu_inline",
    "hot",
    "ifunc",
    "init_priority",
    "leaf",
    "malloc",
    "may_alias",
    "mode",
    "ms_abi",
    "naked",
    "no_address_safety_analysis",
    "no_icf",
    "no_instrument_function",
    "no_profile_instrument_function",
    "no_reorder",
    "no_sanitize",
    "no_sanitize_address",
    "no_sanitize_thread",
    "no_sanitize_undefined",
    "no_split_stack",
    "no_stack_protector",
    "noclone",
    "nocommon",
    "noinit",
    "noinline",
    "noipa",
    "nonnull",
    "nonstring",
    "noplt",
    "nothrow",
    "optimize",
    "packed",
    "persistent",
    "pure",
    "regparm",
    "retain",
    "returns_nonnull",
    "returns_twice",
    "scalar_storage_order",
    "section",
    "sentinel",
    "stack_protect",
    "stdcall",
    "symver",
    "sysv_abi",
    "target",
    "target_clones",
    "tls_model",
    "transparent_union",
    "unavailable",
    "unused",
    "used",
    "vector_size",
    "visibility",
    "warn_if_not_aligned",
    "warn_unused_result",
    "warning",
    "weak",
    "weakref",
    "zero_call_used_regs",
];

/// Builtins for which gcc 12.2's `__has_builtin` is 1, sorted, less the type-trait
/// intrinsics: oxicc parses those but does not evaluate them (`parse/gnu.rs`), so it says 0
/// and a header testing for one (libstdc++'s `__is_same`) takes its portable path.
/// (gcc says 0 for clang's `__builtin_assume`, `__make_integer_seq`, `__type_pack_element`,
/// `__is_convertible`, and for CUDA intrinsics such as `__syncthreads` or `__ldg`, which
/// are functions declared in headers, not builtins.)
const BUILTINS: &[&str] = &[
    "__builtin_FILE",
    "__builtin_FUNCTION",
    "__builtin_LINE",
    "__builtin_abs",
    "__builtin_add_overflow",
    "__builtin_addressof",
    "__builtin_alloca",
    "__builtin_assume_aligned",
    "__builtin_bit_cast",
    "__builtin_bswap16",
    "__builtin_bswap32",
    "__builtin_bswap64",
    "__builtin_ceil",
    "__builtin_classify_type",
    "__builtin_clear_padding",
    "__builtin_clz",
    "__builtin_clzl",
    "__builtin_clzll",
    "__builtin_constant_p",
    "__builtin_convertvector",
    "__builtin_copysign",
    "__builtin_copysignf",
    "__builtin_ctz",
    "__builtin_ctzl",
    "__builtin_ctzll",
    "__builtin_expect",
    "__builtin_fabs",
    "__builtin_fabsf",
    "__builtin_ffs",
    "__builtin_floor",
    "__builtin_fma",
    "__builtin_fmaf",
    "__builtin_frame_address",
    "__builtin_huge_val",
    "__builtin_huge_valf",
    "__builtin_inf",
    "__builtin_inff",
    "__builtin_is_constant_evaluated",
    "__builtin_is_corresponding_member",
    "__builtin_is_pointer_interconvertible_with_class",
    "__builtin_isfinite",
    "__builtin_isinf",
    "__builtin_isnan",
    "__builtin_labs",
    "__builtin_launder",
    "__builtin_llabs",
    "__builtin_memcmp",
    "__builtin_memcpy",
    "__builtin_memmove",
    "__builtin_memset",
    "__builtin_mul_overflow",
    "__builtin_nan",
    "__builtin_nanf",
    "__builtin_object_size",
    "__builtin_offsetof",
    "__builtin_parity",
    "__builtin_popcount",
    "__builtin_popcountl",
    "__builtin_popcountll",
    "__builtin_prefetch",
    "__builtin_return_address",
    "__builtin_shufflevector",
    "__builtin_signbit",
    "__builtin_source_location",
    "__builtin_speculation_safe_value",
    "__builtin_sqrt",
    "__builtin_sqrtf",
    "__builtin_strlen",
    "__builtin_sub_overflow",
    "__builtin_trap",
    "__builtin_unreachable",
    "__builtin_va_copy",
    "__builtin_va_end",
    "__builtin_va_start",
    "__integer_pack",
];

/// `__x__` → `x` (gcc's normalization of attribute names and scopes).
fn strip_underscores(name: &str) -> &str {
    match name.strip_prefix("__").and_then(|n| n.strip_suffix("__")) {
        Some(n) if !n.is_empty() => n,
        _ => name,
    }
}

/// The value of `__has_attribute`/`__has_cpp_attribute` for `[scope::]name` (gcc treats
/// both alike in C++).
pub(super) fn attribute_value(scope: Option<&str>, name: &str) -> i64 {
    let name = strip_underscores(name);
    let gnu = GNU_ATTRIBUTES.binary_search(&name).is_ok();
    match scope.map(strip_underscores) {
        None => match STANDARD_ATTRIBUTES.binary_search_by_key(&name, |&(n, _)| n) {
            Ok(i) => STANDARD_ATTRIBUTES[i].1,
            Err(_) => gnu as i64,
        },
        // `gnu::fallthrough` is 1 in gcc (the GNU form of a standard attribute).
        Some("gnu") => (gnu || STANDARD_ATTRIBUTES.iter().any(|&(n, _)| n == name)) as i64,
        Some(_) => 0,
    }
}

/// The value of `__has_builtin(name)`.
pub(super) fn builtin_value(name: &str) -> i64 {
    BUILTINS.binary_search(&name).is_ok() as i64
}

impl Preprocessor<'_, '_> {
    /// Reads the parenthesized operand after `__has_attribute`, `__has_cpp_attribute` or
    /// `__has_builtin` (`at`) from the input, unexpanded, and returns the operator's value;
    /// `None` after reporting a malformed operand.
    pub(super) fn feature_test_value(&mut self, at: &PpTok, which: Builtin) -> Option<i64> {
        let op = spelling(&at.tok, self.ctx.interner).to_string();
        if !self
            .next_raw()
            .is_some_and(|t| t.tok.is_punct(Punct::LParen))
        {
            self.error_at(&at.tok, format!("missing '(' after \"{op}\""));
            return None;
        }
        let mut words: [Option<crate::intern::Symbol>; 2] = [None, None];
        let mut scoped = false;
        let mut bad = None;
        let mut depth = 0u32;
        let mut count = 0usize;
        loop {
            let Some(t) = self.next_raw().filter(|t| t.tok.kind != TokenKind::Eof) else {
                self.error_at(&at.tok, format!("missing ')' after \"{op}\" operand"));
                return None;
            };
            if t.tok.is_punct(Punct::LParen) {
                depth += 1;
            } else if t.tok.is_punct(Punct::RParen) {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            // Accepted shapes: `name` and `scope :: name`.
            match (count, t.tok.kind) {
                (0, TokenKind::Ident(s)) => words[0] = Some(s),
                (1, TokenKind::Punct(Punct::ColonColon)) => scoped = true,
                (2, TokenKind::Ident(s)) if scoped => words[1] = Some(s),
                _ => {
                    bad.get_or_insert(t);
                }
            }
            count += 1;
        }
        let name_ok = if scoped { count == 3 } else { count == 1 };
        let (Some(first), true, None) = (words[0], name_ok, bad) else {
            let t = bad.map_or(at.tok, |b| b.tok);
            self.error_at(&t, format!("macro \"{op}\" requires an identifier"));
            return None;
        };
        let first = self.ctx.interner.resolve(first);
        Some(match which {
            Builtin::HasBuiltinOp => builtin_value(first),
            _ => match words[1] {
                Some(name) => attribute_value(Some(first), self.ctx.interner.resolve(name)),
                None => attribute_value(None, first),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_for_binary_search() {
        assert!(STANDARD_ATTRIBUTES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(GNU_ATTRIBUTES.windows(2).all(|w| w[0] < w[1]));
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }
}
