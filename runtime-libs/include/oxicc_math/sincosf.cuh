/* oxicc device math library: sincosf and the float overload of sincos (trigf.cuh has the reduction and kernels). */
#pragma once
#include <oxicc_math/trigf.cuh>

extern "C" __host__ __device__ void sincos(double, double *, double *);

extern "C" __host__ __device__ __forceinline__ void sincosf(float __x, float *__s, float *__c)
{
    int __q;
    float __r = __oxm_trig_reduce(__x, &__q);
    float __sp = __oxm_sin_poly(__r);
    float __cp = __oxm_cos_poly(__r);
    float __sv = (__q & 1) ? __cp : __sp;
    float __cv = (__q & 1) ? __sp : __cp;
    __sv = (__q & 2) ? -__sv : __sv;
    *__s = __x == 0.0f ? __x : __sv;
    *__c = ((__q + 1) & 2) ? -__cv : __cv;
}

__host__ __device__ __forceinline__ void sincos(float __x, float *__s, float *__c)
{
    sincosf(__x, __s, __c);
}

namespace std {
using ::sincosf;
using ::sincos;
}
