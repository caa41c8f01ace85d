//! The SIMD video instructions (`vadd4`, `vabsdiff2`, …), evaluated for `alu::int_op`.

use crate::alu::sext;

/// A SIMD video instruction (`vabsdiff4`, `vadd2`, …; PTX ISA "SIMD video instructions"):
/// each 8-bit (or 16-bit) lane of `a` and `b` is extended by its type's signedness and
/// combined exactly; the results are either packed into the lanes of the result (saturated
/// to the lane's range with `.sat`, else truncated), or with `.add` summed and added to `c`.
pub fn video(v: crate::inst::Video, a: u64, b: u64, c: u64) -> u64 {
    use crate::inst::VideoOp;
    let w = 32 / v.lanes as u32;
    let lane_mask = (1u64 << w) - 1;
    let lane = |x: u64, k: u32, signed: bool| -> i64 {
        let l = (x >> (k * w)) & lane_mask;
        if signed {
            sext(l, w)
        } else {
            l as i64
        }
    };
    let (lo, hi) = if v.sd {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    } else {
        (0, (1i64 << w) - 1)
    };
    let mut packed = 0u64;
    let mut sum = 0i64;
    for k in 0..v.lanes as u32 {
        let (x, y) = (lane(a, k, v.sa), lane(b, k, v.sb));
        let r = match v.op {
            VideoOp::Add => x + y,
            VideoOp::Sub => x - y,
            VideoOp::Avrg => (x + y + 1) >> 1,
            VideoOp::Absdiff => (x - y).abs(),
            VideoOp::Min => x.min(y),
            VideoOp::Max => x.max(y),
        };
        if v.add {
            sum += r;
        } else {
            let r = if v.relu { r.max(0) } else { r };
            let r = if v.sat { r.clamp(lo, hi) } else { r };
            packed |= (r as u64 & lane_mask) << (k * w);
        }
    }
    if !v.add {
        return packed;
    }
    let c = if v.sd {
        c as u32 as i32 as i64
    } else {
        c as u32 as i64
    };
    let total = c + sum;
    let total = if v.sat {
        if v.sd {
            total.clamp(i32::MIN as i64, i32::MAX as i64)
        } else {
            total.clamp(0, u32::MAX as i64)
        }
    } else {
        total
    };
    total as u64 & 0xFFFF_FFFF
}
