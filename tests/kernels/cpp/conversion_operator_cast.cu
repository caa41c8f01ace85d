// Casts to a class type through a conversion function of the operand's class: a C-style
// cast and a static_cast reach an explicit `operator Pair()`, a cast to float2 an implicit
// `operator float2()`, and a by-value parameter of another class takes an object through
// its conversion function.
struct Pair {
    int lo, hi;
};

struct Packed {
    unsigned bits;
    __device__ explicit operator Pair() const { return Pair{(int)(bits & 0xFFFF), (int)(bits >> 16)}; }
    __device__ operator float2() const { return make_float2((float)(bits & 0xFF), (float)(bits >> 24)); }
};

struct Wide {
    int v;
};

struct Narrow {
    short v;
    __device__ operator Wide() const { return Wide{v * 3}; }
};

__device__ int take_wide(Wide w) { return w.v + 1; }

__global__ void conversion_operator_cast(const unsigned *in, int *out, float *fout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Packed p{in[i]};
    Pair a = (Pair)p;
    Pair b = static_cast<Pair>(p);
    float2 f = (float2)p;
    Narrow s{(short)(in[i] & 0x7FF)};
    out[3 * i] = a.lo - a.hi;
    out[3 * i + 1] = b.hi;
    out[3 * i + 2] = take_wide(s);
    fout[2 * i] = f.x;
    fout[2 * i + 1] = f.y;
}
