/* oxicc device math library: log1pf (and the float overload of log1p), in float.
 * u = 1 + x rounded, and its rounding error c exactly (x - (u - 1) while u <= 2, where
 * u - 1 is exact; 1 - (u - x) beyond, where u - x is); then
 * log1p x = k ln 2 + ln m + c/u with ln m the two-float of the logarithm core
 * (logcoref.cuh), k ln 2 in two pieces (the first exact for |k| < 2^8) added by Fast2Sum,
 * so the result is rounded about once. Below 2^-24 in magnitude log1p x rounds to x
 * (which keeps -0 and subnormals exact). */
#pragma once
#include <oxicc_math/logcoref.cuh>

extern "C" __host__ __device__ double log1p(double);

extern "C" __host__ __device__ __forceinline__ float log1pf(float __x)
{
    float __inf = __int_as_float(0x7f800000);
    float __u = 1.0f + __x;
    float __c = __u > 2.0f ? __fsub_rn(1.0f, __fsub_rn(__u, __x)) : __fsub_rn(__x, __fsub_rn(__u, 1.0f));
    float __k, __l;
    float __h = __oxm_ln_core(__u, &__k, &__l);
    float __kh = __k * 6.931457520e-01f;
    float __s = __fadd_rn(__kh, __h);
    float __t = __fsub_rn(__h, __fsub_rn(__s, __kh));
    __t = __t + fmaf(__k, 1.428606820e-06f, fmaf(__c, __oxicc_rcp_approx(__u), __l));
    float __r = __s + __t;
    __r = fabsf(__x) < 5.960464478e-08f ? __x : __r;
    float __sp = __x == -1.0f ? -__inf : (__x < -1.0f ? __int_as_float(0x7fffffff) : __x + __x);
    return (__x > -1.0f && __x < __inf) ? __r : __sp;
}

__host__ __device__ __forceinline__ float log1p(float __x) { return log1pf(__x); }

namespace std {
using ::log1pf;
using ::log1p;
}
