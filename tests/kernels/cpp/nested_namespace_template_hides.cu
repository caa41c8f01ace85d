// A function template declared in a nested namespace with the name of one in an enclosing
// namespace is a new overload set there, which hides the outer one and which a qualified
// name and a using-declaration find (libstdc++: `std::chrono::ceil<D>` beside `std::ceil`,
// then `namespace __detail { using chrono::ceil; }`).
namespace outer
{
template <class T> __device__ int f(T x) { return 1 + (int)x; }
namespace inner
{
template <class T> __device__ int f(T x) { return 2 * (int)x; }
namespace d
{
using inner::f;
}
} // namespace inner
} // namespace outer

__global__ void nested_namespace_template_hides(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = in[i];
        out[i] = outer::f(x) * 100 + outer::inner::f(x) * 10 + outer::inner::d::f(x);
    }
}
