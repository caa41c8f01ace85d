// Integer hashing: MurmurHash3 finalizers (32- and 64-bit) and a hash-combine loop.
__device__ unsigned int fmix32(unsigned int h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

__device__ unsigned long long fmix64(unsigned long long k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

__global__ void hash32(const unsigned int *keys, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmix32(keys[i]);
}

__global__ void hash64(const unsigned long long *keys, unsigned long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmix64(keys[i] ^ (unsigned long long)i);
}

__global__ void hash_combine_rows(const unsigned int *rows, unsigned int *out, int width, int height)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= height)
        return;
    unsigned int h = 0x9e3779b9u;
    for (int c = 0; c < width; ++c)
        h ^= fmix32(rows[r * width + c]) + 0x9e3779b9u + (h << 6) + (h >> 2);
    out[r] = h;
}
