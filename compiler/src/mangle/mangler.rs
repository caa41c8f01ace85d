//! The mangler's state (output and substitution candidates) and the mangling of types.
//!
//! A substitution candidate is identified by a key: a canonical spelling of the entity with
//! no substitutions in it, where records and enums are their ids (`#R3`) so that distinct
//! entities named alike never share a key. A class type and the nested-name prefix naming
//! that class share their key, as the ABI requires (`N2ns1VE` then `NS0_1fE…`).

use crate::intern::Interner;
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind, TypeTable};
use hashbrown::HashMap;

/// A mangling in progress.
pub(super) struct Mangler<'t> {
    pub types: &'t TypeTable,
    pub interner: &'t Interner,
    pub out: String,
    /// Candidate number of each key, in order of registration.
    subs: HashMap<String, usize>,
}

/// `S_`, `S0_`, … for candidate number `i`.
pub(super) fn substitution(i: usize) -> String {
    if i == 0 {
        return "S_".to_string();
    }
    format!("S{}_", base36(i - 1))
}

pub(super) fn base36(mut n: usize) -> String {
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
    String::from_utf8(digits).unwrap_or_default()
}

/// The code of a builtin type, or `None` for types that are substitution candidates.
fn builtin_code(kind: &TypeKind) -> Option<&'static str> {
    Some(match kind {
        TypeKind::Void => "v",
        TypeKind::Int(k) => int_code(*k),
        TypeKind::Float(FloatKind::Float) => "f",
        TypeKind::Float(FloatKind::Double) => "d",
        TypeKind::LongDouble => "e",
        TypeKind::NullPtr => "Dn",
        TypeKind::DeducedAuto => "Da",
        TypeKind::DeducedDecltypeAuto => "Dc",
        _ => return None,
    })
}

/// The one-letter code of an integer type (also the type of a non-type template argument).
pub(super) fn int_code(k: IntKind) -> &'static str {
    match k {
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
        IntKind::WChar => "w",
        IntKind::Char16 => "Ds",
        IntKind::Char32 => "Di",
    }
}

fn quals_code(q: Qualifiers) -> &'static str {
    match (q.restrict, q.volatile, q.konst) {
        (false, false, false) => "",
        (false, false, true) => "K",
        (false, true, false) => "V",
        (false, true, true) => "VK",
        (true, false, false) => "r",
        (true, false, true) => "rK",
        (true, true, false) => "rV",
        (true, true, true) => "rVK",
    }
}

impl<'t> Mangler<'t> {
    pub fn new(types: &'t TypeTable, interner: &'t Interner) -> Self {
        Mangler {
            types,
            interner,
            out: String::new(),
            subs: HashMap::new(),
        }
    }

    /// Writes the substitution for `key` if it is a candidate already.
    pub fn try_substitute(&mut self, key: &str) -> bool {
        match self.subs.get(key) {
            Some(&i) => {
                self.out.push_str(&substitution(i));
                true
            }
            None => false,
        }
    }

    pub fn is_candidate(&self, key: &str) -> bool {
        self.subs.contains_key(key)
    }

    /// Registers `key` as the next candidate (a key seen before keeps its number).
    pub fn add_candidate(&mut self, key: String) {
        let n = self.subs.len();
        self.subs.entry(key).or_insert(n);
    }

    pub fn source_name(&mut self, s: &str) {
        self.out.push_str(&s.len().to_string());
        self.out.push_str(s);
    }

    /// `_n` numbering of a repeated local name (0: none, 1: `_0`, 11: `__10_`).
    pub fn discriminator(&mut self, d: u32) {
        match d {
            0 => {}
            1..=10 => self.out.push_str(&format!("_{}", d - 1)),
            _ => self.out.push_str(&format!("__{}_", d - 1)),
        }
    }

    /// The parameter types of a function (`v` when there are none).
    pub fn bare_function_type(&mut self, params: &[QualType], variadic: bool) {
        if params.is_empty() && !variadic {
            self.out.push('v');
            return;
        }
        for p in params {
            // Top-level qualifiers are not part of the function's type.
            self.qual_type(p.unqual());
        }
        if variadic {
            self.out.push('z');
        }
    }

    /// Mangles `qt`, using and registering substitutions.
    pub fn qual_type(&mut self, qt: QualType) {
        let kind = self.types.kind(qt.ty);
        if qt.quals.is_empty() || matches!(kind, TypeKind::Function { .. }) {
            self.unqual_type(qt);
            return;
        }
        let key = self.type_key(qt);
        if self.try_substitute(&key) {
            return;
        }
        self.out.push_str(quals_code(qt.quals));
        self.unqual_type(qt.unqual());
        self.add_candidate(key);
    }

    fn unqual_type(&mut self, qt: QualType) {
        let kind = self.types.kind(qt.ty).clone();
        if let Some(code) = builtin_code(&kind) {
            self.out.push_str(code);
            return;
        }
        let key = self.type_key(qt.unqual());
        if self.try_substitute(&key) {
            return;
        }
        match kind {
            TypeKind::Pointer(p) => {
                self.out.push('P');
                self.qual_type(p);
            }
            TypeKind::Reference { referent, rvalue } => {
                self.out.push(if rvalue { 'O' } else { 'R' });
                self.qual_type(referent);
            }
            TypeKind::Array { elem, len } => {
                self.out.push('A');
                if let Some(n) = len {
                    self.out.push_str(&n.to_string());
                }
                self.out.push('_');
                self.qual_type(elem);
            }
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => {
                self.out.push('F');
                self.qual_type(ret);
                self.bare_function_type(&params, variadic);
                self.out.push('E');
            }
            TypeKind::MemberPointer { class, pointee } => {
                self.out.push('M');
                let ct = self.types.find(&TypeKind::Record(class));
                match ct {
                    Some(ct) => self.qual_type(QualType::new(ct)),
                    None => self.record_name(class),
                }
                self.qual_type(pointee);
            }
            TypeKind::Record(r) => match self.types.record(r).member_fn_ptr {
                // `M1SFiiE`, `M1SKFivE` (a pointer to a const member function).
                Some((class, f, konst)) => {
                    self.out.push('M');
                    match self.types.find(&TypeKind::Record(class)) {
                        Some(ct) => self.qual_type(QualType::new(ct)),
                        None => self.record_name(class),
                    }
                    if konst {
                        self.out.push('K');
                    }
                    self.qual_type(f);
                }
                None => self.record_name(r),
            },
            TypeKind::Enum(e) => self.enum_name(e),
            TypeKind::TemplateParam(i) => {
                self.out.push('T');
                if i > 0 {
                    self.out.push_str(&base36(i as usize - 1));
                }
                self.out.push('_');
            }
            TypeKind::PackExpansion(p) => {
                self.out.push_str("Dp");
                self.qual_type(p);
            }
            TypeKind::DependentMember { scope, name } => {
                let name = self.interner.resolve(name);
                self.dependent_member(scope, name);
            }
            TypeKind::DependentArray { elem, bound } => {
                self.out.push('A');
                self.expression(&bound);
                self.out.push('_');
                self.qual_type(elem);
            }
            TypeKind::TemplateTemplateApp { param, args } => {
                self.template_template_app(param, &args)
            }
            TypeKind::DependentDecltype(e) => {
                self.out.push_str("DT");
                self.expression(&e);
                self.out.push('E');
            }
            _ => {}
        }
        self.add_candidate(key);
    }

    /// The identity of `qt` as a candidate: its mangling without substitutions, with
    /// records, enums and template parameters by id.
    pub fn type_key(&self, qt: QualType) -> String {
        let mut out = String::new();
        self.write_type_key(&mut out, qt);
        out
    }

    fn write_type_key(&self, out: &mut String, qt: QualType) {
        out.push_str(quals_code(qt.quals));
        let kind = self.types.kind(qt.ty);
        if let Some(code) = builtin_code(kind) {
            out.push_str(code);
            return;
        }
        match kind {
            TypeKind::Pointer(p) => {
                out.push('P');
                self.write_type_key(out, *p);
            }
            TypeKind::Reference { referent, rvalue } => {
                out.push(if *rvalue { 'O' } else { 'R' });
                self.write_type_key(out, *referent);
            }
            TypeKind::Array { elem, len } => {
                out.push('A');
                if let Some(n) = len {
                    out.push_str(&n.to_string());
                }
                out.push('_');
                self.write_type_key(out, *elem);
            }
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => {
                out.push('F');
                self.write_type_key(out, *ret);
                if params.is_empty() && !variadic {
                    out.push('v');
                }
                for p in params {
                    self.write_type_key(out, p.unqual());
                }
                if *variadic {
                    out.push('z');
                }
                out.push('E');
            }
            TypeKind::Record(r) => out.push_str(&format!("#R{}", r.0)),
            TypeKind::MemberPointer { class, pointee } => {
                out.push_str(&format!("M#R{}", class.0));
                self.write_type_key(out, *pointee);
            }
            TypeKind::Enum(e) => out.push_str(&format!("#E{}", e.0)),
            TypeKind::TemplateParam(i) => out.push_str(&format!("#T{i}")),
            TypeKind::PackExpansion(p) => {
                out.push_str("Dp");
                self.write_type_key(out, *p);
            }
            TypeKind::DependentMember { scope, name } => {
                out.push_str("#DM(");
                self.write_type_key(out, scope.unqual());
                out.push_str(&format!("){}", self.interner.resolve(*name)));
            }
            // Structural keys: equal descriptions (interned types, symbols) are equal.
            TypeKind::DependentArray { elem, bound } => {
                out.push_str(&format!("A{bound:?}_"));
                self.write_type_key(out, *elem);
            }
            TypeKind::TemplateTemplateApp { param, args } => {
                out.push_str(&format!("#TT{param}{args:?}"))
            }
            TypeKind::DependentDecltype(e) => out.push_str(&format!("DT{e:?}")),
            _ => {}
        }
    }
}
