// __all_sync/__any_sync/__ballot_sync on per-lane predicates; one record of three words per warp.
__global__ void warp_vote(const int *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    unsigned all = __all_sync(0xffffffffu, v > 0);
    unsigned any = __any_sync(0xffffffffu, v > 100);
    unsigned ballot = __ballot_sync(0xffffffffu, v & 1);
    if ((threadIdx.x & 31) == 0) {
        int w = i >> 5;
        out[3 * w] = all;
        out[3 * w + 1] = any;
        out[3 * w + 2] = ballot;
    }
}
