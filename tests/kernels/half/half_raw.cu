// The raw bit containers of cuda_fp16.h and cuda_bf16.h: a by-value __half_raw parameter
// bound to __half's `const __half_raw &` constructor (its address escapes inside a device
// function), and __half's / __nv_bfloat16's conversion to their raw type next to the
// conversion to float. Each thread writes two floats and two raw bit patterns.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ __noinline__ float half_of_raw(__half_raw r)
{
    __half h(r);
    return __half2float(h);
}

__device__ __noinline__ float bf16_of_raw(__nv_bfloat16_raw r)
{
    __nv_bfloat16 b(r);
    return __bfloat162float(b);
}

__global__ void half_raw(float *of, unsigned short *oh, const unsigned short *bits,
                         const float *f)
{
    int t = threadIdx.x;
    __half_raw r;
    r.x = bits[t];
    __nv_bfloat16_raw br;
    br.x = bits[t];
    of[2 * t] = half_of_raw(r);
    of[2 * t + 1] = bf16_of_raw(br);
    __half_raw hr = __half(f[t]);
    __nv_bfloat16_raw bhr = __nv_bfloat16(f[t]);
    oh[2 * t] = hr.x;
    oh[2 * t + 1] = bhr.x;
}
