/* oxicc device math library: sinf and the float overload of sin (trigf.cuh has the reduction and kernels). */
#pragma once
#include <oxicc_math/trigf.cuh>

extern "C" __host__ __device__ double sin(double);

extern "C" __host__ __device__ __forceinline__ float sinf(float __x)
{
    int __q;
    float __r = __oxm_trig_reduce(__x, &__q);
    float __v = (__q & 1) ? __oxm_cos_poly(__r) : __oxm_sin_poly(__r);
    __v = (__q & 2) ? -__v : __v;
    return __x == 0.0f ? __x : __v;
}

__host__ __device__ __forceinline__ float sin(float __x) { return sinf(__x); }

namespace std {
using ::sinf;
using ::sin;
}
