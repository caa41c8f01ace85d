// `::new (p) T(v)`, the global placement new (libstdc++'s `allocator_traits::construct`
// writes it so): parsed as `new`, oxicc having no class-specific `operator new`. Before, the
// `::` before `new` made the whole class template that held it dropped as host code.
template <class T> struct traits
{
    template <class U> __device__ static void construct(U *p, T v) { ::new ((void *)p) U(v); }
};

struct tripled
{
    int a;
    __device__ tripled(int x) : a(x * 3) {}
};

__global__ void global_scope_new(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        traits<int>::construct((tripled *)&out[i], in[i]);
        out[i] += 1;
    }
}
