// Bitonic sort of 256 keys per block in shared memory (xor partners, conditional swaps).
#define SORT_N 256

__global__ void bitonic_sort(unsigned *keys)
{
    __shared__ unsigned s[SORT_N];
    unsigned tid = threadIdx.x;
    s[tid] = keys[blockIdx.x * SORT_N + tid];
    __syncthreads();

    for (unsigned k = 2; k <= SORT_N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned partner = tid ^ j;
            if (partner > tid) {
                bool ascending = (tid & k) == 0;
                unsigned a = s[tid], b = s[partner];
                if ((a > b) == ascending) {
                    s[tid] = b;
                    s[partner] = a;
                }
            }
            __syncthreads();
        }
    }
    keys[blockIdx.x * SORT_N + tid] = s[tid];
}
