// harness-arch: sm_80
// mma.sync with f16 inputs and the accumulator forms mma_f16.cu leaves out: m16n8k16 with
// f16 C and D, m16n8k8 with f32 C and D (ptxas requires D and C of one type in these
// shapes); fragments gathered by hand from the PTX ISA's tables. A is 16×16 row-major,
// B 16×8 (k×n) row-major, C and D 16×8 row-major.

__device__ unsigned pack(unsigned short lo, unsigned short hi) {
    return lo | ((unsigned)hi << 16);
}

__global__ void mma_f16_accs(const unsigned short *a, const unsigned short *b,
                             const unsigned short *ch, const float *cf, unsigned short *dhh,
                             float *dfh) {
    int lane = threadIdx.x;
    int g = lane >> 2, t = lane & 3;
    unsigned fa[4], fb[2], c16[2], d16[2];
    for (int r = 0; r < 4; r++) {
        int row = g + 8 * (r & 1), col = 2 * t + 8 * (r >> 1);
        fa[r] = pack(a[row * 16 + col], a[row * 16 + col + 1]);
    }
    for (int r = 0; r < 2; r++) {
        int k = 2 * t + 8 * r;
        fb[r] = pack(b[k * 8 + g], b[(k + 1) * 8 + g]);
        int at = (g + 8 * r) * 8 + 2 * t;
        c16[r] = pack(ch[at], ch[at + 1]);
    }
    float c32[4], d32[4];
    for (int j = 0; j < 4; j++) c32[j] = cf[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];

    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                 "{%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};"
                 : "=r"(d16[0]), "=r"(d16[1])
                 : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fb[0]), "r"(fb[1]),
                   "r"(c16[0]), "r"(c16[1]));
    for (int r = 0; r < 2; r++) {
        int at = (g + 8 * r) * 8 + 2 * t;
        dhh[at] = (unsigned short)d16[r];
        dhh[at + 1] = (unsigned short)(d16[r] >> 16);
    }
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=f"(d32[0]), "=f"(d32[1]), "=f"(d32[2]), "=f"(d32[3])
                 : "r"(fa[0]), "r"(fa[1]), "r"(fb[0]), "f"(c32[0]), "f"(c32[1]), "f"(c32[2]),
                   "f"(c32[3]));
    for (int j = 0; j < 4; j++) dfh[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d32[j];
}
