// Function templates beside functions of the same name: overload resolution compares the
// best template's instance with the functions (a function winning a tie, and shadowing an
// instance with its very parameter types), by qualified and by unqualified names; block-scope
// typedefs and aliases, one used inside a lambda, which declares its own.
namespace mix {
template <class T> __device__ T blend(T a, long b) { return a * (T)b; }
__device__ float blend(float a, int b) { return a + (float)b; }
template <class T> __device__ T twice(T a) { return a + a; }
__device__ int twice(int a) { return a * 3; }
}

template <class T> __device__ T scale(T a, T b) { return a * b; }
__device__ double scale(double a, float b) { return a - b; }

__global__ void template_beside_functions(const float *in, const int *k, float *out, int n)
{
    typedef float real;
    using index = int;
    index i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        real x = in[i];
        int m = k[i];
        out[6 * i] = mix::blend(x, m);
        out[6 * i + 1] = mix::blend(x, 3L);
        out[6 * i + 2] = (real)mix::twice(m);
        out[6 * i + 3] = mix::twice(x);
        out[6 * i + 4] = (real)scale((double)x, 0.5f);
        auto f = [](real a) {
            typedef real inner;
            inner two = 2;
            return a * two;
        };
        out[6 * i + 5] = scale(x, f(x));
    }
}
