/* oxicc device math library: atanf, atan2f, asinf, acosf (and their float overloads), in
 * float.
 * atan: t = |x| or 1/|x| (beyond 1), atan t = t + t^3 q(t^2) on [0, 1] with the minimax
 * q of coeffs.cuh, and pi/2 - atan(1/|x|) with pi/2 in two floats. The reciprocal is
 * rcp.approx with one Newton step (about half an ulp), not IEEE division.
 * atan2: t = min(|x|, |y|) / max(|x|, |y|) the same way (both scaled by a power of 2
 * when the larger is huge or tiny, so that its reciprocal is normal; a residual step
 * makes the quotient good to about half an ulp), then the quadrant: pi/2 - r when
 * |y| > |x|, pi - r when x is negative (or -0), the sign of y. C99's special cases come
 * out of t = 0 (one operand zero or the other infinite) and t = 1 (both infinite).
 * asin, acos: |x| <= 1/2: x + x^3 q(x^2) (minimax); beyond, with z = (1 - |x|)/2 (exact)
 * and s = sqrt z, asin |x| = pi/2 - 2 asin s, acos x = 2 asin s (x > 0) or
 * pi - 2 asin s (x < 0). s is rsqrt.approx with a Newton correction. */
#pragma once
#include <oxicc_math/coeffs.cuh>

extern "C" __host__ __device__ double atan(double);
extern "C" __host__ __device__ double atan2(double, double);
extern "C" __host__ __device__ double asin(double);
extern "C" __host__ __device__ double acos(double);

#define __OXM_FPIO2_HI 1.570796371e+00f
#define __OXM_FPIO2_LO -4.371138829e-08f
#define __OXM_FPI_HI 3.141592741e+00f
#define __OXM_FPI_LO -8.742277657e-08f

/* c_hi + c_lo - (a + b) for |c_hi| >= |a|, |b| small: c_hi - a by Fast2Sum, so the
 * result is rounded about once. */
static __device__ __forceinline__ float __oxm_csub(float __chi, float __clo, float __a, float __b)
{
    float __s = __fsub_rn(__chi, __a);
    float __e = __fsub_rn(__fsub_rn(__chi, __s), __a);
    return __s + (__e + (__clo - __b));
}

/* t^3 q(t^2), atan t = t + that, for 0 <= t <= 1 (NaN propagates). */
static __device__ __forceinline__ float __oxm_atan01_tail(float __t)
{
    float __u = __t * __t;
    float __q = __OXM_ATAN_C8;
    __q = fmaf(__q, __u, __OXM_ATAN_C7);
    __q = fmaf(__q, __u, __OXM_ATAN_C6);
    __q = fmaf(__q, __u, __OXM_ATAN_C5);
    __q = fmaf(__q, __u, __OXM_ATAN_C4);
    __q = fmaf(__q, __u, __OXM_ATAN_C3);
    __q = fmaf(__q, __u, __OXM_ATAN_C2);
    __q = fmaf(__q, __u, __OXM_ATAN_C1);
    __q = fmaf(__q, __u, __OXM_ATAN_C0);
    return __t * __u * __q;
}

static __device__ __forceinline__ float __oxm_atan01(float __t) { return __t + __oxm_atan01_tail(__t); }

/* n / d for 0 <= n <= d, d normal with a normal reciprocal: about half an ulp. */
static __device__ __forceinline__ float __oxm_div01(float __n, float __d)
{
    float __r = __oxicc_rcp_approx(__d);
    __r = fmaf(__r, fmaf(-__d, __r, 1.0f), __r);
    float __q = __n * __r;
    return fmaf(fmaf(-__q, __d, __n), __r, __q);
}

extern "C" __host__ __device__ __forceinline__ float atanf(float __x)
{
    float __a = fabsf(__x);
    /* atan(1/a) for a >= 2^64 is below 2^-64: pi/2 either way. */
    float __t = __a > 1.0f ? __oxm_div01(1.0f, fminf(__a, 1.844674407e+19f)) : __a;
    float __b = __oxm_atan01_tail(__t);
    float __r = __a > 1.0f ? __oxm_csub(__OXM_FPIO2_HI, __OXM_FPIO2_LO, __t, __b) : __t + __b;
    return copysignf(__r, __x);
}

extern "C" __host__ __device__ __forceinline__ float atan2f(float __y, float __x)
{
    float __inf = __int_as_float(0x7f800000);
    float __ax = fabsf(__x), __ay = fabsf(__y);
    float __mx = fmaxf(__ax, __ay), __mn = fminf(__ax, __ay);
    float __sc = __mx > 1.267650600e+30f ? 5.421010862e-20f
                                         : (__mx < 7.888609052e-31f ? 1.844674407e+19f : 1.0f);
    float __t = __oxm_div01(__mn * __sc, __mx * __sc);
    __t = __mx == __inf ? (__mn == __inf ? 1.0f : 0.0f) : __t;
    __t = __mx == 0.0f ? 0.0f : __t;
    float __b = __oxm_atan01_tail(__t);
    float __r = __ay > __ax ? __oxm_csub(__OXM_FPIO2_HI, __OXM_FPIO2_LO, __t, __b) : __t + __b;
    __r = __float_as_int(__x) < 0 ? __fsub_rn(__OXM_FPI_HI, __r) + __OXM_FPI_LO : __r;
    __r = (__x != __x || __y != __y) ? __x + __y : __r;
    return copysignf(__r, __y);
}

/* asin s - s = s^3 q(s^2) for |s| <= 1/2, given u = s^2. */
static __device__ __forceinline__ float __oxm_asin_tail(float __s, float __u)
{
    float __q = __OXM_ASIN_C4;
    __q = fmaf(__q, __u, __OXM_ASIN_C3);
    __q = fmaf(__q, __u, __OXM_ASIN_C2);
    __q = fmaf(__q, __u, __OXM_ASIN_C1);
    __q = fmaf(__q, __u, __OXM_ASIN_C0);
    return __s * __u * __q;
}

/* 2 asin sqrt((1 - a)/2) = hi + lo for 1/2 < a <= 1 (0 at a = 1): the square root as
 * rsqrt.approx, s times it, and the Newton correction kept as the low part. */
static __device__ __forceinline__ float __oxm_asin_half(float __a, float *__lo)
{
    float __z = fmaf(-0.5f, __a, 0.5f);
    float __rs = __oxicc_rsqrt_approx(fmaxf(__z, 1e-30f));
    float __s = __z * __rs;
    float __sl = fmaf(-__s, __s, __z) * (0.5f * __rs);
    *__lo = 2.0f * (__sl + __oxm_asin_tail(__s, __z));
    return 2.0f * __s;
}

extern "C" __host__ __device__ __forceinline__ float asinf(float __x)
{
    float __a = fabsf(__x);
    float __small = __x + __oxm_asin_tail(__x, __x * __x);
    float __lo;
    float __hi = __oxm_asin_half(__a, &__lo);
    float __big = copysignf(__oxm_csub(__OXM_FPIO2_HI, __OXM_FPIO2_LO, __hi, __lo), __x);
    float __r = __a <= 0.5f ? __small : __big;
    return __a <= 1.0f ? __r : __int_as_float(0x7fffffff);
}

extern "C" __host__ __device__ __forceinline__ float acosf(float __x)
{
    float __a = fabsf(__x);
    float __small = __oxm_csub(__OXM_FPIO2_HI, __OXM_FPIO2_LO, __x, __oxm_asin_tail(__x, __x * __x));
    float __lo;
    float __hi = __oxm_asin_half(__a, &__lo);
    float __big = __x > 0.0f ? __hi + __lo : __oxm_csub(__OXM_FPI_HI, __OXM_FPI_LO, __hi, __lo);
    float __r = __a <= 0.5f ? __small : __big;
    return __a <= 1.0f ? __r : __int_as_float(0x7fffffff);
}

__host__ __device__ __forceinline__ float atan(float __x) { return atanf(__x); }
__host__ __device__ __forceinline__ float atan2(float __y, float __x) { return atan2f(__y, __x); }
__host__ __device__ __forceinline__ float asin(float __x) { return asinf(__x); }
__host__ __device__ __forceinline__ float acos(float __x) { return acosf(__x); }

namespace std {
using ::atanf;
using ::atan2f;
using ::asinf;
using ::acosf;
using ::atan;
using ::atan2;
using ::asin;
using ::acos;
}
