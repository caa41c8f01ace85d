//! Texture and surface operations: what a `tex`/`tld4` fetch or a `suld`/`sust` access
//! does, apart from its operands.
//!
//! PTX fetches a texel as four components at once (`tex.2d.v4.f32.f32 {a,b,c,d}, …`), but
//! an IR instruction defines one value. A `TexFetch` therefore names the component it
//! returns; the four fetches of one `float4` differ only in that component, and the backend
//! emits one `tex` for all of them (texture memory does not change while a kernel runs).
//! Surface reads work the same way with a vector width of 1, 2 or 4.
//!
//! Operand order is PTX's: the handle (`i64`), then the coordinates with the layer index
//! first for layered geometries (`a1d`, `a2d`, `acube`), then the level of detail or the
//! two gradients; stores end with their values.

/// The shape of a texture or surface (PTX's `.1d .2d .3d .a1d .a2d .cube .acube`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TexGeom {
    D1,
    D2,
    D3,
    A1d,
    A2d,
    Cube,
    ACube,
}

impl TexGeom {
    pub const ALL: [TexGeom; 7] = [
        TexGeom::D1,
        TexGeom::D2,
        TexGeom::D3,
        TexGeom::A1d,
        TexGeom::A2d,
        TexGeom::Cube,
        TexGeom::ACube,
    ];

    /// The PTX spelling.
    pub fn name(self) -> &'static str {
        match self {
            TexGeom::D1 => "1d",
            TexGeom::D2 => "2d",
            TexGeom::D3 => "3d",
            TexGeom::A1d => "a1d",
            TexGeom::A2d => "a2d",
            TexGeom::Cube => "cube",
            TexGeom::ACube => "acube",
        }
    }

    pub fn from_name(s: &str) -> Option<TexGeom> {
        TexGeom::ALL.into_iter().find(|g| g.name() == s)
    }

    /// Coordinates as the IR holds them (the layer index included, no padding).
    pub fn coords(self) -> usize {
        match self {
            TexGeom::D1 => 1,
            TexGeom::D2 | TexGeom::A1d => 2,
            TexGeom::D3 | TexGeom::A2d | TexGeom::Cube => 3,
            TexGeom::ACube => 4,
        }
    }

    /// True when the first coordinate is a layer index (always an `i32`).
    pub fn layered(self) -> bool {
        matches!(self, TexGeom::A1d | TexGeom::A2d | TexGeom::ACube)
    }

    /// Components of a gradient vector (`tex.grad`).
    pub fn grad_dims(self) -> usize {
        match self {
            TexGeom::D1 | TexGeom::A1d => 1,
            TexGeom::D2 | TexGeom::A2d => 2,
            TexGeom::D3 | TexGeom::Cube | TexGeom::ACube => 3,
        }
    }
}

/// How a fetch picks its texels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TexMode {
    /// `tex`: level 0.
    Plain,
    /// `tex.level`: an explicit level of detail (one `f32` operand).
    Level,
    /// `tex.grad`: level from two gradient vectors.
    Grad,
    /// `tld4.{r,g,b,a}`: the given component of the four texels bilinear filtering would use.
    Gather(u8),
}

/// The element type of a fetch's result (PTX's destination type).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TexKind {
    F32,
    S32,
    U32,
}

impl TexKind {
    pub fn name(self) -> &'static str {
        match self {
            TexKind::F32 => "f32",
            TexKind::S32 => "s32",
            TexKind::U32 => "u32",
        }
    }
    pub fn from_name(s: &str) -> Option<TexKind> {
        [TexKind::F32, TexKind::S32, TexKind::U32]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

/// Everything about a texture fetch except its operands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TexOp {
    pub geom: TexGeom,
    pub mode: TexMode,
    pub result: TexKind,
    /// Integer coordinates (`tex.1d.v4.f32.s32`, what `tex1Dfetch` uses) instead of `f32`.
    pub int_coords: bool,
    /// The component (0..=3) this instruction returns.
    pub comp: u8,
}

impl TexOp {
    /// Operands after the handle and the coordinates.
    pub fn extra_operands(&self) -> usize {
        match self.mode {
            TexMode::Plain | TexMode::Gather(_) => 0,
            TexMode::Level => 1,
            TexMode::Grad => 2 * self.geom.grad_dims(),
        }
    }
    /// Number of operands, the handle included.
    pub fn operands(&self) -> usize {
        1 + self.geom.coords() + self.extra_operands()
    }
}

/// What a surface access does at an out-of-range coordinate (`.trap .clamp .zero`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SurfClamp {
    Trap,
    Clamp,
    Zero,
}

impl SurfClamp {
    pub fn name(self) -> &'static str {
        match self {
            SurfClamp::Trap => "trap",
            SurfClamp::Clamp => "clamp",
            SurfClamp::Zero => "zero",
        }
    }
    pub fn from_name(s: &str) -> Option<SurfClamp> {
        [SurfClamp::Trap, SurfClamp::Clamp, SurfClamp::Zero]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

/// Everything about a surface load or store except its operands: `suld.b.<geom>.v<vec>.b<bits>`.
/// The x coordinate is in bytes, as CUDA's API has it; the others count elements.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurfOp {
    /// `D1 D2 D3 A1d A2d` (surfaces have no cube forms here).
    pub geom: TexGeom,
    /// Bits per component: 8, 16, 32 or 64.
    pub bits: u8,
    /// Components per access: 1, 2 or 4.
    pub vec: u8,
    /// The component a load returns (0 for stores).
    pub comp: u8,
    pub clamp: SurfClamp,
}

impl SurfOp {
    /// The IR type of one component: `i64` for 64-bit components, else `i32` (8- and 16-bit
    /// ones zero-extended).
    pub fn value_type(&self) -> crate::Type {
        if self.bits == 64 {
            crate::Type::I64
        } else {
            crate::Type::I32
        }
    }
    /// True for a shape PTX's surface instructions accept.
    pub fn valid(&self) -> bool {
        matches!(
            self.geom,
            TexGeom::D1 | TexGeom::D2 | TexGeom::D3 | TexGeom::A1d | TexGeom::A2d
        ) && matches!(self.bits, 8 | 16 | 32 | 64)
            && matches!(self.vec, 1 | 2 | 4)
            && self.comp < self.vec
            && (self.bits != 64 || self.vec <= 2)
    }
}

impl TexMode {
    /// The `.oxir` spelling (`plain level grad gather0`…`gather3`).
    pub fn name(self) -> String {
        match self {
            TexMode::Plain => "plain".into(),
            TexMode::Level => "level".into(),
            TexMode::Grad => "grad".into(),
            TexMode::Gather(c) => format!("gather{c}"),
        }
    }
    pub fn from_name(s: &str) -> Option<TexMode> {
        Some(match s {
            "plain" => TexMode::Plain,
            "level" => TexMode::Level,
            "grad" => TexMode::Grad,
            "gather0" => TexMode::Gather(0),
            "gather1" => TexMode::Gather(1),
            "gather2" => TexMode::Gather(2),
            "gather3" => TexMode::Gather(3),
            _ => return None,
        })
    }
}

/// A component number written `c0`…`c3`.
fn comp_from_name(s: &str) -> Option<u8> {
    match s {
        "c0" => Some(0),
        "c1" => Some(1),
        "c2" => Some(2),
        "c3" => Some(3),
        _ => None,
    }
}

impl TexOp {
    /// The `.oxir` opcode word: `tex.2d.plain.f32.f32.c0` (geometry, mode, result kind,
    /// coordinate kind, component).
    pub fn word(&self) -> String {
        let ck = if self.int_coords { "s32" } else { "f32" };
        format!(
            "tex.{}.{}.{}.{ck}.c{}",
            self.geom.name(),
            self.mode.name(),
            self.result.name(),
            self.comp
        )
    }
    /// Parses the modifiers after `tex` (the inverse of `word`).
    pub fn from_parts(p: &[&str]) -> Option<TexOp> {
        let [g, m, r, c, k] = p else { return None };
        Some(TexOp {
            geom: TexGeom::from_name(g)?,
            mode: TexMode::from_name(m)?,
            result: TexKind::from_name(r)?,
            int_coords: match *c {
                "s32" => true,
                "f32" => false,
                _ => return None,
            },
            comp: comp_from_name(k)?,
        })
    }
    /// The IR type of the result.
    pub fn result_type(&self) -> crate::Type {
        match self.result {
            TexKind::F32 => crate::Type::F32,
            TexKind::S32 | TexKind::U32 => crate::Type::I32,
        }
    }
}

impl SurfOp {
    /// The `.oxir` opcode word: `suld.2d.b32.v1.c0.trap` / `sust.2d.b8.v4.clamp`.
    pub fn word(&self, store: bool) -> String {
        let g = self.geom.name();
        let (b, v, c) = (self.bits, self.vec, self.clamp.name());
        if store {
            format!("sust.{g}.b{b}.v{v}.{c}")
        } else {
            format!("suld.{g}.b{b}.v{v}.c{}.{c}", self.comp)
        }
    }
    /// Parses the modifiers after `suld`/`sust` (the inverse of `word`).
    pub fn from_parts(p: &[&str], store: bool) -> Option<SurfOp> {
        let (g, b, v, comp, c) = match (store, p) {
            (true, [g, b, v, c]) => (g, b, v, 0, c),
            (false, [g, b, v, k, c]) => (g, b, v, comp_from_name(k)?, c),
            _ => return None,
        };
        let op = SurfOp {
            geom: TexGeom::from_name(g)?,
            bits: b.strip_prefix('b')?.parse().ok()?,
            vec: v.strip_prefix('v')?.parse().ok()?,
            comp,
            clamp: SurfClamp::from_name(c)?,
        };
        op.valid().then_some(op)
    }
}

/// Why operands of types `tys` do not fit the fetch `op`, if they do not (a verifier rule).
pub fn tex_operand_problem(op: &TexOp, tys: &[crate::Type]) -> Option<String> {
    use crate::Type;
    if tys.len() != op.operands() {
        return Some(format!(
            "{} takes {} operands, not {}",
            op.word(),
            op.operands(),
            tys.len()
        ));
    }
    if tys[0] != Type::I64 {
        return Some(format!("texture handle is {}, not i64", tys[0]));
    }
    if let TexMode::Gather(_) = op.mode {
        if !matches!(op.geom, TexGeom::D2 | TexGeom::A2d) || op.int_coords {
            return Some(format!(
                "{}: tld4 needs 2d/a2d and f32 coordinates",
                op.word()
            ));
        }
    }
    let n = op.geom.coords();
    for (k, &t) in tys[1..].iter().enumerate() {
        let want = if k == 0 && op.geom.layered() || k < n && op.int_coords {
            Type::I32
        } else {
            Type::F32
        };
        if t != want {
            return Some(format!("texture operand {} is {t}, not {want}", k + 1));
        }
    }
    (op.comp > 3).then(|| format!("texture component {} is not 0..3", op.comp))
}

/// Why operands of types `tys` do not fit the surface access `op`, if they do not.
pub fn surf_operand_problem(op: &SurfOp, store: bool, tys: &[crate::Type]) -> Option<String> {
    use crate::Type;
    if !op.valid() {
        return Some(format!(
            "{} is not a surface access PTX has",
            op.word(store)
        ));
    }
    let n = op.geom.coords();
    let want = 1 + n + if store { op.vec as usize } else { 0 };
    if tys.len() != want {
        return Some(format!(
            "{} takes {want} operands, not {}",
            op.word(store),
            tys.len()
        ));
    }
    if tys[0] != Type::I64 {
        return Some(format!("surface handle is {}, not i64", tys[0]));
    }
    if let Some(t) = tys[1..=n].iter().find(|&&t| t != Type::I32) {
        return Some(format!("surface coordinate is {t}, not i32"));
    }
    let vt = op.value_type();
    tys[1 + n..]
        .iter()
        .find(|&&t| t != vt)
        .map(|t| format!("surface value is {t}, not {vt}"))
}
