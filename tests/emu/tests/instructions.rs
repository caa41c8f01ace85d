//! Single-thread PTX snippets through the whole pipeline (parse, decode, execute), checking
//! results against documented PTX semantics: rounding modes, cvt forms, bit-field ops,
//! carries, half precision, calls, local memory, and the errors for faults.

use crate::common;
use common::{kernel, run_u32, single};

fn bits(x: f32) -> u32 {
    x.to_bits()
}

#[test]
fn float_rounding_modes_from_ptx_text() {
    // 1/3 in f32 lies between 0x3EAAAAAA and 0x3EAAAAAB (closer to ...AB).
    let out = single(
        "mov.f32 %f1, 0f3F800000;\nmov.f32 %f2, 0f40400000;\n\
         div.rn.f32 %f3, %f1, %f2;\ndiv.rz.f32 %f4, %f1, %f2;\ndiv.rm.f32 %f5, %f1, %f2;\ndiv.rp.f32 %f6, %f1, %f2;\n\
         st.global.v4.f32 [%rd1], {%f3, %f4, %f5, %f6};\n\
         add.rp.f32 %f7, %f1, 0f2F800000;\nadd.rm.f32 %f8, %f1, 0fAF800000;\nmul.rz.f32 %f9, %f2, 0f7F7FFFFF;\nmul.rn.f32 %f10, %f2, 0f7F7FFFFF;\n\
         st.global.v4.f32 [%rd1+16], {%f7, %f8, %f9, %f10};",
        8,
    );
    assert_eq!(
        &out[..4],
        &[0x3EAA_AAAB, 0x3EAA_AAAA, 0x3EAA_AAAA, 0x3EAA_AAAB]
    );
    // 1 + 2^-32 rounds up under .rp; 1 - 2^-32 rounds down under .rm; overflow: .rz gives MAX.
    assert_eq!(out[4], bits(1.0f32.next_up()));
    assert_eq!(out[5], bits(1.0f32.next_down()));
    assert_eq!(out[6], bits(f32::MAX));
    assert_eq!(out[7], bits(f32::INFINITY));
}

#[test]
fn ftz_and_sat_modifiers() {
    let out = single(
        "mov.f32 %f1, 0f00000001;\nadd.ftz.f32 %f2, %f1, %f1;\nadd.f32 %f3, %f1, %f1;\n\
         mov.f32 %f4, 0f3FC00000;\nadd.sat.f32 %f5, %f4, %f4;\nsub.sat.f32 %f6, 0f00000000, %f4;\n\
         st.global.v4.f32 [%rd1], {%f2, %f3, %f5, %f6};",
        4,
    );
    assert_eq!(out, vec![0, 2, bits(1.0), 0]);
}

#[test]
fn cvt_forms() {
    let out = single(
        "mov.f32 %f1, 0f4F800000;\ncvt.rzi.s32.f32 %r2, %f1;\ncvt.rzi.u32.f32 %r3, %f1;\n\
         mov.f32 %f2, 0fC0200000;\ncvt.rni.s32.f32 %r4, %f2;\ncvt.rmi.s32.f32 %r5, %f2;\ncvt.rpi.s32.f32 %r6, %f2;\n\
         mov.u32 %r7, 300;\ncvt.sat.u8.u32 %r8, %r7;\ncvt.u8.u32 %r9, %r7;\nmov.u32 %r10, -5;\ncvt.sat.u32.s32 %r11, %r10;\n\
         cvt.s64.s32 %rd5, %r10;\ncvt.u32.u64 %r12, %rd5;\n\
         cvt.rn.f16.f32 %rs1, %f2;\ncvt.u32.u16 %r13, %rs1;\ncvt.rn.bf16.f32 %rs2, %f2;\ncvt.u32.u16 %r14, %rs2;\n\
         st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};\nst.global.v4.u32 [%rd1+16], {%r6, %r8, %r9, %r11};\n\
         st.global.v2.u32 [%rd1+32], {%r12, %r13};\nst.global.u32 [%rd1+40], %r14;",
        11,
    );
    // 2^32 saturates to INT_MAX / UINT_MAX; -2.5 -> rni -2, rmi -3, rpi -2.
    assert_eq!(
        &out[..6],
        &[
            0x7FFF_FFFF,
            0xFFFF_FFFF,
            (-2i32) as u32,
            (-3i32) as u32,
            (-2i32) as u32,
            255
        ]
    );
    // cvt.u8 without .sat truncates; cvt.sat.u32.s32 of -5 is 0.
    assert_eq!(&out[6..9], &[44, 0, (-5i32) as u32]);
    // -2.5 in binary16 is 0xC100, in bfloat16 0xC020.
    assert_eq!(&out[9..11], &[0xC100, 0xC020]);
}

#[test]
fn integer_bit_ops_and_carries() {
    let out = single(
        "mov.u32 %r2, 0xF0F0;\nbfe.u32 %r3, %r2, 4, 8;\nbfe.s32 %r4, %r2, 4, 4;\nbfi.b32 %r5, 0xA, %r2, 8, 4;\n\
         brev.b32 %r6, 1;\nclz.b32 %r7, %r2;\npopc.b32 %r8, %r2;\nbfind.u32 %r9, %r2;\nbfind.u32 %r10, 0;\n\
         add.cc.u32 %r11, 0xFFFFFFFF, 2;\naddc.u32 %r12, 0, 0;\nsub.cc.u32 %r13, 0, 1;\nsubc.u32 %r14, 5, 0;\n\
         mul.hi.s32 %r15, -2, 0x40000000;\nmul.wide.u16 %r16, 0xFFFF, 0xFFFF;\nshl.b32 %r17, 1, 32;\nshr.s32 %r18, -8, 40;\n\
         prmt.b32 %r19, 0x33221100, 0x77665544, 0x1234;\nsad.u32 %r20, 3, 10, 100;\n\
         st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};\nst.global.v4.u32 [%rd1+16], {%r7, %r8, %r9, %r10};\n\
         st.global.v4.u32 [%rd1+32], {%r11, %r12, %r13, %r14};\nst.global.v4.u32 [%rd1+48], {%r15, %r16, %r17, %r18};\n\
         st.global.v2.u32 [%rd1+64], {%r19, %r20};",
        18,
    );
    assert_eq!(&out[..4], &[0x0F, 0xFFFF_FFFF, 0xFAF0, 0x8000_0000]);
    assert_eq!(&out[4..8], &[16, 8, 15, 0xFFFF_FFFF]);
    // 0xFFFFFFFF + 2 carries out; 0 - 1 borrows, so subc gives 5 - 0 - 1.
    assert_eq!(&out[8..12], &[1, 1, 0xFFFF_FFFF, 4]);
    // mul.hi.s32(-2, 2^30) = high word of -2^31 = -1; clamped shifts.
    assert_eq!(&out[12..16], &[0xFFFF_FFFF, 0xFFFE_0001, 0, 0xFFFF_FFFF]);
    // prmt selector 0x1234 picks bytes 4,3,2,1 of {b,a} (lowest nibble first).
    assert_eq!(out[16], 0x1122_3344);
    assert_eq!(out[17], 107);
}

#[test]
fn half2_arithmetic_and_packing() {
    // {1.0, 2.0} + {0.5, 0.25} as f16x2; f16 1.0 = 0x3C00, 2.0 = 0x4000, 0.5 = 0x3800, 0.25 = 0x3400.
    let out = single(
        "mov.b32 %r2, 0x40003C00;\nmov.b32 %r3, 0x34003800;\nadd.f16x2 %r4, %r2, %r3;\nmul.f16x2 %r5, %r2, %r3;\n\
         mov.b32 {%rs1, %rs2}, %r4;\ncvt.f32.f16 %f1, %rs2;\nmov.b32 %r6, %f1;\nst.global.v4.u32 [%rd1], {%r4, %r5, %r6, %r2};",
        4,
    );
    // 1.5 = 0x3E00, 2.25 = 0x4080; products 0.5 = 0x3800, 0.5 = 0x3800.
    assert_eq!(&out[..3], &[0x4080_3E00, 0x3800_3800, bits(2.25)]);
}

/// NVIDIA's bf16 headers write `{.reg.b16 hl, hu;` (the type joined to `.reg`) in inline
/// PTX; the scope's registers and `{0, hl}` (a half packed with an immediate) work.
#[test]
fn joined_reg_declarations_in_a_scope() {
    let out = single(
        "mov.b32 %r2, 0x40003F80;
{.reg.b16         hl, hu;
 .reg.b32 fl;
 mov.b32 {hl, hu}, %r2;
          mov.b32 fl, {0,hl};
 mov.b32 %r3, fl;
}
st.global.u32 [%rd1], %r3;",
        1,
    );
    // The low bfloat16 0x3F80 (1.0) widened to f32: 0x3F800000.
    assert_eq!(out, vec![0x3F80_0000]);
}

#[test]
fn local_memory_and_recursive_calls() {
    let ptx = ".version 8.0\n.target sm_75\n.address_size 64\n\
        .func (.param .b32 r) f(.param .b32 n)\n{\n.reg .b32 %r<5>;\n.reg .pred %p1;\n.local .align 4 .b8 depot[8];\n\
        ld.param.b32 %r1, [n];\nst.local.u32 [depot], %r1;\nsetp.eq.u32 %p1, %r1, 0;\n@%p1 bra DONE;\nsub.u32 %r2, %r1, 1;\n\
        {\n.param .b32 a;\n.param .b32 b;\nst.param.b32 [a], %r2;\ncall (b), f, (a);\nld.param.b32 %r3, [b];\n}\n\
        ld.local.u32 %r4, [depot];\nadd.u32 %r1, %r4, %r3;\nDONE:\nst.param.b32 [r], %r1;\nret;\n}\n\
        .visible .entry k(.param .u64 out, .param .u64 in)\n{\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n\
        ld.param.u64 %rd1, [out];\n{\n.param .b32 a;\n.param .b32 b;\nst.param.b32 [a], 100;\ncall (b), f, (a);\nld.param.b32 %r1, [b];\n}\n\
        st.global.u32 [%rd1], %r1;\nret;\n}\n";
    // f(n) = n + f(n-1), f(0) = 0: each level keeps n in its own local frame.
    assert_eq!(
        run_u32(ptx, 1, 1, &[]).unwrap_or_else(|e| panic!("{e}")),
        vec![5050]
    );
}

#[test]
fn faults_name_instruction_thread_and_address() {
    let oob =
        run_u32(&kernel("st.global.u32 [%rd1+400], %r1;"), 2, 4, &[]).expect_err("out of bounds");
    assert!(
        oob.0.contains("out-of-bounds")
            && oob.0.contains("thread (0,0,0)")
            && oob.0.contains("`out`"),
        "{oob}"
    );
    let mis = run_u32(&kernel("st.global.u32 [%rd1+2], %r1;"), 1, 4, &[]).expect_err("misaligned");
    assert!(mis.0.contains("misaligned"), "{mis}");
    let vec =
        run_u32(&kernel("st.global.v2.u32 [%rd1+4], {%r1, %r1};"), 1, 4, &[]).expect_err("vector");
    assert!(vec.0.contains("misaligned 8-byte vector"), "{vec}");
    let trap = run_u32(&kernel("trap;"), 1, 4, &[]).expect_err("trap");
    assert!(trap.0.contains("trap"), "{trap}");
    let unknown = run_u32(&kernel("frobnicate.b32 %r1, %r1;"), 1, 4, &[]).expect_err("unknown");
    assert!(
        unknown.0.contains("frobnicate") && unknown.0.contains("line 18"),
        "{unknown}"
    );
}

#[test]
fn initializers_with_addresses_and_arrays() {
    let ptx = ".version 8.0\n.target sm_75\n.address_size 64\n\
        .global .align 4 .b32 table[4] = {10, 20, 30, 40};\n\
        .global .align 8 .u64 ptrs[2] = {generic(table), generic(table)+8};\n\
        .const .align 4 .f32 half = 0f3F000000;\n\
        .visible .entry k(.param .u64 out, .param .u64 in)\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<5>;\n.reg .f32 %f1;\n\
        ld.param.u64 %rd1, [out];\nld.global.u64 %rd2, [ptrs+8];\nld.u32 %r1, [%rd2];\nld.global.u32 %r2, [table+4];\n\
        ld.const.f32 %f1, [half];\nmov.b32 %r3, %f1;\nst.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r1};\nret;\n}\n";
    assert_eq!(
        run_u32(ptx, 1, 4, &[]).unwrap_or_else(|e| panic!("{e}")),
        vec![30, 20, 0x3F00_0000, 30]
    );
}

#[test]
fn warp_size_constant_and_special_registers() {
    let out = single(
        "mov.u32 %r2, WARP_SZ;\nmov.u32 %r3, %laneid;\nmov.u32 %r4, %lanemask_lt;\nmov.u32 %r5, %nwarpid;\n\
         st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};",
        4,
    );
    assert_eq!(out, vec![32, 0, 0, 1]);
}

#[test]
fn signed_load_into_a_wider_register_sign_extends() {
    // PTX's relaxed type rule for `ld`: a destination wider than the type is sign-extended for
    // signed types, zero-extended otherwise. Store -5 as s32, load it back as s32 and u32
    // into 64-bit registers.
    let out = single(
        "mov.u32 %r1, 0xFFFFFFFB;\nst.global.u32 [%rd1], %r1;\n\
         ld.global.s32 %rd2, [%rd1];\nld.global.u32 %rd3, [%rd1];\n\
         st.global.u64 [%rd1+8], %rd2;\nst.global.u64 [%rd1+16], %rd3;",
        6,
    );
    assert_eq!(&out[2..6], &[0xFFFF_FFFB, 0xFFFF_FFFF, 0xFFFF_FFFB, 0]);
}

#[test]
fn f64_reciprocal_and_division_by_zero_are_exact_infinities() {
    // IEEE 754: a finite nonzero value over ±0 is ±inf exactly, in every rounding mode (the
    // division-by-zero exception, not an overflow). Found by oxicc-fuzz (seed 1012000:
    // nvcc's `rcp.rn.f64` of -0.0 came out as -DBL_MAX). Overflow still honours the mode:
    // .rz stops at DBL_MAX, .rn gives inf.
    let out = single(
        "mov.f64 %fd1, 0d8000000000000000;\nrcp.rn.f64 %fd2, %fd1;\nrcp.rn.f64 %fd3, 0d0000000000000000;\n\
         div.rz.f64 %fd4, 0d3FF0000000000000, %fd1;\ndiv.rp.f64 %fd5, 0dBFF0000000000000, 0d0000000000000000;\n\
         st.global.v2.f64 [%rd1], {%fd2, %fd3};\nst.global.v2.f64 [%rd1+16], {%fd4, %fd5};\n\
         mov.f64 %fd6, 0d7FEFFFFFFFFFFFFF;\nmul.rz.f64 %fd7, %fd6, 0d4000000000000000;\nmul.rn.f64 %fd8, %fd6, 0d4000000000000000;\n\
         st.global.v2.f64 [%rd1+32], {%fd7, %fd8};",
        12,
    );
    let f64s: Vec<u64> = out
        .chunks(2)
        .map(|w| w[0] as u64 | (w[1] as u64) << 32)
        .collect();
    let expect = [
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
        f64::INFINITY,
    ];
    let expect: Vec<u64> = expect.iter().map(|x| x.to_bits()).collect();
    assert_eq!(f64s, expect);
}

/// The SIMD video instructions, lane by lane from the PTX ISA's definition (each lane of
/// `a` and `b` extended by its type, combined exactly, then saturated or truncated into the
/// lane, or summed into `c` with `.add`), computed here in plain Rust.
#[test]
fn simd_video_instructions() {
    let (a, b, c) = (0x80FF_7F01u32, 0x7F01_80FFu32, 1000u32);
    let out = single(
        "mov.u32 %r1, 0x80FF7F01;\nmov.u32 %r2, 0x7F0180FF;\nmov.u32 %r3, 1000;\n\
         vadd4.u32.u32.u32.sat %r4, %r1, %r2, %r3;\nvsub4.s32.s32.s32.sat %r5, %r1, %r2, %r3;\n\
         vabsdiff4.u32.u32.u32.add %r6, %r1, %r2, %r3;\nvavrg4.u32.u32.u32 %r7, %r1, %r2, %r3;\n\
         vmin2.s32.s32.s32 %r8, %r1, %r2, %r3;\nvmax4.u32.u32.u32 %r9, %r1, %r2, %r3;\n\
         vsub2.s32.s32.s32.add %r10, %r1, %r2, %r3;\nvadd4.u32.u32.u32 %r11, %r1, %r2, %r3;\n\
         st.global.v4.u32 [%rd1], {%r4, %r5, %r6, %r7};\n\
         st.global.v4.u32 [%rd1+16], {%r8, %r9, %r10, %r11};",
        8,
    );
    let bytes = |x: u32| x.to_le_bytes();
    let halves = |x: u32| [x as u16, (x >> 16) as u16];
    let pack4 = |f: &dyn Fn(u8, u8) -> u8| {
        let (p, q) = (bytes(a), bytes(b));
        u32::from_le_bytes([f(p[0], q[0]), f(p[1], q[1]), f(p[2], q[2]), f(p[3], q[3])])
    };
    let want = [
        pack4(&|x, y| x.saturating_add(y)),
        pack4(&|x, y| (x as i8).saturating_sub(y as i8) as u8),
        bytes(a)
            .iter()
            .zip(bytes(b))
            .map(|(x, y)| x.abs_diff(y) as u32)
            .sum::<u32>()
            + c,
        pack4(&|x, y| ((x as u16 + y as u16 + 1) >> 1) as u8),
        {
            let (p, q) = (halves(a), halves(b));
            let m = |i: usize| (p[i] as i16).min(q[i] as i16) as u16 as u32;
            m(0) | m(1) << 16
        },
        pack4(&|x, y| x.max(y)),
        {
            let (p, q) = (halves(a), halves(b));
            let d = |i: usize| p[i] as i16 as i32 - q[i] as i16 as i32;
            (c as i32 + d(0) + d(1)) as u32
        },
        pack4(&|x, y| x.wrapping_add(y)),
    ];
    assert_eq!(out, want);
}

/// The sm_90 16-bit lane forms of `add`, `sub`, `min`, `max` (`.u16x2`, `.s16x2`, `.relu`):
/// each 16-bit half on its own, no carry between the halves (PTX ISA, "Half precision
/// integer" forms of the integer arithmetic instructions).
#[test]
fn sixteen_bit_lane_integer_arithmetic() {
    let (a, b) = (0xFFFF_8000u32, 0x0001_7FFFu32);
    let out = single(
        "mov.u32 %r1, 0xFFFF8000;\nmov.u32 %r2, 0x00017FFF;\n\
         add.u16x2 %r3, %r1, %r2;\nadd.s16x2 %r4, %r1, %r2;\nsub.u16x2 %r5, %r2, %r1;\n\
         min.s16x2 %r6, %r1, %r2;\nmin.u16x2 %r7, %r1, %r2;\nmax.s16x2 %r8, %r1, %r2;\n\
         max.u16x2 %r9, %r1, %r2;\nmin.relu.s16x2 %r10, %r1, %r2;\n\
         st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};\n\
         st.global.v4.u32 [%rd1+16], {%r7, %r8, %r9, %r10};",
        8,
    );
    let h = |x: u32| [x as u16, (x >> 16) as u16];
    let lanes = |f: &dyn Fn(u16, u16) -> u16| {
        let (p, q) = (h(a), h(b));
        f(p[0], q[0]) as u32 | (f(p[1], q[1]) as u32) << 16
    };
    let want = [
        lanes(&|x, y| x.wrapping_add(y)),
        lanes(&|x, y| x.wrapping_add(y)),
        {
            let (p, q) = (h(b), h(a));
            p[0].wrapping_sub(q[0]) as u32 | (p[1].wrapping_sub(q[1]) as u32) << 16
        },
        lanes(&|x, y| (x as i16).min(y as i16) as u16),
        lanes(&|x, y| x.min(y)),
        lanes(&|x, y| (x as i16).max(y as i16) as u16),
        lanes(&|x, y| x.max(y)),
        lanes(&|x, y| (x as i16).min(y as i16).max(0) as u16),
    ];
    // The halves are independent: 0x8000 + 0x7FFF does not carry into the high half.
    assert_eq!(want[0], 0x0000_FFFF);
    assert_eq!(out, want);
}

/// `setp`/`set` on packed halves compare each lane: `p|q` get the low and the high lane, a
/// half-pair destination gets 1.0 (`0x3C00`) per true lane, an integer one all ones per lane.
#[test]
fn packed_half_comparisons_are_per_lane() {
    // a = {1.0, 2.0}, b = {2.0, 1.0} (low lane first).
    let out = single(
        "mov.b32 %r1, 0x40003C00;\nmov.b32 %r2, 0x3C004000;\n\
         setp.lt.f16x2 %p1|%p2, %r1, %r2;\nselp.u32 %r3, 1, 0, %p1;\nselp.u32 %r4, 1, 0, %p2;\n\
         set.lt.f16x2.f16x2 %r5, %r1, %r2;\nset.gt.u32.f16x2 %r6, %r1, %r2;\n\
         st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};",
        4,
    );
    assert_eq!(out, vec![1, 0, 0x0000_3C00, 0xFFFF_0000]);
}

#[test]
fn half_precision_atomic_add_rounds_and_keeps_subnormals() {
    // Each sum is a tie or just above one at 1.0 (nearest even), plus the smallest
    // subnormal twice (kept: `noftz`). f16: 2^-11 = 0x1000 is half an ulp of 1.0 (0x3C00);
    // bf16: 2^-8 = 0x3B80 is half an ulp of 1.0 (0x3F80).
    let out = single(
        "mov.b32 %r2, 0x3C000001;\nst.global.u32 [%rd1], %r2;\n\
         mov.b16 %rs1, 0x3C00;\nst.global.u16 [%rd1+4], %rs1;\n\
         mov.b32 %r3, 0x3F800001;\nst.global.u32 [%rd1+8], %r3;\n\
         mov.b16 %rs2, 0x3F80;\nst.global.u16 [%rd1+12], %rs2;\n\
         mov.b32 %r4, 0x10010001;\natom.add.noftz.f16x2 %r5, [%rd1], %r4;\n\
         add.s64 %rd3, %rd1, 4;\nmov.b16 %rs3, 0x1000;\natom.add.noftz.f16 %rs4, [%rd3], %rs3;\n\
         add.s64 %rd4, %rd1, 8;\nmov.b32 %r6, 0x3B800001;\natom.add.noftz.bf16x2 %r7, [%rd4], %r6;\n\
         add.s64 %rd5, %rd1, 12;\nmov.b16 %rs5, 0x3B81;\natom.global.add.noftz.bf16 %rs6, [%rd5], %rs5;\n\
         cvt.u32.u16 %r8, %rs4;\ncvt.u32.u16 %r9, %rs6;\n\
         st.global.v4.u32 [%rd1+16], {%r5, %r8, %r7, %r9};",
        8,
    );
    assert_eq!(&out[..4], &[0x3C01_0002, 0x3C00, 0x3F80_0002, 0x3F81]);
    // The old values come back.
    assert_eq!(&out[4..], &[0x3C00_0001, 0x3C00, 0x3F80_0001, 0x3F80]);
}
