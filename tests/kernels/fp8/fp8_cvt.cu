// harness-arch: sm_89
// cuda_fp8.h: every float of the input to E4M3 and E5M2 (saturating and not, through the
// classes and the __nv_cvt_* functions, from float, double, half and bfloat16, in pairs),
// and every one of the 256 codes of each format back to half and float.
#include <cuda_fp8.h>

__global__ void fp8_cvt(unsigned char *o8, unsigned short *o16, float *of, const float *f)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = f[t];
    unsigned char *o = o8 + t * 12;
    __nv_fp8_e4m3 a(x);
    __nv_fp8_e5m2 b(x);
    o[0] = a.__x;
    o[1] = b.__x;
    o[2] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E4M3);
    o[3] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2);
    o[4] = __nv_cvt_double_to_fp8((double)x * 0.75, __NV_SATFINITE, __NV_E4M3);
    o[5] = __nv_cvt_double_to_fp8((double)x * 0.75, __NV_NOSAT, __NV_E5M2);
    __half_raw hr;
    hr.x = __half_as_ushort(__float2half(x));
    o[6] = __nv_cvt_halfraw_to_fp8(hr, __NV_SATFINITE, __NV_E4M3);
    __nv_bfloat16_raw br;
    br.x = __bfloat16_as_ushort(__float2bfloat16(x));
    o[7] = __nv_cvt_bfloat16raw_to_fp8(br, __NV_SATFINITE, __NV_E5M2);
    __nv_fp8x2_storage_t p = __nv_cvt_float2_to_fp8x2(make_float2(x, -2.0f * x), __NV_SATFINITE, __NV_E4M3);
    o[8] = (unsigned char)p;
    o[9] = (unsigned char)(p >> 8);
    __nv_fp8x2_e5m2 q(make_float2(0.5f * x, x + 1.0f));
    o[10] = (unsigned char)q.__x;
    o[11] = (unsigned char)(q.__x >> 8);

    // Decoding: thread t < 256 decodes code t of both formats.
    unsigned char c = (unsigned char)t;
    __half_raw h4 = __nv_cvt_fp8_to_halfraw(c, __NV_E4M3);
    __half_raw h5 = __nv_cvt_fp8_to_halfraw(c, __NV_E5M2);
    __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2((unsigned short)(c | ((255 - c) << 8)), __NV_E4M3);
    o16[t * 4 + 0] = h4.x;
    o16[t * 4 + 1] = h5.x;
    o16[t * 4 + 2] = h2.x;
    o16[t * 4 + 3] = h2.y;
    __nv_fp8_e4m3 d4;
    d4.__x = c;
    __nv_fp8_e5m2 d5;
    d5.__x = c;
    of[t * 2] = float(d4);
    of[t * 2 + 1] = float(d5);
}
