// Integer intrinsics: mulhi, brev, clz, ffs, popc, byte_perm, funnel shift, shifts, division.
__global__ void int_bit_ops(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 12 * i;
    o[0] = __umulhi(x, y);
    o[1] = __brev(x);
    o[2] = __clz(x);
    o[3] = __ffs(x);
    o[4] = __popc(x ^ y);
    o[5] = __byte_perm(x, y, 0x5140);
    o[6] = __funnelshift_l(x, y, y & 63);
    o[7] = x >> (y & 31);
    o[8] = (unsigned)((int)x >> (y & 31));
    o[9] = y ? x / y : 0;
    o[10] = y ? x % y : 0;
    o[11] = (unsigned)((int)x / ((int)y | 1));
}
