// sizeof and alignof of every type cuda_fp16.h and cuda_bf16.h define, as device values.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_sizes(unsigned *out)
{
    out[0] = sizeof(__half);
    out[1] = alignof(__half);
    out[2] = sizeof(__half2);
    out[3] = alignof(__half2);
    out[4] = sizeof(__half_raw);
    out[5] = alignof(__half_raw);
    out[6] = sizeof(__half2_raw);
    out[7] = alignof(__half2_raw);
    out[8] = sizeof(__nv_bfloat16);
    out[9] = alignof(__nv_bfloat16);
    out[10] = sizeof(__nv_bfloat162);
    out[11] = alignof(__nv_bfloat162);
    out[12] = sizeof(__nv_bfloat16_raw);
    out[13] = alignof(__nv_bfloat16_raw);
    out[14] = sizeof(__nv_bfloat162_raw);
    out[15] = alignof(__nv_bfloat162_raw);
}
