// harness-arch: sm_90
// atomicAdd, atomicAdd_block and atomicAdd_system on float2 and float4 (sm_90, global
// memory): each thread adds to its own element (so the old values it gets back are known)
// and to one shared accumulator (small integers and halves, so every order of the additions
// gives the same exact sums).

__global__ void atomic_add_vec(float2 *own2, float4 *own4, float2 *old2, float4 *old4,
                               float2 *acc2, float4 *acc4) {
    int t = threadIdx.x;
    float f = (float)t;
    old2[t] = atomicAdd(own2 + t, make_float2(f, -f));
    old4[t] = atomicAdd_block(own4 + t, make_float4(f, 0.5f, -2.0f * f, 1.0f));
    atomicAdd(acc2, make_float2(1.0f, f));
    atomicAdd_system(acc2 + 1, make_float2(0.5f, -f));
    atomicAdd_block(acc4, make_float4(f, 1.0f, 0.25f, -1.0f));
    float4 o = atomicAdd_system(own4 + 64 + t, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
    old4[64 + t] = o;
}
