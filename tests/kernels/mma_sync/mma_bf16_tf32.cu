// harness-arch: sm_80
// mma.sync through inline PTX with the other input types: bf16 m16n8k16 and m16n8k8 with
// f32 accumulators, tf32 m16n8k8 and m16n8k4 (inputs rounded by cvt.rna.tf32.f32). Fragments
// are gathered by hand from the PTX ISA's tables. A is 16×K row-major, B K×8 row-major,
// C and D 16×8 row-major.

__device__ unsigned pack(unsigned short lo, unsigned short hi) {
    return lo | ((unsigned)hi << 16);
}

__device__ unsigned tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return r;
}

__global__ void mma_bf16_tf32(const unsigned short *a, const unsigned short *b, const float *af,
                              const float *bf, const float *c, float *d16, float *d8,
                              float *dt8, float *dt4) {
    int lane = threadIdx.x;
    int g = lane >> 2, t = lane & 3;
    unsigned ah[4], bh[2];
    for (int r = 0; r < 4; r++) {
        int row = g + 8 * (r & 1), col = 2 * t + 8 * (r >> 1);
        ah[r] = pack(a[row * 16 + col], a[row * 16 + col + 1]);
    }
    for (int r = 0; r < 2; r++) {
        int k = 2 * t + 8 * r;
        bh[r] = pack(b[k * 8 + g], b[(k + 1) * 8 + g]);
    }
    float cr[4], o[4];
    for (int j = 0; j < 4; j++) cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];

    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(o[0]), "=f"(o[1]), "=f"(o[2]), "=f"(o[3])
                 : "r"(ah[0]), "r"(ah[1]), "r"(ah[2]), "r"(ah[3]), "r"(bh[0]), "r"(bh[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    for (int j = 0; j < 4; j++) d16[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = o[j];

    // m16n8k8: columns 0..7 of A, rows 0..7 of B (the first register of each pair).
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=f"(o[0]), "=f"(o[1]), "=f"(o[2]), "=f"(o[3])
                 : "r"(ah[0]), "r"(ah[1]), "r"(bh[0]), "f"(cr[0]), "f"(cr[1]), "f"(cr[2]),
                   "f"(cr[3]));
    for (int j = 0; j < 4; j++) d8[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = o[j];

    // tf32 m16n8k8: A 16×8 (af), B 8×8 (bf).
    unsigned at[4], bt[2];
    for (int r = 0; r < 4; r++) at[r] = tf32(af[(g + 8 * (r & 1)) * 8 + t + 4 * (r >> 1)]);
    for (int r = 0; r < 2; r++) bt[r] = tf32(bf[(t + 4 * r) * 8 + g]);
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(o[0]), "=f"(o[1]), "=f"(o[2]), "=f"(o[3])
                 : "r"(at[0]), "r"(at[1]), "r"(at[2]), "r"(at[3]), "r"(bt[0]), "r"(bt[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    for (int j = 0; j < 4; j++) dt8[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = o[j];

    // tf32 m16n8k4: columns 0..3 of A, rows 0..3 of B.
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=f"(o[0]), "=f"(o[1]), "=f"(o[2]), "=f"(o[3])
                 : "r"(at[0]), "r"(at[1]), "r"(bt[0]), "f"(cr[0]), "f"(cr[1]), "f"(cr[2]),
                   "f"(cr[3]));
    for (int j = 0; j < 4; j++) dt4[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = o[j];
}
