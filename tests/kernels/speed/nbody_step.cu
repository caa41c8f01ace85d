// Speed suite: one all-pairs n-body step (softened gravity, unit masses in .w), bodies
// staged through shared memory 64 at a time; blockDim.x must be 64 and n a multiple of it.
#define TILE 64

__global__ void nbody_step(const float4* __restrict__ pos, const float4* __restrict__ vel,
                           float4* __restrict__ pos_out, float4* __restrict__ vel_out, int n,
                           float dt) {
    __shared__ float4 sh[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int base = 0; base < n; base += TILE) {
        sh[threadIdx.x] = pos[base + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < TILE; j++) {
            float4 q = sh[j];
            float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + 0.01f;
            float inv = rsqrtf(d2);
            float s = q.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    float4 v = vel[i];
    v.x += ax * dt;
    v.y += ay * dt;
    v.z += az * dt;
    vel_out[i] = v;
    pos_out[i] = make_float4(p.x + v.x * dt, p.y + v.y * dt, p.z + v.z * dt, p.w);
}
