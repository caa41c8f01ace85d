//! Itanium C++ ABI name mangling, as nvcc produces it for device entities.
//!
//! `_Z` + `<source-name>` + parameter types (`v` for none). Builtin types have one-letter
//! codes; pointers are `P`, qualifiers `r`/`V`/`K` (in that order); records and enums are
//! their length-prefixed names; arrays are `A<n>_`; function types `F…E`. Every non-builtin
//! component is a substitution candidate, registered after its parts (so `PKf` registers
//! `Kf` then `PKf`), and a repeated candidate is written `S_`, `S0_`, `S1_`, … (base 36).
//! Top-level qualifiers of parameters are dropped and array/function parameters decay, as
//! the function's type does in C++. Local statics and `__shared__` variables of a function
//! are `_ZZ<function encoding>E<name>`.
//!
//! nvcc gives `static` functions a file-specific `_ZN<n>_INTERNAL_<hash>…` name; the hash is
//! not reproducible, so oxicc mangles them like other functions (they are internal anyway).

use crate::intern::{Interner, Symbol};
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind, TypeTable};

/// A mangling in progress: the output and the substitution candidates seen so far.
pub struct Mangler<'t> {
    types: &'t TypeTable,
    interner: &'t Interner,
    /// Candidates in order of registration, keyed by their unsubstituted mangling.
    subs: Vec<String>,
}

/// The mangled name of a function (`_Z5saxpyifPKfPf`).
pub fn mangle_function(
    types: &TypeTable,
    interner: &Interner,
    name: Symbol,
    params: &[QualType],
    variadic: bool,
) -> String {
    let mut m = Mangler::new(types, interner);
    let mut out = String::from("_Z");
    m.encoding(&mut out, name, params, variadic);
    out
}

/// The mangled name of a function-local static or `__shared__` variable
/// (`_ZZ8k_sharedPfE4tile`).
pub fn mangle_local_static(
    types: &TypeTable,
    interner: &Interner,
    func: Symbol,
    params: &[QualType],
    variadic: bool,
    var: Symbol,
) -> String {
    let mut m = Mangler::new(types, interner);
    let mut out = String::from("_ZZ");
    m.encoding(&mut out, func, params, variadic);
    out.push('E');
    source_name(&mut out, interner.resolve(var));
    out
}

fn source_name(out: &mut String, s: &str) {
    out.push_str(&s.len().to_string());
    out.push_str(s);
}

/// The code of a builtin type, or `None` for types that are substitution candidates.
fn builtin_code(kind: &TypeKind) -> Option<&'static str> {
    Some(match kind {
        TypeKind::Void => "v",
        TypeKind::Int(k) => match k {
            IntKind::Bool => "b",
            IntKind::Char => "c",
            IntKind::SChar => "a",
            IntKind::UChar => "h",
            IntKind::Short => "s",
            IntKind::UShort => "t",
            IntKind::Int => "i",
            IntKind::UInt => "j",
            IntKind::Long => "l",
            IntKind::ULong => "m",
            IntKind::LongLong => "x",
            IntKind::ULongLong => "y",
            IntKind::Int128 => "n",
            IntKind::UInt128 => "o",
        },
        TypeKind::Float(FloatKind::Float) => "f",
        TypeKind::Float(FloatKind::Double) => "d",
        _ => return None,
    })
}

/// `S_`, `S0_`, … for candidate number `i`.
fn substitution(i: usize) -> String {
    if i == 0 {
        return "S_".to_string();
    }
    let mut n = i - 1;
    let mut digits = Vec::new();
    loop {
        let d = (n % 36) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    format!("S{}_", String::from_utf8(digits).unwrap_or_default())
}

fn quals_code(q: Qualifiers) -> String {
    let mut s = String::new();
    if q.restrict {
        s.push('r');
    }
    if q.volatile {
        s.push('V');
    }
    if q.konst {
        s.push('K');
    }
    s
}

impl<'t> Mangler<'t> {
    pub fn new(types: &'t TypeTable, interner: &'t Interner) -> Self {
        Mangler {
            types,
            interner,
            subs: Vec::new(),
        }
    }

    /// `<source-name> <bare-function-type>` of a plain (unscoped, non-template) function.
    pub fn encoding(
        &mut self,
        out: &mut String,
        name: Symbol,
        params: &[QualType],
        variadic: bool,
    ) {
        source_name(out, self.interner.resolve(name));
        self.bare_function_type(out, params, variadic);
    }

    fn bare_function_type(&mut self, out: &mut String, params: &[QualType], variadic: bool) {
        if params.is_empty() && !variadic {
            out.push('v');
            return;
        }
        for p in params {
            let p = self.decay_param(*p);
            self.qual_type(out, p);
        }
        if variadic {
            out.push('z');
        }
    }

    /// Parameter adjustment: drop top-level qualifiers. (Array and function parameters are
    /// already pointers in the function's type, which sema builds.)
    fn decay_param(&self, p: QualType) -> QualType {
        p.unqual()
    }

    /// Mangles `qt`, using and registering substitutions.
    pub fn qual_type(&mut self, out: &mut String, qt: QualType) {
        let kind = self.types.kind(qt.ty);
        if qt.quals.is_empty() || matches!(kind, TypeKind::Function { .. }) {
            self.unqual_type(out, qt);
            return;
        }
        let key = self.plain(qt);
        if let Some(i) = self.subs.iter().position(|s| *s == key) {
            out.push_str(&substitution(i));
            return;
        }
        out.push_str(&quals_code(qt.quals));
        self.unqual_type(out, qt.unqual());
        self.subs.push(key);
    }

    fn unqual_type(&mut self, out: &mut String, qt: QualType) {
        let kind = self.types.kind(qt.ty).clone();
        if let Some(code) = builtin_code(&kind) {
            out.push_str(code);
            return;
        }
        let key = self.plain(qt.unqual());
        if let Some(i) = self.subs.iter().position(|s| *s == key) {
            out.push_str(&substitution(i));
            return;
        }
        match kind {
            TypeKind::Pointer(p) => {
                out.push('P');
                self.qual_type(out, p);
            }
            TypeKind::Array { elem, len } => {
                out.push('A');
                if let Some(n) = len {
                    out.push_str(&n.to_string());
                }
                out.push('_');
                self.qual_type(out, elem);
            }
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => {
                out.push('F');
                self.qual_type(out, ret);
                self.bare_function_type(out, &params, variadic);
                out.push('E');
            }
            TypeKind::Record(r) => {
                let name = self.types.record(r).name;
                source_name(
                    out,
                    name.map(|n| self.interner.resolve(n)).unwrap_or("_anon"),
                );
            }
            TypeKind::Enum(e) => {
                let name = self.types.enum_info(e).name;
                source_name(
                    out,
                    name.map(|n| self.interner.resolve(n)).unwrap_or("_anon"),
                );
            }
            _ => {}
        }
        self.subs.push(key);
    }

    /// The mangling of `qt` without any substitution: the identity of a candidate.
    fn plain(&self, qt: QualType) -> String {
        let mut m = Mangler::new(self.types, self.interner);
        let mut out = String::new();
        m.plain_type(&mut out, qt);
        out
    }

    fn plain_type(&mut self, out: &mut String, qt: QualType) {
        out.push_str(&quals_code(qt.quals));
        let kind = self.types.kind(qt.ty).clone();
        if let Some(code) = builtin_code(&kind) {
            out.push_str(code);
            return;
        }
        match kind {
            TypeKind::Pointer(p) => {
                out.push('P');
                self.plain_type(out, p);
            }
            TypeKind::Array { elem, len } => {
                out.push('A');
                if let Some(n) = len {
                    out.push_str(&n.to_string());
                }
                out.push('_');
                self.plain_type(out, elem);
            }
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => {
                out.push('F');
                self.plain_type(out, ret);
                if params.is_empty() && !variadic {
                    out.push('v');
                }
                for p in params {
                    self.plain_type(out, p.unqual());
                }
                if variadic {
                    out.push('z');
                }
                out.push('E');
            }
            // Records and enums are distinct entities even when named alike (local types);
            // the id keeps their keys apart.
            TypeKind::Record(r) => out.push_str(&format!("#R{}", r.0)),
            TypeKind::Enum(e) => out.push_str(&format!("#E{}", e.0)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::substitution;

    #[test]
    fn substitution_numbers_are_base_36_shifted_by_one() {
        assert_eq!(substitution(0), "S_");
        assert_eq!(substitution(1), "S0_");
        assert_eq!(substitution(10), "S9_");
        assert_eq!(substitution(11), "SA_");
        assert_eq!(substitution(37), "S10_");
    }
}
