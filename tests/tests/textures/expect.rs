//! Expected results of the texture kernels, computed from the launch's inputs with the CUDA
//! Programming Guide's texture-fetching formulas, written here from the guide's text
//! (coordinate form of the address modes: wrap uses `frac(x)`, mirror reflects `frac(x)` on odd
//! periods; linear filtering weighs the texels around `x - 0.5` by fractions rounded to
//! 1/256; normalized-float reads divide by 255 or 127). Point samples are exact; filtered
//! ones are compared within 1e-6.

use oxicc_emu::{AddrMode, Image, Launch};

type R = Result<(), String>;

/// A buffer's values as numbers (integers exactly).
fn values(b: &oxicc_emu::Buffer) -> Vec<f64> {
    if b.ty.is_float() {
        b.to_f64()
    } else {
        b.to_i64().into_iter().map(|x| x as f64).collect()
    }
}

fn input(l: &Launch, name: &str) -> Vec<f64> {
    values(
        l.buffers
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("no buffer {name}")),
    )
}

fn output(o: &oxicc_emu::Outcome, name: &str) -> Result<Vec<f64>, String> {
    o.buffer(name)
        .map(values)
        .ok_or_else(|| format!("no output buffer {name}"))
}

fn compare(what: &str, got: &[f64], want: &[f64], tol: f64) -> R {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} values, expected {}",
            got.len(),
            want.len()
        ));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = if tol == 0.0 {
            g.to_bits() == w.to_bits() || g == w
        } else {
            (g - w).abs() <= tol * (1.0 + w.abs())
        };
        if !ok {
            return Err(format!("{what}[{k}] = {g}, expected {w}"));
        }
    }
    Ok(())
}

/// An image with its texels as numbers, as the guide describes a texture.
struct Tex {
    im: Image,
    v: Vec<f64>,
}

impl Tex {
    fn new(l: &Launch, name: &str) -> Tex {
        let k = l
            .buffers
            .iter()
            .position(|b| b.name == name)
            .unwrap_or_else(|| panic!("no image {name}"));
        let im = l
            .images
            .iter()
            .find(|i| i.seg == k)
            .unwrap_or_else(|| panic!("{name} is not an image"))
            .clone();
        Tex {
            v: input(l, name),
            im,
        }
    }

    fn n(&self, d: usize) -> i64 {
        [self.im.width, self.im.height, self.im.depth][d] as i64
    }

    /// Normalized-float read mode: unsigned n-bit integers over 2^n - 1, signed ones over
    /// 2^(n-1) - 1 and at least -1.
    fn convert(&self, x: f64) -> f64 {
        if !self.im.normalized_read {
            return x;
        }
        let name = format!("{:?}", self.im.ty);
        match name.as_str() {
            "U8" => x / 255.0,
            "U16" => x / 65535.0,
            "S8" => (x / 127.0).max(-1.0),
            "S16" => (x / 32767.0).max(-1.0),
            _ => x,
        }
    }

    /// Texel `idx` (already inside the image) of `layer`, channel `c`.
    fn texel(&self, idx: [i64; 3], layer: i64, c: usize) -> f64 {
        let ch = self.im.channels as usize;
        if c >= ch {
            return 0.0;
        }
        let e = ((layer * self.n(2) + idx[2]) * self.n(1) + idx[1]) * self.n(0) + idx[0];
        self.convert(self.v[e as usize * ch + c])
    }

    /// The guide's point sampling of dimension `d`: the texel index for coordinate `x`, or
    /// `None` for a border read.
    fn point_index(&self, d: usize, x: f64) -> Option<i64> {
        let n = self.n(d);
        let mode = self.im.address[d];
        if !self.im.normalized_coords || mode == AddrMode::Clamp || mode == AddrMode::Border {
            let x = if self.im.normalized_coords {
                x * n as f64
            } else {
                x
            };
            let i = x.floor() as i64;
            if mode == AddrMode::Border && (i < 0 || i >= n) {
                return None;
            }
            return Some(i.clamp(0, n - 1));
        }
        let f = x - x.floor();
        let xn = match mode {
            AddrMode::Mirror if (x.floor() as i64).rem_euclid(2) == 1 => 1.0 - f,
            _ => f,
        };
        Some(((xn * n as f64).floor() as i64).clamp(0, n - 1))
    }

    /// Texel index `i` of dimension `d` under the address mode (for filtering).
    fn wrap_index(&self, d: usize, i: i64) -> Option<i64> {
        let n = self.n(d);
        match self.im.address[d] {
            AddrMode::Wrap if self.im.normalized_coords => Some(i.rem_euclid(n)),
            AddrMode::Mirror if self.im.normalized_coords => {
                let p = i.rem_euclid(2 * n);
                Some(if p < n { p } else { 2 * n - 1 - p })
            }
            AddrMode::Border if i < 0 || i >= n => None,
            _ => Some(i.clamp(0, n - 1)),
        }
    }

    /// `tex` at coordinates `x` (one per dimension) of `layer`, channel `c`.
    fn sample(&self, x: &[f64], layer: i64, c: usize) -> f64 {
        let dims = x.len();
        if !self.im.linear {
            let mut idx = [0i64; 3];
            for d in 0..dims {
                match self.point_index(d, x[d]) {
                    Some(i) => idx[d] = i,
                    None => return 0.0,
                }
            }
            return self.texel(idx, layer, c);
        }
        let mut base = [0i64; 3];
        let mut a = [0f64; 3];
        for d in 0..dims {
            let s = if self.im.normalized_coords {
                x[d] * self.n(d) as f64
            } else {
                x[d]
            } - 0.5;
            base[d] = s.floor() as i64;
            a[d] = ((s - s.floor()) * 256.0).round() / 256.0;
        }
        let mut sum = 0.0;
        for corner in 0..1usize << dims {
            let mut w = 1.0;
            let mut idx = [0i64; 3];
            let mut inside = true;
            for d in 0..dims {
                let hi = (corner >> d) & 1;
                w *= if hi == 1 { a[d] } else { 1.0 - a[d] };
                match self.wrap_index(d, base[d] + hi as i64) {
                    Some(i) => idx[d] = i,
                    None => inside = false,
                }
            }
            if inside {
                sum += w * self.texel(idx, layer, c);
            }
        }
        sum
    }
}

/// A coordinate the kernel computes as `a * s + t` in f32 (contracted to one `fma`, as
/// both compilers do by default).
fn coord(a: f32, s: f32, t: f32) -> f64 {
    a.mul_add(s, t) as f64
}

pub fn check(name: &str, l: &Launch, o: &oxicc_emu::Outcome) -> R {
    match name {
        "tex1d_fetch" => tex1d_fetch(l, o),
        "tex2d_point_modes" => tex2d_point_modes(l, o),
        "tex2d_linear" => tex2d_linear(l, o),
        "tex3d_layered" => tex3d_layered(l, o),
        "tex_gather_int" => tex_gather_int(l, o),
        "surf_rw" => surf_rw(l, o),
        "surf_cubemap" => surf_cubemap(l, o),
        "tex_cubemap" => tex_cubemap(l, o),
        "tex_mipmap" => tex_mipmap(l, o),
        "tex_mip_grad" => tex_mip_grad(l, o),
        "tex_half_cube_layered" => tex_half_cube_layered(l, o),
        "tex_modes_sweep" => tex_modes_sweep(l, o),
        "tex_lod_surf3d" => tex_lod_surf3d(l, o),
        "tex_queries" => tex_queries(o),
        _ => Err(format!("no expectation for {name}")),
    }
}

fn tex1d_fetch(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    for (img, buf) in [("tf", "of"), ("ti", "oi")] {
        let v = input(l, img);
        let want: Vec<f64> = (0..64i64)
            .map(|i| {
                v.get((i - 8) as usize)
                    .copied()
                    .filter(|_| i >= 8)
                    .unwrap_or(0.0)
            })
            .collect();
        compare(buf, &output(o, buf)?, &want, 0.0)?;
    }
    Ok(())
}

fn tex2d_point_modes(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let (w, h) = (24, 12);
    let mut want = Vec::new();
    for img in ["clamp", "border", "wrap", "mirror"] {
        let t = Tex::new(l, img);
        for ty in 0..h {
            for tx in 0..w {
                let x = (tx as f64 - 8.0 + 0.5) / 8.0;
                let y = (ty as f64 - 4.0 + 0.5) / 4.0;
                for c in 0..4 {
                    want.push(t.sample(&[x, y], 0, c));
                }
            }
        }
    }
    compare("out", &output(o, "out")?, &want, 0.0)
}

/// `tex_modes_sweep.cu`: images `t{1,2,3}d_{clamp,border,wrap,mirror}_{point,linear}`
/// sampled by the guide's formulas at the kernel's f32 coordinates (linear results within
/// the 1/256 weight steps' rounding).
fn tex_modes_sweep(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    const N: usize = 48;
    let coord = |k: i32, frac: f32, scale: f32| ((k as f32 + frac) * scale) as f64;
    let got = output(o, "out")?;
    let mut k = 0;
    for dims in 1..=3usize {
        for mode in ["clamp", "border", "wrap", "mirror"] {
            for filter in ["point", "linear"] {
                let t = Tex::new(l, &format!("t{dims}d_{mode}_{filter}"));
                let want: Vec<f64> = (0..N as i32)
                    .map(|i| {
                        let p = [
                            coord(i - 16, 0.3, 0.125),
                            coord(i % 12 - 4, 0.6, 0.25),
                            coord(i % 7 - 2, 0.45, 0.5),
                        ];
                        t.sample(&p[..dims], 0, 0)
                    })
                    .collect();
                let tol = if filter == "linear" { 1e-6 } else { 0.0 };
                let what = format!("out (t{dims}d_{mode}_{filter})");
                compare(&what, &got[k * N..(k + 1) * N], &want, tol)?;
                k += 1;
            }
        }
    }
    Ok(())
}

fn tex2d_linear(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let rgba = Tex::new(l, "rgba");
    let f = Tex::new(l, "f");
    let (mut w4, mut w1) = (Vec::new(), Vec::new());
    for ty in 0..8 {
        for tx in 0..16 {
            let x = coord(tx as f32, 0.37, -1.0);
            let y = coord(ty as f32, 0.61, -0.5);
            for c in 0..4 {
                w4.push(rgba.sample(&[x, y], 0, c));
            }
            let (xn, yn) = ((x as f32 / 5.0) as f64, (y as f32 / 3.0) as f64);
            w1.push(f.sample(&[xn, yn], 0, 0));
        }
    }
    compare("o4", &output(o, "o4")?, &w4, 1e-6)?;
    compare("o1", &output(o, "o1")?, &w1, 1e-6)
}

fn tex3d_layered(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let vol = Tex::new(l, "vol");
    let lay2 = Tex::new(l, "lay2");
    let lay1 = Tex::new(l, "lay1");
    let (mut w3, mut w2, mut w1) = (Vec::new(), Vec::new(), Vec::new());
    for tz in 0..3i64 {
        for ty in 0..4 {
            for tx in 0..6 {
                let p = [
                    coord(tx as f32, 0.7, -0.3),
                    (ty as f32 * 0.45) as f64,
                    coord(tz as f32, 0.9, 0.1),
                ];
                w3.push(vol.sample(&p, 0, 0));
                let layer = tz.clamp(0, 1);
                w2.push(lay2.sample(&[tx as f64 + 0.25, ty as f64 + 0.75], layer, 0));
                w1.push(lay1.sample(&[tx as f64 * 1.5], (tz - 1).clamp(0, 2), 0));
            }
        }
    }
    compare("o3", &output(o, "o3")?, &w3, 1e-6)?;
    compare("o2", &output(o, "o2")?, &w2, 0.0)?;
    compare("o1", &output(o, "o1")?, &w1, 0.0)
}

fn tex_gather_int(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let f4 = Tex::new(l, "f4");
    let s2 = Tex::new(l, "s2");
    let c1 = Tex::new(l, "c1");
    let n = 48;
    let mut g = vec![0.0; 8 * n];
    let mut oi = vec![0.0; 3 * n];
    let mut on = vec![0.0; n];
    for ty in 0..6 {
        for tx in 0..8 {
            let i = ty * 8 + tx;
            let x = (tx as f32 * 0.8) as f64;
            let y = (ty as f32 * 0.6) as f64;
            // tld4: the texels (i, j+1), (i+1, j+1), (i+1, j), (i, j) around (x, y) - 0.5.
            let (bi, bj) = ((x - 0.5).floor() as i64, (y - 0.5).floor() as i64);
            let at = |di: i64, dj: i64, c: usize| {
                let xi = (bi + di).clamp(0, 4);
                let yj = (bj + dj).clamp(0, 3);
                f4.texel([xi, yj, 0], 0, c)
            };
            for (half, c) in [(0, 0), (1, 2)] {
                let base = 4 * (half * n + i);
                g[base] = at(0, 1, c);
                g[base + 1] = at(1, 1, c);
                g[base + 2] = at(1, 0, c);
                g[base + 3] = at(0, 0, c);
            }
            oi[i] = s2.sample(&[x, y], 0, 0);
            oi[n + i] = s2.sample(&[x, y], 0, 1);
            oi[2 * n + i] = s2.sample(&[x, y], 0, 0);
            on[i] = c1.sample(&[x, y], 0, 0);
        }
    }
    compare("g", &output(o, "g")?, &g, 0.0)?;
    compare("oi", &output(o, "oi")?, &oi, 0.0)?;
    // i8 / 127 rounded to f32.
    let on: Vec<f64> = on.iter().map(|&x| x as f32 as f64).collect();
    compare("on", &output(o, "on")?, &on, 1e-7)
}

/// `surf_cubemap.cu`: faces are layers (`6·layer + face`), so layer 0's faces are the first
/// 96 values; each thread reads v twice (v + v), writes 2v + 1 to layer 1 and 3v to layer 0,
/// and reads 2v + 1 back; the image ends as 3v (layer 0) and 2v + 1 (layer 1).
fn surf_cubemap(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let s = input(l, "s");
    let v: Vec<f32> = s[..96].iter().map(|&x| x as f32).collect();
    let twice: Vec<f64> = v.iter().map(|&x| (x + x) as f64).collect();
    let layer1: Vec<f64> = v.iter().map(|&x| x.mul_add(2.0, 1.0) as f64).collect();
    compare("o1", &output(o, "o1")?, &twice, 0.0)?;
    compare("o2", &output(o, "o2")?, &layer1, 0.0)?;
    let mut image: Vec<f64> = v.iter().map(|&x| (x * 3.0) as f64).collect();
    image.extend(&layer1);
    compare("s", &output(o, "s")?, &image, 0.0)
}

/// `tex_mipmap.cu`: level l of the 8×4 image is (8 >> l)×(4 >> l) (at least 1), stored after
/// the levels before it; a point sample at normalized (u, v) on it reads texel
/// (floor(u·w), floor(v·h)) clamped. The level of detail is clamped to [0, 3]; the
/// nearest-level filter reads level floor(lod + 0.5), the linear one blends floor(lod) and
/// the next level by the fraction rounded to 1/256.
fn tex_mipmap(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let point = |img: &[f64], level: usize, u: f32, v: f32| -> f32 {
        let (mut off, mut w, mut h) = (0usize, 8usize, 4usize);
        for _ in 0..level {
            off += w * h;
            w = (w / 2).max(1);
            h = (h / 2).max(1);
        }
        let x = ((u * w as f32).floor() as i64).clamp(0, w as i64 - 1) as usize;
        let y = ((v * h as f32).floor() as i64).clamp(0, h as i64 - 1) as usize;
        img[off + y * w + x] as f32
    };
    let (mp, ml) = (input(l, "mp"), input(l, "ml"));
    let (mut wp, mut wl) = (Vec::new(), Vec::new());
    for i in 0..256usize {
        let u = ((i % 8) as f32 + 0.3) / 8.0;
        let v = (((i / 8) % 4) as f32 + 0.6) / 4.0;
        let lod = ((i / 32) as f32).mul_add(0.45, -0.4).clamp(0.0, 3.0);
        wp.push(point(&mp, (lod + 0.5).floor() as usize, u, v) as f64);
        let l0 = lod.floor();
        let f = ((lod - l0) * 256.0).round() / 256.0;
        let (a, b) = (
            point(&ml, l0 as usize, u, v),
            point(&ml, (l0 as usize + 1).min(3), u, v),
        );
        wl.push(((1.0 - f) * a + f * b) as f64);
    }
    compare("op", &output(o, "op")?, &wp, 0.0)?;
    compare("ol", &output(o, "ol")?, &wl, 0.0)?;
    compare("levels", &output(o, "levels")?, &[4.0], 0.0)
}

/// A point sample at normalized (u, v) on level `level` of `tex_mipmap.cu`'s 8×4 image with
/// four levels, each (8 >> l)×(4 >> l) (at least 1) and stored after the levels before it.
fn mip_point(img: &[f64], level: usize, u: f32, v: f32) -> f64 {
    let (mut off, mut w, mut h) = (0usize, 8usize, 4usize);
    for _ in 0..level {
        off += w * h;
        w = (w / 2).max(1);
        h = (h / 2).max(1);
    }
    let x = ((u * w as f32).floor() as i64).clamp(0, w as i64 - 1) as usize;
    let y = ((v * h as f32).floor() as i64).clamp(0, h as i64 - 1) as usize;
    img[off + y * w + x]
}

/// `tex_mip_grad.cu`: the longer gradient spans 2^k texels of level 0, so the level of
/// detail is k, clamped to [0, 3], and the nearest-level filter reads that level.
fn tex_mip_grad(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let mp = input(l, "mp");
    let want: Vec<f64> = (0..256usize)
        .map(|i| {
            let u = ((i % 8) as f32 + 0.3) / 8.0;
            let v = (((i / 8) % 4) as f32 + 0.6) / 4.0;
            let k = match i {
                0..192 => i as i64 / 32 - 1,
                192..224 => 2,
                _ => 3,
            };
            mip_point(&mp, k.clamp(0, 3) as usize, u, v)
        })
        .collect();
    compare("og", &output(o, "og")?, &want, 0.0)
}

fn surf_rw(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let f = input(l, "f");
    let want_f: Vec<f64> = f.iter().map(|&v| (v as f32 * 2.0 + 1.0) as f64).collect();
    compare("f", &output(o, "f")?, &want_f, 0.0)?;
    let c = input(l, "c");
    let want_c: Vec<f64> = (0..c.len()).map(|k| c[k - k % 4 + 3 - k % 4]).collect();
    compare("c", &output(o, "c")?, &want_c, 0.0)?;
    compare(
        "e",
        &output(o, "e")?,
        &[0.0, 200.0, 201.0, 202.0, 0.0, 0.0, 0.0, 77.0],
        0.0,
    )?;
    let mut want_out = f.clone();
    want_out.push(200.0);
    compare("out", &output(o, "out")?, &want_out, 0.0)
}

/// The guide's cubemap table: the major axis m of (x, y, z) picks the face (+x, -x, +y, -y,
/// +z, -z), and (s, t) on it are (-z, -y), (z, -y), (x, z), (x, -z), (x, -y), (-x, -y).
fn tex_cubemap(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let cube = Tex::new(l, "cube");
    let want: Vec<f64> = (0..105).map(|i| cube_texel(&cube, i, 0)).collect();
    compare("o", &output(o, "o")?, &want, 0.0)
}

/// Thread `i`'s cubemap fetch of `tex_cubemap.cu` and `tex_half_cube_layered.cu`: direction
/// ((i % 7) - 3.1, (i % 5) - 2.2, (i % 3) - 1.3), point-sampled on a 4×4 face of cubemap
/// layer `layer` (faces `6·layer + face`).
fn cube_texel(cube: &Tex, i: usize, layer: i64) -> f64 {
    let x = (i % 7) as f32 - 3.1;
    let y = (i % 5) as f32 - 2.2;
    let z = (i % 3) as f32 - 1.3;
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, m, s, t) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, ax, -z, -y)
        } else {
            (1, ax, z, -y)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, ay, x, z)
        } else {
            (3, ay, x, -z)
        }
    } else if z >= 0.0 {
        (4, az, x, -y)
    } else {
        (5, az, -x, -y)
    };
    let u = (s / m + 1.0) / 2.0;
    let v = (t / m + 1.0) / 2.0;
    let col = ((u * 4.0).floor() as i64).clamp(0, 3);
    let row = ((v * 4.0).floor() as i64).clamp(0, 3);
    cube.texel([col, row, 0], 6 * layer + face, 0)
}

/// `tex_half_cube_layered.cu`: f16 channels are the halves' values (point and bilinear
/// sampling as for f32), and a layered cubemap is the single one on layer `i & 1`.
fn tex_half_cube_layered(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let (hp, hl, cl) = (Tex::new(l, "hp"), Tex::new(l, "hl"), Tex::new(l, "cl"));
    let (mut wp, mut wl, mut wc) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..128usize {
        let x = coord((i % 16) as f32, 0.37, -1.0);
        let y = coord((i / 16) as f32, 0.61, -0.5);
        for c in 0..2 {
            wp.push(hp.sample(&[x, y], 0, c));
            wl.push(hl.sample(&[x, y], 0, c));
        }
        wc.push(cube_texel(&cl, i, (i & 1) as i64));
    }
    compare("op", &output(o, "op")?, &wp, 0.0)?;
    compare("ol", &output(o, "ol")?, &wl, 1e-6)?;
    compare("oc", &output(o, "oc")?, &wc, 0.0)
}

/// `tex_lod_surf3d.cu`: without mipmaps every level of detail and gradient reads level 0, so
/// each fetch is the guide's plain sampling at the same coordinates; the 3D surface ends as
/// 3v - 1 (one f32 `fma`) and the layered one as v + z, read back.
fn tex_lod_surf3d(l: &Launch, o: &oxicc_emu::Outcome) -> R {
    let (t1, t2, tg, t3, tl) = (
        Tex::new(l, "t1"),
        Tex::new(l, "t2"),
        Tex::new(l, "tg"),
        Tex::new(l, "t3"),
        Tex::new(l, "tl"),
    );
    let s3 = input(l, "s3");
    let (mut w1, mut w2, mut wg, mut w3, mut wl, mut ws, mut wsurf) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for tz in 0..2i64 {
        for ty in 0..3 {
            for tx in 0..4 {
                let i = ((tz * 3 + ty) * 4 + tx) as usize;
                let x = coord(tx as f32, 0.8, -0.5);
                let y = coord(ty as f32, 0.7, 0.2);
                let z = coord(tz as f32, 0.6, 0.1);
                w1.push(t1.sample(&[(x as f32 * 2.0) as f64], 0, 0));
                for c in 0..4 {
                    w2.push(t2.sample(&[x, y], 0, c));
                }
                wg.push(tg.sample(&[x, y], 0, 0));
                w3.push(t3.sample(&[x, y, z], 0, 0));
                wl.push(tl.sample(&[x, y], tz, 0));
                let v = s3[i] as f32;
                wsurf.push(3.0f32.mul_add(v, -1.0) as f64);
                ws.push((v + tz as f32) as f64);
            }
        }
    }
    compare("o1", &output(o, "o1")?, &w1, 1e-6)?;
    compare("o2", &output(o, "o2")?, &w2, 0.0)?;
    compare("og", &output(o, "og")?, &wg, 1e-6)?;
    compare("o3", &output(o, "o3")?, &w3, 1e-6)?;
    compare("ol", &output(o, "ol")?, &wl, 0.0)?;
    compare("s3", &output(o, "s3")?, &wsurf, 0.0)?;
    compare("os", &output(o, "os")?, &ws, 0.0)?;
    compare("sl", &output(o, "sl")?, &ws, 0.0)
}

/// `tex_queries.cu`: the shapes written in `tex_queries.json` (t1 37; t2 13×7; t3 5×4×3;
/// tl 9×2, 6 layers; s2 11×6; s3 8×3×2; sl 10, 4 layers), in elements.
fn tex_queries(o: &oxicc_emu::Outcome) -> R {
    let want = [37, 13, 7, 5, 4, 3, 9, 2, 6, 11, 6, 8, 3, 2, 10, 4].map(f64::from);
    compare("out", &output(o, "out")?, &want, 0.0)
}
