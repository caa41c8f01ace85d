// typedef, enum constants with explicit values, const locals, and sizeof expressions.
typedef float real;
typedef unsigned int uint;
typedef real *real_ptr;
typedef long long i64;

enum Channel { RED = 0, GREEN = 1, BLUE = 2, CHANNELS };
enum Flags { FLAG_A = 1 << 0, FLAG_B = 1 << 3, FLAG_AB = FLAG_A | FLAG_B };

__global__ void channel_sum(const real *pixels, real_ptr out, uint count)
{
    uint i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    const real *p = pixels + i * CHANNELS;
    const real weight_green = 2.0f;
    out[i] = p[RED] + weight_green * p[GREEN] + p[BLUE];
}

__global__ void sizes(i64 *out)
{
    if (threadIdx.x == 0) {
        double d[3];
        out[0] = sizeof(char);
        out[1] = sizeof(short);
        out[2] = sizeof(int) + sizeof(long) + sizeof(long long);
        out[3] = sizeof(float) * 10 + sizeof(double);
        out[4] = sizeof(real_ptr);
        out[5] = sizeof d / sizeof d[0];
        out[6] = sizeof(enum Channel);
        out[7] = FLAG_AB;
    }
}

__global__ void flag_test(const uint *in, int *out, int n)
{
    const int limit = 3;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = ((in[i] & FLAG_AB) == FLAG_AB) ? limit : (in[i] & FLAG_B ? 2 : 0);
}
