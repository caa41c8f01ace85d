/* oxicc device math library: the double lgamma and tgamma (lgammaf and tgammaf are float
 * code in gammaf.cuh).
 *
 * lgamma, x > 0: near its zeros 1 and 2, t p(t) with t = x - 1 or x - 2 (exact) and p a
 * polynomial of lgamma(1 + t)/t or lgamma(2 + t)/t (specpoly.cuh, two halves each, about
 * 2^-54.5 relative); below 1/2, lgamma(1 + x) - ln x the same way; from 2.5, Stirling's
 * series at b = x + n >= 10 (n = 0 from x = 10), in double-double:
 * (b - 1/2) ln b - b + ln sqrt(2 pi) + sum B_2k / (2k (2k - 1) b^(2k-1)) (nine terms:
 * below 2^-62 relative from b = 10), minus ln(x (x + 1) ... (x + n - 1)) with the product
 * as a double-double; the difference loses at most 6 bits (x = 2.5) of about 2^-64.
 * x < 0: from -2.2637 up, lgamma(x + n) - ln |x (x + 1) ... (x + n - 1)| with x + n in
 * (0, 1] (every sum exact); below, the reflection
 * lgamma(x) = ln pi - ln |x sinpi(x)| - lgamma(-x). 0 and the negative integers give +inf.
 *
 * tgamma, x > 0: e^L / (x (x + 1) ... (x + n - 1)) with L Stirling's double-double above
 * (expd.cuh's core: 2^k (1 + q)) and the product a double-double, scaled by 2^k last (one
 * rounding for a subnormal result); x < 0: -pi / (x sinpi(x) Gamma(-x)) with Gamma(-x)
 * kept as m 2^k, so Gamma(x) is right down to its subnormal range beyond -171; |x| < 2^-27,
 * 1/x - euler. */
#pragma once
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/expd.cuh>
#include <oxicc_math/logd.cuh>
#include <oxicc_math/specpoly.cuh>
#include <oxicc_math/trigd.cuh>

/* Stirling's lgamma(bh + bl) for b >= 10 as hi + *lo, written
 * (b - 1/2)(ln b - 1) - 1/2 + ln sqrt(2 pi) + S(1/b) so that no intermediate exceeds the
 * result (b ln b would overflow before lgamma does, from 2.556e305). */
static __device__ __forceinline__ double __oxm_stirling(double __bh, double __bl, double *__lo)
{
    double __ll;
    double __lh = __oxm_log_dd(__bh, &__ll);
    __ll += __bl / __bh;
    double __e0;
    __lh = __oxm_two_sum(__lh, -1.0, &__e0);
    __ll += __e0;
    double __ul;
    double __uh = __oxm_two_sum(__bh, -0.5, &__ul);
    __ul += __bl;
    double __pl;
    double __ph = __oxm_two_prod(__uh, __lh, &__pl);
    __pl += fma(__uh, __ll, __ul * __lh);
    double __e2;
    /* ln sqrt(2 pi) - 1/2: the subtraction is exact (Sterbenz). */
    double __s = __oxm_two_sum(__ph, __OXM_LNSQRT2PI_HI - 0.5, &__e2);
    double __y = 1.0 / __bh;
    double __y2 = __y * __y;
    double __q = __OXM_STIRLING_C9;
    __q = fma(__q, __y2, __OXM_STIRLING_C8);
    __q = fma(__q, __y2, __OXM_STIRLING_C7);
    __q = fma(__q, __y2, __OXM_STIRLING_C6);
    __q = fma(__q, __y2, __OXM_STIRLING_C5);
    __q = fma(__q, __y2, __OXM_STIRLING_C4);
    __q = fma(__q, __y2, __OXM_STIRLING_C3);
    __q = fma(__q, __y2, __OXM_STIRLING_C2);
    __q = fma(__q, __y2, __OXM_STIRLING_C1);
    double __l = __e2 + __pl + __OXM_LNSQRT2PI_LO + __q * __y;
    return __oxm_fast_two_sum(__s, __l, __lo);
}

/* For a in (0, 10): the shift n with a + n in [10, 11), b = a + n as bh + *bl and the
 * product a (a + 1) ... (a + n - 1) as ph + *pl; a >= 10: n = 0, the product 1. */
static __device__ __forceinline__ double __oxm_gamma_shift(double __a, double *__bl, double *__pl,
                                                           double *__bh)
{
    double __ph = 1.0, __p2 = 0.0;
    double __i = 0.0;
    while (__a + __i < 10.0) {
        double __fl;
        double __fh = __oxm_two_sum(__a, __i, &__fl);
        double __e;
        double __h = __oxm_two_prod(__ph, __fh, &__e);
        __p2 = __e + fma(__ph, __fl, __p2 * __fh);
        __ph = __oxm_fast_two_sum(__h, __p2, &__p2);
        __i += 1.0;
    }
    *__bh = __oxm_two_sum(__a, __i, __bl);
    *__pl = __p2;
    return __ph;
}

/* lgamma(1 + t) for |t| <= 1/2 and lgamma(2 + t) likewise. */
static __device__ __forceinline__ double __oxm_lgamma1(double __t)
{
    return __t * (__t < 0.0 ? __oxm_lgamma1_neg(__t + 0.25) : __oxm_lgamma1_pos(__t - 0.25));
}
static __device__ __forceinline__ double __oxm_lgamma2(double __t)
{
    return __t * (__t < 0.0 ? __oxm_lgamma2_neg(__t + 0.25) : __oxm_lgamma2_pos(__t - 0.25));
}

/* lgamma(a) = lgamma(1 + a) - ln |a| for 0 < |a| < 1/2, as hi + *lo. */
static __device__ __forceinline__ double __oxm_lgamma_small(double __a, double *__lo)
{
    double __ll;
    double __lh = __oxm_log_dd(fabs(__a), &__ll);
    double __e;
    double __r = __oxm_two_sum(__oxm_lgamma1(__a), -__lh, &__e);
    return __oxm_fast_two_sum(__r, __e - __ll, __lo);
}

/* lgamma(a) for a > 0 finite, as hi + *lo (lo 0 where the polynomials give it). */
static __device__ __forceinline__ double __oxm_lgamma_pos(double __a, double *__lo)
{
    *__lo = 0.0;
    if (__a < 0.5)
        return __oxm_lgamma_small(__a, __lo);
    if (__a < 1.5)
        return __oxm_lgamma1(__a - 1.0);
    if (__a < 2.5)
        return __oxm_lgamma2(__a - 2.0);
    /* lgamma exceeds the largest double beyond 2.5599833278516383e305 (mpmath). */
    if (__a > 2.5599833278516383e305)
        return __longlong_as_double(0x7ff0000000000000LL);
    double __bl, __pl, __bh;
    double __ph = __oxm_gamma_shift(__a, &__bl, &__pl, &__bh);
    double __sl;
    double __sh = __oxm_stirling(__bh, __bl, &__sl);
    double __ql;
    double __qh = __oxm_log_dd(__ph, &__ql);
    __ql += __pl / __ph;
    double __e;
    double __r = __oxm_two_sum(__sh, -__qh, &__e);
    return __oxm_fast_two_sum(__r, __e + (__sl - __ql), __lo);
}

extern "C" __host__ __device__ __forceinline__ double lgamma(double __x)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __a = fabs(__x);
    double __lo;
    double __r;
    if (!(__x < 0.0)) {
        __r = __oxm_lgamma_pos(__x, &__lo);
        __r = __x == 0.0 ? __inf : __r;
        __r = __x == __inf ? __inf : __r;
    } else if (__x > -2.2637) {
        /* lgamma(x + n) - sum ln |x + i|, x + n in (0, 1]; every x + i is exact. Above
         * -1/2, n = 0: lgamma(1 + x) - ln |x|. */
        double __n = ceil(-__x);
        __n = __x > -0.5 ? 0.0 : __n;
        double __sh, __sl;
        if (__n == 0.0)
            __sh = __oxm_lgamma_small(__x, &__sl);
        else
            __sh = __oxm_lgamma_pos(__x + __n, &__sl);
        for (double __i = 0.0; __i < __n; __i += 1.0) {
            double __ll;
            double __lh = __oxm_log_dd(fabs(__x + __i), &__ll);
            double __e;
            __sh = __oxm_two_sum(__sh, -__lh, &__e);
            __sl += __e - __ll;
        }
        __r = __sh + __sl;
    } else {
        /* ln pi - ln |x sinpi(x)| - lgamma(-x) */
        double __s = fabs(__x * sinpi(__x));
        double __ll;
        double __lh = __oxm_log_dd(__s, &__ll);
        double __gl;
        double __gh = __oxm_lgamma_pos(__a, &__gl);
        double __e1, __e2;
        double __t = __oxm_two_sum(__OXM_LNPI_HI, -__lh, &__e1);
        __t = __oxm_two_sum(__t, -__gh, &__e2);
        __r = __t + (__e1 + __e2 + (__OXM_LNPI_LO - __ll - __gl));
        __r = __a == __inf ? __inf : __r;
    }
    /* 0 and the negative integers are poles. */
    __r = (__x <= 0.0 && __x == floor(__x)) ? __inf : __r;
    return __x != __x ? __x : __r;
}

/* Gamma(a) = m 2^*k for a > 0 finite (a below 1e300). */
static __device__ __forceinline__ double __oxm_gamma_pos(double __a, int *__k)
{
    double __bl, __pl, __bh;
    double __ph = __oxm_gamma_shift(__a, &__bl, &__pl, &__bh);
    double __sl;
    double __sh = __oxm_stirling(__bh, __bl, &__sl);
    /* Beyond 150, 256 ln 2 taken out first (exactly: a power-of-two multiple of a
     * double-double), so the core's clamp at 711 is not reached before 190. */
    double __big = __a > 150.0 ? 256.0 : 0.0;
    double __e;
    __sh = __oxm_two_sum(__sh, -__big * __OXM_LN2_HI, &__e);
    __sl += __e - __big * __OXM_LN2_LO;
    double __ql;
    double __qh = __oxm_exp_core(__sh, __sl, __k, &__ql);
    *__k += (int)__big;
    double __l;
    double __h = __oxm_fast_two_sum(1.0, __qh, &__l);
    double __ml;
    return __oxm_dd_div(__h, __l + __ql, __ph, __pl, &__ml);
}

extern "C" __host__ __device__ __forceinline__ double tgamma(double __x)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __nan = __longlong_as_double(0x7fffffffffffffffLL);
    double __a = fabs(__x);
    int __k;
    double __m = __oxm_gamma_pos(fmin(__a, 200.0), &__k);
    double __pos = __oxm_scale2d(__m, __k);
    /* x < 0: -pi / (x sinpi(x) m) 2^-k */
    double __d = __x * sinpi(__x) * __m;
    double __neg = __oxm_scale2d(-3.141592653589793 / __d, -__k);
    double __r = __x < 0.0 ? __neg : __pos;
    /* |x| < 2^-27: 1/x - euler (the next term, 0.99 x, is below 2^-54 relative; the
     * reflection's x sinpi(x) would underflow). */
    __r = __a < 7.450580596923828e-09 ? 1.0 / __x - 0.5772156649015329 : __r;
    /* Gamma(x) has the sign of sinpi(x) for x < 0. */
    __r = __a > 190.0 ? (__x < 0.0 ? copysign(0.0, sinpi(__x)) : __inf) : __r;
    __r = __x == 0.0 ? copysign(__inf, __x) : __r;
    __r = (__x < 0.0 && __x == floor(__x)) ? __nan : __r;
    return __x != __x ? __x : __r;
}

