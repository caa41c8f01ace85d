/* oxicc device math library: tanhf (and the float overload of tanh). |x| < 0.6: the
 * odd minimax polynomial x + x^3 q(x^2) of coeffs.cuh; 0.6 <= |x| < 9.1:
 * 1 - 2 / (e^(2|x|) + 1), whose cancellation is mild there (the result is at least
 * 0.53); beyond, +-1 (tanh rounds to 1 from |x| = 9.01). The sign is copied back. */
#pragma once
#include <oxicc_math/coeffs.cuh>
#include <oxicc_math/expf.cuh>

extern "C" __host__ __device__ double tanh(double);

extern "C" __host__ __device__ __forceinline__ float tanhf(float __x)
{
    float __a = fabsf(__x);
    float __u = __x * __x;
    float __p = __OXM_TANH_C5;
    __p = fmaf(__p, __u, __OXM_TANH_C4);
    __p = fmaf(__p, __u, __OXM_TANH_C3);
    __p = fmaf(__p, __u, __OXM_TANH_C2);
    __p = fmaf(__p, __u, __OXM_TANH_C1);
    __p = fmaf(__p, __u, __OXM_TANH_C0);
    float __small = fmaf(__x * __u, __p, __x);
    float __e = expf(2.0f * fminf(__a, 9.1f));
    float __big = copysignf(1.0f - 2.0f / (__e + 1.0f), __x);
    /* NaN takes the polynomial, which propagates it. */
    return !(__a >= 0.6f) ? __small : __big;
}

__host__ __device__ __forceinline__ float tanh(float __x) { return tanhf(__x); }

namespace std {
using ::tanhf;
using ::tanh;
}
