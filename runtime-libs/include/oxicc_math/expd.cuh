/* oxicc device math library: the double exponentials exp, exp2, exp10, expm1, sinh, cosh,
 * tanh (expm1f, sinhf, coshf are float code: expm1f.cuh).
 *
 * One core: exp(xh + xl) = 2^k (1 + q) with x = k ln2 + r, |r| <= ln2/2 (Cody-Waite:
 * k ln2_1 is exact with ln2_1 of 42 bits, x - k ln2_1 is exact by Sterbenz's lemma) and
 * q = expm1(r) = r + r^2/2 + r^3 P(r), P the Taylor polynomial of degree 11 (truncation
 * below 2^-62), summed as a double-double so the functions built on it round about once.
 * 2^k is applied as two exact powers of two (a subnormal result is rounded by the last). */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
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

extern "C" __host__ __device__ __forceinline__ double exp(double __x)
{
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__x, 0.0, &__k, &__ql);
    return __oxm_exp_finish(__qh, __ql, __k);
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

/* expm1(x) as hi + *lo for |x| <= 700: 2^k q + (2^k - 1), where 2^k - 1 is exact while
 * it matters (k <= 53; for k < -53 the caller has returned -1 already). */
static __device__ __forceinline__ double __oxm_expm1_dd(double __x, double *__lo)
{
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__x, 0.0, &__k, &__ql);
    double __t = __oxm_pow2d(__k);
    double __e;
    double __s = __oxm_two_sum(__t - 1.0, __qh * __t, &__e);
    return __oxm_fast_two_sum(__s, __e + __ql * __t, __lo);
}

extern "C" __host__ __device__ __forceinline__ double expm1(double __x)
{
    double __lo;
    /* Comparisons, not fmin/fmax, so a NaN reaches the core and propagates. */
    double __c = __x > 700.0 ? 700.0 : (__x < -40.0 ? -40.0 : __x);
    double __r = __oxm_expm1_dd(__c, &__lo);
    __r = __x > 700.0 ? exp(__x) : __r;
    __r = __x < -40.0 ? -1.0 : __r;
    return __x == 0.0 ? __x : __r;
}

/* e^a = 2^k (eh + *el) for 0 <= a <= 711 (or NaN), to about 2^-60, lighter than the
 * core above (session 14, for cosh, whose 1 ulp needs less than the core's double-double
 * q): k = rint(a log2 e), a - k ln2_1 exact (Cody-Waite, Sterbenz), r + e = that minus
 * k ln2_2 by Fast2Sum, e^r = 1 + r + r^2 (1/2 + r P(r)) with the Taylor polynomial to
 * r^13 (truncation below 2^-57 of the result), 1 + r by Fast2Sum, the rest and
 * e (1 + r) ~ e in the low part, renormalized. */
static __device__ __forceinline__ double __oxm_exp_light(double __a, int *__k, double *__el)
{
    double __j = rint(__a * __OXM_LOG2E_HI);
    /* Fast2Sum even where |rh| < |rl| (a within 2^-34 of k ln2_1): r is tiny then, and
     * e's error is far below an ulp of e^r ~ 1. */
    double __e;
    double __r = __oxm_fast_two_sum(fma(__j, -__OXM_LN2_1, __a), __j * -__OXM_LN2_2, &__e);
    double __p = __OXM_EXPM1_C13;
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
    __p = fma(__p, __r, 0.5);
    double __eh = 1.0 + __r;
    double __t = ((1.0 - __eh) + __r) + fma(__r * __r, __p, __e);
    /* Renormalized (Fast2Sum): t is up to 0.06, and cosh's Newton step on 1/E wants
     * E's low part below an ulp of its high part. */
    double __h = __eh + __t;
    *__el = (__eh - __h) + __t;
    *__k = (int)__j;
    return __h;
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
