// harness-arch: sm_89
// Round trips of all 256 codes of each fp8 format (one thread a code): decoded to float,
// half, double and bfloat16 and encoded again through the classes
// (saturating to finite: infinities come back as the largest finite code, NaNs as the
// canonical NaN), and pairs and quadruples through __nv_fp8x2/x4 and float2/float4.
#include <cuda_fp8.h>

__global__ void fp8_roundtrip(unsigned char *o) {
    int c = threadIdx.x;
    __nv_fp8_e4m3 a;
    __nv_fp8_e5m2 b;
    a.__x = (__nv_fp8_storage_t)c;
    b.__x = (__nv_fp8_storage_t)c;
    float fa = (float)a, fb = (float)b;
    unsigned char *p = o + c * 10;
    p[0] = __nv_fp8_e4m3(fa).__x;
    p[1] = __nv_fp8_e5m2(fb).__x;
    p[2] = __nv_fp8_e4m3(__float2half(fa)).__x;
    p[3] = __nv_fp8_e5m2(__float2half(fb)).__x;
    p[4] = __nv_fp8_e4m3((double)fa).__x;
    p[5] = __nv_fp8_e5m2(__float2bfloat16(fb)).__x;
    __nv_fp8x2_e4m3 a2(make_float2(fa, -fa));
    __nv_fp8x2_e4m3 a2b(a2.operator float2());
    p[6] = (unsigned char)(a2b.__x & 0xFF);
    p[7] = (unsigned char)(a2b.__x >> 8);
    __nv_fp8x4_e5m2 b4(make_float4(fb, -fb, fb, fb));
    float4 f4 = b4.operator float4();
    __nv_fp8x4_e5m2 b4b(f4);
    p[8] = (unsigned char)(b4b.__x & 0xFF);
    p[9] = (unsigned char)((b4b.__x >> 8) & 0xFF);
}
