/* oxicc device math library: lgammaf and tgammaf (and the float overloads of lgamma and
 * tgamma), in float.
 *
 * v = x, or |x| below x = -2.264 (the reflection, last). With t exact in each case
 * (Sterbenz) and the fits of specpolyf.cuh (tools/mathconst/specialf.py):
 *   v in [0.5, 1.5): t q1(t), t = v - 1, q1 = lgamma(1 + t)/t (so the zero at 1 is exact);
 *   v in [1.5, 2.5): t q2(t), t = v - 2, q2 = lgamma(2 + t)/t;
 *   v in [2.5, 4):   q3(v - 3), a fit of lgamma itself;
 *   v >= 4:          Stirling, (v - 1/2)(ln v - 1) + ln sqrt(2 pi) - 1/2 + g(1/v^2)/v, with
 *                    ln v a two-float (logf.cuh) and the product carried as a two-float:
 *                    ln v's rounding would cost (v - 1/2)/lgamma(v) of its ulp, 3 ulp at 4;
 *   v in [-2.264, 0.5): lgamma(t + 1) - ln |P| by the recurrence, t = v, v + 1 or v + 2
 *                    (t in [-0.5, 0.5)) and P = v, v (v + 1) or v (v + 1)(v + 2) as a
 *                    two-float product (fma), its logarithm as a two-float (one ln for
 *                    both uses).
 * x < -2.264: lgamma(x) = ln pi - ln |x sinpi(x)| - lgamma(|x|) (sinpif of trigpif.cuh).
 * Between -10.0001 and -2.264 CUDA states no bound (lgamma has zeros there, where no
 * relative bound can hold); below, the result's magnitude is at least 3.6 (no float lies
 * nearer a zero) and the one-float ln |x sinpi(x)| is enough. 0 and the negative integers
 * (and -inf) give +inf, +inf gives +inf, NaN NaN. */
#pragma once
#include <oxicc_math/expf.cuh>
#include <oxicc_math/logf.cuh>
#include <oxicc_math/specpolyf.cuh>
#include <oxicc_math/trigpif.cuh>

extern "C" __host__ __device__ double lgamma(double);
extern "C" __host__ __device__ double tgamma(double);

extern "C" __host__ __device__ __forceinline__ float lgammaf(float __x)
{
    bool __refl = __x < -2.264f;
    float __v = __refl ? -__x : __x;
    /* The reduced argument and the recurrence's factors (1 where unused). */
    bool __n2 = __v < -1.5f;
    bool __n1 = __v < -0.5f;
    bool __small = __v < 0.5f;
    float __t = __n2 ? __v + 2.0f
                     : (__n1 ? __v + 1.0f
                             : (__small ? __v : (__v < 1.5f ? __v - 1.0f : (__v < 2.5f ? __v - 2.0f : __v - 3.0f))));
    float __m2 = __n2 ? __v + 1.0f : (__n1 ? __t : 1.0f);
    float __m3 = __n2 ? __t : 1.0f;
    /* P = v m2 m3 = ph + pl. */
    float __p1 = __fmul_rn(__v, __m2);
    float __p1l = fmaf(__v, __m2, -__p1);
    float __ph = __fmul_rn(__p1, __m3);
    float __pl = fmaf(__p1, __m3, -__ph) + __p1l * __m3;
    /* One logarithm: of |P| below 1/2, of v from 4. */
    float __la = __small ? fabsf(__ph) : __v;
    float __ll;
    float __lh = __oxm_logf_hl(__la, &__ll);
    float __r;
    if (__v < 2.5f) {
        float __ql;
        float __qh = __v < 1.5f ? __oxm_lgammaf_q1(__t, &__ql) : __oxm_lgammaf_q2(__t, &__ql);
        /* t q, less ln |P| = lh + ll + pl/ph below 1/2. */
        float __lc = __n1 ? __ll + __pl * __oxicc_rcp_approx(__ph) : __ll; /* P = v: pl = 0 */
        float __tq = fmaf(__t, __qh, __t * __ql);
        float __rs = fmaf(__t, __qh, fmaf(__t, __ql, -__lc)) - __lh;
        __r = __small ? __rs : __tq;
    } else if (__v < 4.0f) {
        float __ql;
        float __qh = __oxm_lgammaf_q3(__t, &__ql);
        __r = __qh + __ql;
    } else {
        /* (v - 1/2) exact below 2^23; (ln v - 1) = mh + ml by Fast2Sum (ln v >= 1.38). */
        float __a = __v - 0.5f;
        float __mh = __lh - 1.0f;
        float __ml = ((__lh - __mh) - 1.0f) + __ll;
        float __hi = __fmul_rn(__a, __mh);
        float __lo = fmaf(__a, __mh, -__hi) + __a * __ml;
        /* 1/v: rcp.approx and one Newton step. */
        float __rv = __oxicc_rcp_approx(__v);
        __rv = fmaf(__rv, fmaf(-__v, __rv, 1.0f), __rv);
        float __g = __rv * __oxm_lgammaf_st(__rv * __rv);
        /* ln sqrt(2 pi) - 1/2 = 0.418938547f - 1.41681453e-8f. */
        float __st = __hi + (__lo + (0.418938547f + (__g - 1.41681453e-08f)));
        /* From 4.08e36 the product overflows (and lo is then -inf). */
        __r = __hi == __int_as_float(0x7f800000) ? __hi : __st;
    }
    if (__refl) {
        /* ln pi - ln |x sinpi(x)| - lgamma(|x|) (sinpi(x) = 0 from 2^23: +inf). */
        float __d = logf(fabsf(__x * sinpif(__x)));
        __r = (1.14472985f - __d) - __r;
    }
    __r = (__x <= 0.0f && __x == rintf(__x)) ? __int_as_float(0x7f800000) : __r;
    return __x == __x ? __r : __x + __x;
}

__host__ __device__ __forceinline__ float lgamma(float __x) { return lgammaf(__x); }

/* Stirling's lgamma(v) for v in [4, 64] as a two-float hi + *lo (about 2^-33 absolute):
 * (v - 1/2)(ln v - 1) with ln v a two-float and the product carried as one, plus
 * ln sqrt(2 pi) - 1/2 + g(1/v^2)/v, all small beside the product (Fast2Sum). */
static __device__ __forceinline__ float __oxm_stirlingf(float __v, float *__lo)
{
    float __ll;
    float __lh = __oxm_logf_hl(__v, &__ll);
    float __a = __v - 0.5f;
    float __mh = __lh - 1.0f;
    float __ml = ((__lh - __mh) - 1.0f) + __ll;
    float __hi = __fmul_rn(__a, __mh);
    float __pl = fmaf(__a, __mh, -__hi) + __a * __ml;
    float __rv = __oxicc_rcp_approx(__v);
    __rv = fmaf(__rv, fmaf(-__v, __rv, 1.0f), __rv);
    float __g = __rv * __oxm_lgammaf_st(__rv * __rv);
    /* ln sqrt(2 pi) - 1/2 = 0.418938547f - 1.41681453e-8f; hi >= 1.35 > s. */
    float __s = __pl + (0.418938547f + (__g - 1.41681453e-08f));
    float __h = __hi + __s;
    *__lo = (__hi - __h) + __s;
    return __h;
}

/* tgammaf. With v = x for x >= -1/2 and v = |x| below (the reflection, last):
 *   v < 4:  v = m + t (m = rint(v), t in [-1/2, 1/2], exact by Sterbenz), r(t) a fit of
 *           1/Gamma(1 + t) (entire, so degree 9 gives 2^-30; Gamma(1 + t) itself has a
 *           pole at t = -1), and Gamma(v) = (v - 1)(v - 2)(v - 3) / r(t) with the
 *           factors present for m = 2, 3, 4 (each exact), or 1/(v r(v)) for m = 0
 *           (computed at 2^-32 of its size so that 1/v does not overflow early);
 *   v >= 4: e^L with L Stirling's two-float (above): e^L's relative error is L's absolute
 *           one, so L is never rounded to one float; 2^(L log2 e) by the Cody-Waite split
 *           of expf.cuh, its low part and the low part of log2 e joined by fma, and the
 *           accurate polynomial of expf.cuh (not ex2.approx);
 *   x < -1/2: Gamma(x) = -pi / (v sinpi(v) Gamma(v)): for v < 4 -pi r(t) / (v sinpi(v) P),
 *           for v >= 4 -pi e^-L / (v sinpi(v)), e^-L computed at 2^64 times its size and
 *           scaled back last, so a subnormal result is rounded once (Gamma(v) itself
 *           overflows from 35.04, Gamma(-v) is not zero before -45.8).
 * One quotient by rcp.approx, a Newton step and a residual correction; pi as two floats.
 * Negative integers and -inf give NaN (0 / 0, or sinpi's NaN), +-0 gives +-inf, +inf and
 * x > 35.04 +inf (L clamped at 90, and v at 64 so that L stays finite), NaN NaN. */
extern "C" __host__ __device__ __forceinline__ float tgammaf(float __x)
{
    bool __refl = __x < -0.5f;
    float __v = __refl ? -__x : __x;
    bool __st = __v >= 4.0f;
    /* v < 4. */
    float __m = rintf(__v);
    float __t = __v - __m;
    float __r = __oxm_tgammaf_r(__t);
    float __p = (__m >= 2.0f ? __v - 1.0f : 1.0f) * (__m >= 3.0f ? __v - 2.0f : 1.0f);
    __p = __p * (__m >= 4.0f ? __v - 3.0f : 1.0f);
    bool __m0 = __m == 0.0f;
    /* v >= 4: e^(+-L), L clamped where the result is inf or 0 anyway. */
    float __ll;
    float __lh = __oxm_stirlingf(fminf(__v, 64.0f), &__ll);
    __lh = __refl ? -__lh : __lh;
    __ll = __refl ? -__ll : __ll;
    __lh = fminf(fmaxf(__lh, -130.0f), 90.0f);
    float __j = rintf(__lh * 1.442695022e+00f);
    float __u = fmaf(__lh, 1.442695022e+00f, -__j);
    __u = fmaf(__lh, 1.925963034e-08f, __u);
    __u = fmaf(__ll, 1.442695022e+00f, __u);
    float __e = __oxm_exp2_scaled(__u, (int)__j + (__refl ? 64 : 0));
    /* num / den: Gamma(v) = p / r (m >= 1), 2^32 / (v 2^32 r) (m = 0), e; the reflection
     * -pi r / (v sinpi(v) p), -pi e 2^-64 / (v sinpi(v)). */
    float __num = __st ? __e : (__refl ? __r : __p);
    float __vs = __v * sinpif(__v);
    float __den = __refl ? (__st ? __vs : __vs * __p) : (__st ? 1.0f : (__m0 ? __v * 4294967296.0f * __r : __r));
    __num = __refl ? fmaf(__num, -3.141592741e+00f, __num * 8.742278e-08f) : __num;
    float __q = __oxicc_rcp_approx(__den);
    __q = fmaf(__q, fmaf(-__den, __q, 1.0f), __q);
    float __y = __num * __q;
    __y = fmaf(__q, fmaf(-__den, __y, __num), __y);
    float __sc = __refl ? (__st ? 5.421010862e-20f : 1.0f) : (__m0 ? 4294967296.0f : 1.0f);
    float __res = (__st && !__refl) ? __e : __y * __sc;
    __res = __x == 0.0f ? copysignf(__int_as_float(0x7f800000), __x) : __res;
    return __x == __x ? __res : __x + __x;
}

__host__ __device__ __forceinline__ float tgamma(float __x) { return tgammaf(__x); }
