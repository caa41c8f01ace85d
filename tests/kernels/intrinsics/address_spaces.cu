// Address-space predicates and conversions: __isGlobal, __isShared, __isLocal,
// __isConstant on pointers into each space (a global pointer is not tested against
// __isConstant: generic addresses of constant memory lie in the global window), and
// __cvta_generic_to_shared offsets.

__constant__ int table[4] = {1, 2, 3, 4};

__global__ void address_spaces(int *out, int *g)
{
    __shared__ int s[64];
    int local[2];
    int t = threadIdx.x;
    local[t & 1] = t;
    s[t] = g[t] + local[t & 1];
    __syncthreads();
    int *o = out + t * 9;
    o[0] = __isGlobal(g + t);
    o[1] = __isGlobal(&s[t]);
    o[2] = __isShared(&s[t]);
    o[3] = __isShared(g);
    o[4] = __isLocal(&local[t & 1]);
    o[5] = __isLocal(g);
    o[6] = __isConstant(&table[t & 3]);
    o[7] = __isConstant(&s[t]);
    o[8] = (int)(__cvta_generic_to_shared(&s[t]) - __cvta_generic_to_shared(&s[0])) + s[t];
}
