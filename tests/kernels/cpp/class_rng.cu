// A class with private state, constructors and member functions: a per-thread xorshift32
// generator seeded from the thread index, drawing bounded integers.
class XorShift32 {
public:
    __device__ explicit XorShift32(unsigned seed) : state_(seed ? seed : 0x9E3779B9u) {}
    __device__ unsigned next() {
        unsigned x = state_;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        return state_ = x;
    }
    __device__ unsigned below(unsigned bound) { return next() % bound; }
private:
    unsigned state_;
};

__global__ void draw(const unsigned* seeds, unsigned* out, int n, int draws) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    XorShift32 rng(seeds[i] ^ static_cast<unsigned>(i));
    unsigned acc = 0;
    for (int k = 0; k < draws; ++k) acc += rng.below(1000u);
    out[i] = acc;
}
