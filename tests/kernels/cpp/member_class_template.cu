// A member class template (`template <bool C> struct Column` inside a class template, as
// Rodinia's dwt2d writes its column loaders), used by a member function template, and a
// kernel template calling a static member function of a class template instance as a
// statement (`Window<W, S>::run(out, n);`, a call, not a declaration).
template <int W, int S> struct Window {
    template <bool CHECKED> struct Column {
        int offset;
        __device__ int load(const int *in, int i, int n) const
        {
            return (CHECKED && i >= n) ? 0 : in[i] + offset;
        }
    };

    template <bool CHECKED> __device__ static int sum(const Column<CHECKED> &c, const int *in,
                                                      int first, int n)
    {
        int s = 0;
        for (int k = 0; k < W; ++k)
            s += c.load(in, first + k, n);
        return s;
    }

    __device__ static void run(const int *in, int *out, int n)
    {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i >= n)
            return;
        Column<true> checked = {S};
        Column<false> plain = {-S};
        out[2 * i] = sum(checked, in, i, n);
        out[2 * i + 1] = i + W <= n ? sum(plain, in, i, n) : -1;
    }
};

template <int W, int S> __global__ void member_class_template(const int *in, int *out, int n)
{
    Window<W, S>::run(in, out, n);
}

template __global__ void member_class_template<4, 3>(const int *, int *, int);
