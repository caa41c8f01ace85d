/* oxicc device math library: the double rhypot, norm3d, rnorm3d, norm4d, rnorm4d, norm,
 * rnorm (hypot is in rootd.cuh). A unit of its own because `norm` is a common variable
 * name: a file that uses it links only this. */
#pragma once
#include <oxicc_math/ddouble.cuh>

/* The operands scaled by 2^-e (e the exponent of the largest, clamped to
 * [-1022, 1022]), the sum of squares in double-double (exact products by fma, TwoSum),
 * the square root by __oxm_sqrt_dd and the reciprocal square root by rsqrt.approx and
 * Newton steps (no sqrt.rn, no division); the result is scaled back by one power of two, so it is
 * rounded about once. Any infinite operand gives inf (0 for the reciprocals), even with
 * a NaN beside it; all zeros give 0 (inf). */
static __device__ __forceinline__ void __oxm_norm_acc(double __v, double __s, double *__h, double *__l)
{
    double __pl, __e;
    double __ph = __oxm_two_prod(__v * __s, __v * __s, &__pl);
    *__h = __oxm_two_sum(*__h, __ph, &__e);
    *__l = *__l + (__e + __pl);
}

/* sqrt(h + l) (r = 0) or 1/sqrt(h + l) (r = 1) times 2^(+-e), h + l > 0. */
static __device__ __forceinline__ double __oxm_norm_finish_d(double __h, double __l, int __e, int __r)
{
    if (__r) {
        return __oxm_rsqrt_dd(__h, __l) * __oxm_pow2d(-__e);
    }
    /* Session 14: before, sqrt.rn and an IEEE division. */
    return __oxm_sqrt_dd(__h, __l) * __oxm_pow2d(__e);
}

static __device__ __forceinline__ int __oxm_norm_exp_d(double __m)
{
    int __e = (int)((__double_as_longlong(__m) >> 52) & 0x7ff) - 1023;
    return __e < -1022 ? -1022 : (__e > 1022 ? 1022 : __e);
}

static __device__ __forceinline__ double __oxm_norm4d(double __x, double __y, double __z, double __w, int __r)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __ax = fabs(__x), __ay = fabs(__y), __az = fabs(__z), __aw = fabs(__w);
    double __m = fmax(fmax(__ax, __ay), fmax(__az, __aw));
    int __e = __oxm_norm_exp_d(__m);
    double __s = __oxm_pow2d(-__e);
    double __h = 0.0, __l = 0.0;
    __oxm_norm_acc(__ax, __s, &__h, &__l);
    __oxm_norm_acc(__ay, __s, &__h, &__l);
    __oxm_norm_acc(__az, __s, &__h, &__l);
    __oxm_norm_acc(__aw, __s, &__h, &__l);
    double __res = __oxm_norm_finish_d(__h, __l, __e, __r);
    __res = __m == 0.0 ? (__r ? __inf : 0.0) : __res;
    __res = (__x != __x || __y != __y || __z != __z || __w != __w) ? __x + __y + __z + __w : __res;
    int __i = __ax == __inf || __ay == __inf || __az == __inf || __aw == __inf;
    return __i ? (__r ? 0.0 : __inf) : __res;
}

/* rhypot: two operands need neither the clamped exponent nor the four-term sum (session
 * 14; 158 SASS before): __oxm_hypot_sq's scaling and exact squares, the reciprocal
 * square root as above, and the special cases in selects without branches. */
extern "C" __host__ __device__ __forceinline__ double rhypot(double __x, double __y)
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
    double __r = __oxm_rsqrt_dd(__h, __l) * __s;
    __r = __m == 0.0 ? __inf : __r;
    return ((__a == __inf) | (__b == __inf)) ? 0.0 : __r;
}
extern "C" __host__ __device__ __forceinline__ double norm3d(double __x, double __y, double __z)
{
    return __oxm_norm4d(__x, __y, __z, 0.0, 0);
}
extern "C" __host__ __device__ __forceinline__ double rnorm3d(double __x, double __y, double __z)
{
    return __oxm_norm4d(__x, __y, __z, 0.0, 1);
}
extern "C" __host__ __device__ __forceinline__ double norm4d(double __x, double __y, double __z, double __w)
{
    return __oxm_norm4d(__x, __y, __z, __w, 0);
}
extern "C" __host__ __device__ __forceinline__ double rnorm4d(double __x, double __y, double __z, double __w)
{
    return __oxm_norm4d(__x, __y, __z, __w, 1);
}

/* The norm of dim doubles: the largest magnitude first, then the scaled sum. */
static __device__ __forceinline__ double __oxm_normnd(int __dim, const double *__p, int __r)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __m = 0.0;
    int __i = 0, __nan = 0;
    for (int __k = 0; __k < __dim; ++__k) {
        double __a = fabs(__p[__k]);
        __m = fmax(__m, __a);
        __i |= __a == __inf;
        __nan |= __a != __a;
    }
    int __e = __oxm_norm_exp_d(__m);
    double __s = __oxm_pow2d(-__e);
    double __h = 0.0, __l = 0.0;
    for (int __k = 0; __k < __dim; ++__k)
        __oxm_norm_acc(fabs(__p[__k]), __s, &__h, &__l);
    double __res = __oxm_norm_finish_d(__h, __l, __e, __r);
    __res = __m == 0.0 ? (__r ? __inf : 0.0) : __res;
    __res = __nan ? __longlong_as_double(0x7fffffffffffffffLL) : __res;
    return __i ? (__r ? 0.0 : __inf) : __res;
}

extern "C" __host__ __device__ __forceinline__ double norm(int __dim, const double *__p) { return __oxm_normnd(__dim, __p, 0); }
extern "C" __host__ __device__ __forceinline__ double rnorm(int __dim, const double *__p) { return __oxm_normnd(__dim, __p, 1); }
