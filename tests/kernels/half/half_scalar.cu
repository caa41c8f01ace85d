// __half arithmetic, conversions and comparisons (cuda_fp16.h): each thread writes sixteen
// half results (bits) and eight integer results for its inputs a, b, c, f, i.
#include <cuda_fp16.h>

__global__ void half_scalar(unsigned short *oh, int *oi, const __half *a, const __half *b,
                            const __half *c, const float *f, const int *iv)
{
    int t = threadIdx.x;
    __half x = a[t], y = b[t], z = c[t];
    __half r[16];
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
    r[10] = __hadd_sat(x, y);
    r[11] = __float2half_rz(f[t]);
    r[12] = __float2half_ru(f[t]);
    r[13] = __float2half_rd(f[t]);
    r[14] = __float2half(f[t]);
    r[15] = __int2half_rn(iv[t]);
    for (int k = 0; k < 16; ++k)
        oh[t * 16 + k] = __half_as_ushort(r[k]);
    int *o = oi + t * 8;
    o[0] = __hlt(x, y);
    o[1] = __heq(x, x);
    o[2] = __hge(x, z);
    o[3] = x > y;
    o[4] = __half2int_rz(__hmul(x, __float2half(100.0f)));
    o[5] = __half2int_rn(__hmul(y, __float2half(10.0f)));
    o[6] = __float_as_int(__half2float(z));
    o[7] = __float_as_int((float)x + (float)y);
}
