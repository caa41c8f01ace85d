// harness-arch: sm_89
// mma.sync.m16n8k16 with 8-bit float inputs (PTX 8.7, sm_89+) through inline PTX:
// e4m3×e5m2 and e5m2×e5m2 with f32 accumulators, e4m3×e4m3 with f16 accumulators (also
// PTX 8.7). Fragments by the PTX ISA's tables: A (16×16 row-major bytes) register r holds
// row g + 8r, columns 4t…4t+3; B (16×8, k×n row-major bytes) one register, rows 4t…4t+3 of
// column g; C and D (16×8 row-major) c0, c1 at (g, 2t), (g, 2t + 1), c2, c3 eight rows on.
// Bytes are masked so that no input is a NaN or an infinity (e4m3: & 0xF7, e5m2: & 0xFB);
// for the f16 accumulators, e4m3 bytes & 0xB7 (exponent at most 6: below 1) keep D finite.

__device__ unsigned pack4(const unsigned char *p, int stride, unsigned mask) {
    return (p[0] | (p[stride] << 8) | (p[2 * stride] << 16) | ((unsigned)p[3 * stride] << 24)) &
           mask;
}

__global__ void mma_fp8_k16(const unsigned char *a, const unsigned char *b, const float *c,
                            const unsigned short *ch, float *d45, float *d55,
                            unsigned short *dh44) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    float cr[4], d[4];
    for (int j = 0; j < 4; j++) cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];
    unsigned a4[2], a5[2], a4h[2], b4h, b5;
    for (int r = 0; r < 2; r++) {
        const unsigned char *p = &a[(g + 8 * r) * 16 + 4 * t];
        a4[r] = pack4(p, 1, 0xF7F7F7F7u);
        a5[r] = pack4(p, 1, 0xFBFBFBFBu);
        a4h[r] = pack4(p, 1, 0xB7B7B7B7u);
    }
    b4h = pack4(&b[4 * t * 8 + g], 8, 0xB7B7B7B7u);
    b5 = pack4(&b[4 * t * 8 + g], 8, 0xFBFBFBFBu);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a4[0]), "r"(a4[1]), "r"(b5), "f"(cr[0]), "f"(cr[1]), "f"(cr[2]),
                   "f"(cr[3]));
    for (int j = 0; j < 4; j++) d45[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a5[0]), "r"(a5[1]), "r"(b5), "f"(cr[0]), "f"(cr[1]), "f"(cr[2]),
                   "f"(cr[3]));
    for (int j = 0; j < 4; j++) d55[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];
    // f16 C and D: register j holds the pair at row g + 8j, columns 2t and 2t + 1.
    unsigned hc[2], hd[2];
    for (int j = 0; j < 2; j++) {
        const unsigned short *p = &ch[(g + 8 * j) * 8 + 2 * t];
        hc[j] = p[0] | ((unsigned)p[1] << 16);
    }
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16 "
                 "{%0, %1}, {%2, %3}, {%4}, {%5, %6};"
                 : "=r"(hd[0]), "=r"(hd[1])
                 : "r"(a4h[0]), "r"(a4h[1]), "r"(b4h), "r"(hc[0]), "r"(hc[1]));
    for (int j = 0; j < 2; j++) {
        unsigned short *p = &dh44[(g + 8 * j) * 8 + 2 * t];
        p[0] = hd[j] & 0xFFFF;
        p[1] = hd[j] >> 16;
    }
}
