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
    /* 1/dh from rcp.approx and a cubic Newton step (session 15: an IEEE division before). */
    double __rc = __oxm_rcp_newton(__dh);
    double __sh = __f * __rc;
    double __sl = (fma(-__sh, __dh, __f) - __sh * __dl) * __rc;
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

/* log(x (1 + xl/x)) = hi + *lo for x positive and finite, to about 2^-62 relative (with
 * with_low, x + xl = 1 + th + tl, x = 1 + th rounded)
 * (session 15; log used __oxm_log_dd before, 236 SASS against nvcc's 78): x = 2^k m as
 * above, f = m - 1 exact, fl = xl 2^-k (with_low only: log1p's 1 + x is a double-double),
 * s = (f + fl)/(2 + f + fl) as sh + sl with 2 + f = d + dl by Fast2Sum, 1/d from
 * rcp.approx and a cubic Newton step, sh = f/d, sl from the residual (exact by fma but
 * for the tiny sh dl); log(1 + f) = 2s + s z L(z) with L the minimax polynomial of
 * degree 7 in z = s^2 (tools/mathconst/expd.py, 2^-66.6; z <= 0.0295), and
 * 2 atanh(sh + sl) ~ 2 atanh(sh) + 2 sl (1 + z). k ln2_1 (exact) + 2 sh by Fast2Sum
 * (|k ln2_1| >= 0.69 > |2 sh|, or k = 0), the small terms after. */
static __device__ __forceinline__ double __oxm_log_light(double __x, double __xl, double __th,
                                                         double __tl, bool __with_low,
                                                         double *__lo)
{
    bool __sub = __x < 2.2250738585072014e-308;
    __x = __sub ? __x * 18014398509481984.0 : __x;
    long long __ix = __double_as_longlong(__x);
    long long __ki = (__ix - 0x3fe6a09e667f3bcdLL) >> 52;
    double __m = __longlong_as_double(__ix - (__ki << 52));
    double __f = __m - 1.0;
    double __kd = (double)__ki - (__sub ? 54.0 : 0.0);
    double __d = 2.0 + __f;
    double __dl = (2.0 - __d) + __f;
    double __fl = 0.0;
    if (__with_low) {
        /* x is 1 + x' rounded, never subnormal; k is in [-53, 1024], 2^-k made as
         * 2^(1-k) / 2 (0 for k = 1024, where fl is below 2^-1022 of f anyway). For k = 0
         * f + fl is th + tl itself: m - 1 would cancel against xl (for x' near -2^-54,
         * m - 1 is twice x' and 2 s lost a bit). */
        __fl = __ki == 0 ? __tl : __xl * __oxm_pow2d(1 - (int)__ki) * 0.5;
        __f = __ki == 0 ? __th : __f;
        __d = 2.0 + __f;
        __dl = ((2.0 - __d) + __f) + __fl;
    }
    double __r = __oxm_rcp_newton(__d);
    double __sh = __f * __r;
    double __sl = (fma(-__sh, __d, __f) + (__fl - __sh * __dl)) * __r;
    double __z = __sh * __sh;
    double __t = fma(__sh * __z, __oxm_log_l(__z), fma(2.0 * __sl, __z, 2.0 * __sl));
    double __kh = __kd * __OXM_LN2_1;
    double __hi = __kh + 2.0 * __sh;
    double __e = (__kh - __hi) + 2.0 * __sh;
    return __oxm_fast_two_sum(__hi, __e + fma(__kd, __OXM_LN2_2, __t), __lo);
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
    double __r = __oxm_log_light(__x, 0.0, 0.0, 0.0, false, &__lo);
    return __oxm_log_special_d(__x, __r);
}

/* log(x) times a double-double constant, rounded once. */
static __device__ __forceinline__ double __oxm_log_scaled(double __x, double __ch, double __cl)
{
    double __lo, __pl;
    double __hi = __oxm_log_light(__x, 0.0, 0.0, 0.0, false, &__lo);
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

/* log(u (1 + ul/u)) with 1 + x = u + ul exactly (two_sum), the low part joining s
 * (__oxm_log_light; session 15: a division by u before). */
extern "C" __host__ __device__ __forceinline__ double log1p(double __x)
{
    double __ul, __lo;
    double __uh = __oxm_two_sum(1.0, __x, &__ul);
    double __r = __oxm_log_light(__uh, __ul, __x, 0.0, true, &__lo);
    __r = __oxm_log_special_d(__uh, __r + __lo);
    /* Below 2^-54 log1p x rounds to x (and 2^-k xl would round a subnormal x). */
    return fabs(__x) < 5.551115123125783e-17 ? __x : __r;
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

/* log(1 + th + tl) + c for th >= 0, rounded about once: 1 + t as a double-double (two_sum),
 * and __oxm_log_light with its low part (session 15: log of the high part and a division
 * by it before). */
static __device__ __forceinline__ double __oxm_log1p_dd(double __th, double __tl, double __c)
{
    double __ul, __lo;
    double __uh = __oxm_two_sum(1.0, __th, &__ul);
    double __hi = __oxm_log_light(__uh, __ul + __tl, __th, __tl, true, &__lo);
    /* + c (0, or ln 2 where the logarithm is beyond 346) by Fast2Sum, rounded once. */
    double __s = __hi + __c;
    return __s + (((__hi - __s) + __c) + __lo);
}

/* sqrt(wh + wl) = hi + *lo for wh >= 1: __oxm_sqrt_dd's rsqrt.approx and Newton steps
 * (ddouble.cuh), the low part from the residual (no sqrt.rn, no division). */
static __device__ __forceinline__ double __oxm_sqrt_dd(double __wh, double __wl, double *__lo)
{
    double __y = __oxicc_rsqrt_approx_d(__wh);
    __y = fma(__y * 0.5, fma(-__wh * __y, __y, 1.0), __y);
    double __s0 = __wh * __y;
    double __s = fma(fma(-__s0, __s0, __wh) + __wl, 0.5 * __y, __s0);
    *__lo = (fma(-__s, __s, __wh) + __wl) * (0.5 * __y);
    return __s;
}

/* (nh + nl) / (dh + dl) = hi + *lo for dh and 1/dh normal: 1/dh by __oxm_rcp_newton, the
 * low part from the residual (no division). */
static __device__ __forceinline__ double __oxm_div_dd(double __nh, double __nl, double __dh,
                                                      double __dl, double *__lo)
{
    double __r = __oxm_rcp_newton(__dh);
    double __q = __nh * __r;
    *__lo = (fma(-__q, __dh, __nh) + (__nl - __q * __dl)) * __r;
    return __q;
}

/* asinh a = log1p(a + a^2 / (1 + sqrt(1 + a^2))), every step in double-double; beyond
 * 2^500, log(a) + ln 2 as log1p of a - 1 (1 + (a - 1) = a) with ln 2 added after, so
 * that there is one logarithm (session 15: two, IEEE divisions and sqrt.rn before). */
extern "C" __host__ __device__ __forceinline__ double asinh(double __x)
{
    double __a = fabs(__x);
    bool __big = __a > 3.2733906078961419e150;
    double __pl, __wl, __sl, __dl, __ql, __tl;
    double __p = __oxm_two_prod(__a, __a, &__pl);
    double __wh = __oxm_two_sum(1.0, __p, &__wl);
    double __sh = __oxm_sqrt_dd(__wh, __wl + __pl, &__sl);
    double __dh = __oxm_fast_two_sum(1.0, __sh, &__dl);
    double __qh = __oxm_div_dd(__p, __pl, __dh, __dl + __sl, &__ql);
    double __th = __oxm_two_sum(__a, __qh, &__tl);
    double __r = __oxm_log1p_dd(__big ? __a - 1.0 : __th, __big ? 0.0 : __tl + __ql,
                                __big ? __OXM_LN2_HI : 0.0);
    /* Below 2^-28 asinh x rounds to x (subnormals kept); inf and NaN come back. */
    return (__a < 3.725290298461914e-09 || !(__a < __longlong_as_double(0x7ff0000000000000LL))) ? __x : copysign(__r, __x);
}

/* acosh x = log1p((x - 1) + sqrt((x - 1)(x + 1))), every step in double-double; beyond
 * 2^500, log(x) + ln 2 as in asinh; NaN below 1. */
extern "C" __host__ __device__ __forceinline__ double acosh(double __x)
{
    bool __big = __x > 3.2733906078961419e150;
    double __ml, __nl, __pl, __sl, __tl;
    double __mh = __oxm_two_sum(__x, -1.0, &__ml);
    double __nh = __oxm_two_sum(__x, 1.0, &__nl);
    double __ph = __oxm_two_prod(__mh, __nh, &__pl);
    __pl += __mh * __nl + __ml * __nh;
    double __sh = __oxm_sqrt_dd(__ph, __pl, &__sl);
    /* x = 1: sqrt of 0 is NaN here (rsqrt is inf), and acosh 1 = 0. */
    __sh = __ph == 0.0 ? 0.0 : __sh;
    __sl = __ph == 0.0 ? 0.0 : __sl;
    double __th = __oxm_two_sum(__mh, __sh, &__tl);
    double __r = __oxm_log1p_dd(__big ? __x - 1.0 : __th, __big ? 0.0 : __tl + __ml + __sl,
                                __big ? __OXM_LN2_HI : 0.0);
    __r = __x == __longlong_as_double(0x7ff0000000000000LL) ? __x : __r;
    return __x < 1.0 ? __longlong_as_double(0x7fffffffffffffffLL) : (__x != __x ? __x + __x : __r);
}

/* atanh a = log1p(2a / (1 - a)) / 2 with 1 - a and the quotient in double-double. */
extern "C" __host__ __device__ __forceinline__ double atanh(double __x)
{
    double __a = fabs(__x);
    double __dl, __ql;
    double __dh = __oxm_two_sum(1.0, -__a, &__dl);
    double __qh = __oxm_div_dd(2.0 * __a, 0.0, __dh, __dl, &__ql);
    double __r = 0.5 * __oxm_log1p_dd(__qh, __ql, 0.0);
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
