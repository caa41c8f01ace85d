/* oxicc device math library: the double atan, atan2, asin, acos (the float versions are
 * float code: atanf.cuh).
 *
 * One core: atan of a non-negative double-double a. Breakpoints c_i = tan(i pi/8) split
 * [0, inf) into five regions; atan a = i pi/8 + atan t with t = (a - c)/(1 + a c)
 * (t = -1/a in the last), so |t| <= tan(pi/16); t is formed in double-double (c too),
 * and atan t is its Taylor series to t^21 (truncation below 2^-56 relative). asin and
 * acos are atan2 of sqrt(1 - x^2) (in double-double) and x. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>

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

extern "C" __host__ __device__ __forceinline__ double atan(double __x)
{
    double __a = fabs(__x);
    double __lo;
    double __r = __oxm_atan_dd(__a, 0.0, &__lo);
    __r = __a == __longlong_as_double(0x7ff0000000000000LL) ? __OXM_PIO2_HI : __r;
    return copysign(__r, __x);
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

/* sqrt(1 - x^2) = hi + *lo for |x| <= 1. */
static __device__ __forceinline__ double __oxm_sqrt_1mx2(double __a, double *__lo)
{
    double __pl, __e;
    double __ph = __oxm_two_prod(__a, __a, &__pl);
    double __wh = __oxm_two_sum(1.0, -__ph, &__e);
    double __wl = __e - __pl;
    double __sh = sqrt(__wh);
    *__lo = __sh > 0.0 ? (fma(-__sh, __sh, __wh) + __wl) / (2.0 * __sh) : 0.0;
    return __sh;
}

extern "C" __host__ __device__ __forceinline__ double asin(double __x)
{
    double __a = fabs(__x);
    double __sl, __vl;
    double __sh = __oxm_sqrt_1mx2(__a, &__sl);
    double __vh = __oxm_angle_dd(__a, 0.0, __sh, __sl, &__vl);
    double __r = copysign(__vh, __x);
    /* NaN for |x| > 1 (sqrt of a negative) and for NaN. */
    return __a > 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : (__x != __x ? __x + __x : __r);
}

extern "C" __host__ __device__ __forceinline__ double acos(double __x)
{
    double __a = fabs(__x);
    double __sl, __vl;
    double __sh = __oxm_sqrt_1mx2(__a, &__sl);
    double __vh = __oxm_angle_dd(__sh, __sl, __a, 0.0, &__vl);
    double __r = __oxm_atan2_finish(1.0, __x, __vh, __vl);
    return __a > 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : (__x != __x ? __x + __x : __r);
}

namespace std {
using ::atan;
using ::asin;
using ::acos;
using ::atan2;
}
