/* oxicc device math library: small functions written with the intrinsics: __sincosf,
 * frexpf, ldexpf, scalbnf, fdimf. */
#pragma once

extern "C" __device__ __forceinline__ void __sincosf(float __x, float *__s, float *__c)
{
    *__s = __sinf(__x);
    *__c = __cosf(__x);
}

/* x = m * 2^e with |m| in [1/2, 1); zero, inf and NaN come back unchanged with e = 0. */
extern "C" __host__ __device__ __forceinline__ float frexpf(float __x, int *__e)
{
    float __a = fabsf(__x);
    bool __sub = __a < 1.175494351e-38f;
    float __y = __sub ? __x * 16777216.0f : __x;
    int __iy = __float_as_int(__y);
    int __ex = ((__iy >> 23) & 0xff) - 126 - (__sub ? 24 : 0);
    float __m = __int_as_float((__iy & 0x807fffff) | 0x3f000000);
    bool __keep = __x == 0.0f || !(__a < __int_as_float(0x7f800000));
    *__e = __keep ? 0 : __ex;
    return __keep ? __x : __m;
}

/* x * 2^n rounded once: n is clamped (beyond +-300 the result is 0 or inf anyway) and
 * applied as three exact powers of two, the last of which rounds. */
extern "C" __host__ __device__ __forceinline__ float ldexpf(float __x, int __n)
{
    __n = __n > 300 ? 300 : (__n < -300 ? -300 : __n);
    int __a = __n / 3;
    int __b = (__n - __a) / 2;
    int __c = __n - __a - __b;
    float __r = __x * __int_as_float((__a + 127) << 23);
    __r = __r * __int_as_float((__b + 127) << 23);
    return __r * __int_as_float((__c + 127) << 23);
}

extern "C" __host__ __device__ __forceinline__ float scalbnf(float __x, int __n)
{
    return ldexpf(__x, __n);
}

extern "C" __host__ __device__ __forceinline__ float fdimf(float __x, float __y)
{
    return __x > __y ? __x - __y : (__x <= __y ? 0.0f : __x + __y);
}
