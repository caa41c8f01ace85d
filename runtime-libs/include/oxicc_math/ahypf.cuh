/* oxicc device math library: asinhf, acoshf, atanhf (and their float overloads), in float,
 * on log1pf (log1pf.cuh) so that no cancellation of log(1 + small) is left:
 * asinh a = log1p(a + a^2 / (1 + sqrt(1 + a^2))), acosh x = log1p(u + sqrt(u^2 + 2u))
 * with u = x - 1 (exact up to x = 2, a small relative error beyond), and
 * atanh a = log1p(2a / (1 - a)) / 2. Beyond 2^12 asinh and acosh are log(2a) =
 * log1p(a - 1) + ln 2 (the rest is below 2^-25 relative): one log1pf either way, its
 * argument selected. Square roots and quotients are rsqrt.approx
 * and rcp.approx with a Newton step and a residual correction (about half an ulp; no IEEE
 * division or square root subroutine). */
#pragma once
#include <oxicc_math/log1pf.cuh>

extern "C" __host__ __device__ double asinh(double);
extern "C" __host__ __device__ double acosh(double);
extern "C" __host__ __device__ double atanh(double);

/* sqrt y for y >= 0 finite (0 for 0). */
static __device__ __forceinline__ float __oxm_sqrt_nr(float __y)
{
    float __r = __oxicc_rsqrt_approx(__y);
    float __s = __y * __r;
    __s = fmaf(fmaf(-__s, __s, __y), 0.5f * __r, __s);
    return __y == 0.0f ? 0.0f : __s;
}

/* n / d for d normal with a normal reciprocal. */
static __device__ __forceinline__ float __oxm_div_nr(float __n, float __d)
{
    float __r = __oxicc_rcp_approx(__d);
    __r = fmaf(__r, fmaf(-__d, __r, 1.0f), __r);
    float __q = __n * __r;
    return fmaf(fmaf(-__q, __d, __n), __r, __q);
}

extern "C" __host__ __device__ __forceinline__ float asinhf(float __x)
{
    float __a = fabsf(__x);
    float __ac = fminf(__a, 4096.0f);
    float __u = __ac * __ac;
    float __t = __ac + __oxm_div_nr(__u, 1.0f + __oxm_sqrt_nr(1.0f + __u));
    int __big = !(__a < 4096.0f);
    float __r = log1pf(__big ? __a - 1.0f : __t) + (__big ? 6.931471825e-01f : 0.0f);
    /* NaN and +-inf: x itself (log1pf(NaN) would do, logf(inf) + ln 2 too; 0 keeps its
     * sign through copysign). */
    return copysignf(__r, __x);
}

extern "C" __host__ __device__ __forceinline__ float acoshf(float __x)
{
    float __u = fminf(__x, 4096.0f) - 1.0f;
    float __t = __u + __oxm_sqrt_nr(fmaxf(fmaf(__u, __u, 2.0f * __u), 0.0f));
    int __big = !(__x < 4096.0f);
    float __r = log1pf(__big ? __x - 1.0f : __t) + (__big ? 6.931471825e-01f : 0.0f);
    /* x < 1 (and NaN): NaN. */
    return __x >= 1.0f ? __r : __int_as_float(0x7fffffff);
}

extern "C" __host__ __device__ __forceinline__ float atanhf(float __x)
{
    float __a = fabsf(__x);
    float __d = fmaxf(1.0f - __a, 5.960464478e-08f);
    float __r = 0.5f * log1pf(__oxm_div_nr(2.0f * __a, __d));
    __r = __a == 1.0f ? __int_as_float(0x7f800000) : __r;
    __r = __a > 1.0f ? __int_as_float(0x7fffffff) : __r;
    return (__a == 0.0f || __x != __x) ? __x + __x : copysignf(__r, __x);
}

__host__ __device__ __forceinline__ float asinh(float __x) { return asinhf(__x); }
__host__ __device__ __forceinline__ float acosh(float __x) { return acoshf(__x); }
__host__ __device__ __forceinline__ float atanh(float __x) { return atanhf(__x); }

namespace std {
using ::asinhf;
using ::acoshf;
using ::atanhf;
using ::asinh;
using ::acosh;
using ::atanh;
}
