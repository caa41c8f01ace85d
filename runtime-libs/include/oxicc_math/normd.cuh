/* oxicc device math library: the double rhypot, norm3d, rnorm3d, norm4d, rnorm4d, norm,
 * rnorm (hypot is in rootd.cuh). A unit of its own because `norm` is a common variable
 * name: a file that uses it links only this. */
#pragma once
#include <oxicc_math/ddouble.cuh>

/* The operands scaled by 2^-e (e the exponent of the largest, clamped to
 * [-1022, 1022]), the sum of squares in double-double (exact products by fma, TwoSum),
 * the square root as a double-double (one Newton correction), and for the reciprocals
 * a double-double division; the result is scaled back by one power of two, so it is
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
        /* h in [1, 16): rsqrt.approx.f64, one Newton step (about 2^-45), a last step on
         * the residual 1 - (h + l) y^2 computed to about 2^-98 (y^2 exact by fma), rounded
         * once; no division or square root (session 13: rhypot 332 SASS before). */
        double __y = __oxicc_rsqrt_approx_d(__h);
        __y = fma(__y * 0.5, fma(-__h * __y, __y, 1.0), __y);
        double __sl;
        double __sh = __oxm_two_prod(__y, __y, &__sl);
        double __d = fma(-__h, __sh, 1.0) - fma(__h, __sl, __l * __sh);
        __y = fma(__y * 0.5, __d, __y);
        return __y * __oxm_pow2d(-__e);
    }
    double __sh = sqrt(__h);
    double __sl = (fma(-__sh, __sh, __h) + __l) / (2.0 * __sh);
    double __ql;
    double __q = __r ? __oxm_dd_div(1.0, 0.0, __sh, __sl, &__ql) : __sh + __sl;
    return __q * __oxm_pow2d(__r ? -__e : __e);
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

extern "C" __host__ __device__ __forceinline__ double rhypot(double __x, double __y)
{
    return __oxm_norm4d(__x, __y, 0.0, 0.0, 1);
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
