// Function parameter packs declared with their `...` after the reference operators
// (`const Ts &...xs`, `Ts &&...xs`, `Ts &...xs`: libstdc++'s allocator `construct`): each
// element is a reference to its argument.
template <class T> __device__ int sum_of(const T &x) { return (int)x; }

template <class T, class... Ts> __device__ int sum_of(const T &x, const Ts &...xs)
{
    return (int)x + sum_of(xs...);
}

template <class... Ts> __device__ int count(Ts &&...xs) { return (int)sizeof...(Ts); }

template <class... Ts> __device__ void bump(Ts &...xs) { (..., (xs += 1)); }

__global__ void reference_packs(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = in[i];
        float b = 0.5f * in[i];
        bump(a, b);
        out[i] = sum_of(a, b, 3) * 10 + count(a, 2.0, i);
    }
}
