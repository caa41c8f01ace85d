//! Launch descriptions (the `LAUNCH.json` format of the command line), their validation
//! against the kernel's parameters, typed buffers, and the JSON result object.
//!
//! Random fills are reproducible: splitmix64 from the seed; integers are
//! `min + r % (max - min + 1)`, floats `min + (max - min) * (r >> 11) / 2^53` rounded to the
//! buffer type.

use crate::alu;
use crate::decode::Program;
use crate::float;
use crate::inst::{Rnd, Ty};
use crate::EmuError;
use serde_json::Value;

/// A typed device buffer: raw little-endian bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub name: String,
    pub ty: Ty,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug)]
pub enum Arg {
    /// Index into `Launch::buffers`.
    Buffer(usize),
    Scalar(Ty, u64),
    Bytes(Vec<u8>, u32),
}

#[derive(Clone, Debug)]
pub struct Launch {
    pub kernel: Option<String>,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u32,
    /// A cooperative launch (`"cooperative": true`): every CTA resident at once and a grid
    /// barrier workspace whose address `%envreg1:%envreg2` give (what `this_grid().sync()`
    /// reads); without it they read 0 and a grid-wide sync traps.
    pub cooperative: bool,
    pub args: Vec<Arg>,
    pub buffers: Vec<Buffer>,
    /// Module variables to set before the launch: (name, element type, bytes).
    pub globals: Vec<(String, Ty, Vec<u8>)>,
    /// Texture and surface images; `seg` is the index of the image's buffer in `buffers`
    /// (texture/surface handle `k + 1` names image `k`).
    pub images: Vec<crate::texture::Image>,
}

fn e(msg: impl Into<String>) -> EmuError {
    EmuError(format!("launch file: {}", msg.into()))
}

fn parse_ty(v: &Value) -> Result<Ty, EmuError> {
    let s = v.as_str().ok_or_else(|| e("a type must be a string"))?;
    Ok(match s {
        "i8" | "s8" => Ty::S8,
        "u8" => Ty::U8,
        "i16" | "s16" => Ty::S16,
        "u16" => Ty::U16,
        "i32" | "s32" => Ty::S32,
        "u32" => Ty::U32,
        "i64" | "s64" => Ty::S64,
        "u64" => Ty::U64,
        "f16" => Ty::F16,
        "bf16" => Ty::BF16,
        "f32" => Ty::F32,
        "f64" => Ty::F64,
        _ => {
            return Err(e(format!(
                "unknown type `{s}` (use i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64)"
            )))
        }
    })
}

/// Encodes one JSON value as `ty` bits, exactly: a number is parsed from its decimal text
/// straight into the element type (no detour through another width, so nothing rounds
/// twice), and a string `"0x…"` gives the element's raw bits (NaN payloads, or any value).
pub fn encode_value(v: &Value, ty: Ty) -> Result<u64, EmuError> {
    let f = match v {
        Value::String(s) => match s.as_str() {
            "nan" => f64::NAN,
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            _ => return hex_bits(s, ty),
        },
        Value::Number(n) if !ty.is_float() => {
            if let Some(i) = n.as_i64() {
                return Ok(i as u64 & alu::mask(ty.bits()));
            }
            if let Some(u) = n.as_u64() {
                return Ok(u & alu::mask(ty.bits()));
            }
            return Err(e(format!("{n} is not an integer")));
        }
        Value::Number(n) if ty == Ty::F32 => {
            // `arbitrary_precision` keeps the number's text, so an f32 is parsed directly.
            let x: f32 = n
                .to_string()
                .parse()
                .map_err(|_| e(format!("bad number {n}")))?;
            return Ok(x.to_bits() as u64);
        }
        Value::Number(n) => n.as_f64().ok_or_else(|| e("bad number"))?,
        Value::Bool(b) => *b as u64 as f64,
        _ => return Err(e(format!("bad value {v}"))),
    };
    if !ty.is_float() {
        return Err(e(format!("{v} is not an integer")));
    }
    Ok(float_bits(f, ty))
}

/// A `"0x…"` string: the raw bits of one element (at most the type's width).
fn hex_bits(s: &str, ty: Ty) -> Result<u64, EmuError> {
    let bad = || {
        e(format!("bad value \"{s}\" (use a number, \"nan\", \"inf\", \"-inf\" or \"0x\" and the element's bits in hex)"))
    };
    let digits = s.strip_prefix("0x").ok_or_else(bad)?;
    if digits.is_empty() || digits.len() > 16 {
        return Err(bad());
    }
    let bits = u64::from_str_radix(digits, 16).map_err(|_| bad())?;
    if bits & !alu::mask(ty.bits()) != 0 {
        return Err(e(format!("\"{s}\" has more bits than a {ty:?}")));
    }
    Ok(bits)
}

fn float_bits(f: f64, ty: Ty) -> u64 {
    match ty {
        Ty::F64 => f.to_bits(),
        Ty::F32 => (f as f32).to_bits() as u64,
        Ty::F16 => float::f64_to_f16(f, 0.0, Rnd::Rn) as u64,
        _ => float::f64_to_bf16(f, 0.0, Rnd::Rn) as u64,
    }
}

struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn typed_data(
    obj: &serde_json::Map<String, Value>,
    ty: Ty,
    what: &str,
) -> Result<Vec<u8>, EmuError> {
    let size = ty.bytes() as usize;
    let mut out = Vec::new();
    if let Some(d) = obj.get("data") {
        let arr = d
            .as_array()
            .ok_or_else(|| e(format!("{what}: \"data\" must be an array")))?;
        for v in arr {
            out.extend_from_slice(&encode_value(v, ty)?.to_le_bytes()[..size]);
        }
    }
    if let Some(l) = obj.get("len") {
        let len =
            l.as_u64()
                .ok_or_else(|| e(format!("{what}: \"len\" must be a count")))? as usize;
        if len > (1 << 30) / size {
            return Err(e(format!("{what}: buffer too large")));
        }
        let have = out.len() / size;
        let fill = obj.get("fill");
        let mut rng = None;
        let mut fixed = 0u64;
        let mut range = (0.0f64, 1.0f64, 0i128, 0i128);
        match fill {
            None => {}
            Some(Value::Object(f)) if f.contains_key("value") => {
                fixed = encode_value(&f["value"], ty)?
            }
            Some(Value::Object(f)) if f.contains_key("random") => {
                let r = f["random"]
                    .as_object()
                    .ok_or_else(|| e("\"random\" must be an object"))?;
                let seed = r.get("seed").and_then(Value::as_u64).unwrap_or(0);
                let min = r.get("min").and_then(Value::as_f64).unwrap_or(0.0);
                let max = r.get("max").and_then(Value::as_f64).unwrap_or(1.0);
                let imin = r.get("min").and_then(Value::as_i64).unwrap_or(min as i64) as i128;
                let imax = r.get("max").and_then(Value::as_i64).unwrap_or(max as i64) as i128;
                if max < min {
                    return Err(e(format!("{what}: random fill with max < min")));
                }
                range = (min, max, imin, imax);
                rng = Some(SplitMix(seed));
            }
            Some(Value::Object(f)) if f.contains_key("iota") => {
                // "iota": start value; element k is start + k.
                let start = f["iota"]
                    .as_i64()
                    .ok_or_else(|| e("\"iota\" must be an integer"))?;
                for k in have..len {
                    let v = start + k as i64;
                    let bits = if ty.is_float() {
                        float_bits(v as f64, ty)
                    } else {
                        v as u64
                    };
                    out.extend_from_slice(&bits.to_le_bytes()[..size]);
                }
            }
            Some(other) => return Err(e(format!("{what}: bad fill {other}"))),
        }
        while out.len() / size < len {
            let bits = match rng.as_mut() {
                None => fixed,
                Some(r) => {
                    let x = r.next();
                    if ty.is_float() {
                        let u = (x >> 11) as f64 / (1u64 << 53) as f64;
                        float_bits(range.0 + (range.1 - range.0) * u, ty)
                    } else {
                        let span = (range.3 - range.2 + 1) as u128;
                        (range.2 + (x as u128 % span) as i128) as u64 & alu::mask(ty.bits())
                    }
                }
            };
            out.extend_from_slice(&bits.to_le_bytes()[..size]);
        }
        out.truncate(len * size);
    }
    if obj.get("data").is_none() && obj.get("len").is_none() {
        return Err(e(format!("{what} needs \"data\" or \"len\"")));
    }
    Ok(out)
}

/// Rejects misspelled or unknown keys instead of silently ignoring them.
fn only_keys(
    o: &serde_json::Map<String, Value>,
    allowed: &[&str],
    what: &str,
) -> Result<(), EmuError> {
    match o.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(e(format!(
            "{what} has an unknown key \"{k}\" (expected one of {})",
            allowed.join(", ")
        ))),
        None => Ok(()),
    }
}

fn dim3(v: Option<&Value>, what: &str) -> Result<[u32; 3], EmuError> {
    let Some(v) = v else {
        return Err(e(format!("missing \"{what}\"")));
    };
    let mut out = [1u32; 3];
    match v {
        Value::Number(n) => out[0] = n.as_u64().ok_or_else(|| e(format!("bad \"{what}\"")))? as u32,
        Value::Array(a) if !a.is_empty() && a.len() <= 3 => {
            for (k, x) in a.iter().enumerate() {
                out[k] = x
                    .as_u64()
                    .filter(|&x| x > 0 && x <= u32::MAX as u64)
                    .ok_or_else(|| e(format!("bad \"{what}\" entry {x}")))?
                    as u32;
            }
        }
        _ => {
            return Err(e(format!(
                "\"{what}\" must be an array of 1 to 3 positive integers"
            )))
        }
    }
    if out.contains(&0) {
        return Err(e(format!("\"{what}\" has a zero dimension")));
    }
    Ok(out)
}

impl Launch {
    pub fn from_json(text: &str) -> Result<Launch, EmuError> {
        let v: Value = serde_json::from_str(text).map_err(|x| e(format!("not valid JSON: {x}")))?;
        let o = v.as_object().ok_or_else(|| e("must be a JSON object"))?;
        only_keys(
            o,
            &[
                "kernel",
                "grid",
                "block",
                "dynamic_shared_bytes",
                "cooperative",
                "args",
                "globals",
                "images",
            ],
            "the launch",
        )?;
        let kernel = match o.get("kernel") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            _ => return Err(e("\"kernel\" must be a string")),
        };
        let grid = dim3(o.get("grid"), "grid")?;
        let block = dim3(o.get("block"), "block")?;
        let dynamic_shared_bytes = o
            .get("dynamic_shared_bytes")
            .map_or(Some(0), Value::as_u64)
            .ok_or_else(|| e("bad \"dynamic_shared_bytes\""))?;
        if dynamic_shared_bytes > 228 * 1024 {
            return Err(e("dynamic shared memory over 228 KiB"));
        }
        let cooperative = o
            .get("cooperative")
            .map_or(Some(false), Value::as_bool)
            .ok_or_else(|| e("\"cooperative\" must be true or false"))?;
        let mut args = Vec::new();
        let mut buffers: Vec<Buffer> = Vec::new();
        let mut images = Vec::new();
        let mut image_names = Vec::new();
        if let Some(list) = o.get("images") {
            let list = list
                .as_array()
                .ok_or_else(|| e("\"images\" must be an array"))?;
            for (k, im) in list.iter().enumerate() {
                let im = im
                    .as_object()
                    .ok_or_else(|| e(format!("image {k} must be an object")))?;
                only_keys(
                    im,
                    &[
                        "name",
                        "type",
                        "channels",
                        "width",
                        "height",
                        "depth",
                        "layers",
                        "address",
                        "filter",
                        "read",
                        "normalized_coords",
                        "levels",
                        "mipmap_filter",
                        "data",
                        "fill",
                    ],
                    &format!("image {k}"),
                )?;
                let name = im
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or_else(|| e(format!("image {k} needs a \"name\"")))?
                    .to_string();
                let ty = parse_ty(
                    im.get("type")
                        .ok_or_else(|| e(format!("image `{name}` needs a \"type\"")))?,
                )?;
                let img = crate::texture::parse_image(im, ty, buffers.len())
                    .map_err(|m| e(format!("image `{name}`: {m}")))?;
                let mut spec = im.clone();
                spec.insert("len".into(), Value::from(img.values() as u64));
                let data = typed_data(&spec, ty, &format!("image `{name}`"))?;
                if buffers.iter().any(|b| b.name == name) {
                    return Err(e(format!("image `{name}` is defined twice")));
                }
                buffers.push(Buffer {
                    name: name.clone(),
                    ty,
                    data,
                });
                image_names.push(name);
                images.push(img);
            }
        }
        let empty = Vec::new();
        let list = match o.get("args") {
            None => &empty,
            Some(Value::Array(a)) => a,
            _ => return Err(e("\"args\" must be an array")),
        };
        for (k, a) in list.iter().enumerate() {
            let a = a
                .as_object()
                .ok_or_else(|| e(format!("argument {k} must be an object")))?;
            only_keys(
                a,
                &[
                    "buffer", "type", "data", "len", "fill", "scalar", "value", "bytes", "align",
                    "texture", "surface",
                ],
                &format!("argument {k}"),
            )?;
            if let Some(n) = a.get("texture").or_else(|| a.get("surface")) {
                // A texture or surface object: the handle of the named image.
                let n = n.as_str().unwrap_or_default();
                let k = image_names
                    .iter()
                    .position(|x| x == n)
                    .ok_or_else(|| e(format!("argument {k}: no image named `{n}`")))?;
                args.push(Arg::Scalar(Ty::U64, k as u64 + 1));
            } else if let Some(name) = a.get("buffer") {
                let name = name
                    .as_str()
                    .ok_or_else(|| e(format!("argument {k}: buffer name must be a string")))?
                    .to_string();
                if buffers.iter().any(|b| b.name == name) {
                    return Err(e(format!("buffer `{name}` is defined twice")));
                }
                let ty = parse_ty(
                    a.get("type")
                        .ok_or_else(|| e(format!("buffer `{name}` needs a \"type\"")))?,
                )?;
                let data = typed_data(a, ty, &format!("buffer `{name}`"))?;
                args.push(Arg::Buffer(buffers.len()));
                buffers.push(Buffer { name, ty, data });
            } else if let Some(t) = a.get("scalar") {
                let ty = parse_ty(t)?;
                let v = a
                    .get("value")
                    .ok_or_else(|| e(format!("argument {k}: scalar needs a \"value\"")))?;
                args.push(Arg::Scalar(ty, encode_value(v, ty)?));
            } else if let Some(h) = a.get("bytes") {
                let h = h
                    .as_str()
                    .ok_or_else(|| e(format!("argument {k}: \"bytes\" must be a hex string")))?;
                if h.len() % 2 != 0 {
                    return Err(e(format!("argument {k}: odd number of hex digits")));
                }
                let bytes = (0..h.len() / 2)
                    .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16))
                    .collect::<Result<Vec<u8>, _>>()
                    .map_err(|_| e(format!("argument {k}: bad hex")))?;
                let align = a.get("align").and_then(Value::as_u64).unwrap_or(1) as u32;
                args.push(Arg::Bytes(bytes, align));
            } else {
                return Err(e(format!(
                    "argument {k} must have \"buffer\", \"scalar\", \"bytes\", \"texture\" or \"surface\""
                )));
            }
        }
        let mut globals = Vec::new();
        if let Some(g) = o.get("globals") {
            let g = g
                .as_object()
                .ok_or_else(|| e("\"globals\" must be an object"))?;
            for (name, spec) in g {
                let spec = spec
                    .as_object()
                    .ok_or_else(|| e(format!("global `{name}` must be an object")))?;
                only_keys(
                    spec,
                    &["type", "data", "len", "fill"],
                    &format!("global `{name}`"),
                )?;
                let ty = parse_ty(
                    spec.get("type")
                        .ok_or_else(|| e(format!("global `{name}` needs a \"type\"")))?,
                )?;
                let data = typed_data(spec, ty, &format!("global `{name}`"))?;
                globals.push((name.clone(), ty, data));
            }
        }
        Ok(Launch {
            kernel,
            grid,
            block,
            dynamic_shared_bytes: dynamic_shared_bytes as u32,
            cooperative,
            args,
            buffers,
            globals,
            images,
        })
    }

    /// Checks the launch against the module before anything runs; returns the kernel index.
    pub fn validate(&self, prog: &Program) -> Result<u32, EmuError> {
        let k = prog.entry(self.kernel.as_deref())?;
        let f = &prog.funcs[k as usize];
        let threads = self.block.iter().map(|&x| x as u64).product::<u64>();
        if threads > 1024 || self.block[2] > 64 {
            return Err(e(format!(
                "{threads} threads per block (at most 1024, block.z at most 64)"
            )));
        }
        if self.grid[1] > 65535 || self.grid[2] > 65535 {
            return Err(e("grid.y and grid.z are at most 65535"));
        }
        if f.local_size > 512 * 1024 {
            return Err(e(format!(
                "kernel `{}` needs {} bytes of local memory per thread (at most 512 KiB)",
                f.name, f.local_size
            )));
        }
        let smem = prog.static_shared as u64 + self.dynamic_shared_bytes as u64;
        if smem > 228 * 1024 {
            return Err(e(format!("{smem} bytes of shared memory (over 228 KiB)")));
        }
        if self.args.len() != f.params.len() {
            return Err(e(format!(
                "kernel `{}` takes {} arguments, the launch gives {}",
                f.name,
                f.params.len(),
                self.args.len()
            )));
        }
        for (k, (a, p)) in self.args.iter().zip(&f.params).enumerate() {
            let ok = match a {
                Arg::Buffer(_) => p.size == 8 && !p.ty.is_float(),
                Arg::Scalar(t, _) => {
                    // `.b32`/`.b64` parameters are untyped bits: any scalar of the size fits.
                    let untyped =
                        matches!(p.ty, Ty::B8 | Ty::B16 | Ty::B32 | Ty::B64) || p.is_array;
                    t.bytes() == p.size && (untyped || t.is_float() == p.ty.is_float())
                }
                Arg::Bytes(b, _) => b.len() as u32 == p.size,
            };
            if !ok {
                return Err(e(format!(
                    "argument {k} does not match parameter `{}` (.{:?}, {} bytes)",
                    p.name, p.ty, p.size
                )));
            }
        }
        for (name, _, data) in &self.globals {
            let g = prog
                .globals
                .iter()
                .find(|g| &g.name == name)
                .ok_or_else(|| e(format!("the module has no variable `{name}`")))?;
            if data.len() > g.init.len() {
                return Err(e(format!(
                    "too much data for `{name}` ({} bytes, the variable has {})",
                    data.len(),
                    g.init.len()
                )));
            }
        }
        Ok(k)
    }
}

impl Buffer {
    /// Element `k` as raw bits.
    pub fn bits(&self, k: usize) -> u64 {
        let s = self.ty.bytes() as usize;
        crate::memory::read_le(&self.data, k * s, s).unwrap_or(0)
    }
    pub fn len(&self) -> usize {
        self.data.len() / self.ty.bytes() as usize
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    /// Elements as i64 (integers sign- or zero-extended per type).
    pub fn to_i64(&self) -> Vec<i64> {
        (0..self.len())
            .map(|k| alu::as_int(self.bits(k), self.ty) as i64)
            .collect()
    }
    /// Elements as f64 (floats widened exactly).
    pub fn to_f64(&self) -> Vec<f64> {
        (0..self.len())
            .map(|k| alu::read_float(self.bits(k), self.ty))
            .collect()
    }
    pub fn to_f32(&self) -> Vec<f32> {
        self.to_f64().into_iter().map(|x| x as f32).collect()
    }
    /// The JSON array text; floats print so that they parse back to the same value.
    pub fn to_json(&self) -> String {
        let items: Vec<String> = (0..self.len())
            .map(|k| {
                let b = self.bits(k);
                if !self.ty.is_float() {
                    return (alu::as_int(b, self.ty)).to_string();
                }
                let x = alu::read_float(b, self.ty);
                if x.is_nan() {
                    // Exact: the payload is kept as the element's bits in hex.
                    format!("\"0x{b:0w$x}\"", w = self.ty.bytes() as usize * 2)
                } else if x.is_infinite() {
                    if x > 0.0 { "\"inf\"" } else { "\"-inf\"" }.into()
                } else if self.ty == Ty::F64 {
                    format!("{x:?}")
                } else {
                    format!("{:?}", x as f32)
                }
            })
            .collect();
        format!("[{}]", items.join(", "))
    }
}
