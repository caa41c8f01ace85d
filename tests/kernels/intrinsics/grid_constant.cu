// A __grid_constant__ struct parameter whose address is taken and passed to a function (a
// generic address of the parameter, `cvta.param`), next to plain reads of its members.
// (`__managed__` variables are not in oxicc yet.)

struct Params {
    int n;
    float k[4];
};

__device__ __noinline__ float pick(const Params *p, int i)
{
    return p->k[i & 3];
}

__global__ void grid_constant(float *out, const __grid_constant__ Params p)
{
    int t = threadIdx.x;
    out[t] = pick(&p, t) * 2.0f + (float)(p.n + 7);
}
