// Integer intrinsics (CUDA Math API, "Integer Intrinsics" and "SIMD Intrinsics"): each
// thread applies every one to its inputs a, b, c (32-bit) and x, y (64-bit) and writes the
// results in order.
#define N_OUT 32

__global__ void int_intrinsics(unsigned int *out, unsigned long long *out64, const int *a,
                               const int *b, const int *c, const long long *x,
                               const long long *y)
{
    int t = threadIdx.x;
    int ia = a[t], ib = b[t], ic = c[t];
    unsigned int ua = ia, ub = ib, uc = ic;
    unsigned int *o = out + t * N_OUT;
    o[0] = __mul24(ia, ib);
    o[1] = __umul24(ua, ub);
    o[2] = __mulhi(ia, ib);
    o[3] = __umulhi(ua, ub);
    o[4] = __sad(ia, ib, uc);
    o[5] = __usad(ua, ub, uc);
    o[6] = __dp4a(ia, ib, ic);
    o[7] = __dp4a(ua, ub, uc);
    o[8] = __dp2a_lo(ia, ib, ic);
    o[9] = __dp2a_hi(ia, ib, ic);
    o[10] = __dp2a_lo(ua, ub, uc);
    o[11] = __dp2a_hi(ua, ub, uc);
    o[12] = __vabsdiffu4(ua, ub);
    o[13] = __vadd4(ua, ub);
    o[14] = __vsub4(ua, ub);
    o[15] = __vadd2(ua, ub);
    o[16] = __vsub2(ua, ub);
    o[17] = __vabsdiffu2(ua, ub);
    o[18] = __vmaxu4(ua, ub);
    o[19] = __vminu4(ua, ub);
    o[20] = __vmaxs2(ua, ub);
    o[21] = __vcmpeq4(ua, ub & 0xFF00FF00u | ua & 0x00FF00FFu);
    o[22] = __vavgu4(ua, ub);
    o[23] = __byte_perm(ua, ub, uc & 0x7777u);
    o[24] = __popc(ua);
    o[25] = __clz(ia);
    o[26] = __ffs(ia);
    o[27] = __brev(ua);
    o[28] = __vsetltu4(ua, ub);
    o[29] = __vabsdiffs4(ua, ub);
    o[30] = __hadd(ia, ib);
    o[31] = __urhadd(ua, ub);
    long long lx = x[t], ly = y[t];
    out64[t * 4] = __mul64hi(lx, ly);
    out64[t * 4 + 1] = __umul64hi((unsigned long long)lx, (unsigned long long)ly);
    out64[t * 4 + 2] = __popcll(lx);
    out64[t * 4 + 3] = __brevll(lx);
}
