// harness-arch: sm_80
// mma.sync through inline PTX with 8-bit integer inputs and s32 accumulators, fragments
// packed by hand from the PTX ISA's tables: m16n8k16 s8×s8, m16n8k32 u8×s8, m8n8k16 s8×u8,
// and m16n8k32 s8×s8 .satfinite with accumulators near the s32 limits. A is 16×32
// row-major bytes, B 32×8 (k×n) row-major bytes, C and D 16×8 row-major s32.

// Four bytes, `stride` apart, the first in the low byte.
__device__ unsigned pack4(const unsigned char *p, int stride) {
    return p[0] | (p[stride] << 8) | (p[2 * stride] << 16) | ((unsigned)p[3 * stride] << 24);
}

__global__ void mma_int8(const unsigned char *a, const unsigned char *b, const int *c,
                         int *d16, int *d32, int *d8, int *dsat) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    int cr[4], cs[4];
    for (int j = 0; j < 4; j++) {
        cr[j] = c[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)];
        // Near INT_MAX for odd j, near INT_MIN for even j.
        cs[j] = (j & 1) ? 2147483647 - (cr[j] & 0xFFFF) : -2147483647 + (cr[j] & 0xFFFF);
    }
    int d[4];

    // m16n8k16: A two registers (rows g and g + 8, columns 4t…4t+3), B one (rows 4t…).
    unsigned a16[2];
    for (int r = 0; r < 2; r++) a16[r] = pack4(&a[(g + 8 * r) * 32 + 4 * t], 1);
    unsigned b16 = pack4(&b[4 * t * 8 + g], 8);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a16[0]), "r"(a16[1]), "r"(b16), "r"(cr[0]), "r"(cr[1]), "r"(cr[2]),
                   "r"(cr[3]));
    for (int j = 0; j < 4; j++) d16[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];

    // m16n8k32: A four registers (the second pair 16 columns on), B two (16 rows on).
    unsigned a32[4], b32[2];
    for (int r = 0; r < 4; r++)
        a32[r] = pack4(&a[(g + 8 * (r & 1)) * 32 + 4 * t + 16 * (r >> 1)], 1);
    for (int r = 0; r < 2; r++) b32[r] = pack4(&b[(4 * t + 16 * r) * 8 + g], 8);
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a32[0]), "r"(a32[1]), "r"(a32[2]), "r"(a32[3]), "r"(b32[0]),
                   "r"(b32[1]), "r"(cr[0]), "r"(cr[1]), "r"(cr[2]), "r"(cr[3]));
    for (int j = 0; j < 4; j++) d32[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];

    // m8n8k16: rows 0…7 of A and C, k 0…15; one register each for A and B, two for C.
    int d2[2];
    asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32 "
                 "{%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=r"(d2[0]), "=r"(d2[1])
                 : "r"(a16[0]), "r"(b16), "r"(cr[0]), "r"(cr[1]));
    for (int j = 0; j < 2; j++) d8[g * 8 + 2 * t + j] = d2[j];

    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a32[0]), "r"(a32[1]), "r"(a32[2]), "r"(a32[3]), "r"(b32[0]),
                   "r"(b32[1]), "r"(cs[0]), "r"(cs[1]), "r"(cs[2]), "r"(cs[3]));
    for (int j = 0; j < 4; j++) dsat[(g + 8 * (j >> 1)) * 8 + 2 * t + (j & 1)] = d[j];
}
