// Static constexpr data members, static member functions, one returning a reference to a
// __device__ counter shared by all threads (device memory cannot be a static data member).
struct Config {
    static constexpr int kWidth = 8;
    static constexpr unsigned kMask = (1u << kWidth) - 1;
    static __device__ int& hits();
    static __device__ unsigned pack(unsigned hi, unsigned lo) { return (hi << kWidth) | (lo & kMask); }
};
__device__ int g_hits = 0;
__device__ int& Config::hits() { return g_hits; }

__global__ void pack_pairs(const unsigned* a, const unsigned* b, unsigned* out, int* hits, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = Config::pack(a[i], b[i]);
        if ((a[i] & Config::kMask) == 0) atomicAdd(&Config::hits(), 1);
    }
    __syncthreads();
    if (i == 0) hits[0] = Config::kWidth;
}

__global__ void read_hits(int* hits) { hits[1] = Config::hits(); }
