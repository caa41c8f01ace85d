/* oxicc device math library: the double sin, cos, tan, sincos, and sinpi, cospi, sincospi
 * (double and float; their reduction x - j/2 is exact).
 *
 * x = j pi/2 + r, j = rint(x 2/pi), with pi/2 in four pieces, the first three of 33 bits
 * so that j times each is exact while |j| < 2^20 (Cody-Waite), and r kept as a
 * double-double: good to far below an ulp up to |x| ~ 1.6e6. Larger arguments need a
 * Payne-Hanek reduction, not written yet (docs/math.md). sin r and cos r are Taylor
 * polynomials (|r| <= pi/4: truncation below 2^-62), summed so the result rounds about
 * once; tan divides them in double-double. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>

/* r = hi + *rl, and j mod 4 in *q. */
static __device__ __forceinline__ double __oxm_trigd_reduce(double __x, double *__rl, int *__q)
{
    double __j = rint(__x * __OXM_2OPI);
    double __r1 = fma(__j, -__OXM_PIO2_1, __x);
    double __e2, __e3;
    double __r2 = __oxm_two_sum(__r1, __j * -__OXM_PIO2_2, &__e2);
    double __r3 = __oxm_two_sum(__r2, __j * -__OXM_PIO2_3, &__e3);
    *__q = (int)((long long)__j & 3);
    return __oxm_fast_two_sum(__r3, fma(__j, -__OXM_PIO2_4, __e2 + __e3), __rl);
}

/* sin(rh + rl) = hi + *lo. */
static __device__ __forceinline__ double __oxm_sind_kernel(double __rh, double __rl, double *__lo)
{
    double __z = __rh * __rh;
    double __p = __OXM_SIND_C9;
    __p = fma(__p, __z, __OXM_SIND_C8);
    __p = fma(__p, __z, __OXM_SIND_C7);
    __p = fma(__p, __z, __OXM_SIND_C6);
    __p = fma(__p, __z, __OXM_SIND_C5);
    __p = fma(__p, __z, __OXM_SIND_C4);
    __p = fma(__p, __z, __OXM_SIND_C3);
    __p = fma(__p, __z, __OXM_SIND_C2);
    __p = fma(__p, __z, __OXM_SIND_C1);
    double __t = fma(__rh * __z, __p, __rl * fma(__z, -0.5, 1.0));
    return __oxm_fast_two_sum(__rh, __t, __lo);
}

/* cos(rh + rl) = hi + *lo: w = 1 - rh^2/2 and its rounding error are exact. */
static __device__ __forceinline__ double __oxm_cosd_kernel(double __rh, double __rl, double *__lo)
{
    double __zl;
    double __z = __oxm_two_prod(__rh, __rh, &__zl);
    double __p = __OXM_COSD_C9;
    __p = fma(__p, __z, __OXM_COSD_C8);
    __p = fma(__p, __z, __OXM_COSD_C7);
    __p = fma(__p, __z, __OXM_COSD_C6);
    __p = fma(__p, __z, __OXM_COSD_C5);
    __p = fma(__p, __z, __OXM_COSD_C4);
    __p = fma(__p, __z, __OXM_COSD_C3);
    __p = fma(__p, __z, __OXM_COSD_C2);
    double __hz = 0.5 * __z;
    double __w = 1.0 - __hz;
    double __t = ((1.0 - __w) - __hz) - 0.5 * __zl;
    __t += fma(__z * __z, __p, -__rh * __rl);
    return __oxm_fast_two_sum(__w, __t, __lo);
}

extern "C" __host__ __device__ __forceinline__ double sin(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_cosd_kernel(__rh, __rl, &__lo) : __oxm_sind_kernel(__rh, __rl, &__lo);
    __v = (__q & 2) ? -__v : __v;
    return __x == 0.0 ? __x : __v;
}

extern "C" __host__ __device__ __forceinline__ double cos(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_sind_kernel(__rh, __rl, &__lo) : __oxm_cosd_kernel(__rh, __rl, &__lo);
    return ((__q + 1) & 2) ? -__v : __v;
}

extern "C" __host__ __device__ __forceinline__ void sincos(double __x, double *__s, double *__c)
{
    int __q;
    double __rl, __sl, __cl;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __sv = __oxm_sind_kernel(__rh, __rl, &__sl);
    double __cv = __oxm_cosd_kernel(__rh, __rl, &__cl);
    double __s0 = (__q & 1) ? __cv : __sv;
    double __c0 = (__q & 1) ? __sv : __cv;
    __s0 = (__q & 2) ? -__s0 : __s0;
    __c0 = ((__q + 1) & 2) ? -__c0 : __c0;
    *__s = __x == 0.0 ? __x : __s0;
    *__c = __c0;
}

/* tan = sin/cos in quadrants 0 and 2, -cos/sin in 1 and 3, divided in double-double. */
extern "C" __host__ __device__ __forceinline__ double tan(double __x)
{
    int __q;
    double __rl, __sl, __cl, __l;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __sv = __oxm_sind_kernel(__rh, __rl, &__sl);
    double __cv = __oxm_cosd_kernel(__rh, __rl, &__cl);
    double __v = (__q & 1) ? -__oxm_dd_div(__cv, __cl, __sv, __sl, &__l)
                           : __oxm_dd_div(__sv, __sl, __cv, __cl, &__l);
    return __x == 0.0 ? __x : __v;
}

/* x = j/2 + r exactly (|r| <= 1/4, j = rint(2x)), and pi r as a double-double. */
static __device__ __forceinline__ double __oxm_trigpi_reduce(double __x, double *__rl, int *__q)
{
    double __j = rint(2.0 * __x);
    double __r = fma(__j, -0.5, __x);
    /* Beyond 2^60, x is a multiple of 4 (and j of 8); the conversion would saturate. */
    *__q = fabs(__j) < 1.152921504606847e18 ? (int)((long long)__j & 3) : 0;
    double __pl;
    double __ph = __oxm_two_prod(__r, __OXM_PI_HI, &__pl);
    *__rl = fma(__r, __OXM_PI_LO, __pl);
    return __ph;
}

/* sin(pi x): exact reduction, so no Payne-Hanek is needed; integers give +-0 (the sign
 * of x), as do all |x| >= 2^52. */
extern "C" __host__ __device__ __forceinline__ double sinpi(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigpi_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_cosd_kernel(__rh, __rl, &__lo) : __oxm_sind_kernel(__rh, __rl, &__lo);
    __v = (__q & 2) ? -__v : __v;
    __v = __v == 0.0 ? copysign(0.0, __x) : __v;
    return fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? __x - __x : __v;
}

/* cos(pi x): half-integers give +0. */
extern "C" __host__ __device__ __forceinline__ double cospi(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigpi_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_sind_kernel(__rh, __rl, &__lo) : __oxm_cosd_kernel(__rh, __rl, &__lo);
    __v = ((__q + 1) & 2) ? -__v : __v;
    __v = __v == 0.0 ? 0.0 : __v;
    return fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? __x - __x : __v;
}

extern "C" __host__ __device__ __forceinline__ void sincospi(double __x, double *__s, double *__c)
{
    *__s = sinpi(__x);
    *__c = cospi(__x);
}

extern "C" __host__ __device__ __forceinline__ float sinpif(float __x) { return (float)sinpi((double)__x); }
extern "C" __host__ __device__ __forceinline__ float cospif(float __x) { return (float)cospi((double)__x); }
extern "C" __host__ __device__ __forceinline__ void sincospif(float __x, float *__s, float *__c)
{
    *__s = sinpif(__x);
    *__c = cospif(__x);
}

__host__ __device__ __forceinline__ float sinpi(float __x) { return sinpif(__x); }
__host__ __device__ __forceinline__ float cospi(float __x) { return cospif(__x); }

namespace std {
using ::sin;
using ::cos;
using ::tan;
}
