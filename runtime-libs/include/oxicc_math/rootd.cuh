/* oxicc device math library: cbrt, rcbrt, rsqrt, hypot (double; the other double norms:
 * normd.cuh; the float norms: normf.cuh; cbrtf and rcbrtf: cbrtf.cuh).
 *
 * cbrt: a first guess from the bits (exponent and mantissa divided by 3 as one integer:
 * log2 of the guess is within 0.09 of log2(x)/3), four Newton steps, and a last step
 * whose residual x - y^3 is computed exactly (y^3 in double-double, Sterbenz for the
 * difference), so the result rounds about once. hypot: the larger operand scaled to
 * [1, 2) by a power of two, the sum of squares in double-double, sqrt with one Newton
 * correction. */
#pragma once
#include <oxicc_math/ddouble.cuh>

/* cbrt(a) = hi + *lo for a positive, finite, normal. */
static __device__ __forceinline__ double __oxm_cbrt_dd(double __a, double *__lo)
{
    double __y = __longlong_as_double(__double_as_longlong(__a) / 3 + 0x2aa0000000000000LL);
    __y = __y - (__y - __a / (__y * __y)) * 0.3333333333333333;
    __y = __y - (__y - __a / (__y * __y)) * 0.3333333333333333;
    __y = __y - (__y - __a / (__y * __y)) * 0.3333333333333333;
    __y = __y - (__y - __a / (__y * __y)) * 0.3333333333333333;
    double __sl, __cl;
    double __sh = __oxm_two_prod(__y, __y, &__sl);
    double __ch = __oxm_two_prod(__y, __sh, &__cl);
    __cl = fma(__y, __sl, __cl);
    double __r = (__a - __ch) - __cl;
    return __oxm_fast_two_sum(__y, __r / (3.0 * __sh), __lo);
}

/* a scaled into [2^-1022, 2^1000] by 2^(3m), and 2^-m in *__s. */
static __device__ __forceinline__ double __oxm_cbrt_scale(double __a, double *__s)
{
    bool __sub = __a < 2.2250738585072014e-308;
    bool __big = __a > 1e300;
    *__s = __sub ? 3.814697265625e-06 : (__big ? 8589934592.0 : 1.0);
    return __sub ? __a * 18014398509481984.0 : (__big ? __a * 1.5777218104420236e-30 : __a);
}

extern "C" __host__ __device__ __forceinline__ double cbrt(double __x)
{
    double __a = fabs(__x);
    double __lo, __sc;
    double __r = __oxm_cbrt_dd(__oxm_cbrt_scale(__a, &__sc), &__lo) * __sc;
    bool __keep = __a == 0.0 || !(__a < __longlong_as_double(0x7ff0000000000000LL));
    return __keep ? __x + __x : copysign(__r, __x);
}

extern "C" __host__ __device__ __forceinline__ double rcbrt(double __x)
{
    double __a = fabs(__x);
    double __lo, __l2, __sc;
    double __h = __oxm_cbrt_dd(__oxm_cbrt_scale(__a, &__sc), &__lo);
    double __r = __oxm_dd_div(1.0, 0.0, __h, __lo, &__l2) / __sc;
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __a == 0.0 ? __inf : (__a == __inf ? 0.0 : __r);
    return __x != __x ? __x + __x : copysign(__r, __x);
}

extern "C" __host__ __device__ __forceinline__ double hypot(double __x, double __y)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __a = fabs(__x), __b = fabs(__y);
    double __m = fmax(__a, __b), __n = fmin(__a, __b);
    int __e = (int)((__double_as_longlong(__m) >> 52) & 0x7ff) - 1023;
    __e = __e < -1022 ? -1022 : (__e > 1022 ? 1022 : __e);
    double __s = __oxm_pow2d(-__e);
    double __ms = __m * __s, __ns = __n * __s;
    double __pl, __ql, __e2;
    double __ph = __oxm_two_prod(__ms, __ms, &__pl);
    double __qh = __oxm_two_prod(__ns, __ns, &__ql);
    double __wh = __oxm_two_sum(__ph, __qh, &__e2);
    double __wl = __e2 + __pl + __ql;
    double __r = sqrt(__wh);
    __r = __r + (fma(-__r, __r, __wh) + __wl) / (2.0 * __r);
    __r = __r * __oxm_pow2d(__e);
    __r = __m == 0.0 ? 0.0 : __r;
    __r = (__x != __x || __y != __y) ? __x + __y : __r;
    return (__a == __inf || __b == __inf) ? __inf : __r;
}

/* 1/sqrt(x): sqrt as a double-double (one Newton correction), then a double-double
 * division, rounded once. */
extern "C" __host__ __device__ __forceinline__ double rsqrt(double __x)
{
    double __s = sqrt(__x);
    double __sl = fma(-__s, __s, __x) / (2.0 * __s);
    double __l;
    double __r = __oxm_dd_div(1.0, 0.0, __s, __sl, &__l);
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __x == 0.0 ? copysign(__inf, __x) : (__x == __inf ? 0.0 : __r);
    return (__x < 0.0 || __x != __x) ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
}



namespace std {
using ::cbrt;
using ::hypot;
}
