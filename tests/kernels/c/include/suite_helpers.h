// Small device helpers shared by the suite's kernels (guarded by #pragma once).
#pragma once

#include "suite_config.h"

#define SUITE_MIN(a, b) ((a) < (b) ? (a) : (b))
#define SUITE_MAX(a, b) ((a) > (b) ? (a) : (b))
#define SUITE_CLAMP(x, lo, hi) SUITE_MIN(SUITE_MAX((x), (lo)), (hi))

typedef unsigned int suite_u32;

static __device__ __forceinline__ suite_u32 suite_rotl32(suite_u32 x, int r)
{
    return (x << r) | (x >> (32 - r));
}

static __device__ int suite_scaled(int x)
{
#if SUITE_HAS_BIAS
    return x * SUITE_SCALE + 1;
#else
    return x * SUITE_SCALE;
#endif
}
