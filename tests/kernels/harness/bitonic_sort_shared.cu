// Bitonic sort of 256 integers per block in shared memory.
__global__ void bitonic_sort_shared(int *data) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    s[t] = data[blockIdx.x * 256 + t];
    __syncthreads();
    for (unsigned k = 2; k <= 256; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned p = t ^ j;
            if (p > t) {
                int a = s[t], b = s[p];
                bool up = (t & k) == 0;
                if ((a > b) == up) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    }
    data[blockIdx.x * 256 + t] = s[t];
}
