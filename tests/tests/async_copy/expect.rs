//! Expected buffers of the async-copy kernels, computed in plain Rust from the launch's
//! initial buffers by following each kernel's source: what every thread reads once its
//! copies and barriers have completed.

use oxicc_emu::{Launch, Outcome};

fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .data
        .clone()
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    i32s(b)
        .into_iter()
        .map(|x| f32::from_bits(x as u32))
        .collect()
}

fn scalar(l: &Launch, k: usize) -> i32 {
    match &l.args[k] {
        oxicc_emu::Arg::Scalar(_, v) => *v as i32,
        _ => panic!("argument {k} is not a scalar"),
    }
}

fn compare(o: &Outcome, name: &str, want: &[u8]) -> Result<(), String> {
    let got = &o
        .buffer(name)
        .ok_or_else(|| format!("no output buffer {name}"))?
        .data;
    if got.len() != want.len() {
        return Err(format!(
            "{name}: {} bytes, expected {}",
            got.len(),
            want.len()
        ));
    }
    for (k, (g, w)) in got.chunks(4).zip(want.chunks(4)).enumerate() {
        if g != w {
            return Err(format!("{name}[{k}] = {g:02x?}, expected {w:02x?}"));
        }
    }
    Ok(())
}

fn bytes_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}

pub fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "awbarrier" => awbarrier(l, o),
        "cg_memcpy" => cg_memcpy(l, o),
        "memcpy_barrier" => memcpy_barrier(l, o),
        "pipeline_block" => pipeline_block(l, o),
        "pipeline_stages" => pipeline_stages(l, o),
        "pipeline_prims" => pipeline_prims(l, o),
        "pipeline_thread" => pipeline_thread(l, o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

fn awbarrier(l: &Launch, o: &Outcome) -> Result<(), String> {
    const T: usize = 64;
    let input = i32s(&input(l, "in"));
    let rounds = scalar(l, 2) as usize;
    let blocks = l.grid[0] as usize;
    let mut out = vec![0i32; blocks * T];
    for b in 0..blocks {
        for t in 0..T {
            let mut total = 0i32;
            for r in 0..rounds {
                let v = input[(b * rounds + r) * T + (t + 1) % T];
                total = total.wrapping_add(v.wrapping_mul(r as i32 + 1));
            }
            out[b * T + t] = total;
        }
    }
    compare(o, "out", &bytes_i32(&out))
}

fn pipeline_prims(l: &Launch, o: &Outcome) -> Result<(), String> {
    const T: usize = 64;
    let vin = i32s(&input(l, "vin"));
    let input = i32s(&input(l, "in"));
    let tiles = scalar(l, 4) as usize;
    let out: Vec<i32> = (0..T)
        .map(|t| {
            (0..tiles).fold(0i32, |acc, k| {
                acc.wrapping_add(input[k * T + (t + 1) % T].wrapping_mul(k as i32 + 1))
            })
        })
        .collect();
    compare(o, "out", &bytes_i32(&out))?;
    // Each shared int4 got the first 8 bytes of its source and 8 zero bytes.
    let mut vout = vec![0i32; T * 4];
    for t in 0..T {
        let j = T - 1 - t;
        vout[t * 4] = vin[j * 4];
        vout[t * 4 + 1] = vin[j * 4 + 1];
    }
    compare(o, "vout", &bytes_i32(&vout))
}

fn pipeline_thread(l: &Launch, o: &Outcome) -> Result<(), String> {
    const T: usize = 32;
    let input = f32s(&input(l, "in"));
    let tiles = scalar(l, 2) as usize;
    let out: Vec<f32> = (0..T)
        .map(|t| {
            let mut acc = 0.0f32;
            for k in 0..tiles {
                let v = &input[(k * T + t) * 4..(k * T + t) * 4 + 4];
                acc = acc * 0.5 + (v[0] - v[1]) * 0.25 + v[3];
            }
            acc + input[t * 4]
        })
        .collect();
    compare(o, "out", &bytes_f32(&out))
}

/// `pipeline_stages.cu`: per block, per thread `t`, over the tiles in order,
/// `acc = 5·acc + tile[(t + 1) % 64] - 2·tile[63 - t]` (wrapping).
fn pipeline_stages(l: &Launch, o: &Outcome) -> Result<(), String> {
    const W: usize = 64;
    let input = i32s(&input(l, "in"));
    let tiles = scalar(l, 2) as usize;
    let blocks = l.grid[0] as usize;
    let mut out = Vec::new();
    for b in 0..blocks {
        let tile = |k: usize, i: usize| input[(b * tiles + k) * W + i];
        for t in 0..W {
            out.push((0..tiles).fold(0i32, |acc, k| {
                acc.wrapping_mul(5)
                    .wrapping_add(tile(k, (t + 1) % W))
                    .wrapping_sub(tile(k, W - 1 - t).wrapping_mul(2))
            }));
        }
    }
    compare(o, "out", &bytes_i32(&out))
}

fn pipeline_block(l: &Launch, o: &Outcome) -> Result<(), String> {
    const W: usize = 64;
    let input = i32s(&input(l, "in"));
    let tiles = scalar(l, 2) as usize;
    let out: Vec<i32> = (0..W)
        .map(|col| {
            (0..tiles).fold(0i32, |acc, k| {
                acc.wrapping_mul(3)
                    .wrapping_add(input[k * W + col])
                    .wrapping_sub(input[k * W + W - 1 - col])
            })
        })
        .collect();
    compare(o, "out", &bytes_i32(&out))
}

fn memcpy_barrier(l: &Launch, o: &Outcome) -> Result<(), String> {
    const T: usize = 64;
    let input = f32s(&input(l, "in"));
    let tiles = scalar(l, 2) as usize;
    let out: Vec<f32> = (0..T)
        .map(|t| {
            let mut acc = 0.0f32;
            for k in 0..tiles {
                let tile = &input[k * T..k * T + T];
                acc += tile[(t * 7) % T] - tile[t] * 0.5;
            }
            acc
        })
        .collect();
    compare(o, "out", &bytes_f32(&out))
}

fn cg_memcpy(l: &Launch, o: &Outcome) -> Result<(), String> {
    const T: usize = 64;
    let tile = f32s(&input(l, "in"));
    let out: Vec<f32> = (0..4 * T)
        .map(|j| {
            let (k, t) = (j / T, j % T);
            tile[(k * T + t * 5) % (4 * T)]
        })
        .collect();
    compare(o, "out", &bytes_f32(&out))?;
    let bytes = input(l, "bytes");
    let mut want = bytes[..75].to_vec();
    want.extend(bytes[75..150].iter().rev());
    let got = &o.buffer("bytes_out").ok_or("no bytes_out")?.data;
    if *got != want {
        return Err(format!("bytes_out = {got:?}, expected {want:?}"));
    }
    Ok(())
}
