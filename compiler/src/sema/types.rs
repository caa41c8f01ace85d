//! The C type table: interned types named by `TypeId`, plus record and enum definitions.
//!
//! Types are interned, so two `TypeId`s are equal exactly when the types are identical; this
//! makes type comparison in sema, and substitution keys in mangling, integer comparisons.
//! Qualifiers (`const`, `volatile`, `__restrict__`) are not part of a `TypeId`: they travel
//! beside it in a `QualType`, as in clang, so `const int` and `int` share one type entry.
//! Records and enums are nominal: each definition gets its own `RecordId`/`EnumId`.
//! Layout (size, alignment, field offsets) follows nvcc's 64-bit data model: `long` and
//! pointers are 8 bytes, fields are placed at their natural alignment, and a record's size is
//! rounded up to its alignment. The table is shared with the C++ front end to come, so it
//! knows nothing about scopes or IR.

use crate::ast::TagKind;
use crate::intern::{Interner, Symbol};
use crate::sema::entity::{ClosureSig, ScopeComponent, TemplateArg};
use crate::source::Span;
use hashbrown::HashMap;

/// An interned type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// A struct/union definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordId(pub u32);

/// An enum definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumId(pub u32);

/// Type qualifiers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Qualifiers {
    pub konst: bool,
    pub volatile: bool,
    pub restrict: bool,
}

/// The qualifiers written in the source (`const`, `volatile`, `__restrict__`).
pub(crate) fn qualifiers_of(q: crate::ast::Quals) -> Qualifiers {
    Qualifiers {
        konst: q.is_const,
        volatile: q.is_volatile,
        restrict: q.is_restrict,
    }
}

impl Qualifiers {
    pub const NONE: Qualifiers = Qualifiers {
        konst: false,
        volatile: false,
        restrict: false,
    };
    pub fn union(self, o: Qualifiers) -> Qualifiers {
        Qualifiers {
            konst: self.konst || o.konst,
            volatile: self.volatile || o.volatile,
            restrict: self.restrict || o.restrict,
        }
    }
    /// True when every qualifier of `self` is also in `o`.
    pub fn subset_of(self, o: Qualifiers) -> bool {
        (!self.konst || o.konst) && (!self.volatile || o.volatile) && (!self.restrict || o.restrict)
    }
    pub fn is_empty(self) -> bool {
        self == Qualifiers::NONE
    }
}

/// A type with its top-level qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct QualType {
    pub ty: TypeId,
    pub quals: Qualifiers,
}

impl QualType {
    pub fn new(ty: TypeId) -> QualType {
        QualType {
            ty,
            quals: Qualifiers::NONE,
        }
    }
    pub fn with_quals(self, q: Qualifiers) -> QualType {
        QualType {
            ty: self.ty,
            quals: self.quals.union(q),
        }
    }
    pub fn unqual(self) -> QualType {
        QualType::new(self.ty)
    }
}

/// Integer kinds, each a distinct type (they mangle differently even at equal width).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
    /// `wchar_t`, `char16_t`, `char32_t`: types of their own (they overload and mangle
    /// apart: `w`, `Ds`, `Di`), with the representation of `int`, `unsigned short` and
    /// `unsigned int` on nvcc's 64-bit Linux targets.
    WChar,
    Char16,
    Char32,
}

impl IntKind {
    pub fn bits(self) -> u32 {
        use IntKind::*;
        match self {
            Bool | Char | SChar | UChar => 8,
            Short | UShort | Char16 => 16,
            Int | UInt | WChar | Char32 => 32,
            Long | ULong | LongLong | ULongLong => 64,
            Int128 | UInt128 => 128,
        }
    }
    /// Plain `char` is signed on nvcc's targets.
    pub fn signed(self) -> bool {
        use IntKind::*;
        matches!(
            self,
            Char | SChar | Short | Int | Long | LongLong | Int128 | WChar
        )
    }
    /// The integer conversion rank (C11 6.3.1.1); `long` ranks below `long long` although
    /// both are 64-bit. `wchar_t` and `char16_t` rank just below `int`, so that integer
    /// promotion (everything below `int` becomes `int`) turns them into `int`, as C++ does;
    /// `char32_t` ranks with `int`: it stays an unsigned 32-bit operand (C++ promotes it to
    /// `unsigned int`, the same representation), so `d >> 28` shifts logically.
    pub fn rank(self) -> u32 {
        use IntKind::*;
        match self {
            Bool => 0,
            Char | SChar | UChar => 2,
            Short | UShort => 4,
            Char16 | WChar => 5,
            Int | UInt | Char32 => 6,
            Long | ULong => 8,
            LongLong | ULongLong => 10,
            Int128 | UInt128 => 12,
        }
    }
    /// The unsigned kind of the same rank.
    pub fn to_unsigned(self) -> IntKind {
        use IntKind::*;
        match self {
            Char | SChar => UChar,
            Short => UShort,
            Int => UInt,
            Long => ULong,
            LongLong => ULongLong,
            Int128 => UInt128,
            k => k,
        }
    }
    /// The C spelling, for messages.
    pub fn name(self) -> &'static str {
        use IntKind::*;
        match self {
            Bool => "bool",
            Char => "char",
            SChar => "signed char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned int",
            Long => "long",
            ULong => "unsigned long",
            LongLong => "long long",
            ULongLong => "unsigned long long",
            Int128 => "__int128",
            UInt128 => "unsigned __int128",
            WChar => "wchar_t",
            Char16 => "char16_t",
            Char32 => "char32_t",
        }
    }
}

/// Floating kinds (`long double` is `double` on the device, as in nvcc).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    Float,
    Double,
}

/// The structure of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Void,
    Int(IntKind),
    Float(FloatKind),
    Pointer(QualType),
    /// `len == None` for an array of unknown bound (`extern __shared__ float s[]`).
    Array {
        elem: QualType,
        len: Option<u64>,
    },
    Function {
        ret: QualType,
        params: Vec<QualType>,
        variadic: bool,
    },
    Record(RecordId),
    Enum(EnumId),
    /// `long double`: computed as `double` on the device (as nvcc does, with a warning), but
    /// a distinct type (overloading, mangling `e`).
    LongDouble,
    /// `T&` (`rvalue == false`) or `T&&`.
    Reference {
        referent: QualType,
        rvalue: bool,
    },
    /// `decltype(nullptr)` (`std::nullptr_t`).
    NullPtr,
    /// `T C::*`: a pointer to a data member of class `class` (the member's offset, -1 when
    /// null, as in the Itanium ABI). Pointers to member functions are records with
    /// `RecordInfo::member_fn_ptr` (a `{ptr, adj}` pair).
    MemberPointer {
        class: RecordId,
        pointee: QualType,
    },
    /// The `index`-th template parameter of the function template whose declared signature
    /// is being described for mangling (`T_`, `T0_`, …); never the type of a value.
    TemplateParam(u32),
    /// `P...` in a declared signature of a variadic function template (`DpT_`).
    PackExpansion(QualType),
    /// A deduced `auto` return type as declared (`Da`: a generic lambda's call operator);
    /// only in declared signatures for mangling.
    DeducedAuto,
    /// `typename S::name` in a declared signature, where `S` depends on the template's
    /// parameters (a `TemplateParam`, a class template applied to them, another dependent
    /// member): `N <prefix of S> <name> E` (`NT_10value_typeE`).
    DependentMember {
        scope: QualType,
        name: Symbol,
    },
    /// An array whose bound depends on the template's parameters (`T (&)[N]`: `RAT0__S0_`);
    /// only in declared signatures.
    DependentArray {
        elem: QualType,
        bound: std::rc::Rc<crate::sema::entity::TemplateExpr>,
    },
    /// `C<args>` where `C` is the template's `param`-th parameter, a template template
    /// parameter (`T0_IS1_E`); only in declared signatures.
    TemplateTemplateApp {
        param: u32,
        args: Vec<crate::sema::entity::TemplateArg>,
    },
    /// `decltype(expr)` of an expression depending on the template's parameters, as a
    /// declared return type (`DTplfp_fp0_E`).
    DependentDecltype(std::rc::Rc<crate::sema::entity::TemplateExpr>),
    /// A deduced `decltype(auto)` return type as declared (`Dc`); only in declared
    /// signatures for mangling.
    DeducedDecltypeAuto,
}

/// A bit-field's position: its first bit within the storage unit and its width.
pub type BitRange = (u32, u32);

/// A data member of a record.
#[derive(Clone, Debug)]
pub struct Field {
    pub name: Option<Symbol>,
    pub ty: QualType,
    /// Byte offset from the start of the record (of the storage unit, for a bit-field).
    pub offset: u64,
    /// A bit-field: its first bit within the storage unit (an object of the field's type
    /// at `offset`) and its width.
    pub bits: Option<BitRange>,
}

/// A struct or union.
#[derive(Clone, Debug)]
pub struct RecordInfo {
    pub kind: TagKind,
    /// The tag, or the typedef name that names an anonymous record (used for mangling).
    pub name: Option<Symbol>,
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    /// False until the definition's closing brace.
    pub complete: bool,
    pub span: Span,
    /// The C++ declaration context (empty: the global namespace).
    pub scope: Vec<ScopeComponent>,
    /// `Some` for an instance of a class template (its arguments, mangled `I…E`).
    pub template_args: Option<Vec<TemplateArg>>,
    /// `Some` for the closure type of a lambda (then `name` is `None`).
    pub closure: Option<ClosureSig>,
    /// The size without tail padding (Itanium's `dsize`).
    pub data_size: u64,
    /// Not a POD for the purpose of layout (C++ classes with constructors, bases, virtual
    /// functions, non-public data, …): a derived class places its members in this
    /// class's tail padding (Itanium C++ ABI, as nvcc).
    pub tail_reusable: bool,
    /// A pointer to member function type `R (C::*)(P…) [const]` (Itanium's `{ptr, adj}`
    /// pair, laid out as two 64-bit fields): the class, the function type and `const`.
    pub member_fn_ptr: Option<(RecordId, QualType, bool)>,
    /// A local class: how many classes of the same name the enclosing function defined
    /// before it (0: none; nvcc writes `_0` for 1, `_1` for 2, … after the local name).
    pub discriminator: u32,
}

/// An enum.
#[derive(Clone, Debug)]
pub struct EnumInfo {
    pub name: Option<Symbol>,
    /// The underlying integer type.
    pub underlying: IntKind,
    /// `enum class`: no implicit conversion to integers, enumerators named `E::X`.
    pub scoped: bool,
    /// The enumerators and their values (for `E::X` lookup).
    pub enumerators: Vec<(Symbol, i128)>,
    pub complete: bool,
    pub span: Span,
    /// The C++ declaration context (empty: the global namespace).
    pub scope: Vec<ScopeComponent>,
}

/// The interned types of one translation unit.
#[derive(Debug)]
pub struct TypeTable {
    kinds: Vec<TypeKind>,
    map: HashMap<TypeKind, TypeId>,
    pub records: Vec<RecordInfo>,
    pub enums: Vec<EnumInfo>,
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeTable {
    pub fn new() -> TypeTable {
        TypeTable {
            kinds: Vec::new(),
            map: HashMap::new(),
            records: Vec::new(),
            enums: Vec::new(),
        }
    }

    /// The id of a type that was interned before, without interning it.
    pub fn find(&self, kind: &TypeKind) -> Option<TypeId> {
        self.map.get(kind).copied()
    }

    pub fn intern(&mut self, kind: TypeKind) -> TypeId {
        if let Some(&id) = self.map.get(&kind) {
            return id;
        }
        let id = TypeId(self.kinds.len() as u32);
        self.kinds.push(kind.clone());
        self.map.insert(kind, id);
        id
    }

    pub fn kind(&self, id: TypeId) -> &TypeKind {
        &self.kinds[id.0 as usize]
    }

    pub fn void(&mut self) -> TypeId {
        self.intern(TypeKind::Void)
    }
    pub fn int(&mut self, k: IntKind) -> TypeId {
        self.intern(TypeKind::Int(k))
    }
    pub fn float(&mut self, k: FloatKind) -> TypeId {
        self.intern(TypeKind::Float(k))
    }
    pub fn pointer_to(&mut self, pointee: QualType) -> TypeId {
        self.intern(TypeKind::Pointer(pointee))
    }
    pub fn array_of(&mut self, elem: QualType, len: Option<u64>) -> TypeId {
        self.intern(TypeKind::Array { elem, len })
    }

    pub fn new_record(&mut self, kind: TagKind, name: Option<Symbol>, span: Span) -> RecordId {
        self.records.push(RecordInfo {
            kind,
            name,
            fields: Vec::new(),
            size: 0,
            align: 1,
            complete: false,
            span,
            scope: Vec::new(),
            template_args: None,
            closure: None,
            data_size: 0,
            tail_reusable: false,
            member_fn_ptr: None,
            discriminator: 0,
        });
        RecordId(self.records.len() as u32 - 1)
    }
    pub fn record(&self, r: RecordId) -> &RecordInfo {
        &self.records[r.0 as usize]
    }
    pub fn record_mut(&mut self, r: RecordId) -> &mut RecordInfo {
        &mut self.records[r.0 as usize]
    }
    pub fn new_enum(&mut self, name: Option<Symbol>, underlying: IntKind, span: Span) -> EnumId {
        self.enums.push(EnumInfo {
            name,
            underlying,
            scoped: false,
            enumerators: Vec::new(),
            complete: false,
            span,
            scope: Vec::new(),
        });
        EnumId(self.enums.len() as u32 - 1)
    }
    pub fn enum_info(&self, e: EnumId) -> &EnumInfo {
        &self.enums[e.0 as usize]
    }

    /// Lays out a record's fields (C rules: natural alignment, union members at offset 0).
    /// `min_align` comes from `__align__(N)` on the record. Fields must be complete.
    pub fn complete_record(
        &mut self,
        r: RecordId,
        fields: Vec<(Option<Symbol>, QualType, u64)>,
        min_align: u64,
    ) {
        let fields = fields
            .into_iter()
            .map(|(name, ty, align)| (name, ty, align, None))
            .collect();
        self.complete_record_with_bits(r, fields, min_align);
    }

    /// `complete_record` with bit-field widths, laid out as nvcc (the x86-64 System V ABI)
    /// does: a bit-field goes at the next free bit unless it would straddle a boundary of
    /// its declared type's size, then it starts at that boundary; a zero-width bit-field
    /// moves to the next such boundary; named bit-fields give the record their type's
    /// alignment, unnamed ones do not (and are not members).
    pub fn complete_record_with_bits(
        &mut self,
        r: RecordId,
        fields: Vec<(Option<Symbol>, QualType, u64, Option<u32>)>,
        min_align: u64,
    ) {
        let is_union = self.record(r).kind == TagKind::Union;
        // The next free bit (structs); the size in bits so far.
        let mut bit_pos = 0u64;
        let mut size_bits = 0u64;
        let mut align = min_align.max(1);
        let mut out = Vec::with_capacity(fields.len());
        for (name, ty, field_align, width) in fields {
            let fsize = self.size_of(ty.ty).unwrap_or(0);
            let talign = self.align_of(ty.ty).max(1);
            if let Some(w) = width {
                let w = w as u64;
                let unit = (fsize * 8).max(8);
                let at = if is_union {
                    0
                } else if w == 0 {
                    bit_pos = bit_pos.div_ceil(talign * 8) * talign * 8;
                    continue;
                } else if bit_pos / unit != (bit_pos + w - 1) / unit {
                    bit_pos.div_ceil(unit) * unit
                } else {
                    bit_pos
                };
                if w == 0 {
                    continue;
                }
                if name.is_some() {
                    align = align.max(talign).max(field_align);
                    out.push(Field {
                        name,
                        ty,
                        offset: at / unit * unit / 8,
                        bits: Some(((at % unit) as u32, w as u32)),
                    });
                }
                bit_pos = at + w;
                size_bits = size_bits.max(at + w);
                continue;
            }
            let falign = talign.max(field_align);
            align = align.max(falign);
            // A base subobject (an unnamed field) of a non-POD class lends its tail padding.
            let fsize = match self.kind(ty.ty) {
                TypeKind::Record(b) if name.is_none() && self.record(*b).tail_reusable => {
                    self.record(*b).data_size
                }
                _ => fsize,
            };
            let at = if is_union {
                0
            } else {
                bit_pos.div_ceil(8).div_ceil(falign) * falign
            };
            out.push(Field {
                name,
                ty,
                offset: at,
                bits: None,
            });
            bit_pos = (at + fsize) * 8;
            size_bits = size_bits.max(bit_pos);
        }
        let size = size_bits.div_ceil(8);
        let data_size = size;
        // C++ gives an empty record size 1, rounded up to its alignment like any other
        // (`struct __align__(8) E {}` is 8 bytes with nvcc, as CUDA 13's
        // `cg::block_tile_memory` on sm_80+).
        let size = size.max(1).div_ceil(align) * align;
        let info = self.record_mut(r);
        info.fields = out;
        info.size = size;
        info.data_size = data_size;
        info.align = align;
        info.complete = true;
    }

    /// The integer kind of an integer, bool or enum type.
    pub fn int_kind(&self, id: TypeId) -> Option<IntKind> {
        match self.kind(id) {
            TypeKind::Int(k) => Some(*k),
            TypeKind::Enum(e) => Some(self.enum_info(*e).underlying),
            _ => None,
        }
    }
    pub fn float_kind(&self, id: TypeId) -> Option<FloatKind> {
        match self.kind(id) {
            TypeKind::Float(k) => Some(*k),
            TypeKind::LongDouble => Some(FloatKind::Double),
            _ => None,
        }
    }
    pub fn is_void(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Void)
    }
    pub fn is_bool(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Int(IntKind::Bool))
    }
    /// Integer, bool or (unscoped) enum.
    pub fn is_integer(&self, id: TypeId) -> bool {
        self.int_kind(id).is_some() && !self.is_scoped_enum(id)
    }
    /// An `enum class` type: integral underneath, but no arithmetic and no implicit
    /// conversions.
    pub fn is_scoped_enum(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Enum(e) if self.enum_info(*e).scoped)
    }
    pub fn is_float(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Float(_) | TypeKind::LongDouble)
    }
    pub fn is_arith(&self, id: TypeId) -> bool {
        self.is_integer(id) || self.is_float(id)
    }
    pub fn is_pointer(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Pointer(_))
    }
    /// Arithmetic, pointer or enum (scoped enums included, as in C++).
    pub fn is_scalar(&self, id: TypeId) -> bool {
        // A reference is passed and returned as an address.
        self.is_arith(id)
            || self.is_pointer(id)
            || self.is_scoped_enum(id)
            || matches!(
                self.kind(id),
                TypeKind::Reference { .. } | TypeKind::MemberPointer { .. }
            )
    }
    pub fn is_array(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Array { .. })
    }
    pub fn is_record(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Record(_))
    }
    pub fn is_function(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Function { .. })
    }
    pub fn pointee(&self, id: TypeId) -> Option<QualType> {
        match self.kind(id) {
            TypeKind::Pointer(p) => Some(*p),
            _ => None,
        }
    }
    pub fn array_elem(&self, id: TypeId) -> Option<QualType> {
        match self.kind(id) {
            TypeKind::Array { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// Size in bytes; `None` for incomplete types, functions and `void`.
    pub fn size_of(&self, id: TypeId) -> Option<u64> {
        match self.kind(id) {
            TypeKind::Void | TypeKind::Function { .. } => None,
            TypeKind::Int(k) => Some(k.bits() as u64 / 8),
            TypeKind::Float(FloatKind::Float) => Some(4),
            TypeKind::Float(FloatKind::Double) => Some(8),
            TypeKind::Pointer(_) => Some(8),
            TypeKind::Array { elem, len } => {
                let n = (*len)?;
                self.size_of(elem.ty)?.checked_mul(n)
            }
            TypeKind::Record(r) => {
                let info = self.record(*r);
                info.complete.then_some(info.size)
            }
            TypeKind::Enum(e) => Some(self.enum_info(*e).underlying.bits() as u64 / 8),
            TypeKind::LongDouble | TypeKind::NullPtr | TypeKind::MemberPointer { .. } => Some(8),
            // `sizeof(T&)` is `sizeof(T)`.
            TypeKind::Reference { referent, .. } => self.size_of(referent.ty),
            TypeKind::TemplateParam(_)
            | TypeKind::PackExpansion(_)
            | TypeKind::DeducedAuto
            | TypeKind::DeducedDecltypeAuto
            | TypeKind::DependentMember { .. }
            | TypeKind::DependentArray { .. }
            | TypeKind::TemplateTemplateApp { .. }
            | TypeKind::DependentDecltype(_) => None,
        }
    }

    /// Alignment in bytes (1 for types without one).
    pub fn align_of(&self, id: TypeId) -> u64 {
        match self.kind(id) {
            TypeKind::Array { elem, .. } => self.align_of(elem.ty),
            TypeKind::Record(r) => self.record(*r).align,
            TypeKind::Reference { referent, .. } => self.align_of(referent.ty),
            TypeKind::Void | TypeKind::Function { .. } => 1,
            _ => self.size_of(id).unwrap_or(1).max(1),
        }
    }

    /// The type spelled as EDG/nvcc prints it in diagnostics (`const float *`).
    pub fn display(&self, qt: QualType, interner: &Interner) -> String {
        let mut s = String::new();
        self.write_type(qt, interner, &mut s);
        s
    }

    fn quals_prefix(q: Qualifiers) -> String {
        let mut s = String::new();
        if q.konst {
            s.push_str("const ");
        }
        if q.volatile {
            s.push_str("volatile ");
        }
        s
    }

    fn write_record_name(&self, r: RecordId, interner: &Interner, out: &mut String) {
        match self.record(r).name {
            Some(n) => out.push_str(interner.resolve(n)),
            None => out.push_str("<unnamed>"),
        }
    }

    fn write_type(&self, qt: QualType, interner: &Interner, out: &mut String) {
        match self.kind(qt.ty) {
            TypeKind::Pointer(p) => {
                self.write_type(*p, interner, out);
                out.push_str(" *");
                if qt.quals.konst {
                    out.push_str(" const");
                }
                if qt.quals.volatile {
                    out.push_str(" volatile");
                }
                if qt.quals.restrict {
                    out.push_str(" __restrict__");
                }
            }
            TypeKind::Reference { referent, rvalue } => {
                self.write_type(*referent, interner, out);
                out.push_str(if *rvalue { " &&" } else { " &" });
            }
            TypeKind::MemberPointer { class, pointee } => {
                self.write_type(*pointee, interner, out);
                out.push(' ');
                self.write_record_name(*class, interner, out);
                out.push_str("::*");
            }
            TypeKind::Record(r) if self.record(*r).member_fn_ptr.is_some() => {
                let Some((class, f, konst)) = self.record(*r).member_fn_ptr else {
                    return;
                };
                if let TypeKind::Function { ret, params, .. } = self.kind(f.ty) {
                    self.write_type(*ret, interner, out);
                    out.push_str(" (");
                    self.write_record_name(class, interner, out);
                    out.push_str("::*)(");
                    for (i, p) in params.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write_type(*p, interner, out);
                    }
                    out.push(')');
                    if konst {
                        out.push_str(" const");
                    }
                }
            }
            TypeKind::Array { elem, len } => {
                self.write_type(elem.with_quals(qt.quals), interner, out);
                match len {
                    Some(n) => out.push_str(&format!(" [{n}]")),
                    None => out.push_str(" []"),
                }
            }
            TypeKind::Function {
                ret,
                params,
                variadic,
            } => {
                self.write_type(*ret, interner, out);
                out.push_str(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_type(*p, interner, out);
                }
                if *variadic {
                    out.push_str(if params.is_empty() { "..." } else { ", ..." });
                }
                out.push(')');
            }
            other => {
                out.push_str(&Self::quals_prefix(qt.quals));
                match other {
                    TypeKind::Void => out.push_str("void"),
                    TypeKind::Int(k) => out.push_str(k.name()),
                    TypeKind::Float(FloatKind::Float) => out.push_str("float"),
                    TypeKind::Float(FloatKind::Double) => out.push_str("double"),
                    TypeKind::LongDouble => out.push_str("long double"),
                    TypeKind::NullPtr => out.push_str("std::nullptr_t"),
                    TypeKind::Record(r) => {
                        let info = self.record(*r);
                        match info.name {
                            Some(n) => out.push_str(interner.resolve(n)),
                            None => out.push_str("<unnamed>"),
                        }
                    }
                    TypeKind::Enum(e) => match self.enum_info(*e).name {
                        Some(n) => out.push_str(interner.resolve(n)),
                        None => out.push_str("<unnamed>"),
                    },
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_layout_follows_natural_alignment() {
        let mut t = TypeTable::new();
        let c = QualType::new(t.int(IntKind::Char));
        let d = QualType::new(t.float(FloatKind::Double));
        let i = QualType::new(t.int(IntKind::Int));
        let r = t.new_record(TagKind::Struct, None, Span::default());
        t.complete_record(r, vec![(None, c, 1), (None, d, 1), (None, i, 1)], 1);
        // char at 0, double at 8, int at 16, size rounded to 24 (align 8).
        let info = t.record(r);
        assert_eq!(
            info.fields.iter().map(|f| f.offset).collect::<Vec<_>>(),
            vec![0, 8, 16]
        );
        assert_eq!((info.size, info.align), (24, 8));
    }

    /// Layouts checked against nvcc 13 (`static_assert`s on `sizeof`/`offsetof`/`alignof`
    /// that `nvcc -ptx` accepts): `struct { unsigned a:6, b:5, c:5; int d:16; }` is 4 bytes;
    /// `struct { char c; int x:28; }` is 8 (x straddles bit 32, moves to offset 4);
    /// `struct { char c; int x:20; }` is 4; `struct { char c; int :0; char d; }` puts d at 4.
    #[test]
    fn bit_fields_follow_the_system_v_layout() {
        let mut t = TypeTable::new();
        let u = QualType::new(t.int(IntKind::UInt));
        let i = QualType::new(t.int(IntKind::Int));
        let c = QualType::new(t.int(IntKind::Char));
        let n = |k: &str, t: &mut Interner| Some(t.intern(k));
        let mut names = Interner::new();
        let r = t.new_record(TagKind::Struct, None, Span::default());
        let f = vec![
            (n("a", &mut names), u, 1, Some(6)),
            (n("b", &mut names), u, 1, Some(5)),
            (n("c", &mut names), u, 1, Some(5)),
            (n("d", &mut names), i, 1, Some(16)),
        ];
        t.complete_record_with_bits(r, f, 1);
        let info = t.record(r);
        assert_eq!((info.size, info.align), (4, 4));
        let bits: Vec<_> = info.fields.iter().map(|f| (f.offset, f.bits)).collect();
        assert_eq!(
            bits,
            vec![
                (0, Some((0, 6))),
                (0, Some((6, 5))),
                (0, Some((11, 5))),
                (0, Some((16, 16)))
            ]
        );
        let r = t.new_record(TagKind::Struct, None, Span::default());
        t.complete_record_with_bits(
            r,
            vec![(None, c, 1, None), (n("x", &mut names), i, 1, Some(28))],
            1,
        );
        let info = t.record(r);
        assert_eq!(
            (info.size, info.fields[1].offset, info.fields[1].bits),
            (8, 4, Some((0, 28)))
        );
        let r = t.new_record(TagKind::Struct, None, Span::default());
        t.complete_record_with_bits(
            r,
            vec![(None, c, 1, None), (n("x", &mut names), i, 1, Some(20))],
            1,
        );
        let info = t.record(r);
        assert_eq!(
            (info.size, info.fields[1].offset, info.fields[1].bits),
            (4, 0, Some((8, 20)))
        );
        let r = t.new_record(TagKind::Struct, None, Span::default());
        t.complete_record_with_bits(
            r,
            vec![
                (None, c, 1, None),
                (None, i, 1, Some(0)),
                (n("d", &mut names), c, 1, None),
            ],
            1,
        );
        let info = t.record(r);
        assert_eq!(
            (info.size, info.fields.len(), info.fields[1].offset),
            (5, 2, 4)
        );
    }

    #[test]
    fn interning_makes_equal_types_equal_ids() {
        let mut t = TypeTable::new();
        let f = QualType::new(t.float(FloatKind::Float));
        let p1 = t.pointer_to(f);
        let p2 = t.pointer_to(f);
        assert_eq!(p1, p2);
        let cf = f.with_quals(Qualifiers {
            konst: true,
            ..Qualifiers::NONE
        });
        assert_ne!(t.pointer_to(cf), p1);
    }
}
