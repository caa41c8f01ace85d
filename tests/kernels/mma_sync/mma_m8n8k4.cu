// harness-arch: sm_80
// mma.sync.m8n8k4 with f16 inputs: four independent 8x8x4 products, one per quad-pair
// (lanes 4q…4q+3 and 16+4q…16+4q+3, thread t = 0…7 in the PTX ISA's tables), fragments
// packed by hand: .row.col with f32 C and D, .col.row with f16 C and D, .row.row with f16 C
// and f32 D. Quad-pair q's A is a[32q…] (8x4 row-major), B is b[32q…] (4x8 row-major), C is
// c[64q…] or ch[64q…] (8x8 row-major); each D is stored the same way.

__device__ unsigned pack(unsigned short lo, unsigned short hi) {
    return lo | ((unsigned)hi << 16);
}

__global__ void mma_m8n8k4(const unsigned short *a, const unsigned short *b, const float *c,
                           const unsigned short *ch, float *d_rc, unsigned short *d_cr,
                           float *d_rr) {
    int lane = threadIdx.x, q = (lane >> 2) & 3, hi = lane >> 4;
    int t = (lane & 3) + 4 * hi;
    const unsigned short *A = a + 32 * q, *B = b + 32 * q, *Ch = ch + 64 * q;
    const float *C = c + 64 * q;

    // A row-major: thread t holds row t; B column-major: thread t holds column t.
    unsigned ar[2] = {pack(A[t * 4], A[t * 4 + 1]), pack(A[t * 4 + 2], A[t * 4 + 3])};
    unsigned bc[2] = {pack(B[t], B[8 + t]), pack(B[16 + t], B[24 + t])};
    // A column-major: thread t holds column t % 4, rows 4(t/4)…; B row-major: row t % 4,
    // columns 4(t/4)….
    int col = t & 3, h4 = 4 * (t >> 2);
    unsigned ac[2] = {pack(A[h4 * 4 + col], A[(h4 + 1) * 4 + col]),
                      pack(A[(h4 + 2) * 4 + col], A[(h4 + 3) * 4 + col])};
    unsigned br[2] = {pack(B[col * 8 + h4], B[col * 8 + h4 + 1]),
                      pack(B[col * 8 + h4 + 2], B[col * 8 + h4 + 3])};

    // f32 C/D: element i at row (t&1) + (i&2) + 4(t>>2), column (t&2) + (i&1) + (i&4).
    float cf[8], df[8];
    for (int i = 0; i < 8; i++)
        cf[i] = C[((t & 1) + (i & 2) + 4 * (t >> 2)) * 8 + (t & 2) + (i & 1) + (i & 4)];
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, "
                 "{%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=f"(df[0]), "=f"(df[1]), "=f"(df[2]), "=f"(df[3]), "=f"(df[4]),
                   "=f"(df[5]), "=f"(df[6]), "=f"(df[7])
                 : "r"(ar[0]), "r"(ar[1]), "r"(bc[0]), "r"(bc[1]), "f"(cf[0]), "f"(cf[1]),
                   "f"(cf[2]), "f"(cf[3]), "f"(cf[4]), "f"(cf[5]), "f"(cf[6]), "f"(cf[7]));
    for (int i = 0; i < 8; i++)
        d_rc[64 * q + ((t & 1) + (i & 2) + 4 * (t >> 2)) * 8 + (t & 2) + (i & 1) + (i & 4)] = df[i];

    // f16 C/D: thread t holds row t, columns 0…7.
    unsigned chh[4], dh[4];
    for (int r = 0; r < 4; r++) chh[r] = pack(Ch[t * 8 + 2 * r], Ch[t * 8 + 2 * r + 1]);
    asm volatile("mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};"
                 : "=r"(dh[0]), "=r"(dh[1]), "=r"(dh[2]), "=r"(dh[3])
                 : "r"(ac[0]), "r"(ac[1]), "r"(br[0]), "r"(br[1]), "r"(chh[0]), "r"(chh[1]),
                   "r"(chh[2]), "r"(chh[3]));
    for (int r = 0; r < 4; r++) {
        d_cr[64 * q + t * 8 + 2 * r] = dh[r] & 0xFFFF;
        d_cr[64 * q + t * 8 + 2 * r + 1] = dh[r] >> 16;
    }

    asm volatile("mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15};"
                 : "=f"(df[0]), "=f"(df[1]), "=f"(df[2]), "=f"(df[3]), "=f"(df[4]),
                   "=f"(df[5]), "=f"(df[6]), "=f"(df[7])
                 : "r"(ar[0]), "r"(ar[1]), "r"(br[0]), "r"(br[1]), "r"(chh[0]), "r"(chh[1]),
                   "r"(chh[2]), "r"(chh[3]));
    for (int i = 0; i < 8; i++)
        d_rr[64 * q + ((t & 1) + (i & 2) + 4 * (t >> 2)) * 8 + (t & 2) + (i & 1) + (i & 4)] = df[i];
}
