// f32 -> f16 -> f32 round trips and half-precision addition.
#include <cuda_fp16.h>
__global__ void half_convert(const float *in, float *out, unsigned short *bits, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half h = __float2half(in[i]);
    __half s = __hadd(h, __float2half(1.0f));
    out[2 * i] = __half2float(h);
    out[2 * i + 1] = __half2float(s);
    bits[i] = __half_as_ushort(h);
}
