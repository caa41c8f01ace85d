// harness-arch: sm_89
// sizeof/alignof of cuda_fp8.h's types (nvcc's values are 1/1, 1/1, 2/2, 4/4, 1, 2, 4).
#include <cuda_fp8.h>

__global__ void fp8_sizes(int *o)
{
    o[0] = sizeof(__nv_fp8_e4m3);
    o[1] = alignof(__nv_fp8_e4m3);
    o[2] = sizeof(__nv_fp8_e5m2);
    o[3] = alignof(__nv_fp8_e5m2);
    o[4] = sizeof(__nv_fp8x2_e4m3);
    o[5] = alignof(__nv_fp8x2_e4m3);
    o[6] = sizeof(__nv_fp8x4_e5m2);
    o[7] = alignof(__nv_fp8x4_e5m2);
    o[8] = sizeof(__nv_fp8_storage_t);
    o[9] = sizeof(__nv_fp8x2_storage_t);
    o[10] = sizeof(__nv_fp8x4_storage_t);
}
