// alignas(16) structs loaded and stored as whole aggregates (vectorized by nvcc), and an
// alignas shared-memory staging buffer.
struct alignas(16) Particle {
    int id;
    int mass;
    int charge;
    int flags;
};
static_assert(alignof(Particle) == 16 && sizeof(Particle) == 16, "layout");

__global__ void update_particles(const Particle* in, Particle* out, int n) {
    __shared__ alignas(16) Particle stage[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) stage[threadIdx.x] = in[i];
    __syncthreads();
    if (i < n) {
        Particle p = stage[blockDim.x - 1 - threadIdx.x];
        p.mass += p.charge * 2;
        p.flags |= (p.id & 3) << 4;
        out[i] = p;
    }
}
