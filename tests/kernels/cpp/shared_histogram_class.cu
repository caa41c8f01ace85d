// A class wrapping a shared-memory histogram: constructor clears it, add() uses shared
// atomics, flush() merges into the global histogram with global atomics.
template <int BINS>
class BlockHistogram {
public:
    __device__ explicit BlockHistogram(unsigned* storage) : bins_(storage) {
        for (int b = threadIdx.x; b < BINS; b += blockDim.x) bins_[b] = 0;
        __syncthreads();
    }
    __device__ void add(unsigned value) { atomicAdd(&bins_[value % BINS], 1u); }
    __device__ void flush(unsigned* global) {
        __syncthreads();
        for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&global[b], bins_[b]);
    }
private:
    unsigned* bins_;
};

__global__ void histogram(const unsigned* in, unsigned* hist, int n) {
    __shared__ unsigned storage[32];
    BlockHistogram<32> h(storage);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        h.add(in[i]);
    h.flush(hist);
}
