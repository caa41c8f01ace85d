/* oxicc device math library: the double erfinv, erfcinv, normcdfinv (session 16; the float
 * ones are float code in erfinvf.cuh).
 *
 * Giles's variable (M. Giles, "Approximating the erfinv function", GPU Computing Gems,
 * 2011): erfinv(z) = z p(w) with w = -ln(1 - z^2), 1 - z^2 = c (2 - c) for c = 1 - z.
 * p is one polynomial in w below 6.25 and one in s = sqrt(w) on [2.5, 4] and on [4, 6.1]
 * (erfinvpoly.cuh, fitted by tools/mathconst/erfinvd.py, each about 2^-53 relative or
 * better); nvcc's libdevice has the same pieces for erfinv, the coefficients are ours.
 * erfcinv reaches w = 744 (the smallest subnormal c) where erfinv stops at 36.04 (the
 * largest double below 1): beyond w = 36 (c below 1.2e-16, where 1 - c is 1 to double
 * precision) x^2 = w - ln(w)/2 + G(1/s), G a polynomial in 1/s (see erfinvd.py: x grows
 * like s with log terms no polynomial in s or 1/s fits well over [6, 27.3]; with
 * w - ln(w)/2 taken out the rest is small and smooth). No division and no sqrt.rn
 * anywhere: w from __oxm_log_light, s from rsqrt.approx and Newton steps (ddouble.cuh).
 *
 * Why the error stays small: w has an absolute error of about 2^-52 (the rounding of
 * 1 - z^2, or of c (2 - c)), and p changes by at most 0.3 p per unit of w, so p is off
 * by its fit's error plus a few 2^-55; z is exact for erfinv and for erfcinv from c = 1/2
 * (Sterbenz), and below a double-double from Fast2Sum. Before (session 15), Halley's
 * method on erf/erfc from Winitzki's start with three erfcx evaluations and exponentials
 * (1157 and 1892 SASS instructions against nvcc's 205 and 431). */
#pragma once
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/erfinvpoly.cuh>
#include <oxicc_math/logd.cuh>
#include <oxicc_math/specpoly.cuh>

/* erfinv(z + zl) for t = 1 - z^2 in (0, 1] (z's sign is the result's; zl is erfcinv's
 * rounding error of 1 - c); with_tail (erfcinv) adds the piece beyond w = 36, where z is
 * 1. */
static __device__ __forceinline__ double __oxm_erfinv_core(double __t, double __z, double __zl,
                                                           bool __with_tail)
{
    double __lo;
    double __w = -__oxm_log_light(__t, 0.0, 0.0, 0.0, false, &__lo);
    double __r;
    if (__w < 6.25) {
        double __p = __oxm_erfinv_p0(__w - 3.125);
        __r = fma(__zl, __p, __z * __p);
    } else if (!__with_tail || __w <= 36.0) {
        /* s - 3.25 and s - 5 are exact (Sterbenz). */
        double __s = __oxm_sqrt_dd(__w, 0.0);
        double __p = __s < 4.0 ? __oxm_erfinv_p1(__s - 3.25) : __oxm_erfinv_p2(__s - 5.0);
        __r = fma(__zl, __p, __z * __p);
    } else {
        /* u = 1/s to about 2^-43 (G changes by 0.07 per unit of u: far below 2^-53 of
         * x^2), ln w by __oxm_log_light, x = sqrt(x^2) as above. */
        double __u = __oxicc_rsqrt_approx_d(__w);
        __u = fma(__u * 0.5, fma(-__w * __u, __u, 1.0), __u);
        double __ll;
        double __lw = __oxm_log_light(__w, 0.0, 0.0, 0.0, false, &__ll);
        double __x2 = fma(-0.5, __lw, __w) + __oxm_erfcinv_g(__u - 0.1);
        __r = __oxm_sqrt_dd(__x2, 0.0);
    }
    return __r;
}

extern "C" __host__ __device__ __forceinline__ double erfinv(double __x)
{
    double __a = fabs(__x);
    /* 1 - a^2 rounded once (fma): relative 2^-53, i.e. w off by 2^-53. */
    double __r = __oxm_erfinv_core(fma(-__a, __a, 1.0), __a, 0.0, false);
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __a == 1.0 ? __inf : __r;
    __r = __a > 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
    __r = copysign(__r, __x);
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ double erfcinv(double __c)
{
    /* z = 1 - c exact from c = 1/2, below with its rounding error zl (Fast2Sum: the
     * rounding of z alone cost an ulp of the result at c = 0.498); 2 - c exact from 1;
     * c (2 - c) = 1 - z^2 is 2c for a tiny c (a subnormal c stays exact: log_light scales
     * it). */
    double __z = 1.0 - __c;
    double __zl = (1.0 - __z) - __c;
    double __r = __oxm_erfinv_core(__c * (2.0 - __c), __z, __zl, true);
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
