/* oxicc device math library: classification, C's macros as CUDA gives them to device
 * code (overloads for float and double) and CUDA's __isnan & co. Written on the bits, so
 * they hold whatever the flags (-ftz, --use_fast_math). */
#pragma once

__host__ __device__ __forceinline__ bool isnan(float __x)
{
    return (__float_as_int(__x) & 0x7fffffff) > 0x7f800000;
}
__host__ __device__ __forceinline__ bool isnan(double __x)
{
    return (__double_as_longlong(__x) & 0x7fffffffffffffffLL) > 0x7ff0000000000000LL;
}
__host__ __device__ __forceinline__ bool isinf(float __x)
{
    return (__float_as_int(__x) & 0x7fffffff) == 0x7f800000;
}
__host__ __device__ __forceinline__ bool isinf(double __x)
{
    return (__double_as_longlong(__x) & 0x7fffffffffffffffLL) == 0x7ff0000000000000LL;
}
__host__ __device__ __forceinline__ bool isfinite(float __x)
{
    return (__float_as_int(__x) & 0x7fffffff) < 0x7f800000;
}
__host__ __device__ __forceinline__ bool isfinite(double __x)
{
    return (__double_as_longlong(__x) & 0x7fffffffffffffffLL) < 0x7ff0000000000000LL;
}
__host__ __device__ __forceinline__ bool signbit(float __x) { return __float_as_int(__x) < 0; }
__host__ __device__ __forceinline__ bool signbit(double __x) { return __double_as_longlong(__x) < 0; }

extern "C" __host__ __device__ __forceinline__ int __isnanf(float __x) { return isnan(__x); }
extern "C" __host__ __device__ __forceinline__ int __isnan(double __x) { return isnan(__x); }
extern "C" __host__ __device__ __forceinline__ int __isinff(float __x) { return isinf(__x); }
extern "C" __host__ __device__ __forceinline__ int __isinf(double __x) { return isinf(__x); }
extern "C" __host__ __device__ __forceinline__ int __finitef(float __x) { return isfinite(__x); }
extern "C" __host__ __device__ __forceinline__ int __finite(double __x) { return isfinite(__x); }
extern "C" __host__ __device__ __forceinline__ int __signbitf(float __x) { return signbit(__x); }
extern "C" __host__ __device__ __forceinline__ int __signbitd(double __x) { return signbit(__x); }

namespace std {
using ::isnan;
using ::isinf;
using ::isfinite;
using ::signbit;
}
