//! Decoding and execution of `tex`, `tld4`, `suld.b`, `sust.b`, and the queries `txq` and
//! `suq` (sampling itself is in `texture.rs`).
//!
//! An `Inst` has four sources; a fetch can have a handle, four coordinates and two
//! four-element gradients. The decoder therefore copies the coordinates (and a store's
//! values) into consecutive fresh registers with `mov`s and gives the instruction the first
//! of them (`off`); `s[0]` is the handle, `d` the results. `tex.grad`'s gradients are staged
//! after the coordinates and give the level of detail of a mipmapped image (`grad_lod`).

use crate::exec::Env;
use crate::inst::*;
use crate::operands::{Ctx, NR};
use crate::parse::Operand;
use crate::texture::Geom;
use crate::EmuError;

/// What a `tex`/`tld4` does (the operands are in the instruction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexSpec {
    pub geom: Geom,
    pub int_coords: bool,
    pub float_result: bool,
    /// `tld4.{r,g,b,a}`: the component gathered.
    pub gather: Option<u8>,
    /// Coordinate registers as written (padding included).
    pub ncoords: u8,
    /// `tex.level`: the level of detail (one f32) is staged after the coordinates.
    pub lod: bool,
    /// `tex.grad`: the x and y gradients (`ngrad` f32 each) are staged after the
    /// coordinates; on a mipmapped image they give the level of detail.
    pub grad: bool,
    pub ngrad: u8,
}

/// What a `suld.b`/`sust.b` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurfSpec {
    pub geom: Geom,
    pub bits: u8,
    pub vec: u8,
    /// 0 trap, 1 clamp, 2 zero.
    pub clamp: u8,
    pub ncoords: u8,
}

/// What a `txq`/`suq` asks: the image's size in elements along one dimension, its number
/// of layers or (`txq.num_mipmap_levels`) of mipmap levels. (The other attributes, channel
/// formats and sampler state, are not modelled: the decoder rejects them.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    Width,
    Height,
    Depth,
    ArraySize,
    MipLevels,
}

/// Decodes `txq.{width,height,depth,array_size}.b32 d, [h]` and the same `suq` forms.
pub(crate) fn decode_query(
    c: &mut Ctx,
    base: &str,
    mods: &[&str],
    ops: &[Operand],
) -> Result<(), EmuError> {
    if mods.contains(&"level") {
        return Err(c.err(format!("{base}.level: mipmap levels are not modelled")));
    }
    let q = match mods.first() {
        Some(&"width") => Query::Width,
        Some(&"height") => Query::Height,
        Some(&"depth") => Query::Depth,
        Some(&"array_size") => Query::ArraySize,
        Some(&"num_mipmap_levels") if base == "txq" => Query::MipLevels,
        Some(m) => {
            return Err(c.err(format!(
                "{base}.{m} is not supported by the interpreter (only width, height, depth, array_size and num_mipmap_levels)"
            )))
        }
        None => return Err(c.err(format!("{base}: no attribute"))),
    };
    let h = match ops {
        [_, Operand::Addr(Some(name), 0)] => name.clone(),
        _ => return Err(c.err(format!("{base}: expected `d, [handle]`"))),
    };
    let d = c.dst(&ops[0])?;
    let h = c.src(&Operand::Name(h), Ty::B64)?;
    c.emit(
        Op::ImageQuery(q),
        [d, NO_REG, NO_REG, NO_REG],
        [h, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
        0,
        0,
    );
    Ok(())
}

/// Copies `ops` into consecutive fresh registers; returns the first.
fn stage(c: &mut Ctx, ops: &[Operand], ty: Ty) -> Result<u32, EmuError> {
    let first = c.f.nregs;
    let regs: Vec<u32> = ops.iter().map(|_| c.f.new_temp()).collect();
    for (o, r) in ops.iter().zip(regs) {
        let s = c.src(o, ty)?;
        let mut src = [Src::Imm(0); 4];
        src[0] = s;
        c.emit(Op::Mov, [r, NO_REG, NO_REG, NO_REG], src, 0, 0);
    }
    Ok(first)
}

fn scalars(c: &Ctx, o: &Operand) -> Result<Vec<Operand>, EmuError> {
    match o {
        Operand::Vector(v) => Ok(v.clone()),
        Operand::Name(_) | Operand::F32(_) | Operand::Int(_) => Ok(vec![o.clone()]),
        _ => Err(c.err(format!("expected a register or `{{…}}`, found {o:?}"))),
    }
}

/// Decodes `tex…`, `tld4…`, `suld.b…` or `sust.b…`.
pub(crate) fn decode(
    c: &mut Ctx,
    base: &str,
    mods: &[&str],
    ops: &[Operand],
) -> Result<(), EmuError> {
    let geom = mods
        .iter()
        .find_map(|m| Geom::parse(m))
        .ok_or_else(|| c.err("no geometry (.1d .2d .3d .a1d .a2d)"))?;
    if matches!(geom, Geom::Cube | Geom::ACube) && base != "tex" {
        return Err(c.err("cubemap surfaces and gathers are not supported by the interpreter"));
    }
    let types: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
    let vec = if mods.contains(&"v4") {
        4
    } else if mods.contains(&"v2") {
        2
    } else {
        1
    };
    let addr = |c: &Ctx, o: &Operand| match o {
        Operand::TexAddr(h, v) => Ok((h.clone(), v.clone())),
        _ => Err(c.err(format!("expected `[handle, {{coordinates}}]`, found {o:?}"))),
    };
    if base == "tex" || base == "tld4" {
        if ops.len() < 2 || types.len() != 2 {
            return Err(c.err("expected `{d…}, [handle, {coordinates}]` and two types"));
        }
        let dsts = scalars(c, &ops[0])?;
        let (h, coords) = addr(c, &ops[1])?;
        // tex.level / tex.grad: the level or the gradients follow the coordinates.
        let gather = if base == "tld4" {
            Some(match mods.first() {
                Some(&"r") => 0,
                Some(&"g") => 1,
                Some(&"b") => 2,
                Some(&"a") => 3,
                _ => return Err(c.err("tld4 needs .r .g .b or .a")),
            })
        } else {
            None
        };
        let int_coords = types[1] != Ty::F32;
        let cty = if int_coords { Ty::S32 } else { Ty::F32 };
        let mut d = NR;
        for (k, o) in dsts.iter().enumerate().take(4) {
            d[k] = c.dst(o)?;
        }
        // `tex.level`: the level of detail is staged right after the coordinates.
        let lod = mods.contains(&"level");
        let mut staged = coords.clone();
        if lod {
            let l = ops
                .get(2)
                .ok_or_else(|| c.err("tex.level: no level of detail"))?;
            staged.push(l.clone());
        }
        let grad = mods.contains(&"grad");
        let mut ngrad = 0;
        if grad {
            let (Some(dx), Some(dy)) = (ops.get(2), ops.get(3)) else {
                return Err(c.err("tex.grad: expected the x and y gradients"));
            };
            let (dx, dy) = (scalars(c, dx)?, scalars(c, dy)?);
            ngrad = dx.len().min(dy.len()) as u8;
            staged.extend(dx.into_iter().take(ngrad as usize));
            staged.extend(dy.into_iter().take(ngrad as usize));
        }
        let first = stage(c, &staged, cty)?;
        if (lod || grad) && cty != Ty::F32 {
            return Err(c.err("tex.level with integer coordinates is not supported"));
        }
        let h = c.src(&Operand::Name(h), Ty::B64)?;
        let spec = TexSpec {
            geom,
            int_coords,
            float_result: types[0] == Ty::F32,
            gather,
            ncoords: coords.len() as u8,
            lod,
            grad,
            ngrad,
        };
        c.emit(
            Op::Tex(spec),
            d,
            [h, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
            first as i64,
            0,
        );
        return Ok(());
    }
    let clamp = if mods.contains(&"clamp") {
        1
    } else if mods.contains(&"zero") {
        2
    } else {
        0
    };
    let bits = types.last().map_or(32, |t| t.bits()) as u8;
    let store = base == "sust";
    let (a, v) = if store {
        (&ops[0], ops.get(1))
    } else {
        (ops.get(1).unwrap_or(&ops[0]), ops.first())
    };
    let (h, coords) = addr(c, a)?;
    let vals = scalars(c, v.ok_or_else(|| c.err("missing operand"))?)?;
    let spec = SurfSpec {
        geom,
        bits,
        vec,
        clamp,
        ncoords: coords.len() as u8,
    };
    let h = c.src(&Operand::Name(h), Ty::B64)?;
    if store {
        let mut all = coords.clone();
        all.extend(vals);
        let first = stage(c, &all, Ty::B64)?;
        c.emit(
            Op::Sust(spec),
            NR,
            [h, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
            first as i64,
            0,
        );
    } else {
        let first = stage(c, &coords, Ty::S32)?;
        let mut d = NR;
        for (k, o) in vals.iter().enumerate().take(4) {
            d[k] = c.dst(o)?;
        }
        c.emit(
            Op::Suld(spec),
            d,
            [h, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
            first as i64,
            0,
        );
    }
    Ok(())
}

impl Env<'_> {
    fn image(&self, handle: u64) -> Result<crate::texture::Image, String> {
        handle
            .checked_sub(1)
            .and_then(|k| self.mem.images.get(k as usize))
            .cloned()
            .ok_or_else(|| format!("{handle:#x} is not a texture or surface handle of the launch"))
    }

    /// Executes `txq`/`suq`: sizes in elements (a 1D image has height and depth 1, a 2D
    /// one depth 1), the number of layers (a cubemap's six faces count as layers; 0 when
    /// the image is not layered).
    pub(crate) fn image_query(&self, handle: u64, q: Query) -> Result<u32, String> {
        let img = self.image(handle)?;
        Ok(match q {
            Query::Width => img.width,
            Query::Height => img.height,
            Query::Depth => img.depth,
            Query::ArraySize => img.layers,
            Query::MipLevels => img.levels,
        })
    }

    /// Executes a fetch: the four result registers.
    pub(crate) fn tex(&self, regs: &[u64], handle: u64, s: TexSpec) -> Result<[u32; 4], String> {
        let img = self.image(handle)?;
        let data = &self.mem.segs[img.seg];
        let c: Vec<u32> = regs[..s.ncoords as usize]
            .iter()
            .map(|&r| r as u32)
            .collect();
        if let Some(comp) = s.gather {
            let (layer, xy) = if s.geom.layered() {
                ((c[0] as i32).max(0) as u32, &c[1..])
            } else {
                (0, &c[..])
            };
            let layer = layer.min(img.layers.max(1) - 1);
            return Ok(img.gather(
                data,
                layer,
                f32::from_bits(xy[0]),
                f32::from_bits(xy[1]),
                comp as u32,
                s.float_result,
            ));
        }
        if s.lod {
            let lod = f32::from_bits(regs[s.ncoords as usize] as u32);
            return Ok(img.fetch_lod(data, s.geom, &c, lod, s.float_result));
        }
        if s.grad && img.levels > 1 {
            let lod = grad_lod(&img, s, &regs[s.ncoords as usize..])?;
            return Ok(img.fetch_lod(data, s.geom, &c, lod, s.float_result));
        }
        if s.int_coords {
            if s.geom != Geom::D1 {
                return Err("integer coordinates are supported for 1d textures only".into());
            }
            return Ok(img.fetch_int(data, c[0] as i32, s.float_result));
        }
        Ok(img.fetch(data, s.geom, &c, s.float_result))
    }

    /// Executes a surface load: `vec` components, zero-extended.
    pub(crate) fn suld(&self, regs: &[u64], handle: u64, s: SurfSpec) -> Result<[u64; 4], String> {
        let img = self.image(handle)?;
        let size = s.bits as usize / 8;
        let coords: Vec<i32> = regs[..s.ncoords as usize]
            .iter()
            .map(|&r| r as i32)
            .collect();
        let mut out = [0u64; 4];
        let Some(off) = img.surf_offset(s.geom, &coords, size * s.vec as usize, s.clamp == 1)
        else {
            if s.clamp == 2 {
                return Ok(out);
            }
            return Err(format!("surface load out of range at {coords:?} (.trap)"));
        };
        let data = &self.mem.segs[img.seg];
        for (k, o) in out.iter_mut().take(s.vec as usize).enumerate() {
            *o = crate::memory::read_le(data, off + k * size, size)
                .ok_or("surface load past the image")?;
        }
        Ok(out)
    }

    /// Executes a surface store.
    pub(crate) fn sust(&mut self, regs: &[u64], handle: u64, s: SurfSpec) -> Result<(), String> {
        let img = self.image(handle)?;
        let size = s.bits as usize / 8;
        let n = s.ncoords as usize;
        let coords: Vec<i32> = regs[..n].iter().map(|&r| r as i32).collect();
        let Some(off) = img.surf_offset(s.geom, &coords, size * s.vec as usize, s.clamp == 1)
        else {
            if s.clamp == 2 {
                return Ok(());
            }
            return Err(format!("surface store out of range at {coords:?} (.trap)"));
        };
        let data = &mut self.mem.segs[img.seg];
        for k in 0..s.vec as usize {
            crate::memory::write_le(data, off + k * size, size, regs[n + k])
                .ok_or("surface store past the image")?;
        }
        Ok(())
    }
}

/// `tex.grad`'s level of detail on a mipmapped image: log2 of the longer of the two
/// gradients measured in texels of level 0 (each component times the image's size in its
/// dimension when coordinates are normalized), the isotropic rule of the OpenGL
/// specification (§8.14.1), which CUDA's Programming Guide does not spell out ("derived
/// from the X and Y gradients"). Then as `tex.level`.
fn grad_lod(img: &crate::texture::Image, s: TexSpec, g: &[u64]) -> Result<f32, String> {
    let dims = match s.geom {
        Geom::D1 | Geom::A1d => 1,
        Geom::D2 | Geom::A2d => 2,
        Geom::D3 => 3,
        Geom::Cube | Geom::ACube => {
            return Err("tex.grad on a mipmapped cubemap is not modelled".into());
        }
    };
    let n = s.ngrad as usize;
    if n < dims || g.len() < 2 * n {
        return Err("tex.grad: too few gradient components".into());
    }
    let size = [img.width, img.height, img.depth];
    let length = |first: usize| {
        (0..dims)
            .map(|d| {
                let scale = if img.normalized_coords {
                    size[d] as f64
                } else {
                    1.0
                };
                let v = f32::from_bits(g[first + d] as u32) as f64 * scale;
                v * v
            })
            .sum::<f64>()
            .sqrt()
    };
    Ok(length(0).max(length(n)).log2() as f32)
}
