//! Register-to-register integer semantics: integer ops (with PTX's clamping shifts,
//! bit-field ops, carries, wide and high multiplies), `lop3`, `prmt`, `shf`.
//! Registers hold zero-extended values of the instruction's type; every function reads its
//! operands at the type's width.

use crate::inst::*;

#[inline]
pub fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

#[inline]
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// Reads `v` as type `ty` into an i128 (signed or unsigned interpretation).
#[inline]
pub fn as_int(v: u64, ty: Ty) -> i128 {
    let bits = ty.bits();
    if ty.is_signed() {
        sext(v, bits) as i128
    } else {
        (v & mask(bits)) as i128
    }
}

pub fn int_op(op: IntOp, ty: Ty, a: u64, b: u64, c: u64, e: u64, cc: &mut u64) -> u64 {
    let bits = ty.bits().min(64);
    let m = mask(bits);
    let signed = ty.is_signed();
    let ia = as_int(a, ty);
    let ib = as_int(b, ty);
    let wide = |x: i128| (x as u64) & mask((bits * 2).min(64));
    let hi = |x: i128| ((x >> bits) as u64) & m;
    match op {
        IntOp::Add => a.wrapping_add(b) & m,
        IntOp::Sub => a.wrapping_sub(b) & m,
        IntOp::MulLo => a.wrapping_mul(b) & m,
        IntOp::MulHi => hi(ia.wrapping_mul(ib)),
        IntOp::MulWide => wide(ia.wrapping_mul(ib)),
        IntOp::MadLo => a.wrapping_mul(b).wrapping_add(c) & m,
        IntOp::MadHi => hi(ia.wrapping_mul(ib)).wrapping_add(c) & m,
        IntOp::MadWide => wide(ia.wrapping_mul(ib)).wrapping_add(c) & mask((bits * 2).min(64)),
        IntOp::Mul24Lo | IntOp::Mul24Hi | IntOp::Mad24Lo => {
            let t24 = |v: u64| {
                if signed {
                    sext(v, 24) as i128
                } else {
                    (v & 0xFF_FFFF) as i128
                }
            };
            let p = t24(a) * t24(b);
            match op {
                IntOp::Mul24Hi => ((p >> 16) as u64) & m,
                IntOp::Mad24Lo => (p as u64).wrapping_add(c) & m,
                _ => (p as u64) & m,
            }
        }
        IntOp::Div => {
            if ib == 0 {
                m
            } else if signed {
                (ia.wrapping_div(ib) as u64) & m
            } else {
                ((ia as u128 / ib as u128) as u64) & m
            }
        }
        IntOp::Rem => {
            if ib == 0 {
                a & m
            } else {
                ((ia % ib) as u64) & m
            }
        }
        IntOp::Min => (ia.min(ib) as u64) & m,
        IntOp::Max => (ia.max(ib) as u64) & m,
        IntOp::Abs => (ia.unsigned_abs() as u64) & m,
        IntOp::Neg => (ia.wrapping_neg() as u64) & m,
        IntOp::And => a & b & m,
        IntOp::Or => (a | b) & m,
        IntOp::Xor => (a ^ b) & m,
        IntOp::Not if ty == Ty::Pred => (a & 1) ^ 1,
        IntOp::Not => !a & m,
        IntOp::Cnot => ((a & m) == 0) as u64,
        IntOp::Shl => {
            let s = b as u32;
            if s >= bits {
                0
            } else {
                (a << s) & m
            }
        }
        IntOp::Shr => {
            let s = (b as u32).min(bits);
            if signed {
                let v = sext(a, bits);
                ((if s >= 64 { v >> 63 } else { v >> s.min(63) }) as u64) & m
            } else if s >= bits {
                0
            } else {
                ((a & m) >> s) & m
            }
        }
        IntOp::Popc => (a & m).count_ones() as u64,
        IntOp::Clz => ((a & m).leading_zeros() - (64 - bits)) as u64,
        IntOp::Brev => ((a & m).reverse_bits() >> (64 - bits)) & m,
        IntOp::Bfind | IntOp::BfindShift => {
            let v = if signed && sext(a, bits) < 0 {
                !a & m
            } else {
                a & m
            };
            if v == 0 {
                0xFFFF_FFFF
            } else {
                let pos = 63 - v.leading_zeros() as u64;
                if op == IntOp::BfindShift {
                    bits as u64 - 1 - pos
                } else {
                    pos
                }
            }
        }
        IntOp::Fns => {
            // PTX ISA: offset 0 asks whether bit `base` is set; otherwise walk from `base`
            // toward higher (offset > 0) or lower bits and count set bits.
            let (mask, base, off) = (a as u32, b as u32 as i64, c as u32 as i32 as i64);
            let set = |p: i64| (mask >> p as u32) & 1 == 1;
            if !(0..32).contains(&base) {
                return 0xFFFF_FFFF; // undefined in PTX
            }
            if off == 0 {
                return if set(base) { base as u64 } else { 0xFFFF_FFFF };
            }
            let step = off.signum();
            let mut left = off.abs() - 1;
            let mut pos = base;
            while (0..32).contains(&pos) {
                if set(pos) {
                    if left == 0 {
                        return pos as u64;
                    }
                    left -= 1;
                }
                pos += step;
            }
            0xFFFF_FFFF
        }
        IntOp::Bfe => {
            let pos = (b & 0xFF) as u32;
            let len = (c & 0xFF) as u32;
            let msb = bits - 1;
            let sbit = if signed && len > 0 {
                (a >> (pos + len - 1).min(msb)) & 1
            } else {
                0
            };
            let mut d = 0u64;
            for i in 0..bits {
                let bit = if i < len && pos + i <= msb {
                    (a >> (pos + i)) & 1
                } else {
                    sbit
                };
                d |= bit << i;
            }
            d
        }
        IntOp::Bfi => {
            let pos = (c & 0xFF) as u32;
            let len = (e & 0xFF) as u32;
            let mut d = b & m;
            for i in 0..len {
                if pos + i >= bits {
                    break;
                }
                d = (d & !(1 << (pos + i))) | (((a >> i) & 1) << (pos + i));
            }
            d
        }
        IntOp::Sad => ((ia - ib).unsigned_abs() as u64).wrapping_add(c) & m,
        IntOp::Video(v) => crate::video::video(v, a, b, c),
        IntOp::AddSat => (ia + ib).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & m,
        IntOp::SubSat => (ia - ib).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & m,
        IntOp::AddCc | IntOp::AddC | IntOp::AddCCc => {
            let cin = if op == IntOp::AddCc { 0 } else { *cc as u128 };
            let s = (a & m) as u128 + (b & m) as u128 + cin;
            if op != IntOp::AddC {
                *cc = (s >> bits) as u64 & 1;
            }
            s as u64 & m
        }
        IntOp::SubCc | IntOp::SubC | IntOp::SubCCc => {
            let bin = if op == IntOp::SubCc { 0 } else { *cc as i128 };
            let s = (a & m) as i128 - (b & m) as i128 - bin;
            if op != IntOp::SubC {
                *cc = (s < 0) as u64;
            }
            s as u64 & m
        }
        IntOp::MadLoCc | IntOp::MadHiCc | IntOp::MadCLo | IntOp::MadCHi => {
            let p = ia * ib;
            let part = if matches!(op, IntOp::MadHiCc | IntOp::MadCHi) {
                hi(p)
            } else {
                p as u64 & m
            };
            let cin = if matches!(op, IntOp::MadCLo | IntOp::MadCHi) {
                *cc as u128
            } else {
                0
            };
            let s = part as u128 + (c & m) as u128 + cin;
            *cc = (s >> bits) as u64 & 1;
            s as u64 & m
        }
        IntOp::Dp4a(sa, sb) => {
            let mut acc = as_int(c, if sa || sb { Ty::S32 } else { Ty::U32 });
            for k in 0..4 {
                let x = (a >> (8 * k)) & 0xFF;
                let y = (b >> (8 * k)) & 0xFF;
                let x = if sa { sext(x, 8) as i128 } else { x as i128 };
                let y = if sb { sext(y, 8) as i128 } else { y as i128 };
                acc += x * y;
            }
            acc as u64 & 0xFFFF_FFFF
        }
        IntOp::Bmsk(wrap) => {
            let (pos, width) = if wrap {
                (a as u32 & 31, b as u32 & 31)
            } else {
                ((a as u32).min(32), (b as u32).min(32))
            };
            if pos >= 32 {
                0
            } else {
                (mask(width) << pos) & 0xFFFF_FFFF
            }
        }
        IntOp::Szext(wrap) => {
            let n = if wrap {
                b as u32 & 31
            } else {
                (b as u32).min(32)
            };
            match (n, signed) {
                (0, _) => 0,
                (n, true) => sext(a, n) as u64 & 0xFFFF_FFFF,
                (n, false) => a & mask(n),
            }
        }
        IntOp::Dp2aLo(sa, sb) | IntOp::Dp2aHi(sa, sb) => {
            let base = if matches!(op, IntOp::Dp2aHi(..)) {
                2
            } else {
                0
            };
            let mut acc = as_int(c, if sa || sb { Ty::S32 } else { Ty::U32 });
            for k in 0..2 {
                let x = (a >> (16 * k)) & 0xFFFF;
                let y = (b >> (8 * (base + k))) & 0xFF;
                let x = if sa { sext(x, 16) as i128 } else { x as i128 };
                let y = if sb { sext(y, 8) as i128 } else { y as i128 };
                acc += x * y;
            }
            acc as u64 & 0xFFFF_FFFF
        }
    }
}

pub fn lop3(a: u64, b: u64, c: u64, lut: u64) -> u64 {
    let mut d = 0u64;
    for i in 0..32 {
        let idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
        d |= ((lut >> idx) & 1) << i;
    }
    d
}

pub fn prmt(mode: PrmtMode, a: u64, b: u64, c: u64) -> u64 {
    let bytes: [u8; 8] = (((b & 0xFFFF_FFFF) << 32) | (a & 0xFFFF_FFFF)).to_le_bytes();
    let sel = c as u32;
    let pick = |s: u32| -> u8 {
        let byte = bytes[(s & 7) as usize];
        if s & 8 != 0 {
            // Sign-replicate the selected byte's top bit.
            if byte & 0x80 != 0 {
                0xFF
            } else {
                0
            }
        } else {
            byte
        }
    };
    let sel_of = |i: u32| -> u32 {
        let s = sel & 3;
        match mode {
            PrmtMode::Default => (sel >> (4 * i)) & 0xF,
            PrmtMode::F4e => (s + i) & 7,
            PrmtMode::B4e => (s + 8 - i) & 7,
            PrmtMode::Rc8 => s,
            PrmtMode::Ecl => i.max(s),
            PrmtMode::Ecr => i.min(s),
            PrmtMode::Rc16 => [0, 1, 0, 1][i as usize] + 2 * (s & 1),
        }
    };
    let mut out = [0u8; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let s = sel_of(i as u32);
        *o = if mode == PrmtMode::Default {
            pick(s)
        } else {
            bytes[(s & 7) as usize]
        };
    }
    u32::from_le_bytes(out) as u64
}

pub fn shf(left: bool, wrap: bool, a: u64, b: u64, c: u64) -> u64 {
    let n = if wrap {
        (c as u32) & 31
    } else {
        (c as u32).min(32)
    };
    let x = ((b & 0xFFFF_FFFF) << 32) | (a & 0xFFFF_FFFF);
    if left {
        ((x << n) >> 32) & 0xFFFF_FFFF
    } else {
        (x >> n) & 0xFFFF_FFFF
    }
}

// Float semantics live in `fops`; re-exported for the interpreter.
pub use crate::fops::{compare, cvt, float_op, read_float, write_float};

/// The lane type of a packed pair of halves (`f16x2`, `bf16x2`).
pub fn pair_lane(ty: Ty) -> Option<Ty> {
    match ty {
        Ty::F16x2 => Some(Ty::F16),
        Ty::BF16x2 => Some(Ty::BF16),
        _ => None,
    }
}

/// A comparison of the low and of the high halves of two packed pairs.
pub fn compare_pair(cmp: Cmp, lane: Ty, ftz: bool, a: u64, b: u64) -> (bool, bool) {
    (
        compare(cmp, lane, ftz, a & 0xFFFF, b & 0xFFFF),
        compare(cmp, lane, ftz, (a >> 16) & 0xFFFF, (b >> 16) & 0xFFFF),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bmsk_and_szext() {
        let mut cc = 0;
        // bmsk: 4 bits from bit 8; clamp stops at bit 31; wrap takes both operands mod 32.
        assert_eq!(
            int_op(IntOp::Bmsk(false), Ty::B32, 8, 4, 0, 0, &mut cc),
            0xF00
        );
        assert_eq!(
            int_op(IntOp::Bmsk(false), Ty::B32, 30, 8, 0, 0, &mut cc),
            0xC000_0000
        );
        assert_eq!(
            int_op(IntOp::Bmsk(true), Ty::B32, 33, 34, 0, 0, &mut cc),
            0b110
        );
        // szext: the low 4 bits of 0xF8 are 0b1000 -> -8 signed, 8 unsigned.
        assert_eq!(
            int_op(IntOp::Szext(false), Ty::S32, 0xF8, 4, 0, 0, &mut cc),
            0xFFFF_FFF8
        );
        assert_eq!(
            int_op(IntOp::Szext(false), Ty::U32, 0xF8, 4, 0, 0, &mut cc),
            8
        );
    }

    #[test]
    fn shifts_clamp_to_width() {
        let mut cc = 0;
        // PTX: shift amounts larger than the width are clamped (shl -> 0, shr.s -> sign fill).
        assert_eq!(int_op(IntOp::Shl, Ty::B32, 1, 40, 0, 0, &mut cc), 0);
        assert_eq!(
            int_op(IntOp::Shr, Ty::U32, 0x8000_0000, 33, 0, 0, &mut cc),
            0
        );
        assert_eq!(
            int_op(IntOp::Shr, Ty::S32, 0x8000_0000, 100, 0, 0, &mut cc),
            0xFFFF_FFFF
        );
        assert_eq!(
            int_op(IntOp::Shr, Ty::S32, 0x8000_0000, 4, 0, 0, &mut cc),
            0xF800_0000
        );
    }

    #[test]
    fn bit_field_extract_and_insert() {
        let mut cc = 0;
        // bfe.u32: bits [8, 8+4) of 0xABCD -> 0xB; bfe.s32 sign-extends from bit pos+len-1.
        assert_eq!(int_op(IntOp::Bfe, Ty::U32, 0xABCD, 8, 4, 0, &mut cc), 0xB);
        // The PTX ISA's examples of fns.
        for (base, off, want) in [(3, 1i32, 3u64), (3, -1, 3), (2, 1, 3), (2, -1, 1)] {
            let c = off as u32 as u64;
            assert_eq!(
                int_op(IntOp::Fns, Ty::B32, 0xAAAA_AAAA, base, c, 0, &mut cc),
                want
            );
        }
        assert_eq!(
            int_op(IntOp::Fns, Ty::B32, 0xAAAA_AAAA, 2, 0, 0, &mut cc),
            0xFFFF_FFFF
        );
        assert_eq!(
            int_op(IntOp::Fns, Ty::B32, 0xAAAA_AAAA, 0, 16, 0, &mut cc),
            31
        );
        assert_eq!(
            int_op(IntOp::Fns, Ty::B32, 0xAAAA_AAAA, 0, 17, 0, &mut cc),
            0xFFFF_FFFF
        );
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0xABCD, 8, 4, 0, &mut cc),
            0xFFFF_FFFB
        );
        // len 0 gives 0; pos beyond the msb replicates the sign bit a[31] for signed.
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0x8000_0000, 40, 0, 0, &mut cc),
            0
        );
        assert_eq!(
            int_op(IntOp::Bfe, Ty::S32, 0x8000_0000, 40, 5, 0, &mut cc),
            0xFFFF_FFFF
        );
        // bfi: insert the low 4 bits of a=0x5 into b=0xFFFF at position 4.
        assert_eq!(
            int_op(IntOp::Bfi, Ty::B32, 0x5, 0xFFFF, 4, 4, &mut cc),
            0xFF5F
        );
    }

    #[test]
    fn prmt_default_and_sign_replication() {
        // Bytes of {b,a} = 0x77665544_33221100; selector 0x5140 picks bytes 0,4,1,5.
        let a = 0x3322_1100;
        let b = 0x7766_5544;
        assert_eq!(prmt(PrmtMode::Default, a, b, 0x5140), 0x5511_4400);
        // Selector nibble with bit 3 set replicates the sign of the byte: byte 7 = 0x77 -> 0x00,
        // byte 0 of 0x80 -> 0xFF.
        assert_eq!(prmt(PrmtMode::Default, 0x80, 0, 0x0008), 0x8080_80FF);
    }
}
