// __half2 arithmetic and comparisons (f16x2 instructions), pair conversions, and the
// reduction fp16ScalarProduct does (__hfma2 accumulation, __hadd2 tree in shared memory).
#include <cuda_fp16.h>

__global__ void half_pairs(__half2 *oh, float *of, const __half2 *a, const __half2 *b,
                           const float2 *f)
{
    __shared__ half2 sh[64];
    int t = threadIdx.x;
    half2 x = a[t], y = b[t];
    __half2 *o = oh + t * 10;
    o[0] = __hadd2(x, y);
    o[1] = __hmul2(x, y);
    o[2] = __hfma2(x, y, x);
    o[3] = __h2div(x, y);
    o[4] = -x;
    o[5] = __habs2(x - y);
    o[6] = __hlt2(x, y);
    o[7] = __lowhigh2highlow(x * y + y);
    o[8] = __floats2half2_rn(f[t].x, f[t].y);
    o[9] = __float22half2_rn(f[t]);
    float *g = of + t * 4;
    g[0] = __low2float(x) + __high2float(y);
    g[1] = __hbeq2(x, x) ? 1.0f : 0.0f;
    g[2] = __hblt2(x, y) ? 1.0f : 0.0f;
    half2 value(0.f, 0.f);
    for (int i = 0; i < 4; ++i)
        value = __hfma2(a[(t + i) % 64], b[(t + i) % 64], value);
    sh[t] = value;
    __syncthreads();
    for (int s = 32; s > 0; s /= 2) {
        if (t < s)
            sh[t] = __hadd2(sh[t], sh[t + s]);
        __syncthreads();
    }
    if (t == 0) {
        half2 r = sh[0];
        of[256] = __low2float(r) + __high2float(r);
        of[257] = (float)r.y + (float)r.x;
    }
}
