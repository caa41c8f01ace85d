// harness-arch: sm_80
// mma.sync through inline PTX with 4-bit integer and single-bit inputs, s32 accumulators,
// fragments packed by hand from the PTX ISA's tables (the 8-bit layouts with eight or 32
// elements a register instead of four).
//   4-bit: A is 16×64 row-major, B 64×8 (k×n) row-major, one element a byte (0…15, its
//   low nibble); m16n8k32 s4×s4, m16n8k64 u4×s4, m8n8k32 s4×u4, m16n8k64 s4×s4
//   .satfinite from accumulators near the s32 limits.
//   1-bit: A is 16 rows of 256 bits (eight words, bit i of word w is column 32w + i), B is
//   stored transposed (eight columns n of 256 bits k, the "col" layout): m8n8k128 .xor,
//   m16n8k128 .and, m16n8k256 .xor and .and.
// C and every D are 16×8 row-major s32 (m8n8: rows 0…7).

// Eight nibbles, `stride` bytes apart, the first in the low nibble.
__device__ unsigned pack8(const unsigned char *p, int stride) {
    unsigned v = 0;
    for (int i = 0; i < 8; i++) v |= (unsigned)(p[i * stride] & 15) << (4 * i);
    return v;
}

__device__ void put4(int *d, const int *v, int g, int t) {
    for (int j = 0; j < 4; j++) d[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = v[j];
}

__global__ void mma_subbyte(const unsigned char *a4, const unsigned char *b4, const unsigned *a1,
                            const unsigned *bt1, const int *c, int *d4_32, int *d4_64,
                            int *d4_8, int *d4_sat, int *d1_xor128, int *d1_and128,
                            int *d1_xor256, int *d1_and256) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    int cr[4], cs[4], d[4], d2[2];
    for (int j = 0; j < 4; j++) {
        cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];
        // Near INT_MAX for odd j, near INT_MIN for even j.
        cs[j] = (j & 1) ? 2147483647 - (cr[j] & 0xFF) : -2147483647 + (cr[j] & 0xFF);
    }

    // 4-bit A: register r holds row g + 8(r & 1), columns 8t…8t+7 (+32 for r >= 2);
    // B: register r holds rows 8t…8t+7 (+32 for r = 1) of column g.
    unsigned ra[4], rb[2];
    for (int r = 0; r < 4; r++) ra[r] = pack8(&a4[(g + 8 * (r & 1)) * 64 + 8 * t + 32 * (r >> 1)], 1);
    for (int r = 0; r < 2; r++) rb[r] = pack8(&b4[(8 * t + 32 * r) * 8 + g], 8);

    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(rb[0]), "r"(cr[0]), "r"(cr[1]), "r"(cr[2]),
                   "r"(cr[3]));
    put4(d4_32, d, g, t);
    asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]),
                   "r"(cr[0]), "r"(cr[1]), "r"(cr[2]), "r"(cr[3]));
    put4(d4_64, d, g, t);
    asm volatile("mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32 {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=r"(d2[0]), "=r"(d2[1])
                 : "r"(ra[0]), "r"(rb[0]), "r"(cr[0]), "r"(cr[1]));
    for (int j = 0; j < 2; j++) d4_8[g * 8 + 2 * t + j] = d2[j];
    asm volatile("mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.s4.s32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]),
                   "r"(cs[0]), "r"(cs[1]), "r"(cs[2]), "r"(cs[3]));
    put4(d4_sat, d, g, t);

    // 1-bit A: register r holds row g + 8(r & 1), columns 32t…32t+31 (+128 for r >= 2):
    // word t (+4) of that row. B: register r holds rows 32t…32t+31 (+128 for r = 1) of
    // column g: word t (+4) of transposed row g.
    unsigned xa[4], xb[2];
    for (int r = 0; r < 4; r++) xa[r] = a1[(g + 8 * (r & 1)) * 8 + t + 4 * (r >> 1)];
    for (int r = 0; r < 2; r++) xb[r] = bt1[g * 8 + t + 4 * r];
    asm volatile("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc "
                 "{%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=r"(d2[0]), "=r"(d2[1])
                 : "r"(xa[0]), "r"(xb[0]), "r"(cr[0]), "r"(cr[1]));
    for (int j = 0; j < 2; j++) d1_xor128[g * 8 + 2 * t + j] = d2[j];
    asm volatile("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(xa[0]), "r"(xa[1]), "r"(xb[0]), "r"(cr[0]), "r"(cr[1]), "r"(cr[2]),
                   "r"(cr[3]));
    put4(d1_and128, d, g, t);
    asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(xa[0]), "r"(xa[1]), "r"(xa[2]), "r"(xa[3]), "r"(xb[0]), "r"(xb[1]),
                   "r"(cr[0]), "r"(cr[1]), "r"(cr[2]), "r"(cr[3]));
    put4(d1_xor256, d, g, t);
    asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(xa[0]), "r"(xa[1]), "r"(xa[2]), "r"(xa[3]), "r"(xb[0]), "r"(xb[1]),
                   "r"(cr[0]), "r"(cr[1]), "r"(cr[2]), "r"(cr[3]));
    put4(d1_and256, d, g, t);
}
