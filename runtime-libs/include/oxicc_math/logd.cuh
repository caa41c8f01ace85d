/* oxicc device math library: the double logarithms log, log2, log10, log1p, pow, asinh,
 * acosh, atanh (the float versions are float code: powf.cuh, log1pf.cuh, ahypf.cuh). *
 * One core, log(x) as a double-double: x = 2^k m with m in [sqrt(1/2), sqrt(2)) (a
 * subnormal scaled by 2^54 first), f = m - 1 exactly, and log(1 + f) = 2 atanh(s) =
 * 2s + 2s^3/3 + s^5 Q(s^2) with s = f/(2 + f) in double-double and Q the atanh series to
 * s^25 (|s| <= 0.1716: truncation below 2^-72). The first two terms are summed exactly,
 * so the core is good to about 2^-68 relative: enough for pow, where y log x must be
 * right to 2^-60 absolute up to |y log x| = 745. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/expd.cuh>

/* log(x) = hi + *lo for x positive and finite. */
static __device__ __forceinline__ double __oxm_log_dd(double __x, double *__lo)
{
    double __e = 0.0;
    if (__x < 2.2250738585072014e-308) {
        __x *= 18014398509481984.0;
        __e = -54.0;
    }
    long long __ix = __double_as_longlong(__x);
    long long __ki = (__ix - 0x3fe6a09e667f3bcdLL) >> 52;
    double __m = __longlong_as_double(__ix - (__ki << 52));
    double __f = __m - 1.0;
    double __kd = (double)__ki + __e;
    double __dl;
    double __dh = __oxm_fast_two_sum(2.0, __f, &__dl);
    double __sh = __f / __dh;
    double __sl = (fma(-__sh, __dh, __f) - __sh * __dl) / __dh;
    double __zl, __cl, __tl;
    double __zh = __oxm_two_prod(__sh, __sh, &__zl);
    double __ch = __oxm_two_prod(__sh, __zh, &__cl);
    __cl = fma(__sh, __zl, __cl);
    double __th = __oxm_two_prod(__ch, __OXM_2O3_HI, &__tl);
    __tl += __ch * __OXM_2O3_LO + __cl * __OXM_2O3_HI;
    double __q = __OXM_ATANH_C12;
    __q = fma(__q, __zh, __OXM_ATANH_C11);
    __q = fma(__q, __zh, __OXM_ATANH_C10);
    __q = fma(__q, __zh, __OXM_ATANH_C9);
    __q = fma(__q, __zh, __OXM_ATANH_C8);
    __q = fma(__q, __zh, __OXM_ATANH_C7);
    __q = fma(__q, __zh, __OXM_ATANH_C6);
    __q = fma(__q, __zh, __OXM_ATANH_C5);
    __q = fma(__q, __zh, __OXM_ATANH_C4);
    __q = fma(__q, __zh, __OXM_ATANH_C3);
    __q = fma(__q, __zh, __OXM_ATANH_C2);
    double __e1, __e2;
    double __s1 = __oxm_two_sum(__kd * __OXM_LN2_1, 2.0 * __sh, &__e1);
    double __s2 = __oxm_two_sum(__s1, __th, &__e2);
    double __l = __e1 + __e2 + __tl + (__ch * __zh) * __q
                 + fma(__kd, __OXM_LN2_2, 2.0 * __sl * (1.0 + __zh));
    return __oxm_fast_two_sum(__s2, __l, __lo);
}

/* log of 0 is -inf, of a negative number NaN, of +inf +inf, of NaN NaN. */
static __device__ __forceinline__ double __oxm_log_special_d(double __x, double __r)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __s = __x == 0.0 ? -__inf : (__x < 0.0 ? __longlong_as_double(0x7fffffffffffffffLL) : __x + __x);
    return (__x > 0.0 && __x < __inf) ? __r : __s;
}

extern "C" __host__ __device__ __forceinline__ double log(double __x)
{
    double __lo;
    double __r = __oxm_log_dd(__x, &__lo);
    return __oxm_log_special_d(__x, __r);
}

/* log(x) times a double-double constant, rounded once. */
static __device__ __forceinline__ double __oxm_log_scaled(double __x, double __ch, double __cl)
{
    double __lo, __pl;
    double __hi = __oxm_log_dd(__x, &__lo);
    double __ph = __oxm_two_prod(__hi, __ch, &__pl);
    double __r = __ph + (__pl + fma(__hi, __cl, __lo * __ch));
    return __oxm_log_special_d(__x, __r);
}

extern "C" __host__ __device__ __forceinline__ double log2(double __x)
{
    return __oxm_log_scaled(__x, __OXM_LOG2E_HI, __OXM_LOG2E_LO);
}

extern "C" __host__ __device__ __forceinline__ double log10(double __x)
{
    return __oxm_log_scaled(__x, __OXM_LOG10E_HI, __OXM_LOG10E_LO);
}

/* log(u) + ul/u with 1 + x = u + ul exactly. */
extern "C" __host__ __device__ __forceinline__ double log1p(double __x)
{
    double __ul, __lo;
    double __uh = __oxm_two_sum(1.0, __x, &__ul);
    double __hi = __oxm_log_dd(__uh, &__lo);
    double __r = __hi + (__lo + __ul / __uh);
    __r = __oxm_log_special_d(__uh, __r);
    return __x == 0.0 ? __x : __r;
}

/* x^y = exp(y log|x|) with y log|x| in double-double, then C99's special cases. */
extern "C" __host__ __device__ __forceinline__ double pow(double __x, double __y)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __a = fabs(__x);
    double __ll, __pl, __ql;
    double __lh = __oxm_log_dd(__a, &__ll);
    double __ph = __oxm_two_prod(__y, __lh, &__pl);
    __pl = fabs(__ph) < 1000.0 ? fma(__y, __ll, __pl) : 0.0;
    int __k;
    double __qh = __oxm_exp_core(__ph, __pl, &__k, &__ql);
    double __r = __oxm_exp_finish(__qh, __ql, __k);
    bool __yint = rint(__y) == __y;
    bool __yodd = __yint && rint(0.5 * __y) != 0.5 * __y;
    if (__x < 0.0 && !__yint)
        __r = __longlong_as_double(0x7fffffffffffffffLL);
    if (__a == 0.0 || __a == __inf)
        __r = ((__y < 0.0) == (__a == 0.0)) ? __inf : 0.0;
    if (fabs(__y) == __inf)
        __r = __a == 1.0 ? 1.0 : (((__a < 1.0) == (__y < 0.0)) ? __inf : 0.0);
    if (__yodd && __double_as_longlong(__x) < 0)
        __r = -__r;
    if (__x != __x || __y != __y)
        __r = __x + __y;
    if (__y == 0.0 || __x == 1.0)
        __r = 1.0;
    return __r;
}

/* log(1 + th + tl) for th >= 0 (or th > -1/2), rounded once: 1 + t as a double-double,
 * log of its high part, and the low part over it. */
static __device__ __forceinline__ double __oxm_log1p_dd(double __th, double __tl)
{
    double __ul, __lo;
    double __uh = __oxm_two_sum(1.0, __th, &__ul);
    double __hi = __oxm_log_dd(__uh, &__lo);
    return __hi + (__lo + (__ul + __tl) / __uh);
}

/* sqrt(wh + wl) = hi + *lo. */
static __device__ __forceinline__ double __oxm_sqrt_dd(double __wh, double __wl, double *__lo)
{
    double __s = sqrt(__wh);
    *__lo = __s > 0.0 ? (fma(-__s, __s, __wh) + __wl) / (2.0 * __s) : 0.0;
    return __s;
}

/* asinh a = log1p(a + a^2 / (1 + sqrt(1 + a^2))), every step in double-double; beyond
 * 2^500, log(a) + ln 2. */
extern "C" __host__ __device__ __forceinline__ double asinh(double __x)
{
    double __a = fabs(__x);
    double __pl, __wl, __sl, __dl, __ql, __tl, __lo;
    double __p = __oxm_two_prod(__a, __a, &__pl);
    double __wh = __oxm_two_sum(1.0, __p, &__wl);
    double __sh = __oxm_sqrt_dd(__wh, __wl + __pl, &__sl);
    double __dh = __oxm_fast_two_sum(1.0, __sh, &__dl);
    double __qh = __oxm_dd_div(__p, __pl, __dh, __dl + __sl, &__ql);
    double __th = __oxm_two_sum(__a, __qh, &__tl);
    double __r = __oxm_log1p_dd(__th, __tl + __ql);
    double __big = __oxm_log_dd(__a, &__lo);
    __big = __big + (__lo + __OXM_LN2_HI);
    __r = __a > 3.2733906078961419e150 ? __big : __r;
    /* 0, inf and NaN come back. */
    return (__a == 0.0 || !(__a < __longlong_as_double(0x7ff0000000000000LL))) ? __x + __x : copysign(__r, __x);
}

/* acosh x = log1p((x - 1) + sqrt((x - 1)(x + 1))), every step in double-double; beyond
 * 2^500, log(x) + ln 2; NaN below 1. */
extern "C" __host__ __device__ __forceinline__ double acosh(double __x)
{
    double __ml, __nl, __pl, __sl, __tl, __lo;
    double __mh = __oxm_two_sum(__x, -1.0, &__ml);
    double __nh = __oxm_two_sum(__x, 1.0, &__nl);
    double __ph = __oxm_two_prod(__mh, __nh, &__pl);
    __pl += __mh * __nl + __ml * __nh;
    double __sh = __oxm_sqrt_dd(__ph, __pl, &__sl);
    double __th = __oxm_two_sum(__mh, __sh, &__tl);
    double __r = __oxm_log1p_dd(__th, __tl + __ml + __sl);
    double __big = __oxm_log_dd(__x, &__lo);
    __big = __big + (__lo + __OXM_LN2_HI);
    __r = __x > 3.2733906078961419e150 ? __big : __r;
    __r = __x == __longlong_as_double(0x7ff0000000000000LL) ? __x : __r;
    return __x < 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : (__x != __x ? __x + __x : __r);
}

/* atanh a = log1p(2a / (1 - a)) / 2 with 1 - a and the quotient in double-double. */
extern "C" __host__ __device__ __forceinline__ double atanh(double __x)
{
    double __a = fabs(__x);
    double __dl, __ql;
    double __dh = __oxm_two_sum(1.0, -__a, &__dl);
    double __qh = __oxm_dd_div(2.0 * __a, 0.0, __dh, __dl, &__ql);
    double __r = 0.5 * __oxm_log1p_dd(__qh, __ql);
    __r = __a == 1.0 ? __longlong_as_double(0x7ff0000000000000LL) : __r;
    __r = __a > 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
    return (__a == 0.0 || __x != __x) ? __x + __x : copysign(__r, __x);
}



namespace std {
using ::log;
using ::log2;
using ::log10;
using ::log1p;
using ::pow;
using ::asinh;
using ::acosh;
using ::atanh;
}
