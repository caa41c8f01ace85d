// A 3D grid of 3D blocks: each thread writes its global linear index and coordinates.
__global__ void grid3d_index(unsigned *out, int nx, int ny) {
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned i = (z * ny + y) * nx + x;
    out[2 * i] = i;
    out[2 * i + 1] = (x << 16) | (y << 8) | z;
}
