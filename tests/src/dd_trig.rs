//! The harness's reference of `sin`, `cos`, `tan` for every double (`docs/math.md`):
//! below 1e6, `dd_ref::sin_cos`; beyond, an exact reduction of `x` modulo `pi/2`: the
//! full product of `x`'s 53-bit significand with 1280 bits of `2/pi` (big-integer
//! arithmetic on 32-bit limbs, no window), whose bits at `x`'s binary point give the
//! quadrant and the 128 below the fraction (rounded to the nearest quadrant), times a
//! double-double `pi/2`; then `dd_ref`'s Taylor series. The dropped bits of `2/pi`
//! weigh under 2^-256, so `r` keeps about 2^-100 relative even 2^-61 from a multiple of
//! `pi/2`. The bits of `2/pi` are mpmath's (`python3 tools/mathconst/special.py 2opi32`).

use crate::dd_ref::{self as dd, Dd};

const TWO_OVER_PI: [u32; 40] = [
    0xA2F9836E, 0x4E441529, 0xFC2757D1, 0xF534DDC0, 0xDB629599, 0x3C439041, 0xFE5163AB, 0xDEBBC561,
    0xB7246E3A, 0x424DD2E0, 0x06492EEA, 0x09D1921C, 0xFE1DEB1C, 0xB129A73E, 0xE88235F5, 0x2EBB4484,
    0xE99C7026, 0xB45F7E41, 0x3991D639, 0x835339F4, 0x9C845F8B, 0xBDF9283B, 0x1FF897FF, 0xDE05980F,
    0xEF2F118B, 0x5A0A6D1F, 0x6D367ECF, 0x27CB09B7, 0x4F463F66, 0x9E5FEA2D, 0x7527BAC7, 0xEBE5F17B,
    0x3D0739F7, 0x8A5292EA, 0x6BFB5FB1, 0x1F8D5D08, 0x56033046, 0xFC7B6BAB, 0xF0CFBC20, 0x9AF4361D,
];

/// Bits `lo .. lo + n` (n <= 128) of the little-endian limbs `p`.
fn bits(p: &[u32], lo: usize, n: usize) -> u128 {
    (0..n).fold(0u128, |acc, i| {
        let b = lo + i;
        let bit = p.get(b / 32).map_or(0, |w| (w >> (b % 32)) & 1);
        acc | ((bit as u128) << i)
    })
}

/// `sin x`, `cos x` for finite `x`.
pub fn sin_cos_any(x: f64) -> (Dd, Dd) {
    if x.abs() < 1e6 {
        dd::sin_cos(x)
    } else {
        sin_cos_far(x)
    }
}

/// The exact reduction (for any finite `x` of magnitude at least 2^-10).
fn sin_cos_far(x: f64) -> (Dd, Dd) {
    let b = x.abs().to_bits();
    let e = (b >> 52) as i64 - 1075;
    let m = (b & ((1u64 << 52) - 1)) | (1u64 << 52);
    // P = m T, T the table as a 1280-bit integer: x 2/pi = P 2^(e - 1280).
    let mut p = vec![0u32; 44];
    let mut carry = 0u128;
    for (k, limb) in p.iter_mut().enumerate() {
        let t = if k < 40 { TWO_OVER_PI[39 - k] } else { 0 };
        let v = m as u128 * t as u128 + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    let point = (1280 - e) as usize;
    let mut j = bits(&p, point, 2) as i64;
    let frac = bits(&p, point - 128, 128);
    if frac >> 127 == 1 {
        j += 1;
    }
    let f = frac as i128;
    let hi = (f >> 64) as i64;
    let lo = f as u64;
    let fd = Dd::new((hi >> 32) as f64 * 2f64.powi(32))
        .add(Dd::new((hi as u64 & 0xffff_ffff) as f64))
        .add(Dd::new(lo as f64 * 2f64.powi(-64)))
        .mulf(2f64.powi(-64));
    let r = fd.mul(dd::pio2());
    let (s, c) = dd::sin_cos_reduced(r);
    let (s, c) = dd::quadrant(j, s, c);
    if x < 0.0 {
        (s.neg(), c)
    } else {
        (s, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from mpmath at 60 digits.
    #[test]
    fn matches_known_values() {
        let close =
            |a: Dd, b: f64| assert!((a.hi - b).abs() <= b.abs() * 2e-16, "{a:?} against {b:e}");
        close(sin_cos_any(1e22).0, -0.852_200_849_767_188_8);
        close(sin_cos_any(1e300).1, -0.575_386_111_957_549);
        close(sin_cos_any(-3.0e6).0, 0.878_490_058_144_747_8);
        close(sin_cos_any(f64::MAX).0, 0.004_961_954_789_184_062);
        close(
            sin_cos_any(5.319_372_648_326_541e255).1,
            -4.687_165_924_254_628e-19,
        );
        // The two reductions agree where both hold.
        for x in [999_999.5f64, -12345.678, 3.0] {
            let (a, b) = dd::sin_cos(x);
            let (c, d) = sin_cos_far(x);
            assert!(
                a.sub(c).hi.abs() < 1e-30 && b.sub(d).hi.abs() < 1e-30,
                "{x}"
            );
        }
    }
}
