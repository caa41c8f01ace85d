/* oxicc device math library: the Bessel functions of the first and second kind j0 j1 jn
 * y0 y1 yn (double; the float ones are float code in besseljf.cuh).
 *
 * J0, J1, Y0, Y1 (the polynomials: besselpoly.cuh, tools/mathconst/bessel.py):
 * - below 0.75 the series forms J0 = p(x^2), J1 = x p(x^2),
 *   Y0 = (2/pi) ln(x) J0 + g0(x^2), Y1 = (2/pi) ln(x) J1 - 2/(pi x) + x g1(x^2), with
 *   ln x from logd.cuh's double-double core (no cancellation there: the terms have one
 *   sign or the log term dominates);
 * - from 0.75 to 8, fifteen intervals, each a polynomial in x - c, times (x - z) where a
 *   zero z of the function lies in or next to the interval (z a double-double: the error
 *   stays relative next to each zero, as the 7-ulp bound below 8 asks); the rows are a
 *   table walked by one Horner loop;
 * - from 8, Hankel's form sqrt(2/(pi x)) (P cos chi - Q sin chi) for J and
 *   sqrt(2/(pi x)) (P sin chi + Q cos chi) for Y, chi = x - pi/4 or x - 3pi/4, P and x Q
 *   polynomials in 64/x^2; cos chi and sin chi are (cos x +- sin x)/sqrt 2 with sin x and
 *   cos x as double-doubles from trigd.cuh's reduction (Payne-Hanek beyond 1e6), so the
 *   phase is right for every x (CUDA's bound there is absolute: 5e-12).
 * jn, yn: forward recurrence J_(k+1) = (2k/x) J_k - J_(k-1) from J0, J1 where x > n (and
 * always for Y, whose recurrence is stable upwards); for J with x <= n Miller's backward
 * recurrence from an order M well beyond n (J_M(x) below 2^-100 of J_n), rescaled by
 * 2^-600 when it grows large, normalized by J0 + 2 (J2 + J4 + ...) = 1; below 2^-20 the
 * series' first two terms. n < 0 gives NaN, as CUDA documents. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/logd.cuh>
#include <oxicc_math/trigd.cuh>
#include <oxicc_math/besselpoly.cuh>

/* One table row (c, z_hi, z_lo, has_zero, lo, coefficients) at 0.75 <= a < 8. */
static __device__ __forceinline__ double __oxm_bessel_tab(const double *__tab, double __a)
{
    int __i = __a < 1.0 ? 0 : (int)((__a - 1.0) * 2.0) + 1;
    const double *__r = __tab + __i * __OXM_BESSEL_ROW;
    double __s = __a - __r[0];
    double __p = __r[5 + __OXM_BESSEL_NCOEF - 1];
    for (int __k = __OXM_BESSEL_NCOEF - 2; __k >= 1; __k--)
        __p = fma(__p, __s, __r[5 + __k]);
    __p = fma(__p, __s, __r[4]);
    __p = __p + __r[5];
    double __t = (__a - __r[1]) - __r[2];
    return __r[3] != 0.0 ? __t * __p : __p;
}

/* Hankel's form at a >= 8: J_n (y == 0) or Y_n (y == 1), n 0 or 1. */
static __device__ __forceinline__ double __oxm_bessel_far(double __a, int __n, int __y)
{
    /* r = 1/sqrt(a): rsqrt.approx and two Newton steps (about an ulp). */
    double __r = __oxicc_rsqrt_approx_d(__a);
    __r = fma(__r * 0.5, fma(-__a * __r, __r, 1.0), __r);
    __r = fma(__r * 0.5, fma(-__a * __r, __r, 1.0), __r);
    double __u = __r * __r;
    double __v = 64.0 * __u * __u;
    double __p = __n == 0 ? __oxm_bessel_p0(__v) : __oxm_bessel_p1(__v);
    double __q = (__n == 0 ? __oxm_bessel_q0(__v) : __oxm_bessel_q1(__v)) * __u;
    int __j;
    double __rl, __sl, __cl;
    double __rh = __oxm_trigd_reduce(__a, &__rl, &__j);
    double __sv = __oxm_sind_kernel(__rh, __rl, &__sl);
    double __cv = __oxm_cosd_kernel(__rh, __rl, &__cl);
    double __s = (__j & 1) ? __cv : __sv;
    double __c = (__j & 1) ? __sv : __cv;
    double __s2 = (__j & 1) ? __cl : __sl;
    double __c2 = (__j & 1) ? __sl : __cl;
    __s = (__j & 2) ? -__s : __s;
    __s2 = (__j & 2) ? -__s2 : __s2;
    __c = ((__j + 1) & 2) ? -__c : __c;
    __c2 = ((__j + 1) & 2) ? -__c2 : __c2;
    /* sqrt(2) cos chi and sqrt(2) sin chi (the sums cancel only where they are exact). */
    double __cc = __n == 0 ? (__c + __s) + (__c2 + __s2) : (__s - __c) + (__s2 - __c2);
    double __ss = __n == 0 ? (__s - __c) + (__s2 - __c2) : -((__s + __c) + (__s2 + __c2));
    double __m = __y == 0 ? fma(__p, __cc, -__q * __ss) : fma(__p, __ss, __q * __cc);
    return __m * __OXM_BJ_RSQRTPI_HI * __r;
}

/* J_n(a) or Y_n(a), n 0 or 1, a > 0 finite. */
static __device__ __forceinline__ double __oxm_bessel01(double __a, int __n, int __y)
{
    double __z = __a * __a;
    double __small;
    if (__y == 0) {
        __small = __n == 0 ? __oxm_j0_small(__z) : __a * __oxm_j1_small(__z);
    } else {
        double __ll;
        double __l = __oxm_log_dd(__a, &__ll);
        double __lj = __n == 0 ? __oxm_j0_small(__z) : __a * __oxm_j1_small(__z);
        double __lt = (__OXM_BJ_2OPI_HI * __l) * __lj;
        __small = __n == 0 ? __lt + __oxm_y0_small(__z)
                           : fma(__a, __oxm_y1_small(__z), __lt - __OXM_BJ_2OPI_HI / __a);
    }
    if (__a < 0.75)
        return __small;
    if (__a < 8.0) {
        const double *__tab = __y == 0 ? (__n == 0 ? __oxm_j0_tab : __oxm_j1_tab)
                                       : (__n == 0 ? __oxm_y0_tab : __oxm_y1_tab);
        return __oxm_bessel_tab(__tab, __a);
    }
    return __oxm_bessel_far(__a, __n, __y);
}

extern "C" __host__ __device__ __forceinline__ double j0(double __x)
{
    double __a = fabs(__x);
    double __r = __oxm_bessel01(__a, 0, 0);
    __r = __a == __longlong_as_double(0x7ff0000000000000LL) ? 0.0 : __r;
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ double j1(double __x)
{
    double __a = fabs(__x);
    double __r = __oxm_bessel01(__a, 1, 0);
    __r = __a == __longlong_as_double(0x7ff0000000000000LL) ? 0.0 : __r;
    __r = __x == 0.0 ? 0.0 : __r;
    return __x != __x ? __x : (__x < 0.0 ? -__r : __r);
}

/* Y0, Y1: NaN below 0, -inf at 0, +0 at +inf. */
static __device__ __forceinline__ double __oxm_bessel_y_special(double __x, double __r)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __x == __inf ? 0.0 : __r;
    __r = __x == 0.0 ? -__inf : __r;
    return __x < 0.0 ? __longlong_as_double(0x7fffffffffffffffLL) : (__x != __x ? __x : __r);
}

extern "C" __host__ __device__ __forceinline__ double y0(double __x)
{
    return __oxm_bessel_y_special(__x, __oxm_bessel01(__x, 0, 1));
}

extern "C" __host__ __device__ __forceinline__ double y1(double __x)
{
    return __oxm_bessel_y_special(__x, __oxm_bessel01(__x, 1, 1));
}

extern "C" __host__ __device__ __forceinline__ double jn(int __n, double __x)
{
    if (__n < 0)
        return __longlong_as_double(0x7fffffffffffffffLL);
    if (__n == 0)
        return j0(__x);
    if (__n == 1)
        return j1(__x);
    double __a = fabs(__x);
    double __r;
    if (!(__a < __longlong_as_double(0x7ff0000000000000LL)) || __a == 0.0) {
        /* NaN stays NaN; J_n(0) = J_n(inf) = 0 for n >= 1. */
        __r = __a != __a ? __a : 0.0;
    } else if (__a < 9.5367431640625e-07) {
        /* (a/2)^n/n! (1 - (a/2)^2/(n + 1)), underflowing gracefully. */
        double __h = 0.5 * __a;
        double __t = 1.0;
        for (int __k = 1; __k <= __n; __k++)
            __t *= __h / (double)__k;
        __r = __t * fma(-__h, __h / (double)(__n + 1), 1.0);
    } else if (__a > (double)__n) {
        double __inv = 1.0 / __a;
        double __jm = __oxm_bessel01(__a, 0, 0);
        double __jk = __oxm_bessel01(__a, 1, 0);
        for (int __k = 1; __k < __n; __k++) {
            double __jp = (2.0 * (double)__k * __inv) * __jk - __jm;
            __jm = __jk;
            __jk = __jp;
        }
        __r = __jk;
    } else {
        double __inv = 1.0 / __a;
        int __m = 2 * ((__n + 20 + (int)sqrt(60.0 * (double)__n)) / 2);
        double __up = 0.0;  /* J_(k+1), scaled */
        double __cur = 1.0; /* J_k, scaled (k = m at the start: any nonzero start) */
        double __even = 0.0;
        double __ans = 0.0;
        for (int __k = __m; __k > 0; __k--) {
            double __dn = (2.0 * (double)__k * __inv) * __cur - __up;
            __up = __cur;
            __cur = __dn; /* J_(k-1) */
            if (fabs(__cur) > 4.149515568880993e+180) {
                __cur *= 2.409919865102884e-181;
                __up *= 2.409919865102884e-181;
                __even *= 2.409919865102884e-181;
                __ans *= 2.409919865102884e-181;
            }
            if (__k - 1 == __n)
                __ans = __cur;
            if (((__k - 1) & 1) == 0 && __k - 1 > 0)
                __even += __cur;
        }
        __r = __ans / fma(2.0, __even, __cur);
    }
    /* J_n(-x) = (-1)^n J_n(x). */
    return (__x < 0.0 && (__n & 1)) ? -__r : __r;
}

extern "C" __host__ __device__ __forceinline__ double yn(int __n, double __x)
{
    if (__n < 0)
        return __longlong_as_double(0x7fffffffffffffffLL);
    if (__n == 0)
        return y0(__x);
    if (__n == 1)
        return y1(__x);
    double __r = 0.0;
    if (__x > 0.0 && __x < __longlong_as_double(0x7ff0000000000000LL)) {
        double __inv = 1.0 / __x;
        double __ym = __oxm_bessel01(__x, 0, 1);
        double __yk = __oxm_bessel01(__x, 1, 1);
        /* Upwards the recurrence is stable; once Y_k is -inf it stays there. */
        for (int __k = 1; __k < __n && __yk > -1.79769313486231570e308; __k++) {
            double __yp = (2.0 * (double)__k * __inv) * __yk - __ym;
            __ym = __yk;
            __yk = __yp;
        }
        __r = __yk;
    }
    return __oxm_bessel_y_special(__x, __r);
}
