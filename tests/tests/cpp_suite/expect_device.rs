//! Expected results of the C++ suite's device-API kernels (cooperative groups, the cycle
//! counter), computed in plain Rust from the CUDA Programming Guide's definitions of each
//! group and collective.

use super::check::*;
use oxicc_emu::{Launch, Outcome};

/// Checks kernel `name`; `None` when this module does not know it.
pub fn check(name: &str, l: &Launch, o: &Outcome) -> Option<Check> {
    Some(match name {
        "coop_tile_vector_shuffle" => {
            // 128 threads in warps of 32; thread t holds words in[4t..4t+4]. shfl_xor(v, 5)
            // reads lane ^ 5; shfl(…, 7) lane 7; shfl_down(…, 3) lane + 3, or its own value
            // past the tile's end.
            let w = u32s(l, "in");
            let mut want = Vec::new();
            for t in 0..128usize {
                let (base, lane) = (t - t % 32, t % 32);
                let word = |thread: usize, k: usize| w[4 * thread + k];
                let x = base + (lane ^ 5);
                let down = if lane + 3 < 32 { t + 3 } else { t };
                want.extend((0..4).map(|k| word(x, k)));
                want.extend([word(base + 7, 0), word(base + 7, 3)]);
                want.extend((0..3).map(|k| word(down, k)));
            }
            eq_u32(o, "out", &want)
        }
        "coop_groups_tiles" => {
            let input = i32s(l, "in");
            let n = scalar_bits(l, 2) as usize;
            let block = 128usize;
            let mut out = vec![0i32; 2 * block * 9];
            for b in 0..2 {
                let v: Vec<i32> = (0..block)
                    .map(|r| {
                        input
                            .get(b * block + r)
                            .copied()
                            .filter(|_| b * block + r < n)
                    })
                    .map(|x| x.unwrap_or(0))
                    .collect();
                let block_sum: i32 = v.iter().sum();
                for r in 0..block {
                    let (w, lane, g, orank) = (r / 32, r % 32, r / 8, r % 8);
                    let warp = &v[32 * w..32 * w + 32];
                    let oct = &v[8 * g..8 * g + 8];
                    let x = v[r];
                    let o = &mut out[9 * (b * block + r)..9 * (b * block + r) + 9];
                    o[0] = warp.iter().sum();
                    o[1] = *oct.iter().max().unwrap();
                    o[2] = oct[..=orank].iter().sum();
                    o[3] = if lane == 0 {
                        -7
                    } else {
                        warp[..lane].iter().sum()
                    };
                    o[4] = if lane == 0 { warp.iter().sum() } else { -1 };
                    let ballot: i32 = (0..8).filter(|&k| oct[k] > 0).map(|k| 1 << k).sum();
                    let any = oct.iter().any(|&y| y > 400) as i32;
                    let all = warp.iter().all(|&y| y > -600) as i32;
                    o[5] = ballot + 1000 * any + 10000 * all;
                    o[6] = (w * 1000 + g * 10 + orank) as i32;
                    o[7] = block_sum;
                    o[8] = if x % 3 == 0 {
                        let active: Vec<usize> = (0..32).filter(|&k| warp[k] % 3 == 0).collect();
                        let rank = active.iter().filter(|&&k| k < lane).count();
                        (active.len() * 100 + rank) as i32
                    } else {
                        -2
                    };
                }
            }
            eq_i32(o, "out", &out)
        }
        "builtin_var_values" => {
            // Grid 3×2 of blocks 4×2: the thread's linear id in the launch, then the
            // packed coordinates x + 100·y + 10000·z of each built-in variable.
            let pack = |x: u32, y: u32, z: u32| x + 100 * y + 10000 * z;
            let mut out = vec![0u32; 192];
            for (by, bx, ty, tx) in (0..2).flat_map(|by| {
                (0..3).flat_map(move |bx| {
                    (0..2).flat_map(move |ty| (0..4).map(move |tx| (by, bx, ty, tx)))
                })
            }) {
                let id = ((bx + 3 * by) * 8 + tx + 4 * ty) as usize;
                out[4 * id] = pack(tx, ty, 0);
                out[4 * id + 1] = pack(bx, by, 0);
                out[4 * id + 2] = pack(4, 2, 1) + 1_000_000 * ty;
                out[4 * id + 3] = pack(3, 2, 1) + 12_000_000;
            }
            eq_u32(o, "out", &out)
        }
        "clock_counters" => {
            // Every read of the cycle counter is at least the one before it (the
            // interpreter's counter is monotonic, as the hardware's is per SM).
            let input = i32s(l, "in");
            let n = scalar_bits(l, 2) as usize;
            let mut out = vec![-9i32; 300];
            for i in 0..n {
                out[3 * i] = (0..=i % 7).map(|k| input[(i + k) % n]).sum();
                out[3 * i + 1] = 7;
                out[3 * i + 2] = 88;
            }
            eq_i32(o, "out", &out)
        }
        _ => return None,
    })
}
