// Elementwise integer arithmetic, shifts and bit operations on signed and unsigned ints.
__global__ void int_arith(const int *a, const int *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = a[i];
        int y = b[i] | 1; // never zero, so / and % are defined
        out[5 * i + 0] = x + y;
        out[5 * i + 1] = x - y;
        out[5 * i + 2] = x * y;
        out[5 * i + 3] = x / y;
        out[5 * i + 4] = x % y;
    }
}

__global__ void uint_bits(const unsigned *a, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned x = a[i];
        unsigned s = x & 31u;
        out[4 * i + 0] = (x << s) ^ (x >> (31u - s));
        out[4 * i + 1] = ~x & 0xF0F0F0F0u;
        out[4 * i + 2] = (x | 0x80000001u) / 7u;
        out[4 * i + 3] = x % 1000u;
    }
}

__global__ void signed_shifts(const int *a, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = a[i];
        out[2 * i] = x >> 3;            // arithmetic shift
        out[2 * i + 1] = (x << 2) + -x; // negation and shift
    }
}
