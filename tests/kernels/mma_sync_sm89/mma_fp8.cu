// harness-arch: sm_89
// mma.sync through inline PTX with 8-bit float inputs (sm_89+): m16n8k32 e4m3×e4m3 and
// e5m2×e4m3 with f32 accumulators, fragments packed by hand from the PTX ISA's tables (the
// 8-bit layout of the integer forms). Bytes are masked so that no input is a NaN or an
// infinity (e4m3: exponent bit 0 cleared; e5m2: exponent bit 0 cleared). A is 16×32
// row-major bytes, B 32×8 (k×n) row-major bytes, C and D 16×8 row-major f32.

__device__ unsigned pack4(const unsigned char *p, int stride, unsigned mask) {
    return (p[0] | (p[stride] << 8) | (p[2 * stride] << 16) | ((unsigned)p[3 * stride] << 24)) &
           mask;
}

__global__ void mma_fp8(const unsigned char *a, const unsigned char *b, const float *c,
                        float *d44, float *d54) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    float cr[4], d[4];
    for (int j = 0; j < 4; j++) cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];
    unsigned a4[4], a5[4], b4[2];
    for (int r = 0; r < 4; r++) {
        const unsigned char *p = &a[(g + 8 * (r & 1)) * 32 + 4 * t + 16 * (r >> 1)];
        a4[r] = pack4(p, 1, 0xF7F7F7F7u);
        a5[r] = pack4(p, 1, 0xFBFBFBFBu);
    }
    for (int r = 0; r < 2; r++) b4[r] = pack4(&b[(4 * t + 16 * r) * 8 + g], 8, 0xF7F7F7F7u);
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a4[0]), "r"(a4[1]), "r"(a4[2]), "r"(a4[3]), "r"(b4[0]), "r"(b4[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    for (int j = 0; j < 4; j++) d44[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a5[0]), "r"(a5[1]), "r"(a5[2]), "r"(a5[3]), "r"(b4[0]), "r"(b4[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    for (int j = 0; j < 4; j++) d54[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];
}
