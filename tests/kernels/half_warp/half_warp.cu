// Shuffles and atomics of the half types: a warp reduction of __half2 by __shfl_xor_sync,
// a bf16 broadcast by __shfl_sync (whole warp and width 8), __half and __nv_bfloat162
// moved by __shfl_down_sync/__shfl_up_sync, and atomicAdd of all four types into one
// address from every thread, on small integers so that every order of the sums is exact.
// The float and int shuffles beside them must stay the built-in 32-bit ones (a __half has
// constructors from both: choosing the __half overload would round them).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_warp(__half2 *red, __nv_bfloat16 *bc, __half *hs, __nv_bfloat162 *bs,
                          __half2 *acc2, __half *acc, __nv_bfloat162 *bacc2,
                          __nv_bfloat16 *bacc, const __half2 *a, const __nv_bfloat16 *b,
                          const __half *c, const __nv_bfloat162 *d,
                          float *fs, const float *e)
{
    int t = threadIdx.x;
    __half2 v = a[t];
    for (int m = 16; m > 0; m >>= 1)
        v = __hadd2(v, __shfl_xor_sync(0xffffffff, v, m));
    red[t] = v;
    bc[2 * t] = __shfl_sync(0xffffffff, b[t], 5);
    bc[2 * t + 1] = __shfl_sync(0xffffffff, b[t], 3, 8);
    hs[2 * t] = __shfl_down_sync(0xffffffff, c[t], 3);
    hs[2 * t + 1] = __shfl_xor_sync(0xffffffff, c[t], 6, 16);
    bs[2 * t] = __shfl_up_sync(0xffffffff, d[t], 2, 16);
    bs[2 * t + 1] = __shfl_down_sync(0xffffffff, d[t], 1, 4);
    fs[2 * t] = __shfl_xor_sync(0xffffffff, e[t], 1);
    fs[2 * t + 1] = (float)__shfl_sync(0xffffffff, 1000 * t + 7, 9);

    // Small integers: every partial sum is an integer of magnitude at most 192, exact in
    // f16 (11 bits) and bf16 (8 bits), so the order of the atomics does not matter.
    atomicAdd(acc2, __floats2half2_rn((float)(t % 7 - 3), (float)(t % 5)));
    atomicAdd(acc, __int2half_rn(t % 3 + 1));
    atomicAdd(bacc2, __floats2bfloat162_rn((float)(t % 4 - 1), (float)(2 - t % 3)));
    atomicAdd(bacc, __int2bfloat16_rn(t % 6 - 2));
}
