/* oxicc device math library: tanf and the float overload of tan (trigf.cuh has the
 * reduction and kernels): sin r / cos r, or -cos r / sin r in the odd quadrants. */
#pragma once
#include <oxicc_math/trigf.cuh>

extern "C" __host__ __device__ double tan(double);

extern "C" __host__ __device__ __forceinline__ float tanf(float __x)
{
    int __q;
    float __r = __oxm_trig_reduce(__x, &__q);
    float __sp = __oxm_sin_poly(__r);
    float __cp = __oxm_cos_poly(__r);
    /* One quotient, by rcp.approx, a Newton step and a residual correction (about half
     * an ulp, no IEEE division subroutine): -cos/sin in the odd quadrants, sin/cos else.
     * The divisor is at least 2^-30 or so in magnitude (no float is closer to a multiple
     * of pi/2), so its reciprocal is normal. */
    float __n = (__q & 1) ? -__cp : __sp;
    float __d = (__q & 1) ? __sp : __cp;
    float __rc = __oxicc_rcp_approx(__d);
    __rc = fmaf(__rc, fmaf(-__d, __rc, 1.0f), __rc);
    float __v = __n * __rc;
    __v = fmaf(fmaf(-__v, __d, __n), __rc, __v);
    return __x == 0.0f ? __x : __v;
}

__host__ __device__ __forceinline__ float tan(float __x) { return tanf(__x); }

namespace std {
using ::tanf;
using ::tan;
}
