// Kernel template instances named by host code in the forms real samples use: launches
// after `case N:` and `default:` labels (cuda-samples threadFenceReduction, Mandelbrot),
// and a launching host function template called inside an expression (`failures +=
// run_test<T>(…)`, `int r = run_test<T>(…)`: alignedTypes). nvcc emits every instance.
template <unsigned N, bool ADD_ONE>
__global__ void scale_pass(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * (int)N + (ADD_ONE ? 1 : 0);
}

template <class T> __global__ void fill_value(T *p, T v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v;
}

void dispatch(int threads, const int *in, int *out, int n)
{
    switch (threads) {
    case 8:
        scale_pass<8, true><<<1, 8>>>(in, out, n);
        break;
    case (4 > 2 ? 4 : 2):
        scale_pass<4, false><<<1, 4>>>(in, out, n);
        break;
    default:
    case 1:
        scale_pass<1, false><<<1, 1>>>(in, out, n);
        break;
    }
}

template <class T> int run_test(T *d, int n)
{
    fill_value<T><<<(n + 63) / 64, 64>>>(d, T(3), n);
    return 0;
}

int main()
{
    int failures = 0;
    failures += run_test<float>((float *)0, 16);
    int r = run_test<short>((short *)0, 16);
    return failures + r;
}
