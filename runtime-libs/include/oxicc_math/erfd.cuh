/* oxicc device math library: the double erf, erfc, erfcx, normcdf (their inverses erfinv,
 * erfcinv, normcdfinv are erfinvd.cuh's; the float ones are float code in erff.cuh).
 *
 * One core (session 16), erfcx(a) = e^(a^2) erfc(a) = P(t)/(1 + 2a) for a >= 0 with
 * t = (a - 4)/(a + 4) and one polynomial P (erfcpoly.cuh, tools/mathconst/erfcd.py);
 * erfc(a) = e^(-a^2) erfcx(a) with a^2 exact as a double-double (fma) and the light
 * exponential of expd.cuh, the product rounded once; the same form for every a, no
 * piece near 0. erf (session 15) is one polynomial and an exponential instead (see erf
 * below). Negative arguments by erfc(-a) = 2 - erfc(a), erfcx(-a) = 2 e^(a^2) - erfcx(a). */
#pragma once
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/erfcpoly.cuh>
#include <oxicc_math/erfpoly.cuh>
#include <oxicc_math/expd.cuh>
#include <oxicc_math/specpoly.cuh>

/* erfcx(a) for a >= 0 (+inf gives 0, NaN NaN) (session 16; five polynomial pieces and a
 * division before): P(t)/(1 + 2a) with t = (a - 4)/(a + 4) and P = 1 + u R(t) one
 * polynomial on [-1, 1] (erfcpoly.cuh, Shepherd and Laframboise's variable), u = t + 1 =
 * 2a/(a + 4). u is right to 2^-52 of itself and t = u - 1 to 2^-54 (exact from u = 1/2);
 * P's slope is 1.74 at t = -1, where u damps t's rounding (P itself in t lost 4.5 ulp at
 * a = 0.0026). The quotient: 1 + 2a as a double-double (two_sum), 1/(1 + 2a) by
 * __oxm_rcp_newton and one correction on the residual, rounded about once. Beyond 2^27
 * erfcx(a) = 1/(sqrt(pi) a) to 2^-55 (the next term is 1/(2a^2)), with a scaled by 2^-64
 * first (rcp.approx.ftz is 0 beyond 2^1022; the result is subnormal there). */
static __device__ __forceinline__ double __oxm_erfcx_core(double __a)
{
    double __u = 2.0 * __a * __oxm_rcp_newton(__a + 4.0);
    double __p = fma(__u, __oxm_erfc_r(__u - 1.0), 1.0);
    double __ql;
    double __q = __oxm_two_sum(1.0, 2.0 * __a, &__ql);
    double __rq = __oxm_rcp_newton(__q);
    double __e = __p * __rq;
    return fma(fma(-__e, __q, __p) - __e * __ql, __rq, __e);
}

/* erfcx(a) for all a >= 0: the core below 2^27 (erfc, which is 0 beyond 27.5, uses the
 * core alone: 12 SASS instructions less). */
static __device__ __forceinline__ double __oxm_erfcx_pos(double __a)
{
    double __e = __oxm_erfcx_core(__a);
    double __big = 0.5641895835477563 * __oxm_rcp_newton(__a * 5.421010862427522e-20)
                   * 5.421010862427522e-20;
    __big = __a == __longlong_as_double(0x7ff0000000000000LL) ? 0.0 : __big;
    return __a > 134217728.0 ? __big : __e;
}

/* erfc(ah + al) 2^s for ah >= 0 (al the low part of a double-double argument, s = 0 or -1
 * so that a halved result is rounded once): e^(-a^2) erfcx(a) with a^2 = sq + sl exact
 * (fma) and e^(-sq) = 2^k (eh + el) from __oxm_exp_parts (session 15's light
 * exponential), e^(-sl) = 1 - sl (sl is below 2^-43), the product rounded once. 0 beyond
 * 27.5, where erfc is below half the smallest subnormal. (Session 15: erfcx's five
 * pieces and the double-double exponential core.) */
static __device__ __forceinline__ double __oxm_erfc_big(double __ah, double __al, int __s)
{
    double __sl;
    double __sq = __oxm_two_prod(__ah, __ah, &__sl);
    __sl = fma(2.0 * __ah, __al, __sl);
    int __k;
    double __el;
    double __eh = __oxm_exp_parts(-__sq, &__k, &__el);
    double __p = __oxm_erfcx_core(__ah);
    /* erfcx(a + al) = erfcx(a) + al (2a erfcx(a) - 2/sqrt(pi)) to first order. */
    __p = fma(__al, fma(2.0 * __ah, __p, -1.1283791670955126), __p);
    /* el is up to 0.06 and sl up to 2^-44: el sl is kept (30 ulp at a = 25.67 without). */
    double __m = fma(__p, __eh, __p * fma(-(__eh + __el), __sl, __el));
    double __r = __oxm_scale2d(__m, __k + __s);
    return __ah > 27.5 ? 0.0 : __r;
}

/* erf (session 15; 375 SASS before, erf_small below 1/2 and 1 - erfc beyond with the
 * double-double exponential): erf a = 1 - e^(-g), g = -ln erfc(a) = a + a G(a) with one
 * polynomial G of degree 23 on [0, 5.9216] (tools/mathconst/erfd.py, 2^-55.1 relative to
 * erf; nvcc's libdevice has the same structure, the coefficients are ours), g + gl
 * exactly (gl by fma), -g - gl = j ln2 + r by Cody-Waite, e^r - 1 = q = r + r^2 E(r)
 * with gl in the small terms, and 1 - 2^j (1 + q) = (1 - 2^j) - 2^j q by one fma
 * (1 - 2^j is exact, j in [-54, 0]); for j = 0 (g below ln2/2) the result is -q, whose
 * only rounding is r + the small terms. Beyond 5.9216 erf rounds to 1. */
extern "C" __host__ __device__ __forceinline__ double erf(double __x)
{
    double __a = fabs(__x);
    double __ac = __a > 5.921587195794507 ? 5.921587195794507 : __a;
    double __p = __oxm_erf_g(__ac);
    double __g = fma(__p, __ac, __ac);
    double __gl = fma(__p, __ac, __ac - __g);
    double __j = rint(__g * -__OXM_LOG2E_HI);
    double __rh = fma(__j, -__OXM_LN2_1, -__g);
    double __rl = fma(__j, -__OXM_LN2_2, -__gl);
    double __r = __rh + __rl;
    double __q = __rh + fma(__r * __r, fma(__oxm_exp_p(__r), __r, 0.5), __rl);
    double __t = __oxm_pow2d((int)__j);
    double __v = fma(-__t, __q, 1.0 - __t);
    return copysign(__a > 5.921587195794507 ? 1.0 : __v, __x);
}

/* erfc (session 16; 377 SASS before: 1 - x p(x^2) below 1/2): one form for all x, as
 * nvcc's libdevice (its structure read from nvcc's PTX; the polynomial is ours). */
extern "C" __host__ __device__ __forceinline__ double erfc(double __x)
{
    double __big = __oxm_erfc_big(fabs(__x), 0.0, 0);
    return __x < 0.0 ? 2.0 - __big : __big;
}

extern "C" __host__ __device__ __forceinline__ double erfcx(double __x)
{
    double __pos = __oxm_erfcx_pos(fabs(__x));
    /* x < 0: 2 e^(x^2) - erfcx(-x) = 2^(k+1) ((1 + q) - erfcx(-x) 2^(-k-1)). */
    double __sl;
    double __sq = __oxm_two_prod(__x, __x, &__sl);
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__sq, __sl, &__k, &__ql);
    double __l;
    double __h = __oxm_fast_two_sum(1.0, __qh, &__l);
    double __ps = __k > 60 ? 0.0 : __pos * __oxm_pow2d(-__k - 1);
    double __e;
    double __d = __oxm_two_sum(__h, -__ps, &__e);
    double __neg = __oxm_scale2d(__d + (__e + (__l + __ql)), __k + 1);
    __neg = __x < -27.0 ? __longlong_as_double(0x7ff0000000000000LL) : __neg;
    double __r = __x < 0.0 ? __neg : __pos;
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ double normcdf(double __x)
{
    /* normcdf x = erfc(y)/2 with y = -x/sqrt(2) = yh + yl (its rounding would cost
     * 2 y^2 2^-53 relative in the tail). */
    double __yh = __x * -__OXM_RSQRT2_HI;
    double __yl = fma(__x, -__OXM_RSQRT2_HI, -__yh);
    __yl = fma(__x, -__OXM_RSQRT2_LO, __yl);
    double __a = fabs(__yh);
    double __al = __yh < 0.0 ? -__yl : __yl;
    double __big = __oxm_erfc_big(__a, __al, -1);
    return __yh < 0.0 ? 1.0 - __big : __big;
}
