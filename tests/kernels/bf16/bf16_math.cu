// harness-arch: sm_80
// The bfloat16 math functions whose result is fixed by the definition (the value's exact
// function, rounded once): hceil, hfloor, htrunc, hrint (exact in bfloat16), hsqrt and hrcp
// on __nv_bfloat16, and their h2 forms on __nv_bfloat162 (both halves).
#include <cuda_bf16.h>

__global__ void bf16_math(const __nv_bfloat16 *a, const __nv_bfloat16 *p, unsigned short *out) {
    int i = threadIdx.x, n = blockDim.x;
    __nv_bfloat16 x = a[i];
    __nv_bfloat162 x2 = __halves2bfloat162(a[i], a[(i + 1) % n]);
    __nv_bfloat16 r[6] = {hceil(x), hfloor(x), htrunc(x), hrint(x), hsqrt(p[i]), hrcp(x)};
    __nv_bfloat162 s = h2sqrt(__halves2bfloat162(p[i], p[(i + 3) % n]));
    __nv_bfloat162 q[5] = {h2ceil(x2), h2floor(x2), h2trunc(x2), h2rint(x2), h2rcp(x2)};
    for (int k = 0; k < 6; k++) out[k * n + i] = __bfloat16_as_ushort(r[k]);
    out[6 * n + 2 * i] = __bfloat16_as_ushort(__low2bfloat16(s));
    out[6 * n + 2 * i + 1] = __bfloat16_as_ushort(__high2bfloat16(s));
    for (int k = 0; k < 5; k++) {
        out[(8 + 2 * k) * n + 2 * i] = __bfloat16_as_ushort(__low2bfloat16(q[k]));
        out[(8 + 2 * k) * n + 2 * i + 1] = __bfloat16_as_ushort(__high2bfloat16(q[k]));
    }
}
