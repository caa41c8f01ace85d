/* oxicc device math library: sinpif, cospif, sincospif (and the float overloads of sinpi,
 * cospi), in float.
 *
 * x = j/2 + r exactly (j = rint(2x), |r| <= 1/4: x - j/2 is a float), then sin(pi r) or
 * cos(pi r) by the minimax polynomials of coeffs.cuh (tools/remez), chosen and signed by
 * j mod 4. The leading terms carry the error budget, so they are kept exact: pi r as a
 * two-float product (pi itself as two floats), and in cos(pi r) = 1 - (pi^2/2) r^2 + ...
 * r^2 and its product with pi^2/2 as two-floats, added to 1 by Fast2Sum; the rest is
 * below a tenth (sin) or a fiftieth (cos) of the result, so its rounding errors add
 * little to the last rounding (about 0.6 ulp in all). __fadd_rn keeps the compiler from
 * fusing a product whose rounding error is accounted for into the addition that follows.
 * |x| >= 2^24 is an even integer (sinpi = +-0 with the sign of x, cospi = 1); inf gives
 * NaN. Integers give sinpi = +-0 with the sign of x, half-integers cospi = +0. */
#pragma once
#include <oxicc_math/coeffs.cuh>

extern "C" __host__ __device__ double sinpi(double);
extern "C" __host__ __device__ double cospi(double);

/* x = j/2 + r; returns r, and j mod 4 in *q. */
static __device__ __forceinline__ float __oxm_trigpif_reduce(float __x, int *__q)
{
    /* Beyond 2^24, x is an even integer: reduce 0 (keeping its sign); inf * 0 is NaN. */
    float __xr = fabsf(__x) < 16777216.0f ? __x : __x * 0.0f;
    float __j = rintf(2.0f * __xr);
    *__q = (int)__j & 3;
    return fmaf(__j, -0.5f, __xr);
}

/* sin(pi r), |r| <= 1/4. Computed at 2^48 times its size and scaled back (exactly, or
 * with one rounding to the subnormal grid): near the subnormal range the two-float
 * product's low part would itself be rounded to that grid, a second rounding. */
static __device__ __forceinline__ float __oxm_sinpif_poly(float __r)
{
    float __u = __r * __r;
    float __p = fmaf(fmaf(fmaf(__OXM_SINPI_C3, __u, __OXM_SINPI_C2), __u, __OXM_SINPI_C1), __u,
                     __OXM_SINPI_C0);
    float __rs = __r * 281474976710656.0f;
    float __ph = __rs * __OXM_PI_F_HI;
    float __pl = fmaf(__rs, __OXM_PI_F_HI, -__ph);
    __pl = fmaf(__rs, __OXM_PI_F_LO, __pl);
    return __fadd_rn(__ph, fmaf(__rs * __u, __p, __pl)) * 3.552713679e-15f;
}

/* cos(pi r), |r| <= 1/4. */
static __device__ __forceinline__ float __oxm_cospif_poly(float __r)
{
    float __u = __r * __r;
    float __ul = fmaf(__r, __r, -__u);
    float __p = fmaf(fmaf(fmaf(__OXM_COSPI_C3, __u, __OXM_COSPI_C2), __u, __OXM_COSPI_C1), __u,
                     __OXM_COSPI_C0);
    float __t = __u * -__OXM_PI2_2_F_HI;
    float __tl = fmaf(__u, -__OXM_PI2_2_F_HI, -__t);
    __tl = fmaf(__ul, -__OXM_PI2_2_F_HI, fmaf(__u, -__OXM_PI2_2_F_LO, __tl));
    /* |t| <= pi^2/32 < 1: Fast2Sum. */
    float __s = __fadd_rn(1.0f, __t);
    float __e = __fadd_rn(1.0f - __s, __t);
    return __s + (__e + fmaf(__u * __u, __p, __tl));
}

extern "C" __host__ __device__ __forceinline__ float sinpif(float __x)
{
    int __q;
    float __r = __oxm_trigpif_reduce(__x, &__q);
    float __v = (__q & 1) ? __oxm_cospif_poly(__r) : __oxm_sinpif_poly(__r);
    __v = (__q & 2) ? -__v : __v;
    return __v == 0.0f ? copysignf(0.0f, __x) : __v;
}

extern "C" __host__ __device__ __forceinline__ float cospif(float __x)
{
    int __q;
    float __r = __oxm_trigpif_reduce(__x, &__q);
    float __v = (__q & 1) ? __oxm_sinpif_poly(__r) : __oxm_cospif_poly(__r);
    __v = ((__q + 1) & 2) ? -__v : __v;
    return __v == 0.0f ? 0.0f : __v;
}

extern "C" __host__ __device__ __forceinline__ void sincospif(float __x, float *__s, float *__c)
{
    int __q;
    float __r = __oxm_trigpif_reduce(__x, &__q);
    float __sv = __oxm_sinpif_poly(__r);
    float __cv = __oxm_cospif_poly(__r);
    float __s0 = (__q & 1) ? __cv : __sv;
    float __c0 = (__q & 1) ? __sv : __cv;
    __s0 = (__q & 2) ? -__s0 : __s0;
    __c0 = ((__q + 1) & 2) ? -__c0 : __c0;
    *__s = __s0 == 0.0f ? copysignf(0.0f, __x) : __s0;
    *__c = __c0 == 0.0f ? 0.0f : __c0;
}

__host__ __device__ __forceinline__ float sinpi(float __x) { return sinpif(__x); }
__host__ __device__ __forceinline__ float cospi(float __x) { return cospif(__x); }

namespace std {
using ::sinpif;
using ::cospif;
}
