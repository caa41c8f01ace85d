//! The fp8 `cvt` forms (`cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f32,f16x2}`,
//! `cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}`) on values worked out by hand from the OCP formats:
//! E4M3 1.0 = 0x38 (exponent 7, bias 7), largest 448 = 0x7E, NaN 0x7F; E5M2 1.0 = 0x3C,
//! largest 57344 = 0x7B; the first source goes to the high byte.

use crate::common;
use common::single;

#[test]
fn f32_pairs_round_to_nearest_even_and_saturate() {
    let out = single(
        "mov.f32 %f1, 0f3F800000;\nmov.f32 %f2, 0f43E00000;\n\
         cvt.rn.satfinite.e4m3x2.f32 %rs1, %f1, %f2;\ncvt.u32.u16 %r2, %rs1;\nst.global.u32 [%rd1], %r2;\n\
         mov.f32 %f3, 0f44000000;\nmov.f32 %f4, 0fFF800000;\n\
         cvt.rn.satfinite.e4m3x2.f32 %rs2, %f3, %f4;\ncvt.u32.u16 %r3, %rs2;\nst.global.u32 [%rd1+4], %r3;\n\
         mov.f32 %f5, 0f7FC00000;\nmov.f32 %f6, 0f3F880000;\n\
         cvt.rn.satfinite.e4m3x2.f32 %rs3, %f5, %f6;\ncvt.u32.u16 %r4, %rs3;\nst.global.u32 [%rd1+8], %r4;\n\
         mov.f32 %f7, 0f47700000;\nmov.f32 %f8, 0f37000000;\n\
         cvt.rn.satfinite.e5m2x2.f32 %rs4, %f7, %f8;\ncvt.u32.u16 %r5, %rs4;\nst.global.u32 [%rd1+12], %r5;\n\
         mov.f32 %f9, 0fBF800000;\nmov.f32 %f10, 0f3F980000;\n\
         cvt.rn.satfinite.relu.e4m3x2.f32 %rs5, %f9, %f10;\ncvt.u32.u16 %r6, %rs5;\nst.global.u32 [%rd1+16], %r6;",
        5,
    );
    // {1.0, 448}; {512 -> 448, -inf -> -448}; {NaN, 1.0625 tie -> 1.0};
    // e5m2 {61440 -> 57344 saturated, 2^-17 tie -> 0}; relu {-1 -> 0, 1.1875 tie -> 1.25}.
    assert_eq!(out, [0x387E, 0x7EFE, 0x7F38, 0x7B00, 0x003A]);
}

#[test]
fn f16x2_pairs_and_decoding() {
    let out = single(
        // f16 {lo 1.5 = 0x3E00, hi -2^-10 = 0x9400}: E4M3 1.5 = 0x3C, -2^-10 ties to -0.
        "mov.b32 %r2, 0x94003E00;\ncvt.rn.satfinite.e4m3x2.f16x2 %rs1, %r2;\n\
         cvt.u32.u16 %r3, %rs1;\nst.global.u32 [%rd1], %r3;\n\
         mov.u16 %rs2, 0x8138;\ncvt.rn.f16x2.e4m3x2 %r4, %rs2;\nst.global.u32 [%rd1+4], %r4;\n\
         mov.u16 %rs3, 0x7F83;\ncvt.rn.f16x2.e5m2x2 %r5, %rs3;\nst.global.u32 [%rd1+8], %r5;\n\
         cvt.rn.relu.f16x2.e4m3x2 %r6, %rs2;\nst.global.u32 [%rd1+12], %r6;",
        4,
    );
    // E4M3 0x38 = 1.0 (0x3C00), 0x81 = -2^-9 (-0x1800); E5M2 0x83 = -3 * 2^-16 (0x8300),
    // 0x7F = NaN (the canonical 0x7FFF); relu clears the negative lane.
    assert_eq!(out, [0x803C, 0x98003C00, 0x7FFF8300, 0x00003C00]);
}
