// Member enums of class templates, as Rodinia's dwt2d writes them: enumerators that depend
// on the template's parameters, used in a data member's bound, in member bodies, as
// `Buf::N` through a member typedef of another class template and as that class's own
// enumerator; a named member enum as a parameter type; a member class of a class template
// used by a member function template (whose body is lowered outside the class's scope).
template <typename T, int SIZE, int BOUNDARY> class Buffer {
public:
    enum { STRIDE = BOUNDARY + SIZE / 2, SIZE_ALL = STRIDE * 3 };
    enum Side { LEFT = 1, RIGHT = 2 };
    T data[SIZE_ALL];

    template <typename F> __device__ void each(int o, const F &f)
    {
        for (int r = 1; r < 3; ++r)
            f(data[o + (r - 1) * STRIDE], data[o + r * STRIDE]);
    }
    __device__ int side(Side s) const { return s == LEFT ? STRIDE : SIZE_ALL; }
};

template <int W> class Transform {
    typedef Buffer<int, W, 2> Buf;
    Buf buf;
    enum { STRIDE = Buf::STRIDE };

    struct Add {
        __device__ void operator()(int p, int &c) const { c += p; }
    };

    template <bool TWICE> __device__ void column(int o)
    {
        buf.each(o, Add());
        if (TWICE)
            buf.each(o, Add());
    }

public:
    __device__ int run(const int *in, int n, int i)
    {
        for (int k = 0; k < Buf::SIZE_ALL; ++k)
            buf.data[k] = in[(i + k) % n];
        column<true>(i % STRIDE);
        return buf.data[i % STRIDE + 2 * STRIDE] + STRIDE * 1000 + (int)sizeof(Buf)
               + buf.side(Buf::RIGHT);
    }
};

template <int W> __global__ void member_enum_template(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Transform<W> t;
        out[i] = t.run(in, n, i);
    }
}

template __global__ void member_enum_template<8>(const int *, int *, int);
