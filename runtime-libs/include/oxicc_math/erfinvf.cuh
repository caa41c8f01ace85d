/* oxicc device math library: erfinvf, erfcinvf, normcdfinvf (and the float overloads of
 * erfinv, erfcinv, normcdfinv), in float.
 *
 * One core: erfinv(z) = z p(w) with w = -ln(1 - z^2) (Giles, "Approximating the erfinv
 * function", GPU Computing Gems, 2011, for the choice of variable; the fits are ours,
 * tools/mathconst/specialf.py). p is an entire function of w and varies slowly: below
 * w = 4.84 (|z| < 0.9960) one polynomial in w; beyond, polynomials in s = sqrt(w) on
 * [2.2, 4] (erfinvf's whole tail: w <= 15.95 for a float z < 1) and [4, 10.2] (erfcinvf's
 * tail down to its smallest subnormal argument, w = 102.6). Each fit is about 2^-28
 * relative with float coefficients (the constant term as two floats).
 *
 * Why the result holds: z enters only as the final factor (exact for erfinvf; for
 * erfcinvf z = 1 - c, exact for c >= 1/2 by Sterbenz, else p - c p); p is carried as
 * two floats (hi + lo, or s + (p - s) in the tails: the fits there are of p - s) and
 * rounded only in the product with z; w = -ln t with
 * t = 1 - z^2 rounded once (fma) or, for erfcinvf's c < 1/2, t = c (2 - c) rounded twice
 * (nothing cancels); the logarithm is logf.cuh's reduction, summed as a two-float
 * wh + wl (p's sensitivity d ln p / d ln w is up to 1/2, so a rounded w would cost up
 * to 0.8 ulp); s is rsqrt.approx with one Newton step (about 2^-40) on wh + wl.
 * erfinvf(+-1) = +-inf, |x| > 1 NaN; erfcinvf(0) = +inf, (2) = -inf, outside [0, 2]
 * NaN; normcdfinvf(p) = -sqrt(2) erfcinvf(2p), the product with a two-float sqrt(2). */
#pragma once
#include <oxicc_math/logf.cuh>
#include <oxicc_math/specpolyf.cuh>

extern "C" __host__ __device__ double erfinv(double);
extern "C" __host__ __device__ double erfcinv(double);
extern "C" __host__ __device__ double normcdfinv(double);

/* p(w) = erfinv(z)/z = *__a + *__b given t = 1 - z^2 in (0, 1]: below w = 4.84 p as a
 * two-float (hi, lo); beyond, (s, p - s). Neither is rounded to one float: p crosses 2
 * where z p stays below it, and one rounding of p would cost a whole ulp of the result
 * there. __wide: the tail beyond s = 4 is needed (a constant at each call, folded). */
static __device__ __forceinline__ void __oxm_erfinvf_core(float __t, bool __wide, float *__a, float *__b)
{
    /* w = -ln t as a two-float wh + wl (logf.cuh): rounded as one float, w's error
     * would reach the result at half its size, 0.8 ulp near w = 4.6 (the top of the
     * central fit). */
    float __wl;
    float __w = -__oxm_logf_hl(__t, &__wl);
    __wl = -__wl;
    if (__w < 4.84f) {
        /* The fit is in w itself (centre 0); wl enters by the linear term (p' is within
         * 30% of it: far below an ulp). */
        *__a = __oxm_erfinvf_w(__w, __b);
        *__b = fmaf(0.232f, __wl, *__b);
    } else {
        /* sqrt(wh + wl): rsqrt.approx, then one Newton step whose residual takes wl. */
        float __r = __oxicc_rsqrt_approx(__w);
        float __s = __w * __r;
        __s = fmaf(fmaf(-__s, __s, __w) + __wl, 0.5f * __r, __s);
        *__a = __s;
        if (__wide && __s >= 4.0f) {
            *__b = __oxm_erfinvf_s2(__s - __OXM_ERFINVF_S2_C);
        } else {
            *__b = __oxm_erfinvf_s1(__s - __OXM_ERFINVF_S1_C);
        }
    }
}

extern "C" __host__ __device__ __forceinline__ float erfinvf(float __x)
{
    float __pa, __pb;
    __oxm_erfinvf_core(fmaf(-__x, __x, 1.0f), false, &__pa, &__pb);
    float __r = fmaf(__x, __pa, __x * __pb);
    float __a = fabsf(__x);
    __r = __a == 1.0f ? copysignf(__int_as_float(0x7f800000), __x) : __r;
    /* |x| > 1 and NaN. */
    return __a <= 1.0f ? __r : __int_as_float(0x7fffffff);
}

extern "C" __host__ __device__ __forceinline__ float erfcinvf(float __c)
{
    float __z = 1.0f - __c;
    float __t = __c < 0.5f ? __c * (2.0f - __c) : fmaf(-__z, __z, 1.0f);
    float __pa, __pb;
    __oxm_erfinvf_core(__t, true, &__pa, &__pb);
    /* z p, with z = 1 - c exact from c = 1/2 up (Sterbenz); below, a + (b - c (a + b))
     * (1 - c rounded would cost up to half an ulp in the tail). */
    float __r = __c < 0.5f ? __pa + fmaf(-__c, __pa + __pb, __pb) : fmaf(__z, __pa, __z * __pb);
    __r = __c == 0.0f ? __int_as_float(0x7f800000) : __r;
    __r = __c == 2.0f ? __int_as_float(0xff800000) : __r;
    /* Outside [0, 2] and NaN. */
    return (__c >= 0.0f && __c <= 2.0f) ? __r : __int_as_float(0x7fffffff);
}

extern "C" __host__ __device__ __forceinline__ float normcdfinvf(float __p)
{
    float __y = erfcinvf(2.0f * __p);
    /* sqrt(2) = 1.41421354f + 2.42e-8f: one rounding (infinities pass: both terms of the
     * fma have the sign of y). */
    return -fmaf(__y, 1.41421354f, __y * 2.42032342e-08f);
}

__host__ __device__ __forceinline__ float erfinv(float __x) { return erfinvf(__x); }
__host__ __device__ __forceinline__ float erfcinv(float __x) { return erfcinvf(__x); }
__host__ __device__ __forceinline__ float normcdfinv(float __x) { return normcdfinvf(__x); }
