/* oxicc device math library: expf, exp2f, exp10f (and the float overloads of exp, exp2,
 * exp10), on ex2.approx as nvcc's. Also the accurate 2^t 2^i of the minimax polynomial
 * (coeffs.cuh) and its Cody-Waite reduction, for the functions whose bound needs more
 * than ex2.approx gives (coshf, sinhf, erff): y = x log2(base), i = rint(y), t = y - i
 * by fma from a two-float split of log2(base), so t carries no error from the product;
 * 2^i as two exact powers of two, so a subnormal result is rounded once. Clamping x
 * keeps i in range; NaN passes the clamps (comparisons with NaN are false). */
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

/* base^x by ex2.approx.ftz, as nvcc's expf: j = rint(x log2(base)) clamped to
 * [-126, 127] so that 2^j is a normal float, t = x log2(base) - j with the two-float
 * split (the clamp makes |t| large only where the result is subnormal, 0 or inf, whose
 * relative precision is lower), 2^t by the instruction, and one multiplication, which
 * rounds a subnormal result once. NaN gives t = NaN. */
static __device__ __forceinline__ float __oxm_exp_approx(float __x, float __hi, float __lo)
{
    float __j = fminf(fmaxf(rintf(__x * __hi), -126.0f), 127.0f);
    float __t = fmaf(__x, __hi, -__j);
    __t = fmaf(__x, __lo, __t);
    return __oxicc_ex2_approx_ftz(__t) * __int_as_float(((int)__j + 127) << 23);
}

extern "C" __host__ __device__ __forceinline__ float expf(float __x)
{
    return __oxm_exp_approx(__x, 1.442695022e+00f, 1.925963034e-08f);
}

extern "C" __host__ __device__ __forceinline__ float exp10f(float __x)
{
    return __oxm_exp_approx(__x, 3.321928024e+00f, 7.059536955e-08f);
}

/* ex2.approx.f32 (not .ftz: it gives subnormal results), as nvcc's exp2f. */
extern "C" __host__ __device__ __forceinline__ float exp2f(float __x)
{
    return __oxicc_ex2_approx(__x);
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
