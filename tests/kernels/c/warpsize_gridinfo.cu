// Special registers: warpSize, lane and warp ids, and every grid/block dimension.
__global__ void lane_and_warp(int *lane, int *warp, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        lane[i] = threadIdx.x % warpSize;
        warp[i] = threadIdx.x / warpSize;
    }
}

__global__ void dims_report(unsigned *out)
{
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0 && blockIdx.x == 0 &&
        blockIdx.y == 0 && blockIdx.z == 0) {
        out[0] = blockDim.x;
        out[1] = blockDim.y;
        out[2] = blockDim.z;
        out[3] = gridDim.x;
        out[4] = gridDim.y;
        out[5] = gridDim.z;
        out[6] = warpSize;
    }
}

__global__ void warps_per_block(int *out)
{
    int threads = blockDim.x * blockDim.y * blockDim.z;
    out[blockIdx.x] = (threads + warpSize - 1) / warpSize;
}
