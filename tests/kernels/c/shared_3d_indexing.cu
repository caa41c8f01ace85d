// Three-dimensional blocks and grids (.z components) and a 3-D shared array.
__global__ void volume_sum_z(const float *vol, float *plane, int nx, int ny, int nz)
{
    __shared__ float tile[4][8][8];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    float v = 0.0f;
    if (x < nx && y < ny && z < nz)
        v = vol[(z * ny + y) * nx + x];
    tile[threadIdx.z][threadIdx.y][threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.z == 0 && x < nx && y < ny) {
        float s = 0.0f;
        for (int k = 0; k < blockDim.z; k++)
            s += tile[k][threadIdx.y][threadIdx.x];
        plane[(blockIdx.z * ny + y) * nx + x] = s;
    }
}

__global__ void linear_ids(unsigned *out)
{
    unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    unsigned local = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[block * threads + local] = block * 100000u + local;
}
