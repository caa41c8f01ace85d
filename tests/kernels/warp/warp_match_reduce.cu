// harness-arch: sm_80
// Warp match and reduce intrinsics: __match_any_sync / __match_all_sync on 32-bit, 64-bit
// and float values, __reduce_{add,max,xor}_sync (sm_80).
__global__ void warp_match_reduce(unsigned *out, const unsigned *in)
{
    unsigned t = threadIdx.x;
    unsigned full = 0xffffffffu;
    unsigned v = in[t] % 4u;
    unsigned *o = out + t * 8;
    o[0] = __match_any_sync(full, v);
    int p = -1;
    o[1] = __match_all_sync(full, t / 64u, &p);
    o[2] = (unsigned)p;
    o[3] = __match_any_sync(full, (float)v * 0.5f);
    o[4] = __reduce_add_sync(full, in[t]);
    o[5] = (unsigned)__reduce_max_sync(full, (int)in[t] - 500000);
    o[6] = __reduce_xor_sync(full, in[t]);
    o[7] = __match_any_sync(full, (unsigned long long)v << 40);
    int q = -1;
    unsigned m = __match_all_sync(full, v, &q);
    if (t % 32u == 0u)
        out[512 + t / 32u] = m ^ ((unsigned)q << 4);
}
