// __match_any_sync groups lanes by key; each lane stores its group mask and the group size.
__global__ void match_any(const int *keys, unsigned *masks, int *sizes) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned m = __match_any_sync(0xffffffffu, keys[i]);
    masks[i] = m;
    sizes[i] = __popc(m);
}
