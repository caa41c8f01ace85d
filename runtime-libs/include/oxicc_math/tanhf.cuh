/* oxicc device math library: tanhf (and the float overload of tanh). |x| < 0.6: the
 * odd minimax polynomial x + x^3 q(x^2) of coeffs.cuh; 0.6 <= |x| < 9.01:
 * 1 - 2 / (e^(2|x|) + 1), whose cancellation is mild there (the result is at least
 * 0.53); beyond, +-1 (tanh rounds to 1 from |x| = 9.01). The sign is copied back. */
#pragma once
#include <oxicc_math/coeffs.cuh>

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
    /* 1 - 2/(e^2a + 1) by ex2.approx.ftz and rcp.approx.ftz, as nvcc's tanhf (the
     * result is at least 0.53, so their errors are damped). */
    float __e = __oxicc_ex2_approx_ftz(__a * 2.885390043e+00f);
    float __big = __a >= 9.01f ? 1.0f : fmaf(-2.0f, __oxicc_rcp_approx(__e + 1.0f), 1.0f);
    __big = copysignf(__big, __x);
    /* NaN takes the polynomial, which propagates it. */
    return !(__a >= 0.6f) ? __small : __big;
}

__host__ __device__ __forceinline__ float tanh(float __x) { return tanhf(__x); }

namespace std {
using ::tanhf;
using ::tanh;
}
