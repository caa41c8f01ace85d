// A record type extends a base that is not a POD for layout (it has a constructor), so the
// derived member `tag` lives in the base's tail padding (nvcc's layout: sizeof(Tagged) == 8).
// Resetting the base part through a `Sample&` must copy only the base's data, not its
// padding, or the tag is lost.
struct Sample {
    __device__ Sample() : value(0), flags(0) {}
    __device__ Sample(int v, char f) : value(v), flags(f) {}
    int value;
    char flags;
};

struct Tagged : Sample {
    char tag;
};

__device__ void reset(Sample& s, const Sample& to) { s = to; }

__global__ void base_assign_tail_padding(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Tagged t;
    t.value = in[i];
    t.flags = 1;
    t.tag = (char)(i % 100);
    Sample fresh(in[i] / 2, 7);
    if (in[i] % 3 == 0) reset(t, fresh);
    out[i] = t.value * 1000 + t.flags * 100 + t.tag + (int)sizeof(Tagged) * 1000000;
}
