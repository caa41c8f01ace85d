// #include of a local header (quoted, relative to this file), included twice to exercise
// #pragma once; the header itself includes a guarded configuration header.
#include "include/suite_helpers.h"
#include "include/suite_helpers.h"

__global__ void rotate_and_scale(const suite_u32 *in, int *out, int n)
{
    int i = blockIdx.x * SUITE_BLOCK + threadIdx.x;
    if (i < n) {
        suite_u32 r = suite_rotl32(in[i], i & 31);
        out[i] = suite_scaled((int)(r & 0xFFFF));
    }
}

__global__ void clamp_values(const int *in, int *out, int lo, int hi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = SUITE_CLAMP(in[i], lo, hi);
}
