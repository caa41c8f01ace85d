// harness-arch: sm_80
// mma.sync through inline PTX, f16 inputs: m16n8k16 with f32 accumulators, A and B loaded
// twice — by ldmatrix (.x4 for A, .x2.trans for B) from shared memory and by hand from the
// PTX ISA's fragment tables — and m16n8k8 with f16 accumulators. A is 16×16 row-major, B
// 16×8 (k×n) row-major, C and D 16×8 row-major.

__device__ unsigned pack(unsigned short lo, unsigned short hi) {
    return lo | ((unsigned)hi << 16);
}

__global__ void mma_f16(const unsigned short *a, const unsigned short *b, const float *c,
                        const unsigned short *ch, float *d_ld, float *d_hand,
                        unsigned short *dh, unsigned *frag) {
    __shared__ __align__(16) unsigned short sa[16 * 16];
    __shared__ __align__(16) unsigned short sb[16 * 8];
    int lane = threadIdx.x;
    for (int i = lane; i < 256; i += 32) sa[i] = a[i];
    for (int i = lane; i < 128; i += 32) sb[i] = b[i];
    __syncthreads();
    int g = lane >> 2, t = lane & 3;

    unsigned al[4], bl[2];
    unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[(lane % 16) * 16 + (lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(al[0]), "=r"(al[1]), "=r"(al[2]), "=r"(al[3])
                 : "r"(pa));
    unsigned pb = (unsigned)__cvta_generic_to_shared(&sb[(lane % 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                 : "=r"(bl[0]), "=r"(bl[1])
                 : "r"(pb));

    unsigned ah[4], bh[2];
    for (int r = 0; r < 4; r++) {
        int row = g + 8 * (r & 1), col = 2 * t + 8 * (r >> 1);
        ah[r] = pack(a[row * 16 + col], a[row * 16 + col + 1]);
    }
    for (int r = 0; r < 2; r++) {
        int k = 2 * t + 8 * r;
        bh[r] = pack(b[k * 8 + g], b[(k + 1) * 8 + g]);
    }
    float cr[4];
    for (int j = 0; j < 4; j++) cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];

    float d1[4], d2[4];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d1[0]), "=f"(d1[1]), "=f"(d1[2]), "=f"(d1[3])
                 : "r"(al[0]), "r"(al[1]), "r"(al[2]), "r"(al[3]), "r"(bl[0]), "r"(bl[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d2[0]), "=f"(d2[1]), "=f"(d2[2]), "=f"(d2[3])
                 : "r"(ah[0]), "r"(ah[1]), "r"(ah[2]), "r"(ah[3]), "r"(bh[0]), "r"(bh[1]),
                   "f"(cr[0]), "f"(cr[1]), "f"(cr[2]), "f"(cr[3]));
    for (int j = 0; j < 4; j++) {
        int at = (g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1);
        d_ld[at] = d1[j];
        d_hand[at] = d2[j];
    }
    for (int r = 0; r < 4; r++) frag[lane * 6 + r] = al[r];
    for (int r = 0; r < 2; r++) frag[lane * 6 + 4 + r] = bl[r];

    // m16n8k8, f16 accumulators: the first 8 columns of A and the first 8 rows of B.
    unsigned c16[2], d16[2];
    for (int r = 0; r < 2; r++) {
        int at = (g + 8 * r) * 8 + 2 * t;
        c16[r] = pack(ch[at], ch[at + 1]);
    }
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 "
                 "{%0, %1}, {%2, %3}, {%4}, {%5, %6};"
                 : "=r"(d16[0]), "=r"(d16[1])
                 : "r"(ah[0]), "r"(ah[1]), "r"(bh[0]), "r"(c16[0]), "r"(c16[1]));
    for (int r = 0; r < 2; r++) {
        int at = (g + 8 * r) * 8 + 2 * t;
        dh[at] = (unsigned short)d16[r];
        dh[at + 1] = (unsigned short)(d16[r] >> 16);
    }
}
