//! Running compiled kernels in the PTX interpreter (`oxicc-emu`) on data generated here,
//! so that results can be compared with plain Rust.

#![allow(dead_code)]

use std::fmt::Write;

/// A buffer argument: raw unsigned element bits of `bytes` bytes each.
pub struct Buf {
    pub name: &'static str,
    pub bytes: u32,
    pub data: Vec<u64>,
}

/// A kernel argument.
pub enum Arg {
    Buf(Buf),
    /// A scalar: type name as the launch format spells it (`s32`, `f32`, …) and its value.
    Scalar(&'static str, String),
}

fn uty(bytes: u32) -> &'static str {
    match bytes {
        1 => "u8",
        2 => "u16",
        4 => "u32",
        _ => "u64",
    }
}

/// Runs `kernel` of `ptx` on one block of `threads` threads and returns every buffer's final
/// contents as element bits, in argument order.
pub fn run(ptx: &str, kernel: &str, threads: u32, args: &[Arg]) -> Vec<Vec<u64>> {
    let mut json =
        format!("{{\"kernel\": \"{kernel}\", \"grid\": [1], \"block\": [{threads}], \"args\": [");
    for (k, a) in args.iter().enumerate() {
        if k > 0 {
            json.push_str(", ");
        }
        match a {
            Arg::Buf(b) => {
                let list: Vec<String> = b.data.iter().map(|x| x.to_string()).collect();
                write!(
                    json,
                    "{{\"buffer\": \"{}\", \"type\": \"{}\", \"data\": [{}]}}",
                    b.name,
                    uty(b.bytes),
                    list.join(", ")
                )
                .unwrap();
            }
            Arg::Scalar(t, v) => write!(json, "{{\"scalar\": \"{t}\", \"value\": {v}}}").unwrap(),
        }
    }
    json.push_str("]}");
    let out = oxicc_emu::run_text(ptx, &json, &oxicc_emu::RunOptions::default())
        .unwrap_or_else(|e| panic!("emulator failed on {kernel}: {e}\n{ptx}"));
    out.buffers
        .iter()
        .map(|b| {
            let n = b.ty.bytes() as usize;
            b.data
                .chunks(n)
                .map(|c| {
                    let mut raw = [0u8; 8];
                    raw[..n].copy_from_slice(c);
                    u64::from_le_bytes(raw)
                })
                .collect()
        })
        .collect()
}

/// Deterministic pseudo-random bits (splitmix64).
pub fn random_bits(seed: u64, n: usize) -> Vec<u64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}
