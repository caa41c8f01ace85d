//! Texture and surface objects: the images a launch file declares (`"images"`, see
//! `docs/emulator.md`), and what `tex`, `tld4`, `suld.b` and `sust.b` read and write in them.
//!
//! Fetching follows the CUDA Programming Guide's texture-fetching appendix: normalized
//! coordinates are scaled by the size; the address mode (wrap and mirror only with normalized
//! coordinates, else clamp) maps each texel index into the image or, for border, to zero;
//! point filtering reads texel `floor(x)`; linear filtering reads the two (four, eight) texels
//! around `x - 0.5` and weights them by the fraction, held in 9-bit fixed point with 8
//! fractional bits. In normalized-float read mode 8- and 16-bit integer channels become
//! `v / (2^n - 1)` (unsigned) or `max(v / (2^(n-1) - 1), -1)` (signed). A mipmapped image
//! (`"levels"`) answers `tex.level` from the level its level of detail names, clamped to the
//! levels there are: the nearest level (ties upward), or with a linear mipmap filter the two
//! levels around it blended by the fraction in 1/256 steps (as the bilinear weights; an
//! assumption no GPU has confirmed here). `tex.grad` on a mipmapped image takes its level of
//! detail from the gradients (`tex_ops::grad_lod`: log2 of the longer gradient in texels,
//! OpenGL's isotropic rule, another assumption); on a cubemap it is refused. A cubemap's
//! faces are its layers.
//! Channels an image lacks read as 0.

use crate::inst::Ty;

/// How an out-of-range coordinate is mapped (`cudaTextureAddressMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddrMode {
    Wrap,
    Clamp,
    Mirror,
    Border,
}

impl AddrMode {
    pub fn parse(s: &str) -> Option<AddrMode> {
        Some(match s {
            "wrap" => AddrMode::Wrap,
            "clamp" => AddrMode::Clamp,
            "mirror" => AddrMode::Mirror,
            "border" => AddrMode::Border,
            _ => return None,
        })
    }
}

/// One image of the launch: its format, size and sampling state. Its texels live in global
/// allocation `seg`, row-major, layers outermost: element `((l * depth + z) * height + y) *
/// width + x`, each `channels` values of `ty`.
#[derive(Clone, Debug)]
pub struct Image {
    pub seg: usize,
    pub ty: Ty,
    pub channels: u32,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// 0 for an image that is not layered.
    pub layers: u32,
    pub address: [AddrMode; 3],
    pub linear: bool,
    pub normalized_read: bool,
    pub normalized_coords: bool,
    /// Mipmap levels (1: none). Level l has each size halved l times (at least 1), and the
    /// levels follow each other in the buffer, level 0 first, each with all its layers.
    pub levels: u32,
    /// `"mipmap_filter": "linear"`: a fractional level of detail blends the two levels
    /// around it (else the nearest level is read).
    pub mip_linear: bool,
}

/// A fetch's geometry, decoded from the PTX (`.1d .2d .3d .a1d .a2d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geom {
    D1,
    D2,
    D3,
    A1d,
    A2d,
    Cube,
    ACube,
}

impl Geom {
    pub fn parse(s: &str) -> Option<Geom> {
        Some(match s {
            "1d" => Geom::D1,
            "2d" => Geom::D2,
            "3d" => Geom::D3,
            "a1d" => Geom::A1d,
            "a2d" => Geom::A2d,
            "cube" => Geom::Cube,
            "acube" => Geom::ACube,
            _ => return None,
        })
    }
    /// Spatial dimensions.
    pub fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::A1d => 1,
            Geom::D2 | Geom::A2d => 2,
            Geom::D3 | Geom::Cube | Geom::ACube => 3,
        }
    }
    pub fn layered(self) -> bool {
        matches!(self, Geom::A1d | Geom::A2d | Geom::ACube)
    }
}

impl Image {
    pub fn elem_bytes(&self) -> usize {
        self.ty.bytes() as usize * self.channels as usize
    }
    fn size(&self, d: usize) -> u32 {
        [self.width, self.height, self.depth][d]
    }

    /// Channel `c` of texel (x, y, z) of `layer` as raw bits, or `None` for a channel the
    /// image lacks.
    fn raw(&self, data: &[u8], idx: [u32; 3], layer: u32, c: u32) -> Option<u64> {
        if c >= self.channels {
            return None;
        }
        let e = ((layer as usize * self.depth as usize + idx[2] as usize) * self.height as usize
            + idx[1] as usize)
            * self.width as usize
            + idx[0] as usize;
        let s = self.ty.bytes() as usize;
        crate::memory::read_le(data, e * self.elem_bytes() + c as usize * s, s)
    }

    /// A channel as the float the texture unit filters: the value itself for float channels
    /// and in element read mode, the normalized value in normalized-float read mode.
    fn channel_f32(&self, bits: u64) -> f32 {
        let n = self.ty.bits();
        match self.ty {
            Ty::F32 => f32::from_bits(bits as u32),
            Ty::F16 => crate::float::f16_to_f32(bits as u16),
            _ if self.normalized_read && n <= 16 => {
                if self.ty.is_signed() {
                    let v = crate::alu::sext(bits, n) as f32;
                    (v / ((1u32 << (n - 1)) - 1) as f32).max(-1.0)
                } else {
                    bits as f32 / ((1u32 << n) - 1) as f32
                }
            }
            _ if self.ty.is_signed() => crate::alu::sext(bits, n) as f32,
            _ => bits as f32,
        }
    }

    /// A channel in the result register: float bits when the fetch returns floats, else the
    /// integer sign- or zero-extended to 32 bits.
    fn channel_out(&self, bits: u64, float_result: bool) -> u32 {
        if float_result {
            self.channel_f32(bits).to_bits()
        } else if self.ty.is_signed() {
            crate::alu::sext(bits, self.ty.bits()) as u32
        } else {
            bits as u32
        }
    }

    /// Maps texel index `i` of dimension `d` into the image, or `None` (border: reads 0).
    fn address(&self, d: usize, i: i64) -> Option<u32> {
        let n = self.size(d) as i64;
        let mode = match self.address[d] {
            // Wrap and mirror need normalized coordinates; otherwise the hardware clamps.
            AddrMode::Wrap | AddrMode::Mirror if !self.normalized_coords => AddrMode::Clamp,
            m => m,
        };
        Some(match mode {
            AddrMode::Clamp => i.clamp(0, n - 1) as u32,
            AddrMode::Border => {
                if i < 0 || i >= n {
                    return None;
                }
                i as u32
            }
            AddrMode::Wrap => i.rem_euclid(n) as u32,
            AddrMode::Mirror => {
                let p = i.rem_euclid(2 * n);
                (if p < n { p } else { 2 * n - 1 - p }) as u32
            }
        })
    }

    /// The unnormalized coordinate of dimension `d`.
    fn scaled(&self, d: usize, x: f32) -> f32 {
        if self.normalized_coords {
            x * self.size(d) as f32
        } else {
            x
        }
    }

    /// Channel `c` of the texel at integer indices (already addressed), as filtering sees it.
    fn texel_f32(&self, data: &[u8], idx: [Option<u32>; 3], layer: u32, c: u32) -> f32 {
        match idx {
            [Some(x), Some(y), Some(z)] => self
                .raw(data, [x, y, z], layer, c)
                .map_or(0.0, |b| self.channel_f32(b)),
            _ => 0.0,
        }
    }

    fn layer_of(&self, l: i32) -> u32 {
        (l.max(0) as u32).min(self.layers.max(1) - 1)
    }

    /// `tex` with float coordinates: four result registers.
    pub fn fetch(&self, data: &[u8], geom: Geom, coords: &[u32], float_result: bool) -> [u32; 4] {
        if matches!(geom, Geom::Cube | Geom::ACube) {
            return self.fetch_cube(data, geom, coords, float_result);
        }
        let (layer, xs) = if geom.layered() {
            (self.layer_of(coords[0] as i32), &coords[1..])
        } else {
            (0, coords)
        };
        let dims = geom.dims();
        let mut pos = [0f32; 3];
        for d in 0..dims {
            pos[d] = self.scaled(d, f32::from_bits(xs[d]));
        }
        let mut out = [0u32; 4];
        if !self.linear || !float_result {
            let mut idx = [Some(0u32); 3];
            for d in 0..dims {
                idx[d] = self.address(d, pos[d].floor() as i64);
            }
            for (c, o) in out.iter_mut().enumerate() {
                *o = match idx {
                    [Some(x), Some(y), Some(z)] => self
                        .raw(data, [x, y, z], layer, c as u32)
                        .map_or(0, |b| self.channel_out(b, float_result)),
                    _ => 0,
                };
            }
            return out;
        }
        // Linear: weights in 1/256 steps around x - 0.5.
        let mut base = [0i64; 3];
        let mut frac = [0f32; 3];
        for d in 0..dims {
            let xb = pos[d] - 0.5;
            let f = xb.floor();
            base[d] = f as i64;
            frac[d] = ((xb - f) * 256.0).round() / 256.0;
        }
        for (c, o) in out.iter_mut().enumerate() {
            let mut acc = 0f32;
            for corner in 0..(1usize << dims) {
                let mut w = 1f32;
                let mut idx = [Some(0u32); 3];
                for d in 0..dims {
                    let hi = corner >> d & 1 == 1;
                    w *= if hi { frac[d] } else { 1.0 - frac[d] };
                    idx[d] = self.address(d, base[d] + hi as i64);
                }
                acc += w * self.texel_f32(data, idx, layer, c as u32);
            }
            *o = acc.to_bits();
        }
        out
    }

    /// Level `l` as an image of its own and the byte offset of its texels in the buffer.
    pub fn level(&self, l: u32) -> (Image, usize) {
        let mut off = 0;
        let mut im = Image {
            levels: 1,
            ..self.clone()
        };
        for _ in 0..l.min(self.levels.saturating_sub(1)) {
            off += im.values() * im.ty.bytes() as usize;
            im.width = (im.width >> 1).max(1);
            im.height = (im.height >> 1).max(1);
            im.depth = (im.depth >> 1).max(1);
        }
        (im, off)
    }

    /// `tex.level`: a fetch at level of detail `lod` (see the module's text).
    pub fn fetch_lod(
        &self,
        data: &[u8],
        geom: Geom,
        coords: &[u32],
        lod: f32,
        float_result: bool,
    ) -> [u32; 4] {
        let top = (self.levels.max(1) - 1) as f32;
        let lod = if lod.is_nan() {
            0.0
        } else {
            lod.clamp(0.0, top)
        };
        let at = |l: u32| {
            let (im, off) = self.level(l);
            im.fetch(data.get(off..).unwrap_or(&[]), geom, coords, float_result)
        };
        if !self.mip_linear || !float_result {
            return at((lod + 0.5).floor() as u32);
        }
        let l0 = lod.floor();
        let f = ((lod - l0) * 256.0).round() / 256.0;
        let (a, b) = (at(l0 as u32), at((l0 as u32 + 1).min(top as u32)));
        let mut out = [0u32; 4];
        for c in 0..4 {
            let (x, y) = (f32::from_bits(a[c]), f32::from_bits(b[c]));
            out[c] = ((1.0 - f) * x + f * y).to_bits();
        }
        out
    }

    /// A cubemap fetch (the guide's cubemap table): the major axis of (x, y, z) picks the
    /// face, `(s/|m| + 1)/2`, `(t/|m| + 1)/2` are normalized coordinates on it. Faces are the
    /// layers `6·layer + face` of the image (+x, -x, +y, -y, +z, -z), sampled with clamp.
    fn fetch_cube(&self, data: &[u8], geom: Geom, coords: &[u32], float_result: bool) -> [u32; 4] {
        let (layer, c) = if geom == Geom::ACube {
            ((coords[0] as i32).max(0) as u32, &coords[1..])
        } else {
            (0, coords)
        };
        let [x, y, z] = [0, 1, 2].map(|k| f32::from_bits(c[k]));
        let (face, m, s, t) = if x.abs() >= y.abs() && x.abs() >= z.abs() {
            if x >= 0.0 {
                (0, x, -z, -y)
            } else {
                (1, x, z, -y)
            }
        } else if y.abs() >= z.abs() {
            if y >= 0.0 {
                (2, y, x, z)
            } else {
                (3, y, x, -z)
            }
        } else if z >= 0.0 {
            (4, z, x, -y)
        } else {
            (5, z, -x, -y)
        };
        let u = (s / m.abs() + 1.0) / 2.0;
        let v = (t / m.abs() + 1.0) / 2.0;
        let faces = Image {
            normalized_coords: true,
            address: [AddrMode::Clamp; 3],
            ..self.clone()
        };
        let at = [layer * 6 + face, u.to_bits(), v.to_bits()];
        faces.fetch(data, Geom::A2d, &at, float_result)
    }

    /// `tex.1d` with an integer coordinate (`tex1Dfetch`): no filtering or addressing; an
    /// index outside the image reads zeros.
    pub fn fetch_int(&self, data: &[u8], x: i32, float_result: bool) -> [u32; 4] {
        let mut out = [0u32; 4];
        if x < 0 || x as u32 >= self.width {
            return out;
        }
        for (c, o) in out.iter_mut().enumerate() {
            *o = self
                .raw(data, [x as u32, 0, 0], 0, c as u32)
                .map_or(0, |b| self.channel_out(b, float_result));
        }
        out
    }

    /// `tld4.<comp>.2d`: component `comp` of the four texels bilinear filtering at (x, y)
    /// reads, in PTX's order (i, j+1), (i+1, j+1), (i+1, j), (i, j).
    pub fn gather(
        &self,
        data: &[u8],
        layer: u32,
        x: f32,
        y: f32,
        comp: u32,
        float_result: bool,
    ) -> [u32; 4] {
        let xb = self.scaled(0, x) - 0.5;
        let yb = self.scaled(1, y) - 0.5;
        let (i, j) = (xb.floor() as i64, yb.floor() as i64);
        let at = |di: i64, dj: i64| -> u32 {
            match (self.address(0, i + di), self.address(1, j + dj)) {
                (Some(a), Some(b)) => self
                    .raw(data, [a, b, 0], layer, comp)
                    .map_or(0, |v| self.channel_out(v, float_result)),
                _ => 0,
            }
        };
        [at(0, 1), at(1, 1), at(1, 0), at(0, 0)]
    }

    /// The byte offset of a surface access of `bytes` bytes at byte column `x`, row `y`,
    /// slice `z`, `layer`; clamped or `None` (zero / trap) when out of range.
    pub fn surf_offset(
        &self,
        geom: Geom,
        coords: &[i32],
        bytes: usize,
        clamp: bool,
    ) -> Option<usize> {
        let (layer, xs) = if geom.layered() {
            (coords[0], &coords[1..])
        } else {
            (0, coords)
        };
        let row = self.width as i64 * self.elem_bytes() as i64;
        let mut x = xs[0] as i64;
        let mut y = if geom.dims() > 1 { xs[1] as i64 } else { 0 };
        let mut z = if geom.dims() > 2 { xs[2] as i64 } else { 0 };
        let mut l = layer as i64;
        let lim = [
            (row - bytes as i64).max(0),
            self.height as i64 - 1,
            self.depth as i64 - 1,
            self.layers.max(1) as i64 - 1,
        ];
        let mut v = [&mut x, &mut y, &mut z, &mut l];
        for (k, c) in v.iter_mut().enumerate() {
            if **c < 0 || **c > lim[k] {
                if !clamp {
                    return None;
                }
                **c = (**c).clamp(0, lim[k]);
            }
        }
        Some((((l * self.depth as i64 + z) * self.height as i64 + y) * row + x) as usize)
    }
}

/// Parses one entry of the launch file's `"images"`: the image (with `seg` holding the index
/// of its buffer among the launch's buffers) and the element type and count of that buffer.
pub fn parse_image(
    o: &serde_json::Map<String, serde_json::Value>,
    ty: Ty,
    buffer: usize,
) -> Result<Image, String> {
    use serde_json::Value;
    let dim = |k: &str, default: u32| -> Result<u32, String> {
        match o.get(k) {
            None => Ok(default),
            Some(v) => v
                .as_u64()
                .filter(|&n| n <= 1 << 16)
                .map(|n| n as u32)
                .ok_or_else(|| format!("\"{k}\" must be a count up to 65536")),
        }
    };
    let channels = dim("channels", 1)?;
    if !matches!(channels, 1 | 2 | 4) {
        return Err("\"channels\" must be 1, 2 or 4".into());
    }
    if !matches!(
        ty,
        Ty::U8 | Ty::S8 | Ty::U16 | Ty::S16 | Ty::U32 | Ty::S32 | Ty::F16 | Ty::F32
    ) {
        return Err("an image's \"type\" is one of u8 i8 u16 i16 u32 i32 f16 f32".into());
    }
    let width = dim("width", 1)?.max(1);
    let height = dim("height", 1)?.max(1);
    let depth = dim("depth", 1)?.max(1);
    let layers = dim("layers", 0)?;
    let mode = |v: &Value| {
        v.as_str()
            .and_then(AddrMode::parse)
            .ok_or_else(|| format!("bad address mode {v} (wrap, clamp, mirror or border)"))
    };
    let address = match o.get("address") {
        None => [AddrMode::Clamp; 3],
        Some(Value::Array(a)) if !a.is_empty() && a.len() <= 3 => {
            let mut m = [AddrMode::Clamp; 3];
            for (k, v) in a.iter().enumerate() {
                m[k] = mode(v)?;
            }
            m
        }
        Some(v) => [mode(v)?; 3],
    };
    let word = |k: &str, a: &str, b: &str| -> Result<bool, String> {
        match o.get(k).map(|v| v.as_str()) {
            None => Ok(false),
            Some(Some(s)) if s == a => Ok(false),
            Some(Some(s)) if s == b => Ok(true),
            _ => Err(format!("\"{k}\" must be \"{a}\" or \"{b}\"")),
        }
    };
    let linear = word("filter", "point", "linear")?;
    let normalized_read = word("read", "element", "normalized")?;
    let levels = dim("levels", 1)?.max(1);
    if levels > 1 && levels > 32 - width.max(height).max(depth).leading_zeros() {
        return Err("\"levels\" is more than the sizes can halve to 1".into());
    }
    let mip_linear = word("mipmap_filter", "point", "linear")?;
    let normalized_coords = match o.get("normalized_coords") {
        None => false,
        Some(Value::Bool(b)) => *b,
        _ => return Err("\"normalized_coords\" must be true or false".into()),
    };
    Ok(Image {
        seg: buffer,
        ty,
        channels,
        width,
        height,
        depth,
        layers,
        address,
        linear,
        normalized_read,
        normalized_coords,
        levels,
        mip_linear,
    })
}

impl Image {
    /// Values in the image's buffer: every channel of every texel of every level.
    pub fn values(&self) -> usize {
        if self.levels > 1 {
            let (last, off) = self.level(self.levels - 1);
            return off / self.ty.bytes() as usize + last.values();
        }
        self.width as usize
            * self.height as usize
            * self.depth as usize
            * self.layers.max(1) as usize
            * self.channels as usize
    }
}
