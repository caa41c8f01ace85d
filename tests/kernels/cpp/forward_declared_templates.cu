// Function templates declared first and defined after their uses (SHOC's MaxFlops): a
// device template called by a kernel before its definition, and a kernel template
// launched from a host function template before its definition. nvcc defines every
// instance made before the definition, from the definition.
template <class T> __device__ T weighted(T x, int k);
template <class T> __global__ void scale_add(T *data, int n, T v);
template <class T> void run_test(T *d, int n);

__global__ void forward_declared_templates(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = weighted(in[i], i % 5) + (int)weighted(0.5f, 2);
}

void run_all(int n)
{
    run_test<float>((float *)0, n);
    run_test<double>((double *)0, n);
}

template <class T> void run_test(T *gpu_mem, int n)
{
    scale_add<T><<<1, 64>>>(gpu_mem, n, 10.0);
}

template <class T> __device__ T weighted(T x, int k) { return x * (T)(k + 1) - (T)k; }

template <class T> __global__ void scale_add(T *data, int n, T v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = data[i] * v + (T)i;
}
