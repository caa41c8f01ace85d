/* oxicc device math library: the modified Bessel functions cyl_bessel_i0, cyl_bessel_i1
 * (double; the float cyl_bessel_i0f, cyl_bessel_i1f are float code in besself.cuh).
 *
 * |x| <= 8: the Taylor series I0 = sum w^k/(k!)^2, I1 = x/2 sum w^k/(k!(k+1)!), w = x^2/4
 * (positive terms: no cancellation; 31 terms, truncation below 2^-60; w = x^2/4 as a
 * double-double whose low part enters to first order). Beyond:
 * I(x) = e^x g(1/x)/sqrt(x) with g a polynomial fit of I(x) e^-x sqrt(x) in u = 1/x
 * (specpoly.cuh, about 2^-58.5 relative), e^x from expd.cuh's double-double core as
 * 2^k (1 + q), 256 ln 2 taken out first beyond 700 so that the core's clamp at 711 is not
 * reached before I's overflow (713.98); 2^k applied last. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/expd.cuh>
#include <oxicc_math/specpoly.cuh>

/* e^a g / sqrt(a) for 8 < a (inf beyond 714, where I0 and I1 overflow). */
static __device__ __forceinline__ double __oxm_bessel_i_big(double __a, double __g)
{
    double __big = __a > 700.0 ? 256.0 : 0.0;
    double __e;
    double __xh = __oxm_two_sum(__a, -__big * __OXM_LN2_HI, &__e);
    int __k;
    double __ql;
    double __qh = __oxm_exp_core(__xh, __e - __big * __OXM_LN2_LO, &__k, &__ql);
    double __m = __g + fma(__g, __qh, __g * __ql);
    __m = __m / sqrt(__a);
    double __r = __oxm_scale2d(__m, __k + (int)__big);
    return __a > 714.0 ? __longlong_as_double(0x7ff0000000000000LL) : __r;
}

/* w = a^2/4 as hi + *lo (exact: the series' argument would otherwise carry a^2's
 * rounding, up to 2 ulp of I at a = 8). */
static __device__ __forceinline__ double __oxm_bessel_w(double __a, double *__lo)
{
    double __p = __a * __a;
    *__lo = 0.25 * fma(__a, __a, -__p);
    return 0.25 * __p;
}

extern "C" __host__ __device__ __forceinline__ double cyl_bessel_i0(double __x)
{
    double __a = fabs(__x);
    double __wl;
    double __w = __oxm_bessel_w(__a, &__wl);
    double __small = __oxm_i0_series(__w);
    /* w's rounding error to first order: d ln I0 / dw is about 2/sqrt(x^2 + 4). */
    __small = fma(__small, 2.0 * __wl * __oxicc_rsqrt_approx_d(fma(__a, __a, 4.0)), __small);
    double __u = 1.0 / __a;
    double __g = __a < 16.0 ? __oxm_i0_c(__u - 0.09375) : __oxm_i0_d(__u - 0.03125);
    double __r = __a <= 8.0 ? __small : __oxm_bessel_i_big(__a, __g);
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ double cyl_bessel_i1(double __x)
{
    double __a = fabs(__x);
    double __wl;
    double __w = __oxm_bessel_w(__a, &__wl);
    double __s = __oxm_i1_series(__w);
    /* d ln(2 I1(x)/x) / dw is about 2/sqrt(x^2 + 16). */
    __s = fma(__s, 2.0 * __wl * __oxicc_rsqrt_approx_d(fma(__a, __a, 16.0)), __s);
    double __small = 0.5 * __x * __s;
    double __u = 1.0 / __a;
    double __g = __a < 16.0 ? __oxm_i1_c(__u - 0.09375) : __oxm_i1_d(__u - 0.03125);
    double __r = __a <= 8.0 ? __small : copysign(__oxm_bessel_i_big(__a, __g), __x);
    return __x != __x ? __x : __r;
}
