/* oxicc device math library: the double atan, atan2, asin, acos (the float versions are
 * float code: atanf.cuh).
 *
 * atan, asin, acos (session 14): one polynomial each on a reduced range, no division.
 * atan x = pi/2 - atan(1/|x|) beyond 1, with 1/|x| from rcp.approx and one cubic Newton
 * step; atan t = t + t z Q(z), z = t^2, on [0, 1]. asin and acos share asin s = s + s z
 * P(z), z = s^2, s in [0, 1/2]: below 1/2 s = |x|; from 1/2 on, asin |x| = pi/2 - 2 asin s
 * with s = sqrt((1 - |x|)/2) (z = (1 - |x|)/2 is exact there), s as a double-double from
 * rsqrt.approx and two Newton steps. Every result is C + m (s + tail) for a constant C
 * (0, pi/2, pi as two doubles) and m in {+-1, +-2}: m s is exact, C + m s is added by
 * Fast2Sum (|m s| <= 1 <= C or C = 0) and the small terms join before the last rounding,
 * so the result is rounded about once. Q and P are ours (tools/mathconst/invtrigd.py,
 * invtrigpoly.cuh); the structure (a reciprocal and one polynomial on [0, 1] for atan,
 * the half-angle identity for asin) is the classical one (Muller, Elementary Functions).
 *
 * atan2 keeps the double-double core below: breakpoints c_i = tan(i pi/8) split [0, inf)
 * into five regions; atan a = i pi/8 + atan t with t = (a - c)/(1 + a c) (t = -1/a in the
 * last), so |t| <= tan(pi/16); t is formed in double-double (c too), and atan t is its
 * Taylor series to t^21 (truncation below 2^-56 relative). */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/invtrigpoly.cuh>

/* atan(ah + al) = hi + *lo for a >= 0 finite. */
static __device__ __forceinline__ double __oxm_atan_dd(double __ah, double __al, double *__lo)
{
    double __ch = 0.0, __cl = 0.0, __kh = 0.0, __kl = 0.0;
    double __nh = __ah, __nl = __al, __dh = 1.0, __dl = 0.0;
    if (__ah > __OXM_TAN_7PIO16) {
        __kh = __OXM_PIO2_HI;
        __kl = __OXM_PIO2_LO;
        __nh = -1.0;
        __nl = 0.0;
        __dh = __ah;
        __dl = __al;
    } else if (__ah > __OXM_TAN_PIO16) {
        if (__ah > __OXM_TAN_5PIO16) {
            __ch = __OXM_TAN_3PIO8_HI;
            __cl = __OXM_TAN_3PIO8_LO;
            __kh = __OXM_3PIO8_HI;
            __kl = __OXM_3PIO8_LO;
        } else if (__ah > __OXM_TAN_3PIO16) {
            __ch = 1.0;
            __kh = __OXM_PIO4_HI;
            __kl = __OXM_PIO4_LO;
        } else {
            __ch = __OXM_TAN_PIO8_HI;
            __cl = __OXM_TAN_PIO8_LO;
            __kh = __OXM_PIO8_HI;
            __kl = __OXM_PIO8_LO;
        }
        double __e, __pl;
        __nh = __oxm_two_sum(__ah, -__ch, &__e);
        __nl = __e + (__al - __cl);
        double __ph = __oxm_two_prod(__ah, __ch, &__pl);
        __dh = __oxm_two_sum(1.0, __ph, &__e);
        __dl = __e + __pl + fma(__ah, __cl, __al * __ch);
    }
    double __tl;
    double __th = __oxm_dd_div(__nh, __nl, __dh, __dl, &__tl);
    double __z = __th * __th;
    double __p = __OXM_ATAND_C10;
    __p = fma(__p, __z, __OXM_ATAND_C9);
    __p = fma(__p, __z, __OXM_ATAND_C8);
    __p = fma(__p, __z, __OXM_ATAND_C7);
    __p = fma(__p, __z, __OXM_ATAND_C6);
    __p = fma(__p, __z, __OXM_ATAND_C5);
    __p = fma(__p, __z, __OXM_ATAND_C4);
    __p = fma(__p, __z, __OXM_ATAND_C3);
    __p = fma(__p, __z, __OXM_ATAND_C2);
    __p = fma(__p, __z, __OXM_ATAND_C1);
    double __tail = fma(__th * __z, __p, __tl * (1.0 - __z));
    double __e;
    double __s = __oxm_two_sum(__kh, __th, &__e);
    return __oxm_fast_two_sum(__s, __e + __kl + __tail, __lo);
}

/* The angle of (x, y) for x, y >= 0 (dd; inf allowed, not both 0 unless y = 0) as
 * hi + *lo in [0, pi/2]: atan(y/x) when y <= x, pi/2 - atan(x/y) otherwise. */
static __device__ __forceinline__ double __oxm_angle_dd(double __yh, double __yl, double __xh,
                                                        double __xl, double *__lo)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    bool __swap = __yh > __xh;
    double __nh = __swap ? __xh : __yh, __nl = __swap ? __xl : __yl;
    double __dh = __swap ? __yh : __xh, __dl = __swap ? __yl : __xl;
    double __tl;
    double __th = __oxm_dd_div(__nh, __nl, __dh, __dl, &__tl);
    /* 0/0, x/inf and inf/inf. */
    bool __zero = __nh == 0.0 || (__dh == __inf && __nh != __inf);
    __th = __zero ? 0.0 : (__dh == __inf ? 1.0 : __th);
    __tl = (__zero || __dh == __inf) ? 0.0 : __tl;
    double __vl;
    double __vh = __oxm_atan_dd(__th, __tl, &__vl);
    if (__swap) {
        double __e;
        __vh = __oxm_two_sum(__OXM_PIO2_HI, -__vh, &__e);
        __vl = __e + (__OXM_PIO2_LO - __vl);
    }
    return __oxm_fast_two_sum(__vh, __vl, __lo);
}

/* C + m (s + tail) rounded about once, with C = ch + cl (0 or at least |m s|) and m s
 * exact: Fast2Sum of ch and m s, then the small terms. */
static __device__ __forceinline__ double __oxm_invtrig_join(double __ch, double __cl, double __m,
                                                            double __s, double __tail)
{
    double __h = __m * __s;
    double __r = __ch + __h;
    double __e = (__ch - __r) + __h;
    return __r + (__e + fma(__m, __tail, __cl));
}

extern "C" __host__ __device__ __forceinline__ double atan(double __x)
{
    double __a = fabs(__x);
    bool __big = __a > 1.0;
    /* 1/a: rcp.approx (about 2^-23) and a cubic Newton step (e + e^2). Beyond 2^1022 the
     * ftz approximation is 0, and so is t (atan is pi/2 there); the min keeps inf out of
     * the step (inf * 0). */
    double __b = fmin(__a, __longlong_as_double(0x7fe0000000000000LL));
    double __r = __oxicc_rcp_approx_d(__b);
    double __e = fma(-__b, __r, 1.0);
    __e = fma(__e, __e, __e);
    __r = fma(__e, __r, __r);
    double __t = __big ? __r : __a;
    double __z = __t * __t;
    double __tail = __t * __z * __oxm_atan_q(__z);
    double __v = __oxm_invtrig_join(__big ? __OXM_PIO2_HI : 0.0, __big ? __OXM_PIO2_LO : 0.0,
                                    __big ? -1.0 : 1.0, __t, __tail);
    return copysign(__v, __x);
}

/* Adds pi - v for x < 0 (or -0), copies y's sign, and passes NaNs. */
static __device__ __forceinline__ double __oxm_atan2_finish(double __y, double __x, double __vh,
                                                            double __vl)
{
    double __r = __vh;
    if (__double_as_longlong(__x) < 0) {
        double __e;
        double __s = __oxm_two_sum(__OXM_PI_HI, -__vh, &__e);
        __r = __s + (__e + (__OXM_PI_LO - __vl));
    }
    __r = copysign(__r, __y);
    return (__x != __x || __y != __y) ? __x + __y : __r;
}

extern "C" __host__ __device__ __forceinline__ double atan2(double __y, double __x)
{
    double __vl;
    double __vh = __oxm_angle_dd(fabs(__y), 0.0, fabs(__x), 0.0, &__vl);
    return __oxm_atan2_finish(__y, __x, __vh, __vl);
}

/* asin (acos false) or acos of x as C + m (s + tail) (see the top). */
static __device__ __forceinline__ double __oxm_asin_acos(double __x, bool __acos)
{
    double __a = fabs(__x);
    bool __small = __a < 0.5;
    /* (1 - a)/2, exact from 1/2 to 1 (Sterbenz); negative beyond 1 (NaN below). */
    double __w = fma(-0.5, __a, 0.5);
    /* sqrt(w) = s1 + sl: rsqrt.approx y, s0 = w y, two Newton steps on the residual
     * w - s^2 (fma), the second kept as the low part (about 2^-66 relative). */
    double __y = __oxicc_rsqrt_approx_d(__w);
    double __hy = 0.5 * __y;
    double __s0 = __w * __y;
    double __s1 = fma(fma(-__s0, __s0, __w), __hy, __s0);
    double __sl = fma(-__s1, __s1, __w) * __hy;
    /* w = 0 (|x| = 1): rsqrt is inf and w y NaN. */
    bool __one = __w == 0.0;
    double __s = __small ? __a : (__one ? 0.0 : __s1);
    __sl = (__small || __one) ? 0.0 : __sl;
    double __z = __small ? __a * __a : __w;
    double __tail = fma(__s * __z, __oxm_asin_p(__z), __sl);
    bool __neg = __x < 0.0;
    double __ch, __cl, __m;
    if (!__acos) {
        /* asin |x| = asin s, or pi/2 - 2 asin s; the sign last. */
        __ch = __small ? 0.0 : __OXM_PIO2_HI;
        __cl = __small ? 0.0 : __OXM_PIO2_LO;
        __m = __small ? 1.0 : -2.0;
    } else {
        /* acos x = pi/2 -+ asin s; 2 asin s, or pi - 2 asin s for x < 0. */
        __ch = __small ? __OXM_PIO2_HI : (__neg ? __OXM_PI_HI : 0.0);
        __cl = __small ? __OXM_PIO2_LO : (__neg ? __OXM_PI_LO : 0.0);
        __m = __small ? (__neg ? 1.0 : -1.0) : (__neg ? -2.0 : 2.0);
    }
    double __v = __oxm_invtrig_join(__ch, __cl, __m, __s, __tail);
    return __acos ? __v : copysign(__v, __x);
}

extern "C" __host__ __device__ __forceinline__ double asin(double __x)
{
    return __oxm_asin_acos(__x, false);
}

extern "C" __host__ __device__ __forceinline__ double acos(double __x)
{
    return __oxm_asin_acos(__x, true);
}

namespace std {
using ::atan;
using ::asin;
using ::acos;
using ::atan2;
}
