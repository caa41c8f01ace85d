// harness-arch: sm_80
// __nv_bfloat16 arithmetic, conversions and comparisons (cuda_bf16.h), scalar and pairs:
// each thread writes sixteen bf16 results (bits) and eight integer results.
#include <cuda_bf16.h>

__global__ void bf16_ops(unsigned short *oh, int *oi, const __nv_bfloat16 *a,
                         const __nv_bfloat16 *b, const __nv_bfloat16 *c, const float *f)
{
    int t = threadIdx.x;
    __nv_bfloat16 x = a[t], y = b[t], z = c[t];
    __nv_bfloat16 r[16];
    r[0] = __hadd(x, y);
    r[1] = __hsub(x, y);
    r[2] = __hmul(x, y);
    r[3] = __hfma(x, y, z);
    r[4] = __hdiv(x, y);
    r[5] = __hneg(x);
    r[6] = __habs(x);
    r[7] = __hmax(x, y);
    r[8] = __hmin(x, y);
    r[9] = x * y + z;
    r[10] = __float2bfloat16(f[t]);
    r[11] = __float2bfloat16_rz(f[t]);
    r[12] = __float2bfloat16_ru(f[t]);
    r[13] = __float2bfloat16_rd(f[t]);
    __nv_bfloat162 p = __hfma2(__halves2bfloat162(x, y), __halves2bfloat162(z, x),
                               __floats2bfloat162_rn(f[t], 1.0f));
    r[14] = __low2bfloat16(p);
    r[15] = __high2bfloat16(p);
    for (int k = 0; k < 16; ++k)
        oh[t * 16 + k] = __bfloat16_as_ushort(r[k]);
    int *o = oi + t * 8;
    o[0] = __hlt(x, y);
    o[1] = __heq(x, x);
    o[2] = __hge(x, z);
    o[3] = x > y;
    o[4] = __float_as_int(__bfloat162float(z));
    o[5] = __float_as_int((float)x + (float)y);
    o[6] = __float_as_int(__low2float(p) + __high2float(p));
    o[7] = __hbgt2(__halves2bfloat162(x, y), __halves2bfloat162(y, x));
}
