//! Itanium C++ ABI name mangling, as nvcc produces it for device entities.
//!
//! The lowering describes an entity — a function as a [`FunctionEntity`] (scope, name kind,
//! template arguments, declared signature, `this` qualifiers), a record or enum through the
//! `scope`/`template_args`/`closure` fields of its `RecordInfo`/`EnumInfo` — and this module
//! turns the description into the symbol nvcc would emit. The grammar pieces:
//!
//! - `_Z <encoding>`; an encoding is a name, then (function template instances only) the
//!   return type, then the parameter types (`v` for none, `z` for `...`).
//! - Names: `<source-name>` (`3foo`) at global scope, `N [r][V][K] [R|O] <prefix>… E` when
//!   nested in namespaces or classes (`NK` for a `const` member function), `St` for `std`,
//!   `Z <encoding> E <name>` for entities local to a function, `12_GLOBAL__N_1` for an
//!   anonymous namespace. Operators are two-letter codes (`pl`, `aS`, `ix`, `cl`,
//!   `cv <type>`), constructors `C1`, destructors `D1`, closure types `Ul <params> E [n] _`.
//! - Template arguments `I … E`: types, `L <type> <value> E` for integral/enum values
//!   (negative as `n5`), `J … E` for packs, a template name for a template template
//!   argument. A function template's declared signature refers to its parameters as `T_`,
//!   `T0_`, … and to packs as `Dp T_`.
//! - Types: one-letter builtins (`e` for `long double`, `Dn` for `nullptr_t`), `P`/`R`/`O`,
//!   qualifiers `r`/`V`/`K` (in that order), `A<n>_`, `F…E`, class and enum names.
//! - Substitutions: every non-builtin type, every prefix of a nested name, every template
//!   name before its arguments and every template parameter is a candidate, registered
//!   after its parts; a repeated candidate is written `S_`, `S0_`, `S1_`, … (base 36).
//!
//! Top-level qualifiers of parameters are dropped (arrays and functions are already
//! adjusted to pointers by sema). Local statics and `__shared__` variables are
//! `_ZZ <encoding> E <name> [_n]`. nvcc gives `static` functions and anonymous namespaces
//! names with a file-specific suffix (`_ZN34_INTERNAL_c8907331_4_a_cu_a65a0e494statEi`):
//! see [`internal`] for how it is computed and filled in.
//! See docs/mangling.md for the scheme and how the tests check it against nvcc.

mod dependent;
pub mod internal;
mod mangler;
mod names;

use crate::intern::{Interner, Symbol};
use crate::sema::types::{QualType, TypeTable};
use mangler::Mangler;

pub use crate::sema::entity::{
    ClosureNumbering, ClosureSig, FunctionEntity, FunctionName, OperatorName, RefQualifier,
    ScopeComponent, TemplateArg, TemplateExpr,
};

/// The mangled name of a plain (global, non-template) function (`_Z5saxpyifPKfPf`).
pub fn mangle_function(
    types: &TypeTable,
    interner: &Interner,
    name: Symbol,
    params: &[QualType],
    variadic: bool,
) -> String {
    let mut f = FunctionEntity::new(Vec::new(), FunctionName::Ident(name), params.to_vec());
    f.variadic = variadic;
    mangle_function_entity(types, interner, &f)
}

/// The mangled name of any function (`_ZNK3BoxIfE3mixIdEEffT_`).
pub fn mangle_function_entity(
    types: &TypeTable,
    interner: &Interner,
    f: &FunctionEntity,
) -> String {
    let mut m = Mangler::new(types, interner);
    m.out.push_str("_Z");
    m.encoding(f);
    m.out
}

/// The mangled name of a function-local static or `__shared__` variable of a plain global
/// function (`_ZZ8k_sharedPfE4tile`).
pub fn mangle_local_static(
    types: &TypeTable,
    interner: &Interner,
    func: Symbol,
    params: &[QualType],
    variadic: bool,
    var: Symbol,
) -> String {
    let mut f = FunctionEntity::new(Vec::new(), FunctionName::Ident(func), params.to_vec());
    f.variadic = variadic;
    mangle_local_static_in(types, interner, &f, var, 0)
}

/// The mangled name of a static or `__shared__` variable local to `func`
/// (`_ZZN3BoxIfE2atEiE5calls`). `discriminator` numbers the earlier variables of the same
/// name in the same function (0 for the first: no suffix; then `_0`, `_1`, …, `__10_`).
pub fn mangle_local_static_in(
    types: &TypeTable,
    interner: &Interner,
    func: &FunctionEntity,
    var: Symbol,
    discriminator: u32,
) -> String {
    let mut m = Mangler::new(types, interner);
    m.out.push_str("_ZZ");
    m.encoding(func);
    m.out.push('E');
    m.source_name(interner.resolve(var));
    m.discriminator(discriminator);
    m.out
}

/// The name of a static or `__shared__` variable `var` local to the function whose mangled
/// symbol is `function_symbol` (`_Z…`): `_ZZ <its encoding> E <var> [_n]`. The encoding is
/// mangled first in a local name, with a fresh substitution table, so it is the symbol's
/// text after `_Z` (`_ZZN3BoxIfE2atEiE5calls` from `_ZN3BoxIfE2atEi`).
pub fn mangle_local_static_of_symbol(
    function_symbol: &str,
    var: &str,
    discriminator: u32,
) -> String {
    let encoding = function_symbol
        .strip_prefix("_Z")
        .unwrap_or(function_symbol);
    let mut out = format!("_ZZ{encoding}E{}{var}", var.len());
    match discriminator {
        0 => {}
        1..=10 => out.push_str(&format!("_{}", discriminator - 1)),
        _ => out.push_str(&format!("__{}_", discriminator - 1)),
    }
    out
}

/// The name of a static or `__shared__` variable local to the `extern "C"` function `func`:
/// the encoding is the function's bare name (nvcc: `_ZZ6k_clocE2sh`).
pub fn mangle_local_static_of_extern_c(
    interner: &Interner,
    func: Symbol,
    var: Symbol,
    discriminator: u32,
) -> String {
    let types = TypeTable::new();
    let mut m = Mangler::new(&types, interner);
    m.out.push_str("_ZZ");
    m.source_name(interner.resolve(func));
    m.out.push('E');
    m.source_name(interner.resolve(var));
    m.discriminator(discriminator);
    m.out
}

/// The symbol of a variable declared in `scope` (`_ZN2ns5countE`); a variable of the global
/// namespace keeps its plain name, as in C.
pub fn mangle_variable(
    types: &TypeTable,
    interner: &Interner,
    scope: &[ScopeComponent],
    name: Symbol,
) -> String {
    if scope.is_empty() {
        return interner.resolve(name).to_string();
    }
    let mut m = Mangler::new(types, interner);
    m.out.push_str("_Z");
    m.variable_name(scope, name);
    m.out
}

/// The symbol of a variable declared at namespace scope, by nvcc's rules: a variable of the
/// global namespace keeps its plain name (`static` too); one in a namespace is mangled
/// (`_ZN3geo7counterE`), nested in the file's `_INTERNAL` component when it has internal
/// linkage (`static`, or inside an anonymous namespace).
pub fn mangle_namespace_variable(
    types: &TypeTable,
    interner: &Interner,
    scope: &[ScopeComponent],
    name: Symbol,
    is_static: bool,
) -> String {
    if scope.is_empty() {
        return interner.resolve(name).to_string();
    }
    let mut scope = scope.to_vec();
    if is_static || scope.contains(&ScopeComponent::AnonymousNamespace) {
        scope.insert(0, ScopeComponent::InternalLinkage);
    }
    mangle_variable(types, interner, &scope, name)
}

/// Puts nvcc's `_INTERNAL` component first in the scope of a function that needs it: a
/// function with internal linkage (`static`, or declared directly or indirectly in an
/// anonymous namespace) that is neither a kernel nor a member function (members of classes
/// in anonymous namespaces keep `_GLOBAL__N_…` only: `_ZNK38_GLOBAL__N__…3Hid3getEv`).
pub fn add_internal_component(f: &mut FunctionEntity, is_static: bool, is_kernel: bool) {
    let is_member = f
        .scope
        .iter()
        .any(|c| matches!(c, ScopeComponent::Record(_)));
    let internal = is_static || f.scope.contains(&ScopeComponent::AnonymousNamespace);
    let already = f.scope.first() == Some(&ScopeComponent::InternalLinkage);
    if internal && !is_kernel && !is_member && !already {
        f.scope.insert(0, ScopeComponent::InternalLinkage);
    }
}

/// The mangling of a type alone (`PKN2ns3VecE`), for tests and diagnostics.
pub fn mangle_type(types: &TypeTable, interner: &Interner, qt: QualType) -> String {
    let mut m = Mangler::new(types, interner);
    m.qual_type(qt);
    m.out
}

#[cfg(test)]
mod tests {
    use super::mangler::substitution;

    #[test]
    fn substitution_numbers_are_base_36_shifted_by_one() {
        assert_eq!(substitution(0), "S_");
        assert_eq!(substitution(1), "S0_");
        assert_eq!(substitution(10), "S9_");
        assert_eq!(substitution(11), "SA_");
        assert_eq!(substitution(37), "S10_");
    }
}
