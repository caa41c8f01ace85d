// FNV-1a over byte strings (unsigned char loads), one string per thread.
#define FNV_OFFSET 2166136261u
#define FNV_PRIME 16777619u

__global__ void fnv1a_strings(const unsigned char *bytes, const int *offsets, unsigned int *out, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    unsigned int h = FNV_OFFSET;
    for (int p = offsets[i]; p < offsets[i + 1]; p++) {
        h ^= bytes[p];
        h *= FNV_PRIME;
    }
    out[i] = h;
}

__global__ void fnv1a_signed_chars(const char *text, unsigned int *out, int len)
{
    if (threadIdx.x != 0 || blockIdx.x != 0)
        return;
    unsigned int h = FNV_OFFSET;
    for (int p = 0; p < len && text[p] != 0; ++p) {
        h ^= (unsigned char)text[p];
        h *= FNV_PRIME;
    }
    *out = h;
}
