/* oxicc device math library: the double erf, erfc, erfcx, normcdf and their inverses
 * erfinv, erfcinv, normcdfinv (the float erfinvf, erfcinvf, normcdfinvf are float code in
 * erfinvf.cuh).
 *
 * One core, erfcx(a) = e^(a^2) erfc(a) for a >= 0 (specpoly.cuh: polynomials in a on
 * [0, 1/2], [1/2, 1], [1, 2], [2, 4], beyond q(1/a^2)/a; each about 2^-56 relative).
 * erfc(a) = e^(-a^2) erfcx(a) with a^2 exact as a double-double (fma) and the exponential
 * the double-double core of expd.cuh, so the product is rounded about once; below 1/2,
 * erfc = 1 - x p(x^2). erf (session 15) is one polynomial and an exponential instead
 * (see erf below). Negative arguments by erfc(-a) = 2 - erfc(a),
 * erfcx(-a) = 2 e^(a^2) - erfcx(a).
 *
 * The inverses solve erf(x) = z or erfc(x) = c by Halley's method, which for these
 * functions is x <- x - u / (1 + x u) with u = f / f' (f'' = -2x f'): from a start within
 * about 2e-3 (relative) two steps reach 2^-60 and a third makes sure. For erfc (x from
 * 0.47 to 27.2) two Newton steps on ln erfcx(x) - x^2 = ln c come first (Halley's
 * constant grows as x^2/3 there), then one Halley step whose residual
 * is formed as u = (c e^(x^2) - erfcx(x)) sqrt(pi)/2 with c e^(x^2) = exp(x^2 + ln c)
 * (x^2 and ln c as double-doubles), so nothing underflows even for a subnormal c. The
 * start: z < 1/2, the Taylor series of erfinv to z^5; else Winitzki's closed form
 * (A handy approximation for the error function and its inverse, 2008:
 * x^2 = sqrt(A^2 - w/a) - A, A = 2/(pi a) + w/2, w = ln(1 - z^2), a = 0.147), with
 * w = ln c + ln(2 - c) computed from c = 1 - z without cancellation. */
#pragma once
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/erfpoly.cuh>
#include <oxicc_math/expd.cuh>
#include <oxicc_math/logd.cuh>
#include <oxicc_math/specpoly.cuh>

/* erfcx(a) for a >= 0 (+inf gives 0, NaN NaN). */
static __device__ __forceinline__ double __oxm_erfcx_pos(double __a)
{
    double __r;
    if (__a < 0.5) {
        __r = __oxm_erfcx_p0(__a - 0.25);
    } else if (__a < 1.0) {
        __r = __oxm_erfcx_p1(__a - 0.75);
    } else if (__a < 2.0) {
        __r = __oxm_erfcx_p2(__a - 1.5);
    } else if (__a < 4.0) {
        __r = __oxm_erfcx_p3(__a - 3.0);
    } else {
        /* a^2 overflows beyond 1.3e154: v = 0 is then right to far below an ulp. */
        double __v = 1.0 / (__a * __a);
        __r = __oxm_erfcx_p4(__v - 0.03125) / __a;
    }
    return __r;
}

/* erfc(ah + al) 2^s for ah >= 1/2 (al the low part of a double-double argument, s = 0
 * or -1 so that a halved result is rounded once): e^(-a^2) erfcx(a). 0 beyond 27.5, where
 * erfc is below half the smallest subnormal. */
static __device__ __forceinline__ double __oxm_erfc_big(double __ah, double __al, int __s)
{
    double __sl;
    double __sq = __oxm_two_prod(__ah, __ah, &__sl);
    __sl = fma(2.0 * __ah, __al, __sl);
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(-__sq, -__sl, &__k, &__ql);
    double __p = __oxm_erfcx_pos(__ah);
    /* erfcx(a + al) = erfcx(a) + al (2a erfcx(a) - 2/sqrt(pi)) to first order. */
    __p = fma(__al, fma(2.0 * __ah, __p, -1.1283791670955126), __p);
    /* p (1 + qh + ql): the small products first, p added last. */
    double __m = __p + fma(__p, __qh, __p * __ql);
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

extern "C" __host__ __device__ __forceinline__ double erfc(double __x)
{
    double __a = fabs(__x);
    double __small = fma(-__x, __oxm_erf_small(fma(__x, __x, -0.125)), 1.0);
    double __big = __oxm_erfc_big(__a, 0.0, 0);
    __big = __x < 0.0 ? 2.0 - __big : __big;
    return __a < 0.5 ? __small : __big;
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
    /* |y| < 1/2: (1 - erf y)/2, yl's first-order term 2/sqrt(pi) yl included. */
    double __small = fma(-__yh, __oxm_erf_small(fma(__yh, __yh, -0.125)), 1.0);
    __small = 0.5 * fma(-1.1283791670955126, __yl, __small);
    double __big = __oxm_erfc_big(__a, __al, -1);
    __big = __yh < 0.0 ? 1.0 - __big : __big;
    return __a < 0.5 ? __small : __big;
}

/* erfinv(z) for 0 <= z < 1/2: Halley's method on erf(x) = z. */
static __device__ __forceinline__ double __oxm_erfinv_small(double __z)
{
    double __z2 = __z * __z;
    /* erfinv z = sqrt(pi)/2 (z + pi/12 z^3 + 7 pi^2/480 z^5 + ...) */
    double __x = __z * __OXM_SQRTPIO2_HI
                 * fma(__z2, fma(__z2, 0.14393173084921979, 0.26179938779914941), 1.0);
    for (int __i = 0; __i < 3; ++__i) {
        double __e = fma(__x, __oxm_erf_small(fma(__x, __x, -0.125)), -__z);
        double __u = __e * __OXM_SQRTPIO2_HI * exp(__x * __x);
        __x = __x - __u / fma(__x, __u, 1.0);
    }
    /* Tiny z (the iteration would only repeat x = z sqrt(pi)/2 on a coarser grid). */
    double __t = fma(__z, __OXM_SQRTPIO2_HI, __z * __OXM_SQRTPIO2_LO);
    return __z < 1e-30 ? __t : __x;
}

/* erfcinv(c) for 0 < c <= 1/2: Halley's method on erfc(x) = c through erfcx. */
static __device__ __forceinline__ double __oxm_erfcinv_pos(double __c)
{
    /* The deepest subnormals scaled by 2^128 first (log_dd's own scaling by 2^54 does
     * not reach the normal range from there). */
    double __cs = __c < 1e-290 ? __c * 3.402823669209385e+38 : __c;
    double __ll;
    double __lh = __oxm_log_dd(__cs, &__ll);
    double __sh = __c < 1e-290 ? -128.0 * __OXM_LN2_HI : 0.0;
    double __sl2 = __c < 1e-290 ? -128.0 * __OXM_LN2_LO : 0.0;
    double __le;
    __lh = __oxm_two_sum(__lh, __sh, &__le);
    __ll = __ll + (__le + __sl2);
    double __w = __lh + log(2.0 - __c);
    /* Winitzki's start, the difference of square roots written without cancellation. */
    double __aa = 4.3307467508011735 + 0.5 * __w;
    double __x = sqrt(-6.8027210884353742 * __w / (sqrt(fma(__aa, __aa, -6.8027210884353742 * __w)) + __aa));
    double __sl;
    double __sq = __oxm_two_prod(__x, __x, &__sl);
    /* Newton on ln erfcx(x) - x^2 = ln c (its derivative -2/(sqrt(pi) erfcx(x)) barely
     * changes: quadratic convergence with a constant near 1/(2x)), then one Halley step
     * on the accurate residual (Halley's constant for erfc grows as x^2/3: from the
     * start's 0.06 at x = 27 it would hardly converge). */
    for (int __i = 0; __i < 2; ++__i) {
        double __e = __oxm_erfcx_pos(__x);
        double __g = log(__e) - ((__sq + __lh) + (__sl + __ll));
        __x = fma(__g * __e, __OXM_SQRTPIO2_HI, __x);
        __sq = __oxm_two_prod(__x, __x, &__sl);
    }
    double __t = (__sq + __lh) + (__sl + __ll);
    double __u = (exp(__t) - __oxm_erfcx_pos(__x)) * __OXM_SQRTPIO2_HI;
    __x = __x - __u / fma(__x, __u, 1.0);
    return __x;
}

extern "C" __host__ __device__ __forceinline__ double erfinv(double __z)
{
    double __a = fabs(__z);
    double __r = __a < 0.5 ? __oxm_erfinv_small(__a) : __oxm_erfcinv_pos(1.0 - __a);
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __a == 1.0 ? __inf : __r;
    __r = __a > 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
    __r = copysign(__r, __z);
    return __z != __z ? __z : __r;
}

extern "C" __host__ __device__ __forceinline__ double erfcinv(double __c)
{
    double __r;
    if (__c <= 0.5) {
        __r = __oxm_erfcinv_pos(__c);
    } else if (__c < 1.5) {
        double __z = 1.0 - __c; /* exact (Sterbenz) */
        __r = copysign(__oxm_erfinv_small(fabs(__z)), __z);
    } else {
        __r = -__oxm_erfcinv_pos(2.0 - __c);
    }
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __c == 0.0 ? __inf : __r;
    __r = __c == 2.0 ? -__inf : __r;
    __r = (__c < 0.0 || __c > 2.0) ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
    return __c != __c ? __c : __r;
}

extern "C" __host__ __device__ __forceinline__ double normcdfinv(double __p)
{
    /* -sqrt(2) erfcinv(2p), the product by a double-double sqrt(2). */
    double __x = erfcinv(2.0 * __p);
    double __r = fma(__x, __OXM_SQRT2_HI, __x * __OXM_SQRT2_LO);
    /* An infinite x (p = 0 or 1) would give inf - inf above. */
    return -(fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? __x : __r);
}
