/* oxicc device math library: cbrtf and rcbrtf (and the float overloads of cbrt, rcbrt), in
 * float.
 *
 * cbrtf:
 * y0 = 2^(log2|x| / 3) by lg2.approx and ex2.approx (as nvcc's cbrtf starts), good to
 * about 2^-21; then |x| and y0 are scaled by 2^-3k and 2^-k (k the exponent of y0, so
 * m = |x| 2^-3k is in [1/2, 16) and the residual cannot over- or underflow) and one
 * Newton step y - (y^3 - m) / (3 y^2) with y^3 - m computed exactly up to one rounding
 * (y^2 as a two-float by fma), which leaves the error of the last rounding. Subnormal x
 * is scaled by 2^24 first (and the result by 2^-8). 0, inf and NaN return x + x.
 *
 * rcbrtf: the same first guess of |x|^(-1/3) and scaling (m = |x| 2^3k in [1/8, 1]), one
 * Newton step y + y r / 3 on the residual r = 1 - m y^3, which is computed to about 2^-46:
 * y^3 as a float and two error terms (fma), m y^3 as a two-float product, 1 - that
 * product exact (Sterbenz: m y^3 is within 2^-20 of 1). The step rounds once. 0 gives
 * inf, inf gives 0 (with the sign of x), NaN itself. */
#pragma once

extern "C" __host__ __device__ double cbrt(double);
extern "C" __host__ __device__ double rcbrt(double);

extern "C" __host__ __device__ __forceinline__ float cbrtf(float __x)
{
    float __inf = __int_as_float(0x7f800000);
    float __a = fabsf(__x);
    int __sub = __a < 1.175494351e-38f;
    __a = __sub ? __a * 16777216.0f : __a;
    float __y0 = __oxicc_ex2_approx_ftz(__oxicc_lg2_approx(__a) * 3.333333433e-01f);
    int __k = (__float_as_int(__y0) >> 23) - 127;
    float __m = __int_as_float(__float_as_int(__a) - 3 * __k * 8388608);
    float __y = __int_as_float(__float_as_int(__y0) - __k * 8388608);
    float __y2 = __y * __y;
    float __y2l = fmaf(__y, __y, -__y2);
    float __res = fmaf(__y2l, __y, fmaf(__y2, __y, -__m));
    __y = fmaf(-__res, __oxicc_rcp_approx(3.0f * __y2), __y);
    float __r = __y * __int_as_float((__k + 127 - (__sub ? 8 : 0)) << 23);
    __r = copysignf(__r, __x);
    return (__a > 0.0f && __a < __inf) ? __r : __x + __x;
}

__host__ __device__ __forceinline__ float cbrt(float __x) { return cbrtf(__x); }

extern "C" __host__ __device__ __forceinline__ float rcbrtf(float __x)
{
    float __inf = __int_as_float(0x7f800000);
    float __a = fabsf(__x);
    int __sub = __a < 1.175494351e-38f;
    __a = __sub ? __a * 16777216.0f : __a;
    float __y0 = __oxicc_ex2_approx_ftz(__oxicc_lg2_approx(__a) * -3.333333433e-01f);
    int __k = (__float_as_int(__y0) >> 23) - 127;
    float __m = __int_as_float(__float_as_int(__a) + 3 * __k * 8388608);
    float __y = __int_as_float(__float_as_int(__y0) - __k * 8388608);
    float __y2 = __y * __y;
    float __y2l = fmaf(__y, __y, -__y2);
    float __c = __y2 * __y;
    float __cl = fmaf(__y2l, __y, fmaf(__y2, __y, -__c));
    float __d = __m * __c;
    float __dl = fmaf(__m, __c, -__d);
    float __r = __fsub_rn(1.0f, __d) - fmaf(__m, __cl, __dl);
    __y = fmaf(__y * __r, 3.333333433e-01f, __y);
    float __res = copysignf(__y * __int_as_float((__k + 127 + (__sub ? 8 : 0)) << 23), __x);
    float __special = __a == 0.0f ? copysignf(__inf, __x) : (__a == __inf ? copysignf(0.0f, __x) : __x + __x);
    return (__a > 0.0f && __a < __inf) ? __res : __special;
}

__host__ __device__ __forceinline__ float rcbrt(float __x) { return rcbrtf(__x); }

namespace std {
using ::cbrtf;
using ::cbrt;
}
