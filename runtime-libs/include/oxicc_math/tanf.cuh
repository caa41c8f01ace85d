/* oxicc device math library: tanf and the float overload of tan (trigf.cuh has the reduction and kernels). */
#pragma once
#include <oxicc_math/trigf.cuh>

extern "C" __host__ __device__ double tan(double);

extern "C" __host__ __device__ __forceinline__ float tanf(float __x)
{
    int __q;
    float __r = __oxm_trig_reduce(__x, &__q);
    float __sp = __oxm_sin_poly(__r);
    float __cp = __oxm_cos_poly(__r);
    float __v = (__q & 1) ? -__cp / __sp : __sp / __cp;
    return __x == 0.0f ? __x : __v;
}

__host__ __device__ __forceinline__ float tan(float __x) { return tanf(__x); }

namespace std {
using ::tanf;
using ::tan;
}
