// Stream compaction of positive values: ballot/popc within warps, one atomicAdd per warp.
__global__ void compact_ballot(const int *in, int *out, unsigned *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = i < n ? in[i] : 0;
    int keep = v > 0;
    unsigned mask = __ballot_sync(0xffffffffu, keep);
    unsigned base = 0;
    if (lane == 0) base = atomicAdd(count, __popc(mask));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) out[base + __popc(mask & ((1u << lane) - 1u))] = v;
}
