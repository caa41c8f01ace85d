// Box-Muller: two uniforms in (0, 1] to two standard normal samples.
__global__ void box_muller(const float *u, float *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float u1 = u[2 * i], u2 = u[2 * i + 1];
    float r = sqrtf(-2.0f * logf(u1));
    float s, c;
    sincosf(6.283185307f * u2, &s, &c);
    z[2 * i] = r * c;
    z[2 * i + 1] = r * sinf(6.283185307f * u2) + 0.0f * s;
}
