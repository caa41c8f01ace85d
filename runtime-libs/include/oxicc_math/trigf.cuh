/* oxicc device math library: the argument reduction and the kernels of sinf, cosf, tanf
 * and sincosf. x = j * pi/2 + r with |r| <= pi/4 (Cody-Waite): j = rint(x * 2/pi),
 * r = x - j * pi/2 with pi/2 split in three floats subtracted by fma while |x| < 4096,
 * and in three doubles beyond (exact enough up to |x| near 2^40; larger arguments need
 * a Payne-Hanek reduction, not written yet: see docs/math.md). sin r and cos r are the
 * minimax polynomials of coeffs.cuh; the quadrant j mod 4 picks and signs them. */
#pragma once
#include <oxicc_math/coeffs.cuh>

/* r, and the quadrant in *__q. */
static __device__ __forceinline__ float __oxm_trig_reduce(float __x, int *__q)
{
    float __j = rintf(__x * 6.366197467e-01f);
    float __r;
    if (fabsf(__x) < 4096.0f) {
        __r = fmaf(__j, -1.570312500e+00f, __x);
        __r = fmaf(__j, -4.837512970e-04f, __r);
        __r = fmaf(__j, -7.549790126e-08f, __r);
        *__q = (int)__j;
    } else {
        double __xd = __x;
        double __jd = rint(__xd * 0.6366197723675814);
        double __rd = fma(__jd, -1.5707963267341256, __xd);
        __rd = fma(__jd, -6.077100506303966e-11, __rd);
        __rd = fma(__jd, -2.0222662487959506e-21, __rd);
        __r = (float)__rd;
        *__q = (int)((long long)__jd & 3);
    }
    return __r;
}

static __device__ __forceinline__ float __oxm_sin_poly(float __r)
{
    float __u = __r * __r;
    float __p = __OXM_SIN_C3;
    __p = fmaf(__p, __u, __OXM_SIN_C2);
    __p = fmaf(__p, __u, __OXM_SIN_C1);
    __p = fmaf(__p, __u, __OXM_SIN_C0);
    return fmaf(__r * __u, __p, __r);
}

static __device__ __forceinline__ float __oxm_cos_poly(float __r)
{
    float __u = __r * __r;
    float __p = __OXM_COS_C3;
    __p = fmaf(__p, __u, __OXM_COS_C2);
    __p = fmaf(__p, __u, __OXM_COS_C1);
    __p = fmaf(__p, __u, __OXM_COS_C0);
    return fmaf(__u * __u, __p, fmaf(__u, -0.5f, 1.0f));
}

