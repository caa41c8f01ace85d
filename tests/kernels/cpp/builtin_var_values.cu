// threadIdx, blockIdx (uint3), blockDim and gridDim (dim3) used as whole values: copied,
// converted between uint3 and dim3 (dim3's constructor from uint3 and its conversion
// back), and passed by value (llvm-test-suite's External/CUDA/builtin_var.cu).
__device__ unsigned pack(uint3 v) { return v.x + 100u * v.y + 10000u * v.z; }

__global__ void builtin_var_values(unsigned *out)
{
    uint3 t = threadIdx;
    uint3 b = blockIdx;
    dim3 bd = blockDim;
    dim3 gd = gridDim;
    dim3 td = threadIdx;
    uint3 bu = blockDim;
    uint3 gu = gridDim;
    unsigned id = (b.x + gd.x * b.y) * (bd.x * bd.y) + t.x + bd.x * t.y;
    out[4 * id] = pack(t);
    out[4 * id + 1] = pack(b);
    out[4 * id + 2] = pack(bu) + 1000000u * td.y;
    out[4 * id + 3] = pack(gu) + 1000000u * sizeof(threadIdx);
}
