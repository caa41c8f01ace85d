/* oxicc device math library: cosf and the float overload of cos (trigf.cuh has the reduction and kernels). */
#pragma once
#include <oxicc_math/trigf.cuh>

extern "C" __host__ __device__ double cos(double);

extern "C" __host__ __device__ __forceinline__ float cosf(float __x)
{
    int __q;
    float __r = __oxm_trig_reduce(__x, &__q);
    float __v = (__q & 1) ? __oxm_sin_poly(__r) : __oxm_cos_poly(__r);
    return ((__q + 1) & 2) ? -__v : __v;
}

__host__ __device__ __forceinline__ float cos(float __x) { return cosf(__x); }

namespace std {
using ::cosf;
using ::cos;
}
