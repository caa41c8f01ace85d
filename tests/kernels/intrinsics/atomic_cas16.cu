// 16-bit atomicCAS (sm_70 and later): each thread swaps its own slot (holding its number)
// when it expects the value it holds (odd threads do), and a compare-and-swap loop adds each thread's
// number to one of four shared 16-bit counters (sums wrap modulo 2^16).

__global__ void atomic_cas16(unsigned short *slot, unsigned short *old, unsigned short *sum) {
    int t = threadIdx.x;
    old[t] = atomicCAS(slot + t, (unsigned short)(t & 1 ? t : t + 1), (unsigned short)(t * 1000 + 1));
    unsigned short *p = sum + t % 4;
    unsigned short seen = *p, want;
    do {
        want = seen;
        seen = atomicCAS(p, want, (unsigned short)(want + t * 1111));
    } while (seen != want);
}
