/* oxicc device math library: expf, exp2f, exp10f (and the float overloads of exp, exp2,
 * exp10). All three reduce to 2^t * 2^i with |t| <= 1/2 and i an integer: i = rint(y)
 * for y = x * log2(base), and t = y - i computed with fma from a two-float split of
 * log2(base) (Cody-Waite), so t carries no error from the product. 2^t is the minimax
 * polynomial of coeffs.cuh; 2^i is applied as two exact powers of two, so results that
 * are subnormal are rounded once. Clamping x keeps i in range; NaN passes the clamps
 * (comparisons with NaN are false) and propagates. */
#pragma once
#include <oxicc_math/coeffs.cuh>

extern "C" __host__ __device__ double exp(double);
extern "C" __host__ __device__ double exp2(double);
extern "C" __host__ __device__ double exp10(double);

/* 2^t * 2^i for |t| <= 1/2 and i in [-152, 130]. */
static __device__ __forceinline__ float __oxm_exp2_scaled(float __t, int __i)
{
    float __q = __OXM_EXP2_C6;
    __q = fmaf(__q, __t, __OXM_EXP2_C5);
    __q = fmaf(__q, __t, __OXM_EXP2_C4);
    __q = fmaf(__q, __t, __OXM_EXP2_C3);
    __q = fmaf(__q, __t, __OXM_EXP2_C2);
    __q = fmaf(__q, __t, __OXM_EXP2_C1);
    __q = fmaf(__q, __t, __OXM_EXP2_C0);
    float __p = fmaf(__q, __t, 1.0f);
    int __i1 = __i >> 1;
    int __i2 = __i - __i1;
    return __p * __int_as_float((__i1 + 127) << 23) * __int_as_float((__i2 + 127) << 23);
}

/* base^x with log2(base) = __hi + __lo; __lim_lo/__lim_hi bound x where the result is
 * 0 or inf. */
static __device__ __forceinline__ float __oxm_exp_base(float __x, float __hi, float __lo,
                                                       float __lim_lo, float __lim_hi)
{
    __x = __x > __lim_hi ? __lim_hi : __x;
    __x = __x < __lim_lo ? __lim_lo : __x;
    float __j = rintf(__x * __hi);
    float __t = fmaf(__x, __hi, -__j);
    __t = fmaf(__x, __lo, __t);
    return __oxm_exp2_scaled(__t, (int)__j);
}

extern "C" __host__ __device__ __forceinline__ float expf(float __x)
{
    return __oxm_exp_base(__x, 1.442695022e+00f, 1.925963034e-08f, -105.0f, 90.0f);
}

extern "C" __host__ __device__ __forceinline__ float exp10f(float __x)
{
    return __oxm_exp_base(__x, 3.321928024e+00f, 7.059536955e-08f, -46.0f, 40.0f);
}

extern "C" __host__ __device__ __forceinline__ float exp2f(float __x)
{
    __x = __x > 130.0f ? 130.0f : __x;
    __x = __x < -152.0f ? -152.0f : __x;
    float __j = rintf(__x);
    return __oxm_exp2_scaled(__x - __j, (int)__j);
}

__host__ __device__ __forceinline__ float exp(float __x) { return expf(__x); }
__host__ __device__ __forceinline__ float exp2(float __x) { return exp2f(__x); }
__host__ __device__ __forceinline__ float exp10(float __x) { return exp10f(__x); }

/* std::sin & co. (<cmath>) */
namespace std {
using ::expf;
using ::exp2f;
using ::exp10f;
using ::exp;
using ::exp2;
using ::exp10;
}
