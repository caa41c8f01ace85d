//! The scalar types of generated programs: their C spelling, width, signedness, and how a
//! literal of each is printed so that the printed expression has exactly that type.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Bool,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

pub const INTS: &[Ty] = &[
    Ty::I8,
    Ty::U8,
    Ty::I16,
    Ty::U16,
    Ty::I32,
    Ty::U32,
    Ty::I64,
    Ty::U64,
];
pub const FLOATS: &[Ty] = &[Ty::F32, Ty::F64];

impl Ty {
    pub fn c_name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::I8 => "signed char",
            Ty::U8 => "unsigned char",
            Ty::I16 => "short",
            Ty::U16 => "unsigned short",
            Ty::I32 => "int",
            Ty::U32 => "unsigned int",
            Ty::I64 => "long long",
            Ty::U64 => "unsigned long long",
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }

    /// A short tag for helper names (`ox_div_i32`).
    pub fn tag(self) -> &'static str {
        match self {
            Ty::Bool => "b",
            Ty::I8 => "i8",
            Ty::U8 => "u8",
            Ty::I16 => "i16",
            Ty::U16 => "u16",
            Ty::I32 => "i32",
            Ty::U32 => "u32",
            Ty::I64 => "i64",
            Ty::U64 => "u64",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }

    pub fn bits(self) -> u32 {
        match self {
            Ty::Bool => 1,
            Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 => 16,
            Ty::I32 | Ty::U32 | Ty::F32 => 32,
            Ty::I64 | Ty::U64 | Ty::F64 => 64,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    pub fn is_int(self) -> bool {
        !self.is_float() && self != Ty::Bool
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }

    /// The unsigned type wrapping arithmetic is done in: `unsigned int` for every type of
    /// 32 bits or less (so that narrow operands are not promoted to a signed `int` that
    /// could overflow), `unsigned long long` for 64 bits.
    pub fn wrap_ty(self) -> Ty {
        if self.bits() == 64 {
            Ty::U64
        } else {
            Ty::U32
        }
    }

    /// A literal of this type from raw bits (floats: the bits of a finite value).
    pub fn literal(self, bits: u64) -> String {
        let mask = if self.bits() == 64 {
            u64::MAX
        } else {
            (1u64 << self.bits()) - 1
        };
        let v = bits & mask;
        let signed = |w: u32| -> i64 { ((v << (64 - w)) as i64) >> (64 - w) };
        match self {
            Ty::Bool => (if v & 1 == 1 { "true" } else { "false" }).to_string(),
            Ty::I8 | Ty::I16 => format!("(({})({}))", self.c_name(), signed(self.bits())),
            Ty::U8 | Ty::U16 => format!("(({}){}u)", self.c_name(), v),
            Ty::I32 => match signed(32) {
                i64::MIN..=-2147483648 => "(-2147483647 - 1)".to_string(),
                x if x < 0 => format!("({x})"),
                x => format!("{x}"),
            },
            Ty::U32 => format!("{v}u"),
            Ty::I64 => match v as i64 {
                i64::MIN => "(-9223372036854775807ll - 1)".to_string(),
                x if x < 0 => format!("({x}ll)"),
                x => format!("{x}ll"),
            },
            Ty::U64 => format!("{v}ull"),
            Ty::F32 => {
                let x = f32::from_bits(v as u32);
                assert!(x.is_finite(), "float literals are finite");
                let t = float_text(format!("{x:?}"));
                if x.is_sign_negative() {
                    format!("({t}f)")
                } else {
                    format!("{t}f")
                }
            }
            Ty::F64 => {
                let x = f64::from_bits(v);
                assert!(x.is_finite(), "float literals are finite");
                let t = float_text(format!("{x:?}"));
                if x.is_sign_negative() {
                    format!("({t})")
                } else {
                    t
                }
            }
        }
    }
}

/// Rust's shortest float text as a C floating literal (`1e-45` needs a point or exponent;
/// it has the exponent, `3` would not: Rust prints `3.0`).
fn float_text(t: String) -> String {
    if t.contains('.') || t.contains('e') {
        t
    } else {
        format!("{t}.0")
    }
}
