// Copy-initialization of a class from another class through its conversion function
// (`Tile<32> t = part<32>(b)`, as cooperative groups' `thread_block_tile<32> t =
// tiled_partition<32>(cta)`), the template called with explicit arguments beside a function
// of the same name; and a member of an alias template's instance (`multi<S>::value`) in a
// constant expression.
template <class T, T v> struct constant { static const T value = v; };
template <unsigned S> using wide = constant<bool, (S > 16)>;

struct Group {
    unsigned n;
    __device__ Group(unsigned s) : n(s) {}
};
struct Block : Group {
    __device__ Block() : Group(256) {}
};

template <unsigned S, class P = void> class Tile : public Group {
public:
    __device__ Tile() : Group(S) {}
    __device__ operator Tile<S, void>() const
    {
        Tile<S, void> t;
        t.n = n + 1000;  // marks the conversion
        return t;
    }
    __device__ static unsigned rank(unsigned i) { return i & (S - 1u); }
    static constexpr int is_wide = wide<S>::value ? 1 : 0;
};

template <unsigned S, class P> __device__ Tile<S, P> part(const P &) { return Tile<S, P>(); }
__device__ Group part(const Group &, unsigned n) { return Group(n); }

__global__ void class_conversion_init(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Block b;
        Tile<32> t32 = part<32>(b);
        Tile<8> t8 = part<8>(b);
        Group g = part(b, 4u);
        out[4 * i] = (int)t32.n + (int)Tile<32>::rank(in[i]);
        out[4 * i + 1] = (int)t8.n + (int)Tile<8>::rank(in[i]);
        out[4 * i + 2] = (int)g.n;
        out[4 * i + 3] = Tile<32>::is_wide * 10 + Tile<8>::is_wide;
    }
}
