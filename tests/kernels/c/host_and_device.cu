// A complete CUDA program: host code (main, <<<...>>> launch, cudaMalloc, printf) beside a
// kernel. oxicc compiles only the device code and must skip the host parts without errors.
#include <cstdio>

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static void fill_host(float *v, int n, float base)
{
    for (int i = 0; i < n; i++)
        v[i] = base + i;
}

int main()
{
    const int n = 1024;
    float ha[n], hb[n], hc[n];
    fill_host(ha, n, 0.0f);
    fill_host(hb, n, 100.0f);

    float *da = 0, *db = 0, *dc = 0;
    cudaMalloc((void **)&da, n * sizeof(float));
    cudaMalloc((void **)&db, n * sizeof(float));
    cudaMalloc((void **)&dc, n * sizeof(float));
    cudaMemcpy(da, ha, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, n * sizeof(float), cudaMemcpyHostToDevice);

    int threads = 256;
    vector_add<<<(n + threads - 1) / threads, threads>>>(da, db, dc, n);
    cudaDeviceSynchronize();
    cudaMemcpy(hc, dc, n * sizeof(float), cudaMemcpyDeviceToHost);

    printf("c[10] = %f\n", hc[10]);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return 0;
}
