/* oxicc device math library: x to an integer power. powi(x, n) and powif(x, n) are
 * libdevice's names (CUDA's headers do not declare them; oxicc does); pow(double, int)
 * and pow(float, int) are the C++ overloads CUDA's headers declare, and reach the same code.
 *
 * powi is the double pow of logd.cuh at the integer converted to double (exact for every
 * int), so C99's special cases of pow carry over (the sign for odd n, zeros, infinities).
 * powif is powf(x, (float)n) while n is exact in float (|n| <= 2^24: float code, powf's
 * error); beyond, where (float)n would round, the double pow rounded once to float. */
#pragma once
#include <oxicc_math/logd.cuh>
#include <oxicc_math/powf.cuh>

extern "C" __host__ __device__ __forceinline__ double powi(double __x, int __n)
{
    return pow(__x, (double)__n);
}

extern "C" __host__ __device__ __forceinline__ float powif(float __x, int __n)
{
    if (__n >= -16777216 && __n <= 16777216)
        return powf(__x, (float)__n);
    return (float)pow((double)__x, (double)__n);
}

__host__ __device__ __forceinline__ double pow(double __x, int __n) { return powi(__x, __n); }
__host__ __device__ __forceinline__ float pow(float __x, int __n) { return powif(__x, __n); }
