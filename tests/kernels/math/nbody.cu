// N-body accelerations with a softening term: a_i = sum_j m_j d / (|d|^2 + eps)^(3/2).
__global__ void nbody(const float4 *p, float3 *acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = p[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; ++j) {
        float4 pj = p[j];
        float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
        float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        float inv = rsqrtf(r2);
        float s = pj.w * inv * inv * inv;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
    }
    acc[i] = make_float3(ax, ay, az);
}
