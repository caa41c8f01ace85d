/* oxicc device math library: the float Bessel functions of the first and second kind
 * j0f j1f jnf y0f y1f ynf (and the float overloads j0(float) ... yn(int, float)), in
 * float. The forms of the double ones (besselj.cuh), at float precision (the polynomials:
 * besselpolyf.cuh, tools/mathconst/besseljf.py):
 * - below 0.75, J0 = p(x^2), J1 = x p(x^2), Y0 = (2/pi) ln(x) J0 + g0(x^2),
 *   Y1 = (2/pi) ln(x) J1 - 2/(pi x) + x g1(x^2) (logf; 2/(pi x) by rcp.approx of
 *   x 2^32 and a Newton step, scaled back);
 * - from 0.75 to 8, fifteen intervals, a degree-10 polynomial in x - c each, times
 *   (x - z) where a zero z lies in the interval or within 0.3 of it (z as two floats,
 *   x - z_hi exact), so the error stays relative next to each zero (CUDA's bound below 8
 *   is 9 ulp); one table walked by one Horner loop;
 * - from 8, Hankel's form sqrt(2/(pi x)) (P cos chi - Q sin chi) (J) and
 *   (P sin chi + Q cos chi) (Y), P and x Q of degree 4 in 64/x^2, cos chi and sin chi as
 *   (cos x +- sin x)/sqrt 2 from sincosf (Payne-Hanek beyond 4096, so the phase is right
 *   for every x: CUDA's bound there is absolute, 2.2e-6).
 * jnf, ynf: the double functions' recurrences in float (forward from J0, J1 where x > n
 * and always for Y; Miller's backward recurrence for J where x <= n, rescaled by 2^-64
 * past 2^64; the series' first two terms below 2^-10). n < 0 gives NaN.
 * Session 13; before, the double functions rounded once (448, 453, 683, 710 SASS for
 * j0f j1f y0f y1f against nvcc's 191, 193, 431, 565). */
#pragma once
#include <oxicc_math/logf.cuh>
#include <oxicc_math/sincosf.cuh>
#include <oxicc_math/besselpolyf.cuh>

extern "C" __host__ __device__ double j0(double);
extern "C" __host__ __device__ double j1(double);
extern "C" __host__ __device__ double jn(int, double);
extern "C" __host__ __device__ double y0(double);
extern "C" __host__ __device__ double y1(double);
extern "C" __host__ __device__ double yn(int, double);

/* One table row at 0.75 <= a < 8. */
static __device__ __forceinline__ float __oxm_besself_tab(const float *__tab, float __a)
{
    int __i = __a < 1.0f ? 0 : (int)((__a - 1.0f) * 2.0f) + 1;
    const float *__r = __tab + __i * __OXM_BESSELF_ROW;
    float __s = __a - __r[0];
    float __p = __r[5 + __OXM_BESSELF_NCOEF - 1];
    for (int __k = __OXM_BESSELF_NCOEF - 2; __k >= 1; __k--)
        __p = fmaf(__p, __s, __r[5 + __k]);
    __p = fmaf(__p, __s, __r[4]) + __r[5];
    float __t = (__a - __r[1]) - __r[2];
    return __r[3] != 0.0f ? __t * __p : __p;
}

/* Hankel's form at a >= 8: J_n (y == 0) or Y_n (y == 1), n 0 or 1. */
static __device__ __forceinline__ float __oxm_besself_far(float __a, int __n, int __y)
{
    float __r = __oxicc_rsqrt_approx(__a);
    float __u = __r * __r;
    float __v = 64.0f * __u * __u;
    float __p = __n == 0 ? __oxm_besself_p0(__v) : __oxm_besself_p1(__v);
    float __q = (__n == 0 ? __oxm_besself_q0(__v) : __oxm_besself_q1(__v)) * __u;
    float __s, __c;
    sincosf(__a, &__s, &__c);
    /* sqrt(2) cos chi and sqrt(2) sin chi. */
    float __cc = __n == 0 ? __c + __s : __s - __c;
    float __ss = __n == 0 ? __s - __c : -(__s + __c);
    float __m = __y == 0 ? fmaf(__p, __cc, -__q * __ss) : fmaf(__p, __ss, __q * __cc);
    return __m * __OXM_BJF_RSQRTPI_HI * __r;
}

/* J_n(a) or Y_n(a), n 0 or 1, a > 0 finite. */
static __device__ __forceinline__ float __oxm_besself01(float __a, int __n, int __y)
{
    if (__a < 0.75f) {
        float __z = __a * __a;
        float __lj = __n == 0 ? __oxm_j0f_small(__z) : __a * __oxm_j1f_small(__z);
        if (__y == 0)
            return __lj;
        float __lt = (__OXM_BJF_2OPI_HI * logf(__a)) * __lj;
        if (__n == 0)
            return __lt + __oxm_y0f_small(__z);
        /* 2/(pi a) from 1/(a 2^32): rcp.approx of a subnormal a would be inf; the
         * product overflows where Y1 does (a below 1.87e-39). */
        float __as = __a * 4294967296.0f;
        float __ra = __oxicc_rcp_approx(__as);
        __ra = fmaf(__ra, fmaf(-__as, __ra, 1.0f), __ra);
        float __t2 = (__OXM_BJF_2OPI_HI * __ra) * 4294967296.0f;
        return fmaf(__a, __oxm_y1f_small(__z), __lt - __t2);
    }
    if (__a < 8.0f) {
        const float *__tab = __y == 0 ? (__n == 0 ? __oxm_j0f_tab : __oxm_j1f_tab)
                                      : (__n == 0 ? __oxm_y0f_tab : __oxm_y1f_tab);
        return __oxm_besself_tab(__tab, __a);
    }
    return __oxm_besself_far(__a, __n, __y);
}

extern "C" __host__ __device__ __forceinline__ float j0f(float __x)
{
    float __a = fabsf(__x);
    float __r = __a == __int_as_float(0x7f800000) ? 0.0f : __oxm_besself01(__a, 0, 0);
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ float j1f(float __x)
{
    float __a = fabsf(__x);
    float __r = __a == __int_as_float(0x7f800000) ? 0.0f : __oxm_besself01(__a, 1, 0);
    __r = __x == 0.0f ? 0.0f : __r;
    return __x != __x ? __x : (__x < 0.0f ? -__r : __r);
}

/* Y0, Y1: NaN below 0, -inf at 0, +0 at +inf. */
static __device__ __forceinline__ float __oxm_besself_y_special(float __x, float __r)
{
    __r = __x == __int_as_float(0x7f800000) ? 0.0f : __r;
    __r = __x == 0.0f ? __int_as_float(0xff800000) : __r;
    return __x < 0.0f ? __int_as_float(0x7fffffff) : (__x != __x ? __x : __r);
}

extern "C" __host__ __device__ __forceinline__ float y0f(float __x)
{
    float __r = (__x > 0.0f && __x < __int_as_float(0x7f800000)) ? __oxm_besself01(__x, 0, 1) : 0.0f;
    return __oxm_besself_y_special(__x, __r);
}

extern "C" __host__ __device__ __forceinline__ float y1f(float __x)
{
    float __r = (__x > 0.0f && __x < __int_as_float(0x7f800000)) ? __oxm_besself01(__x, 1, 1) : 0.0f;
    return __oxm_besself_y_special(__x, __r);
}

/* 1/a by rcp.approx and a Newton step. */
static __device__ __forceinline__ float __oxm_besself_rcp(float __a)
{
    float __r = __oxicc_rcp_approx(__a);
    return fmaf(__r, fmaf(-__a, __r, 1.0f), __r);
}

extern "C" __host__ __device__ __forceinline__ float jnf(int __n, float __x)
{
    if (__n < 0)
        return __int_as_float(0x7fffffff);
    if (__n == 0)
        return j0f(__x);
    if (__n == 1)
        return j1f(__x);
    float __a = fabsf(__x);
    float __r;
    if (!(__a < __int_as_float(0x7f800000)) || __a == 0.0f) {
        /* NaN stays NaN; J_n(0) = J_n(inf) = 0 for n >= 1. */
        __r = __a != __a ? __a : 0.0f;
    } else if (__a < 9.765625e-04f) {
        /* (a/2)^n/n! (1 - (a/2)^2/(n + 1)), underflowing gracefully. */
        float __h = 0.5f * __a;
        float __t = 1.0f;
        for (int __k = 1; __k <= __n; __k++)
            __t *= __h * __oxm_besself_rcp((float)__k);
        __r = __t * fmaf(-__h, __h * __oxm_besself_rcp((float)(__n + 1)), 1.0f);
    } else if (__a > (float)__n) {
        float __inv = __oxm_besself_rcp(__a);
        float __jm = __oxm_besself01(__a, 0, 0);
        float __jk = __oxm_besself01(__a, 1, 0);
        for (int __k = 1; __k < __n; __k++) {
            float __jp = (2.0f * (float)__k * __inv) * __jk - __jm;
            __jm = __jk;
            __jk = __jp;
        }
        __r = __jk;
    } else {
        float __inv = __oxm_besself_rcp(__a);
        int __m = 2 * ((__n + 20 + (int)sqrtf(60.0f * (float)__n)) / 2);
        float __up = 0.0f;  /* J_(k+1), scaled */
        float __cur = 1.0f; /* J_k, scaled */
        float __even = 0.0f;
        float __ans = 0.0f;
        for (int __k = __m; __k > 0; __k--) {
            float __dn = (2.0f * (float)__k * __inv) * __cur - __up;
            __up = __cur;
            __cur = __dn; /* J_(k-1) */
            if (fabsf(__cur) > 1.844674407e+19f) {
                __cur *= 5.421010862e-20f;
                __up *= 5.421010862e-20f;
                __even *= 5.421010862e-20f;
                __ans *= 5.421010862e-20f;
            }
            if (__k - 1 == __n)
                __ans = __cur;
            if (((__k - 1) & 1) == 0 && __k - 1 > 0)
                __even += __cur;
        }
        __r = __ans / fmaf(2.0f, __even, __cur);
    }
    /* J_n(-x) = (-1)^n J_n(x). */
    return (__x < 0.0f && (__n & 1)) ? -__r : __r;
}

extern "C" __host__ __device__ __forceinline__ float ynf(int __n, float __x)
{
    if (__n < 0)
        return __int_as_float(0x7fffffff);
    if (__n == 0)
        return y0f(__x);
    if (__n == 1)
        return y1f(__x);
    float __r = 0.0f;
    if (__x > 0.0f && __x < __int_as_float(0x7f800000)) {
        float __inv = __oxm_besself_rcp(__x);
        float __ym = __oxm_besself01(__x, 0, 1);
        float __yk = __oxm_besself01(__x, 1, 1);
        /* Upwards the recurrence is stable; once Y_k is -inf it stays there. */
        for (int __k = 1; __k < __n && __yk > -3.402823466e+38f; __k++) {
            float __yp = (2.0f * (float)__k * __inv) * __yk - __ym;
            __ym = __yk;
            __yk = __yp;
        }
        /* Below 2^-64, Y_n (n >= 2) is beyond -(4/pi) 2^128: -inf (and 1/x, from
         * rcp.approx, would be inf or NaN for a subnormal x). */
        __r = __x < 5.421010862e-20f ? __int_as_float(0xff800000) : __yk;
    }
    return __oxm_besself_y_special(__x, __r);
}

__host__ __device__ __forceinline__ float j0(float __x) { return j0f(__x); }
__host__ __device__ __forceinline__ float j1(float __x) { return j1f(__x); }
__host__ __device__ __forceinline__ float y0(float __x) { return y0f(__x); }
__host__ __device__ __forceinline__ float y1(float __x) { return y1f(__x); }
__host__ __device__ __forceinline__ float jn(int __n, float __x) { return jnf(__n, __x); }
__host__ __device__ __forceinline__ float yn(int __n, float __x) { return ynf(__n, __x); }
