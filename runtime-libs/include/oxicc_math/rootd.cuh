/* oxicc device math library: cbrt, rcbrt, rsqrt, hypot (double; the other double norms:
 * normd.cuh; the float norms: normf.cuh; cbrtf and rcbrtf: cbrtf.cuh).
 *
 * cbrt, rcbrt: |x| = 2^(3k) m with m in [1, 8) from the exponent bits; a float first
 * guess of m^(-1/3) by lg2.approx and ex2.approx (about 2^-21, as rcbrtf's), one Newton
 * step in double for m^(-1/3) (2^-41; no division anywhere), then one last step whose
 * residual is computed exactly up to one rounding: for cbrt on y = m r^2 (y^3 in
 * double-double, m - y^3 exact by Sterbenz, 1/(3y^2) as r^2/3), for rcbrt on
 * 1 - m r^3 (r^3 in double-double); the result is rounded about once and scaled by 2^-k
 * (2^k for cbrt) exactly. Session 13; before, four Newton steps each with an IEEE
 * division (347 and 435 SASS against nvcc's 58 and 60). hypot: the larger operand scaled to
 * [1, 2) by a power of two, the sum of squares in double-double, its square root by
 * __oxm_sqrt_dd (rsqrt.approx and Newton steps; session 14: before, sqrt.rn and an IEEE
 * division, 256 SASS against nvcc's 58). */
#pragma once
#include <oxicc_math/ddouble.cuh>

/* a = 2^(3k) m with m in [1, 8), for a positive, finite and nonzero (subnormals scaled by
 * 2^54 first); returns m^(-1/3) to about 2^-41, m in *__m and k in *__k. */
static __device__ __forceinline__ double __oxm_rcbrt_start(double __a, double *__m, int *__kk)
{
    bool __sub = __a < 2.2250738585072014e-308;
    long long __bits = __double_as_longlong(__sub ? __a * 18014398509481984.0 : __a);
    int __e = (int)(__bits >> 52) - (__sub ? 1077 : 1023);
    /* floor(e / 3) for e in [-1074, 1023], by a multiplication (exact below 32768). */
    int __k = (((__e + 1200) * 21846) >> 16) - 400;
    double __mm = __longlong_as_double((__bits & 0x000fffffffffffffLL) | ((long long)(__e - 3 * __k + 1023) << 52));
    *__m = __mm;
    *__kk = __k;
    float __y0 = __oxicc_ex2_approx_ftz(__oxicc_lg2_approx((float)__mm) * -3.333333433e-01f);
    double __r = (double)__y0;
    /* r (1 + (1 - m r^3)/3): error 2 eps^2 from eps. */
    double __d = fma(-__mm, __r * __r * __r, 1.0);
    return fma(__r * __d, 0.3333333333333333, __r);
}

extern "C" __host__ __device__ __forceinline__ double cbrt(double __x)
{
    double __a = fabs(__x);
    double __m;
    int __k;
    double __r = __oxm_rcbrt_start(__a, &__m, &__k);
    /* y = m r^2 (about 2^-40), then y - (y^3 - m)/(3 y^2) with y^3 - m exact to one
     * rounding (y^3 as a double-double, m - y^3 exact by Sterbenz) and 1/y^2 ~ r^2. */
    double __y = __m * (__r * __r);
    double __sl, __cl;
    double __sh = __oxm_two_prod(__y, __y, &__sl);
    double __ch = __oxm_two_prod(__y, __sh, &__cl);
    __cl = fma(__y, __sl, __cl);
    double __res = (__m - __ch) - __cl;
    __y = fma(__res * (__r * __r), 0.3333333333333333, __y);
    bool __keep = __a == 0.0 || !(__a < __longlong_as_double(0x7ff0000000000000LL));
    return __keep ? __x + __x : copysign(__y * __longlong_as_double((long long)(1023 + __k) << 52), __x);
}

extern "C" __host__ __device__ __forceinline__ double rcbrt(double __x)
{
    double __a = fabs(__x);
    double __m;
    int __k;
    double __r = __oxm_rcbrt_start(__a, &__m, &__k);
    /* One more step on the residual 1 - m r^3, to about 2^-53 of itself: r^3 as a
     * double-double (fma), 1 - m r^3_hi by one fma (its exact value has too many bits
     * only below 2^-53 of it). */
    double __sl;
    double __sh = __oxm_two_prod(__r, __r, &__sl);
    double __cl;
    double __ch = __oxm_two_prod(__sh, __r, &__cl);
    __cl = fma(__sl, __r, __cl);
    double __d = fma(-__m, __ch, 1.0) - __m * __cl;
    __r = fma(__r * __d, 0.3333333333333333, __r);
    double __res = __r * __longlong_as_double((long long)(1023 - __k) << 52);
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __res = __a == 0.0 ? __inf : (__a == __inf ? 0.0 : __res);
    return __x != __x ? __x + __x : copysign(__res, __x);
}

extern "C" __host__ __device__ __forceinline__ double hypot(double __x, double __y)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __a = fabs(__x), __b = fabs(__y);
    /* The larger and the smaller by their bits (one integer comparison each, where
     * fmax and fmin take four instructions): a NaN's bits are above inf's, so a NaN
     * operand makes m NaN and the result NaN. */
    long long __ia = __double_as_longlong(__a), __ib = __double_as_longlong(__b);
    double __m = __longlong_as_double(__ia > __ib ? __ia : __ib);
    double __n = __longlong_as_double(__ia > __ib ? __ib : __ia);
    double __l, __s, __back;
    double __h = __oxm_hypot_sq(__m, __n, &__l, &__s, &__back);
    double __r = __oxm_sqrt_dd(__h, __l) * __back;
    __r = __m == 0.0 ? 0.0 : __r;
    return ((__a == __inf) | (__b == __inf)) ? __inf : __r;
}

/* 1/sqrt(x): x scaled into [2^-474, 2^424] by 2^(-+600) where it is beyond 2^(+-500) (so
 * that y^2 and its rounding error are normal), rsqrt.approx.f64 and one Newton step
 * (about 2^-45), a last step on the residual 1 - x y^2 computed to about 2^-98 (y^2
 * exact by fma), rounded once and scaled back exactly. Session 13: before, sqrt and two
 * IEEE divisions (265 SASS against nvcc's 64). */
extern "C" __host__ __device__ __forceinline__ double rsqrt(double __x)
{
    bool __lo = __x < 3.054936363499605e-151;  /* 2^-500 */
    bool __hi = __x > 3.273390607896142e+150;  /* 2^500 */
    double __xs = __lo ? __x * 4.149515568880993e+180 : (__hi ? __x * 2.409919865102884e-181 : __x);
    double __y = __oxicc_rsqrt_approx_d(__xs);
    __y = fma(__y * 0.5, fma(-__xs * __y, __y, 1.0), __y);
    double __sl;
    double __sh = __oxm_two_prod(__y, __y, &__sl);
    double __d = fma(-__xs, __sh, 1.0) - __xs * __sl;
    __y = fma(__y * 0.5, __d, __y);
    double __r = __y * (__lo ? 2.037035976334486e+90 : (__hi ? 4.909093465297727e-91 : 1.0));
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __x == 0.0 ? copysign(__inf, __x) : (__x == __inf ? 0.0 : __r);
    return (__x < 0.0 || __x != __x) ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
}

namespace std {
using ::cbrt;
using ::hypot;
}
