// harness-arch: sm_80
// The bfloat16 transcendental functions: hsin, hcos, hexp, hexp2, hexp10 on x (in [-8, 8])
// and hlog, hlog2, hlog10, hrsqrt on p (positive), and h2exp/h2log on pairs. Each is the
// f32 function rounded to bfloat16, so its result is the exact value rounded once wherever
// that value lies well away from a bfloat16 rounding boundary (the test checks its inputs).
#include <cuda_bf16.h>

__global__ void bf16_transcendental(const __nv_bfloat16 *x, const __nv_bfloat16 *p,
                                    unsigned short *out) {
    int i = threadIdx.x, n = blockDim.x;
    __nv_bfloat16 r[9] = {hsin(x[i]), hcos(x[i]),  hexp(x[i]),   hexp2(x[i]), hexp10(x[i]),
                          hlog(p[i]), hlog2(p[i]), hlog10(p[i]), hrsqrt(p[i])};
    for (int k = 0; k < 9; k++) out[k * n + i] = __bfloat16_as_ushort(r[k]);
    __nv_bfloat162 e = h2exp(__halves2bfloat162(x[i], x[(i + 5) % n]));
    __nv_bfloat162 l = h2log(__halves2bfloat162(p[i], p[(i + 7) % n]));
    out[9 * n + 2 * i] = __bfloat16_as_ushort(__low2bfloat16(e));
    out[9 * n + 2 * i + 1] = __bfloat16_as_ushort(__high2bfloat16(e));
    out[11 * n + 2 * i] = __bfloat16_as_ushort(__low2bfloat16(l));
    out[11 * n + 2 * i + 1] = __bfloat16_as_ushort(__high2bfloat16(l));
}
