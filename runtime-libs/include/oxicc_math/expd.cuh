/* oxicc device math library: the double exponentials exp, exp2, exp10, expm1, sinh, cosh,
 * tanh (expm1f, sinhf, coshf are float code: expm1f.cuh).
 *
 * One core: exp(xh + xl) = 2^k (1 + q) with x = k ln2 + r, |r| <= ln2/2 (Cody-Waite:
 * k ln2_1 is exact with ln2_1 of 42 bits, x - k ln2_1 is exact by Sterbenz's lemma) and
 * q = expm1(r) = r + r^2/2 + r^3 P(r), P the Taylor polynomial of degree 11 (truncation
 * below 2^-62), summed as a double-double so the functions built on it round about once.
 * 2^k is applied as two exact powers of two (a subnormal result is rounded by the last).
 * Since session 15 exp, expm1, cosh, sinh and tanh use a lighter form in double with a
 * minimax polynomial (__oxm_exp_parts, expm1 below); the core stays for exp2, exp10, pow,
 * erf, erfc, the Bessel and gamma functions. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/exppoly.cuh>
#include <oxicc_math/invtrigpoly.cuh>

/* q = qh + *ql with exp(xh + xl) = 2^*k (1 + q); xh is clamped to [-746, 711] (beyond,
 * the result is 0 or inf either way); a NaN propagates into qh. */
static __device__ __forceinline__ double __oxm_exp_core(double __xh, double __xl, int *__k,
                                                        double *__ql)
{
    __xh = __xh > 711.0 ? 711.0 : __xh;
    __xh = __xh < -746.0 ? -746.0 : __xh;
    double __j = rint(__xh * __OXM_LOG2E_HI);
    double __rh = fma(__j, -__OXM_LN2_1, __xh);
    double __e;
    /* xl joins before the split into r + e: e must stay below an ulp of r, since only
     * the first order of expm1(r + e) = expm1(r) + e (1 + r) is kept. */
    double __r = __oxm_two_sum(__rh, fma(__j, -__OXM_LN2_2, __xl), &__e);
    double __p = __OXM_EXPM1_C14;
    __p = fma(__p, __r, __OXM_EXPM1_C13);
    __p = fma(__p, __r, __OXM_EXPM1_C12);
    __p = fma(__p, __r, __OXM_EXPM1_C11);
    __p = fma(__p, __r, __OXM_EXPM1_C10);
    __p = fma(__p, __r, __OXM_EXPM1_C9);
    __p = fma(__p, __r, __OXM_EXPM1_C8);
    __p = fma(__p, __r, __OXM_EXPM1_C7);
    __p = fma(__p, __r, __OXM_EXPM1_C6);
    __p = fma(__p, __r, __OXM_EXPM1_C5);
    __p = fma(__p, __r, __OXM_EXPM1_C4);
    __p = fma(__p, __r, __OXM_EXPM1_C3);
    double __hl;
    double __h = __oxm_two_prod(__r, 0.5 * __r, &__hl);
    double __lo;
    double __q = __oxm_fast_two_sum(__r, __h, &__lo);
    __lo += __hl + (__r * __r) * (__r * __p) + fma(__e, __r, __e);
    *__k = (int)__j;
    return __oxm_fast_two_sum(__q, __lo, __ql);
}

/* 2^k (1 + qh + ql), rounded once (twice for a subnormal result). */
static __device__ __forceinline__ double __oxm_exp_finish(double __qh, double __ql, int __k)
{
    double __l;
    double __s = __oxm_fast_two_sum(1.0, __qh, &__l);
    return __oxm_scale2d(__s + (__l + __ql), __k);
}

/* e^a = 2^k (eh + *el) for |a| <= 746 (or NaN), to about 2^-62, lighter than the core
 * above (session 14, for cosh, whose 1 ulp needs less than the core's double-double q;
 * session 15: E minimax, and exp on it): k = rint(a log2 e), a - k ln2_1 exact
 * (Cody-Waite, Sterbenz), r + e = that minus k ln2_2 by Fast2Sum, e^r = 1 + r + r^2 E(r)
 * with E = 1/2 + r P(r) of degree 10 (tools/mathconst/expd.py, 2^-63.5; the Taylor
 * polynomial to r^13 before), 1 + r by Fast2Sum, the rest and e (1 + r) ~ e in *el, not renormalized. */
static __device__ __forceinline__ double __oxm_exp_parts(double __a, int *__k, double *__el)
{
    double __j = rint(__a * __OXM_LOG2E_HI);
    /* Fast2Sum even where |rh| < |rl| (a within 2^-34 of k ln2_1): r is tiny then, and
     * e's error is far below an ulp of e^r ~ 1. */
    double __e;
    double __r = __oxm_fast_two_sum(fma(__j, -__OXM_LN2_1, __a), __j * -__OXM_LN2_2, &__e);
    double __eh = 1.0 + __r;
    *__el = ((1.0 - __eh) + __r) + fma(__r * __r, fma(__oxm_exp_p(__r), __r, 0.5), __e);
    *__k = (int)__j;
    return __eh;
}

/* __oxm_exp_parts renormalized (Fast2Sum): the low part is up to 0.06, and cosh's Newton
 * step on 1/E wants E's low part below an ulp of its high part. */
static __device__ __forceinline__ double __oxm_exp_light(double __a, int *__k, double *__el)
{
    double __t;
    double __eh = __oxm_exp_parts(__a, __k, &__t);
    double __h = __eh + __t;
    *__el = (__eh - __h) + __t;
    return __h;
}

/* exp (session 15; 90 SASS before, the double-double core): 2^k (eh + el) from
 * __oxm_exp_parts, rounded once, and scaled by 2^k as two exact powers of two 2^(k>>1)
 * and 2^(k - (k>>1)) (k is in [-1077, 1026] after the clamp, so both are normal; the
 * second rounds a subnormal result). */
extern "C" __host__ __device__ __forceinline__ double exp(double __x)
{
    /* Comparisons, not fmin/fmax, so a NaN goes through. */
    double __c = __x > 710.0 ? 710.0 : (__x < -746.0 ? -746.0 : __x);
    int __k;
    double __el;
    double __eh = __oxm_exp_parts(__c, &__k, &__el);
    int __k1 = __k >> 1;
    return (__eh + __el) * __oxm_pow2d(__k1) * __oxm_pow2d(__k - __k1);
}

extern "C" __host__ __device__ __forceinline__ double exp2(double __x)
{
    __x = __x > 1100.0 ? 1100.0 : (__x < -1100.0 ? -1100.0 : __x);
    double __pl;
    double __ph = __oxm_two_prod(__x, __OXM_LN2_HI, &__pl);
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__ph, fma(__x, __OXM_LN2_LO, __pl), &__k, &__ql);
    return __oxm_exp_finish(__qh, __ql, __k);
}

extern "C" __host__ __device__ __forceinline__ double exp10(double __x)
{
    __x = __x > 330.0 ? 330.0 : (__x < -330.0 ? -330.0 : __x);
    double __pl;
    double __ph = __oxm_two_prod(__x, __OXM_LN10_HI, &__pl);
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__ph, fma(__x, __OXM_LN10_LO, __pl), &__k, &__ql);
    return __oxm_exp_finish(__qh, __ql, __k);
}

/* expm1 (session 15; 160 SASS before, the double-double core and 2^k - 1 in
 * double-double): x clamped to [-40, 710] (below -40 the result rounds to -1, beyond
 * 709.79 it overflows), k and r as in __oxm_exp_parts, e^r - 1 = q + ql = r + r^2/2 +
 * r^3 P(r) with r^2/2 exact (fma) and r + r^2/2 by Fast2Sum (the constant 1 is kept out:
 * for k = 1 the result 2 e^r - 1 is a third of 2 e^r, and the rounding of 1 + r^2 E(r)
 * cost over an ulp). Then e^x - 1 = 2 ((2^(k-1) - 1/2) + 2^(k-1) q + 2^(k-1) ql):
 * c = 2^(k-1) - 1/2 rounded (exact up to k = 53) with its error cl exactly, c + 2^(k-1) q
 * by Fast2Sum (|c| is the larger for every k: |q| <= 0.42, and c = 0 for k = 0), the
 * small terms joining before the last rounding; the final doubling overflows exactly
 * where the result does. Below 2^-54 the result is x (which keeps -0 and subnormals:
 * 2^(k-1) q would round a subnormal q). */
extern "C" __host__ __device__ __forceinline__ double expm1(double __x)
{
    /* Comparisons, not fmin/fmax, so a NaN goes through. */
    double __a = __x > 710.0 ? 710.0 : (__x < -40.0 ? -40.0 : __x);
    double __j = rint(__a * __OXM_LOG2E_HI);
    double __e;
    double __r = __oxm_fast_two_sum(fma(__j, -__OXM_LN2_1, __a), __j * -__OXM_LN2_2, &__e);
    double __hr = 0.5 * __r;
    double __h = __r * __hr;
    double __q = __r + __h;
    double __ql = ((__r - __q) + __h)
                  + (fma(__r, __hr, -__h) + fma(__r * __r, __r * __oxm_exp_p(__r), fma(__e, __r, __e)));
    double __t = __oxm_pow2d((int)__j - 1);
    double __c = __t - 0.5;
    double __cl = (__t - __c) - 0.5;
    double __qs = __q * __t;
    double __s = __c + __qs;
    double __res = (__s + (((__c - __s) + __qs) + fma(__ql, __t, __cl))) * 2.0;
    return fabs(__x) < 5.551115123125783e-17 ? __x : __res;
}

/* cosh a = 2^(k-1) (E + 2^-2k / E) with e^a = 2^k E, E = eh + el from __oxm_exp_light,
 * 1/E as a double-double from rcp.approx and two Newton steps (no division; session 14:
 * 253 SASS before, with the double-double core and division), the sum by Fast2Sum,
 * rounded once and scaled exactly (the result is
 * at least 1: never subnormal). */
extern "C" __host__ __device__ __forceinline__ double cosh(double __x)
{
    double __a = fabs(__x);
    int __k;
    double __el;
    double __eh = __oxm_exp_light(__a, &__k, &__el);
    double __i = __oxicc_rcp_approx_d(__eh);
    __i = fma(__i, fma(-__eh, __i, 1.0), __i);
    double __il = __i * (fma(-__eh, __i, 1.0) - __el * __i);
    /* Beyond k = 60, 2^-2k / E is below E's last bit. */
    double __sc = __oxm_pow2d(-2 * (__k > 60 ? 60 : __k));
    /* E >= 2^-2k / E: for k = 0, r = a >= 0 makes E >= 1; for k >= 1, E > 0.7 and the
     * other term is at most 0.36. So Fast2Sum. */
    double __e2;
    double __s = __oxm_fast_two_sum(__eh, __i * __sc, &__e2);
    /* 2^(k-1) as 2^(k-2) * 2: k is at most 1026. */
    double __r = (__s + (__e2 + __el + __il * __sc)) * __oxm_pow2d(__k - 2) * 2.0;
    return __a > 711.0 ? __longlong_as_double(0x7ff0000000000000LL) : __r;
}

/* sinh (session 14; 329 SASS before, expm1 and a division in double-double): below
 * 0.55 the odd polynomial a + a z S(z) (tools/mathconst/invtrigd.py); from 0.55,
 * 2^(k-1) (E - 2^-2k / E) as cosh computes E + 2^-2k / E (k >= 1 there, so E > 0.7 is
 * the larger term and Fast2Sum applies; e^a - e^-a loses under a bit at 0.55). */
extern "C" __host__ __device__ __forceinline__ double sinh(double __x)
{
    double __a = fabs(__x);
    double __z = __a * __a;
    double __small = fma(__a * __z, __oxm_sinh_s(__z), __a);
    int __k;
    double __el;
    double __eh = __oxm_exp_light(__a, &__k, &__el);
    double __i = __oxicc_rcp_approx_d(__eh);
    __i = fma(__i, fma(-__eh, __i, 1.0), __i);
    double __il = __i * (fma(-__eh, __i, 1.0) - __el * __i);
    double __sc = -__oxm_pow2d(-2 * (__k > 60 ? 60 : __k));
    double __e2;
    double __s = __oxm_fast_two_sum(__eh, __i * __sc, &__e2);
    double __big = (__s + (__e2 + __el + __il * __sc)) * __oxm_pow2d(__k - 2) * 2.0;
    __big = __a > 711.0 ? __longlong_as_double(0x7ff0000000000000LL) : __big;
    return copysign(__a < 0.55 ? __small : __big, __x);
}

/* tanh (session 14; 235 SASS before, expm1 and a division in double-double): below
 * 0.55 the odd polynomial a + a z T(z) (tools/mathconst/invtrigd.py); from 0.55,
 * 1 - 2/(e^2a + 1) with e^2a = 2^k E from __oxm_exp_light (at least 3 there, so
 * D = e^2a + 1 is a Fast2Sum), 1/D as a double-double from rcp.approx and two Newton
 * steps, and 1 - 2/D by Fast2Sum (the result is at least 0.5): rounded about once. a
 * is clamped to 22, where the result rounds to 1. */
extern "C" __host__ __device__ __forceinline__ double tanh(double __x)
{
    double __a = fabs(__x);
    __a = __a > 22.0 ? 22.0 : __a;
    double __z = __a * __a;
    double __small = fma(__a * __z, __oxm_tanh_t(__z), __a);
    int __k;
    double __el;
    double __eh = __oxm_exp_light(2.0 * __a, &__k, &__el);
    double __p2 = __oxm_pow2d(__k);
    double __es = __eh * __p2;
    double __dh = __es + 1.0;
    double __dl = ((__es - __dh) + 1.0) + __el * __p2;
    double __i = __oxicc_rcp_approx_d(__dh);
    __i = fma(__i, fma(-__dh, __i, 1.0), __i);
    double __il = __i * (fma(-__dh, __i, 1.0) - __dl * __i);
    double __s = 1.0 - 2.0 * __i;
    double __big = __s + (((1.0 - __s) - 2.0 * __i) - 2.0 * __il);
    return copysign(__a < 0.55 ? __small : __big, __x);
}

namespace std {
using ::exp;
using ::exp2;
using ::exp10;
using ::expm1;
using ::sinh;
using ::cosh;
using ::tanh;
}
